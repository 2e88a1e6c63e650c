"""Puzzles that fill one line in notations of their own: killer cage strings and lists,
SudokuWiki, f-puzzles and SudokuPad links (also as JSON), ipuz files.  Their readers live
in :mod:`~shudu.formats.killer`, :mod:`~shudu.formats.fpuzzles`,
:mod:`~shudu.formats.sudokupad` and :mod:`~shudu.formats.ipuz`, imported when needed."""

from __future__ import annotations

from ..errors import ParseError
from ..values.grid import Grid
from ..values.rules import Rules
from .report import locate

ONE_LINE_FORMS = ("killer", "killer-list", "sudokuwiki", "fpuzzles", "sudokupad")
"""Formats that hold one puzzle on one line (and fill files one per line)."""

JSON_FORMS = ("fpuzzles", "sudokupad", "ipuz")
"""Formats that may also come as one JSON object over many lines."""


def one_line_kind(line: str) -> str | None:
    """``killer`` for a cage string, ``killer-list`` for a killer list, ``sudokuwiki``,
    ``fpuzzles`` and ``sudokupad`` for their links (or their data), else None."""
    from .fpuzzles import is_fpuzzles
    from .killer import is_cage_string, is_killer_list, is_sudokuwiki
    from .sudokupad import is_sudokupad

    s = line.strip()
    if is_killer_list(s):
        return "killer-list"
    first = s.split()[0] if s else s
    if is_cage_string(first):
        return "killer"
    if s[:1] == "{" or not s:
        return None
    if is_sudokupad(first):
        return "sudokupad"
    if is_fpuzzles(first):
        return "fpuzzles"
    if is_sudokuwiki(first):
        return "sudokuwiki"
    return None


def read_one_line_form(text: str, kind: str, rules: Rules | None, line: int | None,
                 source: str | None) -> Grid:
    """The grid of a one-line form (``kind`` from :func:`one_line_kind`, or ipuz);
    errors name ``line`` and ``source``.

    >>> read_one_line_form("3x3::k:" + ":".join(["45:1"] * 9), "killer-list", None, 7, "f.txt")
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: f.txt, line 7: expected 81 cell numbers in a killer list, found '18'
    """
    from .killer import read_cage_string, read_killer_list, read_sudokuwiki

    if kind in ("fpuzzles", "sudokupad", "ipuz"):
        from .fpuzzles import read_fpuzzles
        from .ipuz import read_ipuz
        from .sudokupad import read_sudokupad

        read = {"fpuzzles": read_fpuzzles, "sudokupad": read_sudokupad,
                "ipuz": read_ipuz}[kind]
        try:
            return read(text.strip() if text.lstrip()[:1] == "{" else text.split()[0], rules)
        except ParseError as e:
            raise locate(e, line, source) from None
    first = text.strip().split()[0] if kind in ("killer", "sudokuwiki") else text.strip()
    reader = {"killer": read_cage_string, "sudokuwiki": read_sudokuwiki}.get(
        kind, read_killer_list)
    return reader(first, rules, line=line, source=source)
