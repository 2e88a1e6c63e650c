"""Shared by ``explain``, ``hint`` and ``find``: their words, technique options, the
engine's verdict on a state, and the printing of one puzzle's block."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain, islice
from typing import TYPE_CHECKING, Any

import click

from .common import SOLVE_EXIT_BAD_INPUT, Console, _json_head, _json_line, _reading_options
from .inputs import LogicItem

if TYPE_CHECKING:
    pass


# ---------------------------------------------------------------------- logic: setup
_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "header": "Puzzle {index} ({where}):",
        "header_bare": "Puzzle {index}:",
        "solved": "Solved by logic in {n} steps; hardest technique: {name} ({difficulty}).",
        "done": "Already solved: nothing to explain.",
        "stuck": "Stuck after {n} steps: no enabled technique makes progress, and shudu does "
        "not guess. Candidates now:",
        "none": "no solution",
        "hint_done": "Already solved.",
        "hint_stuck": "No logical step found: no enabled technique makes progress, and shudu "
        "does not guess. Candidates now:",
        "found_none": "No {name} here.",
    },
    "zh": {
        "header": "第 {index} 题（{where}）：",
        "header_bare": "第 {index} 题：",
        "solved": "逻辑解出，共 {n} 步；最难的技巧：{name}（{difficulty}）。",
        "done": "已经解完，无需讲解。",
        "stuck": "推理 {n} 步后卡住：没有可用的技巧能继续推进（shudu 不猜测）。当前的候选数：",
        "none": "无解",
        "hint_done": "已经解完。",
        "hint_stuck": "找不到逻辑步骤：没有可用的技巧能继续推进（shudu 不猜测）。当前的候选数：",
        "found_none": "这里没有{name}。",
    },
}


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


def _technique_option(ctx: click.Context, param: click.Parameter, value: str) -> Any:
    from ..logic.registry import technique

    try:
        return technique(value)
    except KeyError:
        raise click.BadParameter(
            f"unknown technique {value!r}; 'shudu techniques' lists them", ctx=ctx, param=param
        ) from None


def _logic_input_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """Options of the commands that read puzzles or pencilmarks for the logic solver."""
    func = _reading_options(func)
    return click.option(
        "--lang",
        type=click.Choice(["en", "zh"]),
        default="en",
        show_default=True,
        help="Language of the explanations: English or Chinese (中文).",
    )(func)


def _solver_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--uniqueness/--no-uniqueness``, ``--disable`` and ``--enable``."""
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


def uniqueness_status(state: LogicItem) -> str:
    """What the engine says about a state: ``unique``, ``multiple``, ``none`` or ``unknown``.

    ``unknown``: an explicit pencilmark state whose placed digits allow several solutions
    (its candidates may still rule out all but one).

    >>> from shudu.cli.inputs import logic_items
    >>> [uniqueness_status(x) for x in logic_items(["1" + "." * 80])]
    ['multiple']
    """
    from ..engine import search

    grid = state.item.grid
    if grid is None or state.cands is None:
        return "none"
    try:
        result = search(grid, grid.rules, limit=2)
    except ValueError:
        return "none"
    if result.count == 0:
        return "none"
    if result.count >= 2:
        return "unknown" if state.pencilmarks else "multiple"
    if state.pencilmarks:
        assert result.solution is not None
        cands = state.cands
        for cell, digit in enumerate(result.solution.cells):
            if cands.values[cell] != digit and not cands.has(cell, digit):
                return "none"  # the candidates rule out the only solution
    return "unique"


def _config(disabled: frozenset[str], uniqueness: bool) -> Any:
    from ..logic import SolverConfig

    ctx = click.get_current_context(silent=True)
    extra = ctx.meta.get("shudu.extra", frozenset()) if ctx is not None else frozenset()
    return SolverConfig(disabled=disabled, extra=extra, uniqueness=uniqueness)


@dataclass
class _LogicRun:
    """Shared state of ``explain``, ``hint`` and ``find``: output, languages, verdicts."""

    console: Console
    lang: str
    as_json: bool
    many: bool
    uniqueness: bool | None = None
    printed: int = 0

    def words(self, key: str, **values: Any) -> str:
        return _WORDS[self.lang][key].format(**values)

    def bad(self, state: LogicItem) -> int:
        message = state.item.describe_error(state.error)
        self.console.error(message)
        if self.as_json:
            self.console.out(_json_line({**_json_head(state.item), "error": message}))
        return SOLVE_EXIT_BAD_INPUT

    def block(self, lines: list[str], state: LogicItem) -> None:
        """Print one puzzle's text, with a header and a blank line between puzzles."""
        if self.many:
            if self.printed:
                self.console.out("")
            where = state.item.where
            key = "header" if where else "header_bare"
            lines = [self.words(key, index=state.item.index, where=where), *lines]
        self.console.out("\n".join(lines))
        self.printed += 1

    def verdict(self, state: LogicItem) -> tuple[str, bool]:
        """The engine's status and whether uniqueness techniques are on (with warnings)."""
        status = uniqueness_status(state)
        where = state.item.where if self.many or state.item.source else ""
        prefix = f"{where}: " if where else ""
        if status == "multiple":
            if self.uniqueness:
                self.console.err(
                    f"shudu: {prefix}not unique: several solutions, yet --uniqueness lets "
                    "techniques assume one: their deductions may be wrong"
                )
            else:
                self.console.err(
                    f"shudu: {prefix}not unique: several solutions; uniqueness techniques "
                    "stay off"
                )
        on = self.uniqueness if self.uniqueness is not None else status == "unique"
        return status, on

    def head(self, state: LogicItem, status: str, on: bool) -> dict[str, Any]:
        from ..formats import Pencilmarks

        grid = state.item.grid
        data: dict[str, Any] = {
            **_json_head(state.item),
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


def _hardest(steps: Sequence[Any]) -> Any:
    return max((s.info for s in steps), key=lambda t: t.difficulty)



def _peek_many_states(states: Iterable[LogicItem]) -> tuple[bool, Iterator[LogicItem]]:
    """Whether ``states`` holds more than one puzzle, and the states again."""
    it = iter(states)
    head = list(islice(it, 2))
    return len(head) > 1, chain(head, it)
