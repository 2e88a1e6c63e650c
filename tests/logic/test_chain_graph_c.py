"""The link graphs of 9x9 states made by the C core (``accel9.chain_graph``) are those of
their Python definition (``ChainGraph.build(..., reference=True)``): the same nodes and
groups in the same order, the same strong and weak links, the same conflicts and the same
constraint labels, for every mode of the chain finders: on classic states along real
paths, and on thinned states of grids with diagonals, windows, anti-knight peers, a
killer's cages or irregular regions, built over their own houses and peers."""

from __future__ import annotations

import random

import pytest

from conftest import shared_file
from constraint_cases import NINE_GEOMETRIES, killer_x_rules, thinned_state
from shudu import Grid, Rules
from shudu.logic import accel9
from shudu.logic.links import ChainGraph
from shudu.logic.solver import SolverConfig, iter_steps
from shudu.logic.techniques.classic.chains import _MODES
from shudu.values.candidates import Candidates, bits

C_MODES = [m for m in _MODES if not _MODES[m].get("als")]


def _states(puzzle: str, every: int = 5) -> list[Candidates]:
    run = iter_steps(puzzle, SolverConfig(uniqueness=True), max_steps=80)
    out = [run.final.copy()]
    for k, _ in enumerate(run):
        if k % every == 0:
            out.append(run.final.copy())
    return out


def _same(cands: Candidates, mode: str) -> int:
    """Asserts the two graphs agree; returns the number of links compared."""
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
def test_states_along_real_paths(mode: str) -> None:
    lines = shared_file("top1465.sdm").read_text().split()
    links = states = 0
    for puzzle in lines[:6]:
        for state in _states(puzzle):
            links += _same(state, mode)
            states += 1
    assert states > 40 and links > 2_000


@pytest.mark.parametrize("mode", C_MODES)
def test_empty_and_nearly_solved(mode: str) -> None:
    _same(Candidates.from_grid(Grid.empty()), mode)
    grid = Grid("534678912672195348198342567859761423426853791713924856961537284287419635"
                "3452861..")
    _same(Candidates.from_grid(grid), mode)


def test_other_sizes_stay_in_python() -> None:
    from shudu import Rules

    c = Candidates.from_grid(Grid("." * 16, Rules(4)))
    g = ChainGraph.build(c, **_MODES["grouped"])
    assert "_blob_rows" not in g.__dict__ and g.weak


def test_bad_input_is_refused() -> None:
    from shudu.logic import accel9

    with pytest.raises(ValueError, match="flags"):
        accel9._engine.chain_graph9(bytes(81), [511] * 81, 99)
    with pytest.raises(ValueError, match="81"):
        accel9._engine.chain_graph9(bytes(80), [511] * 81, 1)
    with pytest.raises(ValueError, match="mask"):
        accel9._engine.chain_graph9(bytes(81), [1024] * 81, 1)


def _closures_agree(g: ChainGraph) -> int:
    """Every node's closures from the C core against the breadth-first search here."""
    assert g._c_closures()
    clash_true = clash_false = elim = 0
    bfs = {a: g._bfs(a) for a in bits(g.nodes)}
    for a in range(g.base + len(g.groups)):
        if not g.nodes >> a & 1:
            continue
        T, F = bfs[a]
        assert g.closure_false(a) == (T, F), a
        elim |= g.conflicts(a) & F
        clash_false |= bool(T & F) << a
        T, F = 1 << a, g.weak.get(a, 0)
        for y in bits(F):
            t, f = bfs[y]
            T, F = T | t, F | f
        assert g.closure_true(a) == (T, F), a
        clash_true |= bool(T & F) << a
    assert g.eliminable() == elim
    assert g.clashes() == (clash_true, clash_false)
    return clash_true.bit_count() + clash_false.bit_count()


def test_closures_along_real_paths() -> None:
    lines = shared_file("top1465.sdm").read_text().split()
    clashes = 0
    for puzzle in lines[:3]:
        for state in _states(puzzle, every=9):
            for mode in ("full", "grouped", "als"):
                clashes += _closures_agree(ChainGraph.build(state, **_MODES[mode]))
    assert clashes > 100


def test_closures_of_a_variant() -> None:
    from shudu import Rules

    puzzle = ("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    state = _states(puzzle)[3]
    _closures_agree(ChainGraph.build(state, **_MODES["grouped"]))
    c = Candidates.from_grid(Grid(puzzle, Rules(diagonals=True)))
    _closures_agree(ChainGraph.build(c, **_MODES["full"]))


def test_parents_match_the_python_search() -> None:
    lines = shared_file("top1465.sdm").read_text().split()
    compared = 0
    for puzzle in lines[:2]:
        for state in _states(puzzle, every=12):
            for mode in ("x", "full", "grouped", "als"):
                g = ChainGraph.build(state, **_MODES[mode])
                nodes = list(bits(g.nodes))
                for k, a in enumerate(nodes[::7]):
                    banned = 0 if k % 2 else 1 << nodes[(k * 5) % len(nodes)]
                    for lit in (2 * a, 2 * a + 1):
                        fast = list(g.parents(lit, banned))
                        assert fast == g.parents(lit, banned, reference=True), (mode, lit)
                        compared += sum(p >= 0 for p in fast)
    assert compared > 10_000


def _loop_starts(g: ChainGraph) -> int:
    """ChainGraph.loop_starts by its definition over closure_false."""
    from shudu.logic.links import cell_columns

    at_cell = cell_columns(g.n, g.N)
    want = 0
    for a in bits(g.nodes & ((1 << g.base) - 1)):
        T = g.closure_false(a)[0]
        if T >> a & 1 or T & at_cell[a % g.N] & ~((2 << a) - 1):
            want |= 1 << a
    return want


def test_loop_starts_are_those_of_the_closures() -> None:
    """``ChainGraph.loop_starts`` (C) against its definition, on states along real paths
    and on a grid of other rules."""
    from shudu import Rules

    lines = shared_file("top1465.sdm").read_text().split()
    found = 0
    for puzzle in lines[:4]:
        for state in _states(puzzle):
            for mode in ("full", "grouped"):
                g = ChainGraph.build(state, **_MODES[mode])
                want = _loop_starts(g)
                assert g.loop_starts() == want
                found += bool(want)
    assert found
    c = Candidates.from_grid(Grid("1..4...7." + "." * 72, Rules(diagonals=True)))
    g = ChainGraph.build(c)
    assert g.loop_starts() in (None, _loop_starts(g))


# ---------------------------------------------------------------- other 9x9 geometries
# Diagonals, windows, anti-knight peers, a killer's cages and irregular regions: the C core
# builds those graphs over the grid's houses and peers, with the constraints' weak links
# and their labels.

GEOMETRIES = {**NINE_GEOMETRIES,
              # irregular regions (rows): lines cut into single cells, regions into one part
              "rows-as-regions": lambda: Rules(regions="".join(str(k // 9) for k in range(81)))}


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
    rules = killer_x_rules()
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
