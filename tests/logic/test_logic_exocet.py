"""The Junior Exocet (``logic/exocet.py``): published instances found with their
published base, targets and eliminations, both orientations, and every step sound
against the engine's solution along real solve paths."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_logic_patterns import path_soundness

import shudu
from shudu import Grid, Rules
from shudu.logic import SolverConfig, solve_path
from shudu.logic.solver import iter_steps
from shudu.logic.step import cells_text
from shudu.logic.techniques.classic.exocet import find_junior_exocet, find_senior_exocet
from shudu.values.candidates import Candidates

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "exocet_published.txt"


def _published() -> list[tuple[str, str, str, set[tuple[int, int]]]]:
    out = []
    for line in FIXTURES.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        puzzle, base, targets, elims = line.split()
        pairs = set()
        for item in elims.split(","):
            cell, digit = item.split("<>")
            pairs.add(((int(cell[1]) - 1) * 9 + int(cell[3]) - 1, int(digit)))
        out.append((puzzle, base, targets, pairs))
    return out


@pytest.mark.parametrize("puzzle, base, targets, elims", _published())
def test_published_instances(puzzle: str, base: str, targets: str,
                             elims: set[tuple[int, int]]) -> None:
    step = next(find_junior_exocet(Candidates.from_grid(Grid(puzzle))))
    assert cells_text(step.role_cells("base"), 9) == base
    assert ",".join(cells_text((c,), 9) for c in step.role_cells("target")) == targets
    assert set(step.eliminations) == elims
    solution = str(shudu.solve(puzzle))
    assert all(int(solution[c]) != d for c, d in step.eliminations)


def test_the_solver_uses_it_on_fata_morgana() -> None:
    puzzle = _published()[0][0]
    path = solve_path(puzzle, SolverConfig(uniqueness=True))
    assert path.solved and path.counts().get("junior-exocet", 0) >= 1
    step = next(s for s in path.steps if s.technique == "junior-exocet")
    assert "Junior Exocet" in step.text(3, "en") and "飞鱼" in step.text(3, "zh")
    assert "r5c4" in step.text(2, "en")


def test_columns_work_as_rows() -> None:
    puzzle = _published()[1][0]
    flipped = "".join(puzzle[c * 9 + r] for r in range(9) for c in range(9))
    step = next(find_junior_exocet(Candidates.from_grid(Grid(flipped))))
    assert step.get("line") == "column"
    assert set(step.eliminations) == {(c % 9 * 9 + c // 9, d) for c, d in _published()[1][3]}


def test_irregular_boxes_are_left_alone() -> None:
    regions = "".join(str(k // 9) for k in range(81))   # rows as regions: not boxes
    rules = Rules(regions=regions)
    assert list(find_junior_exocet(Candidates.from_grid(Grid("." * 81, rules)))) == []


def test_sound_along_real_paths() -> None:
    assert path_soundness([find_junior_exocet], stride=9, every=2, first=3) > 20


def test_senior_exocet_on_easter_monster() -> None:
    # Along Easter Monster's default path, the first Senior Exocet has a target on each
    # cross-line (rows 1 and 6 for a base in column 9) outside the base's stack.
    puzzle = ("1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2"
              ".....1")
    solution = str(shudu.solve(puzzle))
    run = iter_steps(puzzle, SolverConfig(uniqueness=True))
    found = None
    for _ in run:
        found = next(find_senior_exocet(run.final), None)
        if found is not None:
            break
    assert found is not None and found.technique == "senior-exocet"
    assert cells_text(found.role_cells("base"), 9) == "r78c9"
    assert found.role_cells("target") == (3, 47)
    assert all(int(solution[c]) != d for c, d in found.eliminations)
    assert "Senior Exocet" in found.text(3, "en") and "高级飞鱼导弹" in found.text(3, "zh")
    assert not list(find_junior_exocet(Candidates.from_grid(Grid(puzzle))))


def test_senior_sound_along_real_paths() -> None:
    assert path_soundness([find_senior_exocet], stride=9, every=2, first=3) > 20
