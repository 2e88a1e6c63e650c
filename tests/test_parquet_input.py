"""Data sets in Parquet (pyarrow) are read like their CSV form: every command takes them."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
from click.testing import CliRunner

from shudu.cli import cli
from shudu.formats import iter_records, read_file
from shudu.solving import engine

P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def _write(path: Path, quizzes: list[str], solutions: list[str]) -> Path:
    pq.write_table(pa.table({"id": list(range(len(quizzes))), "quizzes": quizzes,
                             "solutions": solutions}), path, row_group_size=2)
    return path


def test_records_and_solutions(tmp_path: Path) -> None:
    right = [engine.solve(p).to_string() for p in (P, EASY, P)]
    path = _write(tmp_path / "set.parquet", [P, EASY, P], right)
    records = read_file(path)
    assert [r.grid == engine.Grid(p) for r, p in zip(records, (P, EASY, P))] == [True] * 3
    assert [r.solution.to_string() for r in records] == right
    assert [r.line for r in records] == [2, 3, 4]


def test_commands_read_parquet(tmp_path: Path) -> None:
    right = [engine.solve(p).to_string() for p in (P, EASY, P)]
    wrong = [*right[:2], right[2][::-1]]
    path = _write(tmp_path / "set.parquet", [P, EASY, P], wrong)
    runner = CliRunner()
    solved = runner.invoke(cli, ["solve", str(path)])
    assert solved.exit_code == 0 and solved.output.split() == right
    checked = runner.invoke(cli, ["check", "--against-solutions", str(path)])
    assert checked.exit_code == 1
    assert "line 4" in checked.output and "3 rows checked, 1 with a wrong solution" in (
        checked.output)


def test_a_file_that_is_not_parquet(tmp_path: Path) -> None:
    path = tmp_path / "bad.parquet"
    path.write_text("not parquet")
    result = CliRunner().invoke(cli, ["solve", str(path)])
    assert result.exit_code != 0
    assert "not a Parquet file" in result.output and "Traceback" not in result.output


def test_a_folder_written_by_dask_reads_in_row_order(tmp_path) -> None:
    """A folder of part files reads part.2 before part.10, as the rows were written."""
    folder = tmp_path / "out.parquet"
    folder.mkdir()
    puzzles = [str(k % 10) + "." * 80 for k in range(12)]
    for k, p in enumerate(puzzles):
        pq.write_table(pa.table({"quizzes": [p]}), folder / f"part.{k}.parquet")
    got = [r.grid.to_string()[0] for r in iter_records(folder)]
    assert got == [p[0].replace("0", ".") for p in puzzles]
