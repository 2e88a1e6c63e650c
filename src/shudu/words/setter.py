"""Words of the setter's bench (``shudu true-candidates``, ``suggest-clues``,
``redundant-clues`` and the page's Set mode) in English and Chinese (中文).

>>> setter_text("count", "en", label="≥ 100000")
'Solutions: ≥ 100000'
>>> setter_text("clue-left", "zh", clue="r1c2=5", label="12")
'r1c2=5：剩 12 个解'
"""

from __future__ import annotations

from typing import Any

__all__ = ["SETTER", "setter_text"]

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


def setter_text(key: str, lang: str, **fields: Any) -> str:
    """The sentence ``key`` in ``lang`` (anything but ``zh``: English), filled in.

    >>> setter_text("unique", "zh")
    '这道题有唯一解。'
    """
    return SETTER["zh" if lang == "zh" else "en"][key].format(**fields)
