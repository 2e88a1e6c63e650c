"""``shudu redundant-clues``: the givens (and constraints) a unique puzzle could lose."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from .app import cli
from .common import json_line
from .setter import EPILOG_TAIL, no_answer, read_puzzle, setter_options, timeout_text

if TYPE_CHECKING:
    from ..values.rules import Rules


@cli.command(
    "redundant-clues",
    epilog="""\b
Examples:
  shudu redundant-clues puzzle.txt
  shudu redundant-clues killer.txt --json
  shudu redundant-clues puzzle.txt --lang zh

\b
For a puzzle with one solution, the givens each of which could be removed and the
puzzle would still have one solution; for variants also the rules (x, windoku,
anti-knight, anti-king) and the constraints (cages, lines, dots ...) that could go.
Each is removable alone: after removing one, ask again.
""" + EPILOG_TAIL,
)
@setter_options
@click.pass_context
def redundant_clues(ctx: click.Context, puzzle: str, rules: Rules | None, lang: str,
                    timeout: float, as_json: bool) -> None:
    """Show the givens and constraints removable without losing uniqueness."""
    from ..errors import NoSolution, NotUnique, SearchTimeout
    from ..make.setter import redundant_clues as find
    from ..values.rules import cell_name
    from ..words.setter import setter_text

    grid = read_puzzle(ctx, puzzle, rules, as_json)
    try:
        found = find(grid, timeout=timeout)
    except SearchTimeout as e:
        no_answer(ctx, "timeout", timeout_text(e, lang), as_json)
    except NoSolution:   # before NotUnique: it is one
        no_answer(ctx, "none", setter_text("no-solution", lang), as_json)
    except NotUnique:
        no_answer(ctx, "multiple", setter_text("not-unique", lang), as_json)
    if as_json:
        click.echo(json_line({"status": "unique", **found.to_dict()}))
        return
    n = grid.rules.size
    if found.cells:
        click.echo(setter_text("redundant-header", lang))
        click.echo("  " + " ".join(f"{cell_name(c, n)}={d}"
                                   for c, d in zip(found.cells, found.digits, strict=True)))
    else:
        click.echo(setter_text("redundant-none", lang))
    if found.flags:
        click.echo(setter_text("redundant-flags", lang, names=", ".join(found.flags)))
    if found.constraints:
        names = ", ".join(f"{kind} {i + 1}"
                          for i, kind in zip(found.constraints, found.kinds, strict=True))
        click.echo(setter_text("redundant-constraints", lang, names=names))
