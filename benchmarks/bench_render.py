"""Time the SVG pictures: milliseconds per picture of a 9x9 step drawn on its state.

For a few technique families (stored states of tests/fixtures/technique_states.json),
draw ``shudu.pictures.svg(state, step=step)`` many times and print the mean and best time
per picture (the aim: at most 2 ms for a 9x9 step picture), plus a plain grid and a
16x16 candidate state.  PNG/PDF time is CairoSVG's and is not measured here.

Usage::

    python benchmarks/bench_render.py [--repeat 200] [--markdown benchmarks/RESULTS.md]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from report import block, command_line, load_average, table, write_block  # noqa: E402

KEYS = ("hidden-single", "naked-pair", "finned-x-wing", "xy-wing", "als-xz", "aic")


def _time(draw, repeat: int) -> tuple[float, float]:
    """(mean, best) milliseconds per call of ``draw``."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        draw()
        times.append(time.perf_counter() - t0)
    return 1000 * sum(times) / len(times), 1000 * min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200, help="pictures per case")
    parser.add_argument("--markdown", type=Path, help="write the table into this file")
    args = parser.parse_args(argv)

    from render_support import stored
    from shudu.pictures import svg
    from shudu.values.candidates import Candidates
    from shudu.values.grid import Grid
    from shudu.values.rules import Rules

    cases = []
    for key in KEYS:
        state, step = stored(key)
        cases.append((f"9x9 step: {key}", lambda s=state, t=step: svg(s, step=t)))
    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    grid = Grid(puzzle)
    cases.append(("9x9 grid", lambda: svg(grid)))
    big = Candidates.from_grid(Grid.empty(Rules(16)))
    cases.append(("16x16 candidates", lambda: svg(big)))
    print(f"{'picture':32} {'mean ms':>8} {'best ms':>8}")
    rows = []
    for name, draw in cases:
        draw()   # warm the per-size geometry
        mean, best = _time(draw, args.repeat)
        print(f"{name:32} {mean:8.3f} {best:8.3f}")
        rows.append([name, f"{mean:.3f}", f"{best:.3f}",
                     ("PASS" if mean <= 2.0 else "FAIL") if name.startswith("9x9 step") else ""])
    if args.markdown:
        stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        write_block(args.markdown, "render", block("render", [
            "## Pictures", "",
            "Written by `benchmarks/bench_render.py`: milliseconds per SVG picture "
            f"(`shudu.pictures.svg`), {args.repeat} pictures per case; the aim is at most 2 ms "
            "for a 9x9 step picture.", "",
            f"- Command: `{command_line(__file__)}`", f"- Date: {stamp}; load average "
            f"(1 min) {load_average()}", "",
            *table(["picture", "mean ms", "best ms", "≤ 2 ms"], rows)]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
