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
from shudu.solving.engine import nested_refutations
from shudu.values.constraints import Cage


def test_the_stored_step_spares_the_solution_and_says_why() -> None:
    """The stored step removes only digits the solution does not hold; its words tell the
    first supposition with its first trials, how many more and the last (after which the
    supposition's state breaks), then name the other suppositions refuted the same way
    (the trials break under a supposition only, so they may hold the solution's digits)."""
    entry = stored_states()["nested-cage-forcing"][0]
    solution = next(engine.solutions(read_cage_string(entry["killer"]))).cells
    (step,) = stored_instances("nested-cage-forcing")
    assert len(step.eliminations) > 1
    assert all(solution[cell] != digit for cell, digit in step.eliminations)
    (cell,), digit = step.role_cells("assumed"), step.get("digit")
    assert (cell, digit) in step.eliminations
    trials, others = step.get("trials"), step.get("others")
    assert len(trials) > 6 and len(others) == len(step.eliminations) - 1
    en, zh = step.text(lang="en"), step.text(lang="zh")
    name = f"r{cell // 9 + 1}c{cell % 9 + 1}"
    assert f"Suppose {name} is {digit}" in en and f"{trials[0]}, " in en
    assert f"and {len(trials) - 6} more" in en
    assert f"once the last of them ({trials[-1]}) is gone, the cage rules break" in en
    assert f"删去最后一个（{trials[-1]}）之后就出现矛盾" in zh
    assert f"{others[0]}, " in en and f"and {len(others) - 6} more each run into" in en
    assert f"假设 {name} 是 {digit}" in zh and f"等 {len(trials)} 个候选数" in zh
    assert f"等 {len(others)} 个候选数也都导致矛盾" in zh


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
    found = nested_refutations(cands.rules, cands.masks(), budget=20_000, limit=81 * 9)
    assert all(solution[cell] != digit for cell, digit, _ in found)
    step = next(find_nested_cage_forcing(cands), None)
    assert (step is None) == (not found)
    assert step is None or all(solution[cell] != digit for cell, digit in step.eliminations)


def test_what_the_state_itself_rules_out_comes_first() -> None:
    """r1c12 make 3 and r1c34 make 7: the state's own propagation keeps 1 and 2 in r1c12
    and 3 and 4 in r1c34, so those four cells' other digits are refuted with no trial,
    in cell order (the cells are open in the state given); the limit keeps the first."""
    rules = Rules(4, constraints=(Cage((0, 1), 3), Cage((2, 3), 7)))
    found = nested_refutations(rules, [15] * 16, limit=100)
    assert found[:8] == ((0, 3, ()), (0, 4, ()), (1, 3, ()), (1, 4, ()),
                         (2, 1, ()), (2, 2, ()), (3, 1, ()), (3, 2, ()))
    assert nested_refutations(rules, [15] * 16, limit=2) == found[:2]


def test_a_limit_keeps_the_first_of_the_same_order() -> None:
    """The search takes the suppositions in one fixed order (those the state's own
    propagation removes, then the strongest states first), so a smaller limit gives a
    prefix of a larger one's refutations, each the same."""
    entry = stored_states()["nested-cage-forcing"][0]
    cands = entry_state(entry)
    found = nested_refutations(cands.rules, cands.masks(), limit=81 * 9)
    assert len(found) > 20
    for limit in (1, 5, len(found) // 2):
        assert nested_refutations(cands.rules, cands.masks(), limit=limit) == found[:limit]


@pytest.mark.parametrize(("masks", "budget", "words"), [
    ([15] * 15, 10, "16 cell masks"),
    ([15] * 15 + [0], 10, "digits 1..4"),
    ([15] * 15 + [16], 10, "digits 1..4"),
])
def test_bad_masks_are_refused(masks: list[int], budget: int, words: str) -> None:
    rules = Rules(4, constraints=(Cage((0, 1), 3),))
    with pytest.raises(ParseError, match=words):
        nested_refutations(rules, masks, budget)


def test_a_limit_below_one_is_refused() -> None:
    rules = Rules(4, constraints=(Cage((0, 1), 3),))
    with pytest.raises(ValueError, match="limit must be at least 1"):
        nested_refutations(rules, [15] * 16, limit=0)


@pytest.mark.parametrize(("data", "budget", "words"), [
    (b"\x0f\x00\x00\x00" * 15, 10, "16 uint32"),
    (b"\x0f\x00\x00\x00" * 15 + b"\x00" * 4, 10, "cell 15"),
    (b"\x0f\x00\x00\x00" * 16, 0, "budget"),
    (b"\x0f\x00\x00\x00" * 16, 10**12, "budget"),
    (b"\x0f\x00\x00\x00" * 16, 10, "limit"),
])
def test_the_binding_checks_its_input(data: bytes, budget: int, words: str) -> None:
    tables = engine._tables(Rules(4, constraints=(Cage((0, 1), 3),)))
    with pytest.raises((ValueError, OverflowError), match=words):
        _engine.nested_refute(tables, data, budget, 0 if words == "limit" else 1)


def test_the_budget_bounds_the_search() -> None:
    """With one propagation allowed, only what the state's own propagation rules out can
    be found; the answer is the same every time."""
    entry = stored_states()["nested-cage-forcing"][0]
    cands = entry_state(entry)
    answers = {nested_refutations(cands.rules, cands.masks(), budget=1) for _ in range(3)}
    assert answers == {()}
    small = {nested_refutations(cands.rules, cands.masks(), budget=2_000, limit=729)
             for _ in range(3)}
    full = nested_refutations(cands.rules, cands.masks(), limit=729)
    assert len(small) == 1 and len(small.pop()) < len(full)


class _Rang(Exception):
    """The timer's signal, raised inside the search."""


def test_a_signal_ends_a_long_search() -> None:
    """A 16x16 killer's search with a budget of 10^8 propagations runs for minutes; a
    timer's signal handler, looked at inside the C search, ends it with its exception,
    and the next search runs normally."""
    import signal

    if not hasattr(signal, "setitimer"):
        pytest.skip("no interval timers on this platform")
    rules = Rules(16, constraints=(Cage((0, 1), 3),))

    def ring(signum: int, frame: object) -> None:
        raise _Rang

    previous = signal.signal(signal.SIGALRM, ring)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.05)
        with pytest.raises(_Rang):
            nested_refutations(rules, [(1 << 16) - 1] * 256, budget=10**8, limit=4096)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    small = Rules(4, constraints=(Cage((0, 1), 3), Cage((2, 3), 7)))
    assert nested_refutations(small, [15] * 16)[0] == (0, 3, ())
