"""Cells, digits and candidates in the compact notation steps and pictures write.

HoDoKu/Eureka style: ``r1c23`` for cells in one row, ``r5c3<>7`` for an elimination,
``r5c3=7`` for a placement; digits above 9 as the grid writes them (``A``-``P``).

>>> cells_text([0, 1, 2]), candidates_text([(40, 7), (41, 7)]), digit_text(12, 16)
('r1c123', 'r5c56<>7', 'C')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["DIGITS", "candidates_text", "cells_text", "digit_text", "placements_text"]

DIGITS = "123456789ABCDEFGHIJKLMNOP"
"""How the grid writes digits 1-25 (10 and up as letters)."""

Candidate = tuple[int, int]
"""``(cell, digit)``."""


def _group(cells: Iterable[int], size: int) -> list[str]:
    """Compress cells to HoDoKu style parts: same row -> r1c23, same column -> r12c3."""
    cells = sorted(set(cells))
    if len(cells) == 1:   # most often: one cell
        return [f"r{cells[0] // size + 1}c{cells[0] % size + 1}"]
    if not cells:
        return []

    def rc(values: Iterable[int]) -> str:
        vals = sorted(set(values))
        if size > 9:
            return ",".join(str(v + 1) for v in vals) if len(vals) > 1 else str(vals[0] + 1)
        return "".join(DIGITS[v] for v in vals)

    rows = {c // size for c in cells}
    cols = {c % size for c in cells}
    if len(rows) == 1:
        return [f"r{rc(rows)}c{rc(cols)}"]
    if len(cols) == 1:
        return [f"r{rc(rows)}c{rc(cols)}"]
    # rectangle of rows x cols fully covered
    if len(rows) * len(cols) == len(cells):
        return [f"r{rc(rows)}c{rc(cols)}"]
    by_row: dict[int, list[int]] = {}
    for c in cells:
        by_row.setdefault(c // size, []).append(c % size)
    return [f"r{rc([r])}c{rc(cs)}" for r, cs in sorted(by_row.items())]


def digit_text(digit: int, size: int = 9) -> str:
    """A digit as the grid writes it: ``7``; on grids above 9x9, 10 and up as ``A``-``P``.

    >>> digit_text(7), digit_text(12, 16), digit_text(7, 16)
    ('7', 'C', '7')
    """
    return str(digit) if digit < 10 else DIGITS[digit - 1]


def cells_text(cells: Iterable[int], size: int = 9) -> str:
    """Short text for a set of cells.

    >>> cells_text([0, 1, 2]), cells_text([0, 9]), cells_text([0, 10]), cells_text([0, 2, 18, 20])
    ('r1c123', 'r12c1', 'r1c1,r2c2', 'r13c13')
    """
    key = (tuple(cells), size)
    got = _CELLS_TEXT.get(key)
    if got is None:
        if len(_CELLS_TEXT) >= 50_000:
            _CELLS_TEXT.clear()
        got = _CELLS_TEXT[key] = ",".join(_group(key[0], size))
    return got


_CELLS_TEXT: dict[tuple[tuple[int, ...], int], str] = {}
"""The texts of cell sets met so far (steps name the same few sets again and again)."""


def candidates_text(cands: Iterable[Candidate], size: int = 9, sep: str = "<>") -> str:
    """Group candidates by digit: ``r5c3<>7, r12c4<>2``.

    >>> candidates_text([(40, 7), (41, 7), (0, 2)])
    'r1c1<>2, r5c56<>7'
    """
    by_digit: dict[int, list[int]] = {}
    for cell, digit in cands:
        by_digit.setdefault(digit, []).append(cell)
    parts = []
    for digit in sorted(by_digit):
        for group in _group(by_digit[digit], size):
            parts.append(f"{group}{sep}{digit_text(digit, size)}")
    return ", ".join(parts)


def placements_text(placements: Sequence[Candidate], size: int = 9) -> str:
    """``r5c3=7, ...`` for placements ``(cell, digit)``, in cell order.

    >>> placements_text([(40, 7), (0, 2)])
    'r1c1=2, r5c5=7'
    """
    return ", ".join(f"{cells_text([c], size)}={digit_text(d, size)}"
                     for c, d in sorted(placements))
