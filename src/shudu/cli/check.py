"""``shudu check``: whether puzzles have exactly one solution, in words and exit codes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from .app import _CheckCommand, cli
from .common import (
    _CHECK_CODES,
    _STATUS_TEXT,
    EXIT_BAD_INPUT,
    EXIT_UNIQUE,
    _input_options,
    _json_head,
    _json_line,
    _show_progress,
    run_frame,
)
from .inputs import Inputs, Item, _peek_many
from .outcomes import _outcomes

if TYPE_CHECKING:
    from ..engine import SearchResult
    from ..rules import Rules


@cli.command(
    cls=_CheckCommand,
    epilog="""\b
Examples:
  shudu check 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  shudu check puzzle.sdk && echo "a proper puzzle"
  shudu check puzzles.txt                      # one line per puzzle
  shudu check --json puzzles.txt               # one JSON object per puzzle

\b
Exit status: 0 unique, 1 no solution, 2 several solutions, 3 bad input (or bad
usage).  With many puzzles the worst code wins: 3 > 2 > 1 > 0.""",
)
@_input_options
@click.option("--json", "as_json", is_flag=True,
              help="One JSON object per puzzle per line (status, solution or two solutions).")
@click.pass_context
def check(
    ctx: click.Context,
    inputs: tuple[str, ...],
    fmt: str | None,
    rules: Rules | None,
    progress: bool | None,
    threads: int,
    as_json: bool,
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
                message = item.describe_error(error)
                console.error(message)
                if as_json:
                    console.out(_json_line({**_json_head(item), "error": message}))
                code = max(code, EXIT_BAD_INPUT)
            else:
                assert result is not None
                if as_json:
                    console.out(_json_line(check_data(item, result)))
                else:
                    text = _STATUS_TEXT[result.status]
                    console.out(f"{item.where}: {text}" if many else text)
                code = max(code, _CHECK_CODES[result.status])
            console.step()
    ctx.exit(code)


def check_data(item: Item, result: SearchResult) -> dict[str, Any]:
    """The JSON object of one checked puzzle: its status, the solution of a unique puzzle,
    and for several solutions two of them with the first cell where they differ.

    >>> from shudu.cli.inputs import Inputs
    >>> item = next(iter(Inputs(["." * 81])))
    >>> from shudu.engine import search
    >>> data = check_data(item, search(item.grid, limit=2))
    >>> data["status"], len(data["solutions"]), data["differ"].startswith("r")
    ('multiple', 2, True)
    """
    from ..engine import solutions

    assert item.grid is not None
    data: dict[str, Any] = {**_json_head(item), "puzzle": str(item.grid),
                            "status": result.status, "unique": result.status == "unique",
                            "solution": None, "solutions": [], "differ": None}
    if result.status == "unique":
        data["solution"] = str(result.solution)
    elif result.status == "multiple":
        grid = item.grid
        two = []
        for sol in solutions(grid, grid.rules):
            two.append(sol)
            if len(two) == 2:
                break
        data["solutions"] = [str(s) for s in two]
        cell = next(k for k, (a, b) in enumerate(zip(two[0].cells, two[1].cells)) if a != b)
        data["differ"] = grid.rules.cell_name(cell)
    return data
