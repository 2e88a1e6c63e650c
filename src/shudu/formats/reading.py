"""Reading puzzles in the common Sudoku notations, and the dispatch to each notation.

Every reader reports bad input as a :class:`~shudu.errors.ParseError` naming the line
and column (1-based) and what was expected there.  Formats (see :data:`FORMATS`):

``line``
    one line of n*n symbols: ``1-9`` then ``A-P`` for digits, any of ``. 0 x X * - _``
    for a blank (in 16x16 text ``0`` is a blank too; a 16x16 line with no digit 1-9 but
    a letter H-P uses the all-letter convention ``A-P`` = 1..16).
``grid``
    n rows, with or without spaces, ``|`` and ``+---+`` separator lines; for sizes above
    9 also space-separated numbers (``10 0 3 ...``).
``sdk`` / ``ss``
    SadMan Sudoku (``#A author`` headers, ``[Puzzle]``) and SimpleSudoku (``..3|.1.|...``).
``pencilmarks`` / ``729``
    candidate grids as printed by HoDoKu or Sudoku Explainer, and 729-character
    candidate strings; read as :class:`Pencilmarks`.
``json``
    ``{"rules": {...}, "grid": "..."}`` (schema in ``shudu/schema/puzzle.schema.json``).
``csv`` / ``sdm``
    many puzzles: a table with a puzzle column, or one puzzle per line.
``killer`` / ``killer-list`` / ``sudokuwiki``
    killer cages: the 81-character cage string, the ``3x3::k:`` list and SudokuWiki's
    killer link (:mod:`shudu.formats.killer`).
``fpuzzles`` / ``sudokupad`` / ``ipuz``
    variant puzzles: f-puzzles and SudokuPad links and JSON, ipuz sudoku files
    (:mod:`shudu.formats.fpuzzles`, :mod:`shudu.formats.sudokupad`, :mod:`shudu.formats.ipuz`).

Every one-line form (cage strings, killer lists, links) may fill a file one per line.

>>> from shudu.formats import write
>>> g = parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
>>> g.clue_count
17
>>> parse(write(g, "grid")) == g == parse(write(g, "json")) == parse(write(g, "sdk"))
True
>>> parse("4....Q" + "." * 75)
Traceback (most recent call last):
...
shudu.errors.ParseError: line 1, column 6: expected a digit 1-9 or a blank (. 0 x * - _), found 'Q'
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterator
from itertools import chain
from typing import TYPE_CHECKING, TextIO

from ..errors import ShuduError
from ..values.grid import Grid, check_args, register_text
from ..values.rules import Rules
from .detect import FORMATS, detect_format
from .gridtext import format_grid, iter_blocks, one_chunk, parse_rows
from .headings import HEADING_LINES, is_heading
from .lines import hodoku_line, iter_lines, read_line, starts_with_puzzle
from .one_line import JSON_FORMS, ONE_LINE_FORMS, one_line_kind, read_one_line_form
from .record import Record, new_record
from .report import NOT_UTF8, parse_error, utf8_error
from .symbols import BLANKS

if TYPE_CHECKING:
    from .pencilmarks import Pencilmarks

# The readers of candidate grids, JSON and tables are imported where they are used:
# reading one puzzle line (the common case) loads none of them.

_EXTENSIONS = {
    ".sdm": "sdm",
    ".csv": "csv",
    ".tsv": "csv",
    ".sdk": "sdk",
    ".ss": "ss",
    ".json": "json",
    ".jsonl": "json",
    ".pm": "pencilmarks",
    ".ipuz": "ipuz",
}


def parse(
    text: str,
    *,
    rules: Rules | None = None,
    format: str | None = None,
    check: bool = True,
    source: str | None = None,
) -> Grid:
    """Read exactly one puzzle in any notation (see :data:`FORMATS`).

    ``rules`` fixes the size and variant (JSON carries its own rules); ``format`` skips
    detection; ``check`` raises :class:`~shudu.errors.InvalidPuzzle` when givens repeat
    a digit; ``source`` (a file name) is named in errors.  Text after a one-line puzzle
    (a rating, ``# comment``) is ignored; a candidate grid gives its placed values.

    >>> parse("1.3.|..2.\\n.... ....", rules=None, format="line")
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: line 2: expected the puzzle on one line
    >>> print(parse("1 . | . .\\n. . | 1 .\\n----+----\\n. 1 | . .\\n. . | . 1").pretty())
    1 . | . .
    . . | 1 .
    ----+----
    . 1 | . .
    . . | . 1
    >>> parse("11" + "." * 79)
    Traceback (most recent call last):
    ...
    shudu.errors.InvalidPuzzle: digit 1 appears twice in row 1: r1c1 and r1c2
    """
    rules = check_args(text, rules, text_only=True)
    if format is None:
        format = detect_format(text)
    text = text.lstrip("\ufeff")
    if format == "line":
        s = text.strip("\r\n")
        if "\n" in s.strip():
            lines = s.strip().split("\n")
            raise parse_error("expected the puzzle on one line", line=2 if len(lines) > 1 else 1,
                              source=source)
        r, cells, _ = read_line(s, rules, 1, source)
        grid = Grid._trusted(r, cells)
    elif format in ("pencilmarks", "729"):
        grid = parse_pencilmarks(text, rules=rules, format=format, source=source).to_grid()
    elif format in ("grid", "sdk", "ss"):
        r, cells, *_ = parse_rows(one_chunk(text, format, rules, source), rules, source)
        grid = Grid._trusted(r, cells)
    elif format in JSON_FORMS and text.strip()[:1] == "{":
        grid = read_one_line_form(text, format, rules, 1, source)
    elif format in ONE_LINE_FORMS:
        lines = [x for x in text.strip().split("\n") if x.strip()]
        if len(lines) != 1:
            raise parse_error(f"expected the {format} puzzle on one line", line=2, source=source)
        grid = read_one_line_form(lines[0], format, rules, 1, source)
    elif format in ("json", "csv", "sdm"):
        records = list(_records_from_text(text, format, rules, False, source))
        if len(records) != 1:
            found = f"{len(records)} puzzles" if len(records) != 0 else "none"
            line = records[1].line if len(records) > 1 else None
            raise parse_error("expected exactly one puzzle", found=found, quote=False, line=line,
                              source=source)
        record = records[0]
        if record.error is not None:
            raise record.error
        assert record.grid is not None
        grid = record.grid
    else:
        raise parse_error("expected a format among " + ", ".join(FORMATS), found=format,
                          source=source)
    if check:
        grid.check()
    return grid


def parse_pencilmarks(
    text: str,
    *,
    rules: Rules | None = None,
    format: str | None = None,
    source: str | None = None,
) -> Pencilmarks:
    """Read candidates: a candidate grid, a 729-character string, or JSON ``candidates``.

    Any other notation gives the candidates its givens leave (:meth:`Pencilmarks.from_grid`).

    >>> pm = parse_pencilmarks("123456789" * 81)
    >>> pm.candidates[0] == 0b111111111, pm.to_grid().clue_count
    (True, 0)
    >>> parse_pencilmarks("123456789" * 80 + "12345678.").digits(80)
    (1, 2, 3, 4, 5, 6, 7, 8)
    """
    from .pencilmarks import Pencilmarks, parse_729, parse_pm_grid

    if format is None:
        format = detect_format(text)
    if format == "729":
        return parse_729("".join(text.split()), rules, 1, source)
    if format == "pencilmarks":
        return parse_pm_grid(one_chunk(text, format, rules, source), rules, source)
    if format == "json":
        from .json_puzzles import json_puzzle, json_values

        values = json_values(text, source)
        if len(values) != 1:
            raise parse_error("expected exactly one puzzle", found=f"{len(values)} puzzles",
                              quote=False, source=source)
        line, raw, value = values[0]
        grid, pencil, _, _ = json_puzzle(value, raw, line, rules, source)
        return pencil if pencil is not None else Pencilmarks.from_grid(grid)
    return Pencilmarks.from_grid(parse(text, rules=rules, format=format, check=False,
                                       source=source))


def _records_from_text(
    text: str, format: str, rules: Rules | None, check: bool, source: str | None
) -> Iterator[Record]:
    text = text.lstrip("\ufeff")
    if format not in ("sdm", "line", "csv", *ONE_LINE_FORMS):
        bad = utf8_error(text, 1, source)
        if bad is not None:
            return iter([new_record(0, bad.line or 1, text, None, bad)])
    if format in JSON_FORMS and text.strip()[:1] == "{":
        rows = [(n, x) for n, x in enumerate(text.split("\n"), 1) if x.strip()]
        if len(rows) > 1 and all(x.strip()[:1] == "{" and x.strip()[-1:] == "}"
                                 for _, x in rows):   # JSON Lines: one object a line
            return iter([new_record(i, n, x, read_one_line_form(x, format, rules, n, source),
                                    None, "", None) for i, (n, x) in enumerate(rows)])
        grid = read_one_line_form(text, format, rules, 1, source)
        return iter([new_record(0, 1, text, grid, None, "", None)])
    if format in ("sdm", "line", *ONE_LINE_FORMS):
        return iter_lines(text.split("\n"), rules, check, source)
    if format == "csv":
        from .tables import iter_csv

        return iter_csv(text.split("\n"), rules, check, source)
    if format == "json":
        from .json_puzzles import iter_json

        return iter_json(text, rules, check, source)
    if format in ("grid", "sdk", "ss", "pencilmarks", "729"):
        return iter_blocks(text, format, rules, check, source)
    raise parse_error("expected a format among " + ", ".join(FORMATS), found=format, source=source)


def iter_records(
    source: str | os.PathLike[str] | TextIO,
    *,
    format: str | None = None,
    rules: Rules | None = None,
    check: bool = True,
) -> Iterator[Record]:
    """Every puzzle of a text, file or stream, one :class:`Record` each, lazily.

    A ``str`` is always the text itself; pass a :class:`pathlib.Path` or an open file to
    read a file.  Bad entries become records with ``error`` set (reading goes on).  A
    source holding one multi-line puzzle (grid text, .sdk, .ss, a candidate grid, one
    JSON object) gives one record.  One-puzzle-per-line files and CSV are streamed.

    >>> text = "# two puzzles\\n" + "." * 81 + " rated 1.2\\n\\n" + "1" + "." * 80
    >>> [(r.index, r.line, r.extra, r.grid.clue_count) for r in iter_records(text)]
    [(0, 2, 'rated 1.2', 0), (1, 4, '', 1)]
    """
    if isinstance(source, str):
        yield from _records_from_text(source, format or detect_format(source), rules, check,
                                      None)
        return
    if isinstance(source, os.PathLike):
        name = os.fspath(source)
        ext = os.path.splitext(name)[1].lower()
        if format == "parquet" or (format is None and ext in (".parquet", ".pq")):
            from .tables import iter_csv, parquet_lines

            yield from iter_csv(parquet_lines(name), rules, check, name)
            return
        with open(name, encoding="utf-8-sig", errors="surrogateescape") as f:
            yield from _iter_stream(f, format or _EXTENSIONS.get(ext), rules, check, name)
        return
    named = getattr(source, "name", None)
    label = named if isinstance(named, str) and not named.startswith("<") else None
    yield from _iter_stream(source, format, rules, check, label)


def read_text(text: str, name: str | None = None, *, format: str | None = None,
              rules: Rules | None = None, check: bool = True) -> list[Record]:
    """All records of a file's text that was already read, as :func:`read_file` gives
    them for the file ``name`` (its extension picks the format; ``name`` in errors), so
    a caller that needed the text first does not read the file twice.

    >>> [r.line for r in read_text("." * 81 + "\\n" + "." * 81 + "\\n", "two.sdm")]
    [1, 2]
    """
    ext = os.path.splitext(name)[1].lower() if name else ""
    return list(_iter_stream(io.StringIO(text), format or _EXTENSIONS.get(ext), rules, check,
                             name))


def _iter_stream(
    stream: TextIO, format: str | None, rules: Rules | None, check: bool, source: str | None
) -> Iterator[Record]:
    """Records of an open text stream, streaming line formats without reading ahead."""
    head: list[str] = []
    if format is None:
        for raw in stream:
            head.append(raw)
            s = raw.strip().lstrip("\ufeff")
            if not s or s.startswith(("#", "//")) or NOT_UTF8.search(s):
                continue
            if starts_with_puzzle(s) or (s.startswith(":") and hodoku_line(s) is not None):
                format = "sdm"
            elif is_heading(s) and len(head) < HEADING_LINES:
                continue  # a title line (Puzzle 1, a collection's name) above the puzzles
            break
    if head:
        head[0] = head[0].lstrip("\ufeff")
    if format in ("sdm", "line"):
        yield from iter_lines(chain(head, stream), rules, check, source)
    elif format == "csv":
        from .tables import iter_csv

        yield from iter_csv(chain(head, stream), rules, check, source)
    else:
        text = "".join(head) + stream.read()
        if not text.strip():
            return
        bad = None if format else utf8_error(text, 1, source)
        if bad is not None:   # binary, or text whose format the bad bytes hide
            yield new_record(0, bad.line or 1, "", None, bad)
            return
        yield from _records_from_text(text, format or detect_format(text), rules, check,
                                      source)


def read_file(
    path: str | os.PathLike[str],
    *,
    format: str | None = None,
    rules: Rules | None = None,
    check: bool = True,
) -> list[Record]:
    """All records of a file; the format comes from the extension (.sdm .csv .tsv .sdk
    .ss .json .jsonl .pm, and .parquet data sets with pyarrow installed) or, for others
    such as .txt, from the content.

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "two.sdm"
    >>> _ = path.write_text("." * 81 + "\\n" + "1" * 81 + "\\n")
    >>> [r.ok for r in read_file(path)]
    [True, False]
    """
    from pathlib import Path

    file = path if isinstance(path, os.PathLike) else Path(path)
    return list(iter_records(file, format=format, rules=rules, check=check))


_FILE_NAME = re.compile(
    r"\.(txt|text|sdk|ss|sdm|json|jsonl|csv|tsv|dat|puz|sudoku|pm)$", re.IGNORECASE
)


def _puzzle_attempt(text: str) -> bool:
    """True when text looks like an attempt at a puzzle rather than a file name: mostly
    digits, blanks and grid lines, and 16 characters or more (or several lines)."""
    s = "".join(text.split())
    if not s or _FILE_NAME.search(s):
        return False
    if "\n" not in text.strip() and len(s) < 16:
        return False
    cellish = sum(1 for c in s if c.isdigit() or c in BLANKS or c in "|+:")
    return 4 * cellish >= 3 * len(s)


def argument_error(
    text: str, *, rules: Rules | None = None, format: str | None = None
) -> ShuduError | None:
    """The error to show for a command-line argument that is not an existing file.

    When ``text`` looks like an attempt at a puzzle (mostly digits and blanks, at least
    16 characters or several lines) this is the error reading it as a puzzle gives
    (:class:`~shudu.errors.ParseError` or :class:`~shudu.errors.InvalidPuzzle`);
    ``None`` when the text reads as a puzzle, or looks like a file name or a word (then
    the caller reports a missing file).

    >>> str(argument_error("4....Q" + "." * 75))
    "line 1, column 6: expected a digit 1-9 or a blank (. 0 x * - _), found 'Q'"
    >>> str(argument_error("." * 80))
    'line 1: expected 81 cells, found 80'
    >>> argument_error("puzzles.sdm") is None, argument_error("." * 81) is None
    (True, True)
    >>> str(argument_error("." * 75 + "1.729"))  # digits, not a .729 file name
    'line 1: expected 81 cells, found 80'
    >>> str(argument_error("https://f-puzzles.com/?load=N4IgzglgXgpi"))[:62]
    'line 1: expected f-puzzles data as LZ-string compressed base64'

    """
    if not _puzzle_attempt(text) and one_line_kind(text) is None:
        return None
    try:
        parse(text, rules=rules, format=format)
    except ShuduError as e:
        return e
    return None


register_text(parse=parse, format_grid=format_grid)
