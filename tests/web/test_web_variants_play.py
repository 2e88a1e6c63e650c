"""Variants played in a real headless Chromium, as a person does: a killer opened from a
SudokuPad link (in the page's address and in the paste box), every published f-puzzles
variant opened from its link with each constraint drawn (or, for the rules no mark
shows, written under the grid) and a digit entered, a jigsaw from the Generate menu,
"Rewind to first mistake" on a move history, and the Keys list opened with "?".
Screenshots go to test-output/<test>/."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from browser_support import cell, idle, open_app, paste, served_app  # noqa: F401

FIXTURES = Path(__file__).parents[1] / "fixtures"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
VARIANTS = [line.rstrip("\n").split("\t") for line in (FIXTURES / "fpuzzles_published.txt")
            .read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
GLOBAL_RULES = {"negative", "non-consecutive", "disjoint"}
"""Constraint kinds no mark shows: the page writes them under the grid."""


def published(title: str) -> tuple[str, str]:
    """The f-puzzles data and the solution of the published puzzle ``title``."""
    [(data, solution)] = [(d, s) for t, _, d, s in VARIANTS if t.startswith(title)]
    return data, solution


def open_address(page, server: str, query: str) -> None:
    page.goto(f"{server}?{query}")
    page.wait_for_selector("body[data-ready]")
    idle(page)


def enter_a_right_digit(page, solution: str, shot: str) -> None:
    """Type the solution's digit in the first empty cell: the check finds no mistake and
    the page logs no error (its picture kept as ``shot``)."""
    from playwright.sync_api import expect

    puzzle = page.evaluate("game.puzzle.puzzle")
    empty = puzzle.index(".")
    cell(page, empty).click()
    page.keyboard.press(solution[empty])
    expect(cell(page, empty).locator(".v")).to_have_text(solution[empty])
    page.click("#check")
    expect(page.locator("#message")).to_contain_text("No mistakes")
    page.shot(shot)
    assert page.errors == []


def expect_cages(page, grid) -> None:
    from playwright.sync_api import expect

    cages = [c for c in grid.rules.constraints if c.kind == "killer"]
    expect(page.locator("#grid .cell.cage")).to_have_count(sum(len(c.cells) for c in cages))
    expect(page.locator("#grid .cell[data-sum]")).to_have_count(
        len([c for c in cages if c.total]))


def test_a_killer_opens_from_a_sudokupad_link(page, server):
    """A published killer as SudokuPad opens it (its f-puzzles data after
    sudokupad.app/fpuzzles), given in the page's address: cages outlined with their
    totals, the little killers drawn, a digit entered; then a killer in SudokuPad's own
    scl form pasted into the box, and its data as ?puzzleid= (the page's address in
    place of sudokupad.app's)."""
    from playwright.sync_api import expect

    from shudu.formats import parse, write

    data, solution = published("Killer Blister")
    link = "https://sudokupad.app/fpuzzles" + data
    open_address(page, server, "puzzle=" + link)
    expect_cages(page, parse(link))
    expect(page.locator("#grid svg.marks .little-killer")).not_to_have_count(0)
    assert page.evaluate("location.search") == ""        # the address is cleared
    enter_a_right_digit(page, solution, "killer-sudokupad-link")

    rows = [x.split() for x in (FIXTURES / "killer_published.txt").read_text(
        encoding="utf-8").splitlines() if x[:1] not in ("#", "")]
    cages, answer = rows[1]
    scl = write(parse(cages), "sudokupad")
    assert "puzzleid=scl" in scl
    paste(page, scl)
    expect_cages(page, parse(cages))
    enter_a_right_digit(page, answer, "killer-scl-pasted")

    open_address(page, server, "puzzleid=" + scl.split("puzzleid=", 1)[1])
    expect_cages(page, parse(cages))
    open_address(page, server, "puzzle=" + quote(link, safe=""))   # URL-encoded
    expect_cages(page, parse(link))


@pytest.mark.parametrize("title", [row[0] for row in VARIANTS],
                         ids=[re.sub(r"\W+", "-", row[0]).strip("-") for row in VARIANTS])
def test_every_published_variant_opens_with_its_constraints(page, server, title):
    """Each published f-puzzles variant, opened with ?load= as f-puzzles takes it: every
    constraint kind the engine read is drawn over the grid (cages by their outlines,
    jigsaw regions by thick borders), the rules no mark shows are written under it, in
    中文 too, and a right digit can be entered."""
    from playwright.sync_api import expect

    from shudu.formats import parse
    from shudu.pictures.picture import rule_notes

    data, solution = published(title)
    grid = parse("https://f-puzzles.com/?load=" + data)
    open_address(page, server, "load=" + data)
    expect(page.locator("#grid .cell")).to_have_count(81)
    kinds = {c.kind for c in grid.rules.constraints}
    for kind in sorted(kinds - GLOBAL_RULES - {"killer"}):
        expect(page.locator(f"#grid svg.marks .{kind}")).not_to_have_count(0)
    if "killer" in kinds:
        expect_cages(page, grid)
    notes = page.locator("#rule-notes li")
    expect(notes).to_have_count(len([c for c in grid.rules.constraints
                                     if c.kind in GLOBAL_RULES])
                                + grid.rules.anti_knight + grid.rules.anti_king)
    if grid.rules.anti_king:
        expect(page.locator("#rule-notes")).to_contain_text("Anti-king")
    if kinds & GLOBAL_RULES:
        expect(notes).to_have_text([text for _, text in rule_notes(grid.rules, "en")])
        page.click("#lang")
        expect(notes).to_have_text([text for _, text in rule_notes(grid.rules, "zh")])
        page.shot("notes-zh")
        page.click("#lang")
    enter_a_right_digit(page, solution, "variant")


def test_generate_a_jigsaw_and_play_it(page, server):
    """Jigsaw from the Generate menu at a grade: its regions (not the boxes) drawn with
    thick borders, and played."""
    from playwright.sync_api import expect

    from shudu.make.jigsaw import is_jigsaw

    open_app(page, server)
    page.select_option("#gen-rules", "jigsaw")
    page.select_option("#gen-grade", "easy")
    page.fill("#gen-seed", "2")
    page.click("#generate")
    expect(page.locator("#message")).to_contain_text("seed 2", timeout=60_000)
    expect(page.locator("#message")).to_contain_text("easy")
    regions = page.evaluate("game.puzzle.boxes")
    assert is_jigsaw(regions, 9)
    # a thick right border exactly where the region changes
    right = page.evaluate(
        "[...document.querySelectorAll('#grid .cell')].map(c => c.classList.contains('br'))")
    assert right == [c % 9 < 8 and regions[c] != regions[c + 1] for c in range(81)]
    assert right != [c % 9 in (2, 5) for c in range(81)]
    width = page.evaluate("getComputedStyle(document.querySelector('#grid .cell.br'))"
                          ".borderRightWidth")
    thin = page.evaluate("getComputedStyle(document.querySelector("
                         "'#grid .cell:not(.br):not(.lastc)')).borderRightWidth")
    assert float(width[:-2]) > float(thin[:-2])
    enter_a_right_digit(page, page.evaluate("game.puzzle.solution"), "jigsaw")


def test_rewind_to_the_first_mistake(page, server):
    """Moves with a mistake in the middle: the button undoes back to just before it (the
    later right move too, which Redo brings back), names the cell; a removed candidate
    counts as a mistake; with none, it says there is nothing to rewind; 中文 too."""
    from playwright.sync_api import expect

    open_app(page, server)
    paste(page, EASY)
    page.click("#rewind")
    expect(page.locator("#message")).to_have_text(
        "None of your moves is a mistake: nothing to rewind.")
    for index, digit in ((0, "4"), (1, "5"), (3, "9")):   # r1c2 is 8: 5 is the mistake
        cell(page, index).click()
        page.keyboard.press(digit)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("1")                          # r1c6 is 1: right, after the mistake
    page.shot("before-rewind")
    page.click("#rewind")
    expect(page.locator("#message")).to_have_text(
        "Rewound 3 move(s): back to just before your first mistake, in r1c2.")
    expect(cell(page, 0)).to_have_text("4")
    for index in (1, 3, 5):
        expect(cell(page, index)).to_have_text("")
    assert "selected" in cell(page, 1).get_attribute("class")
    expect(page.locator("#redo")).to_be_enabled()
    page.shot("rewound")
    page.click("#redo")
    expect(cell(page, 1)).to_have_text("5")
    page.click("#undo")

    # centre marks in r1c2 without its 8: no solution is left from there
    cell(page, 1).click()
    page.keyboard.press("v")
    page.keyboard.press("5")
    page.keyboard.press("7")
    page.keyboard.press("z")
    cell(page, 3).click()
    page.keyboard.press("9")
    page.click("#lang")
    page.click("#rewind")
    expect(page.locator("#message")).to_have_text("已退回 3 步：回到你在 r1c2 犯第一个错误之前。")
    expect(cell(page, 1).locator(".centre")).to_have_count(0)
    expect(cell(page, 3)).to_have_text("")
    page.shot("rewound-zh")
    assert page.errors == []


def test_the_keys_list_opens_with_a_question_mark(page, server):
    """"?" opens the Keys list (every shortcut: digits, modes, marks for one key,
    selection, undo and redo, Explain all, "?" itself), in English and 中文; "?" again
    closes it."""
    from playwright.sync_api import expect

    open_app(page, server)
    keys = page.locator("#keys")
    assert keys.get_attribute("open") is None
    page.locator("#grid").focus()
    page.keyboard.press("?")
    expect(keys).to_have_attribute("open", "")
    items = keys.locator("li")
    expect(items).to_have_count(7)
    text = keys.inner_text()
    for shortcut in ("Z digit", "X corner", "V centre", "Q colour", "Space", "Shift + digit",
                     "Ctrl + digit", "drag", "Backspace", "Ctrl+Z", "Ctrl+Y", "Escape", "?"):
        assert shortcut in text, shortcut
    page.shot("keys")
    page.click("#lang")
    expect(keys.locator("summary")).to_have_text("按键")
    expect(items.nth(0)).to_contain_text("填数字")
    expect(items.nth(5)).to_contain_text("全部讲解")
    page.shot("keys-zh")
    page.keyboard.press("?")
    assert keys.get_attribute("open") is None
    assert page.errors == []
