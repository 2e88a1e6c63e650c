"""``shudu rate`` and ``shudu generate``: the publisher's commands.

``rate`` reads puzzles like ``solve`` does and prints each one's Sudoku Explainer
score, grade and hardest technique (a table, CSV or JSON), on every core for many
puzzles.  ``generate`` prints new puzzles with one solution, optionally symmetric,
minimal, on a clue pattern, and at a target grade, score or technique.

Exit codes: 0 every puzzle rated / generated, 1 some puzzle could not be rated (no or
several solutions) or the generator ran out of budget, 2 bad input or usage.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import click

from .cli import (
    SOLVE_EXIT_BAD_INPUT,
    Console,
    Inputs,
    Item,
    _broken_pipe,
    _interrupted,
    _json_head,
    _json_line,
    _peek_many,
    _reading_options,
    _render,
    _rules_option,
    _show_progress,
    cli,
)

if TYPE_CHECKING:
    from .rating import Rating
    from .rules import Rules

EXIT_UNRATED = 1
"""``rate``: some puzzle has no or several solutions; ``generate``: budget spent."""

_COLUMNS = ("where", "score", "grade", "hardest", "pearl", "diamond", "guesses", "steps",
            "puzzle")


# ---------------------------------------------------------------------- rate
def _rate_item(args: tuple[str, Rules]) -> Rating | ValueError:
    """Rate one puzzle in a worker; errors come back as values."""
    from .rating import rate

    text, rules = args
    try:
        return rate(text, rules)
    except ValueError as e:
        return e


def _ratings(items: Iterator[Item], jobs: int) -> Iterator[tuple[Item, Rating | ValueError | None]]:
    """Each item with its rating (``None`` for an unreadable item), in input order."""
    if jobs <= 1:
        for item in items:
            grid = item.grid
            yield item, (_rate_item((grid.to_string(), grid.rules)) if grid is not None
                         else None)
        return
    import multiprocessing as mp
    from collections import deque

    with mp.get_context("fork").Pool(jobs) as pool:
        pending: deque[tuple[Item, Any]] = deque()
        for item in items:
            grid = item.grid
            job = (pool.apply_async(_rate_item, ((grid.to_string(), grid.rules),))
                   if grid is not None else None)
            pending.append((item, job))
            while len(pending) > 4 * jobs or (pending and pending[0][1] is not None
                                               and pending[0][1].ready()):
                head, done = pending.popleft()
                yield head, done.get() if done is not None else None
        while pending:
            head, done = pending.popleft()
            yield head, done.get() if done is not None else None


def _hardest_name(key: str | None, lang: str) -> str:
    if key is None:
        return "-"
    from .logic.registry import technique

    tech = technique(key)
    return tech.name_zh if lang == "zh" else tech.name


def _row(item: Item, r: Rating, lang: str) -> dict[str, Any]:
    return {"where": item.where or str(item.index), "score": f"{r.score:.1f}",
            "grade": r.grade, "hardest": _hardest_name(r.hardest, lang),
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

\b
Scores follow the Sudoku Explainer scale (1.2 hidden single ... 11+); grades:
beginner < 2.0 <= easy < 3.0 <= medium < 4.5 <= hard < 7.0 <= expert < 9.0 <= extreme.
Exit status: 0 every puzzle rated, 1 some puzzle has no or several solutions,
2 bad input or usage.""",
)
@click.argument("inputs", metavar="[PUZZLE_OR_FILE]...", nargs=-1)
@_reading_options
@click.option("--output", "style", type=click.Choice(["table", "csv", "json"]), default=None,
              help="Layout (default: a sentence for one puzzle, a table for many).")
@click.option("--json", "as_json", is_flag=True, help="Same as --output json.")
@click.option("--jobs", metavar="N", type=click.IntRange(min=1), default=None,
              help="Worker processes for many puzzles (default: every core).")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="Language of technique names.")
@click.pass_context
def rate(ctx: click.Context, inputs: tuple[str, ...], fmt: str | None, rules: Rules | None,
         progress: bool | None, style: str | None, as_json: bool, jobs: int | None,
         lang: str) -> None:
    """Rate puzzles on the Sudoku Explainer scale, with a grade.

    Each PUZZLE_OR_FILE is a file of puzzles or puzzle text; '-' or nothing reads
    standard input.  Columns: place, score, grade, hardest technique, pearl (hardest
    step before the first placement), diamond (first step), engine guesses, logic steps.
    """
    style = "json" if as_json else style
    code = 0
    console: Console | None = None
    try:
        source = Inputs(inputs, format=fmt, rules=rules)
        many, items = _peek_many(source)
        style = style or ("table" if many else "sentence")
        workers = 1 if not many else (jobs or os.cpu_count() or 1)
        console = Console(progress=_show_progress(progress, many), total=source.total)
        if style == "csv":
            console.out(",".join(_COLUMNS))
        rows: list[dict[str, Any]] = []
        for item, result in _ratings(items, workers):
            console.step()
            if item.grid is None or result is None:
                console.error(item.describe_error(item.error))
                code = max(code, SOLVE_EXIT_BAD_INPUT)
                continue
            if isinstance(result, ValueError):
                message = item.describe_error(result)
                console.error(message)
                if style == "json":
                    console.out(_json_line({**_json_head(item), "error": message}))
                code = max(code, EXIT_UNRATED)
                continue
            if style == "json":
                data = {**_json_head(item), "puzzle": item.grid.to_string(), **result.to_dict()}
                console.out(_json_line(data))
            elif style == "csv":
                row = _row(item, result, lang)
                console.out(",".join(_csv_field(row[k]) for k in _COLUMNS))
            elif style == "table":
                rows.append(_row(item, result, lang))
                if len(rows) >= 200:
                    _table(console, rows)
                    rows = []
            else:
                name = _hardest_name(result.hardest, lang)
                console.out(f"{result.score:.1f} {result.grade} (hardest step: {name})")
        if rows:
            _table(console, rows)
        console.close()
    except KeyboardInterrupt:
        _interrupted(console)
    except BrokenPipeError:
        _broken_pipe(console)
    finally:
        if console is not None:
            console.drop_bar()
    ctx.exit(code)


def _csv_field(text: str) -> str:
    if any(ch in text for ch in ',"\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


_TABLE_COLUMNS = _COLUMNS[:-1]


def _table(console: Console, rows: list[dict[str, Any]]) -> None:
    """Print rows aligned under a header (the header once per run)."""
    if not getattr(console, "_rate_header", False):
        rows = [{k: k for k in _TABLE_COLUMNS}, *rows]
        console._rate_header = True  # type: ignore[attr-defined]
    widths = {k: max(len(r[k]) for r in rows) for k in _TABLE_COLUMNS}
    for r in rows:
        console.out("  ".join(r[k].ljust(widths[k]) for k in _TABLE_COLUMNS).rstrip())


# ---------------------------------------------------------------------- generate
def _score_option(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
    if value is None:
        return None
    from .generate import parse_score

    try:
        return parse_score(value)
    except ValueError as e:
        raise click.BadParameter(str(e), ctx=ctx, param=param) from None


def _technique_option(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
    if value is None:
        return None
    from .logic.registry import technique

    try:
        return technique(value).key
    except KeyError as e:
        raise click.BadParameter(str(e.args[0]), ctx=ctx, param=param) from None


@cli.command(
    epilog="""\b
Examples:
  shudu generate                                 # one minimal puzzle
  shudu generate -n 10 --grade hard --symmetry 180 --json
  shudu generate -n 5 --technique x-wing         # needs X-Wing, nothing harder
  shudu generate --score 3.0-4.0 --seed 7
  shudu generate --rules 16 --output grid
  shudu generate --pattern pattern.txt           # givens exactly on the 'x' cells

\b
Grades: beginner < 2.0 <= easy < 3.0 <= medium < 4.5 <= hard < 7.0 <= expert < 9.0
<= extreme (Sudoku Explainer scale).  Every puzzle has exactly one solution.
Exit status: 0 done, 1 the budget (--attempts/--timeout) ran out, 2 bad usage.""",
)
@click.option("-n", "--count", "count", metavar="N", type=click.IntRange(min=1), default=1,
              show_default=True, help="How many puzzles.")
@click.option("--rules", "rules", metavar="SPEC", callback=_rules_option,
              help="Size and variant, e.g. '16', '6', 'x', 'windoku', 'anti-knight'.")
@click.option("--symmetry", type=click.Choice(["none", "180", "90", "mirror", "diagonal"]),
              default="none", show_default=True, help="Symmetry of the givens.")
@click.option("--minimal", is_flag=True, help="No given can be removed (keeping one solution).")
@click.option("--grade", type=click.Choice(["beginner", "easy", "medium", "hard", "expert",
                                            "extreme"]), default=None, help="Target grade.")
@click.option("--score", metavar="LO-HI", callback=_score_option, default=None,
              help="Target Sudoku Explainer score range, e.g. '3.0-4.0' or '7+'.")
@click.option("--technique", metavar="NAME", callback=_technique_option, default=None,
              help="The puzzle needs this technique and nothing harder.")
@click.option("--pattern", metavar="FILE_OR_MASK", default=None,
              help="Givens exactly on the marked cells (x or a digit; '.' or 0 blank).")
@click.option("--seed", metavar="N", type=int, default=None, help="Reproducible output.")
@click.option("--attempts", metavar="N", type=click.IntRange(min=1), default=None,
              help="Give up after N fresh solution grids per puzzle.")
@click.option("--timeout", metavar="SECONDS", type=click.FloatRange(min=0, min_open=True),
              default=None, help="Give up on a puzzle after this many seconds.")
@click.option("--output", "style", type=click.Choice(["line", "grid"]), default="line",
              show_default=True, help="Puzzle layout.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle per line.")
@click.option("--rate", "rated", is_flag=True, help="Also print each puzzle's rating.")
@click.option("--progress/--no-progress", default=None,
              help="Progress bar on stderr (default: when stderr is a terminal and n > 1).")
@click.pass_context
def generate(ctx: click.Context, count: int, rules: Rules | None, symmetry: str,
             minimal: bool, grade: str | None, score: Any, technique: str | None,
             pattern: str | None, seed: int | None, attempts: int | None,
             timeout: float | None, style: str, as_json: bool, rated: bool,
             progress: bool | None) -> None:
    """Generate puzzles with exactly one solution."""
    from .errors import GenerationError
    from .generate import generate_many

    if pattern is not None and os.path.exists(pattern):
        try:
            with open(pattern, encoding="utf-8") as f:
                pattern = f.read()
        except (OSError, UnicodeDecodeError) as e:
            raise click.BadParameter(f"{pattern}: cannot read ({e})", ctx=ctx,
                                     param_hint="'--pattern'") from None
    console: Console | None = None
    code = 0
    try:
        console = Console(progress=_show_progress(progress, count > 1), total=count)
        made = generate_many(count, rules, seed=seed, symmetry=symmetry, minimal=minimal,
                             grade=grade, score=score, technique=technique, pattern=pattern,
                             rated=rated, attempts=attempts, timeout=timeout)
        printed = 0
        while True:
            try:
                g = next(made)
            except StopIteration:
                break
            except GenerationError as e:
                console.error(str(e))
                code = EXIT_UNRATED
                break
            console.step()
            if as_json:
                console.out(_json_line(g.to_dict()))
                continue
            text = _render(g.puzzle, style)
            if style == "grid" and printed:
                console.out("")
            if g.rating is not None:
                r = g.rating
                text += (f"  # {r.score:.1f} {r.grade}, hardest: "
                         f"{_hardest_name(r.hardest, 'en')}" if style == "line" else
                         f"\n{r.score:.1f} {r.grade}, hardest: {_hardest_name(r.hardest, 'en')}")
            console.out(text)
            printed += 1
        console.close()
    except ValueError as e:
        raise click.UsageError(str(e), ctx=ctx) from None
    except KeyboardInterrupt:
        _interrupted(console)
    except BrokenPipeError:
        _broken_pipe(console)
    finally:
        if console is not None:
            console.drop_bar()
    ctx.exit(code)
