"""Solve paths do not change by accident: 500 puzzles of the shared collections (stored
in the fixture with a digest of their logic path, see ``scripts/record_paths.py``) are
solved again and must give the same steps, in the same order, in the same notation."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from record_paths import path_digest  # noqa: E402

RECORDED = [line.split() for line in
            (ROOT / "tests" / "fixtures" / "puzzles" / "recorded_paths.txt").read_text()
            .splitlines() if line.strip()]


def test_the_record_holds_500_puzzles() -> None:
    assert len(RECORDED) == 500 and len({p for p, _, _ in RECORDED}) == 500


@pytest.mark.parametrize("chunk", range(10))
def test_solve_paths_are_unchanged(chunk: int) -> None:
    changed = []
    for puzzle, digest, steps in RECORDED[chunk * 50 : (chunk + 1) * 50]:
        got = path_digest(puzzle)
        if got != (digest, int(steps)):
            changed.append(f"{puzzle}: {steps} steps recorded, {got[1]} now")
    assert not changed, "solve paths changed:\n" + "\n".join(changed)
