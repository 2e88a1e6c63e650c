"""Knuth's Algorithm X with dancing links: Sudoku as an exact cover problem.

A row of the matrix is "digit d in cell c"; its columns say what it covers: the cell, and
"digit d in house h" for each house of the cell (row, column, box and any extra house of
the variant).  A digit that may not repeat a knight's or king's move away adds secondary
columns ("digit d in at most one of cells a, b").  Choosing rows that cover every primary
column exactly once is a solution; Algorithm X picks the column with the fewest rows left
and tries each of them, covering and uncovering columns in the linked lists.

>>> from shudu.values.grid import Grid
>>> found = search(Grid(".234341221434321", check=False), limit=2)
>>> [str(g) for g in found.solutions], found.complete
(['1234341221434321'], True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ...values.grid import Grid

__all__ = ["DlxResult", "search"]


@dataclass(frozen=True)
class DlxResult:
    """Solutions found (up to the limit), search nodes, the size of the exact cover
    matrix (``rows``, ``columns``), and ``complete``: False when the node budget or the
    deadline ended the search first."""

    solutions: tuple[Grid, ...]
    nodes: int
    rows: int
    columns: int
    complete: bool


class _Budget(Exception):
    pass


class _Links:
    """The four-way linked matrix: node 0 is the root, nodes 1..ncols the column
    headers, then one node per 1 in the matrix."""

    def __init__(self, ncols: int, primary: int) -> None:
        size = ncols + 1
        self.L = list(range(-1, size - 1))
        self.R = list(range(1, size + 1))
        self.U = list(range(size))
        self.D = list(range(size))
        self.C = list(range(size))
        self.row = [-1] * size
        self.S = [0] * size
        # primary columns 1..primary are linked to the root; secondary ones to themselves
        self.L[0] = primary
        self.R[primary] = 0
        for c in range(primary + 1, size):
            self.L[c] = self.R[c] = c

    def add_row(self, row: int, cols: list[int]) -> None:
        first = -1
        for col in cols:
            c = col + 1
            x = len(self.C)
            self.C.append(c)
            self.row.append(row)
            self.U.append(self.U[c])
            self.D.append(c)
            self.D[self.U[c]] = x
            self.U[c] = x
            self.S[c] += 1
            if first < 0:
                first = x
                self.L.append(x)
                self.R.append(x)
            else:
                self.L.append(self.L[first])
                self.R.append(first)
                self.R[self.L[first]] = x
                self.L[first] = x

    def cover(self, c: int) -> None:
        L, R, U, D, C, S = self.L, self.R, self.U, self.D, self.C, self.S
        R[L[c]] = R[c]
        L[R[c]] = L[c]
        i = D[c]
        while i != c:
            j = R[i]
            while j != i:
                D[U[j]] = D[j]
                U[D[j]] = U[j]
                S[C[j]] -= 1
                j = R[j]
            i = D[i]

    def uncover(self, c: int) -> None:
        L, R, U, D, C, S = self.L, self.R, self.U, self.D, self.C, self.S
        i = U[c]
        while i != c:
            j = L[i]
            while j != i:
                S[C[j]] += 1
                D[U[j]] = j
                U[D[j]] = j
                j = L[j]
            i = U[i]
        R[L[c]] = c
        L[R[c]] = c


def search(grid: Grid, *, limit: int = 1, max_nodes: int = 1_000_000,
           deadline: float | None = None) -> DlxResult:
    """Solve ``grid`` as an exact cover problem, up to ``limit`` solutions.

    >>> from shudu.values.grid import Grid
    >>> r = search(Grid.empty(Grid.empty().rules), limit=2)
    >>> len(r.solutions), r.rows, r.columns
    (2, 729, 324)
    """
    rules = grid.rules
    n = rules.size
    houses = rules.houses
    values = grid.cells
    cell_houses: list[list[int]] = [[] for _ in range(n * n)]
    for h, house in enumerate(houses):
        for c in house.cells:
            cell_houses[c].append(h)
    banned = [0] * (n * n)          # digits a given rules out, per cell
    for c, v in enumerate(values):
        if v:
            for p in rules.peers[c]:
                banned[p] |= 1 << (v - 1)
    # primary columns: each empty cell, each (house, digit) no given fills
    col_of: dict[tuple[object, ...], int] = {}
    for c in range(n * n):
        if not values[c]:
            col_of[("cell", c)] = len(col_of)
    for h, house in enumerate(houses):
        present = {values[c] for c in house.cells}
        for d in range(1, n + 1):
            if d not in present:
                col_of[("house", h, d)] = len(col_of)
    primary = len(col_of)
    # secondary columns: two empty cells a knight's / king's move apart, per digit
    pairs: list[list[tuple[int, int]]] = [[] for _ in range(n * n)]
    for c in range(n * n):
        if values[c]:
            continue
        mates = {x for h in cell_houses[c] for x in houses[h].cells}
        for p in rules.peers[c]:
            if p > c and p not in mates and not values[p]:
                pairs[c].append((c, p))
                pairs[p].append((c, p))
    secondary: dict[tuple[int, int, int], int] = {}
    for c in range(n * n):
        for a, b in pairs[c]:
            if a == c:
                for d in range(1, n + 1):
                    secondary[(a, b, d)] = primary + len(secondary)
    links = _Links(primary + len(secondary), primary)
    row_cd: list[tuple[int, int]] = []
    for c in range(n * n):
        if values[c]:
            continue
        for d in range(1, n + 1):
            if banned[c] >> (d - 1) & 1:
                continue
            cols = [col_of[("cell", c)]]
            cols.extend(col_of[("house", h, d)] for h in cell_houses[c])
            cols.extend(secondary[(a, b, d)] for a, b in pairs[c])
            links.add_row(len(row_cd), cols)
            row_cd.append((c, d))

    found: list[Grid] = []
    chosen: list[int] = []
    nodes = 0
    L, R, D, C, S, row = links.L, links.R, links.D, links.C, links.S, links.row

    def solve() -> None:
        nonlocal nodes
        nodes += 1
        if nodes > max_nodes or (deadline is not None and nodes & 1023 == 0
                                 and time.monotonic() > deadline):
            raise _Budget
        if R[0] == 0:
            out = bytearray(values)
            for r in chosen:
                c, d = row_cd[r]
                out[c] = d
            found.append(Grid._trusted(rules, bytes(out)))
            return
        col, best = 0, -1
        c = R[0]
        while c != 0:
            if best < 0 or S[c] < best:
                col, best = c, S[c]
                if best <= 1:
                    break
            c = R[c]
        if best == 0:
            return
        links.cover(col)
        r = D[col]
        while r != col:
            chosen.append(row[r])
            j = R[r]
            while j != r:
                links.cover(C[j])
                j = R[j]
            solve()
            j = L[r]
            while j != r:
                links.uncover(C[j])
                j = L[j]
            chosen.pop()
            if len(found) >= limit:
                break
            r = D[r]
        links.uncover(col)

    complete = True
    try:
        solve()
    except _Budget:
        complete = False
        nodes = min(nodes, max_nodes)
    return DlxResult(tuple(found), nodes, len(row_cd), primary + len(secondary), complete)
