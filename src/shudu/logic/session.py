"""One logic session: what every face does before and around the logic path.

:func:`session` is the one place where a face (``shudu.explain`` and ``shudu.hint``, the
commands ``explain``, ``hint`` and ``find``, the web API, the walk-through page) starts
logic on a puzzle.  In order, it

1. reads the state (:func:`~shudu.logic.solver.as_candidates`): rules with a constraint
   the logic solver does not reason with raise :class:`~shudu.errors.UnsupportedRules`;
2. asks the engine for its verdict (:func:`~shudu.logic.verdict.verdict`): no solution
   raises :class:`~shudu.errors.NoSolution`, several :class:`~shudu.errors.NotUnique`,
   unless ``anyway``;
3. chooses the configuration: the uniqueness techniques (unique rectangles, BUG+1 ...)
   are on once the engine has proved that the puzzle has exactly one solution, and off
   otherwise (a puzzle run ``anyway`` with no or several solutions, or a candidate
   state the engine could not settle); ``uniqueness=True`` or ``False``, or a
   ``config`` with ``uniqueness=True``, decides instead (:func:`uniqueness_on`);
4. sets the limits: ``timeout`` seconds (:data:`~shudu.logic.solver.ANYWAY_TIMEOUT` by
   default when logic runs ``anyway`` on a puzzle without one solution:
   :func:`~shudu.logic.solver.time_limit`) and ``max_steps``.

The :class:`Session` it returns is the path as a stream (a
:class:`~shudu.logic.solver.StepRun`) that also carries the verdict and whether the
uniqueness techniques are on.  :func:`explain` and :func:`hint` are its two library forms.

>>> p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
>>> run = session(p)
>>> run.verdict.status, run.uniqueness, next(run).technique
('unique', True, 'hidden-single')
>>> hint(p).text(1)
'Look for a Hidden Single.'
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from ..errors import LogicTimeout
from ..values.candidates import Candidates
from ..values.grid import Grid
from ..values.rules import Rules, RulesLike
from .solver import SolvePath, SolverConfig, StepRun, as_candidates, find_all, time_limit
from .step import Step
from .verdict import Verdict, require_unique, verdict

__all__ = ["Session", "explain", "hint", "session", "uniqueness_on"]


def uniqueness_on(status: str, uniqueness: bool | None = None,
                  config: SolverConfig | None = None) -> bool:
    """Whether the uniqueness techniques are on for a puzzle whose verdict is ``status``.

    ``uniqueness`` decides when given; else they are on when the engine has proved one
    solution (``status == "unique"``) or when ``config`` allows them.

    >>> uniqueness_on("unique"), uniqueness_on("multiple"), uniqueness_on("unique", False)
    (True, False, False)
    >>> uniqueness_on("unknown", config=SolverConfig(uniqueness=True))
    True
    """
    if uniqueness is not None:
        return uniqueness
    return status == "unique" or (config is not None and config.uniqueness)


class Session(StepRun):
    """A logic path started by :func:`session`: a :class:`~shudu.logic.solver.StepRun`
    (iterate it for the steps; ``path()`` runs it to the end) that also carries
    ``verdict`` (the engine's), ``uniqueness`` (whether the uniqueness techniques are on)
    and ``timeout`` (the time limit chosen).

    >>> run = session("12345678." + "." * 72, anyway=True, max_steps=1)
    >>> run.verdict.status, run.uniqueness, run.timeout, run.path().stopped
    ('multiple', False, 10.0, 'max-steps')
    """

    verdict: Verdict

    def __init__(self, cands: Candidates, config: SolverConfig, *, verdict: Verdict,
                 uniqueness: bool, timeout: float | None = None,
                 max_steps: int | None = None, weigh: bool = False) -> None:
        super().__init__(cands, config, timeout=timeout, max_steps=max_steps,
                         verdict=verdict, weigh=weigh)
        self.uniqueness = uniqueness

    def hint(self) -> Step | None:
        """The next step (``None`` when solved, or when no enabled technique makes
        progress); :class:`~shudu.errors.LogicTimeout` when the time ran out first.

        >>> session("12345678." + "." * 72, anyway=True).hint().notation()
        'Full House: r1c9=9'
        """
        step = next(self, None)
        if step is None and self.stopped == "timeout":
            raise LogicTimeout(self.timeout or 0.0)
        return step

    def find_all(self, name: str) -> list[Step]:
        """Every real instance of one technique (:func:`~shudu.logic.solver.find_all`) in
        the state the path reaches (after ``max_steps`` steps), within what is left of
        the time limit; :class:`~shudu.errors.LogicTimeout` past it.

        >>> len(session("12345678." + "." * 72, anyway=True, max_steps=0).find_all("0000"))
        1
        """
        for _ in self:
            pass
        if self.stopped == "timeout":
            raise LogicTimeout(self.timeout or 0.0)
        left = None
        if self.timeout is not None:
            deadline = self._deadline if self._deadline is not None else time.monotonic()
            left = max(deadline - time.monotonic(), 0.0)
        return find_all(self.final, name, timeout=left)


def _state(puzzle: str | Grid | Candidates, rules: RulesLike) -> Candidates:
    """The candidate state of a puzzle, its text read with ``rules`` when given."""
    wanted = Rules.coerce(rules)
    if wanted is not None and not isinstance(puzzle, str) and puzzle.rules != wanted:
        raise ValueError("the puzzle's rules are not the rules given")
    return as_candidates(puzzle, wanted)


def session(puzzle: str | Grid | Candidates, rules: RulesLike = None,
            config: SolverConfig | None = None, *, anyway: bool = False,
            uniqueness: bool | None = None, timeout: float | None = None,
            max_steps: int | None = None, weigh: bool = False) -> Session:
    """Start logic on a puzzle: check it, choose the configuration and the limits (see
    the module text), and return the path as a :class:`Session`.

    ``puzzle`` is text in any notation (read with ``rules`` when given), a
    :class:`~shudu.values.grid.Grid` or a candidate state (copied).  ``config`` picks the
    techniques (its ``uniqueness`` is set as :func:`uniqueness_on` says); ``weigh``
    records each step's SE weight (:class:`~shudu.logic.solver.StepRun`).

    >>> session("." * 81)
    Traceback (most recent call last):
    ...
    shudu.errors.NotUnique: the puzzle has several solutions: e.g. r2c1 is 7 in one and 4 in another
    >>> session("." * 81, anyway=True, uniqueness=True).uniqueness
    True
    """
    cands = _state(puzzle, rules)
    found = verdict(cands)
    if not anyway:
        require_unique(found, cands)
    on = uniqueness_on(found.status, uniqueness, config)
    chosen = replace(config or SolverConfig(), uniqueness=on)
    return Session(cands, chosen, verdict=found, uniqueness=on,
                   timeout=time_limit(found, timeout, anyway), max_steps=max_steps,
                   weigh=weigh)


def explain(puzzle: str | Grid | Candidates, config: SolverConfig | None = None, *,
            rules: RulesLike = None, anyway: bool = False, uniqueness: bool | None = None,
            timeout: float | None = None, max_steps: int | None = None,
            on_step: Callable[[Step], object] | None = None) -> SolvePath:
    """The whole logic path of a puzzle with one solution (a :func:`session` run to its
    end; ``on_step`` is called with each step as it is found).

    Raises :class:`~shudu.errors.NotUnique` (several solutions, naming a cell where two
    differ) or :class:`~shudu.errors.NoSolution` (saying where singles break the grid),
    unless ``anyway``: then logic runs regardless, within ``timeout`` seconds
    (:data:`~shudu.logic.solver.ANYWAY_TIMEOUT` by default on a puzzle without exactly
    one solution) and ``max_steps``.  A candidate state is checked against the
    solutions that agree with its candidates; a state whose search runs too long is not
    checked (``path.verdict.status == "unknown"``).  The uniqueness techniques are on
    when the engine has proved one solution.

    >>> p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    >>> path = explain(p)
    >>> path.solved, path.verdict.status, path.stopped
    (True, 'unique', None)
    >>> explain("12345678." + "." * 71 + "9")
    Traceback (most recent call last):
    ...
    shudu.errors.NoSolution: the puzzle has no solution: r1c9 has no candidate left: ...
    """
    run = session(puzzle, rules, config, anyway=anyway, uniqueness=uniqueness,
                  timeout=timeout, max_steps=max_steps)
    for step in run:
        if on_step is not None:
            on_step(step)
    return run.path()


def hint(puzzle: str | Grid | Candidates, config: SolverConfig | None = None, *,
         rules: RulesLike = None, anyway: bool = False, uniqueness: bool | None = None,
         timeout: float | None = None) -> Step | None:
    """The next logical step of a puzzle with one solution (``None`` when solved or when
    logic is stuck): the first step of a :func:`session`.

    Checks the puzzle as :func:`explain` does (raising :class:`~shudu.errors.NotUnique`
    or :class:`~shudu.errors.NoSolution` unless ``anyway``); past ``timeout`` seconds
    raises :class:`~shudu.errors.LogicTimeout`.

    >>> hint("." * 81)
    Traceback (most recent call last):
    ...
    shudu.errors.NotUnique: the puzzle has several solutions: e.g. r2c1 is 7 in one and 4 in another
    >>> hint("12345678." + "." * 72, anyway=True).notation()
    'Full House: r1c9=9'
    """
    return session(puzzle, rules, config, anyway=anyway, uniqueness=uniqueness,
                   timeout=timeout, max_steps=1).hint()
