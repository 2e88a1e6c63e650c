"""The logic solver: apply the easiest available step until solved or stuck.

The uniqueness check, the configuration and the limits around a path are
:mod:`shudu.logic.session`'s.

>>> from shudu.logic.solver import solve_path
>>> p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
>>> path = solve_path(p)
>>> path.solved, path.steps[0].technique
(True, 'hidden-single')
"""

from __future__ import annotations

import gc
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from types import FrameType
from typing import TYPE_CHECKING

from ..errors import LogicTimeout, UnsupportedRules
from ..values.candidates import Candidates
from ..values.grid import Grid
from ..values.rules import Rules
from . import accel9
from .registry import Technique, generation, technique, techniques
from .step import Step

if TYPE_CHECKING:
    from .verdict import Verdict

__all__ = [
    "ANYWAY_TIMEOUT",
    "SolvePath",
    "SolverConfig",
    "StepRun",
    "as_candidates",
    "find_all",
    "iter_steps",
    "next_step",
    "real",
    "solve_path",
    "time_limit",
]

#: Seconds logic may run on a puzzle without exactly one solution when the caller asks
#: for it anyway (``anyway=True``) and gives no ``timeout``.
ANYWAY_TIMEOUT = 10.0


@dataclass(frozen=True)
class SolverConfig:
    """Which techniques the solver may use, in which order.

    ``order``: technique keys/names to try, easiest first (``None`` = every registered
    technique on by default, by difficulty); ``disabled``: names to skip; ``extra``:
    techniques that are off by default (Franken and Mutant fish) to use as well;
    ``uniqueness``: allow techniques that assume the puzzle has one solution (off unless
    the caller knows).

    >>> SolverConfig(disabled=frozenset({"naked-single"})).enabled()[0].key
    'full-house'
    """

    order: tuple[str, ...] | None = None
    disabled: frozenset[str] = field(default_factory=frozenset)
    extra: frozenset[str] = field(default_factory=frozenset)
    uniqueness: bool = False
    max_steps: int = 100_000

    def enabled(self) -> list[Technique]:
        """The techniques to try, in order (worked out once per configuration).

        >>> SolverConfig().enabled() == SolverConfig().enabled()
        True
        """
        return list(self._shared()[0])

    def _shared(self) -> tuple[tuple[Technique, ...], tuple[Technique, ...]]:
        """:meth:`enabled` as one tuple shared by every solve with this configuration, and
        the same without its first three (what follows a run of singles): the C core's
        plan of a technique list is found again by identity."""
        gen = generation()
        got = _ENABLED.get(self)
        if got is None or got[0] != gen:
            if len(_ENABLED) >= 64:
                _ENABLED.clear()
            techs = tuple(self._choose())
            got = _ENABLED[self] = (gen, techs, techs[3:])
        return got[1], got[2]

    def _choose(self) -> list[Technique]:
        skip = {technique(name).key for name in self.disabled}
        if self.order:
            chosen = [technique(n) for n in self.order]
        else:
            extra = {technique(name).key for name in self.extra}
            chosen = [t for t in techniques() if t.default or t.key in extra]
        return [t for t in chosen
                if t.key not in skip and (self.uniqueness or not t.uniqueness)]


_ENABLED: dict[SolverConfig, tuple[int, tuple[Technique, ...], tuple[Technique, ...]]] = {}


@dataclass
class SolvePath:
    """The steps taken from ``start``; ``solved`` tells whether logic finished the grid.

    ``stopped`` is ``"timeout"`` or ``"max-steps"`` when the path ended at a limit
    (``None`` when logic finished or got stuck); ``verdict`` is the engine's verdict
    when it was checked (:func:`shudu.logic.session.explain`).
    """

    start: Candidates
    steps: list[Step]
    final: Candidates
    stopped: str | None = None
    verdict: Verdict | None = None

    @property
    def solved(self) -> bool:
        """True when every cell was filled by logic."""
        return self.final.is_solved

    def counts(self) -> dict[str, int]:
        """How often each technique was used."""
        out: dict[str, int] = {}
        for s in self.steps:
            out[s.technique] = out.get(s.technique, 0) + 1
        return out


def as_candidates(puzzle: str | Grid | Candidates, rules: Rules | None = None) -> Candidates:
    """A fresh candidate state from text (read with ``rules`` when given), a Grid, or a
    copy of a Candidates.

    The logic solver reasons with houses, peers, killer cages and the variant constraints
    (thermometers, arrows, dots, lines, sums ...: :mod:`.variants`): rules with a
    constraint it does not know raise :class:`~shudu.errors.UnsupportedRules` rather than
    give steps that ignore it.

    >>> as_candidates("3<" + "0" * 79).rules.constraints[0].total
    3
    """
    if isinstance(puzzle, Candidates):
        out = puzzle.copy()
    elif isinstance(puzzle, Grid):
        out = Candidates.from_grid(puzzle)
    else:
        from ..formats import detect_format, parse, parse_pencilmarks

        fmt = detect_format(puzzle)
        if fmt in ("pencilmarks", "729"):
            out = Candidates.from_pencilmarks(parse_pencilmarks(puzzle, rules=rules))
        else:
            out = Candidates.from_grid(Grid(puzzle) if rules is None
                                       else parse(puzzle, rules=rules))
    refuse_constraints(out.rules)
    return out


KNOWN = frozenset({"killer", "thermo", "arrow", "kropki", "xv", "odd", "even", "whisper", "renban",
                   "palindrome", "clone", "little-killer", "sandwich", "non-consecutive",
                   "negative", "extra-region", "disjoint", "between", "lockout", "region-sum",
                   "zipper", "modular", "entropic",
                   "x-sum", "skyscraper", "quadruple"})
"""Constraint kinds the logic solver reasons with."""


def refuse_constraints(rules: Rules, who: str = "the logic solver",
                       known: frozenset[str] = KNOWN) -> None:
    """Raise :class:`~shudu.errors.UnsupportedRules` for rules whose constraints ``who``
    does not know (the logic solver knows killer cages; ``known`` lists what it knows).

    >>> refuse_constraints(Rules(9, diagonals=True))
    >>> from shudu.values.constraints import Cage
    >>> refuse_constraints(Rules(4, constraints=(Cage((0, 1), 3),)), "the rater", frozenset())
    Traceback (most recent call last):
    ...
    shudu.errors.UnsupportedRules: the rater does not reason with killer cages yet (shudu ...
    """
    kinds = sorted({getattr(c, "kind", "constraint") for c in rules.constraints} - known)
    if kinds:
        names = {"killer": "killer cages"}
        what = ", ".join(names.get(k, f"{k} constraints") for k in kinds)
        raise UnsupportedRules(f"{who} does not reason with {what} yet "
                               "(shudu solve, check and count do)")


UNCONSTRAINED_ONLY = frozenset({"nested-forcing-net"})
"""Techniques left out where the rules have constraints: a nested net reasons with
singles only, so on a cage puzzle it searches long for what cage logic sees at once."""


CAGE_BLIND = frozenset(k for k in (*accel9.LEVEL_OF, *accel9.DETECTED)
                       if k not in {"full-house", "hidden-single", "naked-single", "x-chain",
                                    "xy-chain"})
"""The classic techniques whose finders read only the candidates and the houses (no
constraint links, unlike the chains): on a 9x9 killer of classic geometry the C core's
ladder probe and detectors tell as well as on a classic state whether they would find a
step, and the solver passes over those that would not."""


LINES_AND_BOXES = frozenset({"sue-de-coq"})
"""The classic techniques whose finders read only the candidates and the rows, columns and
boxes (not the peers, not the other houses), and have a C detector: on any 9x9 grid whose
rows, columns and boxes are the usual ones, a detector's "no" holds for the finder too."""


@lru_cache(maxsize=64)
def _usual_lines_and_boxes(rules: Rules) -> bool:
    """Whether ``rules`` are a 9x9 grid beyond the classic one (diagonals, windows, other
    peers, constraints) whose first 27 houses are its usual rows, columns and 3x3 boxes.

    >>> _usual_lines_and_boxes(Rules(diagonals=True)), _usual_lines_and_boxes(Rules())
    (True, False)
    """
    classic = Rules()
    return (rules.size == 9 and not rules.is_classic9 and rules.regions is None
            and [h.cells for h in rules.houses[:27]] == [h.cells for h in classic.houses])


@lru_cache(maxsize=64)
def _classic_cages(rules: Rules) -> bool:
    """Whether ``rules`` are classic 9x9 rows, columns and boxes with killer cages only.

    >>> from shudu.values.constraints import Cage
    >>> _classic_cages(Rules(9, constraints=(Cage((0, 1), 3),))), _classic_cages(Rules())
    (True, False)
    """
    return rules.killer_only and rules.replace(constraints=()).is_classic9


def next_step(cands: Candidates, config: SolverConfig | None = None,
              enabled: Iterable[Technique] | None = None, *,
              deadline: float | None = None, probed: int | None = None) -> Step | None:
    """The first step of the easiest technique that makes progress, or ``None``.

    On a classic 9x9 state the C core answers two questions before Python finders run:
    once the singles found nothing, which basic technique (intersections, subsets, basic
    fish) applies, if any; and, for the techniques with an exact C detector, which is the
    first of them that would change the state.  The Python finders of the techniques
    passed over would find nothing and are skipped.

    ``deadline`` (a :func:`time.monotonic` time) raises :class:`~shudu.errors.LogicTimeout`
    once passed; it is checked between techniques and between the instances a finder
    yields.  This function does not check uniqueness
    (:func:`shudu.logic.session.hint` does).  ``probed`` is the C core's easiest basic
    level for ``cands`` when the caller already has it
    (:func:`~shudu.logic.accel9.singles_then_probe`).

    >>> next_step(as_candidates("12345678." + "." * 72)).notation()
    'Full House: r1c9=9'
    """
    if deadline is not None:
        with _interrupt_at(deadline):
            return _next_step(cands, config, enabled, deadline, probed)
    return _next_step(cands, config, enabled, None, probed)


def _next_step(cands: Candidates, config: SolverConfig | None,
               enabled: Iterable[Technique] | None, deadline: float | None,
               probed: int | None = None) -> Step | None:
    if not isinstance(enabled, tuple):
        enabled = tuple(enabled if enabled is not None else (config or SolverConfig()).enabled())
    if cands.rules.constraints:   # a deadly pattern's swap may break a cage: no uniqueness
        enabled = tuple(t for t in enabled
                        if not t.uniqueness and t.key not in UNCONSTRAINED_ONLY)
    oracle = _oracle(enabled, cands, probed)
    live = (oracle.plan.live if oracle is not None and oracle.covers is None   # classic
            else range(len(enabled)))
    for i in live:
        tech = enabled[i]
        if deadline is not None and time.monotonic() >= deadline:
            raise LogicTimeout(_budget(deadline))
        if oracle is not None and oracle.answers(tech.key):
            if oracle.skip(i):
                continue
            if oracle.first_steps and tech.first9 is not None:   # the C core's first
                step = tech.first9(cands)                          # step is the finder's
                if step is not None:
                    _set_rules(step, cands)
                    return step
                continue
        for step in tech.find(cands):
            if step.progress and _changes(cands, step):
                _set_rules(step, cands)
                return step
            if deadline is not None and time.monotonic() >= deadline:
                raise LogicTimeout(_budget(deadline))
    return None


def _oracle(enabled: tuple[Technique, ...], cands: Candidates,
            probed: int | None) -> accel9.Oracle | None:
    """What the C core answers for on this state: every technique on classic 9x9; the
    classic finders (:data:`CAGE_BLIND`) on a killer of classic geometry; the finders of
    :data:`LINES_AND_BOXES` where the rows, columns and boxes are the usual ones; else
    nothing (``None``).

    >>> from shudu.logic.registry import technique
    >>> enabled = (technique("sue-de-coq"),)
    >>> _oracle(enabled, as_candidates("." * 81), None).covers is None
    True
    >>> sorted(_oracle(enabled, as_candidates("." * 81, "x"), None).covers)
    ['sue-de-coq']
    >>> _oracle(enabled, as_candidates("." * 16, Rules(4)), None) is None
    True
    """
    rules = cands.rules
    if rules.is_classic9:
        return accel9.oracle(enabled, cands, probed)
    if _classic_cages(rules):
        return accel9.oracle(enabled, cands, covers=CAGE_BLIND)
    if _usual_lines_and_boxes(rules):
        return accel9.oracle(enabled, cands, covers=LINES_AND_BOXES, first_steps=False)
    return None


def _set_rules(step: Step, cands: Candidates) -> None:
    """Give a step found in a state the rules of that state (its words name houses by
    them): a reference, set once on the step the solver hands out."""
    object.__setattr__(step, "rules", cands.rules)


_SINGLE_STEPS: dict[tuple[int, int, int, int], Step] = {}
"""The singles of classic 9x9 states met so far, by (kind, cell, digit, house): a step is
immutable and the same single comes up in puzzle after puzzle (steps compare by value,
and the rules each is given are the classic rules, equal whichever state set them)."""

_STARTED: dict[float, float] = {}


def _budget(deadline: float) -> float:
    """The seconds a deadline allowed (for the error message)."""
    return round(deadline - _STARTED.get(deadline, deadline), 3)


def _deadline(timeout: float | None) -> float | None:
    if timeout is None:
        return None
    now = time.monotonic()
    deadline = now + max(timeout, 0.0)
    if len(_STARTED) > 64:
        _STARTED.clear()
    _STARTED[deadline] = now
    return deadline


@contextmanager
def _interrupt_at(deadline: float, again: float = 0.05) -> Iterator[None]:
    """Interrupt a long search in Python code at ``deadline`` (an interval timer raising
    :class:`LogicTimeout`), where feasible: in the main thread of a POSIX system, when no
    one else handles SIGALRM.  Elsewhere only the checks between techniques apply.

    The timer fires again every ``again`` seconds until the block ends, so a search is
    still stopped when something on the way caught the first one.  A firing during a
    garbage collection raises nothing (the collector's callbacks, and the weak references'
    callbacks it runs, would drop the exception): the next one does.

    >>> import time
    >>> swallowed = 0
    >>> try:
    ...     with _interrupt_at(time.monotonic() + 0.01):
    ...         try:
    ...             time.sleep(5)
    ...         except LogicTimeout:
    ...             swallowed += 1   # caught on the way: the timer fires again
    ...         time.sleep(5)
    ... except LogicTimeout:
    ...     print("stopped after", swallowed, "swallowed")
    stopped after 1 swallowed
    """
    if (not hasattr(signal, "setitimer") or threading.current_thread()
            is not threading.main_thread() or signal.getsignal(signal.SIGALRM)
            not in (signal.SIG_DFL, None)):
        yield
        return
    armed = [True]
    collecting = [False]   # a garbage collection runs: its callbacks drop what they raise

    def expire(signum: int, frame: FrameType | None) -> None:
        if armed[0] and not collecting[0]:   # else the next firing raises
            raise LogicTimeout(_budget(deadline))

    def gc_starts(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collecting[0] = True

    def gc_stops(phase: str, info: dict[str, int]) -> None:
        if phase == "stop":
            collecting[0] = False

    previous = signal.signal(signal.SIGALRM, expire)
    gc.callbacks.insert(0, gc_starts)   # first of the callbacks at the start ...
    gc.callbacks.append(gc_stops)       # ... and last at the end
    try:
        signal.setitimer(signal.ITIMER_REAL, max(deadline - time.monotonic(), 1e-3), again)
        yield
    finally:
        armed[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        gc.callbacks.remove(gc_starts)
        gc.callbacks.remove(gc_stops)


def _changes(cands: Candidates, step: Step) -> bool:
    """Whether applying ``step`` changes ``cands`` (a guard: a step that changed nothing
    would be found again and again)."""
    values = cands.values
    return (any(not values[c] for c, _ in step.placements)
            or any(cands.has(c, d) for c, d in step.eliminations))


class StepRun(Iterator[Step]):
    """The logic path as a stream: each step is yielded as soon as it is found.

    After the last step, ``final`` holds the state reached, ``steps`` every step yielded
    and ``stopped`` why it ended early: ``"timeout"``, ``"max-steps"`` or ``None``
    (solved, or no enabled technique makes progress).  ``timeout`` counts seconds from
    the first step asked for; ``max_steps`` defaults to ``config.max_steps``.  With
    ``weigh``, ``weights`` holds each step's SE weight, taken in the state it applied to
    (its technique's :meth:`~.registry.Technique.weight`, "direct" forms included).

    >>> p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    >>> run = iter_steps(p, max_steps=2)
    >>> [s.technique for s in run], run.stopped, len(run.steps)
    (['hidden-single', 'hidden-single'], 'max-steps', 2)
    >>> run = StepRun(p, max_steps=2, weigh=True)
    >>> _ = run.path(); run.weights
    [1.2, 1.2]
    """

    def __init__(self, puzzle: str | Grid | Candidates, config: SolverConfig | None = None,
                 *, timeout: float | None = None, max_steps: int | None = None,
                 verdict: Verdict | None = None, weigh: bool = False) -> None:
        self.config = config or SolverConfig()
        self.weigh = weigh
        self.weights: list[float] = []
        self.start = as_candidates(puzzle)
        self.final = self.start.copy()
        self.steps: list[Step] = []
        self.stopped: str | None = None
        self.verdict = verdict
        self.timeout = timeout
        self.max_steps = self.config.max_steps if max_steps is None else max_steps
        self._enabled, self._past_singles = self.config._shared()
        self._deadline: float | None = None
        self._done = False
        self._singles: list[tuple[int, int, int, int]] = []   # what _single hands out
        self._probed: int | None = None   # the C probe's answer where the run of singles ends
        self._start_probed: int | None = None   # ... when next_step starts from that state

    def __iter__(self) -> StepRun:
        return self

    def _single(self, cands: Candidates) -> Step | None:
        """The next step when it is a single of a classic 9x9 state: the C core lists a
        run of singles at once (each the step :func:`next_step` would find next), and
        the run hands them out while the state goes on from them alone."""
        if not self._singles:
            level = self._probed
            if level is None:
                if not cands.rules.is_classic9 or not accel9.plan(self._enabled).singles_first:
                    return None
                run, level = accel9.singles_then_probe(cands)
                self._singles = run[::-1]
            if not self._singles:   # no single: the search starts after them
                self._probed = None
                self._start_probed = level
                return None
            self._probed = level   # where the run will end: no single, this basic level
        key = self._singles.pop()
        step = _SINGLE_STEPS.get(key)
        if step is None:
            if len(_SINGLE_STEPS) >= 50_000:
                _SINGLE_STEPS.clear()
            kind, cell, digit, house = key
            step = _SINGLE_STEPS[key] = Step.single(accel9.SINGLES[kind], cell, digit, house)
        if step.rules is not cands.rules:
            _set_rules(step, cands)
        return step

    def __next__(self) -> Step:
        if self._done:
            raise StopIteration
        if self._deadline is None and self.timeout is not None:
            self._deadline = _deadline(self.timeout)
        cands = self.final
        step = None
        single = False   # a single of the C core's run: placed without the general apply
        if not cands.is_solved:
            if len(self.steps) >= self.max_steps:
                self.stopped = "max-steps"
            else:
                deadline = self._deadline
                try:
                    if deadline is not None and time.monotonic() >= deadline:
                        raise LogicTimeout(_budget(deadline))
                    self._start_probed = None
                    step = self._single(cands)
                    single = step is not None
                    if not single:
                        step = next_step(
                            cands, deadline=deadline, probed=self._start_probed,
                            enabled=self._enabled if self._start_probed is None
                            else self._past_singles)
                except LogicTimeout:
                    self.stopped = "timeout"
        if step is None:
            self._done = True
            raise StopIteration
        if self.weigh:
            self.weights.append(technique(step.technique).weight(step, cands))
        if single:
            cands.place(*step.placements[0])
        else:
            cands.apply(step)
        self.steps.append(step)
        return step

    def path(self) -> SolvePath:
        """Run to the end and return the whole path."""
        for _ in self:
            pass
        return SolvePath(self.start, self.steps, self.final, self.stopped, self.verdict)


def iter_steps(puzzle: str | Grid | Candidates, config: SolverConfig | None = None, *,
               timeout: float | None = None, max_steps: int | None = None) -> StepRun:
    """Yield the steps of the logic path one by one, as each is found.

    Stops when solved, stuck, after ``max_steps`` steps or ``timeout`` seconds (checked
    between steps, between techniques and, where feasible, inside a long search); the
    returned :class:`StepRun` tells which in ``stopped``.  No uniqueness check.

    >>> p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    >>> run = iter_steps(p, timeout=60)
    >>> next(run).technique, sum(1 for _ in run) + 1 == p.count("."), run.stopped
    ('hidden-single', True, None)
    """
    return StepRun(puzzle, config, timeout=timeout, max_steps=max_steps)


def solve_path(puzzle: str | Grid | Candidates, config: SolverConfig | None = None, *,
               timeout: float | None = None, max_steps: int | None = None,
               on_step: Callable[[Step], object] | None = None) -> SolvePath:
    """Solve by logic, easiest step first, recording every step.

    ``on_step`` is called with each step as it is found; ``timeout`` (seconds) and
    ``max_steps`` stop the path early (see :attr:`SolvePath.stopped`).  No uniqueness
    check: :func:`shudu.logic.session.explain` is the checked form.

    >>> solve_path("12345678." + "." * 72, max_steps=1).stopped
    'max-steps'
    """
    run = iter_steps(puzzle, config, timeout=timeout, max_steps=max_steps)
    for step in run:
        if on_step is not None:
            on_step(step)
    return run.path()


def time_limit(found: Verdict, timeout: float | None, anyway: bool) -> float | None:
    """The time logic may take on a puzzle: ``timeout`` when given; else, when logic runs
    ``anyway`` on a puzzle without exactly one solution, :data:`ANYWAY_TIMEOUT`; else
    none.

    >>> from shudu.logic.verdict import verdict
    >>> time_limit(verdict("." * 81), None, True), time_limit(verdict("." * 81), 2.0, True)
    (10.0, 2.0)
    """
    if timeout is None and anyway and found.status != "unique":
        return ANYWAY_TIMEOUT
    return timeout


def find_all(puzzle: str | Grid | Candidates, name: str, *, after: int = 0,
             config: SolverConfig | None = None, timeout: float | None = None) -> list[Step]:
    """Every real instance of one technique in the current state, or in the state reached
    ``after`` steps of the logic path (with ``config``; the last state when the path is
    shorter).  Instances that are a simpler technique in disguise are left out
    (:func:`real`).  Past ``timeout`` seconds (the path and the search together) raises
    :class:`~shudu.errors.LogicTimeout`.

    >>> len(find_all("12345678." + "." * 72, "full house"))
    1
    >>> len(find_all("12345678." + "." * 72, "full house", after=1))
    0
    """
    tech = technique(name)
    cands = as_candidates(puzzle)
    deadline = _deadline(timeout)
    if after > 0:
        run = StepRun(cands, config, timeout=timeout, max_steps=after)
        cands = run.path().final
        if run.stopped == "timeout":
            raise LogicTimeout(timeout or 0.0)
    if deadline is None:
        found = [step for step in tech.find(cands) if real(step, cands)]
        for step in found:
            _set_rules(step, cands)
        return found
    found = []
    with _interrupt_at(deadline):
        for step in tech.find(cands):
            if real(step, cands):
                _set_rules(step, cands)
                found.append(step)
            if time.monotonic() >= deadline:
                raise LogicTimeout(_budget(deadline))
    return found


def real(step: Step, cands: Candidates) -> bool:
    """False for an instance that is a simpler technique in disguise.

    A finless fish is real when each of its base and cover houses holds at least two of
    its base candidates (an X-Wing with four distinct corners, not a hidden single with a
    line through it); a naked subset when each of its cells has at least two candidates,
    a hidden subset when each of its digits has at least two places in the house.  Every
    other instance is real.

    >>> from shudu.logic.step import Step
    >>> c = as_candidates("12345678." + "." * 72)
    >>> real(Step("naked-pair", digits=(1, 9), cells={"subset": (8, 9)}), c)
    False
    """
    tech = technique(step.technique)
    if tech.family == "fish" and not (step.role_cells("fin") or step.role_cells("endo-fin")):
        base = 0
        for c in step.role_cells("base"):
            base |= 1 << c
        house_mask = cands.geo.house_mask
        return all((base & house_mask[h]).bit_count() >= 2
                   for role in ("base", "cover") for h in step.role_houses(role))
    if tech.family == "subsets":
        cells = step.role_cells("subset")
        if step.technique.startswith("naked"):
            return all(cands.cell_mask[c].bit_count() >= 2 for c in cells)
        if step.technique.startswith("hidden") and step.role_houses("house"):
            where = cands.geo.house_mask[step.role_houses("house")[0]]
            return all((cands.digit_cells(d) & where).bit_count() >= 2 for d in step.digits)
    return True
