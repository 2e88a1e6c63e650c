"""Time how fast the command line and the package start: ``shudu --version``,
``shudu solve PUZZLE`` and ``python -c "import shudu"``, each as a whole new process.

Each command runs ``--runs`` times after one warm-up; the CPU time of each run is the
child's user + system time as the kernel accounts it (``os.wait4``), the wall time is
taken around it. Prints the median and the range of each, beside the targets (CPU:
60 ms, 120 ms and 50 ms).

Usage::

    python benchmarks/bench_startup.py [--runs 15] [--markdown benchmarks/RESULTS.md]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

from report import block, command_line, load_average, table, write_block  # noqa: E402

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SCRIPT = Path(sys.executable).with_name("shudu")
CASES = [
    ("shudu --version", [str(SCRIPT), "--version"], 0.060),
    ("shudu solve PUZZLE", [str(SCRIPT), "solve", PUZZLE], 0.120),
    ('python -c "import shudu"', [sys.executable, "-c", "import shudu"], 0.050),
]


def run_once(argv: list[str]) -> tuple[float, float]:
    """One run of ``argv``: (CPU seconds of the child, wall seconds).

    >>> cpu, wall = run_once([sys.executable, "-c", "pass"])
    >>> 0 < cpu <= wall + 0.05
    True
    """
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"{argv[0]} exited {proc.returncode}")
    return usage.ru_utime + usage.ru_stime, wall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="counted runs of each command")
    parser.add_argument("--markdown", type=Path, help="write the result into this file")
    args = parser.parse_args(argv)
    if not SCRIPT.exists():
        print(f"{SCRIPT} not found: install the package first (make)", file=sys.stderr)
        return 2
    rows = []
    for name, command, target in CASES:
        run_once(command)   # warm-up: the file cache
        cpu, wall = zip(*(run_once(command) for _ in range(args.runs)), strict=True)
        med = statistics.median(cpu)
        rows.append([f"`{name}`", f"{med * 1e3:.0f}", f"{min(cpu) * 1e3:.0f}–{max(cpu) * 1e3:.0f}",
                     f"{statistics.median(wall) * 1e3:.0f}", f"≤ {target * 1e3:.0f}",
                     "PASS" if med <= target else "FAIL"])
        print(f"{name}: CPU median {med * 1e3:.0f} ms (target {target * 1e3:.0f} ms)")
    if args.markdown:
        stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        write_block(args.markdown, "startup", block("startup", [
            "## Start-up", "",
            "Written by `benchmarks/bench_startup.py`: each command as a new process, "
            f"{args.runs} runs after a warm-up; CPU is the child's user + system time.", "",
            f"- Command: `{command_line(__file__)}`",
            f"- Date: {stamp}; load average (1 min) {load_average()}", "",
            *table(["command", "CPU ms (median)", "CPU ms (range)", "wall ms (median)",
                    "target (CPU)", "result"], rows)]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
