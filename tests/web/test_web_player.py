"""The player's tools in a real headless Chromium, done as a person does them: a first
visit, colours on a dragged selection, centre marks on several cells, a pause, the
digit C typed on a 16x16 and a hint naming G as the grid shows it, "Why is this
wrong?" on a wrong digit, killer totals clear of the marks, a thermo puzzle from the
Generate menu, 中文 drawn in a CJK font, and a long rating shown with its seconds, cut
short with what is known, or cancelled.  Screenshots go to test-output/<test>/."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from browser_support import cell, idle, open_app, paste, serve, served_app  # noqa: F401

from shudu.web.app import Limits

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def killer_puzzle() -> tuple[str, str]:
    from pathlib import Path

    fixture = Path(__file__).parents[1] / "fixtures" / "killer_published.txt"
    rows = [x.split() for x in fixture.read_text(encoding="utf-8").splitlines()
            if x[:1] not in ("#", "")]
    return rows[0][0], rows[0][1]


def box(page, selector: str) -> dict[str, float]:
    return page.locator(selector).first.bounding_box()


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def test_a_first_visit_starts_with_a_puzzle(page, server):
    """No saved game and no link: an easy puzzle is there and the buttons work."""
    from playwright.sync_api import expect

    open_app(page, server)
    expect(page.locator("#grid .cell")).to_have_count(81)
    expect(page.locator("#message")).to_contain_text("Welcome")
    expect(cell(page, 2)).to_have_text("3")
    for button in ("#hint1", "#explain", "#rate", "#check"):
        expect(page.locator(button)).to_be_enabled()
    page.shot("first-visit")
    page.click("#hint1")
    idle(page)
    expect(page.locator("#hint-text")).to_have_text("Look for a Hidden Single.")
    assert page.errors == []


def test_the_buttons_wait_for_a_puzzle(page, server):
    """When the first puzzle cannot be had, the buttons that need one are off and the
    page says what to do."""
    from playwright.sync_api import expect

    page.route("**/api/v1/parse", lambda route: route.abort())
    open_app(page, server)
    expect(page.locator("#message")).to_have_text("Load or generate a puzzle first.")
    for button in ("#hint1", "#hint3", "#explain", "#rate", "#check", "#fill"):
        expect(page.locator(button)).to_be_disabled()
    page.shot("no-puzzle")


def test_drag_select_colour_and_centre_marks(page, server):
    from playwright.sync_api import expect

    open_app(page, server)
    paste(page, EASY)
    # drag from r1c1 over r1c2 to r2c2: three cells selected (a given among them)
    start, end = box(page, '#grid .cell[data-cell="0"]'), box(page, '#grid .cell[data-cell="10"]')
    page.mouse.move(start["x"] + 10, start["y"] + 10)
    page.mouse.down()
    page.mouse.move(start["x"] + start["width"] + 10, start["y"] + 10, steps=4)
    page.mouse.move(end["x"] + 10, end["y"] + 10, steps=4)
    page.mouse.up()
    expect(page.locator("#grid .cell.selected")).to_have_count(3)
    # Ctrl-click adds r1c4; colour mode (Q), colour 4 on all four
    cell(page, 3).click(modifiers=["Control"])
    expect(page.locator("#grid .cell.selected")).to_have_count(4)
    page.keyboard.press("q")
    expect(page.locator("#mode-colour")).to_have_class("mode active")
    page.keyboard.press("4")
    # centre marks on the open cells of a new selection (Shift-click), drawn centred
    page.keyboard.press("v")
    cell(page, 1).click()
    cell(page, 3).click(modifiers=["Shift"])
    cell(page, 5).click(modifiers=["Shift"])
    page.keyboard.press("4")
    page.keyboard.press("7")
    for c in (1, 3, 5):
        expect(cell(page, c).locator(".centre")).to_have_text("47")
        marks, square = box(page, f'#grid .cell[data-cell="{c}"] .centre span'), \
            box(page, f'#grid .cell[data-cell="{c}"]')
        # the first of the two digits sits just left of the cell's middle, at its height
        assert abs(marks["y"] + marks["height"] / 2 - (square["y"] + square["height"] / 2)) < 3
        assert square["x"] + square["width"] / 2 - 2 * marks["width"] - 2 < marks["x"] \
            < square["x"] + square["width"] / 2
    cell(page, 40).click()   # away: the colours show
    painted = {c: cell(page, c).evaluate("e => getComputedStyle(e).backgroundColor")
               for c in (0, 1, 10, 3, 4)}
    assert painted[0] == painted[1] == painted[10] == painted[3] == "rgb(215, 245, 207)"
    assert painted[4] != painted[0]
    page.shot("colours-and-centre-marks")
    # undo takes back the marks, then the colours
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")
    expect(cell(page, 1).locator(".centre")).to_have_count(0)
    page.keyboard.press("Control+z")
    assert cell(page, 0).evaluate("e => getComputedStyle(e).backgroundColor") != painted[0]
    assert page.errors == []


def test_pause_hides_the_grid_and_stops_the_keys(page, server):
    from playwright.sync_api import expect

    open_app(page, server)
    paste(page, EASY)
    cell(page, 0).click()
    page.click("#pause")
    expect(page.locator("body")).to_have_class("paused")
    expect(page.locator("#pause")).to_have_text("Resume")
    expect(cell(page, 2).locator(".v")).to_be_hidden()
    page.keyboard.press("4")
    page.shot("paused")
    page.click("#pause")
    expect(cell(page, 0)).to_have_text("")   # the key pressed while paused did nothing
    cell(page, 0).click()
    page.keyboard.press("4")
    expect(cell(page, 0)).to_have_text("4")
    assert page.errors == []


def test_sixteen_types_every_digit_and_hints_name_them_as_shown(page, server):
    """On a 16x16 the key C is the digit C (12), X switches to corner marks; a wrong G
    is named G in the hint, as the grid shows it."""
    from playwright.sync_api import expect

    from shudu.make.pick import generate

    made = generate("16", seed=1)
    puzzle, solution = made.puzzle.to_string(), made.solution.to_string()
    open_app(page, server)
    page.fill("#rules-text", "16")
    page.fill("#puzzle-text", puzzle)
    page.click("#load")
    page.wait_for_selector('#grid .cell[data-cell="255"]')
    idle(page)
    right = next(c for c in range(256) if puzzle[c] == "." and solution[c] == "C")
    cell(page, right).click()
    page.keyboard.press("c")
    expect(cell(page, right)).to_have_text("C")
    expect(page.locator("#mode-normal")).to_have_class("mode active")
    wrong = next(c for c in range(256) if puzzle[c] == "." and solution[c] not in "CG")
    cell(page, wrong).click()
    page.keyboard.press("x")   # corner mode, then a corner mark G
    expect(page.locator("#mode-corner")).to_have_class("mode active")
    page.keyboard.press("g")
    expect(cell(page, wrong).locator(".corner")).to_have_text("G")
    page.keyboard.press("z")
    page.keyboard.press("g")
    expect(cell(page, wrong).locator(".v")).to_have_text("G")
    page.click("#hint1")
    idle(page)
    name = f"r{wrong // 16 + 1}c{wrong % 16 + 1}"
    expect(page.locator("#hint-text")).to_have_text(f"The G in {name} is wrong.")
    page.shot("sixteen-C-and-G")
    assert page.errors == []


def test_why_is_this_wrong(page, server):
    """A wrong digit found by Check: the button on it says why, from this position,
    with the chain drawn."""
    from playwright.sync_api import expect

    open_app(page, server)
    paste(page, EASY)
    cell(page, 0).click()
    page.keyboard.press("5")   # r1c1 is 4
    expect(page.locator("#why")).to_be_hidden()
    page.click("#check")
    cell(page, 0).click()
    expect(page.locator("#why")).to_be_visible()
    page.click("#why")
    idle(page)
    text = page.locator("#hint-text")
    expect(text).to_contain_text("Suppose r1c1 were 5. Then r1c9 = 7 (naked single)")
    expect(text).to_contain_text("and r5c5 would have no candidate left. So r1c1 cannot be 5.")
    expect(page.locator("#hint-picture svg .role-target")).not_to_have_count(0)
    page.shot("why-wrong")
    page.click("#lang")
    idle(page)
    cell(page, 0).click()
    page.click("#why")
    idle(page)
    expect(text).to_contain_text("假设 r1c1 是 5。")
    page.shot("why-wrong-zh")
    assert page.errors == []


def test_killer_totals_stay_clear_of_the_marks(page, server):
    from playwright.sync_api import expect

    puzzle, _ = killer_puzzle()
    open_app(page, server)
    paste(page, puzzle)
    first = page.locator("#grid .cell[data-sum]").first
    index = int(first.get_attribute("data-cell"))
    page.click("#fill")
    expect(cell(page, index).locator(".sum")).to_have_count(1)
    total = box(page, f'#grid .cell[data-cell="{index}"] .sum')
    for span in cell(page, index).locator(".centre span").all():
        assert not overlap(total, span.bounding_box())
    page.shot("killer-filled")
    assert page.errors == []


def test_generate_a_thermo_puzzle(page, server):
    from playwright.sync_api import expect

    open_app(page, server)
    page.select_option("#gen-rules", "thermo")
    page.fill("#gen-seed", "1")
    page.click("#generate")
    expect(page.locator("#message")).to_contain_text("seed 1", timeout=60_000)
    expect(page.locator("#grid svg.marks .thermo")).not_to_have_count(0)
    page.shot("thermo")
    assert page.errors == []


def test_chinese_is_drawn_in_a_cjk_font(page, server):
    """The page's font stack names a CJK font this machine has (the test tools install
    one): 数独 is drawn with it, not as boxes."""
    import subprocess

    from playwright.sync_api import expect

    from conftest import missing_tool

    found = subprocess.run(["fc-list", ":lang=zh", "family"], capture_output=True,
                           text=True, check=False).stdout
    if not found.strip():
        missing_tool("no CJK font found", "fonts-wqy-zenhei")
    open_app(page, server)
    page.click("#lang")
    expect(page.locator("#check")).to_have_text("检查")
    stack = page.evaluate("getComputedStyle(document.body).fontFamily")
    assert any(name.strip() in found for name in stack.replace('"', "").split(","))
    # the CJK font draws 数 wider than a missing glyph's box would be
    assert page.evaluate("""document.fonts.check('16px "WenQuanYi Zen Hei"', '数独')""")
    page.shot("chinese")


@pytest.fixture(scope="module")
def short_server() -> Iterator[str]:
    """A server whose long calls stop after 2 s: a rating answers with what it knows."""
    yield from serve(Limits(seconds=2.0, generate=2.0, workers=2))


def start_rating(page, server: str) -> None:
    """Open a published killer (its rating takes half a minute) and ask for its rating."""
    from playwright.sync_api import expect

    puzzle, _ = killer_puzzle()
    open_app(page, server)
    paste(page, puzzle)
    page.click("#rate")
    expect(page.locator("#rate-cancel")).to_be_visible()


def test_a_long_rating_shows_progress_and_answers_what_it_knows(page, short_server):
    from playwright.sync_api import expect

    start_rating(page, short_server)
    expect(page.locator("#rate-result")).to_contain_text("Rating…")
    expect(page.locator("#rate-result")).to_contain_text("At least", timeout=30_000)
    expect(page.locator("#rate-result")).to_contain_text("stopped after 2 s")
    expect(page.locator("#rate-cancel")).to_be_hidden()
    page.shot("rating-cut-short")
    assert page.errors == []


def test_a_rating_can_be_cancelled(page, server):
    from playwright.sync_api import expect

    start_rating(page, server)
    page.click("#rate-cancel")
    expect(page.locator("#rate-result")).to_have_text("Cancelled.")
    expect(page.locator("#rate-cancel")).to_be_hidden()
    page.shot("rating-cancelled")
    # the server is free again at once: a hint answers
    page.click("#hint1")
    idle(page)
    expect(page.locator("#hint-text")).not_to_be_empty()
