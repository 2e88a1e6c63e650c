"""The errors a reader raises: what was expected and what was found, on which line and
column of which file; givens that conflict; bytes that are not UTF-8."""

from __future__ import annotations

import re
from typing import TypeVar

from ..errors import InvalidPuzzle, ParseError, ShuduError
from ..values.grid import Grid
from ..values.rules import Rules

RULES_ERRORS = (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError)
"""What reading a rules spec or object from a file may raise (turned into ParseError)."""

_E = TypeVar("_E", bound=ShuduError)
"""An error :func:`locate` returns as it was given."""


def parse_error(
    expected: str,
    *,
    found: str | int | None = None,
    quote: bool = True,
    line: int | None = None,
    column: int | None = None,
    source: str | None = None,
) -> ParseError:
    """A ParseError; counts (``quote=False``) read ``found 80`` rather than ``found '80'``.

    >>> str(parse_error("expected 81 cells", found=80, quote=False, line=3))
    'line 3: expected 81 cells, found 80'
    """
    if found is None or quote:
        return ParseError(
            expected,
            line=line,
            column=column,
            found=None if found is None else str(found),
            source=source,
        )
    err = ParseError(f"{expected}, found {found}", line=line, column=column, source=source)
    err.expected, err.found = expected, str(found)
    return err

def conflict_error(rules: Rules, cells: bytes) -> InvalidPuzzle:
    """The :class:`~shudu.errors.InvalidPuzzle` naming the conflict in ``cells`` (which
    :meth:`Rules.has_conflict` found).

    >>> from shudu.values.rules import CLASSIC
    >>> str(conflict_error(CLASSIC, bytes([1, 1]) + bytes(79)))
    'digit 1 appears twice in row 1: r1c1 and r1c2'
    """
    try:
        Grid._trusted(rules, cells).check()
    except InvalidPuzzle as e:
        return e
    raise AssertionError("conflict expected")  # pragma: no cover


def locate(error: _E, line: int | None, source: str | None) -> _E:
    """Add the line (and file) to an InvalidPuzzle's message and attributes.

    >>> from shudu.values.rules import CLASSIC
    >>> str(locate(conflict_error(CLASSIC, bytes([1, 1]) + bytes(79)), 4, "a.sdm"))
    'a.sdm, line 4: digit 1 appears twice in row 1: r1c1 and r1c2'
    """
    where = ", ".join(x for x in (source, None if line is None else f"line {line}") if x)
    if where:
        error.args = (f"{where}: {error.args[0]}",)
    error.line = line  # type: ignore[attr-defined]
    error.source = source  # type: ignore[attr-defined]
    return error


NOT_UTF8 = re.compile("[\udc80-\udcff]")
"""A byte that is not UTF-8, as reading with ``errors="surrogateescape"`` keeps it."""


def utf8_error(text: str, line: int, source: str | None) -> ParseError | None:
    """The error for the first byte of ``text`` (whose first line is ``line``) that was
    not valid UTF-8, or ``None`` when there is none.

    >>> str(utf8_error("ok\\nab\\udcff", 1, "f.txt"))
    'f.txt, line 2, column 3: not valid UTF-8 (byte 0xff)'
    """
    bad = NOT_UTF8.search(text)
    if bad is None:
        return None
    pos = bad.start()
    start = text.rfind("\n", 0, pos) + 1
    return ParseError(f"not valid UTF-8 (byte 0x{ord(bad.group()) - 0xDC00:02x})",
                      line=line + text.count("\n", 0, pos), column=pos - start + 1,
                      source=source)
