"""The setter's bench (``shudu.true_candidates``, ``suggest_clues``, ``redundant_clues``):
checked against every solution enumerated by a plain backtracker on small grids, with and
without constraints, and against the engine's counts on 9x9."""

from __future__ import annotations

import json
import random

import pytest

import shudu
from conftest import shared_file
from constraint_cases import brute_solutions, planted, random_cages
from shudu import Grid, Rules
from shudu.errors import NoSolution, NotUnique, ParseError, SearchTimeout
from shudu.make.setter import redundant_clues, suggest_clues, true_candidates
from shudu.rating.rater import GRADES

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
HARD17 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _cases(rules: Rules, seed: int, many: int, constraints: bool = False):
    """Random puzzles (some givens of a random solution), with random constraints that
    solution keeps when asked, and every solution of each."""
    rng = random.Random(seed)
    n = rules.size
    for k in range(many):
        sol = shudu.solve(Grid.empty(rules), seed=seed * 1000 + k).values
        case_rules = rules
        if constraints:
            extra = planted(sol, n, rng, rng.randint(1, 3)) if k % 2 else \
                random_cages(bytes(sol), rng, n, 3)
            case_rules = rules.replace(constraints=extra)
        keep = set(rng.sample(range(n * n), rng.randint(0 if n == 4 else n * n // 3,
                                                        n * n // 2)))
        cells = [sol[i] if i in keep else 0 for i in range(n * n)]
        every = brute_solutions(cells, case_rules, 10_000)
        assert len(every) < 10_000   # all of them
        yield Grid(cells, case_rules), every


@pytest.mark.parametrize(("rules", "constraints"),
                         [(Rules(4), False), (Rules(4), True), (Rules(6), False),
                          (Rules(4, diagonals=True), False), (Rules(6), True)],
                         ids=["4", "4+constraints", "6", "4+x", "6+constraints"])
def test_true_candidates_are_the_digits_of_every_solution(rules, constraints):
    for grid, every in _cases(rules, 11, 25 if rules.size == 4 else 8, constraints):
        tc = true_candidates(grid, timeout=None)
        want = [tuple(sorted({s[c] for s in every})) for c in range(len(grid.cells))]
        assert [tc.digits(c) for c in range(len(grid.cells))] == want, grid.to_string()
        assert tc.exact and tc.count == len(every)


@pytest.mark.parametrize(("rules", "constraints"),
                         [(Rules(4), False), (Rules(4), True), (Rules(6), False)],
                         ids=["4", "4+constraints", "6"])
def test_each_suggested_clue_leaves_the_solutions_it_says(rules, constraints):
    seen_unique = 0
    for grid, every in _cases(rules, 12, 25 if rules.size == 4 else 8, constraints):
        found = suggest_clues(grid, n=1000, limit=10_000, timeout=None)
        assert found.count == len(every) and found.complete
        if len(every) <= 1:
            assert found.clues == ()
            continue
        open_choices = {(c, s[c]) for s in every for c in range(len(grid.cells))
                        if not grid.cells[c] and len({t[c] for t in every}) > 1}
        assert {(c.cell, c.digit) for c in found.clues} == open_choices
        for clue in found.clues:
            assert clue.count == sum(s[clue.cell] == clue.digit for s in every)
            assert clue.exact
        uniques = [c for c in found.clues if c.unique]
        seen_unique += bool(uniques)
        # every clue making it unique comes before every clue that does not
        assert [c.unique for c in found.clues] == sorted((c.unique for c in found.clues),
                                                         reverse=True)
        counts = [c.count for c in found.clues if not c.unique]
        assert counts == sorted(counts)
    assert seen_unique


@pytest.mark.parametrize(("rules", "constraints"),
                         [(Rules(4), False), (Rules(4), True), (Rules(4, diagonals=True), False)],
                         ids=["4", "4+constraints", "4+x"])
def test_redundant_clues_are_those_removable_alone(rules, constraints):
    checked = 0
    rng = random.Random(5)
    for grid, every in _cases(rules, 13, 60, constraints):
        if len(every) != 1:
            continue
        # add givens of the solution so that some are redundant
        cells = list(grid.cells)
        for c in rng.sample(range(16), 3):
            cells[c] = every[0][c]
        grid = Grid(cells, grid.rules)
        found = redundant_clues(grid, timeout=None)
        want = []
        for c in range(16):
            if cells[c]:
                fewer = [*cells[:c], 0, *cells[c + 1:]]
                if len(brute_solutions(fewer, grid.rules, 2)) == 1:
                    want.append(c)
        assert list(found.cells) == want
        assert list(found.digits) == [cells[c] for c in want]
        cons = grid.rules.constraints
        want_cons = [i for i in range(len(cons))
                     if len(brute_solutions(cells, grid.rules.replace(
                         constraints=cons[:i] + cons[i + 1:]), 2)) == 1]
        assert list(found.constraints) == want_cons
        checked += 1
    assert checked >= 5


def test_a_variant_flag_is_redundant_when_the_puzzle_stays_unique_without_it():
    # a classic puzzle with one solution stays unique with X rules dropped again
    x = Rules(diagonals=True)
    if shudu.count(HARD17, 2, x) == 1:
        assert "x" in redundant_clues(HARD17, x).flags
    # the empty 4x4 X grid is not unique; a grid with an X-specific unique completion is
    grid = shudu.solve(Grid.empty(Rules(4, diagonals=True)))
    found = redundant_clues(grid)
    assert found.flags == ("x",) and len(found.cells) == 16


def test_nine_by_nine_against_the_engine():
    rng = random.Random(3)
    full = shudu.solve(EASY).values
    keep = set(rng.sample([c for c in range(81) if EASY[c] != "."], 26))
    puzzle = Grid([full[c] if c in keep else 0 for c in range(81)])
    total = shudu.count(puzzle, 10**6)
    tc = true_candidates(puzzle)
    assert tc.count == total and tc.exact
    for cell in range(81):
        for digit in range(1, 10):
            if puzzle.cells[cell]:
                continue
            if digit in tc.digits(cell):
                assert shudu.count(puzzle.with_value(cell, digit), 1) == 1
            elif not any(puzzle.cells[p] == digit for p in puzzle.rules.peers[cell]):
                assert shudu.count(puzzle.with_value(cell, digit), 1) == 0
    found = suggest_clues(puzzle, n=5)
    for clue in found.clues:
        assert shudu.count(puzzle.with_value(clue.cell, clue.digit), 10**6) == clue.count


def test_the_count_is_capped_with_at_least():
    tc = true_candidates("." * 81, limit=1000)
    assert (tc.count, tc.exact, tc.label) == (1000, False, "≥ 1000")
    assert all(tc.digits(c) == tuple(range(1, 10)) for c in range(81))
    assert tc.to_dict()["label"] == "≥ 1000"
    found = suggest_clues("." * 81, n=3, limit=50)
    assert not found.exact and [c.count for c in found.clues] == [50, 50, 50]


def test_suggestions_aim_at_the_target_grade():
    # EASY without a few givens: several clues make it unique again
    rng = random.Random(8)
    full = shudu.solve(EASY)
    givens = [c for c in range(81) if EASY[c] != "."]
    cells = list(Grid(EASY).cells)
    for c in rng.sample(givens, 3):
        cells[c] = 0
    puzzle = Grid(cells)
    for target in ("beginner", "extreme"):
        found = suggest_clues(puzzle, grade=target, n=50, timeout=30)
        graded = [c for c in found.clues if c.unique and c.grade is not None]
        assert graded, found
        far = [abs(GRADES.index(c.grade) - GRADES.index(target)) for c in graded]
        assert far == sorted(far)
        for c in graded:
            assert full.cells[c.cell] == c.digit or c.count == 1


def test_unique_and_unsolvable_puzzles_have_nothing_to_suggest():
    assert suggest_clues(HARD17).clues == ()
    assert suggest_clues(HARD17).count == 1
    none = true_candidates("12....3...4.....", 4)
    assert none.count == 0 and none.digits(2) == ()
    with pytest.raises(NotUnique):
        redundant_clues("." * 81)
    with pytest.raises(NoSolution):
        redundant_clues("12....3...4.....", 4)


def test_bad_arguments_are_clear_errors():
    with pytest.raises(ParseError, match="expected a grade"):
        suggest_clues(EASY, grade="impossible")
    with pytest.raises(ParseError, match="expected n"):
        suggest_clues(EASY, n=0)
    with pytest.raises(ParseError, match="expected limit"):
        true_candidates(EASY, limit=1)
    with pytest.raises(TypeError, match="expected puzzle text"):
        true_candidates(123)  # type: ignore[arg-type]


def test_time_limit_raises_the_engines_timeout():
    with pytest.raises(SearchTimeout):
        true_candidates("." * 256, 16, timeout=1e-9)
    with pytest.raises(SearchTimeout):
        redundant_clues(HARD17, timeout=1e-9)


def test_results_are_json_ready():
    p = "..1.1.2.......42"
    data = {"tc": true_candidates(p, 4).to_dict(), "sg": suggest_clues(p, 4).to_dict(),
            "rd": redundant_clues(shudu.solve(p, 4)).to_dict()}
    back = json.loads(json.dumps(data))
    assert back["tc"]["candidates"][0] == [2, 4]
    assert back["sg"]["clues"][0] == {"cell": "r1c1", "row": 1, "column": 1, "digit": 4,
                                      "count": 1, "exact": True, "unique": True,
                                      "grade": "beginner", "score": 1.2, "rated": True}
    assert len(back["rd"]["clues"]) == 16


def test_api_names_arrive_lazily():
    assert shudu.true_candidates is true_candidates
    assert shudu.suggest_clues is suggest_clues
    assert shudu.redundant_clues is redundant_clues


def test_redundant_clues_of_top1465_agree_with_counting():
    lines = shared_file("top1465.sdm").read_text().splitlines()
    for line in lines[:40]:
        grid = Grid(line.split()[0])
        found = redundant_clues(grid)
        want = [c for c in range(81) if grid.cells[c]
                and shudu.count(grid.with_value(c, 0), 2) == 1]
        assert list(found.cells) == want


def test_sixteen_by_sixteen_against_the_engine():
    puzzle = shudu.generate(16, seed=1).puzzle
    cells = list(puzzle.cells)
    for c in [i for i in range(256) if cells[i]][:6]:
        cells[c] = 0
    grid = Grid(cells, puzzle.rules)
    tc = true_candidates(grid, timeout=None)
    assert tc.exact and tc.count == shudu.count(grid, 10**6)
    for c in range(256):
        if not cells[c]:
            want = tuple(d for d in range(1, 17)
                         if not any(cells[p] == d for p in grid.rules.peers[c])
                         and shudu.count(grid.with_value(c, d), 1) == 1)
            assert tc.digits(c) == want
    assert len(redundant_clues(puzzle).cells) > 0   # the generator's 16x16 is not minimal


def test_killer_cages_are_redundant_when_the_rest_stays_unique():
    puzzle = shudu.generate("killer", seed=2).puzzle
    cages = puzzle.rules.constraints
    found = redundant_clues(puzzle, timeout=None)
    want = [i for i in range(len(cages))
            if shudu.count(Grid(puzzle.cells, puzzle.rules.replace(
                constraints=cages[:i] + cages[i + 1:])), 2) == 1]
    assert list(found.constraints) == want and found.kinds == ("killer",) * len(want)
    assert found.cells == ()   # a killer without givens
