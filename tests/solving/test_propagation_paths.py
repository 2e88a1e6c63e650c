"""The classic solver's propagation paths (portable, avx2, avx512) agree search by search.

Each path the processor runs is forced by ``SHUDU_SIMD`` in a fresh interpreter (the
extension chooses its path once, when it loads), which solves the same puzzles: counts,
first solutions, guesses and nodes must be identical to the portable path's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from shudu.solving.engine import propagation

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "tests" / "fixtures" / "puzzles" / "top1465.sdm"
ORDER = ("portable", "avx2", "avx512")
SHOW = "from shudu.solving.engine import propagation; print(propagation())"

# Solves the fixture puzzles (first solution and count to 2), a seeded random full grid and
# a puzzle with many solutions; prints the path and every result as JSON.
PROGRAM = """
import json, sys
import shudu
from shudu.solving.engine import propagation, search
puzzles = [line.strip() for line in open(sys.argv[1]) if len(line.strip()) == 81]
out = {"path": propagation(), "results": []}
for p in puzzles + ["." * 81, puzzles[0][:40] + "." * 41]:
    for limit in (1, 2, 50):
        r = search(p, limit=limit)
        out["results"].append([r.count, r.solution and str(r.solution), r.guesses, r.nodes])
r = search("." * 81, limit=1, seed=2024)
out["results"].append([r.count, str(r.solution), r.guesses, r.nodes])
print(json.dumps(out))
"""


def _env(path: str | None) -> dict[str, str]:
    """The environment with SHUDU_SIMD set to path (removed for None)."""
    env = {k: v for k, v in os.environ.items() if k != "SHUDU_SIMD"}
    env["PYTHONPATH"] = str(ROOT / "src")
    if path is not None:
        env["SHUDU_SIMD"] = path
    return env


def _run(path: str) -> dict[str, object]:
    env = _env(path)
    done = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "-c", PROGRAM,
                           str(PUZZLES)], capture_output=True, text=True, timeout=300,
                          check=False, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, object] = json.loads(done.stdout)
    return result


@cache
def _paths_here() -> list[str]:
    """The paths this processor runs: the fastest one (chosen when SHUDU_SIMD is not set)
    and every one below it."""
    done = subprocess.run(
        [sys.executable, "-c", SHOW],
        capture_output=True, text=True, timeout=120, check=True, env=_env(None))
    return list(ORDER[:ORDER.index(done.stdout.strip()) + 1])


def test_the_path_in_use_is_named() -> None:
    assert propagation() in ORDER


@pytest.mark.parametrize("path", ORDER[1:])
def test_each_fast_path_agrees_with_the_portable_one(path: str) -> None:
    if path not in _paths_here():
        pytest.skip(f"this processor does not run the {path} path")
    portable, fast = _run("portable"), _run(path)
    assert portable["path"] == "portable" and fast["path"] == path
    assert isinstance(portable["results"], list) and len(portable["results"]) > 100
    assert fast["results"] == portable["results"]


def test_an_unknown_path_warns_and_falls_back_to_the_fastest() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SHOW],
        capture_output=True, text=True, timeout=120, check=False, env=_env("no-such-path"))
    assert done.returncode == 0, done.stderr[-2000:]
    assert "SHUDU_SIMD=no-such-path" in done.stderr and "RuntimeWarning" in done.stderr
    assert done.stdout.strip() == _paths_here()[-1]
