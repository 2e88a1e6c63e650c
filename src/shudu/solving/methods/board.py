"""What the stochastic methods share: a grid filled row by row, and its conflicts.

Each row keeps its givens; its empty cells hold the row's missing digits in some order,
so a row never repeats a digit and the only conflicts are in the other houses (columns,
boxes, extra houses) and between cells a knight's or king's move apart.  The number of
conflicts is the cost to bring to zero: a grid of cost 0 is a solution.  The givens also
say which digits each empty cell may take at all (``allowed``: none a given peer holds);
fillings and moves keep to them where they can, as the published solvers do.

>>> from shudu.values.grid import Grid
>>> import random
>>> b = Board(Grid(".234341221434321", check=False))
>>> values = b.random_fill(random.Random(1))
>>> b.cost(values), b.is_solution(values)
(0, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...values.grid import Grid

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
            row = range(r * n, (r + 1) * n)
            have = {self.givens[c] for c in row}
            self.free.append([c for c in row if not self.givens[c]])
            self.missing.append([d for d in range(1, n + 1) if d not in have])
        self.swappable = [r for r in range(n) if len(self.free[r]) >= 2]
        self.allowed = [0] * (n * n)
        for c in range(n * n):
            if not self.givens[c]:
                m = (1 << n) - 1
                for p in rules.peers[c]:
                    if self.givens[p]:
                        m &= ~(1 << (self.givens[p] - 1))
                self.allowed[c] = m

    def random_fill(self, rng: random.Random) -> list[int]:
        """The givens, and each row's missing digits in a random order that puts every
        digit in a cell that allows it when the row can (a random matching)."""
        values = list(self.givens)
        for r in range(self.n):
            cells = list(self.free[r])
            digits = list(self.missing[r])
            rng.shuffle(cells)
            rng.shuffle(digits)
            for c, d in zip(cells, self._match(cells, digits)):
                values[c] = d
        return values

    def _match(self, cells: list[int], digits: list[int]) -> list[int]:
        """Digits for ``cells`` (in order): an allowed digit for each when possible, the
        rest filled in anyhow."""
        owner: dict[int, int] = {}         # digit -> index of its cell

        def grab(i: int, seen: set[int]) -> bool:
            for d in digits:
                if self.allowed[cells[i]] >> (d - 1) & 1 and d not in seen:
                    seen.add(d)
                    if d not in owner or grab(owner[d], seen):
                        owner[d] = i
                        return True
            return False

        for i in range(len(cells)):
            grab(i, set())
        out = [0] * len(cells)
        for d, i in owner.items():
            out[i] = d
        spare = iter(d for d in digits if d not in owner)
        return [d or next(spare) for d in out]

    def legal_pair(self, values: list[int], rng: random.Random, tries: int = 8) -> tuple[
            int, int]:
        """Two free cells of a random row whose swap keeps both digits allowed (after
        ``tries`` attempts, any two)."""
        free = self.free[rng.choice(self.swappable)]
        a, b = rng.sample(free, 2)
        allowed = self.allowed
        for _ in range(tries):
            if allowed[a] >> (values[b] - 1) & 1 and allowed[b] >> (values[a] - 1) & 1:
                return a, b
            free = self.free[rng.choice(self.swappable)]
            a, b = rng.sample(free, 2)
        return a, b

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
