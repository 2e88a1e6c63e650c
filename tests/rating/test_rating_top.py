"""The top of the scale: nested forcing nets rated by nesting level and length, as
Sudoku Explainer rates its nested forcing chains (docs/rating.md)."""

from __future__ import annotations

from shudu.rating.rater import rate
from shudu.solving import engine
from shudu.values.grid import Grid

# SE rates it ER 11.8 / EP 11.8 / ED 11.5 (the forum's hardest database)
TOP = "........6..5..18...9...8.7....8.2.....3.1.2..4..5.3....6.....9...83..1..7.......4"


def test_a_hardest_puzzle_rates_above_ten_and_a_half() -> None:
    """A flat score for the nested nets stopped every such puzzle at 10.5; its level-3
    nets (SE's level 4) with the length of the nets nested in them reach SE's range."""
    r = rate(TOP, path=True)
    assert r.solved and r.hardest == "nested-forcing-net"
    assert 11.0 <= r.score <= 12.1
    top = [p for p in r.path if p.score == r.score]
    assert top and all(p.step is not None and p.step.get("level") == 3 for p in top)
    # the length of a level-3 step counts the nets nested in it
    assert all(p.step.get("nested", 0) > 0 and p.step.get("refuted", 0) > 0
               for p in top if p.step is not None)


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
        nested += p.technique == "nested-forcing-net"
        for cell, digit in p.step.placements:
            assert solution[cell] == str(digit), p.step.notation()
        for cell, digit in p.step.eliminations:
            assert solution[cell] != str(digit), p.step.notation()
    assert nested > 0
