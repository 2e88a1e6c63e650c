"""The classic solving methods (shudu.solving.methods): exact ones agree with the engine, stochastic
ones either solve or say they did not, and never return a grid that breaks the rules."""

from __future__ import annotations

import random
from itertools import islice

import pytest

import shudu
from conftest import shared_file
from shudu import Grid, Rules, UnsupportedRules
from shudu.solving.methods import METHODS, solve_with
from shudu.solving.methods.board import Board

HARD17 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
TWO = "4....98.5.....8...95....3...2.4.7..97...8..3.....1..5.....4...157......4.6.8....."
NONE = "12345678.........9" + "." * 63
NONE_BY_SEARCH = HARD17[:1] + "9" + HARD17[2:]
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


@pytest.mark.parametrize("method", ["dfs", "dlx"])
def test_exact_methods_on_known_puzzles(method: str) -> None:
    r = solve_with(method, HARD17, limit=2)
    assert r.status == "unique" and r.solutions == (shudu.solve(HARD17),) and r.reached
    two = solve_with(method, TWO, limit=5)
    assert two.status == "multiple" and two.count == 2
    assert set(two.solutions) == set(shudu.solutions(TWO))
    for none in (NONE, NONE_BY_SEARCH):
        r = solve_with(method, none, limit=2)
        assert r.status == "none" and r.count == 0 and r.reached


@pytest.mark.parametrize("method", ["dfs", "dlx"])
@pytest.mark.parametrize(("rules", "limit"), [(Rules(), 7), (Rules(4), 300), (Rules(6), 20),
                                              (Rules(diagonals=True), 5),
                                              (Rules(anti_knight=True), 5),
                                              (Rules(windows=True), 5)])
def test_exact_methods_count_to_a_limit_like_the_engine(method: str, rules: Rules,
                                                        limit: int) -> None:
    empty = Grid.empty(rules)
    if rules.anti_knight:     # the empty anti-knight grid is a maze for plain search
        full = shudu.solve(empty, seed=1)
        empty = Grid(bytes(v if c % 2 else 0 for c, v in enumerate(full.cells)), rules)
    r = solve_with(method, empty, limit=limit)
    assert r.count == min(limit, shudu.count(empty, limit))
    assert len(set(r.solutions)) == r.count
    assert all(s.is_solution_of(empty) for s in r.solutions)


def test_the_4x4_grid_has_288_solutions() -> None:
    for method in ("dfs", "dlx"):
        r = solve_with(method, "." * 16, "4", limit=1000)
        assert r.count == 288 and r.status == "multiple" and r.reached


@pytest.mark.parametrize("method", ["dfs", "dlx"])
def test_exact_methods_on_variants_with_several_solutions(method: str) -> None:
    rng = random.Random(5)
    for rules in (Rules(), Rules(anti_knight=True), Rules(6), Rules(16)):
        full = shudu.solve(Grid.empty(rules), seed=3)
        cells = bytearray(full.cells)
        for c in rng.sample(range(len(cells)), len(cells) * 3 // 5):
            cells[c] = 0
        puzzle = Grid(bytes(cells), rules)
        r = solve_with(method, puzzle, limit=50)
        assert r.count == shudu.count(puzzle, 50)
        assert len(set(r.solutions)) == r.count
        assert all(s.is_solution_of(puzzle) for s in r.solutions)
        if r.count < 50:
            assert set(r.solutions) == set(shudu.solutions(puzzle))


def test_node_counts_are_deterministic_and_bounded() -> None:
    a, b = solve_with("dfs", HARD17, limit=2), solve_with("dfs", HARD17, limit=2)
    assert a.nodes == b.nodes > 1
    cut = solve_with("dlx", "." * 81, limit=10**6, budget=100)
    assert not cut.reached and cut.stopped == "budget" and cut.nodes == 100
    assert cut.status == "multiple"             # it did find several before the budget
    cut = solve_with("dfs", NONE_BY_SEARCH, limit=2, budget=3)
    assert cut.status == "unfinished" and cut.stopped == "budget"


@pytest.mark.parametrize(("name", "count"), [("qqwing_simple.sdm", 100),
                                             ("qqwing_expert.sdm", 100),
                                             ("top1465.sdm", 25)])
def test_exact_methods_agree_with_the_engine_on_shared_data(name: str, count: int) -> None:
    with open(shared_file(name), encoding="utf-8") as f:
        puzzles = [line.strip() for line in islice(f, count) if line.strip()]
    for p in puzzles:
        found = shudu.search(p)
        for method in ("dfs", "dlx"):
            r = solve_with(method, p, limit=2)
            assert (r.status, r.solution) == (found.status, found.solution), (method, p)


@pytest.mark.parametrize("method", ["ga", "annealing"])
def test_stochastic_methods_solve_a_small_puzzle(method: str) -> None:
    r = solve_with(method, ".234341221434321", "4", seed=1, budget=200)
    assert r.reached and r.status == "solved" and str(r.solution) == "1234341221434321"
    assert r.best == 0 and r.curve[-1] == 0


@pytest.mark.parametrize("method", ["ga", "annealing"])
def test_stochastic_methods_are_honest_and_reproducible(method: str) -> None:
    budget = 30 if method == "ga" else 3000
    first = solve_with(method, EASY, seed=7, budget=budget)
    again = solve_with(method, EASY, seed=7, budget=budget)
    assert (first.reached, first.nodes, first.curve) == (again.reached, again.nodes, again.curve)
    for r in (first, solve_with(method, NONE, seed=1, budget=budget),
              solve_with(method, HARD17, seed=2, budget=budget)):
        if r.reached:
            assert r.solution is not None and r.solution.is_solution_of(r.puzzle)
        else:
            assert r.solutions == () and r.count == 0 and r.status == "unfinished"
            assert r.stopped == "budget" and r.nodes == budget and r.best > 0
    none = solve_with(method, NONE, seed=1, budget=budget)
    assert not none.reached and none.status == "unfinished"   # never "none", never a grid


def test_annealing_solves_an_easy_9x9() -> None:
    r = solve_with("annealing", EASY, seed=1, budget=200_000)
    assert r.reached and r.solution == shudu.solve(EASY)
    assert r.curve == tuple(sorted(r.curve, reverse=True))     # best only ever falls


def test_board_fillings_keep_rows_whole() -> None:
    board = Board(Grid(EASY))
    values = board.random_fill(random.Random(3))
    for r in range(9):
        assert sorted(values[r * 9:(r + 1) * 9]) == list(range(1, 10))
    assert all(g == 0 or g == v for g, v in zip(Grid(EASY).cells, values))
    assert not board.is_solution(values) or board.cost(values) == 0


def test_errors() -> None:
    with pytest.raises(ValueError, match="unknown method 'magic': expected one of"):
        solve_with("magic", EASY)
    with pytest.raises(ValueError, match="budget must be at least 1"):
        solve_with("dfs", EASY, budget=0)
    with pytest.raises(UnsupportedRules):
        solve_with("dlx", EASY, "killer")
    assert METHODS == ("dfs", "dlx", "ga", "annealing")
