"""f-puzzles puzzles: the JSON that the f-puzzles editor saves, and its links (the same
JSON, LZ-string compressed to base64, after ``?load=``), read and written.

The keys read: ``size``, ``grid`` (givens and jigsaw regions), ``killercage``,
``thermometer``, ``arrow``, ``littlekillersum``, ``sandwichsum``, ``difference`` and
``ratio`` (white and black Kropki dots), ``xv``, ``odd``, ``even``, ``whispers``,
``renban``, ``palindrome``, ``extraregion``, ``clone``, ``negative``, ``diagonal+``, ``diagonal-``,
``antiknight``, ``antiking``, ``disjointgroups``, ``nonconsecutive``, ``xsum``,
``skyscraper`` (a clue beside a row or column, read from that side), ``quadruple``, and
the lines ``betweenline``, ``lockout`` (ends at least half the size apart),
``regionsumline``, ``zipperline``, ``modularline`` and ``entropicline``.  Pictures only
(``text``, ``line``, ``circle``, ``rectangle``, ``cage``) and notes (``title``,
``author``, ``ruleset``, ``solution`` ...) are left aside; a constraint this library does
not know (``minimum`` ...) is an error that names it.  Diagonal dots have no f-puzzles
form: writing one is an error.
``nonconsecutive`` with white dots means every white dot is given (f-puzzles' own reading).

>>> grid = read_fpuzzles('{"size": 4, "grid": [[{"value": 1, "given": true}, {}, {}, {}],'
...                      '[{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]],'
...                      '"thermometer": [{"lines": [["R2C1", "R2C2", "R2C3"]]}]}')
>>> grid.to_string(), grid.rules.constraints
('1...............', (Thermo(cells=(4, 5, 6), slow=False),))
>>> read_fpuzzles(write_fpuzzles(grid)) == grid
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import unquote

from ..errors import ParseError, ShuduError
from ..values.constraints import (
    XV,
    Arrow,
    Between,
    Cage,
    Clone,
    Disjoint,
    Entropic,
    ExtraRegion,
    Kropki,
    LittleKiller,
    Lockout,
    Modular,
    Negative,
    NonConsecutive,
    Palindrome,
    Parity,
    Quadruple,
    RegionSum,
    Renban,
    Sandwich,
    Skyscraper,
    Thermo,
    Whisper,
    XSum,
    Zipper,
)
from ..values.constraints.base import adjacent
from ..values.constraints.outside import house_line, side_of
from ..values.grid import Grid
from ..values.rules import DEFAULT_BOXES, Rules, box_of_regions, window_houses
from . import jsontext
from .lzdecode import decompress

__all__ = ["is_fpuzzles", "read_fpuzzles", "write_fpuzzles"]

LINK = "https://f-puzzles.com/?load="
"""How an f-puzzles link begins."""

IGNORED = frozenset({
    "title", "author", "ruleset", "highlightConflicts", "solution", "text", "line", "circle",
    "rectangle", "cage", "truecandidatesoptions", "disabledlogic", "fogofwar", "cellSize",
})
"""Keys that only draw or describe: they change no digit."""

LINES: dict[str, Any] = {"betweenline": Between, "lockout": Lockout,
                         "regionsumline": RegionSum, "zipperline": Zipper,
                         "modularline": Modular, "entropicline": Entropic}
"""The f-puzzles keys of lines that are only their cells, and their constraints."""

_DIRECTIONS = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}

_COMPRESSED = re.compile(r"N4Ig[A-Za-z0-9+/=%]+")


def is_fpuzzles(text: str) -> bool:
    """Whether text is an f-puzzles link, its compressed data or its JSON.

    >>> is_fpuzzles("https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA"), is_fpuzzles("1.2")
    (True, False)
    """
    s = text.strip()
    if s.startswith("{"):
        return bool(re.search(r'"grid"\s*:\s*\[\s*\[\s*\{', s[:2000]))
    return "f-puzzles.com" in s or bool(_COMPRESSED.fullmatch(s))


def _decompress(data: str) -> str:
    return decompress(unquote(data).replace(" ", "+"),
                      "f-puzzles data")


@contextmanager
def malformed(what: str) -> Iterator[None]:
    """Turn a Python error met while taking apart ``what`` (a value of the wrong type
    where the format wants a list, an object or a number) into a :class:`ParseError`.

    >>> with malformed("ipuz data"):  # doctest: +ELLIPSIS
    ...     len(3)
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: expected ipuz data in its documented shape, found "object of ...
    """
    try:
        yield
    except ShuduError:
        raise
    except (TypeError, AttributeError, KeyError, IndexError, ValueError, OverflowError,
            RecursionError) as e:
        raise ParseError(f"expected {what} in its documented shape",
                         found=str(e)[:80] or type(e).__name__) from None


def _json_of(text: str) -> dict[str, Any]:
    s = text.strip()
    if not s.startswith("{"):
        match = _COMPRESSED.search(s.split("load=", 1)[-1])
        if match is None:
            raise ParseError("expected an f-puzzles link with its data after ?load=",
                             found=s[:40])
        s = _decompress(match.group(0))
    try:
        data = jsontext.loads(s)
    except ParseError as exc:
        raise ParseError(f"{exc.expected} in f-puzzles data", line=exc.line,
                         column=exc.column) from None
    if not isinstance(data, dict):
        raise ParseError("expected f-puzzles JSON as an object", found=type(data).__name__)
    return data


class _Reader:
    """Names cells and reads the lists of one f-puzzles object."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        size = data.get("size")
        if not isinstance(size, int) or not 1 <= size <= 25:
            raise ParseError("expected an f-puzzles size 1..25", found=repr(size))
        self.n = size

    def rc(self, name: Any, where: str, outside: bool = False) -> tuple[int, int]:
        m = re.fullmatch(r"R(\d+)C(\d+)", str(name), re.I)
        low, high = (0, self.n + 1) if outside else (1, self.n)
        if m is None or not all(low <= int(v) <= high for v in m.groups()):
            raise ParseError(f"expected a cell R1C1..R{self.n}C{self.n} in {where}",
                             found=str(name))
        return int(m.group(1)) - 1, int(m.group(2)) - 1

    def cell(self, name: Any, where: str) -> int:
        r, c = self.rc(name, where)
        return r * self.n + c

    def cells(self, names: Any, where: str) -> tuple[int, ...]:
        if not isinstance(names, list):
            raise ParseError(f"expected a list of cells in {where}", found=repr(names))
        return tuple(self.cell(x, where) for x in names)

    def items(self, key: str) -> list[dict[str, Any]]:
        items = self.data.get(key) or []
        if not isinstance(items, list) or not all(isinstance(x, dict) for x in items):
            raise ParseError(f"expected a list of objects under '{key}'", found=repr(items)[:40])
        return items

    def lines(self, key: str) -> list[tuple[int, ...]]:
        out = []
        for i, item in enumerate(self.items(key), 1):
            for line in item.get("lines") or []:
                out.append(self.cells(line, f"{key} {i}"))
        return out

    def number(self, item: dict[str, Any], where: str, default: int | None = None) -> int:
        value = item.get("value", default)
        try:
            return int(str(value).strip())
        except ValueError:
            raise ParseError(f"expected a number as the value of {where}",
                             found=repr(value)) from None


_BOXED_SIZES = frozenset((4, 6, 8, 9, 10, 12, 14, 15, 16))
"""Sizes whose f-puzzles grids have boxes (of shapes DEFAULT_BOXES) without regions."""


def _givens_and_regions(rd: _Reader) -> tuple[bytearray, tuple[int, ...] | None]:
    n, grid = rd.n, rd.data.get("grid")
    if not isinstance(grid, list) or len(grid) != n or not all(
            isinstance(row, list) and len(row) == n for row in grid):
        raise ParseError(f"expected an f-puzzles grid of {n} rows of {n} cells",
                         found=repr(grid)[:40])
    box = DEFAULT_BOXES[n] if n in _BOXED_SIZES else None
    values = bytearray(n * n)
    regions: list[int] = []
    custom = False
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            where = f"the grid at R{r + 1}C{c + 1}"
            if not isinstance(cell, dict):
                raise ParseError(f"expected an object in {where}", found=repr(cell))
            value = cell.get("value")
            if cell.get("given") and value is not None:
                if not isinstance(value, int) or not 1 <= value <= n:
                    raise ParseError(f"expected a given 1..{n} in {where}", found=repr(value))
                values[r * n + c] = value
            default = (r // box[0]) * (n // box[1]) + c // box[1] if box else None
            region = cell.get("region", default)
            if region is None or not isinstance(region, int) or not 0 <= region < n:
                raise ParseError(f"expected a region 0..{n - 1} in {where}", found=repr(region))
            custom |= region != default
            regions.append(region)
    return values, tuple(regions) if custom or box is None else None


def _box_or_regions(regions: tuple[int, ...] | None, n: int
                    ) -> tuple[tuple[int, int] | None, tuple[int, ...] | None]:
    """Regions that are boxes of another shape (a 6x6 with 3x2 boxes) are read as that
    box shape, not as a jigsaw."""
    box = box_of_regions(regions, n) if regions is not None else None
    return (box, None) if box is not None else (None, regions)


def _little_killer(rd: _Reader, item: dict[str, Any], i: int) -> LittleKiller:
    where = f"little killer {i}"
    r, c = rd.rc(item.get("cell"), where, outside=True)
    direction = _DIRECTIONS.get(str(item.get("direction", "")).upper())
    if direction is None:
        raise ParseError(f"expected a direction DR, DL, UR or UL in {where}",
                         found=repr(item.get("direction")))
    cells = []
    r, c = r + direction[0], c + direction[1]
    while 0 <= r < rd.n and 0 <= c < rd.n:
        cells.append(r * rd.n + c)
        r, c = r + direction[0], c + direction[1]
    if not cells:
        raise ParseError(f"expected {where} to point into the grid", found=str(item.get("cell")))
    return LittleKiller(tuple(cells), rd.number(item, where))


def _sandwich(rd: _Reader, item: dict[str, Any], i: int) -> Sandwich:
    where = f"sandwich sum {i}"
    r, c = rd.rc(item.get("cell"), where, outside=True)
    n = rd.n
    if r in (-1, n) and 0 <= c < n:
        return Sandwich.column(c, rd.number(item, where), n)
    if c in (-1, n) and 0 <= r < n:
        return Sandwich.row(r, rd.number(item, where), n)
    raise ParseError(f"expected {where} outside the grid, beside a row or column",
                     found=str(item.get("cell")))


OUTSIDE_KEYS = ("xsum", "skyscraper", "quadruple")
"""The keys of X-sums, skyscraper clues and quadruples."""


def _outside_clues(rd: _Reader) -> list[Any]:
    """X-sums and skyscraper clues (a cell outside the grid beside a row or column, the
    clue in ``value``) and quadruples (four ``cells``, their digits in ``values``)."""
    n = rd.n
    out: list[Any] = []
    for key, cls in (("xsum", XSum), ("skyscraper", Skyscraper)):
        for i, item in enumerate(rd.items(key), 1):
            where = f"{key} {i}"
            r, c = rd.rc(item.get("cell"), where, outside=True)
            if r in (-1, n) and 0 <= c < n:
                line = house_line(c, n, True, r == n)
            elif c in (-1, n) and 0 <= r < n:
                line = house_line(r, n, False, c == n)
            else:
                raise ParseError(f"expected {where} outside the grid, beside a row or column",
                                 found=str(item.get("cell")))
            out.append(cls(line, rd.number(item, where)))
    for i, item in enumerate(rd.items("quadruple"), 1):
        digits = item.get("values")
        if not isinstance(digits, list) or not all(
                isinstance(d, (int, str)) and str(d).isdigit() for d in digits):
            raise ParseError(f"expected a list of digits as the values of quadruple {i}",
                             found=repr(digits))
        out.append(Quadruple(rd.cells(item.get("cells"), f"quadruple {i}"),
                             tuple(int(d) for d in digits)))
    return out


def _outside_items(con: Any, n: int) -> tuple[str, dict[str, Any]] | None:
    """The f-puzzles key and entry of an X-sum, a skyscraper clue or a quadruple."""
    if isinstance(con, Quadruple):
        return "quadruple", {"cells": [_name(c, n) for c in con.cells],
                             "values": list(con.digits)}
    if not isinstance(con, (XSum, Skyscraper)):
        return None
    r, c = divmod(con.cells[0], n)
    r, c = {"left": (r, -1), "right": (r, n), "top": (-1, c), "bottom": (n, c)}[
        side_of(con.cells, n)]
    return con.kind.replace("-", ""), {"cell": f"R{r + 1}C{c + 1}", "value": str(con.value)}


def read_fpuzzles(text: str, rules: Rules | None = None) -> Grid:
    """The puzzle of an f-puzzles link, its compressed data or its JSON.

    ``rules``, when given, must agree with the puzzle's size.

    >>> read_fpuzzles('{"size": 4, "grid": [[{}]]}')
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: expected an f-puzzles grid of 4 rows of 4 cells, found '[[{}]]'
    """
    data = _json_of(text)
    with malformed("f-puzzles data"):
        return _from_fpuzzles(data, rules)


def _from_fpuzzles(data: dict[str, Any], rules: Rules | None) -> Grid:
    rd = _Reader(data)
    n = rd.n
    values, regions = _givens_and_regions(rd)
    cons: list[Any] = []
    for i, item in enumerate(rd.items("killercage"), 1):
        value = item.get("value")
        total = 0 if value in (None, "") else rd.number(item, f"killer cage {i}")
        cons.append(Cage(rd.cells(item.get("cells"), f"killer cage {i}"), total))
    cons += [Thermo(line) for line in rd.lines("thermometer")]
    for i, item in enumerate(rd.items("arrow"), 1):
        circle = rd.cells(item.get("cells"), f"arrow {i}")
        for raw in item.get("lines") or []:
            line = rd.cells(raw, f"arrow {i}")
            cons.append(Arrow(circle, tuple(c for c in line if c not in circle)))
    cons += [_little_killer(rd, item, i) for i, item in enumerate(rd.items("littlekillersum"), 1)]
    cons += [_sandwich(rd, item, i) for i, item in enumerate(rd.items("sandwichsum"), 1)]
    cons += _outside_clues(rd)
    for key, colour in (("difference", "white"), ("ratio", "black")):
        for i, item in enumerate(rd.items(key), 1):
            value = item.get("value")
            k = None if value in (None, "") else rd.number(item, f"{key} dot {i}")
            default = 1 if colour == "white" else 2
            pair = rd.cells(item.get("cells"), f"{key} dot {i}")
            cons.append(Kropki(pair, colour, None if k == default else k))  # type: ignore[arg-type]
    for i, item in enumerate(rd.items("xv"), 1):
        symbol = str(item.get("value", "")).upper()
        if symbol not in ("X", "V"):
            raise ParseError(f"expected X or V in xv {i}", found=repr(item.get("value")))
        cons.append(XV(rd.cells(item.get("cells"), f"xv {i}"),  # type: ignore[arg-type]
                       10 if symbol == "X" else 5))
    for parity in ("odd", "even"):
        cons += [Parity(rd.cell(item.get("cell"), f"{parity} cell {i}"), parity)
                 for i, item in enumerate(rd.items(parity), 1)]
    cons += [Whisper(line) for line in rd.lines("whispers")]
    cons += [Renban(line) for line in rd.lines("renban")]
    cons += [Palindrome(line) for line in rd.lines("palindrome")]
    cons += [ExtraRegion(rd.cells(item.get("cells"), f"extra region {i}"))
             for i, item in enumerate(rd.items("extraregion"), 1)]
    cons += [Clone(rd.cells(item.get("cells"), f"clone {i}"),
                   rd.cells(item.get("cloneCells"), f"clone {i}"))
             for i, item in enumerate(rd.items("clone"), 1)]
    for key, line_kind in LINES.items():
        cons += [line_kind(line) for line in rd.lines(key)]
    negative = data.get("negative") or []
    for name in negative:
        of = {"ratio": "black", "difference": "white", "xv": "xv"}.get(str(name).lower())
        if of is None:
            raise ParseError("expected negative constraints among ratio, difference and xv",
                             found=repr(name))
        cons.append(Negative(of))
    if data.get("nonconsecutive"):
        cons.append(NonConsecutive())
    if data.get("disjointgroups"):
        cons.append(Disjoint())
    known = IGNORED | {"size", "grid", "killercage", "thermometer", "arrow", "littlekillersum",
                       "sandwichsum", "difference", "ratio", "xv", "odd", "even", "whispers",
                       "renban", "palindrome", "extraregion", "clone", "negative",
                       "nonconsecutive",
                       "disjointgroups", "diagonal+", "diagonal-", "antiknight", "antiking",
                       *LINES, *OUTSIDE_KEYS}
    unknown = sorted(k for k, v in data.items() if k not in known and v not in (None, [], False))
    if unknown:
        raise ParseError("expected only constraints this library knows in the f-puzzles data",
                         found=", ".join(unknown))
    main = tuple(i * n + i for i in range(n))
    anti = tuple(i * n + (n - 1 - i) for i in range(n))
    both = bool(data.get("diagonal+")) and bool(data.get("diagonal-"))
    extra = () if both else tuple(d for d, key in ((anti, "diagonal+"), (main, "diagonal-"))
                                  if data.get(key))
    windows = [ExtraRegion(w) for w in window_houses(n)] if regions is None else []
    windoku = bool(windows) and all(w in cons for w in windows)
    if windoku:
        cons = [c for c in cons if c not in windows]
    box, regions = _box_or_regions(regions, n)
    made = Rules(n, box=box, regions=regions, diagonals=both, extra_houses=extra, windows=windoku,
                 anti_knight=bool(data.get("antiknight")), anti_king=bool(data.get("antiking")),
                 constraints=tuple(dict.fromkeys(cons)))
    if rules is not None and rules.size != n:
        raise ParseError(f"expected a {rules.size}x{rules.size} puzzle", found=f"{n}x{n}")
    return Grid(bytes(values), made)


def _name(cell: int, n: int) -> str:
    return f"R{cell // n + 1}C{cell % n + 1}"


def to_fpuzzles(grid: Grid) -> dict[str, Any]:
    """The f-puzzles JSON object of a puzzle.

    >>> to_fpuzzles(Grid("1" + "." * 15))["grid"][0][0]
    {'value': 1, 'given': True}
    """
    rules, n = grid.rules, grid.size

    def names(cells: Iterable[int]) -> list[str]:
        return [_name(c, n) for c in cells]

    rows: list[list[dict[str, Any]]] = [[{} for _ in range(n)] for _ in range(n)]
    # f-puzzles knows one box shape per size: other shapes go as regions
    box = rules.box
    if rules.regions is None and n in _BOXED_SIZES and box == DEFAULT_BOXES[n]:
        box = None
    for cell, v in enumerate(grid.cells):
        if v:
            rows[cell // n][cell % n].update(value=v, given=True)
        r, c = divmod(cell, n)
        if rules.regions is not None:
            rows[r][c]["region"] = rules.regions[cell]
        elif box is not None:
            rows[r][c]["region"] = (r // box[0]) * (n // box[1]) + c // box[1]
    data: dict[str, Any] = {"size": n, "grid": rows}
    main = tuple(i * n + i for i in range(n))
    anti = tuple(i * n + (n - 1 - i) for i in range(n))
    for house in rules.extra_houses:
        key = {main: "diagonal-", anti: "diagonal+"}.get(house)
        if key is None:
            data.setdefault("extraregion", []).append({"cells": names(house)})
        else:
            data[key] = True
    if rules.diagonals:
        data["diagonal+"] = data["diagonal-"] = True
    if rules.anti_knight:
        data["antiknight"] = True
    if rules.anti_king:
        data["antiking"] = True
    for window in window_houses(n) if rules.windows else ():
        data.setdefault("extraregion", []).append({"cells": names(window)})

    def add(key: str, item: Any) -> None:
        data.setdefault(key, []).append(item)

    for con in rules.constraints:
        if isinstance(con, Cage):
            add("killercage", {"cells": names(con.cells), **({"value": str(con.total)}
                                                            if con.total else {})})
        elif isinstance(con, Thermo) and not con.slow:
            add("thermometer", {"lines": [names(con.cells)]})
        elif isinstance(con, Arrow):
            add("arrow", {"cells": names(con.circle),
                          "lines": [names((con.circle[-1], *con.cells))]})
        elif isinstance(con, LittleKiller):
            (r0, c0), (r1, c1) = divmod(con.cells[0], n), divmod(con.cells[-1], n)
            dr, dc = (1 if r1 >= r0 else -1), (1 if c1 >= c0 else -1)
            if len(con.cells) > 1:
                dr, dc = (r1 - r0) // abs(r1 - r0), (c1 - c0) // abs(c1 - c0)
            direction = {v: k for k, v in _DIRECTIONS.items()}[(dr, dc)]
            item = {"cell": f"R{r0 - dr + 1}C{c0 - dc + 1}", "cells": names(con.cells),
                    "direction": direction, "value": str(con.total)}
            if _little_killer(_Reader({"size": n}), item, 0).cells != con.cells:
                raise ParseError("expected a little killer from the edge of the grid to the "
                                 "edge, as f-puzzles draws them", found=repr(con))
            add("littlekillersum", item)
        elif isinstance(con, Sandwich):
            a, b = con.cells[0], con.cells[1]
            edge = f"R0C{a % n + 1}" if b - a == n else f"R{a // n + 1}C0"
            add("sandwichsum", {"cell": edge, "value": str(con.total)})
        elif isinstance(con, Kropki) and adjacent(*con.cells, n):
            dot: dict[str, Any] = {"cells": names(con.cells)}
            if con.value is not None:
                dot["value"] = str(con.value)
            add("difference" if con.colour == "white" else "ratio", dot)
        elif isinstance(con, XV) and con.total in (5, 10) and adjacent(*con.cells, n):
            add("xv", {"cells": names(con.cells), "value": con.symbol})
        elif isinstance(con, Parity):
            add(con.parity, {"cell": _name(con.cell, n)})
        elif isinstance(con, Whisper) and con.gap == 5:
            add("whispers", {"lines": [names(con.cells)]})
        elif isinstance(con, Renban):
            add("renban", {"lines": [names(con.cells)]})
        elif isinstance(con, Palindrome):
            add("palindrome", {"lines": [names(con.cells)]})
        elif isinstance(con, ExtraRegion):
            add("extraregion", {"cells": names(con.cells)})
        elif isinstance(con, Clone):
            add("clone", {"cells": names(con.cells), "cloneCells": names(con.copies)})
        elif isinstance(con, Negative) and con.of in ("black", "white", "xv", "kropki"):
            for name in {"black": ["ratio"], "white": ["difference"], "xv": ["xv"],
                         "kropki": ["ratio", "difference"]}[con.of]:
                add("negative", name)
        elif isinstance(con, NonConsecutive):
            data["nonconsecutive"] = True
        elif isinstance(con, Disjoint):
            data["disjointgroups"] = True
        elif type(con) in LINES.values() and getattr(con, "gap", None) is None:
            key = next(k for k, v in LINES.items() if v is type(con))
            add(key, {"lines": [names(con.cells)]})
        elif (entry := _outside_items(con, n)) is not None:
            add(*entry)
        else:
            raise ParseError("expected constraints f-puzzles can hold", found=repr(con))
    return data


def write_fpuzzles(grid: Grid) -> str:
    """An f-puzzles link that opens the puzzle.

    >>> write_fpuzzles(Grid("." * 16)).startswith("https://f-puzzles.com/?load=N4Ig")
    True
    """
    from lzstring import LZString

    text = json.dumps(to_fpuzzles(grid), separators=(",", ":"))
    link: str = LINK + LZString.compressToBase64(text)
    return link
