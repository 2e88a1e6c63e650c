"""Time and score ``shudu scan`` on synthetic photographs.

Seconds per 12-megapixel photo (a synthetic photograph made at 3464×3464 pixels; the
aim: at most 0.5 s), and the accuracy on ``--count`` fresh synthetic photographs (seeds
from 10 000 on, never used in training or in tests/data/scan): share of cells and of
whole puzzles read exactly (aims: 99.5 % and 97 %), and share of the inexact readings
whose status says so (aim: 99 %).

Usage::

    python benchmarks/bench_scan.py [--count 300] [--repeat 5] [--markdown benchmarks/RESULTS.md]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from report import block, command_line, load_average, log, table, write_block
from shudu.scan import scan
from shudu.scan.reader import evaluate
from shudu.scan.synth import sample


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--markdown", type=Path)
    a = ap.parse_args(argv)
    times = []
    for seed in range(a.repeat):
        big = sample(20_000 + seed, size=9, out=3464).image
        t0 = time.perf_counter()
        scan(big)
        times.append(time.perf_counter() - t0)
    log(f"12 MP: mean {sum(times) / len(times):.3f} s, best {min(times):.3f} s")
    t0 = time.perf_counter()
    samples = (sample(10_000 + i) for i in range(a.count))
    score = evaluate((str(i), s.image, s.puzzle) for i, s in enumerate(samples))
    log(f"scored {a.count} pictures in {time.perf_counter() - t0:.0f} s")
    rows = [
        ["seconds per 12 MP photo (mean / best)",
         f"{sum(times) / len(times):.3f} / {min(times):.3f}", "≤ 0.5"],
        ["cells read exactly", f"{100 * score.cell_accuracy:.2f} %", "≥ 99.5 %"],
        ["whole puzzles read exactly", f"{100 * score.puzzle_accuracy:.1f} % "
         f"({score.exact}/{score.pictures})", "≥ 97 %"],
        ["inexact readings that say so", f"{100 * score.flagged:.1f} % "
         f"({score.wrong_flagged}/{score.wrong})", "≥ 99 %"],
    ]
    lines = ["## Reading photos (shudu scan)", "",
             f"`{command_line(__file__)}` (load average {load_average()})", "",
             *table(["measure", "result", "aim"], rows), ""]
    if score.failures:
        lines += ["Inexact: " + "; ".join(score.failures[:20]), ""]
    text = block("scan", lines)
    print(text)
    if a.markdown:
        write_block(a.markdown, "scan", text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
