"""The technique ids of the C core are defined once (csrc/logic/logic9.h, csrc/logic/detect9.h) and
exported by ``_engine``; shudu.logic.accel9 reads its tables from there."""

from __future__ import annotations

from shudu import _engine
from shudu.logic import accel9
from shudu.logic.registry import technique

# The tables accel9 kept before they came from the C headers.
OLD_LEVELS: tuple[tuple[str, ...], ...] = (
    ("full-house", "hidden-single"),
    ("naked-single",),
    ("pointing",),
    ("claiming",),
    ("locked-pair", "naked-pair"),
    ("x-wing",),
    ("hidden-pair",),
    ("locked-triple", "naked-triple"),
    ("swordfish",),
    ("hidden-triple",),
    ("naked-quad",),
    ("jellyfish",),
    ("hidden-quad",),
)

OLD_DETECTORS: tuple[str, ...] = (
    "finned-x-wing", "sashimi-x-wing", "finned-swordfish", "sashimi-swordfish",
    "finned-jellyfish", "sashimi-jellyfish",
    "xy-wing", "xyz-wing", "w-wing", "wxyz-wing", "remote-pair",
    "skyscraper", "two-string-kite", "empty-rectangle", "turbot-fish",
    "dual-two-string-kite", "dual-empty-rectangle",
    "ur-type-1", "ur-type-2", "ur-type-3", "ur-type-4", "ur-type-5", "ur-type-6",
    "avoidable-rectangle-1", "avoidable-rectangle-2", "hidden-rectangle", "bug-plus-1",
    "sue-de-coq",
    "simple-colors-trap", "simple-colors-wrap", "multi-colors-1", "multi-colors-2",
    "3d-medusa", "x-chain", "xy-chain",
    "als-xz", "als-xy-wing", "als-xy-chain", "death-blossom",
)


def test_engine_exports_the_ladder_levels_in_id_order() -> None:
    assert _engine.LADDER9_LEVELS == OLD_LEVELS


def test_engine_exports_the_detectors_in_id_order() -> None:
    assert _engine.DETECTORS == OLD_DETECTORS


def test_ladder9_tables_match_the_old_tables() -> None:
    assert accel9.LEVELS == OLD_LEVELS
    assert accel9.DETECTORS == OLD_DETECTORS
    assert accel9.DETECT_ID == {key: i for i, key in enumerate(OLD_DETECTORS)}
    assert accel9.LEVEL_OF["naked-pair"] == accel9.LEVEL_OF["locked-pair"] == 4
    assert accel9.DETECTED == frozenset(OLD_DETECTORS)


def test_every_exported_key_names_a_registered_technique() -> None:
    keys = [k for level in _engine.LADDER9_LEVELS for k in level] + list(_engine.DETECTORS)
    for key in keys:
        assert technique(key).key == key


def test_the_max_level_bound_follows_the_level_list() -> None:
    top = len(_engine.LADDER9_LEVELS) - 1
    cells = bytes(81)
    assert _engine.logic9(cells, top)[1] == -1
    try:
        _engine.logic9(cells, top + 1)
    except ValueError as e:
        assert str(top) in str(e)
    else:
        raise AssertionError("max_level above the last level was accepted")


def test_rating_and_generator_read_technique_facts_from_one_home() -> None:
    """The rater's ladder names registered techniques and weighs steps with their records,
    its C-ladder weights follow the ladder's levels, and the generator's levels and grade
    ranges come from the ladder and the rater."""
    from shudu.logic import accel9, weighed
    from shudu.logic.registry import technique
    from shudu.make.classic import GRADE_RANGES, LOGIC9_LEVELS
    from shudu.rating import rater as rating

    for entry in weighed.SE_ORDER:
        key = entry.partition(":")[0]
        if key in weighed.GROUPS:
            assert all(technique(k).key == k for k in weighed.GROUPS[key])
        elif key not in ("chains", "nishio"):   # rungs of several techniques' steps
            assert technique(key).key == key
    assert not [name for name in vars(rating) if "WEIGHT" in name.upper() or name.endswith(
        "_SCORES") or name.startswith(("_hidden", "_naked", "_ladder"))]
    weights = weighed._c_weights()
    assert len(weights) == len(accel9.LEVELS)
    assert weights[1:] == tuple(technique(keys[-1]).se_weight for keys in accel9.LEVELS[1:])
    assert all(LOGIC9_LEVELS[k] == accel9.LEVEL_OF[k] for k in LOGIC9_LEVELS)
    assert {g: rating.score_range(g) for g in rating.GRADES} == GRADE_RANGES
