"""The page ``shudu explain --html`` writes, in a real browser: it loads without errors,
every step's picture shows, the table of contents leads to the steps, and a full-page
screenshot lands under test-output/ for review (in English and in Chinese)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from shudu.cli import cli

MEDIUM = "5..7..6....38...........2..62.4............917............35.8.4.....1......9...."


def written(tmp_path: Path, lang: str) -> Path:
    out = tmp_path / f"walk-{lang}.html"
    result = CliRunner().invoke(cli, ["explain", "--lang", lang, "--html", str(out), MEDIUM],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_walkthrough_in_the_browser(page, tmp_path: Path, lang: str) -> None:
    page.goto(written(tmp_path, lang).as_uri())
    assert page.evaluate("document.documentElement.lang") == lang
    sections = page.locator("section.step")
    assert sections.count() >= 10
    for k in range(sections.count()):
        picture = sections.nth(k).locator("svg")
        assert picture.count() == 1
        assert picture.is_visible()
        box = picture.bounding_box()
        assert box is not None and box["width"] > 100 and box["height"] > 100
    final = page.locator("section.final svg")
    assert final.count() == 1 and final.is_visible()

    targets = page.eval_on_selector_all(
        "nav.toc a", "links => links.map(a => a.getAttribute('href'))")
    assert targets and all(t.startswith("#step-") for t in targets)
    missing = page.evaluate(
        "ids => ids.filter(id => !document.getElementById(id))", [t[1:] for t in targets])
    assert missing == []
    last = page.locator("nav.toc a").last
    href = last.get_attribute("href")
    last.click()
    assert page.evaluate("location.hash") == href
    assert page.evaluate("window.scrollY") > 0
    top = page.evaluate(f"document.getElementById('{href[1:]}').getBoundingClientRect().top")
    assert 0 <= top < page.viewport_size["height"]

    assert page.shot(f"walkthrough-{lang}").stat().st_size > 0
    if lang == "en":
        page.shot("walkthrough")
    page.set_viewport_size({"width": 375, "height": 800})   # a phone
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= 375
    assert page.errors == []
