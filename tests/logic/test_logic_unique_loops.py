"""Unique Loops (types 1-4), BUG types 1 (several BUG digits) to 4 and Unique Rectangle
type 3 (naked and hidden sets) against Sudoku Explainer's own steps.

``tests/fixtures/se_unique_loops_bug.jsonl`` holds states taken from SE's step traces
(``diuf.sudoku.test.hints``) just before SE applied one of these techniques, with SE's
name, weight and eliminations.  In each state the technique must make exactly SE's
eliminations in one step, weighed as SE weighs it; every step found must be sound.
"""

from __future__ import annotations

import json
from array import array
from pathlib import Path
from typing import Any

import pytest
from test_logic_patterns import check_words

import shudu
from shudu import Grid
from shudu.logic import accel9, registry
from shudu.logic.techniques.classic import unique_loops
from shudu.logic.weighed import Walk
from shudu.values.candidates import Candidates

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "se_unique_loops_bug.jsonl"
CASES: list[dict[str, Any]] = [json.loads(line) for line in FIXTURE.read_text().splitlines()
                               if line.strip()]


def se_state(case: dict[str, Any]) -> Candidates:
    """The candidate state of a case: its solved cells placed, other candidates as SE had."""
    cands = Candidates.from_grid(Grid(case["puzzle"]))
    for cell, text in enumerate(case["state"]):
        if text.startswith("=") and not cands.values[cell]:
            cands.place(cell, int(text[1:]))
    for cell, text in enumerate(case["state"]):
        if not text.startswith("="):
            for digit in cands.digits_of(cell):
                if str(digit) not in text:
                    cands.eliminate(cell, digit)
    return cands


def _id(case: dict[str, Any]) -> str:
    return f"{case['key']}-{case['puzzle'][:12]}"


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_se_case(case: dict[str, Any]) -> None:
    cands = se_state(case)
    tech = registry.technique(case["key"])
    steps = list(tech.find(cands))
    want = {tuple(e) for e in case["eliminations"]}
    same = [s for s in steps if set(s.eliminations) == want]
    assert same, f"{case['se']}: found {[s.notation() for s in steps]}"
    assert min(tech.weight(s) for s in same) == case["weight"]
    solution = [int(ch) for ch in str(shudu.solve(case["puzzle"]))]
    for step in steps:
        assert all(solution[c] != d for c, d in step.eliminations), step.notation()
    check_words(same[0])
    assert tech.uniqueness


def test_every_technique_has_cases() -> None:
    keys = {case["key"] for case in CASES}
    assert keys == {"unique-loop-type-1", "unique-loop-type-2", "unique-loop-type-3",
                    "unique-loop-type-4", "bug-type-1", "bug-type-2", "bug-type-3",
                    "bug-type-4",
                    "ur-type-3", "ur-type-3-hidden"}
    # loops of eight cells weigh 4.7
    assert any(c["weight"] == 4.7 and c["key"] == "unique-loop-type-1" for c in CASES)


@pytest.mark.parametrize(("puzzle", "score", "hardest"), [
    # SE: 4.6, Unique Loop type 2 (a loop of six cells)
    ("......6..5..2.......79...8....18.2...2..9..4.965....7.6.....7..1..54..9....6..158",
     4.6, "unique-loop-type-2"),
    # SE: 5.7, BUG type 2
    ("7......3...173..4......9..8...8.12.......2..9...673.8.1.3..7..6...2...1..26...7..",
     5.7, "bug-type-2"),
])
def test_se_walk_takes_them(puzzle: str, score: float, hardest: str) -> None:
    walk = Walk.of(puzzle)
    list(walk)
    assert walk.solved and (walk.score, walk.hardest) == (score, hardest)


@pytest.mark.parametrize(("puzzle", "score"), [
    # SE: 8.4.  A loop of six cells on 1/3, three of them with the one extra digit 4,
    # would remove a 4 early; SE's search never takes the third cell with extras (it
    # counts the extras of every cell it looked at), so SE needs a forcing chain.
    ("..7.4.5...............5.6716......32....739....46.......8..4..7...2.9.68.92......",
     8.4),
    # SE: 7.1.  After SE's Unique Loop type 2, a rectangle on 1/3 with a corner that
    # holds 1 but not 3 gives a sound Uniqueness Test 1 that SE does not know: its
    # rectangles hold both digits in every corner.
    ("....6...8..2......49....31...6.34........85..94...1......2.94...8.......51.....3.",
     7.1),
])
def test_se_walk_finds_what_se_finds(puzzle: str, score: float) -> None:
    walk = Walk.of(puzzle)
    list(walk)
    assert walk.solved and walk.score == score
    assert walk.histogram.get("unique-loop-type-2") == 1


def _walk_states(puzzle: str) -> list[Candidates]:
    """The states of the rating walk of a puzzle (a copy of each)."""
    walk = Walk.of(puzzle)
    states = [walk.state.copy()]
    for _ in walk:
        states.append(walk.state.copy())
    return states


def test_c_loops_are_the_python_loops() -> None:
    # SE's states (most with a loop) and the states of two walks (most without): the C
    # search of a 9x9 grid finds the same loops in the same order as the Python one.
    states = [se_state(case) for case in CASES]
    states += _walk_states("...7........6..7.4....93..8.4....356635.."
                           ".8.7.1......9.........2..549...5.1.7..8.")
    states += _walk_states("..7.4.5...............5.6716......32....739....46.......8"
                           "..4..7...2.9.68.92......")
    with_loops = 0
    for cands in states:
        assert cands.rules.is_classic9
        want = unique_loops._find_loops_py(cands)
        assert unique_loops._find_loops(cands) == want
        with_loops += bool(want)
    assert 10 <= with_loops < len(states) - 10


@pytest.mark.parametrize("masks", [
    b"", b"\0" * 161, b"\0" * 164, array("H", [512] + [0] * 80).tobytes(),
    array("H", [0xFFFF] * 81).tobytes(),
])
def test_uloop9_checks_its_masks(masks: bytes) -> None:
    with pytest.raises(ValueError, match="uloop9"):
        accel9.uloop9(masks)


@pytest.mark.parametrize("args", [(), ("x" * 162,), (None,), (b"\0" * 162, 1)])
def test_uloop9_checks_its_arguments(args: tuple[object, ...]) -> None:
    with pytest.raises(TypeError):
        accel9.uloop9(*args)


def test_uloop9_ends_on_a_made_up_state() -> None:
    """Dozens of cells holding just 1/2 give billions of paths: the search stops after
    ULOOP9_MAX_STEPS cells tried, with the loops found until then (a state a solving path
    reaches holds no naked pair, so no house has two such cells)."""
    for cells in (50, 81):
        masks = [0b11] * cells + [0] * (81 - cells)
        loops = accel9.uloop9(array("H", masks).tobytes())
        assert all(len(loop) >= 6 and len(loop) % 2 == 0 for _, _, loop in loops)
