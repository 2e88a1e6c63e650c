"""Steps in words: picks a technique's own words or the generic ones of
:mod:`shudu.words.steps`, and names the houses of a step's rules (:mod:`shudu.words.houses`).

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

from functools import cache
from typing import Any

from ..errors import UnsupportedRules
from ..values.rules import Rules
from ..words import steps as words
from ..words.houses import house_name, house_names
from ..words.steps import a_digit, article, digits_text, result_text
from .accel9 import SINGLES
from .step import Step, candidates_text, cells_text, digit_text, placements_text, provide

__all__ = [
    "a_digit",
    "article",
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
    diagonal`` / ``主对角线``): :func:`shudu.words.houses.house_name`.

    >>> house_text(Step("x", size=9), 20, "zh")
    '第3宫'
    >>> house_text(Step("x", rules=Rules(windows=True)), 29, "zh")
    '第3窗'
    """
    return house_name(house_rules(step), house, lang)


def houses_text(step: Step, houses: tuple[int, ...], lang: str = "en") -> str:
    """Several houses: ``rows 2 and 8`` / ``第2、8行`` (:func:`shudu.words.houses.house_names`).

    >>> houses_text(Step("x"), (1, 7)), houses_text(Step("x"), (1, 7), "zh")
    ('rows 2 and 8', '第2、8行')
    """
    return house_names(house_rules(step), houses, lang)


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
        return words.look_for(tech.name, tech.name_zh, lang)
    if level == 2:
        text = tech.where(step, lang) if tech.where is not None else _default_where(step, lang)
    else:
        text = (tech.explain(step, lang) if tech.explain is not None
                else _default_explain(step, lang))
    return words.tidy_zh(text) if lang == "zh" else text


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
    return words.where_text(where, digits, lang)


def _default_explain(step: Step, lang: str) -> str:
    tech = step.info
    where = cells_text(_evidence_cells(step), step.size)
    digits = digits_text(step.digits, lang, step.size) if step.digits else ""
    return words.explain_text(tech.name, tech.name_zh, digits, where, result_text(step, lang),
                              lang)


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


provide(render=render, notation=notation)
