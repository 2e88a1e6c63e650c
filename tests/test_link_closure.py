"""The C closure of chain graphs (``_engine.link_closure``) against the Python one."""

from __future__ import annotations

import random

import pytest

from shudu import _engine
from shudu.grid import Grid
from shudu.logic.candidates import Candidates
from shudu.logic.links import ChainGraph

PUZZLES = (
    "000700000100030600040000010008500160060070040059006200030000020007040003000008000",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
)


@pytest.mark.parametrize("grouped", [False, True])
@pytest.mark.parametrize("puzzle", PUZZLES)
def test_c_closure_matches_python(puzzle: str, grouped: bool) -> None:
    """The C closure of a graph's rows (what ``aic_pairs`` runs) is the Python one."""
    g = ChainGraph.build(Candidates.from_grid(Grid(puzzle)), grouped=grouped)
    rows = g._blobs()
    assert rows is not None
    nodes = [i for i in range(g.base + len(g.groups)) if i >= g.base or g.nodes >> i & 1]
    for a in nodes:
        tb, fb, depth = _engine.link_closure(*rows, a)
        assert (int.from_bytes(tb, "little"), int.from_bytes(fb, "little")) == g.closure_false(a)
        for b in nodes[::7]:
            want = g.true_distance(a, b)
            assert (2 * depth[b] + 1 if depth[b] != 255 else -1) == want, (a, b)


def test_random_graphs_and_bad_input() -> None:
    rng = random.Random(3)
    for size in (1, 5, 64, 65, 300):
        words = (size + 63) // 64
        strong = [rng.getrandbits(size) & rng.getrandbits(size) for _ in range(size)]
        weak = [rng.getrandbits(size) & rng.getrandbits(size) for _ in range(size)]
        rows = [b"".join(v.to_bytes(8 * words, "little") for v in links)
                for links in (strong, weak)]
        for start in range(0, size, 7):
            T = 0
            F = new = 1 << start
            while new:
                got = 0
                for k in range(size):
                    if new >> k & 1:
                        got |= strong[k]
                new = got & ~T
                T |= new
                got = 0
                for k in range(size):
                    if new >> k & 1:
                        got |= weak[k]
                new = got & ~F
                F |= new
            tb, fb, depth = _engine.link_closure(*rows, words, start)
            assert (int.from_bytes(tb, "little"), int.from_bytes(fb, "little")) == (T, F)
            assert all((depth[k] != 255) == bool(T >> k & 1) for k in range(size))
    with pytest.raises(ValueError):
        _engine.link_closure(bytes(16), bytes(8), 1, 0)
    with pytest.raises(ValueError):
        _engine.link_closure(bytes(8), bytes(8), 1, 1)
    with pytest.raises(ValueError):
        _engine.link_closure(bytes(8), bytes(8), 0, 0)
    with pytest.raises(TypeError):
        _engine.link_closure("x" * 8, bytes(8), 1, 0)


@pytest.mark.parametrize("mode", ["x", "xy", "full", "grouped"])
@pytest.mark.parametrize("puzzle", PUZZLES)
def test_c_chain_ends_match_python(puzzle: str, mode: str) -> None:
    """``_engine.aic_pairs`` lists the chain ends the Python search lists, in its order."""
    from shudu.logic.chains import _MODES, _aic_found

    c = Candidates.from_grid(Grid(puzzle))
    for complete in (True, False):
        fast = ChainGraph.build(c.copy(), **_MODES[mode])
        slow = ChainGraph.build(c.copy(), **_MODES[mode])
        slow.__dict__["_blob_rows"] = None
        got = [(x.a, x.b, x.least, x.count, int.from_bytes(x.elims, "little"))
               for x in _aic_found(fast, "aic", lambda g, lits: True, complete)]
        want = [(x.a, x.b, x.least, x.count, x.elims)
                for x in _aic_found(slow, "aic", lambda g, lits: True, complete)]
        assert got == want
        assert got or mode in ("x", "xy")


def test_aic_pairs_bad_input() -> None:
    row = bytes(8)
    for args in [(row, row, row, 1, row, 0, 0, True), (row, row, bytes(16), 1, row, 0, 1, True),
                 (row, row, row, 1, bytes(7), 0, 1, True), (row, row, row, 0, row, 0, 1, True)]:
        with pytest.raises(ValueError):
            _engine.aic_pairs(*args)
    with pytest.raises(TypeError):
        _engine.aic_pairs(row, row, "x" * 8, 1, row, 0, 1, True)
    assert _engine.aic_pairs(row, row, row, 1, b"\x01" + bytes(7), 0, 1, True) == []
