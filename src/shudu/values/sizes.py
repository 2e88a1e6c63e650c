"""The grid sizes shudu supports and the box shape each takes by default."""

from __future__ import annotations

MAX_SIZE = 25
"""Largest supported grid side (digits 1-9 then A-P)."""

DEFAULT_BOXES: dict[int, tuple[int, int]] = {
    1: (1, 1),
    4: (2, 2),
    6: (2, 3),
    8: (2, 4),
    9: (3, 3),
    10: (2, 5),
    12: (3, 4),
    14: (2, 7),
    15: (3, 5),
    16: (4, 4),
    18: (3, 6),
    20: (4, 5),
    21: (3, 7),
    24: (4, 6),
    25: (5, 5),
}
"""Usual box shape (rows, columns) for each size."""
