"""The SK-loop (``logic/sk_loop.py``): Easter Monster's published loop found with its
link digits, the covering table, and every step sound along real solve paths."""

from __future__ import annotations

import shudu
from conftest import shared_file
from shudu import Grid, Rules
from shudu.logic import SolverConfig, solve_path
from shudu.logic.candidates import Candidates
from shudu.logic.sk_loop import find_sk_loop, link_sets

EASTER_MONSTER = ("1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2"
                  ".....1")


def test_easter_monster_loop() -> None:
    # The loop as published: (27=38)r2c13 - (38=16)r2c79 - (16=39)r13c8 - (39=27)r79c8
    # - (27=45)r8c79 - (45=16)r8c13 - (16=48)r79c2 - (48=27)r13c2, pivots the givens
    # r2c2, r2c8, r8c8, r8c2.
    steps = list(find_sk_loop(Candidates.from_grid(Grid(EASTER_MONSTER))))
    assert len(steps) == 1
    step = steps[0]
    assert step.role_cells("pivot") == (10, 16, 70, 64)
    assert step.get("links") == "0:2;0:7;1:3;1:8;2:1;2:6;3:3;3:9;4:2;4:7;5:4;5:5;6:1;6:6;7:4;7:8"
    solution = str(shudu.solve(EASTER_MONSTER))
    assert len(step.eliminations) == 13
    assert all(int(solution[c]) != d for c, d in step.eliminations)
    assert "SK-loop" in step.text(3, "en") and "SK 环" in step.text(3, "zh")


def test_the_solver_uses_it_on_easter_monster() -> None:
    path = solve_path(EASTER_MONSTER, SolverConfig(uniqueness=True))
    assert path.solved and path.counts().get("sk-loop") == 1


def test_link_table() -> None:
    assert link_sets(0) == (0, (0,))
    assert link_sets(0b11) == (1, (2,))        # pairs 0 and 1 meet at house 1
    assert link_sets(0b101) == (2, (5, 6, 9, 10))   # pairs 0 and 2 share no house
    assert link_sets(0b11111111)[0] == 4


def test_irregular_boxes_are_left_alone() -> None:
    rules = Rules(regions="".join(str(k // 9) for k in range(81)))
    assert list(find_sk_loop(Candidates.from_grid(Grid("." * 81, rules)))) == []


def test_sound_along_real_paths() -> None:
    # Of top1465, puzzles 413 and 446 (1-based) are the ones whose default solve paths
    # pass states with SK-loops (34 steps in all); Easter Monster adds its own.
    lines = shared_file("top1465.sdm").read_text().split()
    checked = 0
    for puzzle in (lines[412], lines[445], EASTER_MONSTER):
        solution = [int(ch) for ch in str(shudu.solve(puzzle))]
        cands = Candidates.from_grid(Grid(puzzle))
        for step in [None, *solve_path(puzzle, SolverConfig()).steps]:
            if step is not None:
                cands.apply(step)
            for s in find_sk_loop(cands):
                checked += 1
                assert all(solution[c] != d for c, d in s.eliminations), s.notation()
    assert checked >= 30
