"""``shudu rate --out FILE``: rows written as puzzles are rated, and a rerun after an
interruption (simulated by a file holding the first rows and a torn last line) that
skips the puzzles already there and ends with the file an uninterrupted run writes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from shudu.cli import cli

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
XWING = ".61....544....9.1.9.35........9.27......1..3.67..3.....5...62.....79............."


def _relabel(puzzle: str, shift: int) -> str:
    """The same puzzle with its digits renamed (another puzzle text, the same rating)."""
    return "".join(str((int(c) - 1 + shift) % 9 + 1) if c in "123456789" else c
                   for c in puzzle)


PUZZLES = [_relabel(p, shift) for shift in range(3) for p in (EASY, XWING)]
"""Six different puzzle texts: three ``easy``, three with an X-Wing."""


def run(*args: str) -> Result:
    """Run ``shudu ARGS`` in-process (stdout and stderr kept apart)."""
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def _puzzle_file(tmp_path: Path, puzzles: list[str], name: str = "in.txt") -> Path:
    path = tmp_path / name
    path.write_text("".join(p + "\n" for p in puzzles))
    return path


def _uninterrupted(tmp_path: Path, source: Path, *options: str) -> str:
    out = tmp_path / "whole.out"
    r = run("rate", "--jobs", "1", *options, "--out", str(out), str(source))
    assert r.exit_code == 0, r.stderr
    assert r.stdout == ""
    return out.read_text()


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("kept", [0, 2, 5])
def test_rerun_after_an_interruption_ends_as_an_uninterrupted_run(
        tmp_path: Path, jobs: str, kept: int) -> None:
    source = _puzzle_file(tmp_path, PUZZLES)
    whole = _uninterrupted(tmp_path, source)
    lines = whole.splitlines(keepends=True)
    assert lines[0].startswith("where,score,") and len(lines) == 1 + len(PUZZLES)
    assert [line.rstrip("\n").split(",")[-1] for line in lines[1:]] == PUZZLES
    out = tmp_path / "ratings.csv"
    torn = lines[1 + kept][:40]                 # killed while writing the next row
    out.write_text("".join(lines[: 1 + kept]) + torn)
    r = run("rate", "--jobs", jobs, "--out", str(out), str(source))
    assert r.exit_code == 0, r.stderr
    assert out.read_text() == whole             # each puzzle once, the same ratings, in order
    assert "the last line was cut short" in r.stderr
    assert f"skipped {kept} puzzles already there; added {len(PUZZLES) - kept} rows" in r.stderr
    again = run("rate", "--jobs", jobs, "--out", str(out), str(source))
    assert again.exit_code == 0 and out.read_text() == whole
    assert f"skipped {len(PUZZLES)} puzzles already there; added 0 rows" in again.stderr
    assert "cut short" not in again.stderr


def test_a_torn_header_is_written_again(tmp_path: Path) -> None:
    source = _puzzle_file(tmp_path, PUZZLES[:2])
    whole = _uninterrupted(tmp_path, source)
    out = tmp_path / "ratings.csv"
    out.write_text("where,sco")
    r = run("rate", "--jobs", "2", "--out", str(out), str(source))
    assert r.exit_code == 0 and out.read_text() == whole
    assert "cut short" in r.stderr


def test_rows_are_matched_by_puzzle_not_by_place(tmp_path: Path) -> None:
    first = _puzzle_file(tmp_path, PUZZLES[:4], "first.txt")
    out = tmp_path / "ratings.csv"
    assert run("rate", "--jobs", "1", "--out", str(out), str(first)).exit_code == 0
    grown = _puzzle_file(tmp_path, PUZZLES[::-1], "grown.txt")    # reordered, two new
    r = run("rate", "--jobs", "2", "--out", str(out), str(grown))
    assert r.exit_code == 0
    assert "skipped 4 puzzles already there; added 2 rows" in r.stderr
    rows = [line.split(",") for line in out.read_text().splitlines()[1:]]
    assert sorted(row[-1] for row in rows) == sorted(PUZZLES)
    # the two new rows follow the old ones in the order of the new input
    assert [row[-1] for row in rows[4:]] == [PUZZLES[5], PUZZLES[4]]
    whole = _uninterrupted(tmp_path, first)
    scores = {row[-1]: row[1:-1] for row in rows}
    for line in whole.splitlines()[1:]:
        row = line.split(",")
        assert scores[row[-1]] == row[1:-1]


def test_repeated_puzzles_get_one_row(tmp_path: Path) -> None:
    source = _puzzle_file(tmp_path, [EASY, XWING, EASY])
    out = tmp_path / "ratings.csv"
    r = run("rate", "--jobs", "2", "--out", str(out), str(source))
    assert r.exit_code == 0
    assert [line.split(",")[-1] for line in out.read_text().splitlines()[1:]] == [EASY, XWING]
    assert "skipped 1 puzzles already there; added 2 rows" in r.stderr


def test_json_rows_resume_too(tmp_path: Path) -> None:
    source = _puzzle_file(tmp_path, PUZZLES)
    whole = _uninterrupted(tmp_path, source, "--json")
    lines = whole.splitlines(keepends=True)
    assert [json.loads(line)["puzzle"] for line in lines] == PUZZLES
    out = tmp_path / "ratings.jsonl"
    out.write_text("".join(lines[:3]) + lines[3][:25])
    r = run("rate", "--json", "--jobs", "2", "--out", str(out), str(source))
    assert r.exit_code == 0 and out.read_text() == whole
    assert "skipped 3 puzzles already there; added 3 rows" in r.stderr


def test_bad_lines_keep_their_error_and_are_tried_again(tmp_path: Path) -> None:
    source = tmp_path / "mixed.txt"
    source.write_text(f"{EASY}\nnot a puzzle\n{XWING}\n")
    out = tmp_path / "ratings.csv"
    for skipped, added in ((0, 2), (2, 0)):
        r = run("rate", "--jobs", "2", "--out", str(out), str(source))
        assert r.exit_code == 2
        errors = [line for line in r.stderr.splitlines() if line.startswith("shudu: error:")]
        assert len(errors) == 1 and f"{source}, line 2" in errors[0]
        assert f"skipped {skipped} puzzles already there; added {added} rows" in r.stderr
    assert len(out.read_text().splitlines()) == 3


@pytest.mark.parametrize("text", [
    f"{EASY}\n{XWING}\n",   # the puzzles themselves, given as the output by mistake
    EASY,                   # one puzzle without a newline: not a torn row either
    "where,score\n1,2\n",
])
def test_a_file_of_something_else_is_refused_and_left_alone(tmp_path: Path,
                                                           text: str) -> None:
    out = tmp_path / "puzzles.txt"
    out.write_text(text)
    r = run("rate", "--jobs", "1", "--out", str(out), EASY, XWING)
    assert r.exit_code == 2
    assert r.stderr.startswith(f"shudu: error: {out}, line 1: not a row of 'shudu rate "
                               "--output csv'")
    assert out.read_text() == text


def test_out_refuses_a_table_and_speaks_chinese(tmp_path: Path) -> None:
    out = tmp_path / "ratings.csv"
    r = run("rate", "--output", "table", "--out", str(out), EASY, XWING)
    assert r.exit_code == 2 and "--out writes csv or json rows, not a table" in r.stderr
    assert not out.exists()
    r = run("rate", "--lang", "zh", "--out", str(out), EASY, XWING)
    assert r.exit_code == 0 and "跳过已有的 0 道题；新增 2 行" in r.stderr
    assert ",X翼," in out.read_text()
