"""ipuz sudoku files (``kind`` ``http://ipuz.org/sudoku``), read and written.

The keys read: ``puzzle`` (rows of givens: a digit, a character of ``charset``, or
``{"given": …}``; the ``empty`` value, ``0`` unless named, is a blank), ``charset``,
``boxes`` (false: the regions come from ``zones``), ``zones`` (extra houses: diagonals,
windows, any group that holds every digit) and ``cages`` (killer cages: a ``value`` with
the ``+`` operator or none).  Cells are ``[column, row]`` counted from 1, as the
specification writes them; a file that names column or row 0 and never the last one is
read as counted from 0.  Notes (``title``, ``author``, ``solution`` …) are left aside;
a cage with another operator is an error.

>>> grid = read_ipuz('{"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/sudoku#1"],'
...                  '"puzzle": [[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],'
...                  '"cages": [{"cells": [[1, 2], [2, 2]], "value": 7}]}')
>>> grid.to_string(), grid.rules.constraints
('1...............', (Cage(cells=(4, 5), total=7, kind='killer'),))
>>> read_ipuz(write_ipuz(grid)) == grid
True
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import ParseError
from ..values.constraints import Cage
from ..values.grid import Grid
from ..values.rules import DEFAULT_BOXES, Rules, box_of_regions, window_houses
from . import jsontext
from .fpuzzles import malformed

__all__ = ["is_ipuz", "read_ipuz", "write_ipuz"]

KIND = "http://ipuz.org/sudoku#1"
"""The kind a written file names."""

_NOTES = frozenset({
    "version", "kind", "copyright", "publisher", "publication", "url", "uniqueid", "title",
    "intro", "explanation", "annotation", "author", "editor", "date", "notes", "difficulty",
    "origin", "block", "empty", "styles", "checksum", "solution", "saved", "displaycharset",
    "showoperators", "cageborder", "dimensions",
})
"""Keys that describe or draw: they change no digit."""


def is_ipuz(text: str) -> bool:
    """Whether text is an ipuz sudoku object.

    >>> is_ipuz('{"kind": ["http://ipuz.org/sudoku#1"], "puzzle": []}'), is_ipuz("{}")
    (True, False)
    """
    s = text.strip()
    return s.startswith("{") and "ipuz.org/sudoku" in s[:4000]


class _Reader:
    """Names the cells of one ipuz object, counted from 1 or from 0."""

    def __init__(self, data: dict[str, Any], n: int) -> None:
        self.n = n
        pairs = [p for key in ("zones", "cages") for g in data.get(key) or []
                 if isinstance(g, dict) for p in g.get("cells") or []
                 if isinstance(p, list)]
        values = {v for p in pairs for v in p}
        self.base = 0 if 0 in values and n not in values else 1

    def group(self, item: Any, where: str) -> tuple[int, ...]:
        n, base = self.n, self.base
        if not isinstance(item, dict):
            raise ParseError(f"expected an object as {where}", found=repr(item)[:40])
        out: list[int] = []
        rect = item.get("rect")
        if rect is not None:
            if not (isinstance(rect, list) and len(rect) == 4
                    and all(isinstance(v, int) for v in rect)):
                raise ParseError(f"expected rect [x1, y1, x2, y2] in {where}",
                                 found=repr(rect))
            x1, y1, x2, y2 = (v - base for v in rect)
            if not (0 <= x1 <= x2 < n and 0 <= y1 <= y2 < n):
                raise ParseError(f"expected a rect inside the grid in {where}",
                                 found=repr(rect))
            out += [y * n + x for y in range(y1, y2 + 1) for x in range(x1, x2 + 1)]
        for pair in item.get("cells") or []:
            if not (isinstance(pair, list) and len(pair) == 2 and all(
                    isinstance(v, int) and 0 <= v - base < n for v in pair)):
                raise ParseError(f"expected a cell [column, row] {base}..{n - 1 + base} "
                                 f"in {where}", found=repr(pair))
            out.append((pair[1] - base) * n + pair[0] - base)
        if not out:
            raise ParseError(f"expected cells or a rect in {where}", found="none")
        return tuple(sorted(set(out)))


def _givens(data: dict[str, Any]) -> tuple[bytes, int]:
    rows = data.get("puzzle")
    if not isinstance(rows, list) or not rows or not all(
            isinstance(r, list) and len(r) == len(rows) for r in rows):
        raise ParseError("expected the ipuz puzzle as a square of rows", found=repr(rows)[:40])
    n = len(rows)
    charset = str(data.get("charset") or "123456789ABCDEFGHIJKLMNOP"[:n])
    empty = data.get("empty", 0)
    out = bytearray(n * n)
    for r, row in enumerate(rows):
        for c, item in enumerate(row):
            value = item.get("given", item.get("value")) if isinstance(item, dict) else item
            if value is None or value == empty or str(value) == str(empty) or value == "":
                continue
            text = str(value)
            if isinstance(value, int):
                digit = value
            elif len(text) == 1 and text in charset:
                digit = charset.index(text) + 1
            else:
                digit = int(text) if text.isdigit() else 0
            if not 1 <= digit <= n:
                raise ParseError(f"expected a given 1..{n} (or a charset character) at "
                                 f"r{r + 1}c{c + 1}", found=repr(value))
            out[r * n + c] = digit
    return bytes(out), n


def _partition(zones: list[tuple[int, ...]], n: int) -> list[int] | None:
    """The indexes of zones that cover the grid once each, or None."""
    chosen: list[int] = []
    used = [False] * (n * n)

    def cover() -> bool:
        if all(used):
            return True
        first = used.index(False)
        for i, zone in enumerate(zones):
            if i not in chosen and first in zone and not any(used[x] for x in zone):
                chosen.append(i)
                for x in zone:
                    used[x] = True
                if cover():
                    return True
                chosen.pop()
                for x in zone:
                    used[x] = False
        return False

    return chosen if cover() else None


def read_ipuz(text: str, rules: Rules | None = None) -> Grid:
    """The puzzle of an ipuz sudoku (see the module).

    ``rules``, when given, must agree with the puzzle's size.

    >>> read_ipuz('{"kind": ["http://ipuz.org/sudoku#1"], "puzzle": [[0]],'
    ...           '"cages": [{"cells": [[1, 1]], "value": 2, "operator": "*"}]}')
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: expected the + operator (or none) in ipuz cage 1, found "'*'"
    """
    try:
        data = jsontext.loads(text)
    except ParseError as exc:
        raise ParseError(f"{exc.expected} in ipuz data", line=exc.line,
                         column=exc.column) from None
    kind = data.get("kind") if isinstance(data, dict) else data
    if not isinstance(kind, list) or not any("ipuz.org/sudoku" in str(k) for k in kind):
        raise ParseError("expected an ipuz object whose kind is a list holding "
                         "http://ipuz.org/sudoku", found=repr(kind)[:60])
    with malformed("ipuz data"):
        return _from_ipuz(data, rules)


def _from_ipuz(data: dict[str, Any], rules: Rules | None) -> Grid:
    givens, n = _givens(data)
    rd = _Reader(data, n)
    zones = [rd.group(z, f"ipuz zone {i}") for i, z in enumerate(data.get("zones") or [], 1)]
    for i, zone in enumerate(zones, 1):
        if len(zone) != n:
            raise ParseError(f"expected {n} cells in ipuz zone {i}", found=str(len(zone)))
    regions = None
    if data.get("boxes", True) is False:
        part = _partition(zones, n)
        if part is None:
            raise ParseError("expected zones that cover the grid once each when boxes is "
                             "false (the jigsaw regions)", found=f"{len(zones)} zones")
        region = [0] * (n * n)
        for k, i in enumerate(part):
            for x in zones[i]:
                region[x] = k
        regions = tuple(region)
        zones = [z for i, z in enumerate(zones) if i not in part]
    cages = []
    for i, item in enumerate(data.get("cages") or [], 1):
        cells = rd.group(item, f"ipuz cage {i}")
        if item.get("operator", "+") != "+":
            raise ParseError(f"expected the + operator (or none) in ipuz cage {i}",
                             found=repr(item.get("operator")))
        value = item.get("value", 0)
        if not isinstance(value, int) or value < 0:
            raise ParseError(f"expected a whole number as the value of ipuz cage {i}",
                             found=repr(value))
        cages.append(Cage(cells, value))
    unknown = sorted(k for k, v in data.items() if k not in _NOTES and k not in (
        "puzzle", "charset", "boxes", "zones", "cages") and v not in (None, [], {}, ""))
    if unknown:
        raise ParseError("expected only keys an ipuz sudoku defines", found=", ".join(unknown))
    main = tuple(i * n + i for i in range(n))
    anti = tuple(i * n + n - 1 - i for i in range(n))
    both = main in zones and anti in zones
    windows = n == 9 and regions is None and all(w in zones for w in window_houses(9))
    extra = tuple(z for z in zones if not (both and z in (main, anti))
                  and not (windows and z in window_houses(9)))
    box = box_of_regions(regions, n) if regions is not None else None
    if box is not None:
        regions = None
    made = Rules(n, box=box, regions=regions, diagonals=both, windows=windows, extra_houses=extra,
                 constraints=tuple(dict.fromkeys(cages)))
    if rules is not None and rules.size != n:
        raise ParseError(f"expected a {rules.size}x{rules.size} puzzle", found=f"{n}x{n}")
    return Grid(givens, made)


def write_ipuz(grid: Grid) -> str:
    """The ipuz sudoku of a puzzle: givens, regions, extra houses and killer cages.

    >>> try:
    ...     write_ipuz(Grid("." * 16, Rules(4, anti_knight=True)))
    ... except ParseError as e:
    ...     print(e.found)
    anti-knight
    """
    rules, n = grid.rules, grid.size
    others = [c for c in rules.constraints if not isinstance(c, Cage)]
    if rules.anti_knight or rules.anti_king or others:
        lost = ", ".join(sorted({c.kind for c in others})) if others else \
            ("anti-knight" if rules.anti_knight else "anti-king")
        raise ParseError("expected givens, regions, extra houses and killer cages, which "
                         "ipuz holds", found=lost)

    def cell(x: int) -> list[int]:
        return [x % n + 1, x // n + 1]

    zones = [{"cells": [cell(x) for x in house]} for house in rules.extra_houses]
    if rules.diagonals:
        zones += [{"cells": [cell(i * n + i) for i in range(n)]},
                  {"cells": [cell(i * n + n - 1 - i) for i in range(n)]}]
    if rules.windows:
        zones += [{"cells": [cell(x) for x in house]} for house in window_houses(9)]
    data: dict[str, Any] = {"version": "http://ipuz.org/v2", "kind": [KIND]}
    if n != 9:
        data["charset"] = "123456789ABCDEFGHIJKLMNOP"[:n]
    data["puzzle"] = [[v if n <= 9 or not v else data["charset"][v - 1]
                       for v in grid.cells[r * n:(r + 1) * n]] for r in range(n)]
    if rules.regions is not None or rules.box != DEFAULT_BOXES.get(n):
        region = rules.regions or tuple(
            (x // n // rules.box[0]) * (n // rules.box[1]) + x % n // rules.box[1]  # type: ignore[index]
            for x in range(n * n))
        data["boxes"] = False
        zones = [{"cells": [cell(x) for x in range(n * n) if region[x] == k]}
                 for k in sorted(set(region))] + zones
    if zones:
        data["zones"] = zones
    if rules.constraints:
        data["cages"] = [{"cells": [cell(x) for x in c.cells], "value": c.total,
                          "operator": "+"} for c in rules.constraints]
    return json.dumps(data)
