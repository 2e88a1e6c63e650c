"""Telling a text's notation from its content (:func:`detect_format`)."""

from __future__ import annotations

import re

from ..values.grid import check_args
from ..values.rules import DEFAULT_BOXES
from .gridtext import GRID_TOKEN, is_number
from .headings import (
    HEADING_LINES,
    PUZZLE_COLUMNS,
    delimiter,
    is_header_row,
    is_heading,
    is_phrase_title,
    is_separator,
)
from .lines import hodoku_line, looks_like_puzzle, starts_with_puzzle
from .one_line import one_line_kind
from .report import parse_error
from .symbols import VALUE, is_729

FORMATS: tuple[str, ...] = ("line", "grid", "sdk", "ss", "pencilmarks", "729", "json", "csv", "sdm",
                            "killer", "killer-list", "sudokuwiki", "fpuzzles", "sudokupad",
                            "ipuz")
"""Format names accepted by ``format=`` (and returned by :func:`detect_format`)."""


def _content_lines(text: str) -> list[str]:
    return [
        s for s in (raw.strip() for raw in text.split("\n"))
        if s and not s.startswith(("#", "//"))
    ]


def _is_symbol_row(line: str, delim: str) -> bool:
    """True when ``line`` split at ``delim`` is n single cell symbols (n a grid size).

    >>> _is_symbol_row("5,3,0,0,7,0,0,0,0", ","), _is_symbol_row("a,b,c", ",")
    (True, False)
    """
    fields = [f.strip() for f in line.strip().strip(delim).split(delim)]
    n = len(fields)
    return n in DEFAULT_BOXES and n >= 4 and all(
        len(f) == 1 and ord(f) < 256 and VALUE[ord(f)] <= n for f in fields
    )


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
        raise parse_error("expected a puzzle", found="empty text", quote=False)
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
        raise parse_error("expected a puzzle", found="only comments", quote=False)
    if "\n" not in s:
        kind = one_line_kind(s)
        if kind:
            return kind
        compact = "".join(s.split())
        return "729" if is_729(compact) else "line"
    content = _content_lines(s)
    if not content:
        raise parse_error("expected a puzzle", found="only comments", quote=False)
    if all(one_line_kind(c) for c in content):
        return "sdm" if len(content) > 1 else one_line_kind(content[0])  # type: ignore[return-value]
    if re.search(r"^\s*#[A-Z]\b", s, re.M) and not starts_with_puzzle(content[0]):
        return "sdk"
    if len(content) == 1:
        return "729" if is_729("".join(content[0].split())) else "sdm"
    head = content[0]
    delim = delimiter(head)
    if head.strip().lower() in PUZZLE_COLUMNS:
        return "csv"
    sample = content[:40]
    if delim and 2 * sum(_is_symbol_row(c, delim) for c in sample) > len(sample):
        return "grid"  # 5<TAB>3<TAB>0 ...: a grid row with separated cells, not a header
    if (
        delim
        and delim in content[1]
        and not is_phrase_title(head, delim)
        and not starts_with_puzzle(head)
        and not any(looks_like_puzzle(f) for f in head.split(delim))
    ):
        return "csv"
    skip = 0
    while skip < min(len(content) - 1, HEADING_LINES) and is_heading(content[skip]):
        skip += 1  # title lines (Puzzle 1, Grid 01, a collection's name) above the puzzles
    if skip:
        content = content[skip:]
        head = content[0]
        if len(content) == 1:
            return "729" if is_729("".join(head.split())) else "sdm"
        if is_header_row(head) and delimiter(head):
            return "csv"
    if starts_with_puzzle(head) or is_729("".join(head.split())) or hodoku_line(head):
        return "sdm"
    if is_separator(head) and head[0] in ".*:" and head[-1] == head[0]:
        return "pencilmarks"
    rows = [c for c in content if not is_separator(c)]
    tokens = [GRID_TOKEN.findall(r) for r in rows]
    if any(len(t) == len(rows) for t in tokens) and any(len(x) > 1 for t in tokens for x in t):
        numeric = all(is_number(x) and int(x) <= len(rows) for t in tokens for x in t)
        if not (numeric and len(rows) >= 10):
            return "pencilmarks"
    if all(re.fullmatch(r"[^\s|]+(\|[^\s|]+)+", r) for r in rows):
        return "ss"
    if starts_with_puzzle(head) is False and len(rows) == 1:
        return "sdm"
    return "grid"
