"""Words of the walk-through page (``shudu explain --html``): headings, the summary and
why a path ended, in English and Chinese.

>>> words("zh")["final"], grade("expert", "zh"), grade("expert", "en")
('最后的盘面', '专家', 'expert')
"""

from __future__ import annotations

from .grades import grade

__all__ = ["WORDS", "grade", "words"]

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Sudoku walk-through",
        "puzzle": "Puzzle",
        "contents": "Contents",
        "steps": "Steps",
        "step": "Step {n}",
        "singles": "Steps {a}–{b}: {k} singles",
        "singles_note": "One picture for these {k} steps: the digits they place, marked on "
        "the grid before the first of them.",
        "score": "difficulty {score}",
        "summary": "Solved by logic in {n} steps; hardest step: {name} ({score}, {grade} on "
        "the Sudoku Explainer scale).",
        "solution": "Solution",
        "final": "Grid reached",
        "done": "Already solved: nothing to explain.",
        "stuck": "Stuck after {n} steps: no enabled technique makes progress, and shudu does "
        "not guess. The candidates left are shown below.",
        "timeout": "Stopped after {n} steps: the time limit of {seconds:g} s was reached. "
        "The candidates left are shown below.",
        "max_steps": "Stopped after {n} steps: the step limit was reached. The candidates "
        "left are shown below.",
        "count": "{k}×",
    },
    "zh": {
        "title": "数独解题过程",
        "puzzle": "题目",
        "contents": "目录",
        "steps": "步骤",
        "step": "第 {n} 步",
        "singles": "第 {a}–{b} 步：{k} 步唯一数",
        "singles_note": "这 {k} 步共用一张图：在第一步之前的盘面上标出它们填入的数字。",
        "score": "难度 {score}",
        "summary": "逻辑解出，共 {n} 步；最难的一步：{name}（{score}，Sudoku Explainer "
        "标准的{grade}）。",
        "solution": "答案",
        "final": "最后的盘面",
        "done": "已经解完，无需讲解。",
        "stuck": "推理 {n} 步后卡住：没有可用的技巧能继续推进（shudu 不猜测）。"
        "下面是剩下的候选数。",
        "timeout": "推理 {n} 步后停止：已到 {seconds:g} 秒的时限。下面是剩下的候选数。",
        "max_steps": "推理 {n} 步后停止：已到步数上限。下面是剩下的候选数。",
        "count": "{k} 次",
    },
}
"""The page's headings and sentences."""

def words(lang: str) -> dict[str, str]:
    """The page's words in a language (anything but ``zh``: English)."""
    return WORDS["zh" if lang == "zh" else "en"]
