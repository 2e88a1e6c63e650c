"""The C index of almost locked sets on 9x9 grids beyond rows, columns and boxes (diagonals,
windows, anti-knight peers, a killer's cages) holds what the Python index holds, in its
order: the sets, their first houses, cells and targets per digit, and every restricted
common candidate in the order Python links them."""

from __future__ import annotations

import random

import pytest

from constraint_cases import NINE_GEOMETRIES, thinned_state
from shudu.logic.techniques.classic.als import AlsIndex, _geo_table

GEOMETRIES = NINE_GEOMETRIES


def _fields(idx: AlsIndex) -> tuple[object, ...]:
    return (idx.cells, idx.digits, idx.house, idx.dcells, idx.targ,
            [list(links.items()) for links in idx.rcc])


@pytest.mark.parametrize("name", list(GEOMETRIES))
def test_the_c_index_equals_the_python_index(name: str) -> None:
    rules = GEOMETRIES[name]()
    rng = random.Random(35)
    compared = linked = 0
    for k in range(16):
        # givens of a solution (houses with few open cells), other candidates thinned
        cands = thinned_state(rules, k, rng, (0, 50), (20, 70), (4, 7))
        table = _geo_table(cands)
        if table is None:   # more sets or links than the C tables hold
            continue
        c_index = AlsIndex.from_table(table, 81)
        assert _fields(c_index) == _fields(AlsIndex(cands, 8))
        compared += 1
        linked += sum(map(len, c_index.rcc))
    assert compared >= 6 and linked > 0
