"""The words of the logic commands (``shudu explain``, ``hint`` and ``find``) and of
``shudu rate --out`` in English and Chinese (中文): headers, summaries, refusals and limits.

>>> words("zh", "timeout", n=3, seconds=2)
'推理 3 步后停止：已到 2 秒的时限。'
"""

from __future__ import annotations

from typing import Any

__all__ = ["WORDS", "words"]

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "header": "Puzzle {index} ({where}):",
        "header_bare": "Puzzle {index}:",
        "solved": "Solved by logic in {n} steps; hardest step: {name} ({difficulty}).",
        "rating": "Rating: {score} {grade} on the Sudoku Explainer scale (hardest step: {name}).",
        "no_rating": "Rating: not computed within {seconds:g} s ('shudu rate' gives it).",
        "rating_differs": "The rating takes the easiest step at each point in Sudoku "
        "Explainer's order, so its path differs from this one: 'shudu rate --path' shows it.",
        "done": "Already solved: nothing to explain.",
        "stuck": "Stuck after {n} steps: no enabled technique makes progress, and shudu does "
        "not guess. Candidates now:",
        "none": "no solution",
        "hint_done": "Already solved.",
        "hint_stuck": "No logical step found: no enabled technique makes progress, and shudu "
        "does not guess. Candidates now:",
        "found_none": "No {name} here.",
        "multiple": "Several solutions: e.g. {cell} is {a} in one and {b} in another, so no "
        "logical path can reach one answer. --anyway explains as far as logic goes (within "
        "--timeout).",
        "timeout": "Stopped after {n} steps: the time limit of {seconds:g} s was reached.",
        "max_steps": "Stopped after {n} steps: the limit of --max-steps was reached.",
        "hint_timeout": "No logical step found within {seconds:g} s (--timeout).",
        "find_timeout": "No answer within {seconds:g} s (--timeout).",
        "page": "Walk-through written to {path}.",
        "out_foreign": "{path}, line {line}: not a row of 'shudu rate --output {style}'; rows "
        "are added only to such a file (or a new one), so this one is left as it is.",
        "out_layout": "--out writes csv or json rows, not a table.",
        "out_torn": "{path}: the last line was cut short by an interrupted run; it is dropped "
        "and its puzzle rated again.",
        "out_skipped": "{path}: skipped {skipped:,} puzzles already there; added {added:,} rows.",
    },
    "zh": {
        "header": "第 {index} 题（{where}）：",
        "header_bare": "第 {index} 题：",
        "solved": "逻辑解出，共 {n} 步；最难的一步：{name}（{difficulty}）。",
        "rating": "难度评分：{score}，{grade}（Sudoku Explainer 标准；最难的一步：{name}）。",
        "no_rating": "难度评分：{seconds:g} 秒内未算出（可用 'shudu rate'）。",
        "rating_differs": "评分按 Sudoku Explainer 的顺序每次取最简单的一步，"
        "所以路径与上面的不同：'shudu rate --path' 可以查看。",
        "done": "已经解完，无需讲解。",
        "stuck": "推理 {n} 步后卡住：没有可用的技巧能继续推进（shudu 不猜测）。当前的候选数：",
        "none": "无解",
        "hint_done": "已经解完。",
        "hint_stuck": "找不到逻辑步骤：没有可用的技巧能继续推进（shudu 不猜测）。当前的候选数：",
        "found_none": "这里没有{name}。",
        "multiple": "多解：例如 {cell} 在一个解中是 {a}，在另一个解中是 {b}，"
        "所以逻辑推理无法得出唯一答案。加 --anyway 可在时限（--timeout）内尽量推理。",
        "timeout": "推理 {n} 步后停止：已到 {seconds:g} 秒的时限。",
        "max_steps": "推理 {n} 步后停止：已到 --max-steps 的步数上限。",
        "hint_timeout": "{seconds:g} 秒内（--timeout）找不到逻辑步骤。",
        "find_timeout": "{seconds:g} 秒内（--timeout）没有结果。",
        "page": "解题过程已写入 {path}。",
        "out_foreign": "{path} 第 {line} 行：不是 'shudu rate --output {style}' 的结果行；"
        "只向这样的文件（或新文件）追加结果，所以此文件保持原样。",
        "out_layout": "--out 只写 csv 或 json 结果行，不写表格。",
        "out_torn": "{path}：最后一行因上次运行中断而不完整，已删去，该题重新评分。",
        "out_skipped": "{path}：跳过已有的 {skipped:,} 道题；新增 {added:,} 行。",
    },
}
"""Each language's texts by key, as :meth:`str.format` templates."""


def words(lang: str, key: str, **values: Any) -> str:
    """The text ``key`` in ``lang`` (``"en"`` or ``"zh"``), filled with ``values``.

    >>> words("en", "max_steps", n=5)
    'Stopped after 5 steps: the limit of --max-steps was reached.'
    """
    return WORDS[lang][key].format(**values)
