"""Sudoku Explainer's nested forcing chains (level 1, "Dynamic Forcing Chains (+)"):
the C core keeps every dynamic conclusion and adds the nested ones, never an unsound one,
and the rater meets SE's own steps and ratings (tests/rating/data/se_nested.tsv, computed
with SE's serate and its step trace)."""

from __future__ import annotations

from pathlib import Path

from shudu.logic.techniques.classic.multiple import _c_hints, chain_step, chain_table
from shudu.logic.techniques.classic.nested import DOC_PUZZLE
from shudu.logic.weighed import Walk
from shudu.rating.rater import rate
from shudu.solving.engine import solve

DATA = Path(__file__).parent / "data" / "se_nested.tsv"


def _facts() -> list[tuple[str, float, float, int, int]]:
    """(puzzle, SE's ER, SE's first nested step's rating, its cell, its digit)."""
    out = []
    for line in DATA.read_text().splitlines():
        if line.startswith("#") or line.startswith("puzzle"):
            continue
        p, er, first, cell, digit = line.split("\t")
        out.append((p, float(er), float(first), int(cell), int(digit)))
    return out


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
    for puzzle, *_ in _facts():
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


def test_the_rater_meets_se() -> None:
    facts = _facts()
    assert len(facts) >= 2
    for puzzle, er, first, cell, digit in facts:
        r = rate(puzzle, path=True)
        assert r.score == er, puzzle
        nested = [p for p in r.path if p.technique == "nested-forcing-chain"]
        assert nested and nested[0].score == first
        assert nested[0].step is not None
        assert (cell, digit) in nested[0].step.eliminations
