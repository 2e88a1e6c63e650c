"""The pencilmark state: the candidates of every cell, one state for every reader and the
human-style solver (its text forms are read and written by :mod:`shudu.formats.pencilmarks`).

Candidates are kept twice, always in sync: per digit as a bitboard over cells (a Python
int with one bit per cell) and per cell as a bitmask over digits (bit ``d - 1`` for
digit ``d``).  House masks make singles, fish and colouring plain set algebra:

>>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
>>> c = Candidates.from_grid(Grid(p))
>>> c.digits_of(1)            # r1c2 can hold these digits
(1, 6, 7, 9)
>>> geo = c.geo
>>> bin(c.digit_cells(4) & geo.row_mask[0]).count("1")   # 4 is placed in row 1
0
>>> c.unsolved_count
64
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol, TypeVar, cast

from .grid import SYMBOLS, Grid
from .rules import Cell, House, Rules

_T = TypeVar("_T")

__all__ = [
    "Candidates",
    "Geometry",
    "Marks",
    "bits",
    "by_digit",
    "digit_only",
    "digits_in",
    "first_bit",
    "geometry",
    "state_memo",
]


def bits(mask: int) -> Iterator[int]:
    """Indices of the set bits of ``mask``, lowest first.

    >>> list(bits(0b10110))
    [1, 2, 4]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def first_bit(mask: int) -> int:
    """Index of the lowest set bit (``mask`` must be non-zero).

    >>> first_bit(0b1000)
    3
    """
    return (mask & -mask).bit_length() - 1


def digits_in(mask: int) -> tuple[int, ...]:
    """Digits (1-based) of a digit bitmask.

    >>> digits_in(0b101)
    (1, 3)
    """
    return tuple(b + 1 for b in bits(mask))


class Marks(Protocol):
    """Pencilmarks as a value: rules and one digit bitmask per cell
    (:class:`shudu.formats.Pencilmarks`, what a candidate text reads as)."""

    @property
    def rules(self) -> Rules: ...

    @property
    def candidates(self) -> tuple[int, ...]: ...


def candidate_string(rules: Rules, masks: Iterable[int], blank: str = ".") -> str:
    """Per-cell digit bitmasks as a candidate string: n characters per cell, character k
    the digit k+1 as the grid writes it (A-P above 9) or ``blank`` (729 characters on 9x9).

    >>> candidate_string(Rules(4), [0b0101] + [15] * 15)[:8]
    '1.3.1234'
    """
    n = rules.size
    symbols = SYMBOLS[:n]
    return "".join(
        "".join(symbols[d] if mask >> d & 1 else blank for d in range(n)) for mask in masks
    )


@dataclass(frozen=True)
class Geometry:
    """Bitboard tables of one :class:`Rules` value, built once and shared.

    ``house_mask[h]`` is the cell bitboard of house ``h`` (same order as
    ``rules.houses``); ``row_mask``, ``col_mask``, ``box_mask`` index rows, columns and
    boxes (or jigsaw regions) directly; ``cell_houses[c]`` lists the houses of a cell and
    ``peer_mask[c]`` its peers.

    >>> g = geometry(Rules())
    >>> g.n, len(g.house_mask), g.cell_houses[0]
    (9, 27, (0, 9, 18))
    """

    rules: Rules
    n: int
    ncells: int
    all_cells: int
    houses: tuple[House, ...]
    house_mask: tuple[int, ...]
    row_mask: tuple[int, ...]
    col_mask: tuple[int, ...]
    box_mask: tuple[int, ...]
    cell_houses: tuple[tuple[int, ...], ...]
    peer_mask: tuple[int, ...]
    row_of: tuple[int, ...]
    col_of: tuple[int, ...]
    box_of: tuple[int, ...]
    peers_are_houses: bool = False
    """Whether a cell's peers are exactly the other cells of its houses (no anti-knight
    or other extra peers)."""

    def __hash__(self) -> int:
        """The hash of the rules the tables are built from (equal geometries have equal
        rules), worked out once: a geometry keys many caches, and hashing its tables (or
        even its rules) each time took microseconds.

        >>> hash(geometry(Rules())) == hash(Rules())
        True
        """
        got = self.__dict__.get("_hash")
        if got is None:
            got = self.__dict__["_hash"] = hash(self.rules)
        return got

    def __getstate__(self) -> dict[str, Any]:
        """The fields, without the remembered hash (another process hashes strings
        differently).

        >>> import pickle
        >>> g = geometry(Rules()); _ = hash(g)
        >>> "_hash" in vars(pickle.loads(pickle.dumps(g)))
        False
        """
        state = dict(self.__dict__)
        state.pop("_hash", None)
        return state

    def cell_name(self, cell: Cell) -> str:
        """``r<row>c<col>`` name of a cell."""
        return self.rules.cell_name(cell)

    def common_peers(self, cells: Iterable[Cell]) -> int:
        """Bitboard of cells that see every one of ``cells``.

        >>> g = geometry(Rules())
        >>> sorted(bits(g.common_peers([0, 8])))[:3]
        [1, 2, 3]
        """
        mask = self.all_cells
        for c in cells:
            mask &= self.peer_mask[c]
        return mask


@lru_cache(maxsize=32)
def geometry(rules: Rules) -> Geometry:
    """The (cached) bitboard tables of a Rules value.

    >>> geometry(Rules(4)).all_cells == (1 << 16) - 1
    True
    """
    n = rules.size
    houses = rules.houses
    house_mask = tuple(sum(1 << c for c in h.cells) for h in houses)
    cell_houses: list[list[int]] = [[] for _ in range(n * n)]
    for i, h in enumerate(houses):
        for c in h.cells:
            cell_houses[c].append(i)
    peer_mask = tuple(sum(1 << p for p in ps) for ps in rules.peers)
    by_houses = True
    for c, hs in enumerate(cell_houses):
        union = 0
        for i in hs:
            union |= house_mask[i]
        by_houses = by_houses and union & ~(1 << c) == peer_mask[c]
    return Geometry(
        rules=rules,
        n=n,
        ncells=n * n,
        all_cells=(1 << (n * n)) - 1,
        houses=houses,
        house_mask=house_mask,
        row_mask=house_mask[:n],
        col_mask=house_mask[n:2 * n],
        box_mask=house_mask[2 * n:3 * n],
        cell_houses=tuple(tuple(hs) for hs in cell_houses),
        peer_mask=peer_mask,
        row_of=tuple(c // n for c in range(n * n)),
        col_of=tuple(c % n for c in range(n * n)),
        box_of=tuple(rules.box_of(c) for c in range(n * n)),
        peers_are_houses=by_houses,
    )


class Candidates:
    """Mutable pencilmark state: placed values plus candidates of unsolved cells.

    Build it with :meth:`from_grid` (candidates follow from the placed digits) or
    :meth:`from_masks` (an explicit pencilmark state, e.g. read from a candidate grid).

    >>> c = Candidates.from_grid(Grid("1234341221434321", Rules(4)).with_value(0, 0))
    >>> c.digits_of(0), c.values[0]
    ((1,), 0)
    >>> c.place(0, 1); c.is_solved
    True
    """

    __slots__ = ("cell_mask", "digit_mask", "geo", "givens", "rules", "values")

    geo: Geometry
    rules: Rules
    values: bytearray
    givens: bytes
    cell_mask: list[int]
    digit_mask: list[int]

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.geo = geometry(rules)
        n = rules.size
        self.values = bytearray(n * n)
        self.givens = bytes(n * n)
        full = (1 << n) - 1
        self.cell_mask = [full] * (n * n)
        self.digit_mask = [self.geo.all_cells] * n

    # ------------------------------------------------------------------ building
    @classmethod
    def from_grid(cls, grid: Grid) -> Candidates:
        """Candidates implied by a grid: every digit not seen by a cell.

        >>> Candidates.from_grid(Grid.empty(Rules(4))).digits_of(5)
        (1, 2, 3, 4)
        """
        cand = cls(grid.rules)
        cells = cand.givens = grid.cells
        geo = cand.geo
        if not geo.peers_are_houses:
            for cell, v in enumerate(cells):
                if v:
                    cand.place(cell, v)
            return cand
        # every digit at once: a digit's cells are the open cells no placed copy sees, a
        # cell's digits those no house of it holds
        n = geo.n
        peer = geo.peer_mask
        values = cand.values
        seen = [0] * n
        used = [0] * len(geo.houses)   # the digits placed in each house
        filled = 0
        cell_houses = geo.cell_houses
        for cell, v in enumerate(cells):
            if v:
                values[cell] = v
                filled |= 1 << cell
                seen[v - 1] |= peer[cell]
                bit = 1 << (v - 1)
                for h in cell_houses[cell]:
                    used[h] |= bit
        open_cells = geo.all_cells & ~filled
        cand.digit_mask = [open_cells & ~s for s in seen]
        full = (1 << n) - 1
        cm = cand.cell_mask
        for cell, hs in enumerate(cell_houses):
            if cells[cell]:
                cm[cell] = 0
            else:
                m = 0
                for h in hs:
                    m |= used[h]
                cm[cell] = full & ~m
        return cand

    @classmethod
    def from_pencilmarks(cls, pm: Marks) -> Candidates:
        """The logic state of a pencilmark grid (:class:`shudu.formats.Pencilmarks`): a
        cell with a single candidate that no peer still holds counts as placed; a single
        candidate that a peer still holds is a naked single left to find.  Every reader
        of pencilmarks (the API and the command line) builds its state here.

        >>> from types import SimpleNamespace as Marks
        >>> state = Candidates.from_pencilmarks(Marks(rules=Rules(), candidates=[511] * 80 + [1]))
        >>> state.values[80], state.has(0, 1)
        (0, True)
        >>> state = Candidates.from_pencilmarks(Marks(rules=Rules(), candidates=[1] + [510] * 80))
        >>> state.values[0], state.has(1, 1)
        (1, False)
        """
        masks = list(pm.candidates)
        loose = cls.from_masks(pm.rules, masks)
        peer = loose.geo.peer_mask
        values = [0] * len(masks)
        for cell, m in enumerate(masks):
            if m and not m & (m - 1):
                d = m.bit_length()
                if not loose.digit_mask[d - 1] & peer[cell]:
                    values[cell] = d
        return cls.from_masks(pm.rules, masks, values)

    @classmethod
    def from_masks(
        cls, rules: Rules, masks: Iterable[int], values: Iterable[int] | None = None
    ) -> Candidates:
        """An explicit pencilmark state: one digit bitmask per cell.

        A cell with one candidate counts as placed only when ``values`` says so (a naked
        single is still a candidate to find).

        >>> c = Candidates.from_masks(Rules(4), [0b1111] * 16)
        >>> c.unsolved_count
        16
        """
        cand = cls(rules)
        masks = list(masks)
        n = rules.size
        cand.cell_mask = masks
        digit_mask = [0] * n
        for cell, m in enumerate(masks):
            for b in bits(m):
                digit_mask[b] |= 1 << cell
        cand.digit_mask = digit_mask
        if values is not None:
            for cell, v in enumerate(values):
                if v:
                    cand.values[cell] = v
                    cand.cell_mask[cell] = 0
                    for d in range(n):
                        cand.digit_mask[d] &= ~(1 << cell)
            cand.givens = bytes(cand.values)
        return cand

    def copy(self) -> Candidates:
        """An independent copy.

        >>> c = Candidates.from_grid(Grid.empty(Rules(4))); d = c.copy(); d.place(0, 1)
        >>> c.values[0], d.values[0]
        (0, 1)
        """
        other = object.__new__(Candidates)
        other.geo = self.geo
        other.rules = self.rules
        other.values = bytearray(self.values)
        other.givens = self.givens
        other.cell_mask = list(self.cell_mask)
        other.digit_mask = list(self.digit_mask)
        return other

    # ------------------------------------------------------------------ queries
    def digit_cells(self, digit: int) -> int:
        """Bitboard of unsolved cells where ``digit`` is still a candidate."""
        return self.digit_mask[digit - 1]

    def digits_of(self, cell: Cell) -> tuple[int, ...]:
        """Candidate digits of a cell (empty for a placed cell)."""
        return digits_in(self.cell_mask[cell])

    def has(self, cell: Cell, digit: int) -> bool:
        """True when ``digit`` is a candidate of ``cell``."""
        return bool(self.cell_mask[cell] >> (digit - 1) & 1)

    @property
    def unsolved(self) -> int:
        """Bitboard of the unsolved cells."""
        m = 0
        for cell, v in enumerate(self.values):
            if not v:
                m |= 1 << cell
        return m

    @property
    def unsolved_count(self) -> int:
        """Number of unsolved cells."""
        return self.values.count(0)

    @property
    def is_solved(self) -> bool:
        """True when every cell holds a digit."""
        return 0 not in self.values

    def is_broken(self) -> bool:
        """True when some unsolved cell has no candidate or a house lost a digit.

        >>> Candidates.from_masks(Rules(4), [0] + [15] * 15).is_broken()
        True
        """
        for cell, v in enumerate(self.values):
            if not v and not self.cell_mask[cell]:
                return True
        n = self.rules.size
        for h, hmask in enumerate(self.geo.house_mask):
            placed = 0
            for c in self.geo.houses[h].cells:
                if self.values[c]:
                    placed |= 1 << (self.values[c] - 1)
            for d in range(n):
                if not (placed >> d & 1) and not (self.digit_mask[d] & hmask):
                    return True
        return False

    # ------------------------------------------------------------------ changes
    def place(self, cell: Cell, digit: int) -> None:
        """Put ``digit`` in ``cell`` and remove it from the cell's peers."""
        bit = 1 << cell
        self.values[cell] = digit
        m = self.cell_mask[cell]
        while m:
            low = m & -m
            self.digit_mask[low.bit_length() - 1] &= ~bit
            m ^= low
        self.cell_mask[cell] = 0
        d = digit - 1
        hit = self.digit_mask[d] & self.geo.peer_mask[cell]
        if hit:
            self.digit_mask[d] &= ~hit
            dbit = ~(1 << d)
            cm = self.cell_mask
            while hit:
                low = hit & -hit
                cm[low.bit_length() - 1] &= dbit
                hit ^= low

    def eliminate(self, cell: Cell, digit: int) -> bool:
        """Remove a candidate; returns True when it was there."""
        dbit = 1 << (digit - 1)
        if not self.cell_mask[cell] & dbit:
            return False
        self.cell_mask[cell] &= ~dbit
        self.digit_mask[digit - 1] &= ~(1 << cell)
        return True

    def apply(self, step: object) -> None:
        """Apply a step's placements and eliminations (anything with those attributes)."""
        for cell, digit in getattr(step, "eliminations", ()):
            self.eliminate(cell, digit)
        for cell, digit in getattr(step, "placements", ()):
            if not self.values[cell]:
                self.place(cell, digit)

    # ------------------------------------------------------------------ out
    def to_grid(self) -> Grid:
        """The placed digits as a Grid."""
        return Grid._trusted(self.rules, bytes(self.values))

    def masks(self) -> list[int]:
        """Per-cell digit bitmasks, placed cells showing their single digit."""
        return [
            (1 << (v - 1)) if v else m for v, m in zip(self.values, self.cell_mask)
        ]

    def to_string729(self, blank: str = ".") -> str:
        """The state as a candidate string (:func:`candidate_string`): n characters per
        cell, character k the digit k+1 as the grid writes it (A-P above 9) or ``blank``
        (729 characters on 9x9; read back by :func:`shudu.formats.parse_pencilmarks`).

        >>> Candidates.from_grid(Grid.empty()).to_string729()[:10]
        '1234567891'
        >>> Candidates.from_grid(Grid.empty(Rules(16))).to_string729()[:17]
        '123456789ABCDEFG1'
        """
        return candidate_string(self.rules, self.masks(), blank)

    def __repr__(self) -> str:
        return f"<Candidates {self.unsolved_count} unsolved, rules={self.rules.spec}>"


_MEMO: dict[tuple[object, ...], dict[str, Any]] = {}
_MEMO_LIMIT = 16


def state_memo(cands: Candidates, name: str, build: Callable[[Candidates], _T]) -> _T:
    """``build(cands)``, computed once per pencilmark state and shared by every caller.

    The state is identified by its rules, candidate bitboards, placed values and givens,
    so a result is reused exactly when the inputs it was built from are the same (the
    latest few states are kept).  ``build`` must not change ``cands``; its result must
    be treated as read-only.

    >>> c = Candidates.from_grid(Grid.empty(Rules(4)))
    >>> first = state_memo(c, "doc", lambda c: [c.unsolved_count])
    >>> state_memo(c.copy(), "doc", lambda c: None) is first
    True
    >>> c.place(0, 1); state_memo(c, "doc", lambda c: [c.unsolved_count])
    [15]
    """
    key = (cands.rules, *cands.digit_mask, bytes(cands.values), cands.givens)
    slot = _MEMO.get(key)
    if slot is None:
        if len(_MEMO) >= _MEMO_LIMIT:
            _MEMO.clear()
        slot = _MEMO[key] = {}
    elif name in slot:
        return cast("_T", slot[name])
    got = slot[name] = build(cands)
    return got


def digit_only(cands: Candidates, digit: int) -> Candidates:
    """A copy of ``cands`` keeping only the candidates of one digit (1-based).

    >>> c = digit_only(Candidates.from_grid(Grid.empty(Rules(4))), 2)
    >>> c.digits_of(0), c.digit_cells(1)
    ((2,), 0)
    """
    d = digit - 1
    bit = 1 << d
    dm = cands.digit_mask[d]
    other = object.__new__(Candidates)
    other.geo = cands.geo
    other.rules = cands.rules
    other.values = bytearray(cands.values)
    other.givens = cands.givens
    cell_mask = [0] * len(cands.cell_mask)
    m = dm
    while m:
        low = m & -m
        cell_mask[low.bit_length() - 1] = bit
        m ^= low
    other.cell_mask = cell_mask
    masks = [0] * len(cands.digit_mask)
    masks[d] = dm
    other.digit_mask = masks
    return other


_BY_DIGIT_LIMIT = 20_000


def by_digit(find: Callable[[Candidates], Iterator[_T]]) -> Callable[[Candidates], Iterator[_T]]:
    """A single-digit finder, run digit by digit and remembered per digit bitboard.

    ``find`` must look at one digit at a time, in digit order (as fish, single-digit
    patterns and colouring do): what it yields for a digit then depends only on that
    digit's candidates, so a digit whose bitboard was seen before is answered from
    memory.  A digit's answer is remembered once its search ran to the end.

    >>> from collections.abc import Iterator
    >>> def pairs(c: Candidates) -> Iterator[int]:
    ...     for d in range(c.geo.n):
    ...         if c.digit_mask[d].bit_count() == 2:
    ...             yield d + 1
    >>> c = Candidates.from_masks(Rules(4), [1, 1, 2] + [12] * 13)
    >>> list(by_digit(pairs)(c)) == list(pairs(c)) == [1]
    True
    """
    memo: dict[tuple[object, int, int], tuple[_T, ...]] = {}

    def found(cands: Candidates) -> Iterator[_T]:
        rules = cands.rules
        for d, dm in enumerate(cands.digit_mask):
            if not dm:
                continue
            key = (rules, d, dm)
            got = memo.get(key)
            if got is not None:
                yield from got
                continue
            out: list[_T] = []
            for item in find(digit_only(cands, d + 1)):
                out.append(item)
                yield item
            if len(memo) >= _BY_DIGIT_LIMIT:
                memo.clear()
            memo[key] = tuple(out)

    found.__name__ = getattr(find, "__name__", "found")
    found.__doc__ = find.__doc__
    return found
