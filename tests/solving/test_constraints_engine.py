"""Every constraint kind in the engine: solutions equal brute force on random 4x4 and 6x6
puzzles (hypothesis, derandomized; the kinds, then the lines of
tests/solving/test_line_rules.py), every 9x9 solution keeps every constraint, the JSON
form round-trips, bad constraints and bad engine programs are refused with a reason, and
a published puzzle of the global rules solves to its known answer."""

from __future__ import annotations

import random
from itertools import islice

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from constraint_cases import KINDS, LINE_KINDS, brute_solutions, kinds_from, planted
from shudu import Grid, Rules
from shudu._engine import Rules as EngineRules
from shudu.errors import InvalidPuzzle, ParseError, UnsupportedRules
from shudu.make.classic import random_solution
from shudu.solving import engine
from shudu.values.constraints import (
    XV,
    Arrow,
    Cage,
    Disjoint,
    ExtraRegion,
    Kropki,
    LittleKiller,
    Negative,
    NonConsecutive,
    Palindrome,
    Parity,
    Renban,
    Sandwich,
    Thermo,
    Whisper,
    constraint_from_dict,
)

ALL4 = [g.cells for g in engine.solutions("." * 16, Rules(4))]


def _puzzle(solution: bytes, rng: random.Random, givens: int) -> bytearray:
    puzzle = bytearray(len(solution))
    for c in rng.sample(range(len(solution)), givens):
        puzzle[c] = solution[c]
    return puzzle


def _random_constraint(n: int, rng: random.Random, kinds: tuple[str, ...] = KINDS):
    """A constraint drawn without looking at any solution (it may break every grid)."""
    other = random_solution(Rules(n), seed=rng.randrange(10**6)).cells
    for _ in range(20):
        got = kinds_from(other, n, rng, rng.choice(kinds))
        if got:
            return got[0]
    return Parity(rng.randrange(n * n), rng.choice(("odd", "even")))


KIND_SETS = pytest.mark.parametrize("kinds", [KINDS, LINE_KINDS], ids=["kinds", "lines"])
"""The engine tests draw from the kinds, then from the lines (between, lockout ...)."""


@KIND_SETS
@settings(max_examples=150, derandomize=True)
@given(st.integers(0, 287), st.integers(0, 10**9), st.integers(0, 5), st.integers(0, 2))
def test_4x4_solutions_equal_brute_force(kinds, index: int, seed: int, givens: int,
                                         wild: int) -> None:
    rng = random.Random(seed)
    solution = ALL4[index]
    cons = planted(solution, 4, rng, rng.randint(1, 4), kinds)
    cons += tuple(_random_constraint(4, rng, kinds) for _ in range(wild))
    if rng.random() < 0.2:
        cons += (NonConsecutive(),) if rng.random() < 0.5 else (Disjoint(),)
    rules = Rules(4, constraints=tuple(dict.fromkeys(cons)))
    puzzle = _puzzle(solution, rng, givens)
    brute = sorted(g for g in ALL4 if not rules.broken(g)
                   and all(not v or g[c] == v for c, v in enumerate(puzzle)))
    if rules.conflicts(puzzle):   # givens twice in a house (a disjoint group is one)
        with pytest.raises(InvalidPuzzle, match="appears twice"):
            Grid(bytes(puzzle), rules)
        assert not brute
        return
    found = sorted(g.cells for g in engine.solutions(Grid(bytes(puzzle), rules)))
    assert found == brute
    assert engine.count(Grid(bytes(puzzle), rules), 1000) == len(brute)


@KIND_SETS
@settings(max_examples=40, derandomize=True)
@given(st.integers(0, 10**9))
def test_6x6_solutions_equal_a_plain_backtracker(kinds, seed: int) -> None:
    rng = random.Random(seed)
    solution = random_solution(Rules(6), seed=seed % 5000).cells
    cons = planted(solution, 6, rng, rng.randint(2, 6), kinds)
    if rng.random() < 0.3:
        cons += tuple(kinds_from(solution, 6, rng, rng.choice(("negative-kropki", "negative-xv"))))
    rules = Rules(6, constraints=cons)
    puzzle = _puzzle(solution, rng, rng.randint(6, 14))
    brute = sorted(brute_solutions(puzzle, rules, 60))
    found = sorted(g.cells for g in islice(engine.solutions(Grid(bytes(puzzle), rules)), 60))
    if len(brute) < 60:
        assert found == brute and solution in found
    else:
        assert len(found) == 60 and all(not rules.broken(g) for g in found)


@pytest.mark.parametrize("seed", range(12))
def test_9x9_solutions_keep_every_constraint(seed: int) -> None:
    rng = random.Random(seed)
    solution = random_solution(seed=seed).cells
    cons = planted(solution, 9, rng, 14)
    if seed % 3 == 0:
        cons += tuple(kinds_from(solution, 9, rng, ("negative-kropki", "negative-xv")[seed % 2]))
    rules = Rules(constraints=cons)
    puzzle = Grid(bytes(_puzzle(solution, rng, 22)), rules)
    found = list(islice(engine.solutions(puzzle), 30))
    assert found and all(g.is_solution_of(puzzle) for g in found)
    if len(found) < 30:
        assert any(g.cells == solution for g in found)


@pytest.mark.parametrize("seed", range(8))
def test_long_sums_keep_the_solution(seed: int) -> None:
    # little killers along the long diagonals: sums spanning 64 to 127 values
    rng = random.Random(seed)
    glob = (Disjoint(),) if seed % 2 else ()
    solution = random_solution(Rules(constraints=glob), seed=100 + seed).cells
    diagonals = [tuple(r * 9 + r + k for r in range(9) if 0 <= r + k < 9) for k in (-1, 0, 1)]
    diagonals += [tuple(r * 9 + 8 - r + k for r in range(9) if 0 <= 8 - r + k < 9)
                  for k in (-1, 0, 1)]
    cons = tuple(LittleKiller(d, sum(solution[c] for c in d)) for d in diagonals)
    rules = Rules(constraints=cons + glob)
    puzzle = Grid(bytes(_puzzle(solution, rng, 18)), rules)
    found = list(islice(engine.solutions(puzzle), 30))
    assert found and all(g.is_solution_of(puzzle) for g in found)
    if len(found) < 30:
        assert any(g.cells == solution for g in found)


def test_the_miracle_sudoku() -> None:
    """Mitchell Lee's "miracle" (anti-knight, anti-king, non-consecutive neighbours), two
    givens: r5c3 = 1 and r6c7 = 2; one solution, the published one."""
    rules = Rules.from_spec("anti-knight+anti-king+non-consecutive")
    puzzle = Grid("." * 38 + "1" + "." * 12 + "2" + "." * 29, rules)
    assert puzzle.to_string().index("1") == 4 * 9 + 2 and puzzle.to_string().index("2") == 5 * 9 + 6
    found = engine.search(puzzle, limit=2)
    assert found.count == 1
    assert found.solution.to_string() == (
        "483726159726159483159483726837261594261594837594837261372615948615948372948372615")
    assert found.solution.is_solution_of(puzzle)


EVERY_KIND = (
    Cage((0, 1), 3), Thermo((0, 1, 2)), Thermo((3, 4), slow=True), Whisper((5, 6), 4),
    Renban((9, 10)), Palindrome((11, 12, 13)), Kropki((18, 19), "black"), XV((20, 21), 5),
    NonConsecutive(), Negative("xv"), Arrow((27, 28), (29, 30, 31)), LittleKiller((1, 11), 5),
    Sandwich.row(4, 10), Sandwich.column(8, 0), Parity(50, "even"), Parity(51),
    ExtraRegion((60, 70, 80)), Disjoint(),
)


def test_every_kind_round_trips_through_json() -> None:
    rules = Rules(constraints=EVERY_KIND)
    back = Rules.from_dict(rules.to_dict())
    assert back == rules
    assert [constraint_from_dict(c.to_dict()) for c in EVERY_KIND] == list(EVERY_KIND)
    assert rules.spec == "non-consecutive+disjoint+custom"
    assert Rules.from_spec("disjoint+non-consecutive").constraints == (Disjoint(), NonConsecutive())


@pytest.mark.parametrize(("made", "message"), [
    (lambda: Rules(constraints=(Thermo(tuple(range(10))),)), "cannot rise through digits 1..9"),
    (lambda: Rules(constraints=(Kropki((0, 2)),)), "share a side"),
    (lambda: Rules(constraints=(XV((0, 1), 19),)), "cannot add up to 19"),
    (lambda: Rules(constraints=(Sandwich((0, 1, 2), 4),)), "whole row or column"),
    (lambda: Rules(constraints=(Sandwich.row(0, 40),)), "0..35"),
    (lambda: Rules(constraints=(LittleKiller((0, 1), 4),)), "along a diagonal"),
    (lambda: Rules(constraints=(Arrow((0,), (81,)),)), "outside the 9x9 grid"),
    (lambda: Rules(constraints=(Renban((0, 1, 1)),)), "repeats a cell"),
    (lambda: Kropki((0, 1), "grey"), "white or black"),
    (lambda: Parity(0, "prime"), "odd or even"),
    (lambda: Negative("dots"), "negative constraint of"),
    (lambda: constraint_from_dict({"kind": "thermo", "cells": "r1c1"}), "list of cell numbers"),
    (lambda: constraint_from_dict({"kind": "betweenline"}), "constraint kind among"),
])
def test_bad_constraints_say_what_is_wrong(made, message) -> None:
    with pytest.raises(ParseError, match=message):
        made()


def test_layout_constraints_in_a_spec_say_where_they_go() -> None:
    with pytest.raises(UnsupportedRules, match=r"need their layout.*JSON"):
        Rules.from_spec("thermo")


@pytest.mark.parametrize(("program", "message"), [
    ([1, 0, 0] + [0] * 9, "two different cells"),
    ([1, 0, 1] + [1 << 9] * 9, "digit above 9"),
    ([2, 81, 1], "off the grid"),
    ([3, 2, 5, 0, 1, 0, 1], "lie on the grid and differ"),
    ([3, 1, 5, 0, 0], "non-zero"),
    ([3, 1, 5, 0, 10**6], "non-zero"),
    ([4, 10, *list(range(10))], "1..9 cells"),
    ([5, 3, 1, 0], "2..81 cells"),
    ([7, 1, 2], "unknown kind 7"),
    ([3, 5], "a count and a total"),
    ([3, 2, 5, 0, 1], "pairs"),
])
def test_the_engine_refuses_a_bad_program(program, message) -> None:
    houses, starts, peers = engine._house_tables(Rules())
    with pytest.raises(ValueError, match=message):
        EngineRules(9, houses, starts, peers, [0], [], [], program)


def test_constraints_work_on_large_grids() -> None:
    rules = Rules(16, constraints=(Thermo(tuple(range(16))), XV((16, 17), 12)))
    grid = engine.solve("." * 256, rules)
    assert grid.cells[:16] == bytes(range(1, 17)) and grid.is_solution_of(Grid("." * 256, rules))
    with pytest.raises(UnsupportedRules, match="up to 16x16"):
        engine.count("." * 625, 2, Rules(25, constraints=(Cage((0, 1), 3),)))
    assert engine.solve("." * 625, Rules(25, constraints=(Kropki((0, 1), "black"),))) is not None


def test_every_kind_in_json_keeps_to_the_schema() -> None:
    import json
    from importlib import resources

    import jsonschema

    from shudu import formats

    path = resources.files("shudu") / "schema" / "puzzle.schema.json"   # as installed
    schema = json.loads(path.read_text())
    grid = Grid("." * 81, Rules(constraints=EVERY_KIND))
    jsonschema.validate(json.loads(formats.write(grid, "json")), schema)
    bad = {"grid": "." * 81, "rules": {"constraints": [{"kind": "thermometer", "cells": [0]}]}}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema)
