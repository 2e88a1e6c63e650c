"""Words of the page's photo review (``shudu serve``, "Open photo"): the reading of a
photo is checked against the picture, fixed cell by cell, then started or cancelled.

>>> REVIEW_PAGE["en"]["review-start"], REVIEW_PAGE["zh"]["review-start"]
('Start', '开始')
"""

from __future__ import annotations

__all__ = ["REVIEW_PAGE"]

REVIEW_PAGE: dict[str, dict[str, str]] = {
    "en": {
        "review-title": "Check the reading",
        "review-help": "Compare the grid with the photo. Tap a cell and type its digit "
                       "(Backspace clears it); the framed cells are the ones the reader "
                       "is unsure of.",
        "review-banner": "The photo's reading, under review: Start plays it.",
        "review-photo": "The photo",
        "review-start": "Start",
        "review-cancel": "Cancel",
        "review-checking": "Checking the reading…",
        "review-unique": "One solution: ready to start.",
        "review-none": "No solution: a digit is misread.",
        "review-several": "Several solutions: a given is missing or misread.",
        "review-repeat": "The digit {digit} repeats: {cells}.",
        "review-unknown": "The reading could not be checked: {msg}",
        "review-cell": "{cell}: read as {read} ({pct}% sure).",
        "review-cell-empty": "{cell}: read as empty.",
        "review-other": "Other readings:",
        "review-empty": "empty",
        "review-read": "Read {clues} givens from the photo: check them against the picture, "
                       "then press Start.",
        "review-doubt": "Read {clues} givens from the photo; check the framed cells: {cells}.",
        "review-started": "Playing the puzzle read from the photo ({clues} givens).",
        "review-started-position": "Playing the puzzle read from the photo ({clues} givens), "
                                   "with the {digits} digits and the marks of {cells} cells "
                                   "written in it.",
        "review-cancelled": "Back to the previous puzzle.",
    },
    "zh": {
        "review-title": "核对读取结果",
        "review-help": "对照照片检查棋盘。点一个格子并输入它的数字（退格键清除）；"
                       "带框的格子是读取时没有把握的。",
        "review-banner": "照片的读取结果，核对中：按“开始”后才开始游戏。",
        "review-photo": "照片",
        "review-start": "开始",
        "review-cancel": "取消",
        "review-checking": "正在检查读取结果…",
        "review-unique": "唯一解：可以开始。",
        "review-none": "无解：有数字读错了。",
        "review-several": "多个解：有提示数漏读或读错。",
        "review-repeat": "数字 {digit} 重复：{cells}。",
        "review-unknown": "无法检查读取结果：{msg}",
        "review-cell": "{cell}：读作 {read}（把握 {pct}%）。",
        "review-cell-empty": "{cell}：读作空格。",
        "review-other": "其他可能：",
        "review-empty": "空",
        "review-read": "从照片中读到 {clues} 个提示数：请对照照片核对，然后按“开始”。",
        "review-doubt": "从照片中读到 {clues} 个提示数；请核对带框的格子：{cells}。",
        "review-started": "开始玩照片中读到的题目（{clues} 个提示数）。",
        "review-started-position": "开始玩照片中读到的题目（{clues} 个提示数），带上照片中"
                                   "已填的 {digits} 个数字和 {cells} 个格子的候选数标记。",
        "review-cancelled": "已回到之前的题目。",
    },
}
"""The photo review's labels and messages by key (``{placeholders}`` filled in by the
page)."""
