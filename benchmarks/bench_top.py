"""The hardest end, every puzzle: ``explain`` (and ``rate``) on a whole file of the hardest.

By default the file is ``forum_hardest_1905_11plus_5000.txt`` of the shared data (5,000
puzzles Sudoku Explainer rates 11.0 or more).  Each puzzle is done in a worker process
(``--jobs``, default every core), one call at a time, its CPU time measured in the
worker: ``explain(p)`` (the whole path by logic) and, with ``--rate``, ``rate(p)``.  Every
placement and elimination of the path is checked against the engine's solution: one that
contradicts it counts as unsound.  A row per puzzle is appended to ``--out`` (TSV) as it
finishes, so a rerun with the same ``--out`` skips the puzzles already there and goes on.
``--budget`` bounds the whole run's wall time (the rows written stay); ``--timeout``
gives ``explain`` a limit per puzzle (a puzzle that reaches it counts as not solved).
Progress goes to stderr.  The summary (puzzles, solved by logic, unsound steps, mean and
largest CPU seconds) covers every row of ``--out``; ``--markdown`` writes it to RESULTS.md.

    .venv/bin/python benchmarks/bench_top.py --data-dir ../shared/data --out top.tsv
        [--jobs 2] [--rate] [--limit 500] [--budget 3600] [--markdown benchmarks/RESULTS.md]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from report import block, command_line, load_average, log, table, write_block
from shudu.processes import worker_context

FILE = "forum_hardest_1905_11plus_5000.txt"
FIELDS = ("index", "puzzle", "solved", "unsound", "steps", "explain_s", "rate_s", "score")


def read_puzzles(path: Path) -> list[str]:
    """The puzzles of a file: one per line, 81 characters, '#' lines skipped.

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    ...     _ = f.write("# note\\n" + "1" * 81 + "\\n\\n")
    >>> read_puzzles(Path(f.name)) == ["1" * 81]
    True
    >>> os.unlink(f.name)
    """
    lines = path.read_text(encoding="utf-8").splitlines()
    return [s.strip()[:81] for s in lines if s.strip() and not s.startswith("#")]


def one(job: tuple[int, str, bool, float | None]) -> dict[str, Any]:
    """Explain (and rate) one puzzle in this process: CPU seconds, solved, unsound steps."""
    from shudu import explain
    from shudu.rating.rater import rate
    from shudu.solving import engine
    from shudu.values.grid import Grid

    index, puzzle, with_rate, timeout = job
    solution = [int(c) for c in next(engine.solutions(Grid(puzzle))).to_string()]
    c0 = time.process_time()
    path = explain(puzzle, timeout=timeout)
    c1 = time.process_time()
    score, c2 = "", c1
    if with_rate:
        score = f"{rate(puzzle).score:.1f}"
        c2 = time.process_time()
    bad = sum(solution[c] == d for s in path.steps for c, d in s.eliminations)
    bad += sum(solution[c] != d for s in path.steps for c, d in s.placements)
    return {"index": index, "puzzle": puzzle, "solved": int(path.solved), "unsound": bad,
            "steps": len(path.steps), "explain_s": f"{c1 - c0:.3f}",
            "rate_s": f"{c2 - c1:.3f}" if with_rate else "", "score": score}


def read_rows(out: Path) -> dict[int, dict[str, str]]:
    """The rows already in ``out`` by puzzle index (an unfinished last line is dropped)."""
    if not out.exists():
        return {}
    rows = {}
    for line in out.read_text(encoding="utf-8").splitlines()[1:]:
        parts = line.split("\t")
        if len(parts) == len(FIELDS):
            rows[int(parts[0])] = dict(zip(FIELDS, parts))
    return rows


def summary(rows: list[dict[str, str]], total: int) -> list[list[str]]:
    """Rows of the summary table: call, puzzles, solved by logic, unsound, mean, max."""
    out = []
    for call, key in (("`explain`", "explain_s"), ("`rate`", "rate_s")):
        times = [float(r[key]) for r in rows if r[key]]
        if not times:
            continue
        solved = sum(int(r["solved"]) for r in rows) if key == "explain_s" else None
        unsound = sum(int(r["unsound"]) for r in rows) if key == "explain_s" else None
        out.append([call, f"{len(times)}/{total}",
                    "-" if solved is None else f"{solved}/{len(times)}",
                    "-" if unsound is None else str(unsound),
                    f"{statistics.fmean(times):.2f}", f"{max(times):.2f}"])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=Path("../shared/data"))
    parser.add_argument("--file", default=FILE)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--jobs", type=int, default=0)
    parser.add_argument("--rate", action="store_true")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--budget", type=float, default=4 * 3600.0)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--markdown", type=Path)
    a = parser.parse_args()
    source = a.data_dir / a.file
    if not source.exists():
        sys.exit(f"bench_top: {source} not found (give --data-dir)")
    puzzles = read_puzzles(source)
    if a.limit:
        puzzles = puzzles[: a.limit]
    done = read_rows(a.out)
    todo = [(i, p, a.rate, a.timeout) for i, p in enumerate(puzzles) if i not in done]
    log(f"{source.name}: {len(puzzles)} puzzles, {len(done)} already in {a.out}, "
        f"{len(todo)} to go")
    if not a.out.exists():
        a.out.write_text("\t".join(FIELDS) + "\n", encoding="utf-8")
    jobs = a.jobs or os.cpu_count() or 1
    start, load0 = time.monotonic(), load_average()
    k = 0
    with worker_context().Pool(jobs) as pool, a.out.open("a", encoding="utf-8") as out:
        for k, row in enumerate(pool.imap_unordered(one, todo, chunksize=2), 1):
            out.write("\t".join(str(row[f]) for f in FIELDS) + "\n")
            out.flush()
            spent = time.monotonic() - start
            if k % 50 == 0 or k == len(todo):
                log(f"  {k}/{len(todo)} in {spent:.0f} s "
                    f"(about {spent / k * (len(todo) - k):.0f} s to go)")
            if spent > a.budget:
                log(f"  stopped: the budget of {a.budget:.0f} s is spent")
                pool.terminate()
                break
    wall = time.monotonic() - start
    rows = list(read_rows(a.out).values())
    body = summary(rows, len(puzzles))
    lines = ["## The hardest end, every puzzle", "",
             f"Command: `{command_line(__file__)}` (load {load0} at the start, "
             f"{load_average()} at the end; this run {wall:.0f} s of wall time on "
             f"{jobs} worker process{'es' if jobs > 1 else ''} for {k} of the {len(todo)} "
             "puzzles it had to do).", "",
             f"`{a.file}`: per puzzle, the CPU seconds of one call in a worker process; "
             "solved: the whole path by logic; unsound: placements and eliminations "
             "that contradict the solution.", "",
             *table(["call", "puzzles", "solved by logic", "unsound steps", "mean CPU (s)",
                     "max CPU (s)"], body)]
    text = block("top-run", lines)
    print(text)
    if a.markdown:
        write_block(a.markdown, "top-run", text)


if __name__ == "__main__":
    main()
