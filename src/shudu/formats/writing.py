"""Writing grids in every notation read: one grid (:func:`write`), several
(:func:`write_many`), or piece by piece (:func:`iter_write`).  JSON, CSV and candidate
grids are imported by the formats that write them."""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator

from ..values.grid import Grid
from .detect import FORMATS
from .gridtext import format_grid, write_ss
from .report import parse_error
from .symbols import LINE_SIZES, rules_of_size

WRITE_FORMATS: tuple[str, ...] = (
    "line", "grid", "sdk", "ss", "json", "csv", "pencilmarks", "729", "sdm", "killer",
    "killer-list", "sudokuwiki", "fpuzzles", "sudokupad", "ipuz",
)
"""Format names :func:`write` and :func:`write_many` accept (every format read)."""


def write(grid: Grid, format: str = "line", *, blank: str = ".") -> str:
    """Text of a grid in a format: ``line`` (also ``sdm``), ``grid``, ``sdk``, ``ss``,
    ``json``, ``csv`` (a header and one row), ``pencilmarks`` or ``729`` (the candidates
    the givens leave).

    >>> from shudu.values.rules import Rules
    >>> g = Grid("1234341221434321", rules=Rules(4))
    >>> print(write(g, "ss"))
    12|34
    34|12
    -----
    21|43
    43|21
    >>> write(g, "json")
    '{"rules": {"size": 4, "box": [2, 2]}, "grid": "1234341221434321"}'
    >>> write(g, "csv")
    'puzzle\\n1234341221434321\\n'
    """
    refuse_lost_constraints(grid, format)
    if format in ("line", "sdm"):
        return grid.to_string(blank)
    if format == "grid":
        return format_grid(grid, blank)
    if format == "sdk":
        n = grid.size
        line = grid.to_string(blank)
        return "[Puzzle]\n" + "\n".join(line[r * n : (r + 1) * n] for r in range(n))
    if format == "ss":
        return write_ss(grid, blank)
    if format == "json":
        import json

        return json.dumps(grid.to_dict() if blank == "." else
                          {"rules": grid.rules.to_dict(), "grid": grid.to_string(blank)})
    if format == "csv":
        import csv

        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        plain = grid.size in LINE_SIZES and grid.rules == rules_of_size(grid.size)
        writer.writerow(["puzzle"] if plain else ["puzzle", "rules"])
        writer.writerow([grid.to_string(blank)] if plain
                        else [grid.to_string(blank), grid.rules.spec])
        return out.getvalue()
    if format in ("pencilmarks", "729"):
        from .pencilmarks import Pencilmarks

        pm = Pencilmarks.from_grid(grid)
        return pm.format() if format == "pencilmarks" else pm.to_string729()
    if format == "fpuzzles":
        from .fpuzzles import write_fpuzzles

        return write_fpuzzles(grid)
    if format == "sudokupad":
        from .sudokupad import write_sudokupad

        return write_sudokupad(grid)
    if format == "ipuz":
        from .ipuz import write_ipuz

        return write_ipuz(grid)
    if format in ("killer", "killer-list", "sudokuwiki"):
        from .killer import write_cage_string, write_killer_list, write_sudokuwiki

        if grid.clue_count:
            raise parse_error(f"a {format} line holds cages only, not givens",
                              found=f"{grid.clue_count} givens", quote=False)
        return {"killer": write_cage_string, "killer-list": write_killer_list,
                "sudokuwiki": write_sudokuwiki}[format](grid.rules)
    raise parse_error("expected a format among " + ", ".join(FORMATS), found=format)


def refuse_lost_constraints(grid: Grid, format: str) -> None:
    """Refuse to write a puzzle with constraints (killer cages ...) in a notation that
    would drop them.

    >>> from shudu.values.constraints import Cage
    >>> from shudu.values.rules import Rules
    >>> killer = Grid("." * 81, rules=Rules(constraints=(Cage((0, 1), 3),)))
    >>> refuse_lost_constraints(killer, "json")
    >>> refuse_lost_constraints(killer, "line")
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: the line notation cannot hold killer cages; write json, ...
    """
    cons = grid.rules.constraints
    if not cons or format in ("json", "fpuzzles", "sudokupad"):
        return
    kinds = sorted({c.kind for c in cons})
    if format in ("killer", "killer-list", "sudokuwiki", "ipuz") and kinds == ["killer"]:
        return
    if kinds == ["killer"]:
        what, holds = "killer cages", ("json, fpuzzles, sudokupad, ipuz, killer, killer-list "
                                       "or sudokuwiki")
    else:
        what, holds = ", ".join(kinds) + " constraints", "json, fpuzzles or sudokupad"
    raise parse_error(f"the {format} notation cannot hold {what}; write {holds}",
                      found=f"{len(cons)} constraints", quote=False)


def plain_rules(grid: Grid) -> bool:
    """True when a grid's rules follow from its size (no ``rules`` column needed).

    >>> plain_rules(Grid("." * 81)), plain_rules(Grid("." * 81, rules="x"))
    (True, False)
    """
    return grid.size in LINE_SIZES and grid.rules == rules_of_size(grid.size)


def iter_write(
    grids: Iterable[Grid],
    format: str = "line",
    *,
    blank: str = ".",
    rules_column: bool | None = None,
) -> Iterator[str]:
    """The text of each grid as :func:`write_many` lays it out, one piece per grid (each
    ending with a newline), to print solutions as they come.  For ``csv`` the first
    piece holds the header; it has a ``rules`` column when ``rules_column`` says so
    (``None``: when the first grid's rules do not follow from its size).

    >>> from shudu.values.rules import Rules
    >>> pieces = iter_write([Grid("1" + "." * 15, rules=Rules(4))] * 2, "grid")
    >>> print("".join(pieces), end="")
    1 . | . .
    . . | . .
    ----+----
    . . | . .
    . . | . .
    <BLANKLINE>
    1 . | . .
    . . | . .
    ----+----
    . . | . .
    . . | . .
    """
    if format not in WRITE_FORMATS:
        raise parse_error("expected a format among " + ", ".join(WRITE_FORMATS), found=format)
    blocks = format in ("grid", "sdk", "ss", "pencilmarks")
    for k, g in enumerate(grids):
        if format == "csv":
            import csv

            refuse_lost_constraints(g, format)
            if rules_column is None:
                rules_column = not plain_rules(g)
            out = io.StringIO()
            writer = csv.writer(out, lineterminator="\n")
            if k == 0:
                writer.writerow(["puzzle", "rules"] if rules_column else ["puzzle"])
            writer.writerow([g.to_string(blank), g.rules.spec] if rules_column
                            else [g.to_string(blank)])
            yield out.getvalue()
        elif blocks and k:
            yield "\n" + write(g, format, blank=blank) + "\n"
        else:
            yield write(g, format, blank=blank) + "\n"


def write_many(grids: Iterable[Grid], format: str = "line", *, blank: str = ".") -> str:
    """Text of several grids in one format, read back by :func:`iter_records` as the
    same grids in order: one per line (``line``, ``sdm``, ``729``), JSON Lines
    (``json``), one table (``csv``), or blocks separated by a blank line (``grid``,
    ``sdk``, ``ss``, ``pencilmarks``).  The text ends with a newline (empty for no grid).

    >>> from shudu.formats import iter_records
    >>> from shudu.values.rules import Rules
    >>> two = [Grid("1234341221434321", rules=Rules(4)), Grid("1" + "." * 15, rules=Rules(4))]
    >>> print(write_many(two, "csv"), end="")
    puzzle
    1234341221434321
    1...............
    >>> [r.grid for r in iter_records(write_many(two, "grid"))] == two
    True
    """
    items = list(grids)
    column = not all(plain_rules(g) for g in items)
    return "".join(iter_write(items, format, blank=blank, rules_column=column))
