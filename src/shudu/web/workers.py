"""Worker processes for the web app: each call runs in a child process with a time limit.

A call that runs past its limit (a count on a 25x25 grid, a generation that finds
nothing) is abandoned: its process is killed and replaced, so the server never blocks
and a search stuck in the C engine cannot hold a worker.  Children are started by a
fork server that has imported :mod:`shudu.web.tasks` once, so a replacement starts
quickly.

>>> import asyncio, threading
>>> async def demo() -> object:
...     pool = Pool(1)
...     try:
...         return await pool.run("techniques", {}, 60)
...     finally:
...         pool.close()
>>> answer = []   # an event loop of its own, in a thread
>>> worker = threading.Thread(target=lambda: answer.append(asyncio.run(demo())))
>>> worker.start(); worker.join()
>>> "x-wing" in [t["key"] for t in answer[0]["techniques"]]
True
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import sys
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

__all__ = ["CallFailed", "CallTimeout", "OutOfMemory", "Pool", "PoolBusy"]

#: Seconds a child is given past its own time limit before it is killed (logic calls
#: stop themselves at their ``timeout``; the kill is for a search that cannot).
GRACE = 2.0


class CallTimeout(Exception):
    """A call ran past its time limit and was stopped."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        super().__init__(f"the request took longer than {seconds:g} s and was stopped")


class CallFailed(Exception):
    """A call failed inside the worker for a reason that is not the user's (a bug)."""


class PoolBusy(Exception):
    """Too many calls are waiting for a worker."""


class OutOfMemory(Exception):
    """A call needed more memory than a worker may use; its worker was replaced."""

    def __init__(self, limit: int | None) -> None:
        self.limit = limit
        size = f" ({limit // 2**20} MB)" if limit else ""
        super().__init__(f"the request needed more memory than a call may use{size} and "
                         "was stopped")

    def __reduce__(self) -> tuple[object, ...]:   # sent from a worker: keep ``limit``
        return (OutOfMemory, (self.limit,))


#: Thread counts of the numerical libraries in a worker: one, since the workers already
#: use every core, and each thread reserves address space that counts in the limit.
_ONE_THREAD = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
               "OPENCV_FOR_THREADS_NUM": "1"}


def _bound_memory(limit: int | None) -> None:   # pragma: no cover - runs in the child
    """Cap the child's address space at ``limit`` bytes (where the system allows it)."""
    os.environ.update(_ONE_THREAD)
    if limit is None:
        return
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _out_of_memory(e: BaseException) -> bool:
    """Whether ``e`` says an allocation failed (OpenCV raises its own error for it).

    >>> _out_of_memory(MemoryError()), _out_of_memory(ValueError("bad digit"))
    (True, False)
    """
    return isinstance(e, MemoryError) or "Insufficient memory" in str(e)


def _serve(conn: Connection, memory: int | None = None) -> None:   # pragma: no cover
    """The child's loop: read ``(task, args)``, answer ``("ok", result)`` or
    ``("error", exception)``; a user's error (any :class:`ValueError` or
    :class:`TypeError`, including every :class:`~shudu.errors.ShuduError`) is sent back
    as it is, anything else as a :class:`CallFailed` named in one line of the server's
    log, never sent to the client.  A call that runs out of memory (the address space is
    capped at ``memory`` bytes) answers :class:`OutOfMemory` and the child exits, so
    that its memory returns to the system."""
    _bound_memory(memory)
    from . import tasks

    while True:
        try:
            name, args = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        try:
            reply: tuple[str, Any] = ("ok", tasks.TASKS[name](**args))
        except Exception as e:
            reply = ("error", _failure(name, e, memory))
        try:
            conn.send(reply)
        except Exception as e:
            conn.send(("error", _failure(name, e, memory)))
        if reply[0] == "error" and isinstance(reply[1], OutOfMemory):
            return


def _failure(task: str, e: Exception, memory: int | None) -> Exception:
    """What the client is told of an exception raised by a call (see :func:`_serve`).

    >>> _failure("solve", ValueError("expected 81 cells"), None)
    ValueError('expected 81 cells')
    >>> _failure("hint", MemoryError(), 2**30)
    OutOfMemory('the request needed more memory than a call may use (1024 MB) and was stopped')
    """
    if _out_of_memory(e):
        return OutOfMemory(memory)
    if isinstance(e, ValueError | TypeError | TimeoutError):
        return e
    print(f"shudu serve: internal error in {task!r}: {type(e).__name__}: {str(e)[:200]!r}",
          file=sys.stderr, flush=True)
    return CallFailed("internal error")


@dataclass
class _Worker:
    process: Any
    conn: Connection


class Pool:
    """``size`` worker processes; :meth:`run` awaits one call on an idle worker.

    At most ``queue`` calls wait for a worker at once; one more raises
    :class:`PoolBusy`.  Workers start on first use; each may use ``memory`` bytes of
    address space (``None``: no cap), a call that needs more raises :class:`OutOfMemory`.
    """

    def __init__(self, size: int | None = None, *, queue: int = 256,
                 memory: int | None = None) -> None:
        self.size = max(1, size if size is not None else min(4, os.cpu_count() or 1))
        self.queue = queue
        self.memory = memory
        self._ctx = multiprocessing.get_context("forkserver")
        self._ctx.set_forkserver_preload(["shudu.web.tasks"])
        self._idle: list[_Worker] = []
        self._started = 0
        self._waiting = 0
        self._free: asyncio.Condition | None = None
        self._all: list[_Worker] = []

    def _start(self) -> _Worker:
        parent, child = self._ctx.Pipe()
        process = self._ctx.Process(target=_serve, args=(child, self.memory), daemon=True,
                                    name="shudu-web-worker")
        process.start()
        child.close()
        worker = _Worker(process, parent)
        self._all.append(worker)
        return worker

    def _kill(self, worker: _Worker) -> None:
        with contextlib.suppress(Exception):
            worker.process.kill()
            worker.process.join(5)
        with contextlib.suppress(Exception):
            worker.conn.close()
        with contextlib.suppress(ValueError):
            self._all.remove(worker)
        self._started -= 1

    async def _acquire(self) -> _Worker:
        if self._free is None:
            self._free = asyncio.Condition()
        async with self._free:
            if not self._idle and self._started >= self.size:
                if self._waiting >= self.queue:
                    raise PoolBusy("the server is busy: too many requests are waiting")
                self._waiting += 1
                try:
                    await self._free.wait_for(
                        lambda: bool(self._idle) or self._started < self.size)
                finally:
                    self._waiting -= 1
            if self._idle:
                return self._idle.pop()
            self._started += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(None, self._start)
        except BaseException:
            self._started -= 1
            raise

    async def _release(self, worker: _Worker | None) -> None:
        assert self._free is not None
        async with self._free:
            if worker is not None:
                self._idle.append(worker)
            self._free.notify()

    async def run(self, task: str, args: dict[str, Any], seconds: float) -> Any:
        """Run ``tasks.TASKS[task](**args)`` in a worker; past ``seconds`` (plus
        :data:`GRACE`) the worker is killed and :class:`CallTimeout` raised.  A user's
        error raised by the task is raised here as it was."""
        worker = await self._acquire()
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        fd = worker.conn.fileno()

        def readable() -> None:
            if not ready.done():
                ready.set_result(None)

        keep: _Worker | None = None
        try:
            loop.add_reader(fd, readable)
            try:
                worker.conn.send((task, args))
                await asyncio.wait_for(ready, seconds + GRACE)
            finally:
                loop.remove_reader(fd)
            status, value = worker.conn.recv()
            if isinstance(value, OutOfMemory):
                self._kill(worker)   # it exits: its memory goes back to the system
            else:
                keep = worker
        except TimeoutError:
            self._kill(worker)
            raise CallTimeout(seconds) from None
        except (EOFError, OSError, BrokenPipeError):
            self._kill(worker)
            raise CallFailed("internal error: a worker stopped") from None
        except BaseException:   # cancelled (the client went away): the worker is unknown
            self._kill(worker)
            raise
        finally:
            await self._release(keep)
        if status == "error":
            raise value
        return value

    def close(self) -> None:
        """Stop every worker."""
        for worker in list(self._all):
            self._kill(worker)
        self._idle.clear()
        self._started = 0
