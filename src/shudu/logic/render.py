"""Words for steps: hint levels 1-3 in English and Chinese, and compact notation.

Techniques supply their own level-2/level-3 renderers where the generic wording is not
enough; everything here is built only from the step's data.

>>> from shudu.logic.step import Step
>>> s = Step("hidden-single", placements=((0, 3),), houses={"house": (0,)}, digits=(3,))
>>> render(s, 2, "en")
'Look at digit 3 in row 1.'
>>> render(s, 2, "zh")
'看看第1行中的数字 3。'
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from ..errors import UnsupportedRules
from ..values.rules import Rules
from .accel9 import SINGLES
from .step import Step, candidates_text, cells_text, digit_text, placements_text

__all__ = [
    "a_digit",
    "article",
    "cell_list",
    "digits_text",
    "house_rules",
    "house_text",
    "houses_text",
    "notation",
    "render",
    "result_text",
]

def house_rules(step: Step) -> Rules:
    """The rules whose houses a step's words name: the step's own, else the classic
    rules of its size.

    >>> house_rules(Step("x", size=16)).box
    (4, 4)
    """
    return step.rules if step.rules is not None else _classic(step.size)


@cache
def _classic(size: int) -> Rules:
    try:
        return Rules(size)
    except UnsupportedRules:   # a size without a usual box: rows as boxes
        return Rules(size, box=(1, size))


def house_text(step: Step, house: int, lang: str = "en") -> str:
    """Name of a house index of the step's rules (``row 3`` / ``第3行``, ``the main
    diagonal`` / ``主对角线``): :meth:`shudu.values.rules.Rules.house_name`.

    >>> house_text(Step("x", size=9), 20, "zh")
    '第3宫'
    >>> house_text(Step("x", rules=Rules(windows=True)), 29, "zh")
    '第3窗'
    """
    return house_rules(step).house_name(house, lang)


def houses_text(step: Step, houses: tuple[int, ...], lang: str = "en") -> str:
    """Several houses: ``rows 2 and 8`` / ``第2、8行`` (:meth:`.Rules.house_names`).

    >>> houses_text(Step("x"), (1, 7)), houses_text(Step("x"), (1, 7), "zh")
    ('rows 2 and 8', '第2、8行')
    """
    return house_rules(step).house_names(houses, lang)


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


def digits_text(digits: tuple[int, ...], lang: str = "en", size: int = 9) -> str:
    """``digit 7`` / ``digits 2 and 5`` / ``数字 2、5`` (16x16 digits as ``A``-``G``).

    >>> digits_text((2, 5)), digits_text((7,), "zh"), digits_text((10, 3), size=16)
    ('digits 2 and 5', '数字 7', 'digits A and 3')
    """
    ds = [digit_text(d, size) for d in digits]
    if lang == "zh":
        return "数字 " + "、".join(ds)
    if len(ds) == 1:
        return f"digit {ds[0]}"
    return f"digits {_and(ds)}"


def _and(items: list[str], lang: str = "en") -> str:
    """``1``, ``1 and 2``, ``1, 2 and 3`` (``1、2、3`` in Chinese)."""
    if lang == "zh":
        return "、".join(items)
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def cell_list(step: Step, cells: tuple[int, ...]) -> str:
    """Compact cell text for the step's size."""
    return cells_text(cells, step.size)


def result_text(step: Step, lang: str = "en") -> str:
    """What the step proves, in few words: placements (``r5c5 = 5``) and eliminations,
    grouped by digit (``7 can be removed from r5c56``) or, when that is shorter, by cell
    (``r5c3 loses 1, 2 and 4``).

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
        parts.append(placements_text(step).replace("=", " = "))
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
            ds = _and([digit_text(d, n) for d in digits], lang)
            if lang == "zh":
                parts.append(f"{where} 可以删除候选数 {ds}")
            elif len(groups) < len(digit_groups) and len(cells) == 1:
                parts.append(f"{where} loses {ds}")
            else:
                parts.append(f"{ds} can be removed from {where}")
    return ("；" if lang == "zh" else "; ").join(parts)


_SINGLE_TEXT: dict[tuple[Any, ...], tuple[object, str]] = {}


def render(step: Step, level: int, lang: str) -> str:
    """Text of a step at a hint level (1, 2 or 3) in a language (``en``/``zh``).

    A single's words depend only on its cell, digit, house and rules: they are worked out
    once and remembered (a path is mostly singles).

    >>> from shudu.logic.step import Step
    >>> render(Step.single("naked-single", 40, 5), 3, "en") == render(
    ...     Step.single("naked-single", 40, 5), 3, "en")
    True
    """
    if step.technique in SINGLES:
        rules = step.rules
        # the solver hands out the same single step object again and again: its words
        # are kept on it too (not a field: steps compare without them)
        kept = step.__dict__.get("_words")
        if kept is not None:
            got = kept.get((level, lang))
            if got is not None and got[0] is rules:
                return got[1]
        key = (step.technique, step.placements, step.houses, step.size, id(rules), level, lang)
        got = _SINGLE_TEXT.get(key)
        if got is None or got[0] is not rules:
            if len(_SINGLE_TEXT) >= 50_000:
                _SINGLE_TEXT.clear()
            got = _SINGLE_TEXT[key] = (rules, _render(step, level, lang))
        if kept is None:
            kept = step.__dict__["_words"] = {}
        kept[(level, lang)] = got
        return got[1]
    return _render(step, level, lang)


def _render(step: Step, level: int, lang: str) -> str:
    if lang not in ("en", "zh"):
        raise ValueError(f"language must be 'en' or 'zh', got {lang!r}")
    if level not in (1, 2, 3):
        raise ValueError(f"hint level must be 1, 2 or 3, got {level!r}")
    tech = step.info
    if level == 1:
        if lang == "zh":
            return f"试试{tech.name_zh}（{tech.name}）。"
        if tech.name.endswith("s"):   # a plural name: Innies & Outies
            return f"Look for {tech.name}."
        return f"Look for {article(tech.name)} {tech.name}."
    if level == 2:
        text = tech.where(step, lang) if tech.where is not None else _default_where(step, lang)
    else:
        text = (tech.explain(step, lang) if tech.explain is not None
                else _default_explain(step, lang))
    return _tidy_zh(text) if lang == "zh" else text


_ZH_SPACE = re.compile(r"(所以|因此|于是)(?=[A-Za-z0-9({])")
_ZH_AFTER_STOP = re.compile(r"([。；：，]) +")


def _tidy_zh(text: str) -> str:
    """Chinese spacing: a space between 所以 and a cell or digit (``所以 r2c2 = 6``), none
    after Chinese punctuation.

    >>> _tidy_zh("看看。 所以r2c2 = 6。")
    '看看。所以 r2c2 = 6。'
    """
    return _ZH_SPACE.sub(r"\1 ", _ZH_AFTER_STOP.sub(r"\1", text))


def _evidence_cells(step: Step) -> tuple[int, ...]:
    cells: list[int] = []
    for _, cs in step.cells:
        cells.extend(cs)
    for _, cands in step.candidates:
        cells.extend(c for c, _ in cands)
    return tuple(sorted(set(cells)))


def _default_where(step: Step, lang: str) -> str:
    houses = step.role_houses("base") or step.role_houses("house")
    digits = digits_text(step.digits, lang, step.size) if step.digits else ""
    if houses:
        where = houses_text(step, houses, lang)
    else:
        where = cells_text(_evidence_cells(step), step.size)
    if lang == "zh":
        return f"看看{where}中的{digits}。" if digits else f"看看{where}。"
    return f"Look at {digits} in {where}." if digits else f"Look at {where}."


def _default_explain(step: Step, lang: str) -> str:
    tech = step.info
    where = cells_text(_evidence_cells(step), step.size)
    digits = digits_text(step.digits, lang, step.size) if step.digits else ""
    result = result_text(step, lang)
    if lang == "zh":
        return f"{tech.name_zh}：{digits}，涉及 {where}，所以 {result}。"
    return f"{tech.name} on {digits} using {where}, so {result}."


def notation(step: Step) -> str:
    """Compact one-line notation, e.g. ``X-Wing: 7 r28 c37 => r5c3<>7``."""
    tech = step.info
    if tech.notation is not None:
        return tech.notation(step)
    result = placements_text(step) if step.placements else candidates_text(
        step.eliminations, step.size
    )
    digits = "/".join(digit_text(d, step.size) for d in step.digits)
    where = cells_text(_evidence_cells(step), step.size)
    body = " ".join(x for x in (digits, where) if x)
    return f"{tech.name}: {body} => {result}" if body else f"{tech.name}: {result}"
