"""``shudu true-candidates``: the digits each cell takes in some solution."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from .app import cli
from .common import json_line
from .setter import (
    EPILOG_TAIL,
    count_lines,
    count_status,
    no_answer,
    read_puzzle,
    setter_options,
    timeout_text,
)

if TYPE_CHECKING:
    from ..values.rules import Rules


@cli.command(
    "true-candidates",
    epilog="""\b
Examples:
  shudu true-candidates ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..
  shudu true-candidates puzzle.txt --rules x --json
  shudu true-candidates puzzle.txt --lang zh

\b
A setter's view of givens entered so far: the number of solutions (counted up to
--limit, "≥ N" beyond) and, in each cell, the digits it holds in at least one
solution (a pencilmark grid).
""" + EPILOG_TAIL,
)
@setter_options
@click.option("--limit", type=click.IntRange(min=2, max=10**9), default=100_000,
              show_default=True, help="Count solutions up to this many.")
@click.pass_context
def true_candidates(ctx: click.Context, puzzle: str, rules: Rules | None, lang: str,
                    timeout: float, as_json: bool, limit: int) -> None:
    """Show the digits each cell takes in some solution, and the solution count."""
    from ..errors import SearchTimeout
    from ..formats.pencilmarks import Pencilmarks
    from ..make.setter import true_candidates as find
    from ..words.setter import setter_text

    grid = read_puzzle(ctx, puzzle, rules, as_json)
    try:
        found = find(grid, limit=limit, timeout=timeout)
    except SearchTimeout as e:
        no_answer(ctx, "timeout", timeout_text(e, lang), as_json)
    if as_json:
        click.echo(json_line({"status": count_status(found.count, found.exact), **found.to_dict()}))
        return
    for line in count_lines(found.label, found.exact, limit, lang):
        click.echo(line)
    if found.count == 0:
        click.echo(setter_text("none", lang))
        return
    click.echo(setter_text("true-header", lang))
    click.echo(Pencilmarks(grid.rules, tuple(m >> 1 for m in found.masks)).format())

