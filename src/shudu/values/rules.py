"""Puzzle geometry and variant constraints as one immutable value.

A :class:`Rules` value says how big the grid is, which groups of cells ("houses") must
hold every digit exactly once, and which further pairs of cells may not repeat a digit
(anti-knight, anti-king).  Variants compose: X-sudoku on a jigsaw with the anti-knight
rule is simply ``Rules(9, regions=..., diagonals=True, anti_knight=True)``.

Cells are plain ints ``0 .. n*n - 1`` in row-major order; ``r1c1`` names are 1-based.

>>> r = Rules(9, diagonals=True, anti_knight=True)
>>> r.size, len(r.houses), r.spec
(9, 29, 'x+anti-knight')
>>> Rules.from_spec("x+anti-knight") == r
True
>>> len(Rules(6).houses), Rules(6).box
(18, (2, 3))
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from operator import itemgetter
from typing import Any, NamedTuple, Protocol

from ..errors import ParseError, UnsupportedRules
from .sizes import DEFAULT_BOXES, MAX_SIZE

__all__ = [
    "CLASSIC",
    "CONSTRAINT_HOUSES",
    "DEFAULT_BOXES",
    "MAX_SIZE",
    "Cell",
    "Constraint",
    "House",
    "Rules",
    "RulesLike",
    "as_rules",
    "box_of_regions",
    "cell_name",
    "parse_cell",
    "window_houses",
]

Cell = int
"""A cell index, ``row * size + column`` (0-based)."""


UNSUPPORTED: dict[str, str] = {
    "killer": "killer cages",
    "cage": "killer cages",
    "cages": "killer cages",
    "thermo": "thermometers",
    "thermometer": "thermometers",
    "arrow": "arrows",
    "kropki": "kropki dots",
    "sandwich": "sandwich sums",
    "xv": "XV sums",
    "little-killer": "little killer sums",
    "consecutive": "consecutive markers",
    "even-odd": "even/odd cells",
    "palindrome": "palindromes",
    "german-whispers": "german whispers",
    "renban": "renban lines",
    "between": "between lines",
    "lockout": "lockout lines",
    "region-sum": "region-sum lines",
    "zipper": "zipper lines",
    "modular": "modular lines",
    "entropic": "entropic lines",
    "x-sum": "X-sums",
    "skyscraper": "skyscraper clues",
    "quadruple": "quadruples",
}
"""Constraint names people put in a rules spec, which cannot hold their layout: what each
one is called (they come with the puzzle, in JSON or a killer notation)."""

GLOBAL_PARTS = ("non-consecutive", "disjoint")
"""Spec parts that are constraints over the whole grid (no layout needed)."""

_KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
_KING = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


def cell_name(cell: Cell, size: int = 9) -> str:
    """Name a cell in the usual ``r<row>c<col>`` notation (1-based).

    >>> cell_name(0), cell_name(80), cell_name(17, 16)
    ('r1c1', 'r9c9', 'r2c2')
    """
    row, col = divmod(cell, size)
    return f"r{row + 1}c{col + 1}"


def parse_cell(name: str, size: int = 9) -> Cell:
    """Read an ``r<row>c<col>`` name (1-based, case-insensitive) back to a cell index.

    >>> parse_cell("r2c3"), parse_cell("R9C9")
    (11, 80)
    """
    text = name.strip().lower()
    if not text.startswith("r") or "c" not in text:
        raise ParseError("expected a cell like r1c1", found=name)
    row_text, _, col_text = text[1:].partition("c")
    if not (row_text.isdigit() and col_text.isdigit()):
        raise ParseError("expected a cell like r1c1", found=name)
    row, col = int(row_text), int(col_text)
    if not (1 <= row <= size and 1 <= col <= size):
        raise ParseError(f"expected rows and columns 1..{size}", found=name)
    return (row - 1) * size + (col - 1)


class House(NamedTuple):
    """A group of cells holding every digit exactly once.

    >>> Rules(4).houses[0]
    House(kind='row', index=0, cells=(0, 1, 2, 3))
    >>> Rules(4).houses[0].name
    'row 1'
    """

    kind: str
    index: int  # type: ignore[assignment]  # the field hides tuple.index
    cells: tuple[Cell, ...]

    @property
    def name(self) -> str:
        """Readable name, e.g. ``row 1``, ``box 5``, ``diagonal 1``."""
        return f"{self.kind} {self.index + 1}"


class Constraint(Protocol):
    """A constraint beyond houses and peer pairs (killer cages, ...).

    Implementations name the cells they read, can check a complete or partial
    assignment, say which cells must differ and give the engine their propagation (see
    :mod:`shudu.values.constraints.base`).
    """

    kind: str
    cells: tuple[Cell, ...]

    def check(self, values: Sequence[int], rules: Rules | None = None) -> bool:
        """True when ``values`` (0 = empty) does not break the constraint."""
        ...

    def groups(self, rules: Rules) -> tuple[tuple[Cell, ...], ...]:
        """Groups of cells whose digits must differ."""
        ...

    def program(self, rules: Rules) -> list[int]:
        """The constraint's records for the engine's propagation."""
        ...


@lru_cache(maxsize=8)
def window_houses(size: int) -> tuple[tuple[Cell, ...], ...]:
    """The cells of each windoku window of a grid of ``size`` (none where windows are not
    defined): what readers of other notations compare extra regions with.

    >>> window_houses(9)[0], window_houses(6)
    ((10, 11, 12, 19, 20, 21, 28, 29, 30), ())
    """
    try:
        rules = Rules(size, windows=True)
    except (UnsupportedRules, ParseError):
        return ()
    return tuple(h.cells for h in rules.houses if h.kind == "window")


def box_of_regions(regions: Sequence[int], size: int) -> tuple[int, int] | None:
    """The box shape (rows, columns) whose boxes are exactly these regions, or None (a
    jigsaw); readers use it to keep boxes boxes.

    >>> box_of_regions([0, 0, 1, 1] * 2 + [2, 2, 3, 3] * 2, 4), box_of_regions([0] * 16, 4)
    ((2, 2), None)
    """
    try:
        mine = _normalise_regions(regions, size)
    except ParseError:
        return None
    for rows in range(2, size):
        cols = size // rows
        if rows * cols == size and mine == _normalise_regions(
                [(x // size // rows) * (size // cols) + x % size // cols
                 for x in range(size * size)], size):
            return rows, cols
    return None


def _normalise_regions(regions: Iterable[int] | str, size: int) -> tuple[int, ...]:
    if isinstance(regions, str):
        text = "".join(regions.split())
        ids: list[int] = []
        for pos, ch in enumerate(text):
            if ch.isdigit():
                ids.append(int(ch))
            elif ch.isalpha():
                ids.append(ord(ch.upper()) - ord("A") + 10)
            else:
                raise ParseError(
                    "expected a region id (0-9, A-Z) for every cell", column=pos + 1, found=ch
                )
        regions = ids
    result = tuple(int(x) for x in regions)
    if len(result) != size * size:
        raise ParseError(
            f"expected a region map of {size * size} cells", found=f"{len(result)} cells"
        )
    # Renumber to 0..n-1 in order of first appearance so "1-9" and "0-8" maps compare equal.
    order: dict[int, int] = {}
    for rid in result:
        order.setdefault(rid, len(order))
    if len(order) != size:
        raise ParseError(f"expected {size} regions", found=f"{len(order)} regions")
    renumbered = tuple(order[rid] for rid in result)
    for rid in range(size):
        count = renumbered.count(rid)
        if count != size:
            first = renumbered.index(rid)
            raise ParseError(
                f"expected every region to have {size} cells; the region at "
                f"{cell_name(first, size)} has {count}"
            )
    return renumbered


@dataclass(frozen=True)
class Rules:
    """Geometry and variant constraints of a puzzle.

    ``size`` is the side n (digits 1..n); ``box`` the (rows, columns) shape of a box,
    defaulting to the usual one for the size; ``regions`` a jigsaw map (region id per
    cell) that replaces the boxes; ``diagonals`` adds both main diagonals (X-sudoku);
    ``windows`` adds the windoku windows; ``anti_knight``/``anti_king`` forbid a digit
    to repeat a knight's / king's move away; ``extra_houses`` adds any further groups of
    n cells; ``constraints`` holds constraints beyond houses (killer cages, ...).

    >>> Rules()
    Rules(size=9)
    >>> Rules(16).box
    (4, 4)
    >>> Rules(9, windows=True).houses[-1].name
    'window 4'
    """

    size: int = 9
    box: tuple[int, int] | None = None
    regions: tuple[int, ...] | None = None
    diagonals: bool = False
    windows: bool = False
    anti_knight: bool = False
    anti_king: bool = False
    extra_houses: tuple[tuple[Cell, ...], ...] = ()
    constraints: tuple[Any, ...] = field(default=())

    def __post_init__(self) -> None:
        n = self.size
        if not isinstance(n, int) or not 1 <= n <= MAX_SIZE:
            raise UnsupportedRules(f"size must be an integer 1..{MAX_SIZE}, got {n!r}")
        box = self.box
        if box is None:
            if self.regions is None and n not in DEFAULT_BOXES:
                raise UnsupportedRules(
                    f"size {n} has no usual box shape; give box=(rows, cols) or regions"
                )
            box = DEFAULT_BOXES.get(n, (1, n))
        else:
            box = _box_shape(box)
            if box[0] * box[1] != n or min(box) < 1:
                raise UnsupportedRules(f"a {box[0]}x{box[1]} box does not fit size {n}")
        object.__setattr__(self, "box", box)
        if self.windows and (n != 9 or box != (3, 3)):
            raise UnsupportedRules("windoku windows are defined for 9x9 grids with 3x3 boxes")
        if self.regions is not None:
            object.__setattr__(self, "regions", _normalise_regions(self.regions, n))
        extra = tuple(tuple(int(c) for c in h) for h in self.extra_houses)
        for h in extra:
            if len(h) != n or len(set(h)) != n or not all(0 <= c < n * n for c in h):
                raise UnsupportedRules(f"an extra house must be {n} distinct cells, got {h}")
        object.__setattr__(self, "extra_houses", extra)
        object.__setattr__(self, "constraints", tuple(self.constraints))
        for constraint in self.constraints:
            fits = getattr(constraint, "fits", None)
            problem = fits(n) if fits is not None else None
            if problem:
                raise ParseError(f"expected a {constraint.kind} constraint that fits: {problem}",
                                 found=", ".join(map(str, constraint.cells)))

    # ------------------------------------------------------------------ building
    @classmethod
    def classic(cls, size: int = 9) -> Rules:
        """Plain rules for a size: rows, columns and the usual boxes.

        >>> Rules.classic(4).box
        (2, 2)
        """
        return cls(size)

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed (rules compose by adding fields).

        >>> Rules().replace(diagonals=True).spec
        'x'
        """
        return replace(self, **changes)

    @classmethod
    def from_spec(cls, spec: str, size: int | None = None) -> Rules:
        """Rules from a short text such as ``"x+anti-knight"`` or ``"16"``.

        Parts joined by ``+``: a size (``9``, ``16``, ``6x6``), a box (``box=2x3``),
        ``classic``, ``x`` (diagonals), ``windoku``, ``anti-knight``, ``anti-king``,
        ``non-consecutive``, ``disjoint``, ``jigsaw=<region map>``.  Constraints that need
        a layout (``killer``, ``thermo``, ``arrow``, ``kropki``, ``sandwich`` ...) raise
        :class:`~shudu.errors.UnsupportedRules` saying where they can be given.

        >>> Rules.from_spec("16+x").size, Rules.from_spec("16+x").diagonals
        (16, True)
        >>> Rules.from_spec("windoku+anti-king").spec
        'windoku+anti-king'
        >>> Rules.from_spec("anti-king+non-consecutive").spec
        'anti-king+non-consecutive'
        >>> Rules.from_spec("killer")
        Traceback (most recent call last):
        ...
        shudu.errors.UnsupportedRules: killer cages need their layout, which a rules spec ...
        """
        if not isinstance(spec, str):
            raise TypeError(f"expected a rules spec string such as 'x+anti-knight', "
                            f"got {type(spec).__name__}")
        fields: dict[str, Any] = {}
        n = size
        for raw in spec.replace(",", "+").split("+"):
            part = raw.strip().lower()
            if not part or part in ("classic", "sudoku", "standard"):
                continue
            if part.isdecimal():
                n = int(part)
            elif "x" in part and part.replace("x", "").isdecimal() and part.count("x") == 1:
                a, b = (int(v) for v in part.split("x"))
                if a != b:
                    raise ParseError("expected a square size such as 9x9", found=raw)
                n = a
            elif part.startswith("box=") or part.startswith("box:"):
                dims = part[4:].split("x")
                if len(dims) != 2 or not all(d.isdecimal() for d in dims):
                    raise ParseError("expected a box like box=2x3", found=raw)
                fields["box"] = (int(dims[0]), int(dims[1]))
            elif part in ("x", "diagonal", "diagonals", "x-sudoku"):
                fields["diagonals"] = True
            elif part in ("windoku", "windows", "hyper"):
                fields["windows"] = True
            elif part in ("anti-knight", "antiknight", "knight"):
                fields["anti_knight"] = True
            elif part in ("anti-king", "antiking", "king"):
                fields["anti_king"] = True
            elif part.startswith("jigsaw=") or part.startswith("jigsaw:"):
                fields["regions"] = raw.strip()[7:]
            elif part.replace("_", "-") in ("non-consecutive", "nonconsecutive", "disjoint",
                                            "disjoint-groups"):
                from .constraints import Disjoint, NonConsecutive

                glob = Disjoint() if part.startswith("disjoint") else NonConsecutive()
                fields["constraints"] = (*fields.get("constraints", ()), glob)
            elif _unsupported(part) is not None:
                raise UnsupportedRules(
                    f"{_unsupported(part)} need their layout, which a rules spec cannot hold: "
                    "give the puzzle as JSON (or a killer notation for cages), or build "
                    "Rules(constraints=...)")
            else:
                raise ParseError(
                    "expected a rules part: a size, box=RxC, x, windoku, anti-knight, "
                    "anti-king, non-consecutive, disjoint or jigsaw=<map>",
                    found=raw.strip(),
                )
        if n is None:
            regions = fields.get("regions")
            n = round(len("".join(regions.split())) ** 0.5) if isinstance(regions, str) else 9
        return cls(n, **fields)

    parse = from_spec

    @classmethod
    def coerce(cls, value: RulesLike) -> Rules | None:
        """The rules a caller means: ``None`` (the puzzle decides), a :class:`Rules`, a
        spec string such as ``"x"``, ``"16"``, ``"windoku+anti-king"`` (see
        :meth:`from_spec`), or an int size.  Anything else raises :class:`TypeError`.

        >>> Rules.coerce("x") == Rules(diagonals=True), Rules.coerce(16).size
        (True, 16)
        >>> Rules.coerce(None) is None, Rules.coerce(CLASSIC) is CLASSIC
        (True, True)
        >>> Rules.coerce(1.5)
        Traceback (most recent call last):
        ...
        TypeError: expected rules as None, a Rules value, a spec string ... got float
        """
        if value is None or isinstance(value, Rules):
            return value
        if isinstance(value, str):
            return cls.from_spec(value)
        if isinstance(value, int) and not isinstance(value, bool):
            return cls(value) if value != 9 else CLASSIC
        raise TypeError(
            "expected rules as None, a Rules value, a spec string such as 'x+anti-knight' "
            f"or an int size, got {type(value).__name__}"
        )

    @property
    def spec(self) -> str:
        """Short text form, readable back with :meth:`from_spec`.

        >>> Rules(16, diagonals=True).spec
        '16+x'
        """
        parts: list[str] = []
        n = self.size
        if n != 9:
            parts.append(str(n))
        if self.regions is None and self.box != DEFAULT_BOXES.get(n):
            parts.append(f"box={self.box[0]}x{self.box[1]}")  # type: ignore[index]
        if self.regions is not None:
            parts.append("jigsaw=" + "".join(_region_symbol(r) for r in self.regions))
        if self.diagonals:
            parts.append("x")
        if self.windows:
            parts.append("windoku")
        if self.anti_knight:
            parts.append("anti-knight")
        if self.anti_king:
            parts.append("anti-king")
        parts += [c.kind for c in self.constraints if c.kind in GLOBAL_PARTS]
        if self.extra_houses or any(c.kind not in GLOBAL_PARTS for c in self.constraints):
            parts.append("custom")
        return "+".join(parts) if parts else "classic"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready description (the ``rules`` object of the JSON format).

        >>> Rules(6, anti_king=True).to_dict()
        {'size': 6, 'box': [2, 3], 'anti_king': True}
        """
        d: dict[str, Any] = {"size": self.size}
        if self.regions is not None:
            d["regions"] = "".join(_region_symbol(r) for r in self.regions)
        else:
            d["box"] = list(self.box)  # type: ignore[arg-type]
        for name in ("diagonals", "windows", "anti_knight", "anti_king"):
            if getattr(self, name):
                d[name] = True
        if self.extra_houses:
            d["extra_houses"] = [list(h) for h in self.extra_houses]
        if self.constraints:
            d["constraints"] = [c.to_dict() for c in self.constraints]
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Inverse of :meth:`to_dict`; unknown keys are an error.  ``variant`` (as some
        JSON files name it) is read like ``spec``; the two must agree when both are given.

        >>> Rules.from_dict({"size": 9, "diagonals": True}).spec
        'x'
        >>> Rules.from_dict({"variant": "windoku"}).windows
        True
        """
        allowed = {"size", "box", "regions", "diagonals", "windows", "anti_knight",
                   "anti_king", "extra_houses", "constraints", "variant", "spec"}
        unknown = set(data) - allowed
        if unknown:
            raise ParseError(
                "expected rules keys among " + ", ".join(sorted(allowed)),
                found=", ".join(sorted(unknown)),
            )
        specs = {str(data[k]) for k in ("spec", "variant") if k in data}
        if len(specs) > 1 and len({cls.from_spec(s) for s in specs}) > 1:
            raise ParseError("expected 'spec' and 'variant' to name the same rules",
                             found=" vs ".join(sorted(specs)))
        base = cls.from_spec(specs.pop()) if specs else None
        size = _whole(data.get("size", base.size if base else 9), "size")
        kwargs: dict[str, Any] = {}
        if base is not None:
            kwargs.update(
                box=base.box, regions=base.regions, diagonals=base.diagonals,
                windows=base.windows, anti_knight=base.anti_knight, anti_king=base.anti_king,
            )
        if "box" in data:
            box = data["box"]
            if isinstance(box, str):
                box = box.lower().split("x")
            try:
                kwargs["box"] = _box_shape(box)
            except UnsupportedRules as e:
                raise ParseError("expected a box as [rows, columns] or 'RxC'",
                                 found=repr(data["box"])) from e
        if "regions" in data:
            kwargs["regions"] = data["regions"]
            kwargs.pop("box", None)
        for name in ("diagonals", "windows", "anti_knight", "anti_king"):
            if name in data:
                kwargs[name] = bool(data[name])
        if "extra_houses" in data:
            houses = data["extra_houses"]
            if not isinstance(houses, list) or not all(isinstance(h, list) for h in houses):
                raise ParseError("expected extra_houses as a list of lists of cells",
                                 found=repr(houses)[:40])
            kwargs["extra_houses"] = tuple(tuple(_whole(c, "a cell") for c in h)
                                           for h in houses)
        if "constraints" in data:
            from .constraints import constraint_from_dict

            if not isinstance(data["constraints"], list):
                raise ParseError("expected constraints as a list",
                                 found=repr(data["constraints"])[:40])
            kwargs["constraints"] = tuple(constraint_from_dict(c) for c in data["constraints"])
        return cls(size, **kwargs)

    # ------------------------------------------------------------------ geometry
    @property
    def ncells(self) -> int:
        """Number of cells, n*n.

        >>> Rules(16).ncells
        256
        """
        return self.size * self.size

    @property
    def is_classic9(self) -> bool:
        """True for plain 9x9 sudoku (the engine's fast path).

        >>> Rules().is_classic9, Rules(diagonals=True).is_classic9
        (True, False)
        """
        return self is CLASSIC or self == CLASSIC

    @property
    def is_classic(self) -> bool:
        """True when only rows, columns and regular boxes apply (any size).

        >>> Rules(16).is_classic, Rules(anti_king=True).is_classic
        (True, False)
        """
        return (
            self.regions is None
            and not (self.diagonals or self.windows or self.anti_knight or self.anti_king)
            and not self.extra_houses
            and not self.constraints
        )

    @property
    def killer_only(self) -> bool:
        """True when the rules have constraints and every one is a killer cage.

        >>> from shudu.values.constraints import Cage, Thermo
        >>> Rules(4, constraints=(Cage((0, 1), 3),)).killer_only, Rules(4).killer_only
        (True, False)
        >>> Rules(4, constraints=(Cage((0, 1), 3), Thermo((2, 3)))).killer_only
        False
        """
        return bool(self.constraints) and all(getattr(c, "kind", None) == "killer"
                                              for c in self.constraints)

    def box_of(self, cell: Cell) -> int:
        """Index of the box (or jigsaw region) holding a cell.

        >>> Rules().box_of(80), Rules(6).box_of(5)
        (8, 1)
        """
        if self.regions is not None:
            return self.regions[cell]
        n = self.size
        br, bc = self.box  # type: ignore[misc]
        row, col = divmod(cell, n)
        return (row // br) * (n // bc) + col // bc

    @cached_property
    def houses(self) -> tuple[House, ...]:
        """Every house: rows, columns, boxes or regions, then diagonals, windows, extras,
        then the groups of n cells that constraints make differ (extra regions, disjoint
        groups, killer cages, renban lines, thermometers; kinds :data:`CONSTRAINT_HOUSES`).

        >>> from shudu.values.constraints import Disjoint, ExtraRegion
        >>> rules = Rules(4, constraints=(ExtraRegion((0, 5, 10, 15)), Disjoint()))
        >>> [rules.houses[i][:2] for i in (12, 13, 16)]
        [('extra-region', 0), ('disjoint', 0), ('disjoint', 3)]
        """
        n = self.size
        out: list[House] = []
        out += [House("row", r, tuple(r * n + c for c in range(n))) for r in range(n)]
        out += [House("column", c, tuple(r * n + c for r in range(n))) for c in range(n)]
        kind = "region" if self.regions is not None else "box"
        groups: list[list[Cell]] = [[] for _ in range(n)]
        for cell in range(n * n):
            groups[self.box_of(cell)].append(cell)
        out += [House(kind, i, tuple(g)) for i, g in enumerate(groups)]
        if self.diagonals:
            out.append(House("diagonal", 0, tuple(i * n + i for i in range(n))))
            out.append(House("diagonal", 1, tuple(i * n + (n - 1 - i) for i in range(n))))
        if self.windows:
            for k, (r0, c0) in enumerate(self._window_origins()):
                br, bc = self.box  # type: ignore[misc]
                cells = tuple((r0 + dr) * n + c0 + dc for dr in range(br) for dc in range(bc))
                out.append(House("window", k, cells))
        out += [House("extra", i, h) for i, h in enumerate(self.extra_houses)]
        # groups of n cells that the constraints make differ hold every digit: they are
        # houses too (hidden singles, subsets ... in them): extra regions, disjoint
        # groups, killer cages of n cells, renban lines and thermometers as long
        known = {frozenset(h.cells) for h in out}
        numbers: dict[str, int] = {}
        for con in self.constraints:
            if not hasattr(con, "groups"):
                continue
            kind = _GROUP_HOUSES.get(getattr(con, "kind", ""), "group")
            for group in con.groups(self):
                number = numbers.get(kind, 0)
                numbers[kind] = number + 1
                if len(group) == n and frozenset(group) not in known:
                    known.add(frozenset(group))
                    out.append(House(kind, number, tuple(group)))
        return tuple(out)

    def _window_origins(self) -> list[tuple[int, int]]:
        n = self.size
        br, bc = self.box  # type: ignore[misc]
        rows = [1 + k * (br + 1) for k in range(n) if 1 + k * (br + 1) + br <= n]
        cols = [1 + k * (bc + 1) for k in range(n) if 1 + k * (bc + 1) + bc <= n]
        return [(r, c) for r in rows for c in cols]

    def _relations(self) -> list[tuple[str, tuple[tuple[int, int], ...]]]:
        rel: list[tuple[str, tuple[tuple[int, int], ...]]] = []
        if self.anti_knight:
            rel.append(("knight", _KNIGHT))
        if self.anti_king:
            rel.append(("king", _KING))
        return rel

    @cached_property
    def peers(self) -> tuple[tuple[Cell, ...], ...]:
        """For each cell, the sorted cells that may not hold the same digit."""
        n = self.size
        sets: list[set[Cell]] = [set() for _ in range(n * n)]
        for house in self.houses:
            for c in house.cells:
                sets[c].update(house.cells)
        for _, moves in self._relations():
            for cell in range(n * n):
                r, c = divmod(cell, n)
                for dr, dc in moves:
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < n and 0 <= cc < n:
                        sets[cell].add(rr * n + cc)
        for group in self.distinct_groups:   # killer cages, renban lines ...
            for c in group:
                sets[c].update(group)
        for cell, s in enumerate(sets):
            s.discard(cell)
        return tuple(tuple(sorted(s)) for s in sets)

    @cached_property
    def distinct_groups(self) -> tuple[tuple[Cell, ...], ...]:
        """Groups of cells that the constraints make differ (killer cages, renban lines,
        strict thermometers, extra regions, disjoint groups).

        >>> from shudu.values.constraints import Cage
        >>> Rules(4, constraints=(Cage((0, 5), 3),)).distinct_groups
        ((0, 5),)
        """
        return tuple(g for c in self.constraints if hasattr(c, "groups") for g in c.groups(self))

    def broken(self, values: Sequence[int]) -> list[Any]:
        """The constraints that the digits placed in ``values`` (0 = empty) break.

        >>> from shudu.values.constraints import Cage
        >>> rules = Rules(4, constraints=(Cage((0, 1), 3),))
        >>> rules.broken([1, 2] + [0] * 14), rules.broken([1, 3] + [0] * 14)
        ([], [Cage(cells=(0, 1), total=3, kind='killer')])
        """
        return [c for c in self.constraints if not c.check(values, self)]

    @cached_property
    def _house_getters(self) -> tuple[Callable[[Sequence[int]], tuple[int, ...]], ...]:
        return tuple(itemgetter(*h.cells) for h in self.houses if len(h.cells) > 1)

    def relation(self, a: Cell, b: Cell) -> int | str | None:
        """What makes two cells peers: the index of the first house holding both, else the
        move between them (``"knight"``, ``"king"``), else ``None``.
        (:func:`shudu.words.houses.relation_name` puts it in words.)

        >>> Rules().relation(0, 4), Rules().relation(0, 10), Rules().relation(0, 80)
        (0, 18, None)
        >>> Rules(anti_knight=True).relation(40, 21)
        'knight'
        >>> Rules(diagonals=True).relation(0, 80)
        27
        """
        for i, house in enumerate(self.houses):
            if a in house.cells and b in house.cells:
                return i
        n = self.size
        (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
        for kind, moves in self._relations():
            if (rb - ra, cb - ca) in moves:
                return kind
        return None

    def conflicts(self, values: Sequence[int]) -> list[tuple[Cell, Cell]]:
        """Pairs of peer cells holding the same non-zero digit (first cell lower).

        >>> Rules(4).conflicts([1, 1, 0, 0] + [0] * 12)
        [(0, 1)]
        """
        if self._screen(values) is False:
            return []
        pairs: list[tuple[Cell, Cell]] = []
        peers = self.peers
        for cell, v in enumerate(values):
            if v:
                for p in peers[cell]:
                    if p > cell and values[p] == v:
                        pairs.append((cell, p))
        return pairs

    def has_conflict(self, values: Sequence[int]) -> bool:
        """True when two peer cells hold the same non-zero digit: the screen every reader
        of puzzles runs on givens (the C check on classic 9x9 once the engine is loaded,
        else house by house).

        >>> Rules(4).has_conflict([1, 1] + [0] * 14), Rules(4).has_conflict([1, 2] + [0] * 14)
        (True, False)
        >>> Rules.from_spec("anti-knight").has_conflict([1] + [0] * 10 + [1] + [0] * 69)
        True
        """
        screened = self._screen(values)
        return bool(self.conflicts(values)) if screened is None else screened

    def _screen(self, values: Sequence[int]) -> bool | None:
        """Whether ``values`` hold a conflict, told quickly; ``None`` when only the pairs
        of peers can tell (knight's or king's moves)."""
        fast = _CONFLICT_CHECK.get("classic9")
        if fast is not None and len(values) == 81 and self.is_classic9:
            return fast(values if isinstance(values, bytes) else bytes(values))
        if self._relations():
            return None
        # a house is clean when its non-zero digits are all distinct
        for get in self._house_getters:
            t = get(values)
            filled = len(t) - t.count(0)
            if filled > 1 and len(set(t)) - (0 in t) != filled:
                return True
        return False

    def cell_name(self, cell: Cell) -> str:
        """``r<row>c<col>`` name of a cell for this size.

        >>> Rules(16).cell_name(255)
        'r16c16'
        """
        return cell_name(cell, self.size)

    def __repr__(self) -> str:
        parts = [f"size={self.size}"]
        if self.regions is None and self.box != DEFAULT_BOXES.get(self.size):
            parts.append(f"box={self.box}")
        if self.regions is not None:
            parts.append(f"regions={''.join(_region_symbol(r) for r in self.regions)!r}")
        for name in ("diagonals", "windows", "anti_knight", "anti_king"):
            if getattr(self, name):
                parts.append(f"{name}=True")
        if self.extra_houses:
            parts.append(f"extra_houses={self.extra_houses!r}")
        if self.constraints:
            parts.append(f"constraints={self.constraints!r}")
        return f"Rules({', '.join(parts)})"


_GROUP_HOUSES = {"extra-region": "extra-region", "disjoint": "disjoint", "killer": "cage",
                 "renban": "renban", "thermo": "thermo"}
"""The house kind a constraint's groups of n cells take (others: ``group``)."""

CONSTRAINT_HOUSES = frozenset({*_GROUP_HOUSES.values(), "group"})
"""The kinds of the houses constraints make (drawn as those constraints, not as houses)."""

def _unsupported(part: str) -> str | None:
    """What an unsupported rules part names (``killer=...`` too), else ``None``."""
    name = part.split("=", 1)[0].split(":", 1)[0].strip().replace("_", "-").replace(" ", "-")
    return UNSUPPORTED.get(name) or UNSUPPORTED.get(name.removesuffix("s"))


RulesLike = Rules | str | int | None
"""Anything the API accepts as rules (see :meth:`Rules.coerce`)."""

_CONFLICT_CHECK: dict[str, Callable[[bytes], bool]] = {}
"""A faster screen for conflicts on classic 9x9 values, registered by :mod:`shudu.solving.engine`
(the C check), so the geometry never imports the engine."""


def register_conflict_check(classic9: Callable[[bytes], bool]) -> None:
    """Register the C screen :meth:`Rules.has_conflict` and :meth:`Rules.conflicts` use
    on classic 9x9 grids (``classic9(cells)`` is True when a digit repeats in a house)."""
    _CONFLICT_CHECK["classic9"] = classic9


def as_rules(value: RulesLike) -> Rules | None:
    """:meth:`Rules.coerce`: ``None`` stays ``None``; a spec or size becomes a Rules.

    >>> as_rules("anti-knight").spec, as_rules(None)
    ('anti-knight', None)
    """
    return Rules.coerce(value)


def _whole(value: Any, what: str) -> int:
    """A whole number read from JSON: an int or its decimal text (not a bool, not 4.5).

    >>> _whole(9, "size"), _whole("16", "size")
    (9, 16)
    >>> _whole(4.5, "size")
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: expected the size as a whole number, found '4.5'
    """
    if isinstance(value, str) and value.strip().isdecimal():
        return int(value)
    try:
        if isinstance(value, bool):
            raise TypeError
        return operator.index(value)
    except TypeError:
        raise ParseError(f"expected the {what} as a whole number",
                         found=repr(value)[:40]) from None


def _box_shape(box: Any) -> tuple[int, int]:
    """``(rows, columns)`` of a box given as two whole numbers (ints or their text).

    >>> _box_shape((2, "3"))
    (2, 3)
    >>> _box_shape((3,))
    Traceback (most recent call last):
    ...
    shudu.errors.UnsupportedRules: expected a box as (rows, columns), got (3,)
    """
    try:
        rows, cols = box
        return _whole(rows, "box rows"), _whole(cols, "box columns")
    except (TypeError, ValueError) as e:
        raise UnsupportedRules(f"expected a box as (rows, columns), got {box!r:.40}") from e


def _region_symbol(rid: int) -> str:
    return str(rid) if rid < 10 else chr(ord("A") + rid - 10)


CLASSIC = Rules(9)
"""Plain 9x9 sudoku."""
