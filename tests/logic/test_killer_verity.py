"""Cage Combination Forcing: what every combination of a cage leads to.  Every step it
finds, on random small killers and along the published killers' paths, spares every
solution; it reads in both languages."""

from __future__ import annotations

import random
from itertools import islice
from pathlib import Path

from constraint_cases import random_cages
from shudu import Grid, Rules
from shudu.formats.killer import read_cage_string
from shudu.logic.solver import as_candidates, iter_steps
from shudu.logic.techniques.variant.killer_verity import find_cage_combination_forcing
from shudu.make.classic import random_solution
from shudu.pictures.picture import svg
from shudu.solving import engine

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "killer_published.txt"


def test_every_step_on_random_small_killers_keeps_every_solution() -> None:
    rng = random.Random(20261128)
    found = 0
    for _ in range(40):
        solution = random_solution(Rules(6), seed=rng.randrange(10**9)).cells
        rules = Rules(6, constraints=random_cages(solution, rng, 6, 4))
        grid = Grid(bytes(v if rng.random() < 0.15 else 0 for v in solution), rules)
        solutions = [g.cells for g in islice(engine.solutions(grid, rules), 5000)]
        assert solution in solutions
        if len(solutions) == 5000:
            continue   # not every solution listed
        cands = as_candidates(grid)
        for step in islice(find_cage_combination_forcing(cands), 20):
            found += 1
            for sol in solutions:
                assert all(sol[c] != d for c, d in step.eliminations), step.notation()
    assert found > 10


def test_steps_along_the_published_killers_spare_the_solution() -> None:
    lines = [line.split() for line in FIXTURE.read_text().splitlines()
             if line.strip() and not line.startswith("#")][:6]
    found = 0
    for puzzle, solution in lines:
        want = [int(ch) for ch in solution]
        run = iter_steps(read_cage_string(puzzle))
        for i, _ in enumerate(run):
            if i % 15 == 5:
                for step in islice(find_cage_combination_forcing(run.final), 3):
                    found += 1
                    assert all(want[c] != d for c, d in step.eliminations), step.notation()
            if i > 60:
                break
    assert found > 5


def test_a_cage_whose_one_combination_left_stands() -> None:
    cands = as_candidates(read_cage_string("5<" + "0" * 79))   # 1+4 or 2+3 in r1c12
    for cell in range(2, 9):   # the 1 of row 1 must go in r1c12
        cands.eliminate(cell, 1)
    step = next(find_cage_combination_forcing(cands))
    assert step.get("broken") == ("2+3",)
    assert (0, 2) in step.eliminations and (5, 4) in step.eliminations
    text, zh = step.text(), step.text(lang="zh")
    assert "2+3 runs into a contradiction" in text and "the one left, 1+4" in text
    assert "2+3 会导致矛盾" in zh and step.notation().startswith("Cage Combination Forcing: 5")


def test_its_picture_marks_the_cage_and_strikes_the_eliminations() -> None:
    cands = as_candidates(read_cage_string("5<" + "0" * 79))
    for cell in range(2, 9):
        cands.eliminate(cell, 1)
    step = next(find_cage_combination_forcing(cands))
    out = svg(cands, step=step)
    assert out.count("role-cage") == 2 and out.count('class="cand elim"') == len(step.eliminations)
