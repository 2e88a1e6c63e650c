"""Singles: full house, hidden single, naked single.

>>> from shudu import Grid
>>> from shudu.values.candidates import Candidates
>>> c = Candidates.from_grid(Grid("12345678." + "." * 72))
>>> [s.notation() for s in find_full_house(c)]
['Full House: r1c9=9']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ....values.candidates import Candidates, first_bit
from ...accel9 import hidden_singles as hidden_singles9
from ...accel9 import single
from ...registry import Technique, register
from ...render import house_text
from ...step import Step, digit_text, placements_text
from ..table import row

__all__ = ["ALONE_WEIGHT", "find_full_house", "find_hidden_single", "find_naked_single",
           "hidden_singles", "hidden_singles_py", "house_weight", "naked_singles"]

BOX_WEIGHT = row("hidden-single").se_weight
"""Sudoku Explainer's weight of a hidden single in a box (a full house counts as a hidden
single in its house): the technique table's hidden-single weight."""
LINE_WEIGHT = 1.5
"""Sudoku Explainer's weight of a hidden single in a row, column or other house."""
ALONE_WEIGHT = 1.0
"""Sudoku Explainer's weight of a full house (a house with one empty cell), whatever the
house: SE looks for these before any other single."""
NAKED_WEIGHT = row("naked-single").se_weight
"""Sudoku Explainer's weight of a naked single: the technique table's."""
_KIND_WEIGHTS = (ALONE_WEIGHT, BOX_WEIGHT, LINE_WEIGHT)
"""The weight of each kind of :func:`shudu.logic.accel9.hidden_singles`."""


def house_weight(house: int, size: int) -> float:
    """SE's weight of a hidden single (or full house) in house ``house`` (-1: unknown).

    >>> house_weight(18, 9), house_weight(0, 9), house_weight(-1, 9)
    (1.2, 1.5, 1.5)
    """
    return BOX_WEIGHT if 2 * size <= house < 3 * size else LINE_WEIGHT


def _single_weight(step: Step, base: float) -> float:
    houses = step.role_houses("house")
    return house_weight(houses[0] if houses else -1, step.size)


def _full_house_weight(step: Step, base: float) -> float:
    return ALONE_WEIGHT


def hidden_singles(cands: Candidates, ceiling: float) -> list[tuple[float, int, int, int]]:
    """Every single of the easiest kind, as ``(weight, cell, digit, house)``, in SE's
    order: full houses (1.0) when there are any, else hidden singles in boxes (1.2),
    else those in other houses (1.5); the next kinds too while the kinds found weigh
    no more than ``ceiling`` (the hardest step so far), since taking them together
    cannot raise it.

    >>> from shudu.logic.solver import as_candidates
    >>> hidden_singles(as_candidates("12345678." + "." * 72), 0.0)[:1]
    [(1.0, 8, 9, 0)]
    """
    if cands.rules.is_classic9:   # the C core reads the houses in the same order
        found = hidden_singles9(cands)
        out: list[tuple[float, int, int, int]] = []
        for kind, weight in enumerate(_KIND_WEIGHTS):
            if out and weight > ceiling:
                break
            out += [(weight, cell, digit, h) for k, cell, digit, h in found if k == kind]
        return out
    return hidden_singles_py(cands, ceiling)


def hidden_singles_py(cands: Candidates, ceiling: float) -> list[tuple[float, int, int, int]]:
    """:func:`hidden_singles` found in Python, for any grid (the definition the C core
    follows on classic 9x9).

    >>> from shudu.logic.solver import as_candidates
    >>> hidden_singles_py(as_candidates("12345678." + "." * 72), 0.0)[:1]
    [(1.0, 8, 9, 0)]
    """
    geo = cands.geo
    n = geo.n
    dm = cands.digit_mask
    masks = geo.house_mask
    open_cells = 0   # cells with a candidate left
    for m in dm:
        open_cells |= m
    boxes = range(2 * n, 3 * n)
    others = [*range(2 * n), *range(3 * n, len(masks))]
    out: list[tuple[float, int, int, int]] = []
    for weight, houses in ((ALONE_WEIGHT, [*boxes, *others]), (BOX_WEIGHT, boxes),
                           (LINE_WEIGHT, others)):
        if out and weight > ceiling:
            break
        for h in houses:
            hm = masks[h]
            alone = open_cells & hm
            alone = bool(alone) and not alone & (alone - 1)
            if alone != (weight == ALONE_WEIGHT):
                continue
            for d in range(n):
                m = dm[d] & hm
                if m and not m & (m - 1):
                    out.append((weight, first_bit(m), d + 1, h))
    return out


def naked_singles(cands: Candidates) -> list[tuple[float, int, int, int]]:
    """Every naked single, as ``(weight, cell, digit, -1)``.

    >>> from shudu.logic.solver import as_candidates
    >>> naked_singles(as_candidates("12345678." + "." * 72))
    [(2.3, 8, 9, -1)]
    """
    values = cands.values
    return [(NAKED_WEIGHT, cell, first_bit(mask) + 1, -1)
            for cell, mask in enumerate(cands.cell_mask)
            if mask and not mask & (mask - 1) and not values[cell]]


def find_full_house(cands: Candidates) -> Iterator[Step]:
    """A house with one empty cell: it takes the missing digit.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("634289...87531629429175463834916587258794"
    ...                   "2..61628375497584239619.6578423423691...")
    >>> next(find_full_house(c)).notation()
    'Full House: r8c2=1'
    """
    geo = cands.geo
    values = cands.values
    seen: set[int] = set()
    dm = cands.digit_mask
    open_cells = 0   # cells with a candidate left
    for m in dm:
        open_cells |= m
    houses = geo.houses
    for h, hmask in enumerate(geo.house_mask):
        one = open_cells & hmask
        if not one or one & (one - 1):
            continue   # no cell with candidates, or two: not one empty cell
        empty = [c for c in houses[h].cells if not values[c]]
        if len(empty) != 1 or empty[0] in seen:
            continue
        cell = empty[0]
        mask = cands.cell_mask[cell]
        if mask and mask & (mask - 1) == 0:
            seen.add(cell)
            digit = first_bit(mask) + 1
            yield Step("full-house", placements=((cell, digit),), digits=(digit,),
                       cells={"cell": (cell,)}, houses={"house": (h,)}, size=geo.n)


def find_hidden_single(cands: Candidates) -> Iterator[Step]:
    """A digit with only one possible cell in a house.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("28.64...746....2.8317928546.53..9.24.42.3"
    ...                   ".7.9.9.4...83538296471.7......212..8...5")
    >>> next(find_hidden_single(c)).notation()
    'Hidden Single: r6c3=1'
    """
    geo = cands.geo
    n = geo.n
    seen: set[tuple[int, int]] = set()
    # boxes first (how people scan), then rows, then columns, then extra houses
    order = list(range(2 * n, 3 * n)) + list(range(2 * n)) + list(range(3 * n, len(geo.houses)))
    for h in order:
        hmask = geo.house_mask[h]
        for d in range(n):
            m = cands.digit_mask[d] & hmask
            if m and m & (m - 1) == 0:
                cell = first_bit(m)
                if (cell, d + 1) in seen:
                    continue  # already reported from another house
                seen.add((cell, d + 1))
                yield Step("hidden-single", placements=((cell, d + 1),), digits=(d + 1,),
                           cells={"cell": (cell,)}, houses={"house": (h,)}, size=n)


def find_naked_single(cands: Candidates) -> Iterator[Step]:
    """A cell with only one candidate left.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("8.9.4..2..46.1....3..9........1..9455...."
    ...                   "...6983..6........4..1....9.37..3..7.4.9")
    >>> next(find_naked_single(c)).notation()
    'Naked Single: r6c8=1'
    """
    n = cands.geo.n
    for cell, mask in enumerate(cands.cell_mask):
        if mask and mask & (mask - 1) == 0 and not cands.values[cell]:
            digit = first_bit(mask) + 1
            yield Step("naked-single", placements=((cell, digit),), digits=(digit,),
                       cells={"cell": (cell,)}, size=n)


def _first9(key: str, kind: int) -> Callable[[Candidates], Step | None]:
    """The first step of a singles finder on a classic 9x9 state, found by the C core."""

    def first(cands: Candidates) -> Step | None:
        got = single(cands, kind)
        if got is None:
            return None
        return Step.single(key, *got)

    return first


def _name(step: Step) -> str:
    cell = step.placements[0][0]
    return f"r{cell // step.size + 1}c{cell % step.size + 1}"


def _full_house_where(step: Step, lang: str) -> str:
    house = house_text(step, step.role_houses("house")[0], lang)
    return f"看看{house}：只剩一个空格。" if lang == "zh" else f"Look at {house}: one cell is left."


def _full_house_explain(step: Step, lang: str) -> str:
    house = house_text(step, step.role_houses("house")[0], lang)
    cell, digit = _name(step), digit_text(step.placements[0][1], step.size)
    if lang == "zh":
        return f"{house}只剩 {cell} 一个空格，缺少的数字是 {digit}（满格），所以 {cell} = {digit}。"
    return (f"{cell} is the only empty cell in {house}, and {digit} is the only digit "
            f"missing there (full house), so {cell} = {digit}.")


def _hidden_where(step: Step, lang: str) -> str:
    house = house_text(step, step.role_houses("house")[0], lang)
    digit = digit_text(step.placements[0][1], step.size)
    if lang == "zh":
        return f"看看{house}中的数字 {digit}。"
    return f"Look at digit {digit} in {house}."


def _hidden_explain(step: Step, lang: str) -> str:
    house = house_text(step, step.role_houses("house")[0], lang)
    cell, digit = _name(step), digit_text(step.placements[0][1], step.size)
    if lang == "zh":
        return (f"在{house}中，数字 {digit} 只能放在 {cell}（隐性唯一：其他格都被排除），"
                f"所以 {cell} = {digit}。")
    return (f"In {house}, digit {digit} can only go in {cell} (hidden single: every other "
            f"cell of {house} is ruled out), so {cell} = {digit}.")


def _naked_where(step: Step, lang: str) -> str:
    cell = _name(step)
    return f"看看 {cell} 的候选数。" if lang == "zh" else f"Look at the candidates of {cell}."


def _naked_explain(step: Step, lang: str) -> str:
    cell, digit = _name(step), digit_text(step.placements[0][1], step.size)
    if lang == "zh":
        return f"{cell} 只剩下候选数 {digit}（唯一余数），所以 {cell} = {digit}。"
    return (f"{cell} has only one candidate left, {digit} (naked single: every other digit "
            f"already appears among its peers), so {cell} = {digit}.")


def _notation(step: Step) -> str:
    return f"{step.name}: {placements_text(step)}"


register(Technique.of("full-house", find_full_house, _full_house_where, _full_house_explain,
                      _notation, aliases=("last empty cell",),
                      first9=_first9("full-house", 0), weigh=_full_house_weight))
register(Technique.of("hidden-single", find_hidden_single, _hidden_where, _hidden_explain,
                      _notation, first9=_first9("hidden-single", 1), weigh=_single_weight))
register(Technique.of("naked-single", find_naked_single, _naked_where, _naked_explain,
                      _notation, first9=_first9("naked-single", 2)))
