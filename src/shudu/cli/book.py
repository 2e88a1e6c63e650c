"""``shudu book``: a printable PDF book of new puzzles, or of the puzzles of a file."""

from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING, Any

import click

from .app import cli
from .common import SOLVE_EXIT_BAD_INPUT, Console, reading_options, run_frame, show_progress
from .inputs import Inputs, peek_many
from .rate import EXIT_UNRATED

if TYPE_CHECKING:
    from ..make.book import BookPuzzle
    from ..values.rules import Rules

_MAKING = ("count", "grade", "symmetry", "seed")
"""Options that make new puzzles: refused together with a file of puzzles."""


def _need_pictures() -> None:
    """Stop with one line when CairoSVG, the Cairo library or pypdf is missing."""
    from ..errors import PicturesUnavailable
    from ..make.book import pdf_tools

    try:
        pdf_tools()
    except PicturesUnavailable as e:
        raise click.ClickException(str(e)) from None


def _generated(console: Console, count: int, rules: Rules | None, seed: int | None,
               jobs: int, timeout: float | None, options: dict[str, Any]
               ) -> list[BookPuzzle] | None:
    """``count`` new puzzles (``None`` after an error was printed)."""
    from ..errors import GenerationError
    from ..make.book import book_entry, generate_book

    made: list[BookPuzzle] = []
    try:
        for g in generate_book(count, rules, seed=seed, jobs=jobs, timeout=timeout,
                               **options):
            made.append(book_entry(g))
            console.step()
    except GenerationError as e:
        hint = " (--timeout)" if timeout is not None and str(e).startswith("made ") else ""
        console.error(f"{e}{hint}; no book written")
        return None
    return made


def _read(console: Console, inputs: tuple[str, ...], fmt: str | None, rules: Rules | None,
          jobs: int, timeout: float | None) -> tuple[list[BookPuzzle], int]:
    """The puzzles of the inputs that have one solution, and the exit code so far; each
    puzzle left out is one error line naming its place."""
    from ..make.book import BookPuzzle
    from ..solving import engine
    from .rate import ratings_of

    source = Inputs(inputs, format=fmt, rules=rules)
    many, items = peek_many(source)
    if console.bar is not None:
        console.bar.total = source.total
    entries: list[BookPuzzle] = []
    code = 0
    for item, result in ratings_of(items, jobs if many else 1, timeout):
        console.step()
        if item.grid is None or result is None:
            console.error(item.describe_error(item.error))
            code = max(code, SOLVE_EXIT_BAD_INPUT)
            continue
        if isinstance(result, ValueError):
            console.error(item.describe_error(result))
            code = max(code, EXIT_UNRATED)
            continue
        solution = engine.solve(item.grid)
        assert solution is not None   # rated, so it has exactly one solution
        entries.append(BookPuzzle(item.grid, solution, result))
    return entries, code


def _write(data: bytes, path: str) -> None:
    if path == "-":
        out = sys.stdout.buffer
        out.write(data)
        out.flush()
        return
    tmp = f"{path}.part"
    try:
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise click.ClickException(f"{path}: cannot write ({e.strerror or e})") from None


def _puzzles(n: int) -> str:
    """``1 puzzle``, ``2 puzzles``.

    >>> _puzzles(1), _puzzles(48)
    ('1 puzzle', '48 puzzles')
    """
    return f"{n} puzzle{'s' if n != 1 else ''}"


def _pages(pdf: bytes) -> int:
    import io

    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


@cli.command(
    epilog="""\b
Examples:
  shudu book -n 48 --grade hard -o book.pdf           # every core, a title page, solutions
  shudu book -n 24 --per-page 4 --page letter --seed 7 -o book.pdf
  shudu book -n 12 --rules x --symmetry 180 --no-solutions -o x.pdf
  shudu book puzzles.sdm -o book.pdf                  # the puzzles of a file
  shudu book -n 48 --grade expert --timeout 120 -o expert.pdf

\b
Each puzzle is captioned with its number, grade and Sudoku Explainer score
('No. 12 · hard · 5.6'); the solutions follow at the back, twelve to a page.  The same
--seed and options give the same book, byte for byte, whatever --jobs is.  With a file,
a puzzle without exactly one solution is reported with its line and left out.
Needs the 'pictures' extra: pip install 'shudu[pictures]'.
Exit status: 0 done, 1 generation ran out of budget (no book) or a puzzle of the file
has no or several solutions, 2 bad input or usage.""",
)
@click.argument("inputs", metavar="[PUZZLE_FILE]...", nargs=-1)
@reading_options
@click.option("-o", "--output", "output", metavar="FILE", required=True,
              help="The PDF to write ('-': standard output).")
@click.option("-n", "--count", "count", metavar="N", type=click.IntRange(min=1), default=12,
              show_default=True, help="How many new puzzles.")
@click.option("--grade", type=click.Choice(["beginner", "easy", "medium", "hard", "expert",
                                            "extreme"]), default=None,
              help="Grade of the new puzzles (default: a score below 7.0).")
@click.option("--symmetry", type=click.Choice(["none", "180", "90", "mirror", "diagonal"]),
              default="none", show_default=True, help="Symmetry of the givens.")
@click.option("--seed", metavar="N", type=int, default=None, help="The same book again.")
@click.option("--per-page", "per_page", type=click.Choice(["1", "2", "4", "6"]), default="1",
              show_default=True, help="Puzzles on a page.")
@click.option("--page", type=click.Choice(["a4", "letter"], case_sensitive=False),
              default="a4", show_default=True, help="Paper size.")
@click.option("--solutions/--no-solutions", default=True, show_default=True,
              help="Solutions at the back.")
@click.option("--title", metavar="TEXT", default="Sudoku", show_default=True,
              help="Title on the first page (and in the PDF's metadata).")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="Language of the captions and the title page.")
@click.option("--jobs", metavar="N", type=click.IntRange(min=1), default=None,
              help="Worker processes (default: every core).")
@click.option("--timeout", metavar="SECONDS", type=click.FloatRange(min=0, min_open=True),
              default=None, help="Give up when making the puzzles takes longer than this "
              "(with a file: rating one puzzle).")
@click.pass_context
def book(ctx: click.Context, inputs: tuple[str, ...], fmt: str | None, rules: Rules | None,
         progress: bool | None, output: str, count: int, grade: str | None, symmetry: str,
         seed: int | None, per_page: str, page: str, solutions: bool, title: str, lang: str,
         jobs: int | None, timeout: float | None) -> None:
    """Make a printable PDF book of puzzles: new ones (-n, --grade ...) or those of files.

    Each PUZZLE_FILE is a file of puzzles (any notation 'shudu solve' reads) or puzzle
    text; '-' reads standard input.  Without one, new puzzles are generated.
    """
    from ..make.book import make_book

    if inputs:
        given = [name for name in _MAKING
                 if ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE]
        if given:
            flag = "-n" if given[0] == "count" else f"--{given[0]}"
            raise click.UsageError(f"{flag} is for new puzzles: give no PUZZLE_FILE with it",
                                   ctx=ctx)
    _need_pictures()
    workers = jobs or os.cpu_count() or 1
    code = 0
    with run_frame() as frame:
        started = time.monotonic()
        if inputs:
            console = frame.open(progress=show_progress(progress, True), total=None)
            entries, code = _read(console, inputs, fmt, rules, workers, timeout)
            if not entries:   # each puzzle has had its error line: no book
                console.close()
                ctx.exit(code)
        else:
            console = frame.open(progress=show_progress(progress, count > 1), total=count)
            try:
                made = _generated(console, count, rules, seed, workers, timeout,
                                  {"grade": grade, "symmetry": symmetry})
            except ValueError as e:
                raise click.UsageError(str(e), ctx=ctx) from None
            if made is None:
                console.close()
                ctx.exit(EXIT_UNRATED)
            entries = made
        console.drop_bar()
        pdf = make_book(entries, title=title, per_page=int(per_page), page=page.lower(),
                        solutions=solutions, lang=lang)
        _write(pdf, output)
        if output != "-":
            seconds = time.monotonic() - started
            console.err(f"shudu: wrote {output}: {_puzzles(len(entries))}, {_pages(pdf)} pages "
                        f"({seconds:.1f} s)")
    ctx.exit(code)
