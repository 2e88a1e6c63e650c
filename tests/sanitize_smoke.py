"""Hostile input for the C engine, run by scripts/sanitize.sh under AddressSanitizer.

Not collected by pytest (no test_ prefix): it exits non-zero on the first wrong answer,
and the sanitizers abort on the first memory or undefined-behaviour error.
"""

from __future__ import annotations

import importlib
import os
import random
import sys
import threading
from pathlib import Path

import shudu
import shudu.solving.engine
from shudu import Rules, _engine


def _cage_rules(*cages: list[int]) -> object:
    """4x4 classic tables with cage arrays (for the refusal cases)."""
    return _engine.Rules(4, *shudu.solving.engine._house_tables(Rules(4)), *cages)


def main() -> int:
    quick = os.environ.get("SHUDU_SMOKE_QUICK") == "1"
    rng = random.Random(1)
    low = (1 << 64) - 1
    peer_sets = [sum(1 << q for q in range(81) if q != c and (
        q // 9 == c // 9 or q % 9 == c % 9 or (q // 27, q % 9 // 3) == (c // 27, c % 9 // 3)))
        for c in range(81)]
    classic_peers = b"".join(
        (p & low).to_bytes(8, sys.byteorder) + (p >> 64).to_bytes(8, sys.byteorder)
        for p in peer_sets)
    classic_houses = bytes(r * 9 + c for r in range(9) for c in range(9)) + bytes(
        r * 9 + c for c in range(9) for r in range(9)) + bytes(
        (b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for b in range(9) for i in range(9))
    rounds = 100 if quick else 400
    assert shudu.solving.engine.__file__ and _engine.__file__
    print("engine:", _engine.__file__)

    # Boundary: every bad argument raises, never touches memory it should not.
    from shudu.logic.techniques.classic.forcing import _net_geometry, find_forcing_net_verity
    from shudu.values.candidates import Candidates

    net_geo = _net_geometry(Candidates.from_grid(shudu.Grid("." * 81)).geo)
    hard = ("1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2"
            ".....1")   # Easter Monster: many assumptions break, many do not
    hard_state = Candidates.from_grid(shudu.Grid(hard))
    next(find_forcing_net_verity(hard_state), None)
    hard_dm = b"".join(m.to_bytes(16, "little") for m in hard_state.digit_mask)
    net_root = _engine.net_root(net_geo, hard_dm)
    for start in (0, 1, 400, 728, 729):   # the first broken net, from each start
        hit, placed = _engine.net_first_broken(net_geo, hard_dm, start)
        assert -1 <= hit < 729 and placed >= 0
    for i in range(0, 729, 7):   # level-2 nets, present candidates or not
        _engine.net_propagate2(net_geo, net_root, hard_dm, i % 81, i // 81, -1)
        _engine.net_propagate2(net_geo, net_root, hard_dm, -1, 0, i)
    for i in range(0, 729, 5):   # the stories of plain nets, present candidates or not
        for args in ((i % 81, i // 81, -1), (-1, 0, i), (i % 81, i // 81, (i * 7) % 729)):
            events, outcome, at, digit = _engine.net_explain(net_geo, hard_dm, *args)
            assert 0 <= outcome <= 3 and len(events) <= 82 and -1 <= at < 81 and 0 <= digit <= 9
    from array import array

    hard_cm = array("H", hard_state.cell_mask).tobytes()
    for dynamic in (False, True):   # SE's multiple and dynamic forcing chains
        assert len(_engine.sechain9(hard_cm, dynamic)) % 16 == 0
    assert len(_engine.sechain9(hard_cm, True, 1)) % 16 == 0   # nested, level 1
    assert len(_engine.sechain9(hard_cm, True, 2)) % 16 == 0   # level 2: static chains inside
    for level in (3, 4):   # multiple, then dynamic chains inside; again from the kept grids
        once = _engine.sechain9(hard_cm, True, level)
        assert len(once) % 16 == 0 and _engine.sechain9(hard_cm, True, level) == once
    first = _engine.sestatic9(hard_cm)   # SE's static chains and cycles
    assert _engine.sestatic9(hard_cm, 99.0)[:len(first)] == first
    _engine.sechain9_forget()
    _engine.sechain9_forget()
    assert _engine.sechain9(array("H", [511] * 81).tobytes(), True) == b""
    assert _engine.sestatic9(array("H", [511] * 81).tobytes()) == []
    # SE's unique loops: a state with hundreds (the found list grows), random sparse ones
    rich = [0] * 81
    for c in (r * 9 + k for r in (0, 1, 3, 4) for k in range(6)):
        rich[c] = 0b110
    rich[5] |= 1
    assert len(_engine.uloop9(array("H", rich).tobytes())) > 100
    assert isinstance(_engine.uloop9(hard_cm), list)
    # the first ALS-XY-Chain of a state with one, and of the hard state
    from shudu.logic.solver import as_candidates

    chained = as_candidates(".3.541.989183.654.54.98.316853.691...7.85"
                            "..39429713685.85.3.961.9.6.8.5336.1958..")
    sets, rccs, zmask = _engine.logic9_als_chain(bytes(chained.values), chained.cell_mask)
    assert len(sets) == 4 and rccs == (1, 6, 1) and zmask == 64
    assert isinstance(_engine.logic9_als_chain(bytes(hard_state.values), hard_state.cell_mask),
                      tuple)
    for _ in range(rounds):
        digits = rng.sample(range(9), 4)
        masks = [0 if rng.random() < 0.4 else
                 sum(1 << d for d in rng.sample(digits, rng.choice((2, 2, 3))))
                 for _ in range(81)]
        for a, b, cells in _engine.uloop9(array("H", masks).tobytes()):
            assert a < b and 6 <= len(cells) <= 18 and len(cells) % 2 == 0
    bad_calls = [
        lambda: _engine.sechain9(hard_cm[:-1], False),
        lambda: _engine.sechain9(hard_cm + b"\0\0", False),
        lambda: _engine.sechain9(b"\xff" * 162, True),
        lambda: _engine.sechain9("x" * 162, True),
        lambda: _engine.sechain9(hard_cm),
        lambda: _engine.sechain9(hard_cm, True, 5),
        lambda: _engine.sechain9_forget(1),
        lambda: _engine.sechain9(hard_cm, True, -1),
        lambda: _engine.net_first_broken(net_geo, hard_dm, -1),
        lambda: _engine.net_first_broken(net_geo, hard_dm, 730),
        lambda: _engine.net_first_broken(net_geo, hard_dm[:-1], 0),
        lambda: _engine.net_first_broken(None, hard_dm, 0),
        lambda: _engine.net_explain(net_geo, hard_dm, 81, 0, -1),
        lambda: _engine.net_explain(net_geo, hard_dm, 0, 0, 729),
        lambda: _engine.net_explain(net_geo, hard_dm[:-1], 0, 0, -1),
        lambda: _engine.net_explain(None, hard_dm, 0, 0, -1),
        lambda: _engine.sestatic9(hard_cm[:-1]),
        lambda: _engine.sestatic9(b"\xff" * 162),
        lambda: _engine.sestatic9(hard_cm, "x"),
        lambda: _engine.sestatic9(),
        lambda: _engine.uloop9(hard_cm[:-1]),
        lambda: _engine.uloop9(b"\xff" * 162),
        lambda: _engine.uloop9("x" * 162),
        lambda: _engine.uloop9(None),
        lambda: _engine.uloop9(),
        lambda: _engine.uloop9(hard_cm, 1),
        lambda: _engine.solve9(b""),
        lambda: _engine.solve9(b"\xff" * 81),
        lambda: _engine.solve9("é" * 81),
        lambda: _engine.solve9("." * 81, -1),
        lambda: _engine.solve9("." * 81, 2**40),
        lambda: _engine.solve9(None),
        lambda: _engine.batch(None, b"." * 82, 1, 1, True),
        lambda: _engine.batch(None, b"?" * 81, 1, 1, True),
        lambda: _engine.batch(None, b"." * 81, 0, 1, True),
        lambda: _engine.Rules(0, [], [0], []),
        lambda: _engine.Rules(4, [0, 1, 2, 3, 4], [0] * 17, []),
        lambda: _engine.Rules(4, list(range(4)), [0] * 16, []),
        lambda: _engine.Rules(4, list(range(4)), [0] + [1] * 16, [16]),
        lambda: _engine.Rules(4, list(range(4)), [0, 1] + [1] * 15, [0]),
        lambda: _engine.Rules(4, [0, 0, 1, 2], [0] * 17, []),
        # killer cages: malformed offsets, cells, sums, non-peers, too big a grid
        lambda: _cage_rules([0, 3], [0, 1], [3]),
        lambda: _cage_rules([1, 2], [0, 1], [3]),
        lambda: _cage_rules([0, 2], [0, 99], [3]),
        lambda: _cage_rules([0, 2], [0, 1], [99]),
        lambda: _cage_rules([0, 2], [0, 10], [3]),
        lambda: _cage_rules([0, 2, 1], [0, 1], [3, 1]),
        lambda: _cage_rules([0, 2], [0, 1]),
        lambda: _engine.Rules(25, list(range(625)), [0] * 626, [], [0, 1], [0], [1]),
        lambda: _engine.logic9(b"", 0),
        lambda: _engine.logic9(bytes(80), 0),
        lambda: _engine.logic9(bytes(82), 12),
        lambda: _engine.logic9(bytes([10]) * 81, 0),
        lambda: _engine.logic9(b"\xff" * 81, 12),
        lambda: _engine.logic9("0" * 81, 0),
        lambda: _engine.logic9(None, 0),
        lambda: _engine.logic9(bytes(81), -2),
        lambda: _engine.logic9(bytes(81), 13),
        lambda: _engine.logic9(bytes(81), 2**80),
        lambda: _engine.logic9(bytes(81)),
        lambda: _engine.logic9_state(bytes(81), bytes(161), 0),
        lambda: _engine.logic9_state(bytes(80), bytes(162), 0),
        lambda: _engine.logic9_state(bytes([10]) * 81, bytes(162), 0),
        lambda: _engine.logic9_state(bytes(81), b"\xff" * 162, 0),
        lambda: _engine.logic9_state("0" * 81, bytes(162), 0),
        lambda: _engine.logic9_state(bytes(81), None, 0),
        lambda: _engine.logic9_state(bytes(81), bytes(162), 13),
        lambda: _engine.logic9_state(bytes(81), bytes(162)),
        lambda: _engine.logic9_probe(bytes(81), bytes(161)),
        lambda: _engine.logic9_probe(bytes([10]) * 81, bytes(162)),
        lambda: _engine.logic9_probe(bytes(81), b"\xff" * 162),
        lambda: _engine.logic9_probe("0" * 81, bytes(162)),
        lambda: _engine.logic9_probe(bytes(81)),
        lambda: _engine.logic9_single(bytes(81), bytes(162), 3),
        lambda: _engine.logic9_fish_digits(bytes(81), bytes(162), 5, False),
        lambda: _engine.logic9_fish_digits(bytes(81), bytes(162), 1, False),
        lambda: _engine.logic9_fish_digits(bytes(81), bytes(161), 2, False),
        lambda: _engine.logic9_fish_digits(bytes(81), bytes(162), 2),
        lambda: _engine.logic9_finned_fish(1 << 81, 2, 0),
        lambda: _engine.logic9_finned_fish(-5, 2, 0),
        lambda: _engine.logic9_finned_fish(3, 5, 0),
        lambda: _engine.logic9_finned_fish(3, 2, 7),
        lambda: _engine.logic9_finned_fish("3", 2, 0),
        lambda: _engine.logic9_finned_fish(3, 2),
        lambda: _engine.logic9_fish_any(3, 2, 0, bytes(1295), 5),
        lambda: _engine.logic9_fish_any(3, 2, 0, bytes(1296), 0),
        lambda: _engine.logic9_fish_any(1 << 81, 2, 0, bytes(1296), 5),
        lambda: _engine.logic9_fish_any(3, 2, 0, "x" * 1296, 5),
        lambda: _engine.logic9_fish_any(3, 2, 0, bytes(1296)),
        lambda: _engine.logic9_als_index(bytes(80), bytes(162)),
        lambda: _engine.logic9_als_index(bytes(81), b"\xff" * 162),
        lambda: _engine.logic9_als_index("0" * 81, bytes(162)),
        lambda: _engine.logic9_als_index(bytes(81)),
        lambda: _engine.logic9_als_index(bytes(81), bytes(162), bytes(9)),
        lambda: _engine.logic9_als_index(bytes(81), bytes(162), bytes(10), bytes(1296)),
        lambda: _engine.logic9_als_index(bytes(81), bytes(162), bytes(9 * 65), bytes(1296)),
        lambda: _engine.logic9_als_index(bytes(81), bytes(162), bytes([81] * 9), bytes(1296)),
        lambda: _engine.logic9_als_index(bytes(81), bytes(162), bytes(9), bytes(1295)),
        lambda: _engine.logic9_als_wing(bytes(80), bytes(162)),
        lambda: _engine.logic9_als_wing(bytes([10]) * 81, bytes(162)),
        lambda: _engine.logic9_als_wing(bytes(81)),
        lambda: _engine.logic9_als_xz(bytes(81), bytes(161)),
        lambda: _engine.logic9_als_xz(bytes(81), b"\xff" * 162),
        lambda: _engine.logic9_als_xz(bytes(81)),
        lambda: _engine.logic9_als_xz_wing(bytes(81), bytes(161)),
        lambda: _engine.logic9_als_xz_wing(bytes([10]) * 81, bytes(162)),
        lambda: _engine.logic9_als_xz_wing(bytes(81)),
        lambda: _engine.logic9_als_chain(bytes(80), bytes(162)),
        lambda: _engine.logic9_als_chain(bytes([10]) * 81, bytes(162)),
        lambda: _engine.logic9_als_chain(bytes(81), b"\xff" * 162),
        lambda: _engine.logic9_als_chain(bytes(81), [0] * 80),
        lambda: _engine.logic9_als_chain("0" * 81, bytes(162)),
        lambda: _engine.logic9_als_chain(bytes(81)),
        lambda: _engine.logic9_als_chain(bytes(81), bytes(162), 0),
        lambda: _engine.aic_pairs(bytes(8), bytes(8), bytes(16), 1, bytes(8), 0, 1, True),
        lambda: _engine.aic_pairs(bytes(8), bytes(8), bytes(8), 1, bytes(7), 0, 1, True),
        lambda: _engine.aic_pairs(bytes(8), bytes(8), bytes(8), 1, bytes(8), 0, 0, True),
        lambda: _engine.aic_pairs(bytes(8), bytes(8), bytes(8), 1, bytes(8), -1, 1, True),
        lambda: _engine.aic_pairs(bytes(8), bytes(8), bytes(8), 2000, bytes(8), 0, 1, True),
        lambda: _engine.aic_pairs(bytes(8), bytes(8), "x" * 8, 1, bytes(8), 0, 1, True),
        lambda: _engine.aic_pairs(bytes(8), bytes(8), bytes(8), 1, bytes(8), 0, 1, True,
                                  bytearray(8)),
        lambda: _engine.aic_pairs(bytes(8), bytes(8), bytes(8), 1, bytes(8), 0, 1, True,
                                  bytes(16)),
        lambda: _engine.chain_closures(bytes(8), bytes(8), bytes(16), 1, bytes(8)),
        lambda: _engine.chain_closures(bytes(8), bytes(8), bytes(8), 1, bytes(7)),
        lambda: _engine.chain_closures(bytes(8), bytes(8), bytes(8), 0, bytes(8)),
        lambda: _engine.chain_closures(bytes(8), bytes(8), "x" * 8, 1, bytes(8)),
        lambda: _engine.chain_closures(bytes(8), bytes(8), bytes(8), 1, bytes(8), bytes(8)),
        lambda: _engine.chain_closures(bytes(8), bytes(8), bytes(8), 1, bytes(8), 5),
        lambda: _engine.chain_graph9(bytes(81), [511] * 81, 32),
        lambda: _engine.chain_parents(bytes(8), bytes(8), 1, 2, bytes(8)),
        lambda: _engine.chain_parents(bytes(8), bytes(8), 1, -1, bytes(8)),
        lambda: _engine.chain_parents(bytes(8), bytes(16), 1, 0, bytes(8)),
        lambda: _engine.chain_parents(bytes(8), bytes(8), 1, 0, bytes(7)),
        lambda: _engine.msls9(bytes(81), [511] * 81, 6, 0),
        lambda: _engine.msls9(bytes(81), [511] * 81, 82, 1),
        lambda: _engine.msls9(bytes(81), [511] * 80, 6, 1),
        lambda: _engine.chain_graph9(bytes(81), [511] * 80, 1),
        lambda: _engine.chain_graph9(bytes(81), [512] * 81, 1),
        lambda: _engine.chain_graph9(bytes(81), [511] * 81, 1, classic_houses),
        lambda: _engine.chain_graph9(bytes(81), [511] * 81, 1, classic_houses, classic_peers),
        lambda: _engine.chain_graph9(bytes(81), [511] * 81, 1, bytes(10), classic_peers, None),
        lambda: _engine.chain_graph9(bytes(81), [511] * 81, 1, bytes(9 * 26), classic_peers,
                                     None),
        lambda: _engine.chain_graph9(bytes(81), [511] * 81, 1, bytes(9 * 65), classic_peers,
                                     None),
        lambda: _engine.chain_graph9(bytes(81), [511] * 81, 1, bytes([81] * 243),
                                     classic_peers, None),
        lambda: _engine.chain_graph9(bytes(81), [511] * 81, 1, classic_houses, bytes(1295),
                                     None),
        lambda: _engine.chain_graph9(bytes(81), [511] * 81, 1, classic_houses, classic_peers,
                                     bytes(69983)),
        lambda: _engine.chain_graph9(bytes(81), [511] * 81, 1, classic_houses, classic_peers,
                                     "x" * 69984),
        lambda: _engine.chain_graph9(bytes(81), [511] * 81, 1, "x" * 243, classic_peers, None),
        lambda: _engine.logic9_probe(bytes(81), [0] * 80),
        lambda: _engine.logic9_probe(bytes(81), [0] * 80 + [-1]),
        lambda: _engine.logic9_probe(bytes(81), (0,) * 80 + (512,)),
        lambda: _engine.logic9_probe(bytes(81), [0] * 80 + [2**70]),
        lambda: _engine.logic9_probe(bytes(81), [0] * 80 + ["1"]),
        lambda: _engine.logic9_single(bytes(81), [None] * 81, 0),
        lambda: _engine.logic9_single(bytes(81), bytes(162), -1),
        lambda: _engine.logic9_single(bytes(81), bytes(161), 0),
        lambda: _engine.logic9_single(bytes([10]) * 81, bytes(162), 0),
        lambda: _engine.logic9_single(bytes(81), bytes(162)),
        lambda: _engine.logic9_singles(bytes(81), bytes(161)),
        lambda: _engine.logic9_singles(bytes(81), bytes(162), True, 1),
        lambda: _engine.logic9_hidden_singles(bytes(81), bytes(161)),
        lambda: _engine.logic9_hidden_singles(bytes(81)),
        lambda: _engine.chain_loop_starts(bytes(15), 1, 0, 81),
        lambda: _engine.chain_loop_starts(bytes(16), 0, 0, 81),
        lambda: _engine.chain_loop_starts(bytes(16), 1, 65, 81),
        lambda: _engine.chain_loop_starts("x" * 16, 1, 0, 81),
        lambda: _engine.logic9_direct(bytes(81), bytes(162), 4),
        lambda: _engine.logic9_direct(bytes(80), bytes(162), 0),
        lambda: _engine.logic9_locked(bytes(81), bytes(161), True),
        lambda: _engine.logic9_trios(bytes(81), [0] * 80),
        lambda: _engine.logic9_naked_subsets(bytes(81), bytes(162), 5),
        lambda: _engine.logic9_naked_subsets(bytes(81), bytes(161), 2),
        lambda: _engine.logic9_hidden_subsets(bytes(81), bytes(162), 1),
        lambda: _engine.logic9_hidden_subsets("x", bytes(162), 2),
        lambda: _engine.sum_supports(10, (511,) * 33, (0,) * 33, None),
        lambda: _engine.sum_supports(10, (511, 2**32), (0, 0), None),
        lambda: _engine.sum_supports(10, (511, 511), (0,), None),
        lambda: _engine.sum_supports(10, (511, 511), (0, 0), (1, 0)),
        lambda: _engine.sum_supports(10, (511, 511), (0, 0), (1,)),
        lambda: _engine.sum_supports(10**6, (511,), (0,), None),
        lambda: _engine.sum_supports(10, [511], (0,), None),
        lambda: _engine.chain_verity(bytes(16), 1, bytes(8), bytes(7)),
        lambda: _engine.chain_verity(bytes(16), 1, bytes(7), bytes(8)),
        lambda: _engine.chain_verity(bytes(16), 0, bytes(8), bytes(8)),
        lambda: _engine.chain_verity(bytes(16), 1, bytes(8), b"\x02" + bytes(7)),
        lambda: _engine.solve9(bytes(81), 3, None, 0.0, b"\0"),
        lambda: _engine.solve9(bytes(81), 3, None, 0.0, bytearray()),
        lambda: _engine.solve9(bytes(81), 3, None, "soon"),
        lambda: _engine.logic9_detect(bytes(81), bytes(162), bytes(80), b"\0"),
        lambda: _engine.logic9_detect(bytes(81), bytes(162), bytes(81), bytes(256)),
        lambda: _engine.logic9_detect(bytes(81), bytes(162), "0" * 81, b"\0"),
        lambda: _engine.logic9_detect(bytes(81), bytes(162), bytes(81), "ab"),
        lambda: _engine.logic9_detect(bytes(81), b"\xff" * 162, bytes(81), b"\0"),
        lambda: _engine.logic9_detect(bytes(81), bytes(162), bytes(81)),
        lambda: _engine.net_geometry(0, 81, bytes(16 * 81), bytes(16 * 27)),
        lambda: _engine.net_geometry(9, 129, bytes(16 * 129), bytes(16 * 27)),
        lambda: _engine.net_geometry(17, 81, bytes(16 * 81), bytes(16 * 27)),
        lambda: _engine.net_geometry(9, 81, bytes(16 * 80), bytes(16 * 27)),
        lambda: _engine.net_geometry(9, 81, bytes(16 * 81), bytes(16 * 129)),
        lambda: _engine.net_geometry(9, 81, "x", bytes(16 * 27)),
        lambda: _engine.net_propagate(None, bytes(144), 0, 0, -1),
        lambda: _engine.net_propagate(net_geo, bytes(143), 0, 0, -1),
        lambda: _engine.net_propagate(net_geo, bytes(144), 81, 0, -1),
        lambda: _engine.net_propagate(net_geo, bytes(144), 0, 9, -1),
        lambda: _engine.net_propagate(net_geo, bytes(144), 0, -1, -1),
        lambda: _engine.net_propagate(net_geo, bytes(144), -1, 0, 729),
        lambda: _engine.net_propagate(net_geo, bytes(144), 0, 0, 2**80),
        lambda: _engine.net_propagate(net_geo, bytes(144), 0, 0),
        lambda: _engine.net_root(None, bytes(144)),
        lambda: _engine.net_root(net_geo, bytes(143)),
        lambda: _engine.net_propagate2(net_geo, net_geo, hard_dm, 0, 0, -1),
        lambda: _engine.net_propagate2(net_geo, net_root, hard_dm, 81, 0, -1),
        lambda: _engine.net_propagate2(net_geo, net_root, hard_dm, -1, 0, 729),
        lambda: _engine.net_propagate2(net_geo, bytes(144), hard_dm, 0, 0, -1),
        lambda: _engine.net_propagate2(net_geo, net_root, b"\xff" * 144, 0, 0, -1),
        lambda: _engine.net_propagate2(net_geo, net_root, hard_dm[:-1], 0, 0, -1),
    ]
    for call in bad_calls:
        try:
            call()
        except (ValueError, TypeError, OverflowError, BufferError):
            pass
        else:
            print("accepted bad input:", call, file=sys.stderr)
            return 1

    # Random partial grids of every size and variant, conflicts included.
    for size in (4, 6, 8, 9, 12, 16, 25):
        variants: list[dict[str, bool]] = [{}, {"diagonals": True}, {"anti_knight": True}]
        if size == 9:
            variants.append({"windows": True})
        for variant in variants:
            rules = Rules(size, **variant)
            tables = shudu.solving.engine._tables(rules)
            for _ in range(rounds // (size // 4 + 1)):
                density = rng.random() * 0.5
                cells = bytes(
                    rng.randint(1, size) if rng.random() < density else 0
                    for _ in range(size * size)
                )
                n, sol, _, _ = _engine.search(tables, cells, 2, rng.randrange(2**64))
                if sol is not None and any(c and c != s for c, s in zip(cells, sol)):
                    print("solution ignores a given", size, variant, file=sys.stderr)
                    return 1
                if size == 9 and not variant:
                    fast = _engine.solve9(cells, 2)
                    if fast[0] != n:
                        print("fast and generic paths disagree", cells, file=sys.stderr)
                        return 1
            # Enumerator: take a few, drop it half-way.
            it = _engine.Enumerator(tables, bytes(size * size), 5)
            for _, _sol in zip(range(3), it):
                pass
            del it

    # The logic solver: random grids (conflicts included), every level; a solved grid must
    # be a solution of its givens, and conflicting givens are stuck.
    for _ in range(rounds * 5):
        density = rng.random() * 0.6
        cells = bytes(rng.randint(1, 9) if rng.random() < density else 0 for _ in range(81))
        level = rng.randrange(-1, 13)
        solved, hardest, masks = _engine.logic9(bytearray(cells), level)
        if len(masks) != 81 or not -1 <= hardest <= level:
            print("logic9 returned a bad shape", cells, level, file=sys.stderr)
            return 1
        if solved:
            grid = bytes(m.bit_length() for m in masks)
            if _engine.has_conflict9(grid) or any(c and c != g for c, g in zip(cells, grid)):
                print("logic9 solved into a wrong grid", cells, file=sys.stderr)
                return 1
        elif _engine.has_conflict9(cells) and hardest != -1:
            print("logic9 used a technique on conflicting givens", cells, file=sys.stderr)
            return 1
    # The chain search on random link rows (bits past the last node included).
    for _ in range(rounds):
        words = rng.randint(1, 4)
        nodes = rng.randint(1, 64 * words)
        rows = [bytes(rng.getrandbits(8) for _ in range(8 * words * nodes)) for _ in (0, 1)]
        conf = bytes(rng.getrandbits(8) for _ in range(8 * words * nodes))
        start = bytes(rng.getrandbits(8) for _ in range(8 * words))
        for a, b, least, count, elims in _engine.aic_pairs(
                *rows, conf, words, start, rng.randrange(nodes + 1), rng.randint(1, 81),
                rng.random() < 0.5, bytearray(2 * len(conf))):
            if not (0 <= a < nodes and 0 <= b < nodes and least >= 1 and count >= 1
                    and len(elims) == 8 * words):
                print("aic_pairs returned a bad pair", file=sys.stderr)
                return 1
        parents = _engine.chain_parents(*rows, words, rng.randrange(2 * nodes), start)
        if len(parents) != 8 * nodes:
            print("chain_parents returned a bad table", file=sys.stderr)
            return 1
        false_rows, true_rows, *marks = _engine.chain_closures(*rows, conf, words, start)
        if len(false_rows) != 2 * len(conf) or len(true_rows) != 2 * len(conf) or any(
                len(m) != 8 * words for m in marks):
            print("chain_closures returned bad rows", file=sys.stderr)
            return 1
        if _engine.chain_closures(*rows, conf, words, start, false_rows)[1:] != (
                true_rows, *marks):
            print("chain_closures differs with its false rows given", file=sys.stderr)
            return 1
        sets = bytes(rng.getrandbits(8) for _ in range(8 * words * rng.randint(0, 5)))
        try:
            got = _engine.chain_verity(true_rows, words, start, sets)
        except ValueError:   # a set with a node past the rows
            got = []
        if any(not (len(t) == len(f) == 8 * words) for _, t, f in got):
            print("chain_verity returned bad rows", file=sys.stderr)
            return 1
    # Signed sums of random cells, digits up to 32, against the Python walk.
    from shudu.logic.techniques.variant.cage_sums import sum_supports_py

    for _ in range(rounds):
        k = rng.randint(0, 7)
        masks = tuple(rng.getrandbits(rng.choice((4, 9, 16, 32))) for _ in range(k))
        links = tuple(rng.getrandbits(32) for _ in range(k))
        signs = tuple(rng.choice((1, -1)) for _ in range(k)) if rng.random() < 0.5 else None
        total = rng.randint(-60, 120)
        if _engine.sum_supports(total, masks, links, signs) != sum_supports_py(
                total, masks, tuple(x & ((1 << k) - 1) for x in links), signs):
            print("sum_supports differs from the Python walk", total, masks, links, signs,
                  file=sys.stderr)
            return 1
    # Link graphs of arbitrary pencilmark states, and every closure over them.
    for k in range(rounds):
        masks9 = [rng.randrange(512) for _ in range(81)]
        words, nodes, strong, weak, conf, cells, digits = _engine.chain_graph9(
            bytes(81), masks9, k % 32)
        if len(strong) != 8 * words * (729 + len(digits)) or len(cells) != 16 * len(digits):
            print("chain_graph9 returned bad rows", masks9, file=sys.stderr)
            return 1
        _engine.chain_closures(strong, weak, conf, words, nodes)
        # the same grid given as its own houses and peers: the same graph; then any
        # houses, peers and constraint links
        if _engine.chain_graph9(bytes(81), masks9, k % 32, classic_houses, classic_peers,
                                None) != (words, nodes, strong, weak, conf, cells, digits):
            print("chain_graph9 over given houses differs", masks9, file=sys.stderr)
            return 1
        houses = bytes(rng.randrange(81) for _ in range(9 * rng.randint(27, 64)))
        peers = bytes(rng.randrange(256) for _ in range(1296))
        extra = bytes(rng.randrange(256) for _ in range(69984)) if k % 2 else None
        words, nodes, strong, weak, conf, cells, digits = _engine.chain_graph9(
            bytes(81), masks9, k % 32, houses, peers, extra)
        if len(strong) != 8 * words * (729 + len(digits)) or len(cells) != 16 * len(digits):
            print("chain_graph9 over any houses returned bad rows", masks9, file=sys.stderr)
            return 1
        _engine.chain_closures(strong, weak, conf, words, nodes)
        for rows, cols in _engine.msls9(bytes(81), masks9, k % 12, 1 + k % 40):
            if not (3 <= rows.bit_count() <= 7 or rows.bit_count() == 2) or not 0 < cols < 512:
                print("msls9 returned a bad set", masks9, file=sys.stderr)
                return 1
    # Going on from arbitrary pencilmark states (masks of any 9 bits, values anywhere).
    from array import array

    for _ in range(rounds * 5):
        values = bytes(rng.randint(1, 9) if rng.random() < 0.3 else 0 for _ in range(81))
        mask_list = [rng.randrange(512) for _ in range(81)]
        masks = array("H", mask_list).tobytes() if _ % 2 else mask_list
        if not -1 <= _engine.logic9_probe(values, masks) <= 12:
            print("logic9_probe returned a bad level", values, file=sys.stderr)
            return 1
        for kind in (0, 1, 2):
            got = _engine.logic9_single(values, masks, kind)
            if got is not None and not (0 <= got[0] < 81 and 1 <= got[1] <= 9):
                print("logic9_single returned a bad single", values, file=sys.stderr)
                return 1
        if any(not (0 <= kind <= 2 and 0 <= cell < 81 and 1 <= digit <= 9)
               for kind, cell, digit, _ in _engine.logic9_singles(values, masks)):
            print("logic9_singles returned a bad single", values, file=sys.stderr)
            return 1
        run, level = _engine.logic9_singles(values, masks, True)
        if run != _engine.logic9_singles(values, masks) or not -1 <= level <= 12:
            print("logic9_singles with its probe returned a bad answer", values, file=sys.stderr)
            return 1
        for kind in range(4):
            _engine.logic9_direct(values, masks, kind)
        if any(not (0 <= kind <= 2 and 0 <= cell < 81 and 1 <= digit <= 9 and 0 <= h < 27)
               for kind, cell, digit, h in _engine.logic9_hidden_singles(values, masks)):
            print("logic9_hidden_singles returned a bad single", values, file=sys.stderr)
            return 1
        table = _engine.logic9_als_index(values, masks)
        if table is not None and not (
                len({len(part) for part in table}) == 1
                and all(j < len(table[0]) for links in table[5] for j in links)):
            print("logic9_als_index returned a bad table", values, file=sys.stderr)
            return 1
        # the same grid given as its own houses (and any peers): the same sets
        houses = classic_houses
        if _engine.logic9_als_index(values, masks, houses, classic_peers) != table:
            print("logic9_als_index over given houses differs", values, file=sys.stderr)
            return 1
        _engine.logic9_als_index(values, masks, houses[::-1],
                                 bytes(rng.randrange(256) for _ in range(1296)))
        wing = _engine.logic9_als_wing(values, masks)
        if wing and (table is None or not all(cells in table[0] for cells in wing[:3])
                     or not all(0 <= d < 9 for d in wing[3:])):
            print("logic9_als_wing returned a bad wing", values, file=sys.stderr)
            return 1
        xz = _engine.logic9_als_xz(values, masks)
        if xz and (table is None or not all(cells in table[0] for cells in xz[:2])
                   or not 0 < xz[2] < 512):
            print("logic9_als_xz returned a bad pair", values, file=sys.stderr)
            return 1
        both = _engine.logic9_als_xz_wing(values, masks)
        if both != (None if table is None else (xz, wing)):
            print("logic9_als_xz_wing differs from its two parts", values, file=sys.stderr)
            return 1
        chain = _engine.logic9_als_chain(values, masks)
        if chain and (table is None or not 4 <= len(chain[0]) <= 7
                      or len(chain[1]) != len(chain[0]) - 1
                      or not all(cells in table[0] for cells in chain[0])
                      or not all(0 <= d < 9 for d in chain[1]) or not 0 < chain[2] < 512):
            print("logic9_als_chain returned a bad chain", values, file=sys.stderr)
            return 1
        for pointing in (True, False):
            got = _engine.logic9_locked(values, masks, pointing)
            if got is not None and not (0 <= got[0] < 27 and 0 <= got[1] < 27
                                        and 1 <= got[2] <= 9):
                print("logic9_locked returned a bad step", values, file=sys.stderr)
                return 1
        for size in (2, 3, 4):
            for cells, _, house, _, elims, _ in _engine.logic9_naked_subsets(values, masks, size):
                if len(cells) != size or not 0 <= house < 27 or not elims:
                    print("logic9_naked_subsets returned a bad subset", values, file=sys.stderr)
                    return 1
            for house, cells, digits in _engine.logic9_hidden_subsets(values, masks, size):
                if len(cells) != size or len(digits) != size or not 0 <= house < 27:
                    print("logic9_hidden_subsets returned a bad subset", values, file=sys.stderr)
                    return 1
        if len(_engine.logic9_trios(values, masks)) != 9:
            print("logic9_trios returned a bad shape", values, file=sys.stderr)
            return 1
        givens = bytes(v if rng.random() < 0.5 else 0 for v in values)
        if not 0 <= _engine.logic9_fish_digits(values, masks, rng.randint(2, 4),
                                                rng.random() < 0.5) < 512:
            print("logic9_fish_digits returned a bad mask", values, file=sys.stderr)
            return 1
        cells = rng.getrandbits(81)
        for base_kind in (0, 1):
            size = rng.randint(2, 4)
            if _engine.logic9_fish_any(cells, size, base_kind, b"\xff" * 1296, 5) not in (
                    True, False):
                print("logic9_fish_any returned a bad answer", cells, file=sys.stderr)
                return 1
            for found in _engine.logic9_finned_fish(cells, size, base_kind):
                base, cover, fcells, fins, endo, elims = found
                if len(base) != size or len(cover) != size or not fins or not elims or endo \
                        or fcells & ~cells or elims & ~cells \
                        or not all(0 <= h < 18 for h in base + cover):
                    print("logic9_finned_fish returned a bad fish", cells, file=sys.stderr)
                    return 1
        for ident in range(0, 64, 1 if _ % 5 == 0 else 7):  # every detector, and unknown ids
            if _engine.logic9_detect(values, masks, givens, bytes([ident])) not in (-1, 0):
                print("logic9_detect returned a bad index", values, file=sys.stderr)
                return 1
        status, hardest, passes, out_values, out_masks = _engine.logic9_state(
            values, masks, rng.randrange(-1, 13))
        if status not in (-1, 0, 1) or len(out_values) != 81 or len(out_masks) != 81 \
                or len(passes) != 13 or any(v and m for v, m in zip(out_values, out_masks)):
            print("logic9_state returned a bad shape", values, file=sys.stderr)
            return 1
    # Long counts looked at by the clock and a stop byte, and a bounded enumerator.
    if _engine.solve9(bytes(81), 20000, None, 60.0, bytearray(1))[0] != 20000:
        print("a ticked count went wrong", file=sys.stderr)
        return 1
    if _engine.solve9(bytes(81), 10**6, None, 0.0, bytearray(b"\1"))[0] > -2:  # -2 - found
        print("a stop byte did not stop the count", file=sys.stderr)
        return 1
    it = _engine.Enumerator(shudu.solving.engine._tables(Rules(4)), bytes(16))
    it.timeout = 60.0
    if sum(1 for _ in it) != 288:
        print("a bounded enumerator went wrong", file=sys.stderr)
        return 1
    full = _engine.solve9(bytes(81), 1, 5)[1]
    for _ in range(rounds):
        cells = bytes(v if rng.random() < 0.35 else 0 for v in full)
        solved, _, masks = _engine.logic9(cells, 12)
        if solved and bytes(m.bit_length() for m in masks) != full:
            print("logic9 solved into another grid", cells, file=sys.stderr)
            return 1
        if not solved:   # a stuck state with structure: every detector, from threads too
            values = bytes(m.bit_length() if m & (m - 1) == 0 else 0 for m in masks)
            state = (values, [0 if v else m for v, m in zip(values, masks)], cells)
            for ident in range(len(_engine.DETECTORS) + 1):  # every detector, one unknown id
                if _engine.logic9_detect(*state, bytes([ident])) not in (-1, 0):
                    print("logic9_detect returned a bad index", cells, file=sys.stderr)
                    return 1
            worker = threading.Thread(target=_engine.logic9_detect,
                                      args=(*state, bytes(range(len(_engine.DETECTORS) + 1))))
            worker.start()
            worker.join()

    # Batches across threads, both paths.
    puzzles = b"".join(
        bytes(rng.randint(0, 9) if rng.random() < 0.2 else 0 for _ in range(81))
        for _ in range(2000 if not quick else 300)
    )
    one = _engine.batch(None, puzzles, 2, 1, True)
    two = _engine.batch(None, puzzles, 2, 2, True)
    if one[1] != two[1]:
        print("thread count changed the answers", file=sys.stderr)
        return 1
    tables16 = shudu.solving.engine._tables(Rules(16))
    _engine.batch(tables16, bytes(256) * 8, 2, 2, True)
    # Killer cages: searches, counts and batches with cage sums.
    from shudu.values.constraints import Cage

    for seed in range(20 if not quick else 4):
        solution = importlib.import_module("shudu.make.classic").random_solution(seed=seed).cells
        rng = random.Random(seed)
        free, cages = set(range(81)), []
        for start in rng.sample(range(81), 81):   # cages of neighbouring cells, as printed
            if start not in free:
                continue
            cage = [start]
            free.discard(start)
            while len(cage) < 4:
                near = [c for x in cage for c in (x - 9, x + 9, x - 1 if x % 9 else -1,
                                                  x + 1 if x % 9 < 8 else -1)
                        if c in free and solution[c] not in {solution[y] for y in cage}]
                if not near:
                    break
                cage.append(rng.choice(near))
                free.discard(cage[-1])
            cages.append(Cage(tuple(cage), sum(solution[c] for c in cage)))
        killer = Rules(constraints=tuple(cages))
        shudu.count("." * 81, 3, killer)
        _engine.batch(shudu.solving.engine._tables(killer), bytes(81) * 4, 2, 2, True)
        # the cage forcing chain's trials and the combination forcing's, on the empty
        # state and on random masks; a layout cut short is refused, not read past its end
        layout = importlib.import_module(
            "shudu.logic.techniques.variant.killer_forcing")._c_layout(killer)
        for cm in (array("H", [511] * 81), array("H", [rng.randint(1, 511) for _ in range(81)])):
            trials = bytes(x for c in rng.sample(range(81), 12) for x in (c, rng.randint(1, 9)))
            _engine.ktrial9(layout, cm.tobytes(), bytes(81), trials)
            keeps = array("H", [rng.randint(0, 511) for _ in range(6)]).tobytes()
            for cut in (bytes(cages[0].cells), bytes(rng.sample(range(81), 9)), b""):
                _engine.ktrial9_cuts(layout, cm.tobytes(), bytes(81), cut, keeps)
            if _engine.ktrial9_cuts(layout[:-40], cm.tobytes(), bytes(81), b"\x00", keeps) \
                    is not None:
                print("ktrial9_cuts read a layout cut short", file=sys.stderr)
                return 1
            for bad in ((layout, cm.tobytes(), bytes(81), b"\x51", keeps),
                        (layout, cm.tobytes()[:-2], bytes(81), b"\x00", keeps),
                        (layout, cm.tobytes(), bytes(81), b"\x00", b"\x01")):
                try:
                    _engine.ktrial9_cuts(*bad)
                    print("ktrial9_cuts took bad input", file=sys.stderr)
                    return 1
                except ValueError:
                    pass
    # Every other constraint kind: planted from a solution, searched, counted, batched.
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    planted = importlib.import_module("constraint_cases").planted
    for seed in range(20 if not quick else 4):
        for n in (4, 9, 16):
            solution = importlib.import_module("shudu.make.classic").random_solution(
                Rules(n), seed=seed).cells
            rules = Rules(n, constraints=planted(solution, n, random.Random(seed), 12))
            shudu.count(bytes(n * n), 3, rules)
            _engine.batch(shudu.solving.engine._tables(rules), bytes(n * n) * 3, 2, 2, True)
            if n < 16:   # the lines (between, lockout, region-sum, zipper ...)
                kinds = importlib.import_module("constraint_cases").LINE_KINDS
                rules = Rules(n, constraints=planted(solution, n, random.Random(seed), 8, kinds))
                shudu.count(bytes(n * n), 3, rules)
            # X-sums, skyscrapers, quadruples, diagonal dots (exact walks up to 12x12;
            # beyond, a house clue is only checked when filled, too slow to search here)
            if n <= 9:
                cases = importlib.import_module("constraint_cases")
                orng, clues = random.Random(seed), []
                for _ in range(8):
                    clues += cases.outside_from(solution, n, orng, orng.choice(cases.OUTSIDE_KINDS))
                rules = Rules(n, constraints=tuple(dict.fromkeys(clues)))
                shudu.count(bytes(n * n), 3, rules)
    # Killers on grids with peers beyond their houses and with cages across boxes: the
    # sanitizer build checks every answer of the engine's table of what sees a cage's
    # places against the meet of their peer sets (SG_CHECK_SEES), aborting on a difference.
    cases = importlib.import_module("constraint_cases")
    for seed in range(6 if not quick else 3):
        for n, extra in ((6, {}), (9, {}), (9, {"anti_knight": True}),
                         (9, {"diagonals": True})):
            base = Rules(n, **extra)
            solution = importlib.import_module("shudu.make.classic").random_solution(
                base, seed=seed).cells
            cages = cases.random_cages(solution, random.Random(seed), n, min(n, 6), 0.1)
            rules = Rules(n, constraints=cages, **extra)
            got = shudu.count(bytes(n * n), 2, rules)
            if got < 1:
                print(f"killer {n}x{n} {extra} seed {seed}: its own solution lost")
                return 1
            # the nested refutation of logic, on random candidate states (some broken)
            nrng = random.Random(seed)
            for _ in range(4):
                masks = [nrng.randint(1, (1 << n) - 1) | (1 << (solution[c] - 1))
                         if nrng.random() < 0.7 else 1 << (solution[c] - 1)
                         for c in range(n * n)]
                found = shudu.solving.engine.nested_refutations(rules, masks, 2000, n * n * n)
                if any(digit == solution[cell] for cell, digit, _ in found):
                    print(f"killer {n}x{n} {extra} seed {seed}: the solution refuted")
                    return 1
    killer_x = cases.killer_x_rules()
    if shudu.count(bytes(81), 2, killer_x) < 1:
        print("the killer-X fixture's rules have no solution")
        return 1
    # Bad masks and budgets for the nested refutation are refused.
    tables = shudu.solving.engine._tables(killer_x)
    for data, budget, limit in ((bytes(4 * 80), 10, 1), (bytes(4 * 81), 10, 1),
                                (b"\xff" * 4 * 81, 10, 1), (b"\x01\x00\x00\x00" * 81, 0, 1),
                                (b"\x01\x00\x00\x00" * 81, -5, 1),
                                (b"\x01\x00\x00\x00" * 81, 10, 0),
                                (b"\x01\x00\x00\x00" * 81, 10, 10**6)):
        try:
            _engine.nested_refute(tables, data, budget, limit)
            print("nested_refute took bad input")
            return 1
        except ValueError:
            pass
    # Malformed constraint programs are refused, never read out of bounds.
    houses, starts, peers = shudu.solving.engine._house_tables(Rules())
    for _ in range(3000 if not quick else 500):
        program = [rng.choice((1, 2, 3, 4, 5, 10, 16, 17, 18, rng.randint(-3, 19)))]
        program += [rng.randint(-2, 90) for _ in range(rng.randint(0, 14))]
        try:
            _engine.search(_engine.Rules(9, houses, starts, peers, [0], [], [], program),
                           bytes(81), 1)
        except ValueError:
            pass
    print("sanitize smoke: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
