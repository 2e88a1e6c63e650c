"""SVG pictures (``shudu.pictures.svg``): structure, step marks by role, variants, determinism.

Every picture is parsed with :mod:`xml.etree.ElementTree`; elements are found by their CSS
classes and ``data-`` attributes (docs/render.md lists them)."""

from __future__ import annotations

import re
import sys

import pytest

from render_support import NS, cell_groups, needs_cairo, parse, stored, with_class
from shudu.errors import PicturesUnavailable
from shudu.logic.step import Link, Node, Step
from shudu.pictures import pdf, png, svg
from shudu.values.candidates import Candidates
from shudu.values.grid import Grid
from shudu.values.rules import Rules
from shudu.words.houses import house_name

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def cand_name(cell: int, digit: int, n: int = 9) -> str:
    return f"r{cell // n + 1}c{cell % n + 1}#{digit}"


# ------------------------------------------------------------------ grids and states
@pytest.mark.parametrize("size", [4, 6, 9, 16, 25])
def test_a_grid_has_one_cell_group_per_cell(size: int) -> None:
    root = parse(svg(Grid.empty(Rules(size))))
    cells = with_class(root, "cell", "g")
    assert len(cells) == size * size
    assert cells[0].get("data-cell") == "r1c1"
    assert cells[-1].get("data-cell") == f"r{size}c{size}"


def test_givens_are_drawn_bold_and_a_plain_grid_has_no_candidates() -> None:
    root = parse(svg(PUZZLE))
    givens = with_class(root, "given", "text")
    assert len(givens) == Grid(PUZZLE).clue_count == 17
    assert all(g.get("font-weight") == "bold" for g in givens)
    assert cell_groups(root)["r1c1"].find(f"{NS}text").text == "4"
    assert with_class(root, "cand") == []
    assert [t.text for t in root.findall(f"{NS}title")] == ["Sudoku puzzle, 9×9"]


def test_a_candidate_state_shows_its_candidates_in_keypad_positions() -> None:
    state = Candidates.from_grid(Grid(PUZZLE))
    root = parse(svg(state))
    cands = with_class(root, "cand", "text")
    assert len(cands) == sum(len(state.digits_of(c)) for c in range(81))
    first = {c.get("data-cand"): c for c in cands if c.get("data-cand", "").startswith("r1c2#")}
    assert sorted(first) == ["r1c2#1", "r1c2#6", "r1c2#7", "r1c2#9"]
    x1, y1 = float(first["r1c2#1"].get("x")), float(first["r1c2#1"].get("y"))
    x9, y9 = float(first["r1c2#9"].get("x")), float(first["r1c2#9"].get("y"))
    assert x1 < x9 and y1 < y9          # 1 top-left, 9 bottom-right


def test_candidates_true_shows_a_grid_s_candidates_and_false_hides_a_state_s() -> None:
    assert len(with_class(parse(svg(PUZZLE, candidates=True)), "cand")) > 0
    assert with_class(parse(svg(Candidates.from_grid(Grid(PUZZLE)), candidates=False)),
                      "cand") == []


def test_placed_digits_are_styled_apart_from_givens() -> None:
    state = Candidates.from_grid(Grid(PUZZLE))
    state.place(1, 1)
    root = parse(svg(state))
    placed = with_class(root, "placed", "text")
    assert [p.text for p in placed] == ["1"]
    assert placed[0].get("font-weight") is None and placed[0].get("fill") != "#000000"
    assert len(with_class(root, "given")) == 17


def test_pencilmark_text_is_read_as_a_candidate_state() -> None:
    text = Candidates.from_grid(Grid(PUZZLE)).to_string729()
    root = parse(svg(text))
    assert with_class(root, "cand")
    assert root.find(f"{NS}title").text == "Sudoku candidates, 9×9"


@pytest.mark.parametrize(("size", "last"), [(4, "4"), (16, "G"), (25, "P")])
def test_candidates_of_bigger_and_smaller_grids_fill_a_square_keypad(size: int,
                                                                     last: str) -> None:
    root = parse(svg(Candidates.from_grid(Grid.empty(Rules(size)))))
    cands = with_class(root, "cand", "text")
    assert len(cands) == size ** 3
    cell = [c for c in cands if c.get("data-cand", "").startswith("r1c1#")]
    assert cell[-1].text == last and cell[-1].get("data-cand") == f"r1c1#{last}"
    xs = sorted({float(c.get("x")) for c in cell})
    ys = sorted({float(c.get("y")) for c in cell})
    assert len(xs) == len(ys) == round(size ** 0.5)
    assert (float(cell[0].get("x")), float(cell[-1].get("y"))) == (xs[0], ys[-1])


def test_solution_fills_the_empty_cells_as_placed_digits() -> None:
    root = parse(svg(PUZZLE, solution=True))
    placed = with_class(root, "placed", "text")
    assert len(placed) == 81 - 17
    assert all("solution" in p.get("class").split() for p in placed)
    assert cell_groups(root)["r1c2"].find(f"{NS}text").text == "1"
    assert root.find(f"{NS}title").text == "Sudoku solution, 9×9"


def test_size_sets_the_width_and_keeps_the_proportions() -> None:
    root = parse(svg(PUZZLE, size=900))
    assert root.get("width") == "900" and root.get("height") == "900"
    assert parse(svg(PUZZLE)).get("width") == "365"


def test_title_and_language() -> None:
    assert parse(svg(PUZZLE, title="Mine & yours")).find(f"{NS}title").text == "Mine & yours"
    assert parse(svg(PUZZLE, lang="zh")).find(f"{NS}title").text == "数独题目，9×9"
    with pytest.raises(ValueError, match="lang"):
        svg(PUZZLE, lang="fr")


def test_bad_input_says_what_was_expected() -> None:
    with pytest.raises(TypeError, match="expected a Grid, Candidates or puzzle text"):
        svg(None)  # type: ignore[arg-type]
    step = Step("naked-single", placements=((0, 1),), size=4)
    with pytest.raises(ValueError, match="4x4 grid"):
        svg(PUZZLE, step=step)


def test_the_same_input_gives_the_same_bytes() -> None:
    state, step = stored("aic")
    assert svg(state, step=step, legend=True) == svg(state, step=step, legend=True)
    assert svg(PUZZLE, solution=True, legend=True) == svg(PUZZLE, solution=True, legend=True)


def test_coordinates_are_rounded() -> None:
    state, step = stored("aic")
    text = svg(state, step=step)
    assert not re.search(r"\d\.\d\d", text)


# ------------------------------------------------------------------ steps
FAMILIES = ["hidden-single", "pointing", "naked-pair", "finned-x-wing", "xy-wing",
            "ur-type-1", "als-xz", "aic"]


@pytest.mark.parametrize("key", FAMILIES)
def test_a_step_marks_its_eliminations_placements_roles_and_houses(key: str) -> None:
    state, step = stored(key)
    root = parse(svg(state, step=step))
    n = step.size
    elim = {e.get("data-cand") for e in with_class(root, "elim", "text")}
    assert elim == {cand_name(c, d) for c, d in step.eliminations}
    place = {e.get("data-cand") for e in with_class(root, "place", "text")}
    assert place == {cand_name(c, d) for c, d in step.placements}
    groups = cell_groups(root)
    for role, cells in step.cells:
        for c in cells:
            marks = [m for m in groups[f"r{c // n + 1}c{c % n + 1}"].iter()
                     if f"role-{role}" in m.get("class", "").split()]
            assert marks, f"{key}: cell {c} lacks role-{role}"
            assert "cause" in marks[0].get("class").split()
    for role, cands in step.candidates:
        for c, d in cands:
            if (c, d) in step.eliminations:
                continue
            text = [t for t in with_class(root, f"role-{role}", "text")
                    if t.get("data-cand") == cand_name(c, d)]
            assert text, f"{key}: candidate {cand_name(c, d)} lacks role-{role}"
    houses = [(role, h) for role, hs in step.houses for h in hs]
    drawn = with_class(root, "house", "g")
    assert len(drawn) == len(houses)
    for (role, h), g in zip(houses, drawn):
        assert f"role-{role}" in g.get("class").split()
        assert g.get("data-house") == house_name(state.rules, h)
        assert len(g) == len(state.rules.houses[h].cells)
    assert root.find(f"{NS}title").text == step.notation()


def test_fins_pivots_and_als_cells_have_classes_of_their_own() -> None:
    _, fish = stored("finned-x-wing")
    root = parse(svg(stored("finned-x-wing")[0], step=fish))
    fins = {g.get("data-cell") for g in with_class(root, "cell", "g")
            if any("fin" in e.get("class", "").split() for e in g)}
    assert fins == {f"r{c // 9 + 1}c{c % 9 + 1}" for c in fish.role_cells("fin")}
    state, wing = stored("xy-wing")
    root = parse(svg(state, step=wing))
    pivots = [g.get("data-cell") for g in with_class(root, "cell", "g")
              if any("pivot" in e.get("class", "").split() for e in g)]
    assert pivots == [f"r{c // 9 + 1}c{c % 9 + 1}" for c in wing.role_cells("pivot")]
    assert len(with_class(root, "role-pincer", "rect")) == 2
    state, als = stored("als-xz")
    root = parse(svg(state, step=als))
    marks = with_class(root, "als", "rect")
    assert len(marks) == len(als.role_cells("als-a")) + len(als.role_cells("als-b"))


def test_chain_links_are_arrows_solid_when_strong_dashed_when_weak() -> None:
    state, step = stored("aic")
    root = parse(svg(state, step=step, id_prefix="p1-"))
    links = with_class(root, "link", "line")
    assert len(links) == len(step.links)
    for line, link in zip(links, step.links):
        kind = "strong" if link.strong else "weak"
        assert kind in line.get("class").split()
        assert (line.get("stroke-dasharray") is None) == link.strong
        assert line.get("marker-end") == f"url(#p1-arrow-{kind})"
        assert line.get("data-from") == link.a.text()
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert ids and all(i.startswith("p1-") for i in ids)
    assert {"strong", "weak"} <= {k for ln in links for k in ln.get("class").split()}


def test_grouped_nodes_point_at_the_middle_of_their_cells() -> None:
    a = Node((0, 1), 5)
    b = Node((9,), 5)
    step = Step("aic", eliminations=((2, 5),), digits=(5,), links=(Link(a, b, True),))
    line = with_class(parse(svg("." * 81, step=step)), "link", "line")[0]
    assert float(line.get("x1")) > float(line.get("x2"))  # from between r1c1 and r1c2


def test_without_candidates_a_step_shows_only_its_own() -> None:
    state, step = stored("x-wing")
    root = parse(svg(state, step=step, candidates=False))
    shown = {t.get("data-cand") for t in with_class(root, "cand", "text")}
    assert {cand_name(c, d) for c, d in step.eliminations} <= shown
    assert len(shown) == len(step.eliminations) + len(step.role_cells("base"))


def test_a_placement_without_candidates_is_a_big_green_digit() -> None:
    step = Step("naked-single", placements=((40, 5),), cells={"cell": (40,)}, digits=(5,))
    root = parse(svg("." * 81, step=step, candidates=False))
    place = with_class(root, "place", "text")
    assert [p.text for p in place] == ["5"]
    assert place[0].get("font-size") == "36" and place[0].get("fill") == "#009E73"


def test_legend_lists_the_roles_in_either_language() -> None:
    state, step = stored("finned-x-wing")
    root = parse(svg(state, step=step, legend=True))
    roles = [g.get("data-role") for g in with_class(root, "legend-item", "g")]
    assert roles == ["role-base", "role-fin", "house role-base", "house role-cover", "elim"]
    zh = parse(svg(state, step=step, legend=True, lang="zh"))
    texts = [t.text for t in with_class(zh, "legend", "g")[0].iter(f"{NS}text")]
    assert "鳍" in texts and "删除的候选数" in texts
    assert int(root.get("height")) > int(root.get("width"))


# ------------------------------------------------------------------ variants
def test_x_sudoku_draws_both_diagonals() -> None:
    root = parse(svg(Grid.empty(Rules(diagonals=True))))
    lines = with_class(root, "diagonal", "line")
    assert len(lines) == 2
    assert {(ln.get("x1"), ln.get("y1"), ln.get("x2"), ln.get("y2")) for ln in lines} == {
        ("4", "4", "544", "544"), ("544", "4", "4", "544")}
    assert "X diagonals" in root.find(f"{NS}title").text


def test_windoku_shades_four_windows() -> None:
    root = parse(svg(Grid.empty(Rules(windows=True))))
    windows = with_class(root, "window", "rect")
    assert len(windows) == 4
    assert {(w.get("x"), w.get("y")) for w in windows} == {
        ("64", "64"), ("304", "64"), ("64", "304"), ("304", "304")}
    assert all(w.get("width") == "180" for w in windows)


def test_jigsaw_borders_follow_the_regions() -> None:
    # region 1 takes r1c4 from region 2 and gives it r3c3
    rules = Rules.from_spec("jigsaw=" + "111122333" "111222333" "112222333"
                            + "444555666" * 3 + "777888999" * 3)
    root = parse(svg(Grid.empty(rules)))
    assert with_class(root, "box-lines") == []
    path = with_class(root, "region-border", "path")[0].get("d")
    drawn = set(re.findall(r"M(\d+) (\d+)([HV])(\d+)", path))
    want = set()
    n, u, pad = 9, 60, 4
    for cell in range(81):
        r, c = divmod(cell, n)
        x, y = pad + c * u, pad + r * u
        if c + 1 < n and rules.regions[cell] != rules.regions[cell + 1]:
            want.add((str(x + u), str(y), "V", str(y + u)))
        if r + 1 < n and rules.regions[cell] != rules.regions[cell + n]:
            want.add((str(x), str(y + u), "H", str(x + u)))
    assert drawn == want
    assert ("244", "4", "V", "64") in drawn        # r1c4 | r1c5
    assert ("184", "4", "V", "64") not in drawn    # r1c3 | r1c4, one region
    assert "jigsaw" in root.find(f"{NS}title").text


def test_classic_boxes_have_thick_lines() -> None:
    root = parse(svg(Grid.empty(Rules(6))))
    d = with_class(root, "box-lines", "path")[0].get("d")
    assert d.count("H") == 2 and d.count("V") == 1        # 2x3 boxes: 2 row lines, 1 column


@pytest.mark.parametrize(("spec", "word"), [("anti-knight", "anti-knight"),
                                            ("anti-king", "anti-king")])
def test_anti_knight_and_king_are_noted_in_title_and_legend(spec: str, word: str) -> None:
    root = parse(svg(Grid.empty(Rules.from_spec(spec)), legend=True))
    assert word in root.find(f"{NS}title").text
    assert word in {g.get("data-role") for g in with_class(root, "legend-item", "g")}


# ------------------------------------------------------------------ PNG and PDF
def test_png_and_pdf_are_drawn_by_cairosvg() -> None:
    needs_cairo()
    data = png(PUZZLE)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width = int.from_bytes(data[16:20], "big")
    assert width == 365
    assert int.from_bytes(png(PUZZLE, scale=2.0)[16:20], "big") == 730
    assert pdf(PUZZLE)[:5] == b"%PDF-"
    with pytest.raises(ValueError, match="scale"):
        png(PUZZLE, scale=0)


def test_missing_cairosvg_raises_an_error_that_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    with pytest.raises(PicturesUnavailable, match=r"apt-get install libcairo2") as info:
        png(PUZZLE)
    assert "pip install 'shudu[pictures]'" in str(info.value)
    assert isinstance(info.value, RuntimeError)


def test_a_grid_legend_names_placed_digits_only_when_there_are_some() -> None:
    def roles(obj: object, **kw: object) -> list[str]:
        root = parse(svg(obj, legend=True, **kw))  # type: ignore[arg-type]
        return [g.get("data-role") for g in with_class(root, "legend-item", "g")]

    assert roles(PUZZLE) == ["given"]
    assert roles(PUZZLE, solution=True) == ["given", "placed"]


def test_chinese_legend_text_asks_for_a_chinese_font_first() -> None:
    root = parse(svg(PUZZLE, legend=True, lang="zh"))
    legend = with_class(root, "legend", "g")[0]
    assert legend.get("font-family").startswith("WenQuanYi Micro Hei, Noto Sans CJK SC")
    assert with_class(parse(svg(PUZZLE, legend=True)), "legend", "g")[0].get(
        "font-family") is None


@pytest.mark.parametrize("key", ["naked-triple", "xy-wing", "als-xz"])
def test_a_step_draws_only_the_candidates_of_its_state(key: str) -> None:
    """Cells with a role mark the step's digits they hold, and draw no digit they lack."""
    state, step = stored(key)
    root = parse(svg(state, step=step))
    drawn = {t.get("data-cand") for t in with_class(root, "cand", "text")}
    assert drawn == {cand_name(c, d) for c in range(81) for d in state.digits_of(c)}
    marked = {t.get("data-cand") for t in with_class(root, "cause", "text")}
    for role, cells in step.cells:
        for c in cells:
            for d in set(step.digits) & set(state.digits_of(c)):
                if (c, d) not in step.eliminations:
                    assert cand_name(c, d) in marked, f"{key}: {role} {cand_name(c, d)}"


def test_titles_and_ids_with_quotes_stay_valid_xml() -> None:
    state, step = stored("aic")
    root = parse(svg(state, step=step, id_prefix='a"b<', title='say "hi" <now> & then'))
    assert root.find(f"{NS}title").text == 'say "hi" <now> & then'
    assert {e.get("id") for e in root.iter() if e.get("id")} == {'a"b<arrow-strong',
                                                                   'a"b<arrow-weak'}


def test_killer_cages_are_outlined_with_their_totals() -> None:
    """One dashed outline per cage, inside its cells, and its total at its first cell."""
    from shudu.formats import parse as read

    fixture = __import__("pathlib").Path(__file__).parents[1] / "fixtures" / "killer_published.txt"
    line = next(x for x in fixture.read_text(encoding="utf-8").splitlines()
                if x[:1] not in ("#", ""))
    grid = read(line.split()[0])
    root = parse(svg(grid))
    cages = with_class(root, "cage", "g")
    assert len(cages) == len(grid.rules.constraints)
    by_first = {g.get("data-cage"): g for g in cages}
    for cage in grid.rules.constraints:
        group = by_first[grid.rules.cell_name(min(cage.cells))]
        assert group.get("data-sum") == str(cage.total)
        texts = [t.text for t in group.iter(f"{NS}text")]
        assert texts == [str(cage.total)]
        # every line runs inside the cage's cells (5 units from their edges)
        for ln in group.iter(f"{NS}line"):
            for key in ("x1", "x2"):
                x = float(ln.get(key))
                assert any(4 + (c % 9) * 60 - 5 <= x <= 4 + (c % 9 + 1) * 60 + 5
                           for c in cage.cells)
    no_sum = svg(Grid("." * 81, Rules(constraints=(__import__("shudu").Cage(
        (0, 1, 2), 0),))))
    assert 'data-sum="0"' in no_sum and "cage-sum" not in no_sum
