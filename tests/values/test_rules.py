"""Rules: geometry as data, composition and validation."""

from __future__ import annotations

import pytest

from shudu import ParseError, Rules, UnsupportedRules
from shudu.values.rules import DEFAULT_BOXES, cell_name, parse_cell
from shudu.words.houses import relation_name


@pytest.mark.parametrize(
    ("n", "box"), [(4, (2, 2)), (6, (2, 3)), (8, (2, 4)), (9, (3, 3)), (12, (3, 4)),
                   (16, (4, 4)), (25, (5, 5))]
)
def test_sizes_and_box_shapes(n: int, box: tuple[int, int]) -> None:
    r = Rules(n)
    assert r.box == box == DEFAULT_BOXES[n]
    assert len(r.houses) == 3 * n
    assert all(len(h.cells) == n for h in r.houses)
    # every cell lies in exactly one row, one column and one box
    for cell in range(n * n):
        assert sum(cell in h.cells for h in r.houses) == 3
    # peers of a classic cell: 3(n-1) minus the box/line overlaps
    br, bc = box
    assert len(r.peers[0]) == 2 * (n - 1) + (br - 1) * (bc - 1)


def test_variant_houses_and_peers() -> None:
    x = Rules(9, diagonals=True)
    assert [h.name for h in x.houses[-2:]] == ["diagonal 1", "diagonal 2"]
    assert 80 in x.peers[0] and 72 in x.peers[8]
    w = Rules(9, windows=True)
    windows = [h for h in w.houses if h.kind == "window"]
    assert len(windows) == 4 and windows[0].cells[0] == 10 and windows[3].cells[-1] == 70
    k = Rules(anti_knight=True)
    assert 21 in k.peers[40] and 21 not in Rules().peers[40]
    assert {21, 23, 29, 33, 47, 51, 57, 59} <= set(k.peers[40])
    assert len(k.peers[40]) == 20 + 8
    king = Rules(anti_king=True)
    assert 10 in king.peers[0]  # already a box mate, still a peer
    far = Rules(anti_king=True).peers[30]
    assert 40 in far and 20 in far


def test_composition_and_spec_round_trip() -> None:
    r = Rules(9, diagonals=True, windows=True, anti_knight=True, anti_king=True)
    assert r.spec == "x+windoku+anti-knight+anti-king"
    assert Rules.from_spec(r.spec) == r
    assert Rules.from_dict(r.to_dict()) == r
    assert Rules.from_spec("16x16+x").size == 16
    assert Rules.from_spec("6+box=3x2").box == (3, 2)
    assert Rules().replace(anti_knight=True) == Rules(anti_knight=True)
    assert hash(Rules(9)) == hash(Rules.from_spec("classic"))
    assert eval(repr(r), {"Rules": Rules}) == r


def test_jigsaw_regions_are_validated_and_normalised() -> None:
    ids = [(r // 3) * 3 + c // 3 for r in range(9) for c in range(9)]
    one_based = "".join(str(i + 1) for i in ids)
    assert Rules(9, regions=one_based) == Rules(9, regions=ids)
    assert Rules(9, regions=ids).houses[18].kind == "region"
    with pytest.raises(ParseError, match="81 cells"):
        Rules(9, regions=ids[:80])
    with pytest.raises(ParseError, match="region id"):
        Rules(9, regions="?" * 81)
    with pytest.raises(ParseError, match="9 regions"):
        Rules(9, regions=[0] * 81)


def test_bad_rules_are_refused_with_reasons() -> None:
    with pytest.raises(UnsupportedRules, match="size"):
        Rules(26)
    with pytest.raises(UnsupportedRules, match="box"):
        Rules(9, box=(2, 4))
    with pytest.raises(UnsupportedRules, match="usual box"):
        Rules(7)
    with pytest.raises(ParseError, match="rules part"):
        Rules.from_spec("x+sideways")
    with pytest.raises(ParseError, match="rules keys"):
        Rules.from_dict({"size": 9, "colour": "red"})
    with pytest.raises(UnsupportedRules, match="windoku"):
        Rules(16, windows=True)
    with pytest.raises(UnsupportedRules, match="extra house"):
        Rules(4, extra_houses=((0, 1, 2),))


def test_relations_and_conflicts_name_the_house() -> None:
    r = Rules(anti_knight=True)
    assert r.relation(0, 1) == 0 and relation_name(r, 0, 1) == "row 1"
    assert r.relation(0, 9) == 9 and relation_name(r, 0, 9) == "column 1"
    assert r.relation(40, 21) == "knight" and relation_name(r, 40, 21) == "a knight's move"
    assert r.conflicts([0] * 21 + [5] + [0] * 18 + [5] + [0] * 40) == [(21, 40)]


def test_cell_names() -> None:
    assert cell_name(0) == "r1c1" and cell_name(80) == "r9c9"
    assert parse_cell("r3c7") == 24
    with pytest.raises(ParseError):
        parse_cell("r0c1")
    with pytest.raises(ParseError):
        parse_cell("a1")


@pytest.mark.parametrize("box", [(3,), 3, (1.5, 6), (3, 3, 1), ("a", "b"), (True, 9)])
def test_a_box_that_is_no_pair_of_numbers_is_refused(box: object) -> None:
    with pytest.raises(UnsupportedRules, match=r"expected a box as \(rows, columns\)"):
        Rules(9, box=box)  # type: ignore[arg-type]


@pytest.mark.parametrize("data", [{"box": [3]}, {"box": 3}, {"box": "3"}, {"size": 4.5},
                                  {"size": "x"}, {"size": None}, {"size": True},
                                  {"extra_houses": 5}, {"extra_houses": [5]},
                                  {"extra_houses": [[0, "a"]]}, {"constraints": 5},
                                  {"constraints": {"kind": "killer"}}])
def test_rules_json_of_the_wrong_shape_is_a_parse_error(data: dict) -> None:
    with pytest.raises(ParseError, match=r"^expected "):
        Rules.from_dict(data)


def test_rules_json_takes_whole_numbers_as_numbers_or_text() -> None:
    assert Rules.from_dict({"size": "6", "box": ["2", 3]}) == Rules(6)
    assert Rules.from_dict({"size": 6, "box": "2x3"}) == Rules(6)
    assert Rules(9, box=("3", "3")) == Rules(9)
