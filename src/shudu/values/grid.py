"""The :class:`Grid` value: digits in cells under some :class:`~shudu.values.rules.Rules`.

A Grid is small and immutable: the rules plus one byte per cell (0 = empty).  It is
built from any notation :mod:`shudu.formats` reads and written back as one line.

>>> g = Grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
>>> g[0], g[0, 6], g.clue_count
(4, 8, 17)
>>> str(g)[:12]
'4.....8.5.3.'
>>> Grid(str(g)) == g
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from ..errors import InvalidPuzzle, ParseError
from .rules import CLASSIC, Cell, Rules, RulesLike, as_rules

PUZZLE_TYPES = "puzzle text (str), a Grid, bytes or a sequence of ints"
"""What the API accepts as one puzzle, as named in its :class:`TypeError`."""

_TEXT: dict[str, Callable[..., Any]] = {}
"""The readers and writers of puzzle text, registered by :mod:`shudu.formats` (which
builds on this module, so the grid never imports it): ``parse`` and ``format_grid``."""


def register_text(**functions: Callable[..., Any]) -> None:
    """Register the text readers and writers a Grid uses (done by :mod:`shudu.formats`)."""
    _TEXT.update(functions)


def _text(name: str) -> Callable[..., Any]:
    if name not in _TEXT:   # the package imports its modules on first use: load the readers
        import importlib

        importlib.import_module("shudu.formats")
    try:
        return _TEXT[name]
    except KeyError:
        raise RuntimeError("shudu.formats has not registered the text readers") from None


def parse_puzzle(text: str, **options: Any) -> Grid:
    """Read one puzzle from text with :func:`shudu.formats.parse` (the same options).

    >>> parse_puzzle("." * 16).rules.size
    4
    """
    grid: Grid = _text("parse")(text, **options)
    return grid


def check_args(puzzle: object, rules: RulesLike, *, text_only: bool = False) -> Rules | None:
    """Check a puzzle argument (:func:`check_puzzle`; only ``str`` when ``text_only``)
    and turn a rules argument into :class:`Rules` (:func:`~shudu.values.rules.as_rules`): the
    first line of every public function that takes a puzzle and rules.

    >>> check_args("." * 81, "x").spec
    'x'
    >>> check_args(b"." * 81, None, text_only=True)
    Traceback (most recent call last):
    ...
    TypeError: expected puzzle text (str), got bytes
    """
    if text_only and not isinstance(puzzle, str):
        got = "None" if puzzle is None else type(puzzle).__name__
        raise TypeError(f"expected puzzle text (str), got {got}")
    check_puzzle(puzzle)
    return as_rules(rules)



def check_puzzle(puzzle: object, accepted: str = PUZZLE_TYPES) -> None:
    """Raise a :class:`TypeError` naming ``accepted`` unless ``puzzle`` could be a puzzle.

    >>> check_puzzle("." * 81)
    >>> check_puzzle(None)
    Traceback (most recent call last):
    ...
    TypeError: expected puzzle text (str), a Grid, bytes or a sequence of ints, got None
    """
    if isinstance(puzzle, (str, bytes, bytearray, memoryview, Grid)):
        return
    if isinstance(puzzle, Sequence) and not isinstance(puzzle, (dict, set)):
        return
    got = "None" if puzzle is None else type(puzzle).__name__
    raise TypeError(f"expected {accepted}, got {got}")

__all__ = ["SYMBOLS", "Grid", "PuzzleLike", "digit_symbol"]

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
"""Digit symbols: 1-9 then A-P (10-25)."""


def digit_symbol(digit: int, blank: str = ".") -> str:
    """The character for a digit (``blank`` for 0).

    >>> digit_symbol(7), digit_symbol(10), digit_symbol(0)
    ('7', 'A', '.')
    """
    return SYMBOLS[digit - 1] if digit else blank


class Grid:
    """Digits in the cells of a puzzle; 0 means empty.

    ``Grid(text)`` reads any notation of :func:`shudu.formats.parse` (81 characters,
    grid text, .sdk, JSON ...); ``Grid(values)`` takes a sequence of ints.  Givens that
    repeat a digit in a house raise :class:`~shudu.errors.InvalidPuzzle` unless
    ``check=False``.

    >>> Grid([0] * 16, rules=Rules(4)).size
    4
    >>> Grid("11" + "." * 79)
    Traceback (most recent call last):
    ...
    shudu.errors.InvalidPuzzle: digit 1 appears twice in row 1: r1c1 and r1c2
    """

    __slots__ = ("_cells", "_hash", "_rules")

    _rules: Rules
    _cells: bytes

    def __init__(
        self,
        source: str | bytes | Sequence[int] | Grid = "",
        rules: Rules | None = None,
        *,
        format: str | None = None,
        check: bool = True,
    ) -> None:
        if not isinstance(source, (str, Grid)):
            check_puzzle(source)
        if isinstance(source, Grid):
            rules = rules or source._rules
            cells = source._cells
        elif isinstance(source, str):
            parsed = _text("parse")(source, rules=rules, format=format, check=False)
            rules, cells = parsed._rules, parsed._cells
        else:
            rules = rules or _rules_for_length(len(source))
            if isinstance(source, (bytes, bytearray, memoryview)):
                cells = bytes(source)
            else:
                cells = bytes(_checked_values(source, rules.size))
            if len(cells) != rules.ncells:
                raise ParseError(
                    f"expected {rules.ncells} cells for a {rules.size}x{rules.size} grid",
                    found=f"{len(cells)} cells",
                )
            if max(cells, default=0) > rules.size:
                bad = next(i for i, v in enumerate(cells) if v > rules.size)
                raise ParseError(
                    f"expected digits 0..{rules.size} at {rules.cell_name(bad)}",
                    found=str(cells[bad]),
                )
        self._rules = rules
        self._cells = cells
        self._hash: int | None = None
        if check:
            self.check()

    @classmethod
    def _trusted(cls, rules: Rules, cells: bytes) -> Grid:
        """Build without any checking (internal: values already validated)."""
        g = object.__new__(cls)
        g._rules = rules
        g._cells = cells
        g._hash = None
        return g

    @classmethod
    def empty(cls, rules: Rules | None = None) -> Grid:
        """An empty grid.

        >>> Grid.empty(Rules(6)).clue_count
        0
        """
        rules = rules or CLASSIC
        return cls._trusted(rules, bytes(rules.ncells))

    # ------------------------------------------------------------------ access
    @property
    def rules(self) -> Rules:
        """The rules of this grid."""
        return self._rules

    @property
    def size(self) -> int:
        """Side of the grid (9 for classic sudoku)."""
        return self._rules.size

    @property
    def cells(self) -> bytes:
        """One byte per cell, row-major, 0 = empty.

        >>> Grid.empty(Rules(4)).cells
        b'\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00'
        """
        return self._cells

    @property
    def values(self) -> tuple[int, ...]:
        """Cell values as a tuple of ints."""
        return tuple(self._cells)

    def __getitem__(self, key: int | tuple[int, int]) -> int:
        if isinstance(key, tuple):
            row, col = key
            n = self._rules.size
            if not (0 <= row < n and 0 <= col < n):
                raise IndexError(f"row and column must be 0..{n - 1}, got {key}")
            return self._cells[row * n + col]
        return self._cells[key]

    def __len__(self) -> int:
        return len(self._cells)

    def __iter__(self) -> Iterator[int]:
        return iter(self._cells)

    def rows(self) -> list[list[int]]:
        """Values as a list of rows.

        >>> Grid.empty(Rules(4)).rows()[0]
        [0, 0, 0, 0]
        """
        n = self._rules.size
        return [list(self._cells[r * n:(r + 1) * n]) for r in range(n)]

    @property
    def clue_count(self) -> int:
        """Number of filled cells."""
        return len(self._cells) - self._cells.count(0)

    @property
    def empty_cells(self) -> list[Cell]:
        """Indices of the empty cells."""
        return [i for i, v in enumerate(self._cells) if not v]

    @property
    def is_complete(self) -> bool:
        """True when no cell is empty."""
        return 0 not in self._cells

    def conflicts(self) -> list[tuple[Cell, Cell]]:
        """Pairs of peer cells that hold the same digit.

        >>> Grid("11" + "." * 79, check=False).conflicts()
        [(0, 1)]
        """
        return self._rules.conflicts(self._cells)

    def check(self) -> None:
        """Raise :class:`InvalidPuzzle` naming two cells that repeat a digit.

        >>> Grid("1" + "." * 80).check()
        """
        pairs = self.conflicts()
        if pairs:
            a, b = pairs[0]
            rules = self._rules
            raise InvalidPuzzle(
                rules.cell_name(a),
                rules.cell_name(b),
                digit=self._cells[a],
                cells=(a, b),
                rules=rules,
            )

    def is_solution_of(self, puzzle: Grid) -> bool:
        """True when this grid is complete, conflict-free, keeps every given of ``puzzle``
        and every constraint of the rules (killer cages, thermometers ...).

        >>> Grid.empty().is_solution_of(Grid.empty())
        False
        """
        if self._rules != puzzle._rules or not self.is_complete or self.conflicts():
            return False
        if self._rules.constraints and self._rules.broken(self._cells):
            return False
        return all(p == 0 or p == v for p, v in zip(puzzle._cells, self._cells))

    def with_value(self, cell: Cell, digit: int) -> Grid:
        """A copy with one cell set (0 clears it); not checked for conflicts.

        >>> Grid.empty().with_value(0, 5)[0]
        5
        """
        if not 0 <= digit <= self.size:
            raise ValueError(f"digit must be 0..{self.size}, got {digit}")
        cells = bytearray(self._cells)
        cells[cell] = digit
        return Grid._trusted(self._rules, bytes(cells))

    # ------------------------------------------------------------------ text
    def to_string(self, blank: str = ".") -> str:
        """One line of n*n symbols (``blank`` for empty cells).

        >>> Grid.empty(Rules(4)).to_string("0")
        '0000000000000000'
        """
        table = _symbol_table(blank)
        return self._cells.translate(table).decode("ascii")

    def pretty(self, blank: str = ".") -> str:
        """Grid text with box separators, one row per line.

        >>> print(Grid("1234341221434321", rules=Rules(4)).pretty())
        1 2 | 3 4
        3 4 | 1 2
        ----+----
        2 1 | 4 3
        4 3 | 2 1
        """
        text: str = _text("format_grid")(self, blank=blank)
        return text

    def __str__(self) -> str:
        return self.to_string()

    def __repr__(self) -> str:
        if self._rules == CLASSIC:
            return f"Grid({self.to_string()!r})"
        return f"Grid({self.to_string()!r}, rules={self._rules!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Grid):
            return NotImplemented
        return self._cells == other._cells and self._rules == other._rules

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash((self._cells, self._rules))
        return self._hash

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form ``{"rules": ..., "grid": ...}``.

        >>> Grid.empty(Rules(4)).to_dict()
        {'rules': {'size': 4, 'box': [2, 2]}, 'grid': '................'}
        """
        return {"rules": self._rules.to_dict(), "grid": self.to_string()}


_TABLES: dict[str, bytes] = {}


def _symbol_table(blank: str) -> bytes:
    table = _TABLES.get(blank)
    if table is None:
        if len(blank) != 1:
            raise ValueError("blank must be one character")
        chars = [blank] + list(SYMBOLS) + ["?"] * (256 - 1 - len(SYMBOLS))
        table = bytes("".join(chars), "latin-1")
        _TABLES[blank] = table
    return table


def _checked_values(values: Iterable[int], size: int) -> list[int]:
    out = []
    for i, v in enumerate(values):
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= size:
            raise ParseError(f"expected digits 0..{size} at cell {i + 1}", found=repr(v))
        out.append(v)
    return out


def _rules_for_length(length: int) -> Rules:
    side = round(length**0.5)
    if side * side != length or side < 1:
        raise ParseError("expected a square number of cells", found=f"{length} cells")
    return Rules(side) if side != 9 else CLASSIC


PuzzleLike = str | bytes | Sequence[int] | Grid
"""Anything the API accepts as a puzzle."""
