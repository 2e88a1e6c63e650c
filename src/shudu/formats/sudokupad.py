"""SudokuPad puzzles: its links and the JSON behind them, read and written.

A SudokuPad link (``sudokupad.app/…``, ``app.crackingthecryptic.com/…``, or any page with
``?puzzleid=``) carries its puzzle after a prefix:

* ``fpuzzles`` or ``fpuz``: f-puzzles data, read by :mod:`shudu.formats.fpuzzles` with every
  constraint it knows;
* ``scl`` or ``ctc``: SudokuPad's own JSON, its keys shortened and its quotes swapped
  ("zipped"), LZ-string compressed to base64;
* 81 digits or dots: a classic puzzle.

A short link (``sudokupad.app/abc123``) only names a puzzle kept on SudokuPad's server, which
shudu does not fetch: it is refused with that reason.

SudokuPad's JSON draws its puzzle; it says what a clue means only in the rules text.  The
reader takes what has one reading: givens (``cells``), regions (``regions``, a jigsaw when
they are not the usual boxes), killer cages (``cages`` with a numeric ``value`` or
``unique``), lines from corner to corner (the diagonals), small round dots on the edge
between two cells (white and black Kropki dots, a number in a dot its difference or
ratio) and X or V on such an edge.  Notes (``metadata``, cages whose value is
``title: …``) are left aside.  Anything else (other lines, arrows, underlays, overlays, a
background picture) is an error that counts what was not read: the puzzle it would leave
behind is not the one the setter made.

Diagonal dots.  A Kropki dot or an X or V between two cells that touch only at a corner is
an overlay centred on that corner (``center`` ``[row, column]`` both whole numbers).  Four
cells meet at a corner, so two diagonal pairs share it; SudokuPad's JSON has no key that
names the pair, and shudu reads and writes this convention: the overlay's ``angle`` (in
degrees, clockwise on the screen, as SudokuPad turns overlays) points along the pair it
joins.  ``45`` (or ``-135``, ``225``) joins the upper-left and the lower-right cell (r1c1
and r2c2 for the corner below and right of r1c1); ``-45`` (or ``135``, ``315``) joins the
upper-right and the lower-left cell (r1c2 and r2c1).  Dots are written as small ovals
drawn out along that diagonal, so the player sees the pair too.  A dot, X or V on a corner
without such an angle is an error that says so.

Writing gives an ``scl`` link when those keys hold the whole puzzle, else an ``fpuzzles``
one, which SudokuPad opens with all its constraints.

>>> grid = read_sudokupad(write_sudokupad(Grid("1" + "." * 15)))
>>> grid.to_string()
'1...............'
>>> write_sudokupad(Grid("." * 81))[:38]
'https://sudokupad.app/?puzzleid=sclN4S'
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any
from urllib.parse import quote, unquote

from ..errors import ParseError
from ..values.constraints import XV, Cage, Kropki
from ..values.constraints.base import adjacent
from ..values.constraints.dots import diagonal
from ..values.grid import Grid
from ..values.rules import DEFAULT_BOXES, Rules, box_of_regions
from . import jsontext
from .fpuzzles import malformed
from .lzdecode import decompress

__all__ = ["is_sudokupad", "read_sudokupad", "unzip_scl", "write_sudokupad", "zip_scl"]

LINK = "https://sudokupad.app/?puzzleid="
"""How a link written here begins."""

_HOSTS = r"(?:https?://)?(?:[\w-]+\.)?(?:sudokupad\.app|crackingthecryptic\.com)"
_PATH = re.compile(_HOSTS + r"(?:/sudoku)?/+([^?#\s]*)")
_BARE = re.compile(r"(?:scl|ctc)[A-Za-z0-9+/=%-]{16,}|fpuz(?:zles)?N4Ig[A-Za-z0-9+/=%-]+")

_KEYS = {
    "color": "c", "cages": "ca", "center": "ct", "borderColor": "c1",
    "backgroundColor": "c2", "cells": "ce", "cellSize": "cs", "arrows": "a",
    "overlays": "o", "underlays": "u", "width": "w", "height": "h", "value": "v",
    "videos": "vd", "lines": "l", "rounded": "r", "regions": "re", "fontSize": "fs",
    "thickness": "th", "headLength": "hl", "wayPoints": "wp", "title": "t", "text": "te",
    "duration": "d",
}
"""SudokuPad's shortened keys: the long name and what the zipped JSON writes."""

_READ = frozenset({
    "id", "cellSize", "cells", "regions", "cages", "lines", "overlays", "underlays", "arrows",
    "metadata", "settings", "videos", "duration", "title", "author", "rules", "solution",
})
"""Top-level keys the reader takes or knows to be notes."""

_LONG = {short: long for long, short in _KEYS.items()}
_HEX = re.compile(r"[0-9a-fA-F]{6}")


def is_sudokupad(text: str) -> bool:
    """Whether text is a SudokuPad link or its ``scl``/``ctc``/``fpuzzles`` data.

    >>> is_sudokupad("https://sudokupad.app/abc"), is_sudokupad("sclN4IgzglgXgpiBcBOANCA")
    (True, True)
    """
    s = text.strip()
    if s.startswith("{"):
        return re.search(r'[{,]\s*"?(?:cellSize|cs|ce)"?\s*:', s[:3000]) is not None
    return ("sudokupad.app" in s or "crackingthecryptic.com" in s or "puzzleid=" in s
            or _BARE.fullmatch(s) is not None)


def _rename(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, list):
        return [_rename(v, names) for v in value]
    if isinstance(value, dict):
        return {names.get(k, k): _rename(v, names) for k, v in value.items()}
    return value


def unzip_scl(text: str) -> dict[str, Any]:
    """SudokuPad's zipped JSON (after decompression) as a plain JSON object.

    >>> unzip_scl("{ce:[[,{v:5}]],o:[{c2:#F,r:t}]}")
    {'cells': [[{}, {'value': 5}]], 'overlays': [{'backgroundColor': '#FFFFFF', 'rounded': True}]}
    """
    try:
        plain = jsontext.loads(text)   # already plain JSON, as SudokuPad's editor saves it
    except ParseError:
        plain = None
    if isinstance(plain, dict):
        return plain
    s = text
    if '"' not in s:
        s = s.replace("\\'", "\x00").replace("'", '"').replace("\x00", "'")
    s = re.sub(r"([,{\[])([a-zA-Z0-9]+):", r'\1"\2":', s)
    s = re.sub(r"([,{\[])(?=[,}\]])", r"\1_", s)
    s = s.replace("{_}", "{}")
    s = re.sub(r"([,{\[])_", r"\1{}", s)
    s = re.sub(r"(:)f([,}\]])", r"\1false\2", s)
    s = re.sub(r"(:)t([,}\]])", r"\1true\2", s)
    s = re.sub(r"(:)#0([,}\]])", r'\1"#000000"\2', s)
    s = re.sub(r"(:)#F([,}\]])", r'\1"#FFFFFF"\2', s)
    s = re.sub(r"(:)([0-9a-fA-F]{6})([,}\]])", r'\1"#\2"\3', s)
    try:
        data = jsontext.loads(s)
    except ParseError as exc:
        raise ParseError(f"{exc.expected} in SudokuPad puzzle data", line=exc.line,
                         column=exc.column) from None
    if not isinstance(data, dict):
        raise ParseError("expected SudokuPad puzzle data as an object",
                         found=type(data).__name__)

    def colours(value: Any) -> Any:
        if isinstance(value, list):
            return [colours(v) for v in value]
        if isinstance(value, dict):
            return {k: colours(v) for k, v in value.items()}
        return "#" + value if isinstance(value, str) and _HEX.fullmatch(value) else value

    long: dict[str, Any] = colours(_rename(data, _LONG))
    return long


def zip_scl(data: dict[str, Any]) -> str:
    """The zipped text of a SudokuPad JSON object (what :func:`unzip_scl` reads back).

    >>> zip_scl({"cells": [[{}, {"value": 5}]], "overlays": [{"rounded": True}]})
    '{ce:[[,{v:5}]],o:[{r:t}]}'
    """
    def clean(value: Any) -> Any:
        if isinstance(value, list):
            return [clean(v) for v in value]
        if isinstance(value, dict):
            return {k: clean(v) for k, v in value.items() if v != []}
        if isinstance(value, str) and value.isdigit() and str(int(value)) == value:
            return int(value)
        return value

    s = json.dumps(_rename(clean(data), _KEYS), separators=(",", ":"), ensure_ascii=False)
    s = re.sub(r'([,{\[])"([a-zA-Z0-9]+)":', r"\1\2:", s)
    s = re.sub(r"([,{\[]){}(?=[,}\]])", r"\1", s)
    s = re.sub(r"(:)false([,}\]])", r"\1f\2", s)
    s = re.sub(r"(:)true([,}\]])", r"\1t\2", s)
    s = re.sub(r'(:)"#000000"([,}\]])', r"\1#0\2", s)
    s = re.sub(r'(:)"#FFFFFF"([,}\]])', r"\1#F\2", s)
    s = re.sub(r'(:)"#([0-9a-fA-F]{6})"([,}\]])', r"\1\2\3", s)
    return s.replace("'", "\\'").replace('"', "'")


def _payload(text: str) -> str:
    s = text.strip()
    match = re.search(r"[?&]puzzleid=([^&#\s]+)", s)
    if match is not None:
        return unquote(match.group(1))
    match = _PATH.match(s)
    return unquote(match.group(1)) if match is not None else s


def _decompress(data: str, what: str) -> str:
    return decompress(data.replace(" ", "+"), what)


class _Drawing:
    """Reads one SudokuPad JSON object into givens, rules and what it could not read."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        rows = data.get("cells")
        if not isinstance(rows, list) or not rows or not all(
                isinstance(r, list) and len(r) == len(rows) for r in rows):
            raise ParseError("expected SudokuPad cells as a square of rows",
                             found=repr(rows)[:40])
        self.n = len(rows)
        if not 1 <= self.n <= 25:
            raise ParseError("expected a SudokuPad grid of 1..25 rows", found=str(self.n))
        self.rows = rows
        self.unread: dict[str, int] = {}

    def skip(self, what: str) -> None:
        self.unread[what] = self.unread.get(what, 0) + 1

    def cell(self, rc: Any, where: str) -> int:
        n = self.n
        if not (isinstance(rc, list) and len(rc) == 2 and all(
                isinstance(v, int) and 0 <= v < n for v in rc)):
            raise ParseError(f"expected a cell [row, column] 0..{n - 1} in {where}",
                             found=repr(rc))
        return int(rc[0]) * n + int(rc[1])

    def givens(self) -> bytes:
        n, out = self.n, bytearray(self.n * self.n)
        for r, row in enumerate(self.rows):
            for c, item in enumerate(row):
                value = item.get("value") if isinstance(item, dict) else None
                if value in (None, ""):
                    continue
                text = str(value)
                if not text.isdigit() or not 1 <= int(text) <= n:
                    raise ParseError(f"expected a given 1..{n} at r{r + 1}c{c + 1}",
                                     found=repr(value))
                out[r * n + c] = int(text)
        return bytes(out)

    def regions(self) -> tuple[tuple[int, int] | None, tuple[int, ...] | None]:
        """The box shape, or the jigsaw map when the regions are not boxes."""
        n, raw = self.n, self.data.get("regions")
        if not raw:
            if n not in DEFAULT_BOXES:
                raise ParseError(f"expected regions for a {n}x{n} SudokuPad grid",
                                 found="none")
            return None, None
        region = [-1] * (n * n)
        for i, cells in enumerate(raw):
            for rc in cells if isinstance(cells, list) else [cells]:
                cell = self.cell(rc, f"region {i + 1}")
                region[cell] = i
        if -1 in region or len(raw) != n:
            raise ParseError(f"expected {n} SudokuPad regions covering the grid",
                             found=f"{len(raw)} regions")
        box = box_of_regions(region, n)
        return (box, None) if box is not None else (None, tuple(region))

    def cages(self) -> list[Cage]:
        out = []
        for i, item in enumerate(self.data.get("cages") or [], 1):
            if not isinstance(item, dict):
                raise ParseError(f"expected an object as SudokuPad cage {i}", found=repr(item))
            value = item.get("value")
            text = "" if value is None else str(value).strip()
            if re.match(r"[A-Za-z]+\s*:", text):
                continue   # a note: title, author, rules, solution ...
            cells = tuple(sorted(self.cell(rc, f"cage {i}") for rc in item.get("cells") or []))
            if not text and not item.get("unique") and (len(cells) in (0, self.n ** 2)
                                                       or item.get("style") == "box"):
                continue   # the grid's outline
            if text and not text.isdigit():
                raise ParseError(f"expected a number as the total of SudokuPad cage {i}",
                                 found=repr(value))
            if not cells:
                raise ParseError(f"expected cells in SudokuPad cage {i}", found="none")
            out.append(Cage(cells, int(text) if text else 0))
        return out

    def diagonals(self) -> tuple[bool, bool]:
        n, main, anti = self.n, False, False
        for item in self.data.get("lines") or []:
            points = item.get("wayPoints") if isinstance(item, dict) else None
            ends = sorted(map(tuple, points)) if isinstance(points, list) and \
                len(points) == 2 else None
            if ends == [(0, 0), (n, n)]:
                main = True
            elif ends == [(0, n), (n, 0)]:
                anti = True
            else:
                self.skip("line")
        return main, anti

    def marks(self) -> list[Any]:
        out: list[Any] = []
        for i, item in enumerate(self.data.get("overlays") or [], 1):
            centre = item.get("center") if isinstance(item, dict) else None
            pair, corner = self._edge(centre), self._corner(centre)
            mark = self._mark(item) if isinstance(item, dict) else None
            if mark is not None and pair is not None:
                out.append(replace(mark, cells=pair))
            elif mark is not None and corner is not None:
                out.append(replace(mark, cells=self._corner_pair(corner, item.get("angle"), i)))
            else:
                self.skip("overlay")
        for key in ("underlays", "arrows"):
            for _ in self.data.get(key) or []:
                self.skip(key[:-1])
        meta = self.data.get("metadata")
        if isinstance(meta, dict) and meta.get("bgimage"):
            self.skip("background picture")
        for key, value in self.data.items():
            if key not in _READ and value not in (None, "", [], {}, False):
                self.skip(key)
        return out

    @staticmethod
    def _mark(item: dict[str, Any]) -> Kropki | XV | None:
        """The dot or letter an overlay draws, between cells 0 and 1 until placed."""
        text = str(item.get("text") or "").strip().upper()
        fill = str(item.get("backgroundColor") or "").upper()
        size = [item.get("width"), item.get("height")]
        if not all(v is None or (isinstance(v, (int, float)) and not isinstance(v, bool))
                   for v in size):
            return None
        small = max(float(v or 1) for v in size) <= 0.5
        white = fill in ("#FFFFFF", "#FFF", "WHITE")
        if text in ("X", "V") and (white or fill in ("", "TRANSPARENT")):
            return XV((0, 1), 10 if text == "X" else 5)
        if item.get("rounded") and small and (white or fill in ("#000000", "#000", "BLACK")) \
                and (not text or (text.isdigit() and len(text) <= 3)):
            return Kropki((0, 1), "white" if white else "black", int(text) if text else None)
        return None

    def _corner(self, centre: Any) -> tuple[int, int] | None:
        """The corner ``(row, column)`` inside the grid that a point sits on."""
        n = self.n
        if not (isinstance(centre, list) and len(centre) == 2 and all(
                isinstance(v, (int, float)) and not isinstance(v, bool) for v in centre)):
            return None
        y, x = (float(v) for v in centre)
        if y == int(y) and x == int(x) and 0 < y < n and 0 < x < n:
            return int(y), int(x)
        return None

    def _corner_pair(self, corner: tuple[int, int], angle: Any, index: int) -> tuple[int, int]:
        """The diagonal pair a mark on a corner joins, read from its angle (see the module)."""
        n, (y, x) = self.n, corner
        turn = float(angle) % 180 if isinstance(angle, (int, float)) and \
            not isinstance(angle, bool) else None
        if turn == 45:
            return (y - 1) * n + x - 1, y * n + x
        if turn == 135:
            return (y - 1) * n + x, y * n + x - 1
        raise ParseError(
            f"expected SudokuPad overlay {index}, a dot, X or V on the corner of "
            f"r{y}c{x}, r{y}c{x + 1}, r{y + 1}c{x} and r{y + 1}c{x + 1}, turned 45 degrees "
            f"(joining r{y}c{x} and r{y + 1}c{x + 1}) or -45 degrees (joining r{y}c{x + 1} "
            f"and r{y + 1}c{x})", found="no angle" if angle is None else f"angle {angle!r}")

    def _edge(self, centre: Any) -> tuple[int, int] | None:
        """The two cells whose shared edge a point sits on ([row, column] in cell units)."""
        n = self.n
        if not (isinstance(centre, list) and len(centre) == 2 and all(
                isinstance(v, (int, float)) for v in centre)):
            return None
        y, x = (float(v) for v in centre)
        if y == int(y) and x - int(x) == 0.5 and 0 < y < n and 0 <= x < n:
            a = (int(y) - 1) * n + int(x)
            return a, a + n
        if x == int(x) and y - int(y) == 0.5 and 0 < x < n and 0 <= y < n:
            a = int(y) * n + int(x) - 1
            return a, a + 1
        return None


def _read_scl(data: dict[str, Any]) -> Grid:
    drawing = _Drawing(data)
    n = drawing.n
    givens, (box, regions) = drawing.givens(), drawing.regions()
    cons: list[Any] = [*drawing.cages(), *drawing.marks()]
    main, anti = drawing.diagonals()
    if drawing.unread:
        found = ", ".join(f"{k} {v}" for k, v in sorted(drawing.unread.items()))
        raise ParseError("expected SudokuPad clues with one reading (givens, regions, killer "
                         "cages, diagonals, Kropki dots, XV); its other drawings say what "
                         "they mean only in the rules text, so open the puzzle's f-puzzles "
                         "form instead", found=found)
    diag_main = tuple(i * n + i for i in range(n))
    diag_anti = tuple(i * n + n - 1 - i for i in range(n))
    extra = () if main and anti else tuple(d for d, on in ((diag_main, main),
                                                            (diag_anti, anti)) if on)
    rules = Rules(n, box=box, regions=regions, diagonals=main and anti, extra_houses=extra,
                  constraints=tuple(dict.fromkeys(cons)))
    return Grid(givens, rules)


def read_sudokupad(text: str, rules: Rules | None = None) -> Grid:
    """The puzzle of a SudokuPad link or its data (see the module).

    ``rules``, when given, must agree with the puzzle's size.

    >>> try:
    ...     read_sudokupad("https://sudokupad.app/x7k2p9")
    ... except ParseError as e:
    ...     print(e.found, "|", e.expected[-59:])
    x7k2p9 | which is not fetched: open it there and share its full link
    """
    s = text.strip()
    data = _payload(s) if not s.startswith("{") else s
    with malformed("SudokuPad data"):
        grid = _read_payload(data)
    if rules is not None and rules.size != grid.size:
        raise ParseError(f"expected a {rules.size}x{rules.size} puzzle",
                         found=f"{grid.size}x{grid.size}")
    return grid


def _read_payload(data: str) -> Grid:
    if data.startswith("{"):
        grid = _read_scl(unzip_scl(data))
    elif re.match(r"fpuz(?:zles)?", data):
        from .fpuzzles import read_fpuzzles

        grid = read_fpuzzles(re.sub(r"^fpuz(?:zles)?", "", data))
    elif data[:3] in ("scl", "ctc"):
        grid = _read_scl(unzip_scl(_decompress(data[3:], "SudokuPad data")))
    elif re.fullmatch(r"[0-9.]{81}", data):
        grid = Grid(data)
    else:
        raise ParseError("expected a SudokuPad link that holds its puzzle (scl…, ctc…, "
                         "fpuzzles…); a short link only names a puzzle on SudokuPad's server, "
                         "which is not fetched: open it there and share its full link",
                         found=data[:40])
    return grid


def _scl_holds(grid: Grid) -> bool:
    rules = grid.rules
    n = rules.size
    diagonals = {tuple(i * n + i for i in range(n)), tuple(i * n + n - 1 - i for i in range(n))}
    return (not (rules.windows or rules.anti_knight or rules.anti_king)
            and all(h in diagonals for h in rules.extra_houses)
            and all(isinstance(c, Cage)
                    or (isinstance(c, Kropki) and (adjacent(*c.cells, n) or diagonal(*c.cells, n)))
                    or (isinstance(c, XV) and c.total in (5, 10)
                        and (adjacent(*c.cells, n) or diagonal(*c.cells, n)))
                    for c in rules.constraints))


def to_scl(grid: Grid) -> dict[str, Any]:
    """SudokuPad's JSON object of a puzzle that its plain keys hold (see the module).

    >>> to_scl(Grid("1" + "." * 15))["cells"][0][:2]
    [{'value': 1}, {}]
    """
    rules, n = grid.rules, grid.size
    if not _scl_holds(grid):
        raise ParseError("expected a puzzle SudokuPad's own keys hold (givens, regions, "
                         "killer cages, diagonals, Kropki dots, XV)", found=rules.spec)
    cells = [[{"value": v} if v else {} for v in grid.cells[r * n:(r + 1) * n]]
             for r in range(n)]
    if rules.regions is not None:
        region = rules.regions
    else:
        rb, cb = rules.box or (1, n)
        region = tuple((x // n // rb) * (n // cb) + (x % n) // cb for x in range(n * n))
    regions = [[[x // n, x % n] for x in range(n * n) if region[x] == k]
               for k in sorted(set(region))]
    data: dict[str, Any] = {"id": "shudu", "cellSize": 50, "cells": cells, "regions": regions}
    lines = []
    if rules.diagonals or tuple(i * n + i for i in range(n)) in rules.extra_houses:
        lines.append({"wayPoints": [[0, 0], [n, n]], "color": "#34BBE6", "thickness": 2})
    if rules.diagonals or tuple(i * n + n - 1 - i for i in range(n)) in rules.extra_houses:
        lines.append({"wayPoints": [[0, n], [n, 0]], "color": "#34BBE6", "thickness": 2})
    cages, overlays = [], []
    for con in rules.constraints:
        if isinstance(con, Cage):
            cage: dict[str, Any] = {"cells": [[x // n, x % n] for x in con.cells],
                                    "unique": True, "cageColor": "#000000"}
            if con.total:
                cage["value"] = str(con.total)
            cages.append(cage)
            continue
        a, b = sorted(con.cells)
        (ra, ca), (rb_, cb_) = divmod(a, n), divmod(b, n)
        centre: list[float] = [(ra + rb_ + 1) / 2, (ca + cb_ + 1) / 2]
        corner = diagonal(a, b, n)
        overlay: dict[str, Any] = {"center": centre, "width": 0.3, "height": 0.3}
        if corner:   # on the corner, turned along the pair it joins (see the module)
            overlay["center"] = [rb_, max(ca, cb_)]
        if isinstance(con, XV):
            overlay.update(text=con.symbol, fontSize=24)
        else:
            fill = "#FFFFFF" if con.colour == "white" else "#000000"
            overlay.update(rounded=True, backgroundColor=fill, borderColor="#000000")
            if con.value is not None:
                overlay.update(text=str(con.value), fontSize=14,
                               color="#000000" if con.colour == "white" else "#FFFFFF")
            if corner:
                overlay["width"] = 0.42
        if corner:
            overlay["angle"] = 45 if cb_ > ca else -45
        overlays.append(overlay)
    data.update(lines=lines, cages=cages, overlays=overlays)
    return data


def write_sudokupad(grid: Grid) -> str:
    """A SudokuPad link that opens the puzzle: ``scl`` when SudokuPad's own keys hold it,
    else its f-puzzles form (``fpuzzles``).

    >>> from shudu.values.constraints import Thermo
    >>> write_sudokupad(Grid("." * 16, Rules(4, constraints=(Thermo((0, 1)),))))[:43]
    'https://sudokupad.app/?puzzleid=fpuzzlesN4I'
    """
    from lzstring import LZString

    if _scl_holds(grid):
        return LINK + "scl" + quote(LZString.compressToBase64(zip_scl(to_scl(grid))), safe="")
    from .fpuzzles import to_fpuzzles

    text = json.dumps(to_fpuzzles(grid), separators=(",", ":"))
    return LINK + "fpuzzles" + quote(LZString.compressToBase64(text), safe="")
