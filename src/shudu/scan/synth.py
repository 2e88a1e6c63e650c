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


def photograph(img: Image, corners: Corners, rng: random.Random, *, out: int = 900
               ) -> tuple[np.ndarray, Corners]:
    """Put a grid picture on a page or screen and photograph it: returns RGB pixels
    (longest side ``out``) and the grid's corners in them.

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
    if rng.random() < 0.8:
        _distractors(canvas, rng, (margin, margin, margin + gw, margin + gh))
    src = np.array(canvas)
    cw, ch = canvas.size
    # the page on a table, in perspective
    table = np.array([rng.randint(40, 160) for _ in range(3)], dtype=np.uint8)
    scale = out / max(cw, ch) * rng.uniform(0.75, 0.95)
    j = 0.12 * rng.random()
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
    pts = cv2.perspectiveTransform(
        np.array([[[x + margin, y + margin] for x, y in corners]], dtype=np.float32), m)[0]
    f: np.ndarray = shot.astype(np.float32)
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
    return photo, tuple((float(x), float(y)) for x, y in pts)


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
