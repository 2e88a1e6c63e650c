"""Benchmark the puzzle generator (puzzles per second on one core) against a peer, in one run.

Figures, each measured by generating puzzles in this process (one thread) until
``--budget`` seconds have passed, with a fixed master seed:

* ``generate()`` — unique, minimal 9x9 puzzles, no target;
* ``generate(grade="expert")`` — SE score 7.0 ... 8.9 (checked by ``shudu.rating.rater.rate``);
* ``generate(technique="x-wing")`` — puzzles that require an X-Wing and nothing harder;
* ``generate(Rules(16))`` — unique 16x16 puzzles;
* peer ``py-sudoku``: ``Sudoku(3).difficulty(0.5)``, which blanks half the cells of a
  random grid without checking uniqueness; the share of its puzzles that are unique
  (``shudu.count(p) == 1``, counted outside the timed part) is reported beside it.

Every shudu puzzle is re-checked after timing (engine uniqueness; the targets with the
rater and the logic solver), so the figures count only valid puzzles.  Timing is
wall-clock (``time.perf_counter``); the process CPU time is shown too because a busy
machine inflates wall time.

Usage::

    python benchmarks/bench_generate.py [--budget 10] [--seed 2026]
        [--only plain,expert,x-wing,16x16,py-sudoku] [--markdown benchmarks/RESULTS.md]

``--markdown`` replaces (or appends) only the part of the file between
``<!-- generate:start -->`` and ``<!-- generate:end -->``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

from report import command_line, load_average, log, table, write_section  # noqa: E402

START = "<!-- generate:start -->"
END = "<!-- generate:end -->"




@dataclass
class Case:
    """One measured generator: label, call, acceptance floor (puzzles/s) and a checker."""

    key: str
    label: str
    call: str
    floor: float | None
    make: Callable[[int], Iterator[object]]
    check: Callable[[object], bool] | None = None
    note: str = ""


@dataclass
class Result:
    """Puzzles made in ``wall`` seconds (``cpu`` process seconds), ``valid`` of them checked."""

    case: Case
    made: int
    wall: float
    cpu: float
    valid: int
    note: str = ""

    @property
    def rate(self) -> float:
        return self.made / self.wall if self.wall > 0 else float("nan")


def _shudu_cases() -> list[Case]:
    from shudu.make.classic import generate_many, is_minimal, requires
    from shudu.rating.rater import rate
    from shudu.solving.engine import count
    from shudu.values.rules import Rules

    def unique(g: object) -> bool:
        return count(g.puzzle, limit=2, rules=g.puzzle.rules) == 1  # type: ignore[attr-defined]

    def plain_ok(g: object) -> bool:
        return unique(g) and is_minimal(g.puzzle)  # type: ignore[attr-defined]

    def expert_ok(g: object) -> bool:
        return unique(g) and 7.0 <= rate(g.puzzle).score < 9.0  # type: ignore[attr-defined]

    def xwing_ok(g: object) -> bool:
        return unique(g) and requires(g.puzzle, "x-wing")  # type: ignore[attr-defined]

    r16 = Rules(16)
    return [
        Case("plain", "unique minimal 9x9", "generate(minimal=True)", 100.0,
             lambda s: generate_many(10**9, seed=s, minimal=True), plain_ok),
        Case("expert", "expert 9x9 (SE 7.0-8.9)", 'generate(grade="expert")', 2.0,
             lambda s: generate_many(10**9, seed=s, grade="expert"), expert_ok),
        Case("x-wing", "9x9 requiring X-Wing", 'generate(technique="x-wing")', 20.0,
             lambda s: generate_many(10**9, seed=s, technique="x-wing"), xwing_ok),
        Case("16x16", "unique minimal 16x16", "generate(Rules(16), minimal=True)", 1.0,
             lambda s: generate_many(10**9, r16, seed=s, minimal=True), unique),
    ]


def _py_sudoku_case() -> Case | None:
    try:
        version = metadata.version("py-sudoku")
        from sudoku import Sudoku
    except (metadata.PackageNotFoundError, ImportError):
        return None

    def make(seed: int) -> Iterator[object]:
        random.seed(seed)  # py-sudoku draws from the global random module
        while True:
            yield Sudoku(3, seed=random.randrange(10**9)).difficulty(0.5)

    def unique(board: object) -> bool:
        from shudu.solving.engine import count

        text = "".join(str(v or ".") for row in board.board for v in row)  # type: ignore
        return count(text, limit=2) == 1

    return Case("py-sudoku", f"py-sudoku {version}", "Sudoku(3).difficulty(0.5)", None,
                make, unique, note="does not check uniqueness: valid = unique puzzles")


def measure(case: Case, budget: float, seed: int) -> Result:
    """Generate until ``budget`` seconds pass, then check every puzzle (untimed)."""
    it = case.make(seed)
    next(it)  # warm-up: imports, tables
    made: list[object] = []
    c0, w0 = time.process_time(), time.perf_counter()
    while True:
        made.append(next(it))
        if time.perf_counter() - w0 >= budget:
            break
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    valid = sum(1 for g in made if case.check is None or case.check(g))
    return Result(case, len(made), wall, cpu, valid, case.note)




def fmt_rate(x: float) -> str:
    """Puzzles per second with sensible precision.

    >>> fmt_rate(0.456), fmt_rate(12.34), fmt_rate(1234.5)
    ('0.46', '12.3', '1,234')
    """
    if x != x:
        return "—"
    if x < 10:
        return f"{x:.2f}"
    if x < 100:
        return f"{x:.1f}"
    return f"{x:,.0f}"


def rows(results: list[Result]) -> list[list[str]]:
    """generator, call, made, seconds, puzzles/s, CPU puzzles/s, valid, floor, result."""
    out = []
    for r in results:
        floor = r.case.floor
        verdict = "—"
        if floor is not None:
            verdict = "PASS" if r.rate >= floor and r.valid == r.made else "FAIL"
        cpu_rate = r.made / r.cpu if r.cpu > 0 else float("nan")
        out.append([
            r.case.label, f"`{r.case.call}`", f"{r.made:,}", f"{r.wall:.1f}",
            fmt_rate(r.rate), fmt_rate(cpu_rate), f"{r.valid:,}/{r.made:,}",
            f"≥ {floor:g}/s" if floor is not None else r.note, verdict,
        ])
    return out


HEADER = ["generator", "call", "puzzles", "seconds", "puzzles/s", "per CPU second",
          "valid", "target", "result"]






def render(results: list[Result], opts: argparse.Namespace, started: str, took: float,
           load: tuple[str, str]) -> str:
    """The markdown section (between the markers)."""
    lines = [START, "## Generator", ""]
    lines.append("Written by `benchmarks/bench_generate.py`: puzzles generated per second on "
                 "one core (one Python thread), each generator run for a fixed time; every "
                 "puzzle is re-checked afterwards (uniqueness by the engine, minimality, the "
                 "SE score by `shudu.rating.rater.rate`, \"requires X-Wing\" by the logic solver).")
    lines.append("")
    lines.append(f"- Command: `{command_line(__file__)}`")
    lines.append(f"- Date: {started} (took {took:.0f} s)")
    lines.append(f"- Machine: {os.cpu_count()} logical CPUs; {platform.platform()}; "
                 f"{platform.python_implementation()} {platform.python_version()}")
    busy = ""
    try:
        if float(load[0]) >= 1.0:
            busy = (" — **the machine was busy: wall times are inflated; the per-CPU-second "
                    "column is less affected**")
    except ValueError:
        pass
    lines.append(f"- Load average (1 min) at start / end: {load[0]} / {load[1]}{busy}")
    lines.append(f"- Budget: {opts.budget:g} s per generator after one warm-up puzzle; "
                 f"master seed {opts.seed}")
    lines += [""]
    lines += table(HEADER, rows(results))
    lines.append(END)
    return "\n".join(lines) + "\n"




def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--budget", type=float, default=10.0,
                    help="seconds of generation per generator (default 10)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--only", default="plain,expert,x-wing,16x16,py-sudoku",
                    help="comma-separated generators to run")
    ap.add_argument("--markdown", type=Path, help="update the generator section of this file")
    return ap.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    opts = parse_args(argv)
    wanted = [k for k in opts.only.split(",") if k]
    started = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    load_start = load_average()
    t_run = time.perf_counter()
    cases = _shudu_cases()
    peer = _py_sudoku_case()
    if peer is not None:
        cases.append(peer)
    elif "py-sudoku" in wanted:
        log("py-sudoku: not installed (pip install py-sudoku), skipped")
    results = []
    for case in cases:
        if case.key not in wanted:
            continue
        log(f"{case.key}: {opts.budget:g} s ...")
        res = measure(case, opts.budget, opts.seed)
        results.append(res)
        log("  " + " | ".join(rows([res])[0]))
    took = time.perf_counter() - t_run
    section = render(results, opts, started, took, (load_start, load_average()))
    print(section.replace(START + "\n", "").replace(END + "\n", ""))
    if opts.markdown:
        write_section(opts.markdown, section, START, END)
        log(f"updated the generator section of {opts.markdown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
