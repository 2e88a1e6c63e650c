"""The logic solver with variant constraints: every step sound against every solution on
random small puzzles, the published variant puzzles solved by logic alone with every step
checked, and hints that name the constraint in English and Chinese."""

from __future__ import annotations

import random
import re
from itertools import islice
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from constraint_cases import KINDS, LINE_KINDS, planted, unsound
from shudu import Grid, Rules
from shudu.formats.fpuzzles import read_fpuzzles
from shudu.logic.session import hint
from shudu.logic.solver import solve_path
from shudu.make.classic import random_solution
from shudu.solving import engine
from shudu.values.constraints import Kropki, Sandwich, Thermo

FIXTURE = Path(__file__).parents[1] / "fixtures" / "fpuzzles_published.txt"
PUBLISHED = [line.split("\t") for line in FIXTURE.read_text().splitlines()
             if line and not line.startswith("#")]


@pytest.mark.parametrize("kinds", [KINDS, LINE_KINDS], ids=["kinds", "lines"])
@settings(max_examples=40, derandomize=True, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([4, 6]))
def test_every_step_keeps_every_solution_on_small_puzzles(kinds, seed: int, n: int) -> None:
    rng = random.Random(seed)
    solution = random_solution(Rules(n), seed=seed % 5000).cells
    rules = Rules(n, constraints=planted(solution, n, rng, rng.randint(2, 6), kinds))
    puzzle = bytearray(n * n)
    for c in rng.sample(range(n * n), rng.randint(0, n)):
        puzzle[c] = solution[c]
    grid = Grid(bytes(puzzle), rules)
    solutions = [g.cells for g in islice(engine.solutions(grid), 300)]
    if len(solutions) == 300:
        return   # too many to hold every one: nothing to check against
    path = solve_path(grid)
    assert not unsound(path.steps, solutions)


@pytest.mark.parametrize(("title", "uses", "data", "solution"), PUBLISHED,
                         ids=[re.split(" by | from ", p[0])[0] for p in PUBLISHED])
def test_published_variants_are_solved_by_logic(title, uses, data, solution) -> None:
    grid = read_fpuzzles(data)
    path = solve_path(grid)
    assert not unsound(path.steps, [bytes(int(ch) for ch in solution)])
    stops = LOGIC_STOPS.get(re.split(" by | from ", title)[0])
    if stops is not None:   # logic makes sound steps, then finds nothing more
        assert not path.solved and path.stopped is None and len(path.steps) >= stops
        return
    assert path.solved, title
    assert path.final.to_grid().to_string() == solution


LOGIC_STOPS = {"The Barbed Cross": 7}
"""Published puzzles logic does not finish yet: the steps it makes before it finds nothing
more (no givens; only the little killers' sums and the disjoint groups to start from)."""


def test_mixed_puzzles_steps_are_sound() -> None:
    for seed in (3, 6, 7):
        rng = random.Random(seed)
        solution = random_solution(seed=seed).cells
        rules = Rules(constraints=planted(solution, 9, rng, 12))
        cells = bytearray(81)
        order = rng.sample(range(81), 81)
        for c in order[:14]:
            cells[c] = solution[c]
        order = order[14:]
        while engine.count(Grid(bytes(cells), rules), 2) > 1:
            c = order.pop()
            cells[c] = solution[c]
        path = solve_path(Grid(bytes(cells), rules))
        assert not unsound(path.steps, [solution]), seed


def test_a_hint_names_the_constraint_in_both_languages() -> None:
    rules = Rules(constraints=(Thermo((0, 1, 2, 3)), Kropki((9, 10), "black"),
                               Sandwich.row(8, 35)))
    grid = Grid("." * 81, rules)
    step = hint(grid, anyway=True)
    assert step.technique == "thermo"
    assert "thermometer r1c1 -> r1c4" in step.text(3)
    assert "温度计" in step.text(3, "zh") and step.text(1) == "Look for a Thermometer."
    kinds = {s.technique for s in solve_path(grid, max_steps=40).steps}
    assert {"thermo", "kropki", "sandwich"} <= kinds


def test_constrained_puzzles_are_rated_on_the_extended_scale() -> None:
    from shudu.rating.rater import rate

    data = PUBLISHED[0][2]        # Clipped: arrows and thermometers
    r = rate(read_fpuzzles(data), path=True)
    assert r.solved and r.complete and 7.5 <= r.score <= 9.0
    assert r.hardest == "constraint-forcing-chain"
    assert {"arrow-sums", "thermo"} <= set(r.histogram)
    assert rate(read_fpuzzles(data)).score == r.score           # the same every time
    easy = Grid("." * 80 + "1", Rules(constraints=(Thermo(tuple(range(9))),)))
    with pytest.raises(ValueError, match="several solutions"):
        rate(easy)


def test_chains_run_across_constraints() -> None:
    """A chain may take a constraint's relation as a weak link: on Tangled Arrows,
    grouped AICs link candidates of two cells that share no house, say which constraint
    links them in both languages, and keep the published solution."""
    from shudu.logic.techniques.variant.constraints import constraint_pairs
    from shudu.values.candidates import geometry
    from shudu.values.constraints import Cage

    _, _, data, solution = next(p for p in PUBLISHED if p[0].startswith("Tangled Arrows"))
    grid = read_fpuzzles(data)
    geo = geometry(grid.rules)
    across = []
    for step in solve_path(grid).steps:
        for link in step.links or ():
            a, b = link.a.cells, link.b.cells
            if not link.strong and len(a) == len(b) == 1 and a != b \
                    and not geo.peer_mask[a[0]] >> b[0] & 1:
                assert link.why.startswith("variant:"), link
                across.append(step)
                break
    assert across, "no chain used a constraint's link"
    assert not unsound(across, [bytes(int(ch) for ch in solution)])
    words = across[0].text(3, "en"), across[0].text(3, "zh")
    assert "(the " in words[0] and "（" in words[1], words
    pairs = constraint_pairs(Rules(4, constraints=(Cage((0, 1), 7), Thermo((2, 3)))))
    assert pairs[0] == (0, 1, (0, 0, 8, 4), "variant:killer@r1c12")   # 3+4 and 4+3 only
    assert pairs[1][:2] == (2, 3) and pairs[1][2][0] == 0b1110   # 1 below 2, 3, 4
    assert pairs[1][3] == "variant:thermo@r1c34"
    from shudu.values.constraints import Renban

    # a three-cell cage of 7 is 1+2+4: any two of its cells hold two of those digits
    cage3 = constraint_pairs(Rules(constraints=(Cage((0, 1, 2), 7),)))
    assert len(cage3) == 3 and all(p[2][:4] == (0b1010, 0b1001, 0, 0b0011) for p in cage3)
    run = constraint_pairs(Rules(constraints=(Renban((0, 1, 2)),)))
    assert len(run) == 3 and run[0][2][4] == 0b0110_1100   # a 5 beside 3, 4, 6 or 7


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from([1, 1, 1, -1, 10]), min_size=3, max_size=4),
       st.integers(min_value=-5, max_value=30))
def test_sum_pair_relations_are_exactly_the_completable_pairs(weights, total) -> None:
    """Two terms of a weighted sum of digits 1..6 are linked when no digits of the other
    terms complete the sum: brute force agrees on every pair, both ways."""
    from itertools import product

    from shudu.logic.techniques.variant.constraints import _sum_pairs

    n = 6
    terms = [(cell, w) for cell, w in enumerate(weights)]
    got = {(a, b): allowed for a, b, allowed in _sum_pairs(terms, total, n)}
    for i in range(len(terms)):
        for j in range(i + 1, len(terms)):
            want = [0] * n
            for digits in product(range(1, n + 1), repeat=len(terms)):
                if sum(w * d for (_, w), d in zip(terms, digits)) == total:
                    want[digits[i] - 1] |= 1 << (digits[j] - 1)
            full = (1 << n) - 1
            if all(m == full for m in want):
                assert (i, j) not in got   # a relation that forbids nothing is left out
            else:
                assert got[i, j] == tuple(want)


@pytest.mark.parametrize("n", [4, 6])
def test_sandwich_pair_relations_are_exactly_the_fillings_pairs(n: int) -> None:
    """Two places of a row with a sandwich sum are linked exactly as the orderings of
    1..n with that sandwich allow: brute force over every ordering, for every total."""
    from itertools import permutations

    from shudu.logic.techniques.variant.constraints import _sandwich_pairs

    fillings: dict[int, list[tuple[int, ...]]] = {}
    for line in permutations(range(1, n + 1)):
        a, b = sorted((line.index(1), line.index(n)))
        fillings.setdefault(sum(line[a + 1:b]), []).append(line)
    totals = set(fillings) | {max(fillings) + 1}
    for total in sorted(totals):
        got = _sandwich_pairs(total, n)
        for p in range(n):
            for q in range(p + 1, n):
                want = [0] * n
                for line in fillings.get(total, ()):
                    want[line[p] - 1] |= 1 << (line[q] - 1)
                house = tuple(((1 << n) - 1) & ~(1 << x) for x in range(n))
                assert got.get((p, q), house) == tuple(want), (total, p, q)


def test_chains_take_sandwich_links() -> None:
    """On a sandwich puzzle (every row's and column's sandwich sum, a few givens), chains
    link candidates through a sandwich, and every step keeps the solution."""
    solution = random_solution(seed=12).cells
    sums = []
    for line in [solution[r * 9:r * 9 + 9] for r in range(9)] + [solution[c::9] for c in range(9)]:
        a, b = sorted((line.index(1), line.index(9)))
        sums.append(sum(line[a + 1:b]))
    rules = Rules(constraints=tuple(Sandwich.row(i, s) for i, s in enumerate(sums[:9]))
                  + tuple(Sandwich.column(i, s) for i, s in enumerate(sums[9:])))
    cells = bytearray(81)
    for c in random.Random(12).sample(range(81), 81):   # givens until one solution is left
        if engine.count(Grid(bytes(cells), rules), limit=2) == 1:
            break
        cells[c] = solution[c]
    grid = Grid(bytes(cells), rules)
    assert engine.count(grid, limit=2) == 1
    path = solve_path(grid)
    linked = [s for s in path.steps
              if any(link.why.startswith("variant:sandwich") for link in s.links or ())]
    assert linked, "no chain used a sandwich's link"
    assert not unsound(path.steps, [solution])
