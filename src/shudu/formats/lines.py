"""Puzzles one per line: the 81-character line (and every size's n*n symbols), with
trailing text, HoDoKu library lines and candidate strings, and the records of a file
holding one puzzle a line (the hot path of large collections)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from itertools import accumulate
from typing import Any

from ..errors import InvalidPuzzle, ParseError
from ..values.grid import Grid
from ..values.rules import CLASSIC, Rules
from .headings import header_labels, is_heading, is_separator, is_title, labelled, row_labels
from .one_line import one_line_kind, read_one_line_form
from .record import Record, new_record
from .report import conflict_error, locate, parse_error, utf8_error
from .symbols import (
    LETTERS16,
    SQUARES,
    VALUE,
    is_729,
    rules_of_size,
    sized_table,
    symbol_expected,
)

_DIGITS19 = frozenset("123456789")
_HIGH16 = frozenset("HIJKLMNOPhijklmnop")
"""Letters that only the all-letter 16x16 convention (A-P = 1..16) uses."""
_PREFIX = re.compile(r"[1-9A-Pa-p0.xX*_\- \t]*")
_TOKEN = re.compile(r"[^ \t]+")
_FIELD_END = " \t,;#/|"


def _size_guess(s: str, pos: int) -> int | None:
    """Size suggested by the length of the whitespace-free run of ``s`` around ``pos``."""
    start = max(s.rfind(" ", 0, pos), s.rfind("\t", 0, pos)) + 1
    end = min((i for i in (s.find(" ", pos), s.find("\t", pos)) if i >= 0), default=len(s))
    return SQUARES.get(end - start)


def _expected_cells(found: int) -> int:
    """The cell count a line of ``found`` cells most likely meant: the nearest size, but
    the classic 81 for a count far below every size (a lone row, a single field).

    >>> _expected_cells(80), _expected_cells(35), _expected_cells(15), _expected_cells(9)
    (81, 36, 16, 81)
    >>> _expected_cells(162)
    81
    """
    if found < 12 or (found % 81 == 0 and found > 81):
        return 81
    return min(SQUARES, key=lambda k: (abs(k - found), -k))


def _cells_found(found: int, expected: int) -> str:
    """How to show a wrong cell count: a whole multiple of the puzzle's cells is most
    likely several puzzles run together on one line.

    >>> _cells_found(80, 81), _cells_found(162, 81)
    ('80', '162 (2 puzzles of 81 run together?)')
    """
    if found > expected and found % expected == 0:
        return f"{found} ({found // expected} puzzles of {expected} run together?)"
    return str(found)


def read_line(
    text: str,
    rules: Rules | None,
    line: int | None = 1,
    source: str | None = None,
    col0: int = 0,
    strict: bool = False,
) -> tuple[Rules, bytes, str]:
    """Rules, cells and trailing text of one puzzle line.

    ``col0`` is added to columns (the position of ``text`` in its line); ``strict``
    refuses anything after the puzzle.
    """
    body = text.rstrip()
    s = body.lstrip()
    lead = len(body) - len(s) + col0
    n2 = len(s)
    if ((n2 in SQUARES) if rules is None else (n2 == rules.ncells)) and s.isascii():
        r = rules or rules_of_size(SQUARES[n2])
        cells = s.encode("ascii").translate(sized_table(r.size))
        if b"\xff" not in cells and r.size != 16:
            return r, cells, ""
    valid: Any = SQUARES if rules is None else (rules.ncells,)
    stop = _PREFIX.match(s).end()  # type: ignore[union-attr]
    tokens = [(m.start(), m.end()) for m in _TOKEN.finditer(s, 0, stop)]
    counts = list(accumulate(e - b for b, e in tokens))
    choice = -1
    if counts and counts[0] in valid:
        choice = 0
    else:
        for i in range(len(counts) - 1, -1, -1):
            if counts[i] in valid:
                choice = i
                break
    if choice < 0 or (strict and tokens[choice][1] < len(s)):
        end = tokens[choice][1] if choice >= 0 else stop
        if end < len(s) and (strict or (s[end] not in _FIELD_END and s[end - 1 : end] != " ")):
            ch = s[end]
            if strict and ch in " \t":
                nxt = len(s) - len(s[end:].lstrip())
                raise parse_error("expected the end of the puzzle", found=s[nxt:], line=line,
                                  column=lead + nxt + 1, source=source)
            raise parse_error(symbol_expected(rules.size if rules else _size_guess(s, end)),
                              found=ch, line=line, column=lead + end + 1, source=source)
        if counts and (len(tokens) == 1 or counts[0] >= 16):
            found = counts[0]
        else:
            found = counts[-1] if counts else 0
        expected = rules.ncells if rules else _expected_cells(found)
        raise parse_error(f"expected {expected} cells", found=_cells_found(found, expected),
                          quote=False, line=line, source=source)
    kept = tokens[: choice + 1]
    compact = "".join(s[b:e] for b, e in kept)
    r = rules or rules_of_size(SQUARES[len(compact)])
    extra = s[kept[-1][1]:].lstrip(" \t,;")
    letters = r.size == 16 and _DIGITS19.isdisjoint(compact) and not _HIGH16.isdisjoint(compact)
    cells = compact.encode("ascii").translate(LETTERS16 if letters else VALUE)
    limit = r.size
    if max(cells) > limit:
        index = next(i for i, v in enumerate(cells) if v > limit)
        for b, e in kept:
            if index < e - b:
                column = lead + b + index + 1
                break
            index -= e - b
        bad = text[column - 1 - col0]
        raise parse_error(symbol_expected(limit, letters), found=bad, line=line, column=column,
                          source=source)
    return r, cells, extra

def looks_like_puzzle(field: str, rules: Rules | None = None) -> bool:
    """True when ``field`` is a whole puzzle on its own (nothing after it).

    >>> looks_like_puzzle("." * 81), looks_like_puzzle("." * 80)
    (True, False)
    """
    try:
        read_line(field, rules, strict=True)
    except ParseError:
        return False
    return True


def starts_with_puzzle(line: str) -> bool:
    """True when a line begins with a whole puzzle of at least 36 cells (not a border)."""
    if is_separator(line.split()[0] if line.split() else line):
        return False
    try:
        r, _, _ = read_line(line, None)
    except ParseError:
        return False
    return r.size >= 6

def hodoku_line(s: str) -> str | None:
    """The givens of a HoDoKu library line ``:tech:cand:givens:...`` (``+`` = placed)."""
    parts = s.split(":")
    if len(parts) >= 5 and s.startswith(":"):
        return parts[3].replace("+", "")
    return None


def iter_lines(
    lines: Iterable[str], rules: Rules | None, check: bool, source: str | None, first: int = 1
) -> Iterator[Record]:
    """Records of one-puzzle-per-line text (the hot path of large collections)."""
    fixed = rules or CLASSIC
    width = fixed.ncells if fixed.size != 16 else -1  # 16x16 may use the letter convention
    conflict = fixed.has_conflict
    trusted = Grid._trusted
    table = sized_table(fixed.size)
    new = object.__new__
    setattr_ = object.__setattr__
    index = 0
    title: str | None = None
    labels: list[str] | None = None
    for lineno, raw in enumerate(lines, first):
        raw = raw.rstrip("\r\n")
        s = raw.strip()
        if not s or s[0] == "#" or s[:2] == "//":
            if s[:2] == "#!":
                labels = header_labels(s) or labels
            continue
        if len(s) == width and s.isascii():
            cells = s.encode("ascii").translate(table)
            if b"\xff" not in cells:
                record = new(Record)
                if not check or not conflict(cells):
                    fields = {"index": index, "line": lineno, "text": raw,
                              "grid": trusted(fixed, cells), "error": None, "extra": "",
                              "name": title}
                else:
                    fields = {"index": index, "line": lineno, "text": raw, "grid": None,
                              "error": locate(conflict_error(fixed, cells), lineno, source),
                              "extra": "", "name": title}
                setattr_(record, "__dict__", fields)
                yield record
                index += 1
                title = None
                continue
        grid: Grid | None = None
        error: ValueError | None = utf8_error(raw, lineno, source)
        extra = ""
        if error is not None:
            yield new_record(index, lineno, raw, None, error, "", title)
            index += 1
            title = None
            continue
        try:
            givens = hodoku_line(s)
            killer = one_line_kind(s) if givens is None and len(s) >= 81 else None
            if killer is not None:
                grid = read_one_line_form(s, killer, rules, lineno, source)
                yield new_record(index, lineno, raw, grid, None, "", title)
                index += 1
                title = None
                continue
            if givens is not None:
                r, cells, _ = read_line(givens, rules, lineno, source,
                                        col0=raw.index(givens[:1] or ":"), strict=True)
                extra = s
            elif is_729(s.split()[0]) and (rules is None or rules.size ** 3 == len(s.split()[0])):
                from .pencilmarks import parse_729

                pm = parse_729(s.split()[0], rules, lineno, source)
                r, cells = pm.rules, pm.to_grid().cells
                extra = s[len(s.split()[0]):].lstrip(" \t,;")
            else:
                r, cells, extra = read_line(raw, rules, lineno, source)
            if check and r.has_conflict(cells):
                raise locate(conflict_error(r, cells), lineno, source)
            grid = trusted(r, cells)
        except ParseError as e:
            if index == 0 and row_labels(s) is not None:   # a header row
                labels = row_labels(s)
                continue
            if is_title(s):  # "Puzzle 1" above a puzzle: its name
                title = s
                continue
            if index == 0 and is_heading(s):   # a collection's name
                continue
            error = e
        except InvalidPuzzle as e:
            error = e
        name = title
        if labels is not None and extra:
            extra, label = labelled(extra, labels)
            name = name or label
        yield new_record(index, lineno, raw, grid, error, extra, name)
        index += 1
        title = None
