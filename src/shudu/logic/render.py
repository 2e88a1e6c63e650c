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

from .step import Step, candidates_text, cells_text, placements_text

__all__ = [
    "cell_list",
    "digits_text",
    "house_text",
    "houses_text",
    "notation",
    "render",
    "result_text",
]

_HOUSE_ZH = {"row": "行", "column": "列", "box": "宫", "region": "区", "diagonal": "对角线",
             "window": "窗", "extra": "额外区域"}


def house_text(step: Step, house: int, lang: str = "en") -> str:
    """Name of a house index in the step's grid size (``row 3`` / ``第3行``).

    >>> house_text(Step("x", size=9), 20, "zh")
    '第3宫'
    """
    n = step.size
    kind_index, index = divmod(house, n)
    if kind_index >= 3:
        extra = house - 3 * n + 1
        return f"第{extra}个附加区域" if lang == "zh" else f"extra house {extra}"
    kind = ("row", "column", "box")[kind_index]
    if lang == "zh":
        return f"第{index + 1}{_HOUSE_ZH.get(kind, '区域')}"
    return f"{kind} {index + 1}"


def houses_text(step: Step, houses: tuple[int, ...], lang: str = "en") -> str:
    """Several houses: ``rows 2 and 8`` / ``第2、8行``.

    >>> houses_text(Step("x"), (1, 7)), houses_text(Step("x"), (1, 7), "zh")
    ('rows 2 and 8', '第2、8行')
    """
    if not houses:
        return ""
    n = step.size
    kinds = {h // n for h in houses}
    if len(kinds) == 1 and next(iter(kinds)) < 3:
        kind = ["row", "column", "box"][next(iter(kinds))]
        nums = [str(h % n + 1) for h in sorted(houses)]
        if len(nums) == 1:
            return house_text(step, houses[0], lang)
        if lang == "zh":
            return f"第{'、'.join(nums)}{_HOUSE_ZH[kind]}"
        return f"{kind}s {', '.join(nums[:-1])} and {nums[-1]}"
    names = [house_text(step, h, lang) for h in houses]
    return "、".join(names) if lang == "zh" else ", ".join(names)


def digits_text(digits: tuple[int, ...], lang: str = "en") -> str:
    """``digit 7`` / ``digits 2 and 5`` / ``数字 2、5``.

    >>> digits_text((2, 5)), digits_text((7,), "zh")
    ('digits 2 and 5', '数字 7')
    """
    ds = [str(d) for d in digits]
    if lang == "zh":
        return "数字 " + "、".join(ds)
    if len(ds) == 1:
        return f"digit {ds[0]}"
    return f"digits {', '.join(ds[:-1])} and {ds[-1]}"


def cell_list(step: Step, cells: tuple[int, ...]) -> str:
    """Compact cell text for the step's size."""
    return cells_text(cells, step.size)


def result_text(step: Step, lang: str = "en") -> str:
    """What the step proves: ``r5c5 = 5`` / ``7 can be removed from r5c3``.

    >>> result_text(Step("x", eliminations=((40, 7), (41, 7))))
    '7 can be removed from r5c56'
    >>> result_text(Step("x", eliminations=((40, 7),)), "zh")
    'r5c5 可以删除候选数 7'
    """
    parts: list[str] = []
    if step.placements:
        text = placements_text(step).replace("=", " = ")
        parts.append(text)
    if step.eliminations:
        by_digit: dict[int, list[int]] = {}
        for cell, digit in step.eliminations:
            by_digit.setdefault(digit, []).append(cell)
        for digit in sorted(by_digit):
            where = cells_text(by_digit[digit], step.size)
            if lang == "zh":
                parts.append(f"{where} 可以删除候选数 {digit}")
            else:
                parts.append(f"{digit} can be removed from {where}")
    return ("；" if lang == "zh" else "; ").join(parts)


def _vowel_sound(name: str) -> bool:
    """True when a name starts with a vowel sound ("an X-Wing", "an ALS", "a Unique ...")."""
    word = name.split()[0]
    letters = word.split("-")[0]
    if letters.isupper() and letters.isalpha():  # read letter by letter: X-Wing, ALS-XZ, AIC
        return letters[0] in "AEFHILMNORSX"
    return word[0] in "AEIO"


def render(step: Step, level: int, lang: str) -> str:
    """Text of a step at a hint level (1, 2 or 3) in a language (``en``/``zh``)."""
    if lang not in ("en", "zh"):
        raise ValueError(f"language must be 'en' or 'zh', got {lang!r}")
    if level not in (1, 2, 3):
        raise ValueError(f"hint level must be 1, 2 or 3, got {level!r}")
    tech = step.info
    if level == 1:
        if lang == "zh":
            return f"试试{tech.name_zh}（{tech.name}）。"
        article = "an" if _vowel_sound(tech.name) else "a"
        return f"Look for {article} {tech.name}."
    if level == 2:
        if tech.where is not None:
            return tech.where(step, lang)
        return _default_where(step, lang)
    if tech.explain is not None:
        return tech.explain(step, lang)
    return _default_explain(step, lang)


def _evidence_cells(step: Step) -> tuple[int, ...]:
    cells: list[int] = []
    for _, cs in step.cells:
        cells.extend(cs)
    for _, cands in step.candidates:
        cells.extend(c for c, _ in cands)
    return tuple(sorted(set(cells)))


def _default_where(step: Step, lang: str) -> str:
    houses = step.role_houses("base") or step.role_houses("house")
    digits = digits_text(step.digits, lang) if step.digits else ""
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
    digits = digits_text(step.digits, lang) if step.digits else ""
    result = result_text(step, lang)
    if lang == "zh":
        return f"{tech.name_zh}：{digits}，涉及 {where}，所以{result}。"
    return f"{tech.name} on {digits} using {where}, so {result}."


def notation(step: Step) -> str:
    """Compact one-line notation, e.g. ``X-Wing: 7 r28 c37 => r5c3<>7``."""
    tech = step.info
    if tech.notation is not None:
        return tech.notation(step)
    result = placements_text(step) if step.placements else candidates_text(
        step.eliminations, step.size
    )
    digits = "/".join(str(d) for d in step.digits)
    where = cells_text(_evidence_cells(step), step.size)
    body = " ".join(x for x in (digits, where) if x)
    return f"{tech.name}: {body} => {result}" if body else f"{tech.name}: {result}"
