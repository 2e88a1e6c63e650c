"""The sums the engine derives from killer cages (the rule of 45 over unions of houses,
cages sticking out of a house, cage complements) hold in every solution, and the
search that narrows with them still finds every solution."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from constraint_cases import random_cages
from shudu import Grid, Rules
from shudu.make.classic import random_solution
from shudu.solving import engine
from shudu.values.constraints import Cage
from shudu.values.constraints.derived import complements, house_outies, innies_outies

ALL4 = [g.cells for g in engine.solutions("." * 16, Rules(4))]


def _derived_hold(rules: Rules, cages: tuple[Cage, ...], solution: bytes) -> int:
    """How many derived sums there are; each must add up on ``solution``."""
    terms = [*innies_outies(rules, cages), *house_outies(rules, cages)]
    for sum_terms, total in terms:
        assert sum(w * solution[c] for c, w in sum_terms) == total, (sum_terms, total)
    for cells, total in complements(rules, cages):
        assert sum(solution[c] for c in cells) == total
    return len(terms)


@settings(max_examples=120, derandomize=True)
@given(st.integers(0, 287), st.integers(0, 10**9), st.integers(0, 3))
def test_4x4_killers_count_as_brute_force(index: int, seed: int, givens: int) -> None:
    rng = random.Random(seed)
    solution = ALL4[index]
    cages = random_cages(solution, rng, 4, rng.randint(1, 4), no_sum=0.1)
    at = rng.randrange(len(cages))
    k, total = len(cages[at].cells), cages[at].total
    wrong = total + rng.choice((-1, 1))
    if total and rng.random() < 0.3 and k * (k + 1) // 2 <= wrong <= k * (9 - k) // 2:
        cages = (*cages[:at], Cage(cages[at].cells, wrong), *cages[at + 1:])   # maybe no grid
    rules = Rules(4, constraints=cages)
    puzzle = bytearray(16)
    for c in rng.sample(range(16), givens):
        puzzle[c] = solution[c]
    brute = sorted(g for g in ALL4 if not rules.broken(g)
                   and all(not v or g[c] == v for c, v in enumerate(puzzle)))
    for g in brute:
        _derived_hold(rules, cages, g)
    found = sorted(g.cells for g in engine.solutions(Grid(bytes(puzzle), rules)))
    assert found == brute


@settings(max_examples=40, derandomize=True)
@given(st.integers(0, 10**9), st.sampled_from([6, 9]))
def test_derived_sums_hold_on_the_solution(seed: int, size: int) -> None:
    rng = random.Random(seed)
    solution = random_solution(Rules(size), seed=seed % 5000).cells
    cages = random_cages(solution, rng, size, rng.randint(2, 6), no_sum=0.05)
    rules = Rules(size, constraints=cages)
    _derived_hold(rules, cages, solution)
    found = engine.search(Grid("." * size * size, rules), limit=1)
    assert found.solution is not None
    assert not rules.broken(found.solution.cells)


def test_a_full_killer_gives_innies_and_outies() -> None:
    """Cages two cells wide down the grid: every band of rows gives a derived sum."""
    solution = random_solution(Rules(9), seed=7).cells
    cages = tuple(Cage((r * 9 + c, r * 9 + c + 1), solution[r * 9 + c] + solution[r * 9 + c + 1])
                  for r in range(9) for c in (0, 2, 4, 6))
    cages += tuple(Cage((r * 9 + 8, r * 9 + 17), solution[r * 9 + 8] + solution[r * 9 + 17])
                   for r in (0, 2, 4, 6))
    cages += (Cage((80,), solution[80]),)
    rules = Rules(9, constraints=cages)
    assert _derived_hold(rules, cages, solution) > 5
    found = engine.search(Grid("." * 81, rules), limit=2)
    assert found.solution is not None and not rules.broken(found.solution.cells)
