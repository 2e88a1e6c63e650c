"""Step JSON: one documented schema (``shudu/schema/step.schema.json``) that every step
of every technique follows, with every key always present."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from shudu import Grid, Rules
from shudu.logic import solve_path
from shudu.logic.step import Link, Node, Step, step_schema

FIXTURES = Path(__file__).parents[1] / "fixtures" / "puzzles" / "top1465.sdm"
PUZZLES = 12
"""Hard puzzles from the fixtures whose whole logical path is checked."""

KEYS = {"technique", "name", "name_zh", "code", "difficulty", "size", "placements",
        "eliminations", "digits", "cells", "candidates", "houses", "links", "extra",
        "notation", "text"}


@cache
def path_steps() -> tuple[Step, ...]:
    lines = [ln.split()[0] for ln in FIXTURES.read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]
    steps: list[Step] = []
    for puzzle in lines[:PUZZLES]:
        steps.extend(solve_path(puzzle).steps)
    return tuple(steps)


def hand_steps() -> list[Step]:
    x = Node((3, 4), 7)
    y = Node((40,), 7)
    chain = Step("aic", eliminations=((0, 7),), digits=(7,), links=(Link(x, y, True),
                 Link(y, Node((44,), 7), False)), extra={"length": 2, "z": (1, 2)})
    big = Step("naked-single", placements=((255, 16),), cells={"cell": (255,)}, digits=(16,),
               size=16)
    empty = Step("x-wing", eliminations=((39, 7),), digits=(7,),
                 houses={"base": (1, 7), "cover": (11, 15)})
    return [chain, big, empty]


def all_steps() -> list[Step]:
    return [*path_steps(), *hand_steps()]


def test_schema_is_shipped_and_well_formed():
    schema = step_schema()
    assert set(schema["required"]) == KEYS
    assert schema["$schema"].endswith("2020-12/schema")


def test_every_key_is_always_there():
    for step in all_steps():
        data = step.to_dict()
        assert set(data) == KEYS, step.notation()
        json.dumps(data)  # JSON-ready


def test_many_techniques_are_covered():
    assert len({s.technique for s in path_steps()}) >= 15


def test_steps_validate_against_the_schema():
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is in the test extra")
    validator = jsonschema.Draft202012Validator(step_schema())
    validator.check_schema(step_schema())
    seen: set[str] = set()
    for step in all_steps():
        for lang in (None, "zh"):
            data = step.to_dict(lang)
            errors = sorted(validator.iter_errors(data), key=str)
            assert not errors, f"{step.notation()}: {errors[0].message}"
            seen.add(step.technique)
    # The wrappers of the command line stay valid too.
    data = {"step": 1, **all_steps()[0].to_dict("en")}
    assert not list(validator.iter_errors(data))
    assert len(seen) >= 15


def test_chain_links_are_data():
    chain = hand_steps()[0].to_dict()
    assert chain["links"][0] == {
        "from": {"cells": [[1, 4], [1, 5]], "digit": 7, "text": "r1c45(7)"},
        "to": {"cells": [[5, 5]], "digit": 7, "text": "r5c5(7)"},
        "kind": "strong",
    }
    assert chain["links"][1]["kind"] == "weak"
    assert chain["extra"] == {"length": 2, "z": [1, 2]}
    for step in path_steps():
        if step.links:
            for link in step.to_dict()["links"]:
                assert isinstance(link["from"], dict) and link["kind"] in ("strong", "weak")


def test_cells_are_one_based_row_col_pairs():
    big = hand_steps()[1].to_dict("en")
    assert big["cells"] == {"cell": [[16, 16]]} and big["placements"] == [[16, 16, 16]]
    assert big["size"] == 16 and big["difficulty"] == 2.3
    assert big["name"] == "Naked Single" and big["name_zh"]
    empty = hand_steps()[2].to_dict("en")
    assert empty["cells"] == {} and empty["candidates"] == {} and empty["links"] == []
    assert empty["houses"] == {"base": [1, 7], "cover": [11, 15]}


def test_a_16x16_path_validates():
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is in the test extra")
    from shudu import solve

    full = solve(Grid.empty(Rules(16)), seed=4)
    assert full is not None
    cells = list(full.values)
    for i in range(0, 256, 3):
        cells[i] = 0
    steps = solve_path(Grid(cells, Rules(16))).steps
    assert steps
    validator = jsonschema.Draft202012Validator(step_schema())
    for step in steps[:40]:
        assert not list(validator.iter_errors(step.to_dict("en")))
