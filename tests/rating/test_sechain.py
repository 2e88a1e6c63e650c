"""Sudoku Explainer's multiple and dynamic forcing chains: the C core finds every
conclusion as the Python reference does (the same complexity, kind and order), and the
rater takes them where SE does."""

from __future__ import annotations

from shudu.logic.techniques.classic.multiple import (
    DOC_PUZZLE,
    REGION,
    _c_hints,
    _hints,
    chain_step,
    chain_table,
)
from shudu.logic.weighed import Walk
from shudu.rating.rater import rate

PUZZLES = (
    DOC_PUZZLE,
    "..4...3...9.27.54..6......291.6.5..7.....4.3.3..19..5.6...4...........93.7..5....",
    "45389......2.45....8.12........3.2.....7..1..3.......5....71...5.49.......9....13",
)


def test_c_follows_the_reference_search() -> None:
    checked = found = 0
    for puzzle in PUZZLES:
        walk = Walk.of(puzzle)
        for k, _ in enumerate(walk):
            if k % 7 or walk.state.is_solved:
                continue
            for dynamic in (False, True):
                got = _c_hints(walk.state, dynamic)
                assert got == _hints(walk.state, dynamic)
                checked += 1
                found += len(got)
    assert checked > 10 and found > 1000


def test_the_table_is_in_se_order() -> None:
    walk = Walk.of(DOC_PUZZLE, stop_above=7.9)
    list(walk)
    table = chain_table(walk.state, dynamic=False)
    assert table == sorted(table, key=lambda t: t[:3])
    # SE: three Aligned Triplet Exclusions and a Nishio chain (7.8) before it, then
    # "Region Forcing Chains MFC(w/10 nodes)[8.0+0.3(9-12)]: 3 in block ==> R6C5.3 off"
    assert table[0][:4] == (8.3, 12, 6, REGION)
    step = chain_step(walk.state, False, table[0])
    assert step.eliminations == ((49, 3),) and step.get("length") == 10
    assert len(step.links) >= 3 and "Every case leads" in step.text(3, "en")


def test_the_rater_takes_the_chain_se_takes() -> None:
    r = rate(DOC_PUZZLE, path=True)
    assert (r.score, r.hardest) == (8.3, "forcing-chain-verity")
    first = next(p for p in r.path if p.score == 8.3)
    assert first.step is not None and first.step.get("se")
    assert first.step.notation() == "Forcing Chain Verity: r2c4=3 | r2c5=3 | r3c5=3 => r6c5<>3"
