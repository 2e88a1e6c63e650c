"""Between, lockout, region-sum, zipper, modular and entropic lines in the engine: the
solutions equal brute force on random 4x4 and 6x6 puzzles (hypothesis, derandomized),
published puzzles of each kind solve to their published answers, the JSON form
round-trips and bad lines or engine records are refused with a reason."""

from __future__ import annotations

import json
import random
from itertools import islice
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from constraint_cases import LINE_KINDS, brute_solutions, kinds_from
from shudu import Grid, Rules
from shudu._engine import Rules as EngineRules
from shudu.errors import ParseError
from shudu.make.classic import random_solution
from shudu.solving import engine
from shudu.values.constraints import (
    Between,
    Entropic,
    Lockout,
    Modular,
    RegionSum,
    Zipper,
    constraint_from_dict,
)

ALL4 = [g.cells for g in engine.solutions("." * 16, Rules(4))]
PUBLISHED = json.loads((Path(__file__).resolve().parents[1] / "fixtures" /
                        "lines_published.json").read_text())


def _lines(solution: bytes, n: int, rng: random.Random, how_many: int) -> tuple:
    out: list = []
    for _ in range(how_many):
        out += kinds_from(solution, n, rng, rng.choice(LINE_KINDS))
    return tuple(dict.fromkeys(out))


def _wild(n: int, rng: random.Random) -> tuple:
    """Lines drawn from another grid (they may break every grid)."""
    other = random_solution(Rules(n), seed=rng.randrange(10**6)).cells
    return _lines(other, n, rng, 1)


@settings(max_examples=150, derandomize=True)
@given(st.integers(0, 287), st.integers(0, 10**9), st.integers(0, 5), st.integers(0, 2))
def test_4x4_solutions_equal_brute_force(index: int, seed: int, givens: int, wild: int) -> None:
    rng = random.Random(seed)
    solution = ALL4[index]
    cons = _lines(solution, 4, rng, rng.randint(1, 4))
    for _ in range(wild):
        cons += _wild(4, rng)
    rules = Rules(4, constraints=tuple(dict.fromkeys(cons)))
    puzzle = bytearray(16)
    for c in rng.sample(range(16), givens):
        puzzle[c] = solution[c]
    brute = sorted(g for g in ALL4 if not rules.broken(g)
                   and all(not v or g[c] == v for c, v in enumerate(puzzle)))
    found = sorted(g.cells for g in engine.solutions(Grid(bytes(puzzle), rules)))
    assert found == brute
    if not wild:
        assert solution in found


@settings(max_examples=40, derandomize=True)
@given(st.integers(0, 10**9))
def test_6x6_solutions_equal_a_plain_backtracker(seed: int) -> None:
    rng = random.Random(seed)
    solution = random_solution(Rules(6), seed=seed % 5000).cells
    rules = Rules(6, constraints=_lines(solution, 6, rng, rng.randint(2, 6)))
    puzzle = bytearray(36)
    for c in rng.sample(range(36), rng.randint(6, 14)):
        puzzle[c] = solution[c]
    brute = sorted(brute_solutions(puzzle, rules, 60))
    found = sorted(g.cells for g in islice(engine.solutions(Grid(bytes(puzzle), rules)), 60))
    if len(brute) < 60:
        assert found == brute and solution in found
    else:
        assert len(found) == 60 and all(not rules.broken(g) for g in found)


@pytest.mark.parametrize("case", PUBLISHED, ids=[p["name"] for p in PUBLISHED])
def test_published_puzzles_solve_to_their_answers(case) -> None:
    rules = Rules(constraints=tuple(constraint_from_dict(c) for c in case["constraints"]))
    found = engine.search(Grid(case["grid"], rules), limit=2)
    assert found.count == 1
    assert found.solution.to_string() == case["solution"]


def test_every_line_kind_is_in_the_published_puzzles() -> None:
    kinds = {c["kind"] for case in PUBLISHED for c in case["constraints"]}
    assert {"between", "lockout", "region-sum", "zipper", "modular", "entropic"} <= kinds


EVERY = (Between((0, 1, 2)), Lockout((3, 4, 5)), Lockout((9, 10), 3), RegionSum((6, 7, 8, 17)),
         Zipper((18, 19, 20, 21)), Modular((27, 28, 29)), Entropic((36, 37, 38, 39)))


def test_every_line_round_trips_through_json() -> None:
    rules = Rules(constraints=EVERY)
    assert Rules.from_dict(rules.to_dict()) == rules
    assert [constraint_from_dict(c.to_dict()) for c in EVERY] == list(EVERY)
    assert Modular((0, 1, 2)) != Entropic((0, 1, 2))
    assert "three sets" in Entropic((0, 1, 2)).fits(2)


def test_every_line_in_json_keeps_to_the_schema() -> None:
    import jsonschema

    from shudu import formats

    path = Path(__file__).resolve().parents[2] / "src" / "shudu" / "schema" / "puzzle.schema.json"
    grid = Grid("." * 81, Rules(constraints=EVERY))
    jsonschema.validate(json.loads(formats.write(grid, "json")), json.loads(path.read_text()))


def test_region_sum_lines_follow_jigsaw_regions() -> None:
    regions = "".join(str(i // 9) for i in range(81))     # each row a region
    line = RegionSum((0, 9, 10, 19))
    rules = Rules(regions=regions, constraints=(line,))
    assert line.pieces(rules, 9) == [(0,), (9, 10), (19,)]
    assert line.pieces(None, 9) == [(0, 9, 10, 19)]        # one box of the classic grid
    for g in islice(engine.solutions("." * 81, rules), 20):
        assert g.cells[0] == g.cells[9] + g.cells[10] == g.cells[19]


def test_lockout_gap_follows_the_size() -> None:
    rules = Rules(6, constraints=(Lockout((0, 1, 2)),))
    for g in islice(engine.solutions("." * 36, rules), 50):
        a, m, b = g.cells[0], g.cells[1], g.cells[2]
        assert abs(a - b) >= 3 and not min(a, b) <= m <= max(a, b)


@pytest.mark.parametrize(("made", "message"), [
    (lambda: Between((0, 1)), "at least 3 cells"),
    (lambda: Rules(constraints=(Between((0, 1, 81)),)), "outside the 9x9 grid"),
    (lambda: Rules(constraints=(Lockout((0, 1), 9),)), "leaves no pair"),
    (lambda: Rules(constraints=(Zipper((0, 1, 0)),)), "repeats a cell"),
    (lambda: constraint_from_dict({"kind": "lockout", "cells": [0, 1], "gap": "4"}),
     "whole number"),
])
def test_bad_lines_say_what_is_wrong(made, message) -> None:
    with pytest.raises((ParseError, ValueError), match=message):
        made()


@pytest.mark.parametrize(("program", "message"), [
    ([10, 0, 0], "a count, a gap and a side"),
    ([10, -1, 0, 0, 0, 1], "0..79 cells"),
    ([10, 1, 0, 0, 0, 1], "0..79 cells"),
    ([10, 1, 10, 0, 0, 1, 2], "gap is 0..9"),
    ([10, 1, 2, 2, 0, 1, 2], "side 0 or 1"),
    ([10, 1, 2, 0, 0, 1, 0], "lie on the grid and differ"),
    ([10, 1, 2, 0, 0, 1, 81], "lie on the grid and differ"),
])
def test_the_engine_refuses_a_bad_between_record(program, message) -> None:
    houses, starts, peers = engine._house_tables(Rules())
    with pytest.raises(ValueError, match=message):
        EngineRules(9, houses, starts, peers, [0], [], [], program)
