"""Reading and writing every puzzle notation of shudu.formats."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import shared_file
from shudu.errors import InvalidPuzzle, ParseError
from shudu.formats import (
    FORMATS,
    LINE_SIZES,
    WRITE_FORMATS,
    Pencilmarks,
    Record,
    argument_error,
    detect_format,
    format_grid,
    iter_records,
    iter_write,
    parse,
    parse_pencilmarks,
    read_file,
    read_text,
    write,
    write_many,
)
from shudu.solving.engine import has_conflict9, solve
from shudu.values import rules as rules_module
from shudu.values.grid import Grid
from shudu.values.rules import CLASSIC, Rules

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "formats"

INKALA = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
SEVENTEEN = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
EULER1 = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"


def shared(name: str) -> Path:
    return shared_file(name)


# ---------------------------------------------------------------------- fixtures
@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("grid.txt", "grid"),
        ("zeros.txt", "grid"),
        ("puzzle.sdk", "sdk"),
        ("puzzle.ss", "ss"),
        ("hodoku.pm", "pencilmarks"),
        ("explainer.pm", "pencilmarks"),
        ("puzzle.729", "729"),
    ],
)
def test_single_puzzle_files_read_the_same_grid(name: str, fmt: str) -> None:
    text = (FIXTURES / name).read_text()
    assert detect_format(text) == fmt
    assert parse(text) == Grid(INKALA)
    assert parse(text, format=fmt) == Grid(INKALA)
    records = read_file(FIXTURES / name)
    assert len(records) == 1 and records[0].grid == Grid(INKALA) and records[0].error is None


def test_sdk_header_gives_name_and_extra() -> None:
    (record,) = read_file(FIXTURES / "puzzle.sdk")
    assert record.name == "A hard puzzle from a newspaper"
    assert "#A Arto Inkala" in record.extra
    assert record.text.startswith("#A Arto Inkala")


def test_sdk_state_section_is_not_the_puzzle() -> None:
    text = write(Grid(INKALA), "sdk") + "\n[State]\n" + "123456789\n" * 9
    assert parse(text) == Grid(INKALA)


def test_sdm_with_comments_ratings_and_separators() -> None:
    records = read_file(FIXTURES / "puzzles.sdm")
    assert [r.line for r in records] == [4, 5, 6, 7, 8, 9]
    assert all(r.ok for r in records), [str(r.error) for r in records]
    assert [r.index for r in records] == list(range(6))
    assert [r.extra for r in records] == [
        "", "# from top1465", "10.5/1.2/1.2", "17 clues", "8.3", "rated",
    ]
    assert records[3].grid == Grid(SEVENTEEN)
    assert records[5].text.startswith("  2...4.5")


def test_crlf_lines() -> None:
    records = read_file(FIXTURES / "crlf.sdm")
    assert len(records) == 2 and all(r.ok for r in records)
    assert "\r" not in records[0].text


def test_csv_puzzle_column_by_name_and_solutions_kept() -> None:
    records = read_file(FIXTURES / "kaggle.csv")
    assert [r.grid for r in records] == [Grid(INKALA), Grid(SEVENTEEN)]
    assert records[0].line == 2 and records[0].extra.startswith("solutions=417369825")
    named = read_file(FIXTURES / "named.csv")
    assert [r.name for r in named] == ["p1", "p2"]
    assert named[0].extra == "difficulty=hard; source=Inkala, 2010"


def test_csv_puzzle_column_found_by_content_and_tsv() -> None:
    text = f"set\tpuzzle_text\trating\nx\t{INKALA}\t9.9\n"
    (record,) = iter_records(text)
    assert record.grid == Grid(INKALA) and record.extra == "set=x; rating=9.9"
    headerless = f"{INKALA},9.9\n{SEVENTEEN},1.2\n"
    assert [r.grid for r in iter_records(headerless, format="csv")] == [
        Grid(INKALA), Grid(SEVENTEEN),
    ]


def test_csv_error_names_file_line_and_column() -> None:
    bad = INKALA[:10] + "Q" + INKALA[11:]
    records = list(iter_records(f"id,puzzle\n1,{INKALA}\n2,{bad}\n"))
    assert records[0].ok
    assert str(records[1].error) == (
        "line 3, column 13: expected a digit 1-9 or a blank (. 0 x * - _), found 'Q'"
    )


def test_json_files() -> None:
    records = read_file(FIXTURES / "puzzles.json")
    assert [r.name for r in records] == ["Everest", "X-sudoku", "Mini"]
    assert records[0].line == 3 and json.loads(records[0].text)["name"] == "Everest"
    assert json.loads(records[0].extra)["author"] == "Arto Inkala"
    assert records[1].grid is not None and records[1].grid.rules == Rules(diagonals=True)
    assert records[2].grid == Grid("1......2..3..4..", rules=Rules(4))
    (single,) = read_file(FIXTURES / "puzzle.json")
    assert single.grid is not None
    assert single.grid.rules == Rules(6, anti_king=True) and single.name == "6x6 anti-king"


def test_json_forms() -> None:
    g = Grid(INKALA)
    rows = [[int(c) if c != "." else 0 for c in INKALA[r * 9 : r * 9 + 9]] for r in range(9)]
    assert parse(json.dumps({"grid": rows})) == g
    assert parse(json.dumps({"grid": [v for row in rows for v in row]})) == g
    assert parse(json.dumps([{"grid": INKALA}])) == g
    assert parse(json.dumps({"rules": "x", "grid": "." * 81})).rules.diagonals
    lines = "\n".join(json.dumps({"grid": p}) for p in (INKALA, SEVENTEEN))
    assert [r.line for r in iter_records(lines)] == [1, 2]
    with pytest.raises(ParseError, match="expected exactly one puzzle, found 2 puzzles"):
        parse(json.dumps([{"grid": INKALA}, {"grid": INKALA}]))


def test_json_candidates() -> None:
    pm = Pencilmarks.from_grid(Grid(INKALA))
    doc = {"grid": INKALA, "candidates": pm.to_string729()}
    assert parse_pencilmarks(json.dumps(doc)) == pm
    listed = {"candidates": [list(pm.digits(c)) for c in range(81)]}
    assert parse_pencilmarks(json.dumps(listed)) == pm
    assert parse(json.dumps(listed)) == Grid(INKALA)


def test_sixteen_by_sixteen_numbers_and_letters() -> None:
    expected = (FIXTURES / "grid16.expected").read_text().strip()
    grid = parse((FIXTURES / "grid16.txt").read_text(), check=False)
    assert grid.size == 16 and grid.to_string() == expected
    letters = parse((FIXTURES / "letters16.txt").read_text(), check=False)
    assert letters == grid
    # in 16x16 text 0 is a blank, and lower case letters are digits 10-16
    assert parse("1" + "0" * 254 + "g").cells[-1] == 16
    # no digit 1-9 and a letter H-P: the all-letter convention A-P = 1..16
    assert parse("H" + "0" * 254 + "A").cells[-1] == 1
    assert parse("0" * 255 + "h").cells[-1] == 8
    # letters A-G alone stay 10-16, so written 16x16 grids always read back
    assert parse("0" * 254 + "AG").cells[-2:] == bytes([10, 16])
    assert parse("0" * 254 + "1A").cells[-1] == 10


def test_hodoku_library_lines() -> None:
    line = (
        ":0000:1:+6+3+42+8+9...8+7531+6+2+9+42+91+7+5+4+6+38+349+16+58+7+2+5+8+79+42..+6+1+62"
        "+83+754+97+5+8+4+2+39+61+9.+6+5784+23+4+2+3+6+91...:::182:"
    )
    (record,) = iter_records(line)
    assert record.ok and record.grid is not None and record.grid.clue_count == 72
    assert record.extra == line


def test_whitespace_inside_a_line() -> None:
    spaced = " ".join(INKALA[i : i + 9] for i in range(0, 81, 9))
    assert parse(spaced) == Grid(INKALA)
    assert parse(spaced + " 1.2") == Grid(INKALA)
    assert parse(INKALA + "   9.2/1.2/1.2") == Grid(INKALA)
    tokens = " ".join(INKALA)
    assert parse(tokens) == Grid(INKALA)


def test_all_blank_symbols() -> None:
    for blank in ".0xX*-_":
        assert parse(INKALA.replace(".", blank)) == Grid(INKALA)


def test_small_sizes_from_the_count() -> None:
    assert parse("1234341221434321").size == 4
    assert parse("1" + "." * 35).rules == Rules(6)
    assert parse("." * 64).rules == Rules(8)
    assert parse("." * 144).rules == Rules(12)
    assert parse("P" + "." * 624).cells[0] == 25
    assert parse("." * 100, rules=Rules(10)).size == 10


# ---------------------------------------------------------------------- several grids
def zero_rows(puzzle: str) -> str:
    return "\n".join(puzzle.replace(".", "0")[i : i + 9] for i in range(0, 81, 9))


def test_generated_grids_separated_by_blank_lines() -> None:
    records = read_file(FIXTURES / "generated.txt")
    assert [r.grid for r in records] == [Grid(INKALA), Grid(SEVENTEEN), Grid(EULER1)]
    assert all(r.ok for r in records) and [r.index for r in records] == [0, 1, 2]
    assert [r.line for r in records] == [1, 14, 26]
    assert records[0].extra == "10.5 extreme, hardest: Forcing Chain"
    assert records[1].text == Grid(SEVENTEEN).pretty()


@pytest.mark.parametrize("fmt", ["grid", "sdk", "ss", "pencilmarks"])
def test_grids_separated_by_blank_lines_in_every_grid_format(fmt: str) -> None:
    grids = [Grid(INKALA), Grid(EULER1), Grid(INKALA[::-1])]
    text = "\n\n".join(write(g, fmt) for g in grids) + "\n"
    if fmt == "pencilmarks":  # cells down to one candidate read as placed
        grids = [Pencilmarks.from_grid(g).to_grid() for g in grids]
    assert detect_format(text) == fmt
    assert [r.grid for r in iter_records(text)] == grids
    assert [r.grid for r in iter_records(text, format=fmt)] == grids


def test_zero_filled_rows_with_and_without_blank_lines() -> None:
    both = [Grid(SEVENTEEN), Grid(EULER1)]
    spaced = zero_rows(SEVENTEEN) + "\n\n" + zero_rows(EULER1) + "\n"
    assert [(r.line, r.grid) for r in iter_records(spaced)] == [(1, both[0]), (11, both[1])]
    packed = zero_rows(SEVENTEEN) + "\n" + zero_rows(EULER1) + "\n"
    assert [(r.line, r.grid) for r in iter_records(packed)] == [(1, both[0]), (10, both[1])]
    spaced_digits = "\n".join(" ".join(row) for row in packed.splitlines())
    assert [r.grid for r in iter_records(spaced_digits)] == both
    small = Grid("1......2..3..4..", rules=Rules(4))
    assert [r.grid for r in iter_records(write(small, "grid") + "\n\n" + write(small, "grid"))] == [
        small, small,
    ]


def test_bands_separated_by_blank_lines_stay_one_grid() -> None:
    bands = "\n\n".join(zero_rows(EULER1)[b * 30 : b * 30 + 29] for b in range(3))
    assert parse(bands) == Grid(EULER1)
    assert len(list(iter_records(bands))) == 1


def test_one_bad_grid_among_several() -> None:
    rows = zero_rows(EULER1).splitlines()
    short = "\n".join([*rows[:4], rows[4][:-1], *rows[5:]])
    text = zero_rows(SEVENTEEN) + "\n\n" + short + "\n\n" + zero_rows(EULER1)
    records = list(iter_records(text))
    assert [r.ok for r in records] == [True, False, True]
    assert str(records[1].error) == (
        "line 15: expected 9 cells in row 5 (read as a 9x9 grid), found 8"
    )


def test_parse_wants_exactly_one_grid() -> None:
    text = Grid(INKALA).pretty() + "\n\n" + Grid(SEVENTEEN).pretty()
    assert message(text) == "line 13: expected exactly one puzzle, found 2 puzzles"
    assert message(write(Grid(INKALA), "pencilmarks") * 2, format="pencilmarks").endswith(
        "expected exactly one puzzle, found 2 puzzles"
    )


# ---------------------------------------------------------------------- titles
def test_project_euler_titles_are_names() -> None:
    records = read_file(FIXTURES / "euler.txt")
    assert [r.name for r in records] == ["Grid 01", "Grid 02", "Grid 03"]
    assert [r.grid for r in records] == [Grid(EULER1), Grid(INKALA), Grid(SEVENTEEN)]
    assert [r.line for r in records] == [1, 11, 21]


def test_title_above_a_grid_or_a_header() -> None:
    (record,) = iter_records("Puzzle 1\n" + Grid(INKALA).pretty())
    assert record.ok and record.name == "Puzzle 1"
    assert parse("Puzzle 1\n" + Grid(INKALA).pretty()) == Grid(INKALA)
    sdk = "Newspaper\n#A Arto Inkala\n" + write(Grid(INKALA), "sdk")
    (record,) = iter_records(sdk)
    assert record.ok and record.name == "Newspaper" and record.extra == "#A Arto Inkala"
    (record,) = iter_records("Candidates\n" + write(Grid(INKALA), "pencilmarks"))
    assert record.ok and record.name == "Candidates"
    (record,) = iter_records("# from a forum\n" + write(Grid(INKALA), "pencilmarks"))
    assert record.ok and record.name is None


def test_titles_in_one_puzzle_per_line_files() -> None:
    text = f"Puzzle 1\n{INKALA}\n\nPuzzle 2\n{SEVENTEEN}\n{EULER1}\n"
    assert detect_format(text) == "sdm"
    records = list(iter_records(text))
    assert [(r.index, r.line, r.name) for r in records] == [
        (0, 2, "Puzzle 1"), (1, 5, "Puzzle 2"), (2, 6, None),
    ]
    assert all(r.ok for r in records)
    (_, bad, good) = iter_records(f"{INKALA}\nnot a puzzle\n{INKALA}\n")
    assert str(bad.error).startswith("line 2") and good.ok and good.name is None
    # blanks written as x are cells, not a word
    assert parse(EULER1.replace("0", "x")) == Grid(EULER1)
    assert parse(write(Grid(EULER1), "ss", blank="x")) == Grid(EULER1)
    assert parse(write(Grid(EULER1), "grid", blank="X")) == Grid(EULER1)


# ---------------------------------------------------------------------- tab-separated grids
def test_tab_separated_digits_are_a_grid() -> None:
    text = (FIXTURES / "tabs.txt").read_text()
    assert detect_format(text) == "grid"
    assert parse(text) == Grid(SEVENTEEN)
    assert [r.grid for r in read_file(FIXTURES / "tabs.txt")] == [Grid(SEVENTEEN)]
    commas = text.replace("\t", ",")
    assert parse(commas) == Grid(SEVENTEEN)


def test_tab_separated_grid_error_names_the_reading() -> None:
    rows = (FIXTURES / "tabs.txt").read_text().splitlines()
    rows[2] = rows[2].rsplit("\t", 1)[0]
    assert message("\n".join(rows)) == (
        "line 3: expected 9 cells in row 3 (read as a 9x9 grid), found 8"
    )


def test_short_lines_and_csv_fields_prefer_the_classic_reading() -> None:
    assert message("5 3 0 0 7 0 0 0 0") == "line 1: expected 81 cells, found 9"
    assert message("1" * 15) == "line 1: expected 16 cells, found 15"
    assert message("puzzle,rating\n530070000,1.2\n") == (
        "line 2: expected 81 cells (read as a CSV table, puzzle column 'puzzle'), found 9"
    )
    trailing = (FIXTURES / "tabs.txt").read_text().replace("\n", "\t\n")
    assert parse(trailing) == Grid(SEVENTEEN)


def test_argument_error_gives_the_real_parse_error() -> None:
    error = argument_error("4....Q" + "." * 75)
    assert isinstance(error, ParseError) and error.column == 6
    assert str(argument_error("." * 80)) == "line 1: expected 81 cells, found 80"
    assert isinstance(argument_error("44" + "." * 79), InvalidPuzzle)
    assert str(argument_error(zero_rows(SEVENTEEN)[:-1])) == (
        "line 9: expected 9 cells in row 9 (read as a 9x9 grid), found 8"
    )
    assert argument_error("top1465.sdm") is None
    assert str(argument_error("." * 75 + "1.729")) == "line 1: expected 81 cells, found 80"
    assert isinstance(argument_error("53..7..../6..195.../.98....6./" + "." * 54), ParseError)
    assert argument_error("puzzles/missing") is None
    assert argument_error("12345") is None
    assert argument_error(INKALA) is None


# ---------------------------------------------------------------------- writing
@pytest.mark.parametrize("fmt", ["line", "sdm", "grid", "sdk", "ss", "json", "csv"])
def test_write_and_read_back(fmt: str) -> None:
    g = Grid(INKALA)
    text = write(g, fmt)
    assert parse(text) == g
    assert parse(text, format=fmt if fmt != "sdm" else "line") == g
    assert [r.grid for r in iter_records(text)] == [g]


@pytest.mark.parametrize("fmt", WRITE_FORMATS)
def test_every_written_format_reads_back(fmt: str) -> None:
    if fmt.startswith("killer") or fmt == "sudokuwiki":   # cages only: published killers
        fixture = Path(__file__).parents[1] / "fixtures" / "killer_published.txt"
        lines = [x.split()[0] for x in fixture.read_text(encoding="utf-8").splitlines()
                 if x[:1] not in ("#", "")]
        for puzzle in lines[:3] + lines[-3:]:
            grid = parse(puzzle)
            if fmt in ("killer", "sudokuwiki") and grid.rules.diagonals:   # no X there
                with pytest.raises(ParseError, match="holds killer cages only"):
                    write(grid, fmt)
                continue
            if fmt == "sudokuwiki" and sum(len(c.cells) for c in grid.rules.constraints) < 81:
                with pytest.raises(ParseError, match="needs every cell in a cage"):
                    write(grid, fmt)
                continue
            text = write(grid, fmt)
            back = parse(text)
            assert set(back.rules.constraints) == set(grid.rules.constraints), text
            assert back.rules.diagonals == grid.rules.diagonals
            assert [r.grid for r in iter_records(text)] == [back]
        return
    for puzzle in (INKALA, SEVENTEEN, EULER1):
        g = Grid(puzzle)
        solution = solve(g)
        assert solution is not None
        for grid in (g, solution):
            text = write(grid, fmt)
            if fmt in ("pencilmarks", "729"):
                # a candidate grid cannot tell a given from a cell down to one candidate
                assert parse_pencilmarks(text) == Pencilmarks.from_grid(grid)
                assert solve(parse(text)) == solution
            else:
                assert parse(text) == grid, (fmt, text)
            assert [r.grid for r in iter_records(text)] == [parse(text)]
    assert parse(write(Grid(INKALA), "pencilmarks")) == Grid(INKALA)


@pytest.mark.parametrize("fmt", WRITE_FORMATS)
def test_write_many_reads_back_in_order(fmt: str, tmp_path: Path) -> None:
    if fmt.startswith("killer") or fmt == "sudokuwiki":   # three published killers, no X
        fixture = Path(__file__).parents[1] / "fixtures" / "killer_published.txt"
        killers = [parse(x.split()[0]) for x in fixture.read_text(encoding="utf-8")
                   .splitlines() if x[:1] not in ("#", "", "3")][:3]
        back = [r.grid for r in iter_records(write_many(killers, fmt))]
        assert [set(g.rules.constraints) for g in back] == [
            set(g.rules.constraints) for g in killers]
        with pytest.raises(ParseError, match="cannot hold killer cages"):
            write_many(killers, "csv")
        with pytest.raises(ParseError, match="cannot hold killer cages"):
            write(killers[0], "line")
        return
    grids = [Grid(INKALA), Grid(EULER1), solve(INKALA)]
    text = write_many(grids, fmt)
    if fmt in ("pencilmarks", "729"):  # cells down to one candidate read as placed
        grids = [Pencilmarks.from_grid(g).to_grid() for g in grids]
    assert [r.grid for r in iter_records(text)] == grids
    path = tmp_path / "many.txt"
    path.write_text(text)
    assert [r.grid for r in read_file(path)] == grids
    assert write_many([], fmt) == ""
    if fmt == "csv":
        assert text == write(grids[0], "csv") + "\n".join(str(g) for g in grids[1:]) + "\n"
    pieces = list(iter_write(iter(grids), fmt))
    assert len(pieces) == 3 and "".join(pieces) == write_many(grids, fmt)
    assert all(piece.endswith("\n") for piece in pieces)


def test_write_many_keeps_variant_rules() -> None:
    grids = [Grid(INKALA), Grid("." * 81, rules=Rules(diagonals=True))]
    text = write_many(grids, "csv")
    assert text.splitlines()[0] == "puzzle,rules"
    assert [r.grid for r in iter_records(text)] == grids
    assert [r.grid for r in iter_records(write_many(grids, "json"))] == grids
    assert "".join(iter_write(grids[1:], "csv")).startswith("puzzle,rules\n")


def test_write_formats() -> None:
    g = Grid(INKALA)
    assert write(g) == INKALA
    assert write(g, blank="0") == INKALA.replace(".", "0")
    assert write(g, "grid").splitlines()[3] == "------+-------+------"
    assert write(g, "grid").splitlines()[0] == "4 . . | . 3 . | . . ."
    assert write(g, "ss").splitlines()[:4] == ["4..|.3.|...", "...|6..|8..", "...|...|..1",
                                               "-----------"]
    assert write(g, "sdk").startswith("[Puzzle]\n4...3....\n")
    assert json.loads(write(g, "json")) == {"rules": {"size": 9, "box": [3, 3]}, "grid": INKALA}
    assert write(g, "csv") == f"puzzle\n{INKALA}\n"
    assert parse_pencilmarks(write(g, "pencilmarks")) == Pencilmarks.from_grid(g)
    assert parse_pencilmarks(write(g, "729")) == Pencilmarks.from_grid(g)
    assert format_grid(g) == g.pretty()
    with pytest.raises(ParseError, match="expected a format among line, grid"):
        write(g, "png")
    with pytest.raises(ParseError, match="expected a format among line, grid"):
        write_many([g], "png")


def test_write_keeps_variant_rules_in_json_and_csv() -> None:
    g = Grid("." * 81, rules=Rules(diagonals=True, anti_knight=True))
    assert parse(write(g, "json")) == g
    assert parse(write(g, "csv")) == g
    jigsaw = Rules(4, regions="0011001122332233")
    assert parse(write(Grid("1" + "." * 15, rules=jigsaw), "json")).rules == jigsaw
    assert format_grid(Grid("1" + "." * 15, rules=jigsaw)).splitlines()[0] == "1 . . ."


def test_pencilmarks_value() -> None:
    pm = parse_pencilmarks((FIXTURES / "hodoku.pm").read_text())
    assert pm.digits(1) == (1, 2, 5, 6, 9)
    assert pm.to_grid() == Grid(INKALA)
    assert pm.to_string729()[:18] == "...4.....12..56..9"
    assert parse_pencilmarks(pm.format()) == pm
    assert pm.format() == (FIXTURES / "hodoku.pm").read_text().rstrip("\n")
    assert parse_pencilmarks((FIXTURES / "explainer.pm").read_text()) == pm
    assert parse_pencilmarks((FIXTURES / "puzzle.729").read_text()) == pm
    assert parse_pencilmarks(INKALA) == pm
    with pytest.raises(ValueError, match="expected 81 candidate masks"):
        Pencilmarks(CLASSIC, (511,) * 80)
    with pytest.raises(ValueError, match=r"r1c1 must be 0\.\.511"):
        Pencilmarks(CLASSIC, (512,) + (511,) * 80)


# ---------------------------------------------------------------------- properties
SIZES = list(LINE_SIZES)


@st.composite
def grids(draw: st.DrawFn, sizes: list[int] = SIZES) -> Grid:
    n = draw(st.sampled_from(sizes))
    cell = st.one_of(st.just(0), st.integers(1, n)) if draw(st.booleans()) else st.integers(0, n)
    values = draw(st.lists(cell, min_size=n * n, max_size=n * n))
    return Grid(bytes(values), rules=Rules(n), check=False)


@st.composite
def pencilmarks(draw: st.DrawFn, sizes: list[int] = SIZES) -> Pencilmarks:
    n = draw(st.sampled_from(sizes))
    masks = draw(st.lists(st.integers(0, (1 << n) - 1), min_size=n * n, max_size=n * n))
    return Pencilmarks(Rules(n), tuple(masks))


@settings(max_examples=60, deadline=None)
@given(grids())
def test_round_trip_line_grid_json(g: Grid) -> None:
    for fmt in ("line", "grid", "json", "csv"):
        text = write(g, fmt)
        assert parse(text, check=False) == g, (fmt, text)
        assert parse(text, format=fmt, check=False) == g
    assert parse(write(g, blank="0"), check=False) == g
    assert parse(write(g, "grid", blank="_"), check=False) == g


@settings(max_examples=40, deadline=None)
@given(grids(sizes=[9]))
def test_round_trip_sdk_ss(g: Grid) -> None:
    for fmt in ("sdk", "ss"):
        assert parse(write(g, fmt), check=False) == g
        assert parse(write(g, fmt), format=fmt, check=False) == g


@settings(max_examples=60, deadline=None)
@given(pencilmarks())
def test_round_trip_pencilmarks(pm: Pencilmarks) -> None:
    assert parse_pencilmarks(pm.format(), rules=pm.rules) == pm
    assert parse_pencilmarks(pm.format()) == pm
    assert parse_pencilmarks(pm.to_string729(), rules=pm.rules, format="729") == pm
    if pm.rules.size != 4:  # 64 characters read as an 8x8 line unless told otherwise
        assert parse_pencilmarks(pm.to_string729()) == pm
    assert parse(pm.format(), check=False) == pm.to_grid()


@settings(max_examples=300, deadline=None)
@given(grids(sizes=[9]))
def test_fast_check_agrees_with_rules(g: Grid) -> None:
    assert CLASSIC.has_conflict(g.cells) == bool(CLASSIC.conflicts(g.cells))
    assert has_conflict9(g.cells) == house_screen(g.cells)


def house_screen(cells: bytes) -> bool:
    """:meth:`Rules.has_conflict` on classic 9x9 without the C check (house by house)."""
    saved = rules_module._CONFLICT_CHECK.pop("classic9")
    try:
        return CLASSIC.has_conflict(cells)
    finally:
        rules_module._CONFLICT_CHECK["classic9"] = saved


def test_fast_check_on_solved_grids() -> None:
    solution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
    cells = Grid(solution).cells
    assert not CLASSIC.has_conflict(cells)
    for i in range(81):
        for d in range(1, 10):
            changed = cells[:i] + bytes([d]) + cells[i + 1 :]
            assert CLASSIC.has_conflict(changed) == (d != cells[i])
            assert house_screen(changed) == (d != cells[i])


# ---------------------------------------------------------------------- errors
def message(text: str, **kwargs: object) -> str:
    with pytest.raises(ParseError) as info:
        parse(text, **kwargs)  # type: ignore[arg-type]
    return str(info.value)


def test_bad_symbol_in_a_line() -> None:
    assert message("4....Q" + "." * 75) == (
        "line 1, column 6: expected a digit 1-9 or a blank (. 0 x * - _), found 'Q'"
    )
    assert message("  4....Q" + "." * 75).startswith("line 1, column 8:")
    assert message("A" + "." * 80) == (
        "line 1, column 1: expected a digit 1-9 or a blank (. 0 x * - _), found 'A'"
    )
    assert message("5" + "." * 15, rules=Rules(4)) == (
        "line 1, column 1: expected a digit 1-4 or a blank (. 0 x * - _), found '5'"
    )
    assert "a digit 1-9, A-G" in message("." * 255 + "Q")


def test_wrong_cell_count() -> None:
    assert message("." * 80) == "line 1: expected 81 cells, found 80"
    assert message("." * 82) == "line 1: expected 81 cells, found 82"
    assert message("." * 80 + " # note") == "line 1: expected 81 cells, found 80"
    assert message("." * 81, rules=Rules(4)) == "line 1: expected 16 cells, found 81"
    with pytest.raises(ParseError) as info:
        parse("." * 80)
    assert info.value.line == 1 and info.value.expected == "expected 81 cells"
    assert info.value.found == "80"


def test_grid_text_errors() -> None:
    rows = write(Grid(INKALA), "grid").splitlines()
    eight = "\n".join(r for r in rows if r != rows[5])
    assert message(eight) == "expected 9 rows (read as a 9x9 grid), found 8"
    bad = rows.copy()
    bad[2] = bad[2][:6] + "Q" + bad[2][7:]
    assert message("\n".join(bad)) == (
        "line 3, column 7: expected a digit 1-9 or a blank (. 0 x * - _), found 'Q'"
    )
    short = rows.copy()
    short[4] = short[4][:-2]
    assert message("\n".join(short)) == (
        "line 5: expected 9 cells in row 4 (read as a 9x9 grid), found 8"
    )
    ten = "\n".join([*rows, rows[0]])
    assert message(ten) == "line 12: expected 9 rows (read as a 9x9 grid), found 10"


def test_candidate_errors() -> None:
    good = Pencilmarks.from_grid(Grid(INKALA)).to_string729()
    bad = good[:13] + "3" + good[14:]
    with pytest.raises(ParseError) as info:
        parse_pencilmarks(bad)
    assert str(info.value) == (
        "line 1, column 14: expected 9 candidates per cell group: '5' or '.' for "
        "candidate 5 of r1c2, found '3'"
    )
    with pytest.raises(ParseError, match=r"expected 729 characters .* found 728"):
        parse_pencilmarks(good[:-1], format="729")
    grid = Pencilmarks.from_grid(Grid(INKALA)).format().splitlines()
    grid[2] = grid[2].replace("12359", "123Z9")
    with pytest.raises(ParseError) as info:
        parse_pencilmarks("\n".join(grid))
    assert str(info.value) == "line 3, column 13: expected candidates 1-9, found 'Z'"


def test_json_errors() -> None:
    assert message('{"grid": "' + "." * 80 + '"}') == "line 1: expected 81 cells, found 80"
    assert message('{\n  "grid": "....Q' + "." * 76 + '"\n}') == (
        "line 2, column 16: expected a digit 1-9 or a blank (. 0 x * - _), found 'Q'"
    )
    assert message('{"grid": ') .startswith("line 1, column 10: expected valid JSON")
    assert message('{"rules": {"size": 9, "colour": 1}, "grid": ""}').startswith(
        "line 1: expected rules keys among"
    )
    assert message('{"grid": [1, 2]}') == (
        'line 1: expected a square number of cells in "grid", found 2'
    )
    assert message('{"name": "x"}') == 'line 1: expected a "grid" field'


def test_invalid_puzzle_when_checked() -> None:
    with pytest.raises(InvalidPuzzle, match="digit 4 appears twice in row 1"):
        parse("44" + "." * 79)
    assert parse("44" + "." * 79, check=False).clue_count == 2
    (record,) = iter_records("\n\n44" + "." * 79)
    assert isinstance(record.error, InvalidPuzzle)
    assert str(record.error) == "line 3: digit 4 appears twice in row 1: r1c1 and r1c2"
    assert record.error.line == 3  # type: ignore[attr-defined]
    (unchecked,) = iter_records("44" + "." * 79, check=False)
    assert unchecked.ok


def test_source_names_the_file(tmp_path: Path) -> None:
    assert message("." * 80, source="x.sdm") == "x.sdm, line 1: expected 81 cells, found 80"
    path = tmp_path / "bad.sdm"
    path.write_text(INKALA + "\n" + "." * 79 + "\n")
    records = read_file(path)
    assert records[0].ok
    assert str(records[1].error) == f"{path}, line 2: expected 81 cells, found 79"


def test_unknown_format_and_empty_text() -> None:
    assert message("." * 81, format="xml").startswith("expected a format among line, grid")
    assert message("   \n") == "expected a puzzle, found empty text"
    assert message("# only a comment\n") == "expected a puzzle, found only comments"


# ---------------------------------------------------------------------- sources
def test_str_is_text_never_a_path(tmp_path: Path) -> None:
    path = tmp_path / "p.sdm"
    path.write_text(INKALA + "\n")
    records = list(iter_records(str(path)))
    assert len(records) == 1 and not records[0].ok
    assert [r.grid for r in iter_records(path)] == [Grid(INKALA)]
    assert [r.grid for r in read_file(str(path))] == [Grid(INKALA)]


def test_file_objects_stream() -> None:
    stream = io.StringIO("# header\n" + INKALA + "\n" + SEVENTEEN + "\n")
    records = iter_records(stream)
    first = next(records)
    assert isinstance(first, Record) and first.line == 2
    assert stream.tell() < len(stream.getvalue())  # not read to the end yet
    assert next(records).grid == Grid(SEVENTEEN)
    grid_stream = io.StringIO(write(Grid(INKALA), "grid"))
    assert [r.grid for r in iter_records(grid_stream)] == [Grid(INKALA)]
    titled = io.StringIO(f"Puzzle 1\n{INKALA}\nPuzzle 2\n{SEVENTEEN}\n")
    records = iter_records(titled)
    assert next(records).name == "Puzzle 1"
    assert titled.tell() < len(titled.getvalue())  # streamed, not read whole
    assert next(records).grid == Grid(SEVENTEEN)
    table = io.StringIO(f"puzzle\n{INKALA}\n")
    assert [r.grid for r in iter_records(table)] == [Grid(INKALA)]
    table = io.StringIO(f"Puzzle,rating\n{INKALA},1.2\n")
    assert [r.extra for r in iter_records(table)] == ["rating=1.2"]


def test_extension_decides_format(tmp_path: Path) -> None:
    path = tmp_path / "one.ss"
    path.write_text(write(Grid(INKALA), "ss"))
    assert read_file(path)[0].grid == Grid(INKALA)
    path = tmp_path / "many.txt"
    path.write_text(INKALA + "\n" + SEVENTEEN + "\n")
    assert len(read_file(path)) == 2


def test_detect_format() -> None:
    g = Grid(INKALA)
    assert {fmt: detect_format(write(g, fmt)) for fmt in ("line", "grid", "sdk", "ss", "json",
                                                          "csv", "pencilmarks", "729")} == {
        "line": "line", "grid": "grid", "sdk": "sdk", "ss": "ss", "json": "json",
        "csv": "csv", "pencilmarks": "pencilmarks", "729": "729",
    }
    assert detect_format(INKALA + "\n" + SEVENTEEN) == "sdm"
    assert set(FORMATS) == {"line", "grid", "sdk", "ss", "pencilmarks", "729", "json", "csv",
                            "sdm", "killer", "killer-list", "sudokuwiki", "fpuzzles",
                            "sudokupad", "ipuz"}
    assert detect_format("3<" + "0" * 79) == "killer"
    assert detect_format("3x3::k:" + "0:" * 81) == "killer-list"
    assert detect_format("3<" + "0" * 79 + "\n" + "3x3::k:" + "0:" * 81) == "sdm"


def test_grid_constructor_uses_parse() -> None:
    assert Grid(write(Grid(INKALA), "grid")) == Grid(INKALA)
    assert Grid(write(Grid(INKALA), "json")) == Grid(INKALA)


def test_schema_is_valid_json() -> None:
    schema_path = Path(__file__).resolve().parents[2] / "src" / "shudu" / "schema"
    schema = json.loads((schema_path / "puzzle.schema.json").read_text())
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert "puzzle" in schema["$defs"]


# ---------------------------------------------------------------------- real collections
SDM_FILES = [
    "qqwing_easy.sdm", "qqwing_expert.sdm", "qqwing_intermediate.sdm", "qqwing_simple.sdm",
    "sudocue_learningcurve.sdm", "sudocue_top10000.sdm", "sudoku17.sdm", "top1465.sdm",
]


@pytest.mark.parametrize("name", SDM_FILES)
def test_shared_sdm_files_read_without_error(name: str) -> None:
    path = shared(name)
    records = read_file(path)
    errors = [(r.line, str(r.error)) for r in records if r.error is not None]
    assert not errors, errors[:5]
    lines = [x for x in path.read_text().splitlines() if x.strip()]
    assert len(records) == len(lines)
    assert all(r.grid is not None and r.grid.size == 9 for r in records)


def test_shared_exemplars_read_without_error() -> None:
    path = shared("exemplars-1.0.txt")
    records = read_file(path)
    assert len(records) == 670
    assert all(r.ok for r in records), [str(r.error) for r in records if not r.ok][:5]
    assert records[0].extra.startswith("#") and records[0].line == 13


def test_shared_reglib_and_ratings_read() -> None:
    reglib = read_file(shared("reglib-1.4.txt"))
    assert len(reglib) > 1000 and all(r.ok for r in reglib)
    ratings = read_file(shared("se_ratings.tsv"))
    assert len(ratings) == 700 and all(r.ok for r in ratings)
    assert ratings[0].extra.startswith("set=qqwing_simple; ER=")


def test_shared_collection_written_as_grids_reads_back() -> None:
    grids = [r.grid for r in read_file(shared("top1465.sdm"))]
    for fmt in ("grid", "ss", "sdk"):
        assert [r.grid for r in iter_records(write_many(grids, fmt))] == grids


# ---------------------------------------------------------------------- shared layouts
COLLECTIONS = Path(__file__).resolve().parents[1] / "fixtures" / "collections"


def test_forum_hardest_layout_reads_whole_with_its_fields() -> None:
    """A title line, a ``#!sudoku -c1,PuzzleR,Label,...`` header, CRLF line ends, then
    ``puzzle,label,poster,q1,q2,ER,EP,ED`` rows."""
    path = COLLECTIONS / "forum_hardest.txt"
    assert b"\r\n" in path.read_bytes()
    records = read_file(path)
    assert [r.line for r in records] == [3, 4, 5] and all(r.ok for r in records)
    assert records[0].name == "sample 1"
    assert records[0].extra == ("Label=sample 1; Poster=a poster; q1=90; q2=80; ER=11.0; "
                                "EP=11.0; ED=10.0")
    text = path.read_text(encoding="utf-8")
    assert [r.name for r in iter_records(text)] == ["sample 1", "sample 2", "sample 3"]


@pytest.mark.parametrize("name,first,extra,label", [
    ("titled_comments.txt", 2, "saturday 1: a made-up comment", None),
    ("titled_table.tsv", 3, "ER=11.0; EP=11.0; ED=10.0", None),
    ("serate.txt", 1, "ED=11.0/11.0/10.0", None),
    ("ratings_slash.txt", 2, "11.0/11.0/10.0", None),
    ("semicolons.txt", 1, "1200;made-up author", None),
])
def test_shared_collection_layouts(name: str, first: int, extra: str,
                                   label: str | None) -> None:
    """Title lines above one-puzzle lines or a table, Sudoku Explainer's ``ED=`` output,
    ``ER/EP/ED`` ratings and ``;``-separated fields after each puzzle."""
    path = COLLECTIONS / name
    for records in (read_file(path), list(iter_records(path.read_text(encoding="utf-8")))):
        assert len(records) == 3 and all(r.ok for r in records), [str(r.error) for r in records]
        assert records[0].line == first
        assert records[0].extra == extra and records[0].name == label
        assert records[0].grid.to_string() == HARDEST[0]


HARDEST = ["98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"]


def test_a_title_above_a_table_header() -> None:
    text = "My favourite puzzles\npuzzle,label,poster\n" + INKALA + ",inkala,arto\n"
    (record,) = iter_records(text)
    assert record.ok and record.name == "inkala" and record.extra == "poster=arto"
    (record,) = read_text(text, "favourites.csv")
    assert record.ok and record.name == "inkala"
    one_column = write_many([Grid(INKALA), Grid(SEVENTEEN)], "csv")
    for source in (one_column, io.StringIO(one_column)):
        assert [(r.name, r.ok) for r in iter_records(source)] == [(None, True)] * 2


def test_a_line_of_two_puzzles_says_81_cells() -> None:
    with pytest.raises(ParseError, match=r"^line 1: expected 81 cells, found 162 "
                                         r"\(2 puzzles of 81 run together\?\)$"):
        parse(INKALA + SEVENTEEN)
    (record,) = iter_records(INKALA + " " + SEVENTEEN.replace("0", ".") + "x")
    assert record.ok   # a puzzle, then text: read as before


@pytest.mark.parametrize("name,count", [
    ("forum_hardest_1905_11plus_5000.txt", 5000), ("se_ratings.tsv", 700),
    ("se_ratings_hardest.tsv", 222), ("reglib-1.4.txt", 1112), ("exemplars-1.0.txt", 670),
])
def test_shared_files_read_whole(name: str, count: int) -> None:
    path = shared(name)
    records = read_file(path, check=False)
    assert len(records) == count
    assert all(r.ok for r in records), [str(r.error) for r in records if not r.ok][:3]
    assert len(list(iter_records(path.read_text(encoding="utf-8"), check=False))) == count
