"""The rater's C helpers against Python, on every state a rating walk meets.

* SE's "direct" forms (``accel9.direct``): yes exactly when the Python finder of
  pointing, claiming, hidden pair or hidden triple yields a step whose eliminations leave
  a hidden single.  "No" where Python finds one would change ratings, so the test asks
  for equality both ways.
* The digit trios a tridagon may use (``accel9.trios``): those that nine open cells of
  four boxes fit in, as a plain count finds them.

The states: those the rater scans on a sample of the shared collections (the fallback
puzzles where they are absent), and each again with a few wrong candidates removed.
"""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from conftest import SHARED_DATA, wrong_candidates
from shudu.logic import weighed
from shudu.logic.accel9 import DIRECT, direct, trios
from shudu.logic.registry import direct_houses, leaves_hidden_single, technique
from shudu.solving.engine import solve
from shudu.values.candidates import Candidates
from shudu.values.grid import Grid

SETS = ("top1465.sdm", "qqwing_expert.sdm", "qqwing_intermediate.sdm")
FALLBACK = (
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "8.9.4..2..46.1....3..9........1..9455.......6983..6........4..1....9.37..3..7.4.9",
)


@lru_cache(maxsize=1)
def states() -> tuple[Candidates, ...]:
    rng = random.Random(20261126)
    puzzles: list[str] = []
    for name in SETS:
        path = SHARED_DATA / name
        if path.exists():
            lines = [ln.strip()[:81] for ln in path.read_text().splitlines() if ln.strip()]
            puzzles += rng.sample(lines, 25)
    out: list[Candidates] = []
    for puzzle in puzzles or FALLBACK:
        solution = solve(puzzle).to_string()
        walk = weighed.Walk.of(puzzle)
        while True:
            c = walk.state.copy()
            out.append(c)
            wrong = wrong_candidates(c, solution)
            thinned = c.copy()
            for cell, d in rng.sample(wrong, min(len(wrong), rng.randint(1, 3))):
                thinned.eliminate(cell, d)
            out.append(thinned)
            if next(walk, None) is None:
                break
    return tuple(out)


def python_direct(key: str, c: Candidates) -> bool:
    return any(step.eliminations
               and leaves_hidden_single(c, step.eliminations, direct_houses(step, c))
               for step in technique(key).find(c))


@pytest.mark.parametrize("key", DIRECT)
def test_direct_matches_the_python_rung(key: str) -> None:
    found = [direct(c, key) for c in states()]
    wrong = [c for c, yes in zip(states(), found) if yes != python_direct(key, c)]
    assert not wrong, f"{len(wrong)} states differ, e.g. {bytes(wrong[0].values).hex()}"
    # the states hold both answers, so the test could fail either way
    assert any(found) and not all(found)


def test_direct_knows_only_its_techniques() -> None:
    with pytest.raises(ValueError):
        direct(Candidates.from_grid(Grid("." * 81)), "x-wing")


def python_trios(c: Candidates) -> list[list[int]]:
    out = []
    for b1, b2 in ((0, 1), (0, 2), (1, 2)):
        for s1, s2 in ((0, 1), (0, 2), (1, 2)):
            boxes = {3 * b1 + s1, 3 * b1 + s2, 3 * b2 + s1, 3 * b2 + s2}
            masks = [c.cell_mask[cell] for cell in range(81)
                     if (cell // 27) * 3 + cell % 9 // 3 in boxes and not c.values[cell]]
            out.append([t for t in range(512) if t.bit_count() == 3
                        and sum(1 for m in masks if 0 < m.bit_count() <= 3 and not m & ~t) >= 9])
    return out


def test_tridagon_trios_match_a_plain_count() -> None:
    found = 0
    for c in states()[::7]:
        got = trios(c)
        assert list(got) == python_trios(c), bytes(c.values).hex()
        found += sum(map(len, got))
    assert found   # some states have trios, so the comparison could fail


def test_hidden_singles_match_the_python_search() -> None:
    """The C core's singles (``accel9.hidden_singles``) read as the Python search does,
    at every ceiling (which kinds are taken together)."""
    from shudu.logic.techniques.classic.singles import hidden_singles, hidden_singles_py

    found = 0
    for c in states():
        for ceiling in (0.0, 1.2, 1.5):
            got = hidden_singles(c, ceiling)
            assert got == hidden_singles_py(c, ceiling), bytes(c.values).hex()
            found += bool(got)
    assert found
