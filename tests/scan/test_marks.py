"""Pencil marks: the small digits a player writes in a cell are read as marks (printed in
their 3×3 places, or written by hand on a photographed page), never as digits; a grid
without marks has none; a mark read against its place is in doubt."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("cv2")

from shudu.scan import scan  # noqa: E402
from shudu.scan.marks import _split, read_marks  # noqa: E402
from shudu.scan.reader import find_grid, load_gray, upright  # noqa: E402
from shudu.scan.shots import paper, position, screenshot  # noqa: E402

DATA = Path(__file__).parents[1] / "data" / "scan"


@pytest.mark.parametrize("hand", [False, True], ids=["printed", "by-hand"])
def test_marks_on_a_photographed_page_are_read(hand):
    for seed in (0, 3, 4):
        p = paper(seed, hand=hand)
        r = scan(p.image)
        assert r.status == "ok" and str(r.grid) == p.givens, r.message
        assert r.entries == ""            # marks are not the player's digits
        assert r.marks == p.marks, seed
        assert r.to_dict()["marks"] == {r.grid.rules.cell_name(i): m
                                        for i, m in enumerate(p.marks) if m}


def test_every_cell_of_marks_is_right_or_in_doubt():
    wrong = cells = 0
    for seed in range(5, 9):
        p = paper(seed, hand=True)
        r = scan(p.image)
        doubt = set(r.doubtful_marks)
        for i, (got, want) in enumerate(zip(r.marks or ("",) * 81, p.marks)):
            cells += bool(want)
            if got != want and r.grid.rules.cell_name(i) not in doubt:
                wrong += 1
    assert cells > 30 and wrong <= 0.03 * cells


def test_a_puzzle_without_marks_has_none():
    names = sorted(json.loads((DATA / "truth.json").read_text(encoding="utf-8")))[:12]
    for name in names:
        r = scan(DATA / name)
        assert r.marks == () and r.doubtful_marks == (), name
        assert r.to_dict()["marks"] == {}


def test_a_mark_out_of_its_place_is_in_doubt():
    # a grid that places its marks by digit, with one mark moved to another's place
    shot = screenshot(0, "shudu")
    cells = upright(find_grid(load_gray(shot.image)))
    found = read_marks(cells)
    assert found.marks == shot.marks and not found.doubtful
    cell = next(i for i, m in enumerate(shot.marks) if len(m) == 1 and m not in "5")
    side = cells.norm.shape[0] / 9
    r, c = divmod(cell, 9)
    k = int(shot.marks[cell]) - 1
    y0, x0 = int(r * side + k // 3 * side / 3), int(c * side + k % 3 * side / 3)
    piece = cells.norm[y0: y0 + int(side / 3), x0: x0 + int(side / 3)].copy()
    for arr in (cells.norm, cells.binary):     # the mark moved to the centre place
        arr[y0: y0 + int(side / 3), x0: x0 + int(side / 3)] = 255 if arr is cells.norm else 0
    cy, cx = int(r * side + side / 3), int(c * side + side / 3)
    cells.norm[cy: cy + piece.shape[0], cx: cx + piece.shape[1]] = piece
    cells.binary[cy: cy + piece.shape[0], cx: cx + piece.shape[1]] = \
        np.where(piece < 128, 255, 0).astype(np.uint8)
    moved = read_marks(cells)
    assert cell in moved.doubtful


def test_touching_marks_in_a_row_are_cut_into_digits():
    ink = np.zeros((12, 40), np.uint8)
    ink[:, 2:38] = 255
    ink[:, [9, 16, 23, 30]] = 0
    assert len(_split(ink, [2, 0, 38, 12])) == 5
    assert _split(ink, [2, 0, 9, 12]) == [[2, 0, 9, 12]]     # one digit: not cut


def test_the_position_holds_givens_entries_and_marks_apart():
    givens, entries, marks = position(3)
    for g, e, m in zip(givens, entries, marks):
        assert [g != ".", e != ".", bool(m)].count(True) <= 1
