"""A genetic algorithm: a population of filled grids bred towards zero conflicts.

An individual keeps the givens and fills each row with that row's missing digits in some
order (:class:`~shudu.solving.methods.board.Board`); its fitness is its number of conflicts in
columns, boxes and other houses (0 is a solution).  Each generation keeps the best few
(elitism), picks parents by tournament, mixes them row by row (uniform crossover) and
mutates children by swapping two free cells of a row.  After a long stall the population
is refreshed around the best individual.  Nothing guarantees success: the result says
whether a solution was reached within the generation budget.

>>> from shudu.values.grid import Grid
>>> r = search(Grid(".234341221434321", check=False), generations=10, seed=1)
>>> r.reached, r.best, str(r.solution)
(True, 0, '1234341221434321')
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ...values.grid import Grid
from .board import Board

__all__ = ["GaResult", "search"]


@dataclass(frozen=True)
class GaResult:
    """``reached``: a solution was found (``solution``, checked against the rules);
    ``generations`` run; ``best`` fitness (conflicts) of the best individual; ``curve``
    the best fitness at the start and after each generation."""

    solution: Grid | None
    reached: bool
    generations: int
    best: int
    curve: tuple[int, ...]


def search(grid: Grid, *, generations: int = 500, population: int = 100, seed: int | None = 0,
           tournament: int = 3, crossover: float = 0.8, mutation: float = 0.8,
           elite: int = 2, stall: int = 50, deadline: float | None = None) -> GaResult:
    """Evolve fillings of ``grid`` for at most ``generations`` generations.

    >>> from shudu.values.grid import Grid
    >>> r = search(Grid("." * 81), generations=3, population=10, seed=4)
    >>> r.generations, len(r.curve), r.reached
    (3, 4, False)
    """
    board = Board(grid)
    rng = random.Random(seed)
    pop = [board.random_fill(rng) for _ in range(population)]
    fit = [board.cost(v) for v in pop]
    curve: list[int] = []
    best_i = min(range(population), key=fit.__getitem__)
    best, best_values = fit[best_i], pop[best_i]
    curve.append(best)
    since = 0
    gen = 0
    while best > 0 and gen < generations:
        if deadline is not None and time.monotonic() > deadline:
            break
        gen += 1
        order = sorted(range(population), key=fit.__getitem__)
        nxt = [list(pop[i]) for i in order[:elite]]
        while len(nxt) < population:
            a = _pick(rng, fit, tournament)
            b = _pick(rng, fit, tournament)
            child = _cross(board, pop[a], pop[b], rng) if rng.random() < crossover else list(
                pop[a])
            while rng.random() < mutation:
                _mutate(board, child, rng)
            nxt.append(child)
        pop = nxt
        fit = [board.cost(v) for v in pop]
        i = min(range(population), key=fit.__getitem__)
        if fit[i] < best:
            best, best_values, since = fit[i], list(pop[i]), 0
        else:
            since += 1
        curve.append(best)
        if since >= stall:            # refresh: keep the best, the rest anew
            pop = [list(best_values)] + [board.random_fill(rng) for _ in range(population - 1)]
            fit = [board.cost(v) for v in pop]
            since = 0
    solution = None
    if best == 0 and board.is_solution(best_values):
        solution = Grid._trusted(grid.rules, bytes(best_values))
    return GaResult(solution, solution is not None, gen, best, tuple(curve))


def _pick(rng: random.Random, fit: list[int], k: int) -> int:
    """Tournament selection: the fittest of ``k`` individuals drawn at random."""
    best = rng.randrange(len(fit))
    for _ in range(k - 1):
        i = rng.randrange(len(fit))
        if fit[i] < fit[best]:
            best = i
    return best


def _cross(board: Board, a: list[int], b: list[int], rng: random.Random) -> list[int]:
    """Uniform crossover by rows: each row of the child comes whole from one parent."""
    child = list(a)
    for free in board.free:
        if free and rng.random() < 0.5:
            for c in free:
                child[c] = b[c]
    return child


def _mutate(board: Board, values: list[int], rng: random.Random) -> None:
    """Swap two free cells of a random row (the row stays a permutation)."""
    if not board.swappable:
        return
    x, y = board.legal_pair(values, rng)
    values[x], values[y] = values[y], values[x]
