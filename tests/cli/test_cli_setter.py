"""The setter's commands: ``shudu true-candidates``, ``suggest-clues`` and
``redundant-clues`` — text in English and Chinese, JSON, time limits, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import shudu
from shudu.cli import cli
from shudu.cli.app import COMMANDS

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
# EASY without 16 of its givens: 212 solutions
OPEN = EASY[:20] + "." * 6 + EASY[26:66] + "." * 10 + EASY[76:]


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_the_commands_are_listed_and_documented() -> None:
    for name in ("true-candidates", "suggest-clues", "redundant-clues"):
        assert name in COMMANDS
        assert run(name, "--help").exit_code == 0
    root = Path(__file__).resolve().parents[2]
    cli_page = (root / "docs" / "cli.md").read_text(encoding="utf-8")
    for name in ("true-candidates", "suggest-clues", "redundant-clues"):
        assert f"## `shudu {name}`" in cli_page


def test_true_candidates_text_and_json() -> None:
    out = run("true-candidates", OPEN)
    assert out.exit_code == 0
    assert out.output.splitlines()[0] == "Solutions: 212"
    assert "| 145   14578   3 " in out.output
    data = json.loads(run("true-candidates", OPEN, "--json").output)
    want = shudu.true_candidates(OPEN)
    assert data["status"] == "multiple" and data["count"] == 212 and data["exact"]
    assert data["candidates"] == [list(want.digits(c)) for c in range(81)]
    zh = run("true-candidates", OPEN, "--lang", "zh").output
    assert zh.startswith("解的个数：212\n真候选数")


def test_true_candidates_capped_count_says_at_least() -> None:
    out = run("true-candidates", "." * 81, "--limit", "500")
    assert out.output.splitlines()[:2] == [
        "Solutions: ≥ 500", "(counted up to 500: --limit counts further)"]


def test_suggest_clues_ranks_by_the_grade_asked_for() -> None:
    plain = run("suggest-clues", OPEN, "-n", "4")
    assert plain.exit_code == 0
    lines = plain.output.splitlines()
    assert lines[:2] == ["Solutions: 212", "Clues that make it unique, best first:"]
    assert lines[2].startswith("  r8c2=7: unique, easy (2.8)")
    hard = run("suggest-clues", OPEN, "-n", "4", "--grade", "hard").output.splitlines()
    assert hard[1] == "Aiming at the grade hard."
    assert hard[3].startswith("  r5c3=4: unique, expert")
    assert "solutions left" in hard[-1]
    data = json.loads(run("suggest-clues", OPEN, "-n", "3", "--json").output)
    assert data["count"] == 212 and len(data["clues"]) == 3
    assert data["clues"][0]["unique"] and data["clues"][0]["grade"] == "easy"
    zh = run("suggest-clues", OPEN, "-n", "2", "--lang", "zh").output
    assert "r8c2=7：唯一解，简单" in zh


def test_suggest_clues_for_a_unique_puzzle_has_nothing_to_add() -> None:
    out = run("suggest-clues", EASY)
    assert out.exit_code == 0
    assert out.output.splitlines()[-1] == "Nothing to suggest: the puzzle already has one solution."


def test_redundant_clues_text_json_and_refusals() -> None:
    out = run("redundant-clues", EASY)
    assert out.exit_code == 0
    assert out.output.splitlines()[1].split()[0] == "r1c3=3"
    data = json.loads(run("redundant-clues", EASY, "--json").output)
    assert data["status"] == "unique"
    assert len(data["clues"]) == len(shudu.redundant_clues(EASY).cells) > 0
    hard17 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    minimal = run("redundant-clues", hard17).output.strip()
    assert minimal == "No given can go: the puzzle is minimal."
    several = run("redundant-clues", OPEN)
    assert several.exit_code == 1
    several = run("redundant-clues", OPEN, "--json")
    assert json.loads(several.output)["status"] == "multiple"
    zh = run("redundant-clues", OPEN, "--lang", "zh")
    assert "这道题有多个解" in zh.output


def test_redundant_rules_of_a_variant_are_named() -> None:
    grid = shudu.solve("." * 16, "4+x")
    out = run("redundant-clues", str(grid), "--rules", "4+x")
    assert out.output.splitlines()[-1] == "Rules that could go: x"


def test_time_limit_is_one_line_and_exit_one() -> None:
    out = CliRunner().invoke(cli, ["true-candidates", "." * 256, "--timeout", "0.000001"])
    assert out.exit_code == 1
    assert "(--timeout SECONDS raises the limit, 0 removes it)" in out.output
    out = run("true-candidates", "." * 256, "--timeout", "0.000001", "--json")
    assert json.loads(out.output)["status"] == "timeout"


@pytest.mark.parametrize("command", ["true-candidates", "suggest-clues", "redundant-clues"])
def test_bad_input_is_one_line(command: str) -> None:
    out = CliRunner().invoke(cli, [command, "12x"])
    assert out.exit_code == 2
    assert out.output.count("\n") == 1 and out.output.startswith("shudu: error:")


def test_puzzle_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(OPEN + "\n", encoding="utf-8")
    assert run("true-candidates", str(path)).output.startswith("Solutions: 212")


SCHEMA = Path(__file__).resolve().parents[2] / "src" / "shudu" / "schema" / "cli-output.schema.json"
NONE = "12345678.........9" + "." * 63


@pytest.mark.parametrize("command", ["true-candidates", "suggest-clues", "redundant-clues"])
@pytest.mark.parametrize(("puzzle", "status"),
                         [(EASY, "unique"), (OPEN, "multiple"), (NONE, "none"),
                          ("no-such-puzzles.txt", "error")],
                         ids=["unique", "multiple", "none", "unreadable"])
def test_json_follows_the_one_schema(command: str, puzzle: str, status: str) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))
    out = CliRunner().invoke(cli, [command, puzzle, "--json"])
    lines = out.stdout.splitlines()
    assert len(lines) == 1, out.output
    data = json.loads(lines[0])
    validator.validate(data)
    assert data["status"] == status
