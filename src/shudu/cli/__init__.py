"""The ``shudu`` command line: solve, check, explain, rate and generate Sudoku puzzles.

One module per command (``solve``, ``check``, ``explain``, ``hint``, ``techniques``,
``find``, ``rate``, ``generate``, ``convert``, ``render``, ``book``, ``serve``, ``scan``)
registers itself on the group of :mod:`.app`; :mod:`.common` holds the exit codes, the
console and the run frame, :mod:`.inputs` the reading of puzzles named on a command line.

Puzzles come from arguments (puzzle text or file names) or from standard input; every
notation of :mod:`shudu.formats` is read.  Bad input never produces a traceback: each
problem is one ``shudu: error: ...`` line on stderr and the run goes on with the next
puzzle, then exits non-zero.

Exit codes of ``shudu solve``: 0 every puzzle solved, 1 some puzzle has no solution
(not with ``--count``), 2 bad input or usage.  Exit codes of ``shudu check``: 0 unique,
1 no solution, 2 several solutions, 3 bad input or usage; with many puzzles the worst
code wins (3 > 2 > 1 > 0).  ``explain``, ``hint`` and ``find`` exit 0 when every puzzle
was solved / got a hint / showed an instance, 1 when logic got stuck / found nothing (or a
puzzle has no solution), 2 bad input or usage.  Ctrl-C ends every command with 130.

Start-up imports almost nothing: the names below, the commands and what they use (the
engine, the logic solver, JSON, the progress bar, the process pool) are imported when
they are needed, so ``shudu --version`` and ``shudu --help`` answer at once.
"""

from __future__ import annotations

import sys
from importlib import import_module

TYPE_CHECKING = False   # not typing's: ``shudu --version`` imports neither typing nor re
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, NoReturn
del TYPE_CHECKING

_HOMES = {
    "EXIT_BAD_INPUT": ".common",
    "EXIT_MULTIPLE": ".common",
    "EXIT_NONE": ".common",
    "EXIT_UNIQUE": ".common",
    "logic_items": ".inputs",
    "technique_keys": "..logic.registry",
}


def _group() -> Any:
    """The ``shudu`` click group with every command registered on it."""
    app = import_module(".app", __name__)
    for name in app.COMMANDS:
        import_module(f".{app.module_of(name)}", __name__)
    return app.cli


def __getattr__(name: str) -> Any:
    """``cli`` (the click group) and the names of ``__all__``, imported on first use."""
    if name == "cli":
        return _group()
    if name in _HOMES:
        return getattr(import_module(_HOMES[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main(argv: Sequence[str] | None = None) -> NoReturn:
    """Run the command line (the ``shudu`` console script).

    Ctrl-C is caught before anything else is imported: at any moment the command ends
    with exit status 130 and at most one line, never a traceback.

    At exit the interpreter's last garbage collection would walk every object start-up
    made (modules, classes, the command's options), a tenth of the CPU of a short
    command such as ``shudu solve PUZZLE``, to free memory the system takes back
    anyway: an exit handler registered before the command runs (so it runs after the
    command's own) freezes them (:func:`gc.freeze`) and that collection skips them.
    Exit handlers, buffered output and the objects' own reference counting work as
    before.
    """
    args = sys.argv[1:] if argv is None else list(argv)
    if args == ["--version"]:   # answered before click and the commands are imported
        from .._version import __version__

        print(f"shudu {__version__}")
        raise SystemExit(0)
    import atexit
    import gc

    atexit.unregister(gc.freeze)   # registered once, however often main runs
    atexit.register(gc.freeze)     # handlers run last registered first
    from .interrupt import guard_interrupts

    with guard_interrupts():
        from .app import main as run

        run(args)
    raise SystemExit(0)  # pragma: no cover - run always exits


__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_MULTIPLE",
    "EXIT_NONE",
    "EXIT_UNIQUE",
    "cli",
    "logic_items",
    "main",
    "technique_keys",
]
