"""One puzzle counted on many cores: ``shudu.count(p, limit, threads=N)`` against one
thread, on puzzles with a million solutions or more.

Runs alternate (1 thread, N threads, 1, N, ...) so that a change in the machine's load
hits both; the figure is the best wall time of each, and the CPU time over wall time
shows how busy the cores were.

    .venv/bin/python benchmarks/bench_parallel.py [--repeat 3] [--threads 2]
        [--markdown benchmarks/RESULTS.md]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from report import block, command_line, load_average, log, table, write_block
from shudu import Rules
from shudu.solving import engine

SOLVED = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
CASES = [
    ("9x9, first 33 cells of a solution", SOLVED[:33] + "." * 48, None, 10**9),
    ("9x9, first 32 cells of a solution", SOLVED[:32] + "." * 49, None, 10**9),
    ("empty 16x16, to a limit of 10^6", "." * 256, Rules(16), 10**6),
]
"""(label, puzzle, rules, limit): the first two are counted to the end."""


def timed(puzzle: str, rules: Rules | None, limit: int, threads: int) -> tuple[int, float,
                                                                                float]:
    """(count, wall seconds, CPU seconds) of one count."""
    c0, w0 = time.process_time(), time.perf_counter()
    found = engine.count(puzzle, limit, rules, threads=threads)
    return found, time.perf_counter() - w0, time.process_time() - c0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the cases and print (and optionally write) the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="alternating runs of each")
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--markdown", type=Path, help="write the section into this file")
    opts = ap.parse_args(argv)
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    t0 = time.perf_counter()
    load = load_average()
    rows = []
    for label, puzzle, rules, limit in CASES:
        best = {1: (0, float("inf"), 0.0), opts.threads: (0, float("inf"), 0.0)}
        counts = set()
        for _ in range(opts.repeat):
            for threads in (1, opts.threads):
                found, wall, cpu = timed(puzzle, rules, limit, threads)
                counts.add(found)
                log(f"{label}: {threads} thread(s) {found:,} in {wall:.2f} s (CPU {cpu:.2f} s)")
                if wall < best[threads][1]:
                    best[threads] = (found, wall, cpu)
        (n1, w1, _), (_, wn, cn) = best[1], best[opts.threads]
        rows.append([label, f"{n1:,}", "yes" if len(counts) == 1 else f"NO: {sorted(counts)}",
                     f"{w1:.2f}", f"{wn:.2f}", f"{w1 / wn:.2f}×", f"{cn / wn:.2f}"])
    header = ["puzzle", "solutions counted", "same count", "1 thread (s)",
              f"{opts.threads} threads (s)", "speed-up", f"CPU ÷ wall ({opts.threads} threads)"]
    text = block("parallel", ["## One puzzle on many cores", "",
             "Written by `benchmarks/bench_parallel.py`: `shudu.count(p, limit, threads=N)` "
             "(the search tree split into disjoint subproblems handed to threads one at a "
             "time) against one thread; runs alternate, best wall time of each.", "",
             f"- Command: `{command_line(__file__)}`",
             f"- Date: {started} (took {time.perf_counter() - t0:.0f} s)",
             f"- Load average (1 min) at start / end: {load} / {load_average()}", "",
             *table(header, rows)])
    print(text)
    if opts.markdown:
        write_block(opts.markdown, "parallel", text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
