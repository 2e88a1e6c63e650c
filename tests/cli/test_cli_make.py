"""``shudu rate`` and ``shudu generate``: output layouts, exit codes, one-line errors."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from click.testing import CliRunner, Result

from shudu import count, parse
from shudu.cli import cli
from shudu.make.classic import is_symmetric
from shudu.rating.rater import rate

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
XWING = "061000054400009010903500000000902700000010030670030000050006200000790000000000000"
TWO = "4....98.5.....8...95....3...2.4.7..97...8..3.....1..5.....4...157......4.6.8....."


def run(*args: str, input: str | None = None) -> Result:
    """Run ``shudu ARGS`` in-process (stdout and stderr kept apart)."""
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def one_error_line(result: Result) -> str:
    """Exactly one ``shudu: error:`` line on stderr and no traceback."""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("shudu: error: "), result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


def test_rate_one_puzzle_sentence() -> None:
    r = run("rate", XWING)
    assert r.exit_code == 0
    assert r.stdout.strip() == "3.2 medium (hardest step: X-Wing)"
    zh = run("rate", "--lang", "zh", XWING)
    assert "X-Wing" not in zh.stdout and zh.stdout.startswith("3.2 medium")


def test_rate_file_table_csv_json(tmp_path: Path) -> None:
    f = tmp_path / "p.sdm"
    f.write_text(f"{EASY}\n{XWING}\n")
    table = run("rate", "--jobs", "1", str(f))
    assert table.exit_code == 0
    lines = table.stdout.splitlines()
    assert lines[0].split()[:4] == ["where", "score", "grade", "hardest"]
    assert "1.2" in lines[1] and "beginner" in lines[1] and "X-Wing" in lines[2]
    rows = list(csv.DictReader(io.StringIO(run("rate", "--output", "csv", str(f)).stdout)))
    assert [(r["score"], r["grade"]) for r in rows] == [("1.2", "beginner"), ("3.2", "medium")]
    assert rows[1]["puzzle"] == XWING.replace("0", ".")
    objs = [json.loads(x) for x in run("rate", "--json", "--jobs", "2", str(f)).stdout.split("\n")
            if x]
    assert [o["line"] for o in objs] == [1, 2]
    assert objs[1]["hardest"] == "x-wing" and objs[1]["score"] == 3.2
    assert objs[1]["histogram"]["x-wing"] >= 1


def test_rate_bad_and_not_unique(tmp_path: Path) -> None:
    f = tmp_path / "p.txt"
    f.write_text(f"{EASY}\n{TWO}\n")
    r = run("rate", "--jobs", "1", str(f))
    assert r.exit_code == 1
    assert "line 2: the puzzle has several solutions: e.g. r" in one_error_line(r)
    assert "beginner" in r.stdout
    bad = run("rate", "12x")
    assert bad.exit_code == 2
    one_error_line(bad)


def test_generate_json_grade_symmetry() -> None:
    r = run("generate", "-n", "2", "--grade", "medium", "--symmetry", "180", "--json",
            "--seed", "4")
    assert r.exit_code == 0, r.stderr
    objs = [json.loads(x) for x in r.stdout.splitlines()]
    assert len(objs) == 2
    for o in objs:
        grid = parse(o["puzzle"])
        assert count(grid) == 1 and is_symmetric(grid, "180")
        assert rate(grid).grade == "medium" == o["rating"]["grade"]


def test_generate_is_reproducible_and_rated() -> None:
    a = run("generate", "--seed", "9", "--rate")
    b = run("generate", "--seed", "9", "--rate")
    assert a.exit_code == 0 and a.stdout == b.stdout
    puzzle, comment = a.stdout.strip().split("  # ")
    assert count(puzzle) == 1 and comment.split()[1] == rate(puzzle).grade + ","


def test_generate_technique_and_grid_output() -> None:
    r = run("generate", "--technique", "x-wing", "--seed", "1")
    assert r.exit_code == 0
    from shudu.make.classic import requires

    assert requires(parse(r.stdout.strip()), "x-wing")
    grid = run("generate", "--rules", "6", "--output", "grid", "--seed", "1")
    assert grid.exit_code == 0 and len(grid.stdout.strip().splitlines()) >= 6


def test_generate_errors() -> None:
    for args in (["--technique", "nonsense"], ["--score", "abc"], ["--pattern", "x..x"],
                 ["-n", "0"], ["--symmetry", "spiral"]):
        r = run("generate", *args)
        assert r.exit_code == 2, args
        one_error_line(r)
    spent = run("generate", "--grade", "extreme", "--timeout", "0.2", "--seed", "1")
    assert spent.exit_code == 1
    assert "in 0.2 s" in one_error_line(spent)
