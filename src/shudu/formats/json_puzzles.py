"""Puzzles as JSON: ``{"rules": ..., "grid": ..., "candidates": ...}`` objects, one, a
list, ``{"puzzles": [...]}`` or JSON Lines (schema in ``shudu/schema/puzzle.schema.json``)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from ..errors import InvalidPuzzle, ParseError
from ..values.grid import Grid
from ..values.rules import DEFAULT_BOXES, Rules
from .jsontext import BoundedDecoder, check_depth
from .lines import read_line
from .pencilmarks import Pencilmarks, parse_729
from .record import Record, new_record
from .report import RULES_ERRORS, conflict_error, locate, parse_error
from .symbols import BAD, VALUE, rules_of_size


def _json_error(e: json.JSONDecodeError, line0: int, source: str | None) -> ParseError:
    return parse_error(f"expected valid JSON ({e.msg})", line=line0 + e.lineno - 1, column=e.colno,
                       source=source)


def json_values(text: str, source: str | None) -> list[tuple[int, str, Any]]:
    """Puzzle objects of a JSON text with their line and raw text.

    A top-level list, ``{"puzzles": [...]}``, one object, or several values one after
    the other (JSON Lines).
    """
    check_depth(text, source=source)
    decoder = BoundedDecoder()
    out: list[tuple[int, str, Any]] = []

    def skip(pos: int) -> int:
        while pos < len(text) and text[pos] in " \t\r\n,":
            pos += 1
        return pos

    def line_of(pos: int) -> int:
        return text.count("\n", 0, pos) + 1

    def decode(pos: int) -> tuple[Any, int]:
        try:
            return decoder.raw_decode(text, pos)
        except json.JSONDecodeError as e:
            raise _json_error(e, 1, source) from None
        except ValueError as e:  # a number too long, NaN or Infinity
            raise parse_error(str(e), line=line_of(pos), source=source) from None

    def values(pos: int, closing: str | None) -> None:
        pos = skip(pos)
        while pos < len(text) and (closing is None or text[pos] != closing):
            value, end = decode(pos)
            out.append((line_of(pos), text[pos:end], value))
            pos = skip(end)
        if closing is not None and pos >= len(text):
            raise parse_error(f"expected '{closing}' to close the list", found="end of text",
                              line=line_of(len(text)), source=source)

    start = skip(0)
    if text.startswith("[", start):
        values(start + 1, "]")
        return out
    value, end = decode(start)
    if isinstance(value, dict) and "puzzles" in value and skip(end) >= len(text):
        m = re.search(r'"puzzles"\s*:\s*\[', text)
        if m is None or not isinstance(value["puzzles"], list):
            raise parse_error('expected "puzzles" to be a list of puzzle objects',
                              line=line_of(start), source=source)
        values(m.end(), "]")
        return out
    out.append((line_of(start), text[start:end], value))
    values(end, None)
    return out


_JSON_KEYS = {"rules", "grid", "name", "author", "difficulty", "solution", "candidates"}


def json_puzzle(
    value: Any, raw: str, line: int, rules: Rules | None, source: str | None
) -> tuple[Grid, Pencilmarks | None, str | None, str]:
    """Unchecked grid, candidates, name and extra fields of one JSON puzzle object."""
    if not isinstance(value, dict):
        raise parse_error('expected a JSON object with a "grid"', found=type(value).__name__,
                          line=line, source=source)
    if "rules" in value:
        spec = value["rules"]
        try:
            if isinstance(spec, str):
                rules = Rules.from_spec(spec)
            elif isinstance(spec, dict):
                rules = Rules.from_dict(spec)
            else:
                raise ParseError('expected "rules" to be an object or a spec string',
                                 found=type(spec).__name__)
        except RULES_ERRORS as e:
            expected = getattr(e, "expected", str(e))
            raise parse_error(f'{expected} (in "rules")', found=getattr(e, "found", None),
                              line=line, source=source) from None
    pencil: Pencilmarks | None = None
    if "candidates" in value:
        pencil = _json_candidates(value["candidates"], rules, line, source)
        rules = pencil.rules
    if "grid" in value:
        grid = _json_grid(value["grid"], raw, line, rules, source)
    elif pencil is not None:
        grid = pencil.to_grid()
    else:
        raise parse_error('expected a "grid" field', line=line, source=source)
    if pencil is not None and pencil.rules != grid.rules:
        raise parse_error('expected "candidates" for the same size as "grid"', line=line,
                          source=source)
    name = value.get("name")
    rest = {k: v for k, v in value.items() if k not in ("rules", "grid", "name")}
    extra = json.dumps(rest, ensure_ascii=False) if rest else ""
    return grid, pencil, None if name is None else str(name), extra


def _json_grid(
    value: Any, raw: str, line: int, rules: Rules | None, source: str | None
) -> Grid:
    if isinstance(value, str):
        literal = json.dumps(value)
        pos = raw.find(literal)
        if pos >= 0:
            line += raw.count("\n", 0, pos)
            col0 = pos - (raw.rfind("\n", 0, pos) + 1) + 1
        else:
            col0 = 0
        r, cells, _ = read_line(value, rules, line, source, col0=col0, strict=True)
        return Grid._trusted(r, cells)
    if isinstance(value, list):
        flat: list[Any] = []
        if value and all(isinstance(row, list) for row in value):
            if len(value) != len(value[0]) or any(len(row) != len(value) for row in value):
                raise parse_error('expected "grid" rows of equal length, one per column',
                                  found=f"{len(value)} rows", line=line, source=source)
            for row in value:
                flat.extend(row)
        else:
            flat = value
        if rules is not None and len(flat) != rules.ncells:
            raise parse_error(f'expected {rules.ncells} cells in "grid"', found=len(flat),
                              quote=False, line=line, source=source)
        if rules is None:
            rules = _square(len(flat), 'expected a square number of cells in "grid"', line,
                            source)
        n = rules.size
        for i, v in enumerate(flat):
            if v is None:
                flat[i] = 0
            elif isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= n:
                raise parse_error(f'expected numbers 0-{n} (or null) in "grid" at '
                                  f"{rules.cell_name(i)}", found=json.dumps(v), line=line,
                                  source=source)
        return Grid._trusted(rules, bytes(flat))
    raise parse_error('expected "grid" to be a string or a list', found=type(value).__name__,
                      line=line, source=source)


def _square(count: int, expected: str, line: int, source: str | None) -> Rules:
    """The plain rules of a grid of ``count`` cells, a square of a size there are boxes
    for; else the error ``expected``.

    >>> _square(16, "expected a square", 1, None).size
    4
    """
    side = round(count ** 0.5)
    if side * side != count or side not in DEFAULT_BOXES:
        raise parse_error(expected, found=count, quote=False, line=line, source=source)
    return rules_of_size(side)


def _json_candidates(
    value: Any, rules: Rules | None, line: int, source: str | None
) -> Pencilmarks:
    if isinstance(value, str):
        return parse_729(value, rules, line, source)
    if not isinstance(value, list):
        raise parse_error('expected "candidates" as a 729-character string or a list',
                          found=type(value).__name__, line=line, source=source)
    if rules is None:
        rules = _square(len(value), 'expected one "candidates" entry per cell', line, source)
    if len(value) != rules.ncells:
        raise parse_error(f'expected {rules.ncells} "candidates" entries', found=len(value),
                          quote=False, line=line, source=source)
    n = rules.size
    masks = []
    for i, item in enumerate(value):
        digits: list[Any]
        if isinstance(item, str):
            digits = [VALUE[ord(c)] if ord(c) < 256 else BAD for c in item if c not in "-."]
        elif isinstance(item, list):
            digits = item
        else:
            digits = [item]
        mask = 0
        for d in digits:
            if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= n:
                raise parse_error(f'expected candidate digits 1-{n} in "candidates" at '
                                  f"{rules.cell_name(i)}", found=json.dumps(item), line=line,
                                  source=source)
            mask |= 1 << (d - 1)
        masks.append(mask)
    return Pencilmarks(rules, tuple(masks))

def iter_json(
    text: str, rules: Rules | None, check: bool, source: str | None
) -> Iterator[Record]:
    """One record per puzzle object of a JSON text (see :func:`json_values`).

    >>> [r.grid.size for r in iter_json('{"grid": "' + "." * 16 + '"}', None, True, None)]
    [4]
    """
    for index, (line, raw, value) in enumerate(json_values(text, source)):
        grid: Grid | None = None
        error: ValueError | None = None
        extra = ""
        name: str | None = None
        try:
            grid, _, name, extra = json_puzzle(value, raw, line, rules, source)
            if check and grid.rules.has_conflict(grid.cells):
                raise locate(conflict_error(grid.rules, grid.cells), line, source)
        except (ParseError, InvalidPuzzle) as e:
            error, grid = e, None
        yield new_record(index, line, raw, grid, error, extra, name)
