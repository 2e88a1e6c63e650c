"""Puzzle generation: uniqueness, symmetry, minimality, targets, sizes, variants, errors.

Uniqueness is checked with the engine (``count(limit=2) == 1``) and the solution with the
independent checker in tests/checker.py; symmetry and "requires a technique" are
re-derived here from first principles rather than with the generator's own helpers.
"""

from __future__ import annotations

import json
import math

import pytest

from checker import is_solution
from shudu.errors import ParseError
from shudu.logic.registry import techniques
from shudu.logic.solver import SolverConfig, solve_path
from shudu.make.classic import (
    GRADE_RANGES,
    Generated,
    GenerationError,
    generate,
    generate_many,
    is_minimal,
    is_symmetric,
    logic_dig,
    parse_pattern,
    parse_score,
    random_solution,
    requires,
)
from shudu.solving.engine import count, solve
from shudu.values.grid import Grid
from shudu.values.rules import Rules

JIGSAW = (
    "111222333"
    "111222333"
    "114222333"
    "144555666"
    "444555666"
    "444555666"
    "777888999"
    "777888999"
    "777888999"
)
"""Regions 1 and 4 swap r3c3 and r4c1: not the usual boxes."""


def checked(g: Generated) -> None:
    """The puzzle is unique, the solution solves it, and both are consistent."""
    rules = g.puzzle.rules
    assert g.solution.rules == rules
    assert g.solution.is_complete
    assert count(g.puzzle, limit=2) == 1
    assert solve(g.puzzle) == g.solution
    box = rules.box if rules.box is not None else (1, rules.size)
    assert is_solution(
        list(g.solution.cells), list(g.puzzle.cells), rules.size, box,
        regions=rules.regions, diagonals=rules.diagonals, windows=rules.windows,
        anti_knight=rules.anti_knight, anti_king=rules.anti_king,
    )
    assert all(p in (0, s) for p, s in zip(g.puzzle.cells, g.solution.cells))


def mirror_image(cell: int, n: int, symmetry: str) -> list[int]:
    """Every image of ``cell`` under the symmetry group (written out independently)."""
    r, c = divmod(cell, n)
    if symmetry == "180":
        pts = [(n - 1 - r, n - 1 - c)]
    elif symmetry == "90":
        pts = [(c, n - 1 - r), (n - 1 - r, n - 1 - c), (n - 1 - c, r)]
    elif symmetry == "mirror":
        pts = [(r, n - 1 - c)]
    elif symmetry == "diagonal":
        pts = [(c, r)]
    else:
        pts = []
    return [a * n + b for a, b in pts]


# ---------------------------------------------------------------------- plain 9x9
def test_unique_and_minimal_by_default() -> None:
    for g in generate_many(12, seed=11):
        checked(g)
        cells = bytearray(g.puzzle.cells)
        for i, v in enumerate(g.puzzle.cells):
            if v:
                cells[i] = 0
                assert count(bytes(cells), limit=2) >= 2, f"clue {i} removable"
                cells[i] = v
        assert 17 <= g.puzzle.clue_count <= 40


@pytest.mark.parametrize("symmetry", ["180", "90", "mirror", "diagonal"])
def test_symmetry(symmetry: str) -> None:
    for g in generate_many(4, seed=5, symmetry=symmetry, minimal=True):
        checked(g)
        cells = g.puzzle.cells
        for cell in range(81):
            for image in mirror_image(cell, 9, symmetry):
                assert bool(cells[cell]) == bool(cells[image]), (symmetry, cell, image)
        # minimal with a symmetry: no whole orbit can be removed
        seen: set[int] = set()
        for cell in range(81):
            if not cells[cell] or cell in seen:
                continue
            orbit = {cell, *mirror_image(cell, 9, symmetry)}
            seen |= orbit
            trial = bytearray(cells)
            for c in orbit:
                trial[c] = 0
            assert count(bytes(trial), limit=2) >= 2


def test_symmetry_aliases_and_unknown() -> None:
    assert generate(seed=3, symmetry="rotational").symmetry == "180"
    with pytest.raises(ParseError, match="symmetry"):
        generate(seed=1, symmetry="spiral")
    with pytest.raises(ValueError):
        generate(seed=1, symmetry="45")


def test_reproducible() -> None:
    a = generate(seed=123, symmetry="180")
    b = generate(seed=123, symmetry="180")
    c = generate(seed=124, symmetry="180")
    assert a.puzzle == b.puzzle and a.solution == b.solution and a.seed == 123
    assert a.puzzle != c.puzzle
    many = list(generate_many(5, seed=9))
    assert [g.puzzle for g in many] == [g.puzzle for g in generate_many(5, seed=9)]
    assert len({g.puzzle for g in many}) == 5
    # each result's own seed reproduces it
    assert generate(seed=many[3].seed).puzzle == many[3].puzzle
    assert random_solution(seed=4) == random_solution(seed=4)
    assert random_solution(seed=4) != random_solution(seed=5)


def test_random_seed_is_reported() -> None:
    g = generate()
    assert isinstance(g.seed, int)
    assert generate(seed=g.seed).puzzle == g.puzzle


def test_solution_grids_vary() -> None:
    grids = [random_solution(seed=s) for s in range(30)]
    assert len(set(grids)) == 30
    # every digit shows up in r1c1 over a few seeds (no fixed first row)
    assert len({g[0] for g in grids}) >= 6
    for g in grids:
        assert is_solution(list(g.cells), [0] * 81)


def test_to_dict_is_json() -> None:
    g = generate(seed=2, symmetry="mirror")
    d = json.loads(json.dumps(g.to_dict()))
    assert d["puzzle"] == g.puzzle.to_string() and d["seed"] == 2
    assert d["symmetry"] == "mirror" and d["rules"] == {"size": 9, "box": [3, 3]}
    assert d["clues"] == g.puzzle.clue_count and d["rating"] is None


# ---------------------------------------------------------------------- sizes and variants
@pytest.mark.parametrize(
    "rules",
    [
        Rules(4), Rules(6), Rules(8), Rules(12), Rules(16),
        Rules(9, diagonals=True), Rules(9, windows=True), Rules(9, regions=JIGSAW),
        Rules(9, anti_knight=True), Rules(9, anti_king=True), Rules(6, diagonals=True),
    ],
    ids=lambda r: r.spec[:20],
)
def test_sizes_and_variants(rules: Rules) -> None:
    n = 1 if rules.size >= 12 else 3
    for g in generate_many(n, rules, seed=7):
        assert g.puzzle.rules == rules
        checked(g)
        assert g.puzzle.clue_count < rules.ncells * 0.6


def test_rules_spec_string_and_symmetry_on_variant() -> None:
    g = generate("x", seed=4, symmetry="diagonal")
    assert g.puzzle.rules == Rules(9, diagonals=True)
    checked(g)
    cells = g.puzzle.cells
    assert all(bool(cells[r * 9 + c]) == bool(cells[c * 9 + r])
               for r in range(9) for c in range(9))


def test_sixteen_minimal_sample() -> None:
    g = generate(Rules(16), seed=3, score="0+")  # any score: plain digging, minimal
    checked(g)
    cells = bytearray(g.puzzle.cells)
    clues = [i for i, v in enumerate(cells) if v]
    for i in clues[::7]:  # a sample of the clues: each removal must break uniqueness
        v = cells[i]
        cells[i] = 0
        assert count(bytes(cells), limit=2, rules=Rules(16)) >= 2
        cells[i] = v


# ---------------------------------------------------------------------- patterns
def test_pattern_fixes_the_givens() -> None:
    base = generate(seed=21, symmetry="180").puzzle
    mask = "".join("x" if v else "." for v in base.cells)
    # add every cell of rows 5 and 1 so random grids often fit the pattern
    extra = set(range(36, 45)) | set(range(0, 9))
    mask = "".join("x" if ch == "x" or i in extra else "." for i, ch in enumerate(mask))
    g = generate(pattern=mask, seed=8)
    checked(g)
    assert [bool(v) for v in g.puzzle.cells] == [ch == "x" for ch in mask]
    assert generate(pattern=mask, seed=8).puzzle == g.puzzle
    assert parse_pattern(mask) == {i for i, ch in enumerate(mask) if ch == "x"}


def test_pattern_minimal_is_checked() -> None:
    # a full grid as pattern is unique but never minimal
    with pytest.raises(GenerationError, match="pattern"):
        generate(pattern="x" * 81, minimal=True, seed=1, attempts=3)
    assert generate(pattern="x" * 81, seed=1).puzzle.clue_count == 81


def test_impossible_patterns() -> None:
    with pytest.raises(GenerationError, match="at least 8"):
        generate(pattern="x" * 7 + "." * 74, seed=1)
    with pytest.raises(GenerationError, match="pattern"):
        # whole columns 2, 4, 6 and 8 empty: unique rectangles everywhere
        generate(pattern="x.x.x.x.x" * 9, seed=1, attempts=200)
    with pytest.raises(ParseError, match="81 cells"):
        generate(pattern="x" * 80, seed=1)
    with pytest.raises(ParseError, match="symmetry"):
        generate(pattern="x" * 81, symmetry="180", seed=1)


def test_budget_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        generate(Rules(4), pattern="x..x" "...." "...." "x..x", seed=1, attempts=50)
    with pytest.raises(GenerationError, match=r"s \("):
        generate(pattern="x.x.x.x.x" * 9, seed=1, timeout=0.05, attempts=None)


# ---------------------------------------------------------------------- difficulty targets
def test_grade_and_score_helpers() -> None:
    from shudu.rating.rater import grade_for_score

    for grade, (low, high) in GRADE_RANGES.items():
        assert grade_for_score(low) == grade
        if high != math.inf:
            assert grade_for_score(high - 0.05) == grade
    assert parse_score("3.0-4.0") == (3.0, 4.0)
    assert parse_score("7+") == (7.0, math.inf)
    for bad in ("hard", "4-3", "-1-2", ""):
        with pytest.raises(ParseError):
            parse_score(bad)


def test_bad_targets() -> None:
    with pytest.raises(ParseError, match="grade"):
        generate(seed=1, grade="impossible")
    with pytest.raises(ParseError, match="technique"):
        generate(seed=1, technique="teleportation")
    with pytest.raises(ParseError, match="score"):
        generate(seed=1, score="abc")
    with pytest.raises(ParseError, match="outside"):
        generate(seed=1, grade="easy", score="5-6")


@pytest.mark.parametrize("grade", ["beginner", "easy", "medium", "hard", "expert"])
def test_grade_target(grade: str) -> None:
    from shudu.rating.rater import rate

    g = generate(seed=31, grade=grade)
    checked(g)
    assert g.rating is not None and g.rating.grade == grade
    again = rate(g.puzzle)
    assert again.grade == grade and again.solved
    low, high = GRADE_RANGES[grade]
    assert low <= again.score < high


def test_score_range_target() -> None:
    from shudu.rating.rater import rate

    for g in generate_many(2, seed=4, score="3.0-4.0"):
        checked(g)
        assert 3.0 <= rate(g.puzzle).score <= 4.0
    g = generate(seed=6, score="3.4-4.2", minimal=True)
    assert 3.4 <= rate(g.puzzle).score <= 4.2
    cells = bytearray(g.puzzle.cells)
    for i, v in enumerate(g.puzzle.cells):  # minimal: no clue can go
        if v:
            cells[i] = 0
            assert count(bytes(cells), limit=2) >= 2
            cells[i] = v


def test_rated_flag() -> None:
    g = generate(seed=3, rated=True)
    assert g.rating is not None and g.rating.solved
    assert g.to_dict()["rating"]["grade"] == g.rating.grade


def test_requires_x_wing() -> None:
    x = next(t for t in techniques() if t.key == "x-wing")
    allowed = [t.key for t in techniques() if t.default and t.order <= x.order]
    without = tuple(k for k in allowed if k != "x-wing")
    for g in generate_many(3, seed=2, technique="x-wing"):
        checked(g)
        assert g.technique == "x-wing"
        assert not solve_path(g.puzzle, SolverConfig(order=without, uniqueness=True)).solved
        path = solve_path(g.puzzle, SolverConfig(order=tuple(allowed), uniqueness=True))
        assert path.solved and "x-wing" in path.counts()
        assert requires(g.puzzle, "X-Wing")


def test_requires_technique_minimal() -> None:
    g = generate(seed=5, technique="naked pair", minimal=True)
    checked(g)
    assert requires(g.puzzle, "naked-pair")
    cells = bytearray(g.puzzle.cells)
    for i, v in enumerate(g.puzzle.cells):
        if v:
            cells[i] = 0
            assert count(bytes(cells), limit=2) >= 2
            cells[i] = v


def test_requires_is_strict() -> None:
    # a singles-only puzzle does not require an X-Wing, but requires the hidden single
    p = Grid("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
    assert not requires(p, "x-wing")
    assert requires(p, "hidden-single")


def test_target_with_symmetry() -> None:
    g = generate(seed=12, technique="x-wing", symmetry="180")
    checked(g)
    assert requires(g.puzzle, "x-wing")
    cells = g.puzzle.cells
    assert all(bool(cells[c]) == bool(cells[80 - c]) for c in range(81))


# ---------------------------------------------------------------------- digging with logic
@pytest.mark.parametrize("key", ["naked-single", "pointing", "x-wing", "hidden-pair"])
def test_logic_targets(key: str) -> None:
    from shudu import _engine
    from shudu.make.classic import LOGIC9_LEVELS

    level = LOGIC9_LEVELS[key]
    g = generate(seed=3, technique=key, timeout=60)
    checked(g)
    assert requires(g.puzzle, key)
    cells = bytearray(g.puzzle.cells)
    assert _engine.logic9(cells, level)[:2] == (True, level)
    assert not _engine.logic9(cells, level - 1)[0]
    # no clue can go while the same techniques still solve the puzzle
    for i, v in enumerate(g.puzzle.cells):
        if v:
            cells[i] = 0
            assert not _engine.logic9(cells, level)[0]
            cells[i] = v


def test_logic_target_minimal_and_symmetric() -> None:
    g = generate(seed=4, technique="pointing", minimal=True, symmetry="90", timeout=60)
    checked(g)
    assert requires(g.puzzle, "pointing")
    assert is_minimal(g.puzzle, "90") and is_symmetric(g.puzzle, "90")


def test_logic_dig_checks_arguments() -> None:
    with pytest.raises(ValueError):
        logic_dig(Grid("." * 81), 5)
    with pytest.raises(ValueError):
        logic_dig(random_solution(seed=1), 13)
    with pytest.raises(ValueError):
        logic_dig(random_solution(Rules(4), seed=1), 1)
    p = logic_dig(random_solution(seed=1), 0, symmetry="mirror", seed=2)
    assert count(p, limit=2) == 1 and is_symmetric(p, "mirror")


# ---------------------------------------------------------------------- budgets inside an attempt
def test_timeout_holds_inside_one_attempt() -> None:
    # A 16x16 dig makes hundreds of uniqueness checks: the clock is read between them, so
    # a deadline that has passed before the first check ends the first attempt.
    with pytest.raises(GenerationError, match=r"s \(1 attempt\)"):
        generate(Rules(16), seed=1, timeout=1e-9)
    with pytest.raises(GenerationError, match=r"s \(1 attempt\)"):
        generate(seed=1, technique="xy-wing", timeout=1e-9)


def test_twenty_five_is_dug_guess_free() -> None:
    from shudu.make.classic import dig
    from shudu.solving.engine import search

    rules = Rules(25)
    p = dig(random_solution(rules, seed=1), seed=1)
    found = search(p, limit=2)
    assert found.count == 1 and found.guesses == 0
    assert 200 < p.clue_count < 400
    with pytest.raises(GenerationError, match="minimal 25x25"):
        generate(rules, seed=1, minimal=True)


# ---------------------------------------------------------------------- targets in the rating order
def test_technique_targets_are_the_rated_hardest_step() -> None:
    from shudu.make.classic import TARGETS
    from shudu.rating.rater import rate

    for key in TARGETS:
        g = generate(seed=1, technique=key, rated=True, timeout=60)
        checked(g)
        again = rate(g.puzzle)
        assert again.hardest == key and again.solved, (key, again)
        assert g.rating is not None and g.rating.hardest == key
        assert again.score <= TARGETS[key]


@pytest.mark.parametrize("key", ["empty-rectangle", "w-wing"])
def test_walked_targets_for_several_seeds(key: str) -> None:
    """Empty Rectangle and W-Wing are met by walking the rating ladder and adding clues
    where the walk would need anything else: every seed gives a unique puzzle rated with
    the target as its hardest step, at its weight."""
    from shudu.make.classic import TARGETS
    from shudu.rating.rater import rate

    for seed in (1, 2, 3):
        g = generate(seed=seed, technique=key)
        checked(g)
        r = rate(g.puzzle)
        assert (r.hardest, r.score, r.solved) == (key, TARGETS[key], True), (seed, r)


def test_x_wing_many_are_rated_x_wing() -> None:
    from shudu.rating.rater import rate

    for g in generate_many(3, seed=1, technique="x-wing", rated=True):
        r = rate(g.puzzle)
        assert (r.hardest, r.score) == ("x-wing", 3.2)


def test_supported_targets_and_refusals() -> None:
    from shudu.make.classic import supported_targets

    t = supported_targets()
    assert [k for k in t] == [x.key for x in techniques()]
    for key in ("x-wing", "swordfish", "xy-wing", "xyz-wing", "skyscraper", "two-string-kite",
                "empty-rectangle", "w-wing"):
        assert t[key], key
    assert not t["nested-forcing-net"] and not t["full-house"]
    with pytest.raises(GenerationError, match="cannot aim at Nested Forcing Net"):
        generate(seed=1, technique="nested-forcing-net", attempts=1)


def test_default_target_is_the_same_for_every_rule_set() -> None:
    from shudu.make.classic import DEFAULT_TARGET
    from shudu.rating.rater import rate

    low, high = DEFAULT_TARGET
    for spec in ("x", "anti-knight", "9"):
        for g in generate_many(2, spec, seed=1):
            checked(g)
            assert g.rating is None
            assert low <= rate(g.puzzle).score < high, spec
    assert generate("x", seed=1, rated=True).rating is not None
    # minimal without a target: plain digging, any score
    g = generate("anti-knight", seed=1, minimal=True)
    assert is_minimal(g.puzzle) and g.rating is None


def test_sizes_have_honest_ceilings() -> None:
    with pytest.raises(GenerationError, match="no 4x4 puzzle is that hard"):
        generate(Rules(4), grade="hard", seed=1)
    with pytest.raises(GenerationError, match="no 4x4 puzzle is that hard"):
        generate(Rules(4), technique="x-wing", seed=1)
    assert generate(Rules(4), grade="beginner", seed=1).rating.grade == "beginner"


def test_rating_a_generated_puzzle_reuses_the_uniqueness_check(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The generator already knows its puzzle is unique: rating it searches no more."""
    from shudu.rating import rater as rating
    from shudu.solving.engine import search

    def no_second_search(grid: object) -> tuple[int, int]:
        raise AssertionError("the generator's puzzle was searched again to rate it")

    monkeypatch.setattr(rating, "_count", no_second_search)
    g = generate(seed=3, rated=True)
    assert g.rating is not None and g.rating.guesses == search(g.puzzle).guesses
