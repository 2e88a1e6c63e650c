"""What the setter's commands (``true-candidates``, ``suggest-clues``, ``redundant-clues``)
share: the puzzle read from the command line, the common options, and the one line of an
error or a time limit."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..limits import SEARCH_MAX_TIMEOUT
from .common import EXIT_NONE, SOLVE_EXIT_BAD_INPUT, describe_error, json_line, rules_option

if TYPE_CHECKING:
    from ..values.grid import Grid
    from ..values.rules import Rules

F = TypeVar("F", bound=Callable[..., Any])

EPILOG_TAIL = """\b
Exit status: 0 answered, 1 no answer (the time limit, or a puzzle the question does
not fit), 2 bad input."""


def setter_options(func: F) -> F:
    """The options every setter command takes: --rules, --lang, --timeout, --json."""
    for option in reversed([
        click.argument("puzzle", metavar="PUZZLE_OR_FILE"),
        click.option("--rules", callback=rules_option, metavar="SPEC",
                     help="Rules of the puzzle (x, windoku, 16 ...), else from its text."),
        click.option("--lang", type=click.Choice(["en", "zh"]), default="en",
                     show_default=True, help="Language of the words."),
        click.option("--timeout", type=click.FloatRange(min=0, max=SEARCH_MAX_TIMEOUT),
                     default=10.0, show_default=True, metavar="SECONDS",
                     help="Seconds the whole answer may take (0: no limit)."),
        click.option("--json", "as_json", is_flag=True, help="The answer as one JSON object."),
    ]):
        func = option(func)
    return func


def read_puzzle(ctx: click.Context, puzzle: str, rules: Rules | None, as_json: bool = False
                ) -> Grid:
    """The one puzzle a command line names (text, a file, or '-'); bad input is one
    ``shudu: error:`` line (with ``--json`` also the error object on standard output) and
    exit status 2."""
    from ..formats import parse
    from .inputs import argument_text

    text, source = argument_text(puzzle, None)
    try:
        if text is None:
            raise ValueError("cannot be read as text")
        return parse(text, rules=rules)
    except (ValueError, OSError) as e:
        text = describe_error(e, source, None)
        if as_json:
            click.echo(json_line({"status": "error", "error": text, "index": 1,
                                  "source": source, "line": None}))
        click.echo(f"shudu: error: {text}", err=True)
        ctx.exit(SOLVE_EXIT_BAD_INPUT)
    raise AssertionError("unreachable")  # pragma: no cover - ctx.exit raises


def no_answer(ctx: click.Context, status: str, text: str, as_json: bool) -> None:
    """End with no answer (``status``: ``timeout``, or ``none``/``multiple`` for a puzzle
    the question does not fit): one line on standard error (a JSON object on standard
    output with ``--json``), exit status 1."""
    if as_json:
        click.echo(json_line({"status": status, "error": text}))
    else:
        click.echo(f"shudu: {text}", err=True)
    ctx.exit(EXIT_NONE)


def count_status(count: int, exact: bool) -> str:
    """``none``, ``unique`` or ``multiple``, as ``check`` says it (``solved``: one
    solution found, the count cut short by the time limit).

    >>> count_status(0, True), count_status(1, True), count_status(1, False)
    ('none', 'unique', 'solved')
    """
    if count == 0:
        return "none"
    if count == 1:
        return "unique" if exact else "solved"
    return "multiple"


def count_lines(label: str, exact: bool, limit: int, lang: str) -> list[str]:
    """The solution count as text, with how to count further when it was capped."""
    from ..words.setter import setter_text

    lines = [setter_text("count", lang, label=label)]
    if not exact:
        lines.append(setter_text("capped", lang, limit=limit))
    return lines


def timeout_text(error: Exception, lang: str) -> str:
    """The words of a time limit reached."""
    from ..words.setter import setter_text

    return setter_text("timeout", lang, error=error)
