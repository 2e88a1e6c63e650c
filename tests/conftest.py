"""Shared fixtures: where the real puzzle collections live, and an independent checker."""

from __future__ import annotations

import os
from pathlib import Path

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


@pytest.fixture
def shared() -> type:
    """Access to ../shared/data for tests that read the real collections."""

    class Shared:
        file = staticmethod(shared_file)
        root = SHARED_DATA

    return Shared
