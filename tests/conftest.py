"""Shared fixtures: where the real puzzle collections live, and an independent checker."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# No example has a time limit (a slow machine must not fail a test); continuous
# integration replays the same examples every run (a fixed seed), so a result there never
# depends on chance, while locally each run explores new examples.
settings.register_profile("local", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "local")

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = Path(os.environ.get("SHUDU_SHARED_DATA") or ROOT.parent / "shared" / "data")
"""The shared puzzle collections (``SHUDU_SHARED_DATA`` names another place)."""


def missing_shared(path: Path) -> None:
    """Stop a test that needs ``path`` from ../shared/data, which is absent: locally a skip
    with the reason; in continuous integration (``CI`` set) a failure, so the technique
    contract and the data-set checks can never silently vanish."""
    reason = f"{path} not found: the shared puzzle collections sit beside the repository"
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (required when CI is set)", pytrace=False)
    pytest.skip(reason)


def shared_file(name: str) -> Path:
    """Path of a file in ../shared/data; see :func:`missing_shared` when it is absent."""
    path = SHARED_DATA / name
    if not path.exists():
        missing_shared(path)
    return path


def wrong_candidates(state: Any, solution: Sequence[Any]) -> list[tuple[int, int]]:
    """The candidates of a logic state's open cells that its solution (digits as text or
    as values) does not hold: what tests remove to vary states soundly."""
    return [(cell, d) for cell in range(len(state.values)) if not state.values[cell]
            for d in state.digits_of(cell) if d != int(solution[cell])]


@pytest.fixture
def shared() -> type:
    """Access to ../shared/data for tests that read the real collections."""

    class Shared:
        file = staticmethod(shared_file)
        root = SHARED_DATA

    return Shared


# ------------------------------------------------------------------ a real browser
TEST_OUTPUT = ROOT / "test-output"
"""Where browser tests write screenshots for review (ignored by git)."""


def chromium_path() -> str | None:
    """The system Chromium that browser tests drive (``SHUDU_CHROMIUM`` names another),
    or None when none is installed."""
    import shutil

    named = os.environ.get("SHUDU_CHROMIUM")
    if named:
        return named
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def missing_tool(reason: str, package: str = "chromium") -> None:
    """Stop a test whose system program is missing (Chromium, pdftotext): a skip locally,
    a failure under ``CI`` (these tests are part of the contract; ``make test`` installs
    the programs when it runs as root)."""
    reason += (f"; `make test` installs it as root, else run 'sudo apt-get install "
               f"{package}'")
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (required when CI is set)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser():
    """A headless Chromium (the system's, driven by Playwright), shared by the session."""
    path = chromium_path()
    if path is None:
        missing_tool("no Chromium found")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing_tool("Playwright is not installed (it comes with the test extras)")
    with sync_playwright() as pw:
        found = pw.chromium.launch(executable_path=path, args=["--no-sandbox"])
        yield found
        found.close()


class PageErrors(list):
    """Console errors and uncaught page errors seen by a :func:`page`."""


@pytest.fixture
def page(browser, request):
    """A fresh browser page; ``page.errors`` collects console errors and uncaught
    exceptions, and ``page.shot(name)`` writes a screenshot under ``test-output/``."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    tab = context.new_page()
    errors = PageErrors()
    tab.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.errors = errors

    def shot(name: str) -> Path:
        folder = TEST_OUTPUT / request.node.name
        folder.mkdir(parents=True, exist_ok=True)
        out = folder / f"{name}.png"
        tab.screenshot(path=str(out), full_page=True)
        return out

    tab.shot = shot
    yield tab
    context.close()
