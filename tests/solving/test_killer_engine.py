"""Killer cages in the engine: counts equal brute force on random 4x4 and 9x9 killers
(cages of up to six cells among them),
every solution keeps every cage, and cages travel through JSON rules."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from constraint_cases import random_cages
from shudu import Grid, Rules
from shudu.errors import ParseError, UnsupportedRules
from shudu.make.classic import random_solution
from shudu.solving import engine
from shudu.values.constraints import Cage

ALL4 = [g.cells for g in engine.solutions("." * 16, Rules(4))]


def _keeps(values: bytes, rules: Rules) -> bool:
    return all(cage.check(values) for cage in rules.constraints)


@settings(max_examples=60)
@given(st.integers(0, 287), st.integers(0, 10**9), st.integers(0, 6))
def test_4x4_counts_equal_brute_force(index: int, seed: int, givens: int) -> None:
    rng = random.Random(seed)
    solution = ALL4[index]
    rules = Rules(4, constraints=random_cages(solution, rng, 4, 3))
    puzzle = bytearray(16)
    for c in rng.sample(range(16), givens):
        puzzle[c] = solution[c]
    brute = [g for g in ALL4 if _keeps(g, rules)
             and all(not v or g[c] == v for c, v in enumerate(puzzle))]
    assert engine.count(Grid(bytes(puzzle), rules), 1000) == len(brute) >= 1
    found = [g.cells for g in engine.solutions(Grid(bytes(puzzle), rules))]
    assert sorted(found) == sorted(brute)


def _brute_count(puzzle: bytearray, rules: Rules, limit: int) -> int:
    """A plain backtracker over the rules' peers and the cages' checks."""
    peers = rules.peers
    n = rules.size
    by_cell: dict[int, list[Cage]] = {}
    for cage in rules.constraints:
        for c in cage.cells:
            by_cell.setdefault(c, []).append(cage)
    found = 0

    def fill() -> bool:
        nonlocal found
        try:
            cell = puzzle.index(0)
        except ValueError:
            found += 1
            return found >= limit
        for d in range(1, n + 1):
            if any(puzzle[p] == d for p in peers[cell]):
                continue
            puzzle[cell] = d
            if all(cage.check(puzzle) for cage in by_cell.get(cell, ())) and fill():
                puzzle[cell] = 0
                return True
            puzzle[cell] = 0
        return False

    fill()
    return found


@settings(max_examples=12)
@given(st.integers(0, 10**9))
def test_9x9_counts_equal_a_plain_backtracker(seed: int) -> None:
    rng = random.Random(seed)
    solution = random_solution(seed=seed % 1000).cells
    rules = Rules(constraints=random_cages(solution, rng, 9, 4))
    puzzle = bytearray(81)
    for c in rng.sample(range(81), 38):
        puzzle[c] = solution[c]
    assert engine.count(Grid(bytes(puzzle), rules), 20) == _brute_count(puzzle, rules, 20)


@settings(max_examples=60)
@given(st.integers(0, 10**9), st.integers(10, 30))
def test_9x9_cages_of_five_and_six_cells_keep_the_solution_they_came_from(
        seed: int, givens: int) -> None:
    """Cages of five or six open cells with few combinations left are narrowed exactly: the
    grid the cages were cut from is still a solution (the only one, when there is one)."""
    rng = random.Random(seed)
    solution = random_solution(seed=seed % 1000).cells
    rules = Rules(constraints=random_cages(solution, rng, 9, 6, no_sum=0.0))
    puzzle = bytearray(81)
    for c in rng.sample(range(81), givens):
        puzzle[c] = solution[c]
    found = engine.search(Grid(bytes(puzzle), rules), limit=2)
    assert found.count >= 1
    assert _keeps(found.solution.cells, rules)
    if found.count == 1:
        assert found.solution.cells == solution


@pytest.mark.parametrize("seed", range(6))
def test_a_killer_without_givens_solves_to_a_grid_that_keeps_every_cage(seed: int) -> None:
    rng = random.Random(seed)
    solution = random_solution(seed=seed).cells
    rules = Rules(constraints=random_cages(solution, rng, 9, 4, no_sum=0.0))
    found = engine.search(Grid("." * 81, rules), limit=2)
    assert found.count >= 1
    got = found.solution.cells
    assert _keeps(got, rules)
    assert not engine.has_conflict9(bytes(got))


def test_cages_in_json_rules_and_their_errors() -> None:
    rules = Rules(4, constraints=(Cage((0, 1), 3), Cage((2,), 0)))
    back = Rules.from_dict(rules.to_dict())
    assert back == rules and back.constraints[0].total == 3
    with pytest.raises(ParseError, match=r"sums to 3\.\.7, not 9"):
        Rules(4, constraints=(Cage((0, 1), 9),))
    with pytest.raises(ParseError, match="cells of a cage to differ"):
        Cage((0, 0), 3)
    with pytest.raises(UnsupportedRules, match="up to 16x16"):
        engine.count("." * 625, 2, Rules(25, constraints=(Cage((0, 1), 3),)))
    assert engine.count("3" + "." * 15, 10, rules) == 0   # 3 + another digit cannot make 3
    assert engine.count("1" + "." * 15, 100, rules) == engine.count("12" + "." * 14, 100, rules)


def test_stored_killers_without_givens_have_one_solution() -> None:
    """Killers of neighbouring-cell cages and no givens (tests/fixtures/killer_unique.json,
    each checked once by the engine and by its cages): one solution, the stored one."""
    import json
    from pathlib import Path

    stored = json.loads((Path(__file__).parents[1] / "fixtures" / "killer_unique.json").read_text())
    assert len(stored) == 3
    for case in stored:
        rules = Rules(constraints=tuple(Cage(tuple(cells), total)
                                        for cells, total in case["cages"]))
        found = engine.search(Grid("." * 81, rules), limit=2)
        assert found.count == 1
        assert found.solution.to_string() == case["solution"]
        values = found.solution.cells
        assert _keeps(values, rules) and not engine.has_conflict9(bytes(values))
        assert sum(len(c.cells) for c in rules.constraints) == 81   # every cell caged


def test_overlapping_cages_keep_the_solutions_they_allow() -> None:
    """Two cages sharing a cell in one row: the rule of 45 counts that cell once, so the
    grid that keeps both sums is still found (it was once reported as no solution)."""
    rules = Rules(4, constraints=(Cage((0, 1), 3), Cage((1, 2), 5)))
    assert engine.count("1234341221434321", rules) == 1
    assert str(engine.solve("." * 16, rules))[:3] in ("123", "214")


def _house_cages(solution: bytes, rules: Rules, rng: random.Random) -> tuple[Cage, ...]:
    """Cages of two to five cells each inside one house (the engine narrows those with the
    rest of the house), on cells no other cage holds."""
    used: set[int] = set()
    cages = []
    for house in rng.sample(list(rules.houses), len(rules.houses) // 2):
        free = [c for c in house.cells if c not in used]
        if len(free) < 2:
            continue
        cells = rng.sample(free, rng.randint(2, min(5, len(free))))
        used.update(cells)
        cages.append(Cage(tuple(cells), sum(solution[c] for c in cells)))
    return tuple(cages)


@settings(max_examples=15)
@given(st.integers(0, 10**9))
def test_6x6_cages_inside_houses_count_as_a_plain_backtracker(seed: int) -> None:
    rng = random.Random(seed)
    solution = random_solution(Rules(6), seed=seed % 1000).cells
    rules = Rules(6, constraints=_house_cages(solution, Rules(6), rng))
    puzzle = bytearray(36)
    for c in rng.sample(range(36), 8):
        puzzle[c] = solution[c]
    brute = _brute_count(puzzle, rules, 30)
    assert engine.count(Grid(bytes(puzzle), rules), 30) == brute >= 1


def test_a_killer_x_is_settled_at_the_root_by_its_derived_sums_taken_exactly() -> None:
    """The last killer of the human-solvable collection (tests/fixtures/killer_x.txt) has
    diagonals: the rule of 45 over its unions of rows and
    columns, narrowed exactly and with the cells that see each other differing, settles it
    before the search guesses.  Taken as bounds alone, it needed thousands of guesses."""
    from pathlib import Path

    from shudu.formats.killer import read_killer_list

    fixture = Path(__file__).parents[1] / "fixtures" / "killer_x.txt"
    puzzle, solution = [line for line in fixture.read_text().splitlines()
                        if line and not line.startswith("#")]
    found = engine.search(read_killer_list(puzzle), limit=2)
    assert found.count == 1
    assert found.solution.to_string() == solution
    assert found.guesses <= 20
