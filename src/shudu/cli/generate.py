"""``shudu generate``: new puzzles with one solution, at a target."""

from __future__ import annotations

import os
from typing import Any

import click

from .app import cli
from .common import (
    Console,
    grid_text,
    json_error_line,
    json_line,
    rules_option,
    run_frame,
    show_progress,
)
from .rate import EXIT_UNRATED, hardest_name


# ---------------------------------------------------------------------- generate
def _score_option(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
    if value is None:
        return None
    from ..make.classic import parse_score

    try:
        return parse_score(value)
    except ValueError as e:
        raise click.BadParameter(str(e), ctx=ctx, param=param) from None


def _technique_option(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
    if value is None:
        return None
    from ..logic.registry import technique

    try:
        return technique(value).key
    except KeyError as e:
        raise click.BadParameter(str(e.args[0]), ctx=ctx, param=param) from None


def _generate_rules_option(ctx: click.Context, param: click.Parameter,
                           value: str | None) -> Any:
    """The rules spec, checked (a ``killer``, ``jigsaw`` or clue part such as ``thermo`` or
    ``x-sum`` asks for puzzles of that clue: :func:`shudu.make.pick.clue_kind`)."""
    if value is None:
        return None
    from ..make.pick import clue_kind

    try:
        _, rest = clue_kind(value)
    except ValueError as e:
        raise click.BadParameter(str(e), ctx=ctx, param=param) from None
    rules_option(ctx, param, rest)
    return value


@cli.command(
    epilog="""\b
Examples:
  shudu generate                                 # one minimal puzzle
  shudu generate -n 10 --grade hard --symmetry 180 --json
  shudu generate -n 5 --technique x-wing         # needs X-Wing, nothing harder
  shudu generate --score 3.0-4.0 --seed 7
  shudu generate --rules 16 --output grid
  shudu generate --pattern pattern.txt           # givens exactly on the 'x' cells
  shudu generate --rules killer --grade expert   # a killer: cages, no givens
  shudu generate --rules thermo --grade easy     # thermometers: a SudokuPad link
  shudu generate --rules jigsaw --grade medium   # givens on random jigsaw regions

\b
Grades: beginner < 2.0 <= easy < 3.0 <= medium < 4.5 <= hard < 7.0 <= expert < 9.0
<= extreme (Sudoku Explainer scale).  Every puzzle has exactly one solution.
Without --grade, --score or --technique the target is a score below 7.0, for
every rule set; 'shudu techniques' marks the techniques --technique can aim at.
Exit status: 0 done, 1 the budget (--attempts/--timeout) ran out, 2 bad usage.""",
)
@click.option("-n", "--count", "count", metavar="N", type=click.IntRange(min=1), default=1,
              show_default=True, help="How many puzzles.")
@click.option("--rules", "rules", metavar="SPEC", callback=_generate_rules_option,
              help="Size and variant, e.g. '16', '6', 'x', 'windoku', 'anti-knight'; "
                   "'killer' (with any other part) makes killer puzzles without givens; "
                   "'thermo', 'arrow', 'kropki', 'x-sum', 'skyscraper', 'quadruple', "
                   "'between', 'lockout', 'region-sum', 'zipper', 'modular' or "
                   "'entropic' puzzles of those clues, written as SudokuPad links "
                   "(so is 'diagonal-dots'); 'jigsaw' givens on random regions (a "
                   "SudokuPad link).")
@click.option("--symmetry", type=click.Choice(["none", "180", "90", "mirror", "diagonal"]),
              default="none", show_default=True, help="Symmetry of the givens.")
@click.option("--minimal", is_flag=True, help="No given can be removed (keeping one solution).")
@click.option("--grade", type=click.Choice(["beginner", "easy", "medium", "hard", "expert",
                                            "extreme"]), default=None, help="Target grade.")
@click.option("--score", metavar="LO-HI", callback=_score_option, default=None,
              help="Target Sudoku Explainer score range, e.g. '3.0-4.0' or '7+'.")
@click.option("--technique", metavar="NAME", callback=_technique_option, default=None,
              help="The puzzle needs this technique and nothing harder.")
@click.option("--pattern", metavar="FILE_OR_MASK", default=None,
              help="Givens exactly on the marked cells (x or a digit; '.' or 0 blank).")
@click.option("--seed", metavar="N", type=int, default=None, help="Reproducible output.")
@click.option("--attempts", metavar="N", type=click.IntRange(min=1), default=None,
              help="Give up after N fresh solution grids per puzzle.")
@click.option("--timeout", metavar="SECONDS", type=click.FloatRange(min=0, min_open=True),
              default=None, help="Give up on a puzzle after this many seconds.")
@click.option("--output", "style", type=click.Choice(["line", "grid"]), default="line",
              show_default=True, help="Puzzle layout.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle per line.")
@click.option("--rate", "rated", is_flag=True, help="Also print each puzzle's rating.")
@click.option("--progress/--no-progress", default=None,
              help="Progress bar on stderr (default: when stderr is a terminal and n > 1).")
@click.pass_context
def generate(ctx: click.Context, count: int, rules: str | None, symmetry: str,
             minimal: bool, grade: str | None, score: Any, technique: str | None,
             pattern: str | None, seed: int | None, attempts: int | None,
             timeout: float | None, style: str, as_json: bool, rated: bool,
             progress: bool | None) -> None:
    """Generate puzzles with exactly one solution."""
    from ..errors import GenerationError
    from ..make.pick import clue_kind, generate_many

    if pattern is not None and os.path.exists(pattern):
        try:
            with open(pattern, encoding="utf-8") as f:
                pattern = f.read()
        except (OSError, UnicodeDecodeError) as e:
            raise click.BadParameter(f"{pattern}: cannot read ({e})", ctx=ctx,
                                     param_hint="'--pattern'") from None
    kind = clue_kind(rules)[0] if rules is not None else None
    if kind not in (None, "jigsaw") and (symmetry != "none" or minimal or technique or pattern):
        raise click.UsageError(f"{kind} puzzles take --grade, --score, --seed, "
                               "--attempts, --timeout, --rate and the output options only",
                               ctx=ctx)
    code = 0
    with run_frame() as frame:
        try:
            console = frame.open(progress=show_progress(progress, count > 1), total=count)
            made = generate_many(count, rules, seed=seed, symmetry=symmetry, minimal=minimal,
                                 grade=grade, score=score, technique=technique, pattern=pattern,
                                 rated=rated, attempts=attempts, timeout=timeout)
            printed = made_so_far = 0
            while True:
                try:
                    g = next(made)
                except StopIteration:
                    break
                except GenerationError as e:
                    _failed(console, e, as_json, made_so_far + 1)
                    code = EXIT_UNRATED
                    break
                console.step()
                made_so_far += 1
                if as_json:
                    console.out(json_line({"status": "generated", **g.to_dict()}))
                    continue
                if kind is not None:
                    console.out(_clue_text(kind, g))
                    continue
                text = grid_text(g.puzzle, style)
                if style == "grid" and printed:
                    console.out("")
                if g.rating is not None:
                    text += f"  # {_about(g)}" if style == "line" else f"\n{_about(g)}"
                console.out(text)
                printed += 1
        except ValueError as e:
            raise click.UsageError(str(e), ctx=ctx) from None
    ctx.exit(code)


def _about(g: Any) -> str:
    """A generated puzzle's rating in one line."""
    r = g.rating
    return f"{r.score:.1f} {r.grade}, hardest: {hardest_name(r.hardest, 'en')}"


def _clue_text(kind: str, g: Any) -> str:
    """A puzzle of clues beside givens: a killer as its cage string (its JSON when the
    cage string cannot hold its rules), the others (jigsaws too) as SudokuPad links, with
    the rating when asked or aimed at."""
    from ..formats import write

    try:
        text = write(g.puzzle, "killer" if kind == "killer" else "sudokupad")
    except ValueError:
        text = write(g.puzzle, "json")
    if g.rating is not None:
        text += f"  # {_about(g)}"
    return text


def _failed(console: Console, error: Exception, as_json: bool, index: int) -> None:
    """Report a puzzle that could not be made: the error line on stderr and, with
    ``--json``, its error object on stdout."""
    console.error(str(error))
    if as_json:
        console.out(json_error_line(" ".join(str(error).split()), None, index=index))
