"""The SK-loop (``logic/sk_loop.py``): Easter Monster's published loop found with its
link digits, the covering table, and every step sound along real solve paths."""

from __future__ import annotations

import shudu
from conftest import shared_file
from shudu import Grid, Rules
from shudu.logic import SolverConfig, solve_path
from shudu.logic.techniques.classic.sk_loop import find_sk_loop, link_sets
from shudu.values.candidates import Candidates

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


def test_six_pivot_loop_on_a_constructed_state() -> None:
    # A pencilmark state built round a known solution: the 24 cells beside the pivots
    # r1c1, r1c4, r4c4, r4c7, r7c7, r7c1 hold the two solution digits of their pair, every
    # other cell its own digit, and one cell outside the loop in each of the twelve houses
    # one more digit, which a house of the loop claims.
    from shudu.logic.techniques.classic.sk_loop import _loop

    solution = [int(ch) for ch in str(shudu.solve(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"))]
    pivots, pairs, houses = _loop([(0, 0), (0, 3), (3, 3), (3, 6), (6, 6), (6, 0)])
    inside = {c for pair in pairs for c in pair}
    masks = [1 << (solution[c] - 1) for c in range(81)]
    for a, b in pairs:
        masks[a] = masks[b] = 1 << (solution[a] - 1) | 1 << (solution[b] - 1)
    for house in houses:
        outside = [c for c in house if c not in inside]
        digit = solution[min(inside & set(house))]
        cell = next(c for c in outside if solution[c] != digit)
        masks[cell] |= 1 << (digit - 1)
    steps = list(find_sk_loop(Candidates.from_masks(Rules(), masks)))
    big = [s for s in steps if s.role_cells("pivot") == pivots]
    assert len(big) == 1 and len(big[0].role_cells("loop")) == 24 and big[0].eliminations
    for step in steps:
        assert all(solution[c] != d for c, d in step.eliminations), step.notation()
    text = big[0].text(3, "en")
    assert "24 cells" in text and "12 pairs" in text and "column 7" in text


def _exhaustive(edges: int, length: int) -> tuple[int, tuple[int, ...]]:
    best, sets = length + 1, []
    for s in range(1 << length):
        if any((s >> i & 1) == (s >> ((i + 1) % length) & 1)
               for i in range(length) if edges >> i & 1):
            continue
        if s.bit_count() < best:
            best, sets = s.bit_count(), [s]
        elif s.bit_count() == best:
            sets.append(s)
    return best, tuple(sorted(sets))


def test_link_sets_match_the_exhaustive_search() -> None:
    import random

    for edges in range(256):
        assert link_sets(edges, 8) == _exhaustive(edges, 8), edges
    rng = random.Random(12)
    for edges in [0, 4095, *(rng.randrange(4096) for _ in range(60))]:
        assert link_sets(edges, 12) == _exhaustive(edges, 12), edges
