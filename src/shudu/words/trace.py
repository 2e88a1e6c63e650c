"""Words of the search trace (``shudu trace``): each move of the search and the summary.

>>> event_text("restore", "zh", cell="r4c7", digit=8, state=3)
'恢复状态 3，尝试 r4c7 = 8'
"""

from __future__ import annotations

from typing import Any

__all__ = ["EVENTS", "MEANINGS", "counts_text", "event_text", "meaning_text"]

EVENTS: dict[str, dict[str, str]] = {
    "en": {
        "naked": "naked single: {cell} = {digit} (its only candidate)",
        "hidden": "hidden single: {cell} = {digit} (the only place for {digit} in {house})",
        "guess": "guess {cell} = {digit} ({n} candidates: {digits}, fewest of any cell), "
                 "save state {state}",
        "contradiction-house": "contradiction: digit {digit} has no place in {house}",
        "contradiction": "contradiction: {cell} has no candidate",
        "restore": "restore state {state}, try {cell} = {digit}",
        "exhausted": "state {state} exhausted: no candidate of {cell} works",
        "solution": "solution {state} found",
        "stop-timeout": "stop: out of time",
        "stop": "stop: the log reached its event limit",
    },
    "zh": {
        "naked": "唯一余数：{cell} = {digit}（该格唯一的候选数）",
        "hidden": "隐性唯一：{cell} = {digit}（{digit} 在{house}中唯一的位置）",
        "guess": "猜测 {cell} = {digit}（{n} 个候选数：{digits}，候选数最少的格），"
                 "保存状态 {state}",
        "contradiction-house": "矛盾：数字 {digit} 在{house}中无处可放",
        "contradiction": "矛盾：{cell} 没有候选数",
        "restore": "恢复状态 {state}，尝试 {cell} = {digit}",
        "exhausted": "状态 {state} 已穷尽：{cell} 的候选数都不成立",
        "solution": "找到第 {state} 个解",
        "stop-timeout": "停止：超时",
        "stop": "停止：日志已达事件上限",
    },
}
"""One line per kind of event (``-house``: in a house; ``-timeout``: out of time)."""

MEANINGS: dict[str, dict[str, str]] = {
    "en": {
        "counts": "{nodes} node{s_nodes}, {guesses} guess{es_guesses}, max depth {depth}, "
                  "{solutions} solution{s_solutions}",
        "unique": "one solution: the puzzle is unique",
        "solved": "solved (limit 1: uniqueness not checked)",
        "multiple": "several solutions: e.g. {cell} is {a} in one and {b} in another",
        "none": "no solution: {why}",
        "none-guess": "no solution: every candidate of {cell} leads to a contradiction",
        "timeout": "stopped: out of time before the search ended",
        "max_events": "stopped: the log reached its event limit before the search ended",
    },
    "zh": {
        "counts": "{nodes} 个节点，{guesses} 次猜测，最大深度 {depth}，{solutions} 个解",
        "unique": "唯一解：题目合格",
        "solved": "已解出（上限 1 个解：未检查唯一性）",
        "multiple": "多个解：例如 {cell} 在一个解中是 {a}，在另一个解中是 {b}",
        "none": "无解：{why}",
        "none-guess": "无解：{cell} 的每个候选数都导致矛盾",
        "timeout": "搜索超时，未完成",
        "max_events": "日志达到事件上限，搜索未完成",
    },
}
"""The summary: the counts, then what they mean (by status or stop reason)."""


def _table(table: dict[str, dict[str, str]], lang: str) -> dict[str, str]:
    return table["zh" if lang == "zh" else "en"]


def event_text(kind: str, lang: str = "en", **fields: Any) -> str:
    """One event of the search in words (an unknown kind: the kind itself).

    >>> event_text("guess", cell="r4c7", digit=3, n=2, digits="3 8", state=1)
    'guess r4c7 = 3 (2 candidates: 3 8, fewest of any cell), save state 1'
    """
    template = _table(EVENTS, lang).get(kind)
    return kind if template is None else template.format(**fields)


def counts_text(nodes: int, guesses: int, depth: int, solutions: int, lang: str = "en") -> str:
    """How much the search did.

    >>> counts_text(1, 0, 0, 1), counts_text(5, 2, 1, 2, "zh")
    ('1 node, 0 guesses, max depth 0, 1 solution', '5 个节点，2 次猜测，最大深度 1，2 个解')
    """
    return _table(MEANINGS, lang)["counts"].format(
        nodes=nodes, guesses=guesses, depth=depth, solutions=solutions,
        s_nodes="s" * (nodes != 1), es_guesses="es" * (guesses != 1),
        s_solutions="s" * (solutions != 1))


def meaning_text(what: str, lang: str = "en", **fields: Any) -> str:
    """What the counts mean: ``unique``, ``solved``, ``multiple`` (``cell``, ``a``, ``b``),
    ``none`` (``why``), ``none-guess`` (``cell``), ``timeout``, ``max_events``.

    >>> meaning_text("multiple", cell="r1c1", a=1, b=2)
    'several solutions: e.g. r1c1 is 1 in one and 2 in another'
    """
    return _table(MEANINGS, lang)[what].format(**fields)
