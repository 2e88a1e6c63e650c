"""The logic commands of ``shudu``: explain, hint, techniques, find.

Puzzles: EASY is solved by singles alone; MEDIUM needs locked candidates and subsets,
and with most families disabled the solver gets stuck on it (a quick way to reach the
"stuck" output); TWO has two solutions; NONE has none.  The X-Wing pencilmark state is
a case of HoDoKu's regression library (../shared/data/reglib-1.4.txt).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import shudu
from shudu.cli import cli, logic_items, technique_keys
from shudu.formats import Pencilmarks, parse_pencilmarks
from shudu.logic.registry import techniques
from shudu.values.candidates import Candidates

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
MEDIUM = "5..7..6....38...........2..62.4............917............35.8.4.....1......9...."
TWO = "4....98.5.....8...95....3...2.4.7..97...8..3.....1..5.....4...157......4.6.8....."
NONE = "12345678.........9" + "." * 63
ONLY_BASICS = [
    "--disable", "fish,chains,forcing,als,wings,colouring,single-digit patterns",
    "--disable", "subsets,uniqueness", "--disable", "tridagon,exocet,sk-loop,msls",
]


def run(*args: str, input: str | None = None) -> Result:
    """Run ``shudu ARGS`` in-process (stdout and stderr kept apart)."""
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def one_error_line(result: Result) -> str:
    """Exactly one ``shudu: error:`` line on stderr and no traceback."""
    assert result.exit_code != 0
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("shudu: error: "), lines[0]
    assert "Traceback" not in result.output + result.stderr
    return lines[0]


def triples_agree(triples: list[list[int]], solution: str, placed: bool) -> bool:
    """Every ``[row, col, digit]`` is (placed) or is not (eliminated) the solution digit."""
    return all((solution[(r - 1) * 9 + c - 1] == str(d)) == placed for r, c, d in triples)


@pytest.fixture(scope="module")
def x_wing_case() -> tuple[str, set[tuple[int, int, int]]]:
    """A reglib X-Wing state as a 729 string, and its eliminations as 1-based triples."""
    import reglib
    from conftest import shared_file

    shared_file("reglib-1.4.txt")
    case = next(c for c in reglib.load() if c.code == "0300" and not c.variant)
    state = case.state()
    text = Pencilmarks(state.rules, tuple(state.masks())).to_string729()
    want = {(cell // 9 + 1, cell % 9 + 1, d) for cell, d in case.eliminations}
    return text, want


# ---------------------------------------------------------------------- puzzles used
def test_puzzles_have_the_answers_the_tests_expect() -> None:
    assert shudu.count(EASY) == 1 and shudu.count(MEDIUM) == 1
    assert shudu.count(TWO) == 2 and shudu.count(NONE) == 0


@pytest.mark.parametrize("command", ["explain", "hint", "techniques", "find"])
def test_help_shows_examples(command: str) -> None:
    result = run(command, "--help")
    assert result.exit_code == 0
    assert "Examples:" in result.output and f"shudu {command}" in result.output


def test_group_help_lists_the_logic_commands() -> None:
    text = run("--help").output
    for command in ("explain", "hint", "techniques", "find"):
        assert command in text


# ---------------------------------------------------------------------- explain
def test_explain_numbers_every_step_and_says_solved() -> None:
    result = run("explain", EASY)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines.pop().startswith("Rating: 1.2 beginner")
    steps = lines[:-1]
    assert len(steps) == EASY.count(".")  # singles only: one placement per step
    for k, line in enumerate(steps, 1):
        assert re.match(rf"^ *{k}\. ([A-Z]|r\dc\d )", line), line  # a cell name may lead
        assert line.rstrip().endswith(".")
    assert lines[-1].startswith(f"Solved by logic in {len(steps)} steps")


def test_explain_in_chinese_and_levels_and_notation() -> None:
    zh = run("explain", "--lang", "zh", EASY).stdout.splitlines()
    assert all(re.search("[\u4e00-\u9fff]", line) for line in zh)
    assert zh[-2].startswith("逻辑解出") and zh[-1].startswith("难度评分：1.2")
    # the explained path's full houses weigh 1.0, as in the rating: no note that they differ
    assert "Sudoku Explainer 标准" in zh[-1] and "。评分" not in zh[-1]
    level1 = run("explain", "--level", "1", EASY).stdout.splitlines()[:-2]
    assert all(re.match(r"^ *\d+\. Look for an? [A-Z]", line) for line in level1)
    level2 = run("explain", "--level", "2", EASY).stdout.splitlines()[:-2]
    assert all(re.match(r"^ *\d+\. Look at ", line) for line in level2)
    notes = run("explain", "--notation", "--no-rating", EASY).stdout.splitlines()[:-1]
    assert all(re.match(r"^ *\d+\. [A-Za-z ]+: .*r\dc\d=\d$", line) for line in notes)


def test_explain_json_steps_are_triples_that_agree_with_the_solution() -> None:
    result = run("explain", "--json", MEDIUM)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    solution = str(shudu.solve(MEDIUM))
    assert data["status"] == "solved" and data["solution"] == solution
    assert data["unique"] is True and data["uniqueness"] is True
    assert len({s["technique"] for s in data["steps"]}) > 3
    for k, step in enumerate(data["steps"], 1):
        assert step["step"] == k
        assert {"technique", "placements", "eliminations", "notation", "text"} <= set(step)
        assert step["placements"] or step["eliminations"]
        assert triples_agree(step["placements"], solution, placed=True)
        assert triples_agree(step["eliminations"], solution, placed=False)
        assert set(step["text"]) == {"en"} and set(step["text"]["en"]) == {"1", "2", "3"}


def test_explain_stuck_shows_the_candidates_and_exits_1() -> None:
    result = run("explain", *ONLY_BASICS, MEDIUM)
    assert result.exit_code == 1
    out = result.stdout
    assert "Stuck after" in out and "does not guess" in out
    grid = out[out.index("Candidates now:") + len("Candidates now:"):].strip()
    data = json.loads(run("explain", "--json", *ONLY_BASICS, MEDIUM).stdout)
    assert data["status"] == "stuck" and "solution" not in data
    assert parse_pencilmarks(grid).to_string729() == data["final"]
    assert "Stuck" not in run("explain", MEDIUM).stdout  # all techniques: solved


def test_explain_disable_takes_names_codes_and_families() -> None:
    data = json.loads(run("explain", "--json", "--disable", "hidden single", "--disable",
                          "0000", EASY).stdout)
    used = {s["technique"] for s in data["steps"]}
    assert "hidden-single" not in used and "full-house" not in used
    assert technique_keys(["singles"]) == {"full-house", "hidden-single", "naked-single"}


def test_explain_unknown_technique_is_one_line_naming_the_list() -> None:
    result = run("explain", "--disable", "x-wong", EASY)
    line = one_error_line(result)
    assert result.exit_code == 2
    assert "'x-wong'" in line and "shudu techniques" in line


def test_explain_uniqueness_flag() -> None:
    unique = json.loads(run("explain", "--json", *ONLY_BASICS, MEDIUM).stdout)
    assert unique["unique"] is True and unique["uniqueness"] is True
    off = json.loads(run("explain", "--json", "--no-uniqueness", *ONLY_BASICS, MEDIUM).stdout)
    assert off["uniqueness"] is False
    refused = run("explain", "--json", *ONLY_BASICS, TWO)
    data = json.loads(refused.stdout)
    assert data["status"] == "multiple" and refused.exit_code == 1
    assert len(data["solutions"]) == 2 and data["differ"].startswith("r")
    two = run("explain", "--json", "--anyway", *ONLY_BASICS, TWO)
    data = json.loads(two.stdout)
    assert data["unique"] is False and data["uniqueness"] is False
    assert "not unique" in two.stderr and "uniqueness techniques stay off" in two.stderr
    forced = run("explain", "--json", "--anyway", "--uniqueness", *ONLY_BASICS, TWO)
    assert json.loads(forced.stdout)["uniqueness"] is True
    assert "may be wrong" in forced.stderr


def test_explain_no_solution() -> None:
    result = run("explain", NONE)
    assert result.exit_code == 1
    assert result.stdout.strip().startswith("no solution")
    assert json.loads(run("explain", "--json", NONE).stdout)["status"] == "none"


def test_explain_bad_input_is_one_line_no_traceback() -> None:
    result = run("explain", EASY[:-1] + "Q")
    assert result.exit_code == 2
    one_error_line(result)
    missing = run("explain", "missing.txt")
    assert "no such file" in one_error_line(missing)


def test_explain_many_puzzles_from_stdin_and_files(tmp_path: Path) -> None:
    result = run("explain", "--notation", input=f"{EASY}\nnot a puzzle\n{EASY}\n")
    assert result.exit_code == 2
    assert result.stdout.count("Puzzle ") == 2
    assert "Puzzle 1 (<stdin>, line 1):" in result.stdout
    assert "Puzzle 3 (<stdin>, line 3):" in result.stdout
    assert "<stdin>, line 2" in one_error_line(result)
    path = tmp_path / "two.txt"
    path.write_text(f"{EASY}\n{EASY}\n")
    lines = run("explain", "--json", str(path)).stdout.splitlines()
    assert [json.loads(x)["line"] for x in lines] == [1, 2]


def test_explain_starts_from_a_pencilmark_grid(tmp_path: Path) -> None:
    state = next(logic_items([EASY])).cands
    path = tmp_path / "state.pm"
    path.write_text(Pencilmarks(state.rules, tuple(state.masks())).format())
    from_pm = json.loads(run("explain", "--json", str(path)).stdout)
    from_text = json.loads(run("explain", "--json", EASY).stdout)
    assert from_pm["status"] == "solved" and "candidates" in from_pm
    assert [s["notation"] for s in from_pm["steps"]] == [
        s["notation"] for s in from_text["steps"]
    ]


def test_pencilmark_state_keeps_givens_placed_and_naked_singles_open() -> None:
    state = Candidates.from_pencilmarks(parse_pencilmarks("1........" + ".23456789" * 80))
    assert state.values[0] == 1 and state.unsolved_count == 80
    open_single = Candidates.from_pencilmarks(parse_pencilmarks("1........" + "123456789" * 80))
    assert open_single.values[0] == 0 and open_single.has(0, 1)


# ---------------------------------------------------------------------- hint
def test_hint_levels() -> None:
    assert run("hint", EASY).stdout.strip() == "Look for a Hidden Single."
    level2 = run("hint", "--level", "2", EASY).stdout.strip()
    assert level2.startswith("Look at digit ")
    level3 = run("hint", "--level", "3", "--lang", "zh", EASY).stdout.strip()
    assert re.search(r"r\dc\d = \d", level3) and level3.endswith("。")


def test_hint_json_gives_away_no_more_than_its_level() -> None:
    one = json.loads(run("hint", "--json", EASY).stdout)
    assert one["status"] == "hint"
    assert set(one["hint"]) == {"technique", "name", "level", "text"}
    three = json.loads(run("hint", "--json", "--level", "3", EASY).stdout)["hint"]
    solution = str(shudu.solve(EASY))
    assert three["placements"] and triples_agree(three["placements"], solution, placed=True)
    assert three["text"].endswith(".")


def test_hint_solved_stuck_and_none() -> None:
    solved = run("hint", str(shudu.solve(EASY)))
    assert solved.exit_code == 0 and solved.stdout.strip() == "Already solved."
    state = json.loads(run("explain", "--json", *ONLY_BASICS, MEDIUM).stdout)["final"]
    stuck = run("hint", *ONLY_BASICS, state)
    assert stuck.exit_code == 1
    assert stuck.stdout.startswith("No logical step found")
    assert run("hint", "--json", *ONLY_BASICS, state).stdout.count('"status": "stuck"') == 1
    assert run("hint", NONE).exit_code == 1


# ---------------------------------------------------------------------- techniques
def test_techniques_lists_every_registered_technique() -> None:
    result = run("techniques")
    assert result.exit_code == 0
    body = result.stdout
    for t in techniques():
        line = next(x for x in body.splitlines() if f"  {t.key}  " in x)
        assert line.startswith(t.code) and t.name in line and line.rstrip().endswith(t.name_zh)
    assert f"{len(techniques())} techniques" in body


def test_techniques_json() -> None:
    rows = [json.loads(x) for x in run("techniques", "--json").stdout.splitlines()]
    assert [r["key"] for r in rows] == [t.key for t in techniques()]
    first = rows[0]
    assert set(first) >= {"key", "name", "name_zh", "code", "family", "difficulty", "uniqueness"}
    assert any(r["uniqueness"] for r in rows) == any(t.uniqueness for t in techniques())


# ---------------------------------------------------------------------- find
def test_find_x_wing_in_a_729_string_and_a_pm_file(
    x_wing_case: tuple[str, set[tuple[int, int, int]]], tmp_path: Path
) -> None:
    text, want = x_wing_case
    data = json.loads(run("find", "--technique", "x-wing", "--json", text).stdout)
    assert data["technique"] == "x-wing" and data["count"] >= 1
    found = [{tuple(t) for t in s["eliminations"]} for s in data["steps"]]
    assert want in found
    pm = tmp_path / "state.pm"
    pm.write_text(parse_pencilmarks(text).format())
    result = run("find", "--technique", "0300", str(pm))
    assert result.exit_code == 0
    assert result.stdout.lstrip().startswith("1. X-Wing:")


def test_find_none_and_unknown_technique() -> None:
    solved = str(shudu.solve(EASY))
    none = run("find", "--technique", "x-wing", solved)
    assert none.exit_code == 1 and none.stdout.strip() == "No X-Wing here."
    assert run("find", "--technique", "x-wing", "--lang", "zh", solved).stdout.strip() == (
        "这里没有X翼。"
    )
    bad = run("find", "--technique", "x-wong", EASY)
    assert bad.exit_code == 2 and "shudu techniques" in one_error_line(bad)
    missing = run("find", EASY)
    assert "--technique" in one_error_line(missing)


def test_find_lists_every_hidden_single() -> None:
    result = run("find", "--technique", "hidden single", EASY)
    from shudu.logic import find_all

    want = find_all(EASY, "hidden-single")
    notes = [x for x in result.stdout.splitlines() if re.match(r"^ *\d+\. ", x)]
    assert [re.sub(r"^ *\d+\. ", "", x) for x in notes] == [s.notation() for s in want]


def test_disable_takes_us_spelling_and_aliases() -> None:
    from click.testing import CliRunner

    keys = technique_keys(["coloring", "y-wing"])
    assert {"xy-wing", "simple-colors-trap", "3d-medusa"} <= keys
    easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    r = CliRunner().invoke(cli, ["hint", "--disable", "coloring", easy])
    assert r.exit_code == 0 and "unknown technique" not in r.output


def test_logic_commands_read_a_file_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shudu.formats

    path = tmp_path / "two.sdm"
    path.write_text(f"{EASY}\n{EASY}\n")

    def no_second_read(*args: object, **kwargs: object) -> None:
        raise AssertionError("the file was read a second time")

    monkeypatch.setattr(shudu.formats, "read_file", no_second_read)
    result = run("hint", str(path))
    assert result.exit_code == 0 and result.stdout.count("Look for a Hidden Single.") == 2
