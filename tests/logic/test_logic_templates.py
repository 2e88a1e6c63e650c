"""Templates (Template Set, Template Delete): HoDoKu regression cases, words, soundness."""

from __future__ import annotations

import pytest
from test_logic_patterns import _cases, check_words, reglib_result, soundness, step_of

from shudu import Grid, Rules
from shudu.logic import SolverConfig, registry, solve_path
from shudu.logic.techniques.classic.templates import find_template_set, templates
from shudu.values.candidates import Candidates

CODES = ["1201", "1202"]


@pytest.mark.parametrize("code", CODES)
def test_reglib(code: str) -> None:
    passed, total, failed = reglib_result(code)
    assert total > 0
    assert not failed, f"{registry.technique(code).name}: {passed}/{total} passed, failing {failed}"


@pytest.mark.parametrize("code", CODES)
def test_words(code: str) -> None:
    case = _cases(code)[0]
    if case.placements:
        want = set(case.placements)
        step = next(s for s in registry.technique(code).find(case.state())
                    if want <= set(s.placements))
    else:
        step = step_of(case, code)
    check_words(step)
    for lang in ("en", "zh"):
        text = step.text(3, lang)
        for cell, _ in step.placements + step.eliminations:
            assert f"r{cell // 9 + 1}c" in text


def test_template_count_by_hand() -> None:
    # an empty classic grid: 46,656 layouts of one digit
    assert len(templates(Candidates.from_grid(Grid.empty(Rules())), 5)) == 46656
    # a digit placed in all but one box: one layout left, its last cell is set
    grid = Grid("1........" "...1....." "......1.." ".1......." "....1...." ".......1."
                "..1......" ".....1..." ".........")
    c = Candidates.from_grid(grid)
    assert len(templates(c, 1)) == 1
    (step,) = [s for s in find_template_set(c) if s.digits == (1,)]
    assert step.placements == ((80, 1),)


def test_off_by_default_and_enabled_by_name() -> None:
    keys = {t.key for t in SolverConfig().enabled()}
    assert "template-set" not in keys and "template-delete" not in keys
    assert {t.key for t in registry.resolve("templates")} == {"template-set", "template-delete"}
    keys = {t.key for t in SolverConfig(extra=frozenset({"1201", "1202"})).enabled()}
    assert {"template-set", "template-delete"} <= keys


def test_solver_takes_template_steps_by_name() -> None:
    case = _cases("1201")[0]
    order = ("template set", "template delete", "full house", "hidden single", "naked single")
    path = solve_path(case.state(), SolverConfig(order=order))
    assert path.steps[0].technique == "template-set" and path.solved


def test_soundness() -> None:
    seen = soundness("templates", count=150)
    assert seen["template-set"] > 0 and seen["template-delete"] > 0
