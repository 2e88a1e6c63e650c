"""Time how fast the command line and the package start: ``shudu --version``,
``shudu solve PUZZLE`` and ``python -c "import shudu"``, each as a whole new process.

The children import the package of this checkout (``src/`` first on ``PYTHONPATH``), the
way an installed copy runs: with its bytecode cached (``pip install`` compiles every
module), here in a private cache directory that the warm-up run fills.  The CPU time of a
run is the child's user + system time as the kernel accounts it (``os.wait4``), the wall
time is taken around it; the commands take turns, run after run, so that a change in the
machine's load reaches each of them alike.  Prints the median and the range of each
beside the targets (CPU: 60 ms, 120 ms and 50 ms), and the median without writing
bytecode (``PYTHONDONTWRITEBYTECODE=1``: a checkout without ``__pycache__`` compiles each
of its modules at every start).  ``--baseline SRC`` runs the same commands with another
source tree (e.g. an older commit's ``src/``, from ``git archive``) in the same turns.

Usage::

    python benchmarks/bench_startup.py [--runs 15] [--baseline SRC]
        [--markdown benchmarks/RESULTS.md]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
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


def child_env(src: Path, cache: Path | None) -> dict[str, str]:
    """The environment of a child that imports the package from ``src``: bytecode cached
    in ``cache``, or (``None``) never written nor read.

    >>> env = child_env(Path("/x/src"), None)
    >>> env["PYTHONPATH"].split(os.pathsep)[0], env["PYTHONDONTWRITEBYTECODE"]
    ('/x/src', '1')
    """
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(src), *filter(None, [env.get("PYTHONPATH")])])
    if cache is None:   # the package's own __pycache__, absent from a fresh checkout
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def run_once(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """One run of ``argv``: (CPU seconds of the child, wall seconds).

    >>> cpu, wall = run_once([sys.executable, "-c", "pass"])
    >>> 0 < cpu <= wall + 0.05
    True
    """
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"{argv[0]} exited {proc.returncode}")
    return usage.ru_utime + usage.ru_stime, wall


def measure(envs: dict[str, dict[str, str]], runs: int
            ) -> dict[tuple[str, str], list[tuple[float, float]]]:
    """``runs`` timed runs of every case in every environment, taking turns (one warm-up
    of each first): ``(environment, case) -> [(cpu, wall), ...]``."""
    keys = [(e, name) for e in envs for name, _, _ in CASES]
    argv = {name: command for name, command, _ in CASES}
    for e, name in keys:
        run_once(argv[name], envs[e])   # warm-up: the file cache and the bytecode cache
    times: dict[tuple[str, str], list[tuple[float, float]]] = {k: [] for k in keys}
    for _ in range(runs):
        for e, name in keys:
            times[e, name].append(run_once(argv[name], envs[e]))
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="counted runs of each command")
    parser.add_argument("--baseline", type=Path, metavar="SRC",
                        help="also time the package in this source tree, in the same turns")
    parser.add_argument("--markdown", type=Path, help="write the result into this file")
    args = parser.parse_args(argv)
    if not SCRIPT.exists():
        print(f"{SCRIPT} not found: install the package first (make)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        envs = {"cached": child_env(ROOT / "src", Path(tmp, "this")),
                "compiled": child_env(ROOT / "src", None)}
        if args.baseline is not None:
            envs["baseline"] = child_env(args.baseline.resolve(), Path(tmp, "baseline"))
        times = measure(envs, args.runs)
    header = ["command", "CPU ms (median)", "CPU ms (range)", "wall ms (median)",
              "target (CPU)", "result", "CPU ms, no bytecode cache (median)"]
    if args.baseline is not None:
        header.append("CPU ms, baseline (median)")
    rows = []
    for name, _, target in CASES:
        cpu = [c for c, _ in times["cached", name]]
        wall = [w for _, w in times["cached", name]]
        med = statistics.median(cpu)
        row = [f"`{name}`", f"{med * 1e3:.0f}", f"{min(cpu) * 1e3:.0f}–{max(cpu) * 1e3:.0f}",
               f"{statistics.median(wall) * 1e3:.0f}", f"≤ {target * 1e3:.0f}",
               "PASS" if med <= target else "FAIL",
               f"{statistics.median(c for c, _ in times['compiled', name]) * 1e3:.0f}"]
        line = f"{name}: CPU median {med * 1e3:.0f} ms (target {target * 1e3:.0f} ms)"
        if args.baseline is not None:
            base = statistics.median(c for c, _ in times["baseline", name])
            row.append(f"{base * 1e3:.0f}")
            line += f", baseline {base * 1e3:.0f} ms"
        rows.append(row)
        print(line)
    if args.markdown:
        stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        write_block(args.markdown, "startup", block("startup", [
            "## Start-up", "",
            "Written by `benchmarks/bench_startup.py`: each command as a new process importing "
            "this checkout's `src/`, bytecode cached as in an installed copy; "
            f"{args.runs} runs of each after a warm-up, the commands taking turns; CPU is the "
            "child's user + system time.", "",
            f"- Command: `{command_line(__file__)}`",
            *([f"- Baseline: the package in `{args.baseline}`, in the same turns"]
              if args.baseline is not None else []),
            f"- Date: {stamp}; load average (1 min) {load_average()}", "",
            *table(header, rows)]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
