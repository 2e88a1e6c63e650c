"""scripts/check_wheel_isa.py: instructions beyond the baseline are refused outside the
functions dispatched at run time (named avx2/avx512), allowed inside them."""

from __future__ import annotations

import platform
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCE = """
#include <stdint.h>
__attribute__((target("avx2,popcnt"))) int count_avx2(const uint64_t *x, int n) {
    int c = 0;
    for (int i = 0; i < n; i++) c += __builtin_popcountll(x[i]);
    return c;
}
int count_plain(const uint64_t *x, int n) {
    int c = 0;
    for (int i = 0; i < n; i++) c += __builtin_popcountll(x[i]);
    return c;
}
int lowest(uint64_t x) { return __builtin_ctzll(x); }
"""

pytestmark = pytest.mark.skipif(
    platform.machine() not in ("x86_64", "AMD64") or shutil.which("gcc") is None
    or shutil.which("objdump") is None,
    reason="needs gcc and objdump on x86-64")


def _check(tmp_path: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "t.c").write_text(SOURCE)
    lib = tmp_path / "t.so"
    subprocess.run(["gcc", "-O2", "-shared", "-fPIC", *flags, str(tmp_path / "t.c"), "-o",
                    str(lib)], check=True)
    return subprocess.run([sys.executable, str(ROOT / "scripts" / "check_wheel_isa.py"),
                           str(lib)], capture_output=True, text=True, check=False)


def test_baseline_code_with_a_dispatched_function_passes(tmp_path: Path) -> None:
    done = _check(tmp_path)
    assert done.returncode == 0, done.stdout
    assert "in 1 dispatched functions; 0 outside them" in done.stdout


def test_popcnt_outside_a_dispatched_function_fails(tmp_path: Path) -> None:
    done = _check(tmp_path, "-mpopcnt")
    assert done.returncode == 1, done.stdout
    assert "count_plain: 1 instructions beyond the baseline: popcnt" in done.stdout
    assert "count_avx2" not in done.stdout.split("\n", 1)[1]


def test_native_avx2_build_fails(tmp_path: Path) -> None:
    done = _check(tmp_path, "-O3", "-mavx2", "-mbmi2")
    assert done.returncode == 1, done.stdout
    assert "count_plain" in done.stdout
