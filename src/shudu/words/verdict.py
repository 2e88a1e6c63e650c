"""Words of a puzzle with no solution: where singles from the givens break it
(:class:`shudu.logic.verdict.Contradiction`).

>>> broken_where("house", "r1c1", "box 3", 5, "en"), broken_where("house", "", "第3宫", 5, "zh")
('digit 5 in box 3', '第3宫的数字 5')
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["SINGLES", "broken_where", "contradiction_text"]

SINGLES = {
    "en": {"naked": "naked single", "hidden": "hidden single"},
    "zh": {"naked": "唯一余数", "hidden": "隐性唯一"},
}
"""The forced placements that lead to a contradiction, by how they were found."""


def broken_where(kind: str, cell: str, house: str, digit: int | None, lang: str) -> str:
    """The failing cell (``kind="cell"``: its name) or house (its name, with the digit).

    >>> broken_where("cell", "r1c9", "", None, "en")
    'r1c9'
    """
    if kind == "cell":
        return cell
    return f"{house}的数字 {digit}" if lang == "zh" else f"digit {digit} in {house}"


def contradiction_text(kind: str, cell: str, house: str, digit: int | None,
                       forced: Sequence[tuple[str, int, str]], lang: str) -> str:
    """One sentence saying where the puzzle breaks (a cell without candidates or a digit
    without place in a house) and after which forced placements ``(cell name, digit,
    how)``.

    >>> contradiction_text("cell", "r1c9", "", None, (), "zh")
    'r1c9 没有候选数了：已知数排除了所有数字。'
    >>> contradiction_text("house", "", "row 1", 3, [("r1c1", 2, "naked")], "en")
    'after the forced placement r1c1=2 (naked single), digit 3 has no place left in row 1.'
    """
    zh = lang == "zh"
    if kind == "cell":
        broken = f"{cell} 没有候选数了" if zh else f"{cell} has no candidate left"
    else:
        broken = (f"数字 {digit} 在{house}中无处可放" if zh
                  else f"digit {digit} has no place left in {house}")
    if not forced:
        if zh:
            return f"{broken}：已知数排除了所有{'数字' if kind == 'cell' else '位置'}。"
        what = "digit" if kind == "cell" else "cell"
        return f"{broken}: the givens rule out every {what}."
    names = SINGLES["zh" if zh else "en"]
    if zh:
        done = "、".join(f"{c}={d}（{names[how]}）" for c, d, how in forced)
        return f"依次填入必然的唯一数 {done} 之后，{broken}。"
    done = ", ".join(f"{c}={d} ({names[how]})" for c, d, how in forced)
    s = "" if len(forced) == 1 else "s"
    return f"after the forced placement{s} {done}, {broken}."
