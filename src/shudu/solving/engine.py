"""Exact solving: first solution, solution count, all solutions, and fast batches.

A thin layer over the C extension :mod:`shudu._engine`: classic 9x9 puzzles take the
band-bitboard fast path, every other :class:`~shudu.values.rules.Rules` the generic solver.
"No solution" and "several solutions" are answers, never errors; bad input raises
:class:`~shudu.errors.ParseError` or :class:`~shudu.errors.InvalidPuzzle` before any
search starts, and a value that is no puzzle at all (``None``, a number) a
:class:`TypeError` naming what is accepted.  Every function takes ``rules`` as a
:class:`~shudu.values.rules.Rules`, a spec string such as ``"x"`` or ``"16+anti-king"`` (as the
command line's ``--rules``) or an int size.

Order of solutions: the engine searches in a fixed order (for a given ``seed``), and
the first solution it meets is *the* solution of every function here: :func:`solve`,
``search(...).solution``, ``solve_many(...).grid(i)`` and the first item of
:func:`solutions` are always the same grid.  :func:`solutions` then yields the others in
the engine's enumeration order, each once.  A puzzle with one solution has that one
answer everywhere, whatever the seed.

>>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
>>> str(solve(p))[:20]
'41736982563215894795'
>>> count(p), count("." * 81), search(p).status
(1, 2, 'unique')
>>> solve("." * 81) == next(solutions("." * 81)) == search("." * 81).solution
True
"""

from __future__ import annotations

import operator
import os
import time
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice
from typing import Any, overload

from .. import _engine
from ..errors import ParseError, SearchTimeout, UnsupportedRules
from ..limits import SEARCH_MAX_LIMIT, SEARCH_MAX_THREADS, SEARCH_MAX_TIMEOUT, SPLIT_MAX_PARTS
from ..values.grid import PUZZLE_TYPES, Grid, PuzzleLike, check_args, check_puzzle, parse_puzzle
from ..values.rules import CLASSIC, Rules, RulesLike, as_rules, register_conflict_check

__all__ = [
    "BATCH_TYPES",
    "PUZZLE_TYPES",
    "BatchResult",
    "SearchResult",
    "SolutionIterator",
    "check_args",
    "check_puzzle",
    "count",
    "count_many",
    "nested_refutations",
    "propagation",
    "search",
    "search_many",
    "solutions",
    "solve",
    "solve_many",
    "split_search",
]

BATCH_TYPES = ("bytes, a NumPy array of shape (N, n*n), or an iterable of puzzles "
               "(str, Grid, bytes or sequences of ints)")
"""What the batch functions accept, as named in their :class:`TypeError`."""


_solve9 = _engine.solve9


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What one search found: how many solutions (up to ``limit``), the first one, and
    how hard the engine had to work (``guesses``: branch points; ``nodes``: search nodes,
    ``None`` from a batch, which does not count them).

    ``complete`` is False when the search's ``timeout`` ran out after it had found some
    solutions: ``count`` is then a lower bound (the solutions found in time) and
    ``status`` says only what is known (``"multiple"`` from two on, else ``"solved"``).

    >>> r = search("." * 81, limit=2)
    >>> r.count, r.status, r.unique, r.solution is not None, r.complete
    (2, 'multiple', False, True, True)
    """

    count: int
    limit: int
    solution: Grid | None
    guesses: int
    nodes: int | None
    complete: bool = True

    @property
    def status(self) -> str:
        """``"none"``, ``"unique"`` or ``"multiple"`` (needs ``limit >= 2`` to tell);
        ``"solved"`` for one solution not yet known to be the only one."""
        if self.count == 0:
            return "none"
        if self.unique:
            return "unique"
        return "multiple" if self.count > 1 else "solved"

    @property
    def unique(self) -> bool:
        """True when exactly one solution exists (only meaningful with ``limit >= 2``, and
        only known when the search was ``complete``)."""
        return self.count == 1 and self.limit >= 2 and self.complete


def as_grid(puzzle: PuzzleLike, rules: RulesLike) -> Grid:
    """The checked :class:`Grid` of a puzzle (text, cell list or grid) under ``rules``
    (``None``: its own); a grid already under those rules is returned as it is.

    >>> g = as_grid("." * 81, None)
    >>> as_grid([0] * 16, None).rules, as_grid(g, None) is g, as_grid(g, "x").rules
    (Rules(size=4), True, Rules(size=9, diagonals=True))
    """
    check_puzzle(puzzle)
    rules = as_rules(rules)
    if isinstance(puzzle, Grid):
        if rules is not None and rules != puzzle.rules:
            return Grid(puzzle.cells, rules)
        puzzle.check()
        return puzzle
    if isinstance(puzzle, str):
        return parse_puzzle(puzzle, rules=rules)
    return Grid(puzzle, rules)


def _house_tables(rules: Rules) -> tuple[list[int], list[int], list[int]]:
    """The flat house and peer tables of :class:`_engine.Rules`: every house's cells
    (:attr:`Rules.houses`, which holds the constraints' groups of n cells that must differ
    among them), then each cell's peers as offsets and a list.

    >>> houses, starts, peers = _house_tables(Rules(4))
    >>> len(houses), starts[:3], peers[:7]
    (48, [0, 7, 14], [1, 2, 3, 4, 5, 8, 12])
    """
    houses = [c for h in rules.houses for c in h.cells]
    starts = [0]
    peers: list[int] = []
    for cell_peers in rules.peers:
        peers.extend(cell_peers)
        starts.append(len(peers))
    return houses, starts, peers


@lru_cache(maxsize=64)
def _tables(rules: Rules) -> Any:
    """The C-side constraint tables for a Rules value (built once per rules): houses (with
    the constraints' groups of n cells that must differ), peers, the killer cages and the
    program of every other constraint."""
    unknown = [c for c in rules.constraints if not hasattr(c, "program")]
    if unknown:
        kinds = ", ".join(sorted({str(getattr(c, "kind", type(c).__name__)) for c in unknown}))
        raise UnsupportedRules(f"the solving engine does not know these constraints: {kinds}")
    if not rules.constraints:
        return _engine.Rules(rules.size, *_house_tables(rules))
    if rules.size > 16 and any(c.kind == "killer" for c in rules.constraints):
        raise UnsupportedRules("the solving engine handles killer cages up to 16x16")
    return _engine.Rules(rules.size, *_table_lists(rules))


def _table_lists(rules: Rules) -> list[list[int]]:
    """The lists :class:`_engine.Rules` takes after the size: houses, their starts, peers,
    the killer cages (with the rule of 45's further cages) as starts, cells and sums, and
    the program of every other constraint.

    >>> [len(part) for part in _table_lists(Rules(4))]
    [48, 17, 112, 1, 0, 0, 0]
    """
    # constraint modules load here, with the first puzzle that has constraints
    from ..values.constraints import derived
    from ..values.constraints.base import BOUND, linear_record

    houses, starts, peers = _house_tables(rules)
    cages = [c for c in rules.constraints if c.kind == "killer"]
    cage_start = [0]
    cells: list[int] = []
    sums: list[int] = []
    given = [(tuple(c.cells), c.total) for c in cages]
    known = {cells_ for cells_, total in given if total}
    extra = []
    for cells_, total in [*derived.house_innies(rules, cages), *derived.complements(rules, cages)]:
        if cells_ not in known:   # a cage of the puzzle, or one derived twice
            known.add(cells_)
            extra.append((cells_, total))
    for cells_, total in given + extra:
        cells.extend(cells_)
        cage_start.append(len(cells))
        sums.append(total)
    program = [v for c in rules.constraints for v in c.program(rules)]
    for terms, total in [*derived.innies_outies(rules, cages), *derived.house_outies(rules, cages)]:
        program += [BOUND, *linear_record(terms, total)[1:]]
    return [houses, starts, peers, cage_start, cells, sums, program]


def _run(grid: Grid, limit: int, seed: int | None, timeout: float | None = None,
         stop: bytearray | None = None) -> SearchResult:
    """One search in C.  When ``timeout`` runs out (or ``stop[0]`` is set) after some
    solutions, the result holds them with ``complete=False``; before any, it raises
    :class:`~shudu.errors.SearchTimeout`."""
    rules = grid.rules
    if rules.is_classic9:
        n, sol, guesses, nodes = _solve9(grid.cells, limit, seed, timeout or 0.0, stop)
    else:
        n, sol, guesses, nodes = _engine.search(_tables(rules), grid.cells, limit, seed,
                                                timeout or 0.0, stop)
    solution = Grid._trusted(rules, sol) if sol is not None else None
    if n <= -2:   # stopped after -2 - n solutions
        if n == -2:
            raise SearchTimeout(timeout or 0.0)
        return SearchResult(-2 - n, limit, solution, guesses, nodes, complete=False)
    return SearchResult(n, limit, solution, guesses, nodes)


def solve(
    puzzle: PuzzleLike, rules: RulesLike = None, *, seed: int | None = None
) -> Grid | None:
    """The first solution, or ``None`` when there is none.

    ``puzzle`` is text in any notation, a :class:`Grid`, bytes or a sequence of ints;
    ``rules`` a :class:`Rules`, a spec such as ``"x"`` or a size; ``seed`` makes the
    search try digits in a random (reproducible) order, so the empty grid yields a
    random full grid.  With several solutions this is the first in the engine's order:
    the first of :func:`solutions` (same ``seed``), of :func:`search` and of
    :func:`solve_many`.

    >>> solve("." * 81).is_complete
    True
    >>> solve("." * 81, seed=1) != solve("." * 81, seed=2)
    True
    >>> print(solve(".2343.1221.3432.", Rules(4)).pretty())
    1 2 | 3 4
    3 4 | 1 2
    ----+----
    2 1 | 4 3
    4 3 | 2 1
    >>> solve("123......456......78......9" + "." * 54) is None  # nothing fits r3c3
    True
    >>> solve("." * 81, "x").is_solution_of(Grid("." * 81, Rules(diagonals=True)))
    True
    >>> solve(123)
    Traceback (most recent call last):
    ...
    TypeError: expected puzzle text (str), a Grid, bytes or a sequence of ints, got int
    """
    rules, seed = as_rules(rules), _check_seed(seed)
    if (rules is None or rules is CLASSIC) and type(puzzle) is str and len(puzzle) == 81:
        try:
            n, sol, _, _ = _solve9(puzzle, 1, seed)
        except ValueError:
            pass  # let the full parser name the bad character
        else:
            if n and sol is not None:
                return Grid._trusted(CLASSIC, sol)
    return _run(as_grid(puzzle, rules), 1, seed).solution


def _limit_rules(limit: int | Rules | str, rules: RulesLike) -> tuple[int, RulesLike]:
    """``count(p, "x")``: rules given in the place of ``limit`` (as for the other calls)."""
    if isinstance(limit, (str, Rules)):
        if rules is not None:
            raise TypeError("rules given twice: as limit and as rules")
        return 2, limit
    return _check_limit(limit), rules


def _int_arg(value: object, name: str) -> int:
    """An int argument (or anything with ``__index__``, as NumPy's ints); not a bool."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise TypeError(f"expected {name} as an int, got {type(value).__name__}")
    return operator.index(value)  # type: ignore[arg-type]


def _shown(value: object) -> str:
    """A value as an error message quotes it: at most 24 characters.

    >>> _shown(10**30)
    '100000000000000000000…'
    """
    text = str(value)
    return text if len(text) <= 24 else text[:21] + "…"


def _check_limit(limit: object) -> int:
    """``limit`` as an int from 1 to :data:`~shudu.limits.SEARCH_MAX_LIMIT`.

    >>> _check_limit(2**63)
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: expected limit from 1 to 1_000_000_000, found '9223372036854775808'
    """
    value = _int_arg(limit, "limit")
    if not 1 <= value <= SEARCH_MAX_LIMIT:
        raise ParseError(f"expected limit from 1 to {SEARCH_MAX_LIMIT:_}", found=_shown(value))
    return value


def _check_seed(seed: object) -> int | None:
    """``seed``: ``None`` or any 64-bit int, signed or unsigned (-2**63 .. 2**64-1).

    >>> _check_seed(-1), _check_seed(None)
    (-1, None)
    """
    if seed is None:
        return None
    value = _int_arg(seed, "seed")
    if not -(2**63) <= value < 2**64:
        raise ParseError("expected seed from -2**63 to 2**64-1", found=_shown(value))
    return value


def _check_timeout(timeout: object) -> float | None:
    """``timeout`` in seconds: ``None`` or 0 (no bound), else a number up to
    :data:`~shudu.limits.SEARCH_MAX_TIMEOUT` (never NaN, infinite or negative).

    >>> _check_timeout(0), _check_timeout(2)
    (None, 2.0)
    >>> _check_timeout(float("nan"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: expected timeout from 0 to 10000000 seconds (...), found 'nan'
    >>> _check_timeout(10**400)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: expected timeout from 0 to 10000000 seconds (...), found '1000...…'
    """
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not hasattr(type(timeout), "__float__"):
        raise TypeError(f"expected timeout as a number of seconds, got {type(timeout).__name__}")
    try:
        value = float(timeout)  # type: ignore[arg-type]
    except OverflowError:   # an int beyond any float
        value = float("inf")
    if not 0 <= value <= SEARCH_MAX_TIMEOUT:
        raise ParseError(f"expected timeout from 0 to {SEARCH_MAX_TIMEOUT:.0f} seconds "
                         "(None or 0: no bound)", found=_shown(timeout))
    return value or None


def count(puzzle: PuzzleLike, limit: int | Rules | str = 2, rules: RulesLike = None, *,
          threads: int | None = 1) -> int:
    """Number of solutions, counting no further than ``limit`` (1 to 10**9; 2 =
    uniqueness check).  Ctrl-C stops a count at any time.

    Rules may also come second, as for the other functions: ``count(p, "x")``.  With
    ``threads`` above 1 one big count is split across threads (:func:`split_search`):
    worth it when there are many solutions to count.  ``threads`` is an int >= 0, capped
    at the machine's cores (``None`` or 0: every core).

    >>> count("." * 81, limit=5), count("." * 81, 5, "anti-knight"), count("." * 81, "x")
    (5, 5, 2)
    >>> count("." * 16, 1000, Rules(4), threads=2)
    288
    """
    limit, rules = _limit_rules(limit, rules)
    grid = as_grid(puzzle, rules)
    workers = _threads(threads)
    if workers > 1 and limit > 2:
        return _count_split(grid, limit, workers).count
    return _run(grid, limit, None).count


SPLIT_TASKS = 48
"""Subproblems per thread when one count is split: many more tasks than threads, handed
out one at a time, keep every core busy however unequal the subtrees are."""


NESTED_BUDGET = 50_000
"""Propagations one :func:`nested_refutations` may make (under a second on a 9x9 killer):
a bound on work, not on time, so the same state always gives the same answer."""


def nested_refutations(rules: Rules, masks: Sequence[int], budget: int = NESTED_BUDGET,
                       limit: int = 1) -> tuple[tuple[int, int, tuple[tuple[int, int], ...]],
                                                ...]:
    """The candidates that a nested net of the search's own propagation refutes in the
    candidate state ``masks`` (one mask a cell, bit ``d - 1`` for digit ``d``; a placed
    cell holds its one digit): up to ``limit`` of them, each ``(cell, digit, inner)``,
    found within ``budget`` propagations (none when the state itself is broken).

    Each open candidate A is placed and propagated (singles, locked candidates, the
    cages' combinations, the sums of the 45 rule, the constraints); if that stands,
    every open candidate B of the state it leaves is tried the same way, and each B that
    breaks is removed from A's state, which is propagated again.  A is refuted when its
    state breaks: ``inner`` lists the Bs removed on the way, in order (empty when A
    breaks at once).  The As are taken strongest first: those the state's own
    propagation removes, then by the open candidates their propagation leaves, fewest
    first (ties: cells in order, digits from low to high).  Each refutation stands on
    ``masks`` alone: none is removed before the next is looked for.

    >>> from shudu.values.constraints import Cage
    >>> rules = Rules(4, constraints=(Cage((0, 1), 3), Cage((2, 3), 7)))
    >>> nested_refutations(rules, [15] * 16, limit=3)   # r1c12 hold 1 and 2, r1c34 3 and 4
    ((0, 3, ()), (0, 4, ()), (1, 3, ()))
    """
    n = rules.size
    full = (1 << n) - 1
    if len(masks) != rules.ncells:
        raise ParseError(f"expected {rules.ncells} cell masks", found=str(len(masks)))
    data = array("I", (int(m) & 0xFFFFFFFF for m in masks))
    if any(not m or m & ~full for m in data):
        raise ParseError(f"expected every cell mask to hold some of the digits 1..{n}")
    limit = _int_arg(limit, "limit")
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    return _engine.nested_refute(_tables(rules), data.tobytes(), _int_arg(budget, "budget"),
                                 min(limit, rules.ncells * n))


def split_search(grid: Grid, parts: int) -> list[bytes]:
    """Split a puzzle's search tree into at least ``parts`` disjoint subproblems (while
    any cell is open): each step replaces every subproblem by its children on the open
    cell with the fewest candidates, one child per candidate digit.  Their solutions
    together are exactly the puzzle's.  A subproblem with an open cell and no candidate
    is dropped (it has no solution).  ``parts`` is 1 to
    :data:`~shudu.limits.SPLIT_MAX_PARTS`.

    >>> parts = split_search(Grid("." * 16, Rules(4)), 10)
    >>> len(parts), sum(count(p, 1000, Rules(4)) for p in parts)
    (12, 288)
    """
    parts = _int_arg(parts, "parts")
    if not 1 <= parts <= SPLIT_MAX_PARTS:
        raise ParseError(f"expected parts from 1 to {SPLIT_MAX_PARTS:_}", found=_shown(parts))
    rules = grid.rules
    peers = rules.peers
    n = rules.size
    full = (1 << (n + 1)) - 2   # bits 1..n
    frontier = [bytes(grid.cells)]
    while len(frontier) < parts:
        children: list[bytes] = []
        grew = False
        for cells in frontier:
            best, best_mask, best_count = -1, 0, n + 1
            for cell, v in enumerate(cells):
                if v:
                    continue
                used = 0
                for q in peers[cell]:
                    used |= 1 << cells[q]
                mask = full & ~used
                k = mask.bit_count()
                if k < best_count:
                    best, best_mask, best_count = cell, mask, k
                    if k <= 1:
                        break
            if best < 0:
                children.append(cells)   # complete: one subproblem as it is
                continue
            grew = True
            for d in range(1, n + 1):
                if best_mask >> d & 1:
                    child = bytearray(cells)
                    child[best] = d
                    children.append(bytes(child))
        frontier = children
        if not grew:
            break
    return frontier


def _count_split(grid: Grid, limit: int, threads: int, timeout: float | None = None
                 ) -> SearchResult:
    """:func:`count` on ``threads`` threads: the subproblems of :func:`split_search`
    counted in a pool (the C search releases the GIL).  Each part is counted up to its
    share of what is still missing; a part that reaches its share is a lower bound and
    is counted again, further, only while the total is still short of ``limit``, so a
    count that stops at a limit does not count past it on every thread.  Returns the
    count, the first solution (as :func:`solve` finds it) and the work summed over the
    parts.  ``timeout`` (seconds) bounds the whole count: the count is then what was
    found in time (``complete`` False), or :class:`~shudu.errors.SearchTimeout` when
    nothing was; Ctrl-C stops every part."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    deadline = time.monotonic() + timeout if timeout else None
    first = _run(grid, 1, None, timeout)
    if first.count == 0:   # broken givens: no split needed
        return first
    rules = grid.rules
    tables = None if rules.is_classic9 else _tables(rules)
    stop = bytearray(1)  # set: every running part ends at its next look
    lock = threading.Lock()
    lower = [0]          # exact counts of finished parts + lower bounds of capped ones
    work = [0, 0]        # guesses, nodes
    again: list[tuple[bytes, int]] = []   # capped parts and the bound they gave

    def one(cells: bytes, known: int) -> None:
        with lock:
            missing = limit - lower[0]
            if missing <= 0 or stop[0]:
                return   # the limit is reached (or time is up): the rest end at once
            cap = known + max(1, -(-missing // threads))
        left = 0.0
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0:
                stop[0] = 1
                return
        if tables is None:
            found, _, guesses, nodes = _solve9(cells, cap, None, left, stop)
        else:
            found, _, guesses, nodes = _engine.search(tables, cells, cap, None, left, stop)
        with lock:
            work[0] += int(guesses)
            work[1] += int(nodes)
            if found <= -2:   # stopped after -2 - found solutions
                stop[0] = 1
                lower[0] += max(0, -2 - int(found) - known)   # a part counted again
                return
            lower[0] += int(found) - known
            if found >= cap:
                again.append((cells, int(found)))

    parts = [(cells, 0) for cells in split_search(grid, SPLIT_TASKS * threads)]
    with ThreadPoolExecutor(max_workers=threads) as pool:
        try:
            while parts and lower[0] < limit and not stop[0]:
                again.clear()
                for future in [pool.submit(one, cells, known) for cells, known in parts]:
                    future.result()
                parts = list(again)
        except BaseException:   # Ctrl-C in the main thread: end the parts, then go
            stop[0] = 1
            raise
    complete = not (stop[0] and lower[0] < limit)
    found = min(lower[0], limit) if complete else max(lower[0], 1)
    return SearchResult(found, limit, first.solution, work[0], work[1], complete)


def search(
    puzzle: PuzzleLike,
    rules: RulesLike = None,
    *,
    limit: int = 2,
    seed: int | None = None,
    threads: int | None = 1,
    timeout: float | None = None,
) -> SearchResult:
    """Count up to ``limit`` solutions (1 to 10**9) and keep the first (the one
    :func:`solve` returns), with search statistics.  ``threads`` above 1 splits a big
    count across threads as :func:`count` does (``nodes`` is then the sum over the
    parts, whose first solution is found before the split); it is used up to the
    machine's cores (``None``/0 = every core).  Ctrl-C stops any search.

    ``timeout`` (seconds, ``None``/0 = no bound) bounds the search.  When it runs out
    after some solutions were found, the result holds what is known: ``complete`` is
    False, ``count`` the solutions found in time (a lower bound) and ``solution`` the
    first; when it runs out before any was found, :class:`~shudu.errors.SearchTimeout`
    is raised.

    >>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    >>> search(p).unique
    True
    >>> search("." * 16, Rules(4), limit=1000, threads=2).count
    288
    >>> r = search("." * 256, 16, limit=10**9, timeout=0.1)
    >>> r.complete, r.count > 1, r.status
    (False, True, 'multiple')
    """
    grid = as_grid(puzzle, rules)
    return _search(grid, _check_limit(limit), _check_seed(seed), _threads(threads),
                   _check_timeout(timeout))


def _search(grid: Grid, limit: int, seed: int | None, workers: int, timeout: float | None,
            stop: bytearray | None = None) -> SearchResult:
    """:func:`search` with checked arguments (``stop``: a byte another thread may set to
    end the search, as its clock would)."""
    if workers > 1 and limit > 2 and seed is None:
        return _count_split(grid, limit, workers, timeout)
    return _run(grid, limit, seed, timeout, stop)


class SolutionIterator(Iterator[Grid]):
    """Lazy iterator over every solution; ``guesses`` and ``nodes`` grow as it runs.
    With a ``timeout`` (seconds, counted from its making) a step that would end past it
    raises :class:`~shudu.errors.SearchTimeout` (its ``count``: the solutions yielded
    so far, ``solution`` the first); Ctrl-C stops a step at any time.

    >>> it = solutions("." * 16, Rules(4))
    >>> sum(1 for _ in it), it.guesses > 0
    (288, True)
    """

    def __init__(self, grid: Grid, seed: int | None = None, timeout: float | None = None
                 ) -> None:
        self._rules = grid.rules
        self._timeout = _check_timeout(timeout) or 0.0
        self._deadline = time.monotonic() + self._timeout
        self._it = _engine.Enumerator(_tables(grid.rules), grid.cells, _check_seed(seed))
        self._yielded = 0
        self._shown: Grid | None = None   # the first solution handed out
        # Classic 9x9 grids are solved by a faster search than the enumerator's: its
        # solution comes first, so solve() and the first solution always agree.
        self._first: bytes | None = None
        self._pending = False
        if grid.rules.is_classic9:
            n, sol, _, _ = _solve9(grid.cells, 1, seed, self._timeout)
            if n == -2:
                raise SearchTimeout(self._timeout)
            if n and sol is not None:
                self._first, self._pending = bytes(sol), True

    def __iter__(self) -> SolutionIterator:
        return self

    def __next__(self) -> Grid:
        if self._pending and self._first is not None:
            self._pending = False
            return self._hand_out(self._first)
        sol = self._step()
        if self._first is not None and sol == self._first:
            self._first = None  # met it again in enumeration order: skip it once
            sol = self._step()
        return self._hand_out(sol)

    def _hand_out(self, sol: bytes) -> Grid:
        grid = Grid._trusted(self._rules, sol)
        self._yielded += 1
        if self._shown is None:
            self._shown = grid
        return grid

    def _step(self) -> bytes:
        if self._timeout:
            left = self._deadline - time.monotonic()
            if left <= 0:
                raise SearchTimeout(self._timeout, self._yielded, self._shown)
            self._it.timeout = left
        try:
            return next(self._it)
        except TimeoutError:
            raise SearchTimeout(self._timeout, self._yielded, self._shown) from None

    @property
    def guesses(self) -> int:
        """Branch points so far."""
        return int(self._it.stats[0])

    @property
    def nodes(self) -> int:
        """Search nodes so far."""
        return int(self._it.stats[1])


def solutions(
    puzzle: PuzzleLike, rules: RulesLike = None, *, seed: int | None = None,
    timeout: float | None = None,
) -> SolutionIterator:
    """Every solution, lazily (use ``itertools.islice`` to take a few), each once.

    The first is the one :func:`solve` returns for the same ``seed``; the others follow
    in the engine's enumeration order.  ``timeout`` (seconds) bounds the whole
    iteration: a step that would end past it raises
    :class:`~shudu.errors.SearchTimeout`, after the solutions found in time.

    >>> from itertools import islice
    >>> len(list(islice(solutions("." * 81), 3)))
    3
    """
    return SolutionIterator(as_grid(puzzle, rules), seed, timeout)


# ---------------------------------------------------------------------- batches


@dataclass(frozen=True, slots=True)
class BatchResult:
    """Results of :func:`solve_many` for N puzzles.

    ``solutions`` holds N*n*n cell values (0 where a puzzle has no solution) — a NumPy
    ``(N, n*n)`` uint8 array when the input was a NumPy array, else a ``bytearray``;
    ``counts``, ``guesses`` and ``nodes`` (search nodes, as :func:`search` counts them)
    hold one int per puzzle (NumPy arrays or ``array``).

    It is also a sequence of the solutions: ``len(r)``, ``r[i]`` (a Grid, or ``None`` for
    a puzzle without one; negative indices and slices as a list), and iteration.

    >>> r = solve_many(b"." * 81 * 2, limit=2)
    >>> list(r.counts), len(r), r.grid(0).is_complete
    ([2, 2], 2, True)
    >>> r[-1] == r.grid(1), [g is not None for g in r], len(r[:1])
    (True, [True, True], 1)
    """

    rules: Rules
    solutions: Any
    counts: Any
    guesses: Any
    nodes: Any = None

    def __len__(self) -> int:
        return len(self.counts)

    @overload
    def __getitem__(self, index: int) -> Grid | None: ...

    @overload
    def __getitem__(self, index: slice) -> list[Grid | None]: ...

    def __getitem__(self, index: int | slice) -> Grid | list[Grid | None] | None:
        if isinstance(index, slice):
            return [self.grid(i) for i in range(*index.indices(len(self)))]
        k = operator.index(index)
        if k < 0:
            k += len(self)
        if not 0 <= k < len(self):
            raise IndexError(f"puzzle index {index} out of range for {len(self)} puzzles")
        return self.grid(k)

    def __iter__(self) -> Iterator[Grid | None]:
        return self.grids()

    def grid(self, index: int) -> Grid | None:
        """Solution ``index`` as a Grid (``None`` when that puzzle has none)."""
        if self.solutions is None or not self.counts[index]:
            return None
        n2 = self.rules.ncells
        row = self.solutions[index] if _is_numpy(self.solutions) else self.solutions[
            index * n2:(index + 1) * n2
        ]
        return Grid._trusted(self.rules, bytes(row))

    def grids(self) -> Iterator[Grid | None]:
        """Every solution in order (``None`` for puzzles with none)."""
        return (self.grid(i) for i in range(len(self)))


def search_many(puzzles: Iterable[Grid], *, limit: int = 2, seed: int | None = None,
                threads: int | None = 1, timeout: float | None = None
                ) -> Iterator[SearchResult | ValueError | TimeoutError]:
    """:func:`search` for many puzzles, in input order, each with its own rules; an
    error (a puzzle the engine refuses) comes back in place of its result.

    With ``threads`` above 1 (used up to the machine's cores; ``None``/0 = every core)
    the puzzles go in chunks: classic 9x9 ones to :func:`solve_many` on that many
    threads with the GIL released, the others to a thread pool; the results are the
    same.  A ``seed`` keeps every puzzle on :func:`search` (the batch has no random
    order).  ``timeout`` bounds each search as in :func:`search` (a result with
    ``complete=False``, or a :class:`~shudu.errors.SearchTimeout` in its place when
    nothing was found in time).  Ctrl-C stops the whole batch.

    >>> none = Grid("12345678." + "........9" + "." * 63)
    >>> [r.status for r in search_many([Grid("." * 81), none])]
    ['multiple', 'none']
    >>> type(next(search_many([Grid("11" + "." * 79, check=False)]))).__name__
    'InvalidPuzzle'
    >>> [r.count for r in search_many([Grid("." * 81)] * 3, threads=2)]
    [2, 2, 2]
    """
    limit, seed = _check_limit(limit), _check_seed(seed)
    timeout, workers = _check_timeout(timeout), _threads(threads)
    return _search_many(puzzles, limit, seed, workers, timeout)


def _search_many(puzzles: Iterable[Grid], limit: int, seed: int | None, threads: int,
                 timeout: float | None) -> Iterator[SearchResult | ValueError | TimeoutError]:
    if threads <= 1:
        for grid in puzzles:
            yield _safe_search(grid, limit, seed, timeout)
        return
    from concurrent.futures import ThreadPoolExecutor

    stop = bytearray(1)   # set when the batch ends early: every running search stops
    pool = ThreadPoolExecutor(max_workers=threads)
    try:
        it = iter(puzzles)
        while chunk := list(islice(it, 256 * threads)):
            yield from _search_chunk(chunk, limit, seed, threads, pool, timeout, stop)
    finally:
        stop[0] = 1
        pool.shutdown(wait=True, cancel_futures=True)


def _safe_search(grid: Grid, limit: int, seed: int | None, timeout: float | None = None,
                 stop: bytearray | None = None) -> SearchResult | ValueError | TimeoutError:
    try:
        if stop is None:
            return search(grid, grid.rules, limit=limit, seed=seed, timeout=timeout)
        return _search(as_grid(grid, None), limit, seed, 1, timeout, stop)
    except (ValueError, TimeoutError) as e:
        return e


def _search_chunk(chunk: list[Grid], limit: int, seed: int | None, threads: int,
                  pool: Any, timeout: float | None = None, stop: bytearray | None = None
                  ) -> list[SearchResult | ValueError | TimeoutError]:
    results: list[SearchResult | ValueError | TimeoutError | None] = [None] * len(chunk)
    # The batch has no clock: it takes classic 9x9 counts to 2 (a millisecond at most).
    fast = [k for k, g in enumerate(chunk)
            if seed is None and g.rules.is_classic9 and (limit <= 2 or not timeout)]
    if fast:
        batch = solve_many([chunk[k] for k in fast], threads=threads, limit=limit)
        for j, k in enumerate(fast):
            results[k] = SearchResult(int(batch.counts[j]), limit, batch.grid(j),
                                      int(batch.guesses[j]), int(batch.nodes[j]))
    rest = [k for k in range(len(chunk)) if results[k] is None]
    found = pool.map(lambda k: _safe_search(chunk[k], limit, seed, timeout, stop), rest)
    for k, one in zip(rest, found, strict=True):
        results[k] = one
    return [r for r in results if r is not None]


# ---------------------------------------------------------------------- for the library
def counter(rules: Rules) -> Callable[[bytes], tuple[int, int]]:
    """``f(cells) -> (solution count up to 2, guesses)`` for raw cell values under one
    rules value, with no checking: the generator's inner loop.

    >>> counter(CLASSIC)(bytes(81))[0]
    2
    """
    if rules.is_classic9:
        solve9 = _solve9

        def count9(cells: bytes) -> tuple[int, int]:
            r = solve9(cells, 2, None)
            return r[0], r[2]

        return count9
    tables = _tables(rules)
    search_raw = _engine.search

    def count(cells: bytes) -> tuple[int, int]:
        r = search_raw(tables, cells, 2, None)
        return r[0], r[2]

    return count


def searcher(rules: Rules) -> Callable[..., tuple[int, bytes | None, bool]]:
    """``f(cells, limit, timeout, seed=None) -> (count up to limit, first solution,
    complete)`` for raw cell values under one rules value, with no checking: the setter's
    inner loop (the fast 9x9 path for classic rules).  ``complete`` is False when
    ``timeout`` (seconds, ``None`` = no bound) ran out after some solutions; before any it
    raises :class:`~shudu.errors.SearchTimeout`.

    >>> n, sol, complete = searcher(Rules(4))(bytes(16), 1000, None)
    >>> n, len(sol), complete
    (288, 16, True)
    """
    tables = None if rules.is_classic9 else _tables(rules)

    def run(cells: bytes, limit: int, timeout: float | None, seed: int | None = None
            ) -> tuple[int, bytes | None, bool]:
        if timeout is not None and timeout <= 0:
            raise SearchTimeout(0.0)
        seconds = timeout or 0.0
        if tables is None:
            n, sol, _, _ = _solve9(cells, limit, seed, seconds)
        else:
            n, sol, _, _ = _engine.search(tables, cells, limit, seed, seconds)
        if n <= -2:   # stopped after -2 - n solutions
            if n == -2:
                raise SearchTimeout(seconds)
            return -2 - n, sol, False
        return n, sol, True

    return run


def first_solution(rules: Rules, cells: bytes, seed: int | None) -> bytes | None:
    """The first solution of raw cell values (``seed`` orders the guesses), or ``None``.

    >>> len(first_solution(CLASSIC, bytes(81), 1))
    81
    """
    if rules.is_classic9:
        return _solve9(cells, 1, seed)[1]
    return _engine.search(_tables(rules), cells, 1, seed)[1]


def has_conflict9(cells: bytes) -> bool:
    """Whether 81 classic cell values repeat a digit in a house (the C check).

    >>> has_conflict9(bytes([1, 1]) + bytes(79)), has_conflict9(bytes(81))
    (True, False)
    """
    return bool(_engine.has_conflict9(cells))


def propagation() -> str:
    """The path the classic 9x9 solver propagates with: ``"avx512"`` (all 27 digit-band
    words in three AVX-512 registers), ``"avx2"`` (in AVX2 registers) or ``"portable"`` (any
    processor).  The extension chooses it once, when it loads: the fastest path this
    processor runs, or the one the environment variable ``SHUDU_SIMD`` names (a path the
    processor lacks gives a ``RuntimeWarning`` and the fastest one below it).  Every path
    gives the same solutions, counts, guesses and nodes; only the speed differs.

    >>> propagation() in ("avx512", "avx2", "portable")
    True
    """
    return _engine.PROPAGATION


def _is_numpy(obj: object) -> bool:
    return type(obj).__module__ == "numpy" and hasattr(obj, "__array_interface__")


def _numpy_cells(arr: Any, n: int) -> Any:
    """A NumPy array of shape (N, n*n) as contiguous uint8 cell values, checked: a uint8
    array goes as it is (raw values 0..n or ASCII symbols, which the engine checks);
    any other integer array must hold values 0..n (an object array, ints), never
    wrapped into a byte.  The first bad value is named by its row and cell.

    >>> import numpy as np
    >>> a = np.zeros((2, 16), np.int16)
    >>> a[1, 3] = 257
    >>> _numpy_cells(a, 4)
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: puzzle 2, cell 4: expected a digit 0..4, found '257'
    """
    import numpy as np

    if arr.dtype == np.uint8:
        return np.ascontiguousarray(arr)
    if arr.dtype.kind not in "biuO":
        raise ParseError(f"expected an array of integer cell values 0..{n}",
                         found=f"dtype {arr.dtype}")
    if arr.dtype.kind == "O":
        bad = [not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= n
               for v in arr.ravel().tolist()]
    else:
        bad = ((arr < 0) | (arr > n)).ravel().tolist()
    if any(bad):
        k = bad.index(True)
        row, cell = divmod(k, arr.shape[1])
        raise ParseError(f"puzzle {row + 1}, cell {cell + 1}: expected a digit 0..{n}",
                         found=str(arr.ravel()[k]))
    return np.ascontiguousarray(arr.astype(np.uint8) if arr.dtype.kind != "O"
                                else np.array(arr.tolist(), dtype=np.uint8))


def _batch_buffer(puzzles: Any, rules: Rules) -> tuple[Any, bool]:
    """Turn the accepted inputs into one contiguous buffer of N*n*n bytes."""
    n2 = rules.ncells
    if _is_numpy(puzzles):
        arr = puzzles
        if arr.ndim == 1 and arr.size % n2 == 0:
            arr = arr.reshape(-1, n2)
        if arr.ndim == 3:
            arr = arr.reshape(arr.shape[0], -1)
        if arr.ndim != 2 or arr.shape[1] != n2:
            raise ParseError(f"expected an array of shape (N, {n2})", found=str(puzzles.shape))
        return _numpy_cells(arr, rules.size), True
    if isinstance(puzzles, (bytes, bytearray, memoryview)):
        data = bytes(puzzles) if isinstance(puzzles, memoryview) else puzzles
        if b"\n" in data and max(data) > rules.size:   # text lines, not raw values 0..n
            data = b"".join(line.strip()[:n2] for line in data.splitlines() if line.strip())
        return data, False
    if isinstance(puzzles, str) or not isinstance(puzzles, Iterable):
        got = "one str" if isinstance(puzzles, str) else (
            "None" if puzzles is None else type(puzzles).__name__)
        raise TypeError(f"expected {BATCH_TYPES}, got {got}")
    parts: list[bytes] = []
    for index, item in enumerate(puzzles):
        if isinstance(item, Grid):
            parts.append(item.cells)
        elif isinstance(item, str):
            parts.append(item.encode("ascii", "replace"))
        else:
            try:
                check_puzzle(item)
            except TypeError as e:
                raise TypeError(f"puzzle {index + 1}: {e}") from None
            parts.append(bytes(item))
    return b"".join(parts), False


def _cores() -> int:
    """The cores this process may run on (at most
    :data:`~shudu.limits.SEARCH_MAX_THREADS`)."""
    if hasattr(os, "sched_getaffinity"):
        cores = len(os.sched_getaffinity(0))
    else:
        cores = os.cpu_count() or 1
    return max(1, min(cores, SEARCH_MAX_THREADS))


def _threads(threads: object) -> int:
    """The threads to work on: ``threads`` (an int >= 0; ``None`` or 0: every core),
    capped at the machine's cores (more threads than cores would only take turns).

    >>> _threads(1), _threads(10**9) == _threads(None) == _threads(0) == _cores()
    (1, True)
    >>> _threads(-1)
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: expected threads as an int >= 0 (None or 0: every core), found '-1'
    """
    if threads is None:
        return _cores()
    value = _int_arg(threads, "threads")
    if value < 0:
        raise ParseError("expected threads as an int >= 0 (None or 0: every core)",
                         found=_shown(value))
    return min(value, _cores()) if value else _cores()


def _batch(
    puzzles: Any, rules: RulesLike, limit: int, threads: int | None, want: bool
) -> BatchResult:
    rules = as_rules(rules) or CLASSIC
    limit, workers = _check_limit(limit), _threads(threads)
    buf, numpy_in = _batch_buffer(puzzles, rules)
    tables = None if rules.is_classic9 else _tables(rules)
    sols, counts, guesses, nodes = _engine.batch(tables, buf, limit, workers, want)
    if numpy_in:
        import numpy as np

        out_sols = None
        if sols is not None:
            out_sols = np.frombuffer(sols, dtype=np.uint8).reshape(-1, rules.ncells)
        return BatchResult(
            rules,
            out_sols,
            np.frombuffer(counts, dtype=np.int32),
            np.frombuffer(guesses, dtype=np.uint32),
            np.frombuffer(nodes, dtype=np.uint32),
        )
    c, g, k = array("i"), array("I"), array("I")
    c.frombytes(counts)
    g.frombytes(guesses)
    k.frombytes(nodes)
    return BatchResult(rules, sols, c, g, k)


def solve_many(
    puzzles: bytes | bytearray | memoryview | Iterable[Any] | Any,
    rules: RulesLike = None,
    *,
    threads: int | None = 1,
    limit: int = 1,
) -> BatchResult:
    """Solve N puzzles in one call, on ``threads`` cores (an int >= 0, capped at the
    machine's cores; ``None``/0 = all).  Ctrl-C stops the batch.

    ``puzzles`` is a buffer of N*n*n bytes (ASCII symbols such as ``4..3.`` or raw
    values 0..n; newlines between puzzles are allowed), a NumPy array of shape
    ``(N, n*n)`` or ``(N, n, n)`` (uint8 as the bytes, or any integer type holding
    values 0..n: a value out of range is an error naming its puzzle and cell, never
    wrapped), or an iterable of strings/Grids.  ``limit`` is 1 to 10**9.  With ``limit=2``
    the counts also tell which puzzles are unique.  Givens that conflict count 0.  Each
    solution is the one :func:`solve` returns for that puzzle.

    >>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    >>> r = solve_many([p])
    >>> list(r.counts), str(r.grid(0))[:9]
    ([1], '417369825')
    """
    return _batch(puzzles, rules, limit, threads, True)


def count_many(
    puzzles: bytes | bytearray | memoryview | Iterable[Any] | Any,
    limit: int | Rules | str = 2,
    rules: RulesLike = None,
    *,
    threads: int | None = 1,
) -> Any:
    """Solution counts (up to ``limit``, 1 to 10**9) of N puzzles: the batch uniqueness
    check, on ``threads`` as :func:`solve_many`.  Ctrl-C stops the batch.

    Returns a NumPy int32 array for NumPy input, else an ``array('i')``.  Rules may
    also come second: ``count_many(puzzles, "x")``.

    >>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    >>> list(count_many([b"." * 81, p])), list(count_many([p], "x"))
    ([2, 1], [0])
    """
    limit, rules = _limit_rules(limit, rules)
    return _batch(puzzles, rules, limit, threads, False).counts


register_conflict_check(has_conflict9)
