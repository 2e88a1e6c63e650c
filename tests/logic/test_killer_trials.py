"""The cage forcing chain's trials walked in C (``csrc/logic/ktrial9.c``) break exactly
where the Python trial, which records the reasons, breaks; and the path is the same
with or without the C walk."""

from __future__ import annotations

from pathlib import Path

from shudu.formats.killer import read_cage_string, read_killer_list
from shudu.logic.solver import iter_steps, solve_path
from shudu.logic.techniques.variant import killer_forcing
from shudu.logic.techniques.variant.killer_forcing import _c_layout, _CWalk, _trial
from shudu.values.candidates import Candidates, bits

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "killer_published.txt"


def _puzzles() -> list[str]:
    return [line.split()[0] for line in FIXTURE.read_text().splitlines()
            if line.strip() and not line.startswith("#")]


def _states(puzzle: str, at: tuple[int, ...]) -> list[Candidates]:
    grid = read_killer_list(puzzle) if puzzle.startswith("3x3") else read_cage_string(puzzle)
    run = iter_steps(grid)
    out = []
    for i, _ in enumerate(run):
        if i in at:
            out.append(run.final.copy())
        if i >= max(at):
            break
    return out


def test_the_c_walk_breaks_where_the_python_trial_does() -> None:
    broken = tried = 0
    for puzzle in _puzzles()[:4]:
        for cands in _states(puzzle, (3, 25, 60)):
            assert _c_layout(cands.rules) is not None
            walk = _CWalk(cands)
            for cell in range(81):
                for b in bits(cands.cell_mask[cell]):
                    want = _trial(cands, cell, b + 1).broken is not None
                    assert walk.breaks(cell, b) == want, (puzzle, cell, b + 1)
                    broken += want
                    tried += 1
    assert tried > 1000 and broken > 50


def test_the_path_is_the_same_without_the_c_walk(monkeypatch) -> None:
    puzzle = _puzzles()[0]
    grid = read_cage_string(puzzle)
    fast = [s.notation() for s in solve_path(grid).steps]
    monkeypatch.setattr(killer_forcing, "_c_layout", lambda rules: None)
    slow = [s.notation() for s in solve_path(grid).steps]
    assert fast == slow and any("Cage Forcing Chain" in s for s in fast)
