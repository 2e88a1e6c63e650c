"""Train the digit classifier of ``shudu scan`` from synthetic photographs (seeded).

    .venv/bin/python scripts/train_scan.py [--images 1000] [--seed 2] [--jobs 2]

Pictures are made by :func:`shudu.scan.synth.sample` and
:func:`shudu.scan.synth.hard_sample` (hard shadows, low resolution, curl, perspective,
a second grid, halftone) with random symbols in random cells, drawn in every upright
text typeface found under /usr/share/fonts and /tmp/fonts (light to black, serif, sans
and monospaced; italics, hairlines and symbol fonts left out; the Debian packages
fonts-freefont-ttf, fonts-urw-base35, fonts-crosextra-*, fonts-texgyre, fonts-roboto*,
fonts-open-sans, fonts-lato, fonts-linuxlibertine, fonts-cantarell, fonts-croscore,
fonts-go, fonts-inter, fonts-sil-*, fonts-adf-*, fonts-ebgaramond, fonts-paratype,
fonts-oldstandard, fonts-noto-core and fonts-liberation2 were installed for the shipped
weights), the print varied as newspapers vary it (ink spread, worn thin or smudged, stains),
for seeds from 1 000 000 on (the tests and the benchmark use small seeds).  They are read
by the same pipeline as ``shudu scan`` (grid found, straightened, cells cut); a glyph is
labelled with the symbol drawn in its cell, or "empty" when the cell has none (shadow
edges, stains, line remnants: every empty cell with some ink in it, even ink too small
for the reader to look at).  Training adds shifts, contrast changes, blur, noise and
pieces of cell lines along a digit's side.  A two-hidden-layer network (NumPy, Adam)
learns them; its temperature is then fitted on the validation photos (another range of
seeds, drawn only in the typeface families kept for validation, one in five, never
trained on) so that its probabilities are calibrated.  The weights (float16) go to
``src/shudu/scan/weights.npz``, the validation figures (accuracy, calibration by
confidence band, the families held out) to ``src/shudu/scan/weights.json``.
"""

from __future__ import annotations

import argparse
import glob
import json
import random
import sys
import time
import zlib
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from shudu.scan import reader, synth
from shudu.scan.synth import SYMBOLS, hard_sample, sample

OUT = Path(reader.__file__).parent
FONT_DIRS = ("/usr/share/fonts", "/tmp/fonts")
SKIP_STYLES = ("Italic", "Oblique", "Thin", "Hairline", "ExtraLight", "Extra Light")
SKIP_FAMILIES = ("Math", "Symbol", "Dingbat", "D050000L", "Z003", "Emoji", "Keyboard",
                 "Initials", "WenQuanYi")
CONDITIONS = tuple(c for c in synth.HARD if c != "rotated")   # upright() turns the grid


@lru_cache(maxsize=1)
def font_table() -> tuple[tuple[str, str], ...]:
    """(family, file) of every upright text typeface with digits found on this system
    (light to black, serif, sans and monospaced; no italics, hairlines or symbol fonts;
    Noto: its Latin Sans, Serif and Mono only), sorted by file."""
    from PIL import ImageFont

    found = sorted({f for d in FONT_DIRS for ext in ("ttf", "otf")
                    for f in glob.glob(f"{d}/**/*.{ext}", recursive=True)})
    out = []
    for f in found:
        if "/noto/" in f and Path(f).name.split("-")[0] not in (
                "NotoSans", "NotoSerif", "NotoSansMono"):
            continue
        try:
            family, style = ImageFont.truetype(f, 30).getname()
        except OSError:
            continue
        if any(w in (style or "") for w in SKIP_STYLES) or \
                any(w in (family or "") for w in SKIP_FAMILIES):
            continue
        out.append((str(family), f))
    return tuple(out)


def held_out_family(family: str) -> bool:
    """One family in five (by a fixed hash of its name) is kept for validation only."""
    return zlib.crc32(family.encode()) % 5 == 0


def all_fonts(validation: bool = False) -> tuple[str, ...]:
    """The font files to draw training (or, ``validation``, validation) photos with."""
    return tuple(f for family, f in font_table() if held_out_family(family) == validation)


def ink_varied(draw: Any) -> Any:
    """``draw`` (:func:`synth.draw_grid`) with the print varied as newspapers vary it: the
    ink spread (bolder, smudged) or worn thin, the digits larger (touching their cell's
    lines) or smaller, the paper stained."""
    from PIL import Image, ImageFilter

    def varied(puzzle: str, rng: random.Random, *, cell: int = 44) -> Any:
        img, corners = draw(puzzle, rng, cell=cell)
        r = rng.random()
        if r < 0.15:
            img = img.filter(ImageFilter.MinFilter(3))        # spread ink
        elif r < 0.27 and cell >= 40:
            img = img.filter(ImageFilter.MaxFilter(3))        # thin, worn ink
        elif r < 0.4:                                          # smudged: blurred, re-inked
            g = np.asarray(img.filter(ImageFilter.GaussianBlur(rng.uniform(0.8, 1.6))),
                           np.float32)
            g = np.clip((g - 128) * rng.uniform(1.5, 3) + 128 + rng.uniform(-30, 30), 0, 255)
            img = Image.fromarray(g.astype(np.uint8))
        if rng.random() < 0.25:                                # stains on the paper
            g = np.asarray(img, np.float32)
            h, w = g.shape[:2]
            yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
            for _ in range(rng.randint(1, 4)):
                cx, cy, rad = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(3, cell * 0.4)
                spot = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / rad ** 2)
                g = g * (1 - rng.uniform(0.1, 0.45) * spot)[..., None]
            img = Image.fromarray(np.clip(g, 0, 255).astype(np.uint8))
        return img, corners

    return varied


def picture(s: int) -> synth.Sample:
    """Photo number ``s``: a quarter plain (9×9 or 16×16), a quarter drawn by shudu's own
    renderer, half under a hard condition."""
    if s % 4 == 1:
        return sample(s, size=16 if s % 8 == 1 else 9, valid=False)
    if s % 4 == 3:
        rng = random.Random(s)
        puzzle = synth.puzzle_text(16 if s % 8 == 7 else 9, s, valid=False)
        image, pts = synth.photograph(*synth.shudu_grid(puzzle, rng), rng)
        return synth.Sample(image=image, puzzle=puzzle, corners=pts, kind="shudu")
    return hard_sample(s, CONDITIONS[(s // 2) % len(CONDITIONS)], valid=False)


DRAW = synth.draw_grid


def glyphs_of(seeds: range, validation: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """The glyphs of photos ``seeds`` (drawn in the training fonts, or the validation
    fonts) as the reader cuts them, and their labels (0: empty)."""
    synth.fonts = lambda: all_fonts(validation)   # type: ignore[assignment]
    synth.draw_grid = ink_varied(DRAW)              # type: ignore[assignment]
    xs, ys = [], []
    for s in seeds:
        smp = picture(s)
        try:
            cells = reader.find_grid(reader.load_gray(smp.image))
        except reader.ScanError:
            continue
        n = round(len(smp.puzzle) ** 0.5)
        span = np.linalg.norm(np.subtract(smp.corners[1], smp.corners[0]))
        if cells.size != n or np.abs(cells.corners - smp.corners).max() > 0.3 * span / n:
            continue     # not the grid drawn, or not where it was drawn
        for i, (ch, g) in enumerate(zip(smp.puzzle, cells.glyphs)):
            if ch == ".":
                g = reader.glyph(cells.norm, cells.binary, n, i // n, i % n, strict=False)
            if g is not None:
                xs.append(g)
                ys.append(0 if ch == "." else SYMBOLS.index(ch) + 1)
    if not xs:
        return np.zeros((0, reader.GLYPH + 1, reader.GLYPH), np.float32), np.zeros(0, int)
    return np.stack(xs), np.array(ys)


def noise_glyphs(count: int, seed: int) -> np.ndarray:
    """Glyphs of empty cells with ink that is no digit, cut by :func:`reader.glyph` from
    drawn cells: a shadow's edge, a stain, a remnant of a grid line along a side, a
    corner of a neighbour's digit, specks."""
    import cv2

    rng = np.random.default_rng(seed)
    out = []
    side = 64
    yy, xx = np.mgrid[0:side, 0:side].astype(np.float32)
    while len(out) < count:
        cell = np.full((side, side), 255.0, np.float32)
        kind = int(rng.integers(5))
        if kind == 0:      # a shadow's edge: a step, more or less soft
            a = rng.uniform(0, 2 * np.pi)
            d = (xx - side / 2) * np.cos(a) + (yy - side / 2) * np.sin(a) - rng.uniform(-20, 20)
            step = 1 / (1 + np.exp(-d / rng.uniform(0.3, 3)))
            cell -= rng.uniform(30, 140) * step
        elif kind == 1:    # a stain
            cx, cy, rx, ry = rng.uniform(10, 54, 2).tolist() + rng.uniform(2, 14, 2).tolist()
            cell -= rng.uniform(20, 150) * np.exp(-((xx - cx) / rx) ** 2 - ((yy - cy) / ry) ** 2)
        elif kind == 2:    # a grid line's remnant inside the cell
            pos, width = int(rng.integers(6, 16)), int(rng.integers(1, 5))
            bar = slice(pos, pos + width) if rng.random() < 0.5 else \
                slice(side - pos - width, side - pos)
            if rng.random() < 0.5:
                cell[bar, int(rng.integers(0, 20)):int(rng.integers(44, 64))] = rng.uniform(0, 120)
            else:
                cell[int(rng.integers(0, 20)):int(rng.integers(44, 64)), bar] = rng.uniform(0, 120)
        elif kind == 3:    # a neighbour's digit poking in at a side
            font = cv2.FONT_HERSHEY_SIMPLEX if rng.random() < 0.5 else cv2.FONT_HERSHEY_TRIPLEX
            dx, dy = rng.integers(-44, 44, 2).tolist()
            ox, oy = (40 + dx, 44 + dy) if abs(dx) > 30 or abs(dy) > 30 else (40 + 44, 44)
            ink = np.full((side, side), 255, np.uint8)
            cv2.putText(ink, str(int(rng.integers(1, 10))), (ox - 24, oy), font, 1.6, 0,
                        int(rng.integers(2, 6)))
            cell = ink.astype(np.float32)
        else:              # specks and a smudge
            ink = np.full((side, side), 255, np.uint8)
            for _ in range(int(rng.integers(1, 6))):
                cv2.circle(ink, tuple(int(v) for v in rng.integers(8, 56, 2)),
                           int(rng.integers(1, 4)), int(rng.integers(0, 150)), -1)
            cell = ink.astype(np.float32)
        cell += rng.normal(0, rng.uniform(0, 6), cell.shape)
        norm = reader.flatten(np.clip(cell, 0, 255).astype(np.uint8), 17)
        g = reader.glyph(norm, reader._binary(norm), 1, 0, 0, strict=False)
        if g is not None:
            out.append(g)
    return np.stack(out)


def gather(start: int, count: int, jobs: int, validation: bool = False
           ) -> tuple[np.ndarray, np.ndarray]:
    step = -(-count // (4 * jobs))
    parts = [range(start + k * step, start + min(count, (k + 1) * step))
             for k in range(-(-count // step))]
    with ProcessPoolExecutor(jobs) as pool:
        got = list(pool.map(glyphs_of, parts, [validation] * len(parts)))
    return np.concatenate([x for x, _ in got]), np.concatenate([y for _, y in got])


def augment(xb: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Shift the pictures by a pixel, change their contrast, blur some, add noise; put a
    piece of a cell line along a side of some digits (a digit cut by its cell's line)."""
    g = reader.GLYPH
    pic = xb[:, :g * g].reshape(-1, g, g).copy()
    for i in np.flatnonzero(rng.random(len(pic)) < 0.06):
        at = int(rng.integers(0, 3))
        bar = [slice(None), slice(None)]
        bar[int(rng.integers(0, 2))] = slice(at, at + 1) if rng.random() < 0.5 else \
            slice(g - 1 - at, g - at)
        pic[i][tuple(bar)] = np.maximum(pic[i][tuple(bar)], rng.uniform(0.5, 1))
    if rng.random() < 0.5:
        pic = np.roll(pic, rng.integers(-1, 2), axis=int(rng.integers(1, 3)))
    if rng.random() < 0.3:
        pic = (pic + np.roll(pic, 1, 1) + np.roll(pic, 1, 2)) / 3 * rng.uniform(1, 1.4)
    pic = pic * rng.uniform(0.7, 1.1, (len(pic), 1, 1))
    pic = pic + rng.normal(0, rng.uniform(0, 0.08), pic.shape)
    out = xb.copy()
    out[:, :g * g] = np.clip(pic, 0, 1).reshape(len(pic), -1)
    return out


def forward(p: dict[str, np.ndarray], x: np.ndarray) -> tuple[np.ndarray, ...]:
    h1 = np.maximum(x @ p["w1"] + p["b1"], 0)
    h2 = np.maximum(h1 @ p["w2"] + p["b2"], 0)
    return h1, h2, h2 @ p["w3"] + p["b3"]


def softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(1, keepdims=True)
    e = np.exp(z)
    out: np.ndarray = e / e.sum(1, keepdims=True)
    return out


def train(x: np.ndarray, y: np.ndarray, seed: int, epochs: int,
          hidden: tuple[int, int] = (128, 64)) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    d, k = x.shape[1], len(SYMBOLS) + 1
    sizes = [d, *hidden, k]
    p: dict[str, np.ndarray] = {}
    for i in range(3):
        p[f"w{i + 1}"] = rng.normal(0, np.sqrt(2 / sizes[i]),
                                    (sizes[i], sizes[i + 1])).astype(np.float32)
        p[f"b{i + 1}"] = np.zeros(sizes[i + 1], np.float32)
    m = {n: np.zeros_like(v) for n, v in p.items()}
    v2 = {n: np.zeros_like(v) for n, v in p.items()}
    lr, b1, b2, t = 2e-3, 0.9, 0.999, 0
    onehot = np.eye(k, dtype=np.float32)[y]
    for epoch in range(epochs):
        order = rng.permutation(len(x))
        for i in range(0, len(x), 128):
            bi = order[i: i + 128]
            xb = augment(x[bi], rng)
            h1, h2, z = forward(p, xb)
            dz = (softmax(z) - onehot[bi]) / len(bi)
            g = {"w3": h2.T @ dz, "b3": dz.sum(0)}
            dh2 = (dz @ p["w3"].T) * (h2 > 0)
            g["w2"], g["b2"] = h1.T @ dh2, dh2.sum(0)
            dh1 = (dh2 @ p["w2"].T) * (h1 > 0)
            g["w1"], g["b1"] = xb.T @ dh1, dh1.sum(0)
            t += 1
            for n in p:
                grad = g[n] + (1e-4 * p[n] if n[0] == "w" else 0)
                m[n] = b1 * m[n] + (1 - b1) * grad
                v2[n] = b2 * v2[n] + (1 - b2) * grad ** 2
                p[n] -= (lr * (m[n] / (1 - b1 ** t)) /
                         (np.sqrt(v2[n] / (1 - b2 ** t)) + 1e-8)).astype(np.float32)
        if epoch in (epochs * 2 // 3, epochs - 2):
            lr /= 4
        print(f"epoch {epoch + 1}/{epochs}", file=sys.stderr, flush=True)
    return p


def temperature(z: np.ndarray, y: np.ndarray) -> float:
    """The temperature giving the validation glyphs the least negative log-likelihood."""
    best = (np.inf, 1.0)
    for temp in np.arange(0.5, 4.01, 0.05):
        prob = softmax(z / temp)
        nll = -np.log(prob[np.arange(len(y)), y] + 1e-12).mean()
        best = min(best, (float(nll), float(temp)))
    return round(best[1], 2)


def calibration(prob: np.ndarray, y: np.ndarray) -> list[dict[str, float]]:
    """Accuracy per band of confidence (the top class's probability)."""
    conf, pred = prob.max(1), prob.argmax(1)
    bands = []
    for lo, hi in ((0, 0.5), (0.5, 0.9), (0.9, 0.99), (0.99, 0.999), (0.999, 1.01)):
        sel = (conf >= lo) & (conf < hi)
        if sel.any():
            bands.append({"band": f"{lo}-{min(hi, 1)}", "glyphs": int(sel.sum()),
                          "mean_confidence": round(float(conf[sel].mean()), 4),
                          "accuracy": round(float((pred[sel] == y[sel]).mean()), 4)})
    return bands


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--images", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--epochs", type=int, default=14)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--hidden1", type=int, default=192)
    ap.add_argument("--hidden2", type=int, default=96)
    ap.add_argument("--cache", type=Path, help="keep the gathered glyphs in this .npz file")
    a = ap.parse_args(argv)
    t0 = time.time()
    base = 1_000_000 + a.seed * 100_000
    if a.cache and a.cache.exists():
        with np.load(a.cache) as z:
            x, y, xv, yv = z["x"], z["y"], z["xv"], z["yv"]
    else:
        x, y = gather(base, a.images, a.jobs)
        xv, yv = gather(base + 50_000, max(60, a.images // 4), a.jobs, validation=True)
        if a.cache:
            np.savez(a.cache, x=x, y=y, xv=xv, yv=yv)
    noise = noise_glyphs(a.images * 8, a.seed)
    x, y = np.concatenate([x, noise]), np.concatenate([y, np.zeros(len(noise), int)])
    noise = noise_glyphs(a.images, a.seed + 1)
    xv, yv = np.concatenate([xv, noise]), np.concatenate([yv, np.zeros(len(noise), int)])
    print(f"{len(x)} training glyphs ({int((y == 0).sum())} empty), {len(xv)} held out "
          f"({time.time() - t0:.0f} s)", file=sys.stderr)
    p = train(reader.features(x), y, a.seed, a.epochs, (a.hidden1, a.hidden2))
    z = forward(p, reader.features(xv))[2]
    temp = temperature(z, yv)
    weights = {n: v.astype(np.float16) for n, v in p.items()}
    np.savez_compressed(OUT / "weights.npz", temperature=np.array(temp, np.float32), **weights)
    reader._model.cache_clear()
    prob = reader.classify(xv)
    pred = prob.argmax(1)
    report = {
        "command": f"python scripts/train_scan.py --images {a.images} --seed {a.seed} "
                   f"--epochs {a.epochs} --hidden1 {a.hidden1} --hidden2 {a.hidden2}",
        "training_glyphs": len(x), "training_empty": int((y == 0).sum()),
        "held_out_glyphs": len(xv), "held_out_empty": int((yv == 0).sum()),
        "held_out_accuracy": round(float((pred == yv).mean()), 5),
        "held_out_accuracy_digits_1_9": round(float((pred[(yv > 0) & (yv < 10)]
                                                     == yv[(yv > 0) & (yv < 10)]).mean()), 5),
        "held_out_accuracy_empty": round(float((pred[yv == 0] == 0).mean()), 5),
        "temperature": temp, "calibration": calibration(prob, yv),
        "fonts": len(all_fonts()), "validation_fonts": len(all_fonts(True)),
        "font_families": len({f for f, _ in font_table() if not held_out_family(f)}),
        "validation_font_families": sorted({f for f, _ in font_table()
                                            if held_out_family(f)}),
        "input": f"{reader.GLYPH}x{reader.GLYPH} grey glyph and its place in the cell",
        "hidden": [int(p["b1"].size), int(p["b2"].size)],
        "classes": "empty + " + SYMBOLS, "seconds": round(time.time() - t0, 1),
    }
    (OUT / "weights.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
