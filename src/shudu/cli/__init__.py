"""The ``shudu`` command line: solve, check, explain, rate and generate Sudoku puzzles.

One module per command (``solve``, ``check``, ``explain``, ``hint``, ``techniques``,
``find``, ``rate``, ``generate``, ``render``, ``book``, ``serve``, ``scan``) registers itself on the
group of :mod:`.app`; :mod:`.common` holds the exit codes, the console and the run frame,
:mod:`.inputs` the reading of puzzles named on a command line.

Puzzles come from arguments (puzzle text or file names) or from standard input; every
notation of :mod:`shudu.formats` is read.  Bad input never produces a traceback: each
problem is one ``shudu: error: ...`` line on stderr and the run goes on with the next
puzzle, then exits non-zero.

Exit codes of ``shudu solve``: 0 every puzzle solved, 1 some puzzle has no solution
(not with ``--count``), 2 bad input or usage.  Exit codes of ``shudu check``: 0 unique,
1 no solution, 2 several solutions, 3 bad input or usage; with many puzzles the worst
code wins (3 > 2 > 1 > 0).  ``explain``, ``hint`` and ``find`` exit 0 when every puzzle
was solved / got a hint / showed an instance, 1 when logic got stuck / found nothing (or a
puzzle has no solution), 2 bad input or usage.

The commands import the engine, the progress bar, JSON and the thread pool only when
they need them.
"""

from __future__ import annotations

from ..logic.registry import technique_keys
from . import (  # noqa: F401  (each registers its command)
    book,
    check,
    convert,
    explain,
    find,
    generate,
    hint,
    rate,
    render,
    scan,
    serve,
    solve,
    techniques,
)
from .app import cli, main
from .common import EXIT_BAD_INPUT, EXIT_MULTIPLE, EXIT_NONE, EXIT_UNIQUE
from .inputs import logic_items

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
