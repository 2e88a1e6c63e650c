"""Sudoku Explainer's Nishio forcing chains: the C core follows each chain as the Python
reference does (the same complexity for every assumption), and the rater takes them
where SE does."""

from __future__ import annotations

from shudu.logic.techniques.classic.nishio import _chain, nishio9, nishio_step, nishio_table
from shudu.logic.weighed import Walk
from shudu.rating.rater import rate

NISHIO = "5..237.....86.97...9.....63...9..1.6......28....8.1..91.....69.............12685."
"""SE rates it 7.6: its hardest step is a Nishio chain of digit 5 (r2c5 is not 5)."""

PUZZLES = (
    NISHIO,
    ".76...59......2...8....9.1....58.27...8.26..3..1....5.2.3.......97.....6...3.....",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
)


def test_c_follows_the_reference_chain() -> None:
    checked = found = 0
    for puzzle in PUZZLES:
        walk = Walk.of(puzzle, stop_above=8.0)
        for k, _ in enumerate(walk):
            if k % 9:
                continue
            c = walk.state
            for d, m in enumerate(c.digit_mask):
                got = nishio9(m & ((1 << 64) - 1), m >> 64)
                for cell in range(81):
                    for on in (True, False):
                        ref = _chain(c, d + 1, cell, on) if m >> cell & 1 else None
                        assert got[2 * cell + on] == (min(ref[0], 255) if ref else 0)
                        checked += 1
                        found += ref is not None
    assert checked > 10_000 and found > 100


def test_the_rater_takes_the_nishio_chain_se_takes() -> None:
    r = rate(NISHIO, path=True)
    assert (r.score, r.hardest) == (7.6, "forcing-chain-contradiction")
    first = next(p for p in r.path if p.score == 7.6)
    assert first.step is not None and first.step.get("nishio")
    assert first.step.notation() == (
        "Forcing Chain Contradiction: r2c5=5 => contradiction => r2c5<>5")
    assert "r5c6 cannot both be and not be 5" in first.step.text(3, "en")


def test_a_refuted_absence_removes_the_other_candidates() -> None:
    walk = Walk.of(NISHIO, stop_above=7.4)
    list(walk)
    c = walk.state
    _, size, cell, digit, on = next(t for t in nishio_table(c) if not t[4])
    step = nishio_step(c, cell, digit, on)
    assert not step.placements and step.get("length") == size - 2
    assert {d for _, d in step.eliminations} == {
        d + 1 for d in range(9) if c.cell_mask[cell] >> d & 1} - {digit}
