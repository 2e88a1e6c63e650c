"""Killer cages.

A :class:`Cage` is a killer cage: its digits differ and, when it has a total, add up to
it.  The solving engine propagates cage sums in its search (the digit combinations that
can still complete each cage); its cells are peers of one another for every part of the
library.

>>> from shudu import Rules, solve
>>> rules = Rules(4, constraints=(Cage((0, 1), 3), Cage((4, 5), 7)))
>>> str(solve("." * 16, rules))[:8]
'12344312'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...errors import ParseError
from .base import cells_from, int_from

if TYPE_CHECKING:
    from ..rules import Rules

__all__ = ["Cage"]


@dataclass(frozen=True)
class Cage:
    """A killer cage: ``cells`` (0-based, row by row) hold different digits that add up
    to ``total`` (0: a cage without a sum, whose digits only differ).

    >>> c = Cage((0, 1, 9), 6)
    >>> c.check([1, 2, 0, 0, 0, 0, 0, 0, 0, 3]), c.check([1, 2] + [0] * 7 + [4])
    (True, False)
    >>> c.to_dict()
    {'kind': 'killer', 'cells': [0, 1, 9], 'sum': 6}
    """

    cells: tuple[int, ...]
    total: int = 0
    kind: str = "killer"

    def __post_init__(self) -> None:
        cells = tuple(int(c) for c in self.cells)
        if not cells:
            raise ParseError("expected a cage with at least one cell")
        if len(set(cells)) != len(cells):
            raise ParseError("expected the cells of a cage to differ",
                             found=", ".join(map(str, cells)))
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "total", int(self.total))
        if self.total < 0:
            raise ParseError("expected a cage total of 0 (no sum) or more", found=str(self.total))

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        """False when the digits placed in the cage repeat, pass its total, or fill it
        without making the total."""
        placed = [values[c] for c in self.cells if values[c]]
        if len(set(placed)) != len(placed):
            return False
        if not self.total:
            return True
        got = sum(placed)
        return got == self.total if len(placed) == len(self.cells) else got < self.total

    def fits(self, size: int) -> str | None:
        """What is wrong with this cage on a grid of ``size`` (None: nothing).

        >>> Cage((0, 1), 20).fits(9)
        'a cage of 2 cells sums to 3..17, not 20'
        """
        k, n = len(self.cells), size
        if any(not 0 <= c < n * n for c in self.cells):
            return f"a cage cell lies outside the {n}x{n} grid"
        if k > n:
            return f"a cage of {k} cells cannot hold different digits 1..{n}"
        low, high = k * (k + 1) // 2, k * (2 * n - k + 1) // 2
        if self.total and not low <= self.total <= high:
            return f"a cage of {k} cells sums to {low}..{high}, not {self.total}"
        return None

    def groups(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        """The cage's cells differ."""
        return (self.cells,)

    def program(self, rules: Rules) -> list[int]:
        """Nothing: the engine keeps cages in tables of their own."""
        return []

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready description (``sum`` 0 for a cage without a total)."""
        return {"kind": self.kind, "cells": list(self.cells), "sum": self.total}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Cage:
        """The cage a JSON object describes.

        >>> Cage.from_dict({"kind": "killer", "cells": [0, 1], "sum": 3})
        Cage(cells=(0, 1), total=3, kind='killer')
        """
        return cls(cells_from(data, kind="killer cage"), int_from(data, "sum", "killer cage", 0))
