"""``shudu hint``: the next logical step, at three levels of detail."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from .app import cli
from .common import EXIT_NONE, SOLVE_EXIT_BAD_INPUT, json_line, run_frame, show_progress
from .inputs import LogicItem, logic_items, peek_many
from .logic_run import (
    LogicRun,
    anyway_option,
    logic_input_options,
    pencilmark_text,
    solver_options,
    timeout_option,
)
from .render import hint_picture_step, output_option, picture_error, write_picture

if TYPE_CHECKING:
    from ..values.rules import Rules


@cli.command(
    epilog="""\b
Examples:
  shudu hint ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
  shudu hint --level 2 puzzle.txt              # where to look
  shudu hint --level 3 --lang zh puzzle.txt    # the whole step, in Chinese
  shudu hint --json candidates.pm
  shudu hint --level 3 -o hint.svg puzzle.txt  # the step drawn on the grid (.png, .pdf)

\b
A puzzle with no solution is answered with where the grid breaks; one with
several solutions with a cell where two of them differ (--anyway looks for a
step all the same, within --timeout).

\b
Exit status: 0 a hint was given (or the grid is already solved), 1 no logical
step exists or none was found in time (or the puzzle has no or several
solutions), 2 bad input or usage.""",
)
@click.argument("inputs", metavar="[PUZZLE_OR_FILE]...", nargs=-1)
@logic_input_options
@solver_options
@click.option(
    "--level",
    type=click.IntRange(1, 3),
    default=1,
    show_default=True,
    help="How much to give away: 1 the technique, 2 where to look, 3 the whole step.",
)
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle per line.")
@output_option(required=False)
@anyway_option
@timeout_option
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
    output: str | None,
    anyway: bool,
    timeout: float | None,
) -> None:
    """Give the next logical step of puzzles (or pencilmark states) as a hint.

    Level 1 names the technique to look for, level 2 says where, level 3 gives the
    whole step with its reason.  With -o the hint is also drawn on the grid, giving away
    no more than its level (-o - writes only the SVG).
    """
    code = 0
    with run_frame() as frame:
        many, states = peek_many(logic_items(inputs, fmt, rules))
        console = frame.open(progress=show_progress(progress, many), total=None)
        if output is not None and many:
            console.error("-o draws the hint of one puzzle; give one puzzle")
            ctx.exit(SOLVE_EXIT_BAD_INPUT)
        run = LogicRun(console, lang, as_json, many, uniqueness, anyway, timeout)
        for state in states:
            code = max(code, _hint_one(run, state, disabled, level, output))
            console.step()
    ctx.exit(code)


def hint_data(step: Any, level: int, lang: str) -> dict[str, Any]:
    """JSON of a hint that gives away no more than its level.

    Level 1: technique and name; level 2 adds the digits, cells and houses of the
    evidence; level 3 is the whole step (:meth:`Step.to_dict`).

    >>> from shudu.logic import hint
    >>> sorted(hint_data(hint("12345678." + "." * 72, anyway=True), 1, "en"))
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


def _hint_one(run: LogicRun, state: LogicItem, disabled: frozenset[str], level: int,
              output: str | None = None) -> int:
    """Print the hint for one state (and draw it to ``output``); return its exit code."""
    first = run.start(state, disabled, max_steps=1)
    if isinstance(first, int):
        return first
    found, on, timeout = first.verdict, first.uniqueness, first.timeout
    cands = state.cands
    step = next(first, None)
    late = first.stopped == "timeout"
    if output is not None:
        from ..errors import ShuduError

        shown = hint_picture_step(step, level) if step is not None else None
        try:
            write_picture(output, cands, step=shown, lang=run.lang)
        except (ShuduError, OSError) as e:
            run.console.error(picture_error(e, output))
            return EXIT_NONE
        if output == "-":
            return 0 if step is not None or cands.is_solved else EXIT_NONE
    if run.as_json:
        data = run.head(state, found.status, on)
        if cands.is_solved:
            data["status"] = "solved"
        else:
            data["status"] = "hint" if step is not None else "timeout" if late else "stuck"
        data["hint"] = hint_data(step, level, run.lang) if step is not None else None
        run.console.out(json_line(data))
    elif cands.is_solved:
        run.block([run.words("hint_done")], state)
    elif late:
        run.block([run.words("hint_timeout", seconds=timeout or 0)], state)
    elif step is None:
        run.block([run.words("hint_stuck"), pencilmark_text(cands)], state)
    else:
        run.block([step.text(level, run.lang)], state)
    return 0 if step is not None or cands.is_solved else EXIT_NONE
