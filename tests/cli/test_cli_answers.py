"""The command line answers every question once and clearly: capped error lines, the
right reason from worker processes, JSON for every outcome."""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from shudu.cli import cli
from shudu.errors import InvalidPuzzle, NotUnique, ParseError

UNIQUE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
NO_SOLUTION = "12345678." + "........9" + "." * 63   # r1c9 has no candidate left


def run(*args: str, input: str | None = None) -> Result:
    """Run ``shudu ARGS`` in-process (stdout and stderr kept apart)."""
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def _junk(tmp_path: Path, lines: int) -> Path:
    rng = random.Random(1)
    f = tmp_path / "junk.txt"
    f.write_text("\n".join("".join(rng.choice("abcxyz123456789.#;")
                                    for _ in range(rng.randint(20, 100)))
                           for _ in range(lines)) + "\n")
    return f


def test_repeated_errors_are_capped_and_counted(tmp_path: Path) -> None:
    f = _junk(tmp_path, 500)
    every = run("solve", "--max-errors", "0", str(f))
    assert every.exit_code == 2
    total = len(every.stderr.splitlines())
    assert total > 100
    r = run("solve", str(f))
    assert r.exit_code == 2
    lines = r.stderr.splitlines()
    assert lines[:20] == every.stderr.splitlines()[:20]
    assert len(lines) == 21
    assert lines[-1] == (f"shudu: error: {total - 20} more errors not shown ({total} in all; "
                         "--max-errors 0 shows every one)")
    few = run("check", "--max-errors", "3", str(f))
    assert len(few.stderr.splitlines()) == 4 and few.exit_code == 3


@pytest.mark.parametrize("error", [
    NotUnique(0), NotUnique(2), ParseError("expected a digit", line=3, column=2, found="Q"),
    InvalidPuzzle("r1c1", "r1c2", digit=1, house="row 1", cells=(0, 1)),
])
def test_errors_survive_pickling(error: Exception) -> None:
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is type(error) and str(back) == str(error)
    assert vars(back) == vars(error)


def test_rate_on_processes_gives_the_reason_of_one_process(tmp_path: Path) -> None:
    f = tmp_path / "none.sdm"
    f.write_text(f"{NO_SOLUTION}\n{NO_SOLUTION}\n")
    for jobs in ("1", "2"):
        r = run("rate", "--jobs", jobs, str(f))
        assert r.exit_code == 1
        assert r.stderr.count("the puzzle has no solution") == 2, (jobs, r.stderr)
        assert "more than one" not in r.stderr


def test_rate_json_reports_unreadable_lines_as_objects(tmp_path: Path) -> None:
    f = tmp_path / "mixed.sdm"
    f.write_text(f"{UNIQUE}\nnot a puzzle\n")
    r = run("rate", "--json", "--jobs", "1", str(f))
    objs = [json.loads(x) for x in r.stdout.splitlines()]
    assert [o["line"] for o in objs] == [1, 2]
    assert "score" in objs[0] and "error" in objs[1] and "line 2" in objs[1]["error"]
    assert r.exit_code == 2


def test_rate_table_streams_in_fixed_columns(tmp_path: Path) -> None:
    f = tmp_path / "two.sdm"
    f.write_text(f"{UNIQUE}\n{UNIQUE}\n")
    lines = run("rate", "--jobs", "1", str(f)).stdout.splitlines()
    assert lines[0].split()[:4] == ["where", "score", "grade", "hardest"]
    assert len(lines) == 3
    assert lines[1].index("line 1") == lines[2].index("line 2")


def test_check_json_every_outcome(tmp_path: Path) -> None:
    r = run("check", "--json", UNIQUE, NO_SOLUTION, "." * 81, "12345")
    objs = [json.loads(x) for x in r.stdout.splitlines()]
    assert [o.get("status") for o in objs] == ["unique", "none", "multiple", "error"]
    assert objs[0]["solution"].startswith("417369825")
    assert objs[1]["solution"] is None and objs[1]["unique"] is False
    two = objs[2]["solutions"]
    assert len(two) == 2 and two[0] != two[1]
    differ = objs[2]["differ"]
    row, col = (int(x) for x in differ[1:].split("c"))
    k = (row - 1) * 9 + col - 1
    assert two[0][k] != two[1][k] and two[0][:k] == two[1][:k]
    assert "error" in objs[3] and r.exit_code == 3
    assert set(objs[0]) == set(objs[2])   # the same keys for every checked puzzle


@pytest.mark.parametrize("fmt", ["line", "grid", "sdk", "ss", "json", "csv", "pencilmarks",
                                 "729"])
def test_solve_output_writes_every_format_and_reads_back(fmt: str, tmp_path: Path) -> None:
    r = run("solve", "--output", fmt, UNIQUE)
    assert r.exit_code == 0, r.stderr
    out = tmp_path / f"solution.{fmt}"
    out.write_text(r.stdout)
    solution = run("solve", "--output", "line", UNIQUE).stdout.strip()
    back = run("solve", "--output", "line", "--format", fmt if fmt != "csv" else "csv", str(out))
    assert back.exit_code == 0, back.stderr
    assert back.stdout.strip() == solution


def test_solve_output_csv_pairs_puzzle_and_solution() -> None:
    r = run("solve", "--output", "csv", UNIQUE, NO_SOLUTION)
    lines = r.stdout.splitlines()
    assert lines[0] == "puzzle,solution"
    assert lines[1].split(",")[0] == UNIQUE and lines[1].split(",")[1].startswith("417369825")
    assert lines[2] == NO_SOLUTION + ","
    assert r.exit_code == 1


@pytest.mark.parametrize("fmt", ["line", "sdk", "json", "csv", "729"])
def test_convert_writes_givens(fmt: str, tmp_path: Path) -> None:
    r = run("convert", "--to", fmt, UNIQUE)
    assert r.exit_code == 0, r.stderr
    out = tmp_path / f"p.{fmt}"
    out.write_text(r.stdout)
    back = run("convert", "--to", "line", "--format", fmt, str(out))
    assert back.stdout.strip() == UNIQUE, back.stderr


def test_puzzle_text_argument_shows_its_own_reading_error() -> None:
    slashed = "4.....8.5/.3......./...7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    r = run("solve", slashed)
    assert r.exit_code == 2
    assert "no such file" not in r.stderr and "expected" in r.stderr
    assert "no such file" in run("solve", "puzzle.sdk").stderr


SIXTEEN_CLUES = "000000010400000000020000000000050407008000300001090000300400200050100000000800000"
EMPTY = "." * 81


@pytest.mark.parametrize("command", ["explain", "hint"])
def test_several_solutions_are_answered_at_once(command: str) -> None:
    r = run(command, SIXTEEN_CLUES)
    assert r.exit_code == 1
    assert r.stdout.startswith("Several solutions: e.g. r")
    data = json.loads(run(command, "--json", EMPTY).stdout)
    a, b = data["solutions"]
    row, col = (int(x) for x in data["differ"][1:].split("c"))
    k = (row - 1) * 9 + col - 1
    assert data["status"] == "multiple" and a[k] != b[k] and a[:k] == b[:k]
    zh = run(command, "--lang", "zh", EMPTY)
    assert zh.stdout.startswith("多解：例如 r")


def test_explain_anyway_obeys_its_limits() -> None:
    r = run("explain", "--anyway", "--max-steps", "5", SIXTEEN_CLUES)
    assert r.exit_code == 1
    lines = r.stdout.splitlines()
    assert [x.split(".")[0].strip() for x in lines[:5]] == ["1", "2", "3", "4", "5"]
    assert "Stopped after 5 steps: the limit of --max-steps was reached." in r.stdout
    slow = run("explain", "--anyway", "--timeout", "0.3", EMPTY)
    assert "the time limit of 0.3 s was reached" in slow.stdout and slow.exit_code == 1
    stopped = json.loads(run("explain", "--json", "--anyway", "--timeout", "0.3", EMPTY).stdout)
    assert stopped["status"] == "timeout"


def test_hint_anyway_and_timeout() -> None:
    r = run("hint", "--anyway", "--timeout", "0.3", EMPTY)
    assert r.exit_code == 1 and "No logical step found within 0.3 s" in r.stdout
    ok = run("hint", "--anyway", SIXTEEN_CLUES)
    assert ok.exit_code == 0 and ok.stdout.startswith("Look for a")


def test_no_solution_says_where_the_grid_breaks() -> None:
    for command in ("explain", "hint"):
        r = run(command, NO_SOLUTION)
        assert r.exit_code == 1
        assert r.stdout.startswith("no solution: ") and "r1c9" in r.stdout
    data = json.loads(run("explain", "--json", NO_SOLUTION).stdout)
    assert data["status"] == "none" and "r1c9" in data["contradiction"]


def test_find_after_steps_and_timeout() -> None:
    easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    now = json.loads(run("find", "--json", "--technique", "hidden single", easy).stdout)
    later = json.loads(run("find", "--json", "--after", "40", "--technique", "hidden single",
                           easy).stdout)
    assert now["after"] == 0 and later["after"] == 40
    assert later["count"] < now["count"]
    r = run("find", "--anyway", "--timeout", "0.3", "--technique", "nested forcing net", EMPTY)
    assert r.exit_code == 1 and "No answer within 0.3 s" in r.stdout


MIXED = "x2xx6xx7x4xxxx5xx1xx5xx38xxx72xxxxxx8xxx1xxx2xxxxxx49xxx94xx6xx3xx1xxxx8x5xx8xx4x"
HARD = ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........"


def test_explain_tells_the_rating_and_how_its_path_relates() -> None:
    r = run("explain", MIXED)
    rate = run("rate", MIXED).stdout.split()[0]
    assert f"Rating: {rate} easy on the Sudoku Explainer scale (hardest step: Hidden Pair)." \
        in r.stdout
    assert "'shudu rate --path' shows it" in r.stdout
    data = json.loads(run("explain", "--json", MIXED).stdout)
    assert data["rating"]["score"] == float(rate)
    assert data["hardest"] == max(s["difficulty"] for s in data["steps"])
    summary = next(x for x in r.stdout.splitlines() if x.startswith("Solved by logic"))
    assert summary.endswith(f"({data['hardest']}).")
    assert "Rating:" not in run("explain", "--no-rating", MIXED).stdout


def test_rate_path_lists_the_steps_behind_the_rating() -> None:
    r = run("rate", "--path", MIXED)
    lines = r.stdout.splitlines()
    assert lines[0] == "2.0 easy (hardest step: Hidden Pair)"
    scores = [float(x.split()[1]) for x in lines[1:]]
    assert max(scores) == 2.0 and any("Hidden Pair" in x for x in lines[1:])
    data = json.loads(run("rate", "--json", "--path", MIXED).stdout)
    assert max(p["score"] for p in data["path"]) == data["score"]


def test_rate_timeout_says_so() -> None:
    r = run("rate", "--timeout", "0.001", HARD)
    assert r.exit_code == 1 and "not rated within 0.001 s (--timeout)" in r.stderr


def test_techniques_explain_direct_scores_and_generator_targets() -> None:
    r = run("techniques")
    pair = next(x for x in r.stdout.splitlines() if " hidden-pair " in x)
    assert "3.4 (2.0)" in pair and " yes " in pair
    assert "'direct' form" in r.stdout
    objs = {o["key"]: o for o in map(json.loads, run("techniques", "--json").stdout.split("\n")
                                      [:-1])}
    assert objs["hidden-pair"]["direct"] == 2.0 and objs["x-wing"]["generate"] is True
    assert objs["nested-forcing-net"]["generate"] is False
    wing = next(x for x in r.stdout.splitlines() if " w-wing " in x)
    assert "4.4 [7.1]" in wing and objs["w-wing"]["rated"] == 7.1   # as explain and rate weigh it
    assert objs["x-wing"]["rated"] == objs["x-wing"]["difficulty"]


def test_explain_says_when_the_rating_takes_too_long(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    module = importlib.import_module("shudu.cli.explain")
    monkeypatch.setattr(module, "_rating_budget", lambda timeout, seconds: 0.0)
    r = run("explain", HARD)
    assert r.exit_code == 0
    assert r.stdout.splitlines()[-1] == "Rating: not computed within 0 s ('shudu rate' gives it)."
