"""The C chain search (``_engine.aic_pairs``) against the Python one: closures and ends."""

from __future__ import annotations

import random

import pytest

from conftest import wrong_candidates
from shudu import _engine
from shudu.logic.links import ChainGraph
from shudu.values.candidates import Candidates, bits
from shudu.values.grid import Grid

PUZZLES = (
    "000700000100030600040000010008500160060070040059006200030000020007040003000008000",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
)


def _python_closure(strong: list[int], weak: list[int], start: int) -> tuple[int, int]:
    T = 0
    F = new = 1 << start
    while new:
        got = 0
        for k in range(len(strong)):
            if new >> k & 1:
                got |= strong[k]
        new = got & ~T
        T |= new
        got = 0
        for k in range(len(weak)):
            if new >> k & 1:
                got |= weak[k]
        new = got & ~F
        F |= new
    return T, F


@pytest.mark.parametrize("grouped", [False, True])
@pytest.mark.parametrize("puzzle", PUZZLES)
def test_c_closure_matches_python(puzzle: str, grouped: bool) -> None:
    """The closures the C chain search leaves in a graph are the Python ones."""
    from shudu.logic.techniques.classic.chains import _aic_found

    c = Candidates.from_grid(Grid(puzzle))
    fast = ChainGraph.build(c, grouped=grouped)
    slow = ChainGraph.build(c, grouped=grouped, reference=True)
    slow.__dict__["_blob_rows"] = None   # no C rows: the Python closure
    _aic_found(fast, "aic", lambda g, lits: True, False)
    assert fast.__dict__.get("_closure_rows") is not None
    for a in bits(fast.nodes):
        assert fast.closure_false(a) == slow.closure_false(a), a


def test_closures_of_random_graphs() -> None:
    rng = random.Random(3)
    for size in (1, 5, 64, 65, 300):
        words = (size + 63) // 64
        row = 8 * words
        strong = [rng.getrandbits(size) & rng.getrandbits(size) for _ in range(size)]
        weak = [rng.getrandbits(size) & rng.getrandbits(size) for _ in range(size)]
        rows = [b"".join(v.to_bytes(row, "little") for v in links) for links in (strong, weak)]
        closures = bytearray(2 * len(rows[0]))
        everyone = ((1 << size) - 1).to_bytes(row, "little")
        assert _engine.aic_pairs(*rows, bytes(len(rows[0])), words, everyone, 0, 1, False,
                                 closures) == []   # nothing conflicts: no chain ends
        for start in range(size):
            at = 2 * start * row
            got = (int.from_bytes(closures[at:at + row], "little"),
                   int.from_bytes(closures[at + row:at + 2 * row], "little"))
            assert got == _python_closure(strong, weak, start)


@pytest.mark.parametrize("mode", ["x", "xy", "full", "grouped"])
@pytest.mark.parametrize("puzzle", PUZZLES)
def test_c_chain_ends_match_python(puzzle: str, mode: str) -> None:
    """``_engine.aic_pairs`` lists the chain ends the Python search lists, in its order."""
    from shudu.logic.techniques.classic.chains import _MODES, _aic_found

    c = Candidates.from_grid(Grid(puzzle))
    for complete in (True, False):
        fast = ChainGraph.build(c.copy(), **_MODES[mode])
        slow = ChainGraph.build(c.copy(), reference=True, **_MODES[mode])
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
    with pytest.raises(ValueError):   # closures: two rows per node
        _engine.aic_pairs(row, row, row, 1, row, 0, 1, True, bytearray(8))
    with pytest.raises(BufferError):  # closures: writable
        _engine.aic_pairs(row, row, row, 1, row, 0, 1, True, bytes(16))


@pytest.mark.parametrize("grouped", [False, True])
@pytest.mark.parametrize("puzzle", PUZZLES)
def test_c_verity_and_weak_returns_match_python(puzzle: str, grouped: bool) -> None:
    """What every branch of a cell or house implies, and the nodes a weak partner's
    falsity removes, from the C rows equal the Python closures' answers (the forcing
    chain verity and the discontinuous nice loops read them)."""
    from shudu.logic.techniques.classic.forcing import _verity_sets
    from shudu.solving.engine import solve

    rng = random.Random(puzzle)
    solution = solve(puzzle).cells
    c = Candidates.from_grid(Grid(puzzle))
    found = 0
    for _ in range(4):
        fast = ChainGraph.build(c, grouped=grouped)
        slow = ChainGraph.build(c, grouped=grouped, reference=True)
        slow.__dict__["_blob_rows"] = None   # no C rows: the Python closures
        sets = [members for _, _, members in _verity_sets(c)]
        got = fast.verity(sets)
        assert fast.__dict__.get("_closure_true_rows") is not None
        assert got == slow.verity(sets)
        assert fast.weak_return() == slow.weak_return()
        found += len(got)
        wrong = wrong_candidates(c, solution)
        for cell, d in rng.sample(wrong, min(len(wrong), 6)):
            c.eliminate(cell, d)
    assert found   # the sets imply something, so the comparison could fail


@pytest.mark.parametrize("grouped", [False, True])
@pytest.mark.parametrize("puzzle", PUZZLES)
def test_closures_read_from_an_aic_search(puzzle: str, grouped: bool) -> None:
    """``chain_closures`` given the "node false" rows an AIC search kept answers as it
    does when it finds them itself, and hands those rows back unchanged."""
    g = ChainGraph.build(Candidates.from_grid(Grid(puzzle)), grouped=grouped)
    g.c_aic_pairs(True)
    kept = g.__dict__["_closure_rows"]
    strong, weak, words = g._blobs()
    nodes = g.nodes.to_bytes(8 * words, "little")
    found = _engine.chain_closures(strong, weak, g.conflict_rows(), words, nodes)
    given = _engine.chain_closures(strong, weak, g.conflict_rows(), words, nodes, kept)
    assert given[0] is kept and bytes(kept) == found[0]
    assert given[1:] == found[1:]
    assert any(found[2])   # something is eliminable, so the rows could differ


def test_chain_closures_bad_false_rows() -> None:
    row = bytes(8)
    with pytest.raises(ValueError):   # two rows per node
        _engine.chain_closures(row, row, row, 1, row, bytes(8))
    with pytest.raises(TypeError):
        _engine.chain_closures(row, row, row, 1, row, 5)
    assert _engine.chain_closures(row, row, row, 1, row, None)[0] == bytes(16)
