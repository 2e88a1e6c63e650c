"""Resumable output of ``shudu rate --out FILE``: the puzzles whose rows the file already
holds, a last line cut short by an interrupted run dropped, and new rows appended one
whole line at a time (each flushed as it is written), so that a run stopped by Ctrl-C
or a kill leaves only whole rows and a rerun goes on where it stopped."""

from __future__ import annotations

import os
from typing import TextIO

import click

from .common import SOLVE_EXIT_BAD_INPUT


class RowFile:
    """The rows of ``path`` in ``style`` (``csv``, under ``header``, or ``json``, one
    object a line): :attr:`done` holds the puzzles already there, :attr:`torn` whether a
    cut-short last line was dropped; :meth:`write` appends a row (:attr:`added` counts
    them; :attr:`skipped` is the caller's count of puzzles found in :attr:`done`).

    A file that is not such a list of rows is refused (one error line, exit 2) and left
    as it is.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     path = os.path.join(tmp, "r.csv")
    ...     with open(path, "w") as f:
    ...         _ = f.write("p,puzzle\\nx,12\\nx,3")
    ...     with RowFile(path, "csv", "p,puzzle", "en") as rows:
    ...         rows.write("y,34")
    ...     sorted(rows.done), rows.torn, rows.added, open(path).read()
    (['12'], True, 1, 'p,puzzle\\nx,12\\ny,34\\n')
    """

    def __init__(self, path: str, style: str, header: str | None, lang: str) -> None:
        self.path = path
        self.done: set[str] = set()
        self.torn = False
        self.added = 0
        self.skipped = 0
        try:
            with open(path, "rb") as f:
                data = f.read()
        except FileNotFoundError:
            data = b""
        except OSError as e:
            raise _refuse(f"{path}: {e.strerror or e}") from None
        whole = data[: data.rfind(b"\n") + 1]
        self._read(whole, data[len(whole):], style, header, lang)
        try:
            if len(whole) < len(data):
                os.truncate(path, len(whole))
                self.torn = True
            self.file: TextIO = open(path, "a", encoding="utf-8", newline="\n")
        except OSError as e:
            raise _refuse(f"{path}: {e.strerror or e}") from None
        if header is not None and not whole:
            self._append(header)

    def _read(self, whole: bytes, tail: bytes, style: str, header: str | None,
              lang: str) -> None:
        """Take the puzzles of the whole lines; refuse a file of something else."""
        try:
            lines = whole.decode("utf-8").splitlines()
            rest = tail.decode("utf-8", errors="replace")
        except UnicodeDecodeError:
            raise self._foreign(1, style, lang) from None
        first = header if header is not None else '{"index"'
        if not lines and not (first.startswith(rest) or rest.startswith(first)):
            raise self._foreign(1, style, lang)
        if header is not None and lines and lines[0] != header:
            raise self._foreign(1, style, lang)
        start = 1 if header is not None else 0
        for number, line in enumerate(lines[start:], start + 1):
            puzzle = _puzzle_of(line, style, header)
            if puzzle is None:
                raise self._foreign(number, style, lang)
            if puzzle:
                self.done.add(puzzle)

    def _foreign(self, line: int, style: str, lang: str) -> click.ClickException:
        from ..words.cli import words

        return _refuse(words(lang, "out_foreign", path=self.path, line=line, style=style))

    def write(self, row: str) -> None:
        """Append one row (a whole line, flushed at once)."""
        self._append(row)
        self.added += 1

    def _append(self, line: str) -> None:
        self.file.write(line + "\n")
        self.file.flush()

    def close(self) -> None:
        """Close the file."""
        self.file.close()

    def __enter__(self) -> RowFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _puzzle_of(line: str, style: str, header: str | None) -> str | None:
    """The puzzle of one row (``""`` for a JSON object of no puzzle), ``None`` if the
    line is no row of ``style``.

    >>> _puzzle_of('"a, line 2",1.2,12', "csv", "where,score,puzzle")
    '12'
    >>> _puzzle_of('{"index": 1, "puzzle": "12"}', "json", None), _puzzle_of("12", "json", None)
    ('12', None)
    """
    if style == "json":
        import json

        try:
            data = json.loads(line)
        except ValueError:
            return None
        if not isinstance(data, dict):
            return None
        puzzle = data.get("puzzle", "")
        return puzzle if isinstance(puzzle, str) else None
    import csv

    assert header is not None
    fields = next(csv.reader([line]), [])
    if len(fields) != header.count(",") + 1 or not fields[-1]:
        return None
    return fields[-1]


def _refuse(message: str) -> click.ClickException:
    """The error that stops a run before it starts (exit 2, bad input or usage)."""
    error = click.ClickException(message)
    error.exit_code = SOLVE_EXIT_BAD_INPUT  # type: ignore[misc]  # click's stubs: a ClassVar
    return error
