"""Killers: shudu's engine against pencilmark on the same puzzles, and shudu's logic
solver on them.

The puzzles are the published killers of ``tests/fixtures/killer_published.txt`` (hard
killers in the cage-string notation, human-solvable ones in the killer-list notation),
each with its solution.  Per puzzle, on one core, CPU time:

* shudu: ``engine.search(grid, limit=2)`` (the solution and the uniqueness check), the
  best of ``--repeat`` runs; the solution must be the published one and the count 1;
* pencilmark (``pip install pencilmark``): ``pencilmark.solve(doc)`` on the same cages in
  its puzzle JSON (rows, columns and boxes implied by ``"box": "3x3"``, each cage a
  ``cage`` region with its sum, the diagonals as ``diag`` regions), which returns the
  unique solution or raises; run in a child process with ``--budget`` seconds per
  puzzle, its CPU time measured there; its solution must be the published one;
* shudu's logic: ``solve_path(grid)``: whether logic finishes, how many steps contradict
  the solution (must be 0), CPU time.

The ratio is pencilmark's total time over shudu's on the puzzles both answered; a puzzle
pencilmark leaves unanswered (out of budget, or its search limit) is counted apart.

With ``--collections``, the killers of ``benchmarks/data/killer_collections.tsv`` instead
(the Interactive Sudoku Solver's collections: tarek's 42 killers, Mathemagic's hardest
killers, extreme and human-solvable killers): each counted to 2 by ``engine.search`` with
``--limit`` seconds at most, every solution found checked against the rules (and the
published solution where the collection gives one), the count, how many came out right
(one solution, checked), total and largest CPU time per collection, beside pencilmark;
and as one more collection the ``--generated`` killers of shudu's own generator
(``generate_killer(seed=1)``, ``seed=2``, ...).

    .venv/bin/python benchmarks/bench_killer.py [--budget 60] [--repeat 3]
        [--no-logic] [--collections] [--limit 20] [--generated 20]
        [--markdown benchmarks/RESULTS.md]
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import sys
import time
from itertools import islice
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from report import block, command_line, load_average, log, table, write_block
from shudu import Grid
from shudu.errors import SearchTimeout
from shudu.formats.killer import read_cage_string, read_killer_list
from shudu.logic.solver import solve_path
from shudu.make.killer import generate_killer
from shudu.solving import engine

FIXTURE = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "killer_published.txt"
COLLECTIONS = Path(__file__).resolve().parent / "data" / "killer_collections.tsv"


def load() -> list[tuple[str, str, str]]:
    """(set name, puzzle, solution) of every published killer of the fixture."""
    out = []
    for line in FIXTURE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            puzzle, solution = line.split()
            kind = "human-solvable" if puzzle.startswith("3x3") else "hard"
            out.append((kind, puzzle, solution))
    return out


def grid_of(puzzle: str) -> Grid:
    return read_killer_list(puzzle) if puzzle.startswith("3x3") else read_cage_string(puzzle)


def pencilmark_doc(grid: Grid) -> dict[str, Any]:
    """The puzzle JSON pencilmark reads for a 9x9 killer (cages, diagonals, givens)."""
    def cell(c: int) -> str:
        return f"r{c // 9 + 1}c{c % 9 + 1}"

    regions: list[dict[str, Any]] = []
    for cage in grid.rules.constraints:
        if cage.total:
            regions.append({"kind": "cage", "cells": [cell(c) for c in cage.cells],
                            "sum": cage.total})
        elif len(cage.cells) > 1:
            regions.append({"kind": "cage", "cells": [cell(c) for c in cage.cells]})
    if grid.rules.diagonals:
        regions.append({"kind": "diag", "cells": [cell(10 * i) for i in range(9)]})
        regions.append({"kind": "diag", "cells": [cell(8 * i + 8) for i in range(9)]})
    numbers = "".join(str(v) if v else "." for v in grid.cells)
    return {"numbers": numbers, "box": "3x3", "regions": regions}


def _pencilmark_child(doc: dict[str, Any], out: Any) -> None:
    import pencilmark

    start = time.process_time()
    try:
        got = "".join(map(str, pencilmark.solve(doc)))
    except Exception as e:   # NotUnique, NoSolution, Undecided: no answer
        got = f"error: {type(e).__name__}"
    out.send((got, time.process_time() - start))


def pencilmark_solve(doc: dict[str, Any], budget: float) -> tuple[str | None, float]:
    """pencilmark's answer and CPU seconds, in a child process (``None`` past budget)."""
    ctx = mp.get_context("fork")
    here, there = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_pencilmark_child, args=(doc, there))
    child.start()
    if here.poll(budget):
        got, spent = here.recv()
        child.join()
        return got, spent
    child.kill()
    child.join()
    return None, budget


def shudu_solve(grid: Grid, repeat: int, fresh: bool = False) -> tuple[str, int, float]:
    """shudu's solution, count (up to 2) and best CPU seconds of ``repeat`` searches
    (with ``fresh``, each building the rules' tables afresh)."""
    best = float("inf")
    found = None
    for _ in range(repeat):
        if fresh:
            engine._tables.cache_clear()
        start = time.process_time()
        found = engine.search(grid, limit=2)
        best = min(best, time.process_time() - start)
    assert found is not None and found.solution is not None
    return found.solution.to_string(), found.count, best


PEER_HEADER = ["pencilmark solve (mean ms, answered)", "unanswered by pencilmark",
               "pencilmark ÷ shudu (total, answered)", "per puzzle (min-max)"]
"""The table columns :func:`peer_cells` fills."""


def have_pencilmark() -> bool:
    """Whether pencilmark is installed (saying so on stderr when it is not)."""
    try:
        import pencilmark  # noqa: F401
    except ImportError:
        log("pencilmark is not installed (pip install pencilmark): shudu alone")
        return False
    return True


def peer_row() -> dict[str, Any]:
    """The running totals :func:`compare_peer` keeps for one set of puzzles."""
    return {"n": 0, "shudu": 0.0, "both_shudu": 0.0, "peer": 0.0, "peer_missed": 0,
            "max_ratio": 0.0, "min_ratio": 1e18}


def compare_peer(row: dict[str, Any], grid: Grid, solution: str, spent: float,
                 budget: float, title: str, doc: dict[str, Any] | None = None) -> str:
    """Solve with pencilmark (``doc``, else the killer form of ``grid``), add its time to
    ``row`` and return the words for the puzzle's log line; a wrong answer stops the run."""
    answer, peer = pencilmark_solve(doc if doc is not None else pencilmark_doc(grid), budget)
    if answer == solution:
        row["peer"] += peer
        row["both_shudu"] += spent
        ratio = peer / max(spent, 1e-9)
        row["max_ratio"] = max(row["max_ratio"], ratio)
        row["min_ratio"] = min(row["min_ratio"], ratio)
        return f", pencilmark {peer * 1e3:.1f} ms ({ratio:.0f}x)"
    if answer is None or answer.startswith("error"):
        row["peer_missed"] += 1
        return f", pencilmark: {answer or 'no answer in budget'}"
    raise SystemExit(f"{title}: pencilmark gave {answer}")


def peer_cells(row: dict[str, Any], mean_digits: int = 0) -> list[str]:
    """The :data:`PEER_HEADER` cells of one set (the peer's mean with ``mean_digits``)."""
    answered = row["n"] - row["peer_missed"]
    return [f"{row['peer'] / max(answered, 1) * 1e3:.{mean_digits}f}", str(row["peer_missed"]),
            f"{row['peer'] / max(row['both_shudu'], 1e-9):.0f}x" if answered else "-",
            f"{row['min_ratio']:.0f}x-{row['max_ratio']:.0f}x" if answered else "-"]


def load_collections() -> list[tuple[str, str, str]]:
    """(collection, puzzle, solution or '-') of every killer of the collections file."""
    return [tuple(line.split("\t")) for line in COLLECTIONS.read_text().splitlines()  # type: ignore[misc]
            if line.strip() and not line.startswith("#")]


def collection_grids(generated: int) -> list[tuple[str, Grid, str]]:
    """(collection, grid, solution or '-') of the collections' killers, then of
    ``generated`` killers of shudu's generator (seeds 1, 2, ...)."""
    out = [(name, grid_of(puzzle), solution) for name, puzzle, solution in load_collections()]
    for seed in range(1, generated + 1):
        made = generate_killer(seed=seed)
        out.append((f"generated (seeds 1-{generated})", made.puzzle, made.solution.to_string()))
    return out


def checked_count(grid: Grid, solution: str) -> int:
    """The solutions of ``grid`` up to 2, each checked against its rules (and against
    ``solution`` when it is not '-'); a wrong one stops the run."""
    found = list(islice(engine.solutions(grid), 2))
    for got in found:
        if grid.rules.broken(got.cells) or (solution != "-" and got.to_string() != solution):
            raise SystemExit(f"shudu gave a wrong solution {got.to_string()}")
    return len(found)


def run_collections(args: argparse.Namespace, have_peer: bool) -> list[str]:
    """The table of the collections (see the module's words)."""
    rows: dict[str, dict[str, Any]] = {}
    for number, (name, grid, solution) in enumerate(collection_grids(args.generated), 1):
        row = rows.setdefault(name, {**peer_row(), "right": 0, "max": 0.0})
        row["n"] += 1
        best = float("inf")
        count = -1
        for _ in range(args.repeat):
            start = time.process_time()
            try:
                count = engine.search(grid, limit=2, timeout=args.limit).count
            except SearchTimeout:
                count = -1
            best = min(best, time.process_time() - start)
            if count < 0:
                break
        row["shudu"] += best
        row["max"] = max(row["max"], best)
        line = f"{name} {number}: shudu {best * 1e3:.1f} ms"
        if count < 0:
            line += f", no answer in {args.limit:g} s"
        else:
            count = checked_count(grid, solution)
            row["right"] += count == 1
            line += f", count {count}"
            if have_peer and count == 1:   # pencilmark on the puzzles shudu answered
                row["tried"] = row.get("tried", 0) + 1
                answer = next(engine.solutions(grid)).to_string()
                line += compare_peer(row, grid, answer, best, args.budget, f"puzzle {number}")
        log(line)
    header = ["collection", "puzzles", "right (1 solution, checked)", "shudu total (s)",
              "shudu max (s)"]
    if have_peer:
        header += PEER_HEADER
    body = []
    for name, row in rows.items():
        cells = [name, str(row["n"]), f"{row['right']}/{row['n']}", f"{row['shudu']:.2f}",
                 f"{row['max']:.3f}"]
        if have_peer:
            cells += peer_cells({**row, "n": row.get("tried", 0)})
        body.append(cells)
    return ["## Killers of the collections: engine against pencilmark", "",
            f"Command: `{command_line(__file__)}` (load {load_average()}).", "",
            *table(header, body)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=60.0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-logic", action="store_true")
    parser.add_argument("--markdown", type=Path)
    parser.add_argument("--collections", action="store_true")
    parser.add_argument("--limit", type=float, default=20.0)
    parser.add_argument("--generated", type=int, default=20)
    args = parser.parse_args()
    have_peer = have_pencilmark()
    if args.collections:
        lines = run_collections(args, have_peer)
        print("\n".join(lines))
        if args.markdown:
            write_block(args.markdown, "killer-collections", block("killer-collections", lines))
        return
    rows: dict[str, dict[str, Any]] = {}
    for number, (kind, puzzle, solution) in enumerate(load(), 1):
        grid = grid_of(puzzle)
        row = rows.setdefault(kind, {**peer_row(), "logic_solved": 0, "unsound": 0,
                                     "logic": 0.0})
        row["n"] += 1
        got, count, spent = shudu_solve(grid, args.repeat)
        if got != solution or count != 1:
            raise SystemExit(f"puzzle {number}: shudu gave {got} (count {count})")
        row["shudu"] += spent
        line = f"{kind} {number}: shudu {spent * 1e3:.1f} ms"
        if have_peer:
            line += compare_peer(row, grid, solution, spent, args.budget, f"puzzle {number}")
        if not args.no_logic:
            start = time.process_time()
            path = solve_path(grid)
            row["logic"] += time.process_time() - start
            want = [int(ch) for ch in solution]
            bad = sum(want[c] == d for s in path.steps for c, d in s.eliminations)
            bad += sum(want[c] != d for s in path.steps for c, d in s.placements)
            row["unsound"] += bad
            row["logic_solved"] += path.solved
            line += f", logic {'solved' if path.solved else 'stuck'} ({len(path.steps)} steps)"
        log(line)
    header = ["set", "puzzles", "shudu count-to-2 (mean ms)"]
    if have_peer:
        header += PEER_HEADER
    if not args.no_logic:
        header += ["solved by logic", "unsound steps", "logic CPU (mean s)"]
    body = []
    for kind, row in rows.items():
        cells = [kind, str(row["n"]), f"{row['shudu'] / row['n'] * 1e3:.1f}"]
        if have_peer:
            cells += peer_cells(row)
        if not args.no_logic:
            cells += [f"{row['logic_solved']}/{row['n']}", str(row["unsound"]),
                      f"{row['logic'] / row['n']:.2f}"]
        body.append(cells)
    lines = ["## Killers: engine against pencilmark, and logic", "",
             f"Command: `{command_line(__file__)}` (load {load_average()}).", "",
             *table(header, body)]
    print("\n".join(lines))
    if args.markdown:
        write_block(args.markdown, "killer", block("killer", lines))


if __name__ == "__main__":
    main()
