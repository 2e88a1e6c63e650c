"""The web app in a real headless Chromium: load a puzzle by pasting, play with the
keyboard (digits, pencil marks, undo), ask a level-3 hint and apply it, step through
"Explain all", generate a hard puzzle, switch to 中文, reload and find the position
restored.  Screenshots of each state go to test-output/<test>/."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from browser_support import cell, idle, open_app, paste, served_app  # noqa: F401

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"


def test_play_hint_explain_and_restore(page, server):
    from playwright.sync_api import expect

    open_app(page, server)
    page.evaluate("localStorage.clear()")
    grid_text = "\n".join(EASY[i:i + 9] for i in range(0, 81, 9))
    paste(page, grid_text)
    expect(page.locator("#message")).to_contain_text("givens")
    expect(cell(page, 2)).to_have_text("3")
    assert "given" in cell(page, 2).get_attribute("class")
    page.shot("1-loaded")

    # digits with the keyboard: r1c1 = 4 (right), r1c2 = 3 (a conflict with the given 3)
    cell(page, 0).click()
    page.keyboard.press("4")
    expect(cell(page, 0)).to_have_text("4")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("3")
    assert "conflict" in cell(page, 1).get_attribute("class")
    page.shot("2-conflict")
    page.keyboard.press("Control+z")
    expect(cell(page, 1)).to_have_text("")
    assert "conflict" not in cell(page, 1).get_attribute("class")
    page.keyboard.press("Control+y")
    expect(cell(page, 1)).to_have_text("3")
    page.keyboard.press("Backspace")
    expect(cell(page, 1)).to_have_text("")

    # pencil marks: centre marks 5 and 7 in r1c2 (mode key v), a corner mark 7 (Shift)
    page.keyboard.press("v")
    page.keyboard.press("5")
    page.keyboard.press("7")
    expect(cell(page, 1).locator(".centre")).to_have_text("57")
    page.keyboard.press("n")
    page.keyboard.press("Shift+7")
    expect(cell(page, 1).locator(".corner")).to_have_text("7")
    page.shot("3-pencil-marks")
    page.click("#undo")
    expect(cell(page, 1).locator(".corner")).to_have_count(0)

    # r1c2 holds 5 or 7 only: 8 is its answer, so the hint names that removal first,
    # saying that a removed candidate can go there without naming it (the answer)
    page.click("#hint3")
    idle(page)
    expect(page.locator("#hint-text")).to_have_text(
        "A candidate was removed from r1c2 by mistake: one of the digits taken out of r1c2 "
        "can still go there.")
    assert "wrong" in cell(page, 1).get_attribute("class")
    page.shot("4-hint-mistake")
    page.click("#undo")
    page.click("#undo")
    expect(cell(page, 1).locator(".centre")).to_have_count(0)

    # a level-3 hint from this position, then apply it
    page.click("#hint3")
    idle(page)
    expect(page.locator("#apply")).to_be_enabled()
    text = page.inner_text("#hint-text")
    assert "Hidden Single" in text or "Full House" in text or "Naked Single" in text
    expect(page.locator("#hint-picture svg")).to_have_count(1)   # drawn by the server
    page.shot("5-hint-level3")
    placed = page.evaluate("game.step.step.placements[0]")
    page.click("#apply")
    target = (placed[0] - 1) * 9 + placed[1] - 1
    expect(cell(page, target)).to_have_text(str(placed[2]))
    page.shot("6-step-applied")

    # explain all: step forward and back, the grid follows
    page.click("#explain")
    idle(page)
    expect(page.locator("#explain-bar")).to_be_visible()
    expect(page.locator("#explain-counter")).to_have_text(f"Step 1 of {EASY.count('.')}")
    page.click("#explain-next")
    page.click("#explain-next")
    expect(page.locator("#explain-counter")).to_have_text(f"Step 3 of {EASY.count('.')}")
    assert page.locator("#grid .cell.placed").count() == 1
    page.shot("7-explain-step3")
    page.click("#explain-prev")
    expect(page.locator("#explain-counter")).to_have_text(f"Step 2 of {EASY.count('.')}")

    # 中文: the words of the page and of the step switch
    page.click("#lang")
    idle(page)
    expect(page.locator("#explain-counter")).to_contain_text("第 2 步")
    expect(page.locator("#explain-text")).to_contain_text("所以")
    page.shot("8-explain-zh")
    page.click("#explain-close")
    expect(page.locator("#check")).to_have_text("检查")

    # reload: the position, the marks and the language are restored
    page.reload()
    page.wait_for_selector("body[data-ready]")
    expect(cell(page, 0)).to_have_text("4")
    expect(cell(page, target)).to_have_text(str(placed[2]))
    expect(page.locator("#check")).to_have_text("检查")
    page.click("#check")
    expect(page.locator("#message")).to_have_text("目前没有错误。")
    page.shot("9-restored")
    assert page.errors == []


def test_generate_rate_and_bad_input(page, server):
    from playwright.sync_api import expect

    open_app(page, server)
    page.evaluate("localStorage.clear()")
    page.select_option("#gen-grade", "hard")
    page.fill("#gen-seed", "3")
    page.click("#generate")
    expect(page.locator("#message")).to_contain_text("seed 3", timeout=60_000)
    expect(page.locator("#message")).to_contain_text("hard")
    page.shot("1-generated-hard")
    page.click("#rate")
    idle(page)
    expect(page.locator("#rate-result")).to_contain_text("hard")

    # fill all candidates, then a 16x16 puzzle is drawn with 256 cells
    page.click("#fill")
    assert cell(page, 0).locator(".centre").count() + cell(page, 0).locator(".v").count() == 1
    page.select_option("#gen-rules", "16")
    page.select_option("#gen-grade", "")
    page.fill("#gen-seed", "1")
    page.click("#generate")
    page.wait_for_selector('#grid .cell[data-cell="255"]', timeout=60_000)
    idle(page)
    page.shot("2-sixteen")

    # open a file (.sdk): the text goes to the server's readers
    sdk = "[Puzzle]\n" + "\n".join(EASY[i:i + 9] for i in range(0, 81, 9)) + "\n"
    page.set_input_files("#file", files=[{"name": "easy.sdk", "mimeType": "text/plain",
                                          "buffer": sdk.encode()}])
    expect(page.locator("#message")).to_contain_text("32 givens")
    expect(cell(page, 2)).to_have_text("3")

    # junk: shudu's own error, naming line and column
    page.fill("#puzzle-text", "4....Q" + "." * 75)
    page.click("#load")
    idle(page)
    expect(page.locator("#message")).to_contain_text("line 1, column 6")
    # several solutions: said at once
    paste(page, "." * 81)
    expect(page.locator("#message")).to_have_text(   # said once, with where two differ
        "This puzzle has several solutions: r2c1 can hold different digits.")
    page.shot("3-several")
    # a variant: the diagonals of X-sudoku are shaded (17 cells)
    page.fill("#rules-text", "x")
    paste(page, "." * 81)
    expect(page.locator("#grid .cell.extra")).to_have_count(17)
    # the browser logs the refused request (422) itself; nothing else went wrong
    assert [e for e in page.errors if "status of 422" not in e] == []


def test_share_link_and_phone_width(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    values = "4" + EASY[1:]
    tab.goto(f"{server}#p={EASY}&v={values}")
    tab.wait_for_selector("body[data-ready]")
    tab.wait_for_selector('#grid .cell[data-cell="80"]')
    assert tab.locator('#grid .cell[data-cell="0"]').inner_text() == "4"
    width = tab.evaluate("document.getElementById('grid').getBoundingClientRect().width")
    assert 300 < width <= 390
    assert tab.evaluate("document.documentElement.scrollWidth") <= 390
    from conftest import TEST_OUTPUT

    out = TEST_OUTPUT / "test_share_link_and_phone_width"
    out.mkdir(parents=True, exist_ok=True)
    tab.screenshot(path=str(out / "phone.png"), full_page=True)
    context.close()
    assert errors == []


def test_open_photo_fills_the_grid(page, server):
    """"Open photo" sends the picture to the server, shows what it read for review, and
    Start plays it (the review itself: test_web_photo_review.py)."""
    import json
    from pathlib import Path

    from playwright.sync_api import expect

    pytest.importorskip("cv2")
    scans = Path(__file__).parents[1] / "data" / "scan"
    truth = json.loads((scans / "truth.json").read_text())["000.jpg"]["puzzle"]
    open_app(page, server)
    page.set_input_files("#photo", str(scans / "000.jpg"))
    page.wait_for_selector('#grid .cell[data-cell="80"]')
    expect(page.locator("#message")).to_contain_text(
        f"Read {81 - truth.count('.')} givens from the photo", timeout=60_000)
    idle(page)
    shown = "".join(cell(page, c).inner_text().strip() or "." for c in range(81))
    assert shown == truth
    assert page.input_value("#puzzle-text") == truth
    expect(page.locator("#grid .cell.doubt")).to_have_count(0)   # read confidently
    expect(page.locator("#review-state")).to_have_text("One solution: ready to start.",
                                                        timeout=30_000)
    page.shot("photo-read")
    page.click("#review-start")
    idle(page)
    expect(page.locator("#review")).to_be_hidden()
    assert page.evaluate("game.puzzle.puzzle") == truth
    first = next(c for c, ch in enumerate(truth) if ch != ".")
    assert "given" in cell(page, first).get_attribute("class")
    assert page.errors == []


def test_a_killer_shows_its_cages(page, server):
    """A killer cage string pasted into the page: every caged cell outlined, each total
    at its cage's first cell; the check knows the solution."""
    from pathlib import Path

    from playwright.sync_api import expect

    fixture = Path(__file__).parents[1] / "fixtures" / "killer_published.txt"
    rows = [x.split() for x in fixture.read_text(encoding="utf-8").splitlines()
            if x[:1] not in ("#", "")]
    puzzle, solution = rows[0]
    open_app(page, server)
    paste(page, puzzle)
    from shudu.formats import parse as read

    cages = read(puzzle).rules.constraints
    expect(page.locator("#grid .cell.cage")).to_have_count(sum(len(c.cells) for c in cages))
    expect(page.locator("#grid .cell[data-sum]")).to_have_count(len(cages))
    first = min(cages[0].cells)
    assert cell(page, first).get_attribute("data-sum") == str(cages[0].total)
    _first_digit_checks(page, solution, "killer")


def _first_digit_checks(page, solution: str, shot: str) -> None:
    """Type the solution's first digit in r1c1: the check finds no mistake, the page
    logs no error (and its picture is kept as ``shot``)."""
    from playwright.sync_api import expect

    cell(page, 0).click()
    page.keyboard.press(solution[0])
    page.click("#check")
    expect(page.locator("#message")).to_contain_text("No mistakes")
    page.shot(shot)
    assert page.errors == []


def test_a_variant_puzzle_shows_its_constraints(page, server):
    """An f-puzzles link pasted into the page: its arrows and thermometers drawn over the
    grid, the cells still answer clicks, and the check knows the solution."""
    from pathlib import Path

    from playwright.sync_api import expect

    fixture = Path(__file__).parents[1] / "fixtures" / "fpuzzles_published.txt"
    _, _, data, solution = next(x.split("\t") for x in fixture.read_text().splitlines()
                                    if x[:1] not in ("#", ""))
    open_app(page, server)
    paste(page, "https://f-puzzles.com/?load=" + data)
    expect(page.locator("#grid svg.marks .arrow")).to_have_count(5)
    expect(page.locator("#grid svg.marks .thermo")).to_have_count(4)
    expect(page.locator("#grid .cell")).to_have_count(81)
    _first_digit_checks(page, solution, "variant")
