"""On 9x9 grids beyond the classic one whose rows, columns and boxes are the usual ones
(diagonals, windows, anti-knight peers, a killer's cages), the solver asks the classic C
detector before Sue de Coq's Python finder: whenever the finder has a step that changes
the state, the detector says so, and a killer-X's explained path is the one the finder
alone gives."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from constraint_cases import thinned_state
from shudu import Grid, Rules
from shudu.formats.killer import read_killer_list
from shudu.logic import accel9, solver
from shudu.logic.solver import _changes, _usual_lines_and_boxes, iter_steps
from shudu.logic.techniques.classic.sdc import find_sue_de_coq

FIXTURE = Path(__file__).parents[1] / "fixtures" / "killer_x.txt"


def _killer_x() -> Grid:
    puzzle = next(line for line in FIXTURE.read_text().splitlines()
                  if line and not line.startswith("#"))
    return read_killer_list(puzzle)


@pytest.mark.parametrize("rules", [Rules(diagonals=True), Rules(9, windows=True),
                                   Rules(9, anti_knight=True)], ids=["x", "windoku", "knight"])
def test_the_detector_sees_every_sue_de_coq_the_finder_finds(rules: Rules) -> None:
    assert _usual_lines_and_boxes(rules)
    rng = random.Random(11)
    found = 0
    for k in range(120):
        cands = thinned_state(rules, k, rng, (10, 40), (20, 60), (2, 6))
        has = any(_changes(cands, s) for s in find_sue_de_coq(cands))
        seen = accel9.detect(cands, bytes([accel9.DETECT_ID["sue-de-coq"]])) >= 0
        assert seen or not has, k
        found += has
    assert found > 0   # the finder did find some


def test_a_killer_x_path_is_the_finders_own(monkeypatch: pytest.MonkeyPatch) -> None:
    grid = _killer_x()
    asked = [(s.technique, s.eliminations, s.placements) for s in iter_steps(grid)]
    monkeypatch.setattr(solver, "LINES_AND_BOXES", frozenset())
    alone = [(s.technique, s.eliminations, s.placements) for s in iter_steps(grid)]
    assert asked == alone and len(asked) > 100
