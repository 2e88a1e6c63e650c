"""The technique table (shudu.logic.techniques.table) against the registry, the C kernel
and the constants the family modules weigh steps with."""

from __future__ import annotations

import ast
from pathlib import Path

from shudu.logic import accel9
from shudu.logic.registry import technique, techniques
from shudu.logic.techniques.table import NAMES, ROWS, TABLE, length_bonus, row

LOGIC = Path(__file__).resolve().parents[2] / "src" / "shudu" / "logic"


def _lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()][1:]


def test_every_technique_has_exactly_one_row_and_every_row_a_technique() -> None:
    keys = [t.key for t in techniques()]
    assert len(keys) == len(set(keys))
    assert len(_lines(TABLE)) == len(_lines(NAMES)) == len(ROWS)
    assert sorted(ROWS) == sorted(keys)


def test_the_table_lists_the_techniques_in_the_solvers_order() -> None:
    assert list(ROWS) == [t.key for t in techniques()]
    assert [r.key for r in sorted(ROWS.values(), key=lambda r: (r.order, r.code))] == list(ROWS)


def test_every_registered_record_holds_its_row() -> None:
    for t in techniques():
        r = row(t.key)
        assert (t.name, t.name_zh, t.code, t.family) == (r.name, r.name_zh, r.code, r.family)
        assert (t.order, t.se_weight, t.direct) == (r.order, r.se_weight, r.direct), t.key
        assert (t.ladder_level, t.uniqueness, t.default) == (r.level, r.uniqueness, r.default)


def test_the_ladder_levels_are_the_c_kernels() -> None:
    """Column C is the level the C ladder (csrc/logic9.h, exported by _engine) gives."""
    assert {k: r.level for k, r in ROWS.items() if r.level is not None} == accel9.LEVEL_OF
    assert all(technique(k).ladder_level == level for k, level in accel9.LEVEL_OF.items())


def test_the_detector_flag_is_the_c_kernels() -> None:
    """Flag d marks the techniques the C core detects (csrc/detect9.h)."""
    assert {k for k, r in ROWS.items() if r.detector} == accel9.DETECTED
    assert all(technique(k).detector == accel9.DETECT_ID[k] for k in accel9.DETECTED)


def test_the_w_wing_weighs_as_the_aic_se_meets_it_as() -> None:
    """SE has no W-Wing: it rates one as the AIC of six nodes it is (7.0 + 0.1)."""
    assert row("w-wing").se_weight == round(row("aic").se_weight + length_bonus(6), 1)


def test_the_chain_and_forcing_kinds_are_rows_of_the_table() -> None:
    from shudu.logic.techniques.classic import chains, forcing

    assert set(chains.BASE) | set(forcing.BASE) <= set(ROWS)


def test_flags_and_weights_read_as_before() -> None:
    assert row("ur-type-1").flags == "ud" and row("bug-plus-1").uniqueness
    assert not row("template-set").default and not row("als-aic").default
    assert row("tridagon").order == row("tridagon").se_weight == 7.55
    assert row("w-wing").order == 4.4 and row("w-wing").se_weight == 7.1


def test_logic_never_imports_rating() -> None:
    """The rating reads the logic layer, never the other way round (step_score lives in
    logic.weighed)."""
    for path in LOGIC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                assert "rating" not in (node.module or "").split("."), path
            elif isinstance(node, ast.Import):
                assert not any(a.name.startswith("shudu.rating") for a in node.names), path
