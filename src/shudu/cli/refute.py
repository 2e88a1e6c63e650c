"""``shudu refute``: why the wrong moves of a player's position are wrong."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from .app import cli
from .common import EXIT_NONE, SOLVE_EXIT_BAD_INPUT, describe_error, json_line, rules_option

if TYPE_CHECKING:
    from ..values.rules import Rules


@cli.command(
    epilog="""\b
Examples:
  shudu refute ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.. \\
      --position 5.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
  shudu refute puzzle.txt --position my-marks.pm --lang zh
  shudu refute puzzle.txt --position my-grid.txt --json

\b
The position is the player's grid (81 characters or any grid notation), or a
pencilmark grid for the marks too: wrong digits are refuted first, else the
candidates of the solution that were removed.  Each refutation assumes the move and
follows forced steps (singles first, then the simple techniques) to a contradiction;
where none is found within --timeout, it says so rather than give the answer.

\b
Exit status: 0 the position has no mistake, 1 it has (each explained), 2 bad input
(or a puzzle without one solution).""",
)
@click.argument("puzzle", metavar="PUZZLE_OR_FILE")
@click.option("--position", "position", required=True, metavar="GRID_OR_FILE",
              help="The player's position: a grid of digits, or pencilmarks with the marks.")
@click.option("--rules", callback=rules_option, metavar="SPEC",
              help="Rules of the puzzle (x, windoku, 16 ...), else from the puzzle's text.")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="Language of the words.")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=1.0,
              show_default=True, help="Seconds each refutation may search.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per refuted move.")
@click.pass_context
def refute(ctx: click.Context, puzzle: str, position: str, rules: Rules | None, lang: str,
           timeout: float, as_json: bool) -> None:
    """Say why the wrong moves of a position are wrong, from that position."""
    from ..logic.refute import refute as refute_moves
    from ..logic.solver import as_candidates
    from ..words.refute import refute_text

    try:
        grid = as_candidates(_text(puzzle), rules).to_grid()
        state = _position(_text(position), grid.rules)
        found = refute_moves(grid, state, timeout=timeout)
    except (ValueError, OSError) as e:
        click.echo(f"shudu: error: {describe_error(e, None, None)}", err=True)
        ctx.exit(SOLVE_EXIT_BAD_INPUT)
    if not found:
        click.echo(json_line({"status": "right"}) if as_json else refute_text("right", lang))
        ctx.exit(0)
    for r in found:
        click.echo(json_line(r.to_dict(lang)) if as_json else r.text(lang))
    ctx.exit(EXIT_NONE)


def _text(value: str) -> str:
    """A puzzle given as text, or the text of the file it names."""
    from pathlib import Path

    if "\n" not in value and len(value) < 4096 and Path(value).is_file():
        return Path(value).read_text(encoding="utf-8")
    return value


def _position(text: str, rules: Rules) -> object:
    """The player's position: a candidate state from pencilmarks, else a grid of digits
    read without the givens' checks (a wrong digit may repeat one)."""
    from ..formats import detect_format, parse, parse_pencilmarks
    from ..values.candidates import Candidates
    from ..values.grid import Grid

    if detect_format(text) in ("pencilmarks", "729"):
        return Candidates.from_pencilmarks(parse_pencilmarks(text, rules=rules))
    try:
        return parse(text, rules=rules)
    except ValueError:   # a repeated digit: the position has a visible conflict
        digits = "".join(ch for ch in text if not ch.isspace())
        return Grid(digits, rules, check=False)
