"""One count split across threads gives the same number as one thread: on classic,
small, large and variant grids, with a limit that stops it, and on broken givens."""

from __future__ import annotations

import pytest

from shudu import Rules
from shudu.solving import engine
from shudu.values.grid import Grid

SOLVED = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"


@pytest.mark.parametrize(("puzzle", "rules", "limit"), [
    (SOLVED[:38] + "." * 43, None, 10**6),     # 47,796 solutions
    ("." * 16, Rules(4), 1000),                 # 288
    ("." * 36, Rules(6), 10**6),                # every 6x6 grid: 28,200,960 -> limit
    ("x", "x", 10**6),
    ("anti-knight", "anti-knight", 10**6),
    ("1" + "." * 255, Rules(16), 5000),
])
def test_split_count_equals_one_thread(puzzle: str, rules: object, limit: int) -> None:
    if puzzle == rules:   # a variant: the first 25 cells of one of its solutions
        from shudu.make.classic import random_solution

        solution = random_solution(Rules.from_spec(str(rules)), seed=7).to_string()
        puzzle = solution[:25] + "." * 56   # x: 134,774 solutions; anti-knight: 443
    one = engine.count(puzzle, limit, rules)
    assert engine.count(puzzle, limit, rules, threads=2) == one
    assert engine.count(puzzle, limit, rules, threads=3) == one


def test_split_parts_partition_the_solutions() -> None:
    grid = Grid(SOLVED[:40] + "." * 41)
    parts = engine.split_search(grid, 50)
    assert len(parts) >= 50 and len(set(parts)) == len(parts)
    assert sum(engine.count(p, 10**6) for p in parts) == engine.count(grid, 10**6) == 6504
    for part in parts:   # every part keeps the givens and adds digits only
        assert all(a == b for a, b in zip(grid.cells, part) if a)


def test_limit_and_broken_givens() -> None:
    assert engine.count("." * 81, 5000, threads=2) == 5000
    from shudu.errors import InvalidPuzzle

    with pytest.raises(InvalidPuzzle):   # as with one thread
        engine.count("11" + "." * 79, 100, threads=2)
    assert engine.count("1" + "." * 9 + "2" + "." * 70, 100, threads=2) == 100
    assert engine.count(SOLVED, 100, threads=2) == 1


def test_search_and_the_command_split_one_count() -> None:
    from click.testing import CliRunner

    from shudu.cli import cli

    puzzle = SOLVED[:36] + "." * 45   # 633,312 solutions
    one = engine.search(puzzle, limit=10**6)
    two = engine.search(puzzle, limit=10**6, threads=2)
    assert (two.count, two.solution) == (one.count, one.solution) == (633312, one.solution)
    assert two.guesses > 0 and two.nodes is not None and two.nodes > 0
    runner = CliRunner()
    plain = runner.invoke(cli, ["solve", "--count", "--limit", "1000000", puzzle])
    split = runner.invoke(cli, ["solve", "--count", "--limit", "1000000", "--threads", "2",
                                puzzle])
    assert split.output == plain.output == "633312\n"
    assert split.exit_code == plain.exit_code


def test_a_limit_below_the_total_is_reached_exactly_on_every_thread_count() -> None:
    """Parts are counted up to their share of what is missing, then further only when
    needed: the answer is the limit whatever the split (4x4: 288 solutions)."""
    for limit in (3, 50, 287, 288, 289, 1000):
        want = min(limit, 288)
        for threads in (2, 3, 5):
            assert engine.count("." * 16, limit, Rules(4), threads=threads) == want
