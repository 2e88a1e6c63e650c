"""Every puzzle in ../shared/data solved by the engine and verified independently."""

from __future__ import annotations

import pytest

import shudu
from checker import is_solution, values
from conftest import SHARED_DATA, shared_file

SETS = [
    "top1465.sdm",
    "sudoku17.sdm",
    "sudocue_top10000.sdm",
    "sudocue_learningcurve.sdm",
    "qqwing_simple.sdm",
    "qqwing_easy.sdm",
    "qqwing_intermediate.sdm",
    "qqwing_expert.sdm",
    "exemplars-1.0.txt",
]


def _puzzles(name: str) -> list[str]:
    out = []
    for line in shared_file(name).read_text().splitlines():
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        if text.startswith(":"):  # a regression-library case: givens are its fourth field
            out.append(text.split(":")[3].replace("+", ""))
            continue
        out.append(text.split()[0][:81])
    return out


@pytest.mark.parametrize("name", SETS)
def test_every_puzzle_solved_unique_and_verified(name: str) -> None:
    puzzles = _puzzles(name)
    assert puzzles, f"{name} holds no puzzles"
    result = shudu.solve_many(puzzles, limit=2, threads=2)
    counts = list(result.counts)
    not_unique = [i for i, c in enumerate(counts) if c != 1]
    assert not not_unique, f"{name}: puzzles {not_unique[:5]} are not unique"
    for i, p in enumerate(puzzles):
        grid = result.grid(i)
        assert grid is not None and is_solution(grid.values, values(p)), f"{name} #{i + 1}"


@pytest.mark.parametrize("name", ["top1465.sdm", "qqwing_expert.sdm"])
def test_single_calls_agree_with_batch(name: str) -> None:
    puzzles = _puzzles(name)[:300]
    batch = shudu.solve_many(puzzles)
    for i, p in enumerate(puzzles):
        assert shudu.solve(p) == batch.grid(i)
        assert shudu.count(p) == 1


def test_generic_engine_agrees_on_top1465() -> None:
    # Classic tables through the generic solver (as X-sudoku etc. use it).
    puzzles = _puzzles("top1465.sdm")[:400]
    tables = shudu.solving.engine._tables(shudu.Rules(9))
    for p in puzzles:
        n, sol, _, _ = shudu._engine.search(tables, p, 2)
        assert n == 1 and is_solution(list(sol), values(p))


def test_shared_data_location_is_documented() -> None:
    assert SHARED_DATA.name == "data" and SHARED_DATA.parent.name == "shared"
