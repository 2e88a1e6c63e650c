"""The public API's contract: what it accepts, what it refuses, and which solution is first."""

from __future__ import annotations

import random
from itertools import islice

import pytest

import shudu
from shudu import Grid, ParseError, Rules, UnsupportedRules
from shudu.logic import hint, solve_path

HARD17 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLVED = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."

# ------------------------------------------------------------------ 1. bad arguments

ONE_PUZZLE = [shudu.solve, shudu.count, shudu.search, shudu.solutions, shudu.rate]


@pytest.mark.parametrize("func", ONE_PUZZLE, ids=lambda f: f.__name__)
@pytest.mark.parametrize("bad", [123, None, 1.5, {"grid": "..."}, object()],
                         ids=["int", "None", "float", "dict", "object"])
def test_not_a_puzzle_is_a_clear_type_error(func, bad):
    with pytest.raises(TypeError) as info:
        func(bad)
    message = str(info.value)
    assert message.startswith("expected puzzle text (str), a Grid, bytes")
    assert "got " in message


@pytest.mark.parametrize("func", [shudu.parse, shudu.formats.detect_format, solve_path, hint],
                         ids=lambda f: f.__name__)
@pytest.mark.parametrize("bad", [123, None])
def test_text_functions_name_text(func, bad):
    with pytest.raises(TypeError, match=r"expected puzzle text \(str\), got (int|None)"):
        func(bad)


@pytest.mark.parametrize("func", [shudu.solve_many, shudu.count_many], ids=lambda f: f.__name__)
def test_batches_name_what_they_accept(func):
    for bad in (123, None, HARD17):
        with pytest.raises(TypeError, match="expected bytes, a NumPy array"):
            func(bad)
    with pytest.raises(TypeError, match=r"puzzle 2: expected puzzle text .* got None"):
        func([HARD17, None])
    with pytest.raises(TypeError, match=r"puzzle 1: .* got int"):
        func([81])


def test_bad_rules_value_is_a_type_error():
    for func in (shudu.solve, shudu.count, shudu.search, shudu.solutions):
        with pytest.raises(TypeError, match="expected rules as None, a Rules value, a spec"):
            func(HARD17, rules=1.5)
    with pytest.raises(TypeError, match="expected rules"):
        shudu.generate(1.5)
    with pytest.raises(TypeError, match="expected rules"):
        shudu.parse(HARD17, rules=[9])


def test_as_rules_accepts_what_the_command_line_does():
    from shudu.values.rules import as_rules

    assert as_rules(None) is None
    assert as_rules(Rules(6)) == Rules(6)
    assert as_rules("x") == Rules(diagonals=True)
    assert as_rules("16") == Rules(16)
    assert as_rules("windoku+anti-king") == Rules(windows=True, anti_king=True)
    assert as_rules(4) == Rules(4)
    assert Rules.coerce("anti-knight") == Rules(anti_knight=True)
    with pytest.raises(TypeError):
        as_rules(True)


def test_every_function_takes_a_rules_string():
    x = Rules(diagonals=True)
    empty = "." * 81
    assert shudu.solve(empty, "x") == shudu.solve(empty, x)
    assert shudu.solve(empty, "x").rules == x
    assert shudu.count(HARD17, "anti-knight") == shudu.count(HARD17, rules=Rules(anti_knight=True))
    assert shudu.count(empty, "x") == 2 and shudu.count(empty, 5, "x") == 5
    assert shudu.search(empty, "x").solution == shudu.solve(empty, x)
    assert next(shudu.solutions(empty, "x")) == shudu.solve(empty, x)
    assert shudu.solve_many([empty], "x").grid(0) == shudu.solve(empty, x)
    assert list(shudu.count_many([empty], "x")) == [2]
    assert list(shudu.count_many([empty], 3, "x")) == [3]
    assert shudu.parse("." * 16, rules="4").rules == Rules(4)
    assert shudu.solve("." * 16, 4).rules == Rules(4)
    assert shudu.rate(EASY, "classic").grade == shudu.rate(EASY).grade
    g = shudu.generate("4", seed=3)
    assert g.puzzle.rules == Rules(4)
    assert shudu.generate(4, seed=3).puzzle == g.puzzle
    with pytest.raises(TypeError, match="rules given twice"):
        shudu.count(empty, "x", rules="x")


# ------------------------------------------------------------------ 2. the first solution


def _blank_some(solution: Grid, rng: random.Random, keep: float) -> Grid:
    cells = list(solution.values)
    for i in rng.sample(range(len(cells)), int(len(cells) * (1 - keep))):
        cells[i] = 0
    return Grid(cells, solution.rules)


def _assert_same_first(puzzle: Grid, seed: int | None = None) -> None:
    first = shudu.solve(puzzle, seed=seed)
    assert next(iter(shudu.solutions(puzzle, seed=seed)), None) == first
    if seed is None:
        assert shudu.search(puzzle).solution == first
        assert shudu.search(puzzle, limit=10).solution == first
        assert shudu.solve_many([puzzle], puzzle.rules).grid(0) == first
        assert shudu.solve_many([puzzle], puzzle.rules, limit=2).grid(0) == first


def test_first_solution_agrees_on_the_empty_grid():
    for rules in (Rules(), Rules(4), Rules(6), Rules(16), Rules(diagonals=True)):
        _assert_same_first(Grid.empty(rules))
        _assert_same_first(Grid.empty(rules), seed=7)


def test_first_solution_agrees_on_puzzles_with_several_solutions():
    rng = random.Random(2024)
    for rules, keep in ((Rules(), 0.3), (Rules(), 0.45), (Rules(4), 0.3), (Rules(6), 0.35),
                        (Rules(anti_knight=True), 0.3), (Rules(windows=True), 0.3)):
        for k in range(6):
            full = shudu.solve(Grid.empty(rules), seed=k)
            puzzle = _blank_some(full, rng, keep)
            _assert_same_first(puzzle)
            _assert_same_first(puzzle, seed=k + 100)


def test_solutions_lists_each_solution_once():
    rng = random.Random(9)
    for k in range(5):
        full = shudu.solve(Grid.empty(), seed=k)
        puzzle = _blank_some(full, rng, 0.45)
        n = shudu.count(puzzle, limit=200)
        if n >= 200:
            continue
        found = list(shudu.solutions(puzzle))
        assert len(found) == n == len(set(found))
        assert all(s.is_solution_of(puzzle) for s in found)
    empty_first = list(islice(shudu.solutions("." * 81), 50))
    assert len(set(empty_first)) == 50


def test_unique_and_unsolvable_puzzles_unchanged():
    assert list(shudu.solutions(HARD17)) == [Grid(SOLVED)]
    assert list(shudu.solutions("123......456......78......9" + "." * 54)) == []


# ------------------------------------------------------------------ 5. unsupported rules


@pytest.mark.parametrize(("spec", "what"), [
    ("killer", "killer cages"),
    ("x+killer", "killer cages"),
    ("thermo", "thermometers"),
    ("arrow", "arrows"),
    ("kropki", "kropki dots"),
    ("sandwich", "sandwich sums"),
    ("Killer=cages.txt", "killer cages"),
])
def test_layout_variants_in_a_spec_say_where_their_layout_goes(spec, what):
    with pytest.raises(UnsupportedRules, match=f"^{what} need their layout, which a rules spec "
                                               "cannot hold: give the puzzle as JSON"):
        Rules.from_spec(spec)
    with pytest.raises(UnsupportedRules, match="need their layout"):
        Rules.parse(spec)
    with pytest.raises(UnsupportedRules, match="need their layout"):
        shudu.solve("." * 81, spec)


def test_unknown_rules_part_is_still_a_parse_error():
    with pytest.raises(ParseError, match="expected a rules part"):
        Rules.from_spec("banana")


def test_grid_of_a_non_puzzle_is_a_clear_type_error() -> None:
    for bad in (123, None, 1.5):
        with pytest.raises(TypeError, match="expected puzzle text"):
            shudu.Grid(bad)  # type: ignore[arg-type]


def test_odd_digits_in_a_rules_spec_are_a_parse_error() -> None:
    for spec in ("²x²", "²", "box=²x3"):
        with pytest.raises(shudu.ParseError):
            shudu.Rules.from_spec(spec)
