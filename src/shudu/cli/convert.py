"""``shudu convert``: puzzles from any notation shudu reads into any notation it writes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import click

from .app import cli
from .common import (
    BLOCK_FORMATS,
    SOLVE_EXIT_BAD_INPUT,
    FormatChoice,
    grid_text,
    reading_options,
    run_frame,
    show_progress,
)
from .inputs import Inputs, Item, argument_text, is_pencilmark_text, logic_items, peek_many

if TYPE_CHECKING:
    from ..values.grid import Grid
    from ..values.rules import Rules


_NOTATIONS_WITHOUT_RULES = frozenset({"line", "grid", "sdk", "ss", "pencilmarks", "729"})
"""Notations that hold the givens only: the rules follow from the grid's size."""


def refuse_losses(grid: Grid, style: str) -> None:
    """Raise a :class:`~shudu.errors.ParseError` naming what writing ``grid`` in
    ``style`` would drop (killer cages, thermometers ..., variant rules) and the
    notations that hold it; return when nothing is lost.

    >>> from shudu import Grid, Rules
    >>> refuse_losses(Grid("." * 81), "line")
    >>> refuse_losses(Grid("." * 81, rules=Rules.from_spec("x")), "line")
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: the line notation cannot hold the rules 'x'; write json or csv
    """
    from ..errors import ParseError
    from ..formats.writing import plain_rules as _plain
    from ..formats.writing import refuse_lost_constraints as _holds_constraints

    _holds_constraints(grid, style)
    if style in _NOTATIONS_WITHOUT_RULES and not _plain(grid):
        raise ParseError(f"the {style} notation cannot hold the rules {grid.rules.spec!r}; "
                         "write json or csv")


_CANDIDATE_NOTATIONS = frozenset({"pencilmarks", "729"})
"""Notations that hold a pencilmark state: every cell's candidates."""


def _gives_candidates(arg: str, fmt: str | None) -> bool:
    """Whether the argument (a file or puzzle text; not standard input) is a pencilmark
    state."""
    if arg == "-":
        return False
    text, _ = argument_text(arg, None)
    return text is not None and is_pencilmark_text(text, fmt)


def _states(inputs: tuple[str, ...], fmt: str | None, rules: Rules | None
            ) -> tuple[int | None, Iterator[tuple[Item, Any]]]:
    """The number of puzzles (when known) and each with the candidates its input gave
    (``None`` for givens only).  Pencilmarks on standard input are read as givens."""
    if not any(_gives_candidates(arg, fmt) for arg in inputs):
        source = Inputs(inputs, format=fmt, rules=rules)
        return source.total, ((item, None) for item in source)
    states = logic_items(inputs, fmt, rules)
    return None, ((s.item, s.cands if s.pencilmarks else None) for s in states)


def refuse_lost_candidates(grid: Grid, cands: Any, style: str) -> None:
    """Raise a :class:`~shudu.errors.ParseError` when a pencilmark state has candidates
    removed beyond what its givens leave and ``style`` cannot hold them.

    >>> from shudu.cli.inputs import logic_items
    >>> state = next(logic_items([".23456789" + "123456789" * 80]))   # r1c1 is not 1
    >>> refuse_lost_candidates(state.item.grid, state.cands, "line")
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: the line notation cannot hold the candidates of a pencilmark ...
    """
    from ..errors import ParseError
    from ..values.candidates import Candidates

    if style in _CANDIDATE_NOTATIONS:
        return
    left = tuple(Candidates.from_grid(grid).masks())
    given = tuple(cands.masks())
    removed = sum(bin(a & ~b).count("1") for a, b in zip(left, given))
    if removed:
        raise ParseError(f"the {style} notation cannot hold the candidates of a pencilmark "
                         f"state ({removed} removed beyond the givens); write pencilmarks "
                         "or 729")


def _candidates(cands: Any, style: str) -> str:
    """A pencilmark state in ``pencilmarks`` or ``729``."""
    from ..formats import Pencilmarks

    marks = Pencilmarks(cands.rules, tuple(cands.masks()))
    return marks.format() if style == "pencilmarks" else marks.to_string729()


@cli.command(
    epilog="""\b
Examples:
  shudu convert --to sdk puzzle.txt
  shudu convert --to line grids.txt > puzzles.sdm    # one puzzle per line
  shudu convert --to csv puzzles.sdm > puzzles.csv
  shudu convert --to pencilmarks puzzle.txt          # the candidates the givens leave

\b
A conversion that would drop what the input says is refused with one line naming
it: killer cages, thermometers and other constraints, variant rules (x, windoku,
jigsaw ...) in a notation that holds only the givens, the candidates of a pencilmark
state (a file or argument) in a notation other than pencilmarks or 729.

\b
Exit status: 0 every puzzle converted, 2 bad input or usage (bad puzzles are
reported and skipped).""",
)
@click.argument("inputs", metavar="[PUZZLE_OR_FILE]...", nargs=-1)
@reading_options
@click.option("--to", "style", type=FormatChoice(written=True),
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
        total, states = _states(inputs, fmt, rules)
        many, items = peek_many(states)
        console = frame.open(progress=show_progress(progress, many), total=total)
        printed = 0
        for item, cands in items:
            console.step()
            if item.grid is None or item.error is not None:
                console.error(item.describe_error(item.error))
                code = SOLVE_EXIT_BAD_INPUT
                continue
            grid = item.grid
            try:
                refuse_losses(grid, style)
                if cands is not None:
                    refuse_lost_candidates(grid, cands, style)
            except ValueError as e:   # the notation would drop a rule or constraint
                console.error(item.describe_error(e))
                code = SOLVE_EXIT_BAD_INPUT
                continue
            if style == "csv":
                plain = grid.rules.is_classic9
                if not printed:
                    console.out("puzzle" if plain else "puzzle,rules")
                console.out(grid.to_string() if plain else f"{grid.to_string()},{grid.rules.spec}")
            else:
                try:
                    text = (_candidates(cands, style)
                            if cands is not None and style in _CANDIDATE_NOTATIONS
                            else grid_text(grid, style))
                except ValueError as e:   # a notation that cannot hold this puzzle
                    console.error(item.describe_error(e))
                    code = SOLVE_EXIT_BAD_INPUT
                    continue
                if printed and style in BLOCK_FORMATS:
                    console.out("")
                console.out(text)
            printed += 1
    ctx.exit(code)
