"""SVG pictures of a grid, a candidate state, or one logical step drawn on its state.

Pure functions: the same arguments give the same bytes.  Every element carries CSS
classes (and cells and candidates ``data-`` attributes) so pages and tests can find them;
colours are presentation attributes from the Okabe–Ito palette, which a page's CSS may
override.

>>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
>>> picture = svg(p)
>>> picture.startswith("<svg") and picture.count('class="cell"')
81
>>> '<title>Sudoku puzzle, 9×9</title>' in picture
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from ..values.candidates import Candidates
from ..values.grid import Grid, digit_symbol
from ..values.rules import Rules, cell_name
from ..words.houses import house_name
from ..words.pictures import LEGEND, NEGATIVE, role_label
from . import marks

if TYPE_CHECKING:
    from ..logic.step import Step

__all__ = ["CELL_PX", "PALETTE", "ROLE_CLASSES", "default_width", "rule_notes", "svg"]

PALETTE = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky-blue": "#56B4E9",
    "bluish-green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish-purple": "#CC79A7",
}
"""The Okabe–Ito colour-blind-safe palette every picture draws with."""

CELL_PX = {4: 60, 6: 50, 8: 44, 9: 40, 10: 38, 12: 36, 15: 34, 16: 32, 20: 30, 25: 28}
"""Default width of one cell in pixels, by grid size (others: 40 down to 28)."""

ROLE_CLASSES = {"fin": "fin", "endo-fin": "fin", "pivot": "pivot"}
"""Roles drawn with a class of their own besides ``role-<name>`` (``als-*`` take ``als``)."""

_UNIT = 60          # one cell in viewBox units, for every size
_PAD = 4            # margin around the grid, viewBox units
_GIVEN = "#000000"
_PLACED = PALETTE["blue"]
_CAND = "#6E6E6E"
_LINE = "#000000"

_CAUSE = PALETTE["sky-blue"]
_ROLE_FILL = {
    "fin": PALETTE["reddish-purple"],
    "pivot": PALETTE["orange"],
    "als": PALETTE["sky-blue"],
}
_ALS_FILLS = (PALETTE["sky-blue"], PALETTE["orange"], PALETTE["reddish-purple"],
              PALETTE["bluish-green"], PALETTE["yellow"])
_NAMED_FILLS = {"z": PALETTE["yellow"], "target": PALETTE["yellow"],
                "assumed": PALETTE["orange"]}
"""Roles that take a colour of their own: the digit or cell a step aims at, or supposes."""
_COLOUR_PAIRS = ((PALETTE["sky-blue"], PALETTE["orange"]),
                 (PALETTE["bluish-green"], PALETTE["reddish-purple"]))
"""The two colours of each cluster of a colouring step (colour-a / colour-b, then -a2 ...)."""
_ELIM = PALETTE["vermillion"]
_FONTS = "DejaVu Sans, Noto Sans, sans-serif"
_CJK_FONTS = "WenQuanYi Micro Hei, Noto Sans CJK SC, Source Han Sans SC, PingFang SC, " \
    "Microsoft YaHei, sans-serif"
"""Fonts of Chinese legend text (CairoSVG takes the first family; browsers the first found)."""
_PLACE = PALETTE["bluish-green"]
_HOUSE = PALETTE["yellow"]
_COVER = PALETTE["bluish-green"]
_STRONG = PALETTE["blue"]
_WEAK = PALETTE["orange"]

def _esc(text: str) -> str:
    """Text safe in an XML element or a double-quoted attribute."""
    return escape(text, {'"': "&quot;"})


def _num(x: float) -> str:
    """A coordinate as short, stable text: integers bare, else one decimal."""
    r = round(x, 1)
    return str(int(r)) if r == int(r) else f"{r:.1f}"


def default_width(size: int) -> int:
    """Default picture width in pixels for a grid of ``size``: :data:`CELL_PX` per cell.

    >>> default_width(9), default_width(4), default_width(16)
    (365, 248, 516)
    """
    cell = CELL_PX.get(size, max(28, min(40, 360 // size)))
    return round((size * _UNIT + 2 * _PAD) * cell / _UNIT)


@dataclass(frozen=True)
class _Geo:
    """Precomputed geometry of one size: cell origins, candidate positions, fonts."""

    n: int
    k: int                    # candidates in a k x k keypad per cell
    side: int                 # grid side in viewBox units
    x0: tuple[int, ...]       # left edge of each cell
    y0: tuple[int, ...]       # top edge of each cell
    names: tuple[str, ...]    # r1c1 ...
    symbols: tuple[str, ...]  # digit symbols, index = digit
    cand_x: tuple[float, ...]  # offset of candidate d inside its cell (index = digit)
    cand_y: tuple[float, ...]
    sub: float                # keypad cell side
    big_font: int
    small_font: int


@lru_cache(maxsize=32)
def _geo(n: int) -> _Geo:
    k = 1
    while k * k < n:
        k += 1
    if n <= 9 and n > 4:
        k = 3
    sub = _UNIT / k
    cx = [0.0] * (n + 1)
    cy = [0.0] * (n + 1)
    for d in range(1, n + 1):
        row, col = divmod(d - 1, k)
        cx[d] = col * sub + sub / 2
        cy[d] = row * sub + sub / 2
    return _Geo(
        n=n, k=k, side=n * _UNIT,
        x0=tuple(_PAD + (c % n) * _UNIT for c in range(n * n)),
        y0=tuple(_PAD + (c // n) * _UNIT for c in range(n * n)),
        names=tuple(cell_name(c, n) for c in range(n * n)),
        symbols=tuple(["", *(digit_symbol(d) for d in range(1, n + 1))]),
        cand_x=tuple(cx), cand_y=tuple(cy), sub=sub,
        big_font=36, small_font=min(18, round(sub * 0.78)),
    )


# ---------------------------------------------------------------------------- input
def _state(obj: Grid | Candidates | str) -> Grid | Candidates:
    if isinstance(obj, (Grid, Candidates)):
        return obj
    if not isinstance(obj, str):
        got = "None" if obj is None else type(obj).__name__
        raise TypeError(f"expected a Grid, Candidates or puzzle text (str), got {got}")
    from ..formats import detect_format, parse_pencilmarks

    if detect_format(obj) in ("pencilmarks", "729"):
        return Candidates.from_pencilmarks(parse_pencilmarks(obj))
    return Grid(obj)


def _variant_words(rules: Rules, lang: str) -> list[str]:
    w = LEGEND[lang]
    out = []
    if rules.diagonals:
        out.append(w["x"])
    if rules.windows:
        out.append(w["windoku"])
    if rules.regions is not None:
        out.append(w["jigsaw"])
    if rules.anti_knight:
        out.append(w["anti-knight"])
    if rules.anti_king:
        out.append(w["anti-king"])
    return out


def _default_title(rules: Rules, kind: str, step: Step | None, lang: str) -> str:
    if step is not None:
        text = step.notation()
        if lang == "zh":
            _, _, rest = text.partition(": ")
            text = f"{step.info.name_zh}：{rest}" if rest else str(step.info.name_zh)
        return text
    n = rules.size
    head = f"{LEGEND[lang][kind]}{'，' if lang == 'zh' else ', '}{n}×{n}"
    variants = _variant_words(rules, lang)
    if variants:
        head += f"（{'、'.join(variants)}）" if lang == "zh" else f" ({', '.join(variants)})"
    return head


def _role_classes(role: str) -> str:
    """Classes of a role's marks: ``cause role-<role>`` plus ``fin``/``pivot``/``als``."""
    extra = ROLE_CLASSES.get(role)
    if extra is None and role.startswith("als"):
        extra = "als"
    return f"cause role-{role}" + (f" {extra}" if extra else "")


def _role_fill(role: str) -> str:
    if role in _NAMED_FILLS:
        return _NAMED_FILLS[role]
    if role.startswith("colour-") and len(role) > 7:      # colour-a, colour-b2 ...
        cluster = int(role[8:]) - 1 if role[8:].isdigit() else 0
        pair = _COLOUR_PAIRS[cluster % len(_COLOUR_PAIRS)]
        return pair[role[7] != "a"]
    extra = ROLE_CLASSES.get(role)
    if extra is not None:
        return _ROLE_FILL[extra]
    if role.startswith("als-"):
        tail = role[4:]
        index = (ord(tail[0]) - ord("a")) if tail.isalpha() else int(tail) - 1 if tail.isdigit() \
            else 0
        return _ALS_FILLS[index % len(_ALS_FILLS)]
    return _CAUSE


def _role_rank(role: str) -> int:
    """Which role's colour a cell with several roles takes (lower wins)."""
    extra = ROLE_CLASSES.get(role)
    if extra == "fin":
        return 0
    if extra == "pivot":
        return 1
    if role.startswith("als"):
        return 2
    return 3


# ---------------------------------------------------------------------------- svg
def svg(obj: Grid | Candidates | str, *, step: Step | None = None,
        candidates: bool | None = None, solution: bool = False, size: int | None = None,
        legend: bool = False, lang: str = "en", title: str | None = None,
        id_prefix: str = "") -> str:
    """An SVG picture of a grid, a candidate state or a step drawn on its state.

    ``obj`` is a :class:`~shudu.values.grid.Grid`, a :class:`~shudu.values.candidates.Candidates`
    state or puzzle text (pencilmark text gives a candidate state).  ``step`` is drawn on
    ``obj``, the state before the step.  ``candidates`` shows the candidates (default:
    for a candidate state or when a step is drawn); ``solution`` fills the empty cells
    with the solution; ``size`` is the width in pixels; ``legend`` lists what the colours
    mean, in ``lang`` (``"en"`` or ``"zh"``), as is the default ``title``; ``id_prefix``
    starts every ``id`` so several pictures can share one page.

    >>> from shudu.logic.step import Step
    >>> s = Step("naked-single", placements=((0, 5),), cells={"cell": (0,)}, digits=(5,))
    >>> out = svg("." * 81, step=s, id_prefix="a-")
    >>> 'class="cand place"' in out, out.count('class="cand'), "<title>Naked Single" in out
    (True, 729, True)
    """
    if lang not in LEGEND:
        raise ValueError(f"lang must be 'en' or 'zh', got {lang!r}")
    state = _state(obj)
    rules = state.rules
    n = rules.size
    if step is not None and step.size != n:
        raise ValueError(f"the step is for a {step.size}x{step.size} grid, "
                         f"the state is {n}x{n}")
    geo = _geo(n)
    ncells = n * n
    if isinstance(state, Grid):
        values = state.cells
        givens = values
        cands: Candidates | None = None
    else:
        values = bytes(state.values)
        givens = state.givens if len(state.givens) == ncells else bytes(ncells)
        cands = state
    show = candidates if candidates is not None else (cands is not None or step is not None)
    if (show or step is not None) and cands is None:
        cands = Candidates.from_grid(state if isinstance(state, Grid) else state.to_grid())
    solved: bytes | None = None
    if solution:
        from ..errors import NoSolution
        from ..solving.engine import solve

        full = solve(Grid._trusted(rules, values), rules)
        if full is None:
            raise NoSolution(reason="nothing fits the placed digits")
        solved = full.cells

    kind = "solution" if solution else "state" if isinstance(state, Candidates) else "puzzle"
    title_text = title if title is not None else _default_title(rules, kind, step, lang)

    # ---- step marks, by cell and by candidate
    cell_roles: dict[int, list[str]] = {}
    cand_roles: dict[tuple[int, int], list[str]] = {}
    house_roles: list[tuple[str, int]] = []
    elims: set[tuple[int, int]] = set()
    places: set[tuple[int, int]] = set()
    link_nodes: set[tuple[int, int]] = set()
    roles_shown: list[str] = []
    own: dict[tuple[int, int], list[str]] = {}
    if step is not None:
        digits = set(step.digits)
        elims = set(step.eliminations)
        places = set(step.placements)
        for link in step.links:
            for node in (link.a, link.b):
                for c in node.cells:
                    link_nodes.add((c, node.digit))
        for role, cs in step.candidates:
            roles_shown.append(role)
            for cand in cs:
                cand_roles.setdefault(cand, []).append(role)
        # a cell's role marks the step's digits that are candidates of it, but in a chain
        # the nodes are the cause; a candidate's own role gives its colour
        own = {k: sorted(set(v)) for k, v in cand_roles.items()}
        named = {c for c, _ in link_nodes}
        has = cands.has if cands is not None else None
        for role, cells in step.cells:
            if role not in roles_shown:
                roles_shown.append(role)
            for c in cells:
                cell_roles.setdefault(c, []).append(role)
                if c not in named:
                    for d in digits:
                        if has is None or has(c, d):
                            cand_roles.setdefault((c, d), []).append(role)
        for role, hs in step.houses:
            for h in hs:
                if 0 <= h < len(rules.houses):
                    house_roles.append((role, h))

    # ---- what candidates to draw in each cell: the state's (when shown) and the step's
    extra: dict[int, int] = {}
    for c, d in (*elims, *(places if show else ()), *cand_roles, *link_nodes):
        extra[c] = extra.get(c, 0) | 1 << (d - 1)
    masks = cands.cell_mask if (show and cands is not None) else None

    pad = _PAD
    side = geo.side
    outer = marks.margin(rules)          # room for clues outside the grid
    width_units = side + 2 * pad + 2 * outer
    placed_any = solved is not None or any(v and not g for v, g in zip(values, givens))
    legend_rows = _legend_rows(rules, step, roles_shown, house_roles, lang, placed_any) \
        if legend else []
    line_h = 32
    height_units = width_units + (len(legend_rows) * line_h + 12 if legend_rows else 0)
    width_px = size if size is not None else default_width(n)
    if width_px <= 0:
        raise ValueError(f"size must be a positive number of pixels, got {width_px}")
    height_px = round(width_px * height_units / width_units)

    out: list[str] = []
    w = out.append
    w(f'<svg xmlns="http://www.w3.org/2000/svg" class="shudu-picture" width="{width_px}" '
      f'height="{height_px}" viewBox="0 0 {width_units} {height_units}" role="img" '
      f'font-family="{_FONTS}" data-size="{n}">')
    w(f"<title>{_esc(title_text)}</title>")
    if step is not None and step.links:
        w("<defs>")
        for kind_, colour in (("strong", _STRONG), ("weak", _WEAK)):
            w(f'<marker id="{_esc(id_prefix)}arrow-{kind_}" viewBox="0 0 10 10" refX="9" '
              f'refY="5" markerWidth="5" markerHeight="5" orient="auto">'
              f'<path d="M0 0L10 5L0 10z" fill="{colour}"/></marker>')
        w("</defs>")
    w(f'<rect class="board" x="0" y="0" width="{width_units}" height="{height_units}" '
      f'fill="#FFFFFF"/>')
    if outer:
        w(f'<g class="grid" transform="translate({outer} {outer})">')

    # ---- variant shading: windoku windows, extra houses
    if rules.windows or rules.extra_houses:
        w('<g class="variant">')
        for house in rules.houses:
            if house.kind == "window":
                first, last = house.cells[0], house.cells[-1]
                x, y = geo.x0[first], geo.y0[first]
                w(f'<rect class="window" data-house="window {house.index + 1}" x="{x}" '
                  f'y="{y}" width="{geo.x0[last] + _UNIT - x}" '
                  f'height="{geo.y0[last] + _UNIT - y}" fill="#D9D9D9"/>')
            elif house.kind == "extra":
                w(f'<g class="extra-house" data-house="extra {house.index + 1}">')
                for c in house.cells:
                    w(f'<rect x="{geo.x0[c]}" y="{geo.y0[c]}" width="{_UNIT}" '
                      f'height="{_UNIT}" fill="#EBEBEB"/>')
                w("</g>")
        w("</g>")

    # ---- constraints: shading and lines under the digits
    if rules.constraints:
        w(marks.under(rules, n, _UNIT, pad))

    # ---- houses of the step
    if house_roles:
        w('<g class="houses">')
        for role, h in house_roles:
            colour, opacity = (_COVER, "0.2") if role == "cover" else (_HOUSE, "0.4")
            w(f'<g class="house role-{_esc(role)}" data-house="{_esc(house_name(rules, h))}" '
              f'fill="{colour}" fill-opacity="{opacity}">')
            for c in rules.houses[h].cells:
                w(f'<rect x="{geo.x0[c]}" y="{geo.y0[c]}" width="{_UNIT}" height="{_UNIT}"/>')
            w("</g>")
        w("</g>")

    # ---- cells
    half = _UNIT / 2
    big_dy = half + geo.big_font * 0.36
    radius = _num(geo.sub * 0.46)
    w('<g class="cells" text-anchor="middle">')
    names, x0s, y0s, syms = geo.names, geo.x0, geo.y0, geo.symbols
    caged = _caged_cells(rules)
    for cell in range(ncells):
        name = names[cell]
        x, y = x0s[cell], y0s[cell]
        w(f'<g class="cell" data-cell="{name}">')
        roles = cell_roles.get(cell)
        if roles:
            ordered = sorted(set(roles), key=lambda r: (_role_rank(r), r))
            classes = " ".join(sorted({cls for r in ordered for cls in _role_classes(r).split()}))
            colour = _role_fill(ordered[0])
            w(f'<rect class="mark {classes}" x="{x + 3}" y="{y + 3}" width="{_UNIT - 6}" '
              f'height="{_UNIT - 6}" fill="{colour}" fill-opacity="0.3" stroke="{colour}" '
              f'stroke-width="4"/>')
        v = values[cell]
        if v:
            if givens[cell]:
                w(f'<text class="given" x="{_num(x + half)}" y="{_num(y + big_dy)}" '
                  f'font-size="{geo.big_font}" font-weight="bold" fill="{_GIVEN}">{syms[v]}</text>')
            else:
                w(f'<text class="placed" x="{_num(x + half)}" y="{_num(y + big_dy)}" '
                  f'font-size="{geo.big_font}" fill="{_PLACED}">{syms[v]}</text>')
        elif solved is not None:
            d = solved[cell]
            w(f'<text class="placed solution" x="{_num(x + half)}" '
              f'y="{_num(y + big_dy)}" font-size="{geo.big_font}" '
              f'fill="{_PLACED}">{syms[d]}</text>')
        else:
            if not show and step is not None:
                for cd, dd in places:
                    if cd == cell:
                        w(f'<text class="place" x="{_num(x + half)}" '
                          f'y="{_num(y + big_dy)}" font-size="{geo.big_font}" '
                          f'fill="{_PLACE}">{syms[dd]}</text>')
            mask = (masks[cell] if masks is not None else 0) | extra.get(cell, 0)
            for d in range(1, n + 1) if mask else ():
                if not mask >> (d - 1) & 1:
                    continue
                dx, dy, font = _cand_spot(geo, d, caged.get(cell, 0))
                cx, cy = x + dx, y + dy
                key = (cell, d)
                cls = "cand"
                fill = _CAND
                if step is not None:
                    croles = cand_roles.get(key)
                    if key in places and not show:
                        continue          # drawn above as the big digit
                    if key in places:
                        cls = "cand place"
                        fill = "#FFFFFF"
                        w(f'<circle class="place" cx="{_num(cx)}" cy="{_num(cy)}" r="{radius}" '
                          f'fill="{_PLACE}"/>')
                    elif key in elims:
                        cls = "cand elim"
                        fill = _ELIM
                    elif croles or key in link_nodes:
                        ordered = sorted(set(croles or ()), key=lambda r: (_role_rank(r), r))
                        names_ = sorted({c for r in ordered for c in _role_classes(r).split()})
                        if key in link_nodes:
                            names_ = sorted({*names_, "cause", "node"})
                        cls = "cand " + " ".join(names_)
                        shown = own.get(key) or ordered
                        colour = _role_fill(shown[0]) if shown else _CAUSE
                        w(f'<circle class="{" ".join(names_)}" cx="{_num(cx)}" cy="{_num(cy)}" '
                          f'r="{radius}" fill="{colour}"/>')
                        fill = "#000000"
                w(f'<text class="{cls}" data-cand="{name}#{syms[d]}" x="{_num(cx)}" '
                  f'y="{_num(cy + font * 0.36)}" font-size="{font}" fill="{fill}">{syms[d]}</text>')
                if cls == "cand elim":
                    s = geo.sub * 0.36
                    w(f'<line class="strike" x1="{_num(cx - s)}" y1="{_num(cy + s)}" '
                      f'x2="{_num(cx + s)}" y2="{_num(cy - s)}" stroke="{_ELIM}" '
                      f'stroke-width="2.5"/>')
        w("</g>")
    w("</g>")

    # ---- lines: cells, boxes or regions, diagonals, border; killer cages
    w(_grid_lines(rules))
    cages = [c for c in rules.constraints if getattr(c, "kind", None) == "killer"]
    if cages:
        w(_cage_lines(geo, cages))
    if rules.constraints:
        w(marks.over(rules, n, _UNIT, pad))

    # ---- links
    if step is not None and step.links:
        w('<g class="links" fill="none" stroke-width="2.5">')
        for link in step.links:
            a = _node_point(geo, link.a.cells, link.a.digit, caged)
            b = _node_point(geo, link.b.cells, link.b.digit, caged)
            dx, dy = b[0] - a[0], b[1] - a[1]
            dist = (dx * dx + dy * dy) ** 0.5
            if dist < 1e-6:
                continue
            cut = geo.sub * 0.45
            ux, uy = dx / dist, dy / dist
            kind_ = "strong" if link.strong else "weak"
            colour = _STRONG if link.strong else _WEAK
            dash = "" if link.strong else ' stroke-dasharray="6 4"'
            w(f'<line class="link {kind_}" data-from="{_esc(link.a.text())}" '
              f'data-to="{_esc(link.b.text())}" x1="{_num(a[0] + ux * cut)}" '
              f'y1="{_num(a[1] + uy * cut)}" x2="{_num(b[0] - ux * cut)}" '
              f'y2="{_num(b[1] - uy * cut)}" stroke="{colour}"{dash} '
              f'marker-end="url(#{_esc(id_prefix)}arrow-{kind_})"/>')
        w("</g>")

    if outer:
        w("</g>")

    # ---- legend
    if legend_rows:
        family = f' font-family="{_CJK_FONTS}"' if lang == "zh" else ""
        w(f'<g class="legend" font-size="20" data-lang="{lang}"{family}>')
        y = width_units + 8
        for cls, colour, label in legend_rows:
            opacity = "0.4" if cls.startswith("house") else "1"
            w(f'<g class="legend-item" data-role="{_esc(cls)}">'
              f'<rect x="{pad + 4}" y="{y + 4}" width="22" height="22" fill="{colour}" '
              f'fill-opacity="{opacity}" stroke="#000000" stroke-width="1"/>'
              f'<text x="{pad + 36}" y="{y + 22}">{_esc(label)}</text></g>')
            y += line_h
        w("</g>")
    w("</svg>")
    return "".join(out)


_CAGE_INSET = 3
"""How far inside its cells a cage's dashed outline runs (viewBox units)."""

_CAGE_FONT = 10
"""Font size of a cage's total (viewBox units), in a box at its first cell's corner."""

_CAGE_TOP = 13
"""Where the candidates of a cell holding a cage total start (below the total's box)."""


def _caged_cells(rules: Rules) -> dict[int, int]:
    """The cells inside killer cages: 1 for a cell of a cage, 2 for the cell that holds
    its total (whose candidates stay below the total).

    >>> from shudu.values.constraints import Cage
    >>> _caged_cells(Rules(4, constraints=(Cage((1, 0), 3),)))
    {1: 1, 0: 2}
    """
    out: dict[int, int] = {}
    for cage in rules.constraints:
        if getattr(cage, "kind", None) == "killer":
            for c in cage.cells:
                out[c] = 1
            if cage.total:
                out[min(cage.cells)] = 2
    return out


def _cand_spot(geo: _Geo, d: int, caged: int) -> tuple[float, float, int]:
    """Where candidate ``d`` sits in its cell (offset from the cell's corner) and its font
    size: the keypad of the whole cell; in a cage (``caged`` 1) a keypad drawn in from the
    dashed outline; in the cell of a cage's total (``caged`` 2) one below the total.

    >>> g = _geo(9)
    >>> _cand_spot(g, 1, 0), _cand_spot(g, 1, 1), _cand_spot(g, 1, 2)
    ((10.0, 10.0, 16), (14.0, 14.0, 13), (14.0, 19.7, 12))
    """
    x, y, font = geo.cand_x[d], geo.cand_y[d], geo.small_font
    if not caged:
        return x, y, font
    half = _UNIT / 2
    x = round(half + (x - half) * 0.8, 1)
    if caged == 1:
        y = round(half + (y - half) * 0.8, 1)
    else:
        y = round(_CAGE_TOP + y * (_UNIT - _CAGE_TOP - 2 * _CAGE_INSET - 1) / _UNIT, 1)
    return x, y, round(font * (0.8 if caged == 1 else 0.75))


def _cage_lines(geo: _Geo, cages: list[Any]) -> str:
    """Killer cages as players draw them: a dashed outline a little inside the cage's
    cells, and the total (when the cage has one) small in a white box at the top left
    corner of its first cell (top-most, then left-most), above that cell's candidates.

    >>> from shudu.values.constraints import Cage
    >>> text = _cage_lines(_geo(4), [Cage((0, 1), 3)])
    >>> text.count("<line"), ">3</text>" in text
    (6, True)
    """
    n, d, u = geo.n, _CAGE_INSET, _UNIT
    out = ['<g class="cages" fill="none" stroke="#000000" stroke-width="1.5" '
           'stroke-dasharray="5 4">']
    for cage in cages:
        cells = set(cage.cells)

        def has(r: int, c: int, cells: set[int] = cells) -> bool:
            return 0 <= r < n and 0 <= c < n and r * n + c in cells

        first = min(cells)
        out.append(f'<g class="cage" data-cage="{geo.names[first]}" data-sum="{cage.total}">')
        for cell in sorted(cells):
            r, c = divmod(cell, n)
            x, y = geo.x0[cell], geo.y0[cell]
            # each side without a cage neighbour: a line inset by d, whose ends meet the
            # neighbouring sides (an outer corner stops short, an inner one reaches over)
            if not has(r - 1, c):
                a = x + d if not has(r, c - 1) else (x - d if has(r - 1, c - 1) else x)
                b = x + u - d if not has(r, c + 1) else (x + u + d if has(r - 1, c + 1)
                                                          else x + u)
                out.append(f'<line x1="{a}" y1="{y + d}" x2="{b}" y2="{y + d}"/>')
            if not has(r + 1, c):
                a = x + d if not has(r, c - 1) else (x - d if has(r + 1, c - 1) else x)
                b = x + u - d if not has(r, c + 1) else (x + u + d if has(r + 1, c + 1)
                                                          else x + u)
                out.append(f'<line x1="{a}" y1="{y + u - d}" x2="{b}" y2="{y + u - d}"/>')
            if not has(r, c - 1):
                a = y + d if not has(r - 1, c) else (y - d if has(r - 1, c - 1) else y)
                b = y + u - d if not has(r + 1, c) else (y + u + d if has(r + 1, c - 1)
                                                          else y + u)
                out.append(f'<line x1="{x + d}" y1="{a}" x2="{x + d}" y2="{b}"/>')
            if not has(r, c + 1):
                a = y + d if not has(r - 1, c) else (y - d if has(r - 1, c + 1) else y)
                b = y + u - d if not has(r + 1, c) else (y + u + d if has(r + 1, c + 1)
                                                          else y + u)
                out.append(f'<line x1="{x + u - d}" y1="{a}" x2="{x + u - d}" y2="{b}"/>')
        if cage.total:
            x, y = geo.x0[first], geo.y0[first]
            label = str(cage.total)
            w_label = 4 + 6 * len(label)
            out.append(f'<rect class="cage-box" x="{x + 1}" y="{y + 1}" width="{w_label}" '
                       f'height="{_CAGE_TOP - 1}" fill="#FFFFFF" stroke="none"/>')
            out.append(f'<text class="cage-sum" x="{x + 3}" y="{y + 10}" '
                       f'font-size="{_CAGE_FONT}" '
                       f'fill="#000000" stroke="none" text-anchor="start">{label}</text>')
        out.append("</g>")
    out.append("</g>")
    return "".join(out)


def _node_point(geo: _Geo, cells: tuple[int, ...], digit: int,
                caged: dict[int, int] | None = None) -> tuple[float, float]:
    """Centre of a chain node: its candidate's keypad position, averaged over a group."""
    if not cells:
        return (0.0, 0.0)
    spots = [_cand_spot(geo, digit, (caged or {}).get(c, 0)) for c in cells]
    xs = [geo.x0[c] + s[0] for c, s in zip(cells, spots)]
    ys = [geo.y0[c] + s[1] for c, s in zip(cells, spots)]
    return (round(sum(xs) / len(xs), 1), round(sum(ys) / len(ys), 1))


@lru_cache(maxsize=64)
def _grid_lines(rules: Rules) -> str:
    """The line work of a grid, the same for every picture of these rules."""
    n = rules.size
    pad, side, u = _PAD, n * _UNIT, _UNIT
    end = pad + side
    out = []
    thin = []
    for i in range(1, n):
        p = pad + i * u
        thin.append(f"M{pad} {p}H{end}M{p} {pad}V{end}")
    out.append(f'<path class="cell-lines" d="{"".join(thin)}" stroke="{_LINE}" '
               f'stroke-width="1" fill="none" stroke-opacity="0.6"/>')
    if rules.diagonals:
        out.append(f'<line class="diagonal" x1="{pad}" y1="{pad}" x2="{end}" y2="{end}" '
                   f'stroke="#7F7F7F" stroke-width="1.5"/>')
        out.append(f'<line class="diagonal" x1="{end}" y1="{pad}" x2="{pad}" y2="{end}" '
                   f'stroke="#7F7F7F" stroke-width="1.5"/>')
    if rules.regions is None:
        br, bc = rules.box  # type: ignore[misc]
        thick = []
        for r in range(br, n, br):
            p = pad + r * u
            thick.append(f"M{pad} {p}H{end}")
        for c in range(bc, n, bc):
            p = pad + c * u
            thick.append(f"M{p} {pad}V{end}")
        if thick:
            out.append(f'<path class="box-lines" d="{"".join(thick)}" stroke="{_LINE}" '
                       f'stroke-width="3" fill="none"/>')
    else:
        regions = rules.regions
        segs = []
        for cell in range(n * n):
            r, c = divmod(cell, n)
            x, y = pad + c * u, pad + r * u
            if c + 1 < n and regions[cell] != regions[cell + 1]:
                segs.append(f"M{x + u} {y}V{y + u}")
            if r + 1 < n and regions[cell] != regions[cell + n]:
                segs.append(f"M{x} {y + u}H{x + u}")
        if segs:
            out.append(f'<path class="region-border" d="{"".join(segs)}" stroke="{_LINE}" '
                       f'stroke-width="4" stroke-linecap="square" fill="none"/>')
    out.append(f'<rect class="border" x="{pad}" y="{pad}" width="{side}" height="{side}" '
               f'stroke="{_LINE}" stroke-width="4" fill="none"/>')
    return f'<g class="lines">{"".join(out)}</g>'


def _legend_rows(rules: Rules, step: Step | None, roles: list[str],
                 house_roles: list[tuple[str, int]], lang: str,
                 placed: bool) -> list[tuple[str, str, str]]:
    """``(class, colour, label)`` per legend line: the step's roles, then the variants."""
    words = LEGEND[lang]
    rows: list[tuple[str, str, str]] = []
    if step is not None:
        for role in roles:
            rows.append((f"role-{role}", _role_fill(role), role_label(role, lang)))
        seen: list[str] = []
        for role, _ in house_roles:
            if role not in seen:
                seen.append(role)
                colour = _COVER if role == "cover" else _HOUSE
                label = f"{words['house']}: {role_label(role, lang)}"
                rows.append((f"house role-{role}", colour, label))
        if step.placements:
            rows.append(("place", _PLACE, words["place"]))
        if step.eliminations:
            rows.append(("elim", _ELIM, words["elim"]))
        kinds = {lk.strong for lk in step.links}
        if True in kinds:
            rows.append(("link strong", _STRONG, words["strong"]))
        if False in kinds:
            rows.append(("link weak", _WEAK, words["weak"]))
    else:
        rows.append(("given", _GIVEN, words["given"]))
        if placed:
            rows.append(("placed", _PLACED, words["placed"]))
    if rules.diagonals:
        rows.append(("diagonal", "#7F7F7F", words["x"]))
    if rules.windows:
        rows.append(("window", "#D9D9D9", words["windoku"]))
    rows += [(kind, "#FFFFFF", text) for kind, text in rule_notes(rules, lang)]
    return rows


def rule_notes(rules: Rules, lang: str = "en") -> list[tuple[str, str]]:
    """The rules over the whole grid that no mark on it shows (anti-knight, anti-king,
    disjoint groups, non-consecutive, the negative constraints), as ``(kind, words)``:
    what a legend, or the page beside its grid, says in words.

    >>> from shudu.values.constraints import Negative
    >>> rule_notes(Rules(anti_king=True, constraints=(Negative("xv"),)))
    [('anti-king', "Anti-king: equal digits never a king's move apart"), \
('negative', 'No X or V where none is drawn')]
    >>> rule_notes(Rules(anti_knight=True), "zh")
    [('anti-knight', '无马步：相同数字不能相隔马步')]
    """
    words = LEGEND[lang]
    out: list[tuple[str, str]] = []
    if rules.anti_knight:
        out.append(("anti-knight", words["anti-knight-rule"]))
    if rules.anti_king:
        out.append(("anti-king", words["anti-king-rule"]))
    for con in rules.constraints:   # rules over the whole grid, drawn nowhere on it
        if con.kind in ("disjoint", "non-consecutive"):
            out.append((con.kind, words[f"{con.kind}-rule"]))
        elif con.kind == "negative":
            what = NEGATIVE[lang].get(con.of, con.of)
            out.append(("negative", words["negative-rule"].format(what=what)))
    return out


