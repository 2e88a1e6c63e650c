"""How shudu starts worker processes: one choice for every pool it makes.

A pool that *forks* copies the whole parent, including locks that other threads of the
parent (a web server's, a notebook's, a progress bar's) held at that moment; a worker
that then needs one of them waits for ever, and so does the parent that stops the pool.
Workers are therefore started by a fork server where the platform has one (Linux and the
other POSIX systems) and spawned where it has not (Windows): clean processes that import
what they run.

>>> worker_context().get_start_method() in ("forkserver", "spawn")
True
"""

from __future__ import annotations

import multiprocessing
from multiprocessing.context import BaseContext


def worker_context() -> BaseContext:
    """The multiprocessing context every shudu pool starts its workers from:
    ``forkserver`` where the platform has it, else ``spawn``.

    >>> ctx = worker_context()
    >>> with ctx.Pool(1) as pool:
    ...     pool.apply(abs, (-3,))
    3
    """
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
