"""Jigsaw puzzles generated from scratch: regions of n connected cells that are not the
boxes, one solution, the seed reproducing regions and givens, grade targets met, and the
generate door and command line asking for them."""

from __future__ import annotations

import random

import pytest

from shudu import Rules, formats, generate
from shudu.cli import main
from shudu.make.jigsaw import connected, generate_jigsaw, is_jigsaw, random_regions
from shudu.solving import engine
from shudu.values.rules import box_of_regions


def regions_of(regions: tuple[int, ...]) -> list[list[int]]:
    return [[c for c, r in enumerate(regions) if r == rid] for rid in sorted(set(regions))]


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8, 9, 12])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_regions_are_connected_and_of_n_cells(n: int, seed: int) -> None:
    regions = random_regions(n, seed)
    parts = regions_of(regions)
    assert len(parts) == n
    assert all(len(p) == n for p in parts)
    assert all(connected(p, n) for p in parts)
    assert random_regions(n, seed) == regions
    assert random_regions(n, random.Random(seed)) == regions


def test_the_connection_check_sees_a_broken_region() -> None:
    assert connected([0, 1, 2, 5, 8], 3)
    assert not connected([0, 1, 2, 6, 7], 3)       # two rows apart
    assert not connected([0, 4], 3)                # corners touch, sides do not
    boxes = tuple(Rules(4).box_of(c) for c in range(16))
    assert not is_jigsaw(boxes, 4)
    broken = (0, 1, 0, 1, 1, 0, 1, 0, 2, 2, 3, 3, 2, 2, 3, 3)
    assert not is_jigsaw(broken, 4)                # four cells each, not in one piece


@pytest.mark.parametrize("seed", [0, 5, 11])
def test_generated_jigsaws_have_one_solution_on_connected_regions(seed: int) -> None:
    g = generate_jigsaw(seed=seed)
    regions = g.rules.regions
    assert regions is not None and is_jigsaw(regions, 9)
    assert box_of_regions(regions, 9) is None
    assert engine.count(g.puzzle, 2) == 1
    assert g.solution.is_solution_of(g.puzzle)
    assert all(v in (0, s) for v, s in zip(g.puzzle.cells, g.solution.cells))
    for part in regions_of(regions):       # every region holds 1..9 in the solution
        assert sorted(g.solution.cells[c] for c in part) == list(range(1, 10))
    again = generate_jigsaw(seed=seed)
    assert (again.puzzle, again.rules, again.seed) == (g.puzzle, g.rules, seed)
    assert generate_jigsaw(seed=seed + 1).rules.regions != regions


def test_a_grade_other_sizes_and_variants_compose() -> None:
    g = generate_jigsaw(seed=2, grade="medium")
    assert g.rating is not None and g.rating.solved and g.rating.grade == "medium"
    six = generate_jigsaw(Rules(6), seed=4)
    assert six.puzzle.size == 6 and is_jigsaw(six.rules.regions, 6)
    assert engine.count(six.puzzle, 2) == 1
    x = generate_jigsaw("x", seed=4, symmetry="180")
    assert x.rules.diagonals and engine.count(x.puzzle, 2) == 1
    cells = x.puzzle.cells
    assert all(bool(cells[c]) == bool(cells[80 - c]) for c in range(81))


def test_the_generate_door_and_the_command_line_make_jigsaws(capsys) -> None:
    g = generate("jigsaw", seed=7)
    assert is_jigsaw(g.rules.regions, 9) and engine.count(g.puzzle, 2) == 1
    with pytest.raises(SystemExit) as done:
        main(["generate", "--rules", "jigsaw", "--seed", "3", "-n", "2", "--grade", "easy"])
    assert done.value.code == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    for line in lines:
        link, _, about = line.partition("  # ")
        grid = formats.parse(link)
        assert grid.rules.regions is not None and is_jigsaw(grid.rules.regions, 9)
        assert engine.count(grid, 2) == 1
        assert "easy" in about
    with pytest.raises(SystemExit) as done:
        main(["generate", "--rules", "jigsaw+16"])
    assert done.value.code == 1
    assert "up to 12x12" in capsys.readouterr().err
    with pytest.raises(SystemExit) as done:
        main(["generate", "--rules", "jigsaw+killer"])
    assert done.value.code == 2
    assert "one kind of clue" in capsys.readouterr().err
