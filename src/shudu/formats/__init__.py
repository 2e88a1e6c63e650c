"""Reading and writing puzzles in the common Sudoku notations.

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

import csv
import io
import json
import os
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate, chain
from pathlib import Path
from typing import Any, TextIO

from ..errors import InvalidPuzzle, ParseError, ShuduError
from ..values.grid import SYMBOLS, Grid, check_args, register_text
from ..values.rules import CLASSIC, DEFAULT_BOXES, Rules
from .jsontext import BoundedDecoder, check_depth

__all__ = [
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
    "parse",
    "parse_pencilmarks",
    "read_file",
    "read_text",
    "write",
    "write_many",
]

FORMATS: tuple[str, ...] = ("line", "grid", "sdk", "ss", "pencilmarks", "729", "json", "csv", "sdm",
                            "killer", "killer-list", "sudokuwiki", "fpuzzles", "sudokupad",
                            "ipuz")
"""Format names accepted by ``format=`` (and returned by :func:`detect_format`)."""

WRITE_FORMATS: tuple[str, ...] = (
    "line", "grid", "sdk", "ss", "json", "csv", "pencilmarks", "729", "sdm", "killer",
    "killer-list", "sudokuwiki", "fpuzzles", "sudokupad", "ipuz",
)
"""Format names :func:`write` and :func:`write_many` accept (every format read)."""

LINE_SIZES: tuple[int, ...] = (4, 6, 8, 9, 12, 16, 25)
"""Sizes recognised from the number of cells when no rules are given."""

BLANKS = ".0xX*-_"
"""Characters read as an empty cell."""

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

# ---------------------------------------------------------------------- symbol tables
_BAD = 0xFF


def _table(pairs: Iterable[tuple[str, int]]) -> bytes:
    table = bytearray([_BAD]) * 256
    for ch, value in pairs:
        table[ord(ch)] = value
    return bytes(table)


_VALUE = _table(
    [(c, 0) for c in BLANKS]
    + [(c, i) for i, c in enumerate(SYMBOLS, 1)]
    + [(c.lower(), i) for i, c in enumerate(SYMBOLS[9:], 10)]
)
"""Symbol -> digit (blanks 0, anything else 255)."""

_LETTERS16 = _table(
    [(c, 0) for c in BLANKS]
    + [(chr(ord("A") + i), i + 1) for i in range(16)]
    + [(chr(ord("a") + i), i + 1) for i in range(16)]
)
"""The all-letter 16x16 convention: A-P = 1..16."""

_SIZED: dict[int, bytes] = {}


def _sized_table(n: int) -> bytes:
    """Like ``_VALUE`` but digits above ``n`` map to 255 too (one ``in`` test validates)."""
    table = _SIZED.get(n)
    if table is None:
        table = _SIZED[n] = bytes(v if v <= n else _BAD for v in _VALUE)
    return table


_SQUARES: dict[int, int] = {n * n: n for n in LINE_SIZES}
_DIGITS19 = frozenset("123456789")
_HIGH16 = frozenset("HIJKLMNOPhijklmnop")
"""Letters that only the all-letter 16x16 convention (A-P = 1..16) uses."""
_PREFIX = re.compile(r"[1-9A-Pa-p0.xX*_\- \t]*")
_TOKEN = re.compile(r"[^ \t]+")
_FIELD_END = " \t,;#/|"
_SEPARATOR_LINE = re.compile(r"^[-=+*.:'|_~]+$")
_RULES: dict[int, Rules] = {9: CLASSIC}


def _rules_of_size(n: int) -> Rules:
    rules = _RULES.get(n)
    if rules is None:
        rules = _RULES[n] = Rules(n)
    return rules


def _digits_text(n: int | None) -> str:
    if n is None or n > 25:
        return "a digit 1-9, A-P"
    if n <= 9:
        return f"a digit 1-{n}"
    if n == 10:
        return "a digit 1-9, A"
    return f"a digit 1-9, A-{SYMBOLS[n - 1]}"


def _symbol_expected(n: int | None, letters: bool = False) -> str:
    what = "a letter A-P" if letters else _digits_text(n)
    return f"expected {what} or a blank (. 0 x * - _)"


def _error(
    expected: str,
    *,
    found: str | int | None = None,
    quote: bool = True,
    line: int | None = None,
    column: int | None = None,
    source: str | None = None,
) -> ParseError:
    """A ParseError; counts (``quote=False``) read ``found 80`` rather than ``found '80'``."""
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


# ---------------------------------------------------------------------- fast 9x9 check
_LO = bytes([0] + [1 << (v - 1) if v <= 8 else 0 for v in range(1, 256)])
_HI = bytes([0] * 9 + [1] + [0] * 246)


def _lanes(positions: Iterable[int]) -> int:
    return sum(1 << (16 * k) for k in positions)


_ROW_SUM = _lanes(range(9))
_ROW_MASK = _lanes(range(8, 81, 9)) * 0xFFFF
_COL_MASK = _lanes(range(9)) * 0xFFFF
_BOX_MASK = _lanes((0, 3, 6, 27, 30, 33, 54, 57, 60)) * 0xFFFF


def _ok9(cells: bytes) -> bool:
    """True when a classic 9x9 grid (81 bytes, 0-9) repeats no digit in a house.

    Each cell becomes a 16-bit lane holding ``1 << (digit - 1)``; house sums are formed
    with big-integer shifts and one multiplication.  Digits in a house are distinct
    exactly when adding their one-hot lanes never carries, i.e. when the bit count of
    the sums equals the number of givens in the houses (3 per given).
    """
    lanes = bytearray(162)
    lanes[0::2] = cells.translate(_LO)
    lanes[1::2] = cells.translate(_HI)
    x = int.from_bytes(lanes, "little")
    band = x + (x >> 144) + (x >> 288)
    bits = (
        ((x * _ROW_SUM) & _ROW_MASK).bit_count()
        + ((band + (band >> 432) + (band >> 864)) & _COL_MASK).bit_count()
        + ((band + (band >> 16) + (band >> 32)) & _BOX_MASK).bit_count()
    )
    return bits == 3 * (81 - cells.count(0))


def _checker(rules: Rules) -> Callable[[bytes], bool]:
    """A function telling whether cells are free of conflicts under ``rules``."""
    if rules is CLASSIC or rules == CLASSIC:
        return _ok9
    return lambda cells: not rules.conflicts(cells)


def _invalid(rules: Rules, cells: bytes) -> InvalidPuzzle:
    try:
        Grid._trusted(rules, cells).check()
    except InvalidPuzzle as e:
        return e
    raise AssertionError("conflict expected")  # pragma: no cover


def _locate(error: ShuduError, line: int | None, source: str | None) -> ShuduError:
    """Add the line (and file) to an InvalidPuzzle's message and attributes."""
    where = ", ".join(x for x in (source, None if line is None else f"line {line}") if x)
    if where:
        error.args = (f"{where}: {error.args[0]}",)
    error.line = line  # type: ignore[attr-defined]
    error.source = source  # type: ignore[attr-defined]
    return error


_NOT_UTF8 = re.compile("[\udc80-\udcff]")
"""A byte that is not UTF-8, as reading with ``errors="surrogateescape"`` keeps it."""


def _utf8_error(text: str, line: int, source: str | None) -> ParseError | None:
    """The error for the first byte of ``text`` (whose first line is ``line``) that was
    not valid UTF-8, or ``None`` when there is none.

    >>> str(_utf8_error("ok\\nab\\udcff", 1, "f.txt"))
    'f.txt, line 2, column 3: not valid UTF-8 (byte 0xff)'
    """
    bad = _NOT_UTF8.search(text)
    if bad is None:
        return None
    pos = bad.start()
    start = text.rfind("\n", 0, pos) + 1
    return ParseError(f"not valid UTF-8 (byte 0x{ord(bad.group()) - 0xDC00:02x})",
                      line=line + text.count("\n", 0, pos), column=pos - start + 1,
                      source=source)


# ---------------------------------------------------------------------- one line
def _size_guess(s: str, pos: int) -> int | None:
    """Size suggested by the length of the whitespace-free run of ``s`` around ``pos``."""
    start = max(s.rfind(" ", 0, pos), s.rfind("\t", 0, pos)) + 1
    end = min((i for i in (s.find(" ", pos), s.find("\t", pos)) if i >= 0), default=len(s))
    return _SQUARES.get(end - start)


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
    return min(_SQUARES, key=lambda k: (abs(k - found), -k))


def _cells_found(found: int, expected: int) -> str:
    """How to show a wrong cell count: a whole multiple of the puzzle's cells is most
    likely several puzzles run together on one line.

    >>> _cells_found(80, 81), _cells_found(162, 81)
    ('80', '162 (2 puzzles of 81 run together?)')
    """
    if found > expected and found % expected == 0:
        return f"{found} ({found // expected} puzzles of {expected} run together?)"
    return str(found)


def _read_line(
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
    if ((n2 in _SQUARES) if rules is None else (n2 == rules.ncells)) and s.isascii():
        r = rules or _rules_of_size(_SQUARES[n2])
        cells = s.encode("ascii").translate(_sized_table(r.size))
        if b"\xff" not in cells and r.size != 16:
            return r, cells, ""
    valid: Any = _SQUARES if rules is None else (rules.ncells,)
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
                raise _error("expected the end of the puzzle", found=s[nxt:], line=line,
                             column=lead + nxt + 1, source=source)
            raise _error(_symbol_expected(rules.size if rules else _size_guess(s, end)),
                         found=ch, line=line, column=lead + end + 1, source=source)
        if counts and (len(tokens) == 1 or counts[0] >= 16):
            found = counts[0]
        else:
            found = counts[-1] if counts else 0
        expected = rules.ncells if rules else _expected_cells(found)
        raise _error(f"expected {expected} cells", found=_cells_found(found, expected),
                     quote=False, line=line, source=source)
    kept = tokens[: choice + 1]
    compact = "".join(s[b:e] for b, e in kept)
    r = rules or _rules_of_size(_SQUARES[len(compact)])
    extra = s[kept[-1][1]:].lstrip(" \t,;")
    letters = r.size == 16 and _DIGITS19.isdisjoint(compact) and not _HIGH16.isdisjoint(compact)
    cells = compact.encode("ascii").translate(_LETTERS16 if letters else _VALUE)
    limit = r.size
    if max(cells) > limit:
        index = next(i for i, v in enumerate(cells) if v > limit)
        for b, e in kept:
            if index < e - b:
                column = lead + b + index + 1
                break
            index -= e - b
        bad = text[column - 1 - col0]
        raise _error(_symbol_expected(limit, letters), found=bad, line=line, column=column,
                     source=source)
    return r, cells, extra


# ---------------------------------------------------------------------- pencilmarks
@dataclass(frozen=True)
class Pencilmarks:
    """Candidates of every cell: one bitmask per cell, bit ``d - 1`` set when ``d`` may go there.

    A cell with a single candidate counts as placed (:meth:`to_grid`).  Text forms are a
    HoDoKu-style candidate grid (:meth:`format`) and the 729-character string
    (:meth:`to_string729`); both read back with :func:`parse_pencilmarks`.

    >>> pm = Pencilmarks.from_grid(Grid("1" + "." * 15, rules=Rules(4)))
    >>> pm.digits(0), pm.digits(1), pm.digits(5)
    ((1,), (2, 3, 4), (2, 3, 4))
    >>> parse_pencilmarks(pm.format()) == pm
    True
    >>> parse_pencilmarks(pm.to_string729(), format="729", rules=Rules(4)) == pm
    True
    """

    rules: Rules
    candidates: tuple[int, ...]

    def __post_init__(self) -> None:
        cands = tuple(self.candidates)
        object.__setattr__(self, "candidates", cands)
        if len(cands) != self.rules.ncells:
            raise ValueError(f"expected {self.rules.ncells} candidate masks, got {len(cands)}")
        full = (1 << self.rules.size) - 1
        for i, mask in enumerate(cands):
            if not isinstance(mask, int) or mask < 0 or mask & ~full:
                raise ValueError(
                    f"candidate mask of {self.rules.cell_name(i)} must be 0..{full}, got {mask!r}"
                )

    @classmethod
    def from_grid(cls, grid: Grid) -> Pencilmarks:
        """Candidates left by the givens: a given is its own single candidate; an empty
        cell keeps every digit no peer holds.

        >>> Pencilmarks.from_grid(Grid("12" + "." * 14, rules=Rules(4))).digits(2)
        (3, 4)
        """
        rules = grid.rules
        full = (1 << rules.size) - 1
        cells = grid.cells
        out = []
        for cell, value in enumerate(cells):
            if value:
                out.append(1 << (value - 1))
            else:
                mask = full
                for p in rules.peers[cell]:
                    if cells[p]:
                        mask &= ~(1 << (cells[p] - 1))
                out.append(mask)
        return cls(rules, tuple(out))

    def digits(self, cell: int) -> tuple[int, ...]:
        """The candidate digits of one cell, ascending.

        >>> Pencilmarks(Rules(4), (0b1010,) + (15,) * 15).digits(0)
        (2, 4)
        """
        mask = self.candidates[cell]
        return tuple(d for d in range(1, self.rules.size + 1) if mask >> (d - 1) & 1)

    def to_grid(self) -> Grid:
        """Grid of the placed values (cells with exactly one candidate), not checked.

        >>> Pencilmarks(Rules(4), (1, 2, 3, 12) + (0,) * 12).to_grid().to_string()
        '12..............'
        """
        values = bytes(m.bit_length() if m and not m & (m - 1) else 0 for m in self.candidates)
        return Grid._trusted(self.rules, values)

    def _cell_text(self, mask: int, blank: str) -> str:
        return "".join(SYMBOLS[d] for d in range(self.rules.size) if mask >> d & 1) or blank

    def to_string729(self, blank: str = ".") -> str:
        """n*n groups of n characters; character k of a group is digit k+1 or ``blank``.

        >>> Pencilmarks(Rules(4), (0b0101,) + (15,) * 15).to_string729()[:8]
        '1.3.1234'
        """
        n = self.rules.size
        symbols = SYMBOLS[:n]
        return "".join(
            "".join(symbols[d] if mask >> d & 1 else blank for d in range(n))
            for mask in self.candidates
        )

    def format(self) -> str:
        """HoDoKu-style candidate grid (``-`` for a cell with no candidate left).

        >>> print(Pencilmarks.from_grid(Grid("1" + "." * 15, rules=Rules(4))).format())
        .-----------.------------.
        | 1    234  | 234   234  |
        | 234  234  | 1234  1234 |
        :-----------+------------:
        | 234  1234 | 1234  1234 |
        | 234  1234 | 1234  1234 |
        '-----------'------------'
        """
        rules = self.rules
        n = rules.size
        texts = [self._cell_text(m, "-") for m in self.candidates]
        widths = [max(len(texts[r * n + c]) for r in range(n)) for c in range(n)]
        br, bc = rules.box if rules.regions is None else (n, n)  # type: ignore[misc]
        stacks = [range(k, k + bc) for k in range(0, n, bc)]
        segments = [sum(widths[c] for c in cols) + 2 * len(cols) for cols in stacks]

        def border(left: str, mid: str, right: str) -> str:
            return left + mid.join("-" * w for w in segments) + right

        lines = [border(".", ".", ".")]
        for r in range(n):
            if r and r % br == 0:
                lines.append(border(":", "+", ":"))
            parts = [
                "  ".join(texts[r * n + c].ljust(widths[c]) for c in cols) for cols in stacks
            ]
            lines.append("| " + " | ".join(parts) + " |")
        lines.append(border("'", "'", "'"))
        return "\n".join(lines)


def _parse_729(
    text: str, rules: Rules | None, line: int = 1, source: str | None = None
) -> Pencilmarks:
    s = text.strip()
    lead = len(text) - len(text.lstrip())
    n = rules.size if rules else next((k for k in range(4, 26) if k**3 == len(s)), None)
    if n is None or len(s) != n**3:
        n = n or 9
        raise _error(f"expected {n**3} characters ({n} candidates for each of {n * n} cells)",
                     found=len(s), quote=False, line=line, source=source)
    rules = rules or _rules_of_size(n)
    masks = []
    for cell in range(n * n):
        mask = 0
        base = cell * n
        for k in range(n):
            ch = s[base + k]
            if ch == SYMBOLS[k] or (k >= 9 and ch == SYMBOLS[k].lower()):
                mask |= 1 << k
            elif ch not in ".0":
                raise _error(
                    f"expected {n} candidates per cell group: '{SYMBOLS[k]}' or '.' for "
                    f"candidate {k + 1} of {rules.cell_name(cell)}",
                    found=ch, line=line, column=lead + base + k + 1, source=source,
                )
        masks.append(mask)
    return Pencilmarks(rules, tuple(masks))


_CUBES = {n**3: n for n in LINE_SIZES if n**3 not in _SQUARES}


def _is_729(s: str) -> bool:
    """True for a candidate string: n**3 characters (a length no line puzzle has)."""
    n = _CUBES.get(len(s))
    return n is not None and set(s) <= set(SYMBOLS[:n] + SYMBOLS[9:n].lower() + ".0")


def _is_separator(line: str) -> bool:
    s = line.strip()
    return bool(_SEPARATOR_LINE.match(s)) and ("--" in s or "==" in s)


_WORD = re.compile(r"(?<![A-Za-z0-9])([A-Za-z]{2,})(?![A-Za-z0-9])")


def _is_word(word: str, n: int | None) -> bool:
    """True when a run of letters is a word, not cells of an ``n`` x ``n`` grid: any run
    for n <= 9 (except blanks ``xx``); otherwise one of mixed case or with a letter past
    ``P`` (16x16 text may use the letters A-P for 1..16)."""
    if not word.strip("xX"):
        return False
    if n is not None and n <= 9:
        return True
    return not (word.isupper() or word.islower()) or any(_VALUE[ord(c)] > 25 for c in word)


_TITLE_END = re.compile(r"\d+\W*$")


def _is_title(line: str, n: int | None = None) -> bool:
    """True for a title line such as ``Puzzle 1``, ``Grid 01`` or ``Newspaper``: it starts
    with a word (two letters or more) that no row of an ``n`` x ``n`` grid can start
    with, and is one word or ends with a number (so ``not a puzzle`` stays an error).

    >>> _is_title("Grid 01"), _is_title("Puzzle"), _is_title("ABCDEFGHIJKLMNOP")
    (True, True, False)
    >>> _is_title("HIDDEN"), _is_title("HIDDEN", 9), _is_title("4..3"), _is_title("xx3x")
    (False, True, False, False)
    >>> _is_title("Puzzle #12:"), _is_title("not a puzzle")
    (True, False)
    """
    s = line.strip()
    m = _WORD.match(s)
    if m is None or not _is_word(m.group(1), n):
        return False
    return len(s.split()) == 1 or _TITLE_END.search(s) is not None


def _is_text(line: str, n: int | None = None) -> bool:
    """True for a line of words in grid text (a title, a rating line such as
    ``3.2 easy, hardest: Hidden Single``): it holds a word no grid row has.

    >>> _is_text("3.2 easy"), _is_text("4 . . | . 3 ."), _is_text("A B C D")
    (True, False, False)
    """
    return any(_is_word(m.group(1), n) for m in _WORD.finditer(line))


def _is_header_row(line: str) -> bool:
    """True for a table's header row: one of its fields names the puzzle column.

    >>> _is_header_row("puzzle,label,poster,ER"), _is_header_row("Hardest sudokus")
    (True, False)
    """
    delim = _delimiter(line)
    if delim is None:
        return line.strip().lower() in _PUZZLE_COLUMNS
    return any(f.strip().strip('"').lower() in _PUZZLE_COLUMNS for f in line.split(delim))


def _is_heading(line: str) -> bool:
    """True for a line of words heading a collection, above its first puzzle: a title
    (:func:`_is_title`) or any line that starts with a word, short of a table's header
    row or a link.

    >>> _is_heading("The hardest sudokus of the forum"), _is_heading("puzzle,comment")
    (True, False)
    >>> _is_heading("4..3 rated"), _is_heading("https://f-puzzles.com/?load=N4Ig")
    (False, False)
    """
    s = line.strip()
    if _is_header_row(s) or _one_line_kind(s) is not None:
        return False
    return _is_title(s) or (bool(_WORD.match(s)) and _is_text(s))


def _is_phrase_title(line: str, delim: str) -> bool:
    """True for a heading whose first field is a phrase, not a column's name: a title
    that holds a comma (``The hardest sudokus, 2011``) rather than a table's header.

    >>> _is_phrase_title("The hardest sudokus, 2011", ","), _is_phrase_title("id,board", ",")
    (True, False)
    """
    return _is_heading(line) and " " in line.split(delim)[0].strip()


_HEADER_LABELS = re.compile(r"(?:^|\s)-c\S*?,(\S+)")
"""The column labels of a ``#!sudoku`` header line (``-c1,PuzzleR,Label,...``)."""


def _header_labels(line: str) -> list[str] | None:
    """The labels of the fields after the puzzle that a ``#!sudoku`` header names, as
    gsf's sudoku program and the forum's hardest list write it (``None`` for another line).

    >>> _header_labels("#!sudoku -c1,PuzzleR,Label,Poster,ER,EP,ED")
    ['Label', 'Poster', 'ER', 'EP', 'ED']
    >>> _header_labels("# a comment") is None
    True
    """
    if not line.startswith("#!"):
        return None
    m = _HEADER_LABELS.search(line)
    if m is None:
        return None
    labels = [f.strip() for f in m.group(1).split(",") if f.strip()]
    return labels[1:] if labels else None


def _row_labels(line: str) -> list[str] | None:
    """The labels of the fields after the puzzle that a header row above one-puzzle
    lines names (``puzzle,label,poster,ER``), or ``None``.

    >>> _row_labels("puzzle,label,poster,ER"), _row_labels("Hardest sudokus")
    (['label', 'poster', 'ER'], None)
    """
    delim = _delimiter(line)
    if delim is None or not _is_header_row(line):
        return None
    return [f.strip() for f in line.split(delim)[1:]]


def _labelled(extra: str, labels: list[str]) -> tuple[str, str | None]:
    """A row's fields after the puzzle as ``label=value`` pairs, and its name (the field
    labelled Label, Name or Title).

    >>> _labelled("golden nugget,tarek,11.9", ["Label", "Poster", "ER"])
    ('Label=golden nugget; Poster=tarek; ER=11.9', 'golden nugget')
    """
    fields = extra.split(_delimiter(extra) or ",") if extra else []
    pairs = [(labels[i] if i < len(labels) else f"column {i + 2}", v.strip())
             for i, v in enumerate(fields)]
    name = next((v for k, v in pairs if k.lower() in _NAME_COLUMNS and v), None)
    return "; ".join(f"{k}={v}" for k, v in pairs if v), name


_PM_TOKEN = re.compile(r"[^\s|:!]+")


def _parse_pm_grid(
    lines: Sequence[tuple[int, str]], rules: Rules | None, source: str | None = None
) -> Pencilmarks:
    rows: list[tuple[int, str, list[re.Match[str]]]] = []
    for lineno, raw in lines:
        if (not raw.strip() or _is_separator(raw) or raw.lstrip().startswith(("#", "//"))
                or _is_text(raw)):
            continue
        rows.append((lineno, raw, list(_PM_TOKEN.finditer(raw))))
    if not rows:
        raise _error("expected a candidate grid", found="no rows", source=source)
    n = rules.size if rules else len(rows)
    if n not in DEFAULT_BOXES and rules is None:
        raise _error("expected a candidate grid of 4, 6, 8, 9, 12, 16 or 25 rows",
                     found=len(rows), quote=False, source=source)
    rules = rules or _rules_of_size(n)
    reading = f"(read as a {n}x{n} candidate grid)"
    masks: list[int] = []
    for index, (lineno, _raw, tokens) in enumerate(rows[:n], 1):
        if len(tokens) != n:
            raise _error(f"expected {n} cells in row {index} {reading}", found=len(tokens),
                         quote=False, line=lineno, source=source)
        for tok in tokens:
            mask = 0
            for k, ch in enumerate(tok.group()):
                if ch in "-.0" and len(tok.group()) == 1:
                    break
                d = _VALUE[ord(ch)] if ord(ch) < 256 else _BAD
                if not 1 <= d <= n:
                    raise _error(f"expected candidates {_digits_text(n)[8:]}", found=ch,
                                 line=lineno, column=tok.start() + k + 1, source=source)
                mask |= 1 << (d - 1)
            masks.append(mask)
    if len(rows) != n:
        where = rows[n][0] if len(rows) > n else None
        raise _error(f"expected {n} rows {reading}", found=len(rows), quote=False,
                     line=where, source=source)
    return Pencilmarks(rules, tuple(masks))


# ---------------------------------------------------------------------- grid text
_GRID_TOKEN = re.compile(r"[^\s|!:,;]+")
"""A run of cells in a grid row: spaces, tabs, ``|``, ``!``, ``:``, ``,`` and ``;`` separate."""


def _is_number(text: str) -> bool:
    """True for the ASCII digits of a number a grid can hold (at most two digits)."""
    return 0 < len(text) <= 2 and text.isascii() and text.isdigit()


def _most_common(values: list[int]) -> int:
    """The most frequent value (the first seen among equals)."""
    return Counter(values).most_common(1)[0][0]


def _token_size(rows: Sequence[list[re.Match[str]]]) -> tuple[int, bool]:
    """The size most rows suggest and whether they are space-separated numbers (``10 0 3``)."""
    counts = [len(t) for t in rows]
    chars = [sum(m.end() - m.start() for m in t) for t in rows]
    numeric = any(len(m.group()) > 1 and _is_number(m.group()) for t in rows for m in t)
    by_tokens = _most_common(counts)
    by_chars = _most_common(chars)
    numeric = numeric and by_tokens >= 10 and by_tokens in DEFAULT_BOXES
    return (by_tokens if numeric else by_chars), numeric


def _grid_lines(
    lines: Sequence[tuple[int, str]],
) -> tuple[list[tuple[int, str]], dict[str, str], list[tuple[int, str]]]:
    """Candidate rows, ``#X`` header fields and lines of words (titles, notes) of grid text.

    Separator lines, ``//`` comments, ``[Section]`` lines and sections other than
    ``[Puzzle]`` are skipped.
    """
    header: dict[str, str] = {}
    rows: list[tuple[int, str]] = []
    titles: list[tuple[int, str]] = []
    section = "puzzle"
    for lineno, raw in lines:
        s = raw.strip()
        if not s or _is_separator(s) or s.startswith("//"):
            continue
        if s.startswith("#"):
            if len(s) > 1 and s[1].isalpha() and (len(s) == 2 or not s[2].isalnum()):
                header[s[1].upper()] = s[2:].strip()
            continue
        if s.startswith("[") and s.endswith("]"):
            section = s[1:-1].strip().lower()
            continue
        if section != "puzzle":
            continue
        if _is_text(s):
            titles.append((lineno, s))
            continue
        rows.append((lineno, raw))
    return rows, header, titles


def _parse_rows(
    lines: Sequence[tuple[int, str]], rules: Rules | None, source: str | None = None
) -> tuple[Rules, bytes, dict[str, str], str | None, list[str]]:
    """Rules, cells, ``#X`` header fields, title and other lines of words of grid text
    (also .sdk, .ss).  The title is the first line of words above the rows."""
    found_rows, header, titles = _grid_lines(lines)
    rows = [(lineno, list(_GRID_TOKEN.finditer(raw)), raw) for lineno, raw in found_rows]
    if rows:
        n, numeric = _token_size([t for _, t, _ in rows])
        if n <= 9 or rules is not None:
            # a row of a grid of 9 or fewer cells holds no word: a title or a note
            limit = rules.size if rules is not None else n
            titles += [(lineno, raw.strip()) for lineno, _, raw in rows if _is_text(raw, limit)]
            rows = [row for row in rows if not _is_text(row[2], limit)]
    if not rows:
        raise _error("expected grid rows", found="none", quote=False, source=source)
    n, numeric = _token_size([t for _, t, _ in rows])
    if rules is not None:
        n = rules.size
        numeric = numeric and n >= 10 and len(rows[0][1]) == n
    else:
        if n not in DEFAULT_BOXES or n < 4:
            n = len(rows) if len(rows) in DEFAULT_BOXES else n
        if n not in DEFAULT_BOXES or n < 4:
            raise _error("expected rows of 4, 6, 8, 9, 12, 16 or 25 cells", found=n,
                         quote=False, line=rows[0][0], source=source)
        rules = _rules_of_size(n)
    reading = f"(read as a {n}x{n} grid)"
    out = bytearray()
    expected = _symbol_expected(n)
    for index, (lineno, tokens, _) in enumerate(rows[:n], 1):
        if numeric:
            if len(tokens) != n:
                raise _error(f"expected {n} numbers in row {index} {reading}",
                             found=len(tokens), quote=False, line=lineno, source=source)
            for tok in tokens:
                text = tok.group()
                if _is_number(text) and int(text) <= n:
                    out.append(int(text))
                elif len(text) == 1 and _VALUE[ord(text) & 0xFF] == 0 and ord(text) < 256:
                    out.append(0)
                else:
                    raise _error(f"expected a number 0-{n} or a blank (. x * - _)",
                                 found=text, line=lineno, column=tok.start() + 1,
                                 source=source)
            continue
        before = len(out)
        for tok in tokens:
            for k, ch in enumerate(tok.group()):
                v = _VALUE[ord(ch)] if ord(ch) < 256 else _BAD
                if v > n:
                    raise _error(expected, found=ch, line=lineno,
                                 column=tok.start() + k + 1, source=source)
                out.append(v)
        if len(out) - before != n:
            raise _error(f"expected {n} cells in row {index} {reading}",
                         found=len(out) - before, quote=False, line=lineno, source=source)
    if len(rows) != n:
        where = rows[n][0] if len(rows) > n else None
        raise _error(f"expected {n} rows {reading}", found=len(rows), quote=False,
                     line=where, source=source)
    ordered = sorted(titles)
    above = bool(ordered) and ordered[0][0] < rows[0][0]
    title = ordered[0][1] if above else None
    notes = [text for _, text in ordered[1 if above else 0 :]]
    return rules, bytes(out), header, title, notes


def _puzzle_chunks(
    lines: Sequence[tuple[int, str]], format: str, rules: Rules | None
) -> list[list[tuple[int, str]]]:
    """The lines of each puzzle of grid text holding one or several grids.

    Grids are separated by blank lines (a grid may itself be split into bands by blank
    lines: blocks are joined until they hold n rows); a block of k*n rows with no blank
    line between grids is cut after every n-th row.  Text whose rows do not suggest a
    size stays one piece, so its error is reported as before.
    """
    pm = format == "pencilmarks"
    rows, _, _ = _grid_lines(lines)
    if not rows:
        return [list(lines)]
    if rules is not None:
        n = rules.size
    elif pm:
        counts = [len(_PM_TOKEN.findall(raw)) for _, raw in rows]
        n = _most_common(counts)
    else:
        n, _ = _token_size([list(_GRID_TOKEN.finditer(raw)) for _, raw in rows])
    if n not in DEFAULT_BOXES or len(rows) <= n:
        return [list(lines)]
    row_lines = {lineno for lineno, raw in rows if not _is_text(raw, n)}
    blocks: list[list[tuple[int, str]]] = [[]]
    for item in lines:
        if item[1].strip():
            blocks[-1].append(item)
        elif blocks[-1]:
            blocks.append([])
    chunks: list[list[tuple[int, str]]] = []
    current: list[tuple[int, str]] = []
    count = 0
    for block in blocks:
        k = sum(1 for lineno, _ in block if lineno in row_lines)
        if count and count + k > n:
            chunks.append(current)
            current, count = [], 0
        if not count and k > n and k % n == 0:
            part: list[tuple[int, str]] = []
            seen = 0
            closed = False
            for item in block:
                if closed and not part and _is_separator(item[1]):
                    chunks[-1].append(item)  # the closing border of the grid above
                    continue
                part.append(item)
                seen += item[0] in row_lines
                closed = seen == n
                if closed:
                    chunks.append(part)
                    part, seen = [], 0
            current = part
            continue
        current += block
        count += k
        if count >= n:
            chunks.append(current)
            current, count = [], 0
    if current:
        if count == 0 and chunks:
            chunks[-1] += current
        else:
            chunks.append(current)
    return chunks


# ---------------------------------------------------------------------- JSON
def _json_error(e: json.JSONDecodeError, line0: int, source: str | None) -> ParseError:
    return _error(f"expected valid JSON ({e.msg})", line=line0 + e.lineno - 1, column=e.colno,
                  source=source)


def _json_values(text: str, source: str | None) -> list[tuple[int, str, Any]]:
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

    def values(pos: int, closing: str | None) -> None:
        pos = skip(pos)
        while pos < len(text) and (closing is None or text[pos] != closing):
            try:
                value, end = decoder.raw_decode(text, pos)
            except json.JSONDecodeError as e:
                raise _json_error(e, 1, source) from None
            except ValueError as e:  # a number too long, NaN or Infinity
                raise _error(str(e), line=line_of(pos), source=source) from None
            out.append((line_of(pos), text[pos:end], value))
            pos = skip(end)
        if closing is not None and pos >= len(text):
            raise _error(f"expected '{closing}' to close the list", found="end of text",
                         line=line_of(len(text)), source=source)

    start = skip(0)
    if text.startswith("[", start):
        values(start + 1, "]")
        return out
    try:
        value, end = decoder.raw_decode(text, start)
    except json.JSONDecodeError as e:
        raise _json_error(e, 1, source) from None
    except ValueError as e:  # a number too long, NaN or Infinity
        raise _error(str(e), line=line_of(start), source=source) from None
    if isinstance(value, dict) and "puzzles" in value and skip(end) >= len(text):
        m = re.search(r'"puzzles"\s*:\s*\[', text)
        if m is None or not isinstance(value["puzzles"], list):
            raise _error('expected "puzzles" to be a list of puzzle objects',
                         line=line_of(start), source=source)
        values(m.end(), "]")
        return out
    out.append((line_of(start), text[start:end], value))
    values(end, None)
    return out


_RULES_ERRORS = (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError)
"""What reading a rules spec or object from a file may raise (turned into ParseError)."""

_JSON_KEYS = {"rules", "grid", "name", "author", "difficulty", "solution", "candidates"}


def _json_puzzle(
    value: Any, raw: str, line: int, rules: Rules | None, source: str | None
) -> tuple[Grid, Pencilmarks | None, str | None, str]:
    """Unchecked grid, candidates, name and extra fields of one JSON puzzle object."""
    if not isinstance(value, dict):
        raise _error('expected a JSON object with a "grid"', found=type(value).__name__,
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
        except _RULES_ERRORS as e:
            expected = getattr(e, "expected", str(e))
            raise _error(f'{expected} (in "rules")', found=getattr(e, "found", None),
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
        raise _error('expected a "grid" field', line=line, source=source)
    if pencil is not None and pencil.rules != grid.rules:
        raise _error('expected "candidates" for the same size as "grid"', line=line,
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
        r, cells, _ = _read_line(value, rules, line, source, col0=col0, strict=True)
        return Grid._trusted(r, cells)
    if isinstance(value, list):
        flat: list[Any] = []
        if value and all(isinstance(row, list) for row in value):
            if len(value) != len(value[0]) or any(len(row) != len(value) for row in value):
                raise _error('expected "grid" rows of equal length, one per column',
                             found=f"{len(value)} rows", line=line, source=source)
            for row in value:
                flat.extend(row)
        else:
            flat = value
        if rules is not None and len(flat) != rules.ncells:
            raise _error(f'expected {rules.ncells} cells in "grid"', found=len(flat),
                         quote=False, line=line, source=source)
        if rules is None:
            side = round(len(flat) ** 0.5)
            if side * side != len(flat) or side not in DEFAULT_BOXES:
                raise _error('expected a square number of cells in "grid"', found=len(flat),
                             quote=False, line=line, source=source)
            rules = _rules_of_size(side)
        n = rules.size
        for i, v in enumerate(flat):
            if v is None:
                flat[i] = 0
            elif isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= n:
                raise _error(f'expected numbers 0-{n} (or null) in "grid" at '
                             f"{rules.cell_name(i)}", found=json.dumps(v), line=line,
                             source=source)
        return Grid._trusted(rules, bytes(flat))
    raise _error('expected "grid" to be a string or a list', found=type(value).__name__,
                 line=line, source=source)


def _json_candidates(
    value: Any, rules: Rules | None, line: int, source: str | None
) -> Pencilmarks:
    if isinstance(value, str):
        return _parse_729(value, rules, line, source)
    if not isinstance(value, list):
        raise _error('expected "candidates" as a 729-character string or a list',
                     found=type(value).__name__, line=line, source=source)
    if rules is None:
        side = round(len(value) ** 0.5)
        if side * side != len(value) or side not in DEFAULT_BOXES:
            raise _error('expected one "candidates" entry per cell', found=len(value),
                         quote=False, line=line, source=source)
        rules = _rules_of_size(side)
    if len(value) != rules.ncells:
        raise _error(f'expected {rules.ncells} "candidates" entries', found=len(value),
                     quote=False, line=line, source=source)
    n = rules.size
    masks = []
    for i, item in enumerate(value):
        digits: list[Any]
        if isinstance(item, str):
            digits = [_VALUE[ord(c)] if ord(c) < 256 else _BAD for c in item if c not in "-."]
        elif isinstance(item, list):
            digits = item
        else:
            digits = [item]
        mask = 0
        for d in digits:
            if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= n:
                raise _error(f'expected candidate digits 1-{n} in "candidates" at '
                             f"{rules.cell_name(i)}", found=json.dumps(item), line=line,
                             source=source)
            mask |= 1 << (d - 1)
        masks.append(mask)
    return Pencilmarks(rules, tuple(masks))


# ---------------------------------------------------------------------- detection
_PUZZLE_COLUMNS = ("puzzle", "puzzles", "quizzes", "quiz", "grid", "sudoku", "givens", "question")
_SOLUTION_COLUMNS = ("solution", "solutions", "answer", "answers")
_NAME_COLUMNS = ("name", "title", "label", "id")


def _content_lines(text: str) -> list[str]:
    return [
        s for s in (raw.strip() for raw in text.split("\n"))
        if s and not s.startswith(("#", "//"))
    ]


def _looks_like_puzzle(field: str, rules: Rules | None = None) -> bool:
    try:
        _read_line(field, rules, strict=True)
    except ParseError:
        return False
    return True


def _starts_with_puzzle(line: str) -> bool:
    """True when a line begins with a whole puzzle of at least 36 cells (not a border)."""
    if _is_separator(line.split()[0] if line.split() else line):
        return False
    try:
        r, _, _ = _read_line(line, None)
    except ParseError:
        return False
    return r.size >= 6


def _is_symbol_row(line: str, delim: str) -> bool:
    """True when ``line`` split at ``delim`` is n single cell symbols (n a grid size).

    >>> _is_symbol_row("5,3,0,0,7,0,0,0,0", ","), _is_symbol_row("a,b,c", ",")
    (True, False)
    """
    fields = [f.strip() for f in line.strip().strip(delim).split(delim)]
    n = len(fields)
    return n in DEFAULT_BOXES and n >= 4 and all(
        len(f) == 1 and ord(f) < 256 and _VALUE[ord(f)] <= n for f in fields
    )


def _delimiter(header: str) -> str | None:
    for d in (",", "\t", ";"):
        if d in header:
            return d
    return None


_CLASSIC_LINE = re.compile(r"[0-9.]{81}")
"""A classic puzzle on one line: 81 digits with ``0`` or ``.`` for blanks (a cage string
needs a pointer other than ``.``, a killer list starts ``3x3``)."""


def detect_format(text: str) -> str:
    """Name the format of a text (one of :data:`FORMATS`).

    >>> detect_format("4.....8.5.3" + "." * 70), detect_format("4.....8.5.3" + "." * 70 + "\\n")
    ('line', 'line')
    >>> detect_format('{"grid": "...."}'), detect_format("[Puzzle]\\n..3......")
    ('json', 'sdk')
    >>> detect_format("puzzle,rating\\n" + "." * 81 + ",1.2")
    'csv'
    """
    check_args(text, None, text_only=True)
    s = text.lstrip("\ufeff").strip()
    if _CLASSIC_LINE.fullmatch(s):
        return "line"   # the common case, at once: no other form is 81 digits and dots
    if not s:
        raise _error("expected a puzzle", found="empty text", quote=False)
    first = s[0]
    if first == "{":
        from .fpuzzles import is_fpuzzles
        from .ipuz import is_ipuz
        from .sudokupad import is_sudokupad

        return ("fpuzzles" if is_fpuzzles(s) else "ipuz" if is_ipuz(s)
                else "sudokupad" if is_sudokupad(s) else "json")
    if first == "[":
        if re.match(r"\[[A-Za-z ]+\]\s*(\n|$)", s):
            return "sdk"
        return "json"
    if all(x.strip().startswith(("#", "//")) for x in s.split("\n") if x.strip()):
        raise _error("expected a puzzle", found="only comments", quote=False)
    if "\n" not in s:
        kind = _one_line_kind(s)
        if kind:
            return kind
        compact = "".join(s.split())
        return "729" if _is_729(compact) else "line"
    content = _content_lines(s)
    if not content:
        raise _error("expected a puzzle", found="only comments", quote=False)
    if all(_one_line_kind(c) for c in content):
        return "sdm" if len(content) > 1 else _one_line_kind(content[0])  # type: ignore[return-value]
    if re.search(r"^\s*#[A-Z]\b", s, re.M) and not _starts_with_puzzle(content[0]):
        return "sdk"
    if len(content) == 1:
        return "729" if _is_729("".join(content[0].split())) else "sdm"
    head = content[0]
    delim = _delimiter(head)
    if head.strip().lower() in _PUZZLE_COLUMNS:
        return "csv"
    sample = content[:40]
    if delim and 2 * sum(_is_symbol_row(c, delim) for c in sample) > len(sample):
        return "grid"  # 5<TAB>3<TAB>0 ...: a grid row with separated cells, not a header
    if (
        delim
        and delim in content[1]
        and not _is_phrase_title(head, delim)
        and not _starts_with_puzzle(head)
        and not any(_looks_like_puzzle(f) for f in head.split(delim))
    ):
        return "csv"
    skip = 0
    while skip < min(len(content) - 1, _HEADING_LINES) and _is_heading(content[skip]):
        skip += 1  # title lines (Puzzle 1, Grid 01, a collection's name) above the puzzles
    if skip:
        content = content[skip:]
        head = content[0]
        if len(content) == 1:
            return "729" if _is_729("".join(head.split())) else "sdm"
        if _is_header_row(head) and _delimiter(head):
            return "csv"
    if _starts_with_puzzle(head) or _is_729("".join(head.split())) or _hodoku_line(head):
        return "sdm"
    if _is_separator(head) and head[0] in ".*:" and head[-1] == head[0]:
        return "pencilmarks"
    rows = [c for c in content if not _is_separator(c)]
    tokens = [_GRID_TOKEN.findall(r) for r in rows]
    if any(len(t) == len(rows) for t in tokens) and any(len(x) > 1 for t in tokens for x in t):
        numeric = all(_is_number(x) and int(x) <= len(rows) for t in tokens for x in t)
        if not (numeric and len(rows) >= 10):
            return "pencilmarks"
    if all(re.fullmatch(r"[^\s|]+(\|[^\s|]+)+", r) for r in rows):
        return "ss"
    if _starts_with_puzzle(head) is False and len(rows) == 1:
        return "sdm"
    return "grid"


_HEADING_LINES = 20
"""Lines read at most, looking past headings for a collection's first puzzle."""

_ONE_LINE_FORMS = ("killer", "killer-list", "sudokuwiki", "fpuzzles", "sudokupad")
"""Formats that hold one puzzle on one line (and fill files one per line)."""

_JSON_FORMS = ("fpuzzles", "sudokupad", "ipuz")
"""Formats that may also come as one JSON object over many lines."""


def _one_line_kind(line: str) -> str | None:
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


def _read_one_line_form(text: str, kind: str, rules: Rules | None, line: int | None,
                 source: str | None) -> Grid:
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
            raise _locate(e, line, source) from None
    first = text.strip().split()[0] if kind in ("killer", "sudokuwiki") else text.strip()
    reader = {"killer": read_cage_string, "sudokuwiki": read_sudokuwiki}.get(
        kind, read_killer_list)
    return reader(first, rules, line=line, source=source)


# ---------------------------------------------------------------------- parse
def _numbered(text: str, first: int = 1) -> list[tuple[int, str]]:
    return [(i, raw.rstrip("\r")) for i, raw in enumerate(text.split("\n"), first)]


def _one_chunk(
    text: str, format: str, rules: Rules | None, source: str | None
) -> list[tuple[int, str]]:
    """The numbered lines of grid text that must hold exactly one puzzle."""
    chunks = _puzzle_chunks(_numbered(text), format, rules)
    if len(chunks) > 1:
        line = next((i for i, raw in chunks[1] if raw.strip()), None)
        raise _error("expected exactly one puzzle", found=f"{len(chunks)} puzzles",
                     quote=False, line=line, source=source)
    return chunks[0]


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
            raise _error("expected the puzzle on one line", line=2 if len(lines) > 1 else 1,
                         source=source)
        r, cells, _ = _read_line(s, rules, 1, source)
        grid = Grid._trusted(r, cells)
    elif format in ("pencilmarks", "729"):
        grid = parse_pencilmarks(text, rules=rules, format=format, source=source).to_grid()
    elif format in ("grid", "sdk", "ss"):
        r, cells, *_ = _parse_rows(_one_chunk(text, format, rules, source), rules, source)
        grid = Grid._trusted(r, cells)
    elif format in _JSON_FORMS and text.strip()[:1] == "{":
        grid = _read_one_line_form(text, format, rules, 1, source)
    elif format in _ONE_LINE_FORMS:
        lines = [x for x in text.strip().split("\n") if x.strip()]
        if len(lines) != 1:
            raise _error(f"expected the {format} puzzle on one line", line=2, source=source)
        grid = _read_one_line_form(lines[0], format, rules, 1, source)
    elif format in ("json", "csv", "sdm"):
        records = list(_records_from_text(text, format, rules, False, source))
        if len(records) != 1:
            found = f"{len(records)} puzzles" if len(records) != 0 else "none"
            line = records[1].line if len(records) > 1 else None
            raise _error("expected exactly one puzzle", found=found, quote=False, line=line,
                         source=source)
        record = records[0]
        if record.error is not None:
            raise record.error
        assert record.grid is not None
        grid = record.grid
    else:
        raise _error("expected a format among " + ", ".join(FORMATS), found=format,
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
    if format is None:
        format = detect_format(text)
    if format == "729":
        return _parse_729("".join(text.split()), rules, 1, source)
    if format == "pencilmarks":
        return _parse_pm_grid(_one_chunk(text, format, rules, source), rules, source)
    if format == "json":
        values = _json_values(text, source)
        if len(values) != 1:
            raise _error("expected exactly one puzzle", found=f"{len(values)} puzzles",
                         quote=False, source=source)
        line, raw, value = values[0]
        grid, pencil, _, _ = _json_puzzle(value, raw, line, rules, source)
        return pencil if pencil is not None else Pencilmarks.from_grid(grid)
    return Pencilmarks.from_grid(parse(text, rules=rules, format=format, check=False,
                                       source=source))


# ---------------------------------------------------------------------- many puzzles
@dataclass(frozen=True)
class Record:
    """One entry of a multi-puzzle source (a line, a CSV row, a JSON object ...).

    ``grid`` is ``None`` and ``error`` says why when the entry could not be read;
    ``line`` is where it starts in the file (1-based) and ``text`` its raw text;
    ``solution`` the solution a data-set table gives beside the puzzle (a ``solution``,
    ``solutions`` or ``answer`` column), read but not checked.

    >>> r = next(iter_records("# top\\n" + "1" * 2 + "." * 79 + " # a comment"))
    >>> r.line, r.grid, r.extra
    (2, None, '# a comment')
    >>> str(r.error)
    'line 2: digit 1 appears twice in row 1: r1c1 and r1c2'
    """

    index: int
    line: int
    text: str
    grid: Grid | None
    error: ValueError | None
    extra: str = ""
    name: str | None = None
    solution: Grid | None = None

    @property
    def ok(self) -> bool:
        """True when the entry was read without error.

        >>> next(iter_records("." * 81)).ok
        True
        """
        return self.error is None


_new_record = object.__new__


def _record(
    index: int, line: int, text: str, grid: Grid | None, error: ValueError | None,
    extra: str = "", name: str | None = None, solution: Grid | None = None,
) -> Record:
    record = _new_record(Record)
    record.__dict__.update(index=index, line=line, text=text, grid=grid, error=error,
                           extra=extra, name=name, solution=solution)
    return record


def _hodoku_line(s: str) -> str | None:
    """The givens of a HoDoKu library line ``:tech:cand:givens:...`` (``+`` = placed)."""
    parts = s.split(":")
    if len(parts) >= 5 and s.startswith(":"):
        return parts[3].replace("+", "")
    return None


def _iter_lines(
    lines: Iterable[str], rules: Rules | None, check: bool, source: str | None, first: int = 1
) -> Iterator[Record]:
    """Records of one-puzzle-per-line text (the hot path of large collections)."""
    fixed = rules or CLASSIC
    width = fixed.ncells if fixed.size != 16 else -1  # 16x16 may use the letter convention
    ok = _checker(fixed)
    trusted = Grid._trusted
    table = _sized_table(fixed.size)
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
                labels = _header_labels(s) or labels
            continue
        if len(s) == width and s.isascii():
            cells = s.encode("ascii").translate(table)
            if b"\xff" not in cells:
                record = new(Record)
                if not check or ok(cells):
                    fields = {"index": index, "line": lineno, "text": raw,
                              "grid": trusted(fixed, cells), "error": None, "extra": "",
                              "name": title}
                else:
                    fields = {"index": index, "line": lineno, "text": raw, "grid": None,
                              "error": _locate(_invalid(fixed, cells), lineno, source),
                              "extra": "", "name": title}
                setattr_(record, "__dict__", fields)
                yield record
                index += 1
                title = None
                continue
        grid: Grid | None = None
        error: ValueError | None = _utf8_error(raw, lineno, source)
        extra = ""
        if error is not None:
            yield _record(index, lineno, raw, None, error, "", title)
            index += 1
            title = None
            continue
        try:
            givens = _hodoku_line(s)
            killer = _one_line_kind(s) if givens is None and len(s) >= 81 else None
            if killer is not None:
                grid = _read_one_line_form(s, killer, rules, lineno, source)
                yield _record(index, lineno, raw, grid, None, "", title)
                index += 1
                title = None
                continue
            if givens is not None:
                r, cells, _ = _read_line(givens, rules, lineno, source,
                                         col0=raw.index(givens[:1] or ":"), strict=True)
                extra = s
            elif _is_729(s.split()[0]) and (rules is None or rules.size ** 3 == len(s.split()[0])):
                pm = _parse_729(s.split()[0], rules, lineno, source)
                r, cells = pm.rules, pm.to_grid().cells
                extra = s[len(s.split()[0]):].lstrip(" \t,;")
            else:
                r, cells, extra = _read_line(raw, rules, lineno, source)
            if check and not (ok(cells) if r is fixed else not r.conflicts(cells)):
                raise _locate(_invalid(r, cells), lineno, source)
            grid = trusted(r, cells)
        except ParseError as e:
            if index == 0 and _row_labels(s) is not None:   # a header row
                labels = _row_labels(s)
                continue
            if _is_title(s):  # "Puzzle 1" above a puzzle: its name
                title = s
                continue
            if index == 0 and _is_heading(s):   # a collection's name
                continue
            error = e
        except InvalidPuzzle as e:
            error = e
        name = title
        if labels is not None and extra:
            extra, label = _labelled(extra, labels)
            name = name or label
        yield _record(index, lineno, raw, grid, error, extra, name)
        index += 1
        title = None


def _csv_reason(error: csv.Error) -> str:
    """Why the csv module refused a row, in the words of this module."""
    text = str(error)
    if "new-line character" in text:
        return "a carriage return inside an unquoted field"
    return text.split(" - ")[0]


def _iter_csv(
    lines: Iterable[str], rules: Rules | None, check: bool, source: str | None
) -> Iterator[Record]:
    it = iter(lines)
    lineno = 0
    header_line = ""
    for raw in it:
        lineno += 1
        s = raw.strip()
        if s and not s.startswith(("#", "//")):
            if _delimiter(s) is None and _is_heading(s) and lineno < _HEADING_LINES:
                continue   # a collection's name above the table's header
            header_line = raw.rstrip("\r\n")
            break
    if not header_line:
        return
    delim = _delimiter(header_line) or ","
    try:
        header = next(csv.reader([header_line], delimiter=delim))
    except csv.Error as e:
        error: ValueError | None = _error(f"expected a CSV header ({_csv_reason(e)})",
                                          line=lineno, source=source)
        yield _record(0, lineno, header_line, None, error)
        return
    labels = [h.strip() for h in header]
    names = [h.lower() for h in labels]
    has_header = not any(_looks_like_puzzle(f, rules) for f in header)
    buffer: list[str] = []

    def feed() -> Iterator[str]:
        for raw in it:
            buffer.append(raw.rstrip("\r\n"))
            yield raw if raw.endswith("\n") else raw + "\n"

    reader = csv.reader(feed(), delimiter=delim)
    column = next((names.index(c) for c in _PUZZLE_COLUMNS if c in names), None)
    name_col = next((names.index(c) for c in _NAME_COLUMNS if c in names), None)
    rules_col = names.index("rules") if has_header and "rules" in names else None
    sol_col = next((names.index(c) for c in _SOLUTION_COLUMNS if c in names), None)
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
                yield _record(-1, line, text, None, _error(
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
        bad = _utf8_error(text, line, source)
        if bad is not None:
            yield _record(index, line, text, None, bad)
            index += 1
            continue
        if column is None:
            column = next((i for i, f in enumerate(row) if _looks_like_puzzle(f, rules)), 0)
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
                except _RULES_ERRORS as e:
                    expected = getattr(e, "expected", str(e))
                    raise _error(f'{expected} (in column "rules")',
                                 found=getattr(e, "found", None), line=line,
                                 source=source) from None
            if column >= len(row):
                raise _error(f"expected a puzzle in column {column + 1}",
                             found=f"{len(row)} columns", quote=False, line=line,
                             source=source)
            pos = text.find(field)
            try:
                r, cells, _ = _read_line(field, row_rules, line, source, col0=max(pos, 0),
                                         strict=True)
            except ParseError as e:
                if e.column is None and e.expected.endswith(" cells"):
                    label = labels[column] if column < len(labels) else f"column {column + 1}"
                    raise _error(f"{e.expected} (read as a CSV table, puzzle column "
                                 f"{label!r})", found=e.found, quote=False, line=e.line,
                                 source=source) from None
                raise
            grid = Grid._trusted(r, cells)
            if check and not _checker(r)(cells):
                raise _locate(_invalid(r, cells), line, source)
            if sol_col is not None and sol_col < len(row) and row[sol_col].strip():
                solution = _solution_field(row[sol_col], r, labels[sol_col], line, source)
        except (ParseError, InvalidPuzzle) as e:
            error, grid = e, None
        yield _record(index, line, text, grid, error, "; ".join(extras), name or None,
                      solution)
        index += 1


def _solution_field(field: str, rules: Rules, label: str, line: int,
                    source: str | None) -> Grid:
    """The solution a table gives beside a puzzle (every cell filled), or the error
    naming its column."""
    try:
        r, cells, _ = _read_line(field.strip(), rules, line, source, strict=True)
    except ParseError as e:
        raise _error(f"{e.expected} (in column {label!r})", found=e.found, quote=False,
                     line=line, source=source) from None
    if 0 in cells:
        raise _error(f"expected a full solution in column {label!r}",
                     found=f"{cells.count(0)} empty cells", quote=False, line=line,
                     source=source)
    return Grid._trusted(r, cells)


def _iter_json(
    text: str, rules: Rules | None, check: bool, source: str | None
) -> Iterator[Record]:
    for index, (line, raw, value) in enumerate(_json_values(text, source)):
        grid: Grid | None = None
        error: ValueError | None = None
        extra = ""
        name: str | None = None
        try:
            grid, _, name, extra = _json_puzzle(value, raw, line, rules, source)
            if check and not _checker(grid.rules)(grid.cells):
                raise _locate(_invalid(grid.rules, grid.cells), line, source)
        except (ParseError, InvalidPuzzle) as e:
            error, grid = e, None
        yield _record(index, line, raw, grid, error, extra, name)


def _iter_blocks(
    text: str, format: str, rules: Rules | None, check: bool, source: str | None
) -> Iterator[Record]:
    """One record per multi-line puzzle (grid text, .sdk, .ss, candidate grid); several
    grids in one text are separated by blank lines or follow each other (n rows each)."""
    if format == "729":
        chunks = [_numbered(text)]
    else:
        chunks = _puzzle_chunks(_numbered(text), format, rules)
    for index, lines in enumerate(chunks):
        first = next((i for i, s in lines if s.strip()), lines[0][0] if lines else 1)
        grid: Grid | None = None
        error: ValueError | None = None
        name: str | None = None
        extra = ""
        raw = "\n".join(s for _, s in lines).strip("\n")
        try:
            if format in ("pencilmarks", "729"):
                if format == "729":
                    pm = _parse_729("".join(text.split()), rules, first, source)
                else:
                    pm = _parse_pm_grid(lines, rules, source)
                    name = next((s.strip() for _, s in lines if _is_text(s)
                                 and not s.lstrip().startswith(("#", "//"))), None)
                grid = pm.to_grid()
                extra = pm.to_string729()
            else:
                r, cells, header, title, notes = _parse_rows(lines, rules, source)
                grid = Grid._trusted(r, cells)
                name = header.get("N") or header.get("D") or title
                extra = "\n".join([f"#{k} {v}" for k, v in header.items()] + notes)
            if check and not _checker(grid.rules)(grid.cells):
                raise _locate(_invalid(grid.rules, grid.cells), first, source)
        except (ParseError, InvalidPuzzle) as e:
            error, grid = e, None
        yield _record(index, first, raw, grid, error, extra, name)


def _records_from_text(
    text: str, format: str, rules: Rules | None, check: bool, source: str | None
) -> Iterator[Record]:
    text = text.lstrip("\ufeff")
    if format not in ("sdm", "line", "csv", *_ONE_LINE_FORMS):
        bad = _utf8_error(text, 1, source)
        if bad is not None:
            return iter([_record(0, bad.line or 1, text, None, bad)])
    if format in _JSON_FORMS and text.strip()[:1] == "{":
        rows = [(n, x) for n, x in enumerate(text.split("\n"), 1) if x.strip()]
        if len(rows) > 1 and all(x.strip()[:1] == "{" and x.strip()[-1:] == "}"
                                 for _, x in rows):   # JSON Lines: one object a line
            return iter([_record(i, n, x, _read_one_line_form(x, format, rules, n, source),
                                 None, "", None) for i, (n, x) in enumerate(rows)])
        grid = _read_one_line_form(text, format, rules, 1, source)
        return iter([_record(0, 1, text, grid, None, "", None)])
    if format in ("sdm", "line", *_ONE_LINE_FORMS):
        return _iter_lines(text.split("\n"), rules, check, source)
    if format == "csv":
        return _iter_csv(text.split("\n"), rules, check, source)
    if format == "json":
        return _iter_json(text, rules, check, source)
    if format in ("grid", "sdk", "ss", "pencilmarks", "729"):
        return _iter_blocks(text, format, rules, check, source)
    raise _error("expected a format among " + ", ".join(FORMATS), found=format, source=source)


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
            yield from _iter_csv(_parquet_lines(name), rules, check, name)
            return
        with open(name, encoding="utf-8-sig", errors="surrogateescape") as f:
            yield from _iter_stream(f, format or _EXTENSIONS.get(ext), rules, check, name)
        return
    named = getattr(source, "name", None)
    label = named if isinstance(named, str) and not named.startswith("<") else None
    yield from _iter_stream(source, format, rules, check, label)


def _parquet_lines(name: str) -> Iterator[str]:
    """A Parquet data set (``quizzes,solutions`` or any columns) as the lines of the CSV
    it would be, batch by batch, so that it is read like one (line 1 is the header).

    >>> import pathlib, tempfile
    >>> import pyarrow as pa, pyarrow.parquet as pq
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
            if not s or s.startswith(("#", "//")) or _NOT_UTF8.search(s):
                continue
            if _starts_with_puzzle(s) or (s.startswith(":") and _hodoku_line(s) is not None):
                format = "sdm"
            elif _is_heading(s) and len(head) < _HEADING_LINES:
                continue  # a title line (Puzzle 1, a collection's name) above the puzzles
            break
    if head:
        head[0] = head[0].lstrip("\ufeff")
    if format in ("sdm", "line"):
        yield from _iter_lines(chain(head, stream), rules, check, source)
    elif format == "csv":
        yield from _iter_csv(chain(head, stream), rules, check, source)
    else:
        text = "".join(head) + stream.read()
        if not text.strip():
            return
        bad = None if format else _utf8_error(text, 1, source)
        if bad is not None:   # binary, or text whose format the bad bytes hide
            yield _record(0, bad.line or 1, "", None, bad)
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
    file = path if isinstance(path, os.PathLike) else Path(path)
    return list(iter_records(file, format=format, rules=rules, check=check))


# ---------------------------------------------------------------------- writing
def format_grid(grid: Grid, blank: str = ".") -> str:
    """Grid text: cells separated by spaces, ``|`` between boxes, ``-``/``+`` lines
    between bands (no box lines for jigsaw regions).

    >>> print(format_grid(Grid("1" + "." * 35, rules=Rules(6))))
    1 . . | . . .
    . . . | . . .
    ------+------
    . . . | . . .
    . . . | . . .
    ------+------
    . . . | . . .
    . . . | . . .
    """
    rules = grid.rules
    n = rules.size
    line = grid.to_string(blank)
    rows = [line[r * n : (r + 1) * n] for r in range(n)]
    if rules.regions is not None:
        return "\n".join(" ".join(row) for row in rows)
    br, bc = rules.box  # type: ignore[misc]
    stacks = range(0, n, bc)
    out: list[str] = []
    widths = [2 * bc - 1 for _ in stacks]
    rule = "+".join("-" * (w + (1 if i in (0, len(widths) - 1) else 2))
                    for i, w in enumerate(widths))
    if len(widths) == 1:
        rule = "-" * widths[0]
    for r, row in enumerate(rows):
        if r and r % br == 0:
            out.append(rule)
        out.append(" | ".join(" ".join(row[c : c + bc]) for c in stacks))
    return "\n".join(out)


def _write_ss(grid: Grid, blank: str) -> str:
    rules = grid.rules
    n = rules.size
    line = grid.to_string(blank)
    br, bc = rules.box if rules.regions is None else (n, n)  # type: ignore[misc]
    rows = ["|".join(line[r * n + c : r * n + c + bc] for c in range(0, n, bc))
            for r in range(n)]
    out: list[str] = []
    for r, row in enumerate(rows):
        if r and r % br == 0:
            out.append("-" * len(row))
        out.append(row)
    return "\n".join(out)


def write(grid: Grid, format: str = "line", *, blank: str = ".") -> str:
    """Text of a grid in a format: ``line`` (also ``sdm``), ``grid``, ``sdk``, ``ss``,
    ``json``, ``csv`` (a header and one row), ``pencilmarks`` or ``729`` (the candidates
    the givens leave).

    >>> g = Grid("1234341221434321", rules=Rules(4))
    >>> print(write(g, "ss"))
    12|34
    34|12
    -----
    21|43
    43|21
    >>> write(g, "json")
    '{"rules": {"size": 4, "box": [2, 2]}, "grid": "1234341221434321"}'
    >>> write(g, "csv")
    'puzzle\\n1234341221434321\\n'
    """
    _holds_constraints(grid, format)
    if format in ("line", "sdm"):
        return grid.to_string(blank)
    if format == "grid":
        return format_grid(grid, blank)
    if format == "sdk":
        n = grid.size
        line = grid.to_string(blank)
        return "[Puzzle]\n" + "\n".join(line[r * n : (r + 1) * n] for r in range(n))
    if format == "ss":
        return _write_ss(grid, blank)
    if format == "json":
        return json.dumps(grid.to_dict() if blank == "." else
                          {"rules": grid.rules.to_dict(), "grid": grid.to_string(blank)})
    if format == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        plain = grid.size in LINE_SIZES and grid.rules == _rules_of_size(grid.size)
        writer.writerow(["puzzle"] if plain else ["puzzle", "rules"])
        writer.writerow([grid.to_string(blank)] if plain
                        else [grid.to_string(blank), grid.rules.spec])
        return out.getvalue()
    if format == "pencilmarks":
        return Pencilmarks.from_grid(grid).format()
    if format == "729":
        return Pencilmarks.from_grid(grid).to_string729()
    if format == "fpuzzles":
        from .fpuzzles import write_fpuzzles

        return write_fpuzzles(grid)
    if format == "sudokupad":
        from .sudokupad import write_sudokupad

        return write_sudokupad(grid)
    if format == "ipuz":
        from .ipuz import write_ipuz

        return write_ipuz(grid)
    if format in ("killer", "killer-list", "sudokuwiki"):
        from .killer import write_cage_string, write_killer_list, write_sudokuwiki

        if grid.clue_count:
            raise _error(f"a {format} line holds cages only, not givens",
                         found=f"{grid.clue_count} givens", quote=False)
        return {"killer": write_cage_string, "killer-list": write_killer_list,
                "sudokuwiki": write_sudokuwiki}[format](grid.rules)
    raise _error("expected a format among " + ", ".join(FORMATS), found=format)


def _holds_constraints(grid: Grid, format: str) -> None:
    """Refuse to write a puzzle with constraints (killer cages ...) in a notation that
    would drop them."""
    cons = grid.rules.constraints
    if not cons or format in ("json", "fpuzzles", "sudokupad"):
        return
    kinds = sorted({c.kind for c in cons})
    if format in ("killer", "killer-list", "sudokuwiki", "ipuz") and kinds == ["killer"]:
        return
    if kinds == ["killer"]:
        what, holds = "killer cages", ("json, fpuzzles, sudokupad, ipuz, killer, killer-list "
                                       "or sudokuwiki")
    else:
        what, holds = ", ".join(kinds) + " constraints", "json, fpuzzles or sudokupad"
    raise _error(f"the {format} notation cannot hold {what}; write {holds}",
                 found=f"{len(cons)} constraints", quote=False)


def _plain(grid: Grid) -> bool:
    """True when a grid's rules follow from its size (no ``rules`` column needed)."""
    return grid.size in LINE_SIZES and grid.rules == _rules_of_size(grid.size)


def iter_write(
    grids: Iterable[Grid],
    format: str = "line",
    *,
    blank: str = ".",
    rules_column: bool | None = None,
) -> Iterator[str]:
    """The text of each grid as :func:`write_many` lays it out, one piece per grid (each
    ending with a newline), to print solutions as they come.  For ``csv`` the first
    piece holds the header; it has a ``rules`` column when ``rules_column`` says so
    (``None``: when the first grid's rules do not follow from its size).

    >>> pieces = iter_write([Grid("1" + "." * 15, rules=Rules(4))] * 2, "grid")
    >>> print("".join(pieces), end="")
    1 . | . .
    . . | . .
    ----+----
    . . | . .
    . . | . .
    <BLANKLINE>
    1 . | . .
    . . | . .
    ----+----
    . . | . .
    . . | . .
    """
    if format not in WRITE_FORMATS:
        raise _error("expected a format among " + ", ".join(WRITE_FORMATS), found=format)
    blocks = format in ("grid", "sdk", "ss", "pencilmarks")
    for k, g in enumerate(grids):
        if format == "csv":
            _holds_constraints(g, format)
            if rules_column is None:
                rules_column = not _plain(g)
            out = io.StringIO()
            writer = csv.writer(out, lineterminator="\n")
            if k == 0:
                writer.writerow(["puzzle", "rules"] if rules_column else ["puzzle"])
            writer.writerow([g.to_string(blank), g.rules.spec] if rules_column
                            else [g.to_string(blank)])
            yield out.getvalue()
        elif blocks and k:
            yield "\n" + write(g, format, blank=blank) + "\n"
        else:
            yield write(g, format, blank=blank) + "\n"


def write_many(grids: Iterable[Grid], format: str = "line", *, blank: str = ".") -> str:
    """Text of several grids in one format, read back by :func:`iter_records` as the
    same grids in order: one per line (``line``, ``sdm``, ``729``), JSON Lines
    (``json``), one table (``csv``), or blocks separated by a blank line (``grid``,
    ``sdk``, ``ss``, ``pencilmarks``).  The text ends with a newline (empty for no grid).

    >>> two = [Grid("1234341221434321", rules=Rules(4)), Grid("1" + "." * 15, rules=Rules(4))]
    >>> print(write_many(two, "csv"), end="")
    puzzle
    1234341221434321
    1...............
    >>> [r.grid for r in iter_records(write_many(two, "grid"))] == two
    True
    """
    items = list(grids)
    column = not all(_plain(g) for g in items)
    return "".join(iter_write(items, format, blank=blank, rules_column=column))


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
    if not _puzzle_attempt(text) and _one_line_kind(text) is None:
        return None
    try:
        parse(text, rules=rules, format=format)
    except ShuduError as e:
        return e
    return None


register_text(parse=parse, format_grid=format_grid)
