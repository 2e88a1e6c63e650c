"""``shudu explain``: the whole logical path of puzzles, step by step."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from .app import cli
from .common import (
    EXIT_NONE,
    _json_line,
    _show_progress,
    run_frame,
)
from .inputs import LogicItem, logic_items
from .logic_run import (
    _config,
    _hardest,
    _logic_input_options,
    _LogicRun,
    _peek_many_states,
    _solver_options,
    pencilmark_text,
)

if TYPE_CHECKING:
    from ..rules import Rules


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

\b
Uniqueness techniques (unique rectangles, BUG+1 ...) are used only when the
engine confirms that the puzzle has exactly one solution; --uniqueness or
--no-uniqueness decides instead.

\b
Exit status: 0 every puzzle solved by logic, 1 logic got stuck on some puzzle
(or it has no solution), 2 bad input or usage.""",
)
@click.argument("inputs", metavar="[PUZZLE_OR_FILE]...", nargs=-1)
@_logic_input_options
@_solver_options
@click.option(
    "--level",
    type=click.IntRange(1, 3),
    default=3,
    show_default=True,
    help="Detail of each step: 1 technique, 2 where to look, 3 what and why.",
)
@click.option("--notation", is_flag=True, help="One compact HoDoKu/Eureka-style line per step.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle per line.")
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
) -> None:
    """Explain the whole logical path of puzzles, step by step, without guessing.

    Each PUZZLE_OR_FILE is puzzle text in any notation, a pencilmark grid or
    729-character candidate string, or a file holding them; '-' or nothing reads
    standard input.  When no enabled technique makes progress, the command says so and
    shows the candidates left.
    """
    code = 0
    with run_frame() as frame:
        many, states = _peek_many_states(logic_items(inputs, fmt, rules))
        console = frame.open(progress=_show_progress(progress, many), total=None)
        run = _LogicRun(console, lang, as_json, many, uniqueness)
        for state in states:
            code = max(code, _explain_one(run, state, disabled, level, notation))
            console.step()
    ctx.exit(code)



def _explain_one(
    run: _LogicRun, state: LogicItem, disabled: frozenset[str], level: int, notation: bool
) -> int:
    """Print the logical path of one puzzle; return its exit code."""
    if state.error is not None:
        return run.bad(state)
    from ..logic import solve_path

    status, on = run.verdict(state)
    if status == "none":
        if run.as_json:
            data = {**run.head(state, status, on), "status": "none", "steps": []}
            run.console.out(_json_line(data))
        else:
            run.block([run.words("none")], state)
        return EXIT_NONE
    path = solve_path(state.cands, _config(disabled, on))
    steps = path.steps
    if run.as_json:
        data = run.head(state, status, on)
        data["status"] = "solved" if path.solved else "stuck"
        data["steps"] = [{"step": k, **s.to_dict(run.lang)} for k, s in enumerate(steps, 1)]
        if path.solved:
            data["solution"] = str(path.final.to_grid())
        else:
            from ..formats import Pencilmarks

            final = path.final
            data["final"] = Pencilmarks(final.rules, tuple(final.masks())).to_string729()
        run.console.out(_json_line(data))
        return 0 if path.solved else EXIT_NONE
    width = len(str(len(steps)))
    lines = []
    for k, s in enumerate(steps, 1):
        text = s.notation() if notation else s.text(level, run.lang)
        lines.append(f"{k:>{width}}. {text}")
    if path.solved and steps:
        hardest = _hardest(steps)
        name = hardest.name_zh if run.lang == "zh" else hardest.name
        lines.append(run.words("solved", n=len(steps), name=name, difficulty=hardest.difficulty))
    elif path.solved:
        lines.append(run.words("done"))
    else:
        lines.append(run.words("stuck", n=len(steps)))
        lines.append(pencilmark_text(path.final))
    run.block(lines, state)
    return 0 if path.solved else EXIT_NONE
