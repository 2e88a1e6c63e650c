"""The ``shudu`` command line: solve and check Sudoku puzzles, and explain them by logic.

``solve`` and ``check`` use the engine; ``explain``, ``hint``, ``techniques`` and ``find``
use the human-style logic solver of :mod:`shudu.logic` (they also read pencilmark states);
``rate`` and ``generate`` live in :mod:`shudu.cli_make`.

Puzzles come from arguments (puzzle text or file names) or from standard input; every
notation of :mod:`shudu.formats` is read.  Bad input never produces a traceback: each
problem is one ``shudu: error: ...`` line on stderr and the run goes on with the next
puzzle, then exits non-zero.

Exit codes of ``shudu solve``: 0 every puzzle solved, 1 some puzzle has no solution
(not with ``--count``), 2 bad input or usage.  Exit codes of ``shudu check``: 0 unique,
1 no solution, 2 several solutions, 3 bad input or usage; with many puzzles the worst
code wins (3 > 2 > 1 > 0).  ``explain``, ``hint`` and ``find`` exit 0 when every puzzle
was solved / got a hint / showed an instance, 1 when logic got stuck / found nothing (or a
puzzle has no solution), 2 bad input or usage.

This module imports the engine, the progress bar, JSON and the thread pool only when a
command needs them.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import chain, islice
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

import click

from .errors import ParseError, ShuduError
from .formats import FORMATS

if TYPE_CHECKING:
    from .grid import Grid
    from .rules import Rules

__all__ = ["EXIT_BAD_INPUT", "EXIT_MULTIPLE", "EXIT_NONE", "EXIT_UNIQUE", "cli", "main"]

EXIT_UNIQUE = 0
"""``check``: the puzzle has exactly one solution."""
EXIT_NONE = 1
"""``check``: the puzzle has no solution (``solve``: some puzzle has none)."""
EXIT_MULTIPLE = 2
"""``check``: the puzzle has several solutions."""
EXIT_BAD_INPUT = 3
"""``check``: the input could not be read (``solve`` uses 2, click's usage code)."""
SOLVE_EXIT_BAD_INPUT = 2
"""``solve``: some input could not be read."""
EXIT_INTERRUPTED = 130
"""Ctrl-C (128 + SIGINT)."""
EXIT_BROKEN_PIPE = 141
"""The reader of standard output went away (128 + SIGPIPE)."""

STDIN = "<stdin>"
"""Name of standard input in messages and in the JSON ``source`` field."""

_STATUS_TEXT = {"none": "no solution", "unique": "unique", "multiple": "multiple solutions"}
_CHECK_CODES = {"unique": EXIT_UNIQUE, "none": EXIT_NONE, "multiple": EXIT_MULTIPLE}
_PATH_LIKE = re.compile(
    r"^[\w.\-~ ]*\.(txt|text|sdk|ss|sdm|json|jsonl|csv|tsv|dat|puz|sudoku|pm|729)$",
    re.IGNORECASE,
)


class InputError(ShuduError, ValueError):
    """An input that is neither a readable file nor puzzle text."""


# ---------------------------------------------------------------------- puzzles in
@dataclass
class Item:
    """One puzzle to work on, or the error that stopped it from being read.

    ``index`` counts puzzles from 1 across all inputs; ``source`` is the file name,
    :data:`STDIN`, or ``None`` for puzzle text given as an argument; ``line`` is the
    1-based line where the puzzle starts in its source (``None`` for an argument).
    """

    index: int
    source: str | None
    line: int | None
    grid: Grid | None
    error: ValueError | None = None
    name: str | None = None
    label: str | None = None

    @property
    def where(self) -> str:
        """Readable place of the puzzle, e.g. ``puzzles.txt, line 3`` (may be empty).

        ``label`` (e.g. ``argument 2``) names a puzzle that has no source.
        """
        parts = []
        if self.source is not None:
            parts.append(self.source)
        elif self.label is not None:
            parts.append(self.label)
        if self.line is not None:
            parts.append(f"line {self.line}")
        return ", ".join(parts)

    def describe_error(self, error: ValueError | None = None) -> str:
        """``error`` (default: the read error) as one line naming the place when known."""
        error = error if error is not None else self.error
        if error is None:
            error = InputError("no puzzle")
        return describe_error(error, self.source or self.label, self.line)


def describe_error(error: BaseException, source: str | None, line: int | None) -> str:
    """One readable line for ``error`` met in ``source`` at (or from) ``line``.

    A :class:`ParseError` keeps its own line and column; a line smaller than ``line``
    counts from the start of the puzzle and is moved to the line of the file.

    >>> describe_error(ParseError("expected a digit", line=1, column=7, found="Q"), "p.txt", 3)
    "p.txt, line 3, column 7: expected a digit, found 'Q'"
    >>> describe_error(ValueError("bad"), None, None)
    'bad'
    >>> describe_error(ValueError("bad"), "p.txt", 4)
    'p.txt, line 4: bad'
    """
    text = " ".join(str(error).split()) or type(error).__name__
    if isinstance(error, ParseError):
        own = _where(error.source, error.line, error.column)
        if own and text.startswith(own + ": "):
            text = text[len(own) + 2 :]
        err_line = error.line
        if err_line is None:
            err_line = line
        elif line is not None and err_line < line:
            err_line += line - 1
        where = _where(error.source or source, err_line, error.column)
        return f"{where}: {text}" if where else text
    err_source, err_line = getattr(error, "source", None), getattr(error, "line", None)
    if err_line is not None or err_source:  # the message already names its place
        if err_source or not source:
            return text
        return f"{source}, {text}" if err_line is not None else f"{source}: {text}"
    where = _where(source, line, None)
    return f"{where}: {text}" if where else text


def _where(source: str | None, line: int | None, column: int | None) -> str:
    """``source, line L, column C`` with the parts that are known.

    >>> _where("p.txt", 3, None), _where(None, None, 2)
    ('p.txt, line 3', 'column 2')
    """
    parts = [] if not source else [source]
    if line is not None:
        parts.append(f"line {line}")
    if column is not None:
        parts.append(f"column {column}")
    return ", ".join(parts)


def _os_error_text(error: OSError) -> str:
    """``Permission denied``-style text of an OS error, without the errno prefix."""
    return error.strerror or str(error)


@dataclass
class Inputs:
    """The puzzles named on a command line, read in order.

    Files are read whole with :func:`shudu.formats.read_file` (so their puzzle count is
    known up front); standard input is streamed with
    :func:`shudu.formats.iter_records`.
    """

    args: Sequence[str]
    format: str | None = None
    rules: Rules | None = None
    stdin: TextIO | None = None
    _loaded: list[list[Item] | str] = field(default_factory=list, init=False)
    total: int | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        args = list(self.args) or ["-"]
        index = 0
        known = 0
        streams = False
        for pos, arg in enumerate(args, 1):
            if arg == "-":
                self._loaded.append(arg)
                streams = True
                continue
            if os.path.exists(arg):
                items = self._read_file(arg, index)
            else:
                items = [self._parse_argument(arg, index + 1, pos, len(args))]
            index += len(items)
            known += len(items)
            self._loaded.append(items)
        self.total = None if streams else known

    def _read_file(self, path: str, index: int) -> list[Item]:
        from . import formats

        try:
            records = formats.read_file(path, format=self.format, rules=self.rules)
        except UnicodeDecodeError:
            error = InputError("not a text file (not valid UTF-8)")
            return [Item(index + 1, path, None, None, error)]
        except OSError as e:
            return [Item(index + 1, path, None, None, InputError(_os_error_text(e).lower()))]
        except ValueError as e:
            return [Item(index + 1, path, None, None, e)]
        if not records:
            return [Item(index + 1, path, None, None, InputError("no puzzle found"))]
        return [
            Item(index + k, path, r.line, r.grid, r.error, r.name) for k, r in enumerate(records, 1)
        ]

    def _parse_argument(self, text: str, index: int, pos: int, nargs: int) -> Item:
        label = f"argument {pos}" if nargs > 1 else None
        try:
            grid = self._parse(text)
        except ValueError as e:
            stripped = text.strip()
            if "\n" not in stripped and (_PATH_LIKE.match(stripped) or os.sep in stripped):
                error: ValueError = InputError(f"{stripped}: no such file (and not a puzzle)")
                return Item(index, None, None, None, error, label=None)
            return Item(index, None, None, None, e, label=label)
        return Item(index, None, None, grid, label=label)

    def _parse(self, text: str) -> Grid:
        from .formats import parse

        return parse(text, rules=self.rules, format=self.format)

    def __iter__(self) -> Iterator[Item]:
        index = 0
        for part in self._loaded:
            if isinstance(part, list):
                for item in part:
                    index += 1
                    item.index = index
                    yield item
                continue
            for item in self._read_stdin():
                index += 1
                item.index = index
                yield item

    def _read_stdin(self) -> Iterator[Item]:
        from .formats import iter_records

        stream = self.stdin if self.stdin is not None else sys.stdin
        if _isatty(stream):
            click.echo("shudu: reading puzzles from standard input (end with Ctrl-D)", err=True)
        empty = True
        try:
            for r in iter_records(stream, format=self.format, rules=self.rules):
                empty = False
                yield Item(0, STDIN, r.line, r.grid, r.error, r.name)
        except UnicodeDecodeError:
            error = InputError("not a text file (not valid UTF-8)")
            yield Item(0, STDIN, None, None, error)
        except ValueError as e:
            yield Item(0, STDIN, None, None, e)
        else:
            if empty:
                yield Item(0, STDIN, None, None, InputError("no puzzle found"))


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def _peek_many(items: Iterable[Item]) -> tuple[bool, Iterator[Item]]:
    """Whether ``items`` holds more than one puzzle, and the items again."""
    it = iter(items)
    head = list(islice(it, 2))
    return len(head) > 1, chain(head, it)


# ---------------------------------------------------------------------- results
@dataclass
class Outcome:
    """What the engine found for one puzzle."""

    status: str
    count: int
    solutions: list[Grid]
    guesses: int | None = None
    nodes: int | None = None
    limit: int | None = None


def _status(count: int, limit: int) -> str:
    """Status of a search that found ``count`` solutions stopping at ``limit``.

    >>> _status(0, 2), _status(1, 2), _status(2, 2), _status(1, 1)
    ('none', 'unique', 'multiple', 'solved')
    """
    if count == 0:
        return "none"
    if count == 1:
        return "unique" if limit >= 2 else "solved"
    return "multiple"


def _search(grid: Grid, limit: int, seed: int | None) -> Outcome:
    from .engine import search

    r = search(grid, grid.rules, limit=limit, seed=seed)
    sols = [r.solution] if r.solution is not None else []
    return Outcome(_status(r.count, limit), r.count, sols, r.guesses, r.nodes, limit)


def _outcomes(
    items: Iterable[Item], limit: int, seed: int | None, threads: int
) -> Iterator[tuple[Item, Outcome | ValueError | None]]:
    """``(item, outcome)`` for each item in input order (``None`` when it has no grid).

    With ``threads`` above 1, items are taken in chunks: classic 9x9 puzzles go to
    :func:`shudu.engine.solve_many` on that many threads (no ``nodes`` count), the
    others to a thread pool.  A :class:`ValueError` from the engine is returned in
    place of the outcome.
    """
    if threads <= 1:
        for item in items:
            yield item, _safe_search(item, limit, seed)
        return
    from concurrent.futures import ThreadPoolExecutor

    pool = ThreadPoolExecutor(max_workers=threads)
    try:
        it = iter(items)
        while chunk := list(islice(it, 256 * threads)):
            yield from zip(chunk, _solve_chunk(chunk, limit, seed, threads, pool), strict=True)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def _safe_search(item: Item, limit: int, seed: int | None) -> Outcome | ValueError | None:
    if item.grid is None:
        return None
    try:
        return _search(item.grid, limit, seed)
    except ValueError as e:
        return e


def _solve_chunk(
    chunk: list[Item], limit: int, seed: int | None, threads: int, pool: Any
) -> list[Outcome | ValueError | None]:
    results: list[Outcome | ValueError | None] = [None] * len(chunk)
    fast = [
        k
        for k, item in enumerate(chunk)
        if item.grid is not None and seed is None and item.grid.rules.is_classic9
    ]
    if fast:
        from .engine import solve_many

        batch = solve_many([chunk[k].grid for k in fast], threads=threads, limit=limit)
        for j, k in enumerate(fast):
            n = int(batch.counts[j])
            sol = batch.grid(j)
            sols = [sol] if sol is not None else []
            results[k] = Outcome(_status(n, limit), n, sols, int(batch.guesses[j]), None, limit)
    done = set(fast)
    rest = [k for k, item in enumerate(chunk) if item.grid is not None and k not in done]
    found = pool.map(lambda k: _safe_search(chunk[k], limit, seed), rest)
    for k, result in zip(rest, found, strict=True):
        results[k] = result
    return results


# ---------------------------------------------------------------------- output
class Console:
    """Writes results to stdout and messages to stderr around an optional progress bar."""

    def __init__(self, *, progress: bool, total: int | None, unit: str = "puzzle") -> None:
        self.bar: Any = None
        self.stdout: TextIO = sys.stdout
        self.stderr: TextIO = sys.stderr
        self.stdout_tty = _isatty(self.stdout)
        if progress:
            from tqdm import tqdm

            self.bar = tqdm(
                total=total, unit=unit, file=self.stderr, dynamic_ncols=True, leave=False
            )

    def out(self, text: str) -> None:
        """Print a result line (or block) on stdout (buffered unless stdout is a terminal)."""
        if self.bar is not None and self.stdout_tty:
            self.bar.write(text, file=self.stdout)
        else:
            self.stdout.write(text + "\n")

    def err(self, text: str) -> None:
        """Print one message line on stderr, after the results printed so far."""
        self.stdout.flush()
        if self.bar is not None:
            self.bar.write(text, file=self.stderr)
        else:
            self.stderr.write(text + "\n")
            self.stderr.flush()

    def error(self, text: str) -> None:
        """Print ``shudu: error: <text>`` on stderr."""
        self.err(f"shudu: error: {text}")

    def step(self) -> None:
        """Advance the progress bar by one puzzle."""
        if self.bar is not None:
            self.bar.update(1)

    def drop_bar(self) -> None:
        """Remove the progress bar (if any)."""
        if self.bar is not None:
            self.bar.close()
            self.bar = None

    def close(self) -> None:
        """Remove the progress bar and flush stdout."""
        self.drop_bar()
        self.stdout.flush()


def _show_progress(flag: bool | None, many: bool) -> bool:
    if not many:
        return False
    if flag is not None:
        return flag
    return _isatty(sys.stderr)


def _render(grid: Grid, style: str) -> str:
    return grid.pretty() if style == "grid" else str(grid)


def _json_line(data: dict[str, Any]) -> str:
    import json

    return json.dumps(data, ensure_ascii=False)


def _json_head(item: Item) -> dict[str, Any]:
    head: dict[str, Any] = {"index": item.index, "source": item.source, "line": item.line}
    if item.name is not None:
        head["name"] = item.name
    return head


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the final flush of a closed pipe says nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


# ---------------------------------------------------------------------- options
def _rules_option(ctx: click.Context, param: click.Parameter, value: str | None) -> Rules | None:
    if value is None:
        return None
    from .rules import Rules

    try:
        return Rules.from_spec(value)
    except ValueError as e:
        raise click.BadParameter(str(e), ctx=ctx, param=param) from None


def _version() -> str:
    import shudu

    version = getattr(shudu, "__version__", None)
    if version:
        return str(version)
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version

    try:
        return dist_version("shudu")
    except PackageNotFoundError:
        return "unknown"


def _print_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    click.echo(f"shudu {_version()}")
    ctx.exit()


def _reading_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--progress``, ``--rules`` and ``--format``: how puzzles are read."""
    func = click.option(
        "--progress/--no-progress",
        default=None,
        help="Progress bar on stderr for many puzzles (default: when stderr is a terminal).",
    )(func)
    func = click.option(
        "--rules",
        "rules",
        metavar="SPEC",
        callback=_rules_option,
        help="Variant rules, e.g. 'x+anti-knight', '16', '6', 'windoku', 'jigsaw=<map>'.",
    )(func)
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(FORMATS, case_sensitive=False),
        default=None,
        help="Input notation (default: guessed from the text).",
    )(func)


def _input_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """Options shared by every command that reads puzzles."""
    func = click.option(
        "--threads",
        metavar="N",
        type=click.IntRange(min=1),
        default=1,
        show_default=True,
        help="Work on N threads for many puzzles (results keep the input order).",
    )(func)
    func = _reading_options(func)
    return click.argument("inputs", metavar="[PUZZLE_OR_FILE]...", nargs=-1)(func)


class _CheckCommand(click.Command):
    """A command whose usage errors exit with :data:`EXIT_BAD_INPUT`, not click's 2."""

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.UsageError as e:
            e.exit_code = EXIT_BAD_INPUT
            raise


class _Group(click.Group):
    """The ``shudu`` group: usage errors become one ``shudu: error:`` line on stderr."""

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            code = super().main(args, prog_name or "shudu", complete_var, False, **extra)
        except click.exceptions.NoArgsIsHelpError as e:
            e.show()
            code = e.exit_code
        except click.UsageError as e:
            click.echo(f"shudu: error: {_usage_text(e)}", err=True)
            code = e.exit_code
        except click.ClickException as e:
            click.echo(f"shudu: error: {_one_line(e.format_message())}", err=True)
            code = e.exit_code
        except click.Abort:
            code = EXIT_INTERRUPTED
        except BrokenPipeError:
            _silence_stdout()
            code = EXIT_BROKEN_PIPE
        sys.exit(code if isinstance(code, int) else 0)


def _one_line(text: str) -> str:
    text = " ".join(text.split())
    if len(text) > 1 and text[0].isupper() and text[1].islower():
        text = text[0].lower() + text[1:]
    return text


def _usage_text(error: click.UsageError) -> str:
    text = _one_line(error.format_message()).rstrip(".")
    ctx = error.ctx
    path = ctx.command_path if ctx is not None else "shudu"
    return f"{text} (see '{path} --help')"


# ---------------------------------------------------------------------- commands
@click.group(
    cls=_Group,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
    epilog="""\b
Examples:
  shudu solve 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  shudu solve puzzles.txt > solutions.txt
  cat puzzles.txt | shudu solve --json
  shudu solve --rules x+anti-knight puzzle.txt
  shudu check puzzle.sdk; echo $?
  shudu explain puzzle.txt                   # the logical path, step by step
  shudu hint --level 2 --lang zh puzzle.txt  # the next step, where to look (Chinese)
  shudu techniques                           # what the logic solver knows

Run 'shudu COMMAND --help' for the options of a command.""",
)
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_print_version,
    help="Show the version and exit.",
)
def cli() -> None:
    """Solve, check and explain Sudoku puzzles (classic 9x9, other sizes and variants).

    A puzzle is given as text (81 characters, a grid, .sdk, JSON ...) or as the name of
    a file holding one or many puzzles; '-' or nothing reads standard input.
    """


@cli.command(
    epilog="""\b
Examples:
  shudu solve 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  shudu solve --output line puzzle.sdk
  shudu solve puzzles.txt > solutions.txt      # one solution per line
  shudu solve --json - < puzzles.txt           # one JSON object per puzzle
  shudu solve --count --limit 10 puzzle.txt    # how many solutions (stops at 10)
  shudu solve --all --limit 5 puzzle.txt       # list up to 5 solutions
  shudu solve --rules x+anti-knight puzzle.txt
  shudu solve --threads 4 big.txt

\b
Exit status: 0 every puzzle solved, 1 some puzzle has no solution (not with
--count), 2 bad input or usage (bad lines are reported and skipped).""",
)
@_input_options
@click.option("--count", "count_mode", is_flag=True, help="Print the number of solutions.")
@click.option(
    "--all", "all_mode", is_flag=True, help="Print every solution (up to --limit when given)."
)
@click.option(
    "--limit",
    metavar="N",
    type=click.IntRange(min=1),
    default=None,
    help="Stop at N solutions (with --count the default is 2: '2+' means two or more).",
)
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle per line.")
@click.option(
    "--output",
    "style",
    type=click.Choice(["line", "grid"]),
    default=None,
    help="Solution layout (default: grid for one puzzle, line for many).",
)
@click.option(
    "--seed", metavar="N", type=int, default=None, help="Random order of guesses (any integer)."
)
@click.pass_context
def solve(
    ctx: click.Context,
    inputs: tuple[str, ...],
    fmt: str | None,
    rules: Rules | None,
    progress: bool | None,
    threads: int,
    count_mode: bool,
    all_mode: bool,
    limit: int | None,
    as_json: bool,
    style: str | None,
    seed: int | None,
) -> None:
    """Solve puzzles and print their solutions.

    Each PUZZLE_OR_FILE is an existing file (one or many puzzles) or else puzzle text;
    '-' or no argument reads standard input.  A puzzle without solution prints 'no
    solution'; one with several prints the first and says so on stderr.
    """
    if count_mode and all_mode:
        raise click.UsageError("use either --count or --all, not both", ctx=ctx)
    if limit is not None and not (count_mode or all_mode):
        raise click.UsageError("--limit only applies with --count or --all", ctx=ctx)
    code = 0
    console: Console | None = None
    try:
        source = Inputs(inputs, format=fmt, rules=rules)
        many, items = _peek_many(source)
        style = style or ("line" if many else "grid")
        console = Console(progress=_show_progress(progress, many), total=source.total)
        run = _SolveRun(console, style=style, as_json=as_json, many=many, seed=seed)
        if all_mode:
            for item in items:
                code = max(code, run.all_solutions(item, limit))
                console.step()
        else:
            search_limit = (limit or 2) if count_mode else 2
            for item, result in _outcomes(items, search_limit, seed, threads):
                code = max(code, run.report(item, result, count_mode))
                console.step()
        console.close()
    except KeyboardInterrupt:
        _interrupted(console)
    except BrokenPipeError:
        _broken_pipe(console)
    finally:
        if console is not None:
            console.drop_bar()
    ctx.exit(code)


@dataclass
class _SolveRun:
    """Prints the outcome of each puzzle of ``shudu solve``."""

    console: Console
    style: str
    as_json: bool
    many: bool
    seed: int | None
    printed: int = 0
    fresh: bool = False

    def _block(self, text: str) -> None:
        if self.style == "grid" and self.printed and not self.fresh:
            self.console.out("")
        self.fresh = False
        self.console.out(text)
        self.printed += 1

    def _bad(self, item: Item, error: ValueError | None) -> int:
        message = item.describe_error(error)
        self.console.error(message)
        if self.as_json:
            self.console.out(_json_line({**_json_head(item), "error": message}))
        return SOLVE_EXIT_BAD_INPUT

    def report(self, item: Item, result: Outcome | ValueError | None, count_mode: bool) -> int:
        """Print the result of one puzzle; return its exit code."""
        if item.error is not None or item.grid is None:
            return self._bad(item, item.error)
        if isinstance(result, ValueError):
            return self._bad(item, result)
        assert result is not None
        sol = result.solutions[0] if result.solutions else None
        if self.as_json:
            data = {
                **_json_head(item),
                "puzzle": str(item.grid),
                "status": result.status,
                "solution": str(sol) if sol is not None else None,
                "count": result.count,
                "guesses": result.guesses,
                "nodes": result.nodes,
            }
            if count_mode:
                data["limit"] = result.limit
            self.console.out(_json_line(data))
        elif count_mode:
            more = "+" if result.limit is not None and result.count >= result.limit else ""
            self.console.out(f"{result.count}{more}")
        elif sol is None:
            self._block("no solution")
        else:
            self._block(_render(sol, self.style))
            if result.status == "multiple":
                self._warn_multiple(item)
        if count_mode:
            return 0
        return EXIT_NONE if result.status == "none" else 0

    def _warn_multiple(self, item: Item) -> None:
        where = item.where if self.many or item.source else ""
        prefix = f"{where}: " if where else ""
        self.console.err(f"shudu: {prefix}not unique: several solutions, showing the first")

    def all_solutions(self, item: Item, limit: int | None) -> int:
        """Print every solution of one puzzle (up to ``limit``); return its exit code."""
        if item.error is not None or item.grid is None:
            return self._bad(item, item.error)
        from .engine import solutions

        grid = item.grid
        found: list[Grid] = []
        n = 0
        extra = False
        if not self.as_json and self.printed:
            self.console.out("")
            self.fresh = True
        try:
            it = solutions(grid, grid.rules, seed=self.seed)
            for sol in it:
                if limit is not None and n >= limit:
                    extra = True
                    break
                n += 1
                if self.as_json:
                    found.append(sol)
                else:
                    self._block(_render(sol, self.style))
        except ValueError as e:
            return self._bad(item, e)
        status = "none" if n == 0 else "unique" if n == 1 and not extra else "multiple"
        if self.as_json:
            data = {
                **_json_head(item),
                "puzzle": str(grid),
                "status": status,
                "solution": str(found[0]) if found else None,
                "count": n,
                "guesses": getattr(it, "guesses", None),
                "nodes": getattr(it, "nodes", None),
                "limit": limit,
                "solutions": [str(s) for s in found],
            }
            self.console.out(_json_line(data))
        elif n == 0:
            self._block("no solution")
        return EXIT_NONE if n == 0 else 0


@cli.command(
    cls=_CheckCommand,
    epilog="""\b
Examples:
  shudu check 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  shudu check puzzle.sdk && echo "a proper puzzle"
  shudu check puzzles.txt                      # one line per puzzle

\b
Exit status: 0 unique, 1 no solution, 2 several solutions, 3 bad input (or bad
usage).  With many puzzles the worst code wins: 3 > 2 > 1 > 0.""",
)
@_input_options
@click.pass_context
def check(
    ctx: click.Context,
    inputs: tuple[str, ...],
    fmt: str | None,
    rules: Rules | None,
    progress: bool | None,
    threads: int,
) -> None:
    """Tell whether puzzles have exactly one solution.

    Prints 'unique', 'no solution' or 'multiple solutions' (one line per puzzle,
    prefixed by its place when there are many); bad input is reported on stderr.
    """
    code = EXIT_UNIQUE
    console: Console | None = None
    try:
        source = Inputs(inputs, format=fmt, rules=rules)
        many, items = _peek_many(source)
        console = Console(progress=_show_progress(progress, many), total=source.total)
        for item, result in _outcomes(items, 2, None, threads):
            error = item.error if item.error is not None else result
            if item.grid is None or isinstance(error, ValueError):
                console.error(item.describe_error(error))
                code = max(code, EXIT_BAD_INPUT)
            else:
                assert isinstance(result, Outcome)
                text = _STATUS_TEXT[result.status]
                console.out(f"{item.where}: {text}" if many else text)
                code = max(code, _CHECK_CODES[result.status])
            console.step()
        console.close()
    except KeyboardInterrupt:
        _interrupted(console)
    except BrokenPipeError:
        _broken_pipe(console)
    finally:
        if console is not None:
            console.drop_bar()
    ctx.exit(code)


# ---------------------------------------------------------------------- logic: inputs
@dataclass
class LogicItem:
    """One pencilmark state for the logic commands, or the error that stopped it.

    ``item`` carries the place (index, source, line); ``cands`` is the starting state;
    ``pencilmarks`` tells whether the input gave candidates explicitly.
    """

    item: Item
    cands: Any = None
    pencilmarks: bool = False

    @property
    def error(self) -> ValueError | None:
        """The read error, if any."""
        if self.item.error is not None:
            return self.item.error
        return None if self.cands is not None else InputError("no puzzle")


def pencilmark_state(pm: Any) -> Any:
    """A :class:`~shudu.logic.Candidates` state from :class:`~shudu.formats.Pencilmarks`.

    A cell with a single candidate that no peer still has counts as placed; a single
    candidate that a peer still holds is a naked single left to find.

    >>> from shudu.formats import parse_pencilmarks
    >>> state = pencilmark_state(parse_pencilmarks("123456789" * 80 + "1........"))
    >>> state.values[80], state.has(0, 1)
    (0, True)
    >>> state = pencilmark_state(parse_pencilmarks("1........" + ".23456789" * 80))
    >>> state.values[0], state.has(1, 1)
    (1, False)
    """
    from .logic.candidates import Candidates

    masks = list(pm.candidates)
    cands = Candidates.from_masks(pm.rules, masks)
    peer = cands.geo.peer_mask
    values = [0] * len(masks)
    for cell, m in enumerate(masks):
        if m and not m & (m - 1):
            d = m.bit_length()
            if not cands.digit_mask[d - 1] & peer[cell]:
                values[cell] = d
    return Candidates.from_masks(pm.rules, masks, values)


def _grid_state(grid: Grid) -> Any:
    from .logic.candidates import Candidates

    return Candidates.from_grid(grid)


def _read_text(arg: str, stdin: TextIO | None) -> tuple[str | None, str | None]:
    """``(text, source)`` of one argument: standard input, a file, or the text itself.

    Returns ``(None, source)`` when a file cannot be read as text (the grid reader then
    reports why).
    """
    if arg == "-":
        stream = stdin if stdin is not None else sys.stdin
        if _isatty(stream):
            click.echo("shudu: reading puzzles from standard input (end with Ctrl-D)", err=True)
        try:
            return stream.read(), STDIN
        except UnicodeDecodeError:
            return None, STDIN
    if os.path.exists(arg):
        try:
            with open(arg, encoding="utf-8-sig") as f:
                return f.read(), arg
        except (OSError, UnicodeDecodeError):
            return None, arg
    return arg, None


def _is_pencilmark_text(text: str, fmt: str | None) -> bool:
    """Whether ``text`` holds one explicit candidate state (grid, 729 string or JSON).

    >>> _is_pencilmark_text("123456789" * 81, None), _is_pencilmark_text("." * 81, None)
    (True, False)
    """
    from .formats import detect_format

    if fmt is None:
        try:
            fmt = detect_format(text)
        except ValueError:
            return False
    if fmt in ("pencilmarks", "729"):
        return True
    return fmt == "json" and '"candidates"' in text and text.lstrip().startswith("{")


def logic_items(
    args: Sequence[str],
    fmt: str | None = None,
    rules: Rules | None = None,
    stdin: TextIO | None = None,
) -> Iterator[LogicItem]:
    """The starting states named on a command line, in order.

    A candidate grid, a 729-character string or a JSON object with ``candidates`` gives
    its pencilmarks; anything else is read as puzzles (one or many) by :class:`Inputs`.

    >>> [x.cands.unsolved_count for x in logic_items(["1" + "." * 80])]
    [80]
    >>> [x.pencilmarks for x in logic_items(["123456789" * 81])]
    [True]
    """
    import io

    from .formats import parse_pencilmarks

    args = list(args) or ["-"]
    index = 0
    for pos, arg in enumerate(args, 1):
        text, source = _read_text(arg, stdin)
        label = f"argument {pos}" if len(args) > 1 and source is None else None
        if text is None and arg == "-":
            index += 1
            error = InputError("not a text file (not valid UTF-8)")
            yield LogicItem(Item(index, STDIN, None, None, error))
            continue
        if text is not None and _is_pencilmark_text(text, fmt):
            index += 1
            item = Item(index, source, None, None, label=label)
            try:
                pm = parse_pencilmarks(text, rules=rules, format=fmt, source=source)
            except ValueError as e:
                item.error = e
                yield LogicItem(item)
                continue
            item.grid = pm.to_grid()
            yield LogicItem(item, pencilmark_state(pm), True)
            continue
        if arg == "-":
            inputs = Inputs(["-"], format=fmt, rules=rules, stdin=io.StringIO(text or ""))
        else:
            inputs = Inputs([arg], format=fmt, rules=rules)  # reads the file again
        for it in inputs:
            index += 1
            it.index = index
            if it.source is None and label is not None and not isinstance(it.error, InputError):
                it.label = label
            cands = _grid_state(it.grid) if it.grid is not None and it.error is None else None
            yield LogicItem(it, cands)


# ---------------------------------------------------------------------- logic: setup
_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "header": "Puzzle {index} ({where}):",
        "header_bare": "Puzzle {index}:",
        "solved": "Solved by logic in {n} steps; hardest technique: {name} ({difficulty}).",
        "done": "Already solved: nothing to explain.",
        "stuck": "Stuck after {n} steps: no enabled technique makes progress, and shudu does "
        "not guess. Candidates now:",
        "none": "no solution",
        "hint_done": "Already solved.",
        "hint_stuck": "No logical step found: no enabled technique makes progress, and shudu "
        "does not guess. Candidates now:",
        "found_none": "No {name} here.",
    },
    "zh": {
        "header": "第 {index} 题（{where}）：",
        "header_bare": "第 {index} 题：",
        "solved": "逻辑解出，共 {n} 步；最难的技巧：{name}（{difficulty}）。",
        "done": "已经解完，无需讲解。",
        "stuck": "推理 {n} 步后卡住：没有可用的技巧能继续推进（shudu 不猜测）。当前的候选数：",
        "none": "无解",
        "hint_done": "已经解完。",
        "hint_stuck": "找不到逻辑步骤：没有可用的技巧能继续推进（shudu 不猜测）。当前的候选数：",
        "found_none": "这里没有{name}。",
    },
}


def _norm_name(text: str) -> str:
    """Lookup form of a technique or family name.

    >>> _norm_name("Single-Digit Patterns")
    'singledigitpatterns'
    """
    return "".join(ch for ch in text.lower() if ch.isalnum())


def technique_keys(names: Iterable[str]) -> frozenset[str]:
    """Technique keys for names, HoDoKu codes, aliases or family names (comma lists too).

    Raises :class:`KeyError` naming the first unknown name.

    >>> sorted(technique_keys(["singles"]))
    ['full-house', 'hidden-single', 'naked-single']
    >>> sorted(technique_keys(["0300, x-wing"]))
    ['x-wing']
    """
    from .logic.registry import technique, techniques

    families: dict[str, list[str]] = {}
    for t in techniques():
        families.setdefault(_norm_name(t.family), []).append(t.key)
    keys: set[str] = set()
    for name in names:
        for part in name.split(","):
            part = part.strip()
            if not part:
                continue
            family = families.get(_norm_name(part))
            if family is not None:
                keys.update(family)
                continue
            try:
                keys.add(technique(part).key)
            except KeyError:
                raise KeyError(part) from None
    return frozenset(keys)


def _disable_option(
    ctx: click.Context, param: click.Parameter, value: tuple[str, ...]
) -> frozenset[str]:
    try:
        return technique_keys(value)
    except KeyError as e:
        raise click.BadParameter(
            f"unknown technique or family {e.args[0]!r}; 'shudu techniques' lists them",
            ctx=ctx,
            param=param,
        ) from None


def _enable_option(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> None:
    ctx.meta["shudu.extra"] = _disable_option(ctx, param, value)


def _technique_option(ctx: click.Context, param: click.Parameter, value: str) -> Any:
    from .logic.registry import technique

    try:
        return technique(value)
    except KeyError:
        raise click.BadParameter(
            f"unknown technique {value!r}; 'shudu techniques' lists them", ctx=ctx, param=param
        ) from None


def _logic_input_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """Options of the commands that read puzzles or pencilmarks for the logic solver."""
    func = _reading_options(func)
    return click.option(
        "--lang",
        type=click.Choice(["en", "zh"]),
        default="en",
        show_default=True,
        help="Language of the explanations: English or Chinese (中文).",
    )(func)


def _solver_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--uniqueness/--no-uniqueness``, ``--disable`` and ``--enable``."""
    func = click.option(
        "--enable",
        metavar="NAME",
        multiple=True,
        expose_value=False,
        callback=_enable_option,
        help="Also use this technique that is off by default (e.g. Franken and Mutant fish: "
        "'franken-swordfish', 'mutant-x-wing'; repeatable).",
    )(func)
    func = click.option(
        "--disable",
        "disabled",
        metavar="NAME",
        multiple=True,
        callback=_disable_option,
        help="Do not use this technique or family (name, HoDoKu code or family; repeatable).",
    )(func)
    return click.option(
        "--uniqueness/--no-uniqueness",
        default=None,
        help="Allow techniques that assume one solution (default: only when the engine "
        "confirms the puzzle is unique).",
    )(func)


def uniqueness_status(state: LogicItem) -> str:
    """What the engine says about a state: ``unique``, ``multiple``, ``none`` or ``unknown``.

    ``unknown``: an explicit pencilmark state whose placed digits allow several solutions
    (its candidates may still rule out all but one).

    >>> [uniqueness_status(x) for x in logic_items(["1" + "." * 80])]
    ['multiple']
    """
    from .engine import search

    grid = state.item.grid
    if grid is None or state.cands is None:
        return "none"
    try:
        result = search(grid, grid.rules, limit=2)
    except ValueError:
        return "none"
    if result.count == 0:
        return "none"
    if result.count >= 2:
        return "unknown" if state.pencilmarks else "multiple"
    if state.pencilmarks:
        assert result.solution is not None
        cands = state.cands
        for cell, digit in enumerate(result.solution.cells):
            if cands.values[cell] != digit and not cands.has(cell, digit):
                return "none"  # the candidates rule out the only solution
    return "unique"


def _config(disabled: frozenset[str], uniqueness: bool) -> Any:
    from .logic import SolverConfig

    ctx = click.get_current_context(silent=True)
    extra = ctx.meta.get("shudu.extra", frozenset()) if ctx is not None else frozenset()
    return SolverConfig(disabled=disabled, extra=extra, uniqueness=uniqueness)


@dataclass
class _LogicRun:
    """Shared state of ``explain``, ``hint`` and ``find``: output, languages, verdicts."""

    console: Console
    lang: str
    as_json: bool
    many: bool
    uniqueness: bool | None = None
    printed: int = 0

    def words(self, key: str, **values: Any) -> str:
        return _WORDS[self.lang][key].format(**values)

    def bad(self, state: LogicItem) -> int:
        message = state.item.describe_error(state.error)
        self.console.error(message)
        if self.as_json:
            self.console.out(_json_line({**_json_head(state.item), "error": message}))
        return SOLVE_EXIT_BAD_INPUT

    def block(self, lines: list[str], state: LogicItem) -> None:
        """Print one puzzle's text, with a header and a blank line between puzzles."""
        if self.many:
            if self.printed:
                self.console.out("")
            where = state.item.where
            key = "header" if where else "header_bare"
            lines = [self.words(key, index=state.item.index, where=where), *lines]
        self.console.out("\n".join(lines))
        self.printed += 1

    def verdict(self, state: LogicItem) -> tuple[str, bool]:
        """The engine's status and whether uniqueness techniques are on (with warnings)."""
        status = uniqueness_status(state)
        where = state.item.where if self.many or state.item.source else ""
        prefix = f"{where}: " if where else ""
        if status == "multiple":
            if self.uniqueness:
                self.console.err(
                    f"shudu: {prefix}not unique: several solutions, yet --uniqueness lets "
                    "techniques assume one: their deductions may be wrong"
                )
            else:
                self.console.err(
                    f"shudu: {prefix}not unique: several solutions; uniqueness techniques "
                    "stay off"
                )
        on = self.uniqueness if self.uniqueness is not None else status == "unique"
        return status, on

    def head(self, state: LogicItem, status: str, on: bool) -> dict[str, Any]:
        from .formats import Pencilmarks

        grid = state.item.grid
        data: dict[str, Any] = {
            **_json_head(state.item),
            "puzzle": str(grid) if grid is not None else None,
        }
        if state.pencilmarks:
            data["candidates"] = Pencilmarks(
                state.cands.rules, tuple(state.cands.masks())
            ).to_string729()
        data["unique"] = {"unique": True, "multiple": False}.get(status)
        data["uniqueness"] = on
        return data


def pencilmark_text(cands: Any) -> str:
    """The candidate grid of a state (HoDoKu style, as :meth:`Pencilmarks.format`).

    >>> pencilmark_text(next(logic_items(["1" + "." * 80])).cands).splitlines()[1].split()[:3]
    ['|', '1', '23456789']
    """
    from .formats import Pencilmarks

    return Pencilmarks(cands.rules, tuple(cands.masks())).format()


def _hardest(steps: Sequence[Any]) -> Any:
    return max((s.info for s in steps), key=lambda t: t.difficulty)


# ---------------------------------------------------------------------- logic: commands
@cli.command(
    epilog="""\b
Examples:
  shudu explain ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
  shudu explain --lang zh puzzle.sdk           # in Chinese
  shudu explain --notation puzzle.txt          # one compact line per step
  shudu explain --level 1 puzzle.txt           # only which technique each step uses
  shudu explain --json puzzle.txt              # steps as JSON
  shudu explain --disable fish --disable xy-wing puzzle.txt
  shudu explain candidates.pm                  # start from a pencilmark grid

\b
Uniqueness techniques (unique rectangles, BUG+1 ...) are used only when the
engine confirms that the puzzle has exactly one solution; --uniqueness or
--no-uniqueness decides instead.

\b
Exit status: 0 every puzzle solved by logic, 1 logic got stuck on some puzzle
(or it has no solution), 2 bad input or usage.""",
)
@click.argument("inputs", metavar="[PUZZLE_OR_FILE]...", nargs=-1)
@_logic_input_options
@_solver_options
@click.option(
    "--level",
    type=click.IntRange(1, 3),
    default=3,
    show_default=True,
    help="Detail of each step: 1 technique, 2 where to look, 3 what and why.",
)
@click.option("--notation", is_flag=True, help="One compact HoDoKu/Eureka-style line per step.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle per line.")
@click.pass_context
def explain(
    ctx: click.Context,
    inputs: tuple[str, ...],
    lang: str,
    fmt: str | None,
    rules: Rules | None,
    progress: bool | None,
    uniqueness: bool | None,
    disabled: frozenset[str],
    level: int,
    notation: bool,
    as_json: bool,
) -> None:
    """Explain the whole logical path of puzzles, step by step, without guessing.

    Each PUZZLE_OR_FILE is puzzle text in any notation, a pencilmark grid or
    729-character candidate string, or a file holding them; '-' or nothing reads
    standard input.  When no enabled technique makes progress, the command says so and
    shows the candidates left.
    """
    code = 0
    console: Console | None = None
    try:
        many, states = _peek_many_states(logic_items(inputs, fmt, rules))
        console = Console(progress=_show_progress(progress, many), total=None)
        run = _LogicRun(console, lang, as_json, many, uniqueness)
        for state in states:
            code = max(code, _explain_one(run, state, disabled, level, notation))
            console.step()
        console.close()
    except KeyboardInterrupt:
        _interrupted(console)
    except BrokenPipeError:
        _broken_pipe(console)
    finally:
        if console is not None:
            console.drop_bar()
    ctx.exit(code)


def _peek_many_states(states: Iterable[LogicItem]) -> tuple[bool, Iterator[LogicItem]]:
    """Whether ``states`` holds more than one puzzle, and the states again."""
    it = iter(states)
    head = list(islice(it, 2))
    return len(head) > 1, chain(head, it)


def _explain_one(
    run: _LogicRun, state: LogicItem, disabled: frozenset[str], level: int, notation: bool
) -> int:
    """Print the logical path of one puzzle; return its exit code."""
    if state.error is not None:
        return run.bad(state)
    from .logic import solve_path

    status, on = run.verdict(state)
    if status == "none":
        if run.as_json:
            data = {**run.head(state, status, on), "status": "none", "steps": []}
            run.console.out(_json_line(data))
        else:
            run.block([run.words("none")], state)
        return EXIT_NONE
    path = solve_path(state.cands, _config(disabled, on))
    steps = path.steps
    if run.as_json:
        data = run.head(state, status, on)
        data["status"] = "solved" if path.solved else "stuck"
        data["steps"] = [{"step": k, **s.to_dict(run.lang)} for k, s in enumerate(steps, 1)]
        if path.solved:
            data["solution"] = str(path.final.to_grid())
        else:
            from .formats import Pencilmarks

            final = path.final
            data["final"] = Pencilmarks(final.rules, tuple(final.masks())).to_string729()
        run.console.out(_json_line(data))
        return 0 if path.solved else EXIT_NONE
    width = len(str(len(steps)))
    lines = []
    for k, s in enumerate(steps, 1):
        text = s.notation() if notation else s.text(level, run.lang)
        lines.append(f"{k:>{width}}. {text}")
    if path.solved and steps:
        hardest = _hardest(steps)
        name = hardest.name_zh if run.lang == "zh" else hardest.name
        lines.append(run.words("solved", n=len(steps), name=name, difficulty=hardest.difficulty))
    elif path.solved:
        lines.append(run.words("done"))
    else:
        lines.append(run.words("stuck", n=len(steps)))
        lines.append(pencilmark_text(path.final))
    run.block(lines, state)
    return 0 if path.solved else EXIT_NONE


@cli.command(
    epilog="""\b
Examples:
  shudu hint ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
  shudu hint --level 2 puzzle.txt              # where to look
  shudu hint --level 3 --lang zh puzzle.txt    # the whole step, in Chinese
  shudu hint --json candidates.pm

\b
Exit status: 0 a hint was given (or the grid is already solved), 1 no logical
step exists (or the puzzle has no solution), 2 bad input or usage.""",
)
@click.argument("inputs", metavar="[PUZZLE_OR_FILE]...", nargs=-1)
@_logic_input_options
@_solver_options
@click.option(
    "--level",
    type=click.IntRange(1, 3),
    default=1,
    show_default=True,
    help="How much to give away: 1 the technique, 2 where to look, 3 the whole step.",
)
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle per line.")
@click.pass_context
def hint(
    ctx: click.Context,
    inputs: tuple[str, ...],
    lang: str,
    fmt: str | None,
    rules: Rules | None,
    progress: bool | None,
    uniqueness: bool | None,
    disabled: frozenset[str],
    level: int,
    as_json: bool,
) -> None:
    """Give the next logical step of puzzles (or pencilmark states) as a hint.

    Level 1 names the technique to look for, level 2 says where, level 3 gives the
    whole step with its reason.
    """
    code = 0
    console: Console | None = None
    try:
        many, states = _peek_many_states(logic_items(inputs, fmt, rules))
        console = Console(progress=_show_progress(progress, many), total=None)
        run = _LogicRun(console, lang, as_json, many, uniqueness)
        for state in states:
            code = max(code, _hint_one(run, state, disabled, level))
            console.step()
        console.close()
    except KeyboardInterrupt:
        _interrupted(console)
    except BrokenPipeError:
        _broken_pipe(console)
    finally:
        if console is not None:
            console.drop_bar()
    ctx.exit(code)


def hint_data(step: Any, level: int, lang: str) -> dict[str, Any]:
    """JSON of a hint that gives away no more than its level.

    Level 1: technique and name; level 2 adds the digits, cells and houses of the
    evidence; level 3 is the whole step (:meth:`Step.to_dict`).

    >>> from shudu.logic import hint
    >>> sorted(hint_data(hint("12345678." + "." * 72), 1, "en"))
    ['level', 'name', 'technique', 'text']
    """
    text = step.text(level, lang)
    if level == 3:
        return {**step.to_dict(lang), "level": 3, "text": text}
    data: dict[str, Any] = {"technique": step.technique, "name": step.name}
    if level == 2:
        full = step.to_dict(lang)
        for key in ("digits", "cells", "houses"):
            if key in full:
                data[key] = full[key]
    data["level"] = level
    data["text"] = text
    return data


def _hint_one(run: _LogicRun, state: LogicItem, disabled: frozenset[str], level: int) -> int:
    """Print the hint for one state; return its exit code."""
    if state.error is not None:
        return run.bad(state)
    from .logic import next_step

    status, on = run.verdict(state)
    cands = state.cands
    step = None
    if status != "none" and not cands.is_solved:
        step = next_step(cands, _config(disabled, on))
    if run.as_json:
        data = run.head(state, status, on)
        if status == "none":
            data["status"] = "none"
        elif cands.is_solved:
            data["status"] = "solved"
        else:
            data["status"] = "hint" if step is not None else "stuck"
        data["hint"] = hint_data(step, level, run.lang) if step is not None else None
        run.console.out(_json_line(data))
    elif status == "none":
        run.block([run.words("none")], state)
    elif cands.is_solved:
        run.block([run.words("hint_done")], state)
    elif step is None:
        run.block([run.words("hint_stuck"), pencilmark_text(cands)], state)
    else:
        run.block([step.text(level, run.lang)], state)
    return 0 if status != "none" and (step is not None or cands.is_solved) else EXIT_NONE


@cli.command(
    epilog="""\b
Examples:
  shudu techniques
  shudu techniques --json | jq -r .name

\b
Names, keys, HoDoKu codes and family names are all accepted by --disable, and
names, keys and codes by 'shudu find --technique'.""",
)
@click.option("--json", "as_json", is_flag=True, help="One JSON object per technique per line.")
def techniques(as_json: bool) -> None:
    """List the techniques of the logic solver, easiest first.

    Columns: HoDoKu code, difficulty (Sudoku Explainer scale; '*' marks techniques that
    assume a unique solution), key, English name, family, Chinese name.
    """
    from .logic.registry import techniques as registered

    techs = registered()
    if as_json:
        for t in techs:
            data = {
                "key": t.key,
                "name": t.name,
                "name_zh": t.name_zh,
                "code": t.code,
                "family": t.family,
                "difficulty": t.difficulty,
                "uniqueness": t.uniqueness,
                "default": t.default,
                "aliases": list(t.aliases),
            }
            click.echo(_json_line(data))
        return
    rows = [("code", "SE", "key", "name", "family", "中文")]
    for t in techs:
        mark = ("*" if t.uniqueness else "") + ("" if t.default else "+")
        rows.append((t.code, f"{t.difficulty:.1f}{mark}", t.key, t.name, t.family, t.name_zh))
    widths = [max(len(r[k]) for r in rows) for k in range(5)]
    for r in rows:
        click.echo("  ".join(r[k].ljust(widths[k]) for k in range(5)) + "  " + r[5])
    click.echo(
        f"\n{len(techs)} techniques; * assumes the puzzle has a unique solution; "
        "+ is used only when asked (--enable NAME)."
    )


@cli.command(
    epilog="""\b
Examples:
  shudu find --technique x-wing puzzle.txt
  shudu find --technique 0300 candidates.pm    # HoDoKu code
  shudu find --technique "naked pair" --json state.729

\b
Exit status: 0 some instance found, 1 none found, 2 bad input or usage.""",
)
@click.option(
    "--technique",
    "tech",
    metavar="NAME",
    required=True,
    callback=_technique_option,
    help="Technique name, key or HoDoKu code ('shudu techniques' lists them).",
)
@click.argument("inputs", metavar="[PUZZLE_OR_PENCILMARKS]...", nargs=-1)
@_logic_input_options
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle per line.")
@click.pass_context
def find(
    ctx: click.Context,
    tech: Any,
    inputs: tuple[str, ...],
    lang: str,
    fmt: str | None,
    rules: Rules | None,
    progress: bool | None,
    as_json: bool,
) -> None:
    """List every instance of one technique in a puzzle or pencilmark state.

    The state is a puzzle (candidates follow from its givens), a pencilmark grid or a
    729-character candidate string.  Each instance prints its compact notation and
    its explanation.
    """
    code = 0
    console: Console | None = None
    try:
        many, states = _peek_many_states(logic_items(inputs, fmt, rules))
        console = Console(progress=_show_progress(progress, many), total=None)
        run = _LogicRun(console, lang, as_json, many)
        for state in states:
            code = max(code, _find_one(run, state, tech))
            console.step()
        console.close()
    except KeyboardInterrupt:
        _interrupted(console)
    except BrokenPipeError:
        _broken_pipe(console)
    finally:
        if console is not None:
            console.drop_bar()
    ctx.exit(code)


def _find_one(run: _LogicRun, state: LogicItem, tech: Any) -> int:
    """Print every instance of ``tech`` in one state; return its exit code."""
    if state.error is not None:
        return run.bad(state)
    found = list(tech.find(state.cands))
    if run.as_json:
        data = {
            **_json_head(state.item),
            "puzzle": str(state.item.grid) if state.item.grid is not None else None,
            "technique": tech.key,
            "name": tech.name,
            "count": len(found),
            "steps": [s.to_dict(run.lang) for s in found],
        }
        run.console.out(_json_line(data))
    elif not found:
        name = tech.name_zh if run.lang == "zh" else tech.name
        run.block([run.words("found_none", name=name)], state)
    else:
        width = len(str(len(found)))
        lines = []
        for k, s in enumerate(found, 1):
            lines.append(f"{k:>{width}}. {s.notation()}")
            lines.append(f"{'':>{width}}  {s.text(3, run.lang)}")
        run.block(lines, state)
    return 0 if found else EXIT_NONE


def _interrupted(console: Console | None) -> NoReturn:
    """Stop after Ctrl-C: keep the results printed so far, no traceback."""
    try:
        if console is not None:
            console.close()
    except BrokenPipeError:
        _silence_stdout()
    click.echo("", err=True)
    sys.exit(EXIT_INTERRUPTED)


def _broken_pipe(console: Console | None) -> NoReturn:
    """Stop quietly when the reader of stdout has gone (``shudu solve big.txt | head``)."""
    _silence_stdout()
    try:
        if console is not None:
            console.close()
    except (BrokenPipeError, ValueError):
        pass
    sys.exit(EXIT_BROKEN_PIPE)


def main(argv: Sequence[str] | None = None) -> NoReturn:
    """Run the command line (the ``shudu`` console script)."""
    cli.main(args=list(argv) if argv is not None else None, prog_name="shudu")
    sys.exit(0)  # pragma: no cover - cli.main always exits


from . import cli_make  # noqa: E402,F401  (registers ``rate`` and ``generate``)

if __name__ == "__main__":  # pragma: no cover
    main()
