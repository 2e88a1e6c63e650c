"""Line constraints: thermometers, German whispers, renban lines and palindromes.

Each line is its cells in order.  The engine propagates them as relations between
neighbouring cells on the line (a renban as windows of consecutive digits), so a
thermometer narrows every cell to the digits its place on the bulb's path allows.

>>> from shudu import Rules, solve
>>> rules = Rules(4, constraints=(Thermo((0, 1, 2, 3)),))
>>> str(solve("." * 16, rules))[:4]
'1234'
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ...errors import ParseError
from .base import RENBAN, cells_from, check_cells, int_from, pair_record

if TYPE_CHECKING:
    from ..rules import Rules

__all__ = ["Clone", "Palindrome", "Renban", "Thermo", "Whisper"]


def _cells(cells: Sequence[int], what: str, least: int = 2) -> tuple[int, ...]:
    out = tuple(int(c) for c in cells)
    if len(out) < least:
        raise ParseError(f"expected {what} of at least {least} cells", found=str(len(out)))
    return out


@dataclass(frozen=True)
class Thermo:
    """A thermometer: digits rise from the bulb (``cells[0]``) along the line, strictly,
    or never falling when ``slow``.

    >>> t = Thermo((0, 1, 2))
    >>> t.check([1, 3, 0, 0]), t.check([2, 1, 0, 0]), t.check([3, 0, 4, 0])
    (True, False, False)
    >>> Thermo((0, 1), slow=True).check([2, 2])
    True
    """

    cells: tuple[int, ...]
    slow: bool = False
    kind: ClassVar[str] = "thermo"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _cells(self.cells, "a thermometer"))
        object.__setattr__(self, "slow", bool(self.slow))

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        placed = [(i, values[c]) for i, c in enumerate(self.cells) if values[c]]
        for (i, a), (j, b) in itertools.pairwise(placed):
            if b < a or (not self.slow and b - a < j - i):
                return False
        n = rules.size if rules is not None else None
        if n is not None and not self.slow:   # room below the bulb and above the tip
            k = len(self.cells)
            return all(i + 1 <= v <= n - (k - 1 - i) for i, v in placed)
        return True

    def fits(self, size: int) -> str | None:
        """What is wrong with it on a grid of ``size``.

        >>> Thermo(tuple(range(10))).fits(9)
        'a thermometer of 10 cells cannot rise through digits 1..9'
        """
        bad = check_cells(self.cells, size, "a thermometer")
        if bad:
            return bad
        if not self.slow and len(self.cells) > size:
            return f"a thermometer of {len(self.cells)} cells cannot rise through digits 1..{size}"
        return None

    def groups(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        return (self.cells,) if not self.slow else ()

    def program(self, rules: Rules) -> list[int]:
        n, out = rules.size, []
        step = 0 if self.slow else 1
        for a, b in zip(self.cells, self.cells[1:]):
            out += pair_record(a, b, n, lambda x, y: y >= x + step)
        return out

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "cells": list(self.cells)}
        if self.slow:
            d["slow"] = True
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Thermo:
        """>>> Thermo.from_dict({"kind": "thermo", "cells": [0, 1]})
        Thermo(cells=(0, 1), slow=False)
        """
        return cls(cells_from(data, kind="thermometer"), bool(data.get("slow", False)))


@dataclass(frozen=True)
class Whisper:
    """A German whispers line: neighbours on the line differ by at least ``gap`` (5;
    Dutch whispers use 4).

    >>> w = Whisper((0, 1, 2))
    >>> w.check([1, 6, 1, 0]), w.check([1, 5, 0, 0])
    (True, False)
    """

    cells: tuple[int, ...]
    gap: int = 5
    kind: ClassVar[str] = "whisper"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _cells(self.cells, "a whispers line"))
        object.__setattr__(self, "gap", int(self.gap))

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        return all(not a or not b or abs(a - b) >= self.gap
                   for a, b in zip((values[c] for c in self.cells),
                                   (values[c] for c in self.cells[1:])))

    def fits(self, size: int) -> str | None:
        """>>> Whisper((0, 1), gap=9).fits(9)
        'a whispers gap of 9 leaves no pair of digits 1..9'
        """
        bad = check_cells(self.cells, size, "a whispers line")
        if bad:
            return bad
        if not 1 <= self.gap <= size - 1:
            return f"a whispers gap of {self.gap} leaves no pair of digits 1..{size}"
        return None

    def groups(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        return ()

    def program(self, rules: Rules) -> list[int]:
        n, g, out = rules.size, self.gap, []
        for a, b in zip(self.cells, self.cells[1:]):
            out += pair_record(a, b, n, lambda x, y: abs(x - y) >= g)
        return out

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "cells": list(self.cells)}
        if self.gap != 5:
            d["gap"] = self.gap
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Whisper:
        """>>> Whisper.from_dict({"kind": "whisper", "cells": [0, 1], "gap": 4}).gap
        4
        """
        return cls(cells_from(data, kind="whispers line"),
                   int_from(data, "gap", "whispers line", 5))


@dataclass(frozen=True)
class Renban:
    """A renban line: its digits differ and form a run of consecutive values, in any
    order.

    >>> r = Renban((0, 1, 2))
    >>> r.check([3, 1, 2, 0]), r.check([1, 3, 0, 0]), r.check([1, 4, 0, 0])
    (True, True, False)
    """

    cells: tuple[int, ...]
    kind: ClassVar[str] = "renban"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _cells(self.cells, "a renban line", 1))

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        placed = [values[c] for c in self.cells if values[c]]
        if len(set(placed)) != len(placed):
            return False
        return not placed or max(placed) - min(placed) < len(self.cells)

    def fits(self, size: int) -> str | None:
        """>>> Renban(tuple(range(10))).fits(9)
        'a renban line of 10 cells cannot hold different digits 1..9'
        """
        return check_cells(self.cells, size, "a renban line", distinct=True)

    def groups(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        return (self.cells,)

    def program(self, rules: Rules) -> list[int]:
        return [RENBAN, len(self.cells), *self.cells]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cells": list(self.cells)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Renban:
        """>>> Renban.from_dict({"kind": "renban", "cells": [0, 1]})
        Renban(cells=(0, 1))
        """
        return cls(cells_from(data, kind="renban line"))


@dataclass(frozen=True)
class Palindrome:
    """A palindrome line: it reads the same from either end.

    >>> p = Palindrome((0, 1, 2))
    >>> p.check([4, 1, 4, 0]), p.check([4, 1, 3, 0])
    (True, False)
    """

    cells: tuple[int, ...]
    kind: ClassVar[str] = "palindrome"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _cells(self.cells, "a palindrome line"))

    def _mirrors(self) -> list[tuple[int, int]]:
        k = len(self.cells)
        return [(self.cells[i], self.cells[k - 1 - i]) for i in range(k // 2)]

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        return all(not values[a] or not values[b] or values[a] == values[b]
                   for a, b in self._mirrors())

    def fits(self, size: int) -> str | None:
        return check_cells(self.cells, size, "a palindrome line")

    def groups(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        return ()

    def program(self, rules: Rules) -> list[int]:
        out: list[int] = []
        for a, b in self._mirrors():
            out += pair_record(a, b, rules.size, lambda x, y: x == y)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cells": list(self.cells)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Palindrome:
        """>>> Palindrome.from_dict({"kind": "palindrome", "cells": [0, 1]})
        Palindrome(cells=(0, 1))
        """
        return cls(cells_from(data, kind="palindrome line"))


@dataclass(frozen=True)
class Clone:
    """Clones: each cell of ``cells`` holds the same digit as the cell in the same place
    of ``copies`` (two shapes that read alike).

    >>> c = Clone((0, 1), (10, 11))
    >>> c.check([1, 2] + [0] * 8 + [1, 2] + [0] * 69), c.check([1] + [0] * 9 + [2] + [0] * 70)
    (True, False)
    """

    cells: tuple[int, ...]
    copies: tuple[int, ...]
    kind: ClassVar[str] = "clone"

    def __post_init__(self) -> None:
        cells, copies = tuple(int(c) for c in self.cells), tuple(int(c) for c in self.copies)
        if not cells or len(cells) != len(copies):
            raise ParseError("expected a clone with as many copies as cells",
                             found=f"{len(cells)} cells, {len(copies)} copies")
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "copies", copies)

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        return all(not values[a] or not values[b] or values[a] == values[b]
                   for a, b in zip(self.cells, self.copies))

    def fits(self, size: int) -> str | None:
        """>>> Clone((0,), (0,)).fits(9)
        'a clone repeats a cell'
        """
        return check_cells(self.cells + self.copies, size, "a clone")

    def groups(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        return ()

    def program(self, rules: Rules) -> list[int]:
        out: list[int] = []
        for a, b in zip(self.cells, self.copies):
            out += pair_record(a, b, rules.size, lambda x, y: x == y)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cells": list(self.cells), "copies": list(self.copies)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Clone:
        """>>> Clone.from_dict({"kind": "clone", "cells": [0], "copies": [80]})
        Clone(cells=(0,), copies=(80,))
        """
        return cls(cells_from(data, kind="clone"), cells_from(data, "copies", "clone"))
