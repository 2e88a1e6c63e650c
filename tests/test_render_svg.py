"""SVG pictures (``shudu.render.svg``): structure, step marks by role, variants, determinism.

Every picture is parsed with :mod:`xml.etree.ElementTree`; elements are found by their CSS
classes and ``data-`` attributes (docs/render.md lists them)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from shudu.grid import Grid
from shudu.logic.candidates import Candidates
from shudu.render import svg
from shudu.rules import Rules

NS = "{http://www.w3.org/2000/svg}"
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def parse(text: str) -> ET.Element:
    """The root of an SVG picture (fails on invalid XML)."""
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    return root


def with_class(root: ET.Element, name: str, tag: str | None = None) -> list[ET.Element]:
    """Elements whose class list holds ``name`` (optionally of one tag)."""
    return [e for e in root.iter() if name in e.get("class", "").split()
            and (tag is None or e.tag == f"{NS}{tag}")]


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
    assert with_class(root, "cand") == []
    titles = root.findall(f"{NS}title")
    assert [t.text for t in titles] == ["Sudoku puzzle, 9×9"]


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


def test_the_same_input_gives_the_same_bytes() -> None:
    state = Candidates.from_grid(Grid(PUZZLE))
    assert svg(state, legend=True) == svg(state, legend=True)
