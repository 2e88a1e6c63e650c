"""X-sums, skyscrapers, quadruples and diagonal dots in the logic solver: published
puzzles (tests/fixtures/outside_published.txt) solved by the engine and to the end by logic with
every step checked, every step sound on random small puzzles, and hints that name the
clue in English and Chinese."""

from __future__ import annotations

import random
import re
from itertools import islice
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from constraint_cases import OUTSIDE_KINDS, outside_from, unsound
from shudu import Grid, Rules
from shudu.logic.session import hint
from shudu.logic.solver import solve_path
from shudu.make.classic import random_solution
from shudu.solving import engine
from shudu.values.constraints import XV, Kropki, Quadruple, Skyscraper, XSum

FIXTURE = Path(__file__).parents[1] / "fixtures" / "outside_published.txt"
PUBLISHED = [line.split("\t") for line in FIXTURE.read_text().splitlines()
             if line and not line.startswith("#")]


def read_iss(text: str) -> Grid:
    """A 9x9 puzzle of the notation the fixture holds (givens, diagonals, XSum,
    Skyscraper, Quad)."""
    givens = bytearray(81)
    cons: list = []
    diagonals = 0
    for part in text.split("."):
        items = part.split("~")
        head = items[0]
        if head == "":
            for item in items[1:]:
                r, c, d = re.fullmatch(r"R(\d)C(\d)_(\d)", item).groups()
                givens[(int(r) - 1) * 9 + int(c) - 1] = int(d)
        elif head == "Diagonal":
            diagonals += 1
        elif head in ("XSum", "Skyscraper"):
            cls = XSum if head == "XSum" else Skyscraper
            line, index = items[1][0], int(items[1][1:]) - 1
            for back, value in enumerate(items[2:4]):
                if value:
                    make = cls.row if line == "R" else cls.column
                    cons.append(make(index, int(value), 9, bool(back)))
        elif head == "Quad":
            r, c = (int(v) - 1 for v in re.fullmatch(r"R(\d)C(\d)", items[1]).groups())
            a = r * 9 + c
            cons.append(Quadruple((a, a + 1, a + 9, a + 10), tuple(int(d) for d in items[2:])))
    return Grid(bytes(givens), Rules(diagonals=diagonals == 2, constraints=tuple(cons)))


@pytest.mark.parametrize(("name", "source", "data", "solution"), PUBLISHED,
                         ids=[p[0] for p in PUBLISHED])
def test_published_puzzles_are_solved(name, source, data, solution) -> None:
    grid = read_iss(data)
    assert engine.count(grid, 2) == 1
    assert engine.solve(grid).to_string() == solution
    path = solve_path(grid)
    assert not unsound(path.steps, [bytes(int(ch) for ch in solution)])
    assert path.solved, name
    assert path.final.to_grid().to_string() == solution


@settings(max_examples=40, derandomize=True, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([4, 6]))
def test_every_step_keeps_every_solution_on_small_puzzles(seed: int, n: int) -> None:
    rng = random.Random(seed)
    solution = random_solution(Rules(n), seed=seed % 5000).cells
    cons: list = []
    for _ in range(rng.randint(2, 6)):
        cons += outside_from(solution, n, rng, rng.choice(OUTSIDE_KINDS))
    rules = Rules(n, constraints=tuple(dict.fromkeys(cons)))
    puzzle = bytearray(n * n)
    for c in rng.sample(range(n * n), rng.randint(0, n)):
        puzzle[c] = solution[c]
    grid = Grid(bytes(puzzle), rules)
    solutions = [g.cells for g in islice(engine.solutions(grid), 300)]
    if len(solutions) == 300:
        return
    path = solve_path(grid)
    assert not unsound(path.steps, solutions)


@pytest.mark.parametrize(("con", "en", "zh"), [
    (XSum.row(0, 6, 4), "X-sum 6 from the left", "左侧的 X 和 6"),
    (Skyscraper.column(1, 4, 4, from_bottom=True), "skyscraper clue 4 from the bottom",
     "下侧的摩天楼提示 4"),
    (Quadruple((1, 2, 5, 6), (3, 3, 4, 4)), "quadruple 3,3,4,4", "四格提示 3,3,4,4"),
])
def test_hints_name_the_clue(con, en, zh) -> None:
    grid = Grid("." * 16, Rules(4, constraints=(con,)))
    step = hint(grid, anyway=True)
    assert step.technique in ("x-sum", "skyscraper-clue", "quadruple")
    assert en in step.text(3) and zh in step.text(3, "zh")
    assert step.text(1).startswith("Look for a")


@pytest.mark.parametrize(("size", "con", "technique", "en", "zh"), [
    (4, Kropki((0, 5), "black"), "kropki", "On the black dot between r1c1,r2c2",
     "r1c1,r2c2 之间的黑点"),
    (6, XV((0, 7), 5), "xv-sums", "On the V between r1c1,r2c2", "r1c1,r2c2 之间的 V"),
])
def test_a_diagonal_dot_is_named_at_its_corner_in_both_languages(size, con, technique, en,
                                                                 zh) -> None:
    """A dot where two cells touch at a corner is explained like one on their side: the
    two cells it joins, in English and Chinese."""
    step = hint(Grid("." * size * size, Rules(size, constraints=(con,))), anyway=True)
    assert step.technique == technique
    assert en in step.text(3) and zh in step.text(3, "zh")
    assert set(con.cells) <= {c for c, _ in step.eliminations}
