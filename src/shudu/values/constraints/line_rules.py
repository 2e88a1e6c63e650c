"""More line constraints: between and lockout lines, region-sum lines, zipper lines and
modular and entropic lines.

The engine holds a between or a lockout line as one record (its two ends and the cells
between them), a region-sum line and a zipper as equal sums, and a modular or entropic
line as relations between cells at most two apart on the line (three in a row hold one
digit of each of three sets, so any two of them come from different sets).

>>> from shudu import Rules, count
>>> count("." * 16, 1000, Rules(4, constraints=(Between((0, 1, 2)),)))
96
>>> count("." * 16, 1000, Rules(4, constraints=(Zipper((0, 1, 5)),)))
48
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Self

from ..sizes import DEFAULT_BOXES
from .base import BETWEEN, cells_from, check_cells, int_from, linear_record, pair_record, size_of
from .lines import Palindrome, _cells

if TYPE_CHECKING:
    from ..rules import Rules

__all__ = ["Between", "Entropic", "Lockout", "Modular", "RegionSum", "Zipper"]


def _ends_keep(values: Sequence[int], cells: Sequence[int], gap: int, outside: bool) -> bool:
    """Whether the digits placed keep a between line (``outside``: a lockout line)."""
    x, y = values[cells[0]], values[cells[-1]]
    middle = [values[c] for c in cells[1:-1] if values[c]]
    if x and y:
        lo, hi = min(x, y), max(x, y)
        if hi - lo < gap:
            return False
        return all((m < lo or m > hi) if outside else lo < m < hi for m in middle)
    return all(m not in (x, y) for m in middle)


def _ends_program(cells: Sequence[int], gap: int, outside: bool) -> list[int]:
    return [BETWEEN, len(cells) - 2, gap, int(outside), cells[0], cells[-1], *cells[1:-1]]


@dataclass(frozen=True)
class Between:
    """A between line: the digits along it lie strictly between the digits in the circles
    at its two ends.

    >>> b = Between((0, 1, 2))
    >>> b.check([1, 2, 3, 0]), b.check([3, 2, 1, 0]), b.check([2, 3, 1, 0])
    (True, True, False)
    """

    cells: tuple[int, ...]
    kind: ClassVar[str] = "between"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _cells(self.cells, "a between line", 3))

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        return _ends_keep(values, self.cells, 2, False)

    def fits(self, size: int) -> str | None:
        """>>> Between((0, 1, 81)).fits(9)
        'a between line has a cell outside the 9x9 grid'
        """
        return check_cells(self.cells, size, "a between line")

    def groups(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        return ()

    def program(self, rules: Rules) -> list[int]:
        return _ends_program(self.cells, 2, False)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cells": list(self.cells)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Between:
        """>>> Between.from_dict({"kind": "between", "cells": [0, 1, 2]})
        Between(cells=(0, 1, 2))
        """
        return cls(cells_from(data, kind="between line"))


@dataclass(frozen=True)
class Lockout:
    """A lockout line: the digits in the diamonds at its ends differ by at least ``gap``
    (half the grid's size when not given: 4 on a 9x9), and no digit along it lies
    between them, or equals either.

    >>> k = Lockout((0, 1, 2))
    >>> rest = [0] * 78
    >>> k.check([2, 8, 6] + rest), k.check([2, 4, 6] + rest), k.check([2, 9, 5] + rest)
    (True, False, False)
    """

    cells: tuple[int, ...]
    gap: int | None = None
    kind: ClassVar[str] = "lockout"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _cells(self.cells, "a lockout line"))
        if self.gap is not None:
            object.__setattr__(self, "gap", int(self.gap))

    def gap_on(self, size: int) -> int:
        """The least difference of the ends on a grid of ``size``.

        >>> Lockout((0, 1)).gap_on(9), Lockout((0, 1)).gap_on(6), Lockout((0, 1), 3).gap_on(9)
        (4, 3, 3)
        """
        return self.gap if self.gap is not None else size // 2

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        return _ends_keep(values, self.cells, self.gap_on(size_of(values, rules)), True)

    def fits(self, size: int) -> str | None:
        """>>> Lockout((0, 1), 9).fits(9)
        'a lockout gap of 9 leaves no pair of digits 1..9'
        """
        bad = check_cells(self.cells, size, "a lockout line")
        if bad:
            return bad
        if not 1 <= self.gap_on(size) <= size - 1:
            return f"a lockout gap of {self.gap_on(size)} leaves no pair of digits 1..{size}"
        return None

    def groups(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        return ()

    def program(self, rules: Rules) -> list[int]:
        return _ends_program(self.cells, self.gap_on(rules.size), True)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "cells": list(self.cells)}
        if self.gap is not None:
            d["gap"] = self.gap
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Lockout:
        """>>> Lockout.from_dict({"kind": "lockout", "cells": [0, 1], "gap": 3}).gap
        3
        """
        gap = int_from(data, "gap", "lockout line") if "gap" in data else None
        return cls(cells_from(data, kind="lockout line"), gap)


def segments(cells: Sequence[int], box_of: Any) -> list[tuple[int, ...]]:
    """The pieces the region borders cut a line into, in order (``box_of(cell)``: the
    region of a cell).

    >>> segments((0, 1, 2, 3, 4), lambda c: c // 3)
    [(0, 1, 2), (3, 4)]
    """
    out: list[list[int]] = []
    for c in cells:
        if out and box_of(out[-1][-1]) == box_of(c):
            out[-1].append(c)
        else:
            out.append([c])
    return [tuple(s) for s in out]


def _default_box_of(size: int) -> Any:
    br, bc = DEFAULT_BOXES.get(size, (1, size))

    def box_of(cell: int) -> int:
        r, c = divmod(cell, size)
        return (r // br) * (size // bc) + c // bc
    return box_of


@dataclass(frozen=True)
class RegionSum:
    """A region-sum line: the borders of the boxes (or jigsaw regions) cut it into
    segments, and every segment's digits add up to the same total.

    >>> r = RegionSum((2, 3, 4))       # r1c3 | r1c45 on a 9x9
    >>> r.check([0, 0, 9, 4, 5] + [0] * 76), r.check([0, 0, 9, 4, 6] + [0] * 76)
    (True, False)
    """

    cells: tuple[int, ...]
    kind: ClassVar[str] = "region-sum"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _cells(self.cells, "a region-sum line"))

    def pieces(self, rules: Rules | None, size: int) -> list[tuple[int, ...]]:
        """The line's segments, region by region.

        >>> from shudu import Rules
        >>> RegionSum((2, 3, 4)).pieces(Rules(), 9)
        [(2,), (3, 4)]
        """
        return segments(self.cells, rules.box_of if rules is not None else _default_box_of(size))

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        pieces = self.pieces(rules, size_of(values, rules))
        full = {sum(values[c] for c in p) for p in pieces if all(values[c] for c in p)}
        return len(full) <= 1

    def fits(self, size: int) -> str | None:
        return check_cells(self.cells, size, "a region-sum line")

    def groups(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        return ()

    def program(self, rules: Rules) -> list[int]:
        first, *rest = self.pieces(rules, rules.size)
        out: list[int] = []
        for piece in rest:
            out += linear_record([(c, 1) for c in first] + [(c, -1) for c in piece], 0)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cells": list(self.cells)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RegionSum:
        """>>> RegionSum.from_dict({"kind": "region-sum", "cells": [0, 1]})
        RegionSum(cells=(0, 1))
        """
        return cls(cells_from(data, kind="region-sum line"))


@dataclass(frozen=True)
class Zipper:
    """A zipper line: digits the same distance from its middle add up to the same total,
    the digit in the middle cell when the line has one.

    >>> z = Zipper((0, 1, 2))
    >>> z.check([1, 5, 4, 0]), z.check([1, 5, 3, 0]), z.check([4, 5, 0, 0])
    (True, False, True)
    """

    cells: tuple[int, ...]
    kind: ClassVar[str] = "zipper"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _cells(self.cells, "a zipper line", 3))

    def _pairs(self) -> list[tuple[int, int]]:
        return Palindrome(self.cells)._mirrors()   # the cells the same distance from the middle

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        k = len(self.cells)
        totals = {values[a] + values[b] for a, b in self._pairs() if values[a] and values[b]}
        if k % 2:
            mid = values[self.cells[k // 2]]
            if mid:
                totals.add(mid)
                return len(totals) == 1 and all(
                    values[c] < mid for c in self.cells if c != self.cells[k // 2])
        return len(totals) <= 1

    def fits(self, size: int) -> str | None:
        return check_cells(self.cells, size, "a zipper line")

    def groups(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        return ()

    def program(self, rules: Rules) -> list[int]:
        pairs, out = self._pairs(), []
        if len(self.cells) % 2:
            mid = self.cells[len(self.cells) // 2]
            for a, b in pairs:
                out += linear_record([(a, 1), (b, 1), (mid, -1)], 0)
            return out
        for i, (a0, b0) in enumerate(pairs):    # every two pairs: the same sum
            for a, b in pairs[i + 1:]:
                out += linear_record([(a0, 1), (b0, 1), (a, -1), (b, -1)], 0)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cells": list(self.cells)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Zipper:
        """>>> Zipper.from_dict({"kind": "zipper", "cells": [0, 1, 2]})
        Zipper(cells=(0, 1, 2))
        """
        return cls(cells_from(data, kind="zipper line"))


def entropy_class(d: int, size: int) -> int:
    """The set of an entropic line a digit belongs to: 0 low, 1 middle, 2 high (thirds of
    the digits; the middle set takes what is left over when ``size`` is not a multiple of
    3, and the others are as large as they can be).

    >>> [entropy_class(d, 9) for d in range(1, 10)], [entropy_class(d, 4) for d in range(1, 5)]
    ([0, 0, 0, 1, 1, 1, 2, 2, 2], [0, 1, 1, 2])
    """
    lo = size // 3 if size // 3 * 2 + -(-size // 3) == size else -(-size // 3)
    return 0 if d <= lo else 2 if d > size - lo else 1


@dataclass(frozen=True)
class Modular:
    """A modular line: any three cells in a row on it hold one digit of each of
    {1,4,7}, {2,5,8} and {3,6,9} (different remainders of division by 3).

    >>> m = Modular((0, 1, 2, 3))
    >>> m.check([1, 5, 9, 4]), m.check([1, 5, 9, 6]), m.check([1, 4, 0, 0])
    (True, False, False)
    """

    cells: tuple[int, ...]
    kind: ClassVar[str] = "modular"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _cells(self.cells, f"a {self.kind} line", 3))

    def cls_of(self, d: int, size: int) -> int:
        """The set of digit ``d``: its remainder of division by 3."""
        return d % 3

    def _near(self) -> list[tuple[int, int]]:
        c = self.cells
        return [(c[i], c[j]) for i in range(len(c)) for j in (i + 1, i + 2) if j < len(c)]

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        n = size_of(values, rules)
        return all(not values[a] or not values[b]
                   or self.cls_of(values[a], n) != self.cls_of(values[b], n)
                   for a, b in self._near())

    def fits(self, size: int) -> str | None:
        """>>> Modular((0, 1, 2)).fits(2)
        'a modular line needs digits of three sets, more than 1..2'
        """
        if size < 3:
            return f"a {self.kind} line needs digits of three sets, more than 1..{size}"
        return check_cells(self.cells, size, f"a {self.kind} line")

    def groups(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        return ()

    def program(self, rules: Rules) -> list[int]:
        n, out = rules.size, []
        for a, b in self._near():
            out += pair_record(a, b, n, lambda x, y: self.cls_of(x, n) != self.cls_of(y, n))
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cells": list(self.cells)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """>>> Modular.from_dict({"kind": "modular", "cells": [0, 1, 2]})
        Modular(cells=(0, 1, 2))
        """
        return cls(cells_from(data, kind=f"{cls.kind} line"))


@dataclass(frozen=True)
class Entropic(Modular):
    """An entropic line: any three cells in a row on it hold one low (1-3), one middle
    (4-6) and one high (7-9) digit.

    >>> e = Entropic((0, 1, 2, 3))
    >>> rest = [0] * 77
    >>> e.check([1, 5, 9, 2] + rest), e.check([1, 5, 9, 4] + rest), e.check([1, 2, 0, 0] + rest)
    (True, False, False)
    """

    kind: ClassVar[str] = "entropic"

    def cls_of(self, d: int, size: int) -> int:
        """The set of digit ``d``: low, middle or high (:func:`entropy_class`)."""
        return entropy_class(d, size)
