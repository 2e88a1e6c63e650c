"""Record the logic solver's paths on a fixed sample of the shared collections.

Writes one line per puzzle: ``<puzzle> <first 16 hex digits of the sha256 of the path's
notation lines> <number of steps>``.  ``tests/logic/test_recorded_paths.py`` replays the
puzzles and compares, so any change of a solve path is seen.  Regenerate (only when a
path change is intended, and say why in the commit):

    .venv/bin/python scripts/record_paths.py tests/fixtures/puzzles/recorded_paths.txt
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path

from shudu.logic.solver import solve_path

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
SETS = [("top1465.sdm", 150), ("qqwing_expert.sdm", 150), ("sudocue_top10000.sdm", 100),
        ("qqwing_intermediate.sdm", 50), ("sudocue_learningcurve.sdm", 50)]


def path_digest(puzzle: str) -> tuple[str, int]:
    """The digest of a puzzle's solve path (notation lines) and its number of steps."""
    path = solve_path(puzzle)
    text = "\n".join(s.notation() for s in path.steps)
    return hashlib.sha256(text.encode()).hexdigest()[:16], len(path.steps)


def main(out: str) -> None:
    rng = random.Random(20261123)
    lines = []
    for name, k in SETS:
        text = (DATA / name).read_text().splitlines()
        puzzles = [ln.strip()[:81] for ln in text if len(ln.strip()) >= 81]
        for p in rng.sample(puzzles, k):
            digest, steps = path_digest(p)
            lines.append(f"{p} {digest} {steps}")
    Path(out).write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
