"""What the constraint modules share: cell checks, the records of the engine's constraint
program (``csrc/constraints/rules_extra.h``) and the neighbours of a cell.

A constraint value names its ``kind`` and ``cells`` and offers:

* ``check(values, rules=None)``: False when the digits placed (0 = empty) already break it;
* ``fits(size)``: what is wrong with it on a grid of that size (None: nothing);
* ``groups(rules)``: groups of cells whose digits must differ (they become peers);
* ``program(rules)``: its records for the engine's propagation;
* ``to_dict()`` and the class method ``from_dict``: its JSON form.

>>> pair_record(0, 1, 4, lambda a, b: b > a)
[1, 0, 1, 14, 12, 8, 0]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from ...errors import ParseError

if TYPE_CHECKING:
    from ..rules import Rules

PAIR, MASK, LINEAR, RENBAN, SANDWICH, BOUND = 1, 2, 3, 4, 5, 6
"""Record kinds of the engine's constraint program."""

BETWEEN = 10
"""The record of a between or lockout line: ``BETWEEN k gap outside a b c*k``."""


def pair_record(a: int, b: int, size: int, ok: Callable[[int, int], bool]) -> list[int]:
    """The record "cell ``b`` may hold ``y`` beside ``x`` in cell ``a`` when ``ok(x, y)``".

    >>> pair_record(3, 2, 2, lambda a, b: a != b)
    [1, 3, 2, 2, 1]
    """
    return [PAIR, a, b, *pair_masks(size, ok)]


def pair_masks(size: int, ok: Callable[[int, int], bool]) -> list[int]:
    """For each digit x, the digits y with ``ok(x, y)`` as a mask (a relation's table,
    the same for every pair it joins).

    >>> pair_masks(3, lambda a, b: abs(a - b) == 1)
    [2, 5, 2]
    """
    return [sum(1 << (y - 1) for y in range(1, size + 1) if ok(x, y))
            for x in range(1, size + 1)]


def mask_record(cell: int, digits: Sequence[int]) -> list[int]:
    """The record "``cell`` holds one of ``digits``".

    >>> mask_record(5, [1, 3])
    [2, 5, 5]
    """
    return [MASK, cell, sum(1 << (d - 1) for d in set(digits))]


def linear_record(terms: Sequence[tuple[int, int]], total: int) -> list[int]:
    """The record "the sum of weight x digit over the (cell, weight) terms is ``total``".

    >>> linear_record([(0, 10), (1, 1), (2, -1)], 0)
    [3, 3, 0, 0, 10, 1, 1, 2, -1]
    """
    return [LINEAR, len(terms), total, *(v for term in terms for v in term)]


def linear_possible(terms: Sequence[tuple[int, int]], total: int, values: Sequence[int],
                    size: int) -> bool:
    """False when no digits 1..size in the empty cells can make the weighted sum.

    >>> linear_possible([(0, 1), (1, 1)], 3, [1, 0], 9), linear_possible([(0, 1)], 3, [4], 9)
    (True, False)
    """
    lo = hi = 0
    for cell, w in terms:
        v = values[cell]
        a, b = (w * v, w * v) if v else (w, w * size)
        lo += min(a, b)
        hi += max(a, b)
    return lo <= total <= hi


def check_cells(cells: Sequence[int], size: int, what: str,
                distinct: bool = False) -> str | None:
    """What is wrong with a constraint's cells on a grid of ``size`` (None: nothing);
    ``distinct``: the cells hold different digits, so there are at most ``size``.

    >>> check_cells((0, 81), 9, "a thermometer")
    'a thermometer has a cell outside the 9x9 grid'
    >>> check_cells(tuple(range(5)), 4, "a renban line", distinct=True)
    'a renban line of 5 cells cannot hold different digits 1..4'
    """
    if any(not 0 <= c < size * size for c in cells):
        return f"{what} has a cell outside the {size}x{size} grid"
    if len(set(cells)) != len(cells):
        return f"{what} repeats a cell"
    if distinct and len(cells) > size:
        return f"{what} of {len(cells)} cells cannot hold different digits 1..{size}"
    return None


def cells_from(data: dict[str, Any], key: str = "cells",
               kind: str = "constraint") -> tuple[int, ...]:
    """The list of cell indices under ``key`` of a JSON object.

    >>> cells_from({"cells": [1, 2]})
    (1, 2)
    """
    cells = data.get(key)
    if not isinstance(cells, (list, tuple)) or not all(
            isinstance(c, int) and not isinstance(c, bool) for c in cells):
        raise ParseError(f"expected a list of cell numbers as '{key}' of a {kind}",
                         found=repr(cells))
    return tuple(cells)


def int_from(data: dict[str, Any], key: str, kind: str, default: int | None = None) -> int:
    """The integer under ``key`` of a JSON object (``default`` when absent).

    >>> int_from({"sum": 7}, "sum", "cage")
    7
    """
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ParseError(f"expected a whole number as '{key}' of a {kind}", found=repr(value))
    return value


def adjacent(a: int, b: int, size: int) -> bool:
    """True when two cells share a side.

    >>> adjacent(0, 1, 9), adjacent(8, 9, 9), adjacent(0, 9, 9)
    (True, False, True)
    """
    (ra, ca), (rb, cb) = divmod(a, size), divmod(b, size)
    return abs(ra - rb) + abs(ca - cb) == 1


def orthogonal_pairs(size: int) -> Iterator[tuple[int, int]]:
    """Every pair of cells sharing a side, lower cell first.

    >>> list(orthogonal_pairs(2))
    [(0, 1), (0, 2), (1, 3), (2, 3)]
    """
    for cell in range(size * size):
        r, c = divmod(cell, size)
        if c + 1 < size:
            yield cell, cell + 1
        if r + 1 < size:
            yield cell, cell + size


def size_of(values: Sequence[int], rules: Rules | None) -> int:
    """The side of the grid ``values`` fill (from ``rules`` when given).

    >>> size_of([0] * 16, None)
    4
    """
    if rules is not None:
        return rules.size
    n = math.isqrt(len(values))
    if n * n != len(values):
        raise ValueError(f"expected the values of a square grid, got {len(values)}")
    return n
