"""The public answers do not change by accident: the rating of each of the 700 puzzles of
the SE set and the puzzles made for fixed seeds by every generator are computed again and
compared with the record (``scripts/record_snapshots.py``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from record_snapshots import GENERATED, generated_line, rating_line  # noqa: E402

SNAPSHOTS = ROOT / "tests" / "fixtures" / "snapshots"
RATINGS = (SNAPSHOTS / "ratings.txt").read_text().splitlines()
MADE = (SNAPSHOTS / "generated.jsonl").read_text(encoding="utf-8").splitlines()


def test_the_record_holds_every_case() -> None:
    assert len(RATINGS) == 700 and len(MADE) == len(GENERATED)
    assert [json.loads(line)["maker"] for line in MADE] == [m for m, _, _ in GENERATED]


@pytest.mark.parametrize("chunk", range(7))
def test_ratings_are_unchanged(chunk: int) -> None:
    lines = RATINGS[chunk * 100 : (chunk + 1) * 100]
    changed = [f"{line}\n  now {got}" for line in lines
               if (got := rating_line(line.split()[0])) != line]
    assert not changed, "ratings changed:\n" + "\n".join(changed)


@pytest.mark.parametrize("case", range(len(GENERATED)))
def test_generated_puzzles_are_unchanged(case: int) -> None:
    assert generated_line(*GENERATED[case]) == MADE[case]
