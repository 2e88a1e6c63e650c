"""Between, lockout, region-sum, zipper, modular and entropic lines in the engine
(tests/solving/test_constraints_engine.py checks them against brute force on 4x4 and 6x6
puzzles): published puzzles of each kind solve to their published answers, the JSON form
round-trips and bad lines or engine records are refused with a reason."""

from __future__ import annotations

import json
from itertools import islice
from pathlib import Path

import pytest

from shudu import Grid, Rules
from shudu._engine import Rules as EngineRules
from shudu.errors import ParseError
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
    from importlib import resources

    import jsonschema

    from shudu import formats

    path = resources.files("shudu") / "schema" / "puzzle.schema.json"   # as installed
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
