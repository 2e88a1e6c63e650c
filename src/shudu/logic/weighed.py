"""The weighed walk: the logic solver configured by a ladder of rungs, taking at every
point the easiest step *by weight* and keeping the hardest weight met.

The ordinary solver (:mod:`.solver`) takes the first technique, in the order of the
registry, that makes progress.  The weighed walk is the same solver run with a ladder
instead of an order: each :class:`Rung` names registered techniques and how to pick
among their steps (the first one, only "direct" ones, the cheapest of several), and
every step is weighed by its technique's :meth:`~.registry.Technique.weight`.
:data:`SE_ORDER` is Sudoku Explainer's ladder; :func:`shudu.rating.rater.rate` reads the
walk it gives.

Once a rung's easiest step weighs no more than the hardest step so far (the
``ceiling``), every step it sees within the ceiling is applied together: they are all
valid in the same state, so this changes the order of the path but not its hardest
step, and saves many rescans.  On a classic 9x9 state, once the ceiling reaches
:data:`C_FROM`, the C ladder takes the state to the fixpoint of every basic technique
within the ceiling before the rungs run.

>>> walk = Walk.of("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3.."
...                "9..5.1.3..")
>>> path = list(walk)
>>> walk.score, walk.hardest, walk.solved, path[0].technique
(1.2, 'hidden-single', True, 'hidden-single')
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..values.candidates import Candidates, state_memo
from ..values.grid import Grid
from . import accel9
from .links import chain_nodes
from .registry import direct_houses, leaves_hidden_single, technique
from .step import Step
from .techniques.classic.chains import continuous_loops
from .techniques.classic.multiple import chain_table, table_moves
from .techniques.classic.nested import nested_moves
from .techniques.classic.nishio import nishio_step, nishio_table
from .techniques.classic.patterns import pattern_step
from .techniques.classic.sestatic import static_moves
from .techniques.classic.singles import (
    ALONE_WEIGHT,
    LINE_WEIGHT,
    hidden_singles,
    naked_singles,
)
from .techniques.table import length_bonus

__all__ = ["C_FROM", "GROUPS", "SE_ORDER", "SINGLE_FROM", "PathStep", "Rung", "Walk",
           "constraint_ladder", "path_scores", "pattern_moves", "se_ladder", "step_score"]


# ------------------------------------------------------------------------ weights
def step_score(step: Step, cands: Candidates | None = None) -> float:
    """The SE score of a logic step as the rater weighs it: its technique's
    :meth:`~shudu.logic.registry.Technique.weight` (a hidden single or full house 1.2 in
    a box and 1.5 elsewhere, chains by kind plus the length bonus, forcing chains and
    nets by base, nesting and length, a W-Wing as the AIC SE meets it as, 7.1).  With
    ``cands`` (the state the step applies to) a pointing, claiming, hidden pair or hidden
    triple whose eliminations leave a hidden single gets SE's "direct" weight.

    >>> from shudu.logic.step import Link, Node
    >>> step_score(Step.single("hidden-single", 0, 5, house=18))
    1.2
    >>> step_score(Step.single("hidden-single", 0, 5, house=0))
    1.5
    >>> nodes = [Node((c,), 7) for c in (0, 8, 80, 72, 63, 60)]
    >>> links = tuple(Link(a, b, k % 2 == 0) for k, (a, b) in enumerate(zip(nodes, nodes[1:])))
    >>> step_score(Step("x-chain", eliminations=((9, 7),), links=links))
    6.7
    """
    return technique(step.technique).weight(step, cands)


def path_scores(start: Candidates, steps: Iterable[Step]) -> list[float]:
    """:func:`step_score` of each step of a logic path (e.g. ``solve_path(p).start`` and
    ``.steps``), each weighed in the state it applies to: the numbers to show beside an
    explained path so that they read like the rating.

    >>> from shudu.logic.solver import solve_path
    >>> path = solve_path("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2"
    ...                   ".3..9..5.1.3..")
    >>> scores = path_scores(path.start, path.steps)
    >>> len(scores) == len(path.steps), max(scores)
    (True, 1.2)

    The solver's order is not SE's (it may take a hidden single in a line where SE
    would find one in a box, 1.2), so the path's hardest number can differ from
    :func:`shudu.rating.rater.rate`'s score; both use the same weights.
    """
    c = start.copy()
    out = []
    for step in steps:
        out.append(step_score(step, c))
        c.apply(step)
    return out


@dataclass(frozen=True)
class PathStep:
    """One step of a weighed walk: its ``score`` (SE weight, as
    :meth:`~.registry.Technique.weight` gives it), the ``technique`` key and the ``step``
    itself.  ``step`` is ``None`` for a round of the C ladder (a classic 9x9 state taken
    to a fixpoint of subsets and fish once the score passed :data:`C_FROM`: the round's
    technique and weight are known, not its cells).

    >>> PathStep(1.2, "hidden-single").to_dict()
    {'score': 1.2, 'technique': 'hidden-single', 'text': None}
    """

    score: float
    technique: str
    step: Step | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: score, technique and the step's one-line text (or None)."""
        return {"score": self.score, "technique": self.technique,
                "text": None if self.step is None else self.step.notation()}


Move = tuple[float, str, Step | None, tuple[tuple[int, int], ...]]
"""(weight, technique key, step or None, placements) of one step; singles come as
placements only (a Step is made for them only when the path is kept)."""


@dataclass(frozen=True)
class Rung:
    """One rung of a ladder: ``scan(state, ceiling)`` returns its moves, easiest first
    (empty when it has none); ``level`` is the C ladder level that covers it on a classic
    9x9 state (``None``: not covered); ``key`` the one technique it applies (``None`` for
    a rung of several), whose C detector or ladder level tells, on a classic 9x9 state,
    when its finder would find nothing."""

    name: str
    scan: Callable[[Candidates, float], list[Move]]
    level: int | None = None
    key: str | None = None


def _singles(kind: str) -> Rung:
    tech = technique(kind)

    def scan(c: Candidates, ceiling: float) -> list[Move]:
        found = hidden_singles(c, ceiling) if kind == "hidden-single" else naked_singles(c)
        return [(w, "full-house" if w == ALONE_WEIGHT else kind, None, ((cell, digit),))
                for w, cell, digit, _ in found]

    return Rung(kind, scan, tech.ladder_level, kind)


def _direct(key: str) -> Rung:
    """SE's "direct" form of a technique: its eliminations leave a hidden single.  Once
    the ceiling reaches the technique's plain weight, the plain rung finds the same steps
    within the score, so this one stands aside."""
    tech = technique(key)
    weight, plain = tech.direct, tech.se_weight
    assert weight is not None, key
    known = key in accel9.DIRECT   # on classic 9x9 the C core tells when there is none

    def scan(c: Candidates, ceiling: float) -> list[Move]:
        if ceiling >= plain:
            return []
        if known and c.rules.is_classic9 and not accel9.direct(c, key):
            return []
        for step in tech.find(c):
            if step.eliminations and leaves_hidden_single(c, step.eliminations,
                                                          direct_houses(step, c)):
                return [(weight, key, step, ())]
        return []

    return Rung(f"{key} (direct)", scan, tech.ladder_level, key)


def _first(key: str, keep: Callable[[Candidates, Step], bool] | None = None) -> Rung:
    """A technique whose steps all weigh the same: its first step that makes progress,
    or every such step when that weight is within the ceiling (only the steps ``keep``
    keeps, when given)."""
    tech = technique(key)

    def scan(c: Candidates, ceiling: float) -> list[Move]:
        steps = (step for step in tech.find(c)
                 if step.progress and (keep is None or keep(c, step)))
        first = next(steps, None)
        if first is None:
            return []
        weight = tech.weight(first)
        if weight > ceiling:
            return [(weight, key, first, ())]
        return [(weight, key, first, ()),
                *((tech.weight(step), key, step, ()) for step in steps)]

    return Rung(key, scan, tech.ladder_level, key)


# ------------------------------------------------------------------------- chains
CHAIN_KEYS = ("x-chain", "xy-chain", "discontinuous-nice-loop", "aic")
LOOP_KEY = "continuous-nice-loop"
LOOP_MODES = ("x", "xy", "full")
LOOP_FROM = 6.6
"""Loops are searched only when no chain was found or the easiest chain weighs more than
this: the search is costly, and only a chain heavier than the lightest weighs more than
some loop may (SE weighs a loop 6.5 plus the bonus of two nodes less than it has, a
chain of one digit 6.6, a chain of bivalue cells 7.0)."""

PATTERN_KEYS = ("skyscraper", "two-string-kite", "turbot-fish")
"""Single-digit patterns that are X-chains of four nodes: SE weighs them as such (6.6),
so while the ceiling is below that the chain rung takes them first, named after the
pattern.  A Turbot Fish of the Empty Rectangle shape is named an Empty Rectangle."""


def _as_empty_rectangle(c: Candidates, step: Step) -> Step | None:
    """The Empty Rectangle step that makes the same eliminations as a Turbot Fish of
    that shape (its strong links a conjugate pair of a box, two cells in different rows
    and columns, and one of a line), or None."""
    geo = c.geo
    links = step.links
    if len(links) != 3:
        return None
    box_links = [lk for lk in (links[0], links[2])
                 if geo.box_of[lk.a.cells[0]] == geo.box_of[lk.b.cells[0]]]
    if len(box_links) != 1:
        return None
    line = links[2] if box_links[0] is links[0] else links[0]
    a, b = box_links[0].a.cells[0], box_links[0].b.cells[0]
    if geo.row_of[a] == geo.row_of[b] or geo.col_of[a] == geo.col_of[b]:
        return None
    box = 2 * geo.n + geo.box_of[a]
    strong = {line.a.cells[0], line.b.cells[0]}
    elims = set(step.eliminations)
    for er in technique("empty-rectangle").find(c):
        if (er.digits == step.digits and er.role_houses("box") == (box,)
                and set(er.role_cells("strong")) == strong and set(er.eliminations) == elims):
            return er
    return None


def _as_w_wing(c: Candidates, step: Step) -> Step | None:
    """The W-Wing step of an AIC of that shape (``(y=x)a - (x)e1 = (x)e2 - (x=y)b``, ``a``
    and ``b`` bivalue cells with the same two digits), or None.  It makes the chain's
    eliminations, and maybe more: SE's forcing chain of that shape removes one candidate."""
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
    for w in technique("w-wing").find(c):
        if (set(w.role_cells("wing")) == {a, b} and w.digits == (y, x)
                and set(w.role_cells("strong")) == strong and elims <= set(w.eliminations)):
            return w
    return None


def pattern_moves(c: Candidates, ceiling: float = 0.0) -> list[Move]:
    """The first single-digit pattern of :data:`PATTERN_KEYS` that makes progress (at
    most one move; ``ceiling`` is not used: a rung's signature).

    >>> pattern_moves(Walk.of("." * 81).state)
    []
    """
    for key in PATTERN_KEYS:
        tech = technique(key)
        for step in tech.find(c):
            if step.progress:
                if key == "turbot-fish":
                    er = _as_empty_rectangle(c, step)
                    if er is not None:
                        return [(technique("empty-rectangle").weight(er), "empty-rectangle",
                                 er, ())]
                return [(tech.weight(step), key, step, ())]
    return []


CHAIN_BASE = {"x-chain": 6.6, "xy-chain": 7.0, "discontinuous-nice-loop": 6.6, "aic": 7.0}
"""The least SE weight, before the length bonus, of a chain each finder of
:data:`CHAIN_KEYS` yields (:func:`~.links.chain_weight`): an X-Chain or a loop of one digit
6.6, a chain of bivalue cells or one that mixes digits and houses 7.0 (an AIC is never of
one digit: that is an X-Chain)."""


def _beyond(step: Step, ceiling: float, base: float = 6.5) -> bool:
    """Whether every chain a finder yields after ``step`` weighs more than ``ceiling``,
    when none of its chains weighs less than ``base`` plus its length bonus.

    The finders yield their chains by length, never shorter than the last; a chain of
    ``k`` nodes was sorted as ``k`` or ``k - 1`` links, and SE weighs a chain or loop of
    ``k`` nodes at least 6.5 plus the length bonus of ``k``: so the chains after one of
    ``k`` nodes weigh at least ``base`` plus the bonus of ``k - 1``.

    >>> from shudu.logic.step import Link, Node
    >>> nodes = [Node((c,), 7) for c in range(12)]
    >>> links = tuple(Link(a, b, k % 2 == 0) for k, (a, b) in enumerate(zip(nodes, nodes[1:])))
    >>> _beyond(Step("aic", links=links), 6.6), _beyond(Step("aic", links=links), 7.0)
    (True, False)
    >>> _beyond(Step("aic", links=links), 7.2, base=7.0)
    True
    """
    if not step.links:
        return False
    return base + length_bonus(chain_nodes(step.links) - 1) > ceiling + 1e-9


def _named(c: Candidates, moves: Sequence[Move]) -> list[Move]:
    """SE's chains named after the pattern they are, at the chain's weight: an X-Chain of
    four nodes (6.6) a Skyscraper, 2-String Kite or Turbot Fish (one of the Empty
    Rectangle's shape an Empty Rectangle), a chain of W-Wing's shape a W-Wing."""
    wing = technique("w-wing")
    out: list[Move] = []
    for weight, key, step, placements in moves:
        assert step is not None
        found: tuple[str, Step | None] = (key, step)
        if key == "x-chain" and weight == CHAIN_BASE["x-chain"] and len(step.links) == 3:
            links = step.links
            shape = pattern_step(c, step.digits[0], (links[0].a.cells[0], links[1].a.cells[0],
                                                     links[2].a.cells[0], links[2].b.cells[0]))
            if shape is not None:
                er = _as_empty_rectangle(c, shape) if shape.technique == "turbot-fish" else None
                found = ("empty-rectangle", er) if er is not None else (shape.technique, shape)
        elif key == "aic" and weight == wing.se_weight:
            w = _as_w_wing(c, step)
            if w is not None:
                found = ("w-wing", w)
        out.append((weight, found[0], found[1], placements))
    return out


def _chains(c: Candidates, ceiling: float) -> list[Move]:
    """The easiest chains and loops (SE's "forcing chains and cycles" rule).  A chain
    that is a known pattern (a Skyscraper, 2-String Kite, Turbot Fish or Empty Rectangle,
    a W-Wing) is named after it, at the chain's weight.

    On a classic 9x9 state these are SE's own forcing chains and cycles, from the C core
    (:func:`~.techniques.classic.sestatic.static_moves`): the easiest and every other
    within it or the ceiling, as SE orders them.  Elsewhere the chain finders of the
    registry give the shortest chain of each kind, the loops when those weigh more."""
    if c.rules.is_classic9:
        return _named(c, static_moves(c, ceiling))
    if ceiling < technique(PATTERN_KEYS[0]).se_weight:
        found = pattern_moves(c)
        if found:
            return found
    moves: list[Move] = []
    for key in CHAIN_KEYS:
        tech = technique(key)
        found = []
        for step in tech.find(c):
            if step.progress:
                found.append((tech.weight(step), key, step, ()))
            if found and _beyond(step, ceiling, CHAIN_BASE[key]):
                break   # every later chain weighs more than the ceiling
        cheap = [m for m in found if m[0] <= ceiling]
        if cheap:
            return cheap   # every one is within the hardest step so far
        moves += found[:1]   # each finder yields its shortest chains first
    if not moves or min(m[0] for m in moves) > LOOP_FROM:
        loop = technique(LOOP_KEY)
        for mode in LOOP_MODES:
            for step in continuous_loops(c, mode):
                if step.progress:
                    moves.append((loop.weight(step), LOOP_KEY, step, ()))
                    break
    moves.sort(key=lambda m: m[0])
    chain = moves[0][2] if moves and moves[0][1] == "aic" else None
    wing = technique("w-wing")
    if chain is not None and moves[0][0] == wing.se_weight:
        found_wing = _as_w_wing(c, chain)
        if found_wing is not None:
            return [(wing.weight(found_wing), "w-wing", found_wing, ())]
    return moves[:1]


FORCING_KEYS = ("forcing-chain-contradiction", "forcing-chain-verity",
                "forcing-net-contradiction", "forcing-net-verity", "nested-forcing-net")

FORCING_LOOK = 8
"""How many forcing steps to weigh before taking the easiest (they come roughly easiest
first; all of them within the hardest score so far are applied together)."""


def _nishio(c: Candidates, ceiling: float) -> list[Move]:
    """SE's Nishio forcing chains (classic 9x9 only), easiest first."""
    if not c.rules.is_classic9:
        return []
    table = nishio_table(c)
    if not table:
        return []
    top = max(table[0][0], ceiling)   # the easiest, and every other within the score
    return [(w, "forcing-chain-contradiction", nishio_step(c, cell, digit, on), ())
            for w, _, cell, digit, on in table if w <= top]


def _forcing(key: str) -> Rung:
    tech = technique(key)

    def scan(c: Candidates, ceiling: float) -> list[Move]:
        found: list[Move] = []
        for k, step in enumerate(tech.find(c)):
            if not step.progress:
                continue
            found.append((tech.weight(step), key, step, ()))
            if k >= FORCING_LOOK:
                break
        found.sort(key=lambda m: m[0])
        return found

    return Rung(key, scan)


def _contradictions() -> Rung:
    """Forcing chain contradictions (one assumption implies a candidate both true and
    false), past the rung of chains.  On a classic 9x9 state that rung is SE's search of
    the static links (those of the full link graph), and a contradiction there leaves
    nothing to find: each link comes with its contrapositive, so when ``A`` implies both
    ``B`` and not ``B``, not ``B`` implies not ``A`` and ``A`` implies not ``A`` along
    static links, a forcing chain that rung takes (likewise from not ``A`` to ``A``)."""
    rung = _forcing("forcing-chain-contradiction")

    def scan(c: Candidates, ceiling: float) -> list[Move]:
        return [] if c.rules.is_classic9 else rung.scan(c, ceiling)

    return Rung(rung.name, scan)


SE_CHAIN_KEYS = {"forcing-chain-verity": False, "forcing-net-verity": True}
"""The rungs of SE's multiple (static) and dynamic forcing chains, by the technique whose
steps they make (a dynamic contradiction is a ``forcing-net-contradiction``)."""


def _se_chains(key: str) -> Rung:
    """SE's multiple or dynamic forcing chains (:mod:`.techniques.classic.multiple`) on
    a classic 9x9 state: SE's easiest conclusion, the one SE takes.  Elsewhere the
    forcing chains (or the nets, contradictions first) of the technique registry."""
    dynamic = SE_CHAIN_KEYS[key]
    others = ([_forcing("forcing-net-contradiction"), _forcing(key)] if dynamic
              else [_forcing(key)])

    def scan(c: Candidates, ceiling: float) -> list[Move]:
        if not c.rules.is_classic9:
            for rung in others:
                found = rung.scan(c, ceiling)
                if found:
                    return found
            return []
        table = chain_table(c, dynamic, ceiling=ceiling)
        moves: list[Move] = list(table_moves(c, dynamic, table, ceiling,
                                             single_from=SINGLE_FROM))
        return _in_turn(c, dynamic, moves, ceiling) if len(moves) > 1 else moves

    return Rung(f"{key} (SE)", scan)


def _in_turn(c: Candidates, dynamic: bool, moves: list[Move], ceiling: float) -> list[Move]:
    """The moves of a batch SE would take one after another: the first, then the next
    while it is SE's easiest conclusion in the state the moves before it leave.

    SE applies one conclusion and searches again.  A batch found in one state is not
    all found again: a removal can take out a potential a chain went through.  This
    matters where the batch sets the hardest step (its first move weighs the ceiling or
    more): there only this rung's search is made again after each move (a C search,
    not the whole climb), and the batch stops at the first move SE would not take."""
    if moves[0][0] < ceiling:
        return moves
    top = moves[0][0]
    left = {m[2].eliminations: m for m in moves[1:] if m[2] is not None}
    out = moves[:1]
    state = c.copy()
    while left and _apply(state, out[-1]):
        table = chain_table(state, dynamic, ceiling=top)
        found = table_moves(state, dynamic, table, top, single_from=0.0)
        if not found or found[0][2] is None:
            break
        taken = left.pop(found[0][2].eliminations, None)
        if taken is None:
            break
        out.append(taken)
    return out


def _se_nested(c: Candidates, ceiling: float) -> list[Move]:
    """SE's nested forcing chains (:mod:`.techniques.classic.nested`), classic 9x9 only."""
    return list(nested_moves(c, ceiling, SINGLE_FROM))


SE_LEVEL5 = 11.0
"""The base of SE's fifth nesting level, the one the C core does not make: on a classic 9x9
state the nested net follows SE's levels 1 to 4, and stands for its level 5."""


def _se_beyond() -> Rung:
    """The nested net after SE's nested chains: on a classic 9x9 state what it finds is
    SE's level 5 (levels 1 to 4 found nothing), weighed :data:`SE_LEVEL5` at least."""
    nets = _forcing("nested-forcing-net")

    def scan(c: Candidates, ceiling: float) -> list[Move]:
        found = nets.scan(c, ceiling)
        if not c.rules.is_classic9:
            return found
        return [(max(SE_LEVEL5, m[0]), *m[1:]) for m in found]

    return Rung(nets.name, scan)


# ------------------------------------------------------------------------ ladders
SE_ORDER = (
    "hidden-single", "pointing:direct", "claiming:direct", "hidden-pair:direct",
    "naked-single", "hidden-triple:direct",
    "pointing", "claiming", "locked-pair", "naked-pair", "x-wing", "hidden-pair",
    "locked-triple", "naked-triple", "swordfish", "hidden-triple", "xy-wing", "xyz-wing",
    "ur-type-1", "ur-type-2", "ur-type-4", "unique-loops:4.6", "ur-type-3",
    "unique-loops", "naked-quad", "jellyfish", "hidden-quad", "bug-plus-1", "bug-types",
    "aligned-pair-exclusion",
    "chains",
    "aligned-triplet-exclusion",
    "nishio", "forcing-chain-contradiction", "forcing-chain-verity:se",
    "forcing-net-verity:se", "nested-forcing-chain:se", "nested-forcing-net",
)
"""Sudoku Explainer's ladder, easiest rung first: technique keys (``key:direct`` for
the "direct" form, ``chains`` for the rung of chains, loops and the single-digit
patterns SE counts as chains, ``key:se`` for SE's multiple, dynamic and nested forcing
chains; the nested forcing net is for what SE's nested levels the C core makes leave, its
level 5; a name of :data:`GROUPS` for the steps of several techniques, cheapest first,
``name:W`` for those that weigh W or less)."""

GROUPS = {
    "unique-loops": ("unique-loop-type-1", "unique-loop-type-2", "unique-loop-type-4",
                     "unique-loop-type-3", "ur-type-3-hidden"),
    "bug-types": ("bug-type-1", "bug-type-2", "bug-type-4", "bug-type-3"),
}
"""Rungs of several uniqueness techniques whose steps weigh different amounts (a unique
loop by its length and set, 4.6 to 5.3 and more, a hidden set's Unique Rectangle 4.5
and more; BUG type 1 with several BUG digits 5.6, types 2-4 5.7 and more).  SE finds
its rectangles and loops with one rule, placed after the XYZ-Wing, which offers its
cheapest step first; the first rule with a step gives it, so a loop of 5.3 comes before
a naked quad (5.0).  The loops of 4.6 stand before the Unique Rectangle type 3 (4.6 and
more; SE breaks a tie by type), the others after it."""


def _group(name: str, cap: float | None) -> Rung:
    """The steps of the techniques of a group (:data:`GROUPS`) that weigh ``cap`` or less
    (any, when None), cheapest first; only the cheapest when it passes the ceiling."""
    techs = tuple(technique(key) for key in GROUPS[name])
    limit = float("inf") if cap is None else cap + 1e-9

    def build(c: Candidates) -> list[Move]:
        found: list[Move] = [(tech.weight(step), tech.key, step, ())
                             for tech in techs for step in tech.find(c) if step.progress]
        found.sort(key=lambda m: m[0])
        return found

    def scan(c: Candidates, ceiling: float) -> list[Move]:
        # the group's rungs share one search per state
        moves = [m for m in state_memo(c, f"rung:{name}", build) if m[0] <= limit]
        if not moves:
            return []
        return moves if moves[0][0] <= ceiling else moves[:1]

    return Rung(name if cap is None else f"{name} (up to {cap})", scan)


def _rung(entry: str) -> Rung:
    key, _, form = entry.partition(":")
    if key in GROUPS:
        return _group(key, float(form) if form else None)
    if key in ("hidden-single", "naked-single"):
        return _singles(key)
    if form == "direct":
        return _direct(key)
    if key == "chains":
        return Rung("chains", _chains)
    if key == "nishio":
        return Rung("nishio", _nishio)
    if key == "nested-forcing-chain":
        return Rung("nested-forcing-chain (SE)", _se_nested)
    if key == "nested-forcing-net":
        return _se_beyond()
    if form == "se":
        return _se_chains(key)
    if key == "forcing-chain-contradiction":
        return _contradictions()
    if key in FORCING_KEYS:
        return _forcing(key)
    if key in SE_RECTANGLES:
        return _first(key, _both_digits)
    return _first(key)


SE_RECTANGLES = ("ur-type-1", "ur-type-2", "ur-type-3", "ur-type-4")
"""The Unique Rectangles SE knows: to SE a rectangle is a loop of four cells that all
hold both its digits, so on its ladder these take only such rectangles (shudu's finders
also take corners holding one of them, a sound deduction SE does not make)."""


def _both_digits(c: Candidates, step: Step) -> bool:
    """Whether every corner of a rectangle step still holds both of its digits."""
    ab = 0
    for d in step.digits[:2]:
        ab |= 1 << (d - 1)
    cm = c.cell_mask
    return all(cm[cell] & ab == ab for cell in step.role_cells("rectangle"))


@cache
def se_ladder(uniqueness: bool = True) -> tuple[Rung, ...]:
    """The rungs of :data:`SE_ORDER`; without ``uniqueness``, none of the techniques that
    assume a unique solution.

    >>> [r.name for r in se_ladder()][:3]
    ['hidden-single', 'pointing (direct)', 'claiming (direct)']
    """
    def allowed(entry: str) -> bool:
        key = entry.partition(":")[0]
        if key in GROUPS:
            return uniqueness
        return key in ("chains", "nishio") or uniqueness or not technique(key).uniqueness

    return tuple(_rung(entry) for entry in SE_ORDER if allowed(entry))


ALIGNED_KEYS = ("aligned-pair-exclusion", "aligned-triplet-exclusion")
"""SE's aligned exclusions: off the constraint ladder, where their search is Python's (the
C one is for classic 9x9), too slow for every state of a walk."""

CHAINS_WEIGHT = 6.6
"""Where the rung of chains stands among the constraint techniques (SE's lightest chain)."""


@cache
def constraint_ladder(families: frozenset[str]) -> tuple[Rung, ...]:
    """The ladder for puzzles with constraints: SE's rungs without the uniqueness
    techniques (a deadly pattern's swap may break a cage or a line) and without the nested
    net (it follows singles only, which on an open killer grid searches for minutes) or the
    aligned exclusions (:data:`ALIGNED_KEYS`), and the techniques of ``families``
    (``killer``, ``variant``) each placed by its SE weight, which the technique table
    extends to constraints.

    >>> names = [r.name for r in constraint_ladder(frozenset({"variant"}))]
    >>> names.index("thermo") < names.index("sandwich") < names.index("chains")
    True
    >>> "nested-forcing-net" in names, "ur-type-1" in names
    (False, False)
    """
    from .registry import techniques

    base = [r for r in se_ladder(False) if r.name not in ("nested-forcing-net", "nishio",
                                                          *ALIGNED_KEYS)]

    def weight(rung: Rung) -> float:
        key = rung.key or rung.name.split(" ")[0]
        return CHAINS_WEIGHT if key == "chains" else technique(key).se_weight

    extra = sorted((t for t in techniques() if t.family in families and t.default),
                   key=lambda t: t.se_weight)
    out: list[Rung] = []
    for rung in base:
        while extra and extra[0].se_weight < weight(rung):
            out.append(_first(extra.pop(0).key))
        out.append(rung)
    out += [_first(t.key) for t in extra]
    return tuple(out)


@dataclass(frozen=True)
class _Key:
    """What :func:`accel9.plan` reads of a rung: the key of its technique (a rung of
    several techniques has one that no detector or ladder level knows)."""

    key: str


@cache
def _plan_keys(ladder: tuple[Rung, ...]) -> tuple[_Key, ...]:
    return tuple(_Key(rung.key or f"rung:{rung.name}") for rung in ladder)


@cache
def _c_weights() -> tuple[float, ...]:
    """The weight of each level of the C ladder (:data:`accel9.LEVELS`): a hidden single
    in a line (the ladder does not say which house), then each level's technique."""
    return tuple(LINE_WEIGHT if level == 0 else technique(keys[-1]).se_weight
                 for level, keys in enumerate(accel9.LEVELS))


SINGLE_FROM = 9.0
"""A batch whose easiest move weighs this much (SE's nested chains, its dynamic chains past
their length bonus of 0.5) applies that move only, as Sudoku Explainer applies one hint
per step: such a move's removals change which chains the next step finds, and so its
weight.  An easier batch applies every move within the score at once (faster; the
hardest step stays SE's, the steps below it may come in another order)."""

C_FROM = 4.0
"""Once the score reaches hidden triple's weight, every technique of the C ladder up to
the score may be applied in any order (none is harder than the score), so a classic
9x9 state is taken to that fixpoint in C before the Python rungs run."""


# --------------------------------------------------------------------------- walk
class Walk(Iterator[PathStep]):
    """A weighed walk from a state: iterate it for its path (one :class:`PathStep` per
    step applied).  While it runs and after, ``score`` is the hardest weight met,
    ``hardest`` its technique, ``pearl`` the hardest before the first placement and
    ``diamond`` the first step's (SE's ER, EP and ED), ``histogram`` the steps per
    technique and ``steps`` their number.  It stops when solved, stuck, broken (a
    contradiction: the state had no solution), or once a step weighs more than
    ``stop_above`` (``complete`` is then False); past ``cut_at`` (a :func:`time.monotonic`
    instant) it stops between two steps, after one at least, with ``complete`` False
    and its figures a lower bound; past ``deadline`` it raises :class:`TimeoutError`
    between two steps.
    ``keep_steps`` makes Steps for the singles too (else their ``step`` is None).

    >>> w = Walk.of(".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3.."
    ...             "9........", stop_above=5.0)
    >>> _ = list(w)
    >>> w.complete, w.score > 5.0
    (False, True)
    """

    def __init__(self, cands: Candidates, ladder: tuple[Rung, ...] | None = None, *,
                 stop_above: float | None = None, deadline: float | None = None,
                 cut_at: float | None = None, keep_steps: bool = False) -> None:
        self.state = cands
        self.ladder = se_ladder() if ladder is None else ladder
        self.stop_above = stop_above
        self.deadline = deadline
        self.cut_at = cut_at
        self.keep_steps = keep_steps
        self.score = self.pearl = self.diamond = 0.0
        self.hardest: str | None = None
        self.histogram: dict[str, int] = {}
        self.steps = 0
        self.complete = True
        self.broken = False
        self._classic = cands.rules.is_classic9
        # the ladder's technique keys for the C core's plan (the ladder is hashed once)
        self._keys = _plan_keys(self.ladder) if self._classic else ()
        self._placed = False
        self._pending: list[PathStep] = []
        self._done = False

    @classmethod
    def of(cls, puzzle: str | Grid | Candidates, **options: Any) -> Walk:
        """A walk from puzzle text, a Grid or (a copy of) a candidate state."""
        from .solver import as_candidates

        return cls(as_candidates(puzzle), **options)

    @property
    def solved(self) -> bool:
        """True when the walk filled every cell."""
        return self.state.is_solved

    def __iter__(self) -> Walk:
        return self

    def __next__(self) -> PathStep:
        while not self._pending:
            if self._done:
                raise StopIteration
            moves = self.scan()
            if not moves or not self.take(moves):
                self._done = True   # over; or a rung offered only what is done: never loop
        return self._pending.pop(0)

    def scan(self) -> list[Move]:
        """The next batch of moves, easiest first, without applying them (empty when the
        walk is over: solved, stuck or broken).  On a classic state past :data:`C_FROM`
        the C ladder's fixpoint is applied first (its rounds join the path)."""
        c = self.state
        if c.is_solved or self.broken or _stuck(c):
            return []
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise TimeoutError("rating ran past its deadline")
        if self.cut_at is not None and self.steps and time.monotonic() > self.cut_at:
            self.complete = False
            return []
        covered = -1
        if self._classic and self.score >= C_FROM:
            weights = _c_weights()
            covered = max(k for k, w in enumerate(weights) if w <= self.score)
            status, passes = accel9.fixpoint(c, covered)
            for k, n in enumerate(passes):
                if n:
                    key = accel9.LEVELS[k][-1]   # the level's subset/single name
                    self.histogram[key] = self.histogram.get(key, 0) + n
                    self.steps += n
                    self._pending += [PathStep(weights[k], key)] * n
            if status:
                self.broken = status < 0
                return []
        if self.cut_at is None:
            return self._climb(c, covered)
        from ..errors import LogicTimeout
        from .solver import _interrupt_at

        try:   # a long search inside one rung stops at cut_at too, not only between steps
            with _interrupt_at(self.cut_at):
                return self._climb(c, covered)
        except LogicTimeout:
            if time.monotonic() < self.cut_at:
                raise
            self.complete = False
            return []

    def _climb(self, c: Candidates, covered: int) -> list[Move]:
        """The first rung's moves, easiest rung first (past the C core's ``covered``)."""
        # the C core tells which finders would find nothing: they are passed over
        oracle = (accel9.oracle(self._keys, c)
                  if self._classic else None)
        for i, rung in enumerate(self.ladder):
            if rung.level is not None and rung.level <= covered:
                continue
            if oracle is not None and oracle.skip(i):
                continue
            moves = rung.scan(c, self.score)
            if moves:
                return moves
        return []

    def take(self, moves: list[Move]) -> bool:
        """Apply a batch from :meth:`scan`: its easiest move (which may raise the score)
        and every other within the score (the easiest only, from :data:`SINGLE_FROM` on).
        Returns whether the state changed; False too
        when the batch passed ``stop_above`` (nothing is applied) or broke the state."""
        first = moves[0][0]
        if first > self.score:
            self.score, self.hardest = first, moves[0][1]
        elif self.hardest is None:
            self.hardest = moves[0][1]
        if not self.steps:
            self.diamond = first
        if not self._placed:
            self.pearl = max(self.pearl, first)
        if self.stop_above is not None and self.score > self.stop_above:
            self.complete = False
            return False
        changed = False
        c = self.state
        if first >= SINGLE_FROM:
            moves = moves[:1]
        for move in moves:
            if move[0] > self.score:
                continue
            if self.keep_steps and move[2] is None:
                move = _with_step(c, move)
            done = _apply(c, move)
            if done is False:
                self.broken = True
                return False
            if done:
                changed = True
                self._record(move)
        return changed

    def _record(self, move: Move) -> None:
        weight, key, step, placements = move
        self.steps += 1
        self.histogram[key] = self.histogram.get(key, 0) + 1
        self._placed = self._placed or bool(placements or (step and step.placements))
        self._pending.append(PathStep(weight, key, step))


def _with_step(c: Candidates, move: Move) -> Move:
    """A single's move with its Step, naming the house where it is single (a box at the
    box weight, else the first other house), found before it is applied."""
    weight, key, _, placements = move
    cell, digit = placements[0]
    geo = c.geo
    house = -1
    if key == "full-house":
        open_cells = 0
        for m in c.digit_mask:
            open_cells |= m
        house = next((h for h in geo.cell_houses[cell]
                      if open_cells & geo.house_mask[h] == 1 << cell), -1)
    elif key == "hidden-single":
        at = 1 << cell
        for h in geo.cell_houses[cell]:
            is_box = 2 * geo.n <= h < 3 * geo.n
            if (is_box == (weight < LINE_WEIGHT)
                    and c.digit_mask[digit - 1] & geo.house_mask[h] == at):
                house = h
                break
    return (weight, key, Step.single(key, cell, digit, house, size=geo.n), placements)


def _apply(c: Candidates, move: Move) -> bool | None:
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
    """A cheap contradiction test: an empty cell without candidates (a placed cell has
    none either, so there are more cells without candidates than placed ones)."""
    return c.cell_mask.count(0) + c.values.count(0) > len(c.values)

