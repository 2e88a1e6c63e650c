"""Grid: the immutable value type."""

from __future__ import annotations

import pytest

from shudu import Grid, InvalidPuzzle, ParseError, Rules

HARD17 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_value_semantics() -> None:
    g = Grid(HARD17)
    assert g == Grid(HARD17.replace(".", "0"))
    assert hash(g) == hash(Grid(HARD17))
    assert eval(repr(g), {"Grid": Grid}) == g
    assert g[0] == 4 and g[0, 6] == 8 and g[80] == 0
    assert g.clue_count == 17 and len(g.empty_cells) == 64
    assert g.to_string("0").startswith("400000805")
    assert len(g.rows()) == 9 and g.rows()[0][0] == 4
    with pytest.raises(IndexError):
        g[9, 0]
    assert g.with_value(1, 1)[1] == 1 and g[1] == 0


def test_other_sizes_use_letters() -> None:
    r = Rules(16)
    cells = [0] * 256
    cells[0], cells[1] = 10, 16
    g = Grid(cells, r)
    assert g.to_string().startswith("AG..")
    assert Grid(g.to_string(), r) == g
    assert eval(repr(g), {"Grid": Grid, "Rules": Rules}) == g


def test_invalid_values_and_conflicts() -> None:
    with pytest.raises(ParseError, match=r"0\.\.4"):
        Grid([5] + [0] * 15, Rules(4))
    with pytest.raises(ParseError, match="square"):
        Grid([0] * 15)
    with pytest.raises(InvalidPuzzle) as info:
        Grid([1, 0, 0, 0, 0, 1] + [0] * 10, Rules(4))
    assert "box 1" in str(info.value) and "r1c1" in str(info.value) and "r2c2" in str(info.value)
    g = Grid([1, 1] + [0] * 14, Rules(4), check=False)
    assert g.conflicts() == [(0, 1)]


def test_is_solution_of() -> None:
    sol = Grid("1234341221434321", Rules(4))
    assert sol.is_solution_of(Grid("1" + "." * 15, Rules(4)))
    assert not sol.is_solution_of(Grid("2" + "." * 15, Rules(4)))
    assert sol.to_dict()["grid"] == "1234341221434321"
