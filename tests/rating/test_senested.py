"""Sudoku Explainer's nested forcing chains (level 1, "Dynamic Forcing Chains (+)", and
level 2, "(+ Forcing Chains)"): the C core keeps every dynamic conclusion and adds the
nested ones, never an unsound one, and the rater meets SE's own steps and ratings
(tests/rating/data/se_nested.tsv, computed with SE's serate and its step trace)."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import pytest

from shudu.logic.techniques.classic.multiple import _c_hints, chain_step, chain_table
from shudu.logic.techniques.classic.nested import DOC_PUZZLE
from shudu.logic.weighed import Walk
from shudu.rating.rater import rate
from shudu.solving.engine import solve

DATA = Path(__file__).parent / "data" / "se_nested.tsv"


class Fact(NamedTuple):
    """SE's ER of a puzzle and the first step of a nesting level in its step trace."""

    puzzle: str
    er: float
    level: int
    kind: str
    first: float
    complexity: int
    cell: int
    digit: int


def _facts() -> list[Fact]:
    out = []
    for line in DATA.read_text().splitlines():
        if line.startswith("#") or line.startswith("puzzle"):
            continue
        p, er, level, kind, first, cx, cell, digit = line.split("\t")
        out.append(Fact(p, float(er), int(level), kind, float(first), int(cx), int(cell),
                        int(digit)))
    return out


def _kind(step) -> str:
    """SE's name of a nested step's kind."""
    if step.get("mode") == "contradiction":
        return "contradiction"
    return {"both": "double", "house": "region", "cell": "cell"}[str(step.get("kind"))]


def _states(puzzle: str, every: int = 5) -> list:
    walk = Walk.of(puzzle)
    out = []
    for k, _ in enumerate(walk):
        if k % every == 0 and not walk.state.is_solved:
            out.append(walk.state.copy())
    return out


def test_level_one_keeps_every_dynamic_conclusion() -> None:
    checked = added = 0
    for state in _states(DOC_PUZZLE):
        flat = _c_hints(state, True)
        nested = _c_hints(state, True, 1)
        assert set(flat) <= set(nested)
        checked += 1
        added += len(set(nested) - set(flat))
    assert checked > 5 and added > 0


def test_nested_conclusions_are_sound() -> None:
    for puzzle, *_ in [f for f in _facts() if f.level == 1]:
        solution = solve(puzzle)
        assert solution is not None
        seen = 0
        for state in _states(puzzle, 3):
            for row in chain_table(state, True, 1)[:40]:
                step = chain_step(state, True, row, links=False, level=1)
                seen += 1
                for cell, digit in step.eliminations:
                    assert int(str(solution)[cell]) != digit, (puzzle, step.notation())
        assert seen > 40


@pytest.mark.parametrize("fact", _facts(), ids=lambda f: f"level{f.level}-{f.puzzle[:12]}")
def test_the_rater_meets_se(fact: Fact) -> None:
    """SE's ER, and its first step of the level: rating, kind, complexity, a removal;
    every nested step of the rater's path sound."""
    r = rate(fact.puzzle, path=True)
    assert r.score == fact.er
    nested = [p for p in r.path if p.technique == "nested-forcing-chain"]
    solution = str(solve(fact.puzzle))
    for p in nested:
        assert p.step is not None
        assert all(int(solution[c]) != d for c, d in p.step.eliminations)
    first = next(p.step for p in nested if p.step and p.step.get("level") == fact.level)
    assert (float(first.get("difficulty")), _kind(first)) == (fact.first, fact.kind)
    assert int(first.get("length")) + 2 == fact.complexity
    assert (fact.cell, fact.digit) in first.eliminations


def test_levels_up_to_four_are_made_and_five_is_refused() -> None:
    from array import array

    from shudu.logic.accel9 import sechain9

    masks = array("H", [511] * 81).tobytes()
    for level in (2, 3, 4):
        assert sechain9(masks, True, level) == b""
    with pytest.raises(ValueError):
        sechain9(masks, True, 5)


def _level_states() -> list:
    """The first state of the rater's path on a puzzle SE rates 11.0 whose step is a
    level-3 nested chain (levels 1 and 2 find nothing there)."""
    walk = Walk.of(LEVEL3_PUZZLE)
    while moves := walk.scan():
        step = moves[0][2]
        if step is not None and step.get("level") == 3:
            return [walk.state.copy()]
        walk.take(moves)
    raise AssertionError("no level-3 step")


LEVEL3_PUZZLE = ("1....67...5.....3...8....4.....9...3..5.12...9..6..1...4.7....8.....1...7...6.9"
                 "..")


@pytest.mark.parametrize("level", [3, 4])
def test_levels_three_and_four_are_sound_and_the_same_again(level: int) -> None:
    """Every conclusion of a nested level is true of the solution, and a second search of
    the same state (its nested searches then taken from what the first kept) gives the same
    conclusions, as does one after the kept searches are forgotten."""
    from array import array

    from shudu.logic.accel9 import sechain9, sechain9_forget

    solution = str(solve(LEVEL3_PUZZLE))
    for state in _level_states():
        assert not chain_table(state, True, 1) and not chain_table(state, True, 2)
        masks = array("H", state.cell_mask).tobytes()
        sechain9_forget()
        first = sechain9(masks, True, level)
        assert first and sechain9(masks, True, level) == first
        sechain9_forget()
        assert sechain9(masks, True, level) == first
        rows = chain_table(state, True, level)
        assert rows[0][0] >= 8.5 + 0.5 * level
        for row in rows[:60]:
            step = chain_step(state, True, row, links=False, level=level)
            assert step.eliminations
            for cell, digit in step.eliminations:
                assert int(solution[cell]) != digit, step.notation()
