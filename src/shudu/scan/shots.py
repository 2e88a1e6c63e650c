"""Synthetic screenshots of puzzle apps and web pages, with their ground truth: a puzzle
half played (the givens, the player's digits, the player's pencil marks) drawn flat, as a
screen shows it, in one of :data:`STYLES`, for testing :func:`shudu.scan.scan` on
screenshots.  Everything follows one seed.

>>> s = screenshot(3, "app-dark")
>>> s.image.ndim, len(s.givens), len(s.entries), len(s.marks)
(3, 81, 81, 81)
>>> screenshot(3, "app-dark").marks == s.marks
True
"""

from __future__ import annotations

import io
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .synth import _font, fonts, puzzle_text

if TYPE_CHECKING:
    from PIL.Image import Image

STYLES = ("app-light", "app-dark", "app-jpeg", "web-light", "web-dark", "bold", "shudu",
          "shudu-dark")
"""``app-light`` / ``app-dark``: a phone app (a title bar, a number pad, the selected
cell's row, column and box highlighted, the player's digits in colour, pencil marks in
the cell's 3×3 places); ``app-jpeg``: the same saved as a JPEG and scaled; ``web-light`` /
``web-dark``: a grid on a desktop web page with text beside it, thin one-pixel lines;
``bold``: one colour, the givens bold and the player's digits regular; ``shudu`` /
``shudu-dark``: shudu's own picture of the position (:func:`shudu.pictures.png`), the
dark one inverted as a dark-mode viewer shows it."""


@dataclass(frozen=True)
class Shot:
    """One synthetic screenshot: RGB pixels; the givens, the player's digits (``.``
    elsewhere) and per cell the pencil marks (``""`` for none) it shows; its style."""

    image: np.ndarray
    givens: str
    entries: str
    marks: tuple[str, ...]
    style: str


def position(seed: int, *, entries: float = 0.35, marked: float = 0.35
             ) -> tuple[str, str, tuple[str, ...]]:
    """A 9×9 puzzle half played: the givens, the player's digits (right ones, in a share
    ``entries`` of the empty cells) and pencil marks (in a share ``marked`` of the cells
    left: one to five digits, among them the cell's solution).

    >>> givens, entries, marks = position(1)
    >>> all(g == "." or e == "." for g, e in zip(givens, entries))
    True
    >>> all(not m or (g == e == ".") for g, e, m in zip(givens, entries, marks))
    True
    """
    from ..solving.engine import solve
    from ..values.grid import Grid

    puzzle = puzzle_text(9, seed)
    solved = solve(Grid(puzzle))
    if solved is None:   # never: a generated puzzle has a solution
        raise ValueError("the puzzle has no solution")
    answer = str(solved)
    rng = random.Random(seed * 31 + 7)
    entry = ["."] * 81
    marks = [""] * 81
    for i, ch in enumerate(puzzle):
        if ch != ".":
            continue
        if rng.random() < entries:
            entry[i] = answer[i]
        elif rng.random() < marked:
            others = [d for d in "123456789" if d != answer[i]]
            digits = {answer[i], *rng.sample(others, rng.randint(0, 4))}
            marks[i] = "".join(sorted(digits))
    return puzzle, "".join(entry), tuple(marks)


def _colours(dark: bool, rng: random.Random) -> dict[str, tuple[int, int, int]]:
    if dark:
        return {"bg": (rng.randint(14, 34),) * 3, "given": (rng.randint(215, 245),) * 3,
                "entry": rng.choice([(110, 170, 255), (120, 200, 140), (240, 180, 90)]),
                "mark": (rng.randint(150, 185),) * 3, "thin": (rng.randint(70, 95),) * 3,
                "thick": (rng.randint(160, 200),) * 3, "peer": (38, 48, 66),
                "selected": (40, 70, 120), "chrome": (40, 40, 46), "text": (200, 200, 200)}
    return {"bg": (255, 255, 255), "given": (rng.randint(0, 40),) * 3,
            "entry": rng.choice([(30, 90, 220), (0, 114, 178), (200, 40, 40), (20, 130, 60)]),
            "mark": (rng.randint(90, 130),) * 3, "thin": (rng.randint(170, 205),) * 3,
            "thick": (rng.randint(0, 60),) * 3, "peer": (226, 235, 248),
            "selected": (187, 214, 251), "chrome": (242, 242, 247), "text": (40, 40, 40)}


def draw_board(givens: str, entries: str, marks: tuple[str, ...], rng: random.Random, *,
               cell: int, dark: bool = False, thin: int = 1, thick: int = 3,
               bold: bool = False, hand: bool = False) -> Image:
    """A flat drawing of a position as an app shows it (anti-aliased type): the selected
    cell's row, column and box highlighted, givens and the player's digits in their
    colours (``bold``: one colour, givens bold), marks small in the cell's 3×3 places
    (``hand``: as a hand writes them, in pen, each of its own size, slant and place
    near its digit's place, in another typeface).

    >>> img = draw_board(*position(1), random.Random(0), cell=40)
    >>> img.size
    (366, 366)
    """
    from PIL import Image, ImageDraw

    col = _colours(dark, rng)
    pad = thick
    side = 9 * cell
    img = Image.new("RGB", (side + 2 * pad, side + 2 * pad), col["bg"])
    d = ImageDraw.Draw(img)
    sel = rng.randrange(81)
    sr, sc = divmod(sel, 9)
    for i in range(81):
        r, c = divmod(i, 9)
        peer = r == sr or c == sc or (r // 3, c // 3) == (sr // 3, sc // 3)
        if peer:
            x, y = pad + c * cell, pad + r * cell
            d.rectangle([x, y, x + cell, y + cell], fill=col["selected" if i == sel else "peer"])
    regular = [f for f in fonts() if "Bold" not in f and "Mono" not in f and "Serif" not in f]
    face = rng.choice(regular)
    heavy = face.replace("-Regular", "").replace(".ttf", "-Bold.ttf")   # the same family
    given_font = _font(heavy if bold and heavy in fonts() else face,
                       int(cell * rng.uniform(0.6, 0.7)))
    entry_font = _font(face, int(cell * rng.uniform(0.58, 0.68)))
    mark_font = _font(face, int(cell * rng.uniform(0.24, 0.28)))
    given_ink = col["given"]
    entry_ink = col["given"] if bold else col["entry"]
    for i in range(81):
        r, c = divmod(i, 9)
        cx, cy = pad + c * cell + cell / 2, pad + r * cell + cell / 2
        if givens[i] != ".":
            d.text((cx, cy), givens[i], fill=given_ink, font=given_font, anchor="mm")
        elif entries[i] != ".":
            d.text((cx, cy), entries[i], fill=entry_ink, font=entry_font, anchor="mm")
        for m in marks[i]:
            k = int(m) - 1
            mx = pad + c * cell + (k % 3 + 0.5) * cell / 3
            my = pad + r * cell + (k // 3 + 0.5) * cell / 3
            if hand:
                _hand_mark(img, m, (mx, my), rng, cell)
            else:
                d.text((mx, my), m, fill=col["mark"], font=mark_font, anchor="mm")
    for k in range(10):
        if k % 3:
            p = pad + k * cell
            d.line([(p, pad), (p, pad + side)], fill=col["thin"], width=thin)
            d.line([(pad, p), (pad + side, p)], fill=col["thin"], width=thin)
    for k in range(0, 10, 3):
        p = pad + k * cell
        d.line([(p, pad - thick // 2), (p, pad + side + thick // 2)], fill=col["thick"],
               width=thick)
        d.line([(pad - thick // 2, p), (pad + side + thick // 2, p)], fill=col["thick"],
               width=thick)
    return img


def _hand_mark(img: Image, digit: str, at: tuple[float, float], rng: random.Random,
               cell: int) -> None:
    """A pencil mark as written by hand: pen ink, its own size and slant, a little off
    its place."""
    from PIL import Image, ImageDraw

    faces = [f for f in fonts() if "Serif" in f or "Mono" in f] or list(fonts())
    px = int(cell * rng.uniform(0.22, 0.3))
    tile = Image.new("L", (2 * px, 2 * px), 0)
    ImageDraw.Draw(tile).text((px, px), digit, fill=255, font=_font(rng.choice(faces), px),
                              anchor="mm")
    tile = tile.rotate(rng.uniform(-12, 12), resample=Image.Resampling.BICUBIC)
    ink = Image.new("RGB", tile.size, rng.choice([(20, 40, 140), (40, 40, 40), (90, 90, 90)]))
    x = at[0] + rng.uniform(-0.04, 0.04) * cell - px
    y = at[1] + rng.uniform(-0.04, 0.04) * cell - px
    img.paste(ink, (round(x), round(y)), tile)


def paper(seed: int, *, hand: bool = False) -> Shot:
    """A photographed printed puzzle (a phone's picture of a page: perspective, light,
    blur, noise, JPEG) with the player's pencil marks, printed in their places or
    written by hand (``hand``); no digits of the player.

    >>> p = paper(1, hand=True)
    >>> p.style, sum(bool(m) for m in p.marks) > 5
    ('paper-hand', True)
    """
    from .synth import photograph

    rng = random.Random(seed * 7_919 + hand)
    givens, _, marks = position(seed)
    img = draw_board(givens, "." * 81, marks, rng, cell=rng.randint(56, 72), thin=1,
                     thick=3, hand=hand)
    w, h = img.size
    photo, _ = photograph(img, ((1.0, 1.0), (w - 1.0, 1.0), (w - 1.0, h - 1.0), (1.0, h - 1.0)),
                          rng, out=1000)
    return Shot(photo, givens, "." * 81, marks, "paper-hand" if hand else "paper-print")


def _chrome(board: Image, rng: random.Random, *, dark: bool, phone: bool) -> Image:
    """The board on a screen: a phone's title bar, timer and number pad, or a web page
    with a heading and text beside the grid."""
    from PIL import Image, ImageDraw

    col = _colours(dark, random.Random(rng.random()))
    bw, bh = board.size
    font = _font(rng.choice(fonts()), max(14, bw // 22))
    if phone:
        w, h = bw + 2 * rng.randint(8, 30), int(bh * rng.uniform(1.9, 2.1))
        screen = Image.new("RGB", (w, h), col["bg"])
        d = ImageDraw.Draw(screen)
        top = int(h * rng.uniform(0.18, 0.24))
        d.rectangle([0, 0, w, int(h * 0.08)], fill=col["chrome"])
        d.text((w // 2, int(h * 0.04)), "Sudoku", fill=col["text"], font=font, anchor="mm")
        d.text((16, int(h * 0.12)), "Medium   Mistakes: 0/3   04:17", fill=col["text"],
               font=font)
        screen.paste(board, ((w - bw) // 2, top))
        y = top + bh + int(h * 0.06)
        pad_font = _font(rng.choice(fonts()), max(18, bw // 12))
        for k in range(9):   # the number pad: digits outside the grid
            d.text(((k + 0.5) * w / 9, y), str(k + 1), fill=col["entry"], font=pad_font,
                   anchor="mm")
        for k, word in enumerate(("Undo", "Erase", "Notes", "Hint")):
            d.text(((k + 0.5) * w / 4, y + int(h * 0.08)), word, fill=col["text"], font=font,
                   anchor="mm")
        return screen
    w, h = int(bw * rng.uniform(2.2, 2.8)), int(bh * rng.uniform(1.4, 1.6))
    screen = Image.new("RGB", (w, h), col["bg"])
    d = ImageDraw.Draw(screen)
    d.rectangle([0, 0, w, int(h * 0.07)], fill=col["chrome"])
    d.text((20, int(h * 0.02)), "Daily Sudoku — play online", fill=col["text"], font=font)
    left = int(w * rng.uniform(0.08, 0.3))
    top = int(h * rng.uniform(0.12, 0.22))
    screen.paste(board, (left, top))
    for k in range(8):
        d.text((left + bw + 40, top + k * 2 * font.size), "Fill every row, column and box",
               fill=col["text"], font=font)
    return screen


def _shudu(givens: str, entries: str, marks: tuple[str, ...], rng: random.Random) -> Image:
    """shudu's picture of the position: givens bold, the player's digits and the marks."""
    from PIL import Image

    from ..pictures import png
    from ..values.candidates import Candidates
    from ..values.rules import Rules

    masks = [sum(1 << (int(m) - 1) for m in ms) for ms in marks]
    values = [int(g) if g != "." else int(e) if e != "." else 0
              for g, e in zip(givens, entries)]
    state = Candidates.from_masks(Rules(9), masks, values)
    state.givens = bytes(int(g) if g != "." else 0 for g in givens)
    picture = png(state, scale=rng.choice([1.0, 1.5, 2.0]))
    return Image.open(io.BytesIO(picture)).convert("RGB")


def screenshot(seed: int, style: str) -> Shot:
    """The synthetic screenshot number ``seed`` in ``style`` (one of :data:`STYLES`).

    >>> s = screenshot(2, "shudu")
    >>> s.style, s.image.dtype.name
    ('shudu', 'uint8')
    """
    import cv2
    from PIL import ImageOps

    if style not in STYLES:
        raise ValueError(f"style must be one of {', '.join(STYLES)}, got {style!r}")
    rng = random.Random(seed * 104_729 + STYLES.index(style))
    givens, entries, marks = position(seed)
    dark = style.endswith("-dark")
    img: Image
    if style.startswith("shudu"):
        img = _shudu(givens, entries, marks, rng)
        if dark:
            img = ImageOps.invert(img)
    elif style.startswith("web"):
        board = draw_board(givens, entries, marks, rng, cell=rng.randint(40, 56), dark=dark,
                           thin=1, thick=2)
        img = _chrome(board, rng, dark=dark, phone=False)
    else:
        phone = style != "bold" or rng.random() < 0.5
        board = draw_board(givens, entries, marks, rng, cell=rng.randint(44, 110), dark=dark,
                           thin=rng.choice([1, 2]), thick=rng.choice([3, 4, 6]),
                           bold=style == "bold")
        img = _chrome(board, rng, dark=dark, phone=phone)
    image = np.asarray(img.convert("RGB"))
    if style == "app-jpeg":
        f = rng.uniform(0.6, 0.9)
        small = cv2.resize(image, (round(image.shape[1] * f), round(image.shape[0] * f)),
                           interpolation=cv2.INTER_AREA)
        _, enc = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, rng.randint(55, 85)])
        decoded = cv2.imdecode(enc, cv2.IMREAD_UNCHANGED)
        if decoded is None:   # never: OpenCV decodes the JPEG it has just encoded
            raise RuntimeError("the screenshot's JPEG could not be decoded")
        image = decoded
    return Shot(np.ascontiguousarray(image), givens, entries, marks, style)
