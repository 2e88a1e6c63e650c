"""The C 9x9 logic solver ``_engine.logic9`` against the Python logic solver.

Both apply "the easiest technique that makes progress" with the same ladder of techniques;
solved/stuck, the hardest level used and the final candidates must agree on every puzzle.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from conftest import shared_file
from shudu import _engine
from shudu.logic.solver import SolverConfig, solve_path
from shudu.solving.engine import solve
from shudu.values.candidates import Candidates
from shudu.values.grid import Grid

# Python technique keys at each C level (locked pairs and triples are the naked subsets
# that the Python solver reports under their own names).
LEVELS: list[tuple[str, ...]] = [
    ("full-house", "hidden-single"),
    ("naked-single",),
    ("pointing",),
    ("claiming",),
    ("locked-pair", "naked-pair"),
    ("x-wing",),
    ("hidden-pair",),
    ("locked-triple", "naked-triple"),
    ("swordfish",),
    ("hidden-triple",),
    ("naked-quad",),
    ("jellyfish",),
    ("hidden-quad",),
]
LEVEL_OF = {key: level for level, keys in enumerate(LEVELS) for key in keys}

PUZZLE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SOLVED = solve(PUZZLE).to_string()


def cells_of(text: str) -> bytes:
    """81 raw values from a puzzle line (``.`` or ``0`` for an empty cell)."""
    return bytes(0 if ch in ".0" else int(ch) for ch in text[:81])


def python_logic(text: str, max_level: int) -> tuple[bool, int, list[int]]:
    """The Python solver limited to the keys of levels ``0..max_level``."""
    if max_level < 0:  # an empty order would mean "every technique"
        start = Candidates.from_grid(Grid(text[:81]))
        return start.is_solved, -1, start.masks()
    order = tuple(key for keys in LEVELS[: max_level + 1] for key in keys)
    path = solve_path(Grid(text[:81]), SolverConfig(order=order))
    hardest = max((LEVEL_OF[s.technique] for s in path.steps), default=-1)
    return path.solved, hardest, path.final.masks()


def sample(path: Path, n: int, rng: random.Random) -> list[str]:
    lines = [ln.strip() for ln in path.read_text().splitlines() if len(ln.strip()) >= 81]
    return rng.sample(lines, min(n, len(lines)))


@pytest.mark.parametrize(("name", "n"), [
    ("qqwing_simple.sdm", 300),
    ("qqwing_easy.sdm", 400),
    ("qqwing_intermediate.sdm", 800),
    ("qqwing_expert.sdm", 600),
    ("top1465.sdm", 1000),
])
def test_agrees_with_python_solver(name: str, n: int) -> None:
    rng = random.Random(name)
    for text in sample(shared_file(name), n, rng):
        # every other puzzle with the full ladder, the rest with a random ceiling
        top = len(LEVELS) - 1 if rng.random() < 0.5 else rng.randrange(-1, len(LEVELS))
        solved, hardest, masks = _engine.logic9(cells_of(text), top)
        assert (solved, hardest, list(masks)) == python_logic(text, top), (text, top)


def test_levels_and_results() -> None:
    solved, hardest, masks = _engine.logic9(cells_of(PUZZLE), 12)
    assert solved and hardest == 0
    assert [m.bit_length() for m in masks] == [int(ch) for ch in SOLVED]
    # a complete grid needs nothing; an empty grid gets nowhere
    assert _engine.logic9(cells_of(SOLVED), -1)[:2] == (True, -1)
    solved, hardest, masks = _engine.logic9(bytes(81), 12)
    assert (solved, hardest) == (False, -1) and set(masks) == {0x1FF}
    # without techniques only a complete grid is solved
    assert _engine.logic9(cells_of(PUZZLE), -1)[:2] == (False, -1)
    # any bytes-like object of 81 values is accepted
    assert _engine.logic9(bytearray(cells_of(PUZZLE)), 0)[0]
    assert _engine.logic9(memoryview(cells_of(PUZZLE)), 0)[0]


def test_conflicting_givens_are_stuck() -> None:
    for bad in ("11" + "." * 79, "1" + "." * 8 + "1" + "." * 71, "1" + "." * 9 + "1" + "." * 70):
        assert _engine.logic9(cells_of(bad), 12)[:2] == (False, -1)
    # a complete grid with a repeated digit is not solved either
    broken = SOLVED[0] + SOLVED[0] + SOLVED[2:]
    assert not _engine.logic9(cells_of(broken), 12)[0]


@pytest.mark.parametrize("args", [
    (b"",), (bytes(81),), (bytes(81), 0, 0), (bytes(80), 0), (bytes(82), 0),
    (bytes([10]) + bytes(80), 0), (bytes([255]) * 81, 0), (b"." * 81, 0), ("0" * 81, 0),
    (None, 0), (bytes(81), -2), (bytes(81), 13), (bytes(81), 2**70), (bytes(81), "1"),
])
def test_bad_arguments(args: tuple[object, ...]) -> None:
    with pytest.raises((TypeError, ValueError, OverflowError)):
        _engine.logic9(*args)


def _state(puzzle: str) -> tuple[bytes, bytes]:
    from array import array

    c = Candidates.from_grid(Grid(puzzle[:81]))
    return bytes(c.values), array("H", c.cell_mask).tobytes()


def test_state_continues_like_a_fresh_solve() -> None:
    """From the givens' own pencilmarks, logic9_state ends where logic9 does."""
    for line in sample(shared_file("qqwing_expert.sdm"), 40, random.Random(3)):
        values, masks = _state(line)
        solved, hardest, final = _engine.logic9(cells_of(line), 12)
        status, hardest2, passes, out_values, out_masks = _engine.logic9_state(values, masks, 12)
        assert status == int(solved) and hardest2 == hardest
        assert sum(passes) > 0 and max(k for k, n in enumerate(passes) if n) == hardest
        for v, m, f in zip(out_values, out_masks, final):
            assert (1 << (v - 1) if v else m) == f


def test_state_contradiction_and_bad_arguments() -> None:
    from array import array

    masks = array("H", [0] + [511] * 80).tobytes()
    assert _engine.logic9_state(bytes(81), masks, 12)[0] == -1
    for args in ((bytes(81), bytes(161), 0), (bytes(81), array("H", [512] * 81).tobytes(), 0),
                 (bytes([10]) * 81, bytes(162), 0), ("0" * 81, bytes(162), 0),
                 (bytes(81), bytes(162), 13), (bytes(81), bytes(162))):
        with pytest.raises((TypeError, ValueError)):
            _engine.logic9_state(*args)


def test_probe_names_the_easiest_useful_level() -> None:
    """logic9_probe agrees with the Python finders: the first level whose techniques make
    progress in the state, -1 when none does."""
    from shudu.logic import accel9
    from shudu.logic.registry import technique

    for line in sample(shared_file("top1465.sdm"), 40, random.Random(5)):
        c = Candidates.from_grid(Grid(line[:81]))
        for _ in range(6):
            level = accel9.probe(c)
            useful = [k for k, keys in enumerate(LEVELS)
                      if any(s.progress for key in keys for s in technique(key).find(c))]
            assert level == (useful[0] if useful else -1), line
            if level < 0:
                break
            accel9.fixpoint(c, level)
    with pytest.raises((TypeError, ValueError)):
        _engine.logic9_probe(bytes(81), bytes(161))
