"""Pictures draw every constraint kind: each mark is present where its constraint is,
clues outside the grid get room, and a classic picture is unchanged by the marks."""

from __future__ import annotations

import re

from shudu import Grid, Rules
from shudu.pictures.picture import svg
from shudu.values.constraints import (
    XV,
    Arrow,
    Cage,
    Clone,
    ExtraRegion,
    Kropki,
    LittleKiller,
    Palindrome,
    Parity,
    Renban,
    Sandwich,
    Thermo,
    Whisper,
)

EVERY = (Thermo((0, 1, 2)), Thermo((3, 4), slow=True), Whisper((9, 10, 11)),
         Renban((12, 13)), Palindrome((18, 19, 20)), Arrow((27,), (28, 29)),
         Arrow((36, 37), (38, 39, 40)), Kropki((45, 46), "white"), Kropki((47, 48), "black", 3),
         XV((54, 55), 10), XV((56, 57), 5), Parity(63, "odd"), Parity(64, "even"),
         ExtraRegion((70, 71)), Clone((72, 73), (78, 79)), LittleKiller((1, 11, 21), 9),
         Sandwich.row(8, 12), Sandwich.column(8, 0), Cage((80,), 5))


def _view(text: str) -> tuple[float, float]:
    w, h = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', text).groups()
    return float(w), float(h)


def test_every_kind_has_its_mark() -> None:
    text = svg(Grid("." * 81, Rules(constraints=EVERY)))
    for cls, count in (("thermo", 2), ("whisper", 1), ("renban", 1), ("palindrome", 1),
                       ("arrow", 2), ("kropki white", 1), ("kropki black", 1), ("xv", 2),
                       ("odd", 1), ("even", 1), ("extra-region", 1), ("clone", 1),
                       ("little-killer", 1), ("sandwich", 2), ("cage", 1)):
        assert text.count(f'class="{cls}"') == count, cls
    assert ">X</text>" in text and ">V</text>" in text and ">3</text>" in text
    assert 'stroke-dasharray="4 6"' in text            # the slow thermometer
    assert ">12</text>" in text and ">9</text>" in text


def test_every_further_line_has_its_mark() -> None:
    from shudu.values.constraints import Between, Entropic, Lockout, Modular, RegionSum, Zipper

    lines = (Between((0, 1, 2)), Lockout((9, 10, 11, 12)), RegionSum((18, 19, 20, 21)),
             Zipper((27, 28, 29)), Modular((36, 37, 38)), Entropic((45, 46, 47)))
    text = svg(Grid("." * 81, Rules(constraints=lines)))
    for kind, colour in (("between", "#BFBFBF"), ("lockout", "#BFBFBF"),
                         ("region-sum", "#2ECBFF"), ("zipper", "#D3A4F0"),
                         ("modular", "#35B0A0"), ("entropic", "#F5A043")):
        mark = re.search(f'<g class="{kind}"><path d="([^"]+)"[^>]*stroke="{colour}"', text)
        assert mark, kind
    between = re.search(r'class="between">.*?</g>', text)[0]
    assert between.count("<circle") == 2 and 'cx="34" cy="34"' in between  # r1c1, r1c3
    lockout = re.search(r'class="lockout">.*?</g>', text)[0]
    assert lockout.count("rotate(45") == 2 and "rotate(45 214 94)" in lockout  # r2c1, r2c4


def test_clues_outside_the_grid_get_room() -> None:
    plain = svg(Grid("." * 81))
    clued = svg(Grid("." * 81, Rules(constraints=(Sandwich.row(0, 10),))))
    lined = svg(Grid("." * 81, Rules(constraints=(Thermo((0, 1)),))))
    assert _view(clued)[0] == _view(plain)[0] + 72 and _view(lined) == _view(plain)
    assert 'transform="translate(36 36)"' in clued and "translate(" not in lined


def test_marks_sit_on_their_cells() -> None:
    text = svg(Grid("." * 16, Rules(4, constraints=(Kropki((0, 1), "black"),
                                                     Parity(15, "odd")))))
    dot = re.search(r'class="kropki black"><circle cx="([\d.]+)" cy="([\d.]+)"', text)
    assert (float(dot[1]), float(dot[2])) == (4 + 60, 4 + 30)        # on the r1c1|r1c2 border
    odd = re.search(r'class="odd" cx="([\d.]+)" cy="([\d.]+)"', text)
    assert (float(odd[1]), float(odd[2])) == (4 + 3 * 60 + 30, 4 + 3 * 60 + 30)


def test_a_classic_picture_has_no_constraint_marks() -> None:
    text = svg(Grid("." * 81))
    assert "constraints-under" not in text and "constraints-over" not in text


def test_rules_over_the_whole_grid_are_named_in_the_legend() -> None:
    from shudu.values.constraints import Disjoint, Negative, NonConsecutive

    rules = Rules(constraints=(Disjoint(), NonConsecutive(), XV((0, 1), 10), Negative("xv")))
    grid = Grid("." * 81, rules)
    text = svg(grid, legend=True)
    assert "Disjoint groups: a box position never repeats a digit" in text
    assert "Non-consecutive: side neighbours never differ by 1" in text
    assert "No X or V where none is drawn" in text
    zh = svg(grid, legend=True, lang="zh")
    assert "同位组" in zh and "非连续" in zh and "没画X或V的地方都不是X或V" in zh
    assert "Disjoint" not in svg(Grid("." * 81), legend=True)


def test_outside_clues_quadruples_and_diagonal_dots_sit_where_sudokupad_draws_them() -> None:
    from shudu.pictures.marks import margin, over
    from shudu.values.constraints import XV, Kropki, Quadruple, Skyscraper, XSum

    rules = Rules(constraints=(XSum.row(0, 15), Skyscraper.column(3, 2, from_bottom=True),
                               Quadruple((10, 11, 19, 20), (1, 2, 3)),
                               Kropki((30, 40), "white"), XV((32, 40), 10)))
    assert margin(rules) == 36
    text = over(rules, 9, 60, pad=4)
    # the X-sum left of row 1, the skyscraper under column 4
    assert '<text class="x-sum" x="-12" y="41"' in text
    assert '<text class="skyscraper" x="214" y="567"' in text
    # the quadruple on the corner of r2c2, r2c3, r3c2, r3c3, three digits inside it
    assert '<g class="quadruple"><circle cx="124" cy="124" r="18"' in text
    assert text.count("</text>", text.index('class="quadruple"')) >= 3
    # diagonal dots on the corner the two cells share
    assert '<circle cx="244" cy="244"' in text and '<text x="304" y="251"' in text
