"""Intersections and subsets: HoDoKu regression cases, words, hand-made cases, soundness.

Locked Candidates (pointing/claiming), Locked Pair/Triple, naked and hidden pairs, triples and
quadruples.  Each technique must reproduce its reglib cases (the library is the contract);
the soundness test walks a few hundred real puzzles with these techniques, checking every
step against the known solution.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import pytest

import reglib
import shudu
from conftest import SHARED_DATA, missing_shared
from shudu import Grid, Rules
from shudu.logic import registry
from shudu.logic.solver import as_candidates, next_step
from shudu.logic.step import Step, cells_text
from shudu.logic.techniques.classic.intersections import (
    find_claiming,
    find_locked_pair,
    find_pointing,
)
from shudu.logic.techniques.classic.subsets import (
    find_hidden_pair,
    find_naked_pair,
    find_naked_quad,
)
from shudu.values.candidates import Candidates

CODES = ["0100", "0101", "0110", "0111", "0200", "0201", "0202", "0210", "0211", "0212"]
SHARED = SHARED_DATA

_RESULTS: dict[int, bool] = {}
_REPORT: list[str] = []


cases = reglib.cases


def case_ids(code: str) -> list[str]:
    """Test ids (``0100-l223``) for the cases of a code, empty when the library is absent."""
    if not reglib.REGLIB.exists():
        return []
    return [f"{code}-l{c.line}" for c in cases(code)]


def passes(case: reglib.Case, finder: Callable[[Candidates], Iterable[object]]) -> bool:
    """``reglib.run_case``, remembered per library line."""
    if case.line not in _RESULTS:
        _RESULTS[case.line] = reglib.run_case(case, finder)
    return _RESULTS[case.line]


@pytest.fixture(scope="module", autouse=True)
def _report_reglib(request: pytest.FixtureRequest):
    """Print the passed/total figure of every technique once the module is done."""
    yield
    report_lines(request, _REPORT)


def report_lines(request: pytest.FixtureRequest, lines: list[str]) -> None:
    """Write lines to the terminal past output capturing, then forget them."""
    manager = request.config.pluginmanager
    reporter = manager.get_plugin("terminalreporter")
    capture = manager.get_plugin("capturemanager")
    if reporter is not None and capture is not None and lines:
        with capture.global_and_fixture_disabled():
            reporter.write_line("")
            for line in lines:
                reporter.write_line(line)
    lines.clear()


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
    tech = registry.technique(code)
    assert passes(case, tech.find), f"{tech.name}, reglib line {case.line}: {case.text}"


@pytest.mark.parametrize("code", CODES)
def test_reglib_summary(code: str) -> None:
    tech = registry.technique(code)
    all_cases = cases(code)
    assert all_cases, f"no reglib cases for {code}"
    passed = sum(passes(c, tech.find) for c in all_cases)
    _REPORT.append(f"reglib {code} {tech.name}: {passed}/{len(all_cases)}")
    assert passed >= 0.95 * len(all_cases), f"{tech.name}: {passed}/{len(all_cases)}"


def test_locked_pair_needs_eliminations_in_both_houses() -> None:
    # reglib's commented-out line: a pair in one line and box that clears only the line is a
    # Naked Pair, not a Locked Pair
    line = (":0110-1:27:...5.+98.43+5+6+8+7+421+9.9...+2+7..9.7..6....1.+9+8+53+7.+5...27+9..1."
            "+9+6+5+3+4.7..+3248.9...5+79+1+6..::213::")
    f = line.split(":")
    case = reglib.Case(0, "0110", "1", f[2], f[3], (), reglib._triples(f[5]), (), "", line)
    state = case.state()
    assert list(find_locked_pair(state)) == []
    (step,) = list(find_naked_pair(state))
    assert step.eliminations == ((2, 2),)


# ---------------------------------------------------------------------- by hand
def _state(masks: dict[str, str], rules: Rules | None = None) -> Candidates:
    """A state: every cell open except the named ones (``r1c1``: ``"12"``)."""
    rules = rules or Rules()
    n = rules.size
    cells = [(1 << n) - 1] * (n * n)
    for name, digits in masks.items():
        r, c = int(name[1]) - 1, int(name[3]) - 1
        cells[r * n + c] = sum(1 << (int(d) - 1) for d in digits)
    return Candidates.from_masks(rules, cells)


def test_pointing_and_claiming_by_hand() -> None:
    # digit 5 in box 1 only in row 1 -> pointing clears 5 from the rest of row 1
    masks = {f"r{r}c{c}": "12346789" for r in (2, 3) for c in (1, 2, 3)}
    c = _state(masks)
    steps = [s for s in find_pointing(c) if s.digits == (5,)]
    assert len(steps) == 1
    assert set(steps[0].eliminations) == {(k, 5) for k in range(3, 9)}
    assert steps[0].notation() == "Locked Candidates Type 1 (Pointing): 5 in b1 => r1c456789<>5"
    # the same state seen from row 1: 5 of row 1 is not confined to box 1 -> no claiming on 5
    assert not [s for s in find_claiming(c) if s.digits == (5,)]
    # 5 in row 1 only in box 1 -> claiming clears 5 from the rest of box 1
    c = _state({f"r1c{k}": "12346789" for k in range(4, 10)})
    (step,) = [s for s in find_claiming(c) if s.digits == (5,)]
    assert set(step.eliminations) == {(r * 9 + k, 5) for r in (1, 2) for k in range(3)}


def test_subsets_by_hand() -> None:
    c = _state({"r1c1": "12", "r1c5": "12"})
    (step,) = list(find_naked_pair(c))
    assert step.notation() == "Naked Pair: 1/2 in r1c15 => r1c2346789<>1, r1c2346789<>2"
    # four cells of row 9 with only 1..4 between them
    c = _state({"r9c1": "12", "r9c3": "23", "r9c6": "34", "r9c9": "14"})
    steps = list(find_naked_quad(c))
    assert [s.role_cells("subset") for s in steps] == [(72, 74, 77, 80)]
    # digits 8 and 9 only in r5c2 and r5c7 within row 5
    masks = {f"r5c{k}": "1234567" for k in range(1, 10) if k not in (2, 7)}
    (step,) = list(find_hidden_pair(_state(masks)))
    assert step.digits == (8, 9)
    assert set(step.eliminations) == {(cell, d) for cell in (37, 42) for d in range(1, 8)}


def test_subsets_on_16x16() -> None:
    rules = Rules(16)
    c = _state({"r1c1": "12", "r1c9": "12"}, rules)
    (step,) = list(find_naked_pair(c))
    assert len(step.eliminations) == 2 * 14
    assert step.text(3, "en").startswith("Naked Pair in row 1: r1c1 and r1c9")


# ---------------------------------------------------------------------- words
def _first_step(code: str) -> Step:
    tech = registry.technique(code)
    case = cases(code)[0]
    want = set(case.eliminations)
    for step in tech.find(case.state()):
        if set(step.eliminations) == want:
            return step
    raise AssertionError(f"{tech.name}: no step for reglib line {case.line}")


def _names(cells: Iterable[int]) -> list[str]:
    return [f"r{c // 9 + 1}c{c % 9 + 1}" for c in cells]


@pytest.mark.parametrize("code", CODES)
def test_words_name_cells_and_digits(code: str) -> None:
    from shudu.logic.render import result_text

    step = _first_step(code)
    tech = step.info
    assert tech.name in step.text(1, "en") and tech.name_zh in step.text(1, "zh")
    for lang in ("en", "zh"):
        two, three = step.text(2, lang), step.text(3, lang)
        for d in step.digits:
            assert str(d) in two and str(d) in three
        gone = cells_text(sorted({c for c, _ in step.eliminations}))
        assert result_text(step, lang) in three or gone in three
        subset = step.role_cells("subset")
        if subset:
            for name in _names(subset):
                assert name in two and name in three, (lang, name)
        base = step.role_cells("base")
        if base:
            assert cells_text(base) in three
            assert (f"box {step.role_houses('base')[0] - 17}" in two
                    or f"row {step.role_houses('base')[0] + 1}" in two
                    or f"column {step.role_houses('base')[0] - 8}" in two
                    or lang == "zh")
    assert step.notation().startswith(tech.name + ":")
    assert step.to_dict()["text"]["zh"]["3"] == step.text(3, "zh")


# ---------------------------------------------------------------------- soundness
def _puzzles(count: int) -> list[str]:
    out: list[str] = []
    rng = random.Random(20240601)
    for name, k in (("qqwing_expert.sdm", count // 3), ("qqwing_intermediate.sdm", count // 6),
                    ("sudocue_learningcurve.sdm", count // 4), ("top1465.sdm", count)):
        path = SHARED / name
        if not path.exists():
            missing_shared(path)
        lines = [ln.strip() for ln in path.read_text().splitlines() if len(ln.strip()) >= 81]
        out += rng.sample(lines, min(k, len(lines)))
        if len(out) >= count:
            break
    return out[:count]


KEYS = ["full-house", "hidden-single", "naked-single", "pointing", "claiming", "locked-pair",
        "naked-pair", "hidden-pair", "locked-triple", "naked-triple", "hidden-triple",
        "naked-quad", "hidden-quad"]


def test_soundness_on_real_puzzles() -> None:
    """Walk 300 puzzles with singles, intersections and subsets; whenever singles are not
    enough, every step of every technique here (not only the one applied) must agree with
    the solution."""
    singles = [registry.technique(k) for k in KEYS[:3]]
    mine = [registry.technique(k) for k in KEYS[3:]]
    used = {k: 0 for k in KEYS[3:]}
    puzzles = _puzzles(300)
    assert len(puzzles) == 300
    for puzzle in puzzles:
        solution = shudu.solve(puzzle)
        assert solution is not None
        sol = Grid(str(solution)).cells
        cands = as_candidates(puzzle)
        while not cands.is_solved:
            step = next_step(cands, enabled=singles)
            if step is None:
                for tech in mine:
                    for other in tech.find(cands):
                        for cell, digit in other.eliminations:
                            assert sol[cell] != digit, (puzzle, other.notation())
                step = next_step(cands, enabled=mine)
                if step is None:
                    break
                used[step.technique] += 1
            for cell, digit in step.placements:
                assert sol[cell] == digit, (puzzle, step.notation())
            cands.apply(step)
    # the walk must have exercised the techniques, not only singles
    for key in ("pointing", "claiming", "naked-pair", "hidden-pair", "naked-triple"):
        assert used[key] > 0, used
