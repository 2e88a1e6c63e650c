"""Make the synthetic photo test set of ``shudu scan`` (seeded, reproducible).

    .venv/bin/python scripts/make_scan_set.py [--count 80] [--seed 0] [--out tests/data/scan]

Writes ``NNN.jpg`` pictures made by :func:`shudu.scan.synth.sample` (seeds ``seed`` ...
``seed + count - 1``: puzzles with one solution, 9×9 mostly, some 4×4, 6×6 and 16×16,
drawn by shudu's renderer or in the system's fonts, then photographed) and
``truth.json``: for each picture its puzzle, the grid's corners and how it was drawn.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import cv2

from shudu.scan.synth import sample

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=80)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--size", type=int, default=640, help="longest side in pixels")
    ap.add_argument("--out", default=str(ROOT / "tests" / "data" / "scan"))
    a = ap.parse_args(argv)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    truth = {}
    for seed in range(a.seed, a.seed + a.count):
        s = sample(seed, out=a.size)
        name = f"{seed:03d}.jpg"
        cv2.imwrite(str(out / name), cv2.cvtColor(s.image, cv2.COLOR_RGB2BGR),
                    [cv2.IMWRITE_JPEG_QUALITY, 85])
        truth[name] = {"puzzle": s.puzzle, "kind": s.kind,
                       "corners": [[round(x, 1), round(y, 1)] for x, y in s.corners]}
    (out / "truth.json").write_text(json.dumps(truth, indent=1) + "\n", encoding="utf-8")
    print(f"{len(truth)} pictures in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
