"""Words of a refutation (:mod:`shudu.logic.refute`): why a player's move is wrong, in
English and Chinese.

>>> refute_text("suppose-placed", "en", cell="r3c4", digit="7")
'Suppose r3c4 were 7.'
>>> refute_text("no-place", "zh", house="第5宫", digit="2")
'第5宫中就没有地方放 2 了'
"""

from __future__ import annotations

from typing import Any

__all__ = ["REFUTE", "refute_text"]

REFUTE: dict[str, dict[str, str]] = {
    "en": {
        "suppose-placed": "Suppose {cell} were {digit}.",
        "suppose-removed": "Suppose {digit} were not a candidate of {cell}.",
        "naked": "{cell} = {digit} (naked single)",
        "hidden": "{cell} = {digit} (hidden single in {house})",
        "then": "Then {steps}, and {broken}.",
        "at-once": "Then {broken}.",
        "empty-cell": "{cell} would have no candidate left",
        "no-place": "{house} would have no place for {digit}",
        "clash": "{cell} would have to be {digit}, which is no longer possible there",
        "repeat": "{house} would hold {digit} twice (also in {other})",
        "so-placed": "So {cell} cannot be {digit}.",
        "so-removed": "So {digit} must stay a candidate of {cell}.",
        "none-placed": "The {digit} in {cell} is wrong, but no short chain of simple steps from "
                       "your position shows it. Look again at {cell}, or ask for a hint.",
        "none-removed": "A candidate was removed from {cell} by mistake, but no short chain of "
                        "simple steps from your position shows it. Look again at {cell}.",
        "right": "No mistakes in your position.",
        "more": "… and {n} more",
    },
    "zh": {
        "suppose-placed": "假设 {cell} 是 {digit}。",
        "suppose-removed": "假设 {digit} 不是 {cell} 的候选数。",
        "naked": "{cell} = {digit}（唯一余数）",
        "hidden": "{cell} = {digit}（{house}的隐性唯一）",
        "then": "那么 {steps}，于是{broken}。",
        "at-once": "那么{broken}。",
        "empty-cell": "{cell} 就没有候选数了",
        "no-place": "{house}中就没有地方放 {digit} 了",
        "clash": "{cell} 必须是 {digit}，但 {digit} 已经不能放在那里",
        "repeat": "{house}中就会有两个 {digit}（另一个在 {other}）",
        "so-placed": "所以 {cell} 不能是 {digit}。",
        "so-removed": "所以 {digit} 必须保留为 {cell} 的候选数。",
        "none-placed": "{cell} 的 {digit} 是错的，但从你的局面出发，"
                       "找不到用简单步骤组成的短推理来说明。请再看看 {cell}，或者要一个提示。",
        "none-removed": "{cell} 的一个候选数被误删了，但从你的局面出发，"
                        "找不到用简单步骤组成的短推理来说明。请再看看 {cell}。",
        "right": "你的局面中没有错误。",
        "more": "……另外 {n} 步",
    },
}
"""The sentences of a refutation by key: the assumption (``suppose-*``), the forced steps
(``naked``, ``hidden`` and other techniques by their notation), the contradiction that
ends them (``empty-cell``, ``no-place``, ``clash``, ``repeat``), the conclusion
(``so-*``), and the honest answer when no short refutation was found (``none-*``)."""


def refute_text(key: str, lang: str = "en", **fields: Any) -> str:
    """A sentence of :data:`REFUTE` in a language (``zh`` or English), filled in."""
    return REFUTE["zh" if lang == "zh" else "en"][key].format(**fields)
