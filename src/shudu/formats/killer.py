"""Killer puzzles in the two text notations their players share, read and written.

* **The cage string** (81 characters, one per cell): a cage's *root* cell holds its total
  (``0``-``9`` for 0-9, ``A``-``Z`` for 10-35, ``a``-``j`` for 36-45; total 0 is a cage
  whose digits only differ), every other cell a pointer to a neighbour in the same cage:
  ``<`` left, ``>`` right, ``^`` up, ``v`` down, `````` ` `````` up-left, ``'`` up-right,
  ``,`` down-left, ``.`` down-right.  Following pointers from any cell reaches its root.  A
  ``0`` root that no cell points to is a cell in no cage.
* **The killer list**: ``3x3:<flags>:k:`` and then, for each cell, ``total * 256 + id:``
  (cells with the same id form one cage; total 0: the cell is in no cage).  The flag ``d``
  adds both diagonals (X); any other flag is refused, never ignored.
* **SudokuWiki's killer link** (``killersudoku.aspx?bd=``): 81 colour characters, one per
  cell (orthogonally connected cells of one colour form a cage), a comma, and 162 digits: a
  two-digit total for each cell, ``00`` except at each cage's first cell.

All three read into a :class:`~shudu.values.grid.Grid` with no givens whose rules hold the cages.

>>> grid = read_cage_string("3" + "<" + "0" * 79)
>>> grid.rules.constraints
(Cage(cells=(0, 1), total=3, kind='killer'),)
>>> write_cage_string(grid.rules)[:4]
'3<00'
>>> read_killer_list(write_killer_list(grid.rules)).rules == grid.rules
True
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import replace
from typing import Any

from ..errors import ParseError
from ..limits import TEXT_MAX_NUMBER_DIGITS
from ..values.constraints import Cage
from ..values.grid import Grid
from ..values.rules import CLASSIC, Rules, cell_name

__all__ = [
    "POINTERS",
    "is_cage_string",
    "is_killer_list",
    "is_sudokuwiki",
    "read_cage_string",
    "read_killer_list",
    "read_sudokuwiki",
    "write_cage_string",
    "write_killer_list",
    "write_sudokuwiki",
]

POINTERS: dict[str, tuple[int, int]] = {
    "<": (0, -1), ">": (0, 1), "^": (-1, 0), "v": (1, 0),
    "`": (-1, -1), "'": (-1, 1), ",": (1, -1), ".": (1, 1),
}
"""Pointer characters of the cage string: (row step, column step) to the next cell."""

TOTALS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij"
"""The total a root character stands for is its index here (0 ... 45)."""

_STRONG_POINTERS = "<>^v`',"
"""Pointers that a classic puzzle line never holds (``.`` is also a blank there)."""


def is_cage_string(text: str) -> bool:
    """Whether a line is a cage string (81 cage characters, some pointer that a puzzle
    line never holds).

    >>> is_cage_string("3<" + "0" * 79), is_cage_string("." * 81)
    (True, False)
    """
    s = text.strip()
    return (len(s) == 81 and all(ch in TOTALS or ch in POINTERS for ch in s)
            and any(ch in _STRONG_POINTERS for ch in s))


def is_killer_list(text: str) -> bool:
    """Whether a line is a killer list (``3x3:<flags>:k:...``).

    >>> is_killer_list("3x3::k:" + "0:" * 81), is_killer_list("3x3")
    (True, False)
    """
    parts = text.strip().split(":", 3)
    return len(parts) == 4 and parts[0].lower().endswith("x3") and parts[2] == "k"


def _with_cages(rules: Rules | None, cages: list[Cage]) -> Rules:
    base = rules or CLASSIC
    if base.size != 9:
        raise ParseError("expected 9x9 rules for a killer puzzle",
                         found=f"{base.size}x{base.size}")
    return replace(base, constraints=(*base.constraints, *cages))


def _cage_error(message: str, cell: int, line: int | None, source: str | None) -> ParseError:
    return ParseError(f"{cell_name(cell, 9)}: {message}", line=line, column=cell + 1,
                      source=source)


def read_cage_string(text: str, rules: Rules | None = None, *, line: int | None = None,
                     source: str | None = None) -> Grid:
    """The killer puzzle of a cage string (see the module); ``rules`` adds variants
    (``Rules(diagonals=True)`` for a killer X).

    >>> read_cage_string("3" + "<" * 8 + ("^" + "<" * 8) * 8)
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: column 1: r1c1: a cage of 81 cells cannot hold different digits 1..9
    >>> read_cage_string("^" + "0" * 80)
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: column 1: r1c1: the pointer '^' leads off the grid
    """
    s = text.strip()
    if len(s) != 81:
        raise ParseError("expected a cage string of 81 characters", found=f"{len(s)}",
                         line=line, source=source)
    parent: list[int] = [-1] * 81
    for cell, ch in enumerate(s):
        if ch in POINTERS:
            dr, dc = POINTERS[ch]
            r, c = divmod(cell, 9)
            r, c = r + dr, c + dc
            if not (0 <= r < 9 and 0 <= c < 9):
                raise _cage_error(f"the pointer {ch!r} leads off the grid", cell, line, source)
            parent[cell] = r * 9 + c
        elif ch not in TOTALS:
            raise ParseError(
                "expected a cage total (0-9, A-Z, a-j) or a pointer (< > ^ v ` ' , .)",
                found=repr(ch), line=line, column=cell + 1, source=source)
    root = [-1] * 81
    for cell in range(81):
        path = []
        at = cell
        while root[at] < 0 and parent[at] >= 0:
            if at in path:
                raise _cage_error("the pointers loop without reaching a cage total", cell,
                                  line, source)
            path.append(at)
            at = parent[at]
        top = root[at] if root[at] >= 0 else at
        for x in (*path, at):
            root[x] = top
    members: dict[int, list[int]] = {}
    for cell in range(81):
        members.setdefault(root[cell], []).append(cell)
    cages = []
    for top, cells in sorted(members.items()):
        total = TOTALS.index(s[top])
        if len(cells) == 1 and total == 0:
            continue   # a cell in no cage
        cage = Cage(tuple(cells), total)
        problem = cage.fits(9)
        if problem:
            raise _cage_error(problem, top, line, source)
        cages.append(cage)
    return Grid("." * 81, _with_cages(rules, cages))


def _only_cages(rules: Rules, allowed: dict[str, bool], where: str) -> None:
    """Refuse rules a notation cannot hold, rather than lose them in writing."""
    off: dict[str, Any] = dict.fromkeys(allowed, False)
    plain = replace(rules, constraints=(), **off)
    if plain != CLASSIC:
        lost = rules.spec if not rules.constraints else replace(rules, constraints=()).spec
        raise ParseError(f"a {where} holds killer cages only, not these rules",
                         found=lost or "a variant")


def write_cage_string(rules: Rules) -> str:
    """The cage string of a killer's rules: each cage's first cell is its root, every
    other cell points one king step towards it.

    >>> write_cage_string(Rules(constraints=(Cage((0, 10), 4),)))[:11]
    '4000000000`'
    """
    if rules.size != 9:
        raise ParseError("expected a 9x9 killer for a cage string",
                         found=f"{rules.size}x{rules.size}")
    _only_cages(rules, {}, "cage string")
    out = ["0"] * 81
    steps = {v: k for k, v in POINTERS.items()}
    for cage in rules.constraints:
        if not isinstance(cage, Cage):
            raise ParseError("expected only killer cages in a cage string",
                             found=getattr(cage, "kind", type(cage).__name__))
        cells = set(cage.cells)
        top = min(cells)
        if cage.total >= len(TOTALS):
            raise _cage_error(f"a total of {cage.total} has no character", top, None, None)
        out[top] = TOTALS[cage.total]
        seen = {top}
        queue = deque([top])
        while queue:
            at = queue.popleft()
            r, c = divmod(at, 9)
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    nxt = (r + dr) * 9 + c + dc
                    if (dr or dc) and 0 <= r + dr < 9 and 0 <= c + dc < 9 and \
                            nxt in cells and nxt not in seen:
                        seen.add(nxt)
                        out[nxt] = steps[(-dr, -dc)]
                        queue.append(nxt)
        if seen != cells:
            raise _cage_error("the cage is not connected by king steps, so a cage string "
                              "cannot hold it", top, None, None)
    return "".join(out)


def read_killer_list(text: str, rules: Rules | None = None, *, line: int | None = None,
                     source: str | None = None) -> Grid:
    """The killer puzzle of a killer list (see the module).

    >>> read_killer_list("3x3:q:k:" + "0:" * 81)
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: expected the flag d (diagonals) or none, found 'q'
    """
    s = text.strip()
    parts = s.split(":", 3)
    if len(parts) != 4 or parts[0].lower() != "3x3" or parts[2] != "k":
        raise ParseError("expected a killer list starting 3x3:<flags>:k:",
                         found=s[:12], line=line, source=source)
    flags = parts[1]
    unknown = [f for f in flags if f != "d"]
    if unknown:
        raise ParseError("expected the flag d (diagonals) or none", found=unknown[0],
                         line=line, source=source)
    fields = parts[3].split(":")
    if fields and fields[-1] == "":
        fields.pop()
    if len(fields) != 81:
        raise ParseError("expected 81 cell numbers in a killer list",
                         found=f"{len(fields)}", line=line, source=source)
    by_id: dict[int, list[int]] = {}
    totals: dict[int, int] = {}
    for cell, field in enumerate(fields):
        digits = field.strip()
        if not (digits.isascii() and digits.isdigit()
                and len(digits) <= TEXT_MAX_NUMBER_DIGITS):
            raise _cage_error("expected a number (total * 256 + cage id)", cell, line, source)
        value = int(digits)
        total, ident = divmod(value, 256)
        if total == 0:
            continue
        if totals.setdefault(ident, total) != total:
            raise _cage_error(f"cage {ident} has the total {totals[ident]} elsewhere, "
                              f"not {total}", cell, line, source)
        by_id.setdefault(ident, []).append(cell)
    cages = []
    for ident, cells in sorted(by_id.items(), key=lambda kv: kv[1][0]):
        cage = Cage(tuple(cells), totals[ident])
        problem = cage.fits(9)
        if problem:
            raise _cage_error(problem, cells[0], line, source)
        cages.append(cage)
    base = rules or CLASSIC
    if "d" in flags:
        base = replace(base, diagonals=True)
    return Grid("." * 81, _with_cages(base, cages))


def write_killer_list(rules: Rules) -> str:
    """The killer list of a killer's rules (``d`` when it has the diagonals).

    >>> write_killer_list(Rules(constraints=(Cage((0, 1), 3),)))[:22]
    '3x3::k:769:769:0:0:0:0'
    """
    if rules.size != 9:
        raise ParseError("expected a 9x9 killer for a killer list",
                         found=f"{rules.size}x{rules.size}")
    _only_cages(rules, {"diagonals": True}, "killer list")
    values = [0] * 81
    for ident, cage in enumerate(rules.constraints, 1):
        if not isinstance(cage, Cage):
            raise ParseError("expected only killer cages in a killer list",
                             found=getattr(cage, "kind", type(cage).__name__))
        if not cage.total:
            raise ParseError("a cage without a total cannot be written in a killer list",
                             found=cell_name(min(cage.cells), 9))
        for cell in cage.cells:
            values[cell] = cage.total * 256 + ident
    flags = "d" if rules.diagonals else ""
    return f"3x3:{flags}:k:" + "".join(f"{v}:" for v in values)


SUDOKUWIKI = "https://www.sudokuwiki.org/killersudoku.aspx?bd="
"""The address SudokuWiki's killer solver loads a puzzle from."""

_WIKI = re.compile(r"(?:^|bd=)([0-9A-Za-z]{81}),?([0-9]{162})(?:$|[&#\s])")


def is_sudokuwiki(text: str) -> bool:
    """Whether text is a SudokuWiki killer link or its ``bd=`` value.

    >>> is_sudokuwiki(SUDOKUWIKI + "1" * 81 + "," + "0" * 162), is_sudokuwiki("1" * 81)
    (True, False)
    """
    s = text.strip()
    return _WIKI.search(s) is not None and ("bd=" in s or "," in s[81:82])


def read_sudokuwiki(text: str, rules: Rules | None = None, *, line: int | None = None,
                    source: str | None = None) -> Grid:
    """The killer puzzle of a SudokuWiki killer link (see the module).

    >>> read_sudokuwiki("bd=" + "1" * 81 + "," + "0" * 162)
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: column 1: r1c1: a cage of 81 cells cannot hold different digits 1..9
    """
    match = _WIKI.search(text.strip())
    if match is None:
        raise ParseError("expected a SudokuWiki killer link: bd= then 81 colour characters, "
                         "a comma and 162 digits of totals", found=text.strip()[:40],
                         line=line, source=source)
    colours, digits = match.groups()
    totals = [int(digits[2 * i:2 * i + 2]) for i in range(81)]
    cage_of = [-1] * 81
    cages = []
    for start in range(81):
        if cage_of[start] >= 0:
            continue
        cells, queue = [start], deque([start])
        cage_of[start] = start
        while queue:
            r, c = divmod(queue.popleft(), 9)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                nxt = rr * 9 + cc
                if 0 <= rr < 9 and 0 <= cc < 9 and cage_of[nxt] < 0 \
                        and colours[nxt] == colours[start]:
                    cage_of[nxt] = start
                    cells.append(nxt)
                    queue.append(nxt)
        cells.sort()
        marked = [x for x in cells if totals[x]]
        if len(marked) > 1:
            raise _cage_error(f"a total {totals[marked[1]]} sits in the cage of "
                              f"{cell_name(start, 9)}, whose total is at "
                              f"{cell_name(marked[0], 9)}", marked[1], line, source)
        cage = Cage(tuple(cells), totals[marked[0]] if marked else 0)
        problem = cage.fits(9)
        if problem:
            raise _cage_error(problem, start, line, source)
        if marked or len(cells) > 1:
            cages.append(cage)
    return Grid("." * 81, _with_cages(rules, cages))


def _colouring(cages: list[tuple[int, ...]]) -> list[int]:
    """A colour 1..9 for each cage such that touching cages differ: cages are coloured
    last-removed-first after repeatedly removing the one with the fewest neighbours, which
    needs at most 6 colours on a map."""
    where = {cell: i for i, cells in enumerate(cages) for cell in cells}
    near: list[set[int]] = [set() for _ in cages]
    for cell, i in where.items():
        r, c = divmod(cell, 9)
        for rr, cc in ((r + 1, c), (r, c + 1)):
            j = where.get(rr * 9 + cc) if rr < 9 and cc < 9 else None
            if j is not None and j != i:
                near[i].add(j)
                near[j].add(i)
    left, order = set(range(len(cages))), []
    while left:
        low = min(left, key=lambda k: (len(near[k] & left), k))
        order.append(low)
        left.remove(low)
    colour = [0] * len(cages)
    for i in reversed(order):
        used = {colour[j] for j in near[i]}
        colour[i] = min(k for k in range(1, 10) if k not in used)
    return colour


def write_sudokuwiki(rules: Rules) -> str:
    """The SudokuWiki killer link of a killer's rules; every cell must be in a cage with a
    total, and every cage orthogonally connected.

    >>> link = write_sudokuwiki(read_cage_string("3<" + "9" * 79).rules)
    >>> link[len(SUDOKUWIKI):][:4], read_sudokuwiki(link).rules.constraints[0]
    ('3312', Cage(cells=(0, 1), total=3, kind='killer'))
    """
    if rules.size != 9:
        raise ParseError("expected a 9x9 killer for a SudokuWiki link",
                         found=f"{rules.size}x{rules.size}")
    _only_cages(rules, {}, "SudokuWiki killer link")
    cages: list[tuple[int, ...]] = []
    totals = ["00"] * 81
    for cage in rules.constraints:
        if not isinstance(cage, Cage):
            raise ParseError("expected only killer cages in a SudokuWiki link",
                             found=getattr(cage, "kind", type(cage).__name__))
        top = min(cage.cells)
        if not 1 <= cage.total <= 99:
            raise _cage_error("a SudokuWiki link needs a total on every cage", top, None, None)
        totals[top] = f"{cage.total:02d}"
        cages.append(tuple(sorted(cage.cells)))
    caged = {cell for cells in cages for cell in cells}
    if len(caged) != 81:
        loose = min(set(range(81)) - caged)
        raise _cage_error("a SudokuWiki link needs every cell in a cage", loose, None, None)
    colours = ["0"] * 81
    for cells, colour in zip(cages, _colouring(cages)):
        for cell in cells:
            colours[cell] = str(colour)
    written = SUDOKUWIKI + "".join(colours) + "," + "".join(totals)
    back = read_sudokuwiki(written).rules.constraints
    if sorted(c.cells for c in back) != sorted(cages):
        bad = next(cells for cells in cages
                   if cells not in {c.cells for c in back})
        raise _cage_error("the cage is not connected side to side, so a SudokuWiki link "
                          "cannot hold it", bad[0], None, None)
    return written
