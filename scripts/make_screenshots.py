"""Make screenshots of shudu's own web app for reading them back (tests/scan/test_screens.py
and benchmarks/bench_scan.py take them the same way, with :func:`shoot`): a half-played
puzzle (givens, the player's digits, centre marks) in headless Chromium, light and dark
(the page inverted, as a dark-mode browser extension shows it), at a phone's and a
desktop's width; written as PNG with their ground truth in truth.json.  Seeded: the same
pictures every run (given the same Chromium).

Usage::

    PYTHONPATH=src python scripts/make_screenshots.py [--out test-output/screens]
"""

from __future__ import annotations

import argparse
import json
import shutil
import socket
import threading
import time
from pathlib import Path

from shudu.scan.shots import position
from shudu.web.app import Limits, create_app

ROOT = Path(__file__).resolve().parents[1]
VIEWS = {"phone": {"width": 390, "height": 844, "scale": 2},
         "desktop": {"width": 1280, "height": 900, "scale": 1}}
DARK = "html { filter: invert(1) hue-rotate(180deg); background: #fff; }"
"""A dark-mode extension's view of a light page."""
SEEDS = {"phone": 11, "desktop": 12}


def serve() -> tuple[str, object]:
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(Limits(seconds=20.0), port=port),
                                        log_level="warning", access_log=False))
    threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True).start()
    while not srv.started:
        time.sleep(0.02)
    return f"http://127.0.0.1:{port}/", srv


def shoot(browser: object, url: str, out: Path) -> dict[str, dict[str, object]]:
    """Take the screenshots with ``browser`` (Playwright's Chromium) of the app served at
    ``url`` into ``out``; returns each file's truth (givens, entries, marks)."""
    truth: dict[str, dict[str, object]] = {}
    for view, size in VIEWS.items():
        givens, entries, marks = position(SEEDS[view], marked=0.25)
        for theme in ("light", "dark"):
            page = browser.new_page(  # type: ignore[attr-defined]
                viewport={"width": size["width"], "height": size["height"]},
                device_scale_factor=size["scale"])
            page.goto(url)
            page.wait_for_selector("body[data-ready]")
            page.fill("#puzzle-text", givens)
            page.click("#load")
            page.wait_for_selector('#grid .cell[data-cell="80"]')
            page.wait_for_selector("body:not([data-busy])")
            page.wait_for_function(f"game.puzzle && game.puzzle.puzzle === {givens!r}")
            page.evaluate("""([entries, marks]) => {
                for (let c = 0; c < 81; c++) {
                  if (entries[c] !== ".") game.values[c] = Number(entries[c]);
                  game.centre[c] = Array.from(marks[c], Number);
                }
                draw();
            }""", [entries, list(marks)])
            if theme == "dark":
                page.add_style_tag(content=DARK)
            page.evaluate("window.scrollTo(0, 0)")
            name = f"web-app-{theme}-{view}.png"
            page.screenshot(path=str(out / name))
            truth[name] = {"givens": givens, "entries": entries, "marks": list(marks)}
            page.close()
    return truth


def main() -> int:
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "test-output" / "screens")
    a = ap.parse_args()
    a.out.mkdir(parents=True, exist_ok=True)
    url, srv = serve()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        truth = shoot(browser, url, a.out)
        browser.close()
    srv.should_exit = True     # type: ignore[attr-defined]
    (a.out / "truth.json").write_text(json.dumps(truth, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(truth)} screenshots to {a.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
