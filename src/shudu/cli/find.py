"""``shudu find``: every instance of one technique in a state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from .app import cli
from .common import (
    EXIT_NONE,
    _json_head,
    _json_line,
    _show_progress,
    run_frame,
)
from .inputs import LogicItem, logic_items
from .logic_run import _logic_input_options, _LogicRun, _peek_many_states, _technique_option

if TYPE_CHECKING:
    from ..rules import Rules


@cli.command(
    epilog="""\b
Examples:
  shudu find --technique x-wing puzzle.txt
  shudu find --technique 0300 candidates.pm    # HoDoKu code
  shudu find --technique "naked pair" --json state.729

\b
Exit status: 0 some instance found, 1 none found, 2 bad input or usage.""",
)
@click.option(
    "--technique",
    "tech",
    metavar="NAME",
    required=True,
    callback=_technique_option,
    help="Technique name, key or HoDoKu code ('shudu techniques' lists them).",
)
@click.argument("inputs", metavar="[PUZZLE_OR_PENCILMARKS]...", nargs=-1)
@_logic_input_options
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle per line.")
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
) -> None:
    """List every instance of one technique in a puzzle or pencilmark state.

    The state is a puzzle (candidates follow from its givens), a pencilmark grid or a
    729-character candidate string.  Each instance prints its compact notation and
    its explanation.
    """
    code = 0
    with run_frame() as frame:
        many, states = _peek_many_states(logic_items(inputs, fmt, rules))
        console = frame.open(progress=_show_progress(progress, many), total=None)
        run = _LogicRun(console, lang, as_json, many)
        for state in states:
            code = max(code, _find_one(run, state, tech))
            console.step()
    ctx.exit(code)


def _find_one(run: _LogicRun, state: LogicItem, tech: Any) -> int:
    """Print every instance of ``tech`` in one state; return its exit code."""
    if state.error is not None:
        return run.bad(state)
    found = list(tech.find(state.cands))
    if run.as_json:
        data = {
            **_json_head(state.item),
            "puzzle": str(state.item.grid) if state.item.grid is not None else None,
            "technique": tech.key,
            "name": tech.name,
            "count": len(found),
            "steps": [s.to_dict(run.lang) for s in found],
        }
        run.console.out(_json_line(data))
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
