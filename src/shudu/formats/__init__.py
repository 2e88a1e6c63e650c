"""Every notation of a puzzle, read and written; a module per family of notations.

The readers (:mod:`.reading`) are loaded with the package: they register the text
functions a :class:`~shudu.values.grid.Grid` uses.  The other names below (the writers,
the candidate grids, CSV and Parquet tables) are imported on first use, so reading one
puzzle line loads neither JSON, CSV nor the writers.

>>> from shudu import formats
>>> formats.write(formats.parse("1234341221434321"), "line")
'1234341221434321'
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .reading import argument_error, iter_records, parse, parse_pencilmarks, read_file, read_text

if TYPE_CHECKING:   # the names imported on first use, for type checkers
    from .detect import FORMATS, detect_format
    from .gridtext import format_grid
    from .pencilmarks import Pencilmarks
    from .record import Record
    from .symbols import BLANKS, LINE_SIZES
    from .tables import parquet_files
    from .writing import WRITE_FORMATS, iter_write, write, write_many

_HOMES = {
    **dict.fromkeys(("FORMATS", "detect_format"), "detect"),
    "format_grid": "gridtext",
    "Pencilmarks": "pencilmarks",
    "Record": "record",
    **dict.fromkeys(("BLANKS", "LINE_SIZES"), "symbols"),
    "parquet_files": "tables",
    **dict.fromkeys(("WRITE_FORMATS", "iter_write", "write", "write_many"), "writing"),
}
"""The module of each name that is imported on first use."""


def __getattr__(name: str) -> Any:
    """A name of :data:`_HOMES`, imported now (see the module's docstring)."""
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{_HOMES[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "BLANKS",
    "FORMATS",
    "LINE_SIZES",
    "WRITE_FORMATS",
    "Pencilmarks",
    "Record",
    "argument_error",
    "detect_format",
    "format_grid",
    "iter_records",
    "iter_write",
    "parquet_files",
    "parse",
    "parse_pencilmarks",
    "read_file",
    "read_text",
    "write",
    "write_many",
]
