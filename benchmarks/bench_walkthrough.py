"""Time the HTML walk-through of whole puzzles: the uniqueness check, the logic path and
the page with a picture per step (``shudu.render.walkthrough.walkthrough_html``, what
``shudu explain --html`` writes), one puzzle at a time.

Prints the mean and the maximum wall-clock seconds over the first ``--count`` puzzles of
a file (top1465 by default), the page size, and the slowest puzzle.

Usage::

    python benchmarks/bench_walkthrough.py [--file top1465.sdm] [--count 20] [--lang en]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

from report import default_data_dir, load_puzzles  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", default="top1465.sdm",
                        help="puzzle file, in the shared data folder unless a path")
    parser.add_argument("--count", type=int, default=20, help="how many puzzles, from the top")
    parser.add_argument("--lang", choices=["en", "zh"], default="en")
    args = parser.parse_args(argv)

    from shudu.render.walkthrough import walkthrough_html

    path = Path(args.file)
    if not path.exists():
        path = default_data_dir() / args.file
    if not path.exists():
        print(f"{path} not found", file=sys.stderr)
        return 2
    puzzles = load_puzzles(path)[: args.count]
    walkthrough_html(puzzles[0], lang=args.lang)   # imports and caches warm
    times: list[float] = []
    sizes: list[int] = []
    for p in puzzles:
        start = time.perf_counter()
        page = walkthrough_html(p, lang=args.lang)
        times.append(time.perf_counter() - start)
        sizes.append(len(page.encode("utf-8")))
    worst = max(range(len(times)), key=times.__getitem__)
    print(f"{len(times)} puzzles of {path.name} ({args.lang}): "
          f"mean {statistics.fmean(times):.3f} s, max {times[worst]:.3f} s "
          f"(puzzle {worst + 1}), page {statistics.fmean(sizes) / 1024:.0f} KiB on average")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
