"""Time and score ``shudu scan`` on synthetic photographs, plain and hard.

CPU seconds per 12-megapixel photo on one core (a synthetic photograph made at
3464×3464 pixels; the aim: at most 0.3 s), and the accuracy on ``--count`` fresh
synthetic photographs (seeds from 10 000 on, never used in training or in
tests/data/scan): share of cells and of whole puzzles read exactly (aims: 99.5 % and
97 %), and share of the inexact readings whose status says so (aim: 99 %).

Then the hard set: ``--hard-count`` photographs per condition of
:data:`shudu.scan.synth.HARD` (seeds from 30 000 on, fixed): a hard-edged shadow across
the grid, a grid about 300 pixels across (also with a shadow), a curled page, strong
perspective, a second grid and text beside it, the picture turned 90/180/270°, digits
printed in halftone.  Per condition: the puzzles read exactly (aim: 95 %), the wrong
readings returned as clean (status ``ok``: aim 0) and the cells read wrong with a
confidence of 0.99 or more.  ``--json`` saves these figures; ``--before`` adds the figures
of an earlier reader (saved by its own run with ``--json``) as a column.

Usage::

    python benchmarks/bench_scan.py [--count 300] [--hard-count 40] [--repeat 5]
        [--json out.json] [--before before.json --before-name REV]
        [--markdown benchmarks/RESULTS.md]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from report import block, command_line, load_average, log, table, write_block
from shudu.scan import ScanError, scan
from shudu.scan.reader import evaluate
from shudu.scan.synth import sample

try:
    from shudu.scan.synth import HARD, hard_sample
except ImportError:    # pragma: no cover - an earlier synth module
    HARD, hard_sample = (), None


BANDS = ((0.0, 0.5), (0.5, 0.9), (0.9, 0.99), (0.99, 0.999), (0.999, 1.01))


def hard_figures(count: int, cells: list[tuple[float, bool]]
                 ) -> dict[str, dict[str, int]]:
    """Per condition: photographs, exact readings, wrong readings returned as ``ok``, cells
    read wrong with confidence ≥ 0.99; each cell's (confidence, right) goes to ``cells``."""
    out = {}
    for cond in HARD:
        got = {"photos": 0, "exact": 0, "wrong_ok": 0, "confident_wrong_cells": 0}
        t0 = time.process_time()
        for i in range(count):
            s = hard_sample(30_000 + i, cond)
            got["photos"] += 1
            try:
                r = scan(s.image)
            except ScanError:
                continue
            exact = str(r.grid) == s.puzzle
            got["exact"] += exact
            got["wrong_ok"] += (not exact) and r.status == "ok"
            if len(str(r.read)) == len(s.puzzle):
                got["confident_wrong_cells"] += sum(
                    a != b and p >= 0.99 for a, b, p in zip(str(r.read), s.puzzle, r.confidence))
                cells += [(p, a == b) for a, b, p in zip(str(r.read), s.puzzle, r.confidence)]
        log(f"{cond}: {got} ({time.process_time() - t0:.0f} s CPU)")
        out[cond] = got
    return out


def _rate(g: dict[str, int] | None) -> str:
    if not g:
        return "–"
    return (f"{100 * g['exact'] / g['photos']:.0f} % ({g['exact']}/{g['photos']}); "
            f"{g['wrong_ok']} / {g['confident_wrong_cells']}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--hard-count", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--json", type=Path, help="save the hard set's figures here")
    ap.add_argument("--before", type=Path, help="an earlier reader's --json figures")
    ap.add_argument("--before-name", default="before",
                    help="what the earlier reader was (a commit), for the table's header")
    ap.add_argument("--markdown", type=Path)
    a = ap.parse_args(argv)
    import cv2

    cv2.setNumThreads(1)    # one core: the times are CPU seconds of this process
    times = []
    for seed in range(a.repeat):
        big = sample(20_000 + seed, size=9, out=3464).image
        t0 = time.process_time()
        scan(big)
        times.append(time.process_time() - t0)
    log(f"12 MP: mean {sum(times) / len(times):.3f} s, best {min(times):.3f} s")
    t0 = time.perf_counter()
    samples = (sample(10_000 + i) for i in range(a.count))
    score = evaluate((str(i), s.image, s.puzzle) for i, s in enumerate(samples))
    log(f"scored {a.count} pictures in {time.perf_counter() - t0:.0f} s")
    cells: list[tuple[float, bool]] = []
    hard = hard_figures(a.hard_count, cells)
    if a.json:
        a.json.write_text(json.dumps({"hard": hard, "plain": {
            "exact": score.exact, "photos": score.pictures, "wrong_ok": score.wrong -
            score.wrong_flagged}}, indent=1) + "\n", encoding="utf-8")
    before = json.loads(a.before.read_text(encoding="utf-8")) if a.before else {}
    rows = [
        ["CPU seconds per 12 MP photo, one core (mean / best)",
         f"{sum(times) / len(times):.3f} / {min(times):.3f}", "≤ 0.3"],
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
    hard_rows = [[cond, _rate(before.get("hard", {}).get(cond)), _rate(hard[cond])]
                 for cond in HARD]
    lines += [f"Hard synthetic set ({a.hard_count} photos per condition, seeds 30 000 on): "
              "puzzles read exactly; then wrong readings returned as clean (status `ok`) / "
              "cells read wrong with confidence ≥ 0.99.", "",
              *table(["condition", a.before_name, "now"], hard_rows), ""]
    calib = []
    for lo, hi in BANDS:
        band = [right for p, right in cells if lo <= p < hi]
        if band:
            mean = sum(p for p, _ in cells if lo <= p < hi) / len(band)
            calib.append([f"{lo}–{min(hi, 1)}", str(len(band)), f"{mean:.4f}",
                          f"{sum(band) / len(band):.4f}"])
    lines += ["Calibration on the hard set (every cell of every grid found; a cell with no "
              "ink is read empty with confidence 1):", "",
              *table(["confidence", "cells", "mean confidence", "share right"], calib), ""]
    text = block("scan", lines)
    print(text)
    if a.markdown:
        write_block(a.markdown, "scan", text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
