"""Thermometer, arrow and Kropki puzzles generated from scratch: one solution, clues that
hold on it, givens that cannot be thinned further, grade targets met, and the command
line writing them as SudokuPad links."""

from __future__ import annotations

import pytest

from shudu import Grid, Rules, formats
from shudu.cli import main
from shudu.errors import GenerationError
from shudu.make.variants import KINDS, generate_variant
from shudu.solving import engine
from shudu.values.constraints import (
    XV,
    Arrow,
    Between,
    Entropic,
    Kropki,
    Lockout,
    Modular,
    Negative,
    Quadruple,
    RegionSum,
    Skyscraper,
    Thermo,
    XSum,
    Zipper,
)

CLUE = {"thermo": Thermo, "arrow": Arrow, "kropki": Kropki, "between": Between,
        "lockout": Lockout, "region-sum": RegionSum, "zipper": Zipper, "modular": Modular,
        "entropic": Entropic, "x-sum": XSum, "skyscraper": Skyscraper,
        "quadruple": Quadruple, "diagonal-dots": (Kropki, XV)}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seed", [0, 2])
def test_generated_puzzles_have_one_solution_their_clues_keep(kind: str, seed: int) -> None:
    g = generate_variant(kind, seed=seed)
    assert engine.count(g.puzzle, 2) == 1
    assert g.solution.is_solution_of(g.puzzle)
    assert all(isinstance(c, (CLUE[kind], Negative)) for c in g.rules.constraints)  # type: ignore[arg-type]
    assert any(isinstance(c, CLUE[kind]) for c in g.rules.constraints)
    assert all(v in (0, s) for v, s in zip(g.puzzle.cells, g.solution.cells))
    assert g.rules.broken(g.solution.cells) == []
    if kind == "thermo":
        assert all(len(c.cells) >= 3 for c in g.rules.constraints)
    if kind == "arrow":
        assert all(1 <= len(c.cells) <= 3 for c in g.rules.constraints)
    again = generate_variant(kind, seed=seed)
    assert again.puzzle == g.puzzle   # the seed reproduces the puzzle


@pytest.mark.parametrize("kind", ["thermo", "kropki"])
def test_without_a_target_no_given_can_go(kind: str) -> None:
    g = generate_variant(kind, seed=1)
    cells = bytearray(g.puzzle.cells)
    for cell in [c for c in range(81) if cells[c]]:
        keep, cells[cell] = cells[cell], 0
        assert engine.count(Grid(bytes(cells), g.rules), 2) == 2, cell
        cells[cell] = keep


@pytest.mark.parametrize("kind", KINDS)
def test_an_easy_target_is_met(kind: str) -> None:
    g = generate_variant(kind, seed=2, grade="easy")
    assert g.rating is not None and g.rating.solved and g.rating.grade == "easy"
    assert engine.count(g.puzzle, 2) == 1


@pytest.mark.parametrize(("kind", "grade", "seed"), [("kropki", "medium", 1),
                                                       ("thermo", "hard", 1)])
def test_grades_between_the_constraint_techniques_and_the_forcing_chains_are_met(
        kind: str, grade: str, seed: int) -> None:
    g = generate_variant(kind, seed=seed, grade=grade)
    assert g.rating is not None and g.rating.solved and g.rating.grade == grade
    assert engine.count(g.puzzle, 2) == 1


def test_other_sizes_and_rules_compose() -> None:
    g = generate_variant("thermo", Rules(6), seed=4)
    assert g.puzzle.size == 6 and engine.count(g.puzzle, 2) == 1
    x = generate_variant("kropki", "x", seed=4)
    assert x.rules.diagonals and engine.count(x.puzzle, 2) == 1


def test_bad_requests_are_refused() -> None:
    with pytest.raises(GenerationError, match="thermo, arrow, kropki"):
        generate_variant("sandwich")
    with pytest.raises(GenerationError, match="up to 16x16"):
        generate_variant("thermo", Rules(25))


def test_the_command_line_writes_sudokupad_links(capsys) -> None:
    with pytest.raises(SystemExit) as done:
        main(["generate", "--rules", "thermo", "--seed", "3", "-n", "2"])
    assert done.value.code == 0
    links = capsys.readouterr().out.split()
    assert len(links) == 2
    for link in links:
        grid = formats.parse(link)
        assert any(isinstance(c, Thermo) for c in grid.rules.constraints)
        assert engine.count(grid, 2) == 1
    with pytest.raises(SystemExit) as done:
        main(["generate", "--rules", "thermo+kropki"])
    assert done.value.code == 2
    assert "one kind of clue" in capsys.readouterr().err
