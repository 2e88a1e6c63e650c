"""shudu (数独): solve, explain, rate and generate Sudoku puzzles.

>>> import shudu
>>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
>>> grid = shudu.solve(p)
>>> str(grid)[:9]
'417369825'
>>> shudu.count("." * 81)
2

The names below are imported on first use, so that ``import shudu`` (and ``shudu
--version``) costs almost nothing; ``shudu.scan`` (reading a puzzle from a picture:
``shudu.scan(image)``, a callable module) never imports OpenCV before it is called.
"""

from __future__ import annotations

from importlib import import_module

from ._version import __version__

# typing.TYPE_CHECKING would import typing (and re) with the package: type checkers take
# any name TYPE_CHECKING as true.
TYPE_CHECKING = False
if TYPE_CHECKING:   # what the names below are, for type checkers
    from typing import Any

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
    from .formats import (
        Pencilmarks,
        Record,
        iter_records,
        parse,
        parse_pencilmarks,
        read_file,
        write,
    )
    from .logic.refute import Refutation, first_mistake, refute
    from .logic.session import explain, hint
    from .logic.trace import trace
    from .make.classic import Generated
    from .make.pick import generate, generate_many
    from .make.setter import (
        Clue,
        Redundant,
        Suggestions,
        TrueCandidates,
        redundant_clues,
        suggest_clues,
        true_candidates,
    )
    from .rating.rater import Rating, rate, rate_many
    from .solving.engine import (
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
    from .values.constraints import Cage
    from .values.grid import Grid
    from .values.rules import CLASSIC, Cell, House, Rules, cell_name, parse_cell

del TYPE_CHECKING

_HOMES: dict[str, str] = {
    **dict.fromkeys(("explain", "hint"), "logic.session"),
    "Cage": "values.constraints",
    **dict.fromkeys(("BatchResult", "SearchResult", "SolutionIterator", "count", "count_many",
                     "search", "solutions", "solve", "solve_many"), "solving.engine"),
    **dict.fromkeys(("GenerationError", "InvalidPuzzle", "LogicTimeout", "NoSolution",
                     "NotUnique", "ParseError", "ShuduError", "UnsupportedRules"), "errors"),
    **dict.fromkeys(("Pencilmarks", "Record", "iter_records", "parse", "parse_pencilmarks",
                     "read_file", "write"), "formats"),
    "Generated": "make.classic",
    **dict.fromkeys(("generate", "generate_many"), "make.pick"),
    "Grid": "values.grid",
    **dict.fromkeys(("Rating", "rate", "rate_many"), "rating.rater"),
    **dict.fromkeys(("CLASSIC", "Cell", "House", "Rules", "cell_name", "parse_cell"),
                    "values.rules"),
    "trace": "logic.trace",
    **dict.fromkeys(("Refutation", "first_mistake", "refute"), "logic.refute"),
    **dict.fromkeys(("Clue", "Redundant", "Suggestions", "TrueCandidates", "redundant_clues",
                     "suggest_clues", "true_candidates"), "make.setter"),
}
"""The module each public name comes from."""

_MODULES = {"engine": "solving.engine"}
"""Short names of public modules: ``shudu.engine.propagation()`` is the solver's module."""

def _public(name: str) -> Any:
    """The public object ``name``, imported now."""
    return getattr(import_module(f".{_HOMES[name]}", __name__), name)


def __getattr__(name: str) -> Any:
    """Import a public name, or a subpackage (``shudu.solving``, ``shudu.scan``), on first
    use (see the module's docstring).

    >>> import shudu
    >>> shudu.solving.engine.count("." * 16, 1000, 4)
    288
    >>> shudu.engine.propagation() in ("portable", "avx2", "avx512")
    True
    """
    if name in _MODULES:
        return import_module(f".{_MODULES[name]}", __name__)
    if name in _HOMES:
        value = _public(name)
        globals()[name] = value
        return value
    from importlib.util import find_spec

    if not name.startswith("__") and find_spec(f"{__name__}.{name}") is not None:
        return import_module(f".{name}", __name__)
    raise AttributeError(f"module 'shudu' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "CLASSIC",
    "BatchResult",
    "Cage",
    "Cell",
    "Clue",
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
    "Redundant",
    "Refutation",
    "Rules",
    "SearchResult",
    "ShuduError",
    "SolutionIterator",
    "Suggestions",
    "TrueCandidates",
    "UnsupportedRules",
    "__version__",
    "cell_name",
    "count",
    "count_many",
    "explain",
    "first_mistake",
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
    "redundant_clues",
    "refute",
    "search",
    "solutions",
    "solve",
    "solve_many",
    "suggest_clues",
    "trace",
    "true_candidates",
    "write",
]
