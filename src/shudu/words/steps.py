"""Words of steps that hold for every technique: hint level 1 (which technique), the
generic level 2 (where) and level 3 (what and why), results, digits and articles.

Techniques supply their own level-2/level-3 words where these are not enough (beside
their finders, under :mod:`shudu.logic.techniques`); :mod:`shudu.logic.render` picks.
The functions take a step's data (any object with ``size``, ``placements`` and
``eliminations``, as :class:`shudu.logic.step.Step` has), never the logic itself.

>>> look_for("X-Wing", "X翼", "en"), look_for("X-Wing", "X翼", "zh")
('Look for an X-Wing.', '试试X翼（X-Wing）。')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .cells import cells_text, digit_text, placements_text

__all__ = [
    "a_digit",
    "and_list",
    "article",
    "digits_text",
    "explain_text",
    "look_for",
    "result_text",
    "tidy_zh",
    "where_text",
]


def article(word: str) -> str:
    """``a`` or ``an`` before a word, a number or a digit symbol, as it is spoken:
    an 8, an 11, an 18, an 80, an A (a 16x16 digit), an X-Wing, a 7, a Naked Pair.

    >>> [article(w) for w in ("8", "11", "18", "7", "1", "81", "A", "B", "X-Wing", "Pair")]
    ['an', 'an', 'an', 'a', 'a', 'an', 'an', 'a', 'an', 'a']
    """
    head = word.split()[0] if word.split() else word
    if head[:1].isdigit():
        digits = head.split(".")[0].split(",")[0]
        digits = "".join(ch for ch in digits if ch.isdigit())
        if digits.startswith("8"):
            return "an"  # eight, eighty, eight hundred ...
        # eleven and eighteen, also as thousands/millions: 11,000 / 18,500,000
        lead = len(digits) % 3 or 3
        return "an" if lead == 2 and digits[:2] in ("11", "18") else "a"
    letters = head.split("-")[0]
    if len(letters) == 1 or (letters.isupper() and letters.isalpha()):  # read letter by letter
        return "an" if letters[:1].upper() in "AEFHILMNORSX" else "a"
    return "an" if head[:1].upper() in "AEIO" else "a"


def a_digit(digit: int, size: int = 9) -> str:
    """A digit with its article, written as the grid writes it: ``an 8``, ``a 7``, ``an A``.

    >>> a_digit(8), a_digit(3), a_digit(11, 16)
    ('an 8', 'a 3', 'a B')
    """
    text = digit_text(digit, size)
    return f"{article(text)} {text}"


def digits_text(digits: Sequence[int], lang: str = "en", size: int = 9) -> str:
    """``digit 7`` / ``digits 2 and 5`` / ``数字 2、5`` (16x16 digits as ``A``-``G``).

    >>> digits_text((2, 5)), digits_text((7,), "zh"), digits_text((10, 3), size=16)
    ('digits 2 and 5', '数字 7', 'digits A and 3')
    """
    ds = [digit_text(d, size) for d in digits]
    if lang == "zh":
        return "数字 " + "、".join(ds)
    if len(ds) == 1:
        return f"digit {ds[0]}"
    return f"digits {and_list(ds)}"


def and_list(items: Sequence[str], lang: str = "en") -> str:
    """``1``, ``1 and 2``, ``1, 2 and 3`` (``1、2、3`` in Chinese).

    >>> and_list(["1", "2", "3"]), and_list(["1", "2"], "zh")
    ('1, 2 and 3', '1、2')
    """
    if lang == "zh":
        return "、".join(items)
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def result_text(step: Any, lang: str = "en") -> str:
    """What the step proves, in few words: placements (``r5c5 = 5``) and eliminations,
    grouped by digit (``7 can be removed from r5c56``) or, when that is shorter, by cell
    (``r5c3 loses 1, 2 and 4``).

    >>> from shudu.logic.step import Step
    >>> result_text(Step("x", eliminations=((40, 7), (41, 7))))
    '7 can be removed from r5c56'
    >>> result_text(Step("x", eliminations=((40, 7),)), "zh")
    'r5c5 可以删除候选数 7'
    >>> result_text(Step("x", eliminations=((1, 4), (1, 7), (2, 4), (2, 7))))
    '4 and 7 can be removed from r1c23'
    >>> result_text(Step("x", eliminations=((1, 1), (1, 2), (1, 4), (10, 1), (10, 4), (10, 6))))
    'r1c2 loses 1, 2 and 4; r2c2 loses 1, 4 and 6'
    >>> result_text(Step("x", eliminations=((1, 1), (1, 2), (10, 4))), "zh")
    'r1c2 可以删除候选数 1、2；r2c2 可以删除候选数 4'
    """
    n = step.size
    parts: list[str] = []
    if step.placements:
        parts.append(placements_text(step.placements, n).replace("=", " = "))
    if step.eliminations:
        # by digit: digits that leave the same cells share one part
        by_digit: dict[int, list[int]] = {}
        for cell, digit in step.eliminations:
            by_digit.setdefault(digit, []).append(cell)
        digit_groups: dict[tuple[int, ...], list[int]] = {}
        for digit in sorted(by_digit):
            digit_groups.setdefault(tuple(sorted(by_digit[digit])), []).append(digit)
        # by cell: cells that lose the same digits share one part
        by_cell: dict[int, list[int]] = {}
        for cell, digit in step.eliminations:
            by_cell.setdefault(cell, []).append(digit)
        cell_groups: dict[tuple[int, ...], list[int]] = {}
        for cell in sorted(by_cell):
            cell_groups.setdefault(tuple(sorted(by_cell[cell])), []).append(cell)
        if len(cell_groups) < len(digit_groups):
            groups = [(cells, list(digits)) for digits, cells in cell_groups.items()]
        else:
            groups = [(list(cells), digits) for cells, digits in digit_groups.items()]
        for cells, digits in groups:
            where = cells_text(cells, n)
            ds = and_list([digit_text(d, n) for d in digits], lang)
            if lang == "zh":
                parts.append(f"{where} 可以删除候选数 {ds}")
            elif len(groups) < len(digit_groups) and len(cells) == 1:
                parts.append(f"{where} loses {ds}")
            else:
                parts.append(f"{ds} can be removed from {where}")
    return ("；" if lang == "zh" else "; ").join(parts)


def look_for(name: str, name_zh: str, lang: str) -> str:
    """Hint level 1: the technique to look for.

    >>> look_for("Innies & Outies", "内外法", "en"), look_for("Naked Pair", "显性数对", "en")
    ('Look for Innies & Outies.', 'Look for a Naked Pair.')
    """
    if lang == "zh":
        return f"试试{name_zh}（{name}）。"
    if name.endswith("s"):   # a plural name: Innies & Outies
        return f"Look for {name}."
    return f"Look for {article(name)} {name}."


def where_text(where: str, digits: str, lang: str) -> str:
    """Generic hint level 2: the houses or cells to look at, and the digits if any.

    >>> where_text("row 1", "digit 3", "en"), where_text("第1行", "", "zh")
    ('Look at digit 3 in row 1.', '看看第1行。')
    """
    if lang == "zh":
        return f"看看{where}中的{digits}。" if digits else f"看看{where}。"
    return f"Look at {digits} in {where}." if digits else f"Look at {where}."


def explain_text(name: str, name_zh: str, digits: str, where: str, result: str,
                 lang: str) -> str:
    """Generic hint level 3: the technique, its digits and cells, and what it proves.

    >>> explain_text("X-Wing", "X翼", "digit 7", "r1c1", "7 can be removed from r2c2", "en")
    'X-Wing on digit 7 using r1c1, so 7 can be removed from r2c2.'
    """
    if lang == "zh":
        return f"{name_zh}：{digits}，涉及 {where}，所以 {result}。"
    return f"{name} on {digits} using {where}, so {result}."


_ZH_SPACE = re.compile(r"(所以|因此|于是)(?=[A-Za-z0-9({])")
_ZH_AFTER_STOP = re.compile(r"([。；：，]) +")


def tidy_zh(text: str) -> str:
    """Chinese spacing: a space between 所以 and a cell or digit (``所以 r2c2 = 6``), none
    after Chinese punctuation.

    >>> tidy_zh("看看。 所以r2c2 = 6。")
    '看看。所以 r2c2 = 6。'
    """
    return _ZH_SPACE.sub(r"\1 ", _ZH_AFTER_STOP.sub(r"\1", text))
