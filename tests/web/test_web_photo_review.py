""""Open photo" in a real headless Chromium: the reading of a photo is reviewed before it
is played.  A seeded synthetic photo has one given smudged by an ink blot, so the reader
gets that cell wrong and says it is doubtful: the page shows the photo beside the reading,
the grid marked as under review with the cell framed; the player taps it, types the right
digit, the reading turns unique and Start plays exactly the printed puzzle.  Cancel (or a
reload) gives back the previous game untouched.  Screenshots go to test-output/<test>/."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("cv2")

from browser_support import cell, idle, open_app, paste, served_app  # noqa: F401

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SEED = 16
"""The photo's seed: its blot falls on r1c5 (a 4), which the reader reads as a 7."""


def smudged_photo(seed: int, folder: Path) -> tuple[Path, str, int]:
    """A synthetic photo of puzzle ``seed`` whose one given (chosen by the seed) has an
    ink blot over the lower half of its digit: the file, the printed puzzle, the cell."""
    import cv2
    from PIL import ImageDraw

    from shudu.scan.synth import draw_grid, photograph, puzzle_text

    rng = random.Random(seed)
    puzzle = puzzle_text(9, seed)
    img, corners = draw_grid(puzzle, rng, cell=48)
    givens = [i for i, ch in enumerate(puzzle) if ch != "."]
    target = givens[rng.randrange(len(givens))]
    r, c = divmod(target, 9)
    x0, y0 = corners[0]
    side = (corners[1][0] - x0) / 9
    cx, cy = x0 + (c + 0.5) * side, y0 + (r + 0.5) * side
    ImageDraw.Draw(img).ellipse([cx - side * 0.3, cy - side * 0.05, cx + side * 0.3,
                                 cy + side * 0.35], fill=(40, 40, 40))
    image, _ = photograph(img, corners, rng)
    path = folder / f"smudged-{seed}.png"
    cv2.imwrite(str(path), cv2.cvtColor(image, cv2.COLOR_RGB2BGR))
    return path, puzzle, target


def shown(page, size: int = 81) -> str:
    return "".join(cell(page, c).inner_text().strip() or "." for c in range(size))


def saved_puzzle(page) -> str:
    return page.evaluate("JSON.parse(localStorage.getItem('shudu.game.v1')).puzzle.puzzle")


def open_photo(page, path: Path) -> None:
    from playwright.sync_api import expect

    page.set_input_files("#photo", str(path))
    expect(page.locator("#review")).to_be_visible(timeout=60_000)
    idle(page)


def test_a_photo_that_needs_one_fix(page, server, tmp_path):
    from playwright.sync_api import expect

    photo, truth, target = smudged_photo(SEED, tmp_path)
    name = f"r{target // 9 + 1}c{target % 9 + 1}"
    open_app(page, server)
    page.evaluate("localStorage.clear()")
    paste(page, EASY)
    open_photo(page, photo)

    # the review: the photo beside the grid, the grid holds the reading, marked as such
    reading = page.evaluate("review.data.puzzle")
    assert reading != truth and reading[target] != truth[target]
    assert [c for c in range(81) if reading[c] != truth[c]] == [target]
    assert shown(page) == reading
    expect(page.locator("#review-banner")).to_be_visible()
    expect(page.locator("#review-photo")).to_be_visible()
    assert page.evaluate("document.getElementById('review-photo').naturalWidth") > 0
    assert "reviewing" in page.get_attribute("body", "class")
    photo_box = page.locator("#review-figure").bounding_box()
    grid_box = page.locator("#grid").bounding_box()
    assert photo_box["x"] + photo_box["width"] <= grid_box["x"]   # beside, on its left
    # the doubtful cell framed on the grid and on the photo; the state says what is wrong
    assert "doubt" in cell(page, target).get_attribute("class")
    expect(page.locator("#review-over polygon.doubt")).to_have_count(
        page.locator("#grid .cell.doubt").count())
    expect(page.locator("#message")).to_contain_text(f"check the framed cells: {name}")
    expect(page.locator("#review-state")).not_to_have_text("")
    expect(page.locator("#review-state")).not_to_have_text("One solution: ready to start.")
    expect(page.locator("#review-start")).to_be_disabled()
    assert saved_puzzle(page) == EASY   # nothing of the reading saved as the game
    page.shot("1-review")

    # the player taps the framed cell: its reading and the others considered; types the digit
    cell(page, target).click()
    expect(page.locator("#review-cell")).to_contain_text(f"{name}: read as {reading[target]}")
    expect(page.locator("#review-over polygon.chosen")).to_have_count(1)
    expect(page.locator("#review-zoom")).to_be_visible()   # the photo around the cell
    page.keyboard.press("Backspace")
    page.keyboard.press(truth[target])
    expect(cell(page, target)).to_have_text(truth[target])
    assert "fixed" in cell(page, target).get_attribute("class")
    expect(page.locator("#review-state")).to_have_text("One solution: ready to start.",
                                                        timeout=30_000)
    expect(page.locator("#review-start")).to_be_enabled()
    page.shot("2-fixed")
    # the readings the reader considered are offered: one click takes the first back
    page.locator("#review-cell button", has_text=reading[target]).click()
    expect(cell(page, target)).to_have_text(reading[target])
    expect(page.locator("#review-start")).to_be_disabled()
    page.keyboard.press(truth[target])   # the cell is still selected
    expect(page.locator("#review-start")).to_be_enabled(timeout=30_000)

    # Start: the puzzle played is the printed one, givens and all
    page.click("#review-start")
    idle(page)
    expect(page.locator("#review")).to_be_hidden()
    expect(page.locator("#review-banner")).to_be_hidden()
    expect(page.locator("#message")).to_contain_text(
        f"Playing the puzzle read from the photo ({81 - truth.count('.')} givens)")
    assert page.evaluate("game.puzzle.puzzle") == truth
    assert page.evaluate("game.puzzle.status") == "unique"
    assert shown(page) == truth
    assert "given" in cell(page, target).get_attribute("class")
    assert "reviewing" not in (page.get_attribute("body", "class") or "")
    assert saved_puzzle(page) == truth
    page.shot("3-started")

    # and it is played: a digit typed in an empty cell, kept over a reload
    empty = truth.index(".")
    cell(page, empty).click()
    page.keyboard.press("1")
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert page.evaluate("game.puzzle.puzzle") == truth
    expect(cell(page, empty)).to_have_text("1")
    assert page.errors == []


def test_cancel_gives_the_previous_game_back(page, server, tmp_path):
    from playwright.sync_api import expect

    photo, _, target = smudged_photo(SEED, tmp_path)
    open_app(page, server)
    page.evaluate("localStorage.clear()")
    paste(page, EASY)
    cell(page, 0).click()
    page.keyboard.press("4")
    page.keyboard.press("v")
    cell(page, 1).click()
    page.keyboard.press("5")          # a centre mark
    page.keyboard.press("z")
    said = page.inner_text("#message")

    page.set_viewport_size({"width": 390, "height": 860})   # a phone: the photo above
    open_photo(page, photo)
    photo_box = page.locator("#review-figure").bounding_box()
    grid_box = page.locator("#grid").bounding_box()
    assert photo_box["y"] + photo_box["height"] <= grid_box["y"]
    assert shown(page) == page.evaluate("review.data.puzzle")   # the reading, not EASY
    # while reviewing, the reading is changed and the language switched
    cell(page, target).click()
    page.keyboard.press("9")
    page.click("#lang")
    expect(page.locator("#review-start")).to_have_text("开始")
    expect(page.locator("#review-banner")).to_contain_text("核对中")
    page.shot("1-review-phone-zh")
    page.click("#lang")
    expect(page.locator("#review-cancel")).to_have_text("Cancel")

    page.click("#review-cancel")
    expect(page.locator("#review")).to_be_hidden()
    assert page.evaluate("game.puzzle.puzzle") == EASY
    expect(cell(page, 0)).to_have_text("4")
    expect(cell(page, 1).locator(".centre")).to_have_text("5")
    assert "given" in cell(page, 2).get_attribute("class")
    assert page.locator("#grid .cell.doubt").count() == 0
    assert page.inner_text("#message") == said
    assert page.input_value("#puzzle-text") == EASY
    expect(page.locator("#undo")).to_be_enabled()   # its history too
    page.click("#undo")
    expect(cell(page, 1).locator(".centre")).to_have_count(0)
    assert saved_puzzle(page) == EASY
    page.shot("2-cancelled")

    # a reload in the middle of a review finds the previous game too (nothing was saved)
    open_photo(page, photo)
    page.reload()
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#review")).to_be_hidden()
    assert page.evaluate("game.puzzle.puzzle") == EASY
    expect(cell(page, 0)).to_have_text("4")
    assert page.errors == []


def test_the_photo_is_described_by_its_reading(tmp_path):
    """The seeded photo is as the browser tests expect: one cell misread, and doubtful."""
    from shudu.scan import scan

    photo, truth, target = smudged_photo(SEED, tmp_path)
    found = scan(photo.read_bytes())
    assert [c for c in range(81) if str(found.grid)[c] != truth[c]] == [target]
    assert f"r{target // 9 + 1}c{target % 9 + 1}" in found.doubtful
    assert json.loads(json.dumps(found.to_dict()))["status"] != "ok"


def test_a_half_played_screenshot_goes_on_with_its_digits_and_marks(page, server, tmp_path):
    """A screenshot of a game under way (givens, the player's digits in colour, pencil
    marks): the review shows the givens; Start plays the puzzle with the player's digits
    placed and the marks as the player's centre marks, saved as the game."""
    import cv2
    from playwright.sync_api import expect

    from shudu.scan.shots import screenshot

    shot = screenshot(1, "app-light")
    path = tmp_path / "half-played.png"
    cv2.imwrite(str(path), cv2.cvtColor(shot.image, cv2.COLOR_RGB2BGR))
    open_app(page, server)
    page.evaluate("localStorage.clear()")
    open_photo(page, path)
    assert page.evaluate("review.data.puzzle") == shot.givens
    assert shown(page) == shot.givens      # the review is of the givens only
    expect(page.locator("#review-start")).to_be_enabled(timeout=30_000)
    page.click("#review-start")
    idle(page)
    expect(page.locator("#review")).to_be_hidden()
    digits = sum(e != "." for e in shot.entries)
    marked = sum(bool(m) for m in shot.marks)
    expect(page.locator("#message")).to_contain_text(
        f"with the {digits} digits and the marks of {marked} cells")
    assert page.evaluate("game.puzzle.puzzle") == shot.givens
    values = page.evaluate("game.values")
    assert "".join(str(v) if v else "." for v in values) == "".join(
        g if g != "." else e for g, e in zip(shot.givens, shot.entries))
    centre = page.evaluate("game.centre")
    assert ["".join(map(str, m)) for m in centre] == list(shot.marks)
    first = next(i for i, e in enumerate(shot.entries) if e != ".")
    assert "given" not in cell(page, first).get_attribute("class")   # the player's own
    page.shot("half-played")
    page.reload()          # the position is the saved game
    page.wait_for_selector("body[data-ready]")
    assert page.evaluate("game.values") == values
    assert page.evaluate("game.centre") == centre
