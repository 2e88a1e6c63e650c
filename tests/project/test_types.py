"""The package type-checks: mypy over src/shudu with the configuration in pyproject.toml
(strict on the core layers, a baseline on the rest) finds nothing.

mypy comes with the ``test`` extra; where it is missing the test is skipped locally and
fails under continuous integration (``CI`` set), so the check can never silently vanish.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys

import pytest

from conftest import ROOT

TIME_LIMIT = 600
"""Seconds mypy may take: a run without its cache checks every module (well under a
minute on an ordinary machine); a later run reuses .mypy_cache and takes seconds."""


def test_mypy_finds_no_errors() -> None:
    if importlib.util.find_spec("mypy") is None:
        reason = "mypy is not installed (it comes with the test extra: pip install -e '.[test]')"
        if os.environ.get("CI"):
            pytest.fail(f"{reason} (required when CI is set)", pytrace=False)
        pytest.skip(reason)
    command = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")]
    try:
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True,
                              timeout=TIME_LIMIT, check=False)
    except subprocess.TimeoutExpired as e:   # its output so far comes as bytes
        so_far = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else ""
        pytest.fail(f"mypy took over {TIME_LIMIT} s\n{so_far}", pytrace=False)
    assert done.returncode == 0, f"mypy found type errors:\n{done.stdout}{done.stderr}"
