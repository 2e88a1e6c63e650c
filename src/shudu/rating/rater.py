"""Difficulty rating on the Sudoku Explainer scale, read from a logic path.

The rating is the logic solver run with Sudoku Explainer's (SE) ladder: the weighed
walk of :mod:`shudu.logic.weighed` takes, at every step, the easiest deduction by
weight, every weight being a fact of its technique's record
(:meth:`~shudu.logic.registry.Technique.weight`), and the puzzle's score is the hardest
step the path needed.  This module folds that path into a :class:`Rating`.  Chains are
weighted as SE weighs
them: a base (6.5 for a one-digit or bivalue-only loop, 6.6 for such a chain, 7.0 when
digits and houses mix, 7.5 for a contradiction from one assumption, 8.0 for several
chains that agree, 8.5 for dynamic ones, 9.0 to 11.0 for those nested at SE's levels 1
to 5) plus 0.1 each time the number of nodes passes 4, 6, 8, 12, 16, 24,
...; a nested net's nodes include those of the nets nested in it.  ``docs/rating.md``
gives SE's scale and what shudu reproduces of it.

The score reads on SE's scale (1.2 hidden single in a box ... 11+); the grade puts it
into words with these boundaries:

=========  ==============  ==================================================
grade      score           typical hardest step
=========  ==============  ==================================================
beginner   below 2.0       hidden singles, direct pointing
easy       2.0 to 2.9      naked singles, pointing and claiming
medium     3.0 to 4.4      pairs, triples, X-Wing, Swordfish, XY/XYZ-Wing
hard       4.5 to 6.9      uniqueness, quads, Jellyfish, BUG, short chains
expert     7.0 to 8.9      chains mixing digits, forcing chains
extreme    9.0 and above   dynamic and nested forcing nets
=========  ==============  ==================================================

>>> r = rate("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
>>> r.score, r.grade, r.solved
(1.2, 'beginner', True)
>>> hard = ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........"
>>> rate(hard).grade
'extreme'
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..errors import NotRated, NotUnique, SearchTimeout
from ..logic.accel9 import sechain9_forget
from ..logic.solver import refuse_constraints
from ..logic.weighed import (
    PathStep,
    Walk,
    constraint_ladder,
    path_scores,
    se_ladder,
    step_score,
)
from ..processes import worker_context
from ..solving import engine
from ..values.candidates import Candidates
from ..values.grid import Grid
from ..values.rules import Rules

__all__ = [
    "GRADES",
    "GRADE_FLOORS",
    "PathStep",
    "Rating",
    "grade_for_score",
    "path_scores",
    "rate",
    "rate_many",
    "rate_or_error",
    "score_range",
    "step_score",
    "stuck_floor",
]

GRADES = ("beginner", "easy", "medium", "hard", "expert", "extreme")
"""Grades, easiest first."""

GRADE_FLOORS = {"beginner": 0.0, "easy": 2.0, "medium": 3.0, "hard": 4.5,
                "expert": 7.0, "extreme": 9.0}
"""The lowest SE score of each grade."""


def grade_for_score(score: float) -> str:
    """The grade of an SE score.

    >>> grade_for_score(1.5), grade_for_score(3.2), grade_for_score(7.3), grade_for_score(11)
    ('beginner', 'medium', 'expert', 'extreme')
    """
    out = GRADES[0]
    for name in GRADES:
        if score + 1e-9 >= GRADE_FLOORS[name]:
            out = name
    return out


def score_range(grade: str) -> tuple[float, float]:
    """The SE scores ``(low, high)`` of a grade; ``high`` is exclusive.

    >>> score_range("hard")
    (4.5, 7.0)
    """
    key = grade.strip().lower()
    if key not in GRADE_FLOORS:
        raise ValueError(f"unknown grade {grade!r}; expected one of {', '.join(GRADES)}")
    i = GRADES.index(key)
    high = GRADE_FLOORS[GRADES[i + 1]] if i + 1 < len(GRADES) else float("inf")
    return GRADE_FLOORS[key], high


@dataclass(frozen=True)
class Rating:
    """A puzzle's difficulty.

    ``score`` is the SE-scale difficulty of the hardest step (0.0 for a grid with
    nothing to solve); ``hardest`` that step's technique key; ``pearl`` the hardest
    step before the first placement and ``diamond`` the first step's (SE's EP and ED);
    ``histogram`` counts the steps per technique; ``guesses`` is how many times the
    engine had to guess; ``solved`` tells whether logic reached the end; ``complete``
    is False when rating stopped early because the score passed ``stop_above``;
    ``path`` (filled when :func:`rate` is asked for it) lists the steps of the walk in
    the order they were applied, each with its score, so the hardest of them is the
    rating.  A puzzle with constraints whose walk gets stuck (``solved`` False, yet
    ``complete``) needs more than every technique of its ladder: its score is at least
    :func:`stuck_floor`, a lower bound.
    """

    score: float
    grade: str
    hardest: str | None
    pearl: float
    diamond: float
    histogram: dict[str, int] = field(default_factory=dict)
    guesses: int = 0
    steps: int = 0
    solved: bool = True
    complete: bool = True
    path: tuple[PathStep, ...] = field(default=(), compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (with ``"path"`` only when the path was asked for).

        >>> rate("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5"
        ...      ".1.3..").to_dict()["grade"]
        'beginner'
        """
        return {"score": self.score, "grade": self.grade, "hardest": self.hardest,
                "pearl": self.pearl, "diamond": self.diamond, "histogram": self.histogram,
                "guesses": self.guesses, "steps": self.steps, "solved": self.solved,
                "complete": self.complete,
                **({"path": [p.to_dict() for p in self.path]} if self.path else {})}


# ------------------------------------------------------------------------ the rater
def stuck_floor() -> float:
    """The least score of a puzzle with constraints whose walk gets stuck: the weight of
    SE's nested forcing net, the lightest technique the ladder for constraints leaves
    out (:func:`~shudu.logic.weighed.constraint_ladder`), so a puzzle that every
    technique of that ladder leaves unfinished rates above every one they finish.

    >>> stuck_floor()
    9.5
    """
    from ..logic.registry import technique

    return technique("nested-forcing-net").se_weight


def _as_grid(puzzle: str | Grid, rules: Rules | None) -> Grid:
    if isinstance(puzzle, Grid):
        return puzzle
    from ..formats import parse

    return parse(puzzle, rules=rules)


def _count(grid: Grid, cut_at: float | None = None) -> tuple[int, int] | None:
    """The engine's ``(count up to 2, guesses)`` for a grid; with ``cut_at`` (a
    :func:`time.monotonic` instant), ``None`` when the engine does not answer by then."""
    if cut_at is None:
        found = engine.search(grid, limit=2)
        return found.count, found.guesses
    left = cut_at - time.monotonic()
    if left <= 0:
        return None
    try:
        found = engine.search(grid, limit=2, timeout=left)
    except SearchTimeout:
        return None
    return (found.count, found.guesses) if found.complete else None


def rate(puzzle: str | Grid, rules: Rules | None = None, *,
         stop_above: float | None = None, uniqueness: bool | None = None,
         deadline: float | None = None, cut_at: float | None = None, path: bool = False,
         known: tuple[int, int] | None = None) -> Rating:
    """Rate a puzzle on the Sudoku Explainer scale.

    ``stop_above`` ends the walk as soon as a step scores above it (``complete`` is
    then False and ``score`` a lower bound): cheap rejection when generating.
    ``uniqueness`` allows Unique Rectangles and BUG (default: yes, as SE assumes, since
    the puzzle has one solution).  Only a puzzle with exactly one solution has a rating:
    others raise :class:`~shudu.errors.NotUnique`.  ``deadline`` (a :func:`time.monotonic`
    instant) bounds the walk: once it has passed, :class:`TimeoutError` is raised
    between two steps.  ``cut_at`` (such an instant) ends the walk between two steps
    instead, with ``complete`` False and the figures met so far (a lower bound): what
    is known when the time is up (nothing, when even the uniqueness check is not done by
    then; a long search inside one step is stopped too, where a timer can interrupt it).
    ``path=True`` keeps the steps of the walk in :attr:`Rating.path`.  ``known`` is the
    engine's ``(count up to 2, guesses)`` when the caller has already searched the puzzle
    (the generator has), so it is not searched twice.

    >>> easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    >>> r = rate(easy)
    >>> r.hardest, r.histogram["hidden-single"] + r.histogram["full-house"] > 40
    ('hidden-single', True)
    >>> hard = ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........"
    >>> r = rate(hard, stop_above=5.0)
    >>> r.complete, r.score > 5.0
    (False, True)
    """
    rules = engine.check_args(puzzle, rules)
    grid = _as_grid(puzzle, rules)
    refuse_constraints(grid.rules, "the rater")
    if known is None:   # the uniqueness check, too, stops at cut_at
        known = _count(grid, cut_at)
        if known is None:   # not known in time: nothing is rated yet
            return Rating(score=0.0, grade=grade_for_score(0.0), hardest=None, pearl=0.0,
                          diamond=0.0, histogram={}, guesses=0, steps=0, solved=False,
                          complete=False)
    count, guesses = known
    if count != 1:   # the same words as explain: where it breaks, or where two differ
        from ..logic.verdict import check

        check(grid)
        raise NotUnique(count)
    if grid.rules.constraints:   # cages and variants on an extension of the SE scale
        kinds = {c.kind for c in grid.rules.constraints}
        families = frozenset({"killer"} if "killer" in kinds else set()) | (
            frozenset({"variant"}) if kinds - {"killer"} else frozenset())
        ladder = constraint_ladder(families)
    else:
        ladder = se_ladder(True if uniqueness is None else uniqueness)
    walk = Walk(Candidates.from_grid(grid), ladder, stop_above=stop_above,
                deadline=deadline, cut_at=cut_at, keep_steps=path)
    try:
        steps = tuple(walk)
    finally:   # the nested chains' searches kept by grid serve this puzzle only
        sechain9_forget()
    score = walk.score
    if grid.rules.constraints and walk.complete and not walk.solved:
        score = max(score, stuck_floor())   # stuck: beyond every rung of the ladder
    return Rating(score=score, grade=grade_for_score(score), hardest=walk.hardest,
                  pearl=walk.pearl, diamond=walk.diamond, histogram=walk.histogram,
                  guesses=guesses, steps=walk.steps, solved=walk.solved,
                  complete=walk.complete, path=steps if path else ())


def rate_or_error(puzzle: str | Grid, rules: Rules | None = None, *,
                  timeout: float | None = None, path: bool = False) -> Rating | ValueError:
    """:func:`rate` within ``timeout`` seconds, with its errors as values (a puzzle
    without one solution, bad input, :class:`~shudu.errors.NotRated` past the time): what
    a batch of ratings keeps for each puzzle.

    >>> str(rate_or_error("." * 81)).startswith("the puzzle has several solutions")
    True
    """
    deadline = None if timeout is None else time.monotonic() + timeout
    try:
        return rate(puzzle, rules, deadline=deadline, path=path)
    except TimeoutError:
        return NotRated(timeout or 0.0)
    except ValueError as e:
        return e


def _rate_one(args: tuple[str, Rules | None, float | None]) -> Rating:
    puzzle, rules, stop = args
    return rate(puzzle, rules, stop_above=stop)


def ignore_interrupts() -> None:
    """Make this process ignore SIGINT: the initializer of the rating pools' workers (a
    terminal's Ctrl-C reaches every process of its group; the parent stops and
    terminates the workers, which print nothing).

    >>> import signal
    >>> old = signal.getsignal(signal.SIGINT)
    >>> ignore_interrupts(); signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    True
    >>> _ = signal.signal(signal.SIGINT, old)
    """
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def rate_many(puzzles: Iterable[str | Grid], rules: Rules | None = None, *,
              processes: int | None = 1, stop_above: float | None = None,
              chunksize: int = 4) -> Iterator[Rating]:
    """Rate many puzzles, in order; ``processes`` > 1 (or ``None`` = every core) spreads
    them over worker processes.

    >>> [r.grade for r in rate_many(["..3.2.6..9..3.5..1..18.64....81.29..7.......8..67."
    ...                              "82....26.95..8..2.3..9..5.1.3.."])]
    ['beginner']
    """
    rules = Rules.coerce(rules)
    items = ((p if isinstance(p, str) else p.to_string(), rules, stop_above) for p in puzzles)
    if processes == 1:
        yield from map(_rate_one, items)
        return
    with worker_context().Pool(processes, initializer=ignore_interrupts) as pool:
        yield from pool.imap(_rate_one, items, chunksize=chunksize)   # Ctrl-C: terminated
