"""What the engine found for each puzzle of ``solve`` and ``check``, in input order,
on one thread or many."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, Any

from .inputs import Item

if TYPE_CHECKING:
    from ..grid import Grid


# ---------------------------------------------------------------------- results
@dataclass
class Outcome:
    """What the engine found for one puzzle."""

    status: str
    count: int
    solutions: list[Grid]
    guesses: int | None = None
    nodes: int | None = None
    limit: int | None = None


def _status(count: int, limit: int) -> str:
    """Status of a search that found ``count`` solutions stopping at ``limit``.

    >>> _status(0, 2), _status(1, 2), _status(2, 2), _status(1, 1)
    ('none', 'unique', 'multiple', 'solved')
    """
    if count == 0:
        return "none"
    if count == 1:
        return "unique" if limit >= 2 else "solved"
    return "multiple"


def _search(grid: Grid, limit: int, seed: int | None) -> Outcome:
    from ..engine import search

    r = search(grid, grid.rules, limit=limit, seed=seed)
    sols = [r.solution] if r.solution is not None else []
    return Outcome(_status(r.count, limit), r.count, sols, r.guesses, r.nodes, limit)


def _outcomes(
    items: Iterable[Item], limit: int, seed: int | None, threads: int
) -> Iterator[tuple[Item, Outcome | ValueError | None]]:
    """``(item, outcome)`` for each item in input order (``None`` when it has no grid).

    With ``threads`` above 1, items are taken in chunks: classic 9x9 puzzles go to
    :func:`shudu.engine.solve_many` on that many threads (no ``nodes`` count), the
    others to a thread pool.  A :class:`ValueError` from the engine is returned in
    place of the outcome.
    """
    if threads <= 1:
        for item in items:
            yield item, _safe_search(item, limit, seed)
        return
    from concurrent.futures import ThreadPoolExecutor

    pool = ThreadPoolExecutor(max_workers=threads)
    try:
        it = iter(items)
        while chunk := list(islice(it, 256 * threads)):
            yield from zip(chunk, _solve_chunk(chunk, limit, seed, threads, pool), strict=True)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def _safe_search(item: Item, limit: int, seed: int | None) -> Outcome | ValueError | None:
    if item.grid is None:
        return None
    try:
        return _search(item.grid, limit, seed)
    except ValueError as e:
        return e


def _solve_chunk(
    chunk: list[Item], limit: int, seed: int | None, threads: int, pool: Any
) -> list[Outcome | ValueError | None]:
    results: list[Outcome | ValueError | None] = [None] * len(chunk)
    fast = [
        k
        for k, item in enumerate(chunk)
        if item.grid is not None and seed is None and item.grid.rules.is_classic9
    ]
    if fast:
        from ..engine import solve_many

        batch = solve_many([chunk[k].grid for k in fast], threads=threads, limit=limit)
        for j, k in enumerate(fast):
            n = int(batch.counts[j])
            sol = batch.grid(j)
            sols = [sol] if sol is not None else []
            results[k] = Outcome(_status(n, limit), n, sols, int(batch.guesses[j]), None, limit)
    done = set(fast)
    rest = [k for k, item in enumerate(chunk) if item.grid is not None and k not in done]
    found = pool.map(lambda k: _safe_search(chunk[k], limit, seed), rest)
    for k, result in zip(rest, found, strict=True):
        results[k] = result
    return results
