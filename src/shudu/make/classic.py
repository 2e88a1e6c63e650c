"""Puzzle generation: a random full grid, clues removed while the solution stays unique.

:func:`generate` makes one puzzle and :func:`generate_many` a stream of them.  Every
puzzle has exactly one solution (checked by the C engine, ``count(..., limit=2)``).
Options choose the clue layout and the difficulty:

* ``symmetry``: ``"none"``, ``"180"`` (rotational), ``"90"`` (quarter turn),
  ``"mirror"`` (left-right) or ``"diagonal"`` (main diagonal); clues are removed one
  orbit of cells at a time, so the givens keep that symmetry;
* ``pattern``: exactly which cells are givens (a mask such as 81 characters of ``x``
  and ``.``), retried over fresh solution grids until one gives a unique puzzle;
* ``minimal``: no clue can be removed without losing uniqueness.  With a symmetry,
  "minimal" means no *orbit* can be removed (removing a single cell would break the
  symmetry).  Plain digging always ends minimal in this sense, because every orbit is
  tried once in a random order and a removal that fails can never succeed later; the
  flag matters for targets (which may add clues back) and patterns (checked);
* ``grade`` / ``score``: a target on the Sudoku Explainer scale, checked by
  :func:`shudu.rating.rater.rate`.  Without any target (no grade, score, technique or
  pattern) every rule set aims at :data:`DEFAULT_TARGET`, beginner to hard (a score
  below 7.0): a dug puzzle rated higher gets clues back until the rating walk needs
  nothing harder, so such a puzzle need not be minimal.  ``minimal=True`` without a
  target, or ``score="0+"``, asks for any score: plain, minimal digging (minimal
  puzzles of some rule sets, anti-knight for one, nearly all rate 7.0 or more).  A target
  above what a size can reach (:data:`SCORE_CEILINGS`: every 4x4 puzzle falls to hidden
  singles) is refused at once;
* ``technique``: the puzzle needs that technique *in the order that rates it*: the
  hardest step of :func:`shudu.rating.rater.rate`'s walk is the technique, so the rating
  shows it and nothing harder.  :func:`supported_targets` (and :data:`TARGETS`) tell
  which techniques can be aimed at; another one is refused at once.  For classic 9x9
  puzzles and the techniques of :data:`LOGIC9_LEVELS` (X-Wing among them) the C logic
  solver (``accel9.solve_basic``) first makes a puzzle that :func:`requires` the technique;
  for Empty Rectangle and W-Wing (:data:`WALK_TARGETS`) the rating ladder is walked on
  a dug puzzle, a clue added wherever the walk would need anything but the target;
  otherwise clues are added back to a dug puzzle until the rating walk needs nothing
  above the technique's weight.  Either way the rating walk has the last word.
* sizes: grids of more than :data:`GUESS_FREE_FROM` cells (25x25) are dug only while
  the engine solves them without guessing (unique, not minimal), so that every check
  stays cheap; ``minimal=True`` is refused for them.

When a target cannot be met within ``attempts`` fresh tries (or ``timeout`` seconds),
:class:`GenerationError` is raised: generation never hangs.  The clock is checked
inside an attempt too (after each uniqueness check while digging, each clue added back
and each rating step), so ``timeout`` holds for every size and target.

>>> g = generate(seed=7)
>>> g.puzzle.clue_count < 30, g.solution.is_solution_of(g.puzzle)
(True, True)
>>> generate(seed=7).puzzle == g.puzzle
True
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from ..errors import GenerationError, ParseError
from ..logic import accel9
from ..logic.weighed import Rung, pattern_moves, se_ladder
from ..rating.rater import GRADES, score_range
from ..solving.engine import counter, first_solution
from ..values.grid import Grid
from ..values.rules import CLASSIC, Rules

if TYPE_CHECKING:
    from ..logic.registry import Technique
    from ..rating.rater import Rating
    from ..values.candidates import Candidates

__all__ = [
    "DEFAULT_ATTEMPTS",
    "DEFAULT_TARGET",
    "GRADE_RANGES",
    "GUESS_FREE_FROM",
    "LOGIC9_LEVELS",
    "SCORE_CEILINGS",
    "SYMMETRIES",
    "TARGETS",
    "WALK_TARGETS",
    "Generated",
    "GenerationError",
    "dig",
    "generate",
    "generate_many",
    "is_minimal",
    "is_symmetric",
    "logic_dig",
    "orbits",
    "parse_pattern",
    "parse_score",
    "random_solution",
    "requires",
    "supported_targets",
]

SYMMETRIES = ("none", "180", "90", "mirror", "diagonal")
"""Clue symmetries understood by :func:`generate`."""

_SYMMETRY_ALIASES = {
    "": "none", "no": "none", "off": "none", "rotational": "180", "rotate": "180",
    "r180": "180", "180": "180", "90": "90", "r90": "90", "quarter": "90",
    "mirror": "mirror", "horizontal": "mirror", "lr": "mirror", "left-right": "mirror",
    "diagonal": "diagonal", "diag": "diagonal", "transpose": "diagonal", "none": "none",
}

GRADE_RANGES: dict[str, tuple[float, float]] = {g: score_range(g) for g in GRADES}
"""Sudoku Explainer score range ``[low, high)`` of each grade."""

LOGIC9_LEVELS: dict[str, int] = {
    key: accel9.LEVEL_OF[key]
    for key in ("naked-single", "pointing", "claiming", "naked-pair", "x-wing", "hidden-pair",
                "naked-triple", "swordfish", "hidden-triple", "naked-quad", "jellyfish",
                "hidden-quad")
}
"""Technique targets met by digging with the C 9x9 logic solver: key -> its level there.

Levels run easiest first: 0 hidden single (and full house), 1 naked single, 2 pointing,
3 claiming, 4 naked pair (locked pairs included), 5 X-Wing, 6 hidden pair, 7 naked
triple (locked triples included), 8 Swordfish, 9 hidden triple, 10 naked quad,
11 Jellyfish, 12 hidden quad."""

TARGETS: dict[str, float] = {
    "hidden-single": 1.5, "naked-single": 2.3, "pointing": 2.6, "claiming": 2.8,
    "naked-pair": 3.0, "x-wing": 3.2, "hidden-pair": 3.4, "naked-triple": 3.6,
    "swordfish": 3.8, "hidden-triple": 4.0, "xy-wing": 4.2, "xyz-wing": 4.4,
    "skyscraper": 6.6, "two-string-kite": 6.6, "empty-rectangle": 6.6, "w-wing": 7.1,
}
"""Techniques :func:`generate` can aim at, each with the highest weight the rating walk
(:func:`shudu.rating.rater.rate`) gives it.  A puzzle made for a technique has it as the
hardest step of that walk, the same walk that rates the puzzle.  Other techniques are
never (or too rarely) the hardest step of the walk to be aimed at: see
:func:`supported_targets`."""

DEFAULT_TARGET = (0.0, 7.0)
"""The score range ``[low, high)`` aimed at when no grade, score, technique, pattern or
``minimal`` is given, for every rule set: beginner to hard (Sudoku Explainer below 7.0),
puzzles that need no chains and no forcing."""

SCORE_CEILINGS: dict[int, float] = {4: 1.5}
"""The highest rating a classic puzzle of a size can get, where it is known: every 4x4
puzzle falls to hidden singles (1.2 in a box, 1.5 in a line)."""

WALK_TARGETS = ("empty-rectangle", "w-wing")
"""Technique targets met on classic 9x9 grids by walking the rating ladder on a dug puzzle
and adding a clue whenever the walk would need anything but the target at its weight
(see :meth:`_Job._walk_plant`): the rater names them only when one is the first chain
step it takes, which random clue-adding alone meets too rarely."""

PLANT_TRIES = 4
"""Clue-adding runs tried from one dug puzzle when aiming at a technique or score."""

DEFAULT_ATTEMPTS = 20_000
"""Fresh tries before giving up when neither ``attempts`` nor ``timeout`` is given."""


# ---------------------------------------------------------------------- result
@dataclass(frozen=True)
class Generated:
    """A generated puzzle with its solution, the seed that reproduces it and, when a
    difficulty target was asked for (or ``rated=True``), its rating.

    >>> g = generate(Rules(4), seed=1)
    >>> sorted(g.to_dict())
    ['clues', 'puzzle', 'rating', 'rules', 'seed', 'solution', 'symmetry', 'technique']
    """

    puzzle: Grid
    solution: Grid
    seed: int
    rating: Rating | None = None
    symmetry: str = "none"
    technique: str | None = None
    attempts: int = field(default=1, compare=False)

    @property
    def rules(self) -> Rules:
        """The rules of the puzzle."""
        return self.puzzle.rules

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready description (puzzle and solution as one line each)."""
        rating = None
        if self.rating is not None:
            r = self.rating
            rating = {"score": r.score, "grade": r.grade, "hardest": r.hardest,
                      "solved": r.solved}
        return {
            "puzzle": self.puzzle.to_string(),
            "solution": self.solution.to_string(),
            "rules": self.puzzle.rules.to_dict(),
            "clues": self.puzzle.clue_count,
            "seed": self.seed,
            "symmetry": self.symmetry,
            "technique": self.technique,
            "rating": rating,
        }


# ---------------------------------------------------------------------- engine access
def _counter(rules: Rules) -> Callable[[bytes], tuple[int, int]]:
    """``f(cells) -> (solution count up to 2, engine guesses)`` for one rules value."""
    return counter(rules)


def _remembering(count: Callable[[bytes], tuple[int, int]],
                 size: int = 64) -> Callable[[bytes], tuple[int, int]]:
    """``count`` that remembers its last ``size`` answers: the rating of a dug puzzle
    reuses the uniqueness check the digging already made.

    >>> calls = []
    >>> f = _remembering(lambda cells: calls.append(cells) or (1, 0))
    >>> f(b"a"), f(b"a"), len(calls)
    ((1, 0), (1, 0), 1)
    """
    seen: dict[bytes, tuple[int, int]] = {}

    def remembered(cells: bytes) -> tuple[int, int]:
        key = bytes(cells)
        got = seen.get(key)
        if got is None:
            got = seen[key] = count(key)
            if len(seen) > size:
                del seen[next(iter(seen))]
        return got

    return remembered


def _first_solution(rules: Rules, cells: bytes, seed: int) -> bytes | None:
    return first_solution(rules, cells, seed)


# ---------------------------------------------------------------------- full grids
def _classic_transform(cells: bytes, n: int, box: tuple[int, int], rng: random.Random) -> bytes:
    """Shuffle bands, rows within bands, stacks and columns within stacks (and transpose
    square boxes): every transform maps a valid classic grid to a valid one."""
    br, bc = box

    def order(groups: int, per: int) -> list[int]:
        outer = list(range(groups))
        rng.shuffle(outer)
        out = []
        for g in outer:
            inner = list(range(per))
            rng.shuffle(inner)
            out += [g * per + i for i in inner]
        return out

    rows = order(n // br, br)
    cols = order(n // bc, bc)
    out = bytes(cells[rows[r] * n + cols[c]] for r in range(n) for c in range(n))
    if br == bc and rng.random() < 0.5:
        out = bytes(out[c * n + r] for r in range(n) for c in range(n))
    return out


def random_solution(rules: Rules | None = None, *, seed: int | None = None) -> Grid:
    """A random complete grid for any rules, reproducible with ``seed``.

    The engine searches the empty grid trying digits in a seeded random order; the
    digits are then relabelled at random and, for classic rules of any size, rows and
    columns are shuffled within bands and stacks (and bands and stacks among themselves)
    so the grids spread evenly over the space.

    >>> g = random_solution(seed=3)
    >>> g.is_complete and not g.conflicts()
    True
    >>> random_solution(seed=3) == g, random_solution(seed=4) == g
    (True, False)
    >>> random_solution(Rules(6, diagonals=True), seed=1).is_complete
    True
    """
    rules = rules or CLASSIC
    rng = random.Random(seed)
    return Grid._trusted(rules, _random_solution(rules, rng))


def _random_solution(rules: Rules, rng: random.Random) -> bytes:
    n = rules.size
    givens = bytearray(rules.ncells)
    if rules.is_classic:
        # Any permutation of the digits of the first box is equivalent: fix it at random.
        bc = rules.box[1]  # type: ignore[index]
        digits = list(range(1, n + 1))
        rng.shuffle(digits)
        for k, d in enumerate(digits):
            r, c = divmod(k, bc)
            givens[r * n + c] = d
    for _ in range(100):
        sol = _first_solution(rules, bytes(givens), rng.getrandbits(63))
        if sol is not None:
            break
        givens = bytearray(rules.ncells)  # cannot happen for classic rules; be safe
    else:  # pragma: no cover - rules with no solution at all
        raise GenerationError(f"the rules {rules.spec!r} admit no complete grid")
    relabel = list(range(1, n + 1))
    rng.shuffle(relabel)
    table = bytes([0, *relabel]) + bytes(256 - n - 1)
    sol = sol.translate(table)
    if rules.is_classic:
        sol = _classic_transform(sol, n, rules.box, rng)  # type: ignore[arg-type]
    return sol


# ---------------------------------------------------------------------- symmetry
def _normalise_symmetry(symmetry: str) -> str:
    key = _SYMMETRY_ALIASES.get(str(symmetry).strip().lower())
    if key is None:
        raise ParseError(f"expected a symmetry among {', '.join(SYMMETRIES)}",
                         found=str(symmetry))
    return key


def orbits(size: int, symmetry: str = "none") -> list[tuple[int, ...]]:
    """Cells grouped into orbits of a symmetry (each orbit sorted, orbits by first cell).

    >>> orbits(4, "180")[:3]
    [(0, 15), (1, 14), (2, 13)]
    >>> orbits(4, "90")[0], len(orbits(9, "90")), len(orbits(9, "mirror"))
    ((0, 3, 12, 15), 21, 45)
    """
    sym = _normalise_symmetry(symmetry)
    n = size

    def images(cell: int) -> set[int]:
        r, c = divmod(cell, n)
        if sym == "180":
            pts = [(r, c), (n - 1 - r, n - 1 - c)]
        elif sym == "90":
            pts = [(r, c), (c, n - 1 - r), (n - 1 - r, n - 1 - c), (n - 1 - c, r)]
        elif sym == "mirror":
            pts = [(r, c), (r, n - 1 - c)]
        elif sym == "diagonal":
            pts = [(r, c), (c, r)]
        else:
            pts = [(r, c)]
        return {a * n + b for a, b in pts}

    seen: set[int] = set()
    out: list[tuple[int, ...]] = []
    for cell in range(n * n):
        if cell not in seen:
            orbit = images(cell)
            seen |= orbit
            out.append(tuple(sorted(orbit)))
    return out


def is_symmetric(puzzle: Grid, symmetry: str) -> bool:
    """True when the givens of ``puzzle`` are laid out with ``symmetry``.

    >>> is_symmetric(Grid("1" + "." * 79 + "2"), "180"), is_symmetric(Grid("1" + "." * 80), "180")
    (True, False)
    """
    cells = puzzle.cells
    return all(len({bool(cells[c]) for c in orbit}) == 1
               for orbit in orbits(puzzle.size, symmetry))


# ---------------------------------------------------------------------- digging
def dig(
    solution: Grid,
    *,
    symmetry: str = "none",
    seed: int | None = None,
    keep: Sequence[int] = (),
) -> Grid:
    """Remove clues from a full grid, one orbit at a time in a random order, keeping an
    orbit only when its removal would allow a second solution.

    The result is unique and minimal (no orbit can be removed; with ``"none"`` no single
    clue can), except on grids of more than :data:`GUESS_FREE_FROM` cells, where a clue
    goes only while the engine still solves the puzzle without guessing.  ``keep`` lists
    cells that must stay givens.

    >>> p = dig(random_solution(seed=5), symmetry="180", seed=5)
    >>> from shudu.solving.engine import count
    >>> count(p), is_symmetric(p, "180"), is_minimal(p, "180")
    (1, True, True)
    """
    if not solution.is_complete:
        raise ValueError("dig needs a complete grid")
    rng = random.Random(seed)
    return Grid._trusted(
        solution.rules,
        _dig(solution.cells, _counter(solution.rules),
             orbits(solution.size, symmetry), rng, frozenset(keep)),
    )


GUESS_FREE_FROM = 400
"""Grids of more cells than this (25x25) are dug guess-free: a clue goes only while the
engine still solves the puzzle without guessing.  Proving a sparse 25x25 puzzle unique
can take the engine minutes per check; a guess-free puzzle is unique and every check on
the way stays cheap, at the cost of minimality (a 25x25 puzzle keeps about 270 clues)."""


class _OutOfTime(Exception):
    """The deadline passed inside an attempt (internal; :func:`generate` reports it)."""


def _check(deadline: float | None) -> None:
    if deadline is not None and time.monotonic() > deadline:
        raise _OutOfTime


def _dig(
    solution: bytes,
    count: Callable[[bytes], tuple[int, int]],
    orbit_list: list[tuple[int, ...]],
    rng: random.Random,
    keep: frozenset[int] = frozenset(),
    deadline: float | None = None,
) -> bytes:
    cells = bytearray(solution)
    order = [o for o in orbit_list if not keep.intersection(o)]
    rng.shuffle(order)
    guess_free = len(solution) > GUESS_FREE_FROM
    for orbit in order:
        for c in orbit:
            cells[c] = 0
        found, guesses = count(bytes(cells))
        if found != 1 or (guess_free and guesses):
            for c in orbit:
                cells[c] = solution[c]
        _check(deadline)
    return bytes(cells)


def is_minimal(puzzle: Grid, symmetry: str = "none") -> bool:
    """True when ``puzzle`` is unique and removing any one clue (any one orbit of clues,
    with a symmetry) leaves more than one solution.

    >>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    >>> from shudu.solving.engine import solve
    >>> is_minimal(Grid(p)), is_minimal(Grid(p).with_value(1, solve(p)[1]))
    (True, False)
    """
    count = _counter(puzzle.rules)
    base = bytearray(puzzle.cells)
    if count(bytes(base))[0] != 1:
        return False
    for orbit in orbits(puzzle.size, symmetry):
        if not all(base[c] for c in orbit):
            continue
        trial = bytearray(base)
        for c in orbit:
            trial[c] = 0
        if count(bytes(trial))[0] == 1:
            return False
    return True


def logic_dig(
    solution: Grid,
    level: int,
    *,
    symmetry: str = "none",
    seed: int | None = None,
) -> Grid:
    """Remove clues from a full 9x9 grid, one orbit at a time in a random order, keeping an
    orbit only when its removal would leave a puzzle that the C logic solver limited to
    techniques of level ``<= level`` (see :data:`LOGIC9_LEVELS`) cannot solve.

    The result is solvable by those techniques, hence unique, and no orbit can be removed
    without losing that (it need not be minimal for uniqueness alone).

    >>> p = logic_dig(random_solution(seed=5), LOGIC9_LEVELS["x-wing"], seed=5)
    >>> from shudu.solving.engine import count
    >>> count(p), accel9.solve_basic(p.cells, LOGIC9_LEVELS["x-wing"])[0]
    (1, True)
    """
    if not solution.is_complete or not solution.rules.is_classic9:
        raise ValueError("logic_dig needs a complete classic 9x9 grid")
    if not 0 <= level < 13:
        raise ValueError("level must be between 0 and 12")
    rng = random.Random(seed)
    cells = solution.cells
    return Grid._trusted(solution.rules,
                         _logic_dig(cells, cells, orbits(9, symmetry), rng, level))


def _logic_dig(start: bytes, solution: bytes, orbit_list: list[tuple[int, ...]],
               rng: random.Random, level: int) -> bytes:
    """Remove the orbits of clues of ``start`` (random order) while ``logic9`` up to
    ``level`` still solves the puzzle; removed cells are restored from ``solution``."""
    logic9 = accel9.solve_basic
    cells = bytearray(start)
    order = [o for o in orbit_list if all(cells[c] for c in o)]
    rng.shuffle(order)
    # The first third of the orbits go in one call when the puzzle stays solvable without
    # them: each removal would have been accepted one at a time too (more clues never make
    # logic harder), so the result is the same as trying every orbit alone, in fewer calls.
    head = len(order) // 3
    if head > 1:
        for orbit in order[:head]:
            for c in orbit:
                cells[c] = 0
        if logic9(cells, level)[0]:
            order = order[head:]
        else:
            cells[:] = start
    for orbit in order:
        for c in orbit:
            cells[c] = 0
        if not logic9(cells, level)[0]:
            for c in orbit:
                cells[c] = solution[c]
    return bytes(cells)


def _logic_plant(start: bytes, solution: bytes, orbit_list: list[tuple[int, ...]],
                 rng: random.Random, level: int) -> bytes | None:
    """Add orbits of clues from ``solution`` to ``start`` (random order) until ``logic9`` up
    to ``level`` solves the puzzle and needs that level, or ``None`` when it never does.

    An orbit is kept only while the puzzle stays out of reach of the easier levels, and,
    once the target level has been used on the way to the stalled state, only while it
    still is: the puzzle is pushed towards needing exactly that level.
    """
    logic9 = accel9.solve_basic
    cells = bytearray(start)
    solved, hardest, _ = logic9(cells, level)
    if solved:
        return bytes(cells) if hardest == level else None
    used = hardest == level
    order = [o for o in orbit_list if not any(cells[c] for c in o)]
    rng.shuffle(order)
    for orbit in order:
        for c in orbit:
            cells[c] = solution[c]
        solved, hardest, _ = logic9(cells, level)
        if solved and hardest == level:
            return bytes(cells)
        if solved or (used and hardest < level):
            for c in orbit:
                cells[c] = 0
        elif hardest == level:
            used = True
    return None


# ---------------------------------------------------------------------- patterns
def parse_pattern(text: str, rules: Rules | None = None) -> frozenset[int]:
    """The given cells of a clue pattern: one character per cell, row by row; ``.``,
    ``0``, ``-`` or ``_`` mark an empty cell, anything else a given (``x``, ``*``, a
    digit).  White space and ``|``/``+`` separators are ignored.

    >>> sorted(parse_pattern("x..." * 4, Rules(4)))
    [0, 4, 8, 12]
    >>> parse_pattern("x" * 80)
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: expected a pattern of 81 cells, found '80 cells'
    """
    rules = rules or CLASSIC
    chars = [ch for ch in text if not ch.isspace() and ch not in "|+"]
    if len(chars) != rules.ncells:
        raise ParseError(f"expected a pattern of {rules.ncells} cells",
                         found=f"{len(chars)} cells")
    return frozenset(i for i, ch in enumerate(chars) if ch not in ".0-_")


# ---------------------------------------------------------------------- targets
def parse_score(text: str | float | tuple[float, float]) -> tuple[float, float]:
    """A score range ``[low, high]`` from ``"3.0-4.0"``, ``"7+"``, ``"4.5"`` or a pair.

    >>> parse_score("3.0-4.0"), parse_score("7+"), parse_score((2, 3))
    ((3.0, 4.0), (7.0, inf), (2.0, 3.0))
    """
    if isinstance(text, tuple):
        low, high = float(text[0]), float(text[1])
    elif isinstance(text, (int, float)):
        low = high = float(text)
    else:
        s = text.strip()
        try:
            if s.endswith("+"):
                low, high = float(s[:-1]), math.inf
            elif "-" in s[1:]:
                a, b = s.split("-", 1) if not s.startswith("-") else ("", s)
                low, high = float(a), float(b)
            else:
                low = high = float(s)
        except ValueError:
            raise ParseError("expected a score range such as 3.0-4.0 or 7+",
                             found=text) from None
    if not (0 <= low <= high):
        raise ParseError("expected a score range low-high with 0 <= low <= high",
                         found=f"{low}-{high}")
    return low, high


@dataclass(frozen=True)
class Target:
    """What a generated puzzle must satisfy beyond uniqueness (internal, resolved once).

    ``low``/``high``: the Sudoku Explainer score must lie in ``[low, high)`` (``high``
    inclusive when the range came from an explicit ``score``); ``technique``: the key of
    a technique the puzzle requires.
    """

    low: float = 0.0
    high: float = math.inf
    high_inclusive: bool = False
    technique: str | None = None

    @property
    def rated(self) -> bool:
        """True when the score must be checked."""
        return self.low > 0 or self.high != math.inf

    def score_ok(self, score: float) -> bool:
        """True when ``score`` lies in the range."""
        if score < self.low - 1e-9:
            return False
        return score <= self.high + 1e-9 if self.high_inclusive else score < self.high - 1e-9


@dataclass(frozen=True)
class ClueRun:
    """What a generator of puzzles with clues beyond givens (killer cages, thermometers
    ...) starts from: its base rules, target, seed, random source, deadline and attempts.

    >>> run = ClueRun.of("killer", "x", 7, None, None, 5, None)
    >>> run.base, run.target, run.seed, run.limit, run.deadline
    (Rules(size=9, diagonals=True), None, 7, 5, None)
    """

    base: Rules
    target: Target | None
    seed: int
    rng: random.Random
    deadline: float | None
    limit: int

    @classmethod
    def of(cls, what: str, rules: Any, seed: int | None, grade: str | None, score: Any,
           attempts: int | None, timeout: float | None) -> ClueRun:
        """The run of one call (``what`` names the puzzles in errors).

        >>> ClueRun.of("killer", None, 3, None, None, None, None).limit
        20
        """
        base = Rules.coerce(rules) or CLASSIC
        if not isinstance(base, Rules):
            base = Rules.from_spec(str(base))
        if base.size > 16:
            raise GenerationError(f"{what} puzzles are generated up to 16x16")
        target = _target(grade, score, None) if (grade or score is not None) else None
        seed = int.from_bytes(os.urandom(8), "little") >> 1 if seed is None else seed
        deadline = time.monotonic() + timeout if timeout else None
        return cls(base, target, seed, random.Random(seed), deadline,
                   attempts if attempts is not None else 20)


def meet_along(puzzles: list[Any], grid_of: Callable[[Any], Grid], target: Target,
               step: Callable[[Any], Any] | None = None, tries: int = 16,
               more: Callable[[], bool] | None = None) -> tuple[Grid, Any] | None:
    """A puzzle along ``puzzles`` (each about as hard as the one before, or harder: a
    given taken away, cages merged) whose rating meets ``target``, with its rating: a
    binary search, so a few ratings however long the run; a puzzle logic cannot finish
    counts as too hard.  With ``more`` (which adds the next puzzle of the run to
    ``puzzles``, False when the run has ended) the run is made only as far as the search
    needs: it looks at puzzles 0, 1, 3, 7 ... until one is too hard, then halves the gap.
    When the run jumps over the target, ``step`` (a puzzle one random step further from
    the one it is given, ``None`` when there is none) tries other ways on from the last
    puzzle below the target, at most ``tries`` of them, going on from each one still
    below.  A rating stops once a step scores above the target.  ``None`` when nothing
    meets the target.

    >>> from shudu.rating.rater import rate
    >>> solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    >>> run = [solved[:k] + "." * (81 - k) for k in range(81, 60, -5)]   # fewer givens
    >>> grid, rating = meet_along(run, Grid, _target("beginner", None, None))
    >>> rating.grade
    'beginner'
    """
    from ..rating.rater import rate

    above = None if target.high == math.inf else target.high   # too hard: stop early

    def judge(puzzle: Any) -> tuple[int, Grid, Any]:
        """-1 too easy, 0 on target, 1 too hard; the grid and its rating."""
        grid = grid_of(puzzle)
        rating = rate(grid, stop_above=above)
        if rating.solved and target.score_ok(rating.score):
            return 0, grid, rating
        return (-1 if rating.solved and rating.score < target.low else 1), grid, rating

    low, high = 0, len(puzzles) - 1
    if more is not None:
        at = 0
        while True:
            while len(puzzles) <= at and more():
                pass
            if len(puzzles) <= at:
                high = len(puzzles) - 1
                break
            verdict, grid, rating = judge(puzzles[at])
            if verdict == 0:
                return grid, rating
            if verdict > 0:
                high = at - 1
                break
            low, at = at + 1, 2 * at + 1
    while low <= high:
        mid = (low + high) // 2
        verdict, grid, rating = judge(puzzles[mid])
        if verdict == 0:
            return grid, rating
        if verdict < 0:
            low = mid + 1
        else:
            high = mid - 1
    if step is None or high < 0:
        return None
    below = puzzles[high]
    for _ in range(tries):
        further = step(below)
        if further is None:
            return None
        verdict, grid, rating = judge(further)
        if verdict == 0:
            return grid, rating
        if verdict < 0:
            below = further
    return None


def _target(grade: str | None, score: Any, technique: str | None) -> Target:
    low, high, inclusive = 0.0, math.inf, False
    if grade is not None:
        g = str(grade).strip().lower()
        if g not in GRADE_RANGES:
            raise ParseError(f"expected a grade among {', '.join(GRADE_RANGES)}", found=grade)
        low, high = GRADE_RANGES[g]
    if score is not None:
        s_low, s_high = parse_score(score)
        if grade is not None:
            low, high = max(low, s_low), min(high, s_high)
            inclusive = s_high < GRADE_RANGES[str(grade).strip().lower()][1]
            if low > high:
                raise ParseError("the score range lies outside the grade", found=str(score))
        else:
            low, high, inclusive = s_low, s_high, True
    key = None
    if technique is not None:
        from ..logic.registry import technique as lookup

        try:
            key = lookup(technique).key
        except KeyError:
            raise ParseError("expected a technique name (`shudu techniques` lists them)",
                             found=technique) from None
    return Target(low, high, inclusive, key)


# ---------------------------------------------------------------------- logic filters
def _technique_sets(key: str) -> tuple[list[Technique], list[Technique], Technique]:
    """(techniques no harder than X, the same without X, X), in registry order."""
    from ..logic.registry import technique, techniques

    x = technique(key)
    allowed = [t for t in techniques()   # cage techniques only for a cage technique
               if t.order <= x.order and (t.default or t.key == x.key)
               and (t.family != "killer" or x.family == "killer")]
    if x not in allowed:
        allowed.append(x)
    return allowed, [t for t in allowed if t.key != x.key], x


def supported_targets() -> dict[str, bool]:
    """Every technique key of the logic solver, easiest first, mapped to whether
    :func:`generate` can make a puzzle that needs it (see :data:`TARGETS`); asking for
    another one raises :class:`GenerationError` at once.

    >>> t = supported_targets()
    >>> t["x-wing"], t["skyscraper"], t["w-wing"], t["nested-forcing-net"]
    (True, True, True, False)
    """
    from ..logic.registry import techniques

    return {t.key: t.key in TARGETS for t in techniques()}


def requires(puzzle: Grid, technique: str) -> bool:
    """True when ``puzzle`` requires ``technique``: the easiest-first logic solver limited
    to techniques no harder than it solves the puzzle and uses it, and without it the
    solver stalls.

    >>> p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    >>> requires(Grid(p), "hidden single"), requires(Grid(p), "x-wing")
    (True, False)
    """
    from ..values.candidates import Candidates

    allowed, without, x = _technique_sets(technique)
    cands = Candidates.from_grid(puzzle)
    _logic_stall(cands, without)
    if cands.is_solved:
        return False
    used: list[str] = []
    _logic_stall(cands, allowed, used)
    return cands.is_solved and x.key in used


def _logic_stall(cands: Candidates, enabled: list[Technique],
                 used: list[str] | None = None) -> None:
    """Apply steps of ``enabled`` (easiest first) until solved or stuck; an empty list
    stalls at once.  The keys of the techniques applied are appended to ``used``."""
    from ..logic.solver import next_step

    if not enabled:
        return
    while not cands.is_solved:
        step = next_step(cands, enabled=enabled)
        if step is None:
            return
        cands.apply(step)
        if used is not None:
            used.append(step.technique)


def _plant(
    puzzle: bytes,
    solution: bytes,
    start: Candidates,
    lower: list[Technique],
    upper: list[Technique],
    rng: random.Random,
    orbit_of: Sequence[tuple[int, ...]] | None = None,
    deadline: float | None = None,
) -> bytes | None:
    """Add clues (from the solution) to ``puzzle`` until techniques in ``lower`` plus
    ``upper`` solve it, using an ``upper`` technique whenever ``lower`` stalls and one
    applies.  ``start`` is the candidate state of ``puzzle`` where ``lower`` stalls (it
    is not changed).  Returns the new puzzle when some ``upper`` step was used, else
    ``None``.  With ``orbit_of`` (the symmetry orbit of each cell) clues are added an
    orbit at a time.  The caller re-checks the result from scratch (added clues can make
    the step unnecessary)."""
    from ..logic.solver import next_step

    cells = bytearray(puzzle)
    cands = start.copy()
    used = False
    while True:
        _check(deadline)
        _logic_stall(cands, lower)
        if cands.is_solved:
            return bytes(cells) if used else None
        step = next_step(cands, enabled=upper)
        if step is not None:
            cands.apply(step)
            used = True
            continue
        open_cells = [c for c, v in enumerate(cands.values) if not v]
        pick = rng.choice(open_cells)
        for c in orbit_of[pick] if orbit_of is not None else (pick,):
            if not cells[c]:
                cells[c] = solution[c]
                if not cands.values[c]:
                    cands.place(c, solution[c])


def _stalled(rules: Rules, puzzle: bytes, lower: list[Technique]) -> Candidates:
    from ..values.candidates import Candidates

    cands = Candidates.from_grid(Grid._trusted(rules, puzzle))
    _logic_stall(cands, lower)
    return cands


# ---------------------------------------------------------------------- generation
def generate(
    rules: Rules | str | None = None,
    *,
    seed: int | None = None,
    symmetry: str = "none",
    minimal: bool = False,
    pattern: str | Sequence[int] | None = None,
    grade: str | None = None,
    score: str | float | tuple[float, float] | None = None,
    technique: str | None = None,
    rated: bool = False,
    attempts: int | None = None,
    timeout: float | None = None,
) -> Generated:
    """One random puzzle with a unique solution.

    ``rules``: a :class:`Rules` value or a spec such as ``"16"``, ``"x+anti-knight"``;
    ``seed``: the same seed and options give the same puzzle (``None`` picks one, stored
    in the result); ``symmetry``, ``pattern`` (a mask text or given cells), ``minimal``,
    ``grade`` (``beginner`` ... ``extreme``), ``score`` (``"3.0-4.0"``, ``"7+"``) and
    ``technique`` (a technique the puzzle must require) are described in the module
    docstring; without grade, score, technique, pattern or ``minimal`` the target is
    :data:`DEFAULT_TARGET` (a score below 7.0) for every rule set, and the result carries
    no rating unless asked.  ``rated=True`` rates the puzzle even without a target.
    ``attempts`` bounds the fresh solution grids tried (default
    :data:`DEFAULT_ATTEMPTS`), ``timeout`` the seconds spent; when the budget runs out,
    :class:`GenerationError` is raised.

    >>> g = generate(seed=42, symmetry="90")
    >>> is_symmetric(g.puzzle, "90"), g.seed
    (True, 42)
    >>> generate("anti-knight", seed=1, rated=True).rating.score < DEFAULT_TARGET[1]
    True
    >>> generate(Rules(4), seed=2, pattern="x..x" "...." "...." "x..x", attempts=100)
    Traceback (most recent call last):
    ...
    shudu.errors.GenerationError: no unique puzzle with this pattern in 100 attempts
    """
    rules = Rules.coerce(rules)
    if isinstance(rules, str):
        rules = Rules.from_spec(rules)
    rules = rules or CLASSIC
    sym = _normalise_symmetry(symmetry)
    target = _target(grade, score, technique)
    implicit = (grade is None and score is None and technique is None and pattern is None
                and not minimal)
    if implicit:
        target = Target(*DEFAULT_TARGET)
    _reachable(rules, target, minimal)
    given: frozenset[int] | None = None
    if pattern is not None:
        if sym != "none":
            raise ParseError("a clue pattern fixes the givens: give no symmetry with it",
                             found=sym)
        given = (parse_pattern(pattern, rules) if isinstance(pattern, str)
                 else frozenset(int(c) for c in pattern))
        if not given or not all(0 <= c < rules.ncells for c in given):
            raise ParseError(f"expected given cells 0..{rules.ncells - 1}")
        if len(given) < rules.size - 1:
            raise GenerationError(
                f"a pattern of {len(given)} givens cannot fix a unique solution "
                f"(at least {rules.size - 1} are needed)")
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little") >> 1
    if attempts is not None and attempts < 1:
        raise ValueError("attempts must be at least 1")
    limit = attempts if attempts is not None else (None if timeout else DEFAULT_ATTEMPTS)
    deadline = time.monotonic() + timeout if timeout else None
    rng = random.Random(seed)
    job = _Job(rules, sym, minimal, given, target, rng, rated, deadline)
    tries = 0
    while limit is None or tries < limit:
        tries += 1
        try:
            found = job.attempt()
        except _OutOfTime:
            break
        if found is not None:
            puzzle, solution, rating = found
            if implicit and not rated:
                rating = None
            return Generated(Grid._trusted(rules, puzzle), Grid._trusted(rules, solution),
                             seed, rating, sym, target.technique, tries)
        if deadline is not None and time.monotonic() > deadline:
            break
    what = job.describe()
    plural = "attempt" if tries == 1 else "attempts"
    budget = f"{tries} {plural}" if deadline is None or time.monotonic() <= deadline else (
        f"{timeout:g} s ({tries} {plural})")
    raise GenerationError(f"no unique puzzle {what} in {budget}".replace("  ", " "))


@cache
def _target_ladder(weight: float) -> tuple[Rung, ...]:
    """The rating's ladder up to its rung of chains, for a walk aiming at a technique of
    ``weight``: forcing chains and nets, after that rung, weigh more than any target,
    and a target of 6.6 is a pattern (another chain of 6.6 is left to the rating).

    >>> [r.name for r in _target_ladder(6.6)][-2:]
    ['aligned-pair-exclusion', 'patterns']
    """
    ladder = se_ladder()
    k = next(i for i, rung in enumerate(ladder) if rung.name == "chains")
    last = Rung("patterns", pattern_moves) if weight == 6.6 else ladder[k]
    return (*ladder[:k], last)


def _reachable(rules: Rules, target: Target, minimal: bool) -> None:
    """Refuse at once what no search can meet."""
    n = rules.size
    if minimal and rules.ncells > GUESS_FREE_FROM:
        raise GenerationError(
            f"minimal {n}x{n} puzzles are out of reach: proving every clue needed takes the "
            f"engine minutes per clue; drop --minimal (puzzles are dug until the engine "
            f"would have to guess)")
    low = target.low
    if target.technique is not None:
        from ..logic.registry import technique

        tech = technique(target.technique)
        if tech.key not in TARGETS:
            raise GenerationError(
                f"cannot aim at {tech.name}: the rating walk (shudu rate) does not have it "
                f"as the hardest step of a puzzle; techniques that can be aimed at: "
                f"{', '.join(TARGETS)}")
        low = max(low, tech.order)
    ceiling = SCORE_CEILINGS.get(n) if rules.is_classic else None
    if ceiling is not None and low > ceiling + 1e-9:
        raise GenerationError(
            f"no {n}x{n} puzzle is that hard: every one rates {ceiling:g} or less "
            f"(asked for {low:g} or more)")


class _Job:
    """One generation request: the state shared by its attempts."""

    def __init__(self, rules: Rules, symmetry: str, minimal: bool, given: frozenset[int] | None,
                 target: Target, rng: random.Random, rated: bool,
                 deadline: float | None = None) -> None:
        self.rules = rules
        self.deadline = deadline
        self.symmetry = symmetry
        self.minimal = minimal
        self.given = given
        self.target = target
        self.rng = rng
        self.rated = rated
        self.count = _remembering(_counter(rules))
        self.orbits = orbits(rules.size, symmetry)
        self.orbit_of: list[tuple[int, ...]] | None = None
        if symmetry != "none":
            self.orbit_of = [()] * rules.ncells
            for orbit in self.orbits:
                for c in orbit:
                    self.orbit_of[c] = orbit
        self.classic9 = rules.is_classic9
        self.sets: tuple[list[Technique], list[Technique], Technique] | None = None
        self.logic_level: int | None = None
        if target.technique is not None:
            self.sets = _technique_sets(target.technique)
            if self.classic9 and given is None:
                self.logic_level = LOGIC9_LEVELS.get(target.technique)
        self.walk = (self.classic9 and given is None and not minimal
                     and target.technique in WALK_TARGETS)
        self.score_sets: tuple[list[Technique], list[Technique]] | None = None
        if target.rated and target.high <= 7.0:
            from ..logic.registry import techniques

            usable = [t for t in techniques() if t.default]
            hi = target.high
            upper = [t for t in usable
                     if t.order < hi or (target.high_inclusive and t.order <= hi)]
            lower = [t for t in upper if t.order < target.low]
            self.score_sets = (lower, upper)

    def describe(self) -> str:
        parts = []
        if self.given is not None:
            parts.append("with this pattern")
        if self.target.technique:
            parts.append(f"requiring {self.target.technique}")
        if self.target.rated:
            if self.target.high == math.inf:
                parts.append(f"with a score of {self.target.low:g} or more")
            elif self.target.low == 0 and not self.target.high_inclusive:
                parts.append(f"with a score below {self.target.high:g}")
            else:
                upto = "to" if self.target.high_inclusive else "to below"
                parts.append(f"with a score from {self.target.low:g} {upto} "
                             f"{self.target.high:g}")
        if self.symmetry != "none":
            parts.append(f"with {self.symmetry} symmetry")
        return " ".join(parts)

    # -- one attempt: a fresh solution grid, a puzzle, the target checks
    def attempt(self) -> tuple[bytes, bytes, Rating | None] | None:
        rules, rng = self.rules, self.rng
        solution = _random_solution(rules, rng)
        if self.logic_level is not None:
            return self._logic_attempt(solution)
        if self.given is not None:
            puzzle = bytes(v if i in self.given else 0 for i, v in enumerate(solution))
            if self.count(puzzle)[0] != 1:
                return None
            if self.minimal and not is_minimal(Grid._trusted(rules, puzzle)):
                return None
        else:
            puzzle = _dig(solution, self.count, self.orbits, rng, deadline=self.deadline)
        target = self.target
        if target.technique is None and not target.rated:
            rating = self._rate(puzzle) if self.rated else None
            return puzzle, solution, rating
        if self.given is None and self.classic9:
            # The 9x9 engine propagates singles and locked candidates only: when it needs
            # no guess, those techniques (SE <= 2.8) solve the puzzle.
            if self.count(puzzle)[1] == 0 and (
                    target.low > 2.8 or (self.sets is not None
                    and self.sets[2].order > 2.8)):
                return None
        if self.sets is not None:
            if self.walk:
                return self._walk_attempt(puzzle, solution)
            return self._technique_attempt(puzzle, solution)
        return self._score_attempt(puzzle, solution)

    def _rate(self, puzzle: bytes, stop_above: float | None = None) -> Rating:
        from ..rating.rater import rate

        try:
            return rate(Grid._trusted(self.rules, puzzle), stop_above=stop_above,
                        deadline=self.deadline, known=self.count(puzzle))
        except TimeoutError:
            raise _OutOfTime from None

    def _technique_attempt(self, puzzle: bytes, solution: bytes
                           ) -> tuple[bytes, bytes, Rating | None] | None:
        """Clues added back (random orbits) to a dug puzzle while the rating walk needs
        more than the target's weight; then the target must be the hardest step."""
        if self.given is None:
            # A few random orders from the same dug puzzle: the walk's hardest step
            # depends on which clues come back.
            for _ in range(PLANT_TRIES):
                planted = self._add_until(puzzle, solution, lambda p: self._rated_ok(p, True))
                if self._rated_ok(planted):
                    return self._technique_finish(planted, solution)
            return None
        return self._technique_finish(puzzle, solution)

    def _walk_attempt(self, puzzle: bytes, solution: bytes
                      ) -> tuple[bytes, bytes, Rating | None] | None:
        """A few clue-adding walks (:meth:`_walk_plant`) from one dug puzzle; the rating
        walk checks the result."""
        for _ in range(PLANT_TRIES):
            planted = self._walk_plant(puzzle, solution)
            if planted is not None:
                found = self._technique_finish(planted, solution)
                if found is not None:
                    return found
        return None

    def _walk_plant(self, puzzle: bytes, solution: bytes) -> bytes | None:
        """Walk the rating ladder (:func:`shudu.rating.rater.rate`'s order and weights) on a
        classic 9x9 puzzle; whenever the next step would be harder than the target's
        weight, or as hard but another technique before the target was used, add a clue
        from ``solution`` (a random open cell) instead.  Returns the puzzle with its added
        clues once the walk solves it having used the target, else ``None``."""
        from ..logic.weighed import Walk
        from ..values.candidates import Candidates

        key = self.target.technique
        assert key is not None
        weight = TARGETS[key]
        cells = bytearray(puzzle)
        c = Candidates.from_grid(Grid._trusted(self.rules, puzzle))
        walk = Walk(c, _target_ladder(weight))
        used = False
        while not c.is_solved:
            _check(self.deadline)
            moves = walk.scan()
            if walk.broken:
                return None
            if c.is_solved:   # the C ladder's fixpoint finished it
                break
            first, name = (moves[0][0], moves[0][1]) if moves else (math.inf, None)
            if first <= walk.score or first < weight or (first == weight and name == key):
                used = used or name == key
                if not walk.take(moves):
                    return None
                continue
            open_cells = [i for i, v in enumerate(c.values) if not v]
            pick = self.rng.choice(open_cells)
            for i in self.orbit_of[pick] if self.orbit_of is not None else (pick,):
                if not cells[i]:
                    cells[i] = solution[i]
                    if not c.values[i]:
                        c.place(i, solution[i])
        return bytes(cells) if used and c.is_solved else None

    def _logic_attempt(self, solution: bytes) -> tuple[bytes, bytes, Rating | None] | None:
        """A puzzle requiring the target, made with the C logic solver (see
        :func:`_logic_plant`), dug with :func:`logic_dig`'s rule and checked by
        :func:`requires`."""
        assert self.logic_level is not None
        level = self.logic_level
        start = _dig(solution, self.count, self.orbits, self.rng, deadline=self.deadline)
        planted = _logic_plant(start, solution, self.orbits, self.rng, level)
        if planted is None:
            return None
        puzzle = _logic_dig(planted, solution, self.orbits, self.rng, level)
        # Removing clues never makes logic easier: the easier techniques still stall.
        if accel9.solve_basic(puzzle, level - 1)[0] or not self._requires(puzzle):
            return None
        return self._technique_finish(puzzle, solution)

    def _technique_finish(self, puzzle: bytes, solution: bytes
                          ) -> tuple[bytes, bytes, Rating | None] | None:
        """Minimality (when asked) and the rating of a puzzle requiring the technique: the
        rating walk (:func:`shudu.rating.rater.rate`) must name the target as its hardest step."""
        if self.minimal and self.given is None:
            # Keeps uniqueness and the requirement; gives up when some orbit could still go
            # while keeping uniqueness only (the puzzle would not be minimal).
            keeps = (self._rated_ok if self.logic_level is None
                     else (lambda p: self._requires(p) and self._rated_ok(p)))
            small = self._minimise(puzzle, keeps)
            if small is None:
                return None
            puzzle = small
        rating = self._rate(puzzle, self._stop())
        if not self._rating_fits(rating):
            return None
        if self.target.rated and not (rating.complete and self.target.score_ok(rating.score)):
            return None
        return puzzle, solution, rating if self.target.rated or self.rated else None

    def _rating_fits(self, rating: Rating) -> bool:
        return (rating.complete and rating.solved
                and rating.hardest == self.target.technique)

    def _rated_ok(self, puzzle: bytes, reached: bool = False) -> bool:
        """True when the rating walk names the target as the hardest step; with
        ``reached``, True as soon as the walk needs nothing above the target's weight."""
        assert self.target.technique is not None
        rating = self._rate(puzzle, TARGETS[self.target.technique])
        return rating.complete and (reached or self._rating_fits(rating))

    def _requires(self, puzzle: bytes) -> bool:
        from ..values.candidates import Candidates

        assert self.sets is not None
        allowed, without, _x = self.sets
        cands = Candidates.from_grid(Grid._trusted(self.rules, puzzle))
        _logic_stall(cands, without)
        if cands.is_solved:
            return False
        _logic_stall(cands, allowed)
        return cands.is_solved

    def _stop(self) -> float | None:
        t = self.target
        top = TARGETS.get(t.technique, math.inf) if t.technique else math.inf
        top = min(top, t.high)
        return None if top == math.inf else top

    def _score_ok(self, puzzle: bytes) -> Rating | None:
        rating = self._rate(puzzle, self._stop())
        if rating.complete and rating.solved and self.target.score_ok(rating.score):
            return rating
        return None

    def _score_attempt(self, puzzle: bytes, solution: bytes
                       ) -> tuple[bytes, bytes, Rating | None] | None:
        rating = self._score_ok(puzzle)
        if rating is None and self.target.low == 0 and self.given is None:
            # Only an upper bound: add clues back while the rating walk needs more.
            puzzle = self._add_until(puzzle, solution,
                                     lambda p: self._score_ok(p) is not None)
            rating = self._score_ok(puzzle)
        elif rating is None and self.score_sets is not None and self.given is None:
            # Too hard: add clues until techniques below the upper bound solve it, using a
            # technique of the range whenever easier ones stall.
            lower, upper = self.score_sets
            start = _stalled(self.rules, puzzle, lower)
            if start.is_solved:
                return None
            extra = [t for t in upper if t not in lower]
            for _ in range(PLANT_TRIES):
                planted = _plant(puzzle, solution, start, lower, extra, self.rng,
                                 self.orbit_of, self.deadline)
                if planted is not None:
                    rating = self._score_ok(planted)
                    if rating is not None:
                        puzzle = planted
                        break
        if rating is None:
            return None
        if self.minimal and self.given is None:
            small = self._minimise(puzzle, lambda p: self._score_ok(p) is not None)
            if small is None:
                return None
            if small != puzzle:
                puzzle = small
                rating = self._score_ok(puzzle)
                if rating is None:  # pragma: no cover - _minimise keeps the property
                    return None
        return puzzle, solution, rating

    def _add_until(self, puzzle: bytes, solution: bytes, ok: Callable[[bytes], bool]) -> bytes:
        """``puzzle`` with the fewest of its missing clue orbits (a random order, first ones
        first) added back from ``solution`` for ``ok`` to hold: doubling the count, then
        halving the gap (a few checks even on 25x25).  ``puzzle`` itself when ``ok`` holds
        for no count, so the caller's check fails."""
        missing = [o for o in self.orbits if not any(puzzle[c] for c in o)]
        self.rng.shuffle(missing)

        def with_first(m: int) -> bytes:
            cells = bytearray(puzzle)
            for orbit in missing[:m]:
                for c in orbit:
                    cells[c] = solution[c]
            return bytes(cells)

        if ok(puzzle):
            return puzzle
        bad, good = 0, 1
        while True:
            if good >= len(missing):
                good = len(missing)
                if not ok(with_first(good)):
                    return puzzle
                break
            if ok(with_first(good)):
                break
            bad, good = good, good * 2
        while good - bad > 1:
            mid = (bad + good) // 2
            if ok(with_first(mid)):
                good = mid
            else:
                bad = mid
        return with_first(good)

    def _minimise(self, puzzle: bytes, keeps: Callable[[bytes], bool]) -> bytes | None:
        """Remove clue orbits (random order) while the puzzle stays unique and ``keeps``;
        ``None`` when the result is not minimal (some orbit could go, losing the target)."""
        cells = bytearray(puzzle)
        order = [o for o in self.orbits if all(cells[c] for c in o)]
        self.rng.shuffle(order)
        blocked = []
        for orbit in order:
            _check(self.deadline)
            saved = [cells[c] for c in orbit]
            for c in orbit:
                cells[c] = 0
            trial = bytes(cells)
            if self.count(trial)[0] != 1:
                ok = False
            else:
                ok = keeps(trial)
                if not ok:
                    blocked.append(orbit)
            if not ok:
                for c, v in zip(orbit, saved):
                    cells[c] = v
        for orbit in blocked:
            trial_cells = bytearray(cells)
            for c in orbit:
                trial_cells[c] = 0
            if self.count(bytes(trial_cells))[0] == 1:
                return None
        return bytes(cells)


def generate_many(
    n: int,
    rules: Rules | str | None = None,
    *,
    seed: int | None = None,
    **options: Any,
) -> Iterator[Generated]:
    """``n`` puzzles, lazily; each result's ``seed`` reproduces it with :func:`generate`
    and the same options.  The options are those of :func:`generate`.

    >>> gs = list(generate_many(3, seed=1, symmetry="mirror"))
    >>> len({g.puzzle for g in gs}), all(is_symmetric(g.puzzle, "mirror") for g in gs)
    (3, True)
    >>> generate(seed=gs[1].seed, symmetry="mirror").puzzle == gs[1].puzzle
    True
    """
    if n < 0:
        raise ValueError("n must be >= 0")
    master = random.Random(seed if seed is not None
                           else int.from_bytes(os.urandom(8), "little"))
    for _ in range(n):
        yield generate(rules, seed=master.getrandbits(63), **options)
