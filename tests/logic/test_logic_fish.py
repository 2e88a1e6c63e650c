"""Fish: HoDoKu regression cases, a brute-force cross-check, words and soundness.

Basic, finned, sashimi and siamese fish of sizes 2-4, Franken and Mutant fish (finless and
finned).  The reglib cases run on the case's digit alone: a fish search reads only the
bitboard of its digit, so blanking the other digits' candidates changes nothing but time
(the Finned Mutant Jellyfish search costs about a second per digit on these early states).
"""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest
from test_logic_basic import report_lines
from test_logic_words import instances as stored_instances

import reglib
import shudu
from conftest import SHARED_DATA, missing_shared
from shudu import Grid
from shudu.logic import registry
from shudu.logic.accel9 import finned_fish
from shudu.logic.solver import as_candidates, next_step
from shudu.logic.step import Step, cells_text
from shudu.logic.techniques.classic import fish
from shudu.values.candidates import Candidates, bits

CODES = ["0300", "0301", "0302", "0310", "0311", "03111", "0312", "03121", "0320", "0321",
         "03211", "0322", "03221", "0331", "0332", "0340", "0341", "03411", "0342", "03421",
         "0362", "03621", "0363", "0364"]
SHARED = SHARED_DATA

_RESULTS: dict[int, bool] = {}
_REPORT: list[str] = []


cases = reglib.cases


def technique_of(code: str) -> registry.Technique:
    """Siamese variants (03111, 03211, ...) are cases of the base code's technique."""
    return registry.technique(code[:4])


def digit_only(cands: Candidates, digit: int) -> Candidates:
    """A copy whose other digits have no candidates (fish searches read one digit only)."""
    out = cands.copy()
    for d in range(out.rules.size):
        if d != digit - 1:
            out.digit_mask[d] = 0
    return out


def passes(case: reglib.Case) -> bool:
    if case.line not in _RESULTS:
        tech = technique_of(case.code)
        digit = int(case.candidates)

        def finder(c: Candidates):
            return tech.find(digit_only(c, digit))

        _RESULTS[case.line] = reglib.run_case(case, finder)
    return _RESULTS[case.line]


@pytest.fixture(scope="module", autouse=True)
def _report_reglib(request: pytest.FixtureRequest):
    yield
    report_lines(request, _REPORT)


def _all_cases() -> list[tuple[str, int]]:
    out = []
    if reglib.REGLIB.exists():
        for code in CODES:
            out += [(code, i) for i in range(len(cases(code)))]
    return out


@pytest.mark.parametrize(("code", "index"), _all_cases(),
                         ids=[f"{c}-{i}" for c, i in _all_cases()])
def test_reglib_case(code: str, index: int) -> None:
    case = cases(code)[index]
    assert passes(case), f"{technique_of(code).name}, reglib line {case.line}: {case.text}"


@pytest.mark.parametrize("code", CODES)
def test_reglib_summary(code: str) -> None:
    tech = technique_of(code)
    all_cases = cases(code)
    assert all_cases, f"no reglib cases for {code}"
    passed = sum(passes(c) for c in all_cases)
    label = f"{tech.name} (siamese)" if len(code) > 4 else tech.name
    _REPORT.append(f"reglib {code} {label}: {passed}/{len(all_cases)}")
    assert passed >= 0.95 * len(all_cases), f"{label}: {passed}/{len(all_cases)}"


def test_whole_state_search_agrees_with_digit_only() -> None:
    # the speed-up above is sound: on the full state the same case passes too
    for code in ("0311", "03211", "0341"):
        case = cases(code)[0]
        assert reglib.run_case(case, technique_of(code).find)


# ---------------------------------------------------------------------- brute force
_KINDS = {"basic": ((0, 1), (1, 0)), "franken": ((0, 2), (1, 2))}


def _brute(cands: Candidates, digit: int, size: int, family: str) -> set[tuple]:
    """Every fish by definition: all base and cover combinations of the family's houses."""
    geo = cands.geo
    n = geo.n
    dm = cands.digit_mask[digit - 1]
    hm = geo.house_mask
    out = set()
    if family == "basic":
        sides = [(range(0, n), range(n, 2 * n)), (range(n, 2 * n), range(0, n))]
    elif family == "franken":
        rows_boxes = [*range(0, n), *range(2 * n, 3 * n)]
        cols_boxes = [*range(n, 2 * n), *range(2 * n, 3 * n)]
        sides = [(rows_boxes, cols_boxes), (cols_boxes, rows_boxes)]
    else:
        sides = [(range(3 * n), range(3 * n))]
    for base_pool, cover_pool in sides:
        units = [h for h in base_pool if hm[h] & dm]
        for base in combinations(units, size):
            cells = 0
            endo = 0
            for h in base:
                endo |= cells & hm[h] & dm
                cells |= hm[h] & dm
            if endo.bit_count() > fish.MAX_ENDO_FINS:
                continue
            covers = [h for h in cover_pool if h not in base and hm[h] & cells]
            for cover in combinations(covers, size):
                covered = 0
                cann = 0
                for h in cover:
                    cann |= covered & hm[h] & dm
                    covered |= hm[h] & dm
                fins = (cells & ~covered) | endo
                if fins.bit_count() > fish.MAX_FINS:
                    continue
                elim = (covered & ~cells) | cann
                if fins:
                    elim &= geo.common_peers(list(bits(fins)))
                if elim:
                    out.add((tuple(sorted(base)), tuple(sorted(cover)), bool(fins), elim))
    return out


@pytest.mark.parametrize(("family", "size"), [("basic", 2), ("basic", 3), ("franken", 2),
                                              ("franken", 3), ("mutant", 2)])
def test_search_matches_brute_force(family: str, size: int) -> None:
    states = [as_candidates(fish.EXAMPLE)] + [cases(c)[0].state() for c in ("0340", "0331")]
    for cands in states:
        for digit in range(1, 10):
            want = _brute(cands, digit, size, family)
            got = set()
            for finned in (False, True):
                for f in fish.fishes(digit_only(cands, digit), family, size, finned):
                    got.add((tuple(sorted(f.base)), tuple(sorted(f.cover)), finned, f.elims))
            assert got == want, (family, size, digit, len(got), len(want))


HARDEST = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "hardest.sdm"


def test_the_c_search_yields_the_python_search() -> None:
    # the same fish in the same order, on every state along the paths of hard puzzles
    t = fish._tables(shudu.Rules())
    searches = found = 0
    for line in HARDEST.read_text().splitlines()[:6]:
        grid = Grid(line)
        cands = as_candidates(grid)
        for step in shudu.explain(grid).steps:
            for d in range(9):
                dm = cands.digit_mask[d]
                for size in (2, 3, 4):
                    for kind in (0, 1):
                        want = list(fish._search_basic_finned(t, dm, size, kind))
                        assert [tuple(f) for f in finned_fish(dm, size, kind)] == want
                        searches += 1
                        found += len(want)
            cands.apply(step)
    assert searches > 10_000 and found > 1_000


def test_the_c_search_refuses_bad_arguments() -> None:
    for args, error in (((1 << 81, 2, 0), ValueError), ((-1, 2, 0), ValueError),
                        ((0, 5, 0), ValueError), ((0, 2, 2), ValueError),
                        (("0", 2, 0), TypeError)):
        with pytest.raises(error):
            finned_fish(*args)


def test_kinds_are_exact() -> None:
    cands = as_candidates(fish.EXAMPLE)
    for tech in registry.techniques():
        if tech.family != "fish" or (tech.code[2] in "456" and tech.code[3] in "234"):
            continue
        for step in tech.find(cands):
            assert step.technique == tech.key
            kind = step.get("kind")
            assert tech.key.replace("-x-wing", "").replace("-swordfish", "").replace(
                "-jellyfish", "") in (kind, "x-wing", "swordfish", "jellyfish")


# ---------------------------------------------------------------------- words
def _example(code: str) -> Step:
    """A step of the code's technique: the first reglib case's (when the shared data is
    there), else one in :data:`fish.EXAMPLE`, else the technique's stored state (see
    ``tests/fixtures/technique_states.json``); a technique with none of them fails."""
    tech = technique_of(code)
    if reglib.REGLIB.exists() and cases(code):
        case = cases(code)[0]
        want = set(case.eliminations)
        for step in tech.find(digit_only(case.state(), int(case.candidates))):
            if set(step.eliminations) == want:
                return step
    for step in tech.find(as_candidates(fish.EXAMPLE)):
        return step
    return stored_instances(tech.key)[0]


WORD_CODES = ["0300", "0301", "0302", "0310", "0311", "03111", "0312", "0320", "0321",
              "0322", "0331", "0332", "0340", "0341", "0342", "0351", "0360", "0362", "0363",
              "0364"]


@pytest.mark.parametrize("code", WORD_CODES)
def test_words_name_cells_and_digits(code: str) -> None:
    step = _example(code)
    tech = step.info
    d = str(step.digits[0])
    assert tech.name in step.text(1, "en") and tech.name_zh in step.text(1, "zh")
    base_cells = cells_text(step.role_cells("base"))
    gone = cells_text(sorted(c for c, _ in step.eliminations))
    for lang in ("en", "zh"):
        two, three = step.text(2, lang), step.text(3, lang)
        assert d in two and d in three
        assert base_cells in three and gone in three, (lang, three)
        for role in ("fin", "endo-fin"):   # named as the notation groups them (r56c1)
            if step.role_cells(role):
                assert cells_text(step.role_cells(role)) in three, (role, three)
        if lang == "en":
            assert ("row" in two or "column" in two or "box" in two)
        else:
            assert ("行" in two or "列" in two or "宫" in two)
    note = step.notation()
    assert note.startswith(tech.name + ": " + d + " ")
    for cell in step.role_cells("fin"):
        assert "f" + cells_text([cell]) in note


# ---------------------------------------------------------------------- soundness
def _puzzles(count: int) -> list[str]:
    rng = random.Random(7)
    out: list[str] = []
    for name, k in (("top1465.sdm", count // 3), ("qqwing_expert.sdm", count)):
        path = SHARED / name
        if not path.exists():
            missing_shared(path)
        lines = [ln.strip() for ln in path.read_text().splitlines() if len(ln.strip()) >= 81]
        out += rng.sample(lines, min(k, count - len(out)))
    return out[:count]


CHEAP = ["full-house", "hidden-single", "naked-single", "pointing", "claiming", "locked-pair",
         "naked-pair", "hidden-pair", "locked-triple", "naked-triple", "hidden-triple",
         "naked-quad", "hidden-quad"]
FISH = ["x-wing", "swordfish", "jellyfish", "finned-x-wing", "sashimi-x-wing",
        "finned-swordfish", "sashimi-swordfish", "finned-jellyfish", "sashimi-jellyfish"]
COSTLY = ["franken-x-wing", "franken-swordfish", "franken-jellyfish", "mutant-x-wing",
          "mutant-swordfish", "finned-franken-x-wing", "finned-mutant-x-wing"]


def test_soundness_on_real_puzzles() -> None:
    """Walk 300 puzzles (100 hard ones first) with singles, subsets and basic, finned and
    sashimi fish, checking each step applied; in the first 60, whenever a fish is needed,
    every step of every basic fish finder must agree with the solution too; on
    the first 8 such states the cheaper Franken/Mutant finders are checked the same way
    (the costlier ones are held to the brute-force search above)."""
    easy = [registry.technique(k) for k in CHEAP]
    fishes = [registry.technique(k) for k in FISH]
    costly = [registry.technique(k) for k in COSTLY]
    used = dict.fromkeys(FISH + COSTLY, 0)
    costly_states = 0
    puzzles = _puzzles(300)
    assert len(puzzles) == 300
    for number, puzzle in enumerate(puzzles):
        solution = shudu.solve(puzzle)
        assert solution is not None
        sol = Grid(str(solution)).cells
        cands = as_candidates(puzzle)
        while not cands.is_solved:
            step = next_step(cands, enabled=easy)
            if step is None:
                checked = ([] if number >= 60 else fishes) + (
                    costly if costly_states < 8 else [])
                costly_states += 1
                for tech in checked:
                    for other in tech.find(cands):
                        used[tech.key] += 1
                        for cell, digit in other.eliminations:
                            assert sol[cell] != digit, (puzzle, other.notation())
                step = next_step(cands, enabled=fishes)
                if step is None:
                    break
                for cell, digit in step.eliminations:
                    assert sol[cell] != digit, (puzzle, step.notation())
            for cell, digit in step.placements:
                assert sol[cell] == digit, (puzzle, step.notation())
            cands.apply(step)
    for key in ("x-wing", "swordfish", "finned-x-wing", "finned-swordfish", "sashimi-x-wing",
                "finned-franken-x-wing"):
        assert used[key] > 0, used


def test_same_bitboard_other_digit_names_its_own_digit() -> None:
    """Two digits with the same candidate bitboard have the same fish, each on its digit
    (a cache shared between digits once returned the other digit's fish)."""
    start = as_candidates(fish.EXAMPLE)
    found = {(f.digit, f.base, f.cover) for f in fish.fishes(start, "basic", 2, True)}
    assert any(d == 3 for d, _, _ in found)

    def swap(m: int) -> int:   # exchange digits 3 and 7 in a cell mask
        b3, b7 = m >> 2 & 1, m >> 6 & 1
        return m & ~(1 << 2 | 1 << 6) | b3 << 6 | b7 << 2

    swapped = start.copy()   # the same state with digits 3 and 7 relabelled
    swapped.cell_mask = [swap(m) for m in start.cell_mask]
    swapped.digit_mask[2], swapped.digit_mask[6] = start.digit_mask[6], start.digit_mask[2]
    swapped.values[:] = bytes({3: 7, 7: 3}.get(v, v) for v in start.values)
    moved = {(f.digit, f.base, f.cover) for f in fish.fishes(swapped, "basic", 2, True)}
    other = {3: 7, 7: 3}
    assert moved == {(other.get(d, d), b, c) for d, b, c in found}
