"""Tables of puzzles: CSV and TSV with a puzzle column (a solution, a name, a rules
column beside it), and Parquet data sets read as the CSV they would be."""

from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Iterable, Iterator
from itertools import chain
from pathlib import Path
from typing import Any

from ..errors import InvalidPuzzle, ParseError
from ..values.grid import Grid
from ..values.rules import Rules
from .headings import (
    HEADING_LINES,
    NAME_COLUMNS,
    PUZZLE_COLUMNS,
    SOLUTION_COLUMNS,
    delimiter,
    is_heading,
)
from .lines import looks_like_puzzle, read_line
from .record import Record, new_record
from .report import RULES_ERRORS, conflict_error, locate, parse_error, utf8_error


def _csv_reason(error: csv.Error) -> str:
    """Why the csv module refused a row, in the words of this module."""
    text = str(error)
    if "new-line character" in text:
        return "a carriage return inside an unquoted field"
    return text.split(" - ")[0]


def iter_csv(
    lines: Iterable[str], rules: Rules | None, check: bool, source: str | None
) -> Iterator[Record]:
    """Records of a table's lines: the header names the puzzle, solution, name and rules
    columns (without one, the first field that reads as a puzzle); every other field is
    kept in ``extra`` as ``label=value``.

    >>> [(r.line, r.grid.clue_count, r.extra) for r in
    ...  iter_csv(["puzzle,rating", "1" + "." * 80 + ",1.2"], None, True, None)]
    [(2, 1, 'rating=1.2')]
    """
    it = iter(lines)
    lineno = 0
    header_line = ""
    for raw in it:
        lineno += 1
        s = raw.strip()
        if s and not s.startswith(("#", "//")):
            if delimiter(s) is None and is_heading(s) and lineno < HEADING_LINES:
                continue   # a collection's name above the table's header
            header_line = raw.rstrip("\r\n")
            break
    if not header_line:
        return
    delim = delimiter(header_line) or ","
    try:
        header = next(csv.reader([header_line], delimiter=delim))
    except csv.Error as e:
        error: ValueError | None = parse_error(f"expected a CSV header ({_csv_reason(e)})",
                                               line=lineno, source=source)
        yield new_record(0, lineno, header_line, None, error)
        return
    labels = [h.strip() for h in header]
    names = [h.lower() for h in labels]
    has_header = not any(looks_like_puzzle(f, rules) for f in header)
    buffer: list[str] = []

    def feed() -> Iterator[str]:
        for raw in it:
            buffer.append(raw.rstrip("\r\n"))
            yield raw if raw.endswith("\n") else raw + "\n"

    reader = csv.reader(feed(), delimiter=delim)
    column = next((names.index(c) for c in PUZZLE_COLUMNS if c in names), None)
    name_col = next((names.index(c) for c in NAME_COLUMNS if c in names), None)
    rules_col = names.index("rules") if has_header and "rules" in names else None
    sol_col = next((names.index(c) for c in SOLUTION_COLUMNS if c in names), None)
    if not has_header:
        labels = [f"column {i + 1}" for i in range(len(header))]
    index = 0

    def more() -> Iterator[tuple[int, list[str], str] | Record]:
        previous = 0
        while True:
            try:
                row = next(reader)
            except StopIteration:
                return
            except csv.Error as e:  # for example a carriage return alone in a field
                text = "\n".join(buffer)
                buffer.clear()
                line = lineno + previous + 1
                previous = reader.line_num
                yield new_record(-1, line, text, None, parse_error(
                    f"expected a CSV row ({_csv_reason(e)})", line=line, source=source))
                continue
            text = "\n".join(buffer)
            buffer.clear()
            line = lineno + previous + 1
            previous = reader.line_num
            if not any(f.strip() for f in row) or row[0].lstrip().startswith("#"):
                continue
            yield line, row, text

    first: list[tuple[int, list[str], str] | Record] = [] if has_header else [
        (lineno, header, header_line)
    ]
    for entry in chain(first, more()):
        if isinstance(entry, Record):
            entry.__dict__["index"] = index
            yield entry
            index += 1
            continue
        line, row, text = entry
        bad = utf8_error(text, line, source)
        if bad is not None:
            yield new_record(index, line, text, None, bad)
            index += 1
            continue
        if column is None:
            column = next((i for i, f in enumerate(row) if looks_like_puzzle(f, rules)), 0)
        grid: Grid | None = None
        error = None
        field = row[column] if column < len(row) else ""
        extras = [
            f"{labels[i] if i < len(labels) else f'column {i + 1}'}={v}"
            for i, v in enumerate(row) if i not in (column, name_col, rules_col)
        ]
        solution: Grid | None = None
        name = row[name_col] if name_col is not None and name_col < len(row) else None
        try:
            row_rules = rules
            if rules_col is not None and rules_col < len(row) and row[rules_col].strip():
                try:
                    row_rules = Rules.from_spec(row[rules_col])
                except RULES_ERRORS as e:
                    expected = getattr(e, "expected", str(e))
                    raise parse_error(f'{expected} (in column "rules")',
                                      found=getattr(e, "found", None), line=line,
                                      source=source) from None
            if column >= len(row):
                raise parse_error(f"expected a puzzle in column {column + 1}",
                                  found=f"{len(row)} columns", quote=False, line=line,
                                  source=source)
            pos = text.find(field)
            try:
                r, cells, _ = read_line(field, row_rules, line, source, col0=max(pos, 0),
                                        strict=True)
            except ParseError as e:
                if e.column is None and e.expected.endswith(" cells"):
                    label = labels[column] if column < len(labels) else f"column {column + 1}"
                    raise parse_error(f"{e.expected} (read as a CSV table, puzzle column "
                                      f"{label!r})", found=e.found, quote=False, line=e.line,
                                      source=source) from None
                raise
            grid = Grid._trusted(r, cells)
            if check and r.has_conflict(cells):
                raise locate(conflict_error(r, cells), line, source)
            if sol_col is not None and sol_col < len(row) and row[sol_col].strip():
                solution = _solution_field(row[sol_col], r, labels[sol_col], line, source)
        except (ParseError, InvalidPuzzle) as e:
            error, grid = e, None
        yield new_record(index, line, text, grid, error, "; ".join(extras), name or None,
                         solution)
        index += 1


def _solution_field(field: str, rules: Rules, label: str, line: int,
                    source: str | None) -> Grid:
    """The solution a table gives beside a puzzle (every cell filled), or the error
    naming its column."""
    try:
        r, cells, _ = read_line(field.strip(), rules, line, source, strict=True)
    except ParseError as e:
        raise parse_error(f"{e.expected} (in column {label!r})", found=e.found, quote=False,
                          line=line, source=source) from None
    if 0 in cells:
        raise parse_error(f"expected a full solution in column {label!r}",
                          found=f"{cells.count(0)} empty cells", quote=False, line=line,
                          source=source)
    return Grid._trusted(r, cells)


def parquet_lines(name: str) -> Iterator[str]:
    """A Parquet data set (``quizzes,solutions`` or any columns) as the lines of the CSV
    it would be, batch by batch, so that it is read like one (line 1 is the header).

    >>> import pathlib, tempfile
    >>> import pyarrow as pa, pyarrow.parquet as pq
    >>> from shudu.formats import iter_records
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "set.parquet"
    >>> pq.write_table(pa.table({"quizzes": ["." * 81], "solutions": [""]}), path)
    >>> [r.grid.clue_count for r in iter_records(path)]
    [0]
    """
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise ParseError("reading Parquet needs pyarrow: pip install 'shudu[dask]'",
                         source=name) from None
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    files = parquet_files(name)
    if not files:
        raise ParseError("expected a Parquet file or a folder of .parquet files",
                         source=name)
    for k, part in enumerate(files):
        try:
            data = pq.ParquetFile(part)
        except Exception as e:   # pyarrow raises its own error types for a bad file
            raise ParseError(f"not a Parquet file ({e})", source=part) from None
        if k == 0:
            writer.writerow(data.schema_arrow.names)
            yield out.getvalue()
        for batch in data.iter_batches():
            for row in batch.to_pylist():
                out.seek(0)
                out.truncate()
                writer.writerow(["" if v is None else v for v in row.values()])
                yield out.getvalue()


def parquet_files(name: str | os.PathLike[str]) -> list[str]:
    """The files of a Parquet data set in row order: the file itself, or the
    ``.parquet`` files of a folder (as Dask writes them) in natural order, so that
    ``part.10`` follows ``part.9``.

    >>> import pathlib, tempfile
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> for k in (0, 1, 10, 2):
    ...     _ = (d / f"part.{k}.parquet").write_bytes(b"")
    >>> [pathlib.Path(f).name for f in parquet_files(d)]
    ['part.0.parquet', 'part.1.parquet', 'part.2.parquet', 'part.10.parquet']
    """
    path = Path(name)
    if not path.is_dir():
        return [os.fspath(path)]

    def natural(f: Path) -> list[Any]:
        return [int(t) if t.isdigit() else t
                for t in re.split(r"(\d+)", f.relative_to(path).as_posix())]

    return [os.fspath(f) for f in sorted(path.rglob("*.parquet"), key=natural)]
