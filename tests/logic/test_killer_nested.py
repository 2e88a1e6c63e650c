"""Nested cage forcing: the engine's nested refutation, and the killer technique built on
it.  Every refutation must spare the solution; bad masks and budgets are refused with a
clear error; the stored step (a state of tarek's 9th killer where every single
assumption stands) is found again, and its words name the supposition and the trials."""

from __future__ import annotations

import random

import pytest
from test_logic_words import entry_state, stored_states
from test_logic_words import instances as stored_instances

from shudu import Rules, _engine
from shudu.errors import ParseError
from shudu.formats.killer import read_cage_string
from shudu.logic.solver import as_candidates
from shudu.logic.techniques.variant.killer_nested import find_nested_cage_forcing
from shudu.make.killer import generate_killer
from shudu.solving import engine
from shudu.solving.engine import nested_refutation
from shudu.values.constraints import Cage


def test_the_stored_step_spares_the_solution_and_says_why() -> None:
    """The stored step removes a digit the solution does not hold; its words name the
    supposition, the first trials and how many more (the trials break under the
    supposition only, so they may hold the solution's digits)."""
    entry = stored_states()["nested-cage-forcing"][0]
    solution = next(engine.solutions(read_cage_string(entry["killer"]))).cells
    (step,) = stored_instances("nested-cage-forcing")
    ((cell, digit),) = step.eliminations
    assert solution[cell] != digit
    trials = step.get("trials")
    assert len(trials) > 6
    en, zh = step.text(lang="en"), step.text(lang="zh")
    name = f"r{cell // 9 + 1}c{cell % 9 + 1}"
    assert f"Suppose {name} is {digit}" in en and f"{trials[0]}, " in en
    assert f"and {len(trials) - 6} more" in en
    assert f"假设 {name} 是 {digit}" in zh and f"等 {len(trials)} 个候选数" in zh


@pytest.mark.parametrize("seed", range(1, 7))
def test_refutations_spare_the_solution_on_thinned_killer_states(seed: int) -> None:
    """Generated killers, their candidates thinned by removing some wrong digits: each
    candidate the nested net refutes is not the solution's digit."""
    made = generate_killer(seed=seed)
    solution = made.solution.cells
    rng = random.Random(seed)
    cands = as_candidates(made.puzzle)
    for cell in rng.sample(range(81), 30):
        for d in cands.digits_of(cell):
            if d != solution[cell] and rng.random() < 0.5:
                cands.eliminate(cell, d)
    found = nested_refutation(cands.rules, cands.masks(), budget=20_000)
    if found is not None:
        cell, digit, _ = found
        assert solution[cell] != digit
    step = next(find_nested_cage_forcing(cands), None)
    assert (step is None) == (found is None)


def test_a_candidate_the_state_itself_rules_out_comes_first() -> None:
    """r1c12 make 3: the state's own propagation keeps 1 and 2 there, so 3 in r1c1 is
    refuted with no trial (the cells are open in the state given)."""
    rules = Rules(4, constraints=(Cage((0, 1), 3), Cage((2, 3), 7)))
    assert nested_refutation(rules, [15] * 16) == (0, 3, ())


@pytest.mark.parametrize(("masks", "budget", "words"), [
    ([15] * 15, 10, "16 cell masks"),
    ([15] * 15 + [0], 10, "digits 1..4"),
    ([15] * 15 + [16], 10, "digits 1..4"),
])
def test_bad_masks_are_refused(masks: list[int], budget: int, words: str) -> None:
    rules = Rules(4, constraints=(Cage((0, 1), 3),))
    with pytest.raises(ParseError, match=words):
        nested_refutation(rules, masks, budget)


@pytest.mark.parametrize(("data", "budget", "words"), [
    (b"\x0f\x00\x00\x00" * 15, 10, "16 uint32"),
    (b"\x0f\x00\x00\x00" * 15 + b"\x00" * 4, 10, "cell 15"),
    (b"\x0f\x00\x00\x00" * 16, 0, "budget"),
    (b"\x0f\x00\x00\x00" * 16, 10**12, "budget"),
])
def test_the_binding_checks_its_input(data: bytes, budget: int, words: str) -> None:
    tables = engine._tables(Rules(4, constraints=(Cage((0, 1), 3),)))
    with pytest.raises((ValueError, OverflowError), match=words):
        _engine.nested_refute(tables, data, budget)


def test_the_budget_bounds_the_search() -> None:
    """With one propagation allowed, only what the state's own propagation rules out can
    be found; the answer is the same every time."""
    entry = stored_states()["nested-cage-forcing"][0]
    cands = entry_state(entry)
    answers = {nested_refutation(cands.rules, cands.masks(), budget=1) for _ in range(3)}
    assert answers == {None}
