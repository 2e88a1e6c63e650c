"""Synthetic puzzle photographs with their ground truth, for training and testing the reader.

A puzzle is drawn either by shudu's own renderer (:func:`shudu.pictures.png`) or by a small
Pillow drawing in one of the system's DejaVu / Liberation typefaces (regular or bold,
black or coloured digits, shaded cells, a dark "screenshot" theme), then "photographed":
put on a page or a screen with a nearby second grid or text, warped in perspective,
rotated, scaled, blurred, lit unevenly, given noise and JPEG artefacts.  Everything
follows one seed.

>>> s = sample(4)
>>> s.image.ndim, s.image.dtype.name, len(s.puzzle)
(3, 'uint8', 81)
>>> sample(4).puzzle == s.puzzle and bool((sample(4).image == s.image).all())
True
"""

from __future__ import annotations

import glob
import io
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from PIL.Image import Image
    from PIL.ImageFont import FreeTypeFont

Corners = tuple[tuple[float, float], ...]
"""A grid's four corners in a picture: top left, top right, bottom right, bottom left."""

SYMBOLS = "123456789ABCDEFG"
"""The symbols of a cell's value 1..16, as the file formats write them."""

FONT_GLOBS = (
    "/usr/share/fonts/truetype/dejavu/DejaVu*.ttf",
    "/usr/share/fonts/truetype/liberation/Liberation*.ttf",
)

BOX = {4: (2, 2), 6: (2, 3), 9: (3, 3), 16: (4, 4)}
"""Box height and width per grid size."""


@dataclass(frozen=True)
class Sample:
    """One synthetic photograph: RGB pixels, the puzzle it shows (one line, ``.`` for an
    empty cell), the grid's corners in the picture (TL, TR, BR, BL) and how it was made."""

    image: np.ndarray
    puzzle: str
    corners: tuple[tuple[float, float], ...]
    kind: str


@lru_cache(maxsize=1)
def fonts() -> tuple[str, ...]:
    """The upright DejaVu and Liberation font files of this system (sorted).

    >>> all(f.endswith(".ttf") for f in fonts())
    True
    """
    found: list[str] = []
    for pattern in FONT_GLOBS:
        found += glob.glob(pattern)
    bad = ("Italic", "Oblique", "Math", "ExtraLight")
    return tuple(sorted(f for f in found if not any(b in f for b in bad)))


def puzzle_text(size: int, seed: int, *, valid: bool = True) -> str:
    """A puzzle line of ``size``×``size``: a generated puzzle with a unique solution
    (``valid``), or random symbols in random cells (for training).

    >>> len(puzzle_text(4, 1)), len(puzzle_text(16, 1, valid=False))
    (16, 256)
    """
    if valid:
        from ..make.classic import generate

        return str(generate(str(size) if size != 9 else None, seed=seed).puzzle)
    rng = random.Random(seed)
    fill = rng.uniform(0.25, 0.6)
    return "".join(SYMBOLS[rng.randrange(size)] if rng.random() < fill else "."
                   for _ in range(size * size))


def _font(path: str, px: int) -> FreeTypeFont:
    from PIL import ImageFont

    return ImageFont.truetype(path, px)


def draw_grid(puzzle: str, rng: random.Random, *, cell: int = 44) -> tuple[Image, Corners]:
    """A Pillow drawing of ``puzzle`` in a random system typeface and style: returns the
    RGB image and the grid's corners in it.

    >>> img, corners = draw_grid("1" + "." * 15, random.Random(0))
    >>> img.mode, corners[0]
    ('RGB', (10.0, 10.0))
    """
    from PIL import Image, ImageDraw

    n = round(len(puzzle) ** 0.5)
    bh, bw = BOX[n]
    dark = rng.random() < 0.15
    bg = (rng.randint(20, 45),) * 3 if dark else tuple(rng.randint(235, 255) for _ in range(3))
    ink = (rng.randint(200, 240),) * 3 if dark else (0, 0, 0)
    thin = (110, 110, 110) if dark else tuple(rng.randint(80, 160) for _ in range(3))
    pad = 10
    side = n * cell
    img = Image.new("RGB", (side + 2 * pad, side + 2 * pad), bg)
    d = ImageDraw.Draw(img)
    digit_colour = ink
    if not dark and rng.random() < 0.25:
        digit_colour = rng.choice([(0, 60, 160), (120, 0, 0), (0, 90, 40), (60, 60, 60)])
    if not dark and rng.random() < 0.4:   # shaded cells
        shade = rng.choice([(220, 240, 220), (230, 230, 230), (250, 240, 200), (215, 230, 250)])
        for i in range(n * n):
            if rng.random() < 0.25:
                r, c = divmod(i, n)
                x, y = pad + c * cell, pad + r * cell
                d.rectangle([x, y, x + cell, y + cell], fill=shade)
    font = _font(rng.choice(fonts()), int(cell * rng.uniform(0.55, 0.8)))
    for i, ch in enumerate(puzzle):
        if ch in ".0":
            continue
        r, c = divmod(i, n)
        cx = pad + c * cell + cell / 2 + rng.uniform(-1.5, 1.5)
        cy = pad + r * cell + cell / 2 + rng.uniform(-1.5, 1.5)
        d.text((cx, cy), ch, fill=digit_colour, font=font, anchor="mm")
    tw = max(1, cell // 30)
    bwid = max(2, int(cell * rng.uniform(0.05, 0.1)))
    for k in range(n + 1):
        x = pad + k * cell
        wv = bwid if k % bw == 0 else tw
        wh = bwid if k % bh == 0 else tw
        d.line([(x, pad), (x, pad + side)], fill=ink if k % bw == 0 else thin, width=wv)
        d.line([(pad, x), (pad + side, x)], fill=ink if k % bh == 0 else thin, width=wh)
    corners = ((pad, pad), (pad + side, pad), (pad + side, pad + side), (pad, pad + side))
    return img, tuple((float(x), float(y)) for x, y in corners)


def shudu_grid(puzzle: str, rng: random.Random) -> tuple[Image, Corners]:
    """shudu's own picture of ``puzzle`` (:func:`shudu.pictures.png`) and its corners.

    >>> img, corners = shudu_grid("." * 81, random.Random(1))
    >>> corners[2] == (float(img.size[0]), float(img.size[1]))
    True
    """
    from PIL import Image

    from ..pictures import png
    from ..values.grid import Grid

    grid = Grid(puzzle, check=False)
    img = Image.open(io.BytesIO(png(grid, scale=rng.choice([1.0, 1.5, 2.0])))).convert("RGB")
    w, h = img.size
    # the board fills the picture; the outer border sits on its edge
    return img, ((0.0, 0.0), (float(w), 0.0), (float(w), float(h)), (0.0, float(h)))


def _brightness(img: Image, xy: tuple[int, int]) -> float:
    """The sum of an RGB picture's channels at ``xy``."""
    pixel = img.getpixel(xy)
    return sum(pixel) if isinstance(pixel, tuple) else float(pixel or 0)


def _distractors(canvas: Image, rng: random.Random, avoid: tuple[int, int, int, int]) -> None:
    """Text lines and sometimes a small second grid on the canvas, outside ``avoid``."""
    from PIL import ImageDraw

    d = ImageDraw.Draw(canvas)
    w, h = canvas.size
    x0, y0, _x1, y1 = avoid
    font = _font(rng.choice(fonts()), rng.randint(14, 26))
    words = "Sudoku puzzle no. 142 difficulty hard 数独 fill every row column and box".split()
    colour = (40, 40, 40) if _brightness(canvas, (0, 0)) > 300 else (220, 220, 220)
    for _ in range(rng.randint(2, 6)):
        y = rng.choice([rng.randint(0, max(0, y0 - 30)), rng.randint(min(h - 1, y1 + 5), h - 1)])
        text = " ".join(rng.choice(words) for _ in range(rng.randint(3, 8)))
        d.text((rng.randint(0, w // 3), y), text, fill=colour, font=font)
    if rng.random() < 0.35 and x0 > 90:   # a small grid to the left
        s = min(x0 - 20, (y1 - y0) // 2)
        gx, gy = 5, y0 + rng.randint(0, max(1, (y1 - y0) - s))
        for k in range(10):
            wd = 2 if k % 3 == 0 else 1
            d.line([(gx + k * s / 9, gy), (gx + k * s / 9, gy + s)], fill=colour, width=wd)
            d.line([(gx, gy + k * s / 9), (gx + s, gy + k * s / 9)], fill=colour, width=wd)


def photograph(img: Image, corners: Corners, rng: random.Random, *, out: int = 900,
               hard: str = "") -> tuple[np.ndarray, Corners]:
    """Put a grid picture on a page or screen and photograph it: returns RGB pixels
    (longest side ``out``) and the grid's corners in them.  ``hard`` names one of the
    :data:`HARD` conditions to add (none by default).

    >>> rng = random.Random(2)
    >>> img, corners = draw_grid("." * 16, rng)
    >>> shot, pts = photograph(img, corners, rng, out=300)
    >>> shot.shape, len(pts)
    ((300, 300, 3), 4)
    """
    import cv2
    from PIL import Image

    gw, gh = img.size
    dark = float(np.median(np.asarray(img.convert("L")))) < 128
    margin = int(max(gw, gh) * rng.uniform(0.15, 0.5))
    page = img.getpixel((1, 1)) if _brightness(img, (1, 1)) > 600 or dark else \
        tuple(rng.randint(215, 252) for _ in range(3))
    canvas = Image.new("RGB", (gw + 2 * margin, gh + 2 * margin), page)
    canvas.paste(img, (margin, margin))
    left = margin
    if hard == "clutter":
        canvas, left = _second_grid(canvas, img, margin, rng)
    if rng.random() < 0.8:
        _distractors(canvas, rng, (left, margin, left + gw, margin + gh))
    src = np.array(canvas)
    cw, ch = canvas.size
    gcorners = [(x + left, y + margin) for x, y in corners]
    if hard == "curl":
        src, gcorners = _curl(src, gcorners, rng)
    # the page on a table, in perspective
    table = np.array([rng.randint(40, 160) for _ in range(3)], dtype=np.uint8)
    scale = out / max(cw, ch) * rng.uniform(0.75, 0.95)
    j = 0.12 * rng.random() if hard != "perspective" else rng.uniform(0.18, 0.26)
    quad = np.array([[0, 0], [cw, 0], [cw, ch], [0, ch]], dtype=np.float32)
    ang = np.deg2rad(rng.uniform(-12, 12))
    rot = np.array([[np.cos(ang), -np.sin(ang)], [np.sin(ang), np.cos(ang)]])
    centred = (quad - [cw / 2, ch / 2]) @ rot.T * scale
    jitter = np.array([[rng.uniform(-j, j) * cw * scale, rng.uniform(-j, j) * ch * scale]
                       for _ in range(4)])
    dst = (centred + jitter + [out / 2, out / 2]).astype(np.float32)
    m = cv2.getPerspectiveTransform(quad, dst)
    shot = cv2.warpPerspective(src, m, (out, out), flags=cv2.INTER_AREA,
                               borderMode=cv2.BORDER_CONSTANT, borderValue=table.tolist())
    pts = cv2.perspectiveTransform(np.array([gcorners], dtype=np.float32), m)[0]
    f: np.ndarray = shot.astype(np.float32)
    if hard == "shadow":
        f *= _hard_shadow(out, pts, rng)[..., None]
    # uneven light: a linear gradient and a soft spot
    yy, xx = np.mgrid[0:out, 0:out].astype(np.float32) / out
    a, b = rng.uniform(-0.35, 0.35), rng.uniform(-0.35, 0.35)
    light = 1 + a * (xx - 0.5) + b * (yy - 0.5)
    sx, sy, sr = rng.random(), rng.random(), rng.uniform(0.2, 0.6)
    light *= 1 - rng.uniform(0, 0.25) * np.exp(-((xx - sx) ** 2 + (yy - sy) ** 2) / sr ** 2)
    f *= light[..., None]
    if rng.random() < 0.7:
        k = rng.choice([3, 5])
        f = cv2.GaussianBlur(f, (k, k), rng.uniform(0.4, 1.4))
    f += np.random.default_rng(rng.getrandbits(32)).normal(0, rng.uniform(1, 8), f.shape)
    shot = np.clip(f, 0, 255).astype(np.uint8)
    _, enc = cv2.imencode(".jpg", shot, [cv2.IMWRITE_JPEG_QUALITY, rng.randint(40, 92)])
    photo = cv2.imdecode(enc, cv2.IMREAD_UNCHANGED)
    if photo is None:   # never: OpenCV decodes the JPEG it has just encoded
        raise RuntimeError("the photograph's JPEG could not be decoded")
    if hard == "rotated":   # the page turned a quarter, a half or three quarters
        k = rng.choice([1, 2, 3])
        photo = np.ascontiguousarray(np.rot90(photo, k))
        for _ in range(k):   # a point (x, y) goes to (y, out - x) at each quarter turn
            pts = np.array([[y, out - x] for x, y in pts], dtype=np.float32)
    return photo, tuple((float(x), float(y)) for x, y in pts)


HARD = ("shadow", "low-res", "shadow-low-res", "curl", "perspective", "clutter", "rotated",
        "halftone")
"""The hard conditions of :func:`hard_sample`: a hard-edged shadow across the grid; a
grid about 300 pixels across (``low-res``; with a shadow too in ``shadow-low-res``); a
curled page (the grid's lines bend); strong perspective; a second grid and text beside
the grid; the picture turned by 90, 180 or 270 degrees; the grid printed as a halftone
(dark ink on light paper, as a newspaper prints it)."""


def _hard_shadow(out: int, pts: np.ndarray, rng: random.Random) -> np.ndarray:
    """A light factor (``out``² floats) with a hard-edged shadow: a polygon (a hand, a
    phone, a head) over part of the grid whose corners are ``pts``."""
    import cv2

    centre = pts.mean(0)
    span = float(np.abs(pts - centre).max())
    ang = rng.uniform(0, 2 * np.pi)
    normal = np.array([np.cos(ang), np.sin(ang)])
    edge = centre + normal * span * rng.uniform(-0.6, 0.6)   # a point on the shadow's edge
    along = np.array([-normal[1], normal[0]])
    far = 4 * out
    poly = [edge + along * far, edge + along * far + normal * far,
            edge - along * far + normal * far, edge - along * far]
    if rng.random() < 0.5:   # a corner in the edge: the shadow of an arm or a phone
        bend = edge + along * span * rng.uniform(-0.5, 0.5)
        turn = along * np.cos(0.6) + normal * np.sin(0.6) * rng.choice([-1, 1])
        poly = [bend, bend + turn * far, edge + normal * far - along * far,
                edge - along * far]
    mask = np.zeros((out, out), np.float32)
    cv2.fillPoly(mask, [np.array(poly, dtype=np.float64).round().astype(np.int32)], 1.0)
    soft = rng.uniform(0.3, 2.0)
    light: np.ndarray = 1 - rng.uniform(0.4, 0.65) * cv2.GaussianBlur(mask, (0, 0), soft)
    return light


def _curl(src: np.ndarray, corners: list[tuple[float, float]], rng: random.Random
          ) -> tuple[np.ndarray, list[tuple[float, float]]]:
    """The page bent like a curled sheet: its rows sag along an arc, more towards one
    side; returns the pixels and where the ``corners`` went."""
    import cv2

    ch, cw = src.shape[:2]
    sag = rng.uniform(0.025, 0.05) * ch * rng.choice([-1, 1])
    tilt = rng.uniform(-0.3, 0.3)
    squeeze = rng.uniform(0.0, 0.04) * cw

    def bend(x: np.ndarray) -> np.ndarray:
        t = x / cw
        out: np.ndarray = sag * (np.sin(np.pi * t) + tilt * (t - 0.5) ** 2 * 4)
        return out

    yy, xx = np.mgrid[0:ch, 0:cw].astype(np.float32)
    src_x = xx + squeeze * np.sin(np.pi * xx / cw) * (xx / cw - 0.5)
    src_y = yy + bend(xx) * (0.6 + 0.8 * yy / ch)
    page = tuple(int(v) for v in src[1, 1])
    bent = cv2.remap(src, src_x.astype(np.float32), src_y.astype(np.float32),
                     cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=page)
    moved = []
    for x, y in corners:   # invert the map near each corner by a few fixed-point steps
        px, py = x, y
        for _ in range(8):
            fx = px + squeeze * np.sin(np.pi * px / cw) * (px / cw - 0.5)
            fy = py + float(bend(np.array(px))) * (0.6 + 0.8 * py / ch)
            px, py = px + (x - fx), py + (y - fy)
        moved.append((float(px), float(py)))
    return bent, moved


def _second_grid(canvas: Image, img: Image, margin: int, rng: random.Random
                 ) -> tuple[Image, int]:
    """The canvas widened with another, smaller puzzle grid beside the grid (left or
    right); returns it and the grid's new distance from the left edge."""
    from PIL import Image

    gw = img.size[0]
    n = 9
    other, _ = draw_grid(puzzle_text(n, rng.randrange(10**6), valid=False), rng,
                         cell=max(12, int(gw / n * rng.uniform(0.55, 0.8))))
    ow, oh = other.size
    w, h = canvas.size
    wide = Image.new("RGB", (w + ow + margin // 2, max(h, oh)), canvas.getpixel((1, 1)))
    left = rng.random() < 0.5
    if left:
        wide.paste(other, (margin // 2, rng.randint(0, max(0, h - oh))))
        wide.paste(canvas, (ow + margin // 2, 0))
        return wide, margin + ow + margin // 2
    wide.paste(canvas, (0, 0))
    wide.paste(other, (w, rng.randint(0, max(0, h - oh))))
    return wide, margin


def _halftone(img: Image, rng: random.Random) -> Image:
    """The picture printed as a newspaper prints grey: dots on a 45° screen, the ink
    a little spread and uneven; a picture drawn light on dark (a screen's dark theme) is
    printed dark on light, as a newspaper prints it."""
    import cv2
    from PIL import Image

    g = np.asarray(img.convert("L")).astype(np.float32) / 255
    if float(np.median(g)) < 0.5:
        g = 1 - g
    h, w = g.shape
    period = rng.uniform(2.5, 4.0)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    u, v = (xx + yy) / np.sqrt(2), (xx - yy) / np.sqrt(2)
    screen = 0.5 + 0.25 * (np.cos(2 * np.pi * u / period) + np.cos(2 * np.pi * v / period))
    soft = cv2.GaussianBlur(np.clip(g / 0.9, 0, 1), (0, 0), 0.7)   # paper stays white
    dots = (soft > screen).astype(np.float32)
    ink = cv2.GaussianBlur(dots, (0, 0), rng.uniform(0.4, 0.8))
    grey = np.clip(ink * 255 * rng.uniform(0.92, 1.0) + rng.uniform(0, 25), 0, 255)
    return Image.fromarray(grey.astype(np.uint8)).convert("RGB")


def hard_sample(seed: int, condition: str, *, valid: bool = True) -> Sample:
    """The synthetic photograph number ``seed`` under one of the :data:`HARD` conditions:
    a 9×9 puzzle with one solution (``valid=False``: random digits, for training), drawn
    by Pillow in a system typeface or by shudu's renderer, photographed with the
    condition added.

    >>> s = hard_sample(3, "low-res")
    >>> 250 < float(np.hypot(*np.subtract(s.corners[1], s.corners[0]))) < 350, s.kind
    (True, 'low-res')
    """
    if condition not in HARD:
        raise ValueError(f"unknown condition {condition!r}; one of {', '.join(HARD)}")
    rng = random.Random(seed * 104729 + HARD.index(condition))
    puzzle = puzzle_text(9, seed, valid=valid)
    if rng.random() < 0.2:
        img, corners = shudu_grid(puzzle, rng)
    else:
        img, corners = draw_grid(puzzle, rng, cell=int(44 * rng.uniform(0.8, 1.3)))
    if condition == "halftone":
        img = _halftone(img, rng)
    image, pts = photograph(img, corners, rng,
                            hard="shadow" if condition == "shadow-low-res" else condition)
    if condition in ("low-res", "shadow-low-res"):   # a grid 260 to 340 pixels across
        image, pts = _shrink(image, np.array(pts), rng.uniform(260, 340), rng)
    return Sample(image=image, puzzle=puzzle, corners=tuple(pts), kind=condition)


def _shrink(image: np.ndarray, pts: np.ndarray, across: float, rng: random.Random
            ) -> tuple[np.ndarray, Corners]:
    """The photo made smaller so that the grid (corners ``pts``) is ``across`` pixels
    wide, saved again as a JPEG."""
    import cv2

    f = across / float(np.linalg.norm(pts[1] - pts[0]))
    h, w = image.shape[:2]
    small = cv2.resize(image, (max(1, round(w * f)), max(1, round(h * f))),
                       interpolation=cv2.INTER_AREA)
    _, enc = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, rng.randint(50, 90)])
    out = cv2.imdecode(enc, cv2.IMREAD_UNCHANGED)
    if out is None:   # never: OpenCV decodes the JPEG it has just encoded
        raise RuntimeError("the photograph's JPEG could not be decoded")
    return out, tuple((float(x) * f, float(y) * f) for x, y in pts)


def sample(seed: int, *, size: int | None = None, valid: bool = True, out: int = 900) -> Sample:
    """The synthetic photograph number ``seed``: a 9×9 puzzle mostly, sometimes 4×4, 6×6
    or 16×16 (or ``size``); drawn by shudu's renderer or by Pillow; then photographed.
    ``valid=False`` uses random symbols instead of a puzzle (training data).

    >>> sample(5, size=4).puzzle.count(".") < 16
    True
    """
    rng = random.Random(seed * 7919 + 1)
    if size is None:
        size = rng.choices([9, 4, 6, 16], weights=[80, 6, 7, 7])[0]
    puzzle = puzzle_text(size, seed, valid=valid)
    if rng.random() < 0.25:
        img, corners = shudu_grid(puzzle, rng)
        kind = "shudu"
    else:
        cell = {4: 80, 6: 64, 9: 44, 16: 36}[size]
        img, corners = draw_grid(puzzle, rng, cell=int(cell * rng.uniform(0.8, 1.3)))
        kind = "pillow"
    image, pts = photograph(img, corners, rng, out=out)
    return Sample(image=image, puzzle=puzzle, corners=pts, kind=kind)
