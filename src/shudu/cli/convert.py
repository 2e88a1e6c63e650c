"""``shudu convert``: puzzles from any notation shudu reads into any notation it writes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from .app import cli
from .common import (
    BLOCK_FORMATS,
    OUTPUT_FORMATS,
    SOLVE_EXIT_BAD_INPUT,
    _reading_options,
    _render,
    _show_progress,
    run_frame,
)
from .inputs import Inputs, _peek_many

if TYPE_CHECKING:
    from ..rules import Rules


@cli.command(
    epilog="""\b
Examples:
  shudu convert --to sdk puzzle.txt
  shudu convert --to line grids.txt > puzzles.sdm    # one puzzle per line
  shudu convert --to csv puzzles.sdm > puzzles.csv
  shudu convert --to pencilmarks puzzle.txt          # the candidates the givens leave

\b
Exit status: 0 every puzzle converted, 2 bad input or usage (bad puzzles are
reported and skipped).""",
)
@click.argument("inputs", metavar="[PUZZLE_OR_FILE]...", nargs=-1)
@_reading_options
@click.option("--to", "style", type=click.Choice(OUTPUT_FORMATS, case_sensitive=False),
              default="line", show_default=True, help="Notation to write.")
@click.pass_context
def convert(ctx: click.Context, inputs: tuple[str, ...], fmt: str | None,
            rules: Rules | None, progress: bool | None, style: str) -> None:
    """Write puzzles (their givens, unsolved) in another notation.

    Several-line notations (grid, sdk, ss, pencilmarks) are separated by a blank line;
    csv writes a header, then one row per puzzle.
    """
    code = 0
    style = style.lower()
    with run_frame() as frame:
        source = Inputs(inputs, format=fmt, rules=rules)
        many, items = _peek_many(source)
        console = frame.open(progress=_show_progress(progress, many), total=source.total)
        printed = 0
        for item in items:
            console.step()
            if item.grid is None or item.error is not None:
                console.error(item.describe_error(item.error))
                code = SOLVE_EXIT_BAD_INPUT
                continue
            grid = item.grid
            if style == "csv":
                plain = grid.rules.is_classic9
                if not printed:
                    console.out("puzzle" if plain else "puzzle,rules")
                console.out(grid.to_string() if plain else f"{grid.to_string()},{grid.rules.spec}")
            else:
                try:
                    text = _render(grid, style)
                except ValueError as e:   # a notation that cannot hold this puzzle
                    console.error(item.describe_error(e))
                    code = SOLVE_EXIT_BAD_INPUT
                    continue
                if printed and style in BLOCK_FORMATS:
                    console.out("")
                console.out(text)
            printed += 1
    ctx.exit(code)
