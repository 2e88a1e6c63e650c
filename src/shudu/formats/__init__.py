"""Every notation of a puzzle, read and written; a module per family of notations."""

from .detect import FORMATS, detect_format
from .gridtext import format_grid
from .pencilmarks import Pencilmarks
from .reading import argument_error, iter_records, parse, parse_pencilmarks, read_file, read_text
from .record import Record
from .symbols import BLANKS, LINE_SIZES
from .tables import parquet_files
from .writing import WRITE_FORMATS, iter_write, write, write_many

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
