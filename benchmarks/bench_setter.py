"""Benchmark the setter's bench: ``shudu.true_candidates``, ``suggest_clues`` and
``redundant_clues`` against their targets, in CPU time (``time.process_time``, one core).

* true candidates: 9x9 puzzles with 10 to 10^6 solutions, each made from the solution of
  a top1465 puzzle by keeping a seeded random set of its digits (each number of givens
  drawn until a puzzle lands in each band of solution counts); target ≤ 0.2 s each;
* suggested clues: the puzzles of those bands with many solutions (10^3 and up); target
  ≤ 2 s each;
* redundant clues: every top1465 puzzle; target ≤ 50 ms each.

Usage::

    python benchmarks/bench_setter.py [--per-band 5] [--seed 1] [--markdown RESULTS.md]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

import shudu  # noqa: E402
from report import (  # noqa: E402
    block,
    command_line,
    default_data_dir,
    load_average,
    load_puzzles,
    log,
    table,
    write_block,
)
from shudu import Grid  # noqa: E402
from shudu.make.setter import redundant_clues, suggest_clues, true_candidates  # noqa: E402

BANDS = [(10, 10**2), (10**2, 10**3), (10**3, 10**4), (10**4, 10**5), (10**5, 5 * 10**5),
         (5 * 10**5, 10**6 + 1)]
"""Bands of solution counts ``[low, high)`` of the puzzles made for true candidates."""

BAND_NAMES = ["10–99", "100–999", "1,000–9,999", "10^4–10^5", "10^5–5·10^5", "5·10^5–10^6"]


def make_puzzles(solutions: list[tuple[int, ...]], per_band: int, seed: int
                 ) -> list[tuple[Grid, int, int]]:
    """``per_band`` puzzles in each band of :data:`BANDS`: ``(grid, solutions, band)``."""
    rng = random.Random(seed)
    found: list[list[tuple[Grid, int]]] = [[] for _ in BANDS]
    tries = 0
    while any(len(f) < per_band for f in found) and tries < 20_000:
        tries += 1
        full = rng.choice(solutions)
        keep = set(rng.sample(range(81), rng.randint(19, 30)))
        grid = Grid([full[c] if c in keep else 0 for c in range(81)])
        count = shudu.count(grid, 10**6 + 1)
        for i, (low, high) in enumerate(BANDS):
            if low <= count < high and len(found[i]) < per_band:
                found[i].append((grid, count))
    return [(g, n, i) for i, f in enumerate(found) for g, n in f]


def cpu(call) -> tuple[float, object]:
    start = time.process_time()
    out = call()
    return time.process_time() - start, out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-band", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--data-dir", type=Path, default=default_data_dir())
    parser.add_argument("--markdown", type=Path)
    args = parser.parse_args()
    data = args.data_dir / "top1465.sdm"
    if not data.exists():
        print(f"{data} not found: the shared puzzle collections sit beside the repository")
        return 1
    began = time.monotonic()
    load_start = load_average()
    puzzles = load_puzzles(data)
    solutions = [shudu.solve(p).values for p in puzzles]
    cases = make_puzzles(solutions, args.per_band, args.seed)
    log(f"{len(cases)} puzzles made")
    true_call(cases[0][0])   # warm-up: modules, rating tables

    rows: list[list[str]] = []
    tc_times: list[float] = []
    sg_times: list[float] = []
    for i, (low, _high) in enumerate(BANDS):
        mine = [(g, n) for g, n, band in cases if band == i]
        times, sg, labels = [], [], []
        for grid, count in mine:
            seconds, found = cpu(lambda g=grid: true_call(g))
            times.append(seconds)
            labels.append(found.label)   # type: ignore[attr-defined]
            assert found.count == min(count, 100_000)   # type: ignore[attr-defined]
            if low >= 10**3:
                seconds, _ = cpu(lambda g=grid: suggest_clues(g, n=10, timeout=None))
                sg.append(seconds)
        tc_times += times
        sg_times += sg
        rows.append([BAND_NAMES[i], str(len(mine)),
                     f"{min(n for _, n in mine):,}–{max(n for _, n in mine):,}",
                     f"{statistics.median(times) * 1000:.1f}", f"{max(times) * 1000:.1f}",
                     f"{statistics.median(sg) * 1000:.0f}" if sg else "—",
                     f"{max(sg) * 1000:.0f}" if sg else "—"])
        log(f"band {BAND_NAMES[i]} done")

    rd_times = []
    for p in puzzles:
        seconds, _ = cpu(lambda p=p: redundant_clues(p, timeout=None))
        rd_times.append(seconds)
    rd_sorted = sorted(rd_times)
    within = sum(t <= 0.050 for t in rd_times)

    acceptance = [
        ["true_candidates, 9x9 with 10 to 10^6 solutions", "≤ 0.2 s each",
         f"max {max(tc_times) * 1000:.0f} ms", "PASS" if max(tc_times) <= 0.2 else "FAIL"],
        ["suggest_clues, 9x9 with 10^3 to 10^6 solutions", "≤ 2 s each",
         f"max {max(sg_times) * 1000:.0f} ms", "PASS" if max(sg_times) <= 2.0 else "FAIL"],
        ["redundant_clues, top1465", "≤ 50 ms each",
         f"max {max(rd_times) * 1000:.1f} ms ({within}/{len(rd_times)} within)",
         "PASS" if within == len(rd_times) else "FAIL"],
    ]
    lines = [
        "## Setter's bench",
        "",
        "Written by `benchmarks/bench_setter.py --markdown benchmarks/RESULTS.md`: "
        "`shudu.true_candidates` (solutions counted up to 100,000), `shudu.suggest_clues` "
        "(n=10, each clue counted up to 1,000) and `shudu.redundant_clues`, CPU time of one "
        "call on one core (`time.process_time`). The 9x9 puzzles are made from top1465 "
        f"solutions by keeping a seeded (seed {args.seed}) random set of 19 to 30 digits, "
        f"{args.per_band} per band of solution counts.",
        "",
        f"- Command: `{command_line(__file__)}`",
        f"- Date: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC "
        f"(took {time.monotonic() - began:.0f} s)",
        f"- Load average (1 min) at start / end: {load_start} / {load_average()}",
        "",
        "### Acceptance",
        "",
        *table(["criterion", "target", "measured", "result"], acceptance),
        "",
        "### By number of solutions (CPU ms per call)",
        "",
        *table(["solutions", "puzzles", "range", "true_candidates median",
                "true_candidates max", "suggest_clues median", "suggest_clues max"], rows),
        "",
        f"redundant_clues on top1465 ({len(rd_times):,} puzzles): median "
        f"{statistics.median(rd_times) * 1000:.2f} ms, p99 "
        f"{rd_sorted[int(0.99 * (len(rd_sorted) - 1))] * 1000:.2f} ms, max "
        f"{max(rd_times) * 1000:.2f} ms, total {sum(rd_times):.2f} s.",
    ]
    print("\n".join(lines))
    if args.markdown:
        write_block(args.markdown, "setter", block("setter", lines))
    return 0


def true_call(grid: Grid):
    return true_candidates(grid, timeout=None)


if __name__ == "__main__":
    sys.exit(main())
