"""Wings and Remote Pairs: HoDoKu regression cases, words, and soundness on real puzzles."""

from __future__ import annotations

import pytest
from test_logic_patterns import check_words, reglib_result, soundness, step_of

from shudu import Grid
from shudu.logic import registry
from shudu.logic.techniques.classic.wings import find_wxyz_wing, find_xy_wing
from shudu.values.candidates import Candidates

CODES = ["0800", "0801", "0803", "0703"]


@pytest.mark.parametrize("code", CODES)
def test_reglib(code: str) -> None:
    passed, total, failed = reglib_result(code)
    assert total > 0
    assert not failed, f"{registry.technique(code).name}: {passed}/{total} passed, failing {failed}"


@pytest.mark.parametrize("code", CODES)
def test_words(code: str) -> None:
    from test_logic_patterns import _cases

    case = _cases(code)[0]
    step = step_of(case, code)
    check_words(step)
    text = step.text(3, "en") + step.text(3, "zh")
    for role in ("pivot", "pincer", "wing", "chain"):
        for cell in step.role_cells(role):
            assert f"r{cell // 9 + 1}c{cell % 9 + 1}" in text


def _state(masks: dict[str, str]) -> Candidates:
    """A 9x9 state: every cell open except the named ones (``r1c1``: ``"12"``)."""
    cells = [0b111111111] * 81
    for name, digits in masks.items():
        r, c = int(name[1]) - 1, int(name[3]) - 1
        cells[r * 9 + c] = sum(1 << (int(d) - 1) for d in digits)
    return Candidates.from_masks(Grid.empty().rules, cells)


def test_xy_wing_by_hand() -> None:
    c = _state({"r1c1": "12", "r1c5": "13", "r3c2": "23"})
    (step,) = [s for s in find_xy_wing(c)]
    assert step.notation() == "XY-Wing: 1/2/3 r1c1,r1c5,r3c2 => r1c23<>3, r3c456<>3"
    c = _state({"r1c1": "12", "r1c5": "13", "r3c2": "24"})
    assert list(find_xy_wing(c)) == []


def test_wxyz_wing_by_hand() -> None:
    # r1c1 {1,2,3}, r1c4 {1,4}, r1c5 {2,4}, r2c2 {3,4}: only 4 is not confined to one house
    c = _state({"r1c1": "123", "r1c4": "14", "r1c5": "24", "r2c2": "34"})
    steps = list(find_wxyz_wing(c))
    assert len(steps) == 1
    assert set(steps[0].eliminations) == {(1, 4), (2, 4), (12, 4), (13, 4), (14, 4)}
    assert steps[0].notation().endswith("=> r1c23<>4, r2c456<>4")
    # with 3 also in r1c4, both 3 and 4 are loose: no WXYZ-Wing
    c = _state({"r1c1": "123", "r1c4": "134", "r1c5": "24", "r2c2": "34"})
    assert list(find_wxyz_wing(c)) == []


def test_soundness() -> None:
    seen = soundness("wings")
    assert seen["xy-wing"] > 0 and seen["w-wing"] > 0 and seen["xyz-wing"] > 0, seen
