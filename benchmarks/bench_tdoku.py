"""shudu's engine against tdoku, the fastest published brute-force solver, run by its own
benchmark program, in alternating rounds on the same puzzles.

tdoku is not a Python package and is never part of this repository: build its
``run_benchmark`` program from its public source (github.com/t-dillon/tdoku, with its own
build script, e.g. clang -O3 -march=native) and pass its path.  Each round times, on one
thread and the same puzzles in the same order:

* shudu: ``solve_many(buffer, threads=1, limit=1)`` (first solution) and
  ``count_many(buffer, limit=2, threads=1)`` (the uniqueness check), repeated until
  ``--seconds`` have passed (wall and CPU time);
* tdoku: ``run_benchmark -s tdoku -r 0 -n N -t SECONDS -w 1 -c 1 [-f] FILE`` (its own
  loop over the puzzles, unpermuted; ``-f`` = first solution, else solution counts up to
  2; it checks its solutions during its warm-up), reporting puzzles per second.

The order of the two alternates from round to round; the ratio is shudu's median rate
over tdoku's.  Every shudu answer is checked against the puzzle (a valid grid keeping
the givens) and the counts against each other.

    .venv/bin/python benchmarks/bench_tdoku.py --tdoku PATH/run_benchmark
        [--sets top1465,sudoku17,hardest] [--rounds 5] [--seconds 3]
        [--markdown benchmarks/RESULTS.md]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import shudu
from peers import check_solution
from report import (
    block,
    command_line,
    default_data_dir,
    load_average,
    load_puzzles,
    log,
    table,
    write_block,
)

BENCH_DATA = Path(__file__).resolve().parent / "data"
SETS = ("top1465", "sudoku17", "hardest")


def shudu_rate(fn: Callable[[], object], n: int, seconds: float) -> tuple[float, float]:
    """Puzzles per second of ``fn`` (which handles ``n`` puzzles), by wall and CPU time,
    repeated until ``seconds`` have passed."""
    fn()
    reps = 0
    w0, c0 = time.perf_counter(), time.process_time()
    while True:
        fn()
        reps += 1
        wall = time.perf_counter() - w0
        if wall >= seconds:
            break
    cpu = time.process_time() - c0
    return n * reps / wall, n * reps / cpu


def tdoku_rate(binary: Path, file: Path, n: int, seconds: int, first: bool) -> float:
    """Puzzles per second that tdoku's own benchmark reports on ``file``."""
    cmd = [str(binary), "-s", "tdoku", "-r", "0", "-n", str(n), "-t", str(seconds), "-w", "1",
           "-c", "1", *(["-f"] if first else []), str(file)]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=True).stdout
    rows = [line for line in out.splitlines() if line.count(",") >= 8]
    if not rows:
        raise RuntimeError(f"tdoku printed no result: {out.strip()[:200]}")
    return float(rows[-1].split(",")[-4])


def check_shudu(puzzles: list[str]) -> str:
    """Every first solution valid and every count 1 or 2 (the sets are valid puzzles)."""
    buf = "".join(puzzles).encode("ascii")
    result = shudu.solve_many(buf, threads=1, limit=1)
    counts = list(shudu.count_many(buf, limit=2, threads=1))
    raw = bytes(result.solutions)
    bad = sum(1 for k, p in enumerate(puzzles)
              if check_solution(p, "".join(map(str, raw[81 * k:81 * k + 81]))))
    return (f"{len(puzzles) - bad}/{len(puzzles)} solutions valid; "
            f"{sum(c == 1 for c in counts)} unique, {sum(c == 2 for c in counts)} several")


def main(argv: Sequence[str] | None = None) -> int:
    """Alternating rounds per set; the table; the RESULTS.md block with --markdown."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tdoku", type=Path, required=True,
                    help="tdoku's run_benchmark program, built from its public source")
    ap.add_argument("--sets", default=",".join(SETS))
    ap.add_argument("--data-dir", type=Path, default=default_data_dir())
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=int, default=3)
    ap.add_argument("--markdown", type=Path)
    opts = ap.parse_args(argv)
    if not opts.tdoku.exists():
        ap.error(f"--tdoku: {opts.tdoku} does not exist")
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load0 = load_average()
    t0 = time.perf_counter()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in opts.sets.split(","):
            path = opts.data_dir / f"{name}.sdm"
            if not path.exists():
                path = BENCH_DATA / f"{name}.sdm"
            puzzles = [p.replace("0", ".") for p in load_puzzles(path)]
            n = len(puzzles)
            file = Path(tmp) / f"{name}.txt"
            file.write_text("\n".join(puzzles) + "\n")
            buf = "".join(puzzles).encode("ascii")
            answers = check_shudu(puzzles)
            jobs: tuple[tuple[str, bool, Callable[[], object]], ...] = (
                ("first solution", True, partial(shudu.solve_many, buf, threads=1, limit=1)),
                ("count to 2", False, partial(shudu.count_many, buf, limit=2, threads=1)))
            for label, first, ours in jobs:
                mine: list[tuple[float, float]] = []
                theirs: list[float] = []
                for r in range(opts.rounds):
                    log(f"{name}, {label}: round {r + 1}/{opts.rounds}")
                    for who in ((0, 1) if r % 2 == 0 else (1, 0)):
                        if who == 0:
                            mine.append(shudu_rate(ours, n, opts.seconds))
                        else:
                            theirs.append(tdoku_rate(opts.tdoku, file, n, opts.seconds, first))
                wall = statistics.median(m[0] for m in mine)
                cpu = statistics.median(m[1] for m in mine)
                peer = statistics.median(theirs)
                rows.append([name, f"{n:,}", label, f"{wall:,.0f}", f"{cpu:,.0f}",
                             f"{peer:,.0f}", f"{wall / peer:.2f}×",
                             f"{min(m[0] for m in mine) / peer:.2f}–"
                             f"{max(m[0] for m in mine) / peer:.2f}×", answers])
    text = block("tdoku", [
        "## Engine against tdoku", "",
        "Written by `benchmarks/bench_tdoku.py`: shudu's C batch (`solve_many`, "
        "`count_many(limit=2)`, one thread) against tdoku's own benchmark program "
        "(`run_benchmark -s tdoku -r 0`, one thread) on the same unpermuted puzzles, in "
        "alternating rounds; rates are medians over the rounds, the ratio is shudu ÷ "
        "tdoku by wall time (tdoku reports wall time).", "",
        f"- Command: `{command_line(__file__)}`",
        f"- Date: {started} (took {time.perf_counter() - t0:.0f} s)",
        f"- Load average (1 min) at start / end: {load0} / {load_average()}",
        f"- Rounds: {opts.rounds}, {opts.seconds} s per run",
        f"- shudu's propagation: {shudu.solving.engine.propagation()}", "",
        *table(["set", "puzzles", "job", "shudu puzzles/s (wall)", "shudu puzzles/s (CPU)",
                "tdoku puzzles/s", "shudu ÷ tdoku", "range over rounds", "shudu's answers"],
               rows)])
    print(text)
    if opts.markdown:
        write_block(opts.markdown, "tdoku", text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
