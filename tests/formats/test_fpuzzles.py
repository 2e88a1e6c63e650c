"""f-puzzles links and JSON: published variant puzzles read, solved to their published
solutions and written back; detection among the other formats; errors that name the
problem; the command line takes a link."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from shudu import Grid, Rules, formats
from shudu.cli import main
from shudu.errors import ParseError
from shudu.formats.fpuzzles import LINK, is_fpuzzles, read_fpuzzles, to_fpuzzles, write_fpuzzles
from shudu.solving import engine
from shudu.values.constraints import XV, Arrow, Cage, Clone, Kropki, LittleKiller, Sandwich, Thermo

FIXTURE = Path(__file__).parents[1] / "fixtures" / "fpuzzles_published.txt"
PUBLISHED = [line.rstrip("\n").split("\t") for line in FIXTURE.read_text().splitlines()
             if line and not line.startswith("#")]


def test_the_fixture_holds_every_published_puzzle() -> None:
    assert len(PUBLISHED) == 15 and all(len(p) == 4 for p in PUBLISHED)


@pytest.mark.parametrize(("title", "uses", "data", "solution"), PUBLISHED,
                         ids=[re.split(" by | from ", p[0])[0] for p in PUBLISHED])
def test_published_variants_solve_to_their_published_solution(title, uses, data, solution):
    grid = read_fpuzzles(LINK + data)
    assert grid.rules.constraints or grid.rules.anti_knight or grid.rules.anti_king
    found = engine.search(grid, limit=2)
    assert found.count == 1, title
    assert found.solution.to_string() == solution
    assert found.solution.is_solution_of(grid)
    assert read_fpuzzles(write_fpuzzles(grid)) == grid
    assert read_fpuzzles(json.dumps(to_fpuzzles(grid))) == grid
    assert formats.parse(data) == grid == formats.parse(LINK + data)


def test_the_kinds_each_published_puzzle_names_are_read() -> None:
    kinds = {re.split(" by | from ", p[0])[0]:
             {c.kind for c in read_fpuzzles(p[2]).rules.constraints} for p in PUBLISHED}
    assert kinds["Clipped"] == {"arrow", "thermo"}
    assert kinds["Bird in a Storm"] == {"palindrome", "kropki", "negative", "non-consecutive"}
    assert kinds["Blitz"] == {"killer", "little-killer", "odd", "even"}
    assert kinds["Tangled Arrows"] == {"odd", "even", "palindrome", "clone", "arrow"}
    assert kinds["German Whispers"] == {"whisper"}
    assert kinds["'Leven"] == {"renban", "kropki"}
    assert kinds["XV Kropki Sudoku"] == {"xv", "kropki"}
    assert kinds["Merry X/V-mas"] == {"whisper", "negative"}
    assert kinds["Between 1 and 9 Sudoku"] == {"sandwich"}
    assert kinds["JSB"] == {"extra-region"}
    assert kinds["The Barbed Cross"] == {"disjoint", "little-killer"}
    jsb = read_fpuzzles(PUBLISHED[13][2]).rules   # nine regions of nine cells: houses
    assert [h.kind for h in jsb.houses[27:]] == ["extra-region"] * 9
    assert [h.kind for h in read_fpuzzles(PUBLISHED[14][2]).rules.houses[27:]] == ["disjoint"] * 9
    tangled = read_fpuzzles(PUBLISHED[7][2]).rules
    assert not tangled.diagonals and len(tangled.extra_houses) == 1   # one diagonal only


def test_detection_among_the_other_formats() -> None:
    data = PUBLISHED[0][2]
    text = json.dumps(to_fpuzzles(read_fpuzzles(data)))
    assert formats.detect_format(LINK + data) == "fpuzzles"
    assert formats.detect_format(data) == "fpuzzles"
    assert formats.detect_format(text) == "fpuzzles"
    assert formats.detect_format('{"grid": "' + "." * 81 + '"}') == "json"
    assert is_fpuzzles(LINK + data) and not is_fpuzzles("." * 81)
    many = "\n".join(LINK + p[2] for p in PUBLISHED)
    records = formats.read_text(many, "links.txt")
    assert [r.grid for r in records] == [read_fpuzzles(p[2]) for p in PUBLISHED]


def test_writing_constraints_where_a_notation_cannot_hold_them_is_refused() -> None:
    grid = read_fpuzzles(PUBLISHED[0][2])
    with pytest.raises(ParseError, match="cannot hold arrow, thermo constraints; write json"):
        formats.write(grid, "line")
    assert formats.write(grid, "fpuzzles").startswith(LINK)
    assert formats.parse(formats.write(grid, "json"), format="json") == grid


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.pop("grid"), "grid of 9 rows"),
    (lambda d: d.update(size=40), "size 1..25"),
    (lambda d: d.update(thermometer=[{"lines": [["R1C1", "R10C1"]]}]), "R10C1"),
    (lambda d: d.update(minimum=[{"cell": "R1C1"}]), "found 'minimum'"),
    (lambda d: d.update(betweenline=[{"lines": [["R1C1", "R1C2"]]}]), "at least 3 cells"),
    (lambda d: d.update(xv=[{"cells": ["R1C1", "R1C2"], "value": "Y"}]), "X or V in xv 1"),
    (lambda d: d.update(littlekillersum=[{"cell": "R0C1", "direction": "NE", "value": "5"}]),
     "direction DR, DL, UR or UL"),
    (lambda d: d.update(killercage=[{"cells": ["R1C1", "R1C2"], "value": "x"}]),
     "number as the value of killer cage 1"),
    (lambda d: d.update(negative=["odd"]), "ratio, difference and xv"),
    (lambda d: d["grid"][0][0].update(value=12, given=True), "given 1..9 in the grid at R1C1"),
])
def test_bad_fpuzzles_data_names_the_problem(change, message) -> None:
    data = to_fpuzzles(Grid("." * 81))
    change(data)
    with pytest.raises(ParseError, match=message):
        read_fpuzzles(json.dumps(data))


def test_a_cut_link_is_a_parse_error() -> None:
    with pytest.raises(ParseError, match="LZ-string compressed base64"):
        read_fpuzzles(LINK + PUBLISHED[0][2][:30])


def test_every_kind_fpuzzles_holds_round_trips() -> None:
    cons = (Cage((0, 1), 3), Cage((2, 11), 0), Thermo((3, 4, 5)), Arrow((6,), (7, 8)),
            Arrow((18, 19), (20, 21, 22)), LittleKiller((1, 11, 21, 31, 41, 51, 61, 71), 40),
            LittleKiller((71, 61, 51, 41, 31, 21, 11, 1), 40), Sandwich.row(3, 10),
            Sandwich.column(5, 0),
            Kropki((27, 28), "black"), Kropki((29, 30), "white", 3), XV((31, 32), 5),
            Clone((40, 41), (76, 77)))
    grid = Grid("." * 80 + "5", Rules(constraints=cons, anti_king=True))
    back = read_fpuzzles(write_fpuzzles(grid))
    assert back.cells == grid.cells and set(back.rules.constraints) == set(cons)
    assert back.rules.replace(constraints=cons) == grid.rules
    part = Grid("." * 81, Rules(constraints=(LittleKiller((1, 11, 21), 12),)))
    with pytest.raises(ParseError, match="from the edge of the grid to the edge"):
        write_fpuzzles(part)


@pytest.mark.parametrize("rules", [Rules(6, box=(3, 2)), Rules(8, box=(4, 2)),
                                   Rules(12, box=(4, 3)), Rules(6), Rules(10, box=(5, 2))])
def test_boxes_of_any_shape_stay_boxes(rules) -> None:
    # f-puzzles knows one box shape per size: other shapes are written as regions and
    # read back as that box shape, not as a jigsaw
    grid = Grid("1" + "." * (rules.size ** 2 - 1), rules)
    data = to_fpuzzles(grid)
    assert ("region" in data["grid"][0][0]) == (rules != Rules(6))
    back = read_fpuzzles(json.dumps(data))
    assert back.rules == rules and back.rules.regions is None and back.cells == grid.cells


def test_the_command_line_solves_a_link(capsys) -> None:
    _title, _, data, solution = PUBLISHED[3]
    with pytest.raises(SystemExit) as done:
        main(["solve", "--output", "line", LINK + data])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == solution
    with pytest.raises(SystemExit) as done:
        main(["solve", LINK + data[:30]])
    assert done.value.code != 0
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "f-puzzles data" in err


def test_the_further_lines_are_read_and_written() -> None:

    from shudu.values.constraints import Between, Entropic, Lockout, Modular, RegionSum, Zipper

    data = to_fpuzzles(Grid("." * 81))
    data.update(betweenline=[{"lines": [["R1C1", "R1C2", "R1C3"]]}],
                lockout=[{"lines": [["R2C1", "R2C2", "R2C3"]]}],
                regionsumline=[{"lines": [["R3C1", "R3C4"], ["R4C1", "R4C4"]]}],
                zipperline=[{"lines": [["R5C1", "R5C2", "R5C3"]]}],
                modularline=[{"lines": [["R6C1", "R6C2", "R6C3"]]}],
                entropicline=[{"lines": [["R7C1", "R7C2", "R7C3"]]}])
    grid = read_fpuzzles(json.dumps(data))
    assert set(grid.rules.constraints) == {
        Between((0, 1, 2)), Lockout((9, 10, 11)), RegionSum((18, 21)), RegionSum((27, 30)),
        Zipper((36, 37, 38)), Modular((45, 46, 47)), Entropic((54, 55, 56))}
    assert read_fpuzzles(write_fpuzzles(grid)) == grid
    from shudu.formats.sudokupad import read_sudokupad

    pad = "https://sudokupad.app/?puzzleid=fpuzzles" + write_fpuzzles(grid)[len(LINK):]
    assert read_sudokupad(pad) == grid
    with pytest.raises(ParseError, match="f-puzzles can hold"):     # its gap is its size's
        write_fpuzzles(Grid("." * 81, Rules(constraints=(Lockout((0, 1), 3),))))


def _empty(n: int) -> list[list[dict]]:
    return [[{} for _ in range(n)] for _ in range(n)]


def test_xsums_skyscrapers_and_quadruples_are_read_and_written() -> None:
    from shudu.values.constraints import Quadruple, Skyscraper, XSum

    data = {"size": 9, "grid": _empty(9),
            # the X-sum puzzle of https://sudokupad.app/PtjJbFhttP, as f-puzzles keys
            "xsum": [{"cell": f"R{r}C{c}", "value": v} for r, c, v in (
                (0, 2, "27"), (10, 2, "27"), (0, 4, "11"), (10, 4, "11"), (0, 6, "21"),
                (0, 7, "16"), (10, 7, "16"), (2, 0, "8"), (2, 10, "8"), (4, 0, "17"),
                (4, 10, "17"), (6, 0, "30"), (6, 10, "30"), (8, 0, "28"), (8, 10, "28"))]}
    grid = read_fpuzzles(json.dumps(data))
    assert XSum.column(1, 27, from_bottom=True) in grid.rules.constraints
    assert XSum.row(7, 28, from_right=True) in grid.rules.constraints
    assert engine.count(grid, 2) == 1
    assert engine.solve(grid).to_string() == (
        "856214379341975862792863541417529683985631724623487195274156938539748216168392457")
    assert read_fpuzzles(write_fpuzzles(grid)) == grid
    other = Grid("." * 81, Rules(constraints=(
        Skyscraper.row(3, 4, from_right=True), Skyscraper.column(0, 2),
        Quadruple((0, 1, 9, 10), (1, 1, 2)))))
    written = to_fpuzzles(other)
    assert written["skyscraper"] == [{"cell": "R4C10", "value": "4"},
                                     {"cell": "R0C1", "value": "2"}]
    assert written["quadruple"] == [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"],
                                     "values": [1, 1, 2]}]
    assert read_fpuzzles(json.dumps(written)) == other
    # SudokuPad opens f-puzzles data after its "fpuzzles" prefix: the same clues come back
    from shudu.formats.sudokupad import read_sudokupad

    for clued in (grid, other):
        pad = "https://sudokupad.app/?puzzleid=fpuzzles" + write_fpuzzles(clued)[len(LINK):]
        assert read_sudokupad(pad) == clued


def test_diagonal_dots_have_no_fpuzzles_form() -> None:
    grid = Grid("." * 81, Rules(constraints=(Kropki((0, 10), "white"),)))
    with pytest.raises(ParseError, match="f-puzzles can hold"):
        to_fpuzzles(grid)
