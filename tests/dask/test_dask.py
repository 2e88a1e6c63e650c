"""shudu.dask on a real distributed LocalCluster (two worker processes, loopback only):
results equal the single-process API, in the input's order; data-set CSV and Parquet."""

from __future__ import annotations

import dask.dataframe as dd
import distributed
import pandas as pd
import pytest

from conftest import shared_file
from shudu import Rules
from shudu import dask as sd
from shudu.rating.rater import rate
from shudu.solving import engine

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       host="127.0.0.1", dashboard_address="127.0.0.1:0")
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def _puzzles() -> list[str]:
    lines = shared_file("top1465.sdm").read_text().split()
    return lines[:400]


def test_solve_on_a_cluster_equals_solve_many(client) -> None:
    puzzles = [*_puzzles(), "." * 81, "11" + "." * 79, EASY.replace(".", "0"),
               "not a puzzle"]
    frame = dd.from_pandas(pd.DataFrame({"id": range(len(puzzles)), "quizzes": puzzles}),
                           npartitions=7)
    out = sd.solve(frame).compute()
    assert out["id"].tolist() == list(range(len(puzzles)))   # the input's order
    batch = engine.solve_many(puzzles[:400], limit=2)
    assert out["count"].tolist()[:400] == list(batch.counts)
    assert out["solution"].tolist()[:400] == [g.to_string() for g in batch]
    assert out["status"].tolist()[400:] == ["multiple", "invalid", "unique", "invalid"]
    assert "row 1" in out["error"].iloc[401] or "repeat" in out["error"].iloc[401]
    assert out["error"].iloc[403]


def test_plain_batch_columns_cover_every_status(client) -> None:
    """A partition of plain 81-character puzzles only (the C batch path) still tells
    unique, several, no solution and repeated givens apart, row by row."""
    none = "12345678." + "." * 63 + "........9"   # r1c9 and r9c9 both need a 9
    rows = [EASY, "." * 81, "11" + "." * 79, none, EASY]
    frame = dd.from_pandas(pd.DataFrame({"quizzes": rows}), npartitions=1)
    out = sd.collect(sd.solve(frame))
    assert out["status"].tolist() == ["unique", "multiple", "invalid", "none", "unique"]
    assert out["count"].tolist() == [1, 2, 0, 0, 1]
    assert [len(s) for s in out["solution"]] == [81, 81, 0, 0, 81]
    assert out["error"].tolist()[2] == "givens repeat a digit in a house"
    assert out["error"].tolist()[:2] == ["", ""]
    assert out["solution"].iloc[0] == out["solution"].iloc[4]


def test_collect_keeps_the_input_order(client) -> None:
    puzzles = _puzzles()[:90]
    frame = dd.from_pandas(pd.DataFrame({"quizzes": puzzles}), npartitions=9)
    got = sd.collect(sd.solve(frame))
    assert got["quizzes"].tolist() == puzzles
    assert got.equals(sd.solve(frame).compute())


def test_other_sizes_and_variants(client) -> None:
    frame = dd.from_pandas(pd.DataFrame({"puzzle": ["." * 16, "1..." * 4]}), npartitions=1)
    out = sd.solve(frame, rules=Rules(4)).compute()
    assert out["status"].tolist() == ["multiple", "invalid"]
    x = dd.from_pandas(pd.DataFrame({"puzzle": ["." * 81]}), npartitions=1)
    sol = sd.solve(x, rules="x").compute()["solution"].iloc[0]
    assert engine.count(sol, 2, "x") == 1


def test_check_flags_wrong_given_solutions(client, tmp_path) -> None:
    puzzles = _puzzles()[:60]
    solutions = [g.to_string() for g in engine.solve_many(puzzles)]
    solutions[5] = solutions[5][::-1]
    path = tmp_path / "set.csv"
    pd.DataFrame({"quizzes": puzzles, "solutions": solutions}).to_csv(path, index=False)
    out = sd.check(sd.read(path, blocksize=2000)).compute()
    assert out["given_ok"].tolist() == [k != 5 for k in range(60)]
    assert out["quizzes"].tolist() == puzzles


def test_parquet_round_trip(client, tmp_path) -> None:
    frame = dd.from_pandas(pd.DataFrame({"quizzes": _puzzles()[:50]}), npartitions=3)
    sd.write(sd.solve(frame), tmp_path / "out.parquet")
    back = sd.read(tmp_path / "out.parquet").compute()
    assert back["quizzes"].tolist() == _puzzles()[:50]
    assert set(back["status"]) == {"unique"}


def test_rate_matches_the_api(client) -> None:
    puzzles = [EASY, *_puzzles()[:6]]
    frame = dd.from_pandas(pd.DataFrame({"puzzle": puzzles}), npartitions=3)
    out = sd.rate(frame).compute()
    assert out["score"].tolist() == [rate(p).score for p in puzzles]
    assert out["grade"].iloc[0] == "beginner"


def test_generate_is_reproducible_anywhere(client) -> None:
    made = sd.generate(6, npartitions=3, seed=5, rules="4")
    here = made.compute(scheduler="sync")
    there = made.compute()
    assert here["puzzle"].tolist() == there["puzzle"].tolist()
    assert all(engine.count(p, 2, Rules(4)) == 1 for p in here["puzzle"])
    assert here["puzzle"].nunique() == 6


def _cli(*args: str):   # type: ignore[no-untyped-def]
    from click.testing import CliRunner

    from shudu.cli import cli

    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_cli_dask_output_is_the_single_machine_output(tmp_path) -> None:
    path = tmp_path / "p.sdm"
    path.write_text("\n".join([*_puzzles()[:40], "." * 81, "junk line"]) + "\n")
    for command in (["check"], ["check", "--json"], ["rate", "--output", "csv"],
                    ["solve"], ["solve", "--json", "--count"]):
        here = _cli(*command, str(path))
        there = _cli(*command, "--dask", "local:2", str(path))
        assert there.output == here.output and there.exit_code == here.exit_code
        assert here.output.count("\n") >= 41


def test_cli_unreachable_scheduler_is_one_line() -> None:
    result = _cli("check", "--dask", "tcp://127.0.0.1:1", EASY)
    assert result.exit_code == 3
    assert "no Dask scheduler answered at tcp://127.0.0.1:1" in result.output
    assert "Traceback" not in result.output
