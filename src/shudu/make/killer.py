"""Killer puzzles made from scratch: a cage layout cut from a random solution, cages split
where the engine finds two solutions and merged while one solution stays, no givens.

1. A random complete grid (:func:`~shudu.make.classic.random_solution`).
2. Cages grown from random cells over neighbouring cells, two to four cells each, never
   repeating a digit of the grid; each cage's total is what the grid holds there.
3. While the engine finds two solutions, the cage holding a cell where they differ is
   split (a cell on its own is a cage of one: a given in all but name).
4. Neighbouring cages are merged, in a random order, as long as one solution remains:
   fewer, larger cages make a harder puzzle.
5. With a grade or score to meet, merging goes only as far as the rater needs (the cage
   techniques on the extension of the SE scale): it rates the layouts after 1, 3, 7 ...
   merges until one is too hard, then halves the gap, since each merge makes the puzzle
   about as hard or harder (:func:`~shudu.make.classic.meet_along`); other merges are tried
   from the last layout below the target; when none meets it, a fresh grid is tried.

>>> g = generate_killer(seed=3)
>>> g.puzzle.clue_count, len(g.rules.constraints) < 40
(0, True)
>>> from shudu.solving import engine
>>> engine.count(g.puzzle, 2)
1
"""

from __future__ import annotations

import functools
import random
import time
from typing import Any

from ..errors import GenerationError
from ..solving import engine
from ..values.constraints import Cage
from ..values.grid import Grid
from ..values.rules import Rules
from .classic import ClueRun, Generated, meet_along, random_solution

__all__ = ["generate_killer"]

MAX_CAGE = 6
"""The most cells a merge may make a cage."""


def _neighbours(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    return [(r + dr) * n + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < n and 0 <= c + dc < n]


def _layout(solution: bytes, n: int, rng: random.Random) -> list[list[int]]:
    """Cages of two to four neighbouring cells (fewer where the grid leaves no room)."""
    owner = [-1] * (n * n)
    cages: list[list[int]] = []
    for start in rng.sample(range(n * n), n * n):
        if owner[start] >= 0:
            continue
        cage = [start]
        owner[start] = len(cages)
        want = rng.choice((2, 2, 3, 3, 3, 4))
        while len(cage) < want:
            near = [x for c in cage for x in _neighbours(c, n) if owner[x] < 0
                    and solution[x] not in {solution[y] for y in cage}]
            if not near:
                break
            pick = rng.choice(near)
            owner[pick] = len(cages)
            cage.append(pick)
        cages.append(cage)
    return cages


def _rules(base: Rules, cages: list[list[int]], solution: bytes) -> Rules:
    return base.replace(constraints=tuple(
        Cage(tuple(sorted(c)), sum(solution[x] for x in c)) for c in cages))


def _puzzle(base: Rules, solution: bytes, cages: list[list[int]]) -> Grid:
    return Grid(bytes(base.ncells), _rules(base, cages, solution))


def _split(cages: list[list[int]], cell: int, n: int) -> None:
    """Split the cage holding ``cell``: the cell leaves it (as a cage of its own), and what
    is left falls into its connected parts."""
    k = next(i for i, c in enumerate(cages) if cell in c)
    if len(cages[k]) == 1:
        return
    rest = set(cages.pop(k)) - {cell}
    cages.append([cell])
    while rest:
        part, todo = [], [rest.pop()]
        while todo:
            x = todo.pop()
            part.append(x)
            near = [y for y in _neighbours(x, n) if y in rest]
            rest.difference_update(near)
            todo += near
        cages.append(part)


def _unique(base: Rules, cages: list[list[int]], solution: bytes,
            rng: random.Random) -> list[list[int]]:
    """Split cages until the engine finds one solution."""
    n = base.size
    while True:
        search = engine.solutions(Grid(bytes(n * n), _rules(base, cages, solution)))
        first = next(search)
        second = next(search, None)
        if second is None:
            return cages
        differ = [c for c in range(n * n) if first.cells[c] != second.cells[c]]
        _split(cages, rng.choice(differ), n)


def _merge_once(base: Rules, cages: list[list[int]], solution: bytes, rng: random.Random,
                tried: set[tuple[int, ...]]) -> list[list[int]] | None:
    """The layout after one random merge of two neighbouring cages that keeps one
    solution (merges in ``tried`` are passed over, and the ones tried are added), or
    ``None`` when no merge does."""
    n = base.size
    owner = {x: i for i, c in enumerate(cages) for x in c}
    pairs = sorted({tuple(sorted((owner[a], owner[b]))) for a in owner
                    for b in _neighbours(a, n) if owner[a] != owner[b]})
    while True:
        options = []
        for i, j in pairs:
            union = cages[i] + cages[j]
            key = tuple(sorted(union))
            if len(union) <= MAX_CAGE and key not in tried and \
                    len({solution[x] for x in union}) == len(union):
                options.append((i, j, key))
        if not options:
            return None
        i, j, key = rng.choice(options)
        tried.add(key)
        trial = [c for k, c in enumerate(cages) if k not in (i, j)] + [cages[i] + cages[j]]
        if engine.count(Grid(bytes(n * n), _rules(base, trial, solution)), 2) == 1:
            return trial


def _merge_step(base: Rules, solution: bytes, rng: random.Random,
                cages: list[list[int]]) -> list[list[int]] | None:
    return _merge_once(base, cages, solution, rng, set())


def _grow(base: Rules, history: list[list[list[int]]], solution: bytes,
          rng: random.Random, deadline: float | None, tried: set[tuple[int, ...]]) -> bool:
    """Add to ``history`` its last layout with one more merge that keeps one solution;
    False when none is left or the time is up."""
    if deadline is not None and time.monotonic() > deadline:
        return False
    cages = _merge_once(base, history[-1], solution, rng, tried)
    if cages is not None:
        history.append(cages)
    return cages is not None


def _merge(base: Rules, history: list[list[list[int]]], solution: bytes,
           rng: random.Random, deadline: float | None) -> None:
    """Merge neighbouring cages while one solution stays, adding each layout on the way to
    ``history`` (its last layout is where merging starts)."""
    tried: set[tuple[int, ...]] = set()
    while _grow(base, history, solution, rng, deadline, tried):
        pass


def generate_killer(rules: Rules | str | None = None, *, seed: int | None = None,
                    grade: str | None = None, score: Any = None, rated: bool = False,
                    attempts: int | None = None, timeout: float | None = None) -> Generated:
    """One killer puzzle with a unique solution and no givens (see the module text).

    ``rules``: the geometry and variants beside the cages (classic 9x9 by default; grids
    up to 16x16); ``seed`` reproduces the puzzle; ``grade`` or ``score`` a difficulty to
    meet (the rating, on the extension of the SE scale, comes with the result, as with
    ``rated=True``); ``attempts`` (default 20) bounds the fresh grids tried and
    ``timeout`` the seconds spent, after which :class:`GenerationError` is raised.

    >>> g = generate_killer(seed=4, grade="easy")
    >>> g.rating.grade, g.rating.solved
    ('easy', True)
    """
    run = ClueRun.of("killer", rules, seed, grade, score, attempts, timeout)
    base, target, seed, rng, deadline, limit = (run.base, run.target, run.seed, run.rng,
                                                run.deadline, run.limit)
    for tries in range(1, limit + 1):
        solution = random_solution(base, seed=rng.randrange(2**62)).cells
        history = [_unique(base, _layout(solution, base.size, rng), solution, rng)]
        if target is not None:
            more = functools.partial(_grow, base, history, solution, rng, deadline, set())
            found = meet_along(history, functools.partial(_puzzle, base, solution), target,
                               functools.partial(_merge_step, base, solution, rng), more=more)
            if found is None:
                if deadline is not None and time.monotonic() > deadline:
                    break
                continue
            puzzle, rating = found
        else:
            _merge(base, history, solution, rng, deadline)
            puzzle, rating = _puzzle(base, solution, history[-1]), None
            if rated:
                from ..rating.rater import rate

                rating = rate(puzzle)
        return Generated(puzzle, Grid._trusted(puzzle.rules, solution), seed, rating, "none",
                         None, tries)
    raise GenerationError(f"no killer puzzle {'at that difficulty ' if target else ''}"
                          f"in {limit} attempts")
