"""Subsets: naked and hidden pairs, triples and quadruples.

A *naked* subset is k cells of one house whose candidates together are only k digits: those
digits go in those cells, so no other cell that sees all k cells can hold them.  A *hidden*
subset is k digits that can go only in the same k cells of a house: those cells hold those
digits, so every other candidate of the cells goes.

>>> from shudu import Grid
>>> from shudu.values.candidates import Candidates
>>> c = Candidates.from_grid(Grid(HARD))
>>> [s.notation() for s in find_hidden_pair(c)][:1]
['Hidden Pair: 2/6 in r56c6 => r6c6<>4, r56c6<>5, r56c6<>7, r56c6<>9']

Naked subsets of two or three cells that share a line *and* a box and clear candidates in
both are Locked Pairs/Triples (:mod:`.intersections`); the naked finders here
yield the others, so each instance is reported under one name.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ....values.candidates import Candidates, bits, digits_in, state_memo
from ...registry import Technique, register
from ...render import digits_text, house_text, result_text
from ...step import Step, candidates_text, cells_text

__all__ = [
    "NakedSubset",
    "find_hidden_pair",
    "find_hidden_quad",
    "find_hidden_triple",
    "find_naked_pair",
    "find_naked_quad",
    "find_naked_triple",
    "naked_subsets",
    "subset_step",
]

_BOXLIKE = ("box", "region")
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
"""An example puzzle (Norvig's hard one)."""
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
"""An example puzzle that singles and subsets solve."""
_LINES = ("row", "column")


@dataclass(frozen=True)
class NakedSubset:
    """One naked subset: its cells, digit mask, the house it was found in and what it clears.

    ``locked`` is True for two or three cells sharing a line and a box that clear candidates
    in the box and in the line outside the box (HoDoKu's Locked Pair/Triple).
    """

    cells: tuple[int, ...]
    digits: int
    house: int
    common: tuple[int, ...]
    eliminations: tuple[tuple[int, int], ...]
    locked: bool


def naked_subsets(cands: Candidates, size: int) -> Iterator[NakedSubset]:
    """Every naked subset of ``size`` cells that eliminates something (each cell set once).

    A subset's eliminations are every candidate of its digits in cells that see all of
    its cells (for plain rules: the other cells of every house the subset lies in).

    >>> from shudu import Grid
    >>> c = Candidates.from_grid(Grid(EASY))
    >>> [len(s.cells) for s in naked_subsets(c, 2)][:1]
    [2]
    """
    return iter(state_memo(cands, f"naked-subsets-{size}",
                           lambda c: _naked_subsets9(c, size) if c.rules.is_classic9
                           else list(_naked_subsets(c, size))))


def _naked_subsets9(cands: Candidates, size: int) -> list[NakedSubset]:
    """:func:`_naked_subsets` of a classic 9x9 state, found by the C core (the same
    subsets in the same order)."""
    from ... import accel9

    return [NakedSubset(*found) for found in accel9.naked_subsets(cands, size)]


def _naked_subsets(cands: Candidates, size: int) -> Iterator[NakedSubset]:
    geo = cands.geo
    cell_mask = cands.cell_mask
    digit_mask = cands.digit_mask
    house_kind = [h.kind for h in geo.houses]
    seen: set[int] = set()
    # boxes first (how people scan), then rows and columns, then extra houses
    n = geo.n
    order = list(range(2 * n, 3 * n)) + list(range(2 * n)) + list(range(3 * n, len(geo.houses)))
    for h in order:
        pool = [c for c in geo.houses[h].cells if cell_mask[c] and cell_mask[c].bit_count() <= size]
        if len(pool) < size:
            continue
        unsolved = sum(1 for c in geo.houses[h].cells if cell_mask[c])
        if unsolved <= size:
            continue
        for chosen, union in _combos(pool, [cell_mask[c] for c in pool], size):
            if union.bit_count() != size:
                continue
            key = 0
            for c in chosen:
                key |= 1 << c
            if key in seen:
                continue
            seen.add(key)
            peers = geo.common_peers(chosen)
            elims = []
            for b in bits(union):
                for cell in bits(digit_mask[b] & peers):
                    elims.append((cell, b + 1))
            if not elims:
                continue
            common = tuple(sorted(set.intersection(*(set(geo.cell_houses[c]) for c in chosen))))
            locked = False
            if size < 4:
                boxes = [x for x in common if house_kind[x] in _BOXLIKE]
                lines = [x for x in common if house_kind[x] in _LINES]
                if boxes and lines:
                    bmask = geo.house_mask[boxes[0]]
                    lmask = geo.house_mask[lines[0]]
                    hit = 0
                    for cell, _ in elims:
                        hit |= 1 << cell
                    locked = bool(hit & bmask) and bool(hit & lmask & ~bmask)
            yield NakedSubset(tuple(chosen), union, h, common, tuple(elims), locked)


def _combos(pool: list[int], masks: list[int], size: int) -> Iterator[tuple[list[int], int]]:
    """Combinations of ``size`` items of ``pool`` whose mask union stays within ``size`` bits."""
    chosen: list[int] = []

    def rec(start: int, union: int) -> Iterator[tuple[list[int], int]]:
        need = size - len(chosen)
        for i in range(start, len(pool) - need + 1):
            u = union | masks[i]
            if u.bit_count() > size:
                continue
            chosen.append(pool[i])
            if need == 1:
                yield list(chosen), u
            else:
                yield from rec(i + 1, u)
            chosen.pop()

    return rec(0, 0)


def subset_step(key: str, sub: NakedSubset, size: int) -> Step:
    """The :class:`Step` of a naked subset under a technique key.

    >>> s = subset_step("naked-pair", NakedSubset((0, 1), 0b11, 0, (0, 18), ((2, 1),), False), 9)
    >>> s.notation()
    'Naked Pair: 1/2 in r1c12 => r1c3<>1'
    """
    return Step(key, eliminations=sub.eliminations, digits=digits_in(sub.digits),
                cells={"subset": sub.cells}, houses={"house": (sub.house,), "common": sub.common},
                size=size)


def _naked(cands: Candidates, size: int, key: str) -> Iterator[Step]:
    n = cands.geo.n
    for sub in naked_subsets(cands, size):
        if not sub.locked:
            yield subset_step(key, sub, n)


def find_naked_pair(cands: Candidates) -> Iterator[Step]:
    """Two cells of a house with the same two candidates (and not a Locked Pair).

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(EASY)
    >>> all(len(s.role_cells("subset")) == 2 for s in find_naked_pair(c))
    True

    >>> c = as_candidates("7.9...34.3.274.5894859..72..31..8497.47.9"
    ...                   ".86..984.721.823.79.54176254938954....72")
    >>> next(find_naked_pair(c)).notation()
    'Naked Pair: 1/6 in r1c29 => r1c456<>1, r1c456<>6'
    """
    return _naked(cands, 2, "naked-pair")


def find_naked_triple(cands: Candidates) -> Iterator[Step]:
    """Three cells of a house whose candidates are three digits (and not a Locked Triple).

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(EASY)
    >>> all(len(s.digits) == 3 for s in find_naked_triple(c))
    True

    >>> c = as_candidates("1.9..7.52..3..21.64.2..1..35.4.1..6......"
    ...                   "..1..1....3.53459..721..14256386281735..")
    >>> next(find_naked_triple(c)).notation()
    'Naked Triple: 5/7/8 in r2c124 => r2c5<>5, r2c8<>7, r2c58<>8'
    """
    return _naked(cands, 3, "naked-triple")


def find_naked_quad(cands: Candidates) -> Iterator[Step]:
    """Four cells of a house whose candidates are four digits.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(EASY)
    >>> all(len(s.digits) == 4 for s in find_naked_quad(c))
    True

    >>> c = as_candidates("...........5.2....9.7...1.....94.5......."
    ...                   "..6....5.78.16....5..2..43...163.9.1..85")
    >>> next(find_naked_quad(c)).notation()
    'Naked Quadruple: 1/2/3/8 in r5c3456 => r5c12<>1, r5c127<>2, r5c279<>3, r5c12<>8'
    """
    return _naked(cands, 4, "naked-quad")


_HiddenFound = tuple[tuple[int, int, Step | None], ...]
_HIDDEN: dict[int, tuple[Any, dict[tuple[object, ...], _HiddenFound]]] = {}
_MEMO_LIMIT = 50_000


def _hidden(cands: Candidates, size: int, key: str) -> Iterator[Step]:
    if cands.rules.is_classic9:   # the C core finds the same subsets in the same order
        from ... import accel9

        cell_mask = cands.cell_mask
        for h, cells, digits in accel9.hidden_subsets(cands, size):
            dmask = sum(1 << (d - 1) for d in digits)
            yield Step(key, eliminations=[(c, b + 1) for c in cells
                                          for b in bits(cell_mask[c] & ~dmask)],
                       digits=digits, cells={"subset": cells}, houses={"house": (h,)}, size=9)
        return
    geo = cands.geo
    n = geo.n
    cell_mask = cands.cell_mask
    got = _HIDDEN.get(id(geo))
    if got is None or got[0] is not geo:
        got = _HIDDEN[id(geo)] = (geo, {})
    memo = got[1]
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    seen: set[tuple[int, int]] = set()
    order = list(range(2 * n, 3 * n)) + list(range(2 * n)) + list(range(3 * n, len(geo.houses)))
    houses = geo.houses
    for h in order:
        # what a house gives depends only on the candidates of its cells
        cells = houses[h].cells
        hkey = (key, size, h, *[cell_mask[c] for c in cells])
        found = memo.get(hkey)
        if found is None:
            found = memo[hkey] = tuple(_hidden_in(cands, size, key, h))
        for where, dmask, step in found:
            if (where, dmask) in seen:
                continue
            seen.add((where, dmask))
            if step is not None:
                yield step


def _hidden_in(cands: Candidates, size: int, key: str, h: int
               ) -> Iterator[tuple[int, int, Step | None]]:
    """Hidden subsets of one house: ``(cells, digits, step or None without eliminations)``."""
    geo = cands.geo
    n = geo.n
    cell_mask = cands.cell_mask
    digit_mask = cands.digit_mask
    hmask = geo.house_mask[h]
    unsolved = 0
    for c in geo.houses[h].cells:
        if cell_mask[c]:
            unsolved += 1
    if unsolved <= size:
        return
    digs = []
    places = []
    for d in range(n):
        m = digit_mask[d] & hmask
        if m and m.bit_count() <= size:
            digs.append(d)
            places.append(m)
    if len(digs) < size:
        return
    for chosen, where in _combos(digs, places, size):
        if where.bit_count() != size:
            continue
        dmask = 0
        for d in chosen:
            dmask |= 1 << d
        elims = [(c, b + 1) for c in bits(where) for b in bits(cell_mask[c] & ~dmask)]
        if not elims:
            yield where, dmask, None
            continue
        yield where, dmask, Step(key, eliminations=elims, digits=tuple(d + 1 for d in chosen),
                                 cells={"subset": tuple(bits(where))}, houses={"house": (h,)},
                                 size=n)


def find_hidden_pair(cands: Candidates) -> Iterator[Step]:
    """Two digits confined to the same two cells of a house.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(HARD)
    >>> next(find_hidden_pair(c)).digits
    (2, 6)
    """
    return _hidden(cands, 2, "hidden-pair")


def find_hidden_triple(cands: Candidates) -> Iterator[Step]:
    """Three digits confined to the same three cells of a house.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(HARD)
    >>> all(len(s.digits) == 3 for s in find_hidden_triple(c))
    True

    >>> c = as_candidates("....23.9.82.9...5.4.9.1..2..8.25947..9467"
    ...                   "1.85..5.3..1...8.9.5429.2..5837547382.6.")
    >>> next(find_hidden_triple(c)).notation()
    'Hidden Triple: 4/5/8 in r1c249 => r1c29<>1, r1c29<>6, r1c24<>7'
    """
    return _hidden(cands, 3, "hidden-triple")


def find_hidden_quad(cands: Candidates) -> Iterator[Step]:
    """Four digits confined to the same four cells of a house.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(HARD)
    >>> all(len(s.digits) == 4 for s in find_hidden_quad(c))
    True

    >>> c = as_candidates("...........5.2....9.7...1.....94.5......."
    ...                   "..6....5.78.16....5..2..43...163.9.1..85")
    >>> next(find_hidden_quad(c)).notation()
    'Hidden Quadruple: 4/5/7/9 in r5c1279 => r5c12<>1, r5c127<>2, r5c279<>3, r5c12<>8'
    """
    return _hidden(cands, 4, "hidden-quad")


# ---------------------------------------------------------------------- words
_COUNT_EN = {2: "two", 3: "three", 4: "four"}
_COUNT_ZH = {2: "两", 3: "三", 4: "四"}


def _and_list(items: list[str], lang: str) -> str:
    if lang == "zh":
        return "、".join(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _cell_names(step: Step, cells: tuple[int, ...], lang: str) -> str:
    n = step.size
    return _and_list([f"r{c // n + 1}c{c % n + 1}" for c in sorted(cells)], lang)


def subset_where(step: Step, lang: str) -> str:
    """Level-2 hint of a subset: the house, its cells and digits.

    >>> s = Step("naked-pair", eliminations=((2, 1),), digits=(1, 2), cells={"subset": (0, 1)},
    ...          houses={"house": (0,)})
    >>> subset_where(s, "en")
    'Look at r1c1 and r1c2 in row 1: digits 1 and 2.'
    """
    house = house_text(step, step.role_houses("house")[0], lang)
    cells = _cell_names(step, step.role_cells("subset"), lang)
    digits = digits_text(step.digits, lang, step.size)
    if lang == "zh":
        return f"看看{house}中的 {cells}：{digits}。"
    return f"Look at {cells} in {house}: {digits}."


def _naked_explain(step: Step, lang: str) -> str:
    house = house_text(step, step.role_houses("house")[0], lang)
    cells_t = step.role_cells("subset")
    k = len(cells_t)
    cells = _cell_names(step, cells_t, lang)
    digs = _and_list([str(d) for d in step.digits], lang)
    result = result_text(step, lang)
    tech = step.info
    if lang == "zh":
        return (f"{tech.name_zh}：{house}的 {cells} 这{_COUNT_ZH[k]}格只含候选数 {digs}，"
                f"这{_COUNT_ZH[k]}个数字必定填在这{_COUNT_ZH[k]}格中，"
                f"所以能看到这些格的其他格都不能填它们：{result}。")
    return (f"{tech.name} in {house}: {cells} hold only the candidates {digs}, so these "
            f"{_COUNT_EN[k]} digits must go in these {_COUNT_EN[k]} cells and no other cell "
            f"that sees them all can hold them: {result}.")


def _hidden_explain(step: Step, lang: str) -> str:
    house = house_text(step, step.role_houses("house")[0], lang)
    cells_t = step.role_cells("subset")
    k = len(cells_t)
    cells = _cell_names(step, cells_t, lang)
    digs = _and_list([str(d) for d in step.digits], lang)
    result = result_text(step, lang)
    tech = step.info
    if lang == "zh":
        return (f"{tech.name_zh}：在{house}中，数字 {digs} 只能填在 {cells} 这{_COUNT_ZH[k]}格，"
                f"所以这{_COUNT_ZH[k]}格必定是这{_COUNT_ZH[k]}个数字，其他候选数都可以删除："
                f"{result}。")
    return (f"{tech.name} in {house}: digits {digs} can only go in {cells}, so these "
            f"{_COUNT_EN[k]} cells must hold these {_COUNT_EN[k]} digits and their other "
            f"candidates can be removed: {result}.")


def subset_notation(step: Step) -> str:
    """``Naked Pair: 2/7 in r3c15 => r3c9<>2, r3c4<>7``.

    >>> s = Step("hidden-pair", eliminations=((0, 5),), digits=(1, 2), cells={"subset": (0, 1)})
    >>> subset_notation(s)
    'Hidden Pair: 1/2 in r1c12 => r1c1<>5'
    """
    digs = "/".join(str(d) for d in step.digits)
    where = cells_text(step.role_cells("subset"), step.size)
    return f"{step.name}: {digs} in {where} => {candidates_text(step.eliminations, step.size)}"


def _register() -> None:
    naked = (("naked-pair", find_naked_pair, "naked double"),
             ("naked-triple", find_naked_triple, "naked triplet"),
             ("naked-quad", find_naked_quad, "naked quad"))
    hidden = (("hidden-pair", find_hidden_pair, "hidden double"),
              ("hidden-triple", find_hidden_triple, "hidden triplet"),
              ("hidden-quad", find_hidden_quad, "hidden quad"))
    for subsets, explain in ((naked, _naked_explain), (hidden, _hidden_explain)):
        for key, find, alias in subsets:
            register(Technique.of(key, find, subset_where, explain, subset_notation,
                                  aliases=(alias,)))


_register()
