"""Thermometer, arrow, Kropki and line puzzles made from scratch, each with one solution.

1. A random complete grid (:func:`~shudu.make.classic.random_solution`).
2. Clues of the kind read off that grid:

   * **thermo**: paths of three to seven cells, each a king step from the last and
     holding a larger digit (small steps first, so the thermometers grow long);
   * **arrow**: a circle and a shaft of one to three cells, king steps from the circle,
     whose digits add up to the circle's digit;
   * **kropki**: a dot between every two side neighbours that are consecutive (white) or
     double (black; a 1 beside a 2 gets either), and on half the puzzles the negative
     rule (no dot: neither), which makes every dot a clue;
   * **between**, **lockout**, **region-sum**, **zipper**, **modular**, **entropic**:
     lines of three to seven cells (zippers: three, five or seven, around a middle
     cell), each a king step from the last, apart from each other, drawn at random and
     kept when the grid keeps them.
   * **x-sum**, **skyscraper**: the clue of every row and column from both sides;
   * **quadruple**: on a third of the corners of four cells, two to four of their digits;
   * **diagonal-dots**: a Kropki dot (consecutive or double) or an X or V (adding to 10
     or 5) on the corner of every two diagonal neighbours that make one.

3. Givens start as the whole grid and are removed in a random order while the engine
   finds one solution; then each clue of the kind is dropped the same way (not with the
   negative rule, where a missing dot says something).
4. With a grade or score to meet, the rater walks the puzzles along the way (the
   constraint techniques on the extension of the SE scale), halving the run as a binary
   search would, since each removal makes the puzzle about as hard or harder
   (:func:`~shudu.make.classic.meet_along`); other removals are tried from the last puzzle
   below the target; when none meets it, a fresh grid is tried.

>>> g = generate_variant("thermo", seed=5)
>>> from shudu.solving import engine
>>> engine.count(g.puzzle, 2), g.puzzle.clue_count < 40, g.rules.constraints[0].kind
(1, True, 'thermo')
"""

from __future__ import annotations

import functools
import random
import time
from typing import Any

from ..errors import GenerationError
from ..solving import engine
from ..values.constraints import (
    XV,
    Arrow,
    Between,
    Entropic,
    Kropki,
    Lockout,
    Modular,
    Negative,
    Quadruple,
    RegionSum,
    Thermo,
    Zipper,
)
from ..values.constraints.outside import Skyscraper, XSum, house_clue_lines
from ..values.grid import Grid
from ..values.rules import Rules
from .classic import ClueRun, Generated, meet_along, random_solution

__all__ = ["KINDS", "generate_variant"]

LINE_KINDS = ("between", "lockout", "region-sum", "zipper", "modular", "entropic")
"""The lines :func:`generate_variant` makes puzzles of."""

KINDS = ("thermo", "arrow", "kropki", "x-sum", "skyscraper", "quadruple", "diagonal-dots",
         *LINE_KINDS)
"""The kinds of clue :func:`generate_variant` makes puzzles of."""


def _king(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    return [(r + dr) * n + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n]


def _thermos(solution: bytes, n: int, rng: random.Random) -> list[Any]:
    used: set[int] = set()
    out: list[Any] = []
    for start in rng.sample(range(n * n), n * n):
        if start in used or solution[start] > n - 2:
            continue
        path, want = [start], rng.randint(3, 7)
        while len(path) < want:
            last = path[-1]
            steps = [x for x in _king(last, n) if x not in used and x not in path
                     and solution[x] > solution[last]]
            if not steps:
                break
            low = min(solution[x] for x in steps)
            path.append(rng.choice([x for x in steps if solution[x] <= low + 1]))
        if len(path) >= 3:
            out.append(Thermo(tuple(path)))
            used.update(path)
    return out


def _shaft(solution: bytes, n: int, circle: int, used: set[int],
           rng: random.Random) -> tuple[int, ...] | None:
    """A shaft of one to three king steps from ``circle`` adding up to its digit."""
    want = solution[circle]

    def grow(path: list[int], total: int) -> tuple[int, ...] | None:
        if total == want and len(path) > 1:
            return tuple(path[1:])
        if len(path) > 3 or total >= want:
            return None
        steps = [x for x in _king(path[-1], n) if x not in used and x not in path]
        for x in rng.sample(steps, len(steps)):
            found = grow([*path, x], total + solution[x])
            if found is not None:
                return found
        return None

    return grow([circle], 0)


def _arrows(solution: bytes, n: int, rng: random.Random) -> list[Any]:
    used: set[int] = set()
    out: list[Any] = []
    for circle in rng.sample(range(n * n), n * n):
        if circle in used or solution[circle] < 3 or len(out) >= 2 * n:
            continue
        shaft = _shaft(solution, n, circle, used | {circle}, rng)
        if shaft is not None:
            out.append(Arrow((circle,), shaft))
            used.update((circle, *shaft))
    return out


def _dots(solution: bytes, n: int, rng: random.Random) -> list[Any]:
    out: list[Any] = []
    for a in range(n * n):
        for b in (a + 1 if a % n < n - 1 else -1, a + n if a + n < n * n else -1):
            if b < 0:
                continue
            x, y = solution[a], solution[b]
            white, black = abs(x - y) == 1, x == 2 * y or y == 2 * x
            if white and black:
                white = rng.random() < 0.5
            if white or black:
                out.append(Kropki((a, b), "white" if white else "black"))
    return out


_LINES: dict[str, Any] = {"between": Between, "lockout": Lockout, "region-sum": RegionSum,
                          "zipper": Zipper, "modular": Modular, "entropic": Entropic}


def _lines(kind: str, solution: bytes, n: int, rng: random.Random) -> list[Any]:
    """Lines of ``kind`` that the grid keeps: random king walks of three to seven cells
    apart from each other, each kept when the solution keeps it."""
    make = _LINES[kind]
    used: set[int] = set()
    out: list[Any] = []
    for _ in range(n * n * 12):
        start = rng.randrange(n * n)
        if start in used:
            continue
        path, want = [start], rng.choice((3, 5, 7)) if kind == "zipper" else rng.randint(3, 7)
        while len(path) < want:
            steps = [x for x in _king(path[-1], n) if x not in used and x not in path]
            if not steps:
                break
            path.append(rng.choice(steps))
        if len(path) == want and (line := make(tuple(path))).check(solution):
            out.append(line)
            used.update(path)
    return out



def _house_clues(cls: Any, solution: bytes, n: int) -> list[Any]:
    out: list[Any] = []
    for line in house_clue_lines(n):
        digits = [solution[c] for c in line]
        if cls is XSum:
            out.append(XSum(line, sum(digits[:digits[0]])))
        else:
            seen = sum(1 for i, d in enumerate(digits) if d > max(digits[:i], default=0))
            out.append(Skyscraper(line, seen))
    return out


def _quadruples(solution: bytes, n: int, rng: random.Random) -> list[Any]:
    out: list[Any] = []
    for r in range(n - 1):
        for c in range(n - 1):
            if rng.random() < 1 / 3:
                cells = (r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1)
                held = [solution[x] for x in cells]
                out.append(Quadruple(cells, tuple(rng.sample(held, rng.randint(2, 4)))))
    return out


def _diagonal_dots(solution: bytes, n: int, rng: random.Random) -> list[Any]:
    out: list[Any] = []
    for r in range(n - 1):
        for c in range(n - 1):
            for a, b in ((r * n + c, (r + 1) * n + c + 1), (r * n + c + 1, (r + 1) * n + c)):
                x, y = solution[a], solution[b]
                if x + y in (5, 10):
                    out.append(XV((a, b), x + y))
                elif abs(x - y) == 1:
                    out.append(Kropki((a, b), "white"))
                elif x == 2 * y or y == 2 * x:
                    out.append(Kropki((a, b), "black"))
    return out



_MAKERS: dict[str, Any] = {
    "thermo": _thermos, "arrow": _arrows, "kropki": _dots,
    "x-sum": lambda s, n, rng: _house_clues(XSum, s, n),
    "skyscraper": lambda s, n, rng: _house_clues(Skyscraper, s, n),
    "quadruple": _quadruples, "diagonal-dots": _diagonal_dots,
    **{k: functools.partial(_lines, k) for k in LINE_KINDS}}


def _unique(grid: Grid) -> bool:
    return engine.count(grid, 2) == 1


def _thin(base: Rules, clues: list[Any], fixed: tuple[Any, ...], solution: bytes,
          rng: random.Random, deadline: float | None, drop_clues: bool) -> list[Grid] | None:
    """The puzzles on the way to as few givens (then clues) as one solution allows, each
    with one given or clue fewer than the one before; None when time runs out."""
    n2 = base.ncells
    rules = base.replace(constraints=(*clues, *fixed))
    givens = bytearray(solution)
    history = [Grid(bytes(givens), rules)]
    for cell in rng.sample(range(n2), n2):
        if deadline is not None and time.monotonic() > deadline:
            return None
        keep, givens[cell] = givens[cell], 0
        if _unique(Grid(bytes(givens), rules)):
            history.append(Grid(bytes(givens), rules))
        else:
            givens[cell] = keep
    if drop_clues:
        for clue in rng.sample(clues, len(clues)):
            if deadline is not None and time.monotonic() > deadline:
                break
            trial = [c for c in clues if c != clue]
            fewer = base.replace(constraints=(*trial, *fixed))
            if _unique(Grid(bytes(givens), fewer)):
                clues, rules = trial, fewer
                history.append(Grid(bytes(givens), rules))
    return history


def _thin_once(kind: str, rng: random.Random, grid: Grid) -> Grid | None:
    """``grid`` with one random given (else one clue of ``kind``, unless the negative
    rule makes every clue count) fewer that keeps one solution, or ``None``."""
    cells = [c for c, v in enumerate(grid.cells) if v]
    for cell in rng.sample(cells, len(cells)):
        givens = bytearray(grid.cells)
        givens[cell] = 0
        if _unique(trial := Grid(bytes(givens), grid.rules)):
            return trial
    constraints = grid.rules.constraints
    if any(isinstance(c, Negative) for c in constraints):
        return None
    clues = [c for c in constraints if c.kind == kind
             or (kind == "diagonal-dots" and c.kind in ("kropki", "xv"))]
    for clue in rng.sample(clues, len(clues)):
        fewer = grid.rules.replace(constraints=tuple(c for c in constraints if c != clue))
        if _unique(trial := Grid(grid.cells, fewer)):
            return trial
    return None


def generate_variant(kind: str, rules: Rules | str | None = None, *, seed: int | None = None,
                     grade: str | None = None, score: Any = None, rated: bool = False,
                     attempts: int | None = None, timeout: float | None = None) -> Generated:
    """One puzzle of ``kind`` (``thermo``, ``arrow``, ``kropki``, ``x-sum``,
    ``skyscraper``, ``quadruple``, ``diagonal-dots`` or a line of :data:`LINE_KINDS`) with
    a unique solution (see the module text).

    ``rules``: the geometry and variants beside the clues (classic 9x9 by default; up to
    16x16); ``seed`` reproduces the puzzle; ``grade`` or ``score`` a difficulty to meet
    (the rating comes with the result, as with ``rated=True``); ``attempts`` (default 20)
    bounds the fresh grids tried and ``timeout`` the seconds spent, after which
    :class:`GenerationError` is raised.

    >>> g = generate_variant("kropki", seed=2, grade="easy")
    >>> g.rating.grade, {c.kind for c in g.rules.constraints} >= {"kropki"}
    ('easy', True)
    """
    if kind not in _MAKERS:
        raise GenerationError(f"expected a kind among {', '.join(KINDS)}, not {kind!r}")
    run = ClueRun.of(kind, rules, seed, grade, score, attempts, timeout)
    base, target, seed, rng, deadline, limit = (run.base, run.target, run.seed, run.rng,
                                                run.deadline, run.limit)
    for tries in range(1, limit + 1):
        if deadline is not None and time.monotonic() > deadline:
            break
        solution = random_solution(base, seed=rng.randrange(2**62)).cells
        clues = [c for c in _MAKERS[kind](solution, base.size, rng)
                 if c.check(solution, base)]    # a region-sum line on base's own regions
        negative = kind == "kropki" and rng.random() < 0.5
        fixed = (Negative("kropki"),) if negative else ()
        history = _thin(base, clues, fixed, solution, rng, deadline, not negative)
        if history is None:
            break
        puzzle, rating = history[-1], None
        if target is not None:
            found = meet_along(history, lambda grid: grid, target,
                               functools.partial(_thin_once, kind, rng))
            if found is None:
                continue
            puzzle, rating = found
        elif rated:
            from ..rating.rater import rate

            rating = rate(puzzle)
        return Generated(puzzle, Grid._trusted(puzzle.rules, solution), seed, rating, "none",
                         None, tries)
    raise GenerationError(f"no {kind} puzzle {'at that difficulty ' if target else ''}"
                          f"in {limit} attempts" + (" within the time" if deadline else ""))
