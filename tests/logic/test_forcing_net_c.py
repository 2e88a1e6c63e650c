"""The forcing nets' singles propagation in C (``_engine.net_propagate``) gives what its
Python definition (``Net.reference``) gives, contradictions and their counts included, for
every candidate of many states: classic 9x9, other sizes and variants."""

from __future__ import annotations

import pytest

from conftest import shared_file
from shudu import Grid, Rules
from shudu.logic.solver import SolverConfig, iter_steps
from shudu.logic.techniques.classic.forcing import Net, _net_geometry
from shudu.values.candidates import Candidates, bits
from shudu.values.constraints import Cage


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


def test_level_two_nets_agree_with_the_reference() -> None:
    """Nested nets (level 2: singles plus refutations by plain nets) in C against Python,
    on every candidate of states of a puzzle that needs them (Easter Monster)."""
    hard = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
    checked = stronger = 0
    for state in (Candidates.from_grid(Grid(hard)), _states(hard, every=20)[1]):
        net, plain = Net(state, list(state.digit_mask), 2), Net(state, list(state.digit_mask))
        for i in bits(net.present()):
            place = ((i % net.N, i // net.N),)
            for got, want, low in (
                    (net.propagate(place, ()), net.reference(place, ()), plain.true(i)),
                    (net.propagate((), (i,)), net.reference((), (i,)), plain.false(i))):
                assert got == want, i
                checked += 1
                stronger += got != low   # the refutations proved more than singles
    assert checked > 500 and stronger > 50


def test_nested_nets_find_the_same_steps_in_c() -> None:
    """Level 3 runs in Python on level-2 nets in C: the same steps as all in Python."""
    from shudu.logic.techniques.classic import forcing

    hard = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
    start = Candidates.from_grid(Grid(hard))
    forcing._NET_CACHE.clear()   # nets of other states seed what broke; start afresh
    forcing._NET_LAST.clear()
    fast = [s.notation() for s in forcing.find_nested_forcing_net(start)]
    saved = forcing._net_geometry
    try:
        forcing._net_geometry = lambda geo: None
        forcing._NET_CACHE.clear()
        forcing._NET_LAST.clear()
        slow = [s.notation() for s in forcing.find_nested_forcing_net(start)]
    finally:
        forcing._net_geometry = saved
        forcing._NET_CACHE.clear()
        forcing._NET_LAST.clear()
    assert fast == slow and len(fast) > 100


def test_the_first_broken_net_is_the_python_loop_s() -> None:
    """``net_first_broken`` finds, from a start and then round, the first candidate whose
    plain net breaks, as a loop over the candidates calling ``net_propagate`` does."""
    from shudu import _engine
    from shudu.logic.techniques.classic.forcing import _dm_bytes

    easter = ("1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2"
              ".....1")
    hits = 0
    for cands in _states(easter, every=3)[:4]:
        geo = _net_geometry(cands.geo)
        state = _dm_bytes(list(cands.digit_mask))
        order = [d * 81 + c for d in range(9) for c in bits(cands.digit_mask[d])]
        for start in (0, 5, 300, 728, 729):
            want = (-1, 0)
            for j in [j for j in order if j >= start] + [j for j in order if j < start]:
                got = _engine.net_propagate(geo, state, j % 81, j // 81, -1)
                if got[0] == -1:
                    want = (j, got[1])
                    break
            assert _engine.net_first_broken(geo, state, start) == want
            hits += want[0] >= 0
    assert hits >= 5
    geo = _net_geometry(Candidates.from_grid(Grid.empty()).geo)
    empty = _dm_bytes([(1 << 81) - 1] * 9)
    assert _engine.net_first_broken(geo, empty, 0) == (-1, 0)
    for bad in ((geo, empty, -1), (geo, empty, 730), (geo, empty[:-1], 0), (None, empty, 0)):
        with pytest.raises((ValueError, TypeError)):
            _engine.net_first_broken(*bad)


def _stories(cands: Candidates) -> tuple[int, set[str]]:
    """Compares the C story of every candidate's net (placed, removed, and one digit the
    cell does not hold placed) with the Python reference; (nets, outcomes seen)."""
    from shudu.logic.techniques.classic.forcing import explain_net, explain_net_reference

    N = cands.geo.ncells
    told = 0
    outcomes = set()
    for i in bits(Net(cands, list(cands.digit_mask)).present()):
        cell, d = i % N, i // N
        missing = next((e for e in range(cands.geo.n) if not cands.digit_mask[e] >> cell & 1), d)
        for place, remove in (((cell, d), None), (None, i), ((cell, missing), None),
                              ((cell, d), (d + 1) % cands.geo.n * N + cell)):
            got = explain_net(cands, place, remove)
            assert got == explain_net_reference(cands, place, remove), (place, remove)
            outcomes.add(got[1].split(":")[0])
            told += 1
    return told, outcomes


def test_net_stories_are_the_python_ones() -> None:
    """``explain_net`` (C) keeps the placements, in order, with their kinds and houses,
    and names the outcome as the Python reference does, on classic states along real
    paths and on other grids."""
    lines = shared_file("top1465.sdm").read_text().split()
    told = 0
    outcomes: set[str] = set()
    for puzzle in lines[:3]:
        for state in _states(puzzle, every=15):
            got, seen = _stories(state)
            told, outcomes = told + got, outcomes | seen
    for puzzle, rules in (("1..4" "...." "...." "4..1", Rules(4)),
                          ("." * 80 + "1", Rules(9, diagonals=True, anti_knight=True)),
                          ("12" + "." * 79, Rules(9, windows=True))):
        told += _stories(Candidates.from_grid(Grid(puzzle, rules)))[0]
    assert told > 3000 and outcomes == {"ok", "cell", "house", "clash"}


def test_net_story_bad_input() -> None:
    from shudu import _engine
    from shudu.logic.techniques.classic.forcing import _dm_bytes

    geo = _net_geometry(Candidates.from_grid(Grid.empty()).geo)
    empty = _dm_bytes([(1 << 81) - 1] * 9)
    events, outcome, at, digit = _engine.net_explain(geo, empty, 0, 0, -1)
    assert events == [(0, 1, 0, -1)] and (outcome, at, digit) == (0, -1, 0)
    for bad in ((geo, empty, 81, 0, -1), (geo, empty, 0, 9, -1), (geo, empty, -1, 0, 729),
                (geo, empty[:-1], 0, 0, -1), (None, empty, 0, 0, -1)):
        with pytest.raises((ValueError, TypeError)):
            _engine.net_explain(*bad)
