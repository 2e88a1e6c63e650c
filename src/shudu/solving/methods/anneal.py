"""Simulated annealing: random swaps in a filled grid, accepted by temperature.

The state is a filling of the grid that keeps the givens and makes every row a
permutation (:class:`~shudu.solving.methods.board.Board`); its energy is the number of conflicts
(0 is a solution).  A move swaps two free cells of one row; a move that lowers the energy
is always kept, one that raises it by ``delta`` with probability ``exp(-delta / T)``.
The temperature falls geometrically over the iteration budget and is raised again when
the search stalls.  Nothing guarantees success: the result says whether a solution was
reached within the budget.

>>> from shudu.values.grid import Grid
>>> r = search(Grid(".234341221434321", check=False), iterations=100, seed=1)
>>> r.reached, r.best, str(r.solution)
(True, 0, '1234341221434321')
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ...values.grid import Grid
from .board import Board

__all__ = ["AnnealResult", "search"]

CURVE_POINTS = 200
"""How many points of the energy curve a result keeps (evenly spaced)."""


@dataclass(frozen=True)
class AnnealResult:
    """``reached``: a solution was found (``solution``, checked against the rules);
    ``iterations`` run; ``best`` energy (conflicts) seen; ``curve`` the best energy at
    evenly spaced iterations."""

    solution: Grid | None
    reached: bool
    iterations: int
    best: int
    curve: tuple[int, ...]


def search(grid: Grid, *, iterations: int = 200_000, seed: int | None = 0,
           start: float = 0.8, end: float = 0.2, stall: int = 20_000,
           deadline: float | None = None) -> AnnealResult:
    """Anneal a filling of ``grid`` for at most ``iterations`` moves.

    >>> from shudu.values.grid import Grid
    >>> r = search(Grid("." * 81), iterations=50, seed=4)
    >>> r.iterations, r.reached
    (50, False)
    """
    board = Board(grid)
    rng = random.Random(seed)
    n = board.n
    values = board.random_fill(rng)
    counts = [[0] * (n + 1) for _ in board.houses]
    for h, cells in enumerate(board.houses):
        for c in cells:
            counts[h][values[c]] += 1
    energy = board.cost(values)
    best, best_values = energy, list(values)
    cell_houses, extra = board.cell_houses, board.extra
    swappable = board.swappable
    every = max(1, iterations // CURVE_POINTS)
    curve: list[int] = []
    cool = (end / start) ** (1 / max(1, iterations))
    temp = start
    since = 0

    def swap(a: int, b: int) -> int:
        """Swap two cells of a row; returns the change of energy."""
        va, vb = values[a], values[b]
        delta = 0
        for p in extra[a]:
            delta -= values[p] == va
        for p in extra[b]:
            delta -= values[p] == vb
        for cell, old, new in ((a, va, vb), (b, vb, va)):
            for h in cell_houses[cell]:
                cnt = counts[h]
                cnt[old] -= 1
                if cnt[old] >= 1:
                    delta -= 1
                if cnt[new] >= 1:
                    delta += 1
                cnt[new] += 1
        values[a], values[b] = vb, va
        for p in extra[a]:
            delta += values[p] == vb
        for p in extra[b]:
            delta += values[p] == va
        return delta

    done = 0
    while best > 0 and done < iterations and swappable:
        if deadline is not None and done & 1023 == 0 and time.monotonic() > deadline:
            break
        done += 1
        a, b = board.legal_pair(values, rng)
        delta = swap(a, b)
        if delta <= 0 or rng.random() < math.exp(-delta / temp):
            energy += delta
            if energy < best:
                best, best_values, since = energy, list(values), 0
            else:
                since += 1
        else:
            swap(a, b)
            since += 1
        temp *= cool
        if since >= stall:             # reheat
            temp, since = start, 0
        if done % every == 0:
            curve.append(best)
    if not curve or done % every:
        curve.append(best)
    solution = None
    if best == 0 and board.is_solution(best_values):
        solution = Grid._trusted(grid.rules, bytes(best_values))
    return AnnealResult(solution, solution is not None, done, best, tuple(curve))
