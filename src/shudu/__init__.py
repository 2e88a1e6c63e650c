"""shudu (数独): solve, explain, rate and generate Sudoku puzzles.

>>> import shudu
>>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
>>> grid = shudu.solve(p)
>>> str(grid)[:9]
'417369825'
>>> shudu.count("." * 81)
2
"""

from importlib.metadata import PackageNotFoundError, version

from .checked import explain, hint
from .constraints import Cage
from .engine import (
    BatchResult,
    SearchResult,
    SolutionIterator,
    count,
    count_many,
    search,
    solutions,
    solve,
    solve_many,
)
from .errors import (
    GenerationError,
    InvalidPuzzle,
    LogicTimeout,
    NoSolution,
    NotUnique,
    ParseError,
    ShuduError,
    UnsupportedRules,
)
from .formats import Pencilmarks, Record, iter_records, parse, parse_pencilmarks, read_file, write
from .generate import Generated, generate, generate_many
from .grid import Grid
from .rating import Rating, rate, rate_many
from .rules import CLASSIC, Cell, House, Rules, cell_name, parse_cell
from .trace import trace

try:
    __version__ = version("shudu")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"



def __getattr__(name: str) -> object:
    """``shudu.scan`` (reading a puzzle from a picture: ``shudu.scan(image)``, a callable
    module) is imported on first use, so that importing shudu never imports OpenCV."""
    if name == "scan":
        import importlib

        return importlib.import_module(".scan", __name__)
    raise AttributeError(f"module 'shudu' has no attribute {name!r}")


__all__ = [
    "CLASSIC",
    "BatchResult",
    "Cage",
    "Cell",
    "Generated",
    "GenerationError",
    "Grid",
    "House",
    "InvalidPuzzle",
    "LogicTimeout",
    "NoSolution",
    "NotUnique",
    "ParseError",
    "Pencilmarks",
    "Rating",
    "Record",
    "Rules",
    "SearchResult",
    "ShuduError",
    "SolutionIterator",
    "UnsupportedRules",
    "__version__",
    "cell_name",
    "count",
    "count_many",
    "explain",
    "generate",
    "generate_many",
    "hint",
    "iter_records",
    "parse",
    "parse_cell",
    "parse_pencilmarks",
    "rate",
    "rate_many",
    "read_file",
    "search",
    "solutions",
    "solve",
    "solve_many",
    "trace",
    "write",
]
