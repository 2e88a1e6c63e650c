"""``shudu check``: whether puzzles have exactly one solution, in words and exit codes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from .app import _CheckCommand, cli
from .common import (
    _CHECK_CODES,
    _STATUS_TEXT,
    EXIT_BAD_INPUT,
    EXIT_UNIQUE,
    _input_options,
    _show_progress,
    run_frame,
)
from .inputs import Inputs, _peek_many
from .outcomes import Outcome, _outcomes

if TYPE_CHECKING:
    from ..rules import Rules


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
    with run_frame() as frame:
        source = Inputs(inputs, format=fmt, rules=rules)
        many, items = _peek_many(source)
        console = frame.open(progress=_show_progress(progress, many), total=source.total)
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
    ctx.exit(code)
