"""Kropki dots and X or V on the corner of two diagonal neighbours in SudokuPad's own
(``scl``) form: random grids written and read back in both diagonal directions, a
hand-written payload read into its constraints, a mark whose pair cannot be told refused
with the reason, and generated diagonal-dots puzzles written as SudokuPad links."""

from __future__ import annotations

import json
import random
from urllib.parse import quote

import pytest
from lzstring import LZString

from shudu import Grid, Rules
from shudu.errors import ParseError
from shudu.formats.sudokupad import LINK, read_sudokupad, to_scl, write_sudokupad
from shudu.make.classic import random_solution
from shudu.make.variants import generate_variant
from shudu.values.constraints import XV, Kropki
from shudu.values.constraints.dots import diagonal


def _corner_marks(solution: bytes, n: int, rng: random.Random) -> list[Kropki | XV]:
    """A mark the solution keeps on some corners, each kind and direction drawn at random."""
    out: list[Kropki | XV] = []
    for r in range(n - 1):
        for c in range(n - 1):
            pairs = [(r * n + c, (r + 1) * n + c + 1), (r * n + c + 1, (r + 1) * n + c)]
            a, b = rng.choice(pairs)
            x, y = solution[a], solution[b]
            lo, hi = min(x, y), max(x, y)
            options: list[Kropki | XV] = [Kropki((a, b), "white", hi - lo)] if hi > lo else []
            if hi - lo == 1:
                options.append(Kropki((a, b), "white"))
            if hi == 2 * lo:
                options.append(Kropki((a, b), "black"))
            if hi % lo == 0 and hi > lo:
                options.append(Kropki((a, b), "black", hi // lo))
            if x + y in (5, 10):
                options.append(XV((a, b), x + y))
            if options and rng.random() < 0.6:
                out.append(rng.choice(options))
    return out


@pytest.mark.parametrize(("seed", "rules"), [(1, Rules()), (2, Rules()), (3, Rules()),
                                             (4, Rules(6)), (5, Rules(4)),
                                             (6, Rules(diagonals=True))])
def test_corner_marks_round_trip_through_scl(seed: int, rules: Rules) -> None:
    n = rules.size
    rng = random.Random(seed)
    solution = random_solution(rules, seed=seed).cells
    marks = _corner_marks(solution, n, rng)
    edge = [Kropki((0, 1), "white", abs(solution[0] - solution[1]))]
    cons = tuple(dict.fromkeys([*marks, *edge]))
    givens = bytes(v if rng.random() < 0.2 else 0 for v in solution)
    grid = Grid(givens, rules.replace(constraints=cons))
    link = write_sudokupad(grid)
    assert link.startswith(LINK + "scl")
    back = read_sudokupad(link)
    assert back == grid
    assert Grid(solution, back.rules).is_solution_of(back)
    if n == 9:   # enough corners for both directions and both families
        assert {m.cells[1] - m.cells[0] for m in marks} == {n - 1, n + 1}
        assert {type(m) for m in marks} == {Kropki, XV}
        assert any(isinstance(m, Kropki) and m.value is not None for m in marks)


KINDS = [lambda p: Kropki(p, "white"), lambda p: Kropki(p, "black"),
         lambda p: Kropki(p, "white", 3), lambda p: Kropki(p, "black", 3),
         lambda p: XV(p, 10), lambda p: XV(p, 5)]


def test_each_kind_in_each_direction_is_drawn_on_its_corner() -> None:
    cons, expected = [], []
    for i, make in enumerate(KINDS):
        for x, angle in ((1, 45), (4, -45)):
            y = i + 1   # the corner below and right of r{y}c{x}
            pair = ((y - 1) * 9 + x - 1, y * 9 + x) if angle == 45 else \
                ((y - 1) * 9 + x, y * 9 + x - 1)
            cons.append(make(pair))
            expected.append(([y, x], angle))
    grid = Grid("." * 81, Rules(constraints=tuple(cons)))
    overlays = to_scl(grid)["overlays"]
    assert [(o["center"], o["angle"]) for o in overlays] == expected
    assert [o.get("text") for o in overlays[::2]] == [None, None, "3", "3", "X", "V"]
    assert all(o["width"] > o["height"] for o in overlays if o.get("rounded"))  # ovals
    link = write_sudokupad(grid)
    assert link.startswith(LINK + "scl") and read_sudokupad(link) == grid


def test_a_hand_written_payload_reads_into_its_marks() -> None:
    # A puzzle as SudokuPad's editor zips it: a given, a white and a black dot on
    # corners (one each way), a dot with a number, an X turned -135 degrees (the same
    # direction as 45) and a V turned 315 (as -45); an edge dot reads as before.
    rows = "[" + ",".join(["[{v:1}" + "," * 8 + "]"] + ["[" + "," * 8 + "]"] * 8) + "]"
    text = ("{ce:" + rows + ",o:["
            "{ct:[1,1],w:0.42,h:0.3,r:t,c2:#F,c1:#0,angle:45},"
            "{ct:[1,2],w:0.42,h:0.3,r:t,c2:#0,c1:#0,angle:-45},"
            "{ct:[2,1],w:0.4,h:0.3,r:t,c2:#F,c1:#0,te:'2',angle:45},"
            "{ct:[2,3],w:0.3,h:0.3,te:'X',fs:24,angle:-135},"
            "{ct:[3,2],w:0.3,h:0.3,te:'V',fs:24,angle:315},"
            "{ct:[0.5,3],w:0.3,h:0.3,r:t,c2:#F,c1:#0}]}")
    link = LINK + "scl" + quote(LZString.compressToBase64(text), safe="")
    for source in (text, link):
        grid = read_sudokupad(source)
        assert grid.to_string() == "1" + "." * 80
        assert grid.rules.constraints == (
            Kropki((0, 10), "white"), Kropki((2, 10), "black"), Kropki((9, 19), "white", 2),
            XV((11, 21), 10), XV((20, 28), 5), Kropki((2, 3), "white"))


@pytest.mark.parametrize(("overlay", "found"), [
    ({"center": [1, 1], "width": 0.3, "height": 0.3, "rounded": True,
      "backgroundColor": "#FFFFFF"}, "no angle"),
    ({"center": [2, 3], "width": 0.3, "height": 0.3, "text": "X", "angle": 90}, "angle 90"),
    ({"center": [1, 1], "width": 0.3, "height": 0.3, "rounded": True,
      "backgroundColor": "#000000", "angle": "45"}, "angle '45'"),
])
def test_a_corner_mark_without_its_direction_is_refused(overlay: dict, found: str) -> None:
    data = to_scl(Grid("." * 81))
    data["overlays"] = [overlay]
    with pytest.raises(ParseError) as info:
        read_sudokupad(json.dumps(data))
    error = info.value
    assert error.found == found
    assert "turned 45 degrees" in error.expected and "-45 degrees" in error.expected
    y, x = overlay["center"]
    assert f"joining r{y}c{x} and r{y + 1}c{x + 1}" in error.expected


def test_other_drawings_on_corners_are_still_not_read() -> None:
    data = to_scl(Grid("." * 81))
    data["overlays"] = [{"center": [1, 1], "width": 0.7, "height": 0.7, "rounded": True,
                         "backgroundColor": "#FFFFFF", "text": "1 2 3", "angle": 45}]
    with pytest.raises(ParseError, match="found 'overlay 1'"):
        read_sudokupad(json.dumps(data))


@pytest.mark.parametrize("seed", [0, 2])
def test_generated_diagonal_dots_are_written_as_sudokupad_links(seed: int) -> None:
    from shudu.formats import write

    g = generate_variant("diagonal-dots", seed=seed)
    assert any(diagonal(*c.cells, 9) for c in g.rules.constraints)
    link = write(g.puzzle, "sudokupad")
    assert link.startswith(LINK + "scl")
    back = read_sudokupad(link)
    assert back == g.puzzle and g.solution.is_solution_of(back)
