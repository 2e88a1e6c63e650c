"""Single-digit patterns: HoDoKu regression cases, words, and soundness on real puzzles."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Iterator

import pytest

import shudu
from conftest import missing_shared, shared_file
from reglib import REGLIB, Case, load, run_case
from shudu import Grid
from shudu.logic import registry
from shudu.logic.render import result_text
from shudu.logic.step import Step, candidates_text
from shudu.logic.techniques.classic.singles import (
    find_full_house,
    find_hidden_single,
    find_naked_single,
)
from shudu.values.candidates import Candidates

FAMILY = "single-digit patterns"
CODES = ["0400", "0401", "0402", "0403", "0404", "0405"]

# Two Dual 2-String Kite cases list eliminations of two different digits for a
# single-digit pattern (r1c4<>5 with r4c4<>9; r3c4<>3 with r3c8<>7): no one-digit step
# can make them.  Each is the union of two ordinary kites, which the test checks instead.
INCONSISTENT = {836: ("0401", 2), 838: ("0401", 2)}


def _cases(code: str) -> list[Case]:
    shared_file(REGLIB.name)
    return [c for c in load() if c.code == code]


def reglib_result(code: str, state: Callable[[Case], Candidates] | None = None,
                  skip: Iterable[int] = ()) -> tuple[int, int, list[int]]:
    """(passed, total, failing lines) of a technique's regression cases."""
    tech = registry.technique(code)
    failed = []
    cases = [c for c in _cases(code) if c.line not in set(skip)]
    for case in cases:
        cands = state(case) if state else case.state()
        ok = run_case(case, lambda _c, s=cands: tech.find(s))
        if case.fail_case and not case.eliminations and not case.placements:
            # a fail case that lists nothing: no instance may be found at all
            ok = not any(s.progress for s in tech.find(cands))
        if not ok:
            failed.append(case.line)
    return len(cases) - len(failed), len(cases), failed


@pytest.mark.parametrize("code", CODES)
def test_reglib(code: str) -> None:
    skip = [line for line in INCONSISTENT if any(c.line == line for c in _cases(code))]
    passed, total, failed = reglib_result(code, skip=skip)
    assert total > 0
    assert not failed, f"{registry.technique(code).name}: {passed}/{total} passed, failing {failed}"


@pytest.mark.parametrize("line", sorted(INCONSISTENT))
def test_reglib_two_digit_dual_kites(line: int) -> None:
    (case,) = [c for c in load() if c.line == line] if REGLIB.exists() else [None]
    if case is None:
        missing_shared(REGLIB)
    assert len({d for _, d in case.eliminations}) == 2
    kites = [s for s in registry.technique("0401").find(case.state())]
    union = {e for s in kites for e in s.eliminations}
    assert union == set(case.eliminations)
    assert not any(set(s.eliminations) == set(case.eliminations)
                   for s in registry.technique("0404").find(case.state()))


def step_of(case: Case, code: str, state: Candidates | None = None) -> Step:
    """The step of a technique that reproduces a regression case."""
    want = set(case.eliminations)
    for step in registry.technique(code).find(state or case.state()):
        if set(step.eliminations) == want:
            return step
    raise AssertionError(f"no step for line {case.line}")


def check_words(step: Step) -> None:
    """Every level and language names the technique, cells and digits of a step."""
    tech = step.info
    for lang in ("en", "zh"):
        assert (tech.name_zh if lang == "zh" else tech.name) in step.text(1, lang)
        where = step.text(2, lang)
        assert any(str(d) in where for d in step.digits) or re.search(r"r\d+c\d+", where)
        explain = step.text(3, lang)
        assert result_text(step, lang) in explain
        for d in step.digits:
            assert str(d) in explain
    note = step.notation()
    assert note.startswith(tech.name) and candidates_text(step.eliminations) in note


@pytest.mark.parametrize("code", CODES)
def test_words(code: str) -> None:
    case = next(c for c in _cases(code) if c.line not in INCONSISTENT)
    check_words(step_of(case, code))


def test_words_name_chain_cells() -> None:
    case = _cases("0400")[0]
    step = step_of(case, "0400")
    text = step.text(3, "en")
    for cell in step.role_cells("end") + step.role_cells("link"):
        assert f"r{cell // 9 + 1}c{cell % 9 + 1}" in text
    assert step.notation().startswith("Skyscraper: 6 in ")


def path_soundness(finders: Iterable[Callable[[Candidates], Iterator[Step]]], stride: int,
                   every: int, first: int) -> int:
    """Run ``finders`` along the default solve paths of every ``stride``-th top1465
    puzzle, at every ``every``-th state, on their ``first`` steps: every elimination and
    placement must fit the solution.  Returns how many steps were checked."""
    from itertools import islice

    from shudu.logic import SolverConfig, solve_path

    finders = list(finders)
    checked = 0
    for puzzle in shared_file("top1465.sdm").read_text().split()[::stride]:
        sol = [int(ch) for ch in str(shudu.solve(puzzle))]
        cands = Candidates.from_grid(Grid(puzzle))
        for k, step in enumerate(solve_path(puzzle, SolverConfig()).steps):
            cands.apply(step)
            if k % every:
                continue
            for find in finders:
                for s in islice(find(cands), first):
                    checked += 1
                    assert all(sol[c] != d for c, d in s.eliminations), s.notation()
                    assert all(sol[c] == d for c, d in s.placements), s.notation()
    return checked


def soundness(family: str, count: int = 300, states: int = 2, seed: int = 7) -> dict[str, int]:
    """Run every finder of a family on real puzzles; all deductions must fit the solution.

    From each puzzle, singles are applied until stuck; then every step of the family is
    checked against the unique solution, the first one is applied (or, when there is
    none, one solution digit is placed), and so on for ``states`` stuck states.
    Returns how many steps of each technique were checked.
    """
    techs = [t for t in registry.techniques() if t.family == family]
    lines = shared_file("top1465.sdm").read_text().split()[: count * 2 // 3]
    lines += shared_file("sudocue_top10000.sdm").read_text().split()[: count - len(lines)]
    rng = random.Random(seed)
    seen = {t.key: 0 for t in techs}
    for text in lines:
        puzzle = text[:81]
        sol = [int(ch) for ch in str(shudu.solve(puzzle))]
        cands = Candidates.from_grid(Grid(puzzle))
        stuck = 0
        while not cands.is_solved and stuck < states:
            single = next((s for f in (find_full_house, find_hidden_single, find_naked_single)
                           for s in f(cands)), None)
            if single is not None:
                cands.apply(single)
                continue
            stuck += 1
            first = None
            for tech in techs:
                for step in tech.find(cands):
                    seen[tech.key] += 1
                    assert all(sol[c] != d for c, d in step.eliminations), \
                        f"{step.notation()} in {puzzle}"
                    assert all(sol[c] == d for c, d in step.placements), \
                        f"{step.notation()} in {puzzle}"
                    first = first or (step if step.progress else None)
            if first is not None:
                cands.apply(first)
            else:
                cell = rng.choice([c for c in range(81) if not cands.values[c]])
                cands.place(cell, sol[cell])
    return seen


def test_soundness() -> None:
    seen = soundness(FAMILY)
    assert sum(seen.values()) > 50, seen
    assert seen["empty-rectangle"] > 0 and seen["turbot-fish"] > 0, seen
