"""``shudu scan``: read a puzzle from a photo or a screenshot."""

from __future__ import annotations

import sys
from typing import NoReturn

import click

from .app import cli
from .common import json_error_line, json_line

EXIT_READ = 0
"""A puzzle with one solution was read (perhaps corrected or doubtful: see stderr)."""
EXIT_NOT_PROPER = 1
"""What was read repeats a digit, or has no or several solutions."""
EXIT_SCAN_BAD_INPUT = 2
"""The picture cannot be read, no grid was found, or the scan extra is missing."""


@cli.command(
    epilog="""\b
Examples:
  shudu scan photo.jpg                   # the puzzle as one line
  shudu scan photo.jpg | shudu explain   # read, then solve step by step
  shudu scan --json screenshot.png       # with confidences, corners and status
  shudu scan photo.jpg -o puzzle.txt --debug-dir scan-debug

\b
Exit status: 0 a puzzle with one solution was read (a note on stderr when cells
were corrected or are doubtful), 1 the reading repeats a digit or has no or several
solutions (the doubtful cells are named on stderr), 2 bad input or no grid found.""",
)
@click.argument("image", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--json", "as_json", is_flag=True,
              help="One JSON object: puzzle, givens, entries, marks, status, confidences, "
                   "corners, doubtful cells.")
@click.option("-o", "--output", metavar="FILE", help="Write the puzzle line to FILE.")
@click.option("--debug-dir", metavar="DIR",
              help="Write the stages (grid found, straightened grid, cells) as pictures.")
def scan(image: str, as_json: bool, output: str | None, debug_dir: str | None) -> None:
    """Read the Sudoku puzzle in a photo or a screenshot (IMAGE, or - for stdin).

    Prints the puzzle as one line (81 characters for 9×9; 4×4, 6×6 and 16×16 grids are
    read too).  Needs the scan extra: pip install 'shudu[scan]'.
    """
    try:
        from ..scan import ScanError
        from ..scan import scan as read
    except ImportError as e:
        _fail(f"{e.name or 'opencv'} is missing: pip install 'shudu[scan]'", image, as_json)
    from ..formats.picture_size import PictureTooLarge

    source = sys.stdin.buffer.read() if image == "-" else image
    try:
        result = read(source, debug_dir=debug_dir)
    except (ScanError, PictureTooLarge, OSError) as e:
        message = str(e)   # errors about a file already start with its name
        if not message.startswith(f"{image}:"):
            message = f"{image}: {message}"
        _fail(message, image, as_json)
    line = str(result.grid)
    if output:
        with open(output, "w", encoding="utf-8") as f:
            f.write(line + "\n")
    if as_json:
        click.echo(json_line(result.to_dict()))
    elif not output:
        click.echo(line)
    if result.status != "ok":
        click.echo(f"shudu: scan: {image}: {result.message}", err=True)
    proper = result.status in ("ok", "corrected", "low-confidence")
    sys.exit(EXIT_READ if proper else EXIT_NOT_PROPER)


def _fail(message: str, image: str, as_json: bool) -> NoReturn:
    """Stop on a picture that cannot be read: the error line on stderr (and its JSON
    object on stdout with ``--json``), exit :data:`EXIT_SCAN_BAD_INPUT`."""
    click.echo(f"shudu: error: {message}", err=True)
    if as_json:
        click.echo(json_error_line(message, image))
    sys.exit(EXIT_SCAN_BAD_INPUT)
