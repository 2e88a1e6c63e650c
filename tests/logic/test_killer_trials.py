"""The cage forcing chain's trials walked in C (``csrc/logic/ktrial9.c``) break exactly
where the Python trial, which records the reasons, breaks; the cage combination forcing's
trials (a cage's cells kept to each combination) end where the Python trials end; and the
path is the same with or without the C walk."""

from __future__ import annotations

from pathlib import Path

from shudu.formats.killer import read_cage_string, read_killer_list
from shudu.logic.solver import iter_steps, solve_path
from shudu.logic.techniques.variant import killer_forcing, killer_verity
from shudu.logic.techniques.variant.cage_sums import cage_options, cage_sums
from shudu.logic.techniques.variant.killer_forcing import _c_layout, _CWalk, _trial
from shudu.values.candidates import Candidates, bits

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "killer_published.txt"


HUMAN_SOLVABLE_DIAGONAL = (
    "3x3:d:k:7707:21:28:4880:4880:4880:29:30:5401:31:7707:3339:3339:5140:3338:3338:5401:3"
    "2:33:3084:7707:5140:5140:5140:5401:3337:34:5137:3084:7707:7707:5140:2586:5401:3337:6"
    "158:5137:3858:3858:3352:3352:3352:2586:2586:6158:5137:3334:3858:3858:4631:4886:4886:"
    "3335:6158:35:3334:5139:4631:4631:4886:36:3335:6158:37:5139:3333:3333:4886:3336:3336:"
    "38:39:5139:40:41:6927:6927:6927:6927:42:43:"
)
"""A killer with diagonals (the fifth of the human-solvable collection of
``benchmarks/data/killer_collections.tsv``)."""


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
    for puzzle in [*_puzzles()[:4], HUMAN_SOLVABLE_DIAGONAL]:
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


def test_the_combinations_end_alike_in_c_and_python(monkeypatch) -> None:
    """Every cage of two to eight combinations, each combination followed: what the
    cells can hold after those that stand, which break, and the most cells one filled
    are the same from the C walk and from the Python trial."""
    followed = broken = 0
    for puzzle in [*_puzzles()[:4], HUMAN_SOLVABLE_DIAGONAL]:
        for cands in _states(puzzle, (3, 25, 60)):
            masks, values = cands.cell_mask, cands.values
            for cage in cage_sums(cands.rules):
                free = [c for c in cage.cells if not values[c]]
                left = cage.total - sum(values[c] for c in cage.cells)
                _, combos = cage_options(9, left, tuple(masks[c] for c in free))
                if len(free) < 2 or not 2 <= len(combos) <= killer_verity.MAX_COMBOS:
                    continue
                fast = killer_verity._follow(cands, free, combos)
                with monkeypatch.context() as m:
                    m.setattr(killer_verity, "_c_layout", lambda rules: None)
                    slow = killer_verity._follow(cands, free, combos)
                assert fast == slow, (puzzle, cage.cells)
                followed += 1
                broken += bool(fast and fast[1])
    assert followed > 50 and broken > 5


def test_the_path_is_the_same_without_the_c_walk(monkeypatch) -> None:
    puzzle = _puzzles()[0]
    grid = read_cage_string(puzzle)
    fast = [s.notation() for s in solve_path(grid).steps]
    monkeypatch.setattr(killer_forcing, "_c_layout", lambda rules: None)
    slow = [s.notation() for s in solve_path(grid).steps]
    assert fast == slow and any("Cage Forcing Chain" in s for s in fast)
