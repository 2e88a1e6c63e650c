"""The lines of words around puzzles: separator lines, titles and headings, a table's
header row and the labels of its columns."""

from __future__ import annotations

import re

from .one_line import one_line_kind
from .symbols import VALUE

_SEPARATOR_LINE = re.compile(r"^[-=+*.:'|_~]+$")


def is_separator(line: str) -> bool:
    """True for a border line of grid text (``+-----+``, ``=====``).

    >>> is_separator("+-------+-------+"), is_separator("1.3.")
    (True, False)
    """
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
    return not (word.isupper() or word.islower()) or any(VALUE[ord(c)] > 25 for c in word)


_TITLE_END = re.compile(r"\d+\W*$")


def is_title(line: str, n: int | None = None) -> bool:
    """True for a title line such as ``Puzzle 1``, ``Grid 01`` or ``Newspaper``: it starts
    with a word (two letters or more) that no row of an ``n`` x ``n`` grid can start
    with, and is one word or ends with a number (so ``not a puzzle`` stays an error).

    >>> is_title("Grid 01"), is_title("Puzzle"), is_title("ABCDEFGHIJKLMNOP")
    (True, True, False)
    >>> is_title("HIDDEN"), is_title("HIDDEN", 9), is_title("4..3"), is_title("xx3x")
    (False, True, False, False)
    >>> is_title("Puzzle #12:"), is_title("not a puzzle")
    (True, False)
    """
    s = line.strip()
    m = _WORD.match(s)
    if m is None or not _is_word(m.group(1), n):
        return False
    return len(s.split()) == 1 or _TITLE_END.search(s) is not None


def is_text(line: str, n: int | None = None) -> bool:
    """True for a line of words in grid text (a title, a rating line such as
    ``3.2 easy, hardest: Hidden Single``): it holds a word no grid row has.

    >>> is_text("3.2 easy"), is_text("4 . . | . 3 ."), is_text("A B C D")
    (True, False, False)
    """
    return any(_is_word(m.group(1), n) for m in _WORD.finditer(line))


def is_header_row(line: str) -> bool:
    """True for a table's header row: one of its fields names the puzzle column.

    >>> is_header_row("puzzle,label,poster,ER"), is_header_row("Hardest sudokus")
    (True, False)
    """
    delim = delimiter(line)
    if delim is None:
        return line.strip().lower() in PUZZLE_COLUMNS
    return any(f.strip().strip('"').lower() in PUZZLE_COLUMNS for f in line.split(delim))


def is_heading(line: str) -> bool:
    """True for a line of words heading a collection, above its first puzzle: a title
    (:func:`is_title`) or any line that starts with a word, short of a table's header
    row or a link.

    >>> is_heading("The hardest sudokus of the forum"), is_heading("puzzle,comment")
    (True, False)
    >>> is_heading("4..3 rated"), is_heading("https://f-puzzles.com/?load=N4Ig")
    (False, False)
    """
    s = line.strip()
    if is_header_row(s) or one_line_kind(s) is not None:
        return False
    return is_title(s) or (bool(_WORD.match(s)) and is_text(s))


def is_phrase_title(line: str, delim: str) -> bool:
    """True for a heading whose first field is a phrase, not a column's name: a title
    that holds a comma (``The hardest sudokus, 2011``) rather than a table's header.

    >>> is_phrase_title("The hardest sudokus, 2011", ","), is_phrase_title("id,board", ",")
    (True, False)
    """
    return is_heading(line) and " " in line.split(delim)[0].strip()


_HEADER_LABELS = re.compile(r"(?:^|\s)-c\S*?,(\S+)")
"""The column labels of a ``#!sudoku`` header line (``-c1,PuzzleR,Label,...``)."""


def header_labels(line: str) -> list[str] | None:
    """The labels of the fields after the puzzle that a ``#!sudoku`` header names, as
    gsf's sudoku program and the forum's hardest list write it (``None`` for another line).

    >>> header_labels("#!sudoku -c1,PuzzleR,Label,Poster,ER,EP,ED")
    ['Label', 'Poster', 'ER', 'EP', 'ED']
    >>> header_labels("# a comment") is None
    True
    """
    if not line.startswith("#!"):
        return None
    m = _HEADER_LABELS.search(line)
    if m is None:
        return None
    labels = [f.strip() for f in m.group(1).split(",") if f.strip()]
    return labels[1:] if labels else None


def row_labels(line: str) -> list[str] | None:
    """The labels of the fields after the puzzle that a header row above one-puzzle
    lines names (``puzzle,label,poster,ER``), or ``None``.

    >>> row_labels("puzzle,label,poster,ER"), row_labels("Hardest sudokus")
    (['label', 'poster', 'ER'], None)
    """
    delim = delimiter(line)
    if delim is None or not is_header_row(line):
        return None
    return [f.strip() for f in line.split(delim)[1:]]


def labelled(extra: str, labels: list[str]) -> tuple[str, str | None]:
    """A row's fields after the puzzle as ``label=value`` pairs, and its name (the field
    labelled Label, Name or Title).

    >>> labelled("golden nugget,tarek,11.9", ["Label", "Poster", "ER"])
    ('Label=golden nugget; Poster=tarek; ER=11.9', 'golden nugget')
    """
    fields = extra.split(delimiter(extra) or ",") if extra else []
    pairs = [(labels[i] if i < len(labels) else f"column {i + 2}", v.strip())
             for i, v in enumerate(fields)]
    name = next((v for k, v in pairs if k.lower() in NAME_COLUMNS and v), None)
    return "; ".join(f"{k}={v}" for k, v in pairs if v), name

PUZZLE_COLUMNS = ("puzzle", "puzzles", "quizzes", "quiz", "grid", "sudoku", "givens", "question")
SOLUTION_COLUMNS = ("solution", "solutions", "answer", "answers")
NAME_COLUMNS = ("name", "title", "label", "id")

def delimiter(header: str) -> str | None:
    """The field delimiter of a table's line: a comma, a tab or a semicolon, else ``None``.

    >>> delimiter("puzzle;rating"), delimiter("puzzle")
    (';', None)
    """
    for d in (",", "\t", ";"):
        if d in header:
            return d
    return None

HEADING_LINES = 20
"""Lines read at most, looking past headings for a collection's first puzzle."""
