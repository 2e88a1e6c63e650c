"""Screenshots: a grid drawn flat on a screen (its outline square to the picture's sides)
whose app shows the givens and the player's digits in two inks, told apart here by
their colour (black or white givens, coloured digits of the player) or, in one colour,
by their weight (bold givens).

>>> from shudu.scan.shots import screenshot
>>> from shudu.scan.reader import find_grid, load_gray, upright
>>> from shudu.scan.marks import read_marks
>>> shot = screenshot(1, "app-light")
>>> cells = upright(find_grid(load_gray(shot.image)))
>>> for i in read_marks(cells).cells:   # the pencil marks are not digits
...     cells.glyphs[i] = None
>>> player = player_cells(shot.image, cells)
>>> sorted(player) == [i for i, e in enumerate(shot.entries) if e != "."]
True
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from .reader import WARP, register

if TYPE_CHECKING:
    from .reader import Cells

SQUARE = 0.01
"""A screenshot's grid: its corners within this share of its side of an upright square."""
APART = 40.0
"""Two inks whose colours lie this far apart (in Lab, about the steps a person sees)
are two roles."""
BOLD = 1.15
"""The givens' strokes are at least this many times as thick as the player's in one ink
(and every given's thicker than every digit of the player's by :data:`GAP`)."""
GAP = 1.15
"""In one ink, the thinnest given's strokes are at least this many times as thick as the
thickest digit's of the player: a photo of print taken square to the page, small and
soft, varies its strokes by digit (its thinnest thick one is about 1.03 times the
thickest thin one), a screenshot's bold givens stand well apart (1.4 times or more)."""


def flat(corners: Any) -> bool:
    """True when a grid's outline is upright and unwarped, as on a screenshot.

    >>> flat([(10, 10), (110, 10), (110, 110), (10, 110)])
    True
    >>> flat([(10, 10), (110, 14), (110, 110), (10, 110)])
    False
    """
    q = np.asarray(corners, dtype=np.float64)
    side = max(float(np.ptp(q[:, 0])), float(np.ptp(q[:, 1])), 1.0)
    tol = SQUARE * side + 1
    return bool(abs(q[0, 1] - q[1, 1]) <= tol and abs(q[3, 1] - q[2, 1]) <= tol
                and abs(q[0, 0] - q[3, 0]) <= tol and abs(q[1, 0] - q[2, 0]) <= tol)


def _colour(image: Any, half: bool = False) -> tuple[np.ndarray, int, int] | None:
    """The picture's colour pixels when it is a colour array or file, the OpenCV code
    that turns them into L*a*b*, and the factor they were reduced by.  A file is decoded
    in colour once, its channels left in the decoder's order (the warp comes first, on far
    fewer pixels); ``half`` decodes it at half its width and height, as JPEG can at a
    quarter of the cost."""
    import cv2

    if isinstance(image, np.ndarray) and image.ndim == 3 and image.shape[2] >= 3:
        return np.ascontiguousarray(image[..., :3]).astype(np.uint8), cv2.COLOR_RGB2LAB, 1
    if isinstance(image, bytes | bytearray | memoryview) or hasattr(image, "__fspath__") \
            or isinstance(image, str):
        from ..formats.picture_size import PictureTooLarge, check_pixels

        raw = bytes(image) if isinstance(image, bytes | bytearray | memoryview) \
            else Path(image).read_bytes()
        try:    # the size check, before a colour decode
            if check_pixels(raw) is None:
                return None
        except PictureTooLarge:
            return None
        bgr = cv2.imdecode(np.frombuffer(raw, np.uint8),
                           cv2.IMREAD_REDUCED_COLOR_2 if half else cv2.IMREAD_COLOR)
        return None if bgr is None else (bgr, cv2.COLOR_BGR2LAB, 2 if half else 1)
    return None


def _two(values: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """Two groups of ``values`` (rows) by two-means, as boolean masks, or ``None``."""
    if len(values) < 4:
        return None
    far = np.linalg.norm(values - values.mean(0), axis=1)
    a = values[int(np.argmax(far))]
    b = values[int(np.argmax(np.linalg.norm(values - a, axis=1)))]
    for _ in range(10):
        near_a = np.linalg.norm(values - a, axis=1) <= np.linalg.norm(values - b, axis=1)
        if near_a.all() or not near_a.any():
            return None
        a, b = values[near_a].mean(0), values[~near_a].mean(0)
    return near_a, ~near_a


def _stroke(ink: np.ndarray) -> float:
    """The width of a glyph's strokes in pixels (``ink``: 0 paper .. 1 ink): twice its
    area over its outline's length.

    >>> bar = np.zeros((20, 20)); bar[5:15, 8:12] = 1
    >>> round(_stroke(bar), 1)
    3.0
    """
    gy, gx = np.gradient(ink.astype(np.float64))
    return float(2 * ink.sum() / max(1e-6, float(np.hypot(gx, gy).sum())))


def player_cells(image: Any, cells: Cells) -> set[int] | None:
    """The cells of a screenshot's grid holding the player's digits, told from the
    givens by the ink's colour (the givens the less coloured ink), or by weight (the
    givens the bolder); ``None`` when the picture is not a flat screenshot or its digits
    are all of one ink (then the height of the digits decides, as on paper).
    """
    import cv2

    if cells.size != 9 or not flat(cells.corners):
        return None
    corners = np.asarray(cells.corners, np.float32)
    # a grid at least twice the warp's side is read from a file decoded at half size
    colour = _colour(image, half=float(np.ptp(corners[:, 0])) >= 2 * WARP)
    if colour is None:
        return None
    pixels, to_lab, reduced = colour
    corners = (corners / reduced).astype(np.float32)
    dst = np.array([[0, 0], [WARP, 0], [WARP, WARP], [0, WARP]], dtype=np.float32)
    m = cv2.getPerspectiveTransform(corners, dst)
    warped = cv2.warpPerspective(pixels, m, (WARP, WARP), flags=cv2.INTER_AREA)
    lab = cv2.cvtColor(warped, to_lab).astype(np.float32)
    side = WARP / 9
    have, inks, strokes = [], [], []
    for i, g in enumerate(cells.glyphs):
        if g is None:
            continue
        r, c = divmod(i, 9)
        y0, x0, y1, x1 = (int(v) for v in (r * side + 0.15 * side, c * side + 0.15 * side,
                                          (r + 1) * side - 0.15 * side,
                                          (c + 1) * side - 0.15 * side))
        box = lab[y0:y1, x0:x1]
        paper = np.median(box.reshape(-1, 3), axis=0)     # most of a cell is background
        far = np.linalg.norm(box - paper, axis=2)
        mask = far > 0.5 * float(far.max())
        if mask.sum() < 8:
            continue
        core = box[mask][far[mask] >= np.percentile(far[mask], 60)]   # the ink's colour
        have.append(i)
        inks.append(core.mean(0))
        strokes.append(_stroke(np.clip(far / float(far.max()), 0, 1)))
    if len(have) < 17 + 1:
        return None
    ink = np.array(inks)
    chroma = np.hypot(ink[:, 1] - 128, ink[:, 2] - 128)
    split = _two(ink)
    if split is not None:
        a, b = split
        if np.linalg.norm(ink[a].mean(0) - ink[b].mean(0)) >= APART:
            ca, cb = float(chroma[a].mean()), float(chroma[b].mean())
            if abs(ca - cb) < 10:   # both grey: the givens the stronger
                paper_l = float(np.median(lab[..., 0]))
                ca, cb = (-abs(float(ink[a, 0].mean()) - paper_l),
                          -abs(float(ink[b, 0].mean()) - paper_l))
            player = b if ca < cb else a
            return {have[k] for k in np.flatnonzero(player)}
    stroke = np.array(strokes)[:, None]
    split = _two(stroke)
    if split is not None:
        a, b = split
        sa, sb = float(stroke[a].mean()), float(stroke[b].mean())
        player = b if sa > sb else a
        if max(sa, sb) >= BOLD * min(sa, sb) and \
                float(stroke[~player].min()) > GAP * float(stroke[player].max()):
            if (~player).sum() >= 17:
                return {have[k] for k in np.flatnonzero(player)}
    return None


register("player", player_cells)
