"""Data sets: solution columns checked against the engine, 16x16 line files on standard
input, and the rows of a table kept with their given solution."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

import shudu
from shudu.cli import cli

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "datasets" / "solutions.csv"


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def test_records_keep_the_given_solution() -> None:
    records = shudu.read_file(FIXTURE)
    assert [r.ok for r in records] == [True, True, True, True, False]
    assert str(records[0].solution) == str(shudu.solve(records[0].grid))
    assert "source=right" in records[0].extra
    assert "in column 'solutions'" in str(records[4].error)


def test_check_against_solutions_reports_the_wrong_rows() -> None:
    r = run("check", "--against-solutions", str(FIXTURE))
    lines = r.stdout.splitlines()
    assert lines[0].endswith("line 4: the given solution differs at r5c5: 1 given, "
                             "8 in the solution")
    assert lines[1].endswith("line 5: the puzzle has several solutions, so no given one is "
                             "the solution")
    assert lines[-1] == "4 rows checked, 2 with a wrong solution"
    assert "line 6" in r.stderr and r.exit_code == 3
    objs = [json.loads(x) for x in run("check", "--against-solutions", "--json",
                                        str(FIXTURE)).stdout.splitlines()]
    assert [o.get("right") for o in objs] == [True, True, False, False, None]


def test_check_against_solutions_all_right(tmp_path: Path) -> None:
    good = tmp_path / "good.csv"
    good.write_text("\n".join(FIXTURE.read_text().splitlines()[:3]) + "\n")
    r = run("check", "--against-solutions", str(good))
    assert r.exit_code == 0 and r.stdout.strip() == "2 rows checked, 0 with a wrong solution"


def test_sixteen_line_puzzles_on_standard_input() -> None:
    puzzles = [str(shudu.generate(rules=shudu.Rules(16), seed=k, score="0+").puzzle)
               for k in range(3)]
    text = "\n".join(puzzles) + "\n"
    solved = run("solve", "--rules", "16", input=text)
    assert solved.exit_code == 0, solved.stderr
    assert len(solved.stdout.split()) == 3 and all(len(x) == 256 for x in solved.stdout.split())
    checked = run("check", "--rules", "16", input=text)
    assert checked.stdout.splitlines() == [f"<stdin>, line {k}: unique" for k in (1, 2, 3)]
    zeros = run("check", "--rules", "16", input=text.replace(".", "0"))
    assert zeros.stdout == checked.stdout


EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def test_api_and_command_line_read_a_pencilmark_state_alike() -> None:
    from shudu.logic import hint
    from shudu.values.candidates import Candidates

    state = Candidates.from_grid(shudu.Grid(EASY)).to_string729()
    step = hint(state)
    assert step is not None and step.notation() == "Hidden Single: r2c2=6"
    r = run("hint", "--level", "3", state)
    assert r.stdout.strip() == step.text(3)


def test_candidate_string_of_a_sixteen_state_round_trips() -> None:
    from shudu.formats import parse_pencilmarks
    from shudu.values.candidates import Candidates

    puzzle = shudu.generate(rules=shudu.Rules(16), seed=3, score="0+").puzzle
    state = Candidates.from_grid(puzzle)
    text = state.to_string729()
    assert len(text) == 16 * 256 and set(text) <= set("123456789ABCDEFG.")
    back = Candidates.from_pencilmarks(parse_pencilmarks(text, rules=shudu.Rules(16)))
    assert back.masks() == state.masks() and back.values == state.values
