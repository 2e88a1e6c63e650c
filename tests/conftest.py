"""Shared fixtures: where the real puzzle collections live, and an independent checker."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

# Continuous integration replays the same examples every run (a fixed seed), so a result
# there never depends on chance; locally each run explores new examples.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = ROOT.parent / "shared" / "data"


def shared_file(name: str) -> Path:
    """Path of a file in ../shared/data, skipping the test with a clear reason if absent."""
    path = SHARED_DATA / name
    if not path.exists():
        pytest.skip(f"{path} not found: the shared puzzle collections sit beside the repository")
    return path


@pytest.fixture
def shared() -> type:
    """Access to ../shared/data for tests that read the real collections."""

    class Shared:
        file = staticmethod(shared_file)
        root = SHARED_DATA

    return Shared
