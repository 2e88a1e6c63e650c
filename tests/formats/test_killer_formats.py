"""Killer puzzles in text: the 81-character cage string and the killer list, read and
written (round trips), found without --format, solved by the engine; published killers
with their solutions; errors that name the cell."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from constraint_cases import TAREK_39
from shudu import Rules
from shudu.cli import cli
from shudu.errors import ParseError
from shudu.formats import detect_format, parse, read_file, write
from shudu.formats.killer import (
    read_cage_string,
    read_killer_list,
    write_cage_string,
    write_killer_list,
)
from shudu.solving import engine
from shudu.values.constraints import Cage

FIXTURE = Path(__file__).parents[1] / "fixtures" / "killer_published.txt"


def _published() -> list[tuple[str, str]]:
    rows = []
    for line in FIXTURE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            puzzle, solution = line.split()
            rows.append((puzzle, solution))
    return rows


def test_published_killers_read_and_solve_to_their_solutions() -> None:
    rows = _published()
    assert len(rows) == 29
    for puzzle, solution in rows:
        grid = parse(puzzle)
        assert detect_format(puzzle) in ("killer", "killer-list")
        assert grid.clue_count == 0 and grid.rules.constraints
        assert all(c.check([int(d) for d in solution]) for c in grid.rules.constraints)
        found = engine.search(grid, grid.rules, limit=2)
        assert found.count == 1 and found.solution.to_string() == solution, puzzle[:20]


def test_the_list_flag_d_adds_the_diagonals_and_an_uncaged_cell_reads() -> None:
    rows = _published()
    listed = [p for p, _ in rows if p.startswith("3x3:d:")]
    assert listed and all(parse(p).rules.diagonals for p in listed)
    with_hole = next(p for p, _ in rows if "0^" in p and not p.startswith("3x3"))
    cages = parse(with_hole).rules.constraints
    assert sum(len(c.cells) for c in cages) == 80   # one cell in no cage


def _layout(draw_cells: list[int], seed: int) -> list[Cage]:
    """A random layout of king-connected cages over the whole grid (sizes 1 to 5)."""
    import random

    rng = random.Random(seed)
    free = set(range(81))
    cages = []
    for start in draw_cells:
        if start not in free:
            continue
        cells = [start]
        free.discard(start)
        for _ in range(rng.randint(0, 4)):
            near = [n for c in cells for n in _kings(c) if n in free]
            if not near:
                break
            pick = rng.choice(near)
            cells.append(pick)
            free.discard(pick)
        k = len(cells)
        low, high = k * (k + 1) // 2, k * (19 - k) // 2
        total = rng.choice([0, rng.randint(low, high)]) if k > 1 else rng.randint(1, 9)
        cages.append(Cage(tuple(sorted(cells)), total))
    return cages


def _kings(c: int) -> list[int]:
    r, col = divmod(c, 9)
    return [(r + dr) * 9 + col + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < 9 and 0 <= col + dc < 9]


def _key(rules: Rules) -> set[tuple[tuple[int, ...], int]]:
    return {(c.cells, c.total) for c in rules.constraints}


@settings(max_examples=60, deadline=None)
@given(st.permutations(range(81)), st.integers(0, 10**6), st.booleans())
def test_cage_strings_and_killer_lists_round_trip(order, seed, diagonals) -> None:
    cages = _layout(list(order), seed)
    rules = Rules(9, diagonals=diagonals, constraints=tuple(cages))
    if diagonals:   # the cage string has no X: refused, never lost
        with pytest.raises(ParseError, match="holds killer cages only"):
            write_cage_string(rules)
    text = write_cage_string(Rules(9, constraints=tuple(cages)))
    assert len(text) == 81
    back = read_cage_string(text, Rules(9, diagonals=diagonals))
    assert _key(back.rules) == _key(rules)
    if all(c.total for c in cages):
        listed = write_killer_list(rules)
        assert _key(read_killer_list(listed).rules) == _key(rules)
        assert read_killer_list(listed).rules.diagonals == diagonals
    else:
        with pytest.raises(ParseError, match="without a total"):
            write_killer_list(rules)


@pytest.mark.parametrize("text, message", [
    ("^" + "0" * 80, "column 1: r1c1: the pointer '^' leads off the grid"),
    ("3>" + "<" + "0" * 78, "loop"),
    ("3<" + "0" * 78 + "?", "expected a cage total"),
])
def test_cage_string_errors_name_the_cell(text: str, message: str) -> None:
    if "?" in text:   # not a cage string at all: read as a classic line, refused
        with pytest.raises(ParseError):
            parse(text)
        with pytest.raises(ParseError, match=re.escape(message)):
            read_cage_string(text)
        return
    with pytest.raises(ParseError, match=re.escape(message)):
        parse(text)


def test_a_cage_too_big_for_its_total_is_refused() -> None:
    with pytest.raises(ParseError, match=r"r1c1: a cage of 2 cells sums to 3..17, not 18"):
        read_cage_string("I<" + "0" * 79)


@pytest.mark.parametrize("text, message", [
    ("3x3:x:k:" + "0:" * 81, "expected the flag d"),
    ("3x3::k:" + "0:" * 80, "expected 81 cell numbers"),
    ("3x3::k:769:1025:" + "0:" * 79, "cage 1 has the total 3 elsewhere, not 4"),
    ("3x3::k:abc:" + "0:" * 80, "r1c1: expected a number"),
])
def test_killer_list_errors(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        parse(text)


def test_givens_cannot_be_written_as_cages_only() -> None:
    grid = parse("1" + "." * 80)
    with pytest.raises(ParseError, match="cages only"):
        write(grid, "killer")


def test_a_file_of_killers_and_the_command_line(tmp_path: Path) -> None:
    rows = _published()
    path = tmp_path / "killers.txt"
    path.write_text("\n".join(p for p, _ in rows[:3] + rows[-2:]) + "\n", encoding="utf-8")
    records = list(read_file(path))
    assert [r.error for r in records] == [None] * 5
    res = CliRunner().invoke(cli, ["solve", str(path)])
    assert res.exit_code == 0, res.output
    assert res.output.split() == [s for _, s in rows[:3] + rows[-2:]]
    res = CliRunner().invoke(cli, ["convert", "--to", "killer-list", rows[0][0]])
    assert res.exit_code == 0 and res.output.startswith("3x3::k:")
    assert _key(parse(res.output.strip()).rules) == _key(parse(rows[0][0]).rules)
    res = CliRunner().invoke(cli, ["convert", "--to", "killer", rows[0][0]])
    assert res.exit_code == 0 and len(res.output.strip()) == 81
    x = CliRunner().invoke(cli, ["convert", "--to", "killer", rows[-1][0]])   # a killer X
    assert x.exit_code != 0 and "cage string holds killer cages only" in x.stderr
    assert "Traceback" not in x.output + x.stderr
    bad = CliRunner().invoke(cli, ["solve", "^" + "0" * 80])
    assert bad.exit_code != 0 and "leads off the grid" in bad.output + bad.stderr
    assert "Traceback" not in bad.output + bad.stderr


@pytest.mark.parametrize("command", ["explain", "hint"])
def test_logic_commands_explain_killers_with_cage_logic(command: str) -> None:
    """The logic solver reasons with cages: its first step is a cage technique, in
    words, and the command ends (the nested net, blind to cages, is left out); this
    published human-solvable killer is explained to the end (exit 0)."""
    puzzle = _published()[21][0]
    res = CliRunner().invoke(cli, [command, "--timeout", "60", puzzle])
    assert res.exit_code == 0, res.output + res.stderr
    assert "cage" in res.output.lower() and "Traceback" not in res.output + res.stderr


def test_rate_rates_killers_with_their_cage_techniques() -> None:
    """The rater walks a killer with the cage techniques, weighed on the SE scale's
    extension: a human-solvable published killer gets a score and its hardest step."""
    puzzle = _published()[21][0]
    res = CliRunner().invoke(cli, ["rate", "--timeout", "60", puzzle])
    assert res.exit_code == 0, res.output + res.stderr
    assert "Cage" in res.output and "lower bound" not in res.output
    assert "Traceback" not in res.output + res.stderr


@pytest.mark.parametrize(("lang", "words"), [("en", "lower bound"), ("zh", "下限")])
def test_rate_says_a_stuck_killer_rates_at_least_the_floor(lang: str, words: str) -> None:
    """A killer the killer techniques leave stuck rates 9.5 (the floor), and the line says
    the score is a lower bound, in either language."""
    res = CliRunner().invoke(cli, ["rate", "--lang", lang, "--timeout", "60", TAREK_39])
    assert res.exit_code == 0, res.output + res.stderr
    assert res.output.startswith("9.5 ") and words in res.output


def test_the_verdict_and_the_web_reading_count_killers_with_the_engine() -> None:
    from shudu.logic.verdict import verdict
    from shudu.web.tasks import read

    puzzle, solution = _published()[3]
    found = verdict(puzzle)
    assert found.status == "unique" and found.solutions[0].to_string() == solution
    answer = read(puzzle)
    assert answer["status"] == "unique" and answer["solution"] == solution
