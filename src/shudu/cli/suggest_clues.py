"""``shudu suggest-clues``: the clues that would make a puzzle unique."""

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
    from ..make.setter import Clue
    from ..values.rules import Rules

GRADE_CHOICES = ("beginner", "easy", "medium", "hard", "expert", "extreme")
"""The grades ``--grade`` takes (the rater's, :data:`shudu.rating.rater.GRADES`)."""


@cli.command(
    "suggest-clues",
    epilog="""\b
Examples:
  shudu suggest-clues puzzle.txt
  shudu suggest-clues puzzle.txt --grade hard -n 5
  shudu suggest-clues puzzle.txt --json --lang zh

\b
For a puzzle being set (several solutions), the clues (cell=digit) that make it
unique, ranked by the grade it would then have (nearest --grade first, then the
easiest), then those that leave the fewest solutions (counted up to --limit).
""" + EPILOG_TAIL,
)
@setter_options
@click.option("--grade", type=click.Choice(GRADE_CHOICES, case_sensitive=False),
              help="The grade to aim at.")
@click.option("-n", "n", type=click.IntRange(min=1, max=10_000), default=10, show_default=True,
              help="How many clues to show.")
@click.option("--limit", type=click.IntRange(min=2, max=10**9), default=1_000,
              show_default=True, help="Count the solutions each clue leaves up to this many.")
@click.pass_context
def suggest_clues(ctx: click.Context, puzzle: str, rules: Rules | None, lang: str,
                  timeout: float, as_json: bool, grade: str | None, n: int, limit: int
                  ) -> None:
    """Suggest clues that would make the puzzle unique, ranked by grade."""
    from ..errors import SearchTimeout
    from ..make.setter import suggest_clues as suggest
    from ..words.grades import grade as grade_name
    from ..words.setter import setter_text

    grid = read_puzzle(ctx, puzzle, rules, as_json)
    try:
        found = suggest(grid, grade=grade, n=n, limit=limit, timeout=timeout)
    except SearchTimeout as e:
        no_answer(ctx, "timeout", timeout_text(e, lang), as_json)
    if as_json:
        click.echo(json_line({"status": count_status(found.count, found.exact), **found.to_dict()}))
        return
    label = str(found.count) if found.exact else f"≥ {found.count}"
    for line in count_lines(label, found.exact, limit, lang):
        click.echo(line)
    if not found.clues:
        click.echo(setter_text("suggest-nothing" if found.count == 0 else "suggest-done", lang))
        return
    if found.grade:
        click.echo(setter_text("suggest-target", lang, grade=grade_name(found.grade, lang)))
    click.echo(setter_text("suggest-unique" if found.clues[0].unique else "suggest-cut", lang))
    for clue in found.clues:
        click.echo("  " + clue_text(clue, lang))
    if not found.complete:
        click.echo(setter_text("partial", lang))


def clue_text(clue: Clue, lang: str) -> str:
    """One suggested clue in words: unique with its grade, or the solutions it leaves."""
    from ..words.grades import grade as grade_name
    from ..words.setter import setter_text

    if clue.unique:
        if clue.grade is None or clue.score is None:
            return setter_text("clue-unique", lang, clue=clue.name)
        key = "clue-graded" if clue.rated else "clue-graded-more"
        return setter_text(key, lang, clue=clue.name, grade=grade_name(clue.grade, lang),
                           score=f"{clue.score:.1f}")
    label = str(clue.count) if clue.exact else f"≥ {clue.count}"
    return setter_text("clue-left", lang, clue=clue.name, label=label)
