"""The browser fixtures work: a page loads in the system Chromium, console errors and
uncaught exceptions are collected, and screenshots land under test-output/."""

from __future__ import annotations


def test_page_loads_and_collects_errors(page):
    with page.expect_event("pageerror"):
        page.set_content("<html><body><h1>shudu</h1><script>console.error('seen');"
                         " setTimeout(() => { throw new Error('boom') })</script></body></html>")
    assert page.inner_text("h1") == "shudu"
    assert "seen" in page.errors
    assert any("boom" in e for e in page.errors)


def test_screenshot_written(page):
    page.set_content("<html><body style='background:#fff'><p>grid</p></body></html>")
    out = page.shot("blank")
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
