"""The forcing nets' singles propagation in C (``_engine.net_propagate``) gives what its
Python definition (``Net.reference``) gives, contradictions and their counts included, for
every candidate of many states: classic 9x9, other sizes and variants."""

from __future__ import annotations

import pytest

from conftest import shared_file
from shudu import Grid, Rules
from shudu.constraints import Cage
from shudu.logic.candidates import Candidates, bits
from shudu.logic.forcing import Net, _net_geometry
from shudu.logic.solver import SolverConfig, iter_steps


def _agree(cands: Candidates) -> tuple[int, int]:
    """(assumptions checked, of which contradictions) over every candidate, both ways."""
    net = Net(cands, list(cands.digit_mask))
    assert _net_geometry(cands.geo) is not None
    checked = broken = 0
    for i in bits(net.present()):
        place = ((i % net.N, i // net.N),)
        for got, want in ((net.propagate(place, ()), net.reference(place, ())),
                          (net.propagate((), (i,)), net.reference((), (i,)))):
            assert got == want, i
            checked += 1
            broken += got[0] == -1
    return checked, broken


def _states(puzzle: str, rules: Rules | None = None, every: int = 7) -> list[Candidates]:
    """The start of a path and every few states along it."""
    run = iter_steps(Grid(puzzle, rules) if rules else puzzle,
                     SolverConfig(uniqueness=rules is None), max_steps=60)
    out = [run.final.copy()]
    for k, _ in enumerate(run):
        if k % every == 0:
            out.append(run.final.copy())
    return out


def test_classic_states_along_real_paths() -> None:
    lines = shared_file("top1465.sdm").read_text().split()
    checked = broken = 0
    for puzzle in lines[:12]:
        for state in _states(puzzle):
            done, bad = _agree(state)
            checked, broken = checked + done, broken + bad
    assert checked > 5000 and broken > 500


@pytest.mark.parametrize("puzzle, rules", [
    ("1..4" "...." "...." "4..1", Rules(4)),
    ("1....6" + "." * 24 + "6....1", Rules(6)),
    ("." * 80 + "1", Rules(9, diagonals=True, anti_knight=True)),
    ("12" + "." * 79, Rules(9, windows=True)),
    ("." * 81, Rules(9, constraints=(Cage((0, 1, 2), 6), Cage((10, 11), 17)))),
])
def test_other_grids(puzzle: str, rules: Rules) -> None:
    state = Candidates.from_grid(Grid(puzzle, rules))
    assert _agree(state)[0] > 0


def test_a_grid_too_large_stays_in_python() -> None:
    state = Candidates.from_grid(Grid("." * 256, Rules(16)))
    assert _net_geometry(state.geo) is None
    net = Net(state, list(state.digit_mask))
    assert net.true(0) == net.reference(((0, 0),), ())
