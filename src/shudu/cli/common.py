"""Shared by every command: exit codes, error lines, the console and its progress bar,
the options that say how puzzles are read, and the frame that ends a run cleanly
on Ctrl-C or a closed pipe."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

import click

from ..errors import ParseError, ShuduError
from .interrupt import EXIT_INTERRUPTED

if TYPE_CHECKING:
    from ..values.grid import Grid
    from ..values.rules import Rules
    from .inputs import Item



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
EXIT_BROKEN_PIPE = 141
"""The reader of standard output went away (128 + SIGPIPE)."""

MAX_ERRORS = 20
"""How many error lines a run prints before it only counts them (``--max-errors``)."""
MAX_ERRORS_KEY = "shudu.max_errors"

STDIN = "<stdin>"
"""Name of standard input in messages and in the JSON ``source`` field."""

STATUS_TEXT = {"none": "no solution", "unique": "unique", "multiple": "multiple solutions"}
CHECK_CODES = {"unique": EXIT_UNIQUE, "none": EXIT_NONE, "multiple": EXIT_MULTIPLE}


class InputError(ShuduError, ValueError):
    """An input that is neither a readable file nor puzzle text."""



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


def os_error_text(error: OSError) -> str:
    """``Permission denied``-style text of an OS error, without the errno prefix.

    >>> os_error_text(FileNotFoundError(2, "No such file or directory", "p.txt"))
    'No such file or directory'
    """
    return error.strerror or str(error)



def is_terminal(stream: Any) -> bool:
    """Whether ``stream`` is a terminal; ``False`` for anything that cannot say.

    >>> import io
    >>> is_terminal(io.StringIO()), is_terminal(None)
    (False, False)
    """
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False



# ---------------------------------------------------------------------- output
class Console:
    """Writes results to stdout and messages to stderr around an optional progress bar."""

    def __init__(self, *, progress: bool, total: int | None, unit: str = "puzzle",
                 max_errors: int | None = None) -> None:
        self.bar: Any = None
        self.errors = 0
        if max_errors is None:
            ctx = click.get_current_context(silent=True)
            max_errors = ctx.meta.get(MAX_ERRORS_KEY) if ctx is not None else None
        self.max_errors = MAX_ERRORS if max_errors is None else max_errors
        self.stdout: TextIO = sys.stdout
        self.stderr: TextIO = sys.stderr
        self.stdout_tty = is_terminal(self.stdout)
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
        """Print ``shudu: error: <text>`` on stderr: the first ``max_errors`` of a run
        (0: every one); :meth:`close` counts the rest in one line."""
        self.errors += 1
        if not self.max_errors or self.errors <= self.max_errors:
            self.err(f"shudu: error: {text}")

    def error_summary(self) -> str | None:
        """The line that counts the errors not shown, if any.

        >>> c = Console(progress=False, total=None, max_errors=1)
        >>> c.errors = 5
        >>> c.error_summary()
        'shudu: error: 4 more errors not shown (5 in all; --max-errors 0 shows every one)'
        """
        hidden = self.errors - self.max_errors if self.max_errors else 0
        if hidden <= 0:
            return None
        return (f"shudu: error: {hidden:,} more error{'s' if hidden > 1 else ''} not shown "
                f"({self.errors:,} in all; --max-errors 0 shows every one)")

    def step(self) -> None:
        """Advance the progress bar by one puzzle."""
        if self.bar is not None:
            self.bar.update(1)

    def drop_bar(self) -> None:
        """Remove the progress bar (if any), drawn once more first: a run that got
        through every puzzle ends at 100 %, not at the last figure drawn on the way."""
        if self.bar is not None:
            self.bar.refresh()
            self.bar.close()
            self.bar = None

    def close(self) -> None:
        """Remove the progress bar, flush stdout and count the errors not shown."""
        self.drop_bar()
        self.stdout.flush()
        summary = self.error_summary()
        if summary is not None:
            self.errors = self.max_errors   # said once
            self.err(summary)


def show_progress(flag: bool | None, many: bool) -> bool:
    """Whether a run shows a progress bar: never for one puzzle, else as ``--progress``
    or ``--no-progress`` says, else when stderr is a terminal.

    >>> show_progress(True, False), show_progress(True, True), show_progress(False, True)
    (False, True, False)
    """
    if not many:
        return False
    if flag is not None:
        return flag
    return is_terminal(sys.stderr)


class FormatChoice(click.Choice):
    """A choice of the notations of :mod:`shudu.formats`: those read (``--format``) or
    those a command prints a grid in (``written``: every one written but sdm), looked up
    when first needed so that start-up does not import the readers.

    >>> "sdm" in FormatChoice().choices, "sdm" in FormatChoice(written=True).choices
    (True, False)
    """

    def __init__(self, *, written: bool = False) -> None:
        self.written = written
        super().__init__((), case_sensitive=False)

    @property
    def choices(self) -> tuple[str, ...]:
        from ..formats import FORMATS, WRITE_FORMATS

        return tuple(f for f in WRITE_FORMATS if f != "sdm") if self.written else FORMATS

    @choices.setter
    def choices(self, value: Any) -> None:
        """The notations come from :mod:`shudu.formats`: nothing to set."""


def __getattr__(name: str) -> Any:
    """``OUTPUT_FORMATS``: the notations a command can print a grid in (``--output``)."""
    if name == "OUTPUT_FORMATS":
        return FormatChoice(written=True).choices
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
BLOCK_FORMATS = frozenset({"grid", "sdk", "ss", "pencilmarks"})
"""Notations of several lines: a blank line separates two grids."""


def grid_text(grid: Grid, style: str) -> str:
    """A grid in one of :data:`OUTPUT_FORMATS` (csv: the bare row).

    >>> from shudu.values.grid import Grid
    >>> g = Grid("1234341221434321")
    >>> print(grid_text(g, "sdk"))
    [Puzzle]
    1234
    3412
    2143
    4321
    >>> grid_text(g, "line")
    '1234341221434321'
    """
    if style == "grid":
        return grid.pretty()
    if style == "line":
        return str(grid)
    if style == "csv":
        return grid.to_string()
    from ..formats import write

    return write(grid, style).rstrip("\n")


def json_line(data: dict[str, Any]) -> str:
    """One JSON object on one line, non-ASCII text kept as it is.

    >>> json_line({"status": "unique", "name": "难"})
    '{"status": "unique", "name": "难"}'
    """
    import json

    return json.dumps(data, ensure_ascii=False)


def json_head(item: Item) -> dict[str, Any]:
    """The fields every JSON object of an input starts with: its index, source and line
    (and its name when it has one).

    >>> from shudu.cli.inputs import Item
    >>> json_head(Item(2, "p.txt", 5, None, name="Easy"))
    {'index': 2, 'source': 'p.txt', 'line': 5, 'name': 'Easy'}
    """
    head: dict[str, Any] = {"index": item.index, "source": item.source, "line": item.line}
    if item.name is not None:
        head["name"] = item.name
    return head


def json_error(item: Item, message: str) -> dict[str, Any]:
    """The JSON object of an input that could not be worked on: ``status: "error"`` and
    the one-line ``error`` of stderr, with the input's place (as every object has).

    >>> from shudu.cli.inputs import Item
    >>> json_error(Item(1, None, None, None), "bad")
    {'index': 1, 'source': None, 'line': None, 'status': 'error', 'error': 'bad'}
    """
    return {**json_head(item), "status": "error", "error": message}


def json_error_line(message: str, source: str | None, line: int | None = None,
                    index: int = 1) -> str:
    """The JSON error object of a command that reads no puzzle list (one line).

    >>> json_error_line("p.jpg: no grid found", "p.jpg")[-51:]
    '"status": "error", "error": "p.jpg: no grid found"}'
    """
    return json_line({"index": index, "source": source, "line": line, "status": "error",
                       "error": message})


def silence_stdout() -> None:
    """Point stdout at /dev/null so the final flush of a closed pipe says nothing.

    >>> import sys, tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     path = Path(tmp, "out.txt")
    ...     with path.open("w") as out:
    ...         real, sys.stdout = sys.stdout, out
    ...         try:
    ...             print("kept", flush=True)
    ...             silence_stdout()
    ...             print("lost", flush=True)
    ...         finally:
    ...             sys.stdout = real
    ...     path.read_text()
    'kept\\n'
    """
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


# ---------------------------------------------------------------------- options
def rules_option(ctx: click.Context, param: click.Parameter, value: str | None) -> Rules | None:
    """The ``--rules`` callback: the :class:`Rules` of a spec (``None`` without one); a
    bad spec is a usage error.

    >>> rules_option(None, None, "x"), rules_option(None, None, None)
    (Rules(size=9, diagonals=True), None)
    """
    if value is None:
        return None
    from ..values.rules import Rules

    try:
        return Rules.from_spec(value)
    except ValueError as e:
        raise click.BadParameter(str(e), ctx=ctx, param=param) from None


def _max_errors_option(ctx: click.Context, param: click.Parameter, value: int) -> None:
    ctx.meta[MAX_ERRORS_KEY] = value


def reading_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--progress``, ``--rules``, ``--format`` and ``--max-errors``: how puzzles are read.

    >>> def f(): pass
    >>> [p.name for p in reading_options(f).__click_params__]
    ['max_errors', 'progress', 'rules', 'fmt']
    """
    func = click.option(
        "--max-errors",
        metavar="N",
        type=click.IntRange(min=0),
        default=MAX_ERRORS,
        show_default=True,
        expose_value=False,
        callback=_max_errors_option,
        help="Show the first N errors of bad input, then count the rest (0: show all).",
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
        callback=rules_option,
        help="Variant rules, e.g. 'x+anti-knight', '16', '6', 'windoku', 'jigsaw=<map>'.",
    )(func)
    return click.option(
        "--format",
        "fmt",
        type=FormatChoice(),
        default=None,
        help="Input notation (default: guessed from the text).",
    )(func)


def input_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """Options shared by every command that reads puzzles.

    >>> def f(): pass
    >>> [p.name for p in input_options(f).__click_params__]
    ['threads', 'max_errors', 'progress', 'rules', 'fmt', 'inputs']
    """
    func = click.option(
        "--threads",
        metavar="N",
        type=click.IntRange(min=1),
        default=1,
        show_default=True,
        help="Work on N threads for many puzzles (results keep the input order).",
    )(func)
    func = reading_options(func)
    return click.argument("inputs", metavar="[PUZZLE_OR_FILE]...", nargs=-1)(func)



def dask_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--dask ADDRESS``: run the engine's work on a Dask cluster (same output).

    >>> def f(): pass
    >>> [p.name for p in dask_option(f).__click_params__]
    ['dask_address']
    """
    return click.option(
        "--dask", "dask_address", metavar="ADDRESS", default=None,
        help="Do the work on a Dask cluster: a scheduler's address (tcp://host:8786) or "
        "local:N (N worker processes here). Output is the same as without it. Needs "
        "'pip install shudu[dask]'.")(func)


@contextmanager
def dask_client(address: str | None, exit_code: int) -> Iterator[Any]:
    """A Dask client for ``--dask`` (``None`` without it); a cluster that cannot be
    reached is one error line and ``exit_code``.

    >>> with dask_client(None, 3) as client:
    ...     client is None
    True
    """
    if address is None:
        yield None
        return
    from ..dask import DaskUnavailable, connect

    try:
        with connect(address) as client:
            yield client
    except DaskUnavailable as e:
        error = click.ClickException(str(e))
        error.exit_code = exit_code  # type: ignore[misc]  # click's stubs: a ClassVar
        raise error from None


class Frame:
    """The console of one command run, once the command has made it."""

    console: Console | None = None

    def open(self, *, progress: bool, total: int | None, unit: str = "puzzle") -> Console:
        """Make the run's console (see :class:`Console`) and keep it for the frame."""
        self.console = Console(progress=progress, total=total, unit=unit)
        return self.console


@contextmanager
def run_frame() -> Iterator[Frame]:
    """The frame around every command: on success the console is closed (progress bar
    removed, stdout flushed); Ctrl-C keeps what was printed and exits 130 without a
    traceback; a closed pipe (``shudu solve big.txt | head``) exits 141 quietly.

    >>> with run_frame() as frame:
    ...     console = frame.open(progress=False, total=None)
    >>> frame.console.bar is None
    True
    """
    frame = Frame()
    try:
        yield frame
        if frame.console is not None:
            frame.console.close()
    except KeyboardInterrupt:
        _interrupted(frame.console)
    except BrokenPipeError:
        _broken_pipe(frame.console)
    finally:
        if frame.console is not None:
            frame.console.drop_bar()


def _interrupted(console: Console | None) -> NoReturn:
    """Stop after Ctrl-C: keep the results printed so far, no traceback."""
    try:
        if console is not None:
            console.close()
    except BrokenPipeError:
        silence_stdout()
    click.echo("", err=True)
    sys.exit(EXIT_INTERRUPTED)


def _broken_pipe(console: Console | None) -> NoReturn:
    """Stop quietly when the reader of stdout has gone (``shudu solve big.txt | head``)."""
    silence_stdout()
    try:
        if console is not None:
            console.close()
    except (BrokenPipeError, ValueError):
        pass
    sys.exit(EXIT_BROKEN_PIPE)
