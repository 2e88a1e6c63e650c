"""X-sums, skyscrapers, quadruples and diagonal Kropki/XV in the engine: solutions equal
brute force on random 4x4 and 6x6 puzzles (hypothesis, derandomized), the support
functions the logic uses keep every digit a filling of the house keeps, the JSON form
round-trips and bad clues or programs are refused with a reason."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from constraint_cases import OUTSIDE_KINDS, brute_solutions, outside_from
from shudu import Grid, Rules
from shudu._engine import Rules as EngineRules
from shudu.errors import ParseError
from shudu.make.classic import random_solution
from shudu.solving import engine
from shudu.values.constraints import XV, Kropki, Quadruple, Skyscraper, XSum, constraint_from_dict
from shudu.values.constraints.outside import (
    contain_supports,
    skyscraper_supports,
    xsum_supports,
)

ALL4 = [g.cells for g in engine.solutions("." * 16, Rules(4))]


def _rules(solution: bytes, n: int, rng: random.Random, planted: int, wild: int) -> Rules:
    cons: list = []
    for _ in range(planted):
        cons += outside_from(solution, n, rng, rng.choice(OUTSIDE_KINDS))
    other = random_solution(Rules(n), seed=rng.randrange(10**6)).cells
    for _ in range(wild):
        cons += outside_from(other, n, rng, rng.choice(OUTSIDE_KINDS))
    return Rules(n, constraints=tuple(dict.fromkeys(cons)))


@settings(max_examples=150, derandomize=True)
@given(st.integers(0, 287), st.integers(0, 10**9), st.integers(0, 5), st.integers(0, 2))
def test_4x4_solutions_equal_brute_force(index: int, seed: int, givens: int, wild: int) -> None:
    rng = random.Random(seed)
    solution = ALL4[index]
    rules = _rules(solution, 4, rng, rng.randint(1, 5), wild)
    puzzle = bytearray(16)
    for c in rng.sample(range(16), givens):
        puzzle[c] = solution[c]
    brute = sorted(g for g in ALL4 if not rules.broken(g)
                   and all(not v or g[c] == v for c, v in enumerate(puzzle)))
    found = sorted(g.cells for g in engine.solutions(Grid(bytes(puzzle), rules)))
    assert found == brute
    assert solution in brute or wild


@settings(max_examples=40, derandomize=True, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, 1))
def test_6x6_solutions_equal_brute_force(seed: int, wild: int) -> None:
    rng = random.Random(seed)
    solution = random_solution(Rules(6), seed=seed).cells
    rules = _rules(solution, 6, rng, rng.randint(2, 6), wild)
    puzzle = bytearray(36)
    for c in rng.sample(range(36), rng.randint(14, 20)):
        puzzle[c] = solution[c]
    brute = sorted(brute_solutions(puzzle, rules, 1000))
    assert engine.count(Grid(bytes(puzzle), rules), 1000) == len(brute)
    if not wild:
        assert bytes(solution) in brute


def _fillings(masks: list[int], n: int):
    """The orderings of 1..n a house can take inside the candidate masks."""
    for perm in itertools.permutations(range(1, n + 1)):
        if all(masks[i] >> (d - 1) & 1 for i, d in enumerate(perm)):
            yield perm


def _true_supports(masks: list[int], n: int, ok) -> list[int] | None:
    keep = [0] * len(masks)
    any_ = False
    for perm in _fillings(masks, n):
        if ok(perm):
            any_ = True
            for i, d in enumerate(perm):
                keep[i] |= 1 << (d - 1)
    return keep if any_ else None


masks_strategy = st.integers(4, 6).flatmap(
    lambda n: st.tuples(st.just(n), st.lists(st.integers(1, (1 << n) - 1), min_size=n,
                                             max_size=n)))


@settings(max_examples=300, derandomize=True)
@given(masks_strategy, st.integers(1, 21))
def test_xsum_supports_keep_every_filling(case, total: int) -> None:
    n, masks = case
    total = min(total, n * (n + 1) // 2)
    got = xsum_supports(total, masks, n)
    true = _true_supports(masks, n, lambda p: sum(p[:p[0]]) == total)
    if got is None:
        assert true is None
        return
    assert all(g & ~m == 0 for g, m in zip(got, masks, strict=True))
    if true is not None:
        assert all(t & ~g == 0 for t, g in zip(true, got, strict=True))
        assert got[0] == true[0]   # the first cell (X itself) is exact
    if all(m & (m - 1) == 0 for m in masks) and len(set(masks)) == n:
        assert (true is None) == (got is None)


@settings(max_examples=300, derandomize=True)
@given(masks_strategy, st.integers(1, 6))
def test_skyscraper_supports_keep_every_filling(case, count: int) -> None:
    n, masks = case
    count = min(count, n)

    def seen(p):
        return sum(1 for i, d in enumerate(p) if d > max(p[:i], default=0))

    got = skyscraper_supports(count, masks, n)
    true = _true_supports(masks, n, lambda p: seen(p) == count)
    if got is None:
        assert true is None
        return
    assert all(g & ~m == 0 for g, m in zip(got, masks, strict=True))
    if true is not None:
        assert all(t & ~g == 0 for t, g in zip(true, got, strict=True))
    if all(m & (m - 1) == 0 for m in masks) and len(set(masks)) == n:
        assert (true is None) == (got is None)


@settings(max_examples=300, derandomize=True)
@given(st.lists(st.integers(1, 15), min_size=4, max_size=4),
       st.lists(st.integers(1, 4), min_size=1, max_size=4), st.booleans())
def test_contain_supports_are_exact_over_the_cells(masks, digits, boxed) -> None:
    """Four cells of a 2x2 (rows and columns see each other; in a box all four do)."""
    links = [0b1110, 0b1101, 0b1011, 0b0111] if boxed else [0b0110, 0b1001, 0b1001, 0b0110]
    keep = [0] * 4
    ok_any = False
    for vals in itertools.product(range(1, 5), repeat=4):
        if any(not masks[i] >> (v - 1) & 1 for i, v in enumerate(vals)):
            continue
        if any(vals[i] == vals[j] for i in range(4) for j in range(4)
               if i != j and links[i] >> j & 1):
            continue
        if all(vals.count(d) >= digits.count(d) for d in set(digits)):
            ok_any = True
            for i, v in enumerate(vals):
                keep[i] |= 1 << (v - 1)
    got = contain_supports(masks, sorted(digits), links)
    if not ok_any:
        # the walk lets the free cells repeat a digit, so it may keep what no filling does
        assert got is None or all(g & ~m == 0 for g, m in zip(got, masks, strict=True))
        return
    assert got is not None
    assert all(k & ~g == 0 for k, g in zip(keep, got, strict=True))


def test_clues_round_trip_and_fit() -> None:
    for con in (XSum.row(2, 15), Skyscraper.column(4, 3, from_bottom=True),
                Quadruple((0, 1, 9, 10), (3, 1, 3)), Kropki((0, 10), "black"), XV((1, 9), 10)):
        assert constraint_from_dict(con.to_dict()) == con
        assert con.fits(9) is None
    assert Quadruple((10, 1, 9, 0), (3, 1)).cells == (0, 1, 9, 10)


@pytest.mark.parametrize(("make", "message"), [
    (lambda: Rules(constraints=(XSum((0, 1, 2), 4),)), "whole row or column"),
    (lambda: Rules(constraints=(XSum.row(0, 46),)), "1..45"),
    (lambda: Rules(constraints=(Skyscraper.column(0, 10),)), "1..9"),
    (lambda: Rules(constraints=(Quadruple((0, 1, 2, 3), (1,)),)), "corner of 2x2"),
    (lambda: Rules(constraints=(Kropki((0, 20)),)), "share a side or a corner"),
    (lambda: Quadruple((0, 1, 9, 10), (1, 2, 3, 4, 5)), "1 to as many digits"),
])
def test_bad_clues_are_refused(make, message) -> None:
    with pytest.raises(ParseError, match=message):
        make()


@pytest.mark.parametrize(("program", "message"), [
    ([16, 10, 3, 0, 1, 2], "whole house"),
    ([16, 0, 4, 0, 1, 2, 3], "X-sum is 1..10"),
    ([17, 5, 4, 0, 1, 2, 3], "skyscraper clue is 1..4"),
    ([17, 2, 4, 0, 1, 1, 3], "differ"),
    ([17, 2, 4, 0, 1, 2], "cut short"),
    ([18, 2, 1, 0, 1, 5, 0, 0], "digit to hold"),
    ([18, 2, 1, 0, 1, 1, 1, 0], "mask of peers"),
    ([18, 9, 1], "1..8 cells"),
])
def test_bad_programs_are_refused(program, message) -> None:
    houses, starts, peers = engine._house_tables(Rules(4))
    with pytest.raises(ValueError, match=message):
        EngineRules(4, houses, starts, peers, [0], [], [], program)


def test_house_clues_on_a_16x16_are_checked_when_filled() -> None:
    """Beyond 12x12 a house clue is only checked once its house is filled: a grid with a
    few cells open completes under its true clues, never under a clue one off."""
    from shudu.make.classic import random_solution

    sol = random_solution(Rules(16), seed=1).cells
    row, column = list(sol[:16]), list(sol[::16])
    x = sum(row[:row[0]])
    seen = sum(1 for i, d in enumerate(column) if d > max(column[:i], default=0))
    puzzle = bytearray(sol)
    for cell in (5, 10, 15, 16 * 7, 16 * 12):   # open cells in row 0 and column 0
        puzzle[cell] = 0
    for clue_x, clue_seen, count in ((x, seen, 1), (x + 1, seen, 0), (x, seen % 16 + 1, 0)):
        rules = Rules(16, constraints=(XSum.row(0, clue_x, 16),
                                       Skyscraper.column(0, clue_seen, 16)))
        assert engine.count(bytes(puzzle), 2, rules) == count
