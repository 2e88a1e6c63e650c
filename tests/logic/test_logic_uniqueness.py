"""Uniqueness techniques: HoDoKu regression cases, words, givens, and soundness."""

from __future__ import annotations

import pytest
from test_logic_patterns import _cases, check_words, reglib_result, soundness, step_of

from reglib import Case
from shudu import Grid
from shudu.logic import SolverConfig, registry, solve_path
from shudu.logic.techniques.classic.uniqueness import find_avoidable_rectangle_1
from shudu.values.candidates import Candidates

CODES = ["0600", "0601", "0602", "0603", "0604", "0605", "0606", "0607", "0608", "0610"]


def state(case: Case) -> Candidates:
    """The case's pencilmarks, with only the real givens (no ``+``) marked as givens.

    ``Case.state`` counts every digit of the givens field as a given; Avoidable
    Rectangles need to tell givens from digits placed while solving.
    """
    cands = case.state()
    givens, g, i = [], case.givens, 0
    while i < len(g):
        if g[i] == "+":
            givens.append(0)
            i += 2
            continue
        givens.append(int(g[i]) if g[i] in "123456789" else 0)
        i += 1
    cands.givens = bytes(givens)
    return cands


@pytest.mark.parametrize("code", CODES)
def test_reglib(code: str) -> None:
    passed, total, failed = reglib_result(code, state=state)
    assert total > 0
    assert not failed, f"{registry.technique(code).name}: {passed}/{total} passed, failing {failed}"


@pytest.mark.parametrize("code", CODES)
def test_words(code: str) -> None:
    case = next(c for c in _cases(code) if not c.fail_case)
    step = step_of(case, code, state(case))
    check_words(step)
    assert registry.technique(code).uniqueness


def test_avoidable_rectangle_needs_placed_cells() -> None:
    case = _cases("0607")[0]
    assert list(find_avoidable_rectangle_1(state(case)))
    # the same digits all counted as givens: nothing may be swapped, nothing found
    all_given = state(case)
    all_given.givens = bytes(all_given.values)
    assert not list(find_avoidable_rectangle_1(all_given))


def test_off_by_default() -> None:
    keys = {t.key for t in SolverConfig().enabled()}
    assert "ur-type-1" not in keys and "bug-plus-1" not in keys
    keys = {t.key for t in SolverConfig(uniqueness=True).enabled()}
    assert {"ur-type-1", "hidden-rectangle", "bug-plus-1"} <= keys


def test_bug_plus_1_solves() -> None:
    case = _cases("0610")[0]
    path = solve_path(case.state(), SolverConfig(order=("naked single", "hidden single",
                                                       "full house", "bug+1"),
                                                uniqueness=True))
    assert path.solved and "bug-plus-1" in path.counts()


def test_no_rectangles_on_anti_knight() -> None:
    rules = Grid.empty().rules.replace(anti_knight=True)
    masks = [0b111111111] * 81
    for cell in (0, 1, 9):
        masks[cell] = 0b11
    masks[10] = 0b111
    assert list(registry.technique("ur-type-1").find(Candidates.from_masks(rules, masks))) == []
    masks_std = Candidates.from_masks(Grid.empty().rules, masks)
    assert list(registry.technique("ur-type-1").find(masks_std)) == []  # same box: no UR


def test_soundness() -> None:
    seen = soundness("uniqueness")
    assert seen["ur-type-4"] > 0 and seen["hidden-rectangle"] > 0, seen
    assert seen["avoidable-rectangle-1"] > 0, seen
