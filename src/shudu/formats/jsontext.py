"""JSON read with bounds: no nesting deeper than :data:`~shudu.limits.JSON_MAX_DEPTH`
and no number longer than :data:`~shudu.limits.JSON_MAX_NUMBER_DIGITS`, so a hostile text
can neither exhaust the stack nor spend seconds converting a huge integer.  Every reader
of JSON (the JSON notation, f-puzzles, SudokuPad, ipuz, the web API) goes through here;
bad text raises :class:`~shudu.errors.ParseError` with its line and column.

>>> loads('{"grid": [1, 2, 3]}')
{'grid': [1, 2, 3]}
>>> loads("[" * 100 + "]" * 100)
Traceback (most recent call last):
...
shudu.errors.ParseError: line 1, column 65: expected JSON nested at most 64 deep
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import ParseError
from ..limits import JSON_MAX_DEPTH, JSON_MAX_NUMBER_DIGITS

__all__ = ["BoundedDecoder", "check_depth", "loads"]

# a string (skipped whole, escapes included, possibly unterminated) or a bracket
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.DOTALL)


def _place(text: str, pos: int) -> tuple[int, int]:
    """1-based line and column of offset ``pos``."""
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def check_depth(text: str, limit: int = JSON_MAX_DEPTH, *, source: str | None = None) -> None:
    """Raise :class:`ParseError` where ``text`` nests lists and objects deeper than
    ``limit`` (brackets inside strings do not count).

    >>> check_depth('[[1], {"a": "[[[["}]', limit=2)
    >>> check_depth("[[[1]]]", limit=2)
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: line 1, column 3: expected JSON nested at most 2 deep
    """
    depth = 0
    for m in _TOKEN.finditer(text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > limit:
                line, column = _place(text, m.start())
                raise ParseError(f"expected JSON nested at most {limit} deep", line=line,
                                 column=column, source=source)
        elif c in "]}":
            depth -= 1


def _number(kind: type) -> Any:
    def convert(digits: str) -> Any:
        if len(digits) > JSON_MAX_NUMBER_DIGITS:
            raise ValueError(f"expected a JSON number of at most {JSON_MAX_NUMBER_DIGITS} "
                             f"characters, found one of {len(digits)}")
        return kind(digits)
    return convert


def _constant(name: str) -> Any:
    raise ValueError(f"expected a JSON number, found {name}")


class BoundedDecoder(json.JSONDecoder):
    """A :class:`json.JSONDecoder` whose numbers are at most
    :data:`~shudu.limits.JSON_MAX_NUMBER_DIGITS` characters (a longer one, ``NaN`` or
    ``Infinity`` raises :class:`ValueError`); call :func:`check_depth` on the text first.

    >>> BoundedDecoder().raw_decode('[12, 3.5] tail')
    ([12, 3.5], 9)
    """

    def __init__(self) -> None:
        super().__init__(parse_int=_number(int), parse_float=_number(float),
                         parse_constant=_constant)


_DECODER = BoundedDecoder()


def loads(text: str | bytes, *, source: str | None = None) -> Any:
    """The value of one JSON text, bounded in depth and number size.

    >>> loads(b'{"a": [1, -2.5e3, null, true]}')
    {'a': [1, -2500.0, None, True]}
    >>> loads('{"n": ' + "9" * 5000 + "}")
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: line 1, column 7: expected a JSON number of at most 40 ...
    >>> loads('{"a": }')
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: line 1, column 7: expected valid JSON (Expecting value)
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise ParseError("expected UTF-8 text", column=e.start + 1, source=source) from None
    check_depth(text, source=source)
    try:
        return _text_only(_DECODER.decode(text), source)
    except json.JSONDecodeError as e:
        raise ParseError(f"expected valid JSON ({e.msg})", line=e.lineno, column=e.colno,
                         source=source) from None
    except (ValueError, RecursionError) as e:
        pos = _number_at(text, str(e))
        line, column = _place(text, pos) if pos is not None else (None, None)
        raise ParseError(str(e) if isinstance(e, ValueError) else "expected shallower JSON",
                         line=line, column=column, source=source) from None


def _text_only(value: Any, source: str | None) -> Any:
    r"""``value`` when every string in it (keys too) is Unicode text; JSON's escapes can
    spell a lone surrogate (``"\\ud800"``), which no UTF-8 output can carry.

    >>> loads('{"a": ["\\ud800"]}')
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: expected Unicode text in JSON strings, found '\\ud800'
    """
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            todo.extend(item)
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
        elif isinstance(item, str) and not item.isascii():
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as e:
                raise ParseError("expected Unicode text in JSON strings",
                                 found=item[e.start:e.end].encode("unicode_escape").decode(),
                                 source=source) from None
    return value


def _number_at(text: str, message: str) -> int | None:
    """Where the number a hook refused starts (the first run of that many digits)."""
    m = re.search(r"found one of (\d+)", message)
    if m is None:
        return None
    size = int(m.group(1))
    for run in re.finditer(r"-?[0-9][0-9.eE+-]*", text):
        if len(run.group()) >= size:
            return run.start()
    return None
