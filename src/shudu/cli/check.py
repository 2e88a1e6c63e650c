"""``shudu check``: whether puzzles have exactly one solution, in words and exit codes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import click

from .app import CheckCommand, cli
from .common import (
    CHECK_CODES,
    EXIT_BAD_INPUT,
    EXIT_NONE,
    EXIT_UNIQUE,
    STATUS_TEXT,
    Console,
    Frame,
    dask_client,
    dask_option,
    input_options,
    json_error,
    json_head,
    json_line,
    run_frame,
    show_progress,
)
from .inputs import Inputs, Item, peek_many
from .outcomes import search_outcomes

if TYPE_CHECKING:
    from ..solving.engine import SearchResult
    from ..values.grid import Grid
    from ..values.rules import Rules


@cli.command(
    cls=CheckCommand,
    epilog="""\b
Examples:
  shudu check 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  shudu check puzzle.sdk && echo "a proper puzzle"
  shudu check puzzles.txt                      # one line per puzzle
  shudu check --json puzzles.txt               # one JSON object per puzzle
  shudu check --against-solutions sudoku.csv   # rows whose given solution is wrong
  shudu check --dask local:2 sudoku.csv        # the same, on a local Dask cluster

\b
Exit status: 0 unique, 1 no solution, 2 several solutions, 3 bad input (or bad
usage).  With many puzzles the worst code wins: 3 > 2 > 1 > 0.  With
--against-solutions: 0 every given solution is right, 1 some is wrong (or
missing), 3 bad input.""",
)
@input_options
@click.option("--json", "as_json", is_flag=True,
              help="One JSON object per puzzle per line (status, solution or two solutions).")
@click.option("--against-solutions", "against", is_flag=True,
              help="For data sets with a solution column (quizzes,solutions ...): report the "
              "rows whose given solution is not the puzzle's one solution, then a summary.")
@dask_option
@click.pass_context
def check(
    ctx: click.Context,
    inputs: tuple[str, ...],
    fmt: str | None,
    rules: Rules | None,
    progress: bool | None,
    threads: int,
    as_json: bool,
    against: bool,
    dask_address: str | None,
) -> None:
    """Tell whether puzzles have exactly one solution.

    Prints 'unique', 'no solution' or 'multiple solutions' (one line per puzzle,
    prefixed by its place when there are many); bad input is reported on stderr.
    """
    code = EXIT_UNIQUE
    if against:
        ctx.exit(_check_solutions(inputs, fmt, rules, progress, threads, as_json,
                                  dask_address))
    with run_frame() as frame, dask_client(dask_address, EXIT_BAD_INPUT) as client:
        for console, many, item, result in _results(frame, inputs, fmt, rules, progress,
                                                    threads, as_json, client):
            if result is None:
                code = max(code, EXIT_BAD_INPUT)
            else:
                if as_json:
                    console.out(json_line(check_data(item, result)))
                else:
                    text = STATUS_TEXT[result.status]
                    console.out(f"{item.where}: {text}" if many else text)
                code = max(code, CHECK_CODES[result.status])
    ctx.exit(code)


def check_data(item: Item, result: SearchResult) -> dict[str, Any]:
    """The JSON object of one checked puzzle: its status, the solution of a unique puzzle,
    and for several solutions two of them with the first cell where they differ.

    >>> from shudu.cli.inputs import Inputs
    >>> item = next(iter(Inputs(["." * 81])))
    >>> from shudu.solving.engine import search
    >>> data = check_data(item, search(item.grid, limit=2))
    >>> data["status"], len(data["solutions"]), data["differ"].startswith("r")
    ('multiple', 2, True)
    """
    assert item.grid is not None
    data: dict[str, Any] = {**json_head(item), "puzzle": str(item.grid),
                            "status": result.status, "unique": result.status == "unique",
                            "solution": None, "solutions": [], "differ": None}
    if result.status == "unique":
        data["solution"] = str(result.solution)
    elif result.status == "multiple":
        from itertools import islice

        from ..logic.verdict import Verdict
        from ..solving.engine import solutions

        grid = item.grid
        two = Verdict("multiple", tuple(islice(solutions(grid, grid.rules), 2)))
        assert two.cell is not None
        data["solutions"] = [str(s) for s in two.solutions]
        data["differ"] = grid.rules.cell_name(two.cell)
    return data


def solution_problem(puzzle: Grid, given: Grid | None, result: SearchResult) -> str | None:
    """What is wrong with the solution a data set gives for a puzzle (``None``: nothing).

    >>> from shudu import Grid
    >>> from shudu.solving.engine import search
    >>> p = Grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2....."
    ...          "1.4......")
    >>> right = search(p).solution
    >>> solution_problem(p, right, search(p, limit=2)) is None
    True
    >>> wrong = Grid(str(right)[:80] + "1", check=False)
    >>> solution_problem(p, wrong, search(p, limit=2))
    'the given solution differs at r9c9: 1 given, 3 in the solution'
    """
    if given is None:
        return "no solution given"
    if result.status == "none":
        return "the puzzle has no solution"
    if result.status == "multiple":
        return "the puzzle has several solutions, so no given one is the solution"
    assert result.solution is not None
    rules = puzzle.rules
    for cell, (a, b) in enumerate(zip(given.cells, result.solution.cells)):
        if a != b:
            from ..logic.step import digit_text

            return (f"the given solution differs at {rules.cell_name(cell)}: "
                    f"{digit_text(a, rules.size)} given, {digit_text(b, rules.size)} in the "
                    "solution")
    return None


def _check_solutions(inputs: tuple[str, ...], fmt: str | None, rules: Rules | None,
                     progress: bool | None, threads: int, as_json: bool,
                     dask_address: str | None = None) -> int:
    """``check --against-solutions``: one line per wrong row, then a summary."""
    code = EXIT_UNIQUE
    checked = wrong = 0
    console = None
    with run_frame() as frame, dask_client(dask_address, EXIT_BAD_INPUT) as client:
        for console, _, item, result in _results(frame, inputs, fmt, rules, progress,
                                                 threads, as_json, client):
            if result is None:
                code = max(code, EXIT_BAD_INPUT)
                continue
            assert item.grid is not None
            checked += 1
            problem = solution_problem(item.grid, item.solution, result)
            if problem is not None:
                wrong += 1
                code = max(code, EXIT_NONE)
            if as_json:
                console.out(json_line({**json_head(item), "puzzle": str(item.grid),
                                        "status": "right" if problem is None else "wrong",
                                        "right": problem is None, "problem": problem}))
            elif problem is not None:
                console.out(f"{item.where or item.index}: {problem}")
        if not as_json and console is not None:
            console.out(f"{checked:,} rows checked, {wrong:,} with a wrong solution")
    return code


def _results(frame: Frame, inputs: tuple[str, ...], fmt: str | None, rules: Rules | None,
             progress: bool | None, threads: int, as_json: bool, client: Any = None
             ) -> Iterator[tuple[Console, bool, Item, SearchResult | None]]:
    """Each puzzle named on the command line with the engine's result, in input order,
    with the run's console and whether there are many; an unreadable puzzle is reported
    (a line on stderr, and an error object with ``--json``) and comes with ``None``.  The
    progress bar counts each puzzle once it has been handled."""
    source = Inputs(inputs, format=fmt, rules=rules)
    many, items = peek_many(source)
    console = frame.open(progress=show_progress(progress, many), total=source.total)
    for item, result in search_outcomes(items, 2, None, threads, client):
        error = item.error if item.error is not None else result
        if item.grid is None or isinstance(error, ValueError) or result is None:
            message = item.describe_error(error if isinstance(error, ValueError) else None)
            console.error(message)
            if as_json:
                console.out(json_line(json_error(item, message)))
            yield console, many, item, None
        else:
            assert not isinstance(result, (ValueError, TimeoutError))   # no timeout here
            yield console, many, item, result
        console.step()
