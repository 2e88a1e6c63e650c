"""The whole logic solver: soundness on real puzzles, and the solver's own behaviour.

Soundness: for every puzzle of the sample below, ``solve_path`` runs with every
registered technique (uniqueness techniques on: every puzzle here is checked unique by
the engine first), and every placement and elimination of every step must agree with the
engine's unique solution (``shudu.solve``); a solved path must end on that solution.

The sample (puzzles from ../shared/data, drawn with a fixed seed) is sized to keep this
file under a minute of CPU time at the solver's current speed:

* qqwing_simple, qqwing_easy, qqwing_intermediate: all 1,000 puzzles of each;
* qqwing_expert: 100 of 1,000;
* sudocue_top10000: 4 of 10,000;
* top1465: 4 of 1,465.

(About 3 s of CPU per puzzle for the last two sets today, 0.1 s for qqwing_expert and
2 ms for the other qqwing sets.)

``SHUDU_LOGIC_SAMPLE=N`` multiplies the sampled sizes by N (capped at the set size);
``SHUDU_LOGIC_SAMPLE=full`` takes every puzzle of every set (hours at current speed).

Fractions solved by logic alone are asserted as floors that hold today: 100% of the
qqwing sets and of the sudocue and top1465 samples (all of them finish, the hardest
with forcing chains and nets).
"""

from __future__ import annotations

import os
import random
from functools import cache
from pathlib import Path

import pytest

import shudu
from shudu import Grid
from shudu.logic import (
    Candidates,
    SolverConfig,
    find_all,
    hint,
    next_step,
    solve_path,
    technique,
)
from shudu.logic.registry import techniques
from shudu.logic.solver import as_candidates

SAMPLE: dict[str, int | None] = {
    "qqwing_simple.sdm": None,
    "qqwing_easy.sdm": None,
    "qqwing_intermediate.sdm": None,
    "qqwing_expert.sdm": 100,
    "sudocue_top10000.sdm": 4,
    "top1465.sdm": 4,
}
"""Puzzles checked per set (``None`` = all)."""
FLOOR = {name: 1.0 for name in SAMPLE}
"""Fraction of each sample that logic alone must solve."""
SEED = 1465

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
MEDIUM = "5..7..6....38...........2..62.4............917............35.8.4.....1......9...."


def _sample_size(name: str, total: int) -> int:
    setting = os.environ.get("SHUDU_LOGIC_SAMPLE", "").strip().lower()
    base = SAMPLE[name]
    if setting == "full" or base is None:
        return total
    factor = int(setting) if setting.isdigit() else 1
    return min(total, base * factor)


@cache
def puzzles(name: str) -> tuple[str, ...]:
    """The sampled puzzles of one data file (81-character strings)."""
    from conftest import shared_file

    path: Path = shared_file(name)
    every = [
        line.split()[0]
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    size = _sample_size(name, len(every))
    if size >= len(every):
        return tuple(every)
    return tuple(random.Random(SEED).sample(every, size))


def unsound(path_steps: list, solution: str) -> list[str]:
    """Steps whose placements or eliminations contradict the solution (as text).

    >>> from shudu.logic import Step
    >>> unsound([Step("naked-single", placements=((0, 5),))], "4" + "." * 80)
    ['Naked Single: r1c1=5 places 5 in r1c1, the solution has 4']
    """
    bad = []
    for step in path_steps:
        for cell, digit in step.placements:
            if solution[cell] != str(digit):
                bad.append(f"{step.notation()} places {digit} in r{cell // 9 + 1}c"
                           f"{cell % 9 + 1}, the solution has {solution[cell]}")
        for cell, digit in step.eliminations:
            if solution[cell] == str(digit):
                bad.append(f"{step.notation()} removes {digit} from r{cell // 9 + 1}c"
                           f"{cell % 9 + 1}, the solution digit")
    return bad


# ---------------------------------------------------------------------- soundness
@pytest.mark.parametrize("name", list(SAMPLE))
def test_every_step_agrees_with_the_unique_solution(name: str) -> None:
    config = SolverConfig(uniqueness=True)
    solved = 0
    sample = puzzles(name)
    for p in sample:
        result = shudu.search(p)
        assert result.unique, f"{name}: {p} is not unique"
        solution = str(result.solution)
        path = solve_path(p, config)
        bad = unsound(path.steps, solution)
        assert not bad, f"{name}: {p}: " + "; ".join(bad[:3])
        if path.solved:
            assert str(path.final.to_grid()) == solution
            solved += 1
    fraction = solved / len(sample)
    assert fraction >= FLOOR[name], (
        f"{name}: logic solved {solved}/{len(sample)} = {fraction:.1%}, "
        f"floor {FLOOR[name]:.0%}"
    )


# ---------------------------------------------------------------------- behaviour
def test_solve_path_records_steps_and_counts() -> None:
    path = solve_path(EASY)
    assert path.solved and str(path.final.to_grid()) == str(shudu.solve(EASY))
    assert {s.technique for s in path.steps} <= {"full-house", "hidden-single", "naked-single"}
    assert sum(path.counts().values()) == len(path.steps) == EASY.count(".")
    assert path.start.unsolved_count == EASY.count(".")


def test_solve_path_and_hint_leave_a_given_state_alone() -> None:
    cands = Candidates.from_grid(Grid(MEDIUM))
    before = cands.to_string729()
    path = solve_path(cands)
    step = hint(cands)
    find_all(cands, "pointing")
    assert cands.to_string729() == before
    assert path.solved and step is not None
    assert step.notation() == path.steps[0].notation()


def test_next_step_takes_the_first_enabled_technique_that_makes_progress() -> None:
    enabled = SolverConfig().enabled()
    cands = as_candidates(MEDIUM)
    checked = 0
    while not cands.is_solved and checked < 40:
        step = next_step(cands, enabled=enabled)
        assert step is not None
        first = next(
            t.key for t in enabled if any(s.progress for s in t.find(cands))
        )
        assert step.technique == first, f"{step.notation()} taken before a {first}"
        cands.apply(step)
        checked += 1
    assert checked >= 20


def test_techniques_are_ordered_by_difficulty_and_enabled_follows_order() -> None:
    every = techniques()
    assert [t.order for t in every] == sorted(t.order for t in every)
    order = ("naked-single", "hidden-single", "full-house")
    assert [t.key for t in SolverConfig(order=order).enabled()] == list(order)
    path = solve_path(EASY, SolverConfig(order=order))
    assert path.solved and path.steps[0].technique in ("naked-single", "hidden-single")
    cands = as_candidates(EASY)
    if any(True for _ in technique("naked-single").find(cands)):
        assert path.steps[0].technique == "naked-single"


def test_disabled_techniques_are_never_used() -> None:
    config = SolverConfig(disabled=frozenset({"hidden single", "0000"}))
    keys = {t.key for t in config.enabled()}
    assert "hidden-single" not in keys and "full-house" not in keys
    path = solve_path(MEDIUM, config)
    used = set(path.counts())
    assert used and not used & {"hidden-single", "full-house"}
    with pytest.raises(KeyError, match="shudu techniques"):
        SolverConfig(disabled=frozenset({"x-wong"})).enabled()


def test_uniqueness_techniques_only_when_allowed() -> None:
    unique_keys = {t.key for t in techniques() if t.uniqueness}
    assert unique_keys, "no uniqueness technique is registered"
    assert not unique_keys & {t.key for t in SolverConfig().enabled()}
    assert unique_keys <= {t.key for t in SolverConfig(uniqueness=True).enabled()}
    import reglib
    from conftest import shared_file

    shared_file("reglib-1.4.txt")
    case = next(c for c in reglib.load() if c.code == "0600" and not c.fail_case)
    state = case.state()
    on = next_step(state, SolverConfig(order=("ur-type-1",), uniqueness=True))
    assert on is not None and on.technique == "ur-type-1"
    assert next_step(state, SolverConfig(order=("ur-type-1",))) is None
    off = next_step(state, SolverConfig())
    assert off is None or off.technique not in unique_keys


def test_stuck_and_max_steps() -> None:
    basics = SolverConfig(order=("full-house", "hidden-single", "naked-single"))
    stuck = solve_path(MEDIUM, basics)
    assert not stuck.solved and stuck.steps
    assert hint(stuck.final, basics) is None
    assert not stuck.final.is_broken()
    short = solve_path(EASY, SolverConfig(max_steps=5))
    assert len(short.steps) == 5 and not short.solved
    assert hint(str(shudu.solve(EASY))) is None


def test_find_all_lists_every_instance_of_one_technique() -> None:
    steps = find_all(EASY, "hidden single")
    cands = as_candidates(EASY)
    assert [s.notation() for s in steps] == [
        s.notation() for s in technique("hidden-single").find(cands)
    ]
    assert len(steps) > 1 and all(s.technique == "hidden-single" for s in steps)
    assert len({s.placements for s in steps}) == len(steps)
    solution = str(shudu.solve(EASY))
    assert not unsound(steps, solution)
    with pytest.raises(KeyError):
        find_all(EASY, "x-wong")


def test_pencilmark_text_starts_where_a_grid_would() -> None:
    cands = as_candidates(MEDIUM)
    from_729 = solve_path(cands.to_string729())
    from_grid = solve_path(MEDIUM)
    assert from_729.solved and from_grid.solved
    assert str(from_729.final.to_grid()) == str(from_grid.final.to_grid())
