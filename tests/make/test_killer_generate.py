"""Killer puzzles made from scratch: one solution, no givens, cages of neighbouring cells
that hold the solution's totals, the same puzzle for the same seed, a grade met, and the
command line's output read back."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from shudu import Rules, formats
from shudu.cli.app import cli
from shudu.make.killer import MAX_CAGE, generate_killer
from shudu.solving import engine


def _connected(cells: tuple[int, ...], n: int) -> bool:
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        r, c = divmod(todo.pop(), n)
        for x in ((r - 1) * n + c, (r + 1) * n + c, r * n + c - 1, r * n + c + 1):
            if x in cells and x not in seen and abs(x % n - c) + abs(x // n - r) == 1:
                seen.add(x)
                todo.append(x)
    return len(seen) == len(cells)


@pytest.mark.parametrize("seed", range(3))
def test_a_generated_killer_has_one_solution_and_honest_cages(seed: int) -> None:
    g = generate_killer(seed=seed)
    assert g.puzzle.clue_count == 0 and engine.count(g.puzzle, 2) == 1
    assert engine.solve(g.puzzle).cells == g.solution.cells
    covered = sorted(c for cage in g.rules.constraints for c in cage.cells)
    assert covered == list(range(81))                      # every cell in one cage
    for cage in g.rules.constraints:
        assert len(cage.cells) <= MAX_CAGE and _connected(cage.cells, 9)
        assert cage.total == sum(g.solution.cells[c] for c in cage.cells)
    assert generate_killer(seed=seed).rules == g.rules     # the seed reproduces it


def test_a_grade_is_met_and_other_rules_compose() -> None:
    g = generate_killer(seed=4, grade="easy")
    assert g.rating is not None and g.rating.solved and 2.0 <= g.rating.score < 3.0
    x = generate_killer(Rules(diagonals=True), seed=1)
    assert x.rules.diagonals and engine.count(x.puzzle, 2) == 1


def test_the_command_line_prints_cage_strings_that_read_back() -> None:
    res = CliRunner().invoke(cli, ["generate", "--rules", "killer", "--grade", "easy",
                                   "-n", "2", "--seed", "4"])
    assert res.exit_code == 0, res.output + res.stderr
    lines = res.output.strip().splitlines()
    assert len(lines) == 2 and all("# 2." in ln and "easy" in ln for ln in lines)
    for line in lines:
        grid = formats.parse(line.split()[0])
        assert grid.rules.constraints and engine.count(grid, 2) == 1
    bad = CliRunner().invoke(cli, ["generate", "--rules", "killer", "--symmetry", "180"])
    assert bad.exit_code == 2 and "killer puzzles take" in bad.stderr


@pytest.mark.parametrize(("grade", "seed"), [("medium", 2), ("hard", 3)])
def test_grades_between_the_cage_techniques_and_the_forcing_chains_are_met(
        grade: str, seed: int) -> None:
    """The layouts along the merges are searched for the target, so the grades between
    the easiest cages and the forcing chains are met too."""
    g = generate_killer(seed=seed, grade=grade)
    assert g.rating is not None and g.rating.solved and g.rating.grade == grade
    assert engine.count(g.puzzle, 2) == 1
