"""How the constraints beyond houses look in a picture, as solvers draw them: shaded cells
(extra regions, clones, odd circles and even squares), lines under the digits
(thermometers with their bulbs, arrows with their circles, whispers, renban and
palindrome lines; between lines with a circle and lockout lines with a diamond at each end,
region-sum, zipper, modular and entropic lines), marks on the cell borders over the grid
(Kropki dots, X and V) and clues outside the grid (little killers, sandwich sums, X-sums,
skyscrapers), quadruple circles on the corners of four cells and diagonal dots on the
corners of two.  Killer
cages are drawn by :mod:`shudu.pictures.picture` itself.

Coordinates are viewBox units: a cell is ``unit`` wide and the grid starts at ``pad``.

>>> from shudu import Rules
>>> from shudu.values.constraints import Thermo, Kropki
>>> rules = Rules(4, constraints=(Thermo((0, 1, 2)), Kropki((4, 5), "black")))
>>> 'class="thermo"' in under(rules, 4, 60), 'class="kropki black"' in over(rules, 4, 60)
(True, True)
>>> margin(rules)
0
"""

from __future__ import annotations

from collections.abc import Sequence

from ..values.rules import Rules

__all__ = ["margin", "over", "under"]

OUTSIDE = frozenset({"little-killer", "sandwich", "x-sum", "skyscraper"})
"""Constraint kinds whose clues sit outside the grid."""

_GREY, _LINE_GREY = "#BFBFBF", "#A6A6A6"
_WHISPER, _RENBAN, _PALINDROME = "#6CC24A", "#C58BE7", "#9E9E9E"
_LINES = {"between": "#BFBFBF", "lockout": "#BFBFBF", "region-sum": "#2ECBFF",
          "zipper": "#D3A4F0", "modular": "#35B0A0", "entropic": "#F5A043"}
"""The colour of each further line kind (SudokuPad's usual choices)."""


def margin(rules: Rules) -> int:
    """The room (viewBox units) the clues outside the grid need on every side.

    >>> from shudu.values.constraints import Sandwich
    >>> margin(Rules(constraints=(Sandwich.row(0, 10),)))
    36
    """
    return 36 if any(c.kind in OUTSIDE for c in rules.constraints) else 0


def _centre(cell: int, n: int, pad: float, unit: float) -> tuple[float, float]:
    r, c = divmod(cell, n)
    return pad + c * unit + unit / 2, pad + r * unit + unit / 2


def _path(cells: Sequence[int], n: int, pad: float, unit: float) -> str:
    points = [_centre(c, n, pad, unit) for c in cells]
    return "M" + "L".join(f"{x:g} {y:g}" for x, y in points)


def under(rules: Rules, n: int, unit: float, pad: float = 4) -> str:
    """Shading and lines, drawn before the digits.

    >>> from shudu.values.constraints import Arrow
    >>> text = under(Rules(4, constraints=(Arrow((0,), (1, 2)),)), 4, 60)
    >>> text.count("<rect"), 'class="arrow"' in text
    (1, True)
    """
    out: list[str] = []
    w = out.append
    for con in rules.constraints:
        kind = con.kind
        if kind in ("extra-region", "clone"):
            fill = "#E3E3E3" if kind == "extra-region" else "#FCE4C4"
            cells = con.cells + (con.copies if kind == "clone" else ())
            w(f'<g class="{kind}" fill="{fill}">')
            for c in cells:
                r, col = divmod(c, n)
                w(f'<rect x="{pad + col * unit:g}" y="{pad + r * unit:g}" width="{unit:g}" '
                  f'height="{unit:g}"/>')
            w("</g>")
        elif kind in ("odd", "even"):
            x, y = _centre(con.cell, n, pad, unit)
            if kind == "odd":
                w(f'<circle class="odd" cx="{x:g}" cy="{y:g}" r="{unit * 0.4:g}" '
                  f'fill="{_GREY}"/>')
            else:
                s = unit * 0.76
                w(f'<rect class="even" x="{x - s / 2:g}" y="{y - s / 2:g}" width="{s:g}" '
                  f'height="{s:g}" fill="{_GREY}"/>')
    for con in rules.constraints:
        kind = con.kind
        if kind == "thermo":
            x, y = _centre(con.cells[0], n, pad, unit)
            dash = ' stroke-dasharray="4 6"' if con.slow else ""
            w(f'<g class="thermo" fill="{_LINE_GREY}" stroke="{_LINE_GREY}">'
              f'<circle cx="{x:g}" cy="{y:g}" r="{unit * 0.38:g}" stroke="none"/>'
              f'<path d="{_path(con.cells, n, pad, unit)}" fill="none" '
              f'stroke-width="{unit * 0.26:g}" stroke-linecap="round" '
              f'stroke-linejoin="round"{dash}/></g>')
        elif kind in ("whisper", "renban", "palindrome"):
            colour = {"whisper": _WHISPER, "renban": _RENBAN, "palindrome": _PALINDROME}[kind]
            w(f'<path class="{kind}" d="{_path(con.cells, n, pad, unit)}" fill="none" '
              f'stroke="{colour}" stroke-width="{unit * 0.2:g}" stroke-linecap="round" '
              f'stroke-linejoin="round" stroke-opacity="0.8"/>')
        elif kind == "arrow":
            w(_arrow(con.circle, con.cells, n, pad, unit))
        elif kind in _LINES:
            w(_line(kind, con.cells, n, pad, unit))
    return f'<g class="constraints-under">{"".join(out)}</g>' if out else ""


def _line(kind: str, cells: Sequence[int], n: int, pad: float, unit: float) -> str:
    """A further line: its path, and for a between or lockout line a white circle or
    diamond on each end.

    >>> text = _line("lockout", (0, 1, 2), 4, 60, 4)
    >>> text.count("<path"), text.count("<rect"), 'class="lockout"' in text
    (1, 2, True)
    """
    colour = _LINES[kind]
    out = [f'<g class="{kind}"><path d="{_path(cells, n, pad, unit)}" fill="none" '
           f'stroke="{colour}" stroke-width="{unit * 0.18:g}" stroke-linecap="round" '
           f'stroke-linejoin="round"/>']
    for end in (cells[0], cells[-1]) if kind in ("between", "lockout") else ():
        x, y = _centre(end, n, pad, unit)
        if kind == "between":
            out.append(f'<circle cx="{x:g}" cy="{y:g}" r="{unit * 0.4:g}" fill="#FFFFFF" '
                       f'stroke="{_LINE_GREY}" stroke-width="{unit * 0.04:g}"/>')
        else:
            s = unit * 0.56
            out.append(f'<rect x="{x - s / 2:g}" y="{y - s / 2:g}" width="{s:g}" '
                       f'height="{s:g}" transform="rotate(45 {x:g} {y:g})" fill="#FFFFFF" '
                       f'stroke="{_LINE_GREY}" stroke-width="{unit * 0.04:g}"/>')
    return "".join(out) + "</g>"


def _arrow(circle: Sequence[int], shaft: Sequence[int], n: int, pad: float,
           unit: float) -> str:
    """An arrow: its circle (a pill over several cells) and its shaft with a head."""
    points = [_centre(c, n, pad, unit) for c in circle]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    r = unit * 0.4
    x, y = min(xs) - r, min(ys) - r
    width, height = max(xs) - min(xs) + 2 * r, max(ys) - min(ys) + 2 * r
    # the shaft starts at the circle's edge, next to the circle cell nearest the shaft
    start = min(circle, key=lambda c: _dist(c, shaft[0], n))
    sx, sy = _centre(start, n, pad, unit)
    fx, fy = _centre(shaft[0], n, pad, unit)
    dx, dy = fx - sx, fy - sy
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    ex, ey = sx + dx / length * r, sy + dy / length * r
    centres = [_centre(c, n, pad, unit) for c in shaft]
    rest = "".join(f"L{px:g} {py:g}" for px, py in centres)
    before = centres[-2] if len(centres) > 1 else (ex, ey)
    return (f'<g class="arrow" fill="none" stroke="{_LINE_GREY}" stroke-width="3">'
            f'<rect class="arrow-circle" x="{x:g}" y="{y:g}" width="{width:g}" '
            f'height="{height:g}" rx="{r:g}" fill="#FFFFFF" fill-opacity="0.6"/>'
            f'<path d="M{ex:g} {ey:g}{rest}{_head(before, centres[-1], unit * 0.22)}" '
            f'stroke-linejoin="round"/></g>')


def _dist(a: int, b: int, n: int) -> int:
    (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
    return (ra - rb) ** 2 + (ca - cb) ** 2


def over(rules: Rules, n: int, unit: float, pad: float = 4) -> str:
    """Marks on the cell borders and clues outside the grid, drawn over the grid lines.

    >>> from shudu.values.constraints import XV, LittleKiller, Sandwich
    >>> text = over(Rules(constraints=(XV((0, 1), 10), LittleKiller((1, 11), 9),
    ...                               Sandwich.column(2, 0))), 9, 60)
    >>> ">X</text>" in text, 'class="little-killer"' in text, 'class="sandwich"' in text
    (True, True, True)
    """
    out: list[str] = []
    w = out.append
    for con in rules.constraints:
        kind = con.kind
        if kind in ("kropki", "xv"):
            (ax, ay), (bx, by) = (_centre(c, n, pad, unit) for c in con.cells)
            x, y = (ax + bx) / 2, (ay + by) / 2
            if kind == "kropki":
                fill = "#FFFFFF" if con.colour == "white" else "#000000"
                w(f'<g class="kropki {con.colour}"><circle cx="{x:g}" cy="{y:g}" '
                  f'r="{unit * 0.13:g}" fill="{fill}" stroke="#000000" stroke-width="1.5"/>')
                if con.value is not None:
                    colour = "#000000" if con.colour == "white" else "#FFFFFF"
                    w(f'<text x="{x:g}" y="{y + 4:g}" font-size="11" fill="{colour}" '
                      f'text-anchor="middle">{con.value}</text>')
                w("</g>")
            else:
                w(f'<g class="xv"><rect x="{x - 9:g}" y="{y - 11:g}" width="18" height="22" '
                  f'fill="#FFFFFF"/><text x="{x:g}" y="{y + 7:g}" font-size="20" '
                  f'font-weight="bold" text-anchor="middle">{con.symbol}</text></g>')
        elif kind == "little-killer":
            w(_little_killer(con.cells, con.total, n, pad, unit))
        elif kind in ("x-sum", "skyscraper"):
            w(_house_clue(con, n, pad, unit))
        elif kind == "quadruple":
            w(_quadruple(con.cells, con.digits, n, pad, unit))
        elif kind == "sandwich":
            a, b = con.cells[0], con.cells[1]
            if b - a == n:     # a column: the clue above it
                x, y = _centre(a, n, pad, unit)[0], pad - 10
            else:              # a row: the clue to its left
                x, y = pad - 18, _centre(a, n, pad, unit)[1] + 7
            w(f'<text class="sandwich" x="{x:g}" y="{y:g}" font-size="20" '
              f'text-anchor="middle">{con.total}</text>')
    return f'<g class="constraints-over">{"".join(out)}</g>' if out else ""


def _house_clue(con: object, n: int, pad: float, unit: float) -> str:
    """An X-sum or skyscraper clue outside its row or column, on the side it reads from."""
    from ..values.constraints.outside import side_of

    cells, value, kind = con.cells, con.value, con.kind  # type: ignore[attr-defined]
    x, y = _centre(cells[0], n, pad, unit)
    dx, dy = {"left": (-1, 0), "right": (1, 0), "top": (0, -1), "bottom": (0, 1)}[
        side_of(cells, n)]
    x, y = x + dx * (unit / 2 + 16), y + dy * (unit / 2 + 16)
    return (f'<text class="{kind}" x="{x:g}" y="{y + 7:g}" font-size="20" '
            f'text-anchor="middle">{value}</text>')


def _quadruple(cells: Sequence[int], digits: Sequence[int], n: int, pad: float,
               unit: float) -> str:
    """A quadruple: a white circle on the corner of its four cells, its digits inside."""
    x, y = _centre(cells[0], n, pad, unit)
    x, y, r = x + unit / 2, y + unit / 2, unit * 0.3
    size = 14 if len(digits) > 2 else 16
    places = [(0, 0)] if len(digits) == 1 else \
        [(-0.5, 0), (0.5, 0)] if len(digits) == 2 else [(-0.5, -0.5), (0.5, -0.5),
                                                        (-0.5, 0.5), (0.5, 0.5)]
    texts = "".join(f'<text x="{x + px * r * 0.9:g}" y="{y + py * r * 0.9 + size * 0.35:g}" '
                    f'font-size="{size}" text-anchor="middle">{d}</text>'
                    for d, (px, py) in zip(digits, places, strict=False))
    return (f'<g class="quadruple"><circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="#FFFFFF" '
            f'stroke="#000000" stroke-width="1.5"/>{texts}</g>')


def _little_killer(cells: Sequence[int], total: int, n: int, pad: float, unit: float) -> str:
    """A little killer's total outside the grid, with a small arrow along its diagonal."""
    (r0, c0) = divmod(cells[0], n)
    if len(cells) > 1:
        r1, c1 = divmod(cells[1], n)
        dr, dc = r1 - r0, c1 - c0
    else:
        dr = 1 if r0 == 0 else -1
        dc = 1 if c0 == 0 else -1
    x, y = _centre(cells[0], n, pad, unit)
    cx, cy = x - dc * unit * 0.75, y - dr * unit * 0.75    # the clue, one step outside
    tail = (cx + dc * 8, cy + dr * 8)
    tip = (cx + dc * 20, cy + dr * 20)
    return (f'<g class="little-killer"><text x="{cx - dc * 4:g}" y="{cy - dr * 4 + 6:g}" '
            f'font-size="16" text-anchor="middle">{total}</text>'
            f'<path d="M{tail[0]:g} {tail[1]:g}L{tip[0]:g} {tip[1]:g}{_head(tail, tip, 6)}" '
            f'fill="none" stroke="#000000" stroke-width="1.5"/></g>')


def _head(a: tuple[float, float], b: tuple[float, float], size: float) -> str:
    """Path commands for an open arrowhead at ``b`` on the segment from ``a``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / length, dy / length
    left = (b[0] - size * (ux - uy * 0.7), b[1] - size * (uy + ux * 0.7))
    right = (b[0] - size * (ux + uy * 0.7), b[1] - size * (uy - ux * 0.7))
    return (f"M{left[0]:.1f} {left[1]:.1f}L{b[0]:g} {b[1]:g}"
            f"L{right[0]:.1f} {right[1]:.1f}")
