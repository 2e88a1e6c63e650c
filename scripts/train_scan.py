"""Train the digit classifier of ``shudu scan`` from synthetic photographs (seeded).

    .venv/bin/python scripts/train_scan.py [--images 700] [--seed 1]

Pictures ``sample(seed)`` for seeds from 1_000_000 on (the test set uses small seeds) are
made with random symbols in random cells, read by the same pipeline as ``shudu scan``
(grid found, straightened, cells cut), and each non-empty cell's glyph is labelled with
the symbol drawn there.  A one-hidden-layer network (NumPy, Adam) learns them; its
weights go to ``src/shudu/scan/weights.npz`` and the evaluation numbers (on glyphs of
pictures it never saw) to ``src/shudu/scan/weights.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from shudu.scan import reader
from shudu.scan.synth import SYMBOLS, sample

OUT = Path(reader.__file__).parent


def glyphs_of(seeds: range) -> tuple[np.ndarray, np.ndarray]:
    xs, ys = [], []
    for s in seeds:
        smp = sample(s, size=16 if s % 4 == 0 else 9, valid=False)
        try:
            cells = reader.find_grid(reader.load_gray(smp.image))
        except reader.ScanError:
            continue
        n = round(len(smp.puzzle) ** 0.5)
        if cells.size != n:
            continue
        for ch, g in zip(smp.puzzle, cells.glyphs):
            if ch != "." and g is not None:
                xs.append(g)
                ys.append(SYMBOLS.index(ch))
    return np.stack(xs), np.array(ys)


def train(x: np.ndarray, y: np.ndarray, seed: int, hidden: int = 160,
          epochs: int = 30) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    d, k = x.shape[1], len(SYMBOLS)
    p = {"w1": rng.normal(0, np.sqrt(2 / d), (d, hidden)).astype(np.float32),
         "b1": np.zeros(hidden, np.float32),
         "w2": rng.normal(0, np.sqrt(2 / hidden), (hidden, k)).astype(np.float32),
         "b2": np.zeros(k, np.float32)}
    m = {n: np.zeros_like(v) for n, v in p.items()}
    v2 = {n: np.zeros_like(v) for n, v in p.items()}
    lr, b1, b2, t = 2e-3, 0.9, 0.999, 0
    onehot = np.eye(k, dtype=np.float32)[y]
    for epoch in range(epochs):
        order = rng.permutation(len(x))
        for i in range(0, len(x), 128):
            bi = order[i: i + 128]
            xb = x[bi]
            # light augmentation: shift by a pixel, vary contrast
            if rng.random() < 0.5:
                xb = np.roll(xb.reshape(-1, reader.GLYPH, reader.GLYPH),
                             rng.integers(-1, 2), axis=rng.integers(1, 3)).reshape(len(bi), -1)
            xb = xb * rng.uniform(0.8, 1.1)
            h = np.maximum(xb @ p["w1"] + p["b1"], 0)
            z = h @ p["w2"] + p["b2"]
            z -= z.max(1, keepdims=True)
            e = np.exp(z)
            prob = e / e.sum(1, keepdims=True)
            dz = (prob - onehot[bi]) / len(bi)
            g = {"w2": h.T @ dz + 1e-4 * p["w2"], "b2": dz.sum(0)}
            dh = (dz @ p["w2"].T) * (h > 0)
            g["w1"] = xb.T @ dh + 1e-4 * p["w1"]
            g["b1"] = dh.sum(0)
            t += 1
            for n in p:
                m[n] = b1 * m[n] + (1 - b1) * g[n]
                v2[n] = b2 * v2[n] + (1 - b2) * g[n] ** 2
                p[n] -= (lr * (m[n] / (1 - b1 ** t)) /
                         (np.sqrt(v2[n] / (1 - b2 ** t)) + 1e-8)).astype(np.float32)
        if epoch == epochs * 2 // 3:
            lr /= 4
    return p


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--images", type=int, default=700)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    t0 = time.time()
    base = 1_000_000 + a.seed * 100_000
    x, y = glyphs_of(range(base, base + a.images))
    xv, yv = glyphs_of(range(base + 50_000, base + 50_000 + a.images // 7))
    print(f"{len(x)} training glyphs, {len(xv)} held out ({time.time() - t0:.0f} s)",
          file=sys.stderr)
    p = train(reader.features(x), y, a.seed)
    np.savez_compressed(OUT / "weights.npz", **p)
    reader._model.cache_clear()
    pred = reader.classify(xv).argmax(1)
    acc9 = float((pred[yv < 9] == yv[yv < 9]).mean())
    report = {
        "command": f"python scripts/train_scan.py --images {a.images} --seed {a.seed}",
        "training_glyphs": len(x), "held_out_glyphs": len(xv),
        "held_out_accuracy": round(float((pred == yv).mean()), 5),
        "held_out_accuracy_digits_1_9": round(acc9, 5),
        "input": f"{reader.GLYPH}x{reader.GLYPH} grey glyph", "hidden": int(p["b1"].size),
        "classes": SYMBOLS, "seconds": round(time.time() - t0, 1),
    }
    (OUT / "weights.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
