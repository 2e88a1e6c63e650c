"""Constraints between two neighbouring cells: Kropki dots, XV, the non-consecutive rule
and the negative constraint (every pair without a dot is neither of its kinds).  A dot or
an X or V on the corner of two diagonal neighbours (diagonal Kropki, diagonal XV) joins
those two cells by the same rule; the negative constraint and the non-consecutive rule
read only neighbours that share a side.

>>> from shudu import Rules, count
>>> dots = (Kropki((0, 1), "black"), Kropki((1, 2), "white"), XV((3, 7), 5))
>>> count("." * 16, 100, Rules(4, constraints=dots))
24
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ...errors import ParseError
from .base import (
    PAIR,
    adjacent,
    cells_from,
    check_cells,
    int_from,
    orthogonal_pairs,
    pair_masks,
    pair_record,
)

if TYPE_CHECKING:
    from ..rules import Rules

__all__ = ["XV", "Kropki", "Negative", "NonConsecutive"]

KROPKI: dict[str, Callable[[int, int, int], bool]] = {
    "white": lambda a, b, k: abs(a - b) == k,
    "black": lambda a, b, k: a == k * b or b == k * a,
}
"""What each Kropki colour says of the two digits it joins (``k``: the difference of a
white dot, 1 unless marked; the ratio of a black dot, 2 unless marked)."""


def _pair(cells: Sequence[int], what: str) -> tuple[int, int]:
    """The two cells of a dot, lower first: a dot reads the same from either side."""
    pair = tuple(int(c) for c in cells)
    if len(pair) != 2:
        raise ParseError(f"expected {what} between two cells", found=str(len(pair)))
    return (min(pair), max(pair))


def _pair_fits(cells: tuple[int, int], size: int, what: str) -> str | None:
    bad = check_cells(cells, size, what)
    if bad:
        return bad
    if not adjacent(*cells, size) and not diagonal(*cells, size):
        return f"{what} must join two cells that share a side or a corner"
    return None


def diagonal(a: int, b: int, size: int) -> bool:
    """True when two cells touch only at a corner (a diagonal dot sits there).

    >>> diagonal(0, 10, 9), diagonal(8, 10, 9), diagonal(0, 1, 9)
    (True, False, False)
    """
    (ra, ca), (rb, cb) = divmod(a, size), divmod(b, size)
    return abs(ra - rb) == 1 and abs(ca - cb) == 1


@dataclass(frozen=True)
class Kropki:
    """A Kropki dot between two cells that share a side (or a corner, a diagonal dot):
    ``"white"`` joins consecutive digits, ``"black"`` digits of which one is twice the
    other; a ``value`` written in the dot sets another difference (white) or ratio (black).

    >>> Kropki((0, 1), "white").check([3, 4]), Kropki((0, 1), "black").check([3, 4])
    (True, False)
    >>> Kropki((0, 1), "white", 3).check([2, 5]), Kropki((0, 1), "black", 3).check([2, 6])
    (True, True)
    """

    cells: tuple[int, int]
    colour: str = "white"
    value: int | None = None
    kind: ClassVar[str] = "kropki"

    @property
    def k(self) -> int:
        """The difference (white) or ratio (black) the dot stands for."""
        return self.value if self.value is not None else (1 if self.colour == "white" else 2)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _pair(self.cells, "a Kropki dot"))
        colour = str(self.colour).lower()
        if colour not in KROPKI:
            raise ParseError("expected a Kropki dot coloured white or black", found=self.colour)
        object.__setattr__(self, "colour", colour)
        if self.value is not None:
            value = int(self.value)
            if value < 1 or (colour == "black" and value < 2):
                raise ParseError(f"expected a {colour} dot's value of at least "
                                 f"{1 if colour == 'white' else 2}", found=str(value))
            object.__setattr__(self, "value", value)

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        a, b = (values[c] for c in self.cells)
        return not a or not b or KROPKI[self.colour](a, b, self.k)

    def fits(self, size: int) -> str | None:
        """>>> Kropki((0, 2), "white").fits(9)
        'a Kropki dot must join two cells that share a side or a corner'
        """
        return _pair_fits(self.cells, size, "a Kropki dot")

    def groups(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        return ()

    def program(self, rules: Rules) -> list[int]:
        ok, k = KROPKI[self.colour], self.k
        return pair_record(*self.cells, rules.size, lambda a, b: ok(a, b, k))

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "cells": list(self.cells), "colour": self.colour}
        if self.value is not None:
            d["value"] = self.value
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Kropki:
        """>>> Kropki.from_dict({"kind": "kropki", "cells": [0, 1], "colour": "black"}).colour
        'black'
        """
        value = data.get("value")
        return cls(cells_from(data, kind="Kropki dot"),  # type: ignore[arg-type]
                   str(data.get("colour", data.get("color", "white"))),
                   None if value is None else int_from(data, "value", "Kropki dot"))


@dataclass(frozen=True)
class XV:
    """An X (the two digits add up to 10) or a V (to 5) between two cells that share a side
    or a corner (a diagonal X or V); ``total`` may be any sum.

    >>> XV((0, 1), 10).check([3, 7]), XV((0, 1), 5).check([3, 7])
    (True, False)
    >>> XV((0, 1), 5).symbol
    'V'
    """

    cells: tuple[int, int]
    total: int = 10
    kind: ClassVar[str] = "xv"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _pair(self.cells, "an X or V"))
        object.__setattr__(self, "total", int(self.total))

    @property
    def symbol(self) -> str:
        """``X``, ``V`` or the total."""
        return {10: "X", 5: "V"}.get(self.total, str(self.total))

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        a, b = (values[c] for c in self.cells)
        return not a or not b or a + b == self.total

    def fits(self, size: int) -> str | None:
        """>>> XV((0, 1), 20).fits(9)
        'two different digits 1..9 cannot add up to 20'
        """
        bad = _pair_fits(self.cells, size, "an X or V")
        if bad:
            return bad
        if diagonal(*self.cells, size):   # diagonal neighbours may hold the same digit
            if not 2 <= self.total <= 2 * size:
                return f"two digits 1..{size} cannot add up to {self.total}"
        elif not 3 <= self.total <= 2 * size - 1:
            return f"two different digits 1..{size} cannot add up to {self.total}"
        return None

    def groups(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        return ()

    def program(self, rules: Rules) -> list[int]:
        t = self.total
        return pair_record(*self.cells, rules.size, lambda a, b: a + b == t)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cells": list(self.cells), "sum": self.total}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> XV:
        """>>> XV.from_dict({"kind": "xv", "cells": [0, 1], "sum": 5}).symbol
        'V'
        """
        return cls(cells_from(data, kind="X or V"),  # type: ignore[arg-type]
                   int_from(data, "sum", "X or V", 10))


def _unmarked(rules: Rules | None, n: int, family: type[Kropki | XV], colour: str | None = None
              ) -> list[tuple[int, int]]:
    """The neighbouring pairs with no dot of ``family`` (of ``colour``, when given)."""
    marked = {tuple(sorted(c.cells)) for c in (rules.constraints if rules else ())
              if isinstance(c, family)
              and (colour is None or (isinstance(c, Kropki) and c.colour == colour))}
    return [p for p in orthogonal_pairs(n) if p not in marked]


@dataclass(frozen=True)
class NonConsecutive:
    """No two cells that share a side hold consecutive digits, except across a white
    Kropki dot (so, with white dots, it says that every white dot is given).

    >>> NonConsecutive().check([1, 3, 0, 0]), NonConsecutive().check([1, 2, 0, 0])
    (True, False)
    """

    kind: ClassVar[str] = "non-consecutive"
    cells: ClassVar[tuple[int, ...]] = ()

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        n = rules.size if rules is not None else round(len(values) ** 0.5)
        return all(not values[a] or not values[b] or abs(values[a] - values[b]) != 1
                   for a, b in _unmarked(rules, n, Kropki, "white"))

    def fits(self, size: int) -> str | None:
        return None

    def groups(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        return ()

    def program(self, rules: Rules) -> list[int]:
        masks = pair_masks(rules.size, lambda x, y: abs(x - y) != 1)
        return [v for a, b in _unmarked(rules, rules.size, Kropki, "white")
                for v in (PAIR, a, b, *masks)]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> NonConsecutive:
        """>>> NonConsecutive.from_dict({"kind": "non-consecutive"})
        NonConsecutive()
        """
        return cls()


NEGATIVE: dict[str, tuple[type, Callable[[int, int], bool]]] = {
    "kropki": (Kropki, lambda a, b: abs(a - b) != 1 and a != 2 * b and b != 2 * a),
    "white": (Kropki, lambda a, b: abs(a - b) != 1),
    "black": (Kropki, lambda a, b: a != 2 * b and b != 2 * a),
    "xv": (XV, lambda a, b: a + b not in (5, 10)),
    "x": (XV, lambda a, b: a + b != 10),
    "v": (XV, lambda a, b: a + b != 5),
}
"""The negative constraints: which dots they read and what a pair without one may hold."""


@dataclass(frozen=True)
class Negative:
    """Every pair of cells that share a side and have no dot of this family between them
    breaks its rule: ``"kropki"`` (neither consecutive nor double), ``"white"``,
    ``"black"``, ``"xv"`` (adding to neither 5 nor 10), ``"x"`` or ``"v"``.

    >>> from shudu import Rules
    >>> rules = Rules(4, constraints=(XV((0, 1), 5), Negative("xv")))
    >>> Negative("xv").check([1, 4, 1, 0] + [0] * 12, rules)   # r1c2 and r1c3 make 5
    False
    """

    of: str = "kropki"
    kind: ClassVar[str] = "negative"
    cells: ClassVar[tuple[int, ...]] = ()

    def __post_init__(self) -> None:
        of = str(self.of).lower()
        if of not in NEGATIVE:
            raise ParseError("expected a negative constraint of " + ", ".join(NEGATIVE),
                             found=self.of)
        object.__setattr__(self, "of", of)

    def pairs(self, rules: Rules) -> list[tuple[int, int]]:
        """The neighbouring pairs with no dot of this family."""
        return _unmarked(rules, rules.size, NEGATIVE[self.of][0])

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        if rules is None:
            raise TypeError("a negative constraint is checked against the rules that hold its dots")
        ok = NEGATIVE[self.of][1]
        return all(not values[a] or not values[b] or ok(values[a], values[b])
                   for a, b in self.pairs(rules))

    def fits(self, size: int) -> str | None:
        return None

    def groups(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        return ()

    def program(self, rules: Rules) -> list[int]:
        masks = pair_masks(rules.size, NEGATIVE[self.of][1])
        return [v for a, b in self.pairs(rules) for v in (PAIR, a, b, *masks)]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "of": self.of}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Negative:
        """>>> Negative.from_dict({"kind": "negative", "of": "xv"})
        Negative(of='xv')
        """
        return cls(str(data.get("of", "kropki")))
