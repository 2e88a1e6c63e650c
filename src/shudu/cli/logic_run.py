"""Shared by ``explain``, ``hint`` and ``find``: their words, technique options, the
engine's verdict on a state, and the printing of one puzzle's block."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import click

from .common import (
    EXIT_NONE,
    SOLVE_EXIT_BAD_INPUT,
    Console,
    _json_error,
    _json_head,
    _json_line,
    _reading_options,
)
from .inputs import LogicItem

if TYPE_CHECKING:
    from ..logic.verdict import Verdict


# ---------------------------------------------------------------------- logic: setup
_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "header": "Puzzle {index} ({where}):",
        "header_bare": "Puzzle {index}:",
        "solved": "Solved by logic in {n} steps; hardest step: {name} ({difficulty}).",
        "rating": "Rating: {score} {grade} on the Sudoku Explainer scale (hardest step: {name}).",
        "no_rating": "Rating: not computed within {seconds:g} s ('shudu rate' gives it).",
        "rating_differs": "The rating takes the easiest step at each point in Sudoku "
        "Explainer's order, so its path differs from this one: 'shudu rate --path' shows it.",
        "done": "Already solved: nothing to explain.",
        "stuck": "Stuck after {n} steps: no enabled technique makes progress, and shudu does "
        "not guess. Candidates now:",
        "none": "no solution",
        "hint_done": "Already solved.",
        "hint_stuck": "No logical step found: no enabled technique makes progress, and shudu "
        "does not guess. Candidates now:",
        "found_none": "No {name} here.",
        "multiple": "Several solutions: e.g. {cell} is {a} in one and {b} in another, so no "
        "logical path can reach one answer. --anyway explains as far as logic goes (within "
        "--timeout).",
        "timeout": "Stopped after {n} steps: the time limit of {seconds:g} s was reached.",
        "max_steps": "Stopped after {n} steps: the limit of --max-steps was reached.",
        "hint_timeout": "No logical step found within {seconds:g} s (--timeout).",
        "find_timeout": "No answer within {seconds:g} s (--timeout).",
    },
    "zh": {
        "header": "第 {index} 题（{where}）：",
        "header_bare": "第 {index} 题：",
        "solved": "逻辑解出，共 {n} 步；最难的一步：{name}（{difficulty}）。",
        "rating": "难度评分：{score}，{grade}（Sudoku Explainer 标准；最难的一步：{name}）。",
        "no_rating": "难度评分：{seconds:g} 秒内未算出（可用 'shudu rate'）。",
        "rating_differs": "评分按 Sudoku Explainer 的顺序每次取最简单的一步，"
        "所以路径与上面的不同：'shudu rate --path' 可以查看。",
        "done": "已经解完，无需讲解。",
        "stuck": "推理 {n} 步后卡住：没有可用的技巧能继续推进（shudu 不猜测）。当前的候选数：",
        "none": "无解",
        "hint_done": "已经解完。",
        "hint_stuck": "找不到逻辑步骤：没有可用的技巧能继续推进（shudu 不猜测）。当前的候选数：",
        "found_none": "这里没有{name}。",
        "multiple": "多解：例如 {cell} 在一个解中是 {a}，在另一个解中是 {b}，"
        "所以逻辑推理无法得出唯一答案。加 --anyway 可在时限（--timeout）内尽量推理。",
        "timeout": "推理 {n} 步后停止：已到 {seconds:g} 秒的时限。",
        "max_steps": "推理 {n} 步后停止：已到 --max-steps 的步数上限。",
        "hint_timeout": "{seconds:g} 秒内（--timeout）找不到逻辑步骤。",
        "find_timeout": "{seconds:g} 秒内（--timeout）没有结果。",
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


def _timeout_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--timeout SECONDS``: the time one puzzle may take."""
    return click.option(
        "--timeout",
        metavar="SECONDS",
        type=click.FloatRange(min=0, min_open=True),
        default=None,
        help="Stop working on a puzzle after this many seconds and say so "
        "(default: none for a unique puzzle, 10 with --anyway).",
    )(func)


def _anyway_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--anyway``: work on a puzzle with several solutions too."""
    return click.option(
        "--anyway",
        is_flag=True,
        help="Use logic even when the puzzle has several solutions (within --timeout); "
        "by default such a puzzle is answered at once with two of its solutions.",
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
    anyway: bool = False
    timeout: float | None = None
    printed: int = 0

    def words(self, key: str, **values: Any) -> str:
        return _WORDS[self.lang][key].format(**values)

    def bad(self, state: LogicItem, error: ValueError | None = None) -> int:
        message = state.item.describe_error(error or state.error)
        self.console.error(message)
        if self.as_json:
            self.console.out(_json_line(_json_error(state.item, message)))
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

    def verdict(self, state: LogicItem) -> tuple[Verdict, bool]:
        """The engine's verdict on a state (:func:`shudu.logic.verdict.verdict`) and
        whether uniqueness techniques are on (with a warning when a puzzle with several
        solutions is explained anyway)."""
        from ..logic.verdict import verdict

        found = verdict(state.cands)
        where = state.item.where if self.many or state.item.source else ""
        prefix = f"{where}: " if where else ""
        if found.status == "multiple" and self.anyway:
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
        on = self.uniqueness if self.uniqueness is not None else found.status == "unique"
        return found, on

    def refuse(self, state: LogicItem, found: Verdict, on: bool) -> int | None:
        """Answer a state that logic should not work on: no solution (saying where the
        contradiction is) or several solutions (two of them and a cell where they
        differ; unless ``--anyway``).  Returns the exit code, or ``None`` to go on."""
        if found.status == "none":
            from ..logic.verdict import contradiction

            where = contradiction(state.cands)
            text = where.text(self.lang) if where is not None else self.words("none")
            if self.as_json:
                data = {**self.head(state, found.status, on), "status": "none",
                        "contradiction": where.text("en") if where is not None else None}
                self.console.out(_json_line(data))
            else:
                self.block([text if where is None else f"{self.words('none')}: {text}"],
                           state)
            return EXIT_NONE
        if found.status == "multiple" and not self.anyway:
            cell = found.cell
            assert cell is not None and found.digits is not None
            from ..logic.step import digit_text

            rules = found.solutions[0].rules
            a, b = (digit_text(d, rules.size) for d in found.digits)
            if self.as_json:
                data = {**self.head(state, found.status, on), "status": "multiple",
                        "solutions": [str(s) for s in found.solutions[:2]],
                        "differ": rules.cell_name(cell)}
                self.console.out(_json_line(data))
            else:
                self.block([self.words("multiple", cell=rules.cell_name(cell), a=a, b=b)],
                           state)
            return EXIT_NONE
        return None

    def start(self, state: LogicItem, disabled: frozenset[str], *,
              max_steps: int | None = None, weigh: bool = False) -> Any:
        """The checked start of a logic command on one state: the exit code when it is
        unreadable or refused (no or several solutions), else ``(run, verdict, on,
        timeout)``: the solver's :class:`~shudu.logic.solver.StepRun` within the time
        limit logic has on it (:func:`~shudu.logic.solver.time_limit`), and whether the
        uniqueness techniques are on."""
        if state.error is not None:
            return self.bad(state)
        from ..errors import UnsupportedRules
        from ..logic.solver import StepRun, refuse_constraints, time_limit

        try:
            refuse_constraints(state.cands.rules)
        except UnsupportedRules as e:
            return self.bad(state, e)
        found, on = self.verdict(state)
        refused = self.refuse(state, found, on)
        if refused is not None:
            return refused
        timeout = time_limit(found, self.timeout, self.anyway)
        steps = StepRun(state.cands, _config(disabled, on), timeout=timeout,
                        max_steps=max_steps, verdict=found, weigh=weigh)
        return steps, found, on, timeout

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
