"""The C detectors (``_engine.logic9_detect``) against the Python finders they guard.

For every technique with a C detector, on states taken from the shared collections: the
detector says "would change the state" exactly when the Python finder yields a step that
places a digit in an open cell or removes a present candidate.  A detector that said "no"
where the finder finds something would make the solver skip a step; one that said "yes"
where it finds nothing would only cost time, but is reported too, so the detectors stay
exact.

The states: each puzzle's candidates after the C ladder of basic techniques, then again
after removing a few wrong candidates (known from the engine's solution) and applying the
ladder, several times over; and the raw start states.  ``SHUDU_DETECT_STATES`` sets how
many states to check (default 600).
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from functools import lru_cache

import pytest

from conftest import SHARED_DATA, missing_shared, wrong_candidates
from shudu.logic.accel9 import DETECT_ID, DETECTED, DETECTORS, detect, fixpoint
from shudu.logic.registry import technique
from shudu.logic.solver import _changes
from shudu.solving.engine import solve
from shudu.values.candidates import Candidates
from shudu.values.grid import Grid

SETS = ("qqwing_expert.sdm", "top1465.sdm", "sudocue_top10000.sdm", "qqwing_intermediate.sdm")
STATES = int(os.environ.get("SHUDU_DETECT_STATES", "600"))
FALLBACK = (
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
)


def _puzzles(rng: random.Random) -> list[str]:
    out: list[str] = []
    for name in SETS:
        path = SHARED_DATA / name
        if path.exists():
            lines = [ln.strip()[:81] for ln in path.read_text().splitlines() if ln.strip()]
            out += rng.sample(lines, min(len(lines), STATES // 8 + 1))
    return out or list(FALLBACK)


@lru_cache(maxsize=1)
def states() -> tuple[tuple[str, Candidates], ...]:
    """(label, state) pairs: varied classic 9x9 states with givens, none solved."""
    rng = random.Random(20261121)
    out: list[tuple[str, Candidates]] = []
    for puzzle in _puzzles(rng):
        grid = Grid(puzzle)
        solution = solve(grid).to_string()
        c = Candidates.from_grid(grid)
        out.append((f"{puzzle} start", c.copy()))
        for round_ in range(6):
            status, _ = fixpoint(c, 12)
            if status != 0:
                break
            out.append((f"{puzzle} round {round_}", c.copy()))
            wrong = wrong_candidates(c, solution)
            for cell, d in rng.sample(wrong, min(len(wrong), rng.randint(1, 4))):
                c.eliminate(cell, d)
    rng.shuffle(out)
    return tuple(out[:STATES])


def python_finds(key: str, c: Candidates) -> bool:
    """Whether the Python finder of ``key`` yields a step that changes ``c``."""
    return any(step.progress and _changes(c, step) for step in technique(key).find(c))


@pytest.mark.parametrize("key", [k for k in DETECTORS if k in DETECTED])
def test_detector_matches_python_finder(key: str) -> None:
    ident = bytes([DETECT_ID[key]])
    found = 0
    wrong: list[str] = []
    for label, c in states():
        expected = python_finds(key, c)
        got = detect(c, ident) == 0
        found += expected
        if got != expected:
            wrong.append(f"{label}: C says {got}, Python finds {expected}; state (729): "
                         f"{c.to_string729()}")
    print(f"{key}: {found} of {len(states())} states have a step")
    assert not wrong, f"{len(wrong)} mismatches, first:\n" + "\n".join(wrong[:3])


def test_detect_first_and_unknown_ids() -> None:
    """detect returns the first applying id's index; unknown ids count as applying."""
    c = Candidates.from_grid(Grid(FALLBACK[1]))
    assert detect(c, b"") == -1
    assert detect(c, bytes([250])) == 0
    assert detect(c, bytes([DETECT_ID["xy-wing"], 250])) in (0, 1)


def placed_further(rng: random.Random, fewest: int, most: int
                   ) -> Iterator[tuple[str, Candidates]]:
    """The first 300 states, each followed by two more with ``fewest`` to ``most`` more
    cells placed from its solution, so that easy steps are there to find too."""
    for label, c in states()[:300]:
        solution = solve(Grid(label[:81])).to_string()
        for _ in range(3):
            yield label, c
            c = c.copy()
            open_cells = [i for i in range(81) if not c.values[i]]
            for cell in rng.sample(open_cells, min(len(open_cells), rng.randint(fewest, most))):
                c.place(cell, int(solution[cell]))


@pytest.mark.parametrize("key", ["full-house", "hidden-single", "naked-single", "pointing",
                                 "claiming"])
def test_first9_is_the_finders_first_step(key: str) -> None:
    """The C fast path of the singles and locked candidates gives the very step the
    Python finder gives first."""
    tech = technique(key)
    assert tech.first9 is not None
    checked = found = 0
    for label, c in placed_further(random.Random(7), 5, 30):
        expected = next((s for s in tech.find(c) if s.progress and _changes(c, s)), None)
        assert tech.first9(c) == expected, f"{label}: {c.to_string729()}"
        checked += 1
        found += expected is not None
    print(f"{key}: {found} of {checked} states have one")
    assert found > checked // 10


@pytest.mark.parametrize("key", [k for k in DETECTORS if "finned" in k or "sashimi" in k])
def test_fish_digits_keep_every_step(key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The finned and sashimi finders look only at the digits the C core names
    (``logic9_fish_digits``); they yield exactly the steps of a search of every digit."""
    from shudu import _engine
    from shudu.logic.techniques.classic import fish

    if not any((SHARED_DATA / name).exists() for name in SETS):
        missing_shared(SHARED_DATA / SETS[0])   # the fallback puzzles have too few fish
    tech = technique(key)
    narrowed = [[s.notation() for s in tech.find(c)] for _, c in states()[:300]]
    monkeypatch.setattr(_engine, "logic9_fish_digits", lambda *args: 511)
    fish._CACHE.clear()
    full = [[s.notation() for s in tech.find(c)] for _, c in states()[:300]]
    assert narrowed == full
    assert sum(map(bool, full)) > 10


@pytest.mark.parametrize("size", [2, 3, 4])
def test_c_naked_subsets_are_the_python_ones(size: int) -> None:
    """The C search of naked subsets gives the Python search's subsets, fields and order
    alike, on classic 9x9 states (with a few wrong candidates gone and placements made,
    so that subsets are there to find)."""
    from shudu.logic.accel9 import naked_subsets
    from shudu.logic.techniques.classic.subsets import NakedSubset, _naked_subsets

    found = 0
    for label, c in placed_further(random.Random(size), 3, 12):
        want = list(_naked_subsets(c, size))
        assert [NakedSubset(*f) for f in naked_subsets(c, size)] == want, label
        found += len(want)
    assert found


@pytest.mark.parametrize("size", [2, 3, 4])
def test_c_hidden_subsets_are_the_python_ones(size: int, monkeypatch) -> None:
    """The C search of hidden subsets gives the steps of the Python search, in its order
    (the Python search is what runs where the rules are not classic 9x9)."""
    from shudu.logic.techniques.classic.subsets import _hidden
    from shudu.values.rules import Rules

    key = {2: "hidden-pair", 3: "hidden-triple", 4: "hidden-quad"}[size]
    cases = [(label, c, list(_hidden(c, size, key)))
             for label, c in placed_further(random.Random(size), 3, 12)]
    monkeypatch.setattr(Rules, "is_classic9", property(lambda self: False))
    for label, c, fast in cases:
        assert fast == list(_hidden(c, size, key)), label
    assert any(fast for _, _, fast in cases)
