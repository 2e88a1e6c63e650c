"""``shudu rate``: Sudoku Explainer scores and grades of puzzles, on every core."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import click

from .app import cli
from .common import (
    SOLVE_EXIT_BAD_INPUT,
    Console,
    dask_client,
    dask_option,
    json_error,
    json_head,
    json_line,
    reading_options,
    run_frame,
    show_progress,
)
from .inputs import Inputs, Item, peek_many

if TYPE_CHECKING:
    from ..rating.rater import Rating
    from ..values.rules import Rules
    from .resume import RowFile


EXIT_UNRATED = 1
"""``rate``: some puzzle has no or several solutions; ``generate``: budget spent."""

_COLUMNS = ("where", "score", "grade", "hardest", "pearl", "diamond", "guesses", "steps",
            "puzzle")


# ---------------------------------------------------------------------- rate
def _rate_item(args: tuple[str, Rules, float | None, bool]) -> Rating | ValueError:
    """Rate one puzzle in a worker within ``timeout`` seconds; errors come back as values.

    >>> from shudu.values.rules import CLASSIC
    >>> _rate_item(("1" + "." * 80, CLASSIC, None, False)).args[0]
    'the puzzle has several solutions: e.g. r... is ... in one and ... in another'
    """
    from ..rating.rater import rate_or_error

    text, rules, timeout, path = args
    return rate_or_error(text, rules, timeout=timeout, path=path)


def ratings_of(items: Iterator[Item], jobs: int, timeout: float | None = None,
             path: bool = False, client: Any = None
             ) -> Iterator[tuple[Item, Rating | ValueError | None]]:
    """Each item with its rating (``None`` for an unreadable item), in input order: on
    ``jobs`` processes, or on a Dask cluster through ``client``.

    >>> from shudu.cli.inputs import Inputs
    >>> easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    >>> [(item.index, r and r.grade) for item, r in ratings_of(iter(Inputs([easy, "12"])), 1)]
    [(1, 'beginner'), (2, None)]
    """
    if client is not None:
        from itertools import tee

        from ..dask import rate_many

        mine, theirs = tee(items)
        grids = (item.grid for item in theirs if item.grid is not None)
        found = rate_many(grids, client, timeout=timeout, path=path)
        for item in mine:
            yield item, (next(found) if item.grid is not None else None)
        return
    if jobs <= 1:
        for item in items:
            grid = item.grid
            yield item, (_rate_item((grid.to_string(), grid.rules, timeout, path))
                         if grid is not None else None)
        return
    from collections import deque

    from ..processes import worker_context
    from ..rating.rater import ignore_interrupts

    # the workers ignore Ctrl-C; leaving the block (KeyboardInterrupt) terminates them
    with worker_context().Pool(jobs, initializer=ignore_interrupts) as pool:
        pending: deque[tuple[Item, Any]] = deque()
        for item in items:
            grid = item.grid
            job = (pool.apply_async(_rate_item, ((grid.to_string(), grid.rules, timeout, path),))
                   if grid is not None else None)
            pending.append((item, job))
            while len(pending) > 4 * jobs or (pending and pending[0][1] is not None
                                               and pending[0][1].ready()):
                head, done = pending.popleft()
                yield head, done.get() if done is not None else None
        while pending:
            head, done = pending.popleft()
            yield head, done.get() if done is not None else None


def unrated_data(item: Item, error: ValueError, message: str) -> dict[str, Any]:
    """The JSON object of a puzzle ``rate`` could not rate: ``status`` ``none`` or
    ``multiple`` (as ``check`` says), ``timeout`` (with ``error``, as ``solve`` says), or
    ``error``.

    >>> from shudu.cli.inputs import Inputs
    >>> from shudu.errors import NotUnique
    >>> item = next(iter(Inputs(["." * 81])))
    >>> unrated_data(item, NotUnique(2), "several")["status"]
    'multiple'
    """
    from ..errors import NotRated, NotUnique

    assert item.grid is not None
    data = {**json_head(item), "puzzle": item.grid.to_string()}
    if isinstance(error, NotUnique):
        return {**data, "status": "none" if error.count == 0 else "multiple",
                "message": message}
    status = "timeout" if isinstance(error, NotRated) else "error"
    return {**data, "status": status, "error": message}


def hardest_name(key: str | None, lang: str) -> str:
    """The name of a rating's hardest technique in ``lang`` (``-`` for none).

    >>> hardest_name("x-wing", "en"), hardest_name("x-wing", "zh"), hardest_name(None, "en")
    ('X-Wing', 'X翼', '-')
    """
    if key is None:
        return "-"
    from ..logic.registry import technique

    tech = technique(key)
    return tech.name_zh if lang == "zh" else tech.name


def _row(item: Item, r: Rating, lang: str) -> dict[str, Any]:
    return {"where": item.where or str(item.index), "score": f"{r.score:.1f}",
            "grade": r.grade, "hardest": hardest_name(r.hardest, lang),
            "pearl": f"{r.pearl:.1f}", "diamond": f"{r.diamond:.1f}",
            "guesses": str(r.guesses), "steps": str(r.steps),
            "puzzle": item.grid.to_string() if item.grid is not None else ""}


@cli.command(
    epilog="""\b
Examples:
  shudu rate 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........
  shudu rate puzzles.sdm                       # a table, every core
  shudu rate --output csv puzzles.sdm > ratings.csv
  shudu rate --json --jobs 1 - < puzzles.txt
  shudu rate --path puzzle.txt                 # the steps behind the rating
  shudu rate --timeout 10 hardest.sdm          # give up on a puzzle after 10 s
  shudu rate --dask tcp://scheduler:8786 big.csv   # on a Dask cluster, same output
  shudu rate --jobs 2 --out ratings.csv big.txt    # rerun after a stop: goes on

\b
--out FILE writes each row (csv, or json with --json) as its puzzle is rated. A rerun
with the same FILE skips the puzzles already there (found by the puzzle, wherever it
now stands in the input) and appends the rest in input order; a last line cut short
by a kill is dropped and its puzzle rated again. In csv, a puzzle that could not be
rated has no row, so a rerun tries it again.

\b
Scores follow the Sudoku Explainer scale (1.2 hidden single ... 11+); grades:
beginner < 2.0 <= easy < 3.0 <= medium < 4.5 <= hard < 7.0 <= expert < 9.0 <= extreme.
Exit status: 0 every puzzle rated, 1 some puzzle has no or several solutions,
2 bad input or usage.""",
)
@click.argument("inputs", metavar="[PUZZLE_OR_FILE]...", nargs=-1)
@reading_options
@click.option("--output", "style", type=click.Choice(["table", "csv", "json"]), default=None,
              help="Layout (default: a sentence for one puzzle, a table for many).")
@click.option("--json", "as_json", is_flag=True, help="Same as --output json.")
@click.option("--out", "out_path", metavar="FILE", type=click.Path(dir_okay=False),
              default=None, help="Write the rows to FILE as each puzzle is rated (csv unless "
              "--json); a rerun skips the puzzles already in FILE and adds the rest.")
@click.option("--jobs", metavar="N", type=click.IntRange(min=1), default=None,
              help="Worker processes for many puzzles (default: every core).")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="Language of technique names.")
@click.option("--path", "with_path", is_flag=True,
              help="Also list the steps behind each rating (easiest first, in Sudoku "
              "Explainer's order), each with its score.")
@click.option("--timeout", metavar="SECONDS", type=click.FloatRange(min=0, min_open=True),
              default=None, help="Give up on a puzzle after this many seconds and say so.")
@dask_option
@click.pass_context
def rate(ctx: click.Context, inputs: tuple[str, ...], fmt: str | None, rules: Rules | None,
         progress: bool | None, style: str | None, as_json: bool, out_path: str | None,
         jobs: int | None, lang: str, with_path: bool, timeout: float | None,
         dask_address: str | None) -> None:
    """Rate puzzles on the Sudoku Explainer scale, with a grade.

    Each PUZZLE_OR_FILE is a file of puzzles or puzzle text; '-' or nothing reads
    standard input.  Columns: place, score, grade, hardest technique, pearl (hardest
    step before the first placement), diamond (first step), engine guesses, logic steps.
    """
    style = "json" if as_json else style
    if out_path is not None:
        if style == "table":
            from ..words.cli import words

            raise click.UsageError(words(lang, "out_layout"))
        style = style or "csv"
    code = 0
    with run_frame() as frame, dask_client(dask_address, SOLVE_EXIT_BAD_INPUT) as client, \
            _row_file(out_path, style, lang) as rows:
        source = Inputs(inputs, format=fmt, rules=rules)
        many, items = peek_many(source)
        style = style or ("table" if many and not with_path else "sentence")
        workers = 1 if not many else (jobs or os.cpu_count() or 1)
        console = frame.open(progress=show_progress(progress, many), total=source.total)
        emit = console.out if rows is None else rows.write
        if style == "csv" and rows is None:
            console.out(",".join(_COLUMNS))
        if rows is not None:
            items = _unseen(items, rows, console)
        table = _Table(console)
        try:
            for item, result in ratings_of(items, workers, timeout, with_path, client):
                console.step()
                if item.grid is None or result is None:
                    message = item.describe_error(item.error)
                    console.error(message)
                    if style == "json" and rows is None:
                        console.out(json_line(json_error(item, message)))
                    code = max(code, SOLVE_EXIT_BAD_INPUT)
                    continue
                if isinstance(result, ValueError):
                    message = item.describe_error(result)
                    console.error(message)
                    if style == "json":
                        emit(json_line(unrated_data(item, result, message)))
                    code = max(code, EXIT_UNRATED)
                    continue
                if style == "json":
                    data = {**json_head(item), "puzzle": item.grid.to_string(),
                            "status": "rated", **result.to_dict()}
                    emit(json_line(data))
                elif style == "csv":
                    row = _row(item, result, lang)
                    emit(",".join(_csv_field(row[k]) for k in _COLUMNS))
                elif style == "table":
                    table.row(_row(item, result, lang))
                else:
                    name = hardest_name(result.hardest, lang)
                    where = f"{item.where}: " if many else ""
                    stuck = "" if result.solved else (
                        "；此后逻辑卡住，所以分数是下限" if lang == "zh"
                        else "; logic got stuck after it, so the score is a lower bound")
                    console.out(f"{where}{result.score:.1f} {result.grade} (hardest step: {name}"
                                f"{stuck})")
                    if with_path:
                        for line in path_lines(result, lang):
                            console.out(line)
        finally:
            if rows is not None:
                from ..words.cli import words

                console.err(words(lang, "out_skipped", path=out_path, skipped=rows.skipped,
                                  added=rows.added))
    ctx.exit(code)


@contextmanager
def _row_file(path: str | None, style: str | None, lang: str) -> Iterator[RowFile | None]:
    """The rows of ``--out FILE`` (``None`` without it), closed however the run ends."""
    if path is None or style is None:
        yield None
        return
    from ..words.cli import words
    from .resume import RowFile

    rows = RowFile(path, style, ",".join(_COLUMNS) if style == "csv" else None, lang)
    if rows.torn:
        click.echo(words(lang, "out_torn", path=path), err=True)
    with rows:
        yield rows


def _unseen(items: Iterator[Item], rows: RowFile, console: Console) -> Iterator[Item]:
    """The items whose puzzle has no row in ``rows`` yet (nor comes earlier in the
    input); the others are counted as skipped and moved past on the progress bar."""
    for item in items:
        if item.grid is not None:
            key = item.grid.to_string()
            if key in rows.done:
                rows.skipped += 1
                console.step()
                continue
            rows.done.add(key)
        yield item


def path_lines(rating: Rating, lang: str = "en") -> list[str]:
    """The steps behind a rating, one line each: number, score, the step in notation.

    >>> from shudu.rating.rater import rate
    >>> r = rate("061000054400009010903500000000902700000010030670030000050006200000790000"
    ...          "000000000", path=True)
    >>> [line.split(":")[0] for line in path_lines(r) if "X-Wing" in line]
    ['  29. 3.2  X-Wing']
    """
    width = max(2, len(str(len(rating.path))))
    lines = []
    for k, ps in enumerate(rating.path, 1):
        if ps.step is not None:
            text = ps.step.notation()
        else:
            text = f"{hardest_name(ps.technique, lang)} (a round of basic steps)"
        lines.append(f"  {k:>{width}}. {ps.score:.1f}  {text}")
    return lines


def _csv_field(text: str) -> str:
    if any(ch in text for ch in ',"\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


_TABLE_COLUMNS = _COLUMNS[:-1]


_FIXED_WIDTHS = {"score": 4, "pearl": 4, "diamond": 4, "guesses": 7, "steps": 5}
"""Columns wide enough for any value: scores up to 99.9, a million guesses, every
cell's step."""


class _Table:
    """Prints rows as they come, under a header, in columns fixed by the first row (the
    place column leaves room for longer line numbers; the grade column fits every grade,
    the technique column every technique name in English and Chinese, the numbers
    :data:`_FIXED_WIDTHS`)."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.widths: dict[str, int] | None = None

    def row(self, row: dict[str, str]) -> None:
        """Print one row (the header first, once)."""
        if self.widths is None:
            from ..logic.registry import techniques
            from ..rating.rater import GRADES

            longest = max(max(_width(t.name), _width(t.name_zh)) for t in techniques())
            self.widths = {k: max(len(k), _width(row[k]), _FIXED_WIDTHS.get(k, 0))
                           for k in _TABLE_COLUMNS}
            self.widths["where"] += 3
            self.widths["grade"] = max([self.widths["grade"], *map(_width, GRADES)])
            self.widths["hardest"] = max(self.widths["hardest"], longest)
            self._print({k: k for k in _TABLE_COLUMNS})
        self._print(row)

    def _print(self, row: dict[str, str]) -> None:
        assert self.widths is not None
        cells = []
        for k in _TABLE_COLUMNS:
            pad = self.widths[k] - _width(row[k])
            cells.append(row[k] + " " * max(pad, 0))
        self.console.out("  ".join(cells).rstrip())


def _width(text: str) -> int:
    """Columns ``text`` takes in a terminal (a Chinese character takes two).

    >>> _width("X-Wing"), _width("二链列")
    (6, 6)
    """
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
