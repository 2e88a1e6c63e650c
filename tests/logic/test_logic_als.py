"""ALS family and Sue de Coq: HoDoKu regression cases, words, and soundness on real puzzles."""

from __future__ import annotations

import itertools
import random
import re
import time
from pathlib import Path

import pytest
from test_logic_patterns import _cases, check_words, reglib_result, step_of

import shudu
from conftest import shared_file
from shudu import Grid
from shudu.logic import accel9, registry
from shudu.logic.step import Step
from shudu.logic.techniques.classic.als import (
    AlsIndex,
    als_index,
    find_als_xy_chain,
    find_als_xz,
    find_death_blossom,
)
from shudu.logic.techniques.classic.sdc import find_sue_de_coq
from shudu.logic.techniques.classic.singles import (
    find_full_house,
    find_hidden_single,
    find_naked_single,
)
from shudu.values.candidates import Candidates, bits
from shudu.values.rules import Rules

CODES = ["0901", "0902", "0903", "0904", "1101"]
KEYS = ["als-xz", "als-xy-wing", "als-xy-chain", "death-blossom", "sue-de-coq"]


@pytest.mark.parametrize("code", CODES)
def test_reglib(code: str) -> None:
    passed, total, failed = reglib_result(code)
    name = registry.technique(code).name
    print(f"{name}: {passed}/{total} regression cases passed")
    assert total > 0
    assert not failed, f"{name}: {passed}/{total} passed, failing lines {failed}"


def _steps(code: str, limit: int = 4) -> list[Step]:
    return [step_of(case, code) for case in _cases(code)[:limit]]


def _cell(c: int) -> str:
    return f"r{c // 9 + 1}c{c % 9 + 1}"


# the role whose cells the level-2 hint must name, per technique
WHERE_ROLE = {"0901": "als-a", "0902": "als-c", "0903": "als-1", "0904": "stem",
              "1101": "intersection"}


@pytest.mark.parametrize("code", CODES)
def test_words(code: str) -> None:
    for step in _steps(code):
        check_words(step)
        sets = [cells for _, cells in step.cells]
        for lang in ("en", "zh"):
            where, explain = step.text(2, lang), step.text(3, lang)
            # every set of the pattern is spelled out cell by cell in the explanation
            for cells in sets:
                assert ",".join(_cell(c) for c in cells) in explain, (step.notation(), lang)
            assert ",".join(_cell(c) for c in step.role_cells(WHERE_ROLE[code])) in where
            for d in step.get("rcc", ()) if code in ("0901", "0902") else ():
                assert str(d) in where
        assert step.notation().startswith(step.name + ": ") and "=>" in step.notation()
        assert step.to_dict()["eliminations"]


def test_xz_words_and_notation() -> None:
    singly = next(s for s in _steps("0901", 8) if not s.get("doubly"))
    (x,) = singly.get("rcc")
    (z, *_) = singly.get("z")
    note = singly.notation()
    assert re.fullmatch(r"ALS-XZ: A=(r\dc\d,?)+ \{[\d,]+\}, B=(r\dc\d,?)+ \{[\d,]+\}, "
                        r"X=\d, Z=[\d,]+ => .+", note), note
    en = singly.text(3, "en")
    assert f"restricted common digit X = {x}" in en and f"every {z} of both sets" in en
    zh = singly.text(3, "zh")
    assert f"受限公共数 X = {x}" in zh and "待定数组XZ" in zh
    doubly = step_of(_cases("0901")[-1], "0901")
    assert doubly.get("doubly") and len(doubly.get("rcc")) == 2
    assert "doubly linked" in doubly.text(3, "en") and "双链" in doubly.text(3, "zh")
    assert dict(doubly.candidates)["rcc"]


def test_chain_and_blossom_shapes() -> None:
    for step in _steps("0903", 15):
        rccs = step.get("rcc")
        assert len(rccs) >= 3                               # four or more sets
        assert all(a != b for a, b in itertools.pairwise(rccs))  # consecutive links differ
        assert step.get("difficulty") >= 8.0
        assert f" -{rccs[0]}- " in step.notation()
    for step in _steps("0904", 17):
        stem = step.role_cells("stem")
        assert len(stem) == 1 and len(step.get("stem_digits")) >= 3
        petals = step.get("petal_digits")
        assert set(petals) == set(step.get("stem_digits"))
        for d in petals:
            assert step.role_cells(f"petal-{d}")
            assert f"if it is {d}" in step.text(3, "en").lower()
            assert f"若为 {d}" in step.text(3, "zh")


def test_sue_de_coq_words() -> None:
    step = step_of(_cases("1101")[0], "1101")
    assert step.role_houses("line") and step.role_houses("box")
    assert re.fullmatch(r"Sue de Coq: .+ \{[\d,]+\} \(.+ \{[\d,]+\}, .+ \{[\d,]+\}\) => .+",
                        step.notation())
    en, zh = step.text(3, "en"), step.text(3, "zh")
    assert "meets box" in en and "宫的交叉格" in zh
    for role in ("intersection", "line-set", "box-set"):
        assert ",".join(_cell(c) for c in step.role_cells(role)) in en


def test_by_hand() -> None:
    """Small hand-made states: the expected move, and nothing illogical around it."""
    rules = Grid.empty().rules
    masks = [0b111111111] * 81
    masks[1], masks[4], masks[37] = 0b101, 0b10100, 0b10001   # {1,3} {3,5} | {1,5}
    state = Candidates.from_masks(rules, masks)
    xz = [s for s in find_als_xz(state)
          if {s.role_cells("als-a"), s.role_cells("als-b")} == {(37,), (1, 4)}]
    assert [s.eliminations for s in xz] == [((40, 5),)]
    # Sue de Coq: r1c1,r1c3 {1,2,3,4}; r1c6 {1,2} in the row, r3c2 {3,4} in the box
    masks = [0b111111111] * 81
    masks[0] = masks[2] = 0b1111
    masks[1] = 0b110000000
    masks[5], masks[19] = 0b11, 0b1100
    state = Candidates.from_masks(rules, masks)
    step = next(s for s in find_sue_de_coq(state) if s.role_cells("intersection") == (0, 2))
    gone = set(step.eliminations)
    assert (3, 1) in gone and (3, 3) not in gone      # r1c4 loses row digit 1, keeps 3
    assert (9, 3) in gone and (9, 1) not in gone      # r2c1 loses box digit 3, keeps 1


def test_other_sizes() -> None:
    """The finders run on other grid sizes without assuming 9x9."""
    for rules in (Rules(4), Rules(6)):
        state = Candidates.from_grid(Grid.empty(rules))
        for tech in registry.techniques():
            if tech.key in KEYS:
                assert all(s.size == rules.size for s in tech.find(state))
    empty = Candidates.from_grid(Grid.empty())
    assert len(als_index(empty)) == 243     # any eight cells of a house


def _stuck(cands: Candidates) -> None:
    while True:
        single = next((s for f in (find_full_house, find_hidden_single, find_naked_single)
                       for s in f(cands)), None)
        if single is None:
            return
        cands.apply(single)


PER_STATE = 20
"""Steps checked per technique and state (the first ones found; keeps the test fast)."""


def test_soundness() -> None:
    """Every elimination on 300 real puzzles agrees with the unique solution.

    Each puzzle is taken with singles until stuck; for every fourth one the first step
    found is applied and singles are run again to check a second, later state.  In each
    state the first :data:`PER_STATE` steps of every technique of the family are checked
    against the solution.
    """
    lines = shared_file("top1465.sdm").read_text().split()[:200]
    lines += shared_file("sudocue_top10000.sdm").read_text().split()[:100]
    techs = [registry.technique(k) for k in KEYS]
    rng = random.Random(11)
    seen = {k: 0 for k in KEYS}
    took = {k: 0.0 for k in KEYS}
    states = 0
    for number, text in enumerate(lines):
        puzzle = text[:81]
        sol = [int(ch) for ch in str(shudu.solve(puzzle))]
        cands = Candidates.from_grid(Grid(puzzle))
        for _ in range(1 if number % 4 else 2):
            _stuck(cands)
            if cands.is_solved:
                break
            states += 1
            first = None
            for tech in techs:
                start = time.process_time()
                for k, step in enumerate(tech.find(cands)):
                    seen[tech.key] += 1
                    bad = [(c, d) for c, d in step.eliminations if sol[c] == d]
                    assert not bad, f"{step.notation()} removes a solution digit in {puzzle}"
                    first = first or step
                    if k + 1 >= PER_STATE:
                        break
                took[tech.key] += time.process_time() - start
            if first is not None:
                cands.apply(first)
            else:
                cell = rng.choice([c for c in range(81) if not cands.values[c]])
                cands.place(cell, sol[cell])
    print(f"{states} states, steps checked:", seen,
          "cpu seconds:", {k: round(v, 2) for k, v in took.items()})
    assert states >= 350
    assert all(seen[k] > 0 for k in KEYS), seen


def test_index_rcc_is_symmetric_and_restricted() -> None:
    case = _cases("0903")[0]
    state = case.state()
    idx = als_index(state)
    peer = state.geo.peer_mask
    assert len(idx) > 50
    for i, links in enumerate(idx.rcc):
        for j, rmask in links.items():
            assert idx.rcc[j][i] == rmask
            for d in bits(rmask):
                for a in bits(idx.dcells[i][d]):
                    for b in bits(idx.dcells[j][d]):
                        assert peer[a] >> b & 1
    assert list(find_als_xy_chain(state)) and list(find_death_blossom(state)) is not None


HARDEST = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "hardest.sdm"


def _fields(idx: AlsIndex) -> tuple[object, ...]:
    return (idx.cells, idx.digits, idx.house, idx.dcells, idx.targ,
            [list(links.items()) for links in idx.rcc])


def test_the_c_index_is_the_python_index() -> None:
    # the same sets, targets and links in the same order (the chain search depends on
    # the order) on every state along the paths of hard puzzles
    states = sets = 0
    for line in HARDEST.read_text().splitlines()[:4]:
        grid = Grid(line)
        cands = Candidates.from_grid(grid)
        for step in shudu.explain(grid).steps:
            table = accel9.als_table(cands)
            if table is not None:
                want = AlsIndex(cands, 8)
                assert _fields(AlsIndex.from_table(table, 81)) == _fields(want)
                states += 1
                sets += len(want)
            cands.apply(step)
    assert states > 100 and sets > 10_000


def test_the_c_index_gives_way_when_its_tables_are_full() -> None:
    # every cell {1,2,3}: any two cells of a house are a set, 810 in all (the C tables
    # hold 768), so the Python index is built instead
    crowded = Candidates.from_masks(Rules(), [0b111] * 81)
    assert accel9.als_table(crowded) is None
    assert len(als_index(crowded)) == 810
    assert accel9.als_table(Candidates.from_grid(Grid.empty())) is not None


def test_the_c_index_refuses_bad_states() -> None:
    for values, masks, error in ((b"\0" * 80, [0] * 81, ValueError),
                                 (b"\0" * 81, [0] * 80, ValueError),
                                 (b"\x0a" + b"\0" * 80, [0] * 81, ValueError),
                                 (b"\0" * 81, [1024] * 81, ValueError),
                                 ("x" * 81, [0] * 81, TypeError)):
        with pytest.raises(error):
            accel9.als_table(_Raw(values, masks))  # type: ignore[arg-type]


class _Raw:
    """A stand-in state carrying raw values and masks to the C index."""

    def __init__(self, values: object, masks: list[int]) -> None:
        self.values, self.cell_mask = values, masks


def _first_steps_agree(lines: list[str], python, first9) -> tuple[int, int]:
    """Along the explained paths of some puzzles: the C core's first step of a technique
    is the one its Python search yields first.  Returns (states, steps found)."""
    states = found = 0
    for line in lines:
        grid = Grid(line)
        cands = Candidates.from_grid(grid)
        for step in shudu.explain(grid).steps:
            want = next(python(cands), None)
            got = first9(cands)
            assert got == want and (want is None or got.to_dict() == want.to_dict())
            states += 1
            found += want is not None
            cands.apply(step)
    return states, found


def test_the_c_wing_is_the_first_python_wing() -> None:
    from shudu.logic.techniques.classic.als import _first_wing9, find_als_xy_wing

    states, wings = _first_steps_agree(HARDEST.read_text().splitlines()[4:8],
                                       find_als_xy_wing, _first_wing9)
    assert states > 100 and wings > 50
    assert accel9.als_wing(Candidates.from_masks(Rules(), [0b111] * 81)) is None   # too many


def test_the_c_xz_is_the_first_python_xz() -> None:
    from shudu.logic.techniques.classic.als import _first_xz9

    states, found = _first_steps_agree(HARDEST.read_text().splitlines()[8:12],
                                       find_als_xz, _first_xz9)
    assert states > 100 and found > 50
    assert accel9.als_xz(Candidates.from_masks(Rules(), [0b111] * 81)) is None   # too many
