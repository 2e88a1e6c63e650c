"""Multi-Sector Locked Sets (``logic/msls.py``): the C search agrees with a plain Python
count over row and column sets, Arto Inkala's 2010 puzzle falls to one, and every step
is sound along real solve paths."""

from __future__ import annotations

from itertools import combinations

from test_logic_patterns import path_soundness

import shudu
from conftest import shared_file
from shudu import Grid
from shudu.logic import SolverConfig, solve_path
from shudu.logic.accel9 import msls
from shudu.logic.solver import iter_steps
from shudu.logic.techniques.classic.msls import find_msls
from shudu.values.candidates import Candidates

INKALA_2010 = ("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9"
               "....4..")


def _reference(cands: Candidates, sizes: range, min_cells: int) -> set[tuple[int, int]]:
    """Every locked (rows, columns) pair with set sizes in ``sizes``, counted plainly."""
    cm = cands.cell_mask
    out = set()
    for k in sizes:
        for rows in combinations(range(9), k):
            for m in sizes:
                for cols in combinations(range(9), m):
                    cells = [r * 9 + c for r in rows for c in cols if cm[r * 9 + c]]
                    if (len(cells) < min_cells or {c // 9 for c in cells} != set(rows)
                            or {c % 9 for c in cells} != set(cols)):
                        continue
                    claims = 0
                    for d in range(9):
                        have = [c for c in cells if cm[c] >> d & 1]
                        claims += min(len({c // 9 for c in have}), len({c % 9 for c in have}))
                    if claims == len(cells):
                        out.add((sum(1 << r for r in rows), sum(1 << c for c in cols)))
    return out


def test_c_search_matches_the_plain_count() -> None:
    states = []
    for puzzle in shared_file("top1465.sdm").read_text().split()[:3]:
        run = iter_steps(puzzle, SolverConfig(uniqueness=True))
        states += [run.final.copy() for k, _ in enumerate(run) if k % 10 == 0]
    compared = 0
    for state in states:
        want = _reference(state, range(2, 4), 6)
        got = {(r, c) for r, c in msls(state, 6, 4096)
               if 2 <= r.bit_count() <= 3 and 2 <= c.bit_count() <= 3}
        assert got == want
        compared += len(want)
    assert compared > 0


def test_inkala_2010() -> None:
    step = next(find_msls(Candidates.from_grid(Grid(INKALA_2010))))
    assert (step.get("rows"), step.get("columns")) == ("3459", "13489")
    assert len(step.role_cells("set")) == 20
    solution = str(shudu.solve(INKALA_2010))
    assert all(int(solution[c]) != d for c, d in step.eliminations)
    path = solve_path(INKALA_2010, SolverConfig(uniqueness=True))
    assert path.solved and path.counts().get("msls") == 1
    assert not any("forcing" in key for key in path.counts())
    assert "Multi-Sector" in step.text(3, "en") and "锁定集" in step.text(3, "zh")


def test_sound_along_real_paths() -> None:
    assert path_soundness([find_msls], stride=40, every=6, first=3) > 50
