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
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..rules import Rules

__all__ = ["complements", "disjoint_cages", "house_innies", "house_outies", "innies_outies"]

_CLASSIC_KINDS = ("row", "column", "box")

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


class _Layout:
    """Where a grid's houses lie: each house's cells and bit mask (``houses``, in the
    order of :attr:`Rules.houses`), and for each cell the houses holding it (``of_cell``).

    >>> from shudu import Rules
    >>> layout = _Layout(tuple(h.cells for h in Rules(4).houses))
    >>> layout.of_cell[5], layout.masks[0]
    ([1, 5, 8], 15)
    """

    __slots__ = ("houses", "masks", "of_cell")

    def __init__(self, houses: tuple[tuple[int, ...], ...]) -> None:
        self.houses = houses
        self.masks = [_mask(cells) for cells in houses]
        size = 1 + max((c for cells in houses for c in cells), default=-1)
        self.of_cell: list[list[int]] = [[] for _ in range(size)]
        for k, cells in enumerate(houses):
            for c in cells:
                self.of_cell[c].append(k)

    def holding(self, cells: Sequence[int], mask: int) -> list[int]:
        """The houses (in order) that hold all of ``cells`` (``mask`` their bits).

        >>> from shudu import Rules
        >>> _Layout(tuple(h.cells for h in Rules(4).houses)).holding((0, 1), 3)
        [0, 8]
        """
        return [k for k in self.of_cell[cells[0]] if not mask & ~self.masks[k]]


@lru_cache(maxsize=64)
def _layout(houses: tuple[tuple[int, ...], ...]) -> _Layout:
    """The :class:`_Layout` of these houses, built once."""
    return _Layout(houses)


def _classic_layout(rules: Rules) -> _Layout:
    """The layout of the grid's rows, columns and boxes (in the order of
    :attr:`Rules.houses`)."""
    return _layout(tuple(h.cells for h in rules.houses if h.kind in _CLASSIC_KINDS))


@lru_cache(maxsize=64)
def _orders(houses: tuple[tuple[str, tuple[int, ...]], ...], n: int) -> list[tuple[list[int],
                                                                                 list[int]]]:
    """The sequences of disjoint houses whose growing unions the rule of 45 looks at (rows
    from the top and from the bottom, columns from the left and from the right, boxes),
    each as the masks of its first 1 .. n unions and the position of each cell's house in
    it."""
    def of(kind: str) -> list[tuple[int, ...]]:
        return [cells for k, cells in houses if k == kind]

    rows, cols, boxes = of("row"), of("column"), of("box")
    out = []
    for order in (rows, rows[::-1], cols, cols[::-1], boxes):
        if len(order) != n:
            continue
        position = [0] * (n * n)
        unions = []
        region = 0
        for i, cells in enumerate(order):
            region |= _mask(cells)
            unions.append(region)
            for c in cells:
                position[c] = i
        out.append((unions, position))
    return out


def innies_outies(rules: Rules, cages: Sequence[Any]) -> list[tuple[tuple[tuple[int, int],
                                                                            ...], int]]:
    """The rule of 45 over the unions of the first 2 .. n-1 houses of each order: terms
    (cell, +1 for an innie, -1 for an outie) and their total, for every union whose
    innies and outies number at most n (and at most :data:`MAX_TERMS_BOTH_SIDES` on one
    side when both sides have cells).  A cage counts for a union once more than half of it
    lies inside (and from then on for the larger unions of that order).

    >>> from shudu import Rules
    >>> from shudu.values.constraints import Cage
    >>> innies_outies(Rules(4), [Cage((0, 1, 4, 5), 10), Cage((8, 9), 7)])
    [(((2, 1), (3, 1), (6, 1), (7, 1)), 10), (((12, 1), (13, 1)), 3)]
    """
    n = rules.size
    whole = n * (n + 1) // 2
    pieces = [(_mask(cells), cells, s) for cells, s in disjoint_cages(cages)]
    kinds = tuple((h.kind, h.cells) for h in rules.houses if h.kind in _CLASSIC_KINDS)
    out: list[tuple[tuple[tuple[int, int], ...], int]] = []
    seen: set[tuple[tuple[int, int], ...]] = set()
    for unions, position in _orders(kinds, n):
        # a cage counts from the first union holding more than half of it
        joins: list[list[tuple[int, int]]] = [[] for _ in range(n + 1)]
        for cells, members, s in pieces:
            joins[sorted([position[c] for c in members])[len(members) // 2] + 1].append((cells, s))
        covered = total = 0
        for i in range(1, n):
            for cells, s in joins[i]:
                covered |= cells
                total += s
            if i == 1:
                continue   # a single house: the engine's own cages of the rest do it
            region = unions[i - 1]
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
    the rest of the house's sum (they hold the digits the cage does not).

    >>> from shudu import Rules
    >>> from shudu.values.constraints import Cage
    >>> complements(Rules(4), [Cage((0, 1), 3)])
    [((2, 3), 7), ((4, 5), 7)]
    """
    n = rules.size
    whole = n * (n + 1) // 2
    layout = _classic_layout(rules)
    out = []
    for cells, s in disjoint_cages(cages):
        inside = _mask(cells)
        for k in layout.holding(cells, inside):
            rest = tuple(c for c in layout.houses[k] if not inside >> c & 1)
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
    layout = _classic_layout(rules)
    count = len(layout.houses)
    inside: list[list[int]] = [[] for _ in range(count)]   # pieces wholly in each house
    one_out: list[list[int]] = [[] for _ in range(count)]  # pieces with one cell outside
    pieces = [(_mask(cells), s) for cells, s in disjoint_cages(cages)]
    for j, (cells, _) in enumerate(pieces):
        held: dict[int, int] = {}
        for c in _cells(cells):
            for k in layout.of_cell[c]:
                held[k] = held.get(k, 0) + 1
        size = cells.bit_count()
        if size == 1:   # one cell: outside every house but its own
            for k in range(count):
                (inside if k in held else one_out)[k].append(j)
            continue
        for k, m in held.items():
            if m == size:
                inside[k].append(j)
            elif m == size - 1:
                one_out[k].append(j)
    out = []
    for k in range(count):
        covered = total = 0
        for j in inside[k]:
            covered |= pieces[j][0]
            total += pieces[j][1]
        hmask = layout.masks[k]
        for j in sorted(one_out[k]):
            cells, s = pieces[j]
            if n - ((covered | cells) & hmask).bit_count() + 1 > MAX_OUTIE_TERMS:
                continue
            rest = [c for c in layout.houses[k] if not (covered | cells) >> c & 1]
            outside = cells & ~hmask
            out.append((tuple([(c, 1) for c in rest] + [(outside.bit_length() - 1, -1)]),
                        whole - total - s))
    return out


def house_innies(rules: Rules, cages: Sequence[Any]) -> list[tuple[tuple[int, ...], int]]:
    """The rule of 45 in one house (any of :attr:`Rules.houses`): the cells outside the
    cages that lie wholly inside it (with a sum) make the rest of the house's total.  Of
    cages that overlap, the first one counts (two sums over one cell would be wrong).

    >>> from shudu import Rules
    >>> from shudu.values.constraints import Cage
    >>> house_innies(Rules(4), [Cage((0, 1), 3), Cage((2,), 4)])
    [((3,), 3), ((6, 10, 14), 6), ((4, 5), 7), ((3, 6, 7), 6)]
    >>> house_innies(Rules(4), [Cage((0, 1), 3), Cage((1, 2), 5)])[0]
    ((2, 3), 7)
    """
    whole = rules.size * (rules.size + 1) // 2
    layout = _layout(tuple(h.cells for h in rules.houses))
    inside: list[list[tuple[int, int]]] = [[] for _ in layout.houses]
    for cage in cages:
        if cage.total:
            cells = _mask(cage.cells)
            for k in layout.holding(cage.cells, cells):
                inside[k].append((cells, cage.total))
    out: list[tuple[tuple[int, ...], int]] = []
    seen: set[tuple[int, ...]] = set()
    for house, summed in zip(layout.houses, inside):
        covered = total = 0
        for cells, s in summed:   # cages that may overlap: count each cell once
            if not cells & covered:
                covered |= cells
                total += s
        if not covered:
            continue
        rest = tuple(cell for cell in house if not covered >> cell & 1)
        if rest and rest not in seen:
            seen.add(rest)
            out.append((rest, whole - total))
    return out
