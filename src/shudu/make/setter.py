"""The setter's bench: what a puzzle being set allows, and what would make it unique.

Three questions a setter asks of givens (and constraints) entered so far, each answered
by the exact engine (the fast 9x9 path for classic rules, the generic solver for every
other size, variant and constraint) within a time limit:

* :func:`true_candidates`: the digits each cell takes in some solution, and the number
  of solutions (counted up to a cap: "≥ N" beyond it);
* :func:`suggest_clues`: the clues (cell, digit) that make the puzzle unique, or cut its
  solutions the most, ranked by the grade the puzzle would then have;
* :func:`redundant_clues`: the givens (and constraints) each removable without losing
  uniqueness.

A time limit that runs out before an answer raises
:class:`~shudu.errors.SearchTimeout`, as the engine's searches do.

>>> p = "..1.1.2.......42"
>>> tc = true_candidates(p, "4")
>>> tc.count, tc.label, tc.digits(1)
(3, '3', (2, 3, 4))
>>> [(c.name, c.count, c.grade) for c in suggest_clues(p, "4", n=2).clues]
[('r1c1=4', 1, 'beginner'), ('r1c2=2', 1, 'beginner')]
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import NoSolution, NotUnique, ParseError, SearchTimeout
from ..limits import SEARCH_MAX_LIMIT
from ..rating.rater import GRADES, rate
from ..solving import engine
from ..values.grid import Grid, PuzzleLike
from ..values.rules import Rules, RulesLike, cell_name

__all__ = [
    "Clue",
    "Redundant",
    "Suggestions",
    "TrueCandidates",
    "redundant_clues",
    "suggest_clues",
    "true_candidates",
]

TRUE_LIMIT = 100_000
"""How many solutions :func:`true_candidates` counts before it says "≥ N"."""

SUGGEST_LIMIT = 1_000
"""How many solutions :func:`suggest_clues` counts for the puzzle and for each clue."""

RATE_SECONDS = 0.5
"""The most one rating of a suggested clue may take (a lower bound past it)."""

FLAGS = (("diagonals", "x"), ("windows", "windoku"), ("anti_knight", "anti-knight"),
         ("anti_king", "anti-king"))
"""The variant flags of :class:`~shudu.values.rules.Rules` a setter may drop, with the
names the rules spec gives them."""

SAMPLES = 256
"""Random solutions :func:`suggest_clues` draws to order clues whose counts reach its cap
(the clue met in fewer of them is likely to leave fewer solutions)."""

Run = Callable[..., tuple[int, "bytes | None", bool]]


class _Clock:
    """A time limit shared by the searches of one call (``None``: no bound)."""

    def __init__(self, timeout: float | None) -> None:
        self.seconds = engine._check_timeout(timeout)
        self.end = None if self.seconds is None else time.monotonic() + self.seconds

    def left(self, share: float = 1.0) -> float | None:
        """Seconds left (a ``share`` of them), ``None`` without a bound; raises
        :class:`SearchTimeout` once the time is up."""
        if self.end is None:
            return None
        left = self.end - time.monotonic()
        if left <= 0:
            raise SearchTimeout(self.seconds or 0.0)
        return left * share

    def run(self, search: Run, cells: bytes, limit: int, share: float = 1.0,
            seed: int | None = None) -> tuple[int, bytes | None, bool]:
        """One search within the time left; its timeout reported as the whole call's."""
        try:
            return search(cells, limit, self.left(share), seed)
        except SearchTimeout:
            raise SearchTimeout(self.seconds or 0.0) from None


def _limit(limit: object) -> int:
    """A count cap from 2 to :data:`~shudu.limits.SEARCH_MAX_LIMIT`."""
    value = engine._int_arg(limit, "limit")
    if not 2 <= value <= SEARCH_MAX_LIMIT:
        raise ParseError(f"expected limit from 2 to {SEARCH_MAX_LIMIT:_}",
                         found=engine._shown(value))
    return value


def _digits(mask: int) -> tuple[int, ...]:
    return tuple(d for d in range(1, mask.bit_length()) if mask >> d & 1)


# ---------------------------------------------------------------------- true candidates
@dataclass(frozen=True)
class TrueCandidates:
    """The digits each cell takes in some solution (``masks``: bit ``d`` set for digit
    ``d``; a given's cell holds its digit), and the solutions counted: ``count``, exact
    when ``exact``, else a lower bound ("≥ count": the cap, or what was counted in time).

    >>> tc = true_candidates("." * 16, 4)
    >>> tc.count, tc.exact, tc.digits(0), tc.to_dict()["candidates"][0]
    (288, True, (1, 2, 3, 4), [1, 2, 3, 4])
    """

    rules: Rules
    givens: bytes
    masks: tuple[int, ...]
    count: int
    exact: bool

    @property
    def label(self) -> str:
        """The count as people read it: ``"12"``, or ``"≥ 100000"`` when capped."""
        return str(self.count) if self.exact else f"≥ {self.count}"

    @property
    def unique(self) -> bool:
        """Whether the puzzle has exactly one solution."""
        return self.exact and self.count == 1

    def digits(self, cell: int) -> tuple[int, ...]:
        """The true candidates of one cell, smallest first."""
        return _digits(self.masks[cell])

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the count, whether it is exact, and per cell its digits."""
        return {"count": self.count, "exact": self.exact, "label": self.label,
                "candidates": [list(self.digits(c)) for c in range(len(self.masks))]}


def _open_masks(rules: Rules, cells: bytes) -> list[int]:
    """Per cell the digits its peers leave (a given: its own digit)."""
    full = ((1 << rules.size) - 1) << 1
    masks = []
    for cell, value in enumerate(cells):
        if value:
            masks.append(1 << value)
            continue
        mask = full
        for peer in rules.peers[cell]:
            if cells[peer]:
                mask &= ~(1 << cells[peer])
        masks.append(mask)
    return masks


def _mark(marks: list[int], solution: bytes) -> None:
    for cell, digit in enumerate(solution):
        marks[cell] |= 1 << digit


def _true(grid: Grid, search: Run, limit: int, clock: _Clock) -> TrueCandidates:
    """:func:`true_candidates` of a checked grid: count (with at most half the time), then
    each digit not yet seen in a solution is tried in its cell; every solution found marks
    all its digits as true."""
    cells = grid.cells
    try:
        count, first, complete = clock.run(search, cells, limit, share=0.5)
    except SearchTimeout:
        count, first, complete = 0, None, False
    if first is None:   # no solution, or none found in half the time
        first = clock.run(search, cells, 1)[1]
        if first is None:
            return TrueCandidates(grid.rules, cells, tuple([0] * len(cells)), 0, True)
        count, complete = 1, False
    marks = [0] * len(cells)
    _mark(marks, first)
    work = bytearray(cells)
    for cell, mask in enumerate(_open_masks(grid.rules, cells)):
        if cells[cell]:
            continue
        for digit in _digits(mask & ~marks[cell]):
            if marks[cell] >> digit & 1:   # marked by a solution found in this cell
                continue
            work[cell] = digit
            found = clock.run(search, bytes(work), 1)[1]
            if found is not None:
                _mark(marks, found)
        work[cell] = 0
    exact = complete and count < limit
    return TrueCandidates(grid.rules, cells, tuple(marks), count, exact)


def true_candidates(puzzle: PuzzleLike, rules: RulesLike = None, *, limit: int = TRUE_LIMIT,
                    timeout: float | None = 10.0) -> TrueCandidates:
    """The digits each cell takes in some solution of ``puzzle`` (text, :class:`Grid`,
    cell values) under ``rules`` (its own when ``None``), and its solutions counted up to
    ``limit`` ("≥ limit" beyond).  ``timeout`` (seconds, ``None``/0 = no bound) bounds the
    whole call: the count stops with a lower bound at half of it, and
    :class:`~shudu.errors.SearchTimeout` is raised if the candidates are not all known
    in time.  A puzzle without solution has no true candidate (``count`` 0).

    >>> tc = true_candidates("12..34..........", 4)
    >>> tc.count, tc.digits(2), tc.digits(8)
    (12, (3, 4), (2, 4))
    >>> true_candidates("." * 81, limit=1000).label
    '≥ 1000'
    """
    grid = engine.as_grid(puzzle, rules)
    clock = _Clock(timeout)
    return _true(grid, engine.searcher(grid.rules), _limit(limit), clock)


# ---------------------------------------------------------------------- suggested clues
@dataclass(frozen=True)
class Clue:
    """A clue the setter might add: ``digit`` in ``cell``, after which the puzzle has
    ``count`` solutions (exact when ``exact``, else "≥ count"); when that makes it unique,
    the ``grade`` and SE ``score`` it would then have (``rated`` False: a lower bound, the
    rating ran out of time; ``grade`` ``None``: not rated).

    >>> Clue(0, 5, 1, True, "easy", 2.3, True, 9).to_dict()["cell"]
    'r1c1'
    """

    cell: int
    digit: int
    count: int
    exact: bool
    grade: str | None = None
    score: float | None = None
    rated: bool = True
    size: int = 9

    @property
    def unique(self) -> bool:
        """Whether the clue makes the puzzle unique."""
        return self.exact and self.count == 1

    @property
    def name(self) -> str:
        """The clue as ``r1c2=5``."""
        return f"{cell_name(self.cell, self.size)}={self.digit}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (``row`` and ``column`` from 1)."""
        row, column = divmod(self.cell, self.size)
        return {"cell": cell_name(self.cell, self.size), "row": row + 1, "column": column + 1,
                "digit": self.digit, "count": self.count, "exact": self.exact,
                "unique": self.unique, "grade": self.grade, "score": self.score,
                "rated": self.rated}


@dataclass(frozen=True)
class Suggestions:
    """The clues :func:`suggest_clues` ranks, best first, for a puzzle with ``count``
    solutions (``exact``, else "≥ count"); ``complete`` is False when the time ran out
    before every clue was counted (the ranking is then of those counted).

    >>> s = suggest_clues("12..34..........", 4, n=2)
    >>> s.count, [c.count for c in s.clues], s.to_dict()["clues"][0]["unique"]
    (12, [3, 3], False)
    """

    count: int
    exact: bool
    clues: tuple[Clue, ...]
    grade: str | None = None
    complete: bool = True

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"count": self.count, "exact": self.exact,
                "label": str(self.count) if self.exact else f"≥ {self.count}",
                "grade": self.grade, "complete": self.complete,
                "clues": [c.to_dict() for c in self.clues]}


def _grade(grade: str | None) -> str | None:
    if grade is None:
        return None
    key = str(grade).strip().lower()
    if key not in GRADES:
        raise ParseError(f"expected a grade: {', '.join(GRADES)}", found=str(grade))
    return key


def _rated(grid: Grid, clue: Clue, clock: _Clock) -> Clue:
    """The clue with the grade the puzzle would have with it (``grade`` None: the rater
    does not rate these rules, or no time was left)."""
    from dataclasses import replace

    if clock.end is not None and clock.end - time.monotonic() <= 0:
        return clue
    now = time.monotonic()
    cut = now + RATE_SECONDS if clock.end is None else min(clock.end, now + RATE_SECONDS)
    try:
        rating = rate(grid.with_value(clue.cell, clue.digit), known=(1, 0), cut_at=cut)
    except (ValueError, TimeoutError):
        return clue
    return replace(clue, grade=rating.grade, score=rating.score, rated=rating.complete)


def _sampled(grid: Grid, search: Run, clock: _Clock) -> list[list[int]]:
    """How often each digit stands in each cell among :data:`SAMPLES` solutions drawn
    with random digit orders (stopping early when the time is half spent)."""
    size = grid.rules.size
    seen = [[0] * (size + 1) for _ in grid.cells]
    for seed in range(1, SAMPLES + 1):
        if clock.end is not None and clock.end - time.monotonic() < (clock.seconds or 0) / 2:
            break
        solution = clock.run(search, grid.cells, 1, seed=seed)[1]
        if solution is None:
            break
        for cell, digit in enumerate(solution):
            seen[cell][digit] += 1
    return seen


def _rank(clue: Clue, target: str | None, seen: list[list[int]] | None = None
          ) -> tuple[Any, ...]:
    """Unique first (rated before unrated; nearest the target grade, then the easiest),
    then the fewest solutions left (among counts that reached the cap, the clue seen
    least often in random solutions)."""
    if not clue.unique:
        often = seen[clue.cell][clue.digit] if seen is not None and not clue.exact else 0
        return (1, clue.count, often, clue.cell, clue.digit)
    if clue.grade is None or clue.score is None:
        return (0, 1, 0, 0.0, clue.cell, clue.digit)
    far = abs(GRADES.index(clue.grade) - GRADES.index(target)) if target else 0
    return (0, 0, far, clue.score, clue.cell, clue.digit)


def suggest_clues(puzzle: PuzzleLike, rules: RulesLike = None, *, grade: str | None = None,
                  n: int = 10, limit: int = SUGGEST_LIMIT, timeout: float | None = 10.0
                  ) -> Suggestions:
    """The ``n`` best clues to add to ``puzzle``: those that make it unique, ranked by the
    grade it would then have (nearest ``grade`` first when one is asked for, one of
    ``beginner`` … ``extreme``; then the easiest), then those that leave the fewest
    solutions.  Only true candidates of open cells with a choice are tried; solutions
    are counted up to ``limit`` for each clue (for the puzzle, as
    :func:`true_candidates` does).  ``timeout`` bounds the
    whole call: past it the clues counted so far are ranked (``complete`` False), and
    :class:`~shudu.errors.SearchTimeout` is raised when not even the true candidates
    were known.  A puzzle with one solution, or none, has no clue to suggest.

    >>> s = suggest_clues("..1.1.2.......42", 4, n=3)
    >>> [(c.name, c.count, c.grade) for c in s.clues]
    [('r1c1=4', 1, 'beginner'), ('r1c2=2', 1, 'beginner'), ('r1c2=3', 1, 'beginner')]
    """
    grid = engine.as_grid(puzzle, rules)
    target = _grade(grade)
    n = engine._int_arg(n, "n")
    if n < 1:
        raise ParseError("expected n of 1 or more", found=str(n))
    limit = _limit(limit)
    clock = _Clock(timeout)
    search = engine.searcher(grid.rules)
    tc = _true(grid, search, max(limit, TRUE_LIMIT), clock)
    if tc.count == 0 or tc.unique:
        return Suggestions(tc.count, tc.exact, (), target)
    cap = min(tc.count, limit) if tc.exact else limit
    size = grid.rules.size
    work = bytearray(grid.cells)
    clues: list[Clue] = []
    complete = True
    try:
        for cell, mask in enumerate(tc.masks):
            if grid.cells[cell] or mask & (mask - 1) == 0:
                continue
            for digit in _digits(mask):
                work[cell] = digit
                count, _, done = clock.run(search, bytes(work), cap)
                clues.append(Clue(cell, digit, count, done and count < cap, size=size))
            work[cell] = 0
    except SearchTimeout:
        complete = False
    clues = [_rated(grid, c, clock) if c.unique else c for c in clues]
    seen = None
    if complete and sum(not c.exact for c in clues) > 1:
        try:
            seen = _sampled(grid, search, clock)
        except SearchTimeout:
            complete = False
    clues.sort(key=lambda c: _rank(c, target, seen))
    return Suggestions(tc.count, tc.exact, tuple(clues[:n]), target, complete)


# ---------------------------------------------------------------------- redundant clues
@dataclass(frozen=True)
class Redundant:
    """What :func:`redundant_clues` found: the givens (``cells``, with their ``digits``),
    the variant ``flags`` (spec names: ``x``, ``windoku``, ``anti-knight``, ``anti-king``)
    and the ``constraints`` (indices into ``rules.constraints``, with their ``kinds``) each
    of which could go, alone, and the puzzle would still have one solution.  Removing
    two may lose it: ask again after each removal.

    >>> r = redundant_clues("1234341221434321", 4)
    >>> len(r.cells), r.to_dict()["clues"][0]
    (16, {'cell': 'r1c1', 'row': 1, 'column': 1, 'digit': 1})
    """

    size: int
    cells: tuple[int, ...]
    digits: tuple[int, ...]
    flags: tuple[str, ...] = ()
    constraints: tuple[int, ...] = ()
    kinds: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (``row`` and ``column`` from 1)."""
        clues = [{"cell": cell_name(c, self.size), "row": c // self.size + 1,
                  "column": c % self.size + 1, "digit": d}
                 for c, d in zip(self.cells, self.digits, strict=True)]
        return {"clues": clues, "flags": list(self.flags),
                "constraints": [{"index": i, "kind": k}
                                for i, k in zip(self.constraints, self.kinds, strict=True)]}


def _still_unique(search: Run, cells: bytes, clock: _Clock) -> bool:
    return clock.run(search, cells, 2)[0] == 1


def redundant_clues(puzzle: PuzzleLike, rules: RulesLike = None, *,
                    constraints: bool = True, timeout: float | None = 10.0) -> Redundant:
    """The givens of a unique ``puzzle`` each removable without losing uniqueness, and
    (with ``constraints``) the variant flags and constraints of its rules likewise.  A
    puzzle with no solution raises :class:`~shudu.errors.NoSolution`, one with several
    :class:`~shudu.errors.NotUnique`; ``timeout`` (seconds) bounds the whole call
    (:class:`~shudu.errors.SearchTimeout`).

    >>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    >>> redundant_clues(p).cells   # a minimal puzzle: every given is needed
    ()
    >>> r = redundant_clues("12343.1221.3432.", 4)
    >>> [cell_name(c, 4) for c in r.cells][:4]
    ['r1c1', 'r1c2', 'r1c3', 'r1c4']
    """
    grid = engine.as_grid(puzzle, rules)
    clock = _Clock(timeout)
    search = engine.searcher(grid.rules)
    cells = grid.cells
    count = clock.run(search, cells, 2)[0]
    if count == 0:
        raise NoSolution()
    if count > 1:
        raise NotUnique(count)
    work = bytearray(cells)
    found: list[int] = []
    for cell, digit in enumerate(cells):
        if digit:
            work[cell] = 0
            if _still_unique(search, bytes(work), clock):
                found.append(cell)
            work[cell] = digit
    flags: list[str] = []
    kept: list[int] = []
    ruleset = grid.rules
    if constraints:
        for field, name in FLAGS:
            if getattr(ruleset, field) and _still_unique(
                    engine.searcher(ruleset.replace(**{field: False})), cells, clock):
                flags.append(name)
        for i in range(len(ruleset.constraints)):
            others = ruleset.constraints[:i] + ruleset.constraints[i + 1:]
            if _still_unique(engine.searcher(ruleset.replace(constraints=others)), cells, clock):
                kept.append(i)
    return Redundant(ruleset.size, tuple(found), tuple(cells[c] for c in found), tuple(flags),
                     tuple(kept), tuple(str(ruleset.constraints[i].kind) for i in kept))
