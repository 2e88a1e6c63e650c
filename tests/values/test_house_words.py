"""Steps know the Rules of their state, and their words name every house as players do.

Each puzzle below was made from a solution of its variant, with cells blanked until the
only first step left is a hidden single in a house of the variant: on a diagonal of an
X-sudoku, in a window of a windoku, in a region of a jigsaw.  (Hidden singles are looked
for in boxes or regions first, then rows and columns, then the further houses, and a
full house comes before them: none of those applies here.)
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from shudu import Grid
from shudu.cli import cli
from shudu.logic import Step, contradiction, find_all, hint, solve_path
from shudu.logic.render import house_text, houses_text
from shudu.values.rules import CLASSIC, Rules
from shudu.words.houses import house_name, relation_name

JIGSAW = (
    "jigsaw="
    "122222333"
    "112122236"
    "111113336"
    "444555336"
    "474566666"
    "477555556"
    "478889999"
    "477788899"
    "477888999"
)
"""Irregular regions; numbered in reading order of their first cell (the ``4`` region of
the map is region 5, as ``rules.spec`` writes it)."""

# (rules, puzzle, step notation, house index, English name, Chinese name)
CASES = [
    ("x", "3..4.....6..98...44..2.....1...36...53.19.6..9...24.3.....1.....1...24....3.49716",
     "Hidden Single: r3c3=1", 27, "the main diagonal", "主对角线"),
    ("x", "....1.....1.........2..8..5......832.2.......8749235...873......6.........1..2.5.",
     "Hidden Single: r2c8=2", 28, "the anti-diagonal", "副对角线"),
    ("windoku",
     ".........2..97..86..68.....9.2.84.6.1..2..8..8......5.......3...2...76...1..9....",
     "Hidden Single: r7c6=8", 30, "window 4", "第4窗"),
    (JIGSAW,
     ".........5..26.3..4.7......8....3...2........1...........4..9...9...1764..4.2...1",
     "Hidden Single: r4c2=4", 22, "region 5", "第5区"),
]

SIXTEEN = (
    "123456789ABCDEFG5678DEFG12349ABC9ABC1234DEFG5678DEFG9ABC56781234"
    "241389A5..C6GFD7859EC716..4DA32BFGC7ED2B39A164856BADFG432857C1E9"
    "312974CA85DBEG6FG76F2B5DC4EA3891A8D561GE739F4BC24CEB389F61G27D5A"
    "E341A5D7BF892CG6B982GCE14763F5AD7D5ABF62GC1E8943CFG64389AD25B71E"
)
"""A 16x16 grid with a 2x2 block of cells blank in box 7 (r5c9, r5c10, r6c9, r6c10)."""


def _ids(case: tuple) -> str:
    return case[4].replace(" ", "-")


def _cli_hint(spec: str, puzzle: str, *extra: str) -> str:
    result = CliRunner().invoke(cli, ["hint", "--level", "3", "--rules", spec, *extra, puzzle],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_first_step_names_the_variant_house(case: tuple) -> None:
    spec, puzzle, notation, house, en, zh = case
    rules = Rules.from_spec(spec)
    step = hint(Grid(puzzle, rules))
    assert step is not None
    assert step.notation() == notation
    assert step.role_houses("house") == (house,)
    assert step.rules == rules
    cell, digit = notation.split(": ")[1].split("=")
    assert step.text(2) == f"Look at digit {digit} in {en}."
    assert step.text(3) == (
        f"In {en}, digit {digit} can only go in {cell} (hidden single: every other cell of "
        f"{en} is ruled out), so {cell} = {digit}.")
    assert step.text(2, "zh") == f"看看{zh}中的数字 {digit}。"
    assert step.text(3, "zh").startswith(f"在{zh}中，数字 {digit} 只能放在 {cell}")
    for lang in ("en", "zh"):
        for level in (2, 3):
            words = step.text(level, lang)
            assert "extra house" not in words and "附加" not in words
            if spec == JIGSAW:
                assert "box" not in words and "宫" not in words


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_cli_hint_names_the_variant_house(case: tuple) -> None:
    spec, puzzle, _, _, en, zh = case
    assert f"In {en}, digit" in _cli_hint(spec, puzzle)
    assert _cli_hint(spec, puzzle, "--lang", "zh").startswith(f"在{zh}中，数字")


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_step_json_keeps_working(case: tuple) -> None:
    spec, puzzle, notation, house, en, zh = case
    step = hint(Grid(puzzle, Rules.from_spec(spec)))
    assert step is not None
    d = step.to_dict()
    json.dumps(d, ensure_ascii=False)
    assert "rules" not in d
    assert d["houses"] == {"house": [house]} and d["notation"] == notation
    assert d["text"]["en"]["2"].endswith(f"in {en}.")
    assert d["text"]["zh"]["2"] == f"看看{zh}中的数字 {notation[-1]}。"
    line = json.loads(_cli_hint(spec, puzzle, "--json"))
    assert line["hint"]["houses"] == {"house": [house]}
    assert f"In {en}," in line["hint"]["text"]


def test_sixteen_step_names_its_box() -> None:
    rules = Rules(16)
    step = hint(Grid(SIXTEEN, rules))
    assert step is not None
    assert step.notation() == "Hidden Single: r5c10=B"
    assert step.rules == rules and step.role_houses("house") == (2 * 16 + 6,)
    assert step.text(2) == "Look at digit B in box 7."
    assert step.text(2, "zh") == "看看第7宫中的数字 B。"
    assert step.to_dict()["houses"] == {"house": [38]}


def test_every_step_of_a_path_has_the_rules_of_its_state() -> None:
    rules = Rules.from_spec("x")
    path = solve_path(Grid(CASES[0][1], rules))
    assert path.solved and all(step.rules is rules for step in path.steps)
    classic = solve_path(
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
    assert classic.solved and all(step.rules == CLASSIC for step in classic.steps)
    found = find_all(Grid(CASES[2][1], Rules.from_spec("windoku")), "hidden single")
    assert found and all(step.rules == Rules.from_spec("windoku") for step in found)


def test_rules_do_not_change_step_equality() -> None:
    plain = Step("hidden-single", placements=((40, 5),), digits=(5,), houses={"house": (27,)})
    x = Step("hidden-single", placements=((40, 5),), digits=(5,), houses={"house": (27,)},
             rules=Rules(diagonals=True))
    assert plain == x and hash(plain) == hash(x) and plain.rules is None
    assert x.text(2) == "Look at digit 5 in the main diagonal."
    assert Step("x", rules=Rules(16)).size == 16


def test_house_names_of_each_kind() -> None:
    r = Rules(diagonals=True, windows=True)
    assert [house_name(r, h) for h in (0, 9, 18, 27, 28, 29, 32)] == [
        "row 1", "column 1", "box 1", "the main diagonal", "the anti-diagonal", "window 1",
        "window 4"]
    assert [house_name(r, h, "zh") for h in (0, 9, 18, 27, 28, 29, 32)] == [
        "第1行", "第1列", "第1宫", "主对角线", "副对角线", "第1窗", "第4窗"]
    jig = Rules.from_spec(JIGSAW)
    assert house_name(jig, 18) == "region 1" and house_name(jig, 26, "zh") == "第9区"
    extra = Rules(extra_houses=((0, 10, 20, 30, 40, 50, 60, 70, 80),))
    assert house_name(extra, 27) == "extra region 1" and house_name(extra, 27, "zh") == "第1附加区"
    with pytest.raises(ValueError, match="house index"):
        house_name(Rules(), 27)


def test_several_houses_in_words() -> None:
    jig = Step("x", rules=Rules.from_spec(JIGSAW))
    assert houses_text(jig, (19, 22)) == "regions 2 and 5"
    assert houses_text(jig, (19, 22), "zh") == "第2、5区"
    win = Step("x", rules=Rules(windows=True))
    assert houses_text(win, (27, 30)) == "windows 1 and 4"
    assert houses_text(win, (27, 30), "zh") == "第1、4窗"
    diag = Step("x", rules=Rules(diagonals=True))
    assert houses_text(diag, (27, 28)) == "the main diagonal and the anti-diagonal"
    assert houses_text(diag, (0, 27), "zh") == "第1行、主对角线"
    # classic words are unchanged
    plain = Step("x")
    assert houses_text(plain, (1, 7)) == "rows 2 and 8"
    assert houses_text(plain, (18, 20), "zh") == "第1、3宫"
    assert houses_text(plain, (0, 18)) == "row 1, box 1"
    assert house_text(Step("x", size=16), 38) == "box 7"


def test_contradiction_names_the_diagonal() -> None:
    # three 1s see every cell of the main diagonal
    puzzle = "." * 81
    for cell in (1, 31, 61):   # r1c2, r4c5, r7c8
        puzzle = puzzle[:cell] + "1" + puzzle[cell + 1:]
    found = contradiction(Grid(puzzle, Rules(diagonals=True)))
    assert found is not None and found.house == 27
    assert found.house_name == "the main diagonal"
    assert found.text() == ("digit 1 has no place left in the main diagonal: the givens rule "
                            "out every cell.")
    assert found.text("zh").startswith("数字 1 在主对角线中无处可放")


def test_conflicting_givens_name_the_house() -> None:
    rules = Rules(diagonals=True)
    assert relation_name(rules, 0, 80) == "the main diagonal"
    assert relation_name(rules, 8, 72) == "the anti-diagonal"
    assert relation_name(Rules(windows=True), 10, 30) == "window 1"
    assert relation_name(Rules.from_spec(JIGSAW), 0, 1) == "row 1"
    assert relation_name(Rules.from_spec(JIGSAW), 9, 19) == "region 1"
