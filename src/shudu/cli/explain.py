"""``shudu explain``: the whole logical path of puzzles, step by step."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from .app import cli
from .common import (
    EXIT_NONE,
    SOLVE_EXIT_BAD_INPUT,
    json_line,
    os_error_text,
    run_frame,
    show_progress,
)
from .inputs import LogicItem, logic_items, peek_many
from .logic_run import (
    LogicRun,
    anyway_option,
    logic_input_options,
    pencilmark_text,
    solver_options,
    timeout_option,
)

if TYPE_CHECKING:
    from ..rating.rater import Rating
    from ..values.rules import Rules


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
  shudu explain --html path.html puzzle.txt    # a web page with a picture per step

\b
Uniqueness techniques (unique rectangles, BUG+1 ...) are used only when the
engine confirms that the puzzle has exactly one solution; --uniqueness or
--no-uniqueness decides instead.

\b
A puzzle with no solution is answered at once with where the grid breaks; one
with several solutions with two of them and a cell where they differ (--anyway
explains it all the same, within --timeout).  Steps are printed as they are
found; on a terminal a progress bar counts them.

\b
--html PATH writes the path as one self-contained web page instead (pictures
of the grid before each step, a table of contents by technique; no network
needed to view or print it).  The first puzzle's page is PATH; puzzle N's, when
several are read, is PATH with -N before the suffix (path-2.html ...).

\b
Exit status: 0 every puzzle solved by logic, 1 logic got stuck or stopped at a
limit on some puzzle (or it has no or several solutions), 2 bad input or usage.""",
)
@click.argument("inputs", metavar="[PUZZLE_OR_FILE]...", nargs=-1)
@logic_input_options
@solver_options
@click.option(
    "--level",
    type=click.IntRange(1, 3),
    default=3,
    show_default=True,
    help="Detail of each step: 1 technique, 2 where to look, 3 what and why.",
)
@click.option("--notation", is_flag=True, help="One compact HoDoKu/Eureka-style line per step.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle per line.")
@anyway_option
@timeout_option
@click.option("--max-steps", metavar="N", type=click.IntRange(min=1), default=None,
              help="Stop a puzzle's path after N steps and say so.")
@click.option("--rating/--no-rating", "rated", default=True, show_default=True,
              help="Under a solved path, the puzzle's rating (what 'shudu rate' says).")
@click.option("--html", "html", metavar="PATH", type=click.Path(dir_okay=False, path_type=Path),
              default=None,
              help="Write the path as a self-contained web page with a picture per step "
              "(several puzzles: PATH, then PATH-2 ... before the suffix).")
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
    anyway: bool,
    timeout: float | None,
    max_steps: int | None,
    rated: bool,
    html: Path | None,
) -> None:
    """Explain the whole logical path of puzzles, step by step, without guessing.

    Each PUZZLE_OR_FILE is puzzle text in any notation, a pencilmark grid or
    729-character candidate string, or a file holding them; '-' or nothing reads
    standard input.  When no enabled technique makes progress, the command says so and
    shows the candidates left.
    """
    if html is not None and (as_json or notation):
        raise click.UsageError("--html cannot be used with --json or --notation")
    code = 0
    with run_frame() as frame:
        many, states = peek_many(logic_items(inputs, fmt, rules))
        bar = show_progress(progress, True)   # puzzles when many, else one puzzle's steps
        console = frame.open(progress=bar, total=None, unit="puzzle" if many else "step")
        run = LogicRun(console, lang, as_json, many, uniqueness, anyway, timeout)
        for state in states:
            if html is not None:
                code = max(code, _page_one(run, state, disabled, level, max_steps, html))
            else:
                code = max(code, _explain_one(run, state, disabled, level, notation, max_steps,
                                              rated))
            if many:
                console.step()
    ctx.exit(code)



def _explain_one(run: LogicRun, state: LogicItem, disabled: frozenset[str], level: int,
                 notation: bool, max_steps: int | None, rated: bool) -> int:
    """Print the logical path of one puzzle, each step as it is found; return its exit
    code."""
    steps = run.start(state, disabled, max_steps=max_steps, weigh=True)
    if isinstance(steps, int):
        return steps
    found, on, timeout = steps.verdict, steps.uniqueness, steps.timeout
    import time

    scores = steps.weights
    started = time.monotonic()

    def shown(step: Any) -> None:
        if not run.many:
            run.console.step()

    if run.as_json:
        for step in steps:
            shown(step)
        path = steps.path()
        data = run.head(state, found.status, on)
        data["status"] = "solved" if path.solved else path.stopped or "stuck"
        data["steps"] = [{"step": k, **s.to_dict(run.lang), "difficulty": score}
                         for k, (s, score) in enumerate(zip(path.steps, scores), 1)]
        data["hardest"] = max(scores, default=None)
        data["rating"] = None
        if path.solved:
            data["solution"] = str(path.final.to_grid())
            if rated:
                rating = _rating(state, found,
                                 _rating_budget(timeout, time.monotonic() - started))
                data["rating"] = rating.to_dict() if rating is not None else None
        else:
            from ..formats import Pencilmarks

            final = path.final
            data["final"] = Pencilmarks(final.rules, tuple(final.masks())).to_string729()
        run.console.out(json_line(data))
        return 0 if path.solved else EXIT_NONE
    run.open_block(state)
    width = len(str(state.cands.rules.ncells))
    for k, s in enumerate(steps, 1):
        shown(s)
        text = s.notation() if notation else s.text(level, run.lang)
        run.console.out(f"{k:>{width}}. {text}")
    path = steps.path()
    n = len(path.steps)
    if path.solved and path.steps:
        top = max(range(n), key=lambda k: scores[k])
        hardest = path.steps[top].info
        name = hardest.name_zh if run.lang == "zh" else hardest.name
        run.console.out(run.words("solved", n=n, name=name, difficulty=scores[top]))
        budget = _rating_budget(timeout, time.monotonic() - started)
        rating = _rating(state, found, budget) if rated else None
        if rating is not None:
            run.console.out(_rating_words(run, rating, hardest.key, scores[top]))
        elif rated and not state.pencilmarks:
            run.console.out(run.words("no_rating", seconds=budget))
    elif path.solved:
        run.console.out(run.words("done"))
    elif path.stopped == "timeout":
        run.console.out(run.words("timeout", n=n, seconds=timeout or 0))
    elif path.stopped == "max-steps":
        run.console.out(run.words("max_steps", n=n))
    else:
        run.console.out(run.words("stuck", n=n))
    if not path.solved:
        run.console.out(pencilmark_text(path.final))
    return 0 if path.solved else EXIT_NONE


def page_path(path: Path, index: int) -> Path:
    """Where ``--html PATH`` writes the page of puzzle ``index`` (from 1): PATH for the
    first, PATH with ``-index`` before its suffix for the others.

    >>> page_path(Path("out/path.html"), 1).as_posix(), page_path(Path("path.html"), 3).name
    ('out/path.html', 'path-3.html')
    """
    return path if index == 1 else path.with_name(f"{path.stem}-{index}{path.suffix}")


def _page_one(run: LogicRun, state: LogicItem, disabled: frozenset[str], level: int,
              max_steps: int | None, html: Path) -> int:
    """Write the logical path of one puzzle as a web page (``--html``); return its exit
    code.  A puzzle with no or several solutions is answered as without ``--html``."""
    from ..pictures.walkthrough import path_html

    steps = run.start(state, disabled, max_steps=max_steps, weigh=True)
    if isinstance(steps, int):
        return steps

    def count(_: Any) -> None:
        if not run.many:
            run.console.step()

    page = path_html(steps, lang=run.lang, level=level, on_step=count)
    target = page_path(html, state.item.index)
    try:
        target.write_text(page, encoding="utf-8")
    except OSError as e:
        run.console.error(f"cannot write {target}: {os_error_text(e)}")
        return SOLVE_EXIT_BAD_INPUT
    run.console.out(run.words("page", path=target))
    return 0 if steps.final.is_solved else EXIT_NONE


def _rating(state: LogicItem, found: Any, budget: float) -> Rating | None:
    """The puzzle's rating (what ``shudu rate`` says), for a puzzle given by its givens
    with one solution, within ``budget`` seconds; ``None`` for a pencilmark state or
    when time runs out (the summary then says how to get it)."""
    import time

    from ..rating.rater import rate

    grid = state.item.grid
    if state.pencilmarks or found.status != "unique" or grid is None:
        return None
    try:
        known = None if found.guesses is None else (1, found.guesses)
        return rate(grid, deadline=time.monotonic() + budget, known=known)
    except (TimeoutError, ValueError):
        return None


def _rating_budget(timeout: float | None, path_seconds: float) -> float:
    """Seconds the rating under a path may take: ``--timeout`` when given, else three
    times what the path took and at least 10 (the walks cost about the same).

    >>> _rating_budget(None, 0.2), _rating_budget(None, 12.0), _rating_budget(2.0, 30.0)
    (10.0, 36.0, 2.0)
    """
    return timeout if timeout is not None else max(10.0, 3 * path_seconds)


def _rating_words(run: LogicRun, rating: Rating, hardest: str, score: float) -> str:
    """The rating line under an explained path, and how the path relates to it."""
    from ..logic.registry import technique

    rated = technique(rating.hardest) if rating.hardest else None
    name = (rated.name_zh if run.lang == "zh" else rated.name) if rated else "-"
    line = run.words("rating", score=rating.score, grade=rating.grade, name=name)
    if rating.score != score or rating.hardest != hardest:
        line += ("" if run.lang == "zh" else " ") + run.words("rating_differs")
    return line
