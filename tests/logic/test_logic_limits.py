"""The logic solver answers at once on puzzles without exactly one solution, says where a
puzzle without solution breaks, stops at its limits, streams its steps, and lists only
real instances of a technique."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

import shudu
from shudu.errors import InvalidPuzzle, NoSolution, NotUnique
from shudu.logic import (
    Candidates,
    SolverConfig,
    Step,
    contradiction,
    explain,
    find_all,
    hint,
    iter_steps,
    registry,
    solve_path,
    technique,
    verdict,
)
from shudu.logic.registry import Technique
from shudu.logic.solver import as_candidates

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SIXTEEN = "000000010400000000020000000000050407008000300001090000300400200050100000000800000"
CLASH = "12345678." + "." * 71 + "9"   # nothing fits r1c9
# EASY with r1c5 = 4 instead of 2: no digit repeats, yet six singles empty r2c8
BROKEN = "..3.4.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
# digit 1 has no place in row 1: boxes 1 and 2 see a 1, box 3's row-1 cells are filled
NO_ONE = "......234" + "1........" + "....1...." + "." * 54


# ---------------------------------------------------------------------- several solutions
@pytest.mark.parametrize("puzzle", ["." * 81, SIXTEEN])
def test_hint_and_explain_refuse_a_puzzle_with_several_solutions(puzzle: str) -> None:
    for ask in (hint, explain, shudu.hint, shudu.explain):
        with pytest.raises(NotUnique, match=r"several solutions: e\.g\. r\dc\d is \d in one "
                                            r"and \d in another") as caught:
            ask(puzzle)
        e = caught.value
        a, b = e.solutions
        assert a.is_complete and b.is_complete and a != b
        assert e.count == 2 and e.cell is not None and e.digits is not None
        assert (a.cells[e.cell], b.cells[e.cell]) == e.digits
        assert a.cells[:e.cell] == b.cells[:e.cell]
        for s in (a, b):
            assert all(v == s.cells[i] for i, v in enumerate(shudu.Grid(puzzle).cells) if v)


def test_a_candidate_state_is_checked_against_its_candidates() -> None:
    solution = str(shudu.solve(EASY))
    # the givens only as one-candidate cells: the engine sees no placed digit at all
    cells = [(1 << (int(solution[i]) - 1)) if ch != "." else 511 for i, ch in enumerate(EASY)]
    state = Candidates.from_masks(shudu.CLASSIC, cells)
    assert shudu.count(state.to_grid()) == 2   # the placed digits alone: several solutions
    assert verdict(state).status == "unique"
    assert hint(state) is not None
    # remove the solution's digit from one empty cell: no solution agrees any more
    cells[2 * 9 + 0] &= ~(1 << (int(solution[18]) - 1))
    broken = Candidates.from_masks(shudu.CLASSIC, cells)
    assert verdict(broken).status == "none"
    with pytest.raises(NoSolution):
        hint(broken)
    with pytest.raises(NotUnique):
        hint(Candidates.from_masks(shudu.CLASSIC, [511] * 81))


# ---------------------------------------------------------------------- no solution
def test_no_solution_is_an_error_naming_the_cell_that_runs_dry() -> None:
    with pytest.raises(NoSolution, match="r1c9 has no candidate left") as caught:
        hint(CLASH)
    assert isinstance(caught.value, InvalidPuzzle) and isinstance(caught.value, NotUnique)
    assert caught.value.cell == 8 and caught.value.contradiction.placements == ()
    with pytest.raises(NoSolution, match="r1c9"):
        shudu.explain(CLASH)


def test_contradiction_after_forced_placements() -> None:
    assert shudu.count(BROKEN) == 0
    c = contradiction(BROKEN)
    assert c is not None and c.kind == "cell" and c.cell == 16   # r2c8
    assert [(shudu.cell_name(cell), d, how) for cell, d, how in c.placements] == [
        ("r5c7", 1, "naked"), ("r8c7", 7, "naked"), ("r2c7", 8, "naked"),
        ("r8c3", 4, "naked"), ("r2c3", 7, "naked"), ("r2c5", 2, "naked")]
    assert c.text() == ("after the forced placements r5c7=1 (naked single), r8c7=7 (naked "
                        "single), r2c7=8 (naked single), r8c3=4 (naked single), r2c3=7 (naked "
                        "single), r2c5=2 (naked single), r2c8 has no candidate left.")
    assert c.text("zh").startswith("依次填入必然的唯一数 r5c7=1（唯一余数）")
    assert c.text("zh").endswith("之后，r2c8 没有候选数了。")
    # every placement is forced by the givens and the placements before it: replaying
    # them on the givens leaves r2c8 without candidates
    cands = as_candidates(BROKEN)
    for cell, d, _ in c.placements:
        assert cands.has(cell, d)
        cands.place(cell, d)
    assert not cands.values[16] and not cands.cell_mask[16]
    with pytest.raises(NoSolution) as caught:
        hint(BROKEN)
    assert c.text() in str(caught.value) and caught.value.contradiction == c


def test_contradiction_of_a_digit_without_place_in_a_house() -> None:
    c = contradiction(NO_ONE)
    assert c is not None and (c.kind, c.house, c.digit) == ("house", 0, 1)
    assert c.text() == "digit 1 has no place left in row 1: the givens rule out every cell."
    assert c.text("zh") == "数字 1 在第1行中无处可放：已知数排除了所有位置。"
    with pytest.raises(NoSolution, match="digit 1 has no place left in row 1") as caught:
        explain(NO_ONE)
    assert caught.value.house == "row 1" and caught.value.digit == 1
    assert contradiction(EASY) is None


# ---------------------------------------------------------------------- limits
def test_anyway_runs_logic_within_max_steps_and_timeout() -> None:
    path = explain(SIXTEEN, anyway=True, max_steps=3)
    assert len(path.steps) == 3 and path.stopped == "max-steps" and not path.solved
    assert path.verdict is not None and path.verdict.status == "multiple"
    assert explain(SIXTEEN, anyway=True, timeout=0).stopped == "timeout"
    assert explain(SIXTEEN, anyway=True, timeout=0).steps == []
    assert shudu.hint("12345678." + "." * 72, anyway=True).notation() == "Full House: r1c9=9"
    with pytest.raises(shudu.LogicTimeout):
        hint(SIXTEEN, anyway=True, timeout=0)


@pytest.fixture
def endless(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A technique whose search never ends (in Python code, yielding nothing)."""
    def find(cands: Candidates) -> Iterator[Step]:
        while True:
            time.sleep(0.01)
        yield  # pragma: no cover

    tech = Technique("endless-test", "Endless Test", "无尽", "9999", "test", 99.0, 99.0, find)
    registry.technique("x-wing")   # load the registry first
    monkeypatch.setitem(registry._REGISTRY, tech.key, tech)
    monkeypatch.setitem(registry._LOOKUP, "endlesstest", tech.key)
    yield tech.key


def test_timeout_interrupts_a_long_search(endless: str) -> None:
    config = SolverConfig(order=("full-house", endless))
    path = solve_path("12345678." + "." * 72, config, timeout=0.2)
    assert path.stopped == "timeout"
    assert [s.technique for s in path.steps] == ["full-house"]
    run = iter_steps("12345678." + "." * 72, config, timeout=0.2)
    assert [s.technique for s in run] == ["full-house"] and run.stopped == "timeout"


# ---------------------------------------------------------------------- streaming
def test_iter_steps_streams_the_same_path() -> None:
    run = iter_steps(EASY)
    first = next(run)
    assert run.steps == [first] and run.final.values != run.start.values
    rest = list(run)
    assert run.stopped is None and run.final.is_solved
    seen: list[Step] = []
    path = solve_path(EASY, on_step=seen.append)
    assert [s.notation() for s in [first, *rest]] == [s.notation() for s in path.steps]
    assert seen == path.steps and path.stopped is None
    checked = shudu.explain(EASY)
    assert [s.notation() for s in checked.steps] == [s.notation() for s in path.steps]
    assert checked.verdict is not None and checked.verdict.status == "unique"


# ---------------------------------------------------------------------- find
# at the givens of this top1465 puzzle the X-Wing search lists "1 c47 r49" with three
# corners (r4c4, r4c7, r9c7): column 4 holds its 1 only in r4c4, a hidden single
DEGENERATE = (".......71.2.8........5.3...7.9.6.......2..8..1"
              ".........3...25..6...1..4..........")


def test_find_all_lists_only_real_fish() -> None:
    cands = as_candidates(DEGENERATE)
    every = list(technique("x-wing").find(cands))
    assert any(len(s.role_cells("base")) < 4 for s in every)
    real = find_all(DEGENERATE, "x-wing")
    assert len(real) < len(every)
    geo = cands.geo
    for s in real:
        assert len(s.role_cells("base")) == 4
        for role in ("base", "cover"):
            for h in s.role_houses(role):
                assert len(set(s.role_cells("base")) & set(geo.houses[h].cells)) == 2
    for key in ("swordfish", "jellyfish"):
        for s in find_all(DEGENERATE, key):
            for role in ("base", "cover"):
                for h in s.role_houses(role):
                    assert len(set(s.role_cells("base")) & set(geo.houses[h].cells)) >= 2


def test_find_all_after_some_steps() -> None:
    path = solve_path(EASY, max_steps=5)
    want = [s.notation() for s in find_all(path.final, "hidden single")]
    assert [s.notation() for s in find_all(EASY, "hidden single", after=5)] == want
    assert want != [s.notation() for s in find_all(EASY, "hidden single")]


def test_the_deadline_is_not_raised_during_a_garbage_collection() -> None:
    """A firing during a garbage collection raises nothing there (the collector's
    callbacks, and the weak references' callbacks it runs, would drop it as unraisable);
    a later firing stops the search."""
    import gc
    import sys
    import time

    from shudu.errors import LogicTimeout
    from shudu.logic.solver import _interrupt_at

    dropped: list[object] = []

    def slow_callback(phase: str, info: dict) -> None:
        if phase == "start":
            time.sleep(0.3)   # the deadline passes in here

    previous_hook = sys.unraisablehook
    sys.unraisablehook = dropped.append
    gc.callbacks.append(slow_callback)
    try:
        with pytest.raises(LogicTimeout):
            with _interrupt_at(time.monotonic() + 0.05):
                gc.collect()
                assert not dropped
                time.sleep(5)   # the next firing stops this
    finally:
        gc.callbacks.remove(slow_callback)
        sys.unraisablehook = previous_hook
    assert not dropped
