"""Run the logic solver over whole puzzle files: solved by logic alone? every step sound?

For every puzzle, ``solve_path`` (default techniques) walks to the end and every placement
and elimination of every step is checked against the engine's unique solution.  One line
per puzzle goes to ``--log`` (``index<TAB>status<TAB>steps<TAB>ms``) so an interrupted run
resumes where it stopped; the summary per set is printed at the end.

Usage::

    python benchmarks/logic_coverage.py ../shared/data/sudoku17.sdm [more files]
        [--log coverage.log] [--jobs 2] [--limit N] [--every K]

Status is ``ok`` (solved, all sound), ``stuck`` (logic stopped before the end) or
``unsound`` (a step disagreed with the solution; the step is printed).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

from shudu.formats import read_file  # noqa: E402
from shudu.logic.solver import SolverConfig, solve_path  # noqa: E402
from shudu.solving import engine  # noqa: E402


def check(item: tuple[int, str]) -> tuple[int, str, int, float, str]:
    """Solve one puzzle by logic and check every step against the engine's solution."""
    index, puzzle = item
    solution = engine.solve(puzzle)
    assert solution is not None, f"puzzle {index} has no solution"
    sol = solution.cells
    t0 = time.perf_counter()
    path = solve_path(puzzle, SolverConfig(uniqueness=True))
    ms = (time.perf_counter() - t0) * 1000
    for step in path.steps:
        bad = [(c, d) for c, d in step.placements if sol[c] != d]
        bad += [(c, d) for c, d in step.eliminations if sol[c] == d]
        if bad:
            return index, "unsound", len(path.steps), ms, step.notation()
    return index, "ok" if path.solved else "stuck", len(path.steps), ms, ""


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--log", type=Path, default=Path("logic_coverage.log"))
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--every", type=int, default=1,
                    help="Take every K-th puzzle of each file (a spread-out sample).")
    args = ap.parse_args(argv)
    done: dict[str, dict[int, str]] = {}
    if args.log.exists():
        for line in args.log.read_text().splitlines():
            name, index, status, *_ = line.split("\t")
            done.setdefault(name, {})[int(index)] = status
    with args.log.open("a") as log, mp.Pool(args.jobs) as pool:
        for path in args.files:
            name = path.stem
            puzzles = [r.grid.to_string() for r in read_file(path) if r.ok][: args.limit]
            seen = done.setdefault(name, {})
            todo = [(i, p) for i, p in enumerate(puzzles)
                    if i % args.every == 0 and i not in seen]
            t0 = time.time()
            for k, (index, status, steps, ms, why) in enumerate(
                    pool.imap_unordered(check, todo, chunksize=8)):
                seen[index] = status
                log.write(f"{name}\t{index}\t{status}\t{steps}\t{ms:.1f}\t{why}\n")
                if k % 500 == 0:
                    log.flush()
                    print(f"{name}: {len(seen)}/{len(puzzles)} ({time.time() - t0:.0f} s)",
                          file=sys.stderr)
            counts: dict[str, int] = {}
            for status in seen.values():
                counts[status] = counts.get(status, 0) + 1
            print(f"{name}: {len(seen)} of {len(puzzles)} puzzles, " +
                  ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
