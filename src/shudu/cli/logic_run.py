"""Shared by ``explain``, ``hint`` and ``find``: their technique options, the start of a
logic session on each state (its refusals printed), and the printing of one puzzle's
block.  Their words are :mod:`shudu.words.cli`'s."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import click

from ..words.cli import words
from .common import (
    EXIT_NONE,
    SOLVE_EXIT_BAD_INPUT,
    Console,
    json_error,
    json_head,
    json_line,
    reading_options,
)
from .inputs import LogicItem

if TYPE_CHECKING:
    from ..errors import NoSolution, NotUnique
    from ..logic.session import Session


# ---------------------------------------------------------------------- logic: setup
def _disable_option(
    ctx: click.Context, param: click.Parameter, value: tuple[str, ...]
) -> frozenset[str]:
    try:
        from ..logic.registry import technique_keys

        return technique_keys(value)
    except KeyError as e:
        raise click.BadParameter(
            f"unknown technique or family {e.args[0]!r}; 'shudu techniques' lists them",
            ctx=ctx,
            param=param,
        ) from None


def _enable_option(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> None:
    ctx.meta["shudu.extra"] = _disable_option(ctx, param, value)


def technique_option(ctx: click.Context, param: click.Parameter, value: str) -> Any:
    """The callback of a technique argument: the technique of a name or HoDoKu code; an
    unknown one is a usage error.

    >>> technique_option(None, None, "x-wing").name
    'X-Wing'
    """
    from ..logic.registry import technique

    try:
        return technique(value)
    except KeyError:
        raise click.BadParameter(
            f"unknown technique {value!r}; 'shudu techniques' lists them", ctx=ctx, param=param
        ) from None


def logic_input_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """Options of the commands that read puzzles or pencilmarks for the logic solver.

    >>> def f(): pass
    >>> [p.name for p in logic_input_options(f).__click_params__]
    ['max_errors', 'progress', 'rules', 'fmt', 'lang']
    """
    func = reading_options(func)
    return click.option(
        "--lang",
        type=click.Choice(["en", "zh"]),
        default="en",
        show_default=True,
        help="Language of the explanations: English or Chinese (中文).",
    )(func)


def timeout_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--timeout SECONDS``: the time one puzzle may take.

    >>> def f(): pass
    >>> [p.name for p in timeout_option(f).__click_params__]
    ['timeout']
    """
    return click.option(
        "--timeout",
        metavar="SECONDS",
        type=click.FloatRange(min=0, min_open=True),
        default=None,
        help="Stop working on a puzzle after this many seconds and say so "
        "(default: none for a unique puzzle, 10 with --anyway).",
    )(func)


def anyway_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--anyway``: work on a puzzle with several solutions too.

    >>> def f(): pass
    >>> [p.name for p in anyway_option(f).__click_params__]
    ['anyway']
    """
    return click.option(
        "--anyway",
        is_flag=True,
        help="Use logic even when the puzzle has several solutions (within --timeout); "
        "by default such a puzzle is answered at once with two of its solutions.",
    )(func)


def solver_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--uniqueness/--no-uniqueness``, ``--disable`` and ``--enable``.

    >>> def f(): pass
    >>> [p.name for p in solver_options(f).__click_params__]
    ['enable', 'disabled', 'uniqueness']
    """
    func = click.option(
        "--enable",
        metavar="NAME",
        multiple=True,
        expose_value=False,
        callback=_enable_option,
        help="Also use this technique that is off by default (e.g. Franken and Mutant fish: "
        "'franken-swordfish', 'mutant-x-wing'; repeatable).",
    )(func)
    func = click.option(
        "--disable",
        "disabled",
        metavar="NAME",
        multiple=True,
        callback=_disable_option,
        help="Do not use this technique or family (name, HoDoKu code or family; repeatable).",
    )(func)
    return click.option(
        "--uniqueness/--no-uniqueness",
        default=None,
        help="Allow techniques that assume one solution (default: only when the engine "
        "confirms the puzzle is unique).",
    )(func)


def _config(disabled: frozenset[str]) -> Any:
    """The techniques asked for (``--disable``, ``--enable``); the session sets their
    uniqueness (:func:`shudu.logic.session.session`)."""
    from ..logic import SolverConfig

    ctx = click.get_current_context(silent=True)
    extra = ctx.meta.get("shudu.extra", frozenset()) if ctx is not None else frozenset()
    return SolverConfig(disabled=disabled, extra=extra)


@dataclass
class LogicRun:
    """Shared state of ``explain``, ``hint`` and ``find``: output, languages, and the
    start of a logic session on each state.

    >>> from shudu.cli.inputs import logic_items
    >>> run = LogicRun(Console(progress=False, total=None), "en", as_json=False, many=True)
    >>> state = next(logic_items(["." * 81]))
    >>> run.block(["first"], state)
    Puzzle 1:
    first
    >>> run.printed
    1
    """

    console: Console
    lang: str
    as_json: bool
    many: bool
    uniqueness: bool | None = None
    anyway: bool = False
    timeout: float | None = None
    printed: int = 0

    def words(self, key: str, **values: Any) -> str:
        return words(self.lang, key, **values)

    def bad(self, state: LogicItem, error: ValueError | None = None) -> int:
        message = state.item.describe_error(error or state.error)
        self.console.error(message)
        if self.as_json:
            self.console.out(json_line(json_error(state.item, message)))
        return SOLVE_EXIT_BAD_INPUT

    def open_block(self, state: LogicItem) -> None:
        """Start one puzzle's text: with many puzzles a blank line and its header."""
        if self.many:
            if self.printed:
                self.console.out("")
            where = state.item.where
            key = "header" if where else "header_bare"
            self.console.out(self.words(key, index=state.item.index, where=where))
        self.printed += 1

    def block(self, lines: list[str], state: LogicItem) -> None:
        """Print one puzzle's whole text (see :meth:`open_block`)."""
        self.open_block(state)
        self.console.out("\n".join(lines))

    def start(self, state: LogicItem, disabled: frozenset[str] = frozenset(), *,
              max_steps: int | None = None, weigh: bool = False) -> Session | int:
        """The logic session of one state (:func:`shudu.logic.session.session`, with
        ``--disable``, ``--enable``, ``--uniqueness``, ``--anyway`` and ``--timeout``), or
        the exit code when the state is unreadable or refused: constraints logic does
        not know, no solution (saying where the contradiction is) or several solutions
        (two of them and a cell where they differ; unless ``--anyway``, which warns)."""
        if state.error is not None:
            return self.bad(state)
        from ..errors import NoSolution, NotUnique, UnsupportedRules
        from ..logic.session import session

        try:
            run = session(state.cands, config=_config(disabled), anyway=self.anyway,
                          uniqueness=self.uniqueness, timeout=self.timeout,
                          max_steps=max_steps, weigh=weigh)
        except UnsupportedRules as e:
            return self.bad(state, e)
        except NoSolution as e:
            return self._no_solution(state, e)
        except NotUnique as e:
            return self._several(state, e)
        if run.verdict.status == "multiple":   # explained anyway
            where = state.item.where if self.many or state.item.source else ""
            prefix = f"{where}: " if where else ""
            if run.uniqueness:
                self.console.err(
                    f"shudu: {prefix}not unique: several solutions, yet --uniqueness lets "
                    "techniques assume one: their deductions may be wrong"
                )
            else:
                self.console.err(
                    f"shudu: {prefix}not unique: several solutions; uniqueness techniques "
                    "stay off"
                )
        return run

    def _refused_head(self, state: LogicItem, status: str) -> dict[str, Any]:
        from ..logic.session import uniqueness_on

        return {**self.head(state, status, uniqueness_on(status, self.uniqueness)),
                "status": status}

    def _no_solution(self, state: LogicItem, error: NoSolution) -> int:
        """Answer a state without solution, saying where the contradiction is."""
        where = error.contradiction
        text = where.text(self.lang) if where is not None else self.words("none")
        if self.as_json:
            data = {**self._refused_head(state, "none"),
                    "contradiction": where.text("en") if where is not None else None}
            self.console.out(json_line(data))
        else:
            self.block([text if where is None else f"{self.words('none')}: {text}"], state)
        return EXIT_NONE

    def _several(self, state: LogicItem, error: NotUnique) -> int:
        """Answer a state with several solutions: two of them, and a cell where they
        differ."""
        cell, digits = error.cell, error.digits
        assert cell is not None and digits is not None
        from ..logic.step import digit_text

        rules = error.solutions[0].rules
        a, b = (digit_text(d, rules.size) for d in digits)
        if self.as_json:
            data = {**self._refused_head(state, "multiple"),
                    "solutions": [str(s) for s in error.solutions[:2]],
                    "differ": rules.cell_name(cell)}
            self.console.out(json_line(data))
        else:
            self.block([self.words("multiple", cell=rules.cell_name(cell), a=a, b=b)], state)
        return EXIT_NONE

    def head(self, state: LogicItem, status: str, on: bool) -> dict[str, Any]:
        from ..formats import Pencilmarks

        grid = state.item.grid
        data: dict[str, Any] = {
            **json_head(state.item),
            "puzzle": str(grid) if grid is not None else None,
        }
        if state.pencilmarks:
            data["candidates"] = Pencilmarks(
                state.cands.rules, tuple(state.cands.masks())
            ).to_string729()
        data["unique"] = {"unique": True, "multiple": False}.get(status)
        data["uniqueness"] = on
        return data


def pencilmark_text(cands: Any) -> str:
    """The candidate grid of a state (HoDoKu style, as :meth:`Pencilmarks.format`).

    >>> from shudu.cli.inputs import logic_items
    >>> pencilmark_text(next(logic_items(["1" + "." * 80])).cands).splitlines()[1].split()[:3]
    ['|', '1', '23456789']
    """
    from ..formats import Pencilmarks

    return Pencilmarks(cands.rules, tuple(cands.masks())).format()
