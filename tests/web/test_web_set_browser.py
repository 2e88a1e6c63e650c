"""Set mode in a real headless Chromium: a setter empties the grid, types givens, watches
the solution count and the true candidates follow, places a suggested clue until the
puzzle is unique, sees the redundant givens framed, and plays it.  Screenshots go to
test-output/<test>/."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from browser_support import cell, idle, open_app, served_app  # noqa: F401

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
OPEN = EASY[:20] + "." * 6 + EASY[26:66] + "." * 10 + EASY[76:]   # 212 solutions


def test_set_a_puzzle_until_it_is_unique_and_play_it(page, server):
    from playwright.sync_api import expect

    open_app(page, server)
    page.evaluate("localStorage.clear()")
    page.reload()
    page.wait_for_selector("body[data-ready]")
    idle(page)

    page.click("#set-start")
    idle(page)
    expect(page.locator("#set-count")).to_have_text("Solutions: 1 (unique)")
    expect(page.locator("#set-play")).to_be_enabled()
    expect(page.locator("#grid .cell.redundant").first).to_be_visible()   # EASY is not minimal

    # an empty grid: the count is capped, every digit is a true candidate
    page.click("#set-empty")
    idle(page)
    expect(page.locator("#set-count")).to_have_text("Solutions: ≥ 100000")
    expect(cell(page, 0).locator(".marks.truth")).to_have_text("123456789")
    expect(page.locator("#set-play")).to_be_disabled()

    # type the givens of OPEN, cell by cell
    for c, ch in enumerate(OPEN):
        if ch != ".":
            cell(page, c).click()
            page.keyboard.press(ch)
    expect(page.locator("#set-count")).to_have_text("Solutions: 212")
    expect(cell(page, 0).locator(".marks.truth")).to_have_text("145")
    clues = page.locator("#set-clues button.set-clue")
    expect(clues.first).to_have_text("r8c2=7: unique, easy 2.8")
    assert page.locator("#set-clues button.unique").count() >= 2
    page.shot("1-several-solutions")

    # aim at a hard puzzle: the expert clue comes first; place it
    page.select_option("#set-grade", "hard")
    expect(clues.first).to_have_text("r5c3=4: unique, expert 8.3")
    clues.first.click()
    expect(cell(page, 4 * 9 + 2)).to_have_text("4")
    expect(page.locator("#set-count")).to_have_text("Solutions: 1 (unique)")
    expect(page.locator("#set-play")).to_be_enabled()
    expect(page.locator("#set-redundant")).not_to_be_empty()
    page.shot("2-unique")

    # a reload keeps Set mode and the givens typed
    page.reload()
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#set-count")).to_have_text("Solutions: 1 (unique)")
    expect(cell(page, 4 * 9 + 2)).to_have_text("4")

    # 中文 words follow
    page.click("#lang")
    expect(page.locator("#set-count")).to_have_text("解的个数：1（唯一解）")
    expect(page.locator("#set-redundant")).to_contain_text("可以单独去掉的已知数")
    expect(page.locator("#message")).to_contain_text("出题模式")
    page.shot("2-unique-zh")
    page.click("#lang")
    expect(page.locator("#set-count")).to_have_text("Solutions: 1 (unique)")

    page.click("#set-play")
    idle(page)
    expect(page.locator("#message")).to_have_text("Playing the puzzle you set.")
    assert "given" in cell(page, 4 * 9 + 2).get_attribute("class")
    expect(page.locator("#set-count")).to_have_text("")
    expect(page.locator("#grid .marks.truth")).to_have_count(0)
    page.shot("3-playing")
    assert not page.errors, page.errors
