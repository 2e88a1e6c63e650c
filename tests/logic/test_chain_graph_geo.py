"""The link graphs of 9x9 states beyond rows, columns and boxes (diagonals, windows,
anti-knight peers, a killer's cages, irregular regions) made by the C core over the grid's
houses and peers are those of their Python definition (``ChainGraph.build(...,
reference=True)``): the same nodes and groups in the same order, the same strong and weak
links (the constraints' weak links among them), the same conflicts and the same
constraint labels, for every mode of the chain finders."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from constraint_cases import thinned_state
from shudu import Grid, Rules
from shudu.logic import accel9
from shudu.logic.links import ChainGraph
from shudu.logic.techniques.classic.chains import _MODES
from shudu.values.candidates import Candidates

C_MODES = [m for m in _MODES if not _MODES[m].get("als")]


def _killer_x() -> Rules:
    from shudu.formats.killer import read_killer_list

    fixture = Path(__file__).parents[1] / "fixtures" / "killer_x.txt"
    puzzle = next(line for line in fixture.read_text().splitlines()
                  if line and not line.startswith("#"))
    return read_killer_list(puzzle).rules   # a killer with diagonals: cages are peers too


GEOMETRIES = {"x": lambda: Rules(diagonals=True), "windoku": lambda: Rules(9, windows=True),
              "anti-knight": lambda: Rules(9, anti_knight=True), "killer-x": _killer_x,
              # irregular regions (rows): lines cut into single cells, regions into one part
              "rows-as-regions": lambda: Rules(regions="".join(str(k // 9) for k in range(81)))}


def _same(cands: Candidates, mode: str) -> int:
    """Asserts the two graphs agree; returns the number of weak links compared."""
    fast = ChainGraph.build(cands, **_MODES[mode])
    slow = ChainGraph.build(cands, reference=True, **_MODES[mode])
    assert "_blob_rows" in fast.__dict__ and "_blob_rows" not in slow.__dict__
    assert fast.nodes == slow.nodes
    assert fast.groups == slow.groups
    assert fast._blobs() == slow._blobs()
    assert fast.conflict_rows() == slow.conflict_rows()
    for i in range(fast.base + len(fast.groups)):
        assert fast.strong.get(i, 0) == slow.strong.get(i, 0), (mode, i)
        assert fast.weak.get(i, 0) == slow.weak.get(i, 0), (mode, i)
        assert fast.conflicts(i) == slow.conflicts(i), (mode, i)
    assert fast.__dict__.get("why") == slow.__dict__.get("why")
    return sum(v.bit_count() for v in slow.weak.values())


@pytest.mark.parametrize("mode", C_MODES)
@pytest.mark.parametrize("name", list(GEOMETRIES))
def test_the_c_graph_equals_the_python_graph(name: str, mode: str) -> None:
    rules = GEOMETRIES[name]()
    rng = random.Random(36)
    links = 0
    for k in range(6):
        cands = thinned_state(rules, k, rng, (0, 40), (20, 70), (3, 7))
        links += _same(cands, mode)
    _same(Candidates.from_grid(Grid("." * 81, rules)), mode)
    assert links > (50 if mode == "xy" else 1_000)


def test_killer_labels_and_groups() -> None:
    rules = _killer_x()
    assert rules.constraints
    cands = thinned_state(rules, 3, random.Random(5), (10, 20), (20, 40), (2, 4))
    g = ChainGraph.build(cands, **_MODES["grouped"])
    assert g.__dict__["why"] and g.groups
    # the bivalue-only graph of XY-chains has no constraint links, as in Python
    assert "why" not in ChainGraph.build(cands, **_MODES["xy"]).__dict__


def test_limits_and_reference_stay_in_python() -> None:
    c = Candidates.from_grid(Grid("." * 81, Rules(diagonals=True)))
    for g in (ChainGraph.build(c, reference=True, **_MODES["grouped"]),
              ChainGraph.build(c, digits=(3,), **_MODES["x"])):
        assert "_blob_rows" not in g.__dict__ and g.weak


def test_bad_geometry_is_refused() -> None:
    c = Candidates.from_grid(Grid("." * 81, Rules(diagonals=True)))
    houses, peers = accel9.geo_words(c.geo)
    assert houses is not None
    state = (bytes(81), [511] * 81, 1)
    with pytest.raises(ValueError, match="houses"):
        accel9._engine.chain_graph9(*state, houses[:-1], peers, None)
    with pytest.raises(ValueError, match="houses"):
        accel9._engine.chain_graph9(*state, houses[:9 * 26], peers, None)
    with pytest.raises(ValueError, match="houses"):
        accel9._engine.chain_graph9(*state, houses * 3, peers, None)
    with pytest.raises(ValueError, match="cells 0"):
        accel9._engine.chain_graph9(*state, houses[:-1] + b"\x51", peers, None)
    with pytest.raises(ValueError, match="peers"):
        accel9._engine.chain_graph9(*state, houses, peers[:-1], None)
    with pytest.raises(ValueError, match="weak"):
        accel9._engine.chain_graph9(*state, houses, peers, bytes(100))
    with pytest.raises(TypeError):
        accel9._engine.chain_graph9(*state, houses, peers)
