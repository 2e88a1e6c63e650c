"""How many nested forcing nets the pattern techniques save on the hardest puzzles.

For each set, every puzzle's explained path (``solve_path`` with uniqueness, the default
techniques) is found twice: with the pattern techniques (the Tridagon, and its guardians
as branches of forcing chains and nets; the Junior and Senior Exocet; the SK-loop; Multi-Sector
Locked Sets) and without them.  Printed per set: puzzles, solved by logic, nested-net
steps, all forcing steps and the mean time, both ways, and the pattern steps used.  Sets:
``tridagon`` (published tridagon puzzles), ``famous`` (published "hardest" puzzles) and
``hardest`` (the 1,000 puzzles of the shared collections with the most engine guesses),
all in ``benchmarks/data``.

    .venv/bin/python benchmarks/bench_patterns.py [--sets tridagon,famous,hardest]
        [--markdown benchmarks/RESULTS.md]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from report import block, command_line, load_average, load_puzzles, log, table, write_block
from shudu.logic import SolverConfig, solve_path
from shudu.logic.techniques.classic import tridagon as tridagon_module

DATA = Path(__file__).resolve().parent / "data"
PATTERNS = ("tridagon", "junior-exocet", "senior-exocet", "sk-loop", "msls")
"""The pattern techniques switched off for the "without" run."""
NESTED = "nested-forcing-net"
FORCING = ("forcing-chain-contradiction", "forcing-chain-verity", "forcing-net-contradiction",
           "forcing-net-verity", NESTED)


@contextmanager
def without_patterns() -> Iterator[None]:
    """The solver without the pattern techniques and without tridagon branches."""
    saved = tridagon_module.guardian_sets
    tridagon_module.guardian_sets = lambda cands: []
    try:
        yield
    finally:
        tridagon_module.guardian_sets = saved


def run(puzzles: list[str], patterns: bool) -> dict[str, float]:
    """Totals over a set: solved, nested nets, forcing steps, pattern uses, seconds."""
    config = SolverConfig(uniqueness=True, disabled=() if patterns else PATTERNS)
    out: dict[str, float] = {"solved": 0, "nested": 0, "forcing": 0, "pattern": 0,
                             "seconds": 0.0}
    out.update({key: 0 for key in (*PATTERNS, "tridagon-forcing")})
    for k, puzzle in enumerate(puzzles):
        t0 = time.process_time()
        path = solve_path(puzzle, config)
        out["seconds"] += time.process_time() - t0
        counts = path.counts()
        out["solved"] += path.solved
        out["nested"] += counts.get(NESTED, 0)
        out["forcing"] += sum(counts.get(key, 0) for key in FORCING)
        for key in PATTERNS:
            out[key] += counts.get(key, 0)
        out["tridagon-forcing"] += sum(1 for s in path.steps if s.get("kind") == "tridagon")
        out["pattern"] += sum(counts.get(key, 0) for key in PATTERNS) + sum(
            1 for s in path.steps if s.get("kind") == "tridagon")
        if (k + 1) % 10 == 0:
            log(f"  {k + 1}/{len(puzzles)}")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Both runs on each set; the table; the RESULTS.md block with --markdown."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", default="tridagon,famous,hardest")
    ap.add_argument("--markdown", type=Path)
    opts = ap.parse_args(argv)
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load0 = load_average()
    t0 = time.perf_counter()
    rows = []
    totals: dict[str, list[int]] = {}
    for name in opts.sets.split(","):
        puzzles = load_puzzles(DATA / f"{name}.sdm")
        log(f"{name}: {len(puzzles)} puzzles without the patterns ...")
        with without_patterns():
            before = run(puzzles, False)
        log(f"{name}: with the patterns ...")
        after = run(puzzles, True)
        n = len(puzzles)
        for label, got in (("without patterns", before), ("with patterns", after)):
            kinds = ", ".join(f"{key} {int(got[key])}" for key in (*PATTERNS, "tridagon-forcing")
                              if got[key])
            rows.append([name, label, str(n), f"{got['solved']}/{n}", str(got["nested"]),
                         str(got["forcing"]), f"{got['pattern']}" + (f" ({kinds})" if kinds
                                                                     else ""),
                         f"{got['seconds'] / n:.2f}"])
            totals.setdefault(label, [0, 0, 0, 0])
            for k, key in enumerate(("nested", "forcing", "pattern", "solved")):
                totals[label][k] += int(got[key])
            totals[label].append(n)
    for label, got in totals.items():
        n = sum(got[4:])
        rows.append(["all sets", label, str(n), f"{got[3]}/{n}", str(got[0]), str(got[1]),
                     str(got[2]), ""])
    text = block("patterns", [
        "## Pattern techniques on the hardest puzzles", "",
        "Written by `benchmarks/bench_patterns.py`: every puzzle's explained path with the "
        "default techniques, without and with the pattern techniques (the Tridagon, and "
        "its guardians as a set of branches for forcing chains and nets; the Junior and Senior "
        "Exocet; the SK-loop; Multi-Sector Locked Sets). Nested nets are the steps players "
        "find hardest to follow.", "",
        f"- Command: `{command_line(__file__)}`",
        f"- Date: {started} (took {time.perf_counter() - t0:.0f} s)",
        f"- Load average (1 min) at start / end: {load0} / {load_average()}", "",
        *table(["set", "run", "puzzles", "solved by logic", "nested-net steps",
                "forcing steps (all kinds)", "pattern steps", "mean CPU s/puzzle"], rows)])
    print(text)
    if opts.markdown:
        write_block(opts.markdown, "patterns", text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
