"""``shudu solve --trace`` (the search log) and ``shudu solve --method`` (other solvers)."""

from __future__ import annotations

import json

from click.testing import CliRunner, Result

from shudu.cli import cli
from shudu.cli.common import EXIT_NONE, SOLVE_EXIT_BAD_INPUT

HARD17 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLVED = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
TWO = "4....98.5.....8...95....3...2.4.7..97...8..3.....1..5.....4...157......4.6.8....."
SOLVED_2 = "437169825612358947958724316825437169791586432346912758289643571573291684164875293"
NONE = "12345678.........9" + "." * 63


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def test_trace_prints_the_log_summary_and_solution() -> None:
    result = run("solve", "--trace", HARD17)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[:4] == [
        "hidden single: r6c2 = 4 (the only place for 4 in column 2)",
        "hidden single: r8c3 = 3 (the only place for 3 in box 7)",
        "hidden single: r8c6 = 1 (the only place for 1 in box 8)",
        "guess r7c2 = 8 (2 candidates: 8 9, fewest of any cell), save state 1",
    ]
    assert "101 nodes, 50 guesses, max depth 8, 1 solution" in lines
    assert "one solution: the puzzle is unique" in lines
    grid = str_grid(SOLVED)
    assert lines[-len(grid) - 1:] == ["", *grid]


def str_grid(text: str) -> list[str]:
    from shudu import Grid

    return Grid(text).pretty().splitlines()


def test_trace_in_chinese_with_grids() -> None:
    result = run("solve", "--trace-grids", "--lang", "zh", "--output", "line", HARD17)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "隐性唯一：r6c2 = 4（4 在第2列中唯一的位置）"
    assert lines[3].startswith("猜测 r7c2 = 8")
    assert lines[4].startswith("  .---")
    assert lines[5] == "  | 4      1679   12679   | 139    2369    269    | 8      1239   5      |"
    assert "唯一解：题目合格" in lines and lines[-1] == SOLVED


def test_trace_no_solution_and_several() -> None:
    none = run("solve", "--trace", NONE)
    assert none.exit_code == EXIT_NONE
    assert none.stdout.splitlines() == [
        "contradiction: r1c9 has no candidate",
        "1 node, 0 guesses, max depth 0, 0 solutions",
        "no solution: r1c9 has no candidate left: the givens rule out every digit.",
    ]
    two = run("solve", "--trace", "--output", "line", TWO)
    assert two.exit_code == 0
    lines = two.stdout.splitlines()
    assert "several solutions: e.g. r1c2 is 1 in one and 3 in another" in lines
    assert lines[-3:] == [SOLVED, "", SOLVED_2]


def test_trace_json_is_data() -> None:
    result = run("solve", "--trace", "--json", TWO, NONE)
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["status"] for r in rows] == ["multiple", "none"]
    assert rows[0]["cell"] == [1, 2] and rows[0]["solutions"] == [SOLVED, SOLVED_2]
    assert rows[0]["index"] == 1 and rows[1]["index"] == 2
    assert rows[1]["events"] == [{
        "kind": "contradiction", "depth": 0, "cell": [1, 9], "digit": None, "house": None,
        "house_name": None, "candidates": [], "state": None, "grid": None,
        "text": "contradiction: r1c9 has no candidate"}]


def test_trace_on_a_variant() -> None:
    result = run("solve", "--trace", "--rules", "4", ".234341221434321")
    assert result.stdout.splitlines()[0] == "naked single: r1c1 = 1 (its only candidate)"


def test_trace_usage_errors() -> None:
    for args in (["--trace", "--count"], ["--trace", "--all"], ["--trace", "--method", "dlx"],
                 ["--method", "ga", "--count"], ["--budget", "5"]):
        result = run("solve", *args, HARD17)
        assert result.exit_code == SOLVE_EXIT_BAD_INPUT, args
        assert "Traceback" not in result.output + result.stderr
    result = run("solve", "--method", "magic", HARD17)
    assert result.exit_code == SOLVE_EXIT_BAD_INPUT and "magic" in result.stderr


def test_exact_methods_print_and_count() -> None:
    for method in ("dfs", "dlx"):
        assert run("solve", "--method", method, "--output", "line", HARD17).stdout == (
            SOLVED + "\n")
        assert run("solve", "--method", method, "--count", TWO).stdout == (
            run("solve", "--count", TWO).stdout) == "2+\n"
        assert run("solve", "--method", method, "--count", "--limit", "9", TWO).stdout == "2\n"
        assert run("solve", "--method", method, "--count", "--limit", "1", TWO).stdout == "1+\n"
        listed = run("solve", "--method", method, "--all", "--output", "line", TWO)
        assert sorted(listed.stdout.split()) == sorted([SOLVED, SOLVED_2])
        none = run("solve", "--method", method, NONE)
        assert none.exit_code == EXIT_NONE and none.stdout == "no solution\n"
        multiple = run("solve", "--method", method, "--output", "line", TWO)
        assert "not unique" in multiple.stderr


def test_method_json() -> None:
    data = json.loads(run("solve", "--method", "dlx", "--json", HARD17).stdout)
    assert data["method"] == "dlx" and data["status"] == "unique"
    assert data["solution"] == SOLVED and data["reached"] and data["nodes"] > 0
    data = json.loads(run("solve", "--method", "annealing", "--seed", "1", "--budget", "50",
                          "--json", HARD17).stdout)
    assert data["status"] == "unfinished" and data["solution"] is None
    assert data["stopped"] == "budget" and len(data["curve"]) >= 1 and data["best"] > 0


def test_stochastic_method_failure_is_reported_honestly() -> None:
    result = run("solve", "--method", "ga", "--seed", "1", "--budget", "3", HARD17)
    assert result.exit_code == EXIT_NONE
    assert result.stdout == "unsolved\n"
    assert result.stderr.startswith("shudu: ga: no solution reached (best: ")
    assert result.stderr.rstrip().endswith("stopped at its budget of 3 generations")
    ok = run("solve", "--method", "annealing", "--seed", "1", "--rules", "4",
             "--output", "line", ".234341221434321")
    assert ok.exit_code == 0 and ok.stdout == "1234341221434321\n"


def test_help_names_the_options() -> None:
    text = run("solve", "--help").stdout
    for word in ("--trace", "--trace-grids", "--lang", "--method", "--budget", "annealing"):
        assert word in text
