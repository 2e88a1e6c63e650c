"""Ctrl-C at any moment of a command: exit status 130, at most one line, no traceback.

:func:`guard_interrupts` is the first thing the ``shudu`` entry point does, before the
commands are imported.  The first SIGINT raises :class:`KeyboardInterrupt` in the main
process (the run frame of each command keeps what was printed and exits 130); any later
one, e.g. while the run is being wound up, ends the process at once with 130.  Worker
processes forked from it (the pools of ``rate`` and ``book``) ignore SIGINT: a terminal's
Ctrl-C reaches every process of its group, and the parent terminates the workers.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

EXIT_INTERRUPTED = 130
"""Ctrl-C (128 + SIGINT)."""

_main_pid: int | None = None


def _first(signum: int, frame: FrameType | None) -> None:
    """The first SIGINT: :class:`KeyboardInterrupt` in the main process, ignored in a
    forked worker."""
    if os.getpid() != _main_pid:
        return
    signal.signal(signal.SIGINT, _again)
    raise KeyboardInterrupt


def _again(signum: int, frame: FrameType | None) -> None:
    """A SIGINT while the run is already stopping: end now, quietly."""
    if os.getpid() == _main_pid:
        os._exit(EXIT_INTERRUPTED)


@contextmanager
def guard_interrupts() -> Iterator[None]:
    """Catch Ctrl-C for a whole run: :class:`KeyboardInterrupt` wherever it arrives
    becomes exit status 130 with at most one (empty) line on stderr.

    >>> import signal
    >>> old = signal.getsignal(signal.SIGINT)
    >>> with guard_interrupts():
    ...     signal.getsignal(signal.SIGINT).__name__
    '_first'
    >>> _ = signal.signal(signal.SIGINT, old)
    """
    global _main_pid
    _main_pid = os.getpid()
    try:
        signal.signal(signal.SIGINT, _first)
    except ValueError:   # not the main thread: leave the handler alone
        pass
    try:
        yield
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, _again)
        try:
            sys.stderr.write("\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
        raise SystemExit(EXIT_INTERRUPTED) from None
