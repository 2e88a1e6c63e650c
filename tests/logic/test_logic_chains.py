"""Chains and loops: HoDoKu regression cases, words, notation and soundness."""

from __future__ import annotations

from collections import Counter

import pytest

import shudu
from conftest import shared_file
from shudu import Grid
from shudu.logic.render import result_text
from shudu.logic.step import Link, Node
from shudu.logic.techniques.classic import chains, singles
from shudu.values.candidates import Candidates

FINDERS = {
    "0701": chains.find_x_chain,
    "0702": chains.find_xy_chain,
    "0706": chains.find_continuous_nice_loop,
    "0707": chains.find_discontinuous_nice_loop,
    "0708": chains.find_aic,
    "0709": chains.find_grouped_continuous_nice_loop,
    "0710": chains.find_grouped_discontinuous_nice_loop,
    "0711": chains.find_grouped_aic,
}

# HoDoKu's grouped variants that need ALS nodes (an almost locked set inside the chain):
# shudu finds them with the chain techniques with ALS nodes (off by default).
ALS_VARIANTS = {("0709", "2"), ("0710", "3"), ("0710", "4"), ("0711", "3"), ("0711", "4")}
ALS_FINDERS = {
    "0709": chains.find_als_continuous_nice_loop,
    "0710": chains.find_als_discontinuous_nice_loop,
    "0711": chains.find_als_aic,
}


def _cases(code: str, als: bool = False) -> list:
    shared_file("reglib-1.4.txt")
    from reglib import load

    return [c for c in load() if c.code == code and ((c.code, c.variant) in ALS_VARIANTS) == als]


@pytest.mark.parametrize("code", sorted(FINDERS))
def test_reglib(code: str) -> None:
    """Each chain technique reproduces >= 95% of its (non-ALS) HoDoKu cases.

    A case lists what one chain eliminates; ``run_case`` passes when some chain yielded
    by the finder eliminates exactly that set (chains are yielded for every pair of
    ends, so the set is reproduced whatever path HoDoKu printed).
    """
    from reglib import run_case

    cases = _cases(code)
    assert cases
    failed = [c.line for c in cases if not run_case(c, FINDERS[code])]
    passed = len(cases) - len(failed)
    print(f"{code}: {passed}/{len(cases)} passed; failing lines {failed}")
    assert passed >= 0.95 * len(cases), failed


ALS_FLOOR = {"0709": 6, "0710": 16, "0711": 20}
"""ALS-variant cases reproduced by the chains with ALS nodes (of 7, 17 and 20)."""


@pytest.mark.parametrize("code", ["0709", "0710", "0711"])
def test_reglib_als_variants(code: str) -> None:
    """The ALS-node variants: the grouped chains alone cannot make them; the chains
    with ALS nodes make most of them."""
    from reglib import run_case

    cases = _cases(code, als=True)
    assert cases
    plain = sum(run_case(c, FINDERS[code]) for c in cases)
    passed = [c.line for c in cases if run_case(c, ALS_FINDERS[code])]
    print(f"{code} with ALS nodes: {len(passed)}/{len(cases)} (grouped alone {plain})")
    assert len(passed) >= ALS_FLOOR[code]
    assert plain < len(passed)


@pytest.mark.parametrize("code", ["0709", "0710", "0711"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_als_words(code: str, lang: str) -> None:
    from reglib import run_case

    case = next(c for c in _cases(code, als=True) if run_case(c, ALS_FINDERS[code]))
    want = set(case.eliminations)
    step = next(s for s in ALS_FINDERS[code](case.state()) if set(s.eliminations) == want)
    assert step.get("als") and step.role_cells("als")
    level1, level3 = step.text(1, lang), step.text(3, lang)
    assert (step.info.name_zh if lang == "zh" else step.info.name) in level1
    assert result_text(step, lang) in level3
    for text in step.get("als"):
        assert text in level3
    assert ("待定数组" if lang == "zh" else "almost locked set") in level3
    assert step.notation().startswith(step.info.name)


def test_als_chains_off_by_default_and_enabled_by_name() -> None:
    from shudu.logic import SolverConfig, registry

    keys = {t.key for t in SolverConfig().enabled()}
    als = {"als-aic", "als-continuous-nice-loop", "als-discontinuous-nice-loop"}
    assert not als & keys
    assert als <= {t.key for t in SolverConfig(extra=frozenset(als)).enabled()}
    assert registry.technique("0711A").key == "als-aic"
    assert registry.technique("0711").key == "grouped-aic"


def test_als_nodes_are_sound_on_real_puzzles() -> None:
    """Every chain with ALS nodes found along real solve paths fits the solution."""
    from test_logic_patterns import path_soundness

    assert path_soundness(ALS_FINDERS.values(), stride=250, every=10, first=5) > 20


def _case_step(code: str, line_index: int = 0):
    from reglib import run_case

    case = _cases(code)[line_index]
    want = set(case.eliminations)
    assert run_case(case, FINDERS[code])
    for step in FINDERS[code](case.state()):
        if set(step.eliminations) == want:
            return step
    raise AssertionError("no matching step")


@pytest.mark.parametrize("code", sorted(FINDERS))
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_words_name_cells_and_digits(code: str, lang: str) -> None:
    step = _case_step(code)
    level1, level2, level3 = (step.text(k, lang) for k in (1, 2, 3))
    assert step.info.name_zh in level1 if lang == "zh" else step.info.name in level1
    first = step.links[0].a
    name = shudu.cell_name(first.cells[0]) if len(first.cells) == 1 else None
    if name:
        assert name in level2 and name in level3
    # the result names every eliminated candidate (grouped per digit: "7 ... r5c3,r6c4")
    assert result_text(step, lang) in level3
    for _, digit in step.eliminations:
        assert str(digit) in level3
    if lang == "zh":
        assert any("\u4e00" <= ch <= "\u9fff" for ch in level3)
    else:
        assert level3.isascii()
    assert " => " in step.notation()
    assert step.get("length") == len(step.links)


def test_eureka_notation_and_sentence() -> None:
    a, b, c, d = Node((1,), 7), Node((7,), 7), Node((43,), 7), Node((37,), 7)
    links = (Link(a, b, True), Link(b, c, False), Link(c, d, True))
    assert chains.eureka(links) == "(7)r1c2=r1c8-r5c8=(7)r5c2"
    assert chains.chain_sentence(links) == (
        "If r1c2 is not 7, then r1c8 is 7, so r5c8 is not 7, so r5c2 is 7")
    cell = (Link(Node((0,), 4), Node((0,), 7), True), Link(Node((0,), 7), Node((4,), 7), False))
    assert chains.eureka(cell) == "(4=7)r1c1-(7)r1c5"


def test_xy_chain_example_explained() -> None:
    c = Candidates.from_grid(Grid(
        "000700000100030600040000010008500160060070040059006200030000020007040003000008000"))
    step = next(chains.find_xy_chain(c))
    text = step.text(3)
    assert text.startswith("If ") and "at least one end is true" in text
    assert step.notation().startswith("XY-Chain: (")


def _stuck_after_singles(puzzle: str) -> Candidates:
    cands = Candidates.from_grid(Grid(puzzle))
    finders = (singles.find_full_house, singles.find_hidden_single, singles.find_naked_single)
    progress = True
    while progress and not cands.is_solved:
        progress = False
        for f in finders:
            step = next(f(cands), None)
            if step is not None:
                cands.apply(step)
                progress = True
                break
    return cands


def test_soundness_on_real_puzzles() -> None:
    """Every chain step found on 300 real puzzles agrees with the unique solution.

    For each puzzle: singles until stuck, then each chain finder in turn; every step it
    yields (up to 25 per finder) is checked, and the first one is applied before the
    next finder runs.
    """
    path = shared_file("sudocue_top10000.sdm")
    puzzles = [ln.strip()[:81] for ln in path.read_text().splitlines() if ln.strip()][:300]
    checked: Counter[str] = Counter()
    for puzzle in puzzles:
        solution = shudu.solve(puzzle).cells
        cands = _stuck_after_singles(puzzle)
        for find in FINDERS.values():
            if cands.is_solved:
                break
            first = None
            for k, step in enumerate(find(cands)):
                if k >= 25:
                    break
                for cell, digit in step.eliminations:
                    assert solution[cell] != digit, (puzzle, step.notation())
                for cell, digit in step.placements:
                    assert solution[cell] == digit, (puzzle, step.notation())
                checked[step.technique] += 1
                first = first or step
            if first is not None:
                cands.apply(first)
    print(dict(checked))
    assert sum(checked.values()) > 300
    assert len(checked) >= 5


def test_a_loop_of_bivalue_cells_removes_what_lies_outside_them() -> None:
    """The loop graph of bivalue cells holds only their candidates, yet the loop removes
    candidates of other cells: r4c7 and r4c9 lose 3, r2c8 loses 8 (SE's Y-cycle)."""
    state = shudu.logic.solver.as_candidates(
        "........9......7...2...........5.......4.6..........8.1.34.....1.34.6...1.3..6..."
        "...4.......3..........5....1.............67..........9......78......678..2......"
        "......6..........8.1...........4..7....3.......2..........4..7..........9....5.."
        "...2...............9..3....8...3...7......5.7..1...5....1.34...8....4.6...1.34.6"
        ".8.1.............6.....3....8.........9.2..........4.........5......3....8......."
        "7......5.......4...........7....3....8.1......8......6...........9.2.......1.3..."
        "..........8..2...............9.....6......45....1...5....1.3...7..1.34..7....34."
        "..........7......5.......4......2.......1......8...3...........6...1......8....."
        "....9..3......1.............6......4...8.........9......7...2...........5......."
        "4...8.")
    loop = next(chains.continuous_loops(state, "xy"))
    assert {lk.a.cells for lk in loop.links} == {(43,), (70,), (67,), (49,), (53,)}
    assert set(loop.eliminations) == {(33, 3), (35, 3), (16, 8)}
