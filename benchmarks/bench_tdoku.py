"""shudu's engine on each propagation path against tdoku, the fastest published brute-force
solver, built for the matching instruction set and run by its own benchmark program, in
alternating rounds on the same puzzles.

tdoku is not a Python package and is never part of this repository: build its
``run_benchmark`` program from its public source (github.com/t-dillon/tdoku) with clang,
once per instruction set, and pass each build's path:

* ``--tdoku-native``: ``-O3 -march=native``, against shudu's ``avx512`` path;
* ``--tdoku-avx2``: ``-O3 -march=haswell`` (AVX2, no AVX-512), against ``avx2``;
* ``--tdoku-portable``: ``-O3 -march=x86-64`` (the baseline, the lowest level tdoku's
  source builds at), against ``portable``.

A path this processor does not run, or whose tdoku build is not given, has no row.  Each
round times, on one thread and the same puzzles in the same order:

* shudu, in a fresh process with ``SHUDU_SIMD`` naming the path (the extension chooses its
  path once, when it loads): ``solve_many(buffer, threads=1, limit=1)`` (first solution)
  and ``count_many(buffer, limit=2, threads=1)`` (the uniqueness check), repeated until
  ``--seconds`` have passed (wall and CPU time);
* tdoku: ``run_benchmark -s tdoku -r 0 -n N -t SECONDS -w 1 -c 1 [-f] FILE`` (its own
  loop over the puzzles, unpermuted; ``-f`` = first solution, else solution counts up to
  2; it checks its solutions during its warm-up), which reports puzzles per second of wall
  time; its CPU rate is that times the process's wall time over its CPU time.

The order of the two alternates from round to round; the ratio is shudu's median CPU rate
over tdoku's (the machine is shared: CPU time is what each program got).  Every shudu
answer is checked against the puzzle (a valid grid keeping the givens) and the counts
against each other.

    .venv/bin/python benchmarks/bench_tdoku.py --tdoku-native PATH/run_benchmark
        [--tdoku-avx2 PATH] [--tdoku-portable PATH] [--sets top1465,sudoku17,hardest]
        [--rounds 5] [--seconds 3] [--markdown benchmarks/RESULTS.md]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
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
# shudu's path, the tdoku build it meets, and how that build is made
PATHS = (("avx512", "native", "-O3 -march=native"),
         ("avx2", "avx2", "-O3 -march=haswell"),
         ("portable", "portable", "-O3 -march=x86-64"))
SRC = str(Path(__file__).resolve().parents[1] / "src")

# Run in a fresh process under SHUDU_SIMD: times one job on the puzzles of a file and prints
# the path that ran and the rates (puzzles per second, wall and CPU) as JSON.
WORKER = """
import json, sys, time
import shudu
from shudu.solving.engine import propagation
file, job, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
buf = open(file, "rb").read().replace(b"\\n", b"")
n = len(buf) // 81
def run():
    if job == "first":
        shudu.solve_many(buf, threads=1, limit=1)
    else:
        shudu.count_many(buf, limit=2, threads=1)
run()
reps = 0
w0, c0 = time.perf_counter(), time.process_time()
while time.perf_counter() - w0 < seconds:
    run()
    reps += 1
wall, cpu = time.perf_counter() - w0, time.process_time() - c0
print(json.dumps({"path": propagation(), "wall": n * reps / wall, "cpu": n * reps / cpu}))
"""


def shudu_path_runs(path: str) -> bool:
    """Whether this processor runs ``path`` (a process under SHUDU_SIMD reports it)."""
    done = subprocess.run(
        [sys.executable, "-W", "ignore", "-c",
         "from shudu.solving.engine import propagation; print(propagation())"],
        capture_output=True, text=True, timeout=120, check=True, env=_env(path))
    return done.stdout.strip() == path


def _env(path: str) -> dict[str, str]:
    return {**os.environ, "SHUDU_SIMD": path,
            "PYTHONPATH": os.pathsep.join([SRC, os.environ.get("PYTHONPATH", "")])}


def shudu_rate(path: str, file: Path, first: bool, seconds: float) -> tuple[float, float]:
    """Puzzles per second of shudu's ``path`` on ``file`` (wall and CPU time)."""
    done = subprocess.run(
        [sys.executable, "-c", WORKER, str(file), "first" if first else "count", str(seconds)],
        capture_output=True, text=True, timeout=600, check=True, env=_env(path))
    got = json.loads(done.stdout)
    if got["path"] != path:
        raise RuntimeError(f"SHUDU_SIMD={path} ran the {got['path']} path")
    return float(got["wall"]), float(got["cpu"])


def tdoku_rate(binary: Path, file: Path, n: int, seconds: int, first: bool) -> tuple[float, float]:
    """Puzzles per second that tdoku's own benchmark reports on ``file`` (wall time), and
    that rate scaled by the process's wall time over its CPU time."""
    cmd = [str(binary), "-s", "tdoku", "-r", "0", "-n", str(n), "-t", str(seconds), "-w", "1",
           "-c", "1", *(["-f"] if first else []), str(file)]
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    w0 = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=True).stdout
    wall = time.perf_counter() - w0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    rows = [line for line in out.splitlines() if line.count(",") >= 8]
    if not rows:
        raise RuntimeError(f"tdoku printed no result: {out.strip()[:200]}")
    rate = float(rows[-1].split(",")[-4])
    return rate, rate * wall / cpu if cpu > 0 else rate


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


def _ratios(mine: list[tuple[float, float]], theirs: list[tuple[float, float]]) -> list[str]:
    """The table cells of one row: shudu's and tdoku's median rates and their ratios."""
    wall, cpu = (statistics.median(m[k] for m in mine) for k in (0, 1))
    peer_wall, peer_cpu = (statistics.median(t[k] for t in theirs) for k in (0, 1))
    each = [m[1] / t[1] for m, t in zip(mine, theirs, strict=True)]
    return [f"{wall:,.0f}", f"{cpu:,.0f}", f"{peer_wall:,.0f}", f"{peer_cpu:,.0f}",
            f"**{cpu / peer_cpu:.2f}×**", f"{min(each):.2f}–{max(each):.2f}×",
            f"{wall / peer_wall:.2f}×"]


def main(argv: Sequence[str] | None = None) -> int:
    """Alternating rounds per path, set and job; the table; the RESULTS.md block."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for _, build, flags in PATHS:
        ap.add_argument(f"--tdoku-{build}", type=Path,
                        help=f"tdoku's run_benchmark built with clang {flags}")
    ap.add_argument("--sets", default=",".join(SETS))
    ap.add_argument("--data-dir", type=Path, default=default_data_dir())
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=int, default=3)
    ap.add_argument("--markdown", type=Path)
    opts = ap.parse_args(argv)
    builds = {build: getattr(opts, f"tdoku_{build}") for _, build, _ in PATHS}
    for build, binary in builds.items():
        if binary is not None and not binary.exists():
            ap.error(f"--tdoku-{build}: {binary} does not exist")
    rows_of = [(path, build, flags) for path, build, flags in PATHS
               if builds[build] is not None and shudu_path_runs(path)]
    if not rows_of:
        ap.error("no tdoku build given for a path this processor runs")
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
            answers = check_shudu(puzzles)
            for simd, build, _ in rows_of:
                for label, first in (("first solution", True), ("count to 2", False)):
                    mine: list[tuple[float, float]] = []
                    theirs: list[tuple[float, float]] = []
                    for r in range(opts.rounds):
                        log(f"{name}, {simd}, {label}: round {r + 1}/{opts.rounds}")
                        for who in ((0, 1) if r % 2 == 0 else (1, 0)):
                            if who == 0:
                                mine.append(shudu_rate(simd, file, first, opts.seconds))
                            else:
                                theirs.append(tdoku_rate(builds[build], file, n,
                                                         opts.seconds, first))
                    rows.append([name, f"{n:,}", label, simd, build,
                                 *_ratios(mine, theirs), answers])
    text = block("tdoku", [
        "## Engine against tdoku", "",
        "Written by `benchmarks/bench_tdoku.py`: shudu's C batch (`solve_many`, "
        "`count_many(limit=2)`, one thread) on each propagation path (forced by "
        "`SHUDU_SIMD` in a fresh process) against tdoku's own benchmark program "
        "(`run_benchmark -s tdoku -r 0`, one thread) built from its public source with "
        "clang for the matching instruction set, on the same unpermuted puzzles, in "
        "alternating rounds; rates are medians over the rounds; the ratio is shudu ÷ tdoku "
        "by CPU time (tdoku's CPU rate is its reported wall rate times its process's wall "
        "over CPU time), the last column by wall time.", "",
        f"- Command: `{command_line(__file__)}`",
        "- tdoku builds: " + "; ".join(f"{build} = clang {flags}" for _, build, flags in rows_of),
        f"- Date: {started} (took {time.perf_counter() - t0:.0f} s)",
        f"- Load average (1 min) at start / end: {load0} / {load_average()}",
        f"- Rounds: {opts.rounds}, {opts.seconds} s per run", "",
        *table(["set", "puzzles", "job", "shudu path", "tdoku build",
                "shudu puzzles/s (wall)", "shudu puzzles/s (CPU)", "tdoku puzzles/s (wall)",
                "tdoku puzzles/s (CPU)", "shudu ÷ tdoku (CPU)", "range over rounds",
                "shudu ÷ tdoku (wall)", "shudu's answers"], rows)])
    print(text)
    if opts.markdown:
        write_block(opts.markdown, "tdoku", text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
