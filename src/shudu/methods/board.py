"""What the stochastic methods share: a grid filled row by row, and its conflicts.

Each row keeps its givens; its empty cells hold the row's missing digits in some order,
so a row never repeats a digit and the only conflicts are in the other houses (columns,
boxes, extra houses) and between cells a knight's or king's move apart.  The number of
conflicts is the cost to bring to zero: a grid of cost 0 is a solution.

>>> from shudu.grid import Grid
>>> import random
>>> b = Board(Grid(".234341221434321", check=False))
>>> values = b.random_fill(random.Random(1))
>>> b.cost(values), b.is_solution(values)
(0, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..grid import Grid

__all__ = ["Board"]


class Board:
    """The fixed facts of a puzzle for the stochastic methods: free cells per row, the
    digits each row misses, the houses other than rows of each cell and the peers that
    share no house."""

    def __init__(self, grid: Grid) -> None:
        rules = grid.rules
        self.grid = grid
        self.rules = rules
        n = self.n = rules.size
        self.givens = grid.cells
        houses = rules.houses
        self.houses = [h.cells for h in houses[n:]]   # every house but the rows
        cell_houses: list[list[int]] = [[] for _ in range(n * n)]
        for h, cells in enumerate(self.houses):
            for c in cells:
                cell_houses[c].append(h)
        self.cell_houses = cell_houses
        extra = []
        for c in range(n * n):
            mates = {x for h in houses if c in h.cells for x in h.cells}
            extra.append(tuple(p for p in rules.peers[c] if p not in mates))
        self.extra = extra
        self.free: list[list[int]] = []
        self.missing: list[list[int]] = []
        for r in range(n):
            cells = range(r * n, (r + 1) * n)
            have = {self.givens[c] for c in cells}
            self.free.append([c for c in cells if not self.givens[c]])
            self.missing.append([d for d in range(1, n + 1) if d not in have])
        self.swappable = [r for r in range(n) if len(self.free[r]) >= 2]

    def random_fill(self, rng: random.Random) -> list[int]:
        """The givens, and each row's missing digits in a random order."""
        values = list(self.givens)
        for r in range(self.n):
            digits = list(self.missing[r])
            rng.shuffle(digits)
            for c, d in zip(self.free[r], digits):
                values[c] = d
        return values

    def cost(self, values: Sequence[int]) -> int:
        """Conflicts of a filled grid: for each house, digits it misses (rows miss
        none), plus pairs of cells a knight's/king's move apart with the same digit."""
        n = self.n
        total = 0
        for cells in self.houses:
            total += n - len({values[c] for c in cells})
        for c, peers in enumerate(self.extra):
            v = values[c]
            for p in peers:
                if p > c and values[p] == v:
                    total += 1
        return total

    def is_solution(self, values: Sequence[int]) -> bool:
        """True when ``values`` keeps the givens and breaks no rule (checked by the
        rules themselves, not by :meth:`cost`)."""
        grid = Grid._trusted(self.rules, bytes(values))
        return grid.is_solution_of(self.grid)
