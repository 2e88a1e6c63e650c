"""``shudu render``: a picture (SVG, PNG or PDF) of a puzzle, its candidates or its solution;
and the picture writer ``shudu hint -o`` shares."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import click

from .app import cli
from .common import EXIT_NONE, SOLVE_EXIT_BAD_INPUT, reading_options, run_frame
from .inputs import logic_items

if TYPE_CHECKING:
    from ..logic.step import Step
    from ..values.rules import Rules

PICTURE_FORMATS = ("svg", "png", "pdf")
"""The picture formats, named by the output file's extension."""


def picture_format(path: str) -> str:
    """The picture format of an output name: its extension, or ``svg`` for ``-``
    (standard output); a :class:`click.BadParameter` otherwise.

    >>> picture_format("grid.PNG"), picture_format("-")
    ('png', 'svg')
    >>> picture_format("grid.jpg")
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: expected a file name ending in .svg, .png or .pdf \
(or - for SVG on standard output), got 'grid.jpg'
    """
    if path == "-":
        return "svg"
    ext = os.path.splitext(path)[1].lower().lstrip(".")
    if ext not in PICTURE_FORMATS:
        raise click.BadParameter(
            "expected a file name ending in .svg, .png or .pdf (or - for SVG on standard "
            f"output), got {path!r}"
        )
    return ext


def _output_option(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None:
        try:
            picture_format(value)
        except click.BadParameter as e:
            e.ctx, e.param = ctx, param
            raise
    return value


def output_option(required: bool) -> Any:
    """``-o/--output FILE``: where a picture goes, its format from the extension."""
    return click.option(
        "-o", "--output", "output", metavar="FILE", required=required,
        callback=_output_option,
        help="Write a picture: FILE.svg, FILE.png or FILE.pdf ('-': SVG on standard output).",
    )


def write_picture(path: str, obj: Any, *, step: Step | None = None, **options: Any) -> None:
    """Draw ``obj`` (and ``step``) with :mod:`shudu.pictures` in the format of ``path`` and
    write it there (``-``: SVG on standard output).

    Raises :class:`~shudu.errors.PicturesUnavailable` when PNG/PDF cannot be drawn and
    :class:`OSError` when the file cannot be written.
    """
    from .. import pictures as render

    fmt = picture_format(path)
    if fmt == "svg":
        text = render.svg(obj, step=step, **options)
        if path == "-":
            click.echo(text)
            return
        with open(path, "w", encoding="utf-8") as f:
            f.write(text + "\n")
        return
    data = render.png(obj, step=step, **options) if fmt == "png" else \
        render.pdf(obj, step=step, **options)
    with open(path, "wb") as f:
        f.write(data)


def hint_picture_step(step: Step, level: int) -> Step | None:
    """What a hint picture shows at ``level``: nothing of the step at 1 (the state only),
    the pattern without its result at 2 (cells, candidates and houses by role), the whole
    step at 3.

    >>> from shudu.logic.step import Step
    >>> s = Step("x-wing", eliminations=((39, 7),), digits=(7,), cells={"base": (10, 16)})
    >>> hint_picture_step(s, 1) is None, hint_picture_step(s, 2).eliminations
    (True, ())
    """
    if level >= 3:
        return step
    if level <= 1:
        return None
    from ..logic.step import Step

    return Step(step.technique, digits=step.digits, cells=dict(step.cells),
                candidates=dict(step.candidates), houses=dict(step.houses), size=step.size,
                rules=step.rules)


def picture_error(error: BaseException, path: str) -> str:
    """One line for a picture that could not be written."""
    if isinstance(error, OSError) and not isinstance(error, click.ClickException):
        return f"{path}: {error.strerror or error}"
    return " ".join(str(error).split())


@cli.command(
    epilog="""\b
Examples:
  shudu render -o grid.svg puzzle.txt
  shudu render --candidates -o state.png puzzle.txt
  shudu render --solution --size 600 -o solution.pdf puzzle.txt
  shudu render --rules x -o - puzzle.txt > x.svg
  shudu render candidates.pm -o state.svg      # a pencilmark grid shows its candidates

\b
With --solution, a puzzle with several solutions is drawn with the first one and a
warning on stderr.

Exit status: 0 the picture was written, 1 it could not be drawn (no solution for
--solution, CairoSVG or the Cairo library missing for PNG/PDF, the file not
writable), 2 bad input or usage.""",
)
@click.argument("inputs", metavar="[PUZZLE_OR_FILE]", nargs=-1)
@reading_options
@output_option(required=True)
@click.option("--candidates/--no-candidates", default=None,
              help="Show the candidates (default: only for a pencilmark state).")
@click.option("--solution", is_flag=True, help="Fill the empty cells with the solution.")
@click.option("--size", metavar="PX", type=click.IntRange(min=16, max=20000), default=None,
              help="Width of the picture in pixels (default: about 40 per cell on 9x9).")
@click.option("--legend", is_flag=True, help="List what the colours and lines mean.")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="Language of the title and legend: English or Chinese (中文).")
@click.pass_context
def render(ctx: click.Context, inputs: tuple[str, ...], fmt: str | None, rules: Rules | None,
           progress: bool | None, output: str, candidates: bool | None, solution: bool,
           size: int | None, legend: bool, lang: str) -> None:
    """Draw one puzzle (or pencilmark state) as a picture: SVG, PNG or PDF.

    The format follows the extension of -o; variants (--rules x, windoku, jigsaw) are
    drawn the way players know them.
    """
    from ..errors import ShuduError

    code = 0
    with run_frame() as frame:
        console = frame.open(progress=False, total=None)
        states = list(logic_items(inputs, fmt, rules))
        state = states[0] if states else None
        if len(states) != 1 or state is None:
            console.error(f"expected one puzzle to draw, found {len(states)}")
            code = SOLVE_EXIT_BAD_INPUT
        elif state.error is not None:
            console.error(state.item.describe_error(state.error))
            code = SOLVE_EXIT_BAD_INPUT
        else:
            obj = state.cands if state.pencilmarks else state.item.grid
            if solution and not state.pencilmarks and state.item.grid is not None:
                from ..solving.engine import count

                if count(state.item.grid, 2, state.item.grid.rules) > 1:
                    console.err("shudu: warning: the puzzle has several solutions; the "
                                "picture shows the first one shudu finds")
            try:
                write_picture(output, obj, candidates=candidates, solution=solution,
                              size=size, legend=legend, lang=lang)
            except (ShuduError, OSError) as e:
                console.error(picture_error(e, output))
                code = EXIT_NONE
    ctx.exit(code)
