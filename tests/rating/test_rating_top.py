"""The top of the scale: nested forcing nets rated by nesting level and length, as
Sudoku Explainer rates its nested forcing chains (docs/rating.md)."""

from __future__ import annotations

from shudu.rating.rater import rate
from shudu.solving import engine
from shudu.values.grid import Grid

# SE rates it ER 11.8 / EP 11.8 / ED 11.5 (the forum's hardest database)
TOP = "........6..5..18...9...8.7....8.2.....3.1.2..4..5.3....6.....9...83..1..7.......4"


def test_a_hardest_puzzle_rates_as_se() -> None:
    """SE's nested chains of level 4 (dynamic chains inside dynamic chains), with the
    complexity of the chains nested in them, give SE's own ER, EP and ED."""
    r = rate(TOP, path=True)
    assert r.solved and r.hardest == "nested-forcing-chain"
    assert (r.score, r.pearl, r.diamond) == (11.8, 11.8, 11.5)
    top = [p for p in r.path if p.score == r.score]
    assert top and all(p.step is not None and p.step.get("level") == 4 for p in top)
    # a level-4 step's length counts the chains nested in it: past any flat chain's
    assert all(int(p.step.get("length")) > 256 for p in top if p.step is not None)


def test_nested_steps_are_sound() -> None:
    """Every step of the walk, the nested nets included, agrees with the solution."""
    found = engine.solve(Grid(TOP))
    assert found is not None
    solution = found.to_string()
    r = rate(TOP, path=True)
    nested = 0
    for p in r.path:
        if p.step is None:
            continue
        nested += p.technique == "nested-forcing-chain"
        for cell, digit in p.step.placements:
            assert solution[cell] == str(digit), p.step.notation()
        for cell, digit in p.step.eliminations:
            assert solution[cell] != str(digit), p.step.notation()
    assert nested > 0
