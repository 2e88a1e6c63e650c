"""Clues outside a house and digits a few cells must hold: X-sums, skyscrapers and
quadruples.

* An **X-sum** outside a row or column: the first X digits from that side add up to the
  clue, X being the first of them.
* A **skyscraper** clue outside a row or column: digits are heights, a taller one hides
  every shorter one behind it, and the clue counts those seen from that side.
* A **quadruple**: a circle on the corner of four cells listing digits that appear among
  them (a digit listed twice appears twice).

The engine narrows them with the records of ``csrc/constraints/outside.h``; the support
functions here give the same digits, for the logic and the tests.

>>> from shudu import Rules, count
>>> rules = Rules(4, constraints=(XSum.row(0, 10, 4), Skyscraper.column(0, 1, 4)))
>>> count("." * 16, 1000, rules)   # both put the 4 in r1c1
72
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ...errors import ParseError
from .base import cells_from, check_cells, int_from

if TYPE_CHECKING:
    from ..rules import Rules

__all__ = ["Quadruple", "Skyscraper", "XSum", "contain_supports", "skyscraper_supports",
           "xsum_supports"]

XSUM, SKYSCRAPER, CONTAIN = 16, 17, 18
"""Record kinds of the engine's constraint program (``csrc/constraints/outside.h``)."""

EXACT_N = 12
"""The largest side whose house clues are narrowed exactly (larger: a filled house is
checked)."""

CONTAIN_CELLS = 8
"""The most cells a group whose digits are listed may have."""


def house_line(index: int, size: int, column: bool, reverse: bool) -> tuple[int, ...]:
    """The cells of row (or column) ``index`` in order from its clue: from the left (top),
    or from the right (bottom) when ``reverse``.

    >>> house_line(1, 4, False, True), house_line(0, 4, True, False)
    ((7, 6, 5, 4), (0, 4, 8, 12))
    """
    cells = tuple(r * size + index for r in range(size)) if column else \
        tuple(index * size + c for c in range(size))
    return cells[::-1] if reverse else cells


def _house_fits(cells: tuple[int, ...], size: int, what: str) -> str | None:
    bad = check_cells(cells, size, what)
    if bad:
        return bad
    lines = [house_line(i, size, col, rev) for i in range(size)
             for col in (False, True) for rev in (False, True)]
    if cells not in lines:
        return f"{what} reads a whole row or column from one end"
    return None


def side_of(cells: Sequence[int], size: int) -> str:
    """Where the clue of a house line sits: ``"left"``, ``"right"``, ``"top"`` or
    ``"bottom"``.

    >>> side_of((3, 2, 1, 0), 4), side_of((1, 5, 9, 13), 4)
    ('right', 'top')
    """
    step = cells[1] - cells[0] if len(cells) > 1 else 1
    return {1: "left", -1: "right", size: "top", -size: "bottom"}.get(step, "left")


def _low(m: int) -> int:
    return (m & -m).bit_length()


def _bits(m: int) -> list[int]:
    out = []
    while m:
        out.append(m & -m)
        m &= m - 1
    return out


def _digit_sum(m: int) -> int:
    return sum(b.bit_length() for b in _bits(m))


def xsum_supports(total: int, masks: Sequence[int], n: int) -> list[int] | None:
    """For the cells of a whole house in order from an X-sum's clue, the digits each keeps
    (``masks``: their candidates); None when no digits make the clue.  Cells past every
    possible X keep all their candidates; up to 12x12 the rest is exact, the house's
    digits told apart.

    >>> xsum_supports(3, [0b1111, 0b1111, 0b1111, 0b1111], 4)
    [2, 1, 15, 15]
    """
    k = len(masks)
    if n > EXACT_N:
        return _house_check("x-sum", total, masks)
    fwd: dict[int, int] = {}
    levels: list[list[int]] = [[b for b in _bits(masks[0]) if b.bit_length() <= k]]
    for b in levels[0]:
        fwd[b] = b
    for i in range(1, k):
        on = ~((1 << i) - 1)
        level: list[int] = []
        for m in levels[i - 1]:
            t = fwd[m] & on
            if not t:
                continue
            s = _digit_sum(m)
            for b in _bits(masks[i] & ~m):
                if s + b.bit_length() > total:
                    break
                if m | b not in fwd:
                    fwd[m | b] = 0
                    level.append(m | b)
                fwd[m | b] |= t
        if not level:
            break
        levels.append(level)
    good: dict[int, int] = {}
    for lv in range(len(levels) - 1, -1, -1):
        on = ~((1 << (lv + 1)) - 1)
        for m in levels[lv]:
            g = 1 << lv if fwd[m] >> lv & 1 and _digit_sum(m) == total else 0
            go = fwd[m] & on
            if go and lv + 1 < len(levels):
                for b in _bits(masks[lv + 1] & ~m):
                    g |= good.get(m | b, 0) & go
            good[m] = g
    valid = 0
    for m in levels[0]:
        valid |= good[m]
    if not valid:
        return None
    keep = [valid] + [0] * (k - 1)
    for i in range(1, k):
        if valid & ((1 << i) - 1):
            keep[i] = masks[i]
            continue
        if i >= len(levels):
            continue
        on = ~((1 << i) - 1)
        for m in levels[i - 1]:
            t = good[m] & on
            if t:
                for b in _bits(masks[i] & ~m):
                    if good.get(m | b, 0) & t:
                        keep[i] |= b
    return keep


def skyscraper_supports(count: int, masks: Sequence[int], n: int) -> list[int] | None:
    """For the cells of a whole house in order from a skyscraper clue, the digits each
    keeps; None when no filling shows ``count`` skyscrapers.  Exact up to 12x12 for the
    cells before the tallest, which hides every cell behind it.

    >>> skyscraper_supports(4, [0b1111] * 4, 4)
    [1, 2, 4, 8]
    """
    k = len(masks)
    if n > EXACT_N:
        return _house_check("skyscraper", count, masks)
    top, lim, last = 1 << (n - 1), (1 << count) - 1, 1 << (count - 1)
    top_at = 1 if masks[0] & top and count == 1 else 0
    fwd: dict[int, int] = {}
    first_level = [b for b in _bits(masks[0] & ~top) if 2 & lim]
    levels: list[list[int]] = [first_level] if first_level else []
    for b in first_level:
        fwd[b] = 2
    for i in range(1, k):
        if len(levels) != i:
            break
        level: list[int] = []
        for m in levels[i - 1]:
            t = fwd[m]
            if masks[i] & top and t & last:
                top_at |= 1 << i
            for b in _bits(masks[i] & ~m & ~top):
                nt = (t << 1) & lim if b > m else t
                if nt:
                    if m | b not in fwd:
                        fwd[m | b] = 0
                        level.append(m | b)
                    fwd[m | b] |= nt
        if level:
            levels.append(level)
    good: dict[int, int] = {}
    for lv in range(len(levels) - 1, -1, -1):
        nxt = lv + 1
        for m in levels[lv]:
            t = fwd[m]
            g = t & last if nxt < k and masks[nxt] & top else 0
            if nxt < len(levels):
                for b in _bits(masks[nxt] & ~m & ~top):
                    gn = good.get(m | b, 0)
                    g |= (gn >> 1 if b > m else gn) & t
            good[m] = g
    if not top_at:
        return None
    keep = [0] * k
    first = -1
    for i in range(k):
        keep[i] = top if top_at >> i & 1 else 0
        if first >= 0:
            keep[i] |= masks[i] & ~top
        if top_at >> i & 1 and first < 0:
            first = i
        if i == 0:
            keep[0] |= sum(m for m in (levels[0] if levels else []) if good[m])
            continue
        if i >= len(levels):
            continue
        for m in levels[i - 1]:
            t = good[m]
            if t:
                for b in _bits(masks[i] & ~m & ~top):
                    nt = (t << 1) & lim if b > m else t
                    if nt & good.get(m | b, 0):
                        keep[i] |= b
    return keep


def _house_check(kind: str, value: int, masks: Sequence[int]) -> list[int] | None:
    """A filled house checked, an open one kept (grids beyond :data:`EXACT_N`)."""
    if any(m & (m - 1) for m in masks):
        return list(masks)
    line = [m.bit_length() for m in masks]
    return list(masks) if _house_value(kind, line) == value else None


def _house_value(kind: str, line: Sequence[int]) -> int:
    """What a filled house shows from its first cell: the X-sum or the skyscrapers seen.

    >>> _house_value("x-sum", [3, 1, 2, 4]), _house_value("skyscraper", [2, 1, 4, 3])
    (6, 2)
    """
    if kind == "x-sum":
        return sum(line[:line[0]]) if line[0] <= len(line) else -1
    seen, tall = 0, 0
    for d in line:
        if d > tall:
            seen, tall = seen + 1, d
    return seen


def contain_supports(masks: Sequence[int], digits: Sequence[int],
                     links: Sequence[int]) -> list[int] | None:
    """For cells that must hold ``digits`` (``links[i]``: the places whose cells see cell
    i), the digits each keeps: a listed digit where the list can be placed so, any
    candidate in a cell the list can leave free; None when the list cannot be placed.

    >>> contain_supports([0b011, 0b011, 0b111], [3], [0b110, 0b101, 0b011])
    [3, 3, 4]
    """
    k, j = len(masks), len(digits)
    keep = [0] * k
    place = [0] * j
    found = False

    def walk(i: int, used: int) -> None:
        nonlocal found
        if i == j:
            found = True
            for q in range(j):
                keep[place[q]] |= 1 << (digits[q] - 1)
            for p in range(k):
                if not used >> p & 1:
                    keep[p] = masks[p]
            return
        d = digits[i]
        for p in range(k):
            if used >> p & 1 or not masks[p] >> (d - 1) & 1:
                continue
            if i and digits[i - 1] == d and p < place[i - 1]:
                continue
            if any(digits[q] == d and links[p] >> place[q] & 1 for q in range(i)):
                continue
            place[i] = p
            walk(i + 1, used | 1 << p)

    walk(0, 0)
    return keep if found else None


@dataclass(frozen=True)
class _HouseClue:
    """A clue outside a row or column: ``cells`` the whole house in order from the clue."""

    cells: tuple[int, ...]
    value: int
    kind: ClassVar[str] = ""
    what: ClassVar[str] = ""
    record: ClassVar[int] = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", tuple(int(c) for c in self.cells))
        object.__setattr__(self, "value", int(self.value))

    @classmethod
    def row(cls, index: int, value: int, size: int = 9, from_right: bool = False) -> Any:
        """The clue of row ``index`` (0-based), read from the left (or the right)."""
        return cls(house_line(index, size, False, from_right), value)

    @classmethod
    def column(cls, index: int, value: int, size: int = 9, from_bottom: bool = False) -> Any:
        """The clue of column ``index`` (0-based), read from the top (or the bottom)."""
        return cls(house_line(index, size, True, from_bottom), value)

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        line = [values[c] for c in self.cells]
        if 0 not in line:
            return _house_value(self.kind, line) == self.value
        return self._partial(line)

    def _partial(self, line: list[int]) -> bool:
        return True

    def fits(self, size: int) -> str | None:
        return _house_fits(self.cells, size, self.what) or self._range(size)

    def _range(self, size: int) -> str | None:
        return None

    def groups(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        return ()

    def program(self, rules: Rules) -> list[int]:
        return [self.record, self.value, len(self.cells), *self.cells]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cells": list(self.cells), "value": self.value}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Any:
        return cls(cells_from(data, kind=cls.what), int_from(data, "value", cls.what))


@dataclass(frozen=True)
class XSum(_HouseClue):
    """An X-sum: outside a row or column (``cells`` in order from the clue), the first X
    digits add up to ``value``, X being the first digit.

    >>> x, rest = XSum.row(0, 6, 4), [0] * 12
    >>> x.check([3, 1, 2, 4] + rest), x.check([2, 1, 3, 4] + rest), x.check([3, 4, 0, 0] + rest)
    (True, False, False)
    >>> XSum.from_dict({"kind": "x-sum", "cells": [3, 2, 1, 0], "value": 4}).cells
    (3, 2, 1, 0)
    """

    kind: ClassVar[str] = "x-sum"
    what: ClassVar[str] = "an X-sum"
    record: ClassVar[int] = XSUM

    def _partial(self, line: list[int]) -> bool:
        x = line[0]
        if not x:
            return True
        part = line[:x]
        empty = part.count(0)
        return x <= len(line) and sum(part) + empty <= self.value <= sum(part) + empty * len(line)

    def _range(self, size: int) -> str | None:
        """>>> XSum.row(0, 11, 4).fits(4)
        'an X-sum is 1..10 on a 4x4 grid, not 11'
        """
        most = size * (size + 1) // 2
        if not 1 <= self.value <= most:
            return f"an X-sum is 1..{most} on a {size}x{size} grid, not {self.value}"
        return None


@dataclass(frozen=True)
class Skyscraper(_HouseClue):
    """A skyscraper clue: seen from outside a row or column (``cells`` in order from the
    clue), ``value`` digits are larger than every digit before them.

    >>> s, rest = Skyscraper.row(0, 2, 4), [0] * 12
    >>> s.check([2, 1, 4, 3] + rest), s.check([1, 2, 4, 3] + rest)
    (True, False)
    """

    kind: ClassVar[str] = "skyscraper"
    what: ClassVar[str] = "a skyscraper clue"
    record: ClassVar[int] = SKYSCRAPER

    def _partial(self, line: list[int]) -> bool:
        n = len(line)
        if n in line:   # the tallest ends what is seen: count up to it where filled
            before = line[:line.index(n)]
            if 0 not in before:
                return _house_value(self.kind, [*before, n]) == self.value
        return True

    def _range(self, size: int) -> str | None:
        """>>> Skyscraper.row(0, 5, 4).fits(4)
        'a skyscraper clue is 1..4 on a 4x4 grid, not 5'
        """
        if not 1 <= self.value <= size:
            return f"a skyscraper clue is 1..{size} on a {size}x{size} grid, not {self.value}"
        return None


@dataclass(frozen=True)
class Quadruple:
    """A quadruple: a circle on the corner of four cells (``cells``) listing ``digits``
    that appear among them; a digit listed twice appears twice.

    >>> q = Quadruple((0, 1, 4, 5), (1, 2))
    >>> q.check([1, 3, 0, 0, 2, 4] + [0] * 10), q.check([1, 3, 0, 0, 4, 3] + [0] * 10)
    (True, False)
    >>> q.check([1, 3, 0, 0, 4, 0] + [0] * 10), q.check([3, 3, 0, 0, 4, 0] + [0] * 10)
    (True, False)
    """

    cells: tuple[int, ...]
    digits: tuple[int, ...]
    kind: ClassVar[str] = "quadruple"

    def __post_init__(self) -> None:
        cells = tuple(sorted(int(c) for c in self.cells))
        digits = tuple(sorted(int(d) for d in self.digits))
        if not digits or len(digits) > len(cells):
            raise ParseError("expected a quadruple listing 1 to as many digits as it has cells",
                             found=f"{len(digits)} digits, {len(cells)} cells")
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "digits", digits)

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        held = [values[c] for c in self.cells]
        missing = sum(max(0, self.digits.count(d) - held.count(d)) for d in set(self.digits))
        return missing <= held.count(0)

    def fits(self, size: int) -> str | None:
        """>>> Quadruple((0, 1, 2, 3), (1,)).fits(9)
        'a quadruple sits on the corner of 2x2 cells'
        >>> Quadruple((0, 1, 9, 10), (1, 10)).fits(9)
        'a quadruple lists digits 1..9'
        """
        bad = check_cells(self.cells, size, "a quadruple")
        if bad:
            return bad
        a = self.cells[0]
        if a % size == size - 1 or self.cells != (a, a + 1, a + size, a + size + 1):
            return "a quadruple sits on the corner of 2x2 cells"
        if any(not 1 <= d <= size for d in self.digits):
            return f"a quadruple lists digits 1..{size}"
        return None

    def groups(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        return ()

    def program(self, rules: Rules) -> list[int]:
        peers = rules.peers
        links = [sum(1 << j for j, b in enumerate(self.cells) if b in peers[a])
                 for a in self.cells]
        return [CONTAIN, len(self.cells), len(self.digits), *self.cells, *self.digits, *links]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cells": list(self.cells), "digits": list(self.digits)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Quadruple:
        """>>> Quadruple.from_dict({"kind": "quadruple", "cells": [0, 1, 9, 10], "digits": [4]})
        Quadruple(cells=(0, 1, 9, 10), digits=(4,))
        """
        return cls(cells_from(data, kind="quadruple"),
                   cells_from(data, "digits", "quadruple"))


def house_clue_lines(size: int) -> list[tuple[int, ...]]:
    """Every house line a clue outside the grid can read (four per row and column pair).

    >>> len(house_clue_lines(4))
    16
    """
    return [house_line(i, size, col, rev)
            for col, rev, i in itertools.product((False, True), (False, True), range(size))]
