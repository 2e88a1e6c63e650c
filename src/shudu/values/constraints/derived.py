"""Sums that killer cages imply, for the solving engine to narrow beside the cages.

The rule of 45 over unions of houses: the first ``i`` rows (or columns, from either side,
or boxes in order) hold every digit ``i`` times, so they add up to ``i`` times the sum of
the digits.  The cages lying mostly inside such a union add up to their known sums, so the
cells of the union outside those cages (the innies) minus the cells of those cages outside
the union (the outies) make a known total.  And a cage inside a house leaves the other
cells of the house (its complement) the rest of the house's sum.

Each derived sum holds in every solution, so adding it keeps every count exact; it only
lets the engine see sooner what the cages force.

>>> from shudu import Rules
>>> from shudu.values.constraints import Cage
>>> rules = Rules(4, constraints=(Cage((0, 1, 4), 6), Cage((2, 3, 7), 8)))
>>> innies_outies(rules, list(rules.constraints))
[(((5, 1), (6, 1)), 6)]
>>> complements(rules, [Cage((0, 1), 3)])
[((2, 3), 7), ((4, 5), 7)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..rules import Rules

__all__ = ["complements", "disjoint_cages", "house_outies", "innies_outies"]

MAX_OUTIE_TERMS = 6
"""A cage sticking out of a house by one cell gives a sum of at most this many terms."""

MAX_TERMS_BOTH_SIDES = 2
"""A derived sum with cells on both sides (innies and outies) is kept when one side has at
most this many cells (a wider difference of two sums narrows little)."""


def disjoint_cages(cages: Sequence[Any]) -> list[tuple[tuple[int, ...], int]]:
    """(cells, total) of cages with a sum that share no cell, the first one winning.

    >>> from shudu.values.constraints import Cage
    >>> disjoint_cages([Cage((0, 1), 3), Cage((1, 2), 5), Cage((3,), 4), Cage((4, 5))])
    [((0, 1), 3), ((3,), 4)]
    """
    taken: set[int] = set()
    out = []
    for cage in cages:
        if cage.total and taken.isdisjoint(cage.cells):
            taken.update(cage.cells)
            out.append((tuple(cage.cells), int(cage.total)))
    return out


def _orders(rules: Rules) -> list[list[tuple[int, ...]]]:
    """The sequences of disjoint houses whose growing unions the rule of 45 looks at: rows
    from the top and from the bottom, columns from the left and from the right, boxes."""
    def of(kind: str) -> list[tuple[int, ...]]:
        return [h.cells for h in rules.houses if h.kind == kind]

    rows, cols, boxes = of("row"), of("column"), of("box")
    n = rules.size
    return [o for o in (rows, rows[::-1], cols, cols[::-1], boxes) if len(o) == n]


def _mask(cells: Sequence[int]) -> int:
    """The cells as bits of one integer (bit c for cell c).

    >>> _mask((0, 2))
    5
    """
    m = 0
    for c in cells:
        m |= 1 << c
    return m


def _cells(mask: int) -> list[int]:
    """The cells of a mask, in order.

    >>> _cells(5)
    [0, 2]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def innies_outies(rules: Rules, cages: Sequence[Any]) -> list[tuple[tuple[tuple[int, int],
                                                                            ...], int]]:
    """The rule of 45 over the unions of the first 2 .. n-1 houses of each order: terms
    (cell, +1 for an innie, -1 for an outie) and their total, for every union whose
    innies and outies number at most n (and at most :data:`MAX_TERMS_BOTH_SIDES` on one
    side when both sides have cells).  A cage counts for a union once more than half of it
    lies inside (and from then on for the larger unions of that order).
    """
    n = rules.size
    whole = n * (n + 1) // 2
    pieces = [(_mask(cells), len(cells), s) for cells, s in disjoint_cages(cages)]
    out: list[tuple[tuple[tuple[int, int], ...], int]] = []
    seen: set[tuple[tuple[int, int], ...]] = set()
    for order in _orders(rules):
        region = covered = used = total = 0
        for i, house in enumerate(order[:-1], 1):
            region |= _mask(house)
            for j, (cells, size, s) in enumerate(pieces):
                if not used >> j & 1 and 2 * (region & cells).bit_count() > size:
                    used |= 1 << j
                    covered |= cells
                    total += s
            if i == 1:
                continue   # a single house: the engine's own cages of the rest do it
            innies, outies = region & ~covered, covered & ~region
            ins, outs = innies.bit_count(), outies.bit_count()
            if (not innies and not outies) or ins + outs > n:
                continue
            if min(ins, outs) > MAX_TERMS_BOTH_SIDES:
                continue
            terms = tuple([(c, 1) for c in _cells(innies)] + [(c, -1) for c in _cells(outies)])
            if terms not in seen:
                seen.add(terms)
                out.append((terms, i * whole - total))
    return out


def complements(rules: Rules, cages: Sequence[Any]) -> list[tuple[tuple[int, ...], int]]:
    """For each cage with a sum inside a row, column or box, the house's other cells and
    the rest of the house's sum (they hold the digits the cage does not)."""
    n = rules.size
    whole = n * (n + 1) // 2
    houses = [(h.cells, _mask(h.cells)) for h in rules.houses
              if h.kind in ("row", "column", "box")]
    out = []
    for cells, s in disjoint_cages(cages):
        inside = _mask(cells)
        for house, hmask in houses:
            if not inside & ~hmask:
                rest = tuple(c for c in house if not inside >> c & 1)
                if rest:
                    out.append((rest, whole - s))
    return out


def house_outies(rules: Rules, cages: Sequence[Any]) -> list[tuple[tuple[tuple[int, int],
                                                                           ...], int]]:
    """For a cage with one cell outside a row, column or box: the house's cells in neither
    that cage nor the cages inside the house, less that one cell, make the rest of the
    house's sum (at most :data:`MAX_OUTIE_TERMS` terms).

    >>> from shudu import Rules
    >>> from shudu.values.constraints import Cage
    >>> house_outies(Rules(4), [Cage((0, 1), 3), Cage((2, 6), 7)])[0]
    (((3, 1), (6, -1)), 0)
    """
    n = rules.size
    whole = n * (n + 1) // 2
    pieces = [(_mask(cells), s) for cells, s in disjoint_cages(cages)]
    out = []
    for house in rules.houses:
        if house.kind not in ("row", "column", "box"):
            continue
        inside = _mask(house.cells)
        covered = total = 0
        for cells, s in pieces:
            if not cells & ~inside:
                covered |= cells
                total += s
        for cells, s in pieces:
            outside = cells & ~inside
            if not outside or outside & (outside - 1):
                continue   # not exactly one cell outside
            rest = [c for c in house.cells if not (covered | cells) >> c & 1]
            if len(rest) + 1 <= MAX_OUTIE_TERMS:
                out.append((tuple([(c, 1) for c in rest] + [(outside.bit_length() - 1, -1)]),
                            whole - total - s))
    return out
