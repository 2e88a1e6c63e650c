"""The Tridagon: which four diagonals three digits cannot fill, the pattern found in a
published puzzle with its three guardians, and sound steps on constructed states."""

from __future__ import annotations

from itertools import product
from pathlib import Path

from shudu import Rules
from shudu.formats import parse_pencilmarks
from shudu.logic.techniques.classic.tridagon import (
    PERMS,
    _search,
    example_masks,
    find_tridagon,
    impossible,
)
from shudu.solving import engine
from shudu.values.candidates import Candidates

FIXTURES = Path(__file__).parents[1] / "fixtures"
PUZZLE_3240 = ("123.5......6.89.......3....26.......3.7.62..1..4.73...63....21.7..6...43.4.3..6.7")


def _odd(perm: tuple[int, ...]) -> bool:
    return sum(perm[i] > perm[j] for i in range(3) for j in range(i + 1, 3)) % 2 == 1


def test_impossible_diagonals_are_those_with_an_odd_number_of_odd_ones() -> None:
    """Filling by trial agrees with the parity rule players use: three digits cannot fill
    the pattern exactly when an odd number of the four diagonals are odd permutations."""
    combos = list(product(range(6), repeat=4))
    bad = [c for c in combos if impossible(c)]
    assert len(bad) == 648
    assert all(impossible(c) == (sum(_odd(PERMS[p]) for p in c) % 2 == 1) for c in combos)


def test_the_published_pattern_is_found_with_its_guardians() -> None:
    state = Candidates.from_pencilmarks(parse_pencilmarks(
        (FIXTURES / "tridagon_3240.txt").read_text(encoding="utf-8")))
    boxes = [[(3 * b + r) * 9 + 3 * s for r in range(3)] for b, s in
             ((1, 0), (1, 2), (2, 0), (2, 2))]
    found = _search(state, boxes, 1 << 4 | 1 << 7 | 1 << 8)
    names = {(tuple(sorted(p)), tuple(sorted(g))) for p, g in found}
    cells = (29, 37, 45, 35, 43, 51, 56, 64, 72, 62, 69, 79)   # r4c3 r5c2 r6c1 / ...
    assert (tuple(sorted(cells)), (29, 35, 64)) in names
    # its guardians (1 or 4) remove nothing directly here; every step found is sound
    solution = engine.solve(PUZZLE_3240).to_string()
    for step in find_tridagon(state):
        assert all(int(solution[c]) != d for c, d in step.eliminations)


def test_one_guardian_loses_the_three_digits() -> None:
    state = Candidates.from_masks(Rules(), example_masks())
    steps = list(find_tridagon(state))   # r6c5 holds 1, 2, 3 and 4: it is 4
    assert [(s.placements, s.eliminations) for s in steps] == [(((49, 4),), ())]
    masks = example_masks()
    masks[49] = 0b11111   # and 5: then it is 4 or 5, not 1, 2 or 3
    two = list(find_tridagon(Candidates.from_masks(Rules(), masks)))
    assert [s.eliminations for s in two] == [((49, 1), (49, 2), (49, 3))]
    text = steps[0].text(3)
    assert "Tridagon" in text and "r6c5" in text
    assert "三叉戟" in steps[0].text(3, "zh")
    assert steps[0].text(1) and steps[0].text(2)


def test_an_even_pattern_is_no_tridagon() -> None:
    """With box 5's diagonal the same way as the others, 1-2-3 can fill it: nothing."""
    masks = example_masks()
    masks[41], masks[49] = 0x1FF, 0x1FF
    masks[40], masks[50] = 0b111, 0b1111     # r5c5, r6c6 (the guardian): box 5's main
    assert list(find_tridagon(Candidates.from_masks(Rules(), masks))) == []


def test_guardians_with_one_extra_digit_clear_their_common_peers() -> None:
    masks = example_masks()
    masks[49] = 0b111
    masks[47] = 0b1000 | 0b110     # r6c3: 2, 3 and 4
    masks[45] = 0b1000 | 0b011     # r6c1 is not on the pattern: no change
    masks[27] = 0b1000 | 0b101     # r4c1: 1, 3 and 4
    masks[30] = 0b111
    steps = list(find_tridagon(Candidates.from_masks(Rules(), masks)))
    assert steps, "two guardians r4c1 and r6c3 (both 4) should remove 4 around them"
    for step in steps:
        for cell, digit in step.eliminations:
            assert digit == 4 and cell not in (27, 47)
            assert cell // 27 == 1 and cell % 9 < 3   # box 4: sees both guardians


def test_forcing_chains_branch_on_the_guardians() -> None:
    """On the published puzzle the guardians' candidates are a set of branches for
    forcing chains and nets: its path needs no nested net, and every step is sound."""
    from shudu.logic import SolverConfig, solve_path

    path = solve_path(PUZZLE_3240, SolverConfig(uniqueness=True))
    solution = engine.solve(PUZZLE_3240).to_string()
    assert path.solved and "nested-forcing-net" not in path.counts()
    tridagon = [s for s in path.steps if s.get("kind") == "tridagon"]
    assert tridagon
    for step in path.steps:
        assert all(int(solution[c]) == d for c, d in step.placements), step.notation()
        assert all(int(solution[c]) != d for c, d in step.eliminations), step.notation()
    words = tridagon[0].text(3)
    assert "Tridagon" in words and "r4c9=4" in words and "三叉戟" in tridagon[0].text(3, "zh")


def test_every_step_on_the_published_tridagon_puzzles_is_sound() -> None:
    """The 42 published tridagon puzzles kept for the benchmark: solved by logic, every
    step agreeing with the solution, tridagon branches used."""
    from shudu.logic import SolverConfig, solve_path

    lines = (Path(__file__).parents[2] / "benchmarks" / "data" / "tridagon.sdm").read_text()
    puzzles = [ln.split()[0] for ln in lines.splitlines() if ln and not ln.startswith("#")]
    assert len(puzzles) == 42
    used = 0
    for puzzle in puzzles:
        path = solve_path(puzzle, SolverConfig(uniqueness=True))
        solution = engine.solve(puzzle).to_string()
        assert path.solved, puzzle
        for step in path.steps:
            assert all(int(solution[c]) == d for c, d in step.placements), step.notation()
            assert all(int(solution[c]) != d for c, d in step.eliminations), step.notation()
            used += step.technique == "tridagon" or step.get("kind") == "tridagon"
    assert used > 40
