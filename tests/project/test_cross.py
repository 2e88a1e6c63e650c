"""The C core on the platforms this machine is not, through scripts/cross_check.sh: a
mingw-w64 build for Windows (no POSIX-only headers: Windows threads through csrc/threads.h)
and an aarch64 build whose C test program runs under qemu-user.

Where the cross compilers cannot be installed the script says why and these tests skip
with that reason, also in continuous integration (the compilers are Debian packages that
``make test`` installs as root); a compile or test failure always fails.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SKIPPED = 77
"""The script's exit status when the cross tools are missing and cannot be installed."""

EXPECTED = {
    "windows": "linked test9.exe and test_generic.exe",
    "aarch64": "test9 under qemu-aarch64",
}


@pytest.mark.parametrize("target", sorted(EXPECTED))
def test_cross_build(target: str) -> None:
    done = subprocess.run(
        ["bash", str(ROOT / "scripts" / "cross_check.sh"), target],
        cwd=ROOT, capture_output=True, text=True, timeout=900, check=False,
        env={**os.environ, "LC_ALL": "C"},
    )
    out = done.stdout + done.stderr
    if done.returncode == SKIPPED:
        reason = next(line for line in done.stdout.splitlines() if line.startswith("SKIP:"))
        pytest.skip(reason)
    assert done.returncode == 0, out[-4000:]
    assert "test sources with" in out and "-Werror" in out, out[-4000:]
    assert EXPECTED[target] in out, out[-4000:]
    if target == "aarch64":   # the test programs' line (apt may add lines to stderr)
        ran = [line for line in done.stdout.splitlines() if "under qemu-aarch64" in line]
        assert ran and ran[-1].endswith("all tests passed"), out[-4000:]
