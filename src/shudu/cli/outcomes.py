"""What the engine found for each puzzle of ``solve`` and ``check``, in input order:
:func:`shudu.solving.engine.search_many` over the puzzles that were read."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import tee
from typing import TYPE_CHECKING, Any

from .inputs import Item

if TYPE_CHECKING:
    from ..solving.engine import SearchResult


def search_outcomes(items: Iterable[Item], limit: int, seed: int | None, threads: int,
              client: Any = None, timeout: float | None = None
              ) -> Iterator[tuple[Item, SearchResult | ValueError | TimeoutError | None]]:
    """``(item, result)`` for each item in input order (``None`` when it has no grid; a
    :class:`ValueError` from the engine, or its :class:`TimeoutError` when ``timeout``
    seconds ran out, in place of its result).  With a Dask ``client`` the engine runs on
    its cluster (:func:`shudu.dask.search_many`), same results.

    >>> from shudu.cli.inputs import Inputs
    >>> [(i.index, r.status) for i, r in search_outcomes(Inputs(["." * 81]), 2, None, 1)]
    [(1, 'multiple')]
    """
    mine, theirs = tee(items)
    grids = (item.grid for item in theirs if item.grid is not None)
    if client is not None:
        from ..dask import search_many as on_cluster

        found = on_cluster(grids, client, limit=limit, seed=seed)
    else:
        from ..solving.engine import search_many

        found = search_many(grids, limit=limit, seed=seed, threads=threads, timeout=timeout)
    for item in mine:
        yield item, (next(found) if item.grid is not None else None)
