"""Difficulty rating on the Sudoku Explainer scale, read from a logic path.

The rater walks the puzzle the way Sudoku Explainer (SE) does: at every step it takes
the easiest deduction available, with SE's own ladder of techniques and weights, and
the puzzle's score is the hardest step it needed.  Chains are weighted as SE weighs
them: a base (6.5 for a one-digit or bivalue-only loop, 6.6 for such a chain, 7.0 when
digits and houses mix, 7.5 for a contradiction from one assumption, 8.0 for several
chains that agree, 8.5 for dynamic nets, 9.5 and up for nested nets) plus 0.1 each
time the number of nodes passes 4, 6, 8, 12, 16, 24, ...

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

import multiprocessing as mp
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from . import engine
from .errors import NotUnique
from .grid import Grid
from .logic import accel9
from .logic.candidates import Candidates, first_bit
from .logic.links import length_bonus
from .logic.registry import technique
from .logic.step import Step
from .rules import Rules

__all__ = [
    "GRADES",
    "GRADE_FLOORS",
    "PathStep",
    "Rating",
    "grade_for_score",
    "path_scores",
    "rate",
    "rate_many",
    "score_range",
    "step_score",
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
class PathStep:
    """One step of the rating walk: its SE ``score`` (as :func:`step_score` weighs it),
    the ``technique`` key and the ``step`` itself.  ``step`` is ``None`` for a round of the
    C ladder (a classic 9x9 state taken to a fixpoint of subsets and fish once the score
    passed 4.0: the round's technique and weight are known, not its cells).

    >>> p = rate("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5"
    ...          ".1.3..", path=True).path[0]
    >>> p.score, p.technique, p.to_dict()["text"]
    (1.2, 'hidden-single', 'Hidden Single: r2c2=6')
    """

    score: float
    technique: str
    step: Step | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: score, technique and the step's one-line text (or None)."""
        return {"score": self.score, "technique": self.technique,
                "text": None if self.step is None else self.step.notation()}


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
    rating.
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


# ----------------------------------------------------------------------- the ladder
_Move = tuple[float, str, Step | None, tuple[tuple[int, int], ...]]
"""(score, technique key, step or None, placements) of one step."""
_Rung = Callable[[Candidates, float], list[_Move]]
"""Finds a technique's moves, easiest first.  When the easiest one scores no more
than the ceiling (the hardest step so far), a rung may return every move it sees up to
that ceiling: they are all valid in the same state, so applying them together changes
the path's order but not its hardest step, and saves many rescans."""


def _finder(key: str) -> Callable[[Candidates], Iterator[Step]]:
    return technique(key).find


def _hidden_singles(c: Candidates, ceiling: float) -> list[_Move]:
    """Hidden singles: in a box SE 1.2, in a row, column or other house 1.5.

    A house with one empty cell counts as a hidden single in that house, as in SE.
    """
    geo = c.geo
    n = geo.n
    dm = c.digit_mask
    masks = geo.house_mask
    out: list[_Move] = []
    for score, houses in ((1.2, range(2 * n, 3 * n)),
                          (1.5, [*range(2 * n), *range(3 * n, len(masks))])):
        if out and score > ceiling:
            break
        for h in houses:
            hm = masks[h]
            for d in range(n):
                m = dm[d] & hm
                if m and not m & (m - 1):
                    out.append((score, "hidden-single", None, ((first_bit(m), d + 1),)))
    return out


def _naked_singles(c: Candidates, ceiling: float) -> list[_Move]:
    values = c.values
    return [(2.3, "naked-single", None, ((cell, first_bit(mask) + 1),))
            for cell, mask in enumerate(c.cell_mask)
            if mask and not mask & (mask - 1) and not values[cell]]


def _has_hidden_single(c: Candidates) -> bool:
    dm = c.digit_mask
    for hm in c.geo.house_mask:
        for m in dm:
            m &= hm
            if m and not m & (m - 1):
                return True
    return False


def _direct(key: str, score: float, plain: float) -> _Rung:
    """SE's "direct" variant of a technique: its eliminations leave a hidden single.

    Once the hardest step so far weighs ``plain`` (the technique's own weight) or more,
    the plain rung finds the same steps within the score, so this one stands aside."""
    find = _finder(key)

    def scan(c: Candidates, ceiling: float) -> list[_Move]:
        if ceiling >= plain:
            return []
        for step in find(c):
            if not step.eliminations:
                continue
            trial = c.copy()
            for cell, digit in step.eliminations:
                trial.eliminate(cell, digit)
            if _has_hidden_single(trial):
                return [(score, key, step, ())]
        return []

    return scan


def _fixed(key: str, score: float) -> _Rung:
    """A technique with one SE weight."""
    find = _finder(key)

    def scan(c: Candidates, ceiling: float) -> list[_Move]:
        if score > ceiling:
            for step in find(c):
                if step.progress:
                    return [(score, key, step, ())]
            return []
        return [(score, key, step, ()) for step in find(c) if step.progress]

    return scan


def _kind(step: Step) -> str:
    """``"x"`` (one digit), ``"y"`` (bivalue cells only) or ``"xy"`` (mixed) for a chain."""
    links = step.links
    if any(len(lk.a.cells) > 1 or len(lk.b.cells) > 1 for lk in links):
        return "xy"
    if len({lk.a.digit for lk in links} | {lk.b.digit for lk in links}) == 1:
        return "x"
    for lk in links:
        same = lk.a.cells == lk.b.cells
        if lk.strong != same:
            return "xy"
    return "y"


def _nodes(step: Step) -> int:
    links = step.links
    if not links:
        return int(step.get("length", 4)) + 1
    nodes = {(lk.a.cells, lk.a.digit) for lk in links} | {(lk.b.cells, lk.b.digit)
                                                           for lk in links}
    return len(nodes)


_CHAIN_KEYS = ("x-chain", "xy-chain", "discontinuous-nice-loop", "aic")
_LOOP_KEY = "continuous-nice-loop"
"""Loops are searched only when no chain was found: the search is costly and a loop
is rarely cheaper than the shortest chain (6.5 instead of 6.6)."""


def _chain_score(step: Step) -> float:
    """SE's weight of a chain step: base by kind plus the length bonus."""
    kind = _kind(step)
    if kind == "xy":
        base = 7.0
    else:
        base = 6.5 if step.technique == "continuous-nice-loop" else 6.6
    return round(base + length_bonus(_nodes(step)), 1)


_PATTERN_KEYS = ("skyscraper", "two-string-kite", "turbot-fish", "empty-rectangle")
"""Single-digit patterns that are X-chains of four nodes: SE weighs them as such (6.6),
so when the chain rung would score 6.6 anyway the step is named after the pattern.  An
Empty Rectangle is met when the Turbot Fish found is one: its strong links are a
conjugate pair of a box (two cells in different rows and columns, the box's only
candidates) and one of a line."""

_W_WING_SCORE = round(7.0 + length_bonus(6), 1)
"""SE's weight of a W-Wing: an AIC of six nodes mixing digits and houses (7.1)."""

RATED_AS = {"w-wing": _W_WING_SCORE}
"""Techniques the rater weighs otherwise than their place in the solver's order (their
registered difficulty): SE has no W-Wing and counts it as the chain it is."""


def _as_empty_rectangle(c: Candidates, step: Step) -> Step | None:
    """The Empty Rectangle step that makes the same eliminations as a Turbot Fish of
    that shape, or None."""
    n = c.geo.n
    links = step.links
    if len(links) != 3:
        return None
    box_links = [lk for lk in (links[0], links[2]) if c.geo.box_of[lk.a.cells[0]]
                 == c.geo.box_of[lk.b.cells[0]]]
    if len(box_links) != 1:
        return None
    line = links[2] if box_links[0] is links[0] else links[0]
    a, b = box_links[0].a.cells[0], box_links[0].b.cells[0]
    geo = c.geo
    if geo.row_of[a] == geo.row_of[b] or geo.col_of[a] == geo.col_of[b]:
        return None
    box = 2 * n + geo.box_of[a]
    strong = {line.a.cells[0], line.b.cells[0]}
    elims = set(step.eliminations)
    for er in _finder("empty-rectangle")(c):
        if (er.digits == step.digits and er.role_houses("box") == (box,)
                and set(er.role_cells("strong")) == strong and set(er.eliminations) == elims):
            return er
    return None


def _as_w_wing(c: Candidates, step: Step) -> Step | None:
    """The W-Wing step that makes the same eliminations as an AIC of that shape
    (``(y=x)a - (x)e1 = (x)e2 - (x=y)b``, ``a`` and ``b`` bivalue cells with the same two
    digits), or None."""
    links = step.links
    if len(links) != 5 or [lk.strong for lk in links] != [True, False, True, False, True]:
        return None
    nodes = [links[0].a, *(lk.b for lk in links)]
    if any(len(nd.cells) != 1 for nd in nodes):
        return None
    a, b = nodes[0].cells[0], nodes[5].cells[0]
    y, x = nodes[0].digit, nodes[1].digit
    if (nodes[1].cells[0] != a or nodes[4].cells[0] != b or nodes[5].digit != y or x == y
            or any(nd.digit != x for nd in nodes[1:5])):
        return None
    mask = (1 << (x - 1)) | (1 << (y - 1))
    if c.cell_mask[a] != mask or c.cell_mask[b] != mask:
        return None
    strong = {nodes[2].cells[0], nodes[3].cells[0]}
    elims = set(step.eliminations)
    for w in _finder("w-wing")(c):
        if (set(w.role_cells("wing")) == {a, b} and w.digits == (y, x)
                and set(w.role_cells("strong")) == strong and set(w.eliminations) == elims):
            return w
    return None


def _pattern_moves(c: Candidates) -> list[_Move]:
    """The first single-digit pattern of :data:`_PATTERN_KEYS` that makes progress (at
    most one move, 6.6), as the chain rung takes it when the hardest step so far is
    easier than a chain."""
    for key in _PATTERN_KEYS[:3]:
        for step in _finder(key)(c):
            if step.progress:
                if key == "turbot-fish":
                    er = _as_empty_rectangle(c, step)
                    if er is not None:
                        return [(6.6, "empty-rectangle", er, ())]
                return [(6.6, key, step, ())]
    return []


def _chains(c: Candidates, ceiling: float) -> list[_Move]:
    """The easiest chains and loops (SE's "forcing chains and cycles" rule).  A chain
    that is a known pattern (a Turbot Fish of the Empty Rectangle shape, an AIC of the
    W-Wing shape) is named after it, at the chain's weight."""
    if ceiling < 6.6:
        found = _pattern_moves(c)
        if found:
            return found
    moves: list[_Move] = []
    for key in _CHAIN_KEYS:
        found = [(_chain_score(step), key, step, ()) for step in _finder(key)(c)
                 if step.progress]
        cheap = [m for m in found if m[0] <= ceiling]
        if cheap:
            return cheap   # every one is within the hardest step so far
        moves += found[:1]   # each finder yields its shortest chains first
    if not moves:
        moves = [(_chain_score(step), _LOOP_KEY, step, ()) for step in _finder(_LOOP_KEY)(c)
                 if step.progress][:1]
    moves.sort(key=lambda m: m[0])
    chain = moves[0][2] if moves and moves[0][1] == "aic" else None
    if chain is not None and moves[0][0] == _W_WING_SCORE:
        wing = _as_w_wing(c, chain)
        if wing is not None:
            return [(_W_WING_SCORE, "w-wing", wing, ())]
    return moves[:1]


_FORCING_BASE = {"forcing-chain-contradiction": 7.5, "forcing-chain-verity": 8.0,
                 "forcing-net-contradiction": 8.5, "forcing-net-verity": 8.5,
                 "nested-forcing-net": 9.5}


_FORCING_LOOK = 8
"""How many forcing steps to weigh before taking the easiest (they come roughly easiest
first; all of them within the hardest score so far are applied together)."""


def _forcing_score(step: Step, base: float) -> float:
    level = int(step.get("level", 1) or 1)
    return round(base + 0.5 * max(0, level - 1) + length_bonus(int(step.get("length", 4))), 1)


def _forcing(key: str) -> _Rung:
    find = _finder(key)
    base = _FORCING_BASE[key]

    def scan(c: Candidates, ceiling: float) -> list[_Move]:
        found: list[_Move] = []
        for k, step in enumerate(find(c)):
            if not step.progress:
                continue
            found.append((_forcing_score(step, base), key, step, ()))
            if k >= _FORCING_LOOK:
                break
        found.sort(key=lambda m: m[0])
        return found

    return scan


@cache
def _c_weights() -> tuple[float, ...]:
    """SE weight of each level of the C ladder (:data:`accel9.LEVELS`): a hidden single in a
line (1.5; the ladder does not say which house), then each level's registered
difficulty: naked single, pointing, claiming, naked pair, X-Wing, hidden pair, naked
triple, Swordfish, hidden triple, naked quad, Jellyfish, hidden quad."""
    return tuple(1.5 if level == 0 else technique(keys[-1]).difficulty
                 for level, keys in enumerate(accel9.LEVELS))
_C_FROM = 4.0
"""Once the score reaches hidden triple's weight, every technique of the C ladder up to
the score may be applied in any order (none is harder than the score), so a classic
9x9 state is taken to that fixpoint in C before the Python rungs run."""


_FIXED_ORDER = ("pointing", "claiming", "locked-pair", "naked-pair", "x-wing", "hidden-pair",
                "locked-triple", "naked-triple", "swordfish", "hidden-triple", "xy-wing",
                "xyz-wing", "ur-type-1", "ur-type-2", "ur-type-4", "ur-type-3", "naked-quad",
                "jellyfish", "hidden-quad", "bug-plus-1")
"""The techniques SE weighs with one number, in the order the rater tries them."""


@cache
def _fixed_weights() -> dict[str, float]:
    """The weight of each of :data:`_FIXED_ORDER`: its registered difficulty."""
    return {key: technique(key).difficulty for key in _FIXED_ORDER}
DIRECT_SCORES = {"pointing": 1.7, "claiming": 1.9, "hidden-pair": 2.0, "hidden-triple": 2.5}
"""SE's weight of a technique whose eliminations leave a hidden single ("direct")."""


def step_score(step: Step, cands: Candidates | None = None) -> float:
    """The SE score of a logic step as the rater weighs it: a hidden single (or a full
    house) 1.2 in a box and 1.5 elsewhere, the ladder's fixed weights, chains by kind
    plus the length bonus, forcing chains and nets by base, nesting and length.  With
    ``cands`` (the state the step applies to) a pointing, claiming, hidden pair or hidden
    triple whose eliminations leave a hidden single gets SE's "direct" weight; a W-Wing
    weighs what the rater meets it as, an AIC of six nodes (7.1).  A
    technique the rater never meets gets its chain weight when it is a chain, else the
    registry's difficulty.

    >>> from shudu.logic.step import Step, Link, Node
    >>> step_score(Step.single("hidden-single", 0, 5, house=18))
    1.2
    >>> step_score(Step.single("hidden-single", 0, 5, house=0))
    1.5
    >>> nodes = [Node((c,), 7) for c in (0, 8, 80, 72, 63, 60)]
    >>> links = tuple(Link(a, b, k % 2 == 0) for k, (a, b) in enumerate(zip(nodes, nodes[1:])))
    >>> step_score(Step("x-chain", eliminations=((9, 7),), links=links))
    6.7
    """
    key = step.technique
    if key in ("hidden-single", "full-house"):
        houses = step.role_houses("house")
        n = step.size
        return 1.2 if houses and 2 * n <= houses[0] < 3 * n else 1.5
    if cands is not None and key in DIRECT_SCORES and step.eliminations:
        trial = cands.copy()
        for cell, digit in step.eliminations:
            trial.eliminate(cell, digit)
        if _has_hidden_single(trial):
            return DIRECT_SCORES[key]
    if key == "naked-single":
        return 2.3
    if key in _fixed_weights():
        return _fixed_weights()[key]
    if key in _PATTERN_KEYS:
        return 6.6
    if key == "w-wing":
        return _W_WING_SCORE
    if key in _FORCING_BASE:
        return _forcing_score(step, _FORCING_BASE[key])
    if step.links or key in _CHAIN_KEYS or key == _LOOP_KEY:
        return _chain_score(step)
    return float(technique(key).difficulty)


def path_scores(start: Candidates, steps: Iterable[Step]) -> list[float]:
    """:func:`step_score` of each step of a logic path (e.g. ``solve_path(p).start`` and
    ``.steps``), each weighed in the state it applies to: the numbers to show beside an
    explained path so that they read like the rating.

    >>> from shudu.logic.solver import solve_path
    >>> path = solve_path("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2"
    ...                   ".3..9..5.1.3..")
    >>> scores = path_scores(path.start, path.steps)
    >>> len(scores) == len(path.steps), max(scores)
    (True, 1.5)

    The solver's order is not SE's (here it takes a hidden single in a line where SE
    would find one in a box, 1.2), so the path's hardest number can differ from
    :func:`rate`'s score; both use the same weights.
    """
    c = start.copy()
    out = []
    for step in steps:
        out.append(step_score(step, c))
        c.apply(step)
    return out


def _ladder(uniqueness: bool) -> list[tuple[_Rung, int]]:
    """SE's techniques, in the order it tries them, each with the C ladder level that
    covers it (99 for none)."""
    rungs: list[tuple[_Rung, str | None]] = [
        (_hidden_singles, "hidden-single"),
        (_direct("pointing", 1.7, 2.6), "pointing"),
        (_direct("claiming", 1.9, 2.8), "claiming"),
        (_direct("hidden-pair", 2.0, 3.4), "hidden-pair"),
        (_naked_singles, "naked-single"),
        (_direct("hidden-triple", 2.5, 4.0), "hidden-triple"),
    ]
    fixed = [(key, w) for key, w in _fixed_weights().items()
             if uniqueness or not technique(key).uniqueness]
    rungs += [(_fixed(key, weight), key) for key, weight in fixed]
    rungs += [(_chains, None), *((_forcing(k), None) for k in _FORCING_BASE)]
    return [(rung, accel9.LEVEL_OF.get(key, 99) if key else 99) for rung, key in rungs]


_LADDERS: dict[bool, list[tuple[_Rung, int]]] = {}


def _c_fixpoint(c: Candidates, level: int, histogram: dict[str, int],
                walk: list[PathStep] | None = None) -> tuple[int, int]:
    """Run the C ladder up to ``level`` on a classic state, in place; returns (status:
    1 solved, 0 stuck, -1 contradiction; rounds applied).  Each round that made progress
    counts as one step of its technique."""
    status, passes = accel9.fixpoint(c, level)
    rounds = 0
    for k, n in enumerate(passes):
        if n:
            key = accel9.LEVELS[k][-1]   # the level's subset/single name
            histogram[key] = histogram.get(key, 0) + n
            rounds += n
            if walk is not None:
                walk += [PathStep(_c_weights()[k], key)] * n
    return status, rounds


def _apply(c: Candidates, move: _Move) -> bool | None:
    """Apply one move: True if it changed the state, None if an earlier move of the same
    batch already did its work, False when it placed a digit no longer possible."""
    _, _, step, placements = move
    changed = False
    if step is not None:
        placements = step.placements
        for cell, digit in step.eliminations:
            changed = c.eliminate(cell, digit) or changed
    values = c.values
    for cell, digit in placements:
        if values[cell]:
            if values[cell] != digit:
                return False
            continue
        if not c.has(cell, digit):
            return False
        c.place(cell, digit)
        changed = True
    return changed or None


def _stuck(c: Candidates) -> bool:
    """A cheap contradiction test: an empty cell without candidates."""
    values = c.values
    return any(not m and not values[i] for i, m in enumerate(c.cell_mask))


# ------------------------------------------------------------------------ the rater
def _as_grid(puzzle: str | Grid, rules: Rules | None) -> Grid:
    if isinstance(puzzle, Grid):
        return puzzle
    from .formats import parse

    return parse(puzzle, rules=rules)


def _count(grid: Grid) -> tuple[int, int]:
    found = engine.search(grid, limit=2)
    return found.count, found.guesses


def rate(puzzle: str | Grid, rules: Rules | None = None, *,
         stop_above: float | None = None, uniqueness: bool | None = None,
         deadline: float | None = None, path: bool = False,
         known: tuple[int, int] | None = None) -> Rating:
    """Rate a puzzle on the Sudoku Explainer scale.

    ``stop_above`` ends the walk as soon as a step scores above it (``complete`` is
    then False and ``score`` a lower bound): cheap rejection when generating.
    ``uniqueness`` allows Unique Rectangles and BUG (default: yes, as SE assumes, since
    the puzzle has one solution).  Only a puzzle with exactly one solution has a rating:
    others raise :class:`~shudu.errors.NotUnique`.  ``deadline`` (a :func:`time.monotonic`
    instant) bounds the walk: once it has passed, :class:`TimeoutError` is raised
    between two steps.  ``path=True`` keeps the steps of the walk in
    :attr:`Rating.path`.  ``known`` is the engine's ``(count up to 2, guesses)`` when the
    caller has already searched the puzzle (the generator has), so it is not searched
    twice.

    >>> easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    >>> r = rate(easy)
    >>> r.hardest, r.histogram["hidden-single"] > 40
    ('hidden-single', True)
    >>> hard = ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........"
    >>> r = rate(hard, stop_above=5.0)
    >>> r.complete, r.score > 5.0
    (False, True)
    """
    rules = engine.check_args(puzzle, rules)
    grid = _as_grid(puzzle, rules)
    count, guesses = known if known is not None else _count(grid)
    if count != 1:   # the same words as explain: where it breaks, or where two differ
        from .logic.verdict import check

        check(grid)
        raise NotUnique(count)
    allow = True if uniqueness is None else uniqueness
    ladder = _LADDERS.get(allow)
    if ladder is None:
        ladder = _LADDERS[allow] = _ladder(allow)
    c = Candidates.from_grid(grid)
    classic = grid.rules.is_classic9
    score = pearl = diamond = 0.0
    hardest: str | None = None
    histogram: dict[str, int] = {}
    steps = 0
    complete = True
    placed_once = False
    broken = False
    walk: list[PathStep] | None = [] if path else None
    n = grid.size
    while not c.is_solved and not broken and not _stuck(c):
        if deadline is not None and time.monotonic() > deadline:
            raise TimeoutError("rating ran past its deadline")
        covered = -1
        if classic and score >= _C_FROM:
            covered = max(k for k, w in enumerate(_c_weights()) if w <= score)
            status, rounds = _c_fixpoint(c, covered, histogram, walk)
            steps += rounds
            if status:
                broken = status < 0
                break
        moves: list[_Move] = []
        for rung, level in ladder:
            if level <= covered:
                continue
            moves = rung(c, score)
            if moves:
                break
        if not moves:
            break
        first = moves[0][0]
        if first > score:
            score, hardest = first, moves[0][1]
        elif hardest is None:
            hardest = moves[0][1]
        if not steps:
            diamond = first
        if not placed_once:
            pearl = max(pearl, first)
        if stop_above is not None and score > stop_above:
            complete = False
            break
        changed = False
        for move in moves:
            if move[0] > score:
                continue
            done = _apply(c, move)
            if done is False:
                broken = True
                break
            if done:
                changed = True
                steps += 1
                histogram[move[1]] = histogram.get(move[1], 0) + 1
                if walk is not None:
                    step = move[2]
                    if step is None:
                        cell, digit = move[3][0]
                        # a hidden single at 1.2 is in a box, at 1.5 in a line (or other)
                        house = (2 * n + c.geo.box_of[cell] if move[0] == 1.2
                                 else cell // n if move[1] == "hidden-single" else -1)
                        step = Step.single(move[1], cell, digit, house, size=n)
                    walk.append(PathStep(move[0], move[1], step))
                placed_once = placed_once or bool(move[3] or (move[2] and move[2].placements))
        if not changed:
            break   # a finder offered only what is already done: never loop on it
    return Rating(score=score, grade=grade_for_score(score), hardest=hardest, pearl=pearl,
                  diamond=diamond, histogram=histogram, guesses=guesses, steps=steps,
                  solved=c.is_solved, complete=complete, path=tuple(walk or ()))


def _rate_one(args: tuple[str, Rules | None, float | None]) -> Rating:
    puzzle, rules, stop = args
    return rate(puzzle, rules, stop_above=stop)


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
    with mp.get_context("fork").Pool(processes) as pool:
        yield from pool.imap(_rate_one, items, chunksize=chunksize)
