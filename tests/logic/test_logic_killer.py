"""The killer techniques: cage arithmetic equals brute force, every step on random small
killers keeps every solution, and the published killers' logic paths are sound (the
human-solvable ones that logic finishes stay finished)."""

from __future__ import annotations

import random
from itertools import islice, permutations, product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from constraint_cases import random_cages, unsound
from shudu import Grid, Rules
from shudu.formats.killer import read_cage_string, read_killer_list
from shudu.logic.registry import family
from shudu.logic.session import explain, hint
from shudu.logic.solver import SolverConfig, solve_path
from shudu.logic.techniques.variant.cage_sums import (
    cage_options,
    derived_sums,
    difference_sums,
    matching,
    matching_py,
    sum_supports,
    sum_supports_py,
)
from shudu.make.classic import random_solution
from shudu.solving import engine
from shudu.values.candidates import bits
from shudu.words.houses import house_name

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "killer_published.txt"
KILLER_KEYS = [t.key for t in family("killer")]


def _published() -> list[tuple[str, str]]:
    return [tuple(line.split()) for line in FIXTURE.read_text().splitlines()  # type: ignore[misc]
            if line.strip() and not line.startswith("#")]


def _grid(puzzle: str) -> Grid:
    return read_killer_list(puzzle) if puzzle.startswith("3x3") else read_cage_string(puzzle)


masks9 = st.integers(min_value=1, max_value=511)


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.lists(masks9, min_size=1, max_size=5), st.integers(min_value=1, max_value=45))
def test_cage_options_equal_brute_force(masks: list[int], total: int) -> None:
    supports, combos = cage_options(9, total, tuple(masks))
    want_support = [0] * len(masks)
    want_combos = set()
    for digits in permutations(range(1, 10), len(masks)):
        if sum(digits) == total and all(m >> (d - 1) & 1 for m, d in zip(masks, digits)):
            for i, d in enumerate(digits):
                want_support[i] |= 1 << (d - 1)
            want_combos.add(sum(1 << (d - 1) for d in digits))
    if not want_combos:
        assert (supports, combos) == ((), ())
    else:
        assert list(supports) == want_support and set(combos) == want_combos


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.sets(st.integers(0, 15), min_size=1, max_size=10), st.data())
def test_a_combination_fills_alike_in_c_and_python(digits: set[int], data: st.DataObject
                                                   ) -> None:
    """The fillings of a cage's open cells with one combination (16 digits, up to ten
    cells): the C walk gives what the Python one gives."""
    combo = sum(1 << d for d in digits)
    masks = data.draw(st.lists(st.integers(1, 2**16 - 1), min_size=len(digits),
                               max_size=len(digits)))
    masks = [m | combo if data.draw(st.booleans()) else m for m in masks]
    assert matching(combo, tuple(masks)) == matching_py(combo, tuple(masks))


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.lists(st.tuples(masks9, st.sampled_from((1, -1))), min_size=1, max_size=4),
       st.integers(min_value=-20, max_value=36), st.integers(min_value=0, max_value=63))
def test_sum_supports_equal_brute_force(cells: list[tuple[int, int]], total: int,
                                        links: int) -> None:
    k = len(cells)
    pairs = [(i, j) for i in range(k) for j in range(i + 1, k)]
    peer = {p for b, p in enumerate(pairs) if links >> b & 1}
    sees = tuple(sum(1 << j for j in range(k) if (min(i, j), max(i, j)) in peer)
                 for i in range(k))
    masks = tuple(m for m, _ in cells)
    signs = tuple(s for _, s in cells)
    got = sum_supports(total, masks, sees, signs)
    assert sum_supports_py(total, masks, sees, signs) == got   # C and Python walk alike
    want = [0] * k
    for digits in product(*[[b + 1 for b in bits(m)] for m in masks]):
        if any(digits[i] == digits[j] for i, j in peer):
            continue
        if sum(s * d for s, d in zip(signs, digits)) == total:
            for i, d in enumerate(digits):
                want[i] |= 1 << (d - 1)
    assert list(got) == (want if any(want) else [])


@settings(max_examples=150, derandomize=True, deadline=None)
@given(st.lists(st.tuples(masks9, st.sampled_from((1, 1, -1)), st.integers(0, 2**12 - 1)),
                min_size=5, max_size=12),
       st.integers(min_value=-20, max_value=70))
def test_long_sums_walk_alike_in_c_and_python(cells: list[tuple[int, int, int]],
                                               total: int) -> None:
    """The 45 rule's sums of up to a dozen cells (too many to check by brute force): the
    C walk gives what the Python walk gives."""
    k = len(cells)
    sees = [links & ((1 << k) - 1) & ~(1 << i) for i, (_, _, links) in enumerate(cells)]
    sees = [s | sum(1 << j for j in range(k) if sees[j] >> i & 1) for i, s in enumerate(sees)]
    masks = tuple(m for m, _, _ in cells)
    signs = tuple(g for _, g, _ in cells)
    assert sum_supports(total, masks, tuple(sees), signs) == \
        sum_supports_py(total, masks, tuple(sees), signs)


def _check_path(grid: Grid, solutions: list[bytes]) -> tuple[bool, list[str]]:
    """Solve by logic; every step's eliminations must spare, and its placements agree
    with, every solution.  Returns (solved, the unsound steps)."""
    path = solve_path(grid)
    return path.solved, unsound(path.steps, solutions)


@pytest.mark.parametrize("size, biggest", [(4, 3), (6, 4)])
def test_every_step_on_random_small_killers_keeps_every_solution(size: int,
                                                                 biggest: int) -> None:
    """Random killers (cages of a random solution, some without a sum, some cells in no
    cage, sometimes a few givens): every logic step keeps every solution the engine
    lists; the killer techniques are used, and some puzzles are solved by logic."""
    rng = random.Random(20261126 + size)
    used: set[str] = set()
    solved = 0
    for _ in range(60 if size == 4 else 25):
        solution = random_solution(Rules(size), seed=rng.randrange(10**9)).cells
        rules = Rules(size, constraints=random_cages(solution, rng, size, biggest))
        givens = bytes(v if rng.random() < 0.1 else 0 for v in solution)
        grid = Grid(givens, rules)
        solutions = [g.cells for g in islice(engine.solutions(grid, rules), 5000)]
        assert len(solutions) < 5000   # every solution listed
        assert solution in solutions
        ok, bad = _check_path(grid, solutions)
        assert not bad, bad
        solved += ok
        used.update(s.technique for s in solve_path(grid).steps)
    assert solved > 0 and used & set(KILLER_KEYS)


def test_the_published_killers_are_explained_soundly() -> None:
    """Every step of the logic path of every published killer spares its solution; the
    human-solvable ones that logic finishes today stay finished.  On the hard killers,
    where logic stalls early, the cage forcing chain (which then tries every candidate at
    every step) is left out to keep the test short; it runs on the human-solvable ones.  So
    is the nested cage forcing, which has tests of its own (test_killer_nested.py)."""
    solved = []
    used: set[str] = set()
    quick = SolverConfig(disabled=frozenset({"cage-forcing-chain", "nested-cage-forcing"}))
    for number, (puzzle, solution) in enumerate(_published()):
        grid = _grid(puzzle)
        path = solve_path(grid, None if puzzle.startswith("3x3") else quick)
        want = bytes(int(ch) for ch in solution)
        for step in path.steps:
            used.add(step.technique)
            assert all(want[c] != d for c, d in step.eliminations), step.notation()
            assert all(want[c] == d for c, d in step.placements), step.notation()
        if path.solved:
            solved.append(number)
    assert set(range(20, 29)) <= set(solved), solved
    want_used = set(KILLER_KEYS) - {"nested-cage-forcing"}
    assert want_used <= used, sorted(want_used - used)


def test_derived_sums_hold_on_the_solutions() -> None:
    """Each innie, outie, split and difference sum the 45 rule gives on a published
    killer holds on its solution."""
    for puzzle, solution in _published():
        rules = _grid(puzzle).rules
        values = [int(ch) for ch in solution]
        for s in derived_sums(rules) + difference_sums(rules):
            got = sum(values[c] for c in s.cells) - sum(values[c] for c in s.minus)
            assert got == s.total, (s.kind, s.cells, s.minus, s.total)


def test_hint_and_explain_check_the_killer_first() -> None:
    """hint and explain count a killer's solutions with the engine (the verdict is
    known, not 'unknown') and answer with a cage step."""
    puzzle, solution = _published()[21]
    grid = _grid(puzzle)
    step = hint(grid)
    assert step is not None and step.technique in KILLER_KEYS
    path = explain(grid)
    assert path.verdict is not None and path.verdict.status == "unique"
    assert path.solved and path.final.to_grid().to_string() == solution


def test_uniqueness_techniques_stay_out_of_killers() -> None:
    """A deadly pattern's swap may break a cage, so uniqueness techniques are not used on
    a killer even when asked for."""
    puzzle, _ = _published()[21]
    path = solve_path(_grid(puzzle), SolverConfig(uniqueness=True))
    from shudu.logic.registry import technique

    assert not any(technique(s.technique).uniqueness for s in path.steps)


def test_a_cage_of_nine_cells_is_a_house() -> None:
    """A cage of nine cells holds every digit once: the logic finds a hidden single in it
    and names it by its cells (the engine has treated it so all along)."""
    from shudu.logic.solver import as_candidates
    from shudu.logic.techniques.classic.singles import find_hidden_single
    from shudu.values.constraints import Cage

    cells = (0, 1, 2, 3, 4, 5, 6, 7, 9)   # r1c1-r1c8 and r2c1: in no row, column or box
    rules = Rules(constraints=(Cage(cells, 45),))
    house = len(rules.houses) - 1
    assert rules.houses[house].cells == cells and rules.houses[house].kind == "cage"
    assert house_name(rules, house) == "cage r1c12345678,r2c1"
    assert house_name(rules, house, "zh") == "杀手笼 r1c12345678,r2c1"
    cands = as_candidates(Grid("." * 81, rules))
    for c in cells[1:]:
        cands.eliminate(c, 5)   # 5 is left only in r1c1 of the cage (its row has other 5s)
    found = [s for s in find_hidden_single(cands) if s.placements == ((0, 5),)]
    assert found and found[0].role_houses("house") == (house,)
    object.__setattr__(found[0], "rules", rules)   # as the solver does with a step
    assert "cage r1c12345678,r2c1" in found[0].text(3, "en")
    assert "杀手笼 r1c12345678,r2c1" in found[0].text(3, "zh")


TAREK_1 = "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^"
"""The first of tarek's hard killers (``benchmarks/data/killer_collections.tsv``)."""


def test_cage_forcing_chains_finish_a_hard_killer_soundly() -> None:
    """Cage forcing chains, whose trials follow locked candidates and the digits a house
    leaves to one cage besides singles, cages and sums, finish one of tarek's killers;
    every step spares the solution, and some chain names a locked candidate."""
    grid = read_cage_string(TAREK_1)
    want = next(engine.solutions(grid)).cells
    path = solve_path(grid)
    assert path.solved
    for step in path.steps:
        assert all(want[c] != d for c, d in step.eliminations), step.notation()
        assert all(want[c] == d for c, d in step.placements), step.notation()
    chains = [s for s in path.steps if s.technique == "cage-forcing-chain"]
    locked = [s for s in chains if any(r.startswith("locked:") for r in s.get("reasons"))]
    assert locked, "no chain used a locked candidate"
    text, zh = locked[0].text(), locked[0].text(lang="zh")
    assert " lies in " in text and "只在" in zh


def test_the_c_core_passes_over_classic_finders_on_killers_alike(monkeypatch) -> None:
    """On a killer of classic geometry the solver asks the C core which classic finders
    would find nothing; the path is the one the Python finders give alone."""
    from shudu.logic import solver

    puzzle, _ = _published()[21]
    grid = _grid(puzzle)
    fast = [s.notation() for s in solve_path(grid).steps]
    monkeypatch.setattr(solver, "_classic_cages", lambda rules: False)
    slow = [s.notation() for s in solve_path(grid).steps]
    assert fast == slow and len(fast) > 20
