"""``shudu find``: every instance of one technique in a state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from .app import cli
from .common import EXIT_NONE, json_head, json_line, run_frame, show_progress
from .inputs import LogicItem, logic_items, peek_many
from .logic_run import (
    LogicRun,
    anyway_option,
    logic_input_options,
    technique_option,
    timeout_option,
)

if TYPE_CHECKING:
    from ..values.rules import Rules


@cli.command(
    epilog="""\b
Examples:
  shudu find --technique x-wing puzzle.txt
  shudu find --technique 0300 candidates.pm    # HoDoKu code
  shudu find --technique "naked pair" --json state.729
  shudu find --technique x-wing --after 20 puzzle.txt   # after 20 steps of the path

\b
Only real instances are listed: an X-Wing with four corners, not two hidden
singles in disguise.  A puzzle with no solution is answered with where the grid
breaks; one with several solutions with a cell where two of them differ (--anyway
looks all the same), as 'shudu hint' does.

\b
Exit status: 0 some instance found, 1 none found (or none in time, or the puzzle
has no or several solutions), 2 bad input or usage.""",
)
@click.option(
    "--technique",
    "tech",
    metavar="NAME",
    required=True,
    callback=technique_option,
    help="Technique name, key or HoDoKu code ('shudu techniques' lists them).",
)
@click.argument("inputs", metavar="[PUZZLE_OR_PENCILMARKS]...", nargs=-1)
@logic_input_options
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle per line.")
@click.option("--after", metavar="N", type=click.IntRange(min=0), default=0, show_default=True,
              help="Search the state reached after N steps of the logical path.")
@anyway_option
@timeout_option
@click.pass_context
def find(
    ctx: click.Context,
    tech: Any,
    inputs: tuple[str, ...],
    lang: str,
    fmt: str | None,
    rules: Rules | None,
    progress: bool | None,
    as_json: bool,
    after: int,
    anyway: bool,
    timeout: float | None,
) -> None:
    """List every instance of one technique in a puzzle or pencilmark state.

    The state is a puzzle (candidates follow from its givens), a pencilmark grid or a
    729-character candidate string.  Each instance prints its compact notation and
    its explanation.
    """
    code = 0
    with run_frame() as frame:
        many, states = peek_many(logic_items(inputs, fmt, rules))
        console = frame.open(progress=show_progress(progress, many), total=None)
        run = LogicRun(console, lang, as_json, many, anyway=anyway, timeout=timeout)
        for state in states:
            code = max(code, _find_one(run, state, tech, after))
            console.step()
    ctx.exit(code)


def _find_one(run: LogicRun, state: LogicItem, tech: Any, after: int) -> int:
    """Print every real instance of ``tech`` in one state (or ``after`` steps of its
    path); return its exit code."""
    steps = run.start(state, max_steps=after)   # refused as hint and explain are
    if isinstance(steps, int):
        return steps
    from ..errors import LogicTimeout

    try:
        found = steps.find_all(tech.key)
    except LogicTimeout:
        if run.as_json:
            run.console.out(json_line({**json_head(state.item), "technique": tech.key,
                                        "status": "timeout", "count": None, "steps": []}))
        else:
            run.block([run.words("find_timeout", seconds=steps.timeout or 0)], state)
        return EXIT_NONE
    if run.as_json:
        data = {
            **json_head(state.item),
            "puzzle": str(state.item.grid) if state.item.grid is not None else None,
            "status": "found" if found else "not-found",
            "technique": tech.key,
            "name": tech.name,
            "after": after,
            "count": len(found),
            "steps": [s.to_dict(run.lang) for s in found],
        }
        run.console.out(json_line(data))
    elif not found:
        name = tech.name_zh if run.lang == "zh" else tech.name
        run.block([run.words("found_none", name=name)], state)
    else:
        width = len(str(len(found)))
        lines = []
        for k, s in enumerate(found, 1):
            lines.append(f"{k:>{width}}. {s.notation()}")
            lines.append(f"{'':>{width}}  {s.text(3, run.lang)}")
        run.block(lines, state)
    return 0 if found else EXIT_NONE
