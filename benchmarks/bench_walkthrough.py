"""Time the HTML walk-through of whole puzzles: the uniqueness check, the logic path and
the page with a picture per step (``shudu.pictures.walkthrough.walkthrough_html``, what
``shudu explain --html`` writes), one puzzle at a time.

Prints the mean and the maximum wall-clock seconds over the first ``--count`` puzzles of
a file (top1465 by default), the page size, and the slowest puzzle.

Usage::

    python benchmarks/bench_walkthrough.py [--file top1465.sdm] [--count 20] [--lang en]
        [--markdown benchmarks/RESULTS.md]
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

from report import (  # noqa: E402
    block,
    command_line,
    default_data_dir,
    load_average,
    load_puzzles,
    write_block,
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", default="top1465.sdm",
                        help="puzzle file, in the shared data folder unless a path")
    parser.add_argument("--count", type=int, default=20, help="how many puzzles, from the top")
    parser.add_argument("--lang", choices=["en", "zh"], default="en")
    parser.add_argument("--markdown", type=Path, help="write the result into this file")
    args = parser.parse_args(argv)

    from shudu.pictures.walkthrough import walkthrough_html

    path = Path(args.file)
    if not path.exists():
        path = default_data_dir() / args.file
    if not path.exists():
        print(f"{path} not found", file=sys.stderr)
        return 2
    puzzles = load_puzzles(path)[: args.count]
    walkthrough_html(puzzles[0], lang=args.lang)   # imports and caches warm
    times: list[float] = []
    cpu: list[float] = []
    sizes: list[int] = []
    for p in puzzles:
        start, c0 = time.perf_counter(), time.process_time()
        page = walkthrough_html(p, lang=args.lang)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - c0)
        sizes.append(len(page.encode("utf-8")))
    worst = max(range(len(times)), key=times.__getitem__)
    over = sum(1 for t in cpu if t > 1.0)
    line = (f"{len(times)} puzzles of {path.name} ({args.lang}): "
            f"mean {statistics.fmean(times):.3f} s, max {times[worst]:.3f} s "
            f"(puzzle {worst + 1}), CPU mean {statistics.fmean(cpu):.3f} s, max "
            f"{max(cpu):.3f} s; {over} over 1 s of CPU; page "
            f"{statistics.fmean(sizes) / 1024:.0f} KiB on average")
    print(line)
    if args.markdown:
        stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        write_block(args.markdown, "walkthrough", block("walkthrough", [
            "## HTML walk-through", "",
            "Written by `benchmarks/bench_walkthrough.py`: `shudu explain --html`'s page "
            "(uniqueness check, logic path, a picture per step) of each puzzle, one at a "
            "time; the aim is at most 1 s a puzzle.", "",
            f"- Command: `{command_line(__file__)}`",
            f"- Date: {stamp}; load average (1 min) {load_average()}", "", line]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
