"""The ``shudu`` command group: usage errors as one line, ``--version``, and ``main``."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib import import_module
from typing import Any, NoReturn

import click

from ..errors import ShuduError
from .common import EXIT_BAD_INPUT, EXIT_BROKEN_PIPE, silence_stdout
from .interrupt import EXIT_INTERRUPTED


def _version() -> str:
    from .._version import __version__

    return __version__


def _print_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    click.echo(f"shudu {_version()}")
    ctx.exit()



class CheckCommand(click.Command):
    """A command whose usage errors exit with :data:`EXIT_BAD_INPUT`, not click's 2.

    >>> cmd = CheckCommand("check", params=[click.Argument(["puzzle"])])
    >>> try:
    ...     cmd.make_context("check", [])
    ... except click.UsageError as e:
    ...     e.exit_code
    3
    """

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.UsageError as e:
            e.exit_code = EXIT_BAD_INPUT  # type: ignore[misc]  # click's stubs: a ClassVar
            raise


COMMANDS = ("book", "check", "convert", "explain", "find", "generate", "hint", "rate",
            "redundant-clues", "refute", "render", "scan", "serve", "solve", "suggest-clues",
            "techniques", "true-candidates")
"""The commands, each the module of this package that registers it on :data:`cli` (its
name with ``_`` for ``-``: :func:`module_of`)."""


def module_of(command: str) -> str:
    """The module of this package that registers ``command``.

    >>> module_of("true-candidates")
    'true_candidates'
    """
    return command.replace("-", "_")


class _Group(click.Group):
    """The ``shudu`` group: a command's module is imported when the command is asked for
    (``shudu solve`` loads only the solve command); usage errors become one
    ``shudu: error:`` line on stderr."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMANDS) | set(self.commands))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            import_module(f"{__package__}.{module_of(cmd_name)}")
        return super().get_command(ctx, cmd_name)

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            code = super().main(args, prog_name or "shudu", complete_var, False, **extra)
        except click.exceptions.NoArgsIsHelpError as e:
            e.show()
            code = e.exit_code
        except click.UsageError as e:
            click.echo(f"shudu: error: {_usage_text(e)}", err=True)
            code = e.exit_code
        except click.ClickException as e:
            click.echo(f"shudu: error: {_one_line(e.format_message())}", err=True)
            code = e.exit_code
        except ShuduError as e:
            # a command's own checks name the line or cell; this catches what is left
            click.echo(f"shudu: error: {_one_line(str(e))}", err=True)
            code = EXIT_BAD_INPUT
        except click.Abort:
            code = EXIT_INTERRUPTED
        except BrokenPipeError:
            silence_stdout()
            code = EXIT_BROKEN_PIPE
        sys.exit(code if isinstance(code, int) else 0)


def _one_line(text: str) -> str:
    text = " ".join(text.split())
    if len(text) > 1 and text[0].isupper() and text[1].islower():
        text = text[0].lower() + text[1:]
    return text


def _usage_text(error: click.UsageError) -> str:
    text = _one_line(error.format_message()).rstrip(".")
    ctx = error.ctx
    path = ctx.command_path if ctx is not None else "shudu"
    return f"{text} (see '{path} --help')"


# ---------------------------------------------------------------------- commands
@click.group(
    cls=_Group,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
    epilog="""\b
Examples:
  shudu solve 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  shudu solve puzzles.txt > solutions.txt
  cat puzzles.txt | shudu solve --json
  shudu solve --rules x+anti-knight puzzle.txt
  shudu check puzzle.sdk; echo $?
  shudu explain puzzle.txt                   # the logical path, step by step
  shudu hint --level 2 --lang zh puzzle.txt  # the next step, where to look (Chinese)
  shudu techniques                           # what the logic solver knows
  shudu render --candidates -o grid.svg puzzle.txt   # a picture (SVG, PNG or PDF)
  shudu book -n 48 --grade hard -o book.pdf  # a printable book with solutions

Run 'shudu COMMAND --help' for the options of a command.""",
)
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_print_version,
    help="Show the version and exit.",
)
def cli() -> None:
    """Solve, check and explain Sudoku puzzles (classic 9x9, other sizes and variants).

    A puzzle is given as text (81 characters, a grid, .sdk, JSON ...) or as the name of
    a file holding one or many puzzles; '-' or nothing reads standard input.
    """


def main(argv: Sequence[str] | None = None) -> NoReturn:
    """Run the command line (the ``shudu`` console script)."""
    cli.main(args=list(argv) if argv is not None else None, prog_name="shudu")
    sys.exit(0)  # pragma: no cover - cli.main always exits
