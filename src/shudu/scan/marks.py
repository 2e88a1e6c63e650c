"""Pencil marks: the small digits a player writes in a cell of a 9×9 grid (an app draws
digit ``d`` in the ``d``-th of the cell's 3×3 places; a hand writes them smaller than
digits, anywhere in the cell).

A cell holds marks when all its ink is small (each piece at most :data:`MARK_HEIGHT` of
the cell and less than :data:`MARK_SHARE` of the digits' height) and at least one piece
reads as a digit.  Each piece is read by the digit classifier, drawn as large as a given;
when most pieces of the grid stand in the place of the digit they read as, the grid
places its marks by digit, and the place decides (a reading that disagrees with its
place, or a piece away from every place, is in doubt); otherwise the reading decides (a
reading below :data:`MARK_SURE` is in doubt).

>>> from shudu.scan.shots import screenshot
>>> from shudu.scan.reader import find_grid, load_gray
>>> shot = screenshot(1, "shudu")
>>> found = read_marks(find_grid(load_gray(shot.image)))
>>> found.marks == shot.marks, found.doubtful
(True, set())
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from .reader import GLYPH, SYMBOLS, classify, glyph, register

if TYPE_CHECKING:
    from .reader import Cells

MARK_HEIGHT = 0.36
"""A piece of ink taller than this share of the cell is a digit, not a mark."""
MARK_LEAST = 0.08
"""A piece shorter than this share of the cell is a speck, not a mark."""
MARK_SHARE = 0.72
"""A mark is shorter than this share of the digits' (the givens') height."""
INK = 220
"""A pixel of the straightened, evenly lit grid darker than this is ink (paper is 255)."""
MARK_SURE = 0.8
"""A mark read with less confidence than this is in doubt."""
PLACE_NEAR = 0.12
"""A mark whose centre is this near (a share of the cell) to one of the 3×3 places'
centres stands in that place."""
BY_PLACE = 0.6
"""The share of marks standing in their digit's place above which the place decides."""


@dataclass
class Marks:
    """The marks found: per cell its digits (``""`` none), the cells whose marks are in
    doubt, and the cells whose glyph was taken for marks (not a digit)."""

    marks: tuple[str, ...]
    doubtful: set[int] = field(default_factory=set)
    cells: set[int] = field(default_factory=set)
    digit_like: set[int] = field(default_factory=set)
    """The cells among ``cells`` whose ink near the centre was also seen as a digit."""

    def without(self, drop: set[int]) -> Marks:
        """These marks with the cells ``drop`` taken out (read as digits after all).

        >>> Marks(("1", "23"), {1}, {0, 1}, {1}).without({1})
        Marks(marks=('1', ''), doubtful=set(), cells={0}, digit_like=set())
        """
        return Marks(tuple("" if i in drop else m for i, m in enumerate(self.marks)),
                     self.doubtful - drop, self.cells - drop, self.digit_like - drop)


@dataclass
class _Piece:
    cell: int
    cy: float      # the centre, as shares of the cell
    cx: float
    glyph: np.ndarray


def _pieces(norm: np.ndarray, binary: np.ndarray, n: int, r: int, c: int,
            tall: float) -> list[_Piece] | None:
    """The small pieces of ink of cell (``r``, ``c``), each drawn as a glyph for the
    classifier (the size of a digit ``tall`` of its window, the cell's inner 80 %);
    ``None`` when the cell holds a piece too tall for a mark."""
    import cv2

    cell = norm.shape[0] / n
    m = max(1, int(cell * 0.05))
    y0, x0 = int(r * cell), int(c * cell)
    y1, x1 = int((r + 1) * cell), int((c + 1) * cell)
    sub = binary[y0 + m: y1 - m, x0 + m: x1 - m]
    k, _labels, stats, _cent = cv2.connectedComponentsWithStats(sub, connectivity=8)
    boxes = []
    for i in range(1, k):
        bx, by, bw, bh, area = (int(v) for v in stats[i])
        edge = bx == 0 or by == 0 or bx + bw >= sub.shape[1] or by + bh >= sub.shape[0]
        if (bw > 0.6 * cell and bh < 0.12 * cell) or (bh > 0.6 * cell and bw < 0.12 * cell) \
                or (edge and min(bw, bh) <= 0.08 * cell):
            continue     # a grid line left in the cell
        if bh > min(MARK_HEIGHT, MARK_SHARE * tall * 0.8) * cell or bw > 0.9 * cell:
            return None
        if bh < MARK_LEAST * cell or area < 3:
            continue
        boxes.append([bx, by, bx + bw, by + bh])
    boxes = [part for box in _merge(boxes, cell) for part in _split(sub, box)]
    out = []
    for bx0, by0, bx1, by1 in boxes:
        g = _as_given(norm[y0 + m + by0: y0 + m + by1, x0 + m + bx0: x0 + m + bx1],
                      sub[by0:by1, bx0:bx1], tall)
        if g is not None:
            out.append(_Piece(r * n + c, (m + (by0 + by1) / 2) / cell,
                              (m + (bx0 + bx1) / 2) / cell, g))
    return out


def _as_given(norm: np.ndarray, binary: np.ndarray, tall: float) -> np.ndarray | None:
    """A piece of ink (its grey picture ``norm`` and its ``binary``) as the classifier
    sees a given: alone in the middle of a cell in which it is ``tall`` of the window.

    >>> piece = np.full((10, 6), 255, np.uint8); piece[:, 2:4] = 0
    >>> g = _as_given(piece, 255 - piece, 0.7)
    >>> g.shape, round(float(g[GLYPH, 2]), 1)
    ((25, 24), 0.7)
    """
    h, w = norm.shape
    guess = round(h / (tall * 0.8))     # the window is the cell less a tenth each side
    side = min(range(guess - 2, guess + 3),
               key=lambda k: abs(h / max(1, k - 2 * int(0.1 * k)) - tall))
    side = max(side, h + 4, w + 4)
    canvas = np.full((side, side), 255, np.uint8)
    ink = np.zeros((side, side), np.uint8)
    oy, ox = (side - h) // 2, (side - w) // 2
    canvas[oy: oy + h, ox: ox + w] = norm
    ink[oy: oy + h, ox: ox + w] = binary
    return glyph(canvas, ink, 1, 0, 0, strict=False)


def _split(sub: np.ndarray, box: list[int]) -> list[list[int]]:
    """A box of touching small digits in a row (an app's centre marks) cut where the
    ink is thinnest near the places an even cut into digit-wide parts would give.

    >>> ink = np.zeros((12, 40), np.uint8); ink[:, 2:38] = 255
    >>> ink[:, [9, 16, 23, 30]] = 0
    >>> [b[0] for b in _split(ink, [2, 0, 38, 12])]
    [2, 9, 16, 23, 30]
    """
    x0, y0, x1, y1 = box
    h, w = y1 - y0, x1 - x0
    k = round(w / (0.62 * h))
    if k < 2:
        return [box]
    cols = (sub[y0:y1, x0:x1] > 0).sum(axis=0)
    cuts = [x0]
    for j in range(1, k):
        at = round(j * w / k)
        lo, hi = max(1, at - round(0.2 * h)), min(w - 1, at + round(0.2 * h) + 1)
        cuts.append(x0 + lo + int(np.argmin(cols[lo:hi])))
    cuts.append(x1)
    return [[a, y0, b, y1] for a, b in itertools.pairwise(cuts) if b - a >= 2]


def _digits(cells: Cells, tall: float) -> set[int]:
    """The cells whose glyph is surely a digit: as tall as a digit, read confidently."""
    have = [(i, g) for i, g in enumerate(cells.glyphs)
            if g is not None and float(g[GLYPH, 2]) >= MARK_SHARE * tall]
    if not have:
        return set()
    probs = classify(np.stack([g for _, g in have]), cells.size)
    return {i for (i, _), q in zip(have, probs) if float(q[1:].max()) >= 0.9}


def _ink(norm: np.ndarray, binary: np.ndarray, n: int) -> np.ndarray:
    """The ink of a straightened grid (``binary``, with the faint thin strokes of
    ``norm`` added) without the grid's lines: runs longer than 1.5 cells (a blot over a
    digit is not a line)."""
    import cv2

    ink = np.where(norm < INK, np.uint8(255), binary)
    k = max(5, int(1.5 * norm.shape[0] / n))
    lines = np.maximum(cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((1, k), np.uint8)),
                       cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((k, 1), np.uint8)))
    lines = cv2.dilate(lines, np.ones((3, 3), np.uint8))
    ink[lines > 0] = 0
    return ink


def _merge(boxes: list[list[int]], cell: float) -> list[list[int]]:
    """Boxes of one digit's pieces joined: pieces one above the other, nearly touching."""
    out: list[list[int]] = []
    for b in sorted(boxes, key=lambda b: (b[0], b[1])):
        for o in out:
            overlap = min(o[2], b[2]) - max(o[0], b[0])
            gap = max(o[1], b[1]) - min(o[3], b[3])
            if overlap > 0.5 * min(o[2] - o[0], b[2] - b[0]) and gap < 0.04 * cell:
                o[:] = [min(o[0], b[0]), min(o[1], b[1]), max(o[2], b[2]), max(o[3], b[3])]
                break
        else:
            out.append(list(b))
    return out


def _place(p: _Piece) -> tuple[int, bool]:
    """The digit whose place (of the 3×3) a piece stands in, and whether it stands near
    that place's centre."""
    row, col = min(2, int(p.cy * 3)), min(2, int(p.cx * 3))
    near = max(abs(p.cy - (row + 0.5) / 3), abs(p.cx - (col + 0.5) / 3)) <= PLACE_NEAR
    return 3 * row + col + 1, near


def read_marks(cells: Cells, skip: set[int] | None = None) -> Marks:
    """The pencil marks of a found 9×9 grid (``skip``: cells known to hold a digit).

    >>> from shudu.scan.synth import sample
    >>> from shudu.scan.reader import find_grid, load_gray
    >>> read_marks(find_grid(load_gray(sample(4).image))).cells
    set()
    """
    n = cells.size
    none = Marks(("",) * (n * n))
    if n != 9:
        return none
    talls = [float(g[GLYPH, 2]) for g in cells.glyphs if g is not None]
    if not talls:
        return none
    tall = float(np.percentile(talls, 75))      # the givens' height, of the glyph's window
    skip = set(skip or ()) | _digits(cells, tall)
    ink = _ink(cells.norm, cells.binary, n)
    found: list[_Piece] = []
    for i in range(n * n):
        if skip and i in skip:
            continue
        pieces = _pieces(cells.norm, ink, n, i // n, i % n, tall)
        if pieces and all((p.glyph[:GLYPH] > 0.3).any() for p in pieces):
            found += pieces
    if not found:
        return none
    probs = classify(np.stack([p.glyph for p in found]), n)
    places = [_place(p) for p in found]
    reads = [int(np.argmax(q[1:])) + 1 for q in probs]
    agree = sum(near and d == k for (k, near), d in zip(places, reads))
    by_place = agree >= BY_PLACE * len(found)
    marks: dict[int, set[int]] = {}
    doubtful: set[int] = set()
    for p, q, (k, near), d in zip(found, probs, places, reads):
        if q[0] > 0.5 and not (by_place and near):
            continue     # a speck or a stain, not a digit
        digit = k if by_place else d
        sure = (near and d == k) if by_place else float(q[d]) >= MARK_SURE
        if digit in marks.get(p.cell, set()) or not sure:
            doubtful.add(p.cell)
        marks.setdefault(p.cell, set()).add(digit)
    text = tuple("".join(SYMBOLS[d - 1] for d in sorted(marks.get(i, ()))) for i in range(n * n))
    return Marks(text, doubtful, set(marks),
                 {i for i in marks if cells.glyphs[i] is not None})


register("marks", read_marks)
