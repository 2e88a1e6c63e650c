"""Benchmark ``shudu book``: the seconds to make a printable PDF book.

Makes a book of ``--count`` new puzzles of ``--grade`` (default: 48 hard puzzles, A4, one
to a page, solutions at the back) exactly as ``shudu book -n 48 --grade hard -o
book.pdf`` does — generation on every core (``--jobs``) with
:func:`shudu.make.book.generate_book`, then :func:`shudu.make.book.make_book` — and prints one line
with the wall-clock seconds (``time.perf_counter``) of each part and of the whole, the
page count, the load average and whether the whole is under the acceptance limit
(``--limit``, 30 s).

Usage::

    python benchmarks/bench_book.py [--count 48] [--grade hard] [--page a4]
        [--per-page 1] [--seed 2026] [--jobs N] [--limit 30] [-o book.pdf]
        [--markdown benchmarks/RESULTS.md]
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

from report import block, command_line, load_average, write_block  # noqa: E402

LIMIT = 30.0
"""Acceptance: seconds for 48 hard puzzles on A4 on this machine."""


def main(argv: list[str] | None = None) -> int:
    """Make the book, print the timing line; exit status 1 when over ``--limit``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=48)
    parser.add_argument("--grade", default="hard")
    parser.add_argument("--page", default="a4", choices=["a4", "letter"])
    parser.add_argument("--per-page", type=int, default=1, choices=[1, 2, 4, 6])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--limit", type=float, default=LIMIT)
    parser.add_argument("-o", "--output", default=None, help="Also write the PDF here.")
    parser.add_argument("--markdown", type=Path, help="write the result into this file")
    args = parser.parse_args(argv)

    from pypdf import PdfReader

    from shudu.make.book import book_entry, generate_book, make_book

    start = time.perf_counter()
    entries = [book_entry(g) for g in generate_book(args.count, seed=args.seed,
                                                     grade=args.grade, jobs=args.jobs)]
    made = time.perf_counter()
    pdf = make_book(entries, title=f"{args.count} {args.grade} puzzles",
                    per_page=args.per_page, page=args.page)
    done = time.perf_counter()
    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    if args.output:
        Path(args.output).write_bytes(pdf)
    total = done - start
    verdict = "PASS" if total < args.limit else "FAIL"
    line = (f"book: {args.count} {args.grade} puzzles, {args.page.upper()}, {pages} pages, "
            f"{len(pdf) / 1024:.0f} KiB: {total:.1f} s (generation {made - start:.1f} s on "
            f"{args.jobs} processes, PDF {done - made:.1f} s); limit {args.limit:g} s: "
            f"{verdict} (load average {load_average()})")
    print(line)
    if args.markdown:
        stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        write_block(args.markdown, "book", block("book", [
            "## Printable book", "",
            "Written by `benchmarks/bench_book.py`: `shudu book -n 48 --grade hard` as the "
            "command does it (generation on every core, then the PDF).", "",
            f"- Command: `{command_line(__file__)}`", f"- Date: {stamp}", "",
            line]))
    return 0 if verdict == "PASS" else 1


if __name__ == "__main__":
    sys.exit(main())
