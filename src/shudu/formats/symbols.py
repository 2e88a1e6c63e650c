"""The symbols of cells in puzzle text and the sizes a text may have: the tables every
reader translates cells with, and how a reader names the digits it expected."""

from __future__ import annotations

from collections.abc import Iterable

from ..values.grid import SYMBOLS
from ..values.rules import CLASSIC, Rules

LINE_SIZES: tuple[int, ...] = (4, 6, 8, 9, 12, 16, 25)
"""Sizes recognised from the number of cells when no rules are given."""

BLANKS = ".0xX*-_"
"""Characters read as an empty cell."""

BAD = 0xFF


def _table(pairs: Iterable[tuple[str, int]]) -> bytes:
    table = bytearray([BAD]) * 256
    for ch, value in pairs:
        table[ord(ch)] = value
    return bytes(table)


VALUE = _table(
    [(c, 0) for c in BLANKS]
    + [(c, i) for i, c in enumerate(SYMBOLS, 1)]
    + [(c.lower(), i) for i, c in enumerate(SYMBOLS[9:], 10)]
)
"""Symbol -> digit (blanks 0, anything else 255)."""

LETTERS16 = _table(
    [(c, 0) for c in BLANKS]
    + [(chr(ord("A") + i), i + 1) for i in range(16)]
    + [(chr(ord("a") + i), i + 1) for i in range(16)]
)
"""The all-letter 16x16 convention: A-P = 1..16."""

_SIZED: dict[int, bytes] = {}


def sized_table(n: int) -> bytes:
    """Like ``VALUE`` but digits above ``n`` map to 255 too (one ``in`` test validates).

    >>> sized_table(4)[ord("3")], sized_table(4)[ord("5")]
    (3, 255)
    """
    table = _SIZED.get(n)
    if table is None:
        table = _SIZED[n] = bytes(v if v <= n else BAD for v in VALUE)
    return table


SQUARES: dict[int, int] = {n * n: n for n in LINE_SIZES}
_CUBES = {n**3: n for n in LINE_SIZES if n**3 not in SQUARES}


def is_729(s: str) -> bool:
    """True for a candidate string: n**3 characters (a length no line puzzle has).

    >>> is_729("123456789" * 81), is_729("." * 81)
    (True, False)
    """
    n = _CUBES.get(len(s))
    return n is not None and set(s) <= set(SYMBOLS[:n] + SYMBOLS[9:n].lower() + ".0")


_RULES: dict[int, Rules] = {9: CLASSIC}


def rules_of_size(n: int) -> Rules:
    """The plain rules of an ``n`` x ``n`` grid, made once per size.

    >>> rules_of_size(4).spec, rules_of_size(9) is CLASSIC
    ('4', True)
    """
    rules = _RULES.get(n)
    if rules is None:
        rules = _RULES[n] = Rules(n)
    return rules


def digits_text(n: int | None) -> str:
    """How an error names the digits of a size (``n`` unknown: every symbol).

    >>> digits_text(4), digits_text(16)
    ('a digit 1-4', 'a digit 1-9, A-G')
    """
    if n is None or n > 25:
        return "a digit 1-9, A-P"
    if n <= 9:
        return f"a digit 1-{n}"
    if n == 10:
        return "a digit 1-9, A"
    return f"a digit 1-9, A-{SYMBOLS[n - 1]}"


def symbol_expected(n: int | None, letters: bool = False) -> str:
    """What an error expected at a bad cell symbol.

    >>> symbol_expected(9)
    'expected a digit 1-9 or a blank (. 0 x * - _)'
    """
    what = "a letter A-P" if letters else digits_text(n)
    return f"expected {what} or a blank (. 0 x * - _)"
