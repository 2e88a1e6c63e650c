"""The logic solver with between, lockout, region-sum, zipper, modular and entropic
lines (tests/logic/test_logic_variants.py checks every step against every solution on
random small puzzles): published puzzles solved by logic (or, for the hardest, only
sound steps), and steps that name each line and say why in English and Chinese."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from constraint_cases import unsound
from shudu import Grid, Rules
from shudu.logic.session import hint
from shudu.logic.solver import solve_path
from shudu.values.constraints import (
    Between,
    Entropic,
    Lockout,
    Modular,
    RegionSum,
    Zipper,
    constraint_from_dict,
)

PUBLISHED = {p["name"]: p for p in json.loads(
    (Path(__file__).parents[1] / "fixtures" / "lines_published.json").read_text())}


def _grid(case: dict) -> Grid:
    rules = Rules(constraints=tuple(constraint_from_dict(c) for c in case["constraints"]))
    return Grid(case["grid"], rules)


@pytest.mark.parametrize("name", ["Sudoku Variants Series (173) - Between Lines Sudoku",
                                  "Lockout Lines (DSM 23 Quali Training)", "Modular Lines 1"])
def test_published_lines_are_solved_by_logic(name: str) -> None:
    case = PUBLISHED[name]
    path = solve_path(_grid(case))
    assert not unsound(path.steps, [bytes(int(ch) for ch in case["solution"])])
    assert path.solved and path.final.to_grid().to_string() == case["solution"]


@pytest.mark.parametrize(("name", "technique", "steps"), [
    ("The Zip that Zips the Zips", "zipper-line", 30),
    ("Raw Spaghetti", "region-sum-line", 30),
    ("Entropic connections", "entropic-line", 100),     # its first line step is the 95th
])
def test_the_hardest_published_lines_take_sound_steps(name: str, technique: str,
                                                      steps: int) -> None:
    case = PUBLISHED[name]
    path = solve_path(_grid(case), max_steps=steps)
    assert not unsound(path.steps, [bytes(int(ch) for ch in case["solution"])])
    assert technique in {s.technique for s in path.steps}


@pytest.mark.parametrize(("con", "technique", "en", "zh"), [
    (Between((0, 1, 2)), "between-line", "between line r1c1 -> r1c3", "介值线"),
    (Lockout((0, 1, 2)), "lockout-line", "differ by at least 4", "锁外线"),
    (RegionSum((1, 2, 3, 4)), "region-sum-line", "region-sum line r1c2 -> r1c5", "宫和线"),
    (Zipper((0, 1, 2)), "zipper-line", "zipper line r1c1 -> r1c3", "拉链线"),
    (Modular((0, 1, 2)), "modular-line", "147, 258 and 369", "模数线"),
    (Entropic((0, 1, 2)), "entropic-line", "one low (123)", "熵线"),
])
def test_a_line_step_names_its_line_in_both_languages(con, technique, en, zh) -> None:
    givens = {Modular: "1", Entropic: "1", RegionSum: ".9", Zipper: "..5"}.get(type(con), "")
    grid = Grid(givens.ljust(81, "."), Rules(constraints=(con,)))
    step = hint(grid, anyway=True)
    assert step.technique == technique
    assert en in step.text(3) and zh in step.text(3, "zh")
