"""Killers by logic: shudu's logic solver on the killer collections, every step checked.

The puzzles are those of ``benchmarks/data/killer_collections.tsv`` (the Interactive
Sudoku Solver's collections: tarek's 42 killers, Mathemagic's hardest killers, extreme
and human-solvable killers).  Per puzzle, on one core: ``iter_steps(grid)`` (the logic
path, easiest step first, no trial and error) until solved or stuck, or until
``--bound`` seconds of CPU time; every elimination and placement is checked against the
solution (the published one, or the engine's where the collection gives none) and one
that contradicts it counts as unsound.  Per collection: how many logic finished within
the bound, the unsound steps, mean and largest CPU time (a puzzle stopped at the bound
counts the bound).  ``--only`` keeps some collections, ``--pick`` some puzzle numbers
(1-based, in the file's order); progress goes to stderr.

With ``--rate SECONDS``, each puzzle is rated too (``rate(grid, cut_at=...)``, the
weighed walk of ``docs/rating.md``, stopped after ``SECONDS`` of wall time): per
collection, how many walks reached the end, and the lowest, median and highest score
(a walk stopped early gives a lower bound: the hardest step met so far).

    .venv/bin/python benchmarks/bench_killer_logic.py [--bound 5] [--only tarek,extreme]
        [--pick 3,23] [--rate 10] [--markdown benchmarks/RESULTS.md]
"""

from __future__ import annotations

import argparse
import signal
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_killer import grid_of, load_collections
from report import block, command_line, load_average, log, table, write_block
from shudu.logic.solver import iter_steps
from shudu.logic.step import Step
from shudu.rating.rater import rate
from shudu.solving import engine


class _OutOfCpu(Exception):
    """The puzzle's CPU time bound is spent."""


def _stop(signum: int, frame: Any) -> None:
    raise _OutOfCpu


def run_one(puzzle: str, solution: str, bound: float) -> dict[str, Any]:
    """Logic on one killer within ``bound`` seconds of CPU: solved, unsound steps, CPU
    time, steps and the techniques used."""
    grid = grid_of(puzzle)
    if solution == "-":
        solution = next(engine.solutions(grid)).to_string()
    want = [int(c) for c in solution]
    steps: list[Step] = []
    solved = False
    start = time.process_time()
    old = signal.signal(signal.SIGPROF, _stop)
    signal.setitimer(signal.ITIMER_PROF, bound)
    try:
        run = iter_steps(grid)
        for step in run:
            steps.append(step)
        solved = run.final.is_solved
    except _OutOfCpu:
        pass
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)
    spent = min(time.process_time() - start, bound)
    bad = sum(want[c] == d for s in steps for c, d in s.eliminations)
    bad += sum(want[c] != d for s in steps for c, d in s.placements)
    return {"solved": solved, "unsound": bad, "cpu": spent, "steps": len(steps),
            "techniques": Counter(s.technique for s in steps)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bound", type=float, default=5.0)
    parser.add_argument("--only", default="")
    parser.add_argument("--pick", default="")
    parser.add_argument("--rate", type=float, default=0.0)
    parser.add_argument("--markdown", type=Path)
    args = parser.parse_args()
    only = set(filter(None, args.only.split(",")))
    pick = {int(x) for x in args.pick.split(",") if x}
    rows: dict[str, dict[str, Any]] = {}
    for number, (name, puzzle, solution) in enumerate(load_collections(), 1):
        if (only and name not in only) or (pick and number not in pick):
            continue
        got = run_one(puzzle, solution, args.bound)
        row = rows.setdefault(name, {"n": 0, "solved": 0, "unsound": 0, "cpu": 0.0,
                                     "max": 0.0, "scores": [], "rated": 0})
        row["n"] += 1
        row["solved"] += got["solved"]
        row["unsound"] += got["unsound"]
        row["cpu"] += got["cpu"]
        row["max"] = max(row["max"], got["cpu"])
        top = ", ".join(f"{k} {v}" for k, v in got["techniques"].most_common(3))
        rated = ""
        if args.rate:
            rating = rate(grid_of(puzzle), cut_at=time.monotonic() + args.rate)
            row["scores"].append(rating.score)
            row["rated"] += rating.solved and rating.complete
            rated = (f", rating {rating.score:.1f}"
                     f"{'' if rating.solved and rating.complete else ' (lower bound)'}")
        log(f"{name} {number}: {'solved' if got['solved'] else 'stopped'} "
            f"{got['steps']} steps, unsound {got['unsound']}, {got['cpu']:.2f} s ({top})"
            f"{rated}")
    header = ["collection", "puzzles", "solved by logic", "unsound steps", "mean CPU (s)",
              "max CPU (s)"]
    if args.rate:
        header += ["rating walks finished", "rating min / median / max"]
    body = []
    for name, r in rows.items():
        cells = [name, str(r["n"]), f"{r['solved']}/{r['n']}", str(r["unsound"]),
                 f"{r['cpu'] / r['n']:.2f}", f"{r['max']:.2f}"]
        if args.rate:
            got = r["scores"]
            cells += [f"{r['rated']}/{r['n']}", f"{min(got):.1f} / "
                      f"{statistics.median(got):.1f} / {max(got):.1f}"]
        body.append(cells)
    lines = ["## Killers of the collections by logic", "",
             f"Command: `{command_line(__file__)}` (load {load_average()}).", "",
             *table(header, body)]
    print("\n".join(lines))
    if args.markdown:
        write_block(args.markdown, "killer-logic", block("killer-logic", lines))


if __name__ == "__main__":
    main()
