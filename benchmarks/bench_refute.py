"""Benchmark ``shudu.refute``: why a wrong move is wrong, on positions players reach.

Each position is made from a top1465 puzzle (seeded random choice): a random number of
right moves (the solution's digits in random empty cells), then one wrong digit in
another empty cell, chosen among the candidates the position leaves there (a digit
that repeats a placed one is refuted at once and is not counted).  For each position
``refute(puzzle, position)`` must name exactly that cell and digit; the benchmark
counts the positions refuted, those refuted within 1 s of CPU time, and gives the CPU
time per call (``time.process_time``, one core).  With ``--sound`` every refutation is
also replayed step by step by the tests' checker (``assert_sound`` of
``tests/logic/test_refute.py``: each single valid where it is taken, each other step
found again by its technique, the contradiction there at the end), outside the timing.

Usage::

    python benchmarks/bench_refute.py [--positions 1000] [--seed 1] [--sound]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

from shudu.logic.refute import refute, wrong_positions  # noqa: E402

DATA = Path(ROOT.parent / "shared" / "data" / "top1465.sdm")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sound", action="store_true",
                        help="replay every refutation with the tests' checker")
    args = parser.parse_args()
    sound = None
    if args.sound:
        sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "logic")]
        from test_refute import assert_sound as sound
    if not DATA.exists():
        print(f"{DATA} not found: the shared puzzle collections sit beside the repository")
        return 1
    puzzles = [line.split()[0] for line in DATA.read_text().splitlines() if line.strip()]
    cases = wrong_positions(puzzles, args.positions, args.seed)
    named = refuted = fast = 0
    seconds: list[float] = []
    steps: list[int] = []
    unsound = 0
    for p, position, cell, digit in cases:
        start = time.process_time()
        found = refute(p, position)
        spent = time.process_time() - start
        seconds.append(spent)
        if [(r.kind, r.cell, r.digit) for r in found] == [("placed", cell, digit)]:
            named += 1
        if found and found[0].found:
            refuted += 1
            steps.append(len(found[0].steps))
            fast += spent <= 1.0
            if sound is not None:
                try:
                    sound(found[0])
                except AssertionError:
                    unsound += 1
    n = len(cases)
    print(f"positions: {n} (top1465, seed {args.seed})")
    print(f"wrong entry named: {named}/{n}")
    print(f"refuted: {refuted}/{n} ({100 * refuted / n:.1f}%), within 1 s CPU: {fast}/{n} "
          f"({100 * fast / n:.1f}%)")
    print(f"CPU per call: median {statistics.median(seconds) * 1000:.1f} ms, "
          f"p99 {sorted(seconds)[int(0.99 * (n - 1))] * 1000:.1f} ms, "
          f"max {max(seconds) * 1000:.1f} ms")
    if steps:
        print(f"steps per refutation: median {statistics.median(steps):g}, max {max(steps)}")
    if sound is not None:
        print(f"sound (replayed step by step): {refuted - unsound}/{refuted}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
