"""Aligned Pair and Triplet Exclusion: Sudoku Explainer's own steps, words, soundness, a
brute-force check of every removal, and the C search against the Python one."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from test_logic_patterns import check_words

import shudu
from conftest import shared_file
from shudu import Grid
from shudu.logic.step import Step
from shudu.logic.techniques.classic import aligned
from shudu.logic.techniques.classic.aligned import aligned_steps
from shudu.values.candidates import Candidates

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "aligned_se_cases.jsonl"
"""States from Sudoku Explainer's step traces (``diuf.sudoku.test.hints``, on puzzles of
the shared data sets, sudocue_top10000 among them): each state just before one of its
Aligned Pair or Triplet Exclusions, with SE's base cells and removals; then states where
SE went on to its chains (no pair there) or past its chains and cycles (no triplet
there)."""

CASES: list[dict[str, Any]] = [json.loads(line) for line in FIXTURE.read_text().splitlines()]
FOUND = [c for c in CASES if "Aligned" in c["technique"]]
BEYOND = [c for c in CASES if "Aligned" not in c["technique"]]


def state(case: dict[str, Any]) -> Candidates:
    """The candidate state of a case (a placed cell is ``=d``)."""
    masks, values = [], []
    for text in case["state"]:
        if text.startswith("="):
            masks.append(0)
            values.append(int(text[1:]))
        else:
            masks.append(sum(1 << (int(ch) - 1) for ch in text))
            values.append(0)
    return Candidates.from_masks(Grid.empty().rules, masks, values)


def degree(case: dict[str, Any]) -> int:
    return 2 if "Pair" in case["technique"] else 3


def test_the_cases_are_se_s() -> None:
    assert len(FOUND) == 29 and len(BEYOND) == 24
    assert sum(degree(c) == 2 for c in FOUND) == 11


@pytest.mark.parametrize("case", FOUND, ids=lambda c: f"{c['technique']}-{c['cells']}")
def test_the_first_step_is_se_s(case: dict[str, Any]) -> None:
    c = state(case)
    steps = list(aligned_steps(c, degree(case)))
    assert steps, "no aligned exclusion where SE found one"
    first = steps[0]
    assert first.eliminations == tuple(sorted(tuple(x) for x in case["eliminations"]))
    assert sorted(first.role_cells("base")) == case["cells"]
    assert first.technique == ("aligned-pair-exclusion" if degree(case) == 2
                               else "aligned-triplet-exclusion")


@pytest.mark.parametrize("case", FOUND, ids=lambda c: f"{c['technique']}-{c['cells']}")
def test_every_removal_is_sound(case: dict[str, Any]) -> None:
    c = state(case)
    solution = [int(ch) for ch in str(shudu.solve(case["puzzle"]))]
    for step in aligned_steps(c, degree(case)):
        assert all(solution[cell] != d for cell, d in step.eliminations), step.notation()
        assert brute_force_holds(c, step), step.notation()


@pytest.mark.parametrize("case", BEYOND, ids=lambda c: f"{c['technique']}-{c['weight']}")
def test_none_where_se_went_beyond(case: dict[str, Any]) -> None:
    """SE tries the pair before its chains and the triplet after its chains and cycles,
    before Nishio: where it took a chain there is no pair, past them no triplet."""
    c = state(case)
    assert not list(aligned_steps(c, 2))
    if " FC" not in case["technique"]:
        assert not list(aligned_steps(c, 3))


def test_words() -> None:
    for d in (2, 3):
        case = next(c for c in FOUND if degree(c) == d)
        step = next(aligned_steps(state(case), d))
        check_words(step)
        assert step.info.name_zh in ("对齐数对排除", "对齐三数组排除")
        for cell in step.role_cells("base") + step.role_cells("excluder"):
            name = f"r{cell // 9 + 1}c{cell % 9 + 1}"
            assert name in step.text(3, "en") and name in step.text(3, "zh")


def brute_force_holds(c: Candidates, step: Step) -> bool:
    """Whether every filling of the step's base cells that takes a removed candidate puts
    one digit twice in a house or takes every candidate of a cell that sees all of them."""
    cells = step.role_cells("base")
    peer = c.geo.peer_mask
    watchers = [e for e in range(81) if not c.values[e] and c.cell_mask[e]
                and all(peer[b] >> e & 1 for b in cells)]
    gone = set(step.eliminations)
    digits = [[d for d in range(1, 10) if c.cell_mask[b] >> (d - 1) & 1] for b in cells]
    for combo in product(*digits):
        if not any((b, d) in gone for b, d in zip(cells, combo)):
            continue
        twice = any(combo[i] == combo[j] and peer[cells[i]] >> cells[j] & 1
                    for i in range(len(cells)) for j in range(i + 1, len(cells)))
        used = 0
        for d in combo:
            used |= 1 << (d - 1)
        emptied = any(not c.cell_mask[e] & ~used for e in watchers)
        if not (twice or emptied):
            return False
    return True


def random_states(count: int, seed: int = 11) -> Iterator[tuple[Candidates, list[int]]]:
    """States of top1465 puzzles (singles applied) with random wrong candidates removed,
    with their solutions."""
    from shudu.logic.techniques.classic.singles import find_hidden_single, find_naked_single

    rng = random.Random(seed)
    lines = shared_file("top1465.sdm").read_text().split()
    for text in rng.sample(lines, count):
        puzzle = text[:81]
        solution = [int(ch) for ch in str(shudu.solve(puzzle))]
        c = Candidates.from_grid(Grid(puzzle))
        while True:
            single = next((s for f in (find_naked_single, find_hidden_single) for s in f(c)),
                          None)
            if single is None:
                break
            c.apply(single)
        for cell in range(81):
            if c.values[cell]:
                continue
            for d in range(1, 10):
                if d != solution[cell] and c.cell_mask[cell] >> (d - 1) & 1 and rng.random() < 0.3:
                    c.eliminate(cell, d)
        yield c, solution


def test_brute_force_and_the_python_search_on_random_states() -> None:
    """Every removal holds for every combination and fits the solution; the C search (a
    classic grid) finds the same cell sets in the same order as the Python one."""
    checked = 0
    for c, solution in random_states(40):
        for d in (2, 3):
            fast = list(aligned_steps(c, d))
            slow = [s for s in (aligned._step(c, "x", cells) for cells in aligned._cell_sets(c, d))
                    if s.eliminations]
            assert [(s.role_cells("base"), s.eliminations) for s in fast] == \
                [(s.role_cells("base"), s.eliminations) for s in slow]
            for step in fast:
                assert all(solution[cell] != digit for cell, digit in step.eliminations)
                assert brute_force_holds(c, step)
                checked += 1
    assert checked >= 20


@pytest.mark.parametrize("puzzle", [
    "4.9...5.....8....27..3.........4.7...8.....6..1..........6..12.5...9...........3.",
    ".135.........7.4...........1......892.4.6....7.........8.1.....6.....2.....9.3...",
])
def test_the_rater_takes_the_triplet_where_se_does(puzzle: str) -> None:
    """Two puzzles SE rates 7.5 for an Aligned Triplet Exclusion."""
    from shudu.rating.rater import rate

    rated = rate(puzzle)
    assert (rated.score, rated.hardest) == (7.5, "aligned-triplet-exclusion")
