"""Why is my move wrong?  The shortest refutation of a player's wrong move, from the
player's own position.

:func:`refute` takes a puzzle and the player's position (entries and candidate marks),
finds the wrong entries (else the candidates removed wrongly) by the puzzle's one
solution, and for each assumes the move and follows the simplest forced steps until
the grid breaks: a cell with no candidate left, a house with no place for a digit, a
digit twice in a house.  Singles come first (a forcing net of naked and hidden singles,
cut to the placements the contradiction needs); when singles alone do not break the
grid, the other simple techniques (up to X-Wing, with the constraints' own) join, a
step at a time, and the harder ones only when those are stuck, within a bound.  Where
no refutation is found within it, the answer says so honestly rather than reveal the
solution.  The other mistakes of the position
are left out of each refutation (the position is taken with them undone), so every
refutation is sound: it rests only on the givens, the player's right moves and the move
it refutes.

:func:`first_mistake` finds, in a history of positions, the first one that had no
solution left: where to rewind to.

>>> p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
>>> from shudu.values.grid import Grid
>>> wrong = Grid("5" + p[1:], check=False)          # r1c1 is 4 in the solution
>>> [r] = refute(p, wrong)
>>> r.kind, r.cell, r.digit, r.found, r.contradiction
('placed', 0, 5, True, ('cell', 40, 0))
>>> r.text()[:50]
'Suppose r1c1 were 5. Then r1c9 = 7 (naked single),'
>>> r.text()[-59:]
'and r5c5 would have no candidate left. So r1c1 cannot be 5.'
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..values.candidates import Candidates
from ..values.grid import Grid, digit_symbol
from ..words.houses import house_name
from ..words.refute import refute_text
from .registry import Technique, techniques
from .solver import as_candidates, next_step
from .step import Step
from .techniques.classic.forcing import explain_net
from .verdict import check

__all__ = ["DEFAULT_SECONDS", "DEFAULT_STEPS", "Refutation", "first_mistake", "mistakes",
           "refute", "wrong_positions"]

DEFAULT_STEPS = 40
"""How many forced steps beyond the singles a refutation may take (its bound)."""

DEFAULT_SECONDS = 1.0
"""How long the search for one refutation may take."""

SIMPLEST_UP_TO = "x-wing"
"""The hardest technique a refutation uses (with every easier one, singles first)."""

SINGLES = frozenset({"full-house", "naked-single", "hidden-single"})

_MORE = 14
"""Steps a refutation's words list before "… and N more"."""


@dataclass(frozen=True)
class Refutation:
    """Why one move of a player is wrong.

    ``kind`` is ``"placed"`` (the player put ``digit`` in ``cell``) or ``"removed"``
    (the player removed candidate ``digit``, the solution's, from ``cell``).  ``steps``
    are the forced steps that follow from the move, in order, each valid in the state
    the previous ones leave (``start``: the position with the move, other mistakes
    undone); ``contradiction`` is how the grid breaks after them: ``("cell", c, 0)`` (no
    candidate left), ``("house", h, d)`` (no place for ``d``), ``("clash", c, d)``
    (``c`` would have to be ``d``, no longer possible: its single is the last step) or
    ``("repeat", h, other)`` (the digit already stands in cell ``other`` of house
    ``h``); ``None`` when no refutation was found within the bound (``found`` False).
    """

    kind: str
    cell: int
    digit: int
    steps: tuple[Step, ...]
    contradiction: tuple[str, int, int] | None
    start: Candidates = field(compare=False, repr=False)

    @property
    def found(self) -> bool:
        """True when the move is refuted (a contradiction follows from it)."""
        return self.contradiction is not None

    def text(self, lang: str = "en") -> str:
        """The refutation in words (``lang``: ``"en"`` or ``"zh"``)."""
        rules = self.start.rules
        cell, digit = rules.cell_name(self.cell), digit_symbol(self.digit)
        if self.contradiction is None:
            return refute_text(f"none-{self.kind}", lang, cell=cell, digit=digit)
        parts = [refute_text(f"suppose-{self.kind}", lang, cell=cell, digit=digit)]
        shown = self.steps[:-1] if self.contradiction[0] == "clash" else self.steps
        said = [self._step_text(s, lang) for s in shown]
        if len(said) > _MORE:
            said = [*said[:_MORE - 2], refute_text("more", lang, n=len(said) - _MORE + 2)]
        broken = self._broken_text(lang)
        if said:
            joined = "、".join(said) if lang == "zh" else ", ".join(said)
            parts.append(refute_text("then", lang, steps=joined, broken=broken))
        else:
            parts.append(refute_text("at-once", lang, broken=broken))
        parts.append(refute_text(f"so-{self.kind}", lang, cell=cell, digit=digit))
        return " ".join(parts) if lang != "zh" else "".join(parts)

    def _step_text(self, step: Step, lang: str) -> str:
        rules = self.start.rules
        if step.technique in SINGLES:
            c, d = step.placements[0]
            houses = [h for _, hs in step.houses for h in hs]
            fields = {"cell": rules.cell_name(c), "digit": digit_symbol(d)}
            if step.technique == "hidden-single" and houses:
                return refute_text("hidden", lang, house=house_name(rules, houses[0], lang),
                                   **fields)
            return refute_text("naked", lang, **fields)
        return step.notation()

    def _broken_text(self, lang: str) -> str:
        assert self.contradiction is not None
        kind, where, what = self.contradiction
        rules = self.start.rules
        if kind == "cell":
            return refute_text("empty-cell", lang, cell=rules.cell_name(where))
        if kind == "house":
            return refute_text("no-place", lang, house=house_name(rules, where, lang),
                               digit=digit_symbol(what))
        if kind == "clash":
            return refute_text("clash", lang, cell=rules.cell_name(where),
                               digit=digit_symbol(what))
        return refute_text("repeat", lang, house=house_name(rules, where, lang),
                           digit=digit_symbol(self.digit), other=rules.cell_name(what))

    def step(self) -> Step:
        """The refutation as one step (a forcing net from the move to the
        contradiction) to draw on :attr:`start` like any step."""
        n = self.start.rules.size
        truth = self.kind == "placed"
        moved = ((self.cell, self.digit),)
        chain = tuple(sorted({p for s in self.steps for p in s.placements}))
        where: dict[str, Any] = {}
        if self.contradiction is not None:   # the cell or house that breaks: the target
            kind, at, _ = self.contradiction
            where = ({"houses": {"target": (at,)}} if kind in ("house", "repeat")
                     else {"cells": {"start": (self.cell,), "target": (at,)}})
        return Step("forcing-net-contradiction", digits=(self.digit,),
                    cells=where.get("cells", {"start": (self.cell,)}),
                    houses=where.get("houses"),
                    candidates={"start": moved, "chain": chain}, size=n,
                    rules=self.start.rules,
                    extra={"length": len(self.steps), "assume": truth, "level": 1,
                           "mode": "contradiction", "state": self.start.copy()},
                    eliminations=moved if truth else (), placements=() if truth else moved)

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """A JSON-ready dict: the move (``cell`` as ``[row, column]``), whether it was
        refuted, the words, the steps' notation and the contradiction."""
        n = self.start.rules.size
        broken = None
        if self.contradiction is not None:
            kind, where, what = self.contradiction
            broken = {"kind": kind, "where": where, "digit": what}
        return {"kind": self.kind, "cell": [self.cell // n + 1, self.cell % n + 1],
                "digit": self.digit, "found": self.found, "text": self.text(lang),
                "steps": [s.notation() for s in self.steps], "contradiction": broken}


# ---------------------------------------------------------------------- the position
def _position(grid: Grid, position: Any) -> tuple[list[int], list[int] | None]:
    """The player's digits per cell (givens included) and candidate masks per open cell
    (``None`` when the position has no marks)."""
    if position is None:
        return list(grid.cells), None
    if isinstance(position, Grid):
        return list(position.cells), None
    if isinstance(position, tuple) and len(position) == 2:   # (values, masks)
        values, masks = position
        return list(values), None if masks is None else list(masks)
    state = position if isinstance(position, Candidates) else as_candidates(
        position, grid.rules)
    return list(state.values), list(state.cell_mask)


def mistakes(solution: Sequence[int], values: Sequence[int],
             masks: Sequence[int] | None = None) -> list[tuple[str, int, int]]:
    """The wrong moves of a position against the ``solution`` (digits per cell): the
    digits placed wrongly as ``("placed", cell, digit)``; when there are none, the
    candidates of the solution removed from open cells (``masks``: candidate bitmasks,
    0 bits for removed digits) as ``("removed", cell, digit)``.

    >>> mistakes([1, 2, 3, 4], [1, 3, 0, 0], [0, 0, 0b0100, 0b0011])
    [('placed', 1, 3)]
    >>> mistakes([1, 2, 3, 4], [1, 2, 0, 0], [0, 0, 0b0100, 0b0011])
    [('removed', 3, 4)]
    """
    out = [("placed", c, v) for c, v in enumerate(values) if v and v != solution[c]]
    if out or masks is None:
        return out
    return [("removed", c, solution[c]) for c, m in enumerate(masks)
            if not values[c] and not m >> (solution[c] - 1) & 1]


def _base(grid: Grid, solution: Sequence[int], values: Sequence[int],
          masks: Sequence[int] | None) -> Candidates:
    """The position with every mistake undone: the right digits placed, the player's
    candidate removals kept where they are right."""
    right = [v if v == solution[c] else 0 for c, v in enumerate(values)]
    state = Candidates.from_grid(Grid(right, grid.rules))
    state.givens = bytes(grid.cells)
    if masks is not None:
        for c, m in enumerate(masks):
            if state.values[c] or values[c]:
                continue
            for d in state.digits_of(c):
                if not m >> (d - 1) & 1 and d != solution[c]:
                    state.eliminate(c, d)
    return state


# ---------------------------------------------------------------------- refuting
def refute(puzzle: str | Grid, position: Any = None, *, cells: Sequence[int] | None = None,
           max_steps: int = DEFAULT_STEPS, timeout: float = DEFAULT_SECONDS
           ) -> list[Refutation]:
    """Why the player's wrong moves are wrong: one :class:`Refutation` per wrong entry
    of ``position`` (else per candidate of the solution it removed), in cell order.

    ``puzzle`` holds the givens (text in any notation or a Grid; it must have one
    solution, else :class:`~shudu.errors.NotUnique` or
    :class:`~shudu.errors.NoSolution`); ``position`` the player's digits (a Grid or
    text) or digits and marks (a :class:`~shudu.values.candidates.Candidates` state or
    pencilmark text, or a pair ``(digits, masks)`` of lists: 0 for an empty cell, a
    candidate bitmask per cell); ``None`` is the givens alone (no mistake).  ``cells`` keeps the
    moves in those cells only.  Each refutation searches at most ``timeout`` seconds and
    ``max_steps`` steps beyond singles; an empty list means no mistake.

    >>> from shudu.values.rules import Rules
    >>> p = ".2343.1221.3432."
    >>> [r.text() for r in refute(p, Grid("22343.1221.3432.", Rules(4), check=False))]
    ['Suppose r1c1 were 2. Then row 1 would hold 2 twice (also in r1c2). So r1c1 cannot be 2.']
    """
    grid = puzzle if isinstance(puzzle, Grid) else as_candidates(puzzle).to_grid()
    solution = check(grid).solutions[0].cells
    values, masks = _position(grid, position)
    out = []
    for kind, cell, digit in mistakes(solution, values, masks):
        if cells is not None and cell not in cells:
            continue
        base = _base(grid, solution, values, masks)
        out.append(_refute_one(base, kind, cell, digit, max_steps,
                               time.monotonic() + timeout))
    return out


def _refute_one(base: Candidates, kind: str, cell: int, digit: int, max_steps: int,
                deadline: float) -> Refutation:
    """The shortest refutation of one move (see :func:`refute`) found within the bounds."""
    rules = base.rules
    n = rules.size
    start = base.copy()
    if kind == "placed":
        for h, house in enumerate(rules.houses):
            if cell in house.cells:
                for other in house.cells:
                    if other != cell and base.values[other] == digit:
                        return Refutation(kind, cell, digit, (), ("repeat", h, other), start)
        events, outcome = explain_net(base, (cell, digit - 1), None)
    else:
        events, outcome = explain_net(base, None, (digit - 1) * n * n + cell)
    if outcome != "ok":
        steps = tuple(_single(ev, n) for ev in events if ev[2] != "assume")
        return Refutation(kind, cell, digit, steps, _broken(outcome), start)
    # singles alone keep the grid whole: the other simple techniques join, step by step
    state = base.copy()
    if kind == "placed":
        state.place(cell, digit)
    else:
        state.eliminate(cell, digit)
    enabled = _simplest()
    taken: list[Step] = []
    while len(taken) < max_steps and time.monotonic() < deadline:
        events, outcome = explain_net(state, None, None)
        if outcome != "ok":
            steps = (*taken, *(_single(ev, n) for ev in events))
            return Refutation(kind, cell, digit, steps, _broken(outcome), start)
        for ev in events:   # the singles first: they are the simplest steps
            single = _single(ev, n)
            state.apply(single)
            taken.append(single)
        if any(not v and not m for v, m in zip(state.values, state.cell_mask)):
            continue   # broken by the singles: the next round names how
        try:   # the simplest techniques; only when they are stuck, the harder ones
            found = next_step(state, enabled=enabled, deadline=deadline)
            if found is None:
                found = next_step(state, enabled=_harder(), deadline=deadline)
        except TimeoutError:
            break
        if found is None:
            break
        state.apply(found)
        taken.append(found)
    return Refutation(kind, cell, digit, (), None, start)


def _single(event: tuple[int, int, str, int], n: int) -> Step:
    """A single of a propagation (``(cell, digit, kind, house)``) as a step."""
    cell, digit, kind, house = event
    technique = "hidden-single" if kind == "hidden" else "naked-single"
    return Step.single(technique, cell, digit, house if kind == "hidden" else -1, n)


def _broken(outcome: str) -> tuple[str, int, int]:
    """A propagation's outcome (``cell:c``, ``house:h:d``, ``clash:c:d``) as a tuple.

    >>> _broken("cell:4"), _broken("house:20:3")
    (('cell', 4, 0), ('house', 20, 3))
    """
    kind, *rest = outcome.split(":")
    where = int(rest[0])
    return (kind, where, int(rest[1]) if len(rest) > 1 else 0)


def _simplest() -> tuple[Technique, ...]:
    """The techniques a refutation may use: every default one up to :data:`SIMPLEST_UP_TO`."""
    out = []
    for tech in techniques():
        if tech.default and not tech.uniqueness:
            out.append(tech)
        if tech.key == SIMPLEST_UP_TO:
            break
    return tuple(out)


def _harder() -> tuple[Technique, ...]:
    """The techniques a refutation turns to when the simplest are stuck: every default
    one that does not assume a unique solution (the assumed state has none)."""
    return tuple(t for t in techniques() if t.default and not t.uniqueness)


# ---------------------------------------------------------------------- rewinding
def first_mistake(puzzle: str | Grid, history: Sequence[Any]) -> int | None:
    """The index in ``history`` (positions in the order they were reached, each as
    :func:`refute` takes it) of the first position with a mistake (no solution left
    from it): the move to rewind to is the one that made it.  ``None`` when every
    position can still be solved.

    >>> p = ".2343.1221.3432."
    >>> from shudu.values.rules import Rules
    >>> moves = ["1" + p[1:], "1234" + "31" + p[6:], "1234" + "3112" + p[8:]]
    >>> first_mistake(p, [Grid(m, Rules(4), check=False) for m in moves])
    1
    """
    grid = puzzle if isinstance(puzzle, Grid) else as_candidates(puzzle).to_grid()
    solution = check(grid).solutions[0].cells
    for i, position in enumerate(history):
        values, masks = _position(grid, position)
        if mistakes(solution, values, masks):
            return i
    return None


def wrong_positions(puzzles: Sequence[str], n: int, seed: int = 0
                    ) -> list[tuple[str, Grid, int, int]]:
    """``n`` positions a player may reach, for tests and benchmarks: a puzzle of
    ``puzzles`` (9x9, chosen at random), a random number of right moves, then one wrong
    digit in another empty cell, among the candidates the position leaves there; each
    as ``(puzzle, position, cell, digit)``.

    A puzzle whose empty cells each keep one candidate gives no wrong digit to place:
    after ``100 * n`` tries without one, :class:`ValueError` says so.

    >>> [(p, position, cell, digit)] = wrong_positions(["1...3.1221.3432."], 1, seed=2)
    >>> position.cells[cell] == digit != Grid(p).cells[cell]
    True
    >>> wrong_positions([".2343.1221.3432."], 1)
    Traceback (most recent call last):
    ...
    ValueError: no wrong digit can be placed in these puzzles after 100 tries
    """
    rng = random.Random(seed)
    out: list[tuple[str, Grid, int, int]] = []
    for _ in range(100 * n):
        if len(out) == n:
            break
        p = rng.choice(puzzles)
        grid = as_candidates(p).to_grid()
        sol = check(grid).solutions[0].cells
        values = list(grid.cells)
        empty = [c for c, v in enumerate(values) if not v]
        rng.shuffle(empty)
        k = rng.randrange(len(empty))
        for c in empty[:k]:
            values[c] = sol[c]
        cell = empty[k]
        state = Candidates.from_grid(Grid(values, grid.rules, check=False))
        wrong = [d for d in state.digits_of(cell) if d != sol[cell]]
        if wrong:
            values[cell] = rng.choice(wrong)
            out.append((p, Grid(values, grid.rules, check=False), cell, values[cell]))
    if len(out) < n:
        raise ValueError(
            f"no wrong digit can be placed in these puzzles after {100 * n} tries")
    return out
