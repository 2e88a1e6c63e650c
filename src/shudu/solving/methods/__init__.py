"""Other ways to solve, for study and comparison with the engine.

:func:`solve_with` runs one of the classic methods on a puzzle and reports what it did:

* ``"dfs"``: the articles' plain backtracker with used-digit sets per house
  (:mod:`shudu.solving.methods.dfs`);
* ``"dlx"``: Knuth's Algorithm X with dancing links on the exact cover matrix
  (:mod:`shudu.solving.methods.dlx`);
* ``"ga"``: a genetic algorithm (:mod:`shudu.solving.methods.ga`);
* ``"annealing"``: simulated annealing (:mod:`shudu.solving.methods.anneal`).

The first two are exact: they find and count solutions (to ``limit``) like the engine,
only slower.  The last two are stochastic: they either reach a solution (always checked
against the rules) or say honestly that they did not within their budget.

>>> p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
>>> r = solve_with("dlx", p, limit=2)
>>> r.status, r.count, str(r.solution)[:9]
('unique', 1, '483921657')
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...errors import UnsupportedRules
from ...values.grid import Grid, PuzzleLike, check_args
from ...values.rules import RulesLike
from ..engine import as_grid

if TYPE_CHECKING:
    from .dfs import DfsResult
    from .dlx import DlxResult

__all__ = ["BUDGETS", "METHODS", "MethodResult", "solve_with"]

METHODS = ("dfs", "dlx", "ga", "annealing")
"""The method names :func:`solve_with` takes."""

BUDGETS = {"dfs": 1_000_000, "dlx": 1_000_000, "ga": 500, "annealing": 200_000}
"""Default budget per method: search nodes (dfs, dlx), generations (ga), moves
(annealing)."""

STOCHASTIC = frozenset({"ga", "annealing"})


@dataclass(frozen=True)
class MethodResult:
    """What a method did on one puzzle.

    ``solutions``: those found (up to ``limit``; at most one for the stochastic
    methods), each checked against the rules; ``count``: how many; ``nodes``: search
    nodes (dfs, dlx), generations (ga) or moves (annealing); ``seconds``: time taken;
    ``reached``: the method finished its job within its budget (an exact method searched
    to the end or to ``limit``; a stochastic one found a solution); ``curve``: the best
    fitness/energy (conflicts) along the run of a stochastic method; ``best``: its final
    best (0 once solved); ``stopped``: ``"budget"`` or ``"timeout"`` when a limit ended
    the run first.

    >>> r = solve_with("dfs", "." * 16, rules="4", limit=3)
    >>> r.count, r.status, r.reached
    (3, 'multiple', True)
    """

    method: str
    puzzle: Grid
    solutions: tuple[Grid, ...]
    count: int
    limit: int
    nodes: int
    seconds: float
    reached: bool
    curve: tuple[int, ...] = ()
    best: int | None = None
    stopped: str | None = None

    @property
    def solution(self) -> Grid | None:
        """The first solution found, if any."""
        return self.solutions[0] if self.solutions else None

    @property
    def status(self) -> str:
        """``"unique"``, ``"multiple"``, ``"none"`` or ``"solved"`` (limit 1, or any
        stochastic success) when the method finished; ``"unfinished"`` when its budget
        ran out first (an exact search cut short, a stochastic one without a solution).
        """
        if self.method in STOCHASTIC:
            return "solved" if self.reached else "unfinished"
        if self.count >= 2:
            return "multiple"
        if not self.reached:
            return "unfinished"
        if self.count == 0:
            return "none"
        return "unique" if self.limit >= 2 else "solved"


def solve_with(method: str, puzzle: PuzzleLike, rules: RulesLike = None, *, limit: int = 1,
               seed: int | None = None, budget: int | None = None,
               timeout: float | None = None) -> MethodResult:
    """Solve ``puzzle`` with one of :data:`METHODS`.

    ``limit``: solutions to look for (exact methods; 2 tells unique from several);
    ``seed``: the random seed of the stochastic methods (``None`` means 0, so a run is
    always reproducible); ``budget``: nodes, generations or moves (default
    :data:`BUDGETS`); ``timeout``: seconds, a second bound besides the budget.

    >>> r = solve_with("annealing", ".234341221434321", seed=3)
    >>> r.reached, r.count, r.status
    (True, 1, 'solved')
    >>> solve_with("magic", ".234341221434321")
    Traceback (most recent call last):
    ...
    ValueError: unknown method 'magic': expected one of dfs, dlx, ga, annealing
    """
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}: expected one of {', '.join(METHODS)}")
    rules_value = check_args(puzzle, rules)
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit!r}")
    if budget is None:
        budget = BUDGETS[method]
    if not isinstance(budget, int) or isinstance(budget, bool) or budget < 1:
        raise ValueError(f"budget must be at least 1, got {budget!r}")
    grid = as_grid(puzzle, rules_value)
    if grid.rules.constraints:
        kinds = ", ".join(sorted({getattr(c, "kind", type(c).__name__)
                                  for c in grid.rules.constraints}))
        raise UnsupportedRules(f"the {method} method does not handle these constraints yet: "
                               f"{kinds}")
    start = time.monotonic()
    deadline = None if timeout is None else start + timeout
    if method in ("dfs", "dlx"):
        exact: Callable[..., DfsResult | DlxResult]
        if method == "dfs":
            from .dfs import search as exact
        else:
            from .dlx import search as exact
        found = exact(grid, limit=limit, max_nodes=budget, deadline=deadline)
        seconds = time.monotonic() - start
        sols = found.solutions
        stopped = None
        if not found.complete:
            stopped = "timeout" if found.nodes < budget else "budget"
        return MethodResult(method, grid, sols, len(sols), limit, found.nodes, seconds,
                            found.complete or len(sols) >= limit, stopped=stopped)
    seed = 0 if seed is None else seed
    if method == "ga":
        from .ga import search as evolve

        g = evolve(grid, generations=budget, seed=seed, deadline=deadline)
        solution, reached, steps, curve, best = g.solution, g.reached, g.generations, \
            g.curve, g.best
    else:
        from .anneal import search as anneal

        a = anneal(grid, iterations=budget, seed=seed, deadline=deadline)
        solution, reached, steps, curve, best = a.solution, a.reached, a.iterations, \
            a.curve, a.best
    seconds = time.monotonic() - start
    sols = () if solution is None else (solution,)
    stopped = None
    if not reached:
        stopped = "budget" if steps >= budget else "timeout"
    return MethodResult(method, grid, sols, len(sols), limit, steps, seconds, reached,
                        curve, best, stopped)
