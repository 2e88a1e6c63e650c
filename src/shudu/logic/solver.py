"""The logic solver: apply the easiest available step until solved or stuck.

>>> from shudu.logic.solver import solve_path, hint
>>> p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
>>> path = solve_path(p)
>>> path.solved, path.steps[0].technique
(True, 'hidden-single')
>>> hint(p).text(1)
'Look for a Hidden Single.'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..grid import Grid
from .candidates import Candidates
from .ladder9 import DETECT_ID, DETECTED, LEVEL_OF, LEVELS, detect, probe
from .registry import Technique, technique, techniques
from .step import Step

__all__ = [
    "SolvePath",
    "SolverConfig",
    "as_candidates",
    "find_all",
    "hint",
    "next_step",
    "solve_path",
]


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
        """The techniques to try, in order."""
        skip = {technique(name).key for name in self.disabled}
        if self.order:
            chosen = [technique(n) for n in self.order]
        else:
            extra = {technique(name).key for name in self.extra}
            chosen = [t for t in techniques() if t.default or t.key in extra]
        return [t for t in chosen
                if t.key not in skip and (self.uniqueness or not t.uniqueness)]


@dataclass
class SolvePath:
    """The steps taken from ``start``; ``solved`` tells whether logic finished the grid."""

    start: Candidates
    steps: list[Step]
    final: Candidates

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


def as_candidates(puzzle: str | Grid | Candidates) -> Candidates:
    """A fresh candidate state from text, a Grid, or a copy of a Candidates."""
    if isinstance(puzzle, Candidates):
        return puzzle.copy()
    if isinstance(puzzle, Grid):
        return Candidates.from_grid(puzzle)
    from ..formats import detect_format, parse_pencilmarks

    fmt = detect_format(puzzle)
    if fmt in ("pencilmarks", "729"):
        pm = parse_pencilmarks(puzzle)
        return Candidates.from_masks(pm.rules, pm.candidates)
    return Candidates.from_grid(Grid(puzzle))


def next_step(cands: Candidates, config: SolverConfig | None = None,
              enabled: Iterable[Technique] | None = None) -> Step | None:
    """The first step of the easiest technique that makes progress, or ``None``.

    On a classic 9x9 state the C core answers two questions before Python finders run:
    once the singles found nothing, which basic technique (intersections, subsets, basic
    fish) applies, if any; and, for the techniques with an exact C detector, which is the
    first of them that would change the state.  The Python finders of the techniques
    passed over would find nothing and are skipped.
    """
    if not isinstance(enabled, tuple):
        enabled = tuple(enabled if enabled is not None else (config or SolverConfig()).enabled())
    techs = enabled
    plan = _plan(techs)
    classic = cands.rules.is_classic9
    easiest: int | None = None
    known = 0   # the detectors of plan.ids[:known] have answered ...
    hit = -1    # ... all "no" but this one
    for tech, level, det in zip(techs, plan.levels, plan.detect):
        if classic:
            if level >= 2:
                if easiest is None:
                    easiest = probe(cands)
                    if easiest < 0:
                        easiest = len(LEVELS)
                if level < easiest:
                    continue
            elif det >= 0:
                if det >= known:   # ask up to the next technique without a detector
                    end = plan.run_end[det]
                    found = detect(cands, plan.ids[det:end])
                    hit = -1 if found < 0 else det + found
                    known = end if found < 0 else hit + 1
                if det != hit:
                    continue
            if tech.first9 is not None:
                step = tech.first9(cands)
                if step is not None:
                    return step
                continue
        for step in tech.find(cands):
            if step.progress and _changes(cands, step):
                return step
    return None


@dataclass(frozen=True)
class _Plan:
    """Per technique of an enabled list: its C ladder level (-1 if none) and its index in
    ``ids`` (the C detector ids of the detected techniques, in order; -1 if none).
    ``run_end[i]``: where the run of detected techniques holding ``ids[i]`` ends, at the
    next technique with neither a detector nor a ladder level (a run is asked at once)."""

    levels: tuple[int, ...]
    detect: tuple[int, ...]
    ids: bytes
    run_end: tuple[int, ...]


_PLANS: dict[tuple[str, ...], _Plan] = {}


_LAST_PLAN: list[tuple[tuple[Technique, ...], _Plan]] = []


def _plan(techs: tuple[Technique, ...]) -> _Plan:
    if _LAST_PLAN and _LAST_PLAN[0][0] is techs:   # the same tuple, step after step
        return _LAST_PLAN[0][1]
    keys = tuple(t.key for t in techs)
    plan = _PLANS.get(keys)
    if plan is None:
        levels = tuple(LEVEL_OF.get(k, -1) for k in keys)
        detected = [k for k in keys if k in DETECTED and k not in LEVEL_OF]
        index = {k: i for i, k in enumerate(detected)}
        run_end: list[int] = []
        run_start = 0
        for k in (*keys, None):
            if k in index:
                run_end.append(-1)
            elif k is None or k not in LEVEL_OF:   # a finder without a detector ends a run
                run_end[run_start:] = [len(run_end)] * (len(run_end) - run_start)
                run_start = len(run_end)
        plan = _PLANS[keys] = _Plan(levels, tuple(index.get(k, -1) for k in keys),
                                    bytes(DETECT_ID[k] for k in detected), tuple(run_end))
    _LAST_PLAN[:] = [(techs, plan)]
    return plan


def _changes(cands: Candidates, step: Step) -> bool:
    """Whether applying ``step`` changes ``cands`` (a guard: a step that changed nothing
    would be found again and again)."""
    values = cands.values
    return (any(not values[c] for c, _ in step.placements)
            or any(cands.has(c, d) for c, d in step.eliminations))


def solve_path(puzzle: str | Grid | Candidates, config: SolverConfig | None = None) -> SolvePath:
    """Solve by logic, easiest step first, recording every step."""
    config = config or SolverConfig()
    start = as_candidates(puzzle)
    cands = start.copy()
    enabled = tuple(config.enabled())
    steps: list[Step] = []
    while not cands.is_solved and len(steps) < config.max_steps:
        step = next_step(cands, enabled=enabled)
        if step is None:
            break
        cands.apply(step)
        steps.append(step)
    return SolvePath(start, steps, cands)


def hint(puzzle: str | Grid | Candidates, config: SolverConfig | None = None) -> Step | None:
    """The next logical step (``None`` when solved or when logic is stuck)."""
    return next_step(as_candidates(puzzle), config)


def find_all(puzzle: str | Grid | Candidates, name: str) -> list[Step]:
    """Every instance of one technique in the current state.

    >>> len(find_all("12345678." + "." * 72, "full house"))
    1
    """
    return list(technique(name).find(as_candidates(puzzle)))
