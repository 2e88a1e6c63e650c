"""Forcing chains and nets: words, soundness, and solving the hardest puzzles by logic."""

from __future__ import annotations

import time
from collections import Counter

import pytest
from test_logic_words import instances as stored_instances

import shudu
from conftest import shared_file
from shudu import Grid
from shudu.logic.render import result_text
from shudu.logic.solver import SolverConfig, solve_path
from shudu.logic.step import Step
from shudu.logic.techniques.classic import forcing, singles
from shudu.values.candidates import Candidates

FINDERS = {
    "forcing-chain-contradiction": forcing.find_forcing_chain_contradiction,
    "forcing-chain-verity": forcing.find_forcing_chain_verity,
    "forcing-net-contradiction": forcing.find_forcing_net_contradiction,
    "forcing-net-verity": forcing.find_forcing_net_verity,
    "nested-forcing-net": forcing.find_nested_forcing_net,
}
SINGLES = ("full-house", "hidden-single", "naked-single")
LOGIC_ONLY = SolverConfig(order=SINGLES + tuple(FINDERS))


def _puzzles(name: str) -> list[str]:
    path = shared_file(name)
    return [ln.strip()[:81] for ln in path.read_text().splitlines() if ln.strip()]


def test_reglib_has_no_forcing_cases() -> None:
    """reglib-1.4 lists the 13xx section headers but no cases; if cases appear, this
    test fails so that they get wired in."""
    shared_file("reglib-1.4.txt")
    from reglib import load

    assert [c for c in load() if c.code.startswith("13")] == []


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


@pytest.mark.parametrize("key", sorted(FINDERS))
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_words_name_cells_and_digits(key: str, lang: str) -> None:
    """On each technique's stored state (``tests/fixtures/technique_states.json``)."""
    for step in stored_instances(key):
        _check_words(step, lang)


def _check_words(step: Step, lang: str) -> None:
    level1, level2, level3 = (step.text(k, lang) for k in (1, 2, 3))
    assert (step.info.name_zh if lang == "zh" else step.info.name) in level1
    assert result_text(step, lang) in level3
    start = step.role_candidates("start") or step.role_candidates("branch")
    cell, digit = start[0]
    if step.get("kind") != "house":
        assert shudu.cell_name(cell) in level2
    assert str(digit) in level3
    if lang == "zh":
        assert any("\u4e00" <= ch <= "\u9fff" for ch in level3)
    else:
        assert level3.isascii()
    assert "=>" in step.notation()


def test_net_explanation_lists_the_singles() -> None:
    c = Candidates.from_grid(Grid(
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"))
    step = next(forcing.find_forcing_net_contradiction(c))
    text = step.text(3)
    assert text.startswith("Suppose ") and "contradiction" in text
    assert "box 7" in text
    assert "矛盾" in step.text(3, "zh")


def test_soundness_on_real_puzzles() -> None:
    """On 300 real puzzles stuck after singles, the first steps of every plain forcing
    finder agree with the unique solution."""
    checked: Counter[str] = Counter()
    for puzzle in _puzzles("sudocue_top10000.sdm")[:300]:
        solution = shudu.solve(puzzle).cells
        cands = _stuck_after_singles(puzzle)
        if cands.is_solved:
            continue
        for key, find in FINDERS.items():
            if key == "nested-forcing-net":
                continue
            for k, step in enumerate(find(cands)):
                if k >= 5:
                    break
                for cell, digit in step.eliminations:
                    assert solution[cell] != digit, (puzzle, step.notation())
                for cell, digit in step.placements:
                    assert solution[cell] == digit, (puzzle, step.notation())
                checked[key] += 1
    print(dict(checked))
    assert all(checked[k] > 50 for k in FINDERS if k != "nested-forcing-net")


def test_top1465_logic_only_sample() -> None:
    """Singles plus forcing chains/nets alone solve top1465 without guessing.

    The full set takes about 1.3 s per puzzle with these techniques alone, so this test
    runs an evenly spread sample of 30 puzzles; every step is checked against the
    engine's unique solution.
    """
    puzzles = _puzzles("top1465.sdm")[::49][:30]
    used: Counter[str] = Counter()
    start = time.perf_counter()
    for puzzle in puzzles:
        solution = shudu.solve(puzzle).cells
        path = solve_path(puzzle, LOGIC_ONLY)
        assert path.solved, puzzle
        assert bytes(path.final.values) == bytes(solution)
        for step in path.steps:
            for cell, digit in step.eliminations:
                assert solution[cell] != digit, (puzzle, step.notation())
            for cell, digit in step.placements:
                assert solution[cell] == digit, (puzzle, step.notation())
        used.update(path.counts())
    mean = (time.perf_counter() - start) / len(puzzles)
    print(f"solved {len(puzzles)}/{len(puzzles)}, mean {mean * 1000:.0f} ms/puzzle, {dict(used)}")
    assert used["forcing-net-contradiction"] > 0


def test_se_verity_without_links_reads_as_whole_sentences() -> None:
    """The rater's forcing chain verities come from SE's search, with their cases but no
    links: their words say what the cases are and what they all give, with no empty
    sentence between."""
    from shudu.rating.rater import rate

    r = rate("3..8.1....5....6.9......4..5..7...8..4..6...........2.2..3.........9.1....7......",
             path=True)
    verities = [p.step for p in r.path if p.technique == "forcing-chain-verity"]
    assert verities and not any(s.links for s in verities)
    for step in verities:
        en, zh = step.text(3, "en"), step.text(3, "zh")
        assert ". ." not in en and "。。" not in zh
        assert en.endswith("can be removed from " + step.notation().split("=> ")[1][:4] + ".")
        assert "无论哪种情况结论都相同" in zh
