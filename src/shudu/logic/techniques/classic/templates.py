"""Templates: every way one digit can still fill the grid, taken together.

A *template* of a digit is a set of cells, one per row, no two seeing each other (so one
per column and box as well), that holds the digit's placed cells and otherwise only
cells where the digit is a candidate: one possible final layout of that digit.  The
solution's layout is one of them, so

* **Template Set**: a cell that is in every template holds the digit;
* **Template Delete**: a candidate that is in no template is false.

As in HoDoKu, a template of one digit only counts when every other digit still has a
template that leaves its cells free (two digits never share a cell).

>>> from shudu import Grid
>>> c = Candidates.from_grid(Grid(
...     "9.471.8......2..59.6............3..87.6.9.5.23..2............4.49..8......7.369.1"))
>>> [s.notation() for s in find_template_delete(c)][-1]
'Template Delete: 9 => r3c4<>9, r4c3<>9, r6c8<>9, r7c6<>9'
"""

from __future__ import annotations

from collections.abc import Iterator

from ....values.candidates import Candidates, bits, state_memo
from ...registry import Technique, register
from ...render import result_text
from ...step import Step, candidates_text, placements_text

__all__ = ["find_template_delete", "find_template_set", "templates"]

MAX_TEMPLATES = 50000
"""Templates listed per digit at most (a classic grid has 46,656 for an empty digit)."""


def templates(cands: Candidates, digit: int) -> list[int]:
    """Every template of ``digit`` (1-based) in the state, as cell bitboards.

    >>> from shudu import Grid, Rules
    >>> len(templates(Candidates.from_grid(Grid.empty(Rules(4))), 1))
    16
    """
    geo = cands.geo
    n = geo.n
    d = digit - 1
    placed = sum(1 << c for c, v in enumerate(cands.values) if v == digit)
    allowed = cands.digit_mask[d] | placed
    rows = sorted((geo.row_mask[r] & allowed for r in range(n)), key=int.bit_count)
    peer = geo.peer_mask
    out: list[int] = []

    def go(i: int, chosen: int, blocked: int) -> None:
        if len(out) >= MAX_TEMPLATES:
            return
        if i == n:
            out.append(chosen)
            return
        for r in range(i + 1, n):
            if not rows[r] & ~blocked:
                return
        for c in bits(rows[i] & ~blocked):
            go(i + 1, chosen | 1 << c, blocked | peer[c] | 1 << c)

    go(0, 0, 0)
    return out


def _valid_templates(cands: Candidates) -> list[list[int]] | None:
    """The templates of each digit (index ``digit - 1``) that every other digit can live
    beside; None when a digit has too many to list."""
    n = cands.geo.n
    per = [templates(cands, d + 1) for d in range(n)]
    if any(len(t) >= MAX_TEMPLATES for t in per):
        return None
    full = cands.geo.all_cells
    forced = [full] * n   # the cells every template of a digit holds
    for d, temps in enumerate(per):
        for t in temps:
            forced[d] &= t
    removed = True
    while removed:
        removed = False
        for d in range(n):
            others = 0
            for e in range(n):
                if e != d:
                    others |= forced[e]
            keep = [t for t in per[d] if not t & others]
            removed |= len(keep) != len(per[d])
            per[d] = keep
            forced[d] = full
            for t in keep:
                forced[d] &= t
    return per


def _cached(cands: Candidates) -> list[list[int]] | None:
    return state_memo(cands, "templates", _valid_templates)


def _step(key: str, cands: Candidates, digit: int, placements: list[int],
          eliminations: list[int], count: int) -> Step:
    return Step(key, placements=((c, digit) for c in placements),
                eliminations=((c, digit) for c in eliminations), digits=(digit,),
                cells={"cell": tuple(placements or eliminations)},
                size=cands.geo.n, extra={"templates": count})


def find_template_set(cands: Candidates) -> Iterator[Step]:
    """Per digit, the unsolved cells that lie in every template of the digit.

    >>> from shudu import Grid
    >>> c = Candidates.from_grid(Grid(
    ...     "....7..1.......673..8..5......51..461..7.6..926..94......8..7..712.......4..2...."))
    >>> [s.notation() for s in find_template_set(c)][-1]
    'Template Set: 9 => r4c1=9'
    """
    per = _cached(cands)
    if per is None:
        return
    for d, temps in enumerate(per):
        if not temps:
            continue
        common = cands.geo.all_cells
        for t in temps:
            common &= t
        cells = [c for c in bits(common) if not cands.values[c]]
        if cells:
            yield _step("template-set", cands, d + 1, cells, [], len(temps))


def find_template_delete(cands: Candidates) -> Iterator[Step]:
    """Per digit, the candidates that lie in no template of the digit.

    >>> from shudu import Grid
    >>> c = Candidates.from_grid(Grid(
    ...     "9.471.8......2..59.6............3..87.6.9.5.23..2............4.49..8......7.369.1"))
    >>> [s.notation() for s in find_template_delete(c)][-1]
    'Template Delete: 9 => r3c4<>9, r4c3<>9, r6c8<>9, r7c6<>9'
    """
    per = _cached(cands)
    if per is None:
        return
    for d, temps in enumerate(per):
        union = 0
        for t in temps:
            union |= t
        cells = list(bits(cands.digit_mask[d] & ~union))
        if cells and temps:
            yield _step("template-delete", cands, d + 1, [], cells, len(temps))


# ---------------------------------------------------------------------- words
def _where(step: Step, lang: str) -> str:
    d = step.digits[0]
    if lang == "zh":
        return f"列出数字 {d} 在整个盘面上所有可能的最终分布（模板）。"
    return f"List every way digit {d} can still fill the whole grid (its templates)."


def _explain(step: Step, lang: str) -> str:
    d = step.digits[0]
    count = step.get("templates")
    res = result_text(step, lang)
    if step.placements:
        if lang == "zh":
            return (f"模板填数：数字 {d} 每行放一个、互不相见，并与其他数字的模板相容的分布只剩 "
                    f"{count} 种；这些格子在每一种分布中都是 {d}，所以{res}。")
        return (f"Template Set on {d}: only {count} layouts of {d} remain (one per row, none "
                f"seeing another, each leaving room for every other digit); these cells are "
                f"{d} in all of them, so {res}.")
    if lang == "zh":
        return (f"模板删数：数字 {d} 每行放一个、互不相见，并与其他数字的模板相容的分布只剩 "
                f"{count} 种；这些候选数不在任何一种分布中，所以{res}。")
    return (f"Template Delete on {d}: only {count} layouts of {d} remain (one per row, none "
            f"seeing another, each leaving room for every other digit); these candidates are "
            f"in none of them, so {res}.")


def _notation(step: Step) -> str:
    n = step.size
    if step.placements:
        return f"{step.info.name}: {step.digits[0]} => {placements_text(step)}"
    return f"{step.info.name}: {step.digits[0]} => {candidates_text(step.eliminations, n)}"


register(Technique.of("template-set", find_template_set, _where, _explain, _notation))
register(Technique.of("template-delete", find_template_delete, _where, _explain, _notation))
