"""Sum constraints whose digits may repeat: arrows, little killers and sandwiches.

The engine narrows them by bounds: every cell keeps the digits that leave the others able
to make the sum (a sandwich does so for every place of 1 and n still open).

>>> from shudu import Rules, count
>>> rules = Rules(4, constraints=(Arrow((0,), (1, 4)), Sandwich((0, 1, 2, 3), 5)))
>>> count("." * 16, 1000, rules)
6
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ...errors import ParseError
from .base import (
    SANDWICH,
    cells_from,
    check_cells,
    int_from,
    linear_possible,
    linear_record,
    size_of,
)

if TYPE_CHECKING:
    from ..rules import Rules

__all__ = ["Arrow", "LittleKiller", "Sandwich"]


@dataclass(frozen=True)
class Arrow:
    """An arrow: the digits on its shaft add up to the number in its circle.  A circle of
    several cells (a pill) reads as one number, first cell first (9x9 and smaller).

    >>> a, rest = Arrow((0,), (1, 2)), [0] * 77
    >>> a.check([5, 2, 3, 0] + rest), a.check([5, 2, 4, 0] + rest), a.check([5, 2, 0, 0] + rest)
    (True, False, True)
    >>> Arrow((0, 1), (2, 3, 4)).check([1, 2, 4, 4, 4] + [0] * 76)
    True
    """

    circle: tuple[int, ...]
    cells: tuple[int, ...]
    kind: ClassVar[str] = "arrow"

    def __post_init__(self) -> None:
        circle = tuple(int(c) for c in self.circle)
        cells = tuple(int(c) for c in self.cells)
        if not circle or not cells:
            raise ParseError("expected an arrow with a circle and at least one shaft cell",
                             found=f"{len(circle)} circle, {len(cells)} shaft cells")
        object.__setattr__(self, "circle", circle)
        object.__setattr__(self, "cells", cells)

    def terms(self) -> list[tuple[int, int]]:
        """(cell, weight) pairs whose weighted sum is 0."""
        k = len(self.circle)
        return [(c, 10 ** (k - 1 - i)) for i, c in enumerate(self.circle)] + \
            [(c, -1) for c in self.cells]

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        return linear_possible(self.terms(), 0, values, size_of(values, rules))

    def fits(self, size: int) -> str | None:
        """>>> Arrow((0,), (1, 1)).fits(9)
        'an arrow repeats a cell'
        """
        bad = check_cells(self.circle + self.cells, size, "an arrow")
        if bad:
            return bad
        if len(self.circle) > 1 and size > 9:
            return "a circle of several cells reads as a decimal number, so only up to 9x9"
        if len(self.circle) > 3:
            return "an arrow's circle holds at most 3 cells"
        return None

    def groups(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        return ()

    def program(self, rules: Rules) -> list[int]:
        return linear_record(self.terms(), 0)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "circle": list(self.circle), "cells": list(self.cells)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Arrow:
        """>>> Arrow.from_dict({"kind": "arrow", "circle": [0], "cells": [1, 2]})
        Arrow(circle=(0,), cells=(1, 2))
        """
        return cls(cells_from(data, "circle", "arrow"), cells_from(data, kind="arrow"))


@dataclass(frozen=True)
class LittleKiller:
    """A little killer: the digits along a diagonal (``cells``, from the clue outside the
    grid inwards) add up to ``total``; they may repeat.

    >>> LittleKiller((1, 4), 5).check([0, 2, 0, 0, 3] + [0] * 11)
    True
    """

    cells: tuple[int, ...]
    total: int
    kind: ClassVar[str] = "little-killer"

    def __post_init__(self) -> None:
        cells = tuple(int(c) for c in self.cells)
        if not cells:
            raise ParseError("expected a little killer over at least one cell", found="0")
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "total", int(self.total))

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        return linear_possible([(c, 1) for c in self.cells], self.total, values,
                               size_of(values, rules))

    def fits(self, size: int) -> str | None:
        """>>> LittleKiller((0, 1), 5).fits(9)
        'a little killer runs along a diagonal'
        """
        bad = check_cells(self.cells, size, "a little killer")
        if bad:
            return bad
        steps = {b - a for a, b in itertools.pairwise(self.cells)}
        rows = [c // size for c in self.cells]
        diagonal = steps <= {size + 1, size - 1, -size - 1, -size + 1} and len(steps) <= 1
        if not diagonal or any(abs(b - a) != 1 for a, b in itertools.pairwise(rows)):
            return "a little killer runs along a diagonal"
        if not len(self.cells) <= self.total <= len(self.cells) * size:
            return f"{len(self.cells)} digits 1..{size} cannot add up to {self.total}"
        return None

    def groups(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        return ()

    def program(self, rules: Rules) -> list[int]:
        return linear_record([(c, 1) for c in self.cells], self.total)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cells": list(self.cells), "sum": self.total}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> LittleKiller:
        """>>> LittleKiller.from_dict({"kind": "little-killer", "cells": [1, 4], "sum": 5}).total
        5
        """
        return cls(cells_from(data, kind="little killer"), int_from(data, "sum", "little killer"))


@dataclass(frozen=True)
class Sandwich:
    """A sandwich sum: in a row or column (``cells`` in order), the digits between 1 and
    the largest digit add up to ``total``.

    >>> s, rest = Sandwich((0, 1, 2, 3), 5), [0] * 12
    >>> s.check([1, 2, 3, 4] + rest), s.check([1, 3, 4, 2] + rest), s.check([1, 0, 0, 4] + rest)
    (True, False, True)
    """

    cells: tuple[int, ...]
    total: int
    kind: ClassVar[str] = "sandwich"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", tuple(int(c) for c in self.cells))
        object.__setattr__(self, "total", int(self.total))

    @classmethod
    def row(cls, index: int, total: int, size: int = 9) -> Sandwich:
        """The sandwich of row ``index`` (0-based).

        >>> Sandwich.row(1, 5, 4).cells
        (4, 5, 6, 7)
        """
        return cls(tuple(index * size + c for c in range(size)), total)

    @classmethod
    def column(cls, index: int, total: int, size: int = 9) -> Sandwich:
        """The sandwich of column ``index`` (0-based).

        >>> Sandwich.column(1, 5, 4).cells
        (1, 5, 9, 13)
        """
        return cls(tuple(r * size + index for r in range(size)), total)

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        n = size_of(values, rules)
        line = [values[c] for c in self.cells]
        if 1 not in line or n not in line:
            return True
        a, b = sorted((line.index(1), line.index(n)))
        between = line[a + 1:b]
        if 0 in between:
            return sum(between) + between.count(0) * 2 <= self.total
        return sum(between) == self.total

    def fits(self, size: int) -> str | None:
        """>>> Sandwich((0, 1, 2), 3).fits(9)
        'a sandwich sum belongs to a whole row or column'
        """
        bad = check_cells(self.cells, size, "a sandwich")
        if bad:
            return bad
        lines = [tuple(r * size + c for c in range(size)) for r in range(size)]
        lines += [tuple(r * size + c for r in range(size)) for c in range(size)]
        if self.cells not in lines and self.cells[::-1] not in lines:
            return "a sandwich sum belongs to a whole row or column"
        most = sum(range(2, size))
        if not 0 <= self.total <= most:
            return f"a sandwich sum is 0..{most} on a {size}x{size} grid, not {self.total}"
        return None

    def groups(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        return ()

    def program(self, rules: Rules) -> list[int]:
        return [SANDWICH, self.total, len(self.cells), *self.cells]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cells": list(self.cells), "sum": self.total}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Sandwich:
        """>>> Sandwich.from_dict({"kind": "sandwich", "cells": [0, 1, 2, 3], "sum": 5}).total
        5
        """
        return cls(cells_from(data, kind="sandwich"), int_from(data, "sum", "sandwich"))
