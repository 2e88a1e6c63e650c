"""Read a Sudoku grid from a picture: find the grid, straighten it, split the cells, read
the digits, then check the reading (see :func:`scan`).

>>> from shudu.scan.synth import sample
>>> r = scan(sample(4).image)
>>> r.size, r.status, str(r.grid) == sample(4).puzzle
(9, 'ok', True)
"""

from __future__ import annotations

import io
import json
import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import ShuduError
from ..formats.picture_size import PictureTooLarge, check_pixels
from ..limits import PICTURE_MAX_PIXELS
from ..values.grid import Grid

SYMBOLS = "123456789ABCDEFG"
SIZES = (4, 6, 9, 16)
WARP = 576          # the straightened grid's side in pixels
GLYPH = 24          # a digit's picture side given to the classifier
WORK = 1400         # the longest side the picture is reduced to before anything else
FIND = 800          # the longest side the grid is looked for at
LOW_CONFIDENCE = 0.9
"""A cell read with less confidence than this makes the reading ``low-confidence``."""
SCREEN_SPECKS = 1000
BENT = 0.25
"""A grid found by its four corners is straightened line by line (a curled page) only
when its lines bend by this share of a cell or more: a gentle bend is read better
as it is (the printed digits keep one height)."""
STRAIGHT = 0.8
"""A grid whose weakest lines are this clear (a share of the side, see :func:`grid_size`)
once warped by its four corners is straight; below it, its lines are followed one by one
(:func:`_unbend`: a curled page)."""
PRINT_HEIGHT = 0.025
"""Printed givens share a typeface: their heights (as shares of the cell) lie within this
of one another (one pixel of a straightened cell is about 0.019)."""
HAND_HEIGHT = 0.08
"""A digit whose height differs from the givens' by more than this is the player's
(written by hand, or a pencil mark), when at least :data:`HAND_LEAST` do."""
HAND_LEAST = 3
HAND_INK = 0.8
"""A digit whose ink's contrast is below this share of the givens' is in doubt when the
player wrote in the grid (pencil is fainter than print)."""
PRINT_MATCH = 0.94
"""A digit in doubt whose picture matches a confidently printed copy of the same digit this
well (normalised correlation, and by :data:`HAND_MARGIN` more than any of the player's) is
printed: print repeats one typeface, a hand never writes a digit twice alike."""
HAND_MARGIN = 0.08
PRINT_UNLIKE = 0.75
"""A digit taken for print that matches none of two or more printed copies of the same
digit better than this is in doubt (it may be the player's)."""

WEIGHTS = Path(__file__).with_name("weights.npz")

STATUSES = ("ok", "corrected", "low-confidence", "invalid", "no-solution", "multiple")
"""``ok``: a puzzle with one solution, every cell read confidently; ``corrected``: the
reading as seen broke the rules or had no or several solutions, and changing its least
confident cells to their next-best readings gave a puzzle with one solution (check those
cells); ``low-confidence``: one solution but some cell is doubtful; ``invalid``: a digit
repeats in a house; ``no-solution`` / ``multiple``: no or several solutions."""


PROPER = ("ok", "corrected", "low-confidence")
"""The statuses of a reading that is a puzzle with one solution."""

_STAGES: dict[str, Any] = {}
"""The stages that read more than the digits, registered by their modules when
``shudu.scan`` is imported (they import this one): ``marks`` (:mod:`.marks`, the pencil
marks) and ``player`` (:mod:`.screen`, the player's digits on a screenshot)."""


def register(name: str, stage: Any) -> None:
    """Make ``stage`` the reader's stage ``name`` (see :data:`_STAGES`)."""
    _STAGES[name] = stage


class ScanError(ShuduError, ValueError):
    """The picture cannot be read, or no Sudoku grid was found in it."""


@dataclass(frozen=True)
class ScanResult:
    """What :func:`scan` read.

    ``grid``: the puzzle (after a correction when ``status`` is ``corrected``);
    ``read``: the puzzle exactly as the cells were read; ``confidence``: per cell, the
    probability of the reading (emptiness counts as read); ``corners``: the grid's
    corners in the picture, top-left, top-right, bottom-right, bottom-left, as (x, y);
    ``size``: 4, 6, 9 or 16; ``status``: one of :data:`STATUSES`; ``doubtful``: the
    least confident cells (``r1c1`` names), ``changed``: the cells the correction changed;
    ``message``: one line saying what was found; ``entries``: when the grid also holds
    digits of another height than the printed givens (written by the player), those
    digits as read, ``.`` elsewhere, and ``""`` when there are none;
    ``marks``: the player's pencil marks per cell (``""`` for none; ``()`` when the grid
    has none), ``doubtful_marks`` the cells whose marks may be misread.
    """

    grid: Grid
    read: Grid
    confidence: tuple[float, ...]
    corners: tuple[tuple[float, float], ...]
    size: int
    status: str
    doubtful: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    message: str = ""
    alternatives: tuple[tuple[str, ...], ...] = field(default=(), repr=False)
    entries: str = ""
    marks: tuple[str, ...] = ()
    doubtful_marks: tuple[str, ...] = ()

    @property
    def exact(self) -> bool:
        """True when the reading is a valid puzzle with one solution, read confidently."""
        return self.status == "ok"

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data.

        >>> from shudu.scan.synth import sample
        >>> sorted(scan(sample(4).image).to_dict())[:4]
        ['changed', 'confidence', 'corners', 'doubtful']
        """
        return {
            "puzzle": str(self.grid), "read": str(self.read), "size": self.size,
            "status": self.status, "message": self.message,
            "confidence": [round(c, 4) for c in self.confidence],
            "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners],
            "doubtful": list(self.doubtful), "changed": list(self.changed),
            "entries": self.entries,
            "marks": {Grid([0] * self.size ** 2).rules.cell_name(i): m
                      for i, m in enumerate(self.marks) if m},
            "doubtful_marks": list(self.doubtful_marks),
        }


# ---------------------------------------------------------------- the picture

def load_gray(image: Any) -> np.ndarray:
    """A grey-level picture (uint8, 2-D) from a path, bytes, a NumPy array (grey, RGB or
    RGBA) or a Pillow image.

    >>> load_gray(np.zeros((4, 5, 3), np.uint8)).shape
    (4, 5)
    >>> load_gray(b"not a picture")
    Traceback (most recent call last):
    ...
    shudu.scan.reader.ScanError: cannot decode the picture (13 bytes)

    A file is refused before it is decoded when its header declares more than
    :data:`~shudu.limits.PICTURE_MAX_PIXELS` pixels (:class:`PictureTooLarge`), or when
    its size cannot be read from it.
    """
    import cv2

    if isinstance(image, str | os.PathLike):
        path = Path(image)
        if not path.is_file():
            raise ScanError(f"{path}: no such picture file")
        return _decode(path.read_bytes(), str(path))
    if isinstance(image, bytes | bytearray | memoryview):
        data = bytes(image)
        return _decode(data, f"{len(data)} bytes")
    if isinstance(image, np.ndarray):
        arr = image
        if arr.dtype != np.uint8:
            arr = np.clip(arr * (255 if arr.max() <= 1 else 1), 0, 255).astype(np.uint8)
        if arr.ndim == 3 and arr.shape[2] == 4:
            arr = arr[..., :3]
        if arr.ndim == 3:
            return cv2.cvtColor(np.ascontiguousarray(arr), cv2.COLOR_RGB2GRAY)
        if arr.ndim == 2:
            return arr
        raise ScanError(f"expected a 2-D or 3-D picture array, got shape {arr.shape}")
    if hasattr(image, "convert") and hasattr(image, "size"):   # a Pillow image
        width, height = image.size
        if width * height > PICTURE_MAX_PIXELS:
            raise PictureTooLarge(width, height, PICTURE_MAX_PIXELS)
        return np.asarray(image.convert("L"))
    raise TypeError(f"expected a path, bytes, a NumPy array or a Pillow image, "
                    f"got {type(image).__name__}")


def _decode(data: bytes, what: str) -> np.ndarray:
    """Decode a picture file's bytes once its header showed a size within the cap;
    ``what`` names the file (a path) or the data (``13 bytes``) in an error."""
    import cv2

    source = None if what.endswith(" bytes") else what
    if check_pixels(data, source=source) is None:
        raise _undecodable(what)
    arr = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_GRAYSCALE)
    return arr if arr is not None else _pillow_gray(data, what)


def _undecodable(what: str) -> ScanError:
    return ScanError(f"{what}: cannot decode the picture" if not what.endswith("bytes")
                     else f"cannot decode the picture ({what})")


def _pillow_gray(data: bytes, what: str) -> np.ndarray:
    """Decode with Pillow what OpenCV could not; ``what`` names the file (``path: ``)
    or the data (`` (13 bytes)``) in the error."""
    try:
        from PIL import Image

        return np.asarray(Image.open(io.BytesIO(data)).convert("L"))
    except Exception:
        raise _undecodable(what) from None


def _order(pts: np.ndarray) -> np.ndarray:
    """Corners as top-left, top-right, bottom-right, bottom-left."""
    s = pts.sum(1)
    d = pts[:, 1] - pts[:, 0]
    return np.array([pts[np.argmin(s)], pts[np.argmin(d)], pts[np.argmax(s)],
                     pts[np.argmax(d)]], dtype=np.float32)


def _quads(gray: np.ndarray) -> list[np.ndarray]:
    """Plausible 4-corner outlines in ``gray``, largest first (both polarities)."""
    import cv2

    h, w = gray.shape
    area = h * w
    block = max(15, (min(h, w) // 40) | 1)
    found: list[tuple[float, np.ndarray]] = []
    blur = cv2.GaussianBlur(gray, (3, 3), 0)
    for img in (blur, 255 - blur):
        binary = cv2.adaptiveThreshold(flatten(img, block), 255, cv2.ADAPTIVE_THRESH_MEAN_C,
                                       cv2.THRESH_BINARY_INV, block, 7)
        binary = cv2.dilate(binary, np.ones((2, 2), np.uint8))
        contours, _ = cv2.findContours(binary, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
        for c in contours:
            a = cv2.contourArea(c)
            if a < 0.03 * area:
                continue
            hull = cv2.convexHull(c)
            peri = cv2.arcLength(hull, True)
            for eps in (0.02, 0.04):
                poly = cv2.approxPolyDP(hull, eps * peri, True)
                if len(poly) == 4:
                    break
            if len(poly) == 4:
                q = _order(poly.reshape(4, 2).astype(np.float32))
            else:   # bent sides (a curled page): the hull's four extreme points
                q = _order(hull.reshape(-1, 2).astype(np.float32))
                if cv2.contourArea(q) < 0.85 * cv2.contourArea(hull):
                    continue
            sides = [np.linalg.norm(q[i] - q[(i + 1) % 4]) for i in range(4)]
            if min(sides) < 0.4 * max(sides):
                continue
            found.append((cv2.contourArea(q), q))
    found.sort(key=lambda t: -t[0])
    out: list[np.ndarray] = []
    for _, q in found:    # drop near-duplicates (the two sides of one line)
        if all(np.abs(q - o).max() > 0.01 * max(h, w) for o in out):
            out.append(q)
    return out


def flatten(gray: np.ndarray, size: int) -> np.ndarray:
    """``gray`` (ink dark) divided by its paper: the picture closed (the ink, thinner than
    ``size`` pixels, removed), which keeps the hard edge of a shadow where it is, so that
    uneven light and shadows leave white paper.

    >>> page = np.full((60, 60), 200, np.uint8)
    >>> page[:, 30:] = 90                  # a hard shadow over the right half
    >>> page[20:40, 10:12] = page[20:40, 40:42] = 40
    >>> out = flatten(page, 9)
    >>> int(out[5, 5]), int(out[5, 50]), int(out[30, 10]) < 80, int(out[30, 40]) < 150
    (255, 255, True, True)
    """
    paper = close(gray, size)
    out = gray.astype(np.float32)
    out /= np.maximum(paper, 1).astype(np.float32)
    out *= 255
    return np.clip(out, 0, 255, out=out).astype(np.uint8)


@lru_cache(maxsize=8)
def _bars(size: int) -> tuple[np.ndarray, ...]:
    """The OpenCV ellipse of ``size`` as a union of centred rectangles: for each width
    of its rows, that width by the rows at least as wide (an ellipse's rows are centred
    runs, the wider ones in the middle).

    >>> [b.shape for b in _bars(5)]
    [(5, 1), (3, 5)]
    """
    import cv2

    ellipse = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    widths = ellipse.sum(axis=1)
    return tuple(np.ones((int((widths >= w).sum()), int(w)), np.uint8)
                 for w in sorted(set(widths.tolist())))


def close(gray: np.ndarray, size: int) -> np.ndarray:
    """``gray`` closed by the ellipse of ``size`` (OpenCV's ``MORPH_ELLIPSE``), pixel for
    pixel as :func:`cv2.morphologyEx` closes it, in a third less time: the largest (then
    the least) over the ellipse is the largest over the rectangles it is the union of
    (:func:`_bars`), and OpenCV runs a rectangle by rows and by columns.

    >>> import cv2
    >>> page = np.random.default_rng(1).integers(0, 256, (40, 30), dtype=np.uint8)
    >>> ellipse = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (9, 9))
    >>> bool((close(page, 9) == cv2.morphologyEx(page, cv2.MORPH_CLOSE, ellipse)).all())
    True
    """
    import cv2

    bars = _bars(size)
    grown = cv2.dilate(gray, bars[0])
    for bar in bars[1:]:
        cv2.max(grown, cv2.dilate(gray, bar), dst=grown)
    out = cv2.erode(grown, bars[0])
    for bar in bars[1:]:
        cv2.min(out, cv2.erode(grown, bar), dst=out)
    return out


def _warp(gray: np.ndarray, quad: np.ndarray, side: int = WARP) -> np.ndarray:
    import cv2

    dst = np.array([[0, 0], [side, 0], [side, side], [0, side]], dtype=np.float32)
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    return cv2.warpPerspective(gray, m, (side, side), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


def _dark(work: np.ndarray, quad: np.ndarray, thick: np.ndarray | None = None) -> bool:
    """True when the grid outlined by ``quad`` is drawn light on dark (a dark theme): its
    cells are dark and its outer line lighter than the cells just inside it, compared
    place by place along each side (the share of dark pixels alone would not tell: a
    shadow may darken most of a printed grid).  ``thick``: ``work`` dilated by a 5×5
    square (made here when not given: :func:`find_grids` makes it once for all outlines).

    >>> page = np.full((100, 100), 230, np.uint8)
    >>> page[10:90, 10:14] = page[10:90, 86:90] = page[10:14, 10:90] = page[86:90, 10:90] = 0
    >>> quad = np.array([[10, 10], [90, 10], [90, 90], [10, 90]], np.float32)
    >>> _dark(page, quad), _dark(255 - page, quad)
    (False, True)
    """
    w = _warp(work, quad, 128).astype(np.float32)
    # a thin light line (a screen's dark theme) is kept when the picture is made smaller
    wide_w = _warp(_thick(work) if thick is None else thick, quad, 128).astype(np.float32)
    diffs, peaks, inner = [], [], []
    for side, wide in zip((w, w[::-1], w.T, w.T[::-1]),
                          (wide_w, wide_w[::-1], wide_w.T, wide_w.T[::-1])):
        cells = np.median(side[6:12, 12:-12], axis=0)   # along each side: its line, inside
        diffs.append(side[:4, 12:-12].mean(axis=0) - cells)
        peaks.append(wide[:4, 12:-12].max(axis=0) - cells)
        inner.append(cells)
    return bool(np.median(np.concatenate(inner)) < 128 and (
        np.median(np.concatenate(diffs)) > 0 or np.median(np.concatenate(peaks)) > 40))


def _thick(work: np.ndarray) -> np.ndarray:
    """``work`` dilated by a 5×5 square: a thin light line kept when it is made smaller."""
    import cv2

    return cv2.dilate(work, np.ones((5, 5), np.uint8))


def _normalise(warped: np.ndarray, dark: bool = False) -> np.ndarray:
    """Ink dark on white, evenly lit: divide by the paper (a dark theme, ``dark``, is
    inverted first)."""
    import cv2

    if dark:
        warped = 255 - warped
    return flatten(cv2.GaussianBlur(warped, (3, 3), 0), 17)


def _line_profile(binary: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return binary.mean(axis=1) / 255.0, binary.mean(axis=0) / 255.0


def _line_pieces(norm: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """The dark horizontal and vertical runs of ``norm`` at least ``k`` pixels long; each
    direction is smoothed along itself first, so that a line printed as halftone dots
    or broken by noise is seen whole."""
    import cv2

    out = []
    for box, kernel in (((9, 1), (1, k)), ((1, 9), (k, 1))):
        dark = cv2.adaptiveThreshold(cv2.blur(norm, box), 255, cv2.ADAPTIVE_THRESH_MEAN_C,
                                     cv2.THRESH_BINARY_INV, 15, 2)
        out.append(cv2.morphologyEx(dark, cv2.MORPH_OPEN, np.ones(kernel, np.uint8)))
    return out[0], out[1]


def line_profiles(norm: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """How much of each row and of each column of a straightened grid is a straight
    line (0..1): dark pixels kept by an opening with a long thin kernel, which removes
    the digits, counted in the outer eighths only (a grid's lines run from edge to edge;
    a page around a grid only has the grid's lines in its middle).

    >>> b = np.full((WARP, WARP), 255, np.uint8)
    >>> b[WARP // 2, :] = 0
    >>> rows, cols = line_profiles(b)
    >>> float(rows[WARP // 2]), float(cols.max())
    (1.0, 0.0)
    """

    horiz, vert = _line_pieces(norm, max(8, norm.shape[0] // 64))
    e = norm.shape[0] // 8
    rows = np.concatenate([horiz[:, :e], horiz[:, -e:]], axis=1).mean(axis=1) / 255.0
    cols = np.concatenate([vert[:e], vert[-e:]], axis=0).mean(axis=0) / 255.0
    return rows, cols


def _near(profile: np.ndarray, at: float, d: int) -> float:
    """The highest value of ``profile`` within ``d`` of ``at``."""
    return float(profile[max(0, round(at) - d): round(at) + d + 1].max())


def grid_size(norm: np.ndarray) -> tuple[int, float]:
    """The number of rows of a straightened grid (``norm``: ink dark) from where its
    lines are, and how clearly: of the sizes whose every inner line is there (the
    weakest lines, as a share of the side, at least 0.3), the largest among those whose
    lines stand out best from what lies halfway between them (a paper printed as a
    halftone screen has rows of dots everywhere, which look like the lines of any size).

    >>> b = np.full((WARP, WARP), 255, np.uint8)
    >>> for k in range(10):
    ...     b[min(WARP - 1, k * WARP // 9), :] = b[:, min(WARP - 1, k * WARP // 9)] = 0
    >>> grid_size(b)[0]
    9
    """
    rows, cols = line_profiles(norm)
    side = norm.shape[0]
    support, stand_out = {}, {}
    for n in SIZES:
        d = max(2, side // (n * 12))
        peaks = [_near(prof, k * side / n, d) for prof in (rows, cols) for k in range(1, n)]
        between = [_near(prof, (k + 0.5) * side / n, d) for prof in (rows, cols)
                   for k in range(n)]
        support[n] = float(np.percentile(peaks, 10))
        stand_out[n] = support[n] - float(np.median(between))
    good = [n for n in SIZES if support[n] >= 0.3]
    if not good:
        return 9, 0.0
    best = max(stand_out[n] for n in good)
    n = max(n for n in good if stand_out[n] >= best - 0.15)
    return n, support[n]


def _binary(norm: np.ndarray) -> np.ndarray:
    import cv2

    return cv2.adaptiveThreshold(norm, 255, cv2.ADAPTIVE_THRESH_MEAN_C,
                                 cv2.THRESH_BINARY_INV, 25, 15)


def screened(binary: np.ndarray) -> bool:
    """True when the dark pixels of a straightened grid (``binary``, from :func:`_binary`)
    hold more than :data:`SCREEN_SPECKS` specks of at most 12 pixels: the dots of a
    halftone screen, which printed the paper or the cells grey.

    >>> b = np.zeros((WARP, WARP), np.uint8)
    >>> screened(b)
    False
    >>> b[::5, ::5] = 255
    >>> screened(b)
    True
    """
    import cv2

    _, _, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
    return int((stats[1:, 4] <= 12).sum()) > SCREEN_SPECKS


def glyph(norm: np.ndarray, binary: np.ndarray, n: int, r: int, c: int, *,
          strict: bool = True) -> np.ndarray | None:
    """The picture of cell (``r``, ``c``) of a straightened grid, ready for the classifier
    (``GLYPH`` + 1 rows of ``GLYPH`` floats: the ink's picture, ink 1, then a row saying
    where the ink is: its centre's row and column, its height and width, as shares of
    the cell, its share of the cell's area and its contrast), or ``None`` when the cell
    is empty (``strict``: also when the ink is too small or faint to be a digit).

    >>> blank = np.full((WARP, WARP), 255, np.uint8)
    >>> glyph(blank, 255 - blank, 9, 0, 0) is None
    True
    """
    import cv2

    cell = norm.shape[0] / n
    m = int(cell * 0.1)
    y0, x0 = int(r * cell), int(c * cell)
    y1, x1 = int((r + 1) * cell), int((c + 1) * cell)
    sub = binary[y0 + m: y1 - m, x0 + m: x1 - m]
    h, w = sub.shape
    k, _labels, stats, cent = cv2.connectedComponentsWithStats(sub, connectivity=8)
    keep = []
    for i in range(1, k):
        _, _, bw, bh, a = stats[i]
        if a < 0.004 * h * w:
            continue
        cx, cy = cent[i]
        if not (0.15 * w < cx < 0.85 * w and 0.15 * h < cy < 0.85 * h):
            continue
        if (bw > 0.9 * w and bh < 0.15 * h) or (bh > 0.9 * h and bw < 0.15 * w):
            continue     # a grid line left in the cell
        keep.append(i)
    if not keep:
        return None
    xs = [stats[i][0] for i in keep] + [stats[i][0] + stats[i][2] for i in keep]
    ys = [stats[i][1] for i in keep] + [stats[i][1] + stats[i][3] for i in keep]
    bx0, bx1, by0, by1 = min(xs), max(xs), min(ys), max(ys)
    tall, area = (by1 - by0) / h, sum(stats[i][4] for i in keep) / (h * w)
    if strict and not ((tall >= 0.2 and area >= 0.025) or (tall >= 0.12 and area >= 0.04)):
        return None
    ink = 255 - norm[y0 + m + by0: y0 + m + by1, x0 + m + bx0: x0 + m + bx1].astype(np.float32)
    low, high = np.percentile(ink, 10), float(ink.max())
    contrast = high - float(low)
    ink = np.clip((ink - low) / max(1.0, high - 10), 0, 1)
    gh, gw = ink.shape
    s = (GLYPH - 4) / max(gh, gw)
    th, tw = max(1, round(gh * s)), max(1, round(gw * s))
    small = cv2.resize(ink, (tw, th), interpolation=cv2.INTER_AREA)
    out = np.zeros((GLYPH + 1, GLYPH), np.float32)
    oy, ox = (GLYPH - th) // 2, (GLYPH - tw) // 2
    out[oy: oy + th, ox: ox + tw] = small
    out[GLYPH, :6] = ((by0 + by1) / 2 / h, (bx0 + bx1) / 2 / w, tall, (bx1 - bx0) / w,
                      area, contrast / 255)
    return out


def turn(glyphs: np.ndarray, k: int) -> np.ndarray:
    """Glyphs (a stack, from :func:`glyph`) as they would be in the grid turned ``k``
    quarter turns counter-clockwise (:func:`numpy.rot90`): the pictures turned, the
    ink's place and shape with them.

    >>> g = np.zeros((1, GLYPH + 1, GLYPH), np.float32)
    >>> g[0, GLYPH, :4] = (0.2, 0.3, 0.5, 0.1)
    >>> [round(float(v), 2) for v in turn(g, 1)[0, GLYPH, :4]]
    [0.7, 0.2, 0.1, 0.5]
    """
    out = glyphs.copy()
    for _ in range(k % 4):
        pic = np.rot90(out[:, :GLYPH], 1, axes=(1, 2))
        cy, cx, tall, wide = (out[:, GLYPH, i].copy() for i in range(4))
        out[:, :GLYPH] = pic
        out[:, GLYPH, 0], out[:, GLYPH, 1] = 1 - cx, cy
        out[:, GLYPH, 2], out[:, GLYPH, 3] = wide, tall
    return out


@dataclass
class Cells:
    """A found grid: its corners, size, straightened picture and the cells' glyphs."""

    corners: np.ndarray
    size: int
    norm: np.ndarray
    binary: np.ndarray
    glyphs: list[np.ndarray | None]


def _runs(strong: np.ndarray) -> list[tuple[int, int]]:
    idx = np.flatnonzero(np.diff(np.concatenate([[0], strong.astype(np.int8), [0]])))
    return list(zip(idx[::2], idx[1::2] - 1))


def _edges(profile: np.ndarray, pad: int) -> tuple[float, float] | None:
    """The centres of the lines (runs above ~half the length) of a profile nearest to
    ``pad`` from either end, within ``pad`` of it."""
    side = len(profile)
    strong = profile > max(0.4, 0.55 * float(profile[pad // 2: side - pad // 2].max()))
    centres = [(a + b) / 2 for a, b in _runs(strong)]
    lo = [c for c in centres if abs(c - pad) < 0.7 * pad]
    hi = [c for c in centres if abs(c - (side - pad)) < 0.7 * pad]
    if not lo or not hi:
        return None
    return min(lo, key=lambda c: abs(c - pad)), min(hi, key=lambda c: abs(c - side + pad))


def _refine(work: np.ndarray, quad: np.ndarray, dark: bool) -> np.ndarray:
    """Move a found outline onto the centres of the grid's outer lines."""
    import cv2

    side = WARP
    pad = side // 8
    dst = np.array([[pad, pad], [side - pad, pad], [side - pad, side - pad],
                    [pad, side - pad]], dtype=np.float32)
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    warped = cv2.warpPerspective(work, m, (side, side), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_REPLICATE)
    binary = _binary(_normalise(warped, dark))
    rows, cols = _line_profile(binary)
    ey, ex = _edges(rows, pad), _edges(cols, pad)
    if ey is None or ex is None:
        return quad
    (y0, y1), (x0, x1) = ey, ex
    pts = np.array([[[x0, y0], [x1 + 0.5, y0], [x1 + 0.5, y1 + 0.5], [x0, y1 + 0.5]]],
                   dtype=np.float32)
    corners: np.ndarray = cv2.perspectiveTransform(pts, np.linalg.inv(m))[0]
    return corners


def _track(lines: np.ndarray, n: int, pad: int) -> list[np.ndarray] | None:
    """Follow each of the ``n + 1`` horizontal lines of ``lines`` (a picture of the
    grid's line pieces, the grid expected from ``pad`` to ``side - pad``) from strip to
    strip, left to right; returns for each line the coefficients of ``y(x)``, a
    quadratic fitted to where it was seen, or ``None`` when a line is mostly missing."""
    side = lines.shape[0]
    cell = (side - 2 * pad) / n
    strips = 2 * n
    width = (side - 2 * pad) / strips
    reach = max(2, int(0.3 * cell))
    fits = []
    for j in range(n + 1):
        y = pad + j * cell
        xs, ys = [], []
        for k in range(strips):
            x0 = int(pad + k * width)
            x1 = int(pad + (k + 1) * width)
            lo, hi = max(0, int(y) - reach), min(side, int(y) + reach + 1)
            prof = lines[lo:hi, x0:x1].mean(axis=1) / 255.0
            if prof.size and prof.max() > 0.5:
                best = np.flatnonzero(prof >= prof.max() - 0.05)
                y = lo + float(best.mean())
                xs.append((x0 + x1) / 2)
                ys.append(y)
        if len(xs) < strips * 0.6:
            return None
        fits.append(np.polyfit(np.array(xs), np.array(ys), 2))
    return fits


def _sag(fits: list[np.ndarray], lo: float, hi: float) -> float:
    """How far the most bent of the fitted lines ``fits`` (``y(x)`` quadratics, from
    ``lo`` to ``hi``) strays from the straight line between its ends, in pixels.

    >>> round(_sag([np.array([0.0, 1.0, 5.0]), np.array([0.01, -1.0, 0.0])], 0, 100), 1)
    25.0
    """
    xs = np.linspace(lo, hi, 17)
    most = 0.0
    for fit in fits:
        ys = np.polyval(fit, xs)
        chord = ys[0] + (ys[-1] - ys[0]) * (xs - lo) / (hi - lo)
        most = max(most, float(np.abs(ys - chord).max()))
    return most


def _unbend(work: np.ndarray, quad: np.ndarray, n: int, dark: bool, least: float = 0.0
            ) -> tuple[np.ndarray, np.ndarray] | None:
    """Straighten a grid whose lines bend (a curled page, a lens): each of its lines
    is followed and fitted, the ``(n + 1)²`` crossings found, and every cell warped
    from its own four crossings; returns the straightened, normalised picture and the
    grid's corners in ``work``, or ``None`` when the lines cannot be followed or bend
    by less than ``least`` of a cell."""
    return _unbend_view(_bend_view(work, quad, dark), n, least)


def _bend_view(work: np.ndarray, quad: np.ndarray, dark: bool) -> tuple[np.ndarray, np.ndarray]:
    """The grid outlined by ``quad`` warped into the middle of a :data:`WARP` square with
    a margin of a twelfth (its lines may bend out of the outline), normalised, and the
    warp's matrix: what :func:`_unbend` follows the lines in, whatever the size."""
    import cv2

    side = WARP
    pad = side // 12
    dst = np.array([[pad, pad], [side - pad, pad], [side - pad, side - pad],
                    [pad, side - pad]], dtype=np.float32)
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    norm = _normalise(cv2.warpPerspective(work, m, (side, side), flags=cv2.INTER_LINEAR,
                                          borderMode=cv2.BORDER_REPLICATE), dark)
    return norm, m


def _unbend_view(view: tuple[np.ndarray, np.ndarray], n: int, least: float
                 ) -> tuple[np.ndarray, np.ndarray] | None:
    """:func:`_unbend` for a size ``n`` in the picture of :func:`_bend_view`."""
    import cv2

    norm, m = view
    side = WARP
    pad = side // 12
    cell = (side - 2 * pad) / n
    horiz, vert = _line_pieces(norm, max(5, int(0.6 * cell)))
    rows, cols = _track(horiz, n, pad), _track(vert.T, n, pad)
    if rows is None or cols is None or _sag(rows + cols, pad, side - pad) < least * cell:
        return None
    cross = np.zeros((n + 1, n + 1, 2))
    col = np.array(cols)
    for j, row in enumerate(rows):
        # each column's crossing with this row, all columns at once (Horner, as polyval)
        x = pad + np.arange(n + 1) * (side - 2 * pad) / n
        for _ in range(4):
            y = (0 * x + row[0]) * x + row[1]
            y = y * x + row[2]
            x = ((0 * y + col[:, 0]) * y + col[:, 1]) * y + col[:, 2]
        cross[j, :, 0] = x
        cross[j, :, 1] = ((0 * x + row[0]) * x + row[1]) * x + row[2]
    step = np.diff(cross, axis=0)[..., 1], np.diff(cross, axis=1)[..., 0]
    if min(step[0].min(), step[1].min()) < 0.5 * cell:
        return None
    # every output pixel from the four crossings around it (bilinear): along each row of
    # crossings first, then between the two rows around the pixel
    f = np.arange(side, dtype=np.float32) * n / side
    i0 = np.minimum(f.astype(int), n - 1)
    a = (f - i0)[None, :, None]
    b = (f - i0)[:, None, None]
    along = cross[:, i0] * (1 - a) + cross[:, i0 + 1] * a
    src = along[i0] * (1 - b) + along[i0 + 1] * b
    out = cv2.remap(norm, src[..., 0].astype(np.float32), src[..., 1].astype(np.float32),
                    cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    ends = np.array([[cross[0, 0], cross[0, n], cross[n, n], cross[n, 0]]], dtype=np.float32)
    corners: np.ndarray = cv2.perspectiveTransform(ends, np.linalg.inv(m))[0]
    return out, corners


def _clipped(quad: np.ndarray, shape: tuple[int, ...]) -> bool:
    """True when two or three corners of ``quad`` lie on the edge of a picture of
    ``shape``: the outline is closed by the edge, its grid cut off.

    >>> q = np.array([[10, 50], [90, 50], [90, 99], [10, 99]], np.float32)
    >>> _clipped(q, (100, 100)), _clipped(q - [0, 20], (100, 100))
    (True, False)
    """
    h, w = shape[:2]
    tol = 0.005 * max(h, w) + 1
    on = sum(bool(x <= tol or y <= tol or x >= w - 1 - tol or y >= h - 1 - tol)
             for x, y in quad)
    return 2 <= on <= 3


def _straightened(work: np.ndarray, quad: np.ndarray, dark: bool, sizes: tuple[int, ...],
                  score: float) -> tuple[np.ndarray, np.ndarray, int, float] | None:
    """The grid outlined by ``quad`` straightened line by line (:func:`_unbend`) for the
    first of ``sizes`` (or a larger one) whose lines then stand out clearly better than
    ``score``: the picture, the corners, the size and how clearly; ``None`` when no
    size does.  A grid seen (``score`` at least 0.3) is kept as its corners warp it
    unless its lines bend by :data:`BENT` of a cell or more and, followed, are clearly
    straight (:data:`STRAIGHT`)."""
    best = None
    view = _bend_view(work, quad, dark)
    for size in sizes:
        # each line followed and fitted
        bent = _unbend_view(view, size, BENT if score >= 0.3 else 0.0)
        if bent is None:
            continue
        n, clear = grid_size(bent[0])
        if n == size and clear > score + 0.05 and (score < 0.3 or clear >= STRAIGHT) and (
                best is None or clear > best[3] + 0.05 or (clear > best[3] - 0.05
                                                             and n > best[2])):
            best = (bent[0], bent[1], n, clear)
    return best


def find_grid(gray: np.ndarray) -> Cells:
    """Find the grid in a grey picture, straighten it and cut it into cells; a
    :class:`ScanError` when there is no grid.

    >>> from shudu.scan.synth import sample
    >>> cells = find_grid(load_gray(sample(4).image))
    >>> cells.size, len(cells.glyphs), cells.norm.shape
    (9, 81, (576, 576))
    """
    return _cut(find_grids(gray)[0])


def find_grids(gray: np.ndarray) -> list[Cells]:
    """The plausible grids of a grey picture, straightened, the likeliest first (see
    :func:`find_grid`), then the others largest first, not yet cut into cells (their
    ``glyphs`` empty: :func:`_cut` fills them); a :class:`ScanError` when there is none.

    >>> from shudu.scan.synth import sample
    >>> [c.size for c in find_grids(load_gray(sample(4).image))][:1]
    [9]
    """
    import cv2

    h, w = gray.shape
    f = min(1.0, WORK / max(h, w))
    work = cv2.resize(gray, (round(w * f), round(h * f)), interpolation=cv2.INTER_AREA) \
        if f < 1 else gray
    g = min(1.0, FIND / max(work.shape))
    small = cv2.resize(work, (round(work.shape[1] * g), round(work.shape[0] * g)),
                       interpolation=cv2.INTER_AREA) if g < 1 else work
    found: dict[int, tuple[float, float, Cells]] = {}
    outlines = _quads(small)[:6]
    # an outline closed by the picture's edge (a grid cut off) only after the others
    whole = [q for q in outlines if not _clipped(q, small.shape)]
    outlines = whole + [q for q in outlines if _clipped(q, small.shape)]
    straight: dict[int, tuple[np.ndarray, bool, np.ndarray, int, float]] = {}
    thick = None    # work dilated, for _dark
    for bend in (False, True):
        # bent lines (a curled page) only in outlines larger than any grid whose lines
        # are clearly straight
        larger = min([k for k, (_, s, _) in found.items() if s >= STRAIGHT],
                     default=len(outlines))
        for k, q in enumerate(outlines[:larger] if bend else outlines):
            if found and cv2.contourArea(q) / g ** 2 < 0.6 * next(iter(found.values()))[0]:
                break        # too small to win against the grid found (see below)
            if k not in straight:
                thick = _thick(work) if thick is None else thick
                dark = _dark(work, q / g, thick)
                quad = _refine(work, q / g, dark)
                norm = _normalise(_warp(work, quad), dark)
                straight[k] = (quad, dark, norm, *grid_size(norm))
            quad, dark, norm, n, score = straight[k]
            if bend:
                bent = _straightened(work, quad, dark, (n,) if score >= 0.3 else SIZES, score)
                if bent is None:
                    continue
                norm, quad, n, score = bent
            if score >= 0.3:
                area = abs(cv2.contourArea(quad.astype(np.float32)))
                found[k] = (area, score, Cells(quad / f, n, norm, _binary(norm), []))
    found = dict(sorted(found.items()))
    best = None
    if found:
        # the largest plausible grid, unless a grid nearly as large has much clearer lines
        area, score, first = next(iter(found.values()))
        best = max(((s, c) for k, (a, s, c) in found.items() if a >= 0.6 * area
                    and s >= score + 0.25 and k < len(whole)),
                   key=lambda t: t[0], default=(score, first))
    if best is None:
        raise ScanError("no Sudoku grid found in the picture")
    return [best[1]] + [c for _, _, c in found.values() if c is not best[1]]


def _cut(cells: Cells) -> Cells:
    """``cells`` (a grid of :func:`find_grids`) cut into its cells' glyphs."""
    import cv2

    if screened(cells.binary):    # printed as a halftone: the screen's dots smoothed away
        cells.norm = flatten(cv2.GaussianBlur(cells.norm, (0, 0), 1.5), 17)
        cells.binary = _binary(cells.norm)
    n = cells.size
    cells.glyphs = [glyph(cells.norm, cells.binary, n, r, c) for r in range(n) for c in range(n)]
    return cells


# ---------------------------------------------------------------- the classifier

@lru_cache(maxsize=1)
def _model() -> dict[str, np.ndarray]:
    if not WEIGHTS.exists():
        raise ScanError(f"the digit classifier's weights are missing ({WEIGHTS})")
    with np.load(WEIGHTS) as z:
        return {k: z[k].astype(np.float32) for k in z.files}


def features(glyphs: np.ndarray) -> np.ndarray:
    """The classifier's input for a stack of glyphs: the pixels, flattened.

    >>> features(np.zeros((3, GLYPH + 1, GLYPH))).shape
    (3, 600)
    """
    return glyphs.reshape(len(glyphs), -1).astype(np.float32)


def _dense(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``x @ w + b`` on this thread: NumPy's own loops, not the BLAS, whose threads, woken
    by a product this large, spin on the other cores for a tenth of a second after it
    (more CPU time than the rest of a reading).

    >>> _dense(np.ones((2, 3), np.float32), np.ones((3, 4), np.float32), np.zeros(4)).tolist()
    [[3.0, 3.0, 3.0, 3.0], [3.0, 3.0, 3.0, 3.0]]
    """
    out: np.ndarray = np.einsum("ij,jk->ik", x, w, optimize=False) + b
    return out


def classify(glyphs: np.ndarray, size: int = 16) -> np.ndarray:
    """Probabilities of "empty" (column 0: a stain, a shadow's edge, a line's remnant)
    and of the values 1..``size`` for each glyph (rows sum to 1), from the small network
    whose weights ship in the package (:file:`weights.npz`); its temperature was fitted
    so that the probabilities are calibrated on photos it was not trained on.

    >>> classify(np.zeros((2, GLYPH + 1, GLYPH), np.float32), 9).shape
    (2, 10)
    """
    p = _model()
    x = features(glyphs)
    h = np.maximum(_dense(x, p["w1"], p["b1"]), 0)
    h = np.maximum(_dense(h, p["w2"], p["b2"]), 0)
    z = _dense(h, p["w3"], p["b3"])[:, :size + 1] / float(p["temperature"])
    z = z - z.max(1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(1, keepdims=True)


def upright(cells: Cells) -> Cells:
    """The grid turned the way its digits read best (a picture taken sideways or upside
    down): the quarter turn whose glyphs the classifier reads most surely, the picture
    as it is unless a turn reads clearly better.

    >>> from shudu.scan.synth import sample
    >>> cells = find_grid(load_gray(np.ascontiguousarray(np.rot90(sample(4).image))))
    >>> [g is None for g in upright(cells).glyphs] == [c == "." for c in sample(4).puzzle]
    True
    """
    n = cells.size
    have = [i for i, g in enumerate(cells.glyphs) if g is not None]
    if not have:
        return cells
    stack = np.stack([g for g in cells.glyphs if g is not None])
    score = []
    for k in range(4):
        p = classify(turn(stack, k), n)
        score.append(float(np.mean(p[:, 1:].max(1))) + (0.05 if k == 0 else 0))
    k = int(np.argmax(score))
    if k == 0:
        return cells
    where = np.rot90(np.arange(n * n).reshape(n, n), k).ravel()
    glyphs: list[np.ndarray | None] = []
    for i in where:
        g = cells.glyphs[int(i)]
        glyphs.append(None if g is None else turn(g[None], k)[0])
    corners = np.roll(cells.corners, -k, axis=0)
    return Cells(corners, n, np.ascontiguousarray(np.rot90(cells.norm, k)),
                 np.ascontiguousarray(np.rot90(cells.binary, k)), glyphs)


def written_cells(ink: dict[int, tuple[float, float]], n: int) -> tuple[set[int], set[int]]:
    """The cells whose digit the player wrote, and those in doubt, from ``ink``: each
    non-empty cell's ink height (as a share of the cell) and contrast.  Printed givens
    share a typeface and an ink, so the largest group of equal heights (within
    :data:`PRINT_HEIGHT`) are the givens when it could be a puzzle (17 cells at least,
    9×9 only).  When :data:`HAND_LEAST` digits or more differ from their height by more
    than :data:`HAND_HEIGHT`, those are the player's; then a digit of a height between
    or of a fainter ink than the print's (:data:`HAND_INK`) is in doubt, and the
    player's too when its height is nearer the hand's or its ink is fainter.

    >>> printed = {i: (0.71, 0.6) for i in range(20)}
    >>> hand = {30: (0.9, 0.4), 31: (0.93, 0.4), 32: (0.88, 0.4)}
    >>> written, unsure = written_cells({**printed, **hand, 33: (0.76, 0.6), 34: (0.74, 0.6),
    ...                                  35: (0.71, 0.3)}, 9)
    >>> sorted(written), sorted(unsure)
    ([30, 31, 32, 33, 35], [33, 34, 35])
    >>> written_cells({**printed, 30: (0.9, 0.4)}, 9)
    (set(), set())
    """
    if n != 9 or len(ink) < 17 + HAND_LEAST:
        return set(), set()
    hs = np.array([h for h, _ in ink.values()])
    group = [int((np.abs(hs - h) <= PRINT_HEIGHT).sum()) for h in hs]
    if max(group) < 17:
        return set(), set()
    core = np.abs(hs - hs[int(np.argmax(group))]) <= PRINT_HEIGHT
    height = float(np.median(hs[core]))
    contrast = float(np.median(np.array([c for _, c in ink.values()])[core]))
    written = {i for i, (h, _) in ink.items() if abs(h - height) > HAND_HEIGHT}
    if len(written) < HAND_LEAST:
        return set(), set()
    faint = {i for i, (_, c) in ink.items() if c < HAND_INK * contrast}
    between = {i for i, (h, _) in ink.items() if PRINT_HEIGHT < abs(h - height) <= HAND_HEIGHT}
    unsure = (faint | between) - written
    nearer_hand = {i for i in between if abs(ink[i][0] - height) > HAND_HEIGHT / 2}
    return written | (unsure & (faint | nearer_hand)), unsure


def _correlations(pictures: np.ndarray) -> np.ndarray:
    """The normalised correlation of every pair of ``pictures`` (a stack of glyphs' ink)."""
    flat = pictures.reshape(len(pictures), -1).astype(np.float64)
    flat = flat - flat.mean(axis=1, keepdims=True)
    flat /= np.sqrt((flat * flat).sum(axis=1, keepdims=True)) + 1e-9
    return np.einsum("ik,jk->ij", flat, flat)


def by_typeface(pictures: np.ndarray, digits: list[int], cells: list[int],
                written: set[int], unsure: set[int]) -> tuple[set[int], set[int]]:
    """``written`` and ``unsure`` (see :func:`written_cells`) told again by shape: a digit
    in doubt that is a near copy of a confidently printed one of the same value
    (:data:`PRINT_MATCH`) is printed, for certain; a digit taken for print that resembles
    none of two or more printed copies of its value (:data:`PRINT_UNLIKE`) is in doubt.
    ``pictures``: the glyphs' ink, one per cell of ``cells``, read as ``digits``.

    >>> rng = np.random.default_rng(1)
    >>> five, seven = rng.random((24, 24)), rng.random((24, 24))
    >>> hand = rng.random((24, 24))
    >>> pics = np.stack([five, five + 0.01, seven, seven, seven + 0.02, hand])
    >>> by_typeface(pics, [5, 5, 7, 7, 7, 7], [0, 1, 2, 3, 4, 5], {1}, {1})
    (set(), {5})
    """
    written, unsure = set(written), set(unsure)
    if not unsure and not written:
        return written, unsure
    corr = _correlations(pictures)
    sure_print = [k for k, i in enumerate(cells) if i not in written and i not in unsure]
    sure_hand = [k for k, i in enumerate(cells) if i in written and i not in unsure]

    def best(k: int, among: list[int]) -> tuple[float, int]:
        same = [float(corr[k, j]) for j in among if j != k and digits[j] == digits[k]]
        return (max(same), len(same)) if same else (-1.0, 0)

    for k, i in enumerate(cells):
        printed, copies = best(k, sure_print)
        if i in unsure:
            if printed >= PRINT_MATCH and printed - best(k, sure_hand)[0] >= HAND_MARGIN:
                written.discard(i)
                unsure.discard(i)
        elif i not in written and copies >= 2 and printed < PRINT_UNLIKE:
            unsure.add(i)
    return written, unsure


# ---------------------------------------------------------------- checking the reading

def _state(values: list[int], n: int) -> str:
    """``ok``, ``invalid``, ``no-solution`` or ``multiple`` for a reading."""
    from ..solving.engine import count

    try:
        grid = Grid(values)
    except Exception:
        return "invalid"
    k = count(grid, 2)
    return "ok" if k == 1 else "no-solution" if k == 0 else "multiple"


def _check(values: list[int], conf: list[float], alts: list[list[tuple[int, float]]],
           n: int) -> tuple[str, list[int], list[int]]:
    """The status of a reading, and when it is not a proper puzzle, the best correction
    among the next-best readings of the least confident cells (one or two cells)."""
    state = _state(values, n)
    if state == "ok":
        return state, values, []
    doubtful = sorted(range(len(values)), key=lambda i: conf[i])[:8]
    clash: set[int] = set()
    if state == "invalid":    # the cells of a repeated digit are suspects too
        clash = {c for pair in Grid([0] * len(values)).rules.conflicts(values) for c in pair}
        clash = set(sorted(clash - set(doubtful), key=lambda i: conf[i])[:6])
        doubtful += sorted(clash)
    options: list[tuple[float, list[tuple[int, int]]]] = []
    for i in doubtful:
        for v, p in alts[i]:
            if v != values[i]:
                options.append((p / max(conf[i], 1e-6), [(i, v)]))
        if values[i] and all(v for v, _ in alts[i]):   # a smudge: the cell may be empty
            options.append((0.5 * (1 - conf[i]) / max(conf[i], 1e-6), [(i, 0)]))
    ranked = sorted(options, key=lambda t: -t[0])
    singles = ranked[:12] + [o for o in ranked[12:] if o[1][0][0] in clash]
    pairs = []
    for a in range(len(singles)):
        for b in range(a + 1, len(singles)):
            (pa, ca), (pb, cb) = singles[a], singles[b]
            if ca[0][0] != cb[0][0]:
                pairs.append((pa * pb, ca + cb))
    pairs.sort(key=lambda t: -t[0])
    for _, change in singles + pairs[:40]:
        trial = list(values)
        for i, v in change:
            trial[i] = v
        if _state(trial, n) == "ok":
            return "corrected", trial, [i for i, _ in change]
    return state, values, []


def _given_back(values: list[int], entries: list[str], doubtful: list[int],
                n: int) -> tuple[str, list[int], list[int]]:
    """A reading with several solutions whose doubtful entries (``doubtful``: cells that
    may be printed) were perhaps givens: the first of them, or pair of them, that gives
    one solution when put back among the givens (``corrected``, with the cells changed);
    else the reading as it was (``multiple``).

    >>> from shudu.values.grid import Grid
    >>> line = "1..4.79.8..2.18...4...5..3.34......5.58...41.6......23.1..7...9...16.3..7.58.9..1"
    >>> values = [0 if c == "." else int(c) for c in line]
    >>> values[3] = 0                       # a given read as the player's digit
    >>> entries = ["."] * 81
    >>> entries[3] = "4"
    >>> state, fixed, changed = _given_back(values, entries, [3], 9)
    >>> state, changed, str(Grid(fixed)) == line
    ('corrected', [3], True)
    """
    tries = [[i] for i in doubtful if entries[i] != "."][:8]
    tries += [a + b for k, a in enumerate(tries) for b in tries[k + 1:]]
    for cells in tries:
        trial = list(values)
        for i in cells:
            trial[i] = SYMBOLS.index(entries[i]) + 1
        if _state(trial, n) == "ok":
            return "corrected", trial, cells
    return "multiple", values, []


def scan(image: Any, *, debug_dir: str | os.PathLike[str] | None = None) -> ScanResult:
    """Read the Sudoku puzzle in a photo or screenshot.

    ``image``: a file path, the file's bytes, a NumPy array (grey, RGB or RGBA) or a
    Pillow image.  The largest plausible grid is found, straightened, its size (4, 6, 9
    or 16) told from its lines, its cells read; then the reading is checked: a repeated
    digit, no solution or several solutions are reported in ``status`` with the least
    confident cells, after the next-best readings of those cells were tried in order
    (a reading giving one solution wins: ``status == "corrected"``).  ``debug_dir``
    receives the pictures of each stage.  A :class:`ScanError` when no grid is found.

    >>> scan(np.full((50, 50), 255, np.uint8))
    Traceback (most recent call last):
    ...
    shudu.scan.reader.ScanError: no Sudoku grid found in the picture
    """
    gray = load_gray(image)
    if min(gray.shape) < 32:
        raise ScanError("no Sudoku grid found in the picture")
    cells = upright(find_grid(gray))
    marks = _STAGES["marks"](cells)
    glyphs = list(cells.glyphs)
    result = _reading(image, cells, marks)
    if result.status not in PROPER and marks.digit_like:
        # a cell taken for marks whose ink looked like a digit (a given half hidden by
        # a blot): read as a digit after all
        cells.glyphs = glyphs
        result = _reading(image, cells, marks.without(marks.digit_like))
    if debug_dir is not None:
        write_debug(debug_dir, gray, cells, result)
    return result


def _reading(image: Any, cells: Cells, marks: Any) -> ScanResult:
    """The reading of the found grid ``cells`` whose ``marks`` were read (see :func:`scan`)."""
    n = cells.size
    for i in marks.cells:   # small digits: the player's pencil marks, not a digit
        cells.glyphs[i] = None
    glyphs = [(i, g) for i, g in enumerate(cells.glyphs) if g is not None]
    idx = [i for i, _ in glyphs]
    values = [0] * (n * n)
    conf = [1.0] * (n * n)
    alts: list[list[tuple[int, float]]] = [[] for _ in range(n * n)]
    player = _STAGES["player"](image, cells)   # a screenshot: the player's ink
    written, unsure = (player, set()) if player is not None else written_cells(
        {i: (float(g[GLYPH, 2]), float(g[GLYPH, 5])) for i, g in glyphs}, n)
    probs = np.empty((0, n + 1))
    if idx:
        stack = np.stack([g for _, g in glyphs])
        probs = classify(stack, n)
        if player is None:   # a photo: print told from the hand by its shape too
            written, unsure = by_typeface(stack[:, :GLYPH], probs.argmax(1).tolist(), idx,
                                          written, unsure)
    entries = ["."] * (n * n) if written else []
    for i, p in zip(idx, probs):
        order = np.argsort(-p)
        if i in written:     # the player's digit: not a given
            entries[i] = SYMBOLS[int(order[0]) - 1] if order[0] else "."
            conf[i] = 0.5 if i in unsure else 1.0
            continue
        values[i] = int(order[0])
        # a digit of a height between the print's and the hand's is in doubt
        conf[i] = float(p[order[0]]) * (0.5 if i in unsure else 1.0)
        alts[i] = [(int(v), float(p[v])) for v in order[:3]]
    idx = [i for i in idx if i not in written]
    state, final, changed = _check(values, conf, alts, n)
    if state == "multiple" and written:   # a given taken for the player's digit?
        state, final, changed = _given_back(final, entries, sorted(written & unsure), n)
        for i in changed:
            entries[i] = "."
    doubtful_cells = [i for i in sorted(range(n * n), key=lambda i: conf[i])
                      if conf[i] < LOW_CONFIDENCE]
    if state == "ok" and doubtful_cells:
        state = "low-confidence"
    name = Grid([0] * (n * n)).rules.cell_name
    doubtful = tuple(name(i) for i in (doubtful_cells or
                                       sorted(idx, key=lambda i: conf[i])[:3]))
    messages = {
        "ok": "a puzzle with one solution",
        "corrected": "corrected to a puzzle with one solution by reading "
                     + ", ".join(name(i) for i in changed) + " differently; check these cells",
        "low-confidence": "a puzzle with one solution, but some cells are doubtful: "
                          + ", ".join(doubtful),
        "invalid": "the reading repeats a digit in a house; doubtful cells: "
                   + ", ".join(doubtful),
        "no-solution": "the reading has no solution; doubtful cells: " + ", ".join(doubtful),
        "multiple": "the reading has several solutions; doubtful cells: " + ", ".join(doubtful),
    }
    return ScanResult(
        grid=Grid(final, check=False), read=Grid(values, check=False),
        confidence=tuple(conf), corners=tuple((float(x), float(y)) for x, y in cells.corners),
        size=n, status=state, doubtful=doubtful, changed=tuple(name(i) for i in changed),
        message=f"{n}×{n}: {messages[state]}",
        alternatives=tuple(tuple(SYMBOLS[v - 1] if v else "." for v, _ in a) for a in alts),
        entries="".join(entries),
        marks=marks.marks if marks.cells else (),
        doubtful_marks=tuple(name(i) for i in sorted(marks.doubtful)),
    )


def write_debug(directory: str | os.PathLike[str], gray: np.ndarray, cells: Cells,
                result: ScanResult) -> list[Path]:
    """Write the stages of a reading as pictures in ``directory``: ``1-found.png`` (the
    grid's outline on the picture), ``2-warped.png``, ``3-binary.png``, ``4-cells.png``
    (each non-empty cell as the classifier saw it, with what was read) and
    ``result.json``; returns the paths.

    >>> import tempfile
    >>> from shudu.scan.synth import sample
    >>> d = tempfile.mkdtemp()
    >>> _ = scan(sample(4).image, debug_dir=d)
    >>> sorted(p.name for p in Path(d).iterdir())[:2]
    ['1-found.png', '2-warped.png']
    """
    import cv2

    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    colour = cv2.cvtColor(gray, cv2.COLOR_GRAY2BGR)
    cv2.polylines(colour, [np.array(cells.corners, dtype=np.int32)], True, (0, 0, 255),
                  max(2, max(gray.shape) // 300))
    paths = [d / "1-found.png", d / "2-warped.png", d / "3-binary.png", d / "4-cells.png",
             d / "result.json"]
    cv2.imwrite(str(paths[0]), colour)
    cv2.imwrite(str(paths[1]), cells.norm)
    cv2.imwrite(str(paths[2]), cells.binary)
    n = cells.size
    tile = GLYPH + 16
    sheet = np.full((n * tile, n * tile), 255, np.uint8)
    text = str(result.read)
    for i, g in enumerate(cells.glyphs):
        r, c = divmod(i, n)
        if g is not None:
            sheet[r * tile: r * tile + GLYPH, c * tile: c * tile + GLYPH] = \
                (255 - g[:GLYPH] * 255).astype(np.uint8)
            cv2.putText(sheet, text[i], (c * tile + 2, r * tile + GLYPH + 13),
                        cv2.FONT_HERSHEY_SIMPLEX, 0.4, 0, 1)
    cv2.imwrite(str(paths[3]), sheet)
    paths[4].write_text(json.dumps(result.to_dict(), indent=1), encoding="utf-8")
    return paths


@dataclass
class Score:
    """Accuracy of readings against ground truth (see :func:`evaluate`)."""

    pictures: int = 0
    cells: int = 0
    cells_right: int = 0
    exact: int = 0          # whole puzzles read exactly (``grid`` equals the truth)
    wrong: int = 0          # puzzles not read exactly
    wrong_flagged: int = 0  # ... whose status says so (anything but ``ok``)
    failures: list[str] = field(default_factory=list)

    @property
    def cell_accuracy(self) -> float:
        """Share of cells read right."""
        return self.cells_right / max(1, self.cells)

    @property
    def puzzle_accuracy(self) -> float:
        """Share of whole puzzles read exactly."""
        return self.exact / max(1, self.pictures)

    @property
    def flagged(self) -> float:
        """Share of the inexact readings whose status says so (1.0 when none)."""
        return self.wrong_flagged / self.wrong if self.wrong else 1.0

    def add(self, name: str, truth: str, result: ScanResult | None) -> None:
        """Count one picture (``result`` ``None``: no grid found, flagged by the error)."""
        self.pictures += 1
        self.cells += len(truth)
        got = str(result.grid) if result is not None else ""
        if len(got) == len(truth):
            self.cells_right += sum(a == b for a, b in zip(got, truth))
        if got == truth:
            self.exact += 1
            return
        self.wrong += 1
        if result is None or result.status != "ok":
            self.wrong_flagged += 1
        self.failures.append(f"{name}: {result.status if result else 'no grid'}")


def evaluate(items: Any) -> Score:
    """Read each ``(name, image, truth puzzle line)`` of ``items`` and score the readings.

    >>> from shudu.scan.synth import sample
    >>> s = evaluate([("a", sample(4).image, sample(4).puzzle)])
    >>> s.cell_accuracy, s.puzzle_accuracy, s.flagged
    (1.0, 1.0, 1.0)
    """
    score = Score()
    for name, image, truth in items:
        try:
            result: ScanResult | None = scan(image)
        except ScanError:
            result = None
        score.add(name, truth, result)
    return score
