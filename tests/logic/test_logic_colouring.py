"""Colouring: HoDoKu regression cases, words, 3D Medusa checks, and soundness."""

from __future__ import annotations

import pytest
from test_logic_patterns import _cases, check_words, reglib_result, soundness, step_of

from shudu.logic import registry
from shudu.logic.techniques.classic.colouring import find_medusa

CODES = ["0500", "0501", "0502", "0503"]


@pytest.mark.parametrize("code", CODES)
def test_reglib(code: str) -> None:
    passed, total, failed = reglib_result(code)
    assert total > 0
    assert not failed, f"{registry.technique(code).name}: {passed}/{total} passed, failing {failed}"


@pytest.mark.parametrize("code", CODES)
def test_words(code: str) -> None:
    step = step_of(_cases(code)[0], code)
    check_words(step)
    text = step.text(3, "en")
    for role, cells in step.cells:
        assert role.startswith("colour")
        assert all(f"c{cell % 9 + 1}" in text for cell in cells)


def test_medusa_covers_simple_colours() -> None:
    """The library has no 3D Medusa cases: Medusa must prove at least what one-digit
    colouring proves on the Simple Colors cases (its clusters contain those chains)."""
    covered = 0
    cases = _cases("0500") + _cases("0501")
    for case in cases:
        want = set(case.eliminations)
        found = set()
        for step in find_medusa(case.state()):
            found |= set(step.eliminations)
        covered += want <= found
    assert covered >= len(cases) - 1, f"{covered}/{len(cases)}"


def test_medusa_words() -> None:
    step = next(find_medusa(_cases("0501")[0].state()))
    check_words(step)
    assert step.text(3, "en").startswith("3D Medusa: colour 1 ")
    assert step.notation().startswith("3D Medusa: (")


def test_soundness() -> None:
    seen = soundness("colouring")
    assert seen["3d-medusa"] > 0 and seen["simple-colors-trap"] > 0, seen
    assert seen["multi-colors-1"] > 0, seen
