"""SudokuWiki killer links, SudokuPad links and ipuz files: published puzzles read, random
ones written and read back, detection among the other formats, errors that name the cell
or the key, and the command line taking them one per line."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shudu import Grid, Rules, formats
from shudu.cli import main
from shudu.errors import ParseError
from shudu.formats.fpuzzles import read_fpuzzles
from shudu.formats.ipuz import read_ipuz, write_ipuz
from shudu.formats.killer import (
    SUDOKUWIKI,
    read_cage_string,
    read_killer_list,
    read_sudokuwiki,
    write_sudokuwiki,
)
from shudu.formats.sudokupad import (
    LINK,
    _decompress,
    _read_scl,
    read_sudokupad,
    to_scl,
    unzip_scl,
    write_sudokupad,
    zip_scl,
)
from shudu.make.classic import random_solution
from shudu.solving import engine
from shudu.values.constraints import XV, Cage, Kropki, Thermo

FIXTURES = Path(__file__).parent / "fixtures"
KILLERS = [line.split() for line in (FIXTURES / "killer_published.txt").read_text()
           .splitlines() if line.strip() and not line.startswith("#")]
VARIANTS = [line.rstrip("\n").split("\t") for line in (FIXTURES / "fpuzzles_published.txt")
            .read_text().splitlines() if line and not line.startswith("#")]
PAD = [line.rstrip("\n").split("\t") for line in (FIXTURES / "sudokupad_published.txt")
       .read_text().splitlines() if line and not line.startswith("#")]


def _killer(text: str) -> Grid:
    return read_killer_list(text) if text.startswith("3x3") else read_cage_string(text)


def _partition(rng: random.Random, biggest: int = 5) -> list[tuple[int, ...]]:
    """Random orthogonally connected cages covering the 9x9 grid."""
    free, cages = set(range(81)), []
    while free:
        cage = [min(free)]
        free.discard(cage[0])
        want = rng.randint(1, biggest)
        while len(cage) < want:
            near = [n for c in cage for n in (c - 9, c + 9, c - 1 if c % 9 else -1,
                                               c + 1 if c % 9 < 8 else -1) if n in free]
            if not near:
                break
            pick = rng.choice(near)
            free.discard(pick)
            cage.append(pick)
        cages.append(tuple(sorted(cage)))
    return cages


def _random_killer(seed: int) -> tuple[Grid, bytes]:
    rng = random.Random(seed)
    solution = random_solution(Rules(), seed=seed).cells
    cages = []
    for cells in _partition(rng):
        digits = [solution[c] for c in cells]
        if len(set(digits)) == len(digits):
            cages.append(Cage(cells, sum(digits)))
        else:   # split a cage that would repeat a digit into single cells
            cages += [Cage((c,), solution[c]) for c in cells]
    cages.sort(key=lambda cage: min(cage.cells))
    return Grid("." * 81, Rules(constraints=tuple(cages))), solution


# ---------------------------------------------------------------- SudokuWiki
def test_published_killers_round_trip_through_sudokuwiki_links() -> None:
    """Every published killer with every cell caged and no diagonals is written and read
    back to the same cages; the others are refused with the reason."""
    written = 0
    for puzzle, solution in KILLERS:
        grid = _killer(puzzle)
        try:
            link = write_sudokuwiki(grid.rules)
        except ParseError as e:
            assert "every cell in a cage" in str(e) or "not these rules" in str(e), str(e)
            continue
        assert link.startswith(SUDOKUWIKI) and formats.detect_format(link) == "sudokuwiki"
        back = formats.parse(link)
        assert back == grid
        assert Grid(solution, back.rules).is_solution_of(back)
        written += 1
    assert written >= 8


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9))
def test_random_cage_maps_round_trip_and_neighbours_differ(seed: int) -> None:
    grid, _ = _random_killer(seed)
    link = write_sudokuwiki(grid.rules)
    colours, totals = link[len(SUDOKUWIKI):].split(",")
    assert len(colours) == 81 and len(totals) == 162
    assert set(colours) <= set("123456789")
    assert read_sudokuwiki(link) == grid
    where = {c: i for i, cage in enumerate(grid.rules.constraints) for c in cage.cells}
    for cell in range(81):
        for other in (cell + 1 if cell % 9 < 8 else None, cell + 9 if cell < 72 else None):
            if other is not None and where[cell] != where[other]:
                assert colours[cell] != colours[other]


def test_sudokuwiki_errors_name_the_cell() -> None:
    colours = "1" * 2 + "2" * 79
    totals = "03" + "00" * 80
    with pytest.raises(ParseError, match="r1c3: a cage of 79 cells"):
        read_sudokuwiki(f"bd={'2' * 2 + '1' * 79},{totals}")
    bad = "03" + "04" + "00" * 79
    with pytest.raises(ParseError, match="r1c2: a total 4 sits in the cage of r1c1"):
        read_sudokuwiki(f"bd={colours},{bad}")
    with pytest.raises(ParseError, match="every cell in a cage"):
        write_sudokuwiki(Rules(constraints=(Cage((0, 1), 3),)))
    with pytest.raises(ParseError, match="not connected side to side"):
        write_sudokuwiki(Rules(constraints=(Cage((0, 10), 3),
                                            *(Cage((c,), 1) for c in range(81)
                                              if c not in (0, 10)))))


# ---------------------------------------------------------------- SudokuPad
def test_the_sudokupad_fixture_holds_the_published_puzzle() -> None:
    assert len(PAD) == 1 and len(PAD[0]) == 3


def test_a_published_sudokupad_link_with_a_picture_is_refused_and_its_dots_hold() -> None:
    """Parity Fish draws its parity lines in a background picture: reading it would drop
    them, so it is refused, naming the picture.  Without the picture, its 21 Kropki dots
    are read, and every one holds on the published solution."""
    title, link, count = PAD[0]
    assert formats.detect_format(link) == "sudokupad"
    with pytest.raises(ParseError, match="background picture 1"):
        formats.parse(link)
    data = unzip_scl(_decompress(link.split("/scl", 1)[1], "SudokuPad data"))
    solution = data["metadata"].pop("solution")
    data["metadata"].pop("bgimage")
    grid = _read_scl(data)
    dots = [c for c in grid.rules.constraints if isinstance(c, Kropki)]
    assert len(dots) == int(count) == len(grid.rules.constraints)
    assert {d.colour for d in dots} == {"white", "black"}
    assert Grid(solution, grid.rules).is_solution_of(grid), title
    assert grid.rules.broken(bytes(int(ch) for ch in solution)) == []


@pytest.mark.parametrize("row", VARIANTS, ids=[re.split(" by | from ", v[0])[0] for v in VARIANTS])
def test_sudokupad_opens_published_fpuzzles_data(row: list[str]) -> None:
    title, _, data, solution = row
    grid = read_fpuzzles(data)
    for link in (f"https://sudokupad.app/fpuzzles{data}", f"{LINK}fpuz{data}",
                 f"https://app.crackingthecryptic.com/sudoku/fpuzzles{data}"):
        assert formats.detect_format(link) == "sudokupad"
        assert formats.parse(link) == grid, title
    written = write_sudokupad(grid)
    assert formats.parse(written) == grid
    assert engine.search(formats.parse(written), limit=2).solution.to_string() == solution


def test_published_killers_round_trip_through_scl_links() -> None:
    for puzzle, solution in KILLERS:
        grid = _killer(puzzle)
        link = write_sudokupad(grid)
        assert "puzzleid=scl" in link
        back = read_sudokupad(link)
        assert back == grid and Grid(solution, back.rules).is_solution_of(back)


def test_scl_holds_givens_jigsaw_diagonals_dots_and_xv() -> None:
    rng = random.Random(7)
    solution = random_solution(Rules(), seed=7).cells
    cons = []
    for a in rng.sample(range(81), 30):
        b = a + 1 if a % 9 < 8 else a - 1
        x, y = solution[a], solution[b]
        if abs(x - y) == 1:
            cons.append(Kropki((min(a, b), max(a, b)), "white"))
        elif x == 2 * y or y == 2 * x:
            cons.append(Kropki((min(a, b), max(a, b)), "black"))
        elif x + y in (5, 10):
            cons.append(XV((min(a, b), max(a, b)), x + y))
    givens = bytes(v if i % 7 == 0 else 0 for i, v in enumerate(solution))
    for rules in (Rules(diagonals=True, constraints=tuple(dict.fromkeys(cons))),
                  Rules(extra_houses=(tuple(i * 10 for i in range(9)),)),
                  Rules(6), Rules(4, diagonals=True)):
        n = rules.size
        grid = Grid(givens[:n * n] if n == 9 else "." * n * n, rules)
        link = write_sudokupad(grid)
        assert "puzzleid=scl" in link and read_sudokupad(link) == grid
        plain = {k: v for k, v in json.loads(json.dumps(to_scl(grid))).items() if v != []}
        assert unzip_scl(zip_scl(to_scl(grid))) == plain


def test_scl_zipping_keeps_quotes_and_sparse_rows() -> None:
    data = {"cells": [[{}, {"value": 5}, {}]], "metadata": {"title": "Don't \"panic\""},
            "overlays": [{"center": [0.5, 1], "rounded": True, "backgroundColor": "#FFFFFF"}]}
    zipped = zip_scl(data)
    assert zipped.startswith("{ce:[[,{v:5},]]")
    back = unzip_scl(zipped)
    assert back["cells"] == [[{}, {"value": 5}, {}]]
    assert back["metadata"]["title"] == "Don't 'panic'"   # SudokuPad's zipping swaps " for '
    assert back["overlays"][0]["backgroundColor"] == "#FFFFFF"


def test_sudokupad_errors_say_what_was_not_read() -> None:
    grid = Grid("." * 16, Rules(4, constraints=(Thermo((0, 1, 2)),)))
    assert "puzzleid=fpuzzles" in write_sudokupad(grid)
    data = to_scl(Grid("." * 81))
    data["lines"] = [{"wayPoints": [[0.5, 0.5], [0.5, 2.5]]}]
    data["arrows"] = [{"wayPoints": [[1.5, 0.5], [1.5, 2.5]]}]
    with pytest.raises(ParseError, match="found 'arrow 1, line 1'"):
        read_sudokupad(json.dumps(data))
    with pytest.raises(ParseError, match="short link"):
        formats.parse("https://sudokupad.app/psxczr0jpr")
    with pytest.raises(ParseError, match="LZ-string"):
        read_sudokupad(LINK + "scl@@@@")
    data = to_scl(Grid("." * 81))
    data["cages"] = [{"cells": [[0, 0], [0, 1]], "value": "?"}]
    with pytest.raises(ParseError, match="total of SudokuPad cage 1"):
        read_sudokupad(json.dumps(data))
    data["cages"] = [{"value": "title: A Fish"}, {"cells": [[0, 0], [0, 1]], "value": 3}]
    assert read_sudokupad(json.dumps(data)).rules.constraints == (Cage((0, 1), 3),)


# ---------------------------------------------------------------- ipuz
def _jigsaw() -> tuple[Rules, bytes]:
    """A jigsaw with a known solution: trade a cell of box 1 for one of box 2 holding the
    same digit of a classic solution."""
    solution = random_solution(Rules(), seed=3).cells
    ids = [(x // 27) * 3 + x % 9 // 3 for x in range(81)]
    b = next(c for c in range(81) if ids[c] == 1 and solution[c] == solution[2])
    ids[2], ids[b] = 1, 0
    return Rules(9, regions=ids), solution
def test_published_killers_round_trip_through_ipuz() -> None:
    for puzzle, solution in KILLERS:
        grid = _killer(puzzle)
        text = write_ipuz(grid)
        data = json.loads(text)
        assert data["kind"] == ["http://ipuz.org/sudoku#1"]
        assert formats.detect_format(text) == "ipuz"
        back = formats.parse(text)
        assert back == grid and Grid(solution, back.rules).is_solution_of(back)


@pytest.mark.parametrize("rules", [
    Rules(windows=True), Rules(diagonals=True), Rules(6), Rules(6, box=(3, 2)),
    Rules(16), Rules(extra_houses=(tuple(range(0, 81, 10)),)),
    _jigsaw()[0],
], ids=["windoku", "x", "6", "6-3x2", "16", "extra", "jigsaw"])
def test_ipuz_and_scl_hold_the_rules(rules: Rules) -> None:
    n = rules.size
    solution = (_jigsaw()[1] if rules.regions else
                engine.search(Grid("." * n * n, rules), limit=1).solution.cells)
    grid = Grid(bytes(v if i % 3 == 0 else 0 for i, v in enumerate(solution)), rules)
    assert read_ipuz(write_ipuz(grid)) == grid
    link = write_sudokupad(grid)
    assert read_sudokupad(link) == grid
    assert ("scl" in link) == (not rules.windows)


def test_ipuz_reads_zero_based_cells_rects_and_charsets() -> None:
    base = {"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/sudoku#1"],
            "charset": "ABCD", "puzzle": [["A", 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0],
                                         [0, 0, 0, {"given": "D"}]]}
    one = dict(base, cages=[{"cells": [[1, 1], [2, 1]], "value": 4}])
    zero = dict(base, cages=[{"cells": [[0, 0], [1, 0]], "value": 4}])
    rect = dict(base, cages=[{"rect": [1, 1, 2, 1], "value": 4}])
    grids = [read_ipuz(json.dumps(d)) for d in (one, zero, rect)]
    assert grids[0] == grids[1] == grids[2]
    assert grids[0].to_string() == "1..............4"
    assert grids[0].rules.constraints == (Cage((0, 1), 4),)


def test_ipuz_errors_name_the_key() -> None:
    base = {"kind": ["http://ipuz.org/sudoku#1"], "puzzle": [[0] * 4 for _ in range(4)]}
    with pytest.raises(ParseError, match="operator"):
        read_ipuz(json.dumps(dict(base, cages=[{"cells": [[1, 1]], "value": 2,
                                                "operator": "-"}])))
    with pytest.raises(ParseError, match="found 'arrows'"):
        read_ipuz(json.dumps(dict(base, arrows=[1])))
    with pytest.raises(ParseError, match="cover the grid once"):
        read_ipuz(json.dumps(dict(base, boxes=False, zones=[{"rect": [1, 1, 4, 1]}])))
    with pytest.raises(ParseError, match=r"given 1\.\.4"):
        read_ipuz(json.dumps(dict(base, puzzle=[[7, 0, 0, 0]] + [[0] * 4] * 3)))
    with pytest.raises(ParseError, match="kind"):
        read_ipuz(json.dumps({"kind": ["http://ipuz.org/crossword#1"], "puzzle": []}))
    with pytest.raises(ParseError, match="ipuz holds"):
        write_ipuz(Grid("." * 16, Rules(4, constraints=(Thermo((0, 1)),))))


# ---------------------------------------------------------------- the command line
def _cli(args: list[str]) -> int:
    with pytest.raises(SystemExit) as done:
        main(args)
    return done.value.code   # type: ignore[return-value]


def test_the_command_line_takes_these_forms_one_per_line(tmp_path, capsys) -> None:
    grids = [_random_killer(seed)[0] for seed in (1, 2)]
    thermo = Grid("1" + "." * 15, Rules(4, constraints=(Thermo((0, 1, 2)),)))
    lines = [write_sudokuwiki(grids[0].rules), write_sudokupad(grids[1]),
             write_sudokupad(thermo)]
    path = tmp_path / "links.txt"
    path.write_text("\n".join(lines) + "\n")
    assert _cli(["solve", str(path), "--count", "--limit", "2"]) == 0
    counts = capsys.readouterr().out.split()
    want = [engine.search(g, limit=2).count for g in (*grids, thermo)]
    assert counts == [str(c) + ("+" if c == 2 else "") for c in want], counts
    ipuz = tmp_path / "killer.ipuz"
    ipuz.write_text(write_ipuz(grids[0]))
    assert _cli(["solve", str(ipuz), "--count", "--limit", "2"]) == 0
    assert capsys.readouterr().out.split() == counts[:1]
    assert _cli(["solve", lines[0], "--output", "ipuz"]) == 0
    assert '"kind"' in capsys.readouterr().out
    assert _cli(["solve", "https://sudokupad.app/psxczr0jpr"]) != 0
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "short link" in err
