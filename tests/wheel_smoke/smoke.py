"""Smoke test of an installed shudu (a wheel in a fresh virtual environment): run as
``python tests/wheel_smoke/smoke.py`` from a directory where the source tree's ``src/`` is
not on the path.  It uses only the standard library and shudu, so that cibuildwheel's
test command and scripts/wheel_smoke.sh can run it on every platform.

Each check prints one line; any failure raises (exit status 1).  The engine's checks run
again in a fresh interpreter for every propagation path the processor runs, forced by
``SHUDU_SIMD`` (``--engine`` runs them under the path the environment names; ``--paths``
prints the paths this processor runs, for scripts/wheel_smoke.sh).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
EASY = "...26.7.168..7..9.19...45..82.1...4...46.29...5...3.28..93...74.4..5..367.3.18..."
PATHS = ("portable", "avx2", "avx512")
SHOW_PATH = "from shudu.solving.engine import propagation; print(propagation())"


def check(what: str, ok: bool, detail: object = "") -> None:
    """Print one check's result; raise when it failed."""
    print(f"{'ok  ' if ok else 'FAIL'} {what}{f': {detail}' if detail != '' else ''}")
    if not ok:
        raise SystemExit(f"wheel smoke test failed: {what}")


def paths_here() -> list[str]:
    """The propagation paths this processor runs: a path it lacks, forced by SHUDU_SIMD,
    gives a warning and a slower path."""
    found = []
    for path in PATHS:
        done = subprocess.run([sys.executable, "-W", "ignore", "-c", SHOW_PATH],
                              capture_output=True, text=True, timeout=120, check=True,
                              env={**os.environ, "SHUDU_SIMD": path})
        if done.stdout.strip() == path:
            found.append(path)
    return found


def engine_checks() -> None:
    """The C engine's checks, on the path SHUDU_SIMD names (or the fastest one)."""
    import shudu
    from shudu.solving.engine import propagation

    want = os.environ.get("SHUDU_SIMD")
    check("the engine's propagation", want in (None, propagation()), propagation())
    check("solve", str(shudu.solve(PUZZLE)).replace("\n", "") == SOLUTION)
    check("count (unique)", shudu.count(PUZZLE) == 1)
    check("count (empty grid, limit 1000)", shudu.count("." * 81, 1000) == 1000)
    batch = shudu.solve_many([PUZZLE] * 200, threads=2)
    check("solve_many on two threads", list(batch.counts) == [1] * 200)
    check("count (4x4, threads)", shudu.count("." * 16, 1000, 4, threads=2) == 288)


def main() -> None:
    if "--paths" in sys.argv[1:]:
        print(" ".join(paths_here()))
        return
    if "--engine" in sys.argv[1:]:
        engine_checks()
        return
    import shudu

    where = Path(shudu.__file__).resolve()
    check("shudu is the installed package", "site-packages" in where.parts, where.parent)
    engine = next((p for p in where.parent.glob("_engine*") if p.suffix in (".so", ".pyd")),
                  None)
    check("the C engine is in the package", engine is not None, engine and engine.name)
    engine_checks()
    paths = paths_here()
    check("propagation paths this processor runs", "portable" in paths, " ".join(paths))
    for path in paths:
        done = subprocess.run([sys.executable, __file__, "--engine"], capture_output=True,
                              text=True, timeout=300, check=False,
                              env={**os.environ, "SHUDU_SIMD": path})
        print(done.stdout, end="")
        check(f"the engine's checks with SHUDU_SIMD={path}", done.returncode == 0,
              done.stderr.strip()[-200:])

    path = shudu.explain(EASY)
    check("explain", path.solved and len(path.steps) == 45, f"{len(path.steps)} steps")
    rating = shudu.rate(EASY)
    check("rate", rating.score == 1.2 and rating.solved, rating.grade)

    grid = shudu.parse(PUZZLE)
    text = shudu.write(grid, "grid")
    check("formats: grid text and back", str(shudu.parse(text)) == str(grid))

    exe = Path(sys.executable).parent / ("shudu.exe" if sys.platform == "win32" else "shudu")
    done = subprocess.run([str(exe), "solve", PUZZLE], capture_output=True, text=True,
                          timeout=120, check=False)
    digits = "".join(ch for ch in done.stdout if ch.isdigit())
    check("the command line: shudu solve", done.returncode == 0 and digits == SOLUTION,
          done.stderr.strip()[-200:])
    version = subprocess.run([str(exe), "--version"], capture_output=True, text=True,
                             timeout=120, check=False)
    check("the command line: shudu --version", shudu.__version__ in version.stdout,
          version.stdout.strip())
    print("wheel smoke test passed")


if __name__ == "__main__":
    main()
