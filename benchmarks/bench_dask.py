"""A data set of a million puzzles on a Dask cluster: ``shudu.dask.check`` over a
``quizzes,solutions`` CSV on a local cluster of 1 and 2 worker processes, every given
solution checked, against the single-process API on the same puzzles.

The CSV is made first (once, cached under ``--work``): the 49,151 17-clue puzzles of
``sudoku17``, each relabelled with random digit permutations until there are ``--rows``
distinct puzzles, with their solutions from the engine.

    .venv/bin/python benchmarks/bench_dask.py [--rows 1000000] [--markdown benchmarks/RESULTS.md]
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent))
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
from shudu import dask as sd
from shudu.formats import parquet_files
from shudu.solving import engine

T = TypeVar("T")


def make_csv(path: Path, rows: int, data: Path, seed: int = 2026) -> list[str]:
    """Write the data set (if not there yet) and return its puzzles."""
    if path.exists():
        import pandas as pd

        frame = pd.read_csv(path, dtype=str)
        if len(frame) == rows:
            return frame["quizzes"].tolist()
    base = load_puzzles(data / "sudoku17.sdm")
    rng = random.Random(seed)
    puzzles: list[str] = []
    seen: set[str] = set()
    while len(puzzles) < rows:
        for p in base:
            perm = list("123456789")
            rng.shuffle(perm)
            q = p.replace(".", "0").translate(str.maketrans("123456789", "".join(perm)))
            if q not in seen:
                seen.add(q)
                puzzles.append(q)
                if len(puzzles) == rows:
                    break
    log(f"solving {rows:,} puzzles for the solution column ...")
    batch = engine.solve_many(puzzles, threads=None)
    sym = bytes.maketrans(bytes(range(10)), b"0123456789")
    text = bytes(batch.solutions).translate(sym).decode()
    with path.open("w") as out:
        out.write("quizzes,solutions\n")
        for k, p in enumerate(puzzles):
            out.write(f"{p},{text[81 * k:81 * k + 81]}\n")
    return puzzles


def best(times: int, run: Callable[[], T]) -> tuple[float, T]:
    """The shortest wall time of ``times`` runs, and the last run's result."""
    walls = []
    for _ in range(times):
        w0 = time.perf_counter()
        result = run()
        walls.append(time.perf_counter() - w0)
    return min(walls), result


def _parquet_checked(path: Path, puzzles: list[str]) -> str:
    """Read a written result back (outside the timing): right solutions and order."""
    import pandas as pd

    back = pd.concat([pd.read_parquet(f, columns=["quizzes", "given_ok"])
                      for f in parquet_files(path)])
    same = back["quizzes"].tolist() == puzzles
    return (f"{int(back['given_ok'].sum()):,}/{len(puzzles):,} given solutions right; "
            f"input order {'kept' if same else 'LOST'}")


def main(argv: Sequence[str] | None = None) -> int:
    """Make the data set, run the single-process API and the clusters, print the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--work", type=Path, default=Path("/tmp/shudu-bench-dask"))
    ap.add_argument("--data", type=Path, default=default_data_dir())
    ap.add_argument("--markdown", type=Path)
    ap.add_argument("--repeat", type=int, default=3, help="runs of each row; the best counts")
    opts = ap.parse_args(argv)
    opts.work.mkdir(parents=True, exist_ok=True)
    csv = opts.work / f"dataset-{opts.rows}.csv"
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load0 = load_average()
    t0 = time.perf_counter()
    puzzles = make_csv(csv, opts.rows, opts.data)
    rows = []
    times = opts.repeat
    single, batch = best(times, lambda: engine.solve_many(puzzles, limit=2, threads=1))
    unique = sum(1 for c in batch.counts if c == 1)
    rows.append(["one process: `shudu.solve_many(limit=2, threads=1)`, puzzles in memory",
                 "—", f"{single:.1f}", f"{opts.rows / single:,.0f}", "—",
                 f"{unique:,} unique"])
    sd.check(sd.read(csv)).get_partition(0).compute(scheduler="sync")   # imports, warm
    single, local = best(times, lambda: sd.check(sd.read(csv)).compute(scheduler="sync"))
    rows.append(["one process, the same work: `check(read(csv)).compute(scheduler=\"sync\")`",
                 "—", f"{single:.1f}", f"{opts.rows / single:,.0f}", "100%",
                 f"{int(local['given_ok'].sum()):,}/{opts.rows:,} given solutions right"])
    del local
    parquet = opts.work / "checked.parquet"

    def to_parquet(**kwargs: Any) -> None:
        shutil.rmtree(parquet, ignore_errors=True)
        sd.check(sd.read(csv)).to_parquet(parquet, **kwargs)

    single_pq, _ = best(times, lambda: to_parquet(compute_kwargs={"scheduler": "sync"}))
    rows.append(["one process, written to Parquet: `check(read(csv)).to_parquet(...)`, "
                 "scheduler=\"sync\"", "—", f"{single_pq:.1f}",
                 f"{opts.rows / single_pq:,.0f}", "100%", _parquet_checked(parquet, puzzles)])
    for workers in (1, 2):
        with sd.connect(f"local:{workers}"):
            wall, out = best(times, lambda: sd.collect(sd.check(sd.read(csv))))
            wall_pq, _ = best(times, to_parquet)
        ok = int(out["given_ok"].sum())
        same = out["quizzes"].tolist() == puzzles
        del out
        rate = opts.rows / wall
        per_core = rate / workers / (opts.rows / single)
        log(f"{workers} worker(s): {wall:.1f} s, {ok:,} solutions right, order kept: {same}")
        rows.append([f"Dask `collect(check(read(csv)))`, LocalCluster of {workers} "
                     "process(es)", str(workers), f"{wall:.1f}", f"{rate:,.0f}",
                     f"{per_core:.0%}", f"{ok:,}/{opts.rows:,} given solutions right; input "
                     f"order {'kept' if same else 'LOST'}"])
        rate = opts.rows / wall_pq
        rows.append([f"Dask, written to Parquet by the workers, LocalCluster of {workers} "
                     "process(es)", str(workers), f"{wall_pq:.1f}", f"{rate:,.0f}",
                     f"{rate / workers / (opts.rows / single_pq):.0%}",
                     _parquet_checked(parquet, puzzles)])
    header = ["run", "workers", "seconds", "puzzles/s", "per core vs one process",
              "checked"]
    text = block("dask", ["## A million puzzles on Dask", "",
             "Written by `benchmarks/bench_dask.py`: a `quizzes,solutions` CSV of "
             f"{opts.rows:,} distinct puzzles (sudoku17 relabelled) read with "
             "`shudu.dask.read` and checked with `shudu.dask.check` (CSV parsing, solving "
             "with a uniqueness count, and comparing every given solution) on a local "
             "cluster, against the same work in one process (the per-core column) and the "
             "bare C batch on the same puzzles in memory. `collect` gathers the "
             "partitions into one pandas DataFrame in this process; the Parquet rows "
             "leave the results on disk, written by the workers (read back and checked "
             "outside the timing). Each time is the best of "
             f"{opts.repeat} runs.", "",
             f"- Command: `{command_line(__file__)}`",
             f"- Date: {started} (took {time.perf_counter() - t0:.0f} s)",
             f"- Load average (1 min) at start / end: {load0} / {load_average()}", "",
             *table(header, rows)])
    print(text)
    if opts.markdown:
        write_block(opts.markdown, "dask", text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
