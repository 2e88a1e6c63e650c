"""The ``shudu`` command line: output, exit codes, errors, stdin and files.

Everything runs the real engine; the puzzles have known answers (HARD17 is unique,
TWO has exactly the solutions SOLVED and SOLVED_2, NONE has none).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import shudu
from shudu import Grid, Rules, UnsupportedRules
from shudu.cli import cli, main

FIXTURES = Path(__file__).parents[1] / "fixtures" / "cli"

HARD17 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLVED = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
TWO = "4....98.5.....8...95....3...2.4.7..97...8..3.....1..5.....4...157......4.6.8....."
SOLVED_2 = "437169825612358947958724316825437169791586432346912758289643571573291684164875293"
NONE = "12345678.........9" + "." * 63
BAD_CHAR = HARD17[:13] + "Q" + HARD17[14:]
CONFLICT = "11" + HARD17[2:]

JSON_KEYS = {"index", "line", "puzzle", "status", "solution", "count", "guesses", "nodes"}


def run(*args: str, input: str | None = None) -> Result:
    """Run ``shudu ARGS`` in-process (stdout and stderr kept apart)."""
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def fixture(name: str) -> str:
    return str(FIXTURES / name)


def assert_one_error_line(result: Result) -> str:
    """Exactly one readable ``shudu: error:`` line on stderr, no traceback, exit non-zero."""
    assert result.exit_code != 0
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("shudu: error: "), lines[0]
    assert "Traceback" not in result.output + result.stderr
    return lines[0]


# ---------------------------------------------------------------------- puzzles used
def test_fixture_puzzles_have_the_answers_the_tests_expect() -> None:
    assert shudu.search(HARD17).status == "unique"
    assert str(shudu.solve(HARD17)) == SOLVED
    assert {str(g) for g in shudu.solutions(TWO)} == {SOLVED, SOLVED_2}
    assert shudu.count(NONE) == 0


# ---------------------------------------------------------------------- help, version
@pytest.mark.parametrize("args", [["--help"], ["solve", "--help"], ["check", "--help"], ["-h"]])
def test_help_shows_examples(args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 0
    assert "Examples:" in result.output
    assert "shudu " in result.output


def test_check_help_documents_exit_codes() -> None:
    text = run("check", "--help").output
    assert "0 unique, 1 no solution, 2 several solutions, 3 bad input" in text
    assert "3 > 2 > 1 > 0" in text


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert result.output.strip() == f"shudu {shudu.__version__}"


def test_no_command_shows_help() -> None:
    result = run()
    assert "Commands:" in result.output + result.stderr
    assert "solve" in result.output + result.stderr


# ---------------------------------------------------------------------- solve
def test_solve_one_puzzle_prints_a_grid() -> None:
    result = run("solve", HARD17)
    assert result.exit_code == 0
    assert result.stdout.strip() == Grid(SOLVED).pretty().strip()
    assert result.stderr == ""


def test_solve_output_line() -> None:
    result = run("solve", "--output", "line", HARD17)
    assert result.exit_code == 0
    assert result.stdout == SOLVED + "\n"


def test_solve_several_arguments_prints_lines() -> None:
    result = run("solve", HARD17, HARD17)
    assert result.exit_code == 0
    assert result.stdout == f"{SOLVED}\n{SOLVED}\n"


def test_solve_several_arguments_as_grids() -> None:
    result = run("solve", "--output", "grid", HARD17, HARD17)
    blocks = result.stdout.strip().split("\n\n")
    assert blocks == [Grid(SOLVED).pretty().strip()] * 2


def test_solve_not_unique_prints_first_and_warns() -> None:
    result = run("solve", "--output", "line", TWO)
    assert result.exit_code == 0
    assert result.stdout.strip() in {SOLVED, SOLVED_2}
    assert "not unique" in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_solve_no_solution() -> None:
    result = run("solve", NONE)
    assert result.exit_code == 1
    assert result.stdout == "no solution\n"


def test_solve_all_lists_both_solutions() -> None:
    result = run("solve", "--all", "--output", "line", TWO)
    assert result.exit_code == 0
    lines = result.stdout.split()
    assert sorted(lines) == sorted([SOLVED, SOLVED_2])


def test_solve_all_grids_are_separated_by_blank_lines() -> None:
    result = run("solve", "--all", TWO)
    blocks = result.stdout.strip().split("\n\n")
    assert sorted(blocks) == sorted(
        [Grid(SOLVED).pretty().strip(), Grid(SOLVED_2).pretty().strip()]
    )


def test_solve_all_respects_limit() -> None:
    result = run("solve", "--all", "--limit", "1", "--output", "line", TWO)
    assert result.exit_code == 0
    assert len(result.stdout.split()) == 1


def test_solve_all_json_has_every_solution() -> None:
    result = run("solve", "--all", "--json", TWO)
    data = json.loads(result.stdout)
    assert JSON_KEYS <= set(data)
    assert data["status"] == "multiple"
    assert data["count"] == 2
    assert sorted(data["solutions"]) == sorted([SOLVED, SOLVED_2])


def test_solve_all_json_limit_still_says_multiple() -> None:
    data = json.loads(run("solve", "--all", "--json", "--limit", "1", TWO).stdout)
    assert (data["count"], data["status"], len(data["solutions"])) == (1, "multiple", 1)


def test_solve_all_unique_and_none() -> None:
    assert run("solve", "--all", "--output", "line", HARD17).stdout == SOLVED + "\n"
    result = run("solve", "--all", NONE)
    assert (result.exit_code, result.stdout) == (1, "no solution\n")


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ([HARD17], "1"),
        ([TWO], "2+"),
        (["--limit", "5", TWO], "2"),
        ([NONE], "0"),
        (["--rules", "4", "--limit", "1000", "." * 16], "288"),
        (["--rules", "4", "--limit", "100", "." * 16], "100+"),
    ],
)
def test_solve_count(args: list[str], expected: str) -> None:
    result = run("solve", "--count", *args)
    assert result.exit_code == 0
    assert result.stdout.strip() == expected


def test_solve_json_shape() -> None:
    result = run("solve", "--json", HARD17)
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert JSON_KEYS <= set(data)
    assert data["index"] == 1
    assert data["puzzle"] == HARD17
    assert data["solution"] == SOLVED
    assert (data["status"], data["count"]) == ("unique", 1)
    assert isinstance(data["guesses"], int) and isinstance(data["nodes"], int)
    assert data["nodes"] >= 1


def test_solve_json_file_one_object_per_puzzle() -> None:
    result = run("solve", "--json", fixture("mixed.txt"))
    assert result.exit_code == 2
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["index"] for r in rows] == [1, 2, 3, 4, 5]
    assert [r["line"] for r in rows] == [1, 2, 3, 4, 5]
    assert [r.get("status") for r in rows] == ["unique", "multiple", "error", "none", "unique"]
    assert set(rows[2]) >= {"error"} and "line 3" in rows[2]["error"]
    assert rows[3]["solution"] is None and rows[3]["count"] == 0
    assert rows[1]["solution"] in {SOLVED, SOLVED_2}
    assert all(JSON_KEYS <= set(r) for r in rows if "error" not in r)
    # the bad line is also reported once on stderr
    assert len(result.stderr.splitlines()) == 1


def test_solve_file_with_bad_line_in_the_middle() -> None:
    result = run("solve", fixture("mixed.txt"))
    assert result.exit_code == 2
    lines = result.stdout.splitlines()
    assert lines[0] == SOLVED
    assert lines[1] in {SOLVED, SOLVED_2}
    assert lines[2:] == ["no solution", SOLVED]
    errors = [e for e in result.stderr.splitlines() if "error" in e]
    assert len(errors) == 1
    assert "mixed.txt" in errors[0] and "line 3" in errors[0] and "'Q'" in errors[0]
    assert "line 2" in result.stderr and "not unique" in result.stderr


def test_solve_file_of_one_grid_prints_a_grid() -> None:
    result = run("solve", fixture("unique_grid.txt"))
    assert result.exit_code == 0
    assert result.stdout.strip() == Grid(SOLVED).pretty().strip()


def test_solve_stdin_many_lines() -> None:
    result = run("solve", input=f"{HARD17}\n{NONE}\n{HARD17}\n")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [SOLVED, "no solution", SOLVED]


def test_solve_stdin_dash_and_bad_line() -> None:
    result = run("solve", "-", input=f"{HARD17}\n{BAD_CHAR}\n{HARD17}\n")
    assert result.exit_code == 2
    assert result.stdout.splitlines() == [SOLVED, SOLVED]
    line = assert_one_error_line(result)
    assert "line 2" in line and "column 14" in line


def test_solve_stdin_one_grid() -> None:
    text = (FIXTURES / "unique_grid.txt").read_text()
    result = run("solve", input=text)
    assert result.exit_code == 0
    assert result.stdout.strip() == Grid(SOLVED).pretty().strip()


def test_solve_mixes_files_arguments_and_stdin() -> None:
    result = run("solve", fixture("unique.txt"), HARD17, "-", input=HARD17 + "\n")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [SOLVED] * 3


def test_solve_threads_gives_the_same_output() -> None:
    one = run("solve", "--json", fixture("mixed.txt"))
    four = run("solve", "--json", "--threads", "4", fixture("mixed.txt"))
    assert four.exit_code == one.exit_code == 2

    def strip(text: str) -> list[dict[str, object]]:
        rows = [json.loads(line) for line in text.splitlines()]
        for r in rows:
            r.pop("nodes", None)
            r.pop("guesses", None)
        return rows

    assert strip(four.stdout) == strip(one.stdout)
    assert (
        run("solve", "--threads", "3", fixture("mixed.txt")).stdout
        == run("solve", fixture("mixed.txt")).stdout
    )


def test_solve_threads_on_variant_rules() -> None:
    rows = "\n".join(["1234" + "." * 12] * 5) + "\n"
    one = run("solve", "--rules", "4", "--format", "line", "--output", "line", input=rows)
    two = run(
        "solve",
        "--rules",
        "4",
        "--format",
        "line",
        "--output",
        "line",
        "--threads",
        "2",
        input=rows,
    )
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout
    assert len(one.stdout.splitlines()) == 5


def test_solve_variant_rules() -> None:
    result = run("solve", "--rules", "4+x", "--output", "line", "." * 16)
    assert result.exit_code == 0
    grid = Grid(result.stdout.strip(), rules=Rules.from_spec("4+x"))
    assert grid.is_complete and not grid.conflicts()


def test_solve_anti_knight_rules() -> None:
    rules = Rules.from_spec("x+anti-knight")
    result = run("solve", "--rules", "x+anti-knight", "--output", "line", "1" + "." * 80)
    assert result.exit_code == 0
    grid = Grid(result.stdout.strip(), rules=rules)
    assert grid.is_complete and not grid.conflicts() and grid[0] == 1


def test_solve_seed_is_reproducible() -> None:
    args = ["solve", "--output", "line", "--seed", "7", "." * 81]
    first, again = run(*args), run(*args)
    assert first.stdout == again.stdout
    assert Grid(first.stdout.strip()).is_complete
    other = run("solve", "--output", "line", "--seed", "8", "." * 81)
    assert other.stdout != first.stdout


def test_solve_progress_bar_only_when_asked() -> None:
    shown = run("solve", "--progress", fixture("good.txt"))
    assert "puzzle" in shown.stderr  # the bar's unit
    hidden = run("solve", "--no-progress", "--count", fixture("good.txt"))
    assert hidden.stderr == ""
    default = run("solve", "--count", fixture("good.txt"))  # stderr is not a terminal
    assert default.stderr == ""
    assert shown.stdout.splitlines()[0] == SOLVED


# ---------------------------------------------------------------------- check
@pytest.mark.parametrize(
    ("puzzle", "code", "text"),
    [
        (HARD17, 0, "unique"),
        (NONE, 1, "no solution"),
        (TWO, 2, "multiple solutions"),
    ],
)
def test_check_exit_codes(puzzle: str, code: int, text: str) -> None:
    result = run("check", puzzle)
    assert result.exit_code == code
    assert result.stdout == text + "\n"


@pytest.mark.parametrize("puzzle", [BAD_CHAR, CONFLICT, "123", "nothere.txt"])
def test_check_bad_input_exits_3(puzzle: str) -> None:
    result = run("check", puzzle)
    assert result.exit_code == 3
    assert_one_error_line(result)
    assert result.stdout == ""


@pytest.mark.parametrize(
    "args", [["--format", "nope", HARD17], ["--rules", "nope", HARD17], ["--bogus", HARD17]]
)
def test_check_usage_errors_exit_3(args: list[str]) -> None:
    result = run("check", *args)
    assert result.exit_code == 3
    assert_one_error_line(result)


def test_check_file_prints_one_line_per_puzzle_and_the_worst_code() -> None:
    result = run("check", fixture("mixed.txt"))
    assert result.exit_code == 3
    name = fixture("mixed.txt")
    assert result.stdout.splitlines() == [
        f"{name}, line 1: unique",
        f"{name}, line 2: multiple solutions",
        f"{name}, line 4: no solution",
        f"{name}, line 5: unique",
    ]
    line = assert_one_error_line(result)
    assert "line 3" in line


@pytest.mark.parametrize(
    ("name", "code"), [("good.txt", 2), ("unique.txt", 0), ("none.txt", 1), ("two.txt", 2)]
)
def test_check_file_exit_codes(name: str, code: int) -> None:
    assert run("check", fixture(name)).exit_code == code


def test_check_stdin() -> None:
    result = run("check", input=f"{HARD17}\n{NONE}\n")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == ["<stdin>, line 1: unique", "<stdin>, line 2: no solution"]


def test_check_variant_rules() -> None:
    assert run("check", "--rules", "4", "1234341221434321").exit_code == 0
    assert run("check", "--rules", "4", "." * 16).exit_code == 2


# ---------------------------------------------------------------------- errors
@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["solve", "--format", "nope", HARD17], "--format"),
        (["solve", "--rules", "nope", HARD17], "--rules"),
        (["solve", "--rules", "jigsaw=12", HARD17], "--rules"),
        (["solve", "--bogus"], "--bogus"),
        (["solve", "--threads", "0", HARD17], "--threads"),
        (["solve", "--limit", "3", HARD17], "--limit"),
        (["solve", "--count", "--all", HARD17], "--count"),
        (["slove", HARD17], "slove"),
        (["solve", BAD_CHAR], "column 14"),
        (["solve", "123"], "cells"),
        (["solve", CONFLICT], "appears twice"),
        (["solve", "nothere.txt"], "nothere.txt"),
        (["solve", "--format", "json", HARD17], ""),
    ],
)
def test_bad_input_is_one_line(args: list[str], needle: str) -> None:
    result = run(*args)
    line = assert_one_error_line(result)
    assert needle in line


def test_usage_error_exit_code_is_2_for_solve() -> None:
    assert run("solve", "--format", "nope", HARD17).exit_code == 2


def test_directory_is_reported(tmp_path: Path) -> None:
    result = run("solve", str(tmp_path))
    line = assert_one_error_line(result)
    assert str(tmp_path) in line


def test_binary_file_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "noise.bin"
    path.write_bytes(bytes(range(256)) * 4)
    result = run("solve", str(path))
    line = assert_one_error_line(result)
    assert "noise.bin" in line


def test_unreadable_file_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "locked.txt"
    path.write_text(HARD17 + "\n")

    def denied(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr("shudu.formats.read_file", denied)
    result = run("solve", str(path))
    line = assert_one_error_line(result)
    assert "locked.txt" in line and "permission denied" in line


def test_engine_error_is_reported_and_the_rest_go_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import shudu.solving.engine

    real = shudu.solving.engine.search

    def picky(puzzle: Grid, *args: object, **kwargs: object) -> object:
        if str(puzzle) == NONE:
            raise UnsupportedRules("this engine refuses that puzzle")
        return real(puzzle, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(shudu.solving.engine, "search", picky)
    result = run("solve", input=f"{NONE}\n{HARD17}\n")
    assert result.exit_code == 2
    assert result.stdout.splitlines() == [SOLVED]
    line = assert_one_error_line(result)
    assert "line 1" in line and "refuses" in line


def test_keyboard_interrupt_is_quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    import shudu.solving.engine

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(shudu.solving.engine, "search", interrupted)
    result = CliRunner().invoke(cli, ["solve", HARD17])
    assert result.exit_code == 130
    assert "Traceback" not in result.stderr
    assert not isinstance(result.exception, KeyboardInterrupt)


def test_main_exits_with_the_command_code(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["check", TWO])
    assert info.value.code == 2
    assert capsys.readouterr().out == "multiple solutions\n"


# ---------------------------------------------------------------------- a real process
def _env() -> dict[str, str]:
    src = str(Path(shudu.__file__).resolve().parents[1])
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (src, env.get("PYTHONPATH")) if p)
    return env


def test_python_dash_m_shudu() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "shudu", "solve", "--output", "line", fixture("mixed.txt")],
        capture_output=True,
        text=True,
        env=_env(),
        timeout=60,
    )
    assert proc.returncode == 2
    assert proc.stdout.splitlines()[0] == SOLVED
    assert "Traceback" not in proc.stderr
    assert "line 3" in proc.stderr

    check = subprocess.run(
        [sys.executable, "-m", "shudu", "check", "-"],
        input=TWO + "\n",
        capture_output=True,
        text=True,
        env=_env(),
        timeout=60,
    )
    assert (check.returncode, check.stdout) == (2, "multiple solutions\n")


def test_broken_pipe_is_quiet(tmp_path: Path) -> None:
    path = tmp_path / "many.txt"
    path.write_text((HARD17 + "\n") * 3000)
    proc = subprocess.Popen(
        [sys.executable, "-m", "shudu", "solve", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_env(),
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert first.decode().strip() == SOLVED
    assert "Traceback" not in err and "BrokenPipe" not in err and "Exception" not in err


@pytest.mark.parametrize("command", ["solve", "check"])
def test_empty_input_is_an_error(command: str, tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    for result in (run(command, input=""), run(command, str(empty))):
        line = assert_one_error_line(result)
        assert "no puzzle" in line
    assert run("check", str(empty)).exit_code == 3
