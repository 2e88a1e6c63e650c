"""Sudoku Explainer's static forcing chains and cycles as the rater's rung of chains on a
classic 9x9 state: sound, in SE's order, named after the patterns they are, and what the
rung of static contradictions after it would find they find first."""

from __future__ import annotations

from array import array

import pytest

from shudu import _engine, solve
from shudu.logic.solver import as_candidates
from shudu.logic.techniques.classic.forcing import find_forcing_chain_contradiction
from shudu.logic.techniques.classic.patterns import (
    find_skyscraper,
    find_two_string_kite,
    pattern_step,
)
from shudu.logic.techniques.classic.sestatic import DOC_PUZZLE, static_moves
from shudu.logic.weighed import Walk
from shudu.rating.rater import rate

PUZZLES = (
    DOC_PUZZLE,
    "6.9.....8...3.1...4............6...4.2.....3..7....5...1.5...7.8...9..........2..",
    "7.6...42.8.......7......93....2.5.6442........6..8.2.....5.6.....31.4.....5.7..9.",
    "..4...3...9.27.54..6......291.6.5..7.....4.3.3..19..5.6...4...........93.7..5....",
)


def _chain_states(puzzle: str) -> list:
    """The states of the rater's walk where its rung of chains has something."""
    out = []
    walk = Walk.of(puzzle)
    while moves := walk.scan():
        if static_moves(walk.state, 0.0):
            out.append(walk.state.copy())
        if not walk.take(moves):
            break
    return out


def test_every_move_is_sound_and_in_se_order() -> None:
    moves_seen = 0
    for puzzle in PUZZLES:
        solution = str(solve(puzzle))
        for state in _chain_states(puzzle):
            moves = static_moves(state, 0.0)
            weights = [w for w, _, _, _ in moves]
            assert weights == sorted(weights) and weights[-1] == weights[0]
            for _, key, step, _ in moves:
                assert step is not None and step.eliminations, key
                for cell, digit in step.eliminations:
                    assert int(solution[cell]) != digit, step.notation()
                moves_seen += 1
    assert moves_seen > 20


def test_the_ceiling_lets_heavier_hints_in() -> None:
    state = _chain_states(PUZZLES[1])[0]
    easiest = static_moves(state, 0.0)
    more = static_moves(state, 9.9)
    assert len(more) > len(easiest) and more[:len(easiest)] == easiest
    assert max(w for w, _, _, _ in more) > easiest[0][0]


def test_the_rater_reaches_se_s_rating() -> None:
    # serate 2022.3.24 and se_ratings.tsv: 7.2 (an earlier rung of chains said 7.1)
    assert rate(PUZZLES[1]).score == 7.2
    assert rate(PUZZLES[2]).score == 7.1


def test_patterns_are_named_from_their_chain() -> None:
    c = as_candidates("16328975479.4.38.148.1.....6397142858475."
                      "...3251..847.528.41.979748.5..23169..548")
    for finder in (find_skyscraper, find_two_string_kite):
        for step in finder(c):
            p, x, y, q = (cell for cell, _ in step.role_candidates("chain"))
            built = pattern_step(c, step.digits[0], (p, x, y, q))
            assert built is not None and built.technique == step.technique
            assert set(built.eliminations) == set(step.eliminations)
    assert pattern_step(c, 6, (41, 23, 25, 53)) is None   # r3c8 holds no 6


def test_static_contradictions_are_chains_of_the_rung() -> None:
    """A contradiction of the static links (A implies B and not B) is a chain from A to
    not A: what it proves, the rung's hints prove too."""
    checked = 0
    for puzzle in PUZZLES:
        for state in _chain_states(puzzle)[:6]:
            removed = set()
            for _, _, _, removals, _ in _hints(state):
                removed |= {(r % 81, r // 81 + 1) for r in removals}
            for step in find_forcing_chain_contradiction(state):
                if step.eliminations:
                    assert set(step.eliminations) <= removed, step.notation()
                for cell, digit in step.placements:
                    others = {(cell, d) for d in range(1, 10)
                              if d != digit and state.has(cell, d)}
                    assert others <= removed, step.notation()
                checked += 1
    assert checked > 5


def _hints(state) -> list:
    return _engine.sestatic9(array("H", state.cell_mask).tobytes(), 99.0)


def test_the_binding_checks_its_arguments() -> None:
    masks = array("H", [511] * 81).tobytes()
    assert _engine.sestatic9(masks) == []
    for bad in (masks[:-2], masks + b"\0\0", b"\xff" * 162):
        with pytest.raises(ValueError):
            _engine.sestatic9(bad)
    with pytest.raises(TypeError):
        _engine.sestatic9("x" * 162)
    with pytest.raises(TypeError):
        _engine.sestatic9(masks, "high")
    with pytest.raises(TypeError):
        _engine.sestatic9()
