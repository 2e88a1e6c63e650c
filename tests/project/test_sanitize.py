"""The C core under AddressSanitizer + UBSan, through scripts/sanitize.sh (quick mode)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from shudu.solving.engine import propagation

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is needed to build sanitized code")
def test_c_core_is_clean_under_sanitizers() -> None:
    done = subprocess.run(
        ["bash", str(ROOT / "scripts" / "sanitize.sh"), "--quick"],
        cwd=ROOT, capture_output=True, text=True, timeout=900, check=False,
        env={"PATH": str(Path(sys.executable).parent) + ":/usr/bin:/bin",
             "PYTHON": sys.executable, "HOME": str(Path.home())},
    )
    tail = (done.stdout + done.stderr)[-3000:]
    assert done.returncode == 0, tail
    assert "sanitize: all clean" in done.stdout
    if propagation() != "portable":
        # the solver's propagation paths were compared search by search
        assert "searches agree" in done.stdout, tail
