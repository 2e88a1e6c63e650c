"""The C core's answer to "may a finned fish of rows and columns have an elimination here?"
on 9x9 grids whose peers go beyond rows, columns and boxes: yes exactly when the Python
search finds such a fish, and the finders with it in front give the steps they gave."""

from __future__ import annotations

import random

import pytest

from shudu import Grid, Rules
from shudu.logic import accel9
from shudu.logic.techniques.classic import fish
from shudu.values.candidates import Candidates

GEOMETRIES = [Rules(diagonals=True), Rules(9, diagonals=True, anti_knight=True),
              Rules(9, anti_king=True)]


def _digit_cells(rng: random.Random, density: float) -> int:
    return sum(1 << c for c in range(81) if rng.random() < density)


@pytest.mark.parametrize("rules", GEOMETRIES, ids=["x", "x-anti-knight", "anti-king"])
def test_the_c_core_says_yes_exactly_when_the_search_finds_a_fish(rules: Rules) -> None:
    t = fish._tables(rules)
    assert not t.plain and t.peer_words
    rng = random.Random(36)
    found = 0
    for _ in range(400):
        dm = _digit_cells(rng, rng.choice([0.12, 0.2, 0.3]))
        for size in (2, 3, 4):
            for kind, (base, cover) in enumerate(fish._FAMILIES["basic"]):
                any_fish = next(fish._search(t, dm, size, base, cover, True), None) is not None
                maybe = accel9.fish_any(dm, size, kind, t.peer_words, fish.MAX_FINS)
                assert maybe == any_fish, (hex(dm), size, kind)
                found += any_fish
    assert 0 < found < 400 * 3 * 2   # both answers occur


def test_fish_finders_answer_as_before_on_a_diagonal_grid() -> None:
    """The finned and sashimi finders with the C core's answer in front give the steps of
    the search alone, on states of a partly filled X-Sudoku."""
    rules = Rules(diagonals=True)
    rng = random.Random(7)
    seen = 0
    for _ in range(10):
        cands = Candidates.from_grid(Grid("." * 81, rules))
        for c in rng.sample(range(81), 60):
            opts = [d for d in range(1, 10) if cands.cell_mask[c] >> (d - 1) & 1]
            drop = rng.sample(opts, max(0, len(opts) - rng.randint(2, 4)))
            for d in drop:
                if (cands.cell_mask[c] & ~(1 << (d - 1))):
                    cands.eliminate(c, d)
        for size in (2, 3, 4):
            for key in ("finned", "sashimi"):
                finder = (fish._FINNED if key == "finned" else fish._SASHIMI)[size]
                fish._CACHE.clear()
                with_c = [s.eliminations for s in finder(cands)]
                fish._CACHE.clear()
                words, t = fish._tables(rules).peer_words, fish._tables(rules)
                object.__setattr__(t, "peer_words", b"")
                try:
                    alone = [s.eliminations for s in finder(cands)]
                finally:
                    object.__setattr__(t, "peer_words", words)
                assert with_c == alone
                seen += bool(alone)
    assert seen > 0
