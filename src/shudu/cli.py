"""The ``shudu`` command line: solve and check Sudoku puzzles.

Puzzles come from arguments (puzzle text or file names) or from standard input; every
notation of :mod:`shudu.formats` is read.  Bad input never produces a traceback: each
problem is one ``shudu: error: ...`` line on stderr and the run goes on with the next
puzzle, then exits non-zero.

Exit codes of ``shudu solve``: 0 every puzzle solved, 1 some puzzle has no solution
(not with ``--count``), 2 bad input or usage.  Exit codes of ``shudu check``: 0 unique,
1 no solution, 2 several solutions, 3 bad input or usage; with many puzzles the worst
code wins (3 > 2 > 1 > 0).

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

        stream = self.stdin if self.stdin is not None else click.get_text_stream("stdin")
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
    func = click.option(
        "--format",
        "fmt",
        type=click.Choice(FORMATS, case_sensitive=False),
        default=None,
        help="Input notation (default: guessed from the text).",
    )(func)
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
    """Solve and check Sudoku puzzles (classic 9x9, other sizes and variants).

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


if __name__ == "__main__":  # pragma: no cover
    main()
