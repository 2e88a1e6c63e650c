"""Constraints on groups of cells: odd and even cells, extra regions and disjoint groups.

>>> from shudu import Rules, count
>>> count("." * 16, 1000, Rules(4, constraints=(Parity(0, "even"), Parity(5, "even"))))
48
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ...errors import ParseError
from ..sizes import DEFAULT_BOXES
from .base import cells_from, check_cells, mask_record

if TYPE_CHECKING:
    from ..rules import Rules

__all__ = ["Disjoint", "ExtraRegion", "Parity"]


@dataclass(frozen=True)
class Parity:
    """An odd (``"odd"``, drawn as a circle) or even (``"even"``, a square) cell.

    >>> Parity(0, "odd").check([3]), Parity(0, "even").check([3]), Parity(0).kind
    (True, False, 'odd')
    """

    cell: int
    parity: str = "odd"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cell", int(self.cell))
        parity = str(self.parity).lower()
        if parity not in ("odd", "even"):
            raise ParseError("expected an odd or even cell", found=self.parity)
        object.__setattr__(self, "parity", parity)

    @property
    def kind(self) -> str:
        """``"odd"`` or ``"even"``."""
        return self.parity

    @property
    def cells(self) -> tuple[int, ...]:
        """The one cell."""
        return (self.cell,)

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        v = values[self.cell]
        return not v or v % 2 == (self.parity == "odd")

    def fits(self, size: int) -> str | None:
        return check_cells(self.cells, size, f"an {self.parity} cell")

    def groups(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        return ()

    def program(self, rules: Rules) -> list[int]:
        odd = self.parity == "odd"
        return mask_record(self.cell, [d for d in range(1, rules.size + 1) if d % 2 == odd])

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.parity, "cells": [self.cell]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Parity:
        """>>> Parity.from_dict({"kind": "even", "cells": [4]})
        Parity(cell=4, parity='even')
        """
        cells = cells_from(data, kind=f"{data.get('kind')} cell")
        if len(cells) != 1:
            raise ParseError("expected one cell in an odd or even cell", found=str(len(cells)))
        return cls(cells[0], str(data.get("kind")))


@dataclass(frozen=True)
class ExtraRegion:
    """An extra region: its digits differ (a region of n cells holds every digit).

    >>> ExtraRegion((0, 1, 2)).check([1, 2, 1]), ExtraRegion((0, 1, 2)).check([1, 2, 3])
    (False, True)
    """

    cells: tuple[int, ...]
    kind: ClassVar[str] = "extra-region"

    def __post_init__(self) -> None:
        cells = tuple(int(c) for c in self.cells)
        if len(cells) < 2:
            raise ParseError("expected an extra region of at least 2 cells", found=str(len(cells)))
        object.__setattr__(self, "cells", cells)

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        placed = [values[c] for c in self.cells if values[c]]
        return len(set(placed)) == len(placed)

    def fits(self, size: int) -> str | None:
        """>>> ExtraRegion(tuple(range(10))).fits(9)
        'an extra region of 10 cells cannot hold different digits 1..9'
        """
        return check_cells(self.cells, size, "an extra region", distinct=True)

    def groups(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        return (self.cells,)

    def program(self, rules: Rules) -> list[int]:
        return []

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cells": list(self.cells)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ExtraRegion:
        """>>> ExtraRegion.from_dict({"kind": "extra-region", "cells": [0, 10]})
        ExtraRegion(cells=(0, 10))
        """
        return cls(cells_from(data, kind="extra region"))


@dataclass(frozen=True)
class Disjoint:
    """Disjoint groups: the cells in the same place of every box hold different digits
    (for the usual boxes; a jigsaw has no places to compare).

    >>> from shudu import Rules
    >>> Disjoint().groups(Rules(4))[0]
    (0, 2, 8, 10)
    """

    kind: ClassVar[str] = "disjoint"
    cells: ClassVar[tuple[int, ...]] = ()

    def groups(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        if rules.regions is not None:
            return ()
        return _box_positions(rules.size, rules.box)  # type: ignore[arg-type]

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        n = round(len(values) ** 0.5)
        groups = (self.groups(rules) if rules is not None
                  else _box_positions(n, DEFAULT_BOXES.get(n, (1, n))))
        for group in groups:
            placed = [values[c] for c in group if values[c]]
            if len(set(placed)) != len(placed):
                return False
        return True

    def fits(self, size: int) -> str | None:
        return None

    def program(self, rules: Rules) -> list[int]:
        return []

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Disjoint:
        """>>> Disjoint.from_dict({"kind": "disjoint"})
        Disjoint()
        """
        return cls()


def _box_positions(n: int, box: tuple[int, int]) -> tuple[tuple[int, ...], ...]:
    """The cells at each position within a box, one group per position."""
    br, bc = box
    return tuple(tuple(r * n + c for r in range(i, n, br) for c in range(j, n, bc))
                 for i in range(br) for j in range(bc))
