"""Words of the setter's bench (``shudu true-candidates``, ``suggest-clues``,
``redundant-clues`` and the page's Set mode) in English and Chinese (中文).

>>> setter_text("count", "en", label="≥ 100000")
'Solutions: ≥ 100000'
>>> setter_text("clue-left", "zh", clue="r1c2=5", label="12")
'r1c2=5：剩 12 个解'
"""

from __future__ import annotations

from typing import Any

__all__ = ["SETTER", "SET_PAGE", "setter_text"]

SETTER: dict[str, dict[str, str]] = {
    "en": {
        "count": "Solutions: {label}",
        "capped": "(counted up to {limit}: --limit counts further)",
        "unique": "The puzzle has one solution.",
        "none": "The puzzle has no solution.",
        "true-header": "True candidates (the digits each cell takes in some solution):",
        "suggest-unique": "Clues that make it unique, best first:",
        "suggest-cut": "No single clue makes it unique; the clues that leave the fewest "
                       "solutions:",
        "suggest-target": "Aiming at the grade {grade}.",
        "clue-graded": "{clue}: unique, {grade} ({score})",
        "clue-graded-more": "{clue}: unique, {grade} or harder (≥ {score})",
        "clue-unique": "{clue}: unique",
        "clue-left": "{clue}: {label} solutions left",
        "suggest-done": "Nothing to suggest: the puzzle already has one solution.",
        "suggest-nothing": "Nothing to suggest: the puzzle has no solution.",
        "partial": "(the time ran out: only some clues were tried)",
        "redundant-header": "Givens each removable without losing uniqueness (one at a time; "
                            "removing two may lose it):",
        "redundant-none": "No given can go: the puzzle is minimal.",
        "redundant-flags": "Rules that could go: {names}",
        "redundant-constraints": "Constraints that could go: {names}",
        "not-unique": "the puzzle has several solutions: only a unique puzzle has redundant "
                      "clues",
        "no-solution": "the puzzle has no solution",
        "timeout": "{error} (--timeout SECONDS raises the limit, 0 removes it)",
    },
    "zh": {
        "count": "解的个数：{label}",
        "capped": "（最多数到 {limit} 个：用 --limit 可以数得更多）",
        "unique": "这道题有唯一解。",
        "none": "这道题无解。",
        "true-header": "真候选数（每格在某个解中出现过的数字）：",
        "suggest-unique": "加上后能使解唯一的提示数，最好的在前：",
        "suggest-cut": "没有一个提示数能单独使解唯一；剩下的解最少的提示数：",
        "suggest-target": "目标难度：{grade}。",
        "clue-graded": "{clue}：唯一解，{grade}（{score}）",
        "clue-graded-more": "{clue}：唯一解，{grade}或更难（≥ {score}）",
        "clue-unique": "{clue}：唯一解",
        "clue-left": "{clue}：剩 {label} 个解",
        "suggest-done": "无需提示数：这道题已经有唯一解。",
        "suggest-nothing": "无法给出提示数：这道题无解。",
        "partial": "（时间已到：只试了部分提示数）",
        "redundant-header": "可以单独去掉而不失去唯一解的已知数（一次去一个；"
                            "同时去掉两个可能失去唯一解）：",
        "redundant-none": "没有可以去掉的已知数：这道题是最简的。",
        "redundant-flags": "可以去掉的规则：{names}",
        "redundant-constraints": "可以去掉的约束：{names}",
        "not-unique": "这道题有多个解：只有唯一解的题才有多余的已知数",
        "no-solution": "这道题无解",
        "timeout": "{error}（--timeout 秒数 可放宽时限，0 表示不限）",
    },
}
"""The sentences of the setter's bench by key."""

SET_PAGE: dict[str, dict[str, str]] = {
    "en": {
        "set": "Set a puzzle",
        "set-start": "Set",
        "set-empty": "Empty grid",
        "set-play": "Play",
        "set-anygrade": "aim: any grade",
        "set-on": "Set mode: type the givens; the count, the true candidates and the clues "
                  "follow as you go. Play starts the puzzle once it is unique.",
        "set-working": "Counting…",
        "set-unique": "Solutions: 1 (unique)",
        "set-none": "No solution: some givens (or the rules) cannot all hold.",
        "set-clues": "Clues that would make it unique (click to place):",
        "set-cut": "No single clue makes it unique; those that cut the solutions most "
                   "(click to place):",
        "set-clue-graded": "{clue}: unique, {grade} {score}",
        "set-clue-unique": "{clue}: unique",
        "set-clue-left": "{clue}: {label} left",
        "set-redundant": "Givens each removable alone (marked): {cells}",
        "set-minimal": "No given can go: the puzzle is minimal.",
        "set-rules": "Rules or constraints that could go: {names}",
        "set-playing": "Playing the puzzle you set.",
    },
    "zh": {
        "set": "自己出题",
        "set-start": "出题模式",
        "set-empty": "清空盘面",
        "set-play": "开始做题",
        "set-anygrade": "目标：任意难度",
        "set-on": "出题模式：输入已知数；解的个数、真候选数和提示数随之更新。有唯一解后，"
                  "点“开始做题”。",
        "set-working": "正在计数……",
        "set-unique": "解的个数：1（唯一解）",
        "set-none": "无解：这些已知数（或规则）不能同时成立。",
        "set-clues": "加上后能使解唯一的提示数（点击即可填入）：",
        "set-cut": "没有一个提示数能单独使解唯一；最能减少解的提示数（点击即可填入）：",
        "set-clue-graded": "{clue}：唯一解，{grade} {score}",
        "set-clue-unique": "{clue}：唯一解",
        "set-clue-left": "{clue}：剩 {label} 个解",
        "set-redundant": "可以单独去掉的已知数（已标出）：{cells}",
        "set-minimal": "没有可以去掉的已知数：这道题是最简的。",
        "set-rules": "可以去掉的规则或约束：{names}",
        "set-playing": "开始做你出的题。",
    },
}
"""The words of the page's Set mode (served with the page's other words)."""


def setter_text(key: str, lang: str, **fields: Any) -> str:
    """The sentence ``key`` in ``lang`` (anything but ``zh``: English), filled in.

    >>> setter_text("unique", "zh")
    '这道题有唯一解。'
    """
    return SETTER["zh" if lang == "zh" else "en"][key].format(**fields)
