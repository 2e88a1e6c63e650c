"""``shudu solve``: print the solutions of puzzles (the first, all, or their count)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import click

from ..limits import SEARCH_MAX_LIMIT, SEARCH_MAX_TIMEOUT
from .app import cli
from .common import (
    BLOCK_FORMATS,
    EXIT_NONE,
    SOLVE_EXIT_BAD_INPUT,
    Console,
    FormatChoice,
    dask_client,
    dask_option,
    grid_text,
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
    from ..solving.methods import MethodResult
    from ..values.grid import Grid
    from ..values.rules import Rules

METHOD_CHOICES = ("engine", "dfs", "dlx", "ga", "annealing")
"""``--method``: the fast engine (default) or one of :data:`shudu.solving.methods.METHODS`."""


@cli.command(
    epilog="""\b
Examples:
  shudu solve 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  shudu solve --output line puzzle.sdk
  shudu solve --output sdk puzzle.txt          # any notation shudu writes
  shudu solve --output csv puzzles.sdm > data.csv   # puzzle,solution rows
  shudu solve puzzles.txt > solutions.txt      # one solution per line
  shudu solve --json - < puzzles.txt           # one JSON object per puzzle
  shudu solve --count --limit 10 puzzle.txt    # how many solutions (stops at 10)
  shudu solve --all --limit 5 puzzle.txt       # list up to 5 solutions
  shudu solve --rules x+anti-knight puzzle.txt
  shudu solve --threads 4 big.txt
  shudu solve --trace puzzle.txt              # the search as a log: singles, guesses,
                                               # contradictions, restored states
  shudu solve --trace-grids --lang zh puzzle.txt   # with candidate grids, in Chinese
  shudu solve --trace --json puzzle.txt       # the log as data
  shudu solve --method dlx --count puzzle.txt # dancing links instead of the engine
  shudu solve --method annealing --seed 3 puzzle.txt

\b
Exit status: 0 every puzzle solved, 1 some puzzle has no solution (not with
--count), ran past --timeout, or a --method/--trace run ended at its budget
without one, 2 bad
input or usage (bad lines are reported and skipped).""",
)
@input_options
@click.option("--count", "count_mode", is_flag=True, help="Print the number of solutions.")
@click.option(
    "--all", "all_mode", is_flag=True, help="Print every solution (up to --limit when given)."
)
@click.option(
    "--limit",
    metavar="N",
    type=click.IntRange(min=1, max=SEARCH_MAX_LIMIT),
    default=None,
    help="Stop at N solutions (with --count the default is 2: '2+' means two or more).",
)
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle per line.")
@click.option(
    "--output",
    "style",
    type=FormatChoice(written=True),
    default=None,
    help="Notation of the solutions: any format shudu writes, so solve also converts "
    "(default: grid for one puzzle, line for many; csv gives puzzle,solution rows).",
)
@click.option(
    "--seed", metavar="N", type=int, default=None,
    help="Random order of guesses (any integer); the seed of --method ga/annealing.",
)
@click.option(
    "--trace", "trace_mode", is_flag=True,
    help="Print the search as a log: singles placed, guesses on the cell with the fewest "
    "candidates, contradictions, restored states, solutions, and a summary.",
)
@click.option(
    "--trace-grids", is_flag=True, help="With --trace (implied): the candidate grid at each guess."
)
@click.option(
    "--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
    help="Language of the --trace log: English or Chinese (中文).",
)
@click.option(
    "--method", type=click.Choice(METHOD_CHOICES), default="engine", show_default=True,
    help="How to solve: the fast engine, plain backtracking (dfs), dancing links (dlx), "
    "a genetic algorithm (ga) or simulated annealing (the last two may fail).",
)
@click.option(
    "--budget", metavar="N", type=click.IntRange(min=1), default=None,
    help="With --method: nodes (dfs, dlx), generations (ga) or moves (annealing).",
)
@click.option(
    "--timeout", metavar="SECONDS", type=click.FloatRange(min=0, max=SEARCH_MAX_TIMEOUT),
    default=60.0,
    show_default=True,
    help="Give up on a puzzle (beyond classic 9x9, which never takes long) after this "
    "many seconds of search, saying so; 0: no limit.",
)
@dask_option
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
    trace_mode: bool,
    trace_grids: bool,
    lang: str,
    method: str,
    budget: int | None,
    timeout: float,
    dask_address: str | None,
) -> None:
    """Solve puzzles and print their solutions.

    Each PUZZLE_OR_FILE is an existing file (one or many puzzles) or else puzzle text;
    '-' or no argument reads standard input.  A puzzle without solution prints 'no
    solution'; one with several prints the first and says so on stderr.
    """
    if count_mode and all_mode:
        raise click.UsageError("use either --count or --all, not both", ctx=ctx)
    if timeout != timeout:  # NaN passes click's range check
        raise click.UsageError("--timeout must be a number of seconds", ctx=ctx)
    if limit is not None and not (count_mode or all_mode):
        raise click.UsageError("--limit only applies with --count or --all", ctx=ctx)
    trace_mode = trace_mode or trace_grids
    if trace_mode and (count_mode or all_mode):
        raise click.UsageError("--trace shows one search: not with --count or --all", ctx=ctx)
    if trace_mode and method != "engine":
        raise click.UsageError("use either --trace or --method, not both", ctx=ctx)
    if method in ("ga", "annealing") and (count_mode or all_mode):
        raise click.UsageError(f"--method {method} finds one solution: not with --count or "
                               "--all", ctx=ctx)
    if budget is not None and method == "engine":
        raise click.UsageError("--budget only applies with --method", ctx=ctx)
    if dask_address is not None and (trace_mode or all_mode or method != "engine"):
        raise click.UsageError("--dask runs the engine's search: not with --trace, --all or "
                               "--method", ctx=ctx)
    code = 0
    with run_frame() as frame, dask_client(dask_address, SOLVE_EXIT_BAD_INPUT) as client:
        source = Inputs(inputs, format=fmt, rules=rules)
        many, items = peek_many(source)
        style = style or ("line" if many else "grid")
        console = frame.open(progress=show_progress(progress, many), total=source.total)
        run = _SolveRun(console, style=style, as_json=as_json, many=many, seed=seed,
                        timeout=timeout, labelled=len(inputs) > 1)
        if trace_mode:
            for item in items:
                code = max(code, run.trace(item, trace_grids, lang))
                console.step()
        elif method != "engine":
            search_limit = (limit or 2) if (count_mode or all_mode) else 2
            for item in items:
                code = max(code, run.method(item, method, search_limit, budget, count_mode,
                                            all_mode))
                console.step()
        elif all_mode:
            for item in items:
                code = max(code, run.all_solutions(item, limit, timeout or None))
                console.step()
        elif count_mode and not many and threads > 1 and (limit or 2) > 2 and client is None:
            # one big count: its search tree is split across the threads
            for item in items:
                code = max(code, run.report(
                    item, _split_count(item, limit or 2, threads, timeout or None), count_mode))
                console.step()
        else:
            search_limit = (limit or 2) if count_mode else 2
            for item, result in search_outcomes(items, search_limit, seed, threads, client,
                                          timeout or None):
                code = max(code, run.report(item, result, count_mode))
                console.step()
    ctx.exit(code)


def _split_count(item: Item, limit: int, threads: int, timeout: float | None
                 ) -> SearchResult | ValueError | TimeoutError | None:
    """One puzzle's count on ``threads`` threads (:func:`shudu.solving.engine.search`)."""
    if item.grid is None:
        return None
    from ..solving.engine import search

    try:
        return search(item.grid, limit=limit, threads=threads, timeout=timeout)
    except (ValueError, TimeoutError) as e:
        return e


@dataclass
class _SolveRun:
    """Prints the outcome of each puzzle of ``shudu solve``."""

    console: Console
    style: str
    as_json: bool
    many: bool
    seed: int | None
    timeout: float = 0.0
    labelled: bool = False
    """Counts say which input they belong to (several inputs were named)."""
    printed: int = 0
    fresh: bool = False

    def _block(self, text: str) -> None:
        if self.style in BLOCK_FORMATS and self.printed and not self.fresh:
            self.console.out("")
        self.fresh = False
        self.console.out(text)
        self.printed += 1

    def _csv_row(self, puzzle: Grid, solution: Grid | None) -> None:
        """One ``puzzle,solution`` row (the header before the first; a ``rules`` column
        for variants; an empty solution when there is none)."""
        import csv
        import io

        plain = puzzle.rules.is_classic9
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="")
        if not self.printed:
            writer.writerow(["puzzle", "solution"] if plain else ["puzzle", "solution", "rules"])
            out.write("\n")
        row = [puzzle.to_string(), solution.to_string() if solution is not None else ""]
        writer.writerow(row if plain else [*row, puzzle.rules.spec])
        self.console.out(out.getvalue())
        self.printed += 1

    def _bad(self, item: Item, error: ValueError | None) -> int:
        message = item.describe_error(error)
        self.console.error(message)
        if self.as_json:
            self.console.out(json_line(json_error(item, message)))
        return SOLVE_EXIT_BAD_INPUT

    def report(self, item: Item, result: SearchResult | ValueError | TimeoutError | None,
               count_mode: bool) -> int:
        """Print the result of one puzzle; return its exit code."""
        if item.error is not None or item.grid is None:
            return self._bad(item, item.error)
        if isinstance(result, ValueError):
            return self._bad(item, result)
        if isinstance(result, TimeoutError):
            if self.as_json:
                self.console.out(json_line({**json_head(item), "puzzle": str(item.grid),
                                             "status": "timeout", "error": str(result)}))
            return self._timed_out(item, result)
        assert result is not None
        sol = result.solution
        if self.as_json:
            data = {
                **json_head(item),
                "puzzle": str(item.grid),
                "status": result.status,
                "solution": str(sol) if sol is not None else None,
                "count": result.count,
                "guesses": result.guesses,
                "nodes": result.nodes,
            }
            if count_mode:
                data["limit"] = result.limit
                data["complete"] = result.complete and result.count < result.limit
            self.console.out(json_line(data))
        elif count_mode and not result.complete:
            self.console.out(f"≥ {result.count} (stopped at the {self.timeout:g} s limit)")
        elif count_mode:
            more = "+" if result.limit is not None and result.count >= result.limit else ""
            where = f"{item.where or item.index}: " if self.labelled else ""
            self.console.out(f"{where}{result.count}{more}")
        elif self.style == "csv":
            self._csv_row(item.grid, sol)
        elif sol is None:
            self._block("no solution")
        else:
            self._block(grid_text(sol, self.style))
            if result.status == "multiple":
                self._warn_multiple(item)
            elif not result.complete:
                self._warn_unproven(item)
        if count_mode:
            return 0 if result.complete else EXIT_NONE
        return EXIT_NONE if result.status == "none" else 0

    def _warn(self, item: Item, text: str) -> None:
        where = item.where if self.many or item.source else ""
        prefix = f"{where}: " if where else ""
        self.console.err(f"shudu: {prefix}{text}")

    def _warn_multiple(self, item: Item) -> None:
        self._warn(item, "not unique: several solutions, showing the first")

    def _warn_unproven(self, item: Item) -> None:
        self._warn(item, f"not known to be unique: the search stopped at the "
                   f"{self.timeout:g} s limit (--timeout)")

    def _timed_out(self, item: Item, error: TimeoutError) -> int:
        """The one line on stderr for a search that ran past ``--timeout``."""
        where = item.where if self.many or item.source else ""
        self.console.err(f"shudu: {where + ': ' if where else ''}{error} "
                         "(--timeout SECONDS raises the limit, 0 removes it)")
        return EXIT_NONE

    def all_solutions(self, item: Item, limit: int | None, timeout: float | None) -> int:
        """Print every solution of one puzzle (up to ``limit``, those found within
        ``timeout`` seconds); return its exit code."""
        if item.error is not None or item.grid is None:
            return self._bad(item, item.error)
        from ..solving.engine import solutions

        grid = item.grid
        found: list[Grid] = []
        n = 0
        extra = False
        late: TimeoutError | None = None
        if not self.as_json and self.printed:
            self.console.out("")
            self.fresh = True
        it = None
        try:
            it = solutions(grid, grid.rules, seed=self.seed, timeout=timeout)
            for sol in it:
                if limit is not None and n >= limit:
                    extra = True
                    break
                n += 1
                if self.as_json:
                    found.append(sol)
                elif self.style == "csv":
                    self._csv_row(grid, sol)
                else:
                    self._block(grid_text(sol, self.style))
        except ValueError as e:
            return self._bad(item, e)
        except TimeoutError as e:
            late = e
        status = ("multiple" if n > 1 or extra else "timeout" if late is not None
                  else "none" if n == 0 else "unique")
        if self.as_json:
            data = {
                **json_head(item),
                "puzzle": str(grid),
                "status": status,
                "solution": str(found[0]) if found else None,
                "count": n,
                "guesses": getattr(it, "guesses", None),
                "nodes": getattr(it, "nodes", None),
                "limit": limit,
                "solutions": [str(s) for s in found],
            }
            if late is not None:
                data["error"] = str(late)
            self.console.out(json_line(data))
        elif late is None and n == 0 and self.style == "csv":
            self._csv_row(grid, None)
        elif late is None and n == 0:
            self._block("no solution")
        if late is not None:
            return self._timed_out(item, late)
        return EXIT_NONE if n == 0 else 0

    def trace(self, item: Item, grids: bool, lang: str) -> int:
        """Print the search log of one puzzle (``--trace``); return its exit code."""
        if item.error is not None or item.grid is None:
            return self._bad(item, item.error)
        from ..logic.trace import trace

        try:
            found = trace(item.grid, item.grid.rules, grids=grids)
        except ValueError as e:
            return self._bad(item, e)
        if self.as_json:
            self.console.out(json_line({**json_head(item), **found.to_dict(lang)}))
        else:
            if self.printed:
                self.console.out("")
            self.fresh = True
            self.console.out("\n".join([*found.lines(lang), *found.summary(lang)]))
            self.printed += 1
            for sol in found.solutions[:2]:
                self.console.out("")
                self.fresh = True
                self._block(grid_text(sol, self.style))
        return 0 if found.solutions else EXIT_NONE

    def method(self, item: Item, method: str, limit: int, budget: int | None,
               count_mode: bool, all_mode: bool) -> int:
        """Solve one puzzle with ``--method``; return its exit code."""
        if item.error is not None or item.grid is None:
            return self._bad(item, item.error)
        from ..solving.methods import solve_with

        try:
            found = solve_with(method, item.grid, item.grid.rules, limit=limit,
                               seed=self.seed, budget=budget)
        except ValueError as e:
            return self._bad(item, e)
        status = found.status
        if self.as_json:
            data = {
                **json_head(item),
                "puzzle": str(item.grid),
                "method": method,
                "status": status,
                "solution": str(found.solution) if found.solution is not None else None,
                "count": found.count,
                "nodes": found.nodes,
                "seconds": round(found.seconds, 6),
                "reached": found.reached,
                "stopped": found.stopped,
            }
            if count_mode or all_mode:
                data["limit"] = limit
            if all_mode:
                data["solutions"] = [str(s) for s in found.solutions]
            if found.best is not None:
                data["best"] = found.best
                data["curve"] = list(found.curve)
            self.console.out(json_line(data))
        elif count_mode:
            more = "+" if found.count >= limit else "?" if status == "unfinished" else ""
            where = f"{item.where or item.index}: " if self.labelled else ""
            self.console.out(f"{where}{found.count}{more}")
        elif all_mode:
            if self.printed:
                self.console.out("")
                self.fresh = True
            for sol in found.solutions:
                if self.style == "csv":
                    self._csv_row(item.grid, sol)
                else:
                    self._block(grid_text(sol, self.style))
            if status == "none":
                self._block("no solution")
        elif self.style == "csv" and found.solution is not None:
            self._csv_row(item.grid, found.solution)
        elif found.solution is not None:
            self._block(grid_text(found.solution, self.style))
            if status == "multiple":
                self._warn_multiple(item)
        else:
            self._block("no solution" if status == "none" else "unsolved")
        if status == "unfinished" and not (found.solutions and not count_mode):
            self._warn_unfinished(item, found)
        if status == "unfinished" and not found.solutions:
            return EXIT_NONE
        return EXIT_NONE if status == "none" and not count_mode else 0

    def _warn_unfinished(self, item: Item, found: MethodResult) -> None:
        where = item.where if self.many or item.source else ""
        prefix = f"{where}: " if where else ""
        unit = {"ga": "generations", "annealing": "moves"}.get(found.method, "nodes")
        why = "out of time" if found.stopped == "timeout" else f"its budget of {found.nodes} {unit}"
        if found.best is not None:
            what = f"no solution reached (best: {found.best} conflicts)"
        else:
            what = "the search did not finish"
        self.console.err(f"shudu: {prefix}{found.method}: {what}, stopped at {why}")
