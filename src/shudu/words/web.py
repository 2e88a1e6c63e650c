"""Words of the web page (``shudu serve``) and of the answers its API writes in
sentences, in English and Chinese.

The page fetches :data:`PAGE` from ``GET /api/v1/words`` (``{placeholders}`` filled in
by the page); :func:`api_text` words the API's own sentences (a wrong digit, solved,
stuck).

>>> api_text("placed", "en", cell="r1c1", digit=4), api_text("solved", "zh")
('The 4 in r1c1 is wrong.', '已完成！')
"""

from __future__ import annotations

from typing import Any

__all__ = ["API", "PAGE", "api_text"]

PAGE: dict[str, dict[str, str]] = {
    "en": {
        "lang": "中文",
        "normal": "Digit",
        "corner": "Corner",
        "centre": "Centre",
        "erase": "Erase",
        "undo": "Undo",
        "redo": "Redo",
        "fill": "Fill candidates",
        "check": "Check",
        "learn": "Learn",
        "hint1": "Hint: technique",
        "hint2": "Hint: where",
        "hint3": "Hint: full step",
        "apply": "Apply step",
        "explain": "Explain all",
        "rate": "Rate",
        "bring": "Puzzle",
        "load": "Load",
        "open": "Open file",
        "share": "Share link",
        "withpos": "with my position",
        "generate": "Generate",
        "make": "Generate",
        "anygrade": "any grade",
        "nosym": "no symmetry",
        "anytech": "any technique",
        "prev": "◀ Back",
        "next": "Next ▶",
        "close": "Back to my game",
        "loaded": "Puzzle loaded: {clues} givens.",
        "several": "This puzzle has several solutions: {cell} can hold different digits.",
        "several0": "This puzzle has several solutions.",
        "none": "This puzzle has no solution: {msg}.",
        "none0": "This puzzle has no solution.",
        "welcome": "Welcome! Here is an easy puzzle to start with; load or generate "
                   "another whenever you like.",
        "colour": "Colour",
        "pause": "Pause",
        "resume": "Resume",
        "why": "Why is this wrong?",
        "rewind": "Rewind to first mistake",
        "rewound": "Rewound {k} move(s): back to just before your first mistake, in {cell}.",
        "norewind": "None of your moves is a mistake: nothing to rewind.",
        "cancel": "Cancel",
        "cancelled": "Cancelled.",
        "rating-run": "Rating… {s} s",
        "ratingpart": "At least {score} · {grade} or harder · hardest so far: {name} "
                      "(stopped after {s} s)",
        "ratingnone": "Not rated: nothing was settled within {s} s (not even that the puzzle "
                      "has one solution).",
        "keys": "Keys",
        "key-digits": "1–9 (and A–P on larger grids): enter a digit, or a mark in the corner "
                      "or centre mode, or a colour in the colour mode.",
        "key-modes": "Z digit · X corner · V centre · Q colour · Space: the next mode. N and "
                     "C also switch to digit and corner, except where they are digits (C on "
                     "12×12 and 16×16, N on 25×25).",
        "key-once": "Shift + digit: a corner mark, Ctrl + digit: a centre mark, for one key.",
        "key-select": "Click a cell; drag, Ctrl-click or Shift-click to select several, "
                      "Shift + arrows to extend: a key then changes them all.",
        "key-other": "Arrows move · Backspace or Delete erases · Ctrl+Z undo · Ctrl+Y redo.",
        "key-explain": "In Explain all: ← and → step through, Escape goes back to your game.",
        "key-help": "? opens or closes this list.",
        "unknown": "Uniqueness could not be checked.",
        "nomistake": "No mistakes so far.",
        "mistakes": "{n} wrong digit(s) marked.",
        "solved": "Solved! Well done.",
        "nopuzzle": "Load or generate a puzzle first.",
        "working": "Working…",
        "generated": "New puzzle (seed {seed}): {grade} {score}.",
        "rating": "Score {score} · {grade} · hardest: {name}",
        "start": "Start",
        "step": "Step {k} of {n}",
        "copied": "Link ready (copied when allowed).",
        "nosolution": "No solution known for this puzzle.",
        "applied": "Step applied.",
        "pathstuck": "Logic stops here: no technique shudu knows applies.",
        "pathtimeout": "The path stopped at the time limit.",
        "photo": "Open photo",
        "reading": "Reading the photo…",
        "photobig": "The photo is too large (20 MB at most).",
        "photook": "Read {clues} givens from the photo.",
        "photodoubt": "Read {clues} givens from the photo; check the marked cells: {cells}.",
        "photobad": "The photo's reading needs checking: {msg}",
    },
    "zh": {
        "lang": "English",
        "normal": "数字",
        "corner": "角标",
        "centre": "中心标",
        "erase": "擦除",
        "undo": "撤销",
        "redo": "重做",
        "fill": "填入候选数",
        "check": "检查",
        "learn": "学习",
        "hint1": "提示：技巧",
        "hint2": "提示：位置",
        "hint3": "提示：完整步骤",
        "apply": "应用此步",
        "explain": "全部讲解",
        "rate": "评分",
        "bring": "题目",
        "load": "载入",
        "open": "打开文件",
        "share": "分享链接",
        "withpos": "包含我的进度",
        "generate": "出题",
        "make": "生成",
        "anygrade": "任意难度",
        "nosym": "不对称",
        "anytech": "任意技巧",
        "prev": "◀ 上一步",
        "next": "下一步 ▶",
        "close": "回到我的棋盘",
        "loaded": "题目已载入：{clues} 个提示数。",
        "several": "此题有多个解：{cell} 可以填不同的数字。",
        "several0": "此题有多个解。",
        "none": "此题无解：{msg}。",
        "none0": "此题无解。",
        "welcome": "欢迎！先来一道简单的题；随时可以载入或生成别的题。",
        "colour": "颜色",
        "pause": "暂停",
        "resume": "继续",
        "why": "为什么错？",
        "rewind": "回到第一个错误之前",
        "rewound": "已退回 {k} 步：回到你在 {cell} 犯第一个错误之前。",
        "norewind": "你的每一步都没有错：无需退回。",
        "cancel": "取消",
        "cancelled": "已取消。",
        "rating-run": "评分中… {s} 秒",
        "ratingpart": "至少 {score} · {grade} 或更难 · 目前最难技巧：{name}（{s} 秒后停止）",
        "ratingnone": "未能评分：{s} 秒内什么也没有确定（连唯一解都还没查完）。",
        "keys": "按键",
        "key-digits": "1–9（更大的盘面还有 A–P）：填数字；在角标或中心标模式下填标记；"
                      "在颜色模式下涂颜色。",
        "key-modes": "Z 数字 · X 角标 · V 中心标 · Q 颜色 · 空格：下一个模式。"
                     "N 和 C 也可切换到数字和角标，"
                     "但在它们是数字的盘面上除外（12×12 和 16×16 的 C，25×25 的 N）。",
        "key-once": "Shift + 数字：角标；Ctrl + 数字：中心标（只对这一次按键）。",
        "key-select": "点击格子；拖动、Ctrl 点击或 Shift 点击可选多个格子，Shift + 方向键扩展选区："
                      "之后的按键会改变所有选中的格子。",
        "key-other": "方向键移动 · Backspace 或 Delete 擦除 · Ctrl+Z 撤销 · Ctrl+Y 重做。",
        "key-explain": "在“全部讲解”中：← 和 → 逐步查看，Esc 回到我的棋盘。",
        "key-help": "? 打开或关闭这个列表。",
        "unknown": "无法检查唯一性。",
        "nomistake": "目前没有错误。",
        "mistakes": "标出了 {n} 个错误数字。",
        "solved": "完成！做得好。",
        "nopuzzle": "请先载入或生成一道题。",
        "working": "计算中…",
        "generated": "新题（种子 {seed}）：{grade} {score}。",
        "rating": "分数 {score} · {grade} · 最难技巧：{name}",
        "start": "开始",
        "step": "第 {k} 步，共 {n} 步",
        "copied": "链接已生成（允许时已复制）。",
        "nosolution": "此题没有已知的解。",
        "applied": "已应用此步。",
        "pathstuck": "逻辑到此为止：没有可用的已知技巧。",
        "pathtimeout": "已到时间上限，路径在此停止。",
        "photo": "打开照片",
        "reading": "正在读取照片…",
        "photobig": "照片太大（最多 20 MB）。",
        "photook": "从照片中读到 {clues} 个提示数。",
        "photodoubt": "从照片中读到 {clues} 个提示数；请核对标出的格子：{cells}。",
        "photobad": "照片的读取结果需要核对：{msg}",
    },
}
"""The page's buttons, labels and messages by key (``lang``: the button that switches to
the other language)."""

API: dict[str, dict[str, str]] = {
    "en": {
        "placed": "The {digit} in {cell} is wrong.",
        "removed": "A candidate was removed from {cell} by mistake: one of the digits taken "
                   "out of {cell} can still go there.",
        "solved": "Solved!",
        "stuck": "No logical step found with the techniques shudu knows.",
    },
    "zh": {
        "placed": "{cell} 的 {digit} 是错的。",
        "removed": "{cell} 的一个候选数被误删了：从 {cell} 删掉的数字中，有一个仍然可以填在那里。",
        "solved": "已完成！",
        "stuck": "没有可用的逻辑步骤。",
    },
}
"""Sentences in the API's answers: a digit placed wrongly, a candidate removed wrongly
(without naming it: that would give the answer away), a solved grid, no step found."""


def api_text(key: str, lang: str = "en", **fields: Any) -> str:
    """A sentence of the API (:data:`API`) in a language, its fields filled in."""
    return API["zh" if lang == "zh" else "en"][key].format(**fields)


def _with_set_mode() -> None:
    """The Set mode's words (:data:`shudu.words.setter.SET_PAGE`) join the page's."""
    from .setter import SET_PAGE

    for lang, words in SET_PAGE.items():
        PAGE[lang].update(words)


_with_set_mode()


def _with_photo_review() -> None:
    """The photo review's words (:data:`shudu.words.review.REVIEW_PAGE`) join the page's."""
    from .review import REVIEW_PAGE

    for lang, words in REVIEW_PAGE.items():
        PAGE[lang].update(words)


_with_photo_review()
