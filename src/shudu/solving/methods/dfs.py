"""The plain backtracker of the classic articles: sets of used digits per house.

Each row, column and box (and each extra house of a variant) keeps the digits it already
holds as a bitmask; a cell's candidates are the digits none of its houses (nor a
knight's or king's move away, for those variants) holds.  The search fills the empty cell
with the fewest candidates first, smallest digit first, and backs up when a cell has none.

>>> from shudu.values.grid import Grid
>>> found = search(Grid(".234341221434321", check=False), limit=2)
>>> [str(g) for g in found.solutions], found.nodes, found.complete
(['1234341221434321'], 2, True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ...values.grid import Grid

__all__ = ["DfsResult", "search"]


@dataclass(frozen=True)
class DfsResult:
    """Solutions found (up to the limit), search nodes visited, and ``complete``: False
    when the node budget or the deadline ended the search first."""

    solutions: tuple[Grid, ...]
    nodes: int
    complete: bool


class _Budget(Exception):
    pass


def search(grid: Grid, *, limit: int = 1, max_nodes: int = 1_000_000,
           deadline: float | None = None) -> DfsResult:
    """Backtrack over ``grid`` (its rules give the houses) up to ``limit`` solutions.

    >>> from shudu.values.grid import Grid
    >>> search(Grid.empty(Grid.empty().rules), limit=3).nodes
    110
    """
    rules = grid.rules
    n = rules.size
    full = (1 << n) - 1
    houses = rules.houses
    cell_houses: list[list[int]] = [[] for _ in range(n * n)]
    for h, house in enumerate(houses):
        for c in house.cells:
            cell_houses[c].append(h)
    extra: list[tuple[int, ...]] = []   # peers sharing no house (anti-knight, anti-king)
    for c in range(n * n):
        mates = {x for h in cell_houses[c] for x in houses[h].cells}
        extra.append(tuple(p for p in rules.peers[c] if p not in mates))
    values = list(grid.cells)
    used = [0] * len(houses)
    for c, v in enumerate(values):
        if v:
            for h in cell_houses[c]:
                used[h] |= 1 << (v - 1)
    empties = [c for c, v in enumerate(values) if not v]
    found: list[Grid] = []
    nodes = 0

    def candidates(c: int) -> int:
        m = full
        for h in cell_houses[c]:
            m &= ~used[h]
        for p in extra[c]:
            if values[p]:
                m &= ~(1 << (values[p] - 1))
        return m

    def step() -> None:
        nonlocal nodes
        nodes += 1
        if nodes > max_nodes or (deadline is not None and nodes & 1023 == 0
                                 and time.monotonic() > deadline):
            raise _Budget
        best, best_mask, size = -1, 0, n + 1
        for c in empties:
            if not values[c]:
                m = candidates(c)
                k = m.bit_count()
                if k < size:
                    best, best_mask, size = c, m, k
                    if k <= 1:
                        break
        if best < 0:
            found.append(Grid._trusted(rules, bytes(values)))
            return
        hs = cell_houses[best]
        m = best_mask
        while m:
            low = m & -m
            m ^= low
            values[best] = low.bit_length()
            for h in hs:
                used[h] |= low
            step()
            for h in hs:
                used[h] &= ~low
            values[best] = 0
            if len(found) >= limit:
                return

    complete = True
    try:
        step()
    except _Budget:
        complete = False
        nodes = min(nodes, max_nodes)
    return DfsResult(tuple(found), nodes, complete)
