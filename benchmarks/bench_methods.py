"""Compare the solving methods on the same puzzles: the engine, the trace's search, plain
DFS, dancing links (DLX), a genetic algorithm and simulated annealing.

For every set the same puzzles (the first ``--count`` of the file) go through each method
with a per-puzzle budget.  The exact methods are asked for up to two solutions (the
uniqueness check) and must agree with the engine; the stochastic ones look for one
solution, each checked against the rules, and their success rate is the figure that
matters.  The table gives, per set and method: puzzles done within the budget, mean
milliseconds per puzzle, mean nodes (search nodes; generations for the GA; moves for
annealing) and, for the stochastic methods, the success rate.

Usage::

    python benchmarks/bench_methods.py [--sets qqwing_simple,qqwing_expert,top1465]
        [--count 50] [--ga-budget 300] [--anneal-budget 100000] [--timeout 10]
        [--markdown out.md]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
REPO = BENCH_DIR.parent
SHARED = Path(os.environ.get("SHUDU_SHARED_DATA") or REPO.parent / "shared" / "data")

try:
    import shudu
except ImportError:  # running from a source tree without an install
    sys.path.insert(0, str(REPO / "src"))
    import shudu

from shudu.logic.trace import trace  # noqa: E402
from shudu.solving.methods import solve_with  # noqa: E402

METHODS = ("engine", "trace", "dfs", "dlx", "ga", "annealing")


def read_set(name: str, count: int) -> list[str]:
    path = SHARED / f"{name}.sdm"
    if not path.exists():
        sys.exit(f"{path} not found: the shared puzzle collections sit beside the repository")
    with path.open(encoding="utf-8") as f:
        return [line.split()[0] for line in f if line.strip()][:count]


def run_one(method: str, puzzle: str, args: argparse.Namespace) -> tuple[bool, bool, int, float]:
    """(finished within budget, solved correctly, nodes, seconds) of one puzzle."""
    expected = shudu.search(puzzle)
    start = time.perf_counter()
    if method == "engine":
        found = shudu.search(puzzle)
        seconds = time.perf_counter() - start
        return True, found.solution == expected.solution, found.nodes or 0, seconds
    if method == "trace":
        t = trace(puzzle, timeout=args.timeout)
        seconds = time.perf_counter() - start
        ok = t.status == expected.status and t.solutions[:1] == (expected.solution,)
        return t.status != "stopped", ok, t.nodes, seconds
    budget = {"ga": args.ga_budget, "annealing": args.anneal_budget}.get(method)
    limit = 1 if method in ("ga", "annealing") else 2
    r = solve_with(method, puzzle, limit=limit, seed=1, budget=budget, timeout=args.timeout)
    seconds = time.perf_counter() - start
    if r.solution is not None and not r.solution.is_solution_of(r.puzzle):
        raise AssertionError(f"{method} returned an invalid grid for {puzzle}")
    if method in ("ga", "annealing"):
        return r.reached, r.reached, r.nodes, seconds   # a reached solution was checked above
    ok = r.status == expected.status and r.solution == expected.solution
    return r.reached, ok, r.nodes, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default="qqwing_simple,qqwing_expert,top1465")
    parser.add_argument("--count", type=int, default=50, help="puzzles per set")
    parser.add_argument("--methods", default=",".join(METHODS))
    parser.add_argument("--ga-budget", type=int, default=300, help="GA generations")
    parser.add_argument("--anneal-budget", type=int, default=100_000, help="annealing moves")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per puzzle")
    parser.add_argument("--markdown", type=Path, default=None, help="also write the table here")
    args = parser.parse_args()
    methods = [m for m in args.methods.split(",") if m]
    rows = ["| set | method | done | solved | ms/puzzle | nodes/puzzle | success |",
            "| --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    print(rows[0])
    print(rows[1])
    for name in args.sets.split(","):
        puzzles = read_set(name, args.count)
        for method in methods:
            done = solved = nodes = 0
            seconds = 0.0
            for p in puzzles:
                d, ok, k, s = run_one(method, p, args)
                done += d
                solved += ok
                nodes += k
                seconds += s
            n = len(puzzles)
            success = f"{100 * solved / n:.0f}%" if method in ("ga", "annealing") else ""
            row = (f"| {name} | {method} | {done}/{n} | {solved}/{n} | "
                   f"{1000 * seconds / n:.2f} | {nodes / n:.0f} | {success} |")
            rows.append(row)
            print(row, flush=True)
    print(f"\nbudgets: GA {args.ga_budget} generations, annealing {args.anneal_budget} moves, "
          f"{args.timeout:g} s per puzzle; exact methods count to 2; seed 1")
    if args.markdown is not None:
        sys.path.insert(0, str(BENCH_DIR))
        from report import block, command_line, load_average, write_block

        stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        write_block(args.markdown, "methods", block("methods", [
            "## Solving methods compared", "",
            "Written by `benchmarks/bench_methods.py`: the engine, the trace's search, plain "
            "DFS, dancing links, a genetic algorithm and simulated annealing on the same "
            "puzzles (the first of each set). Exact methods count to 2 and agree with the "
            "engine; every grid a stochastic method returns is checked against the rules.", "",
            f"- Command: `{command_line(__file__)}`",
            f"- Date: {stamp}; load average (1 min) {load_average()}",
            f"- Budgets: GA {args.ga_budget} generations, annealing {args.anneal_budget} "
            f"moves, {args.timeout:g} s per puzzle; seed 1", "", *rows]))


if __name__ == "__main__":
    main()
