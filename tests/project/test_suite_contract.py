"""The test suite is a contract: without the shared data the technique regression tests
skip locally (with their reason) but fail in continuous integration."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run_reglib_tests(ci: bool, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["SHUDU_SHARED_DATA"] = str(tmp_path / "absent")
    if ci:
        env["CI"] = "true"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs",
         "tests/logic/test_logic_patterns.py", "-k", "reglib"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False)


def test_missing_reglib_skips_locally_with_its_reason(tmp_path: Path) -> None:
    r = _run_reglib_tests(False, tmp_path)
    assert r.returncode == 0, r.stdout[-2000:]
    assert "skipped" in r.stdout and "not found" in r.stdout and "failed" not in r.stdout


def test_missing_reglib_fails_in_ci(tmp_path: Path) -> None:
    r = _run_reglib_tests(True, tmp_path)
    assert r.returncode == 1, r.stdout[-2000:]
    assert "required when CI is set" in r.stdout and "skipped" not in r.stdout
