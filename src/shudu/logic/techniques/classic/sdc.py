"""Sue de Coq (two-sector disjoint subsets) on a line/box intersection.

Take ``k >= 2`` unsolved cells ``C`` where a line meets a box, holding a set ``V`` of at
least ``k + 2`` digits.  Add cells ``L`` from the rest of the line and cells ``B`` from
the rest of the box such that no digit of ``V`` is a candidate in both ``L`` and ``B``.
Every digit is then confined to one house of the pattern (the line for ``C`` and ``L``,
the box for ``C`` and ``B``) and placed there at most once, except a digit outside ``V``
that appears in both ``L`` and ``B`` (the extended form), which may be placed once on
each side.  When the number of cells equals that capacity (``|C| + |L| + |B| = |V| +
|extra digits of L| + |extra digits of B|``) every digit is placed exactly as often as
it can be, so the line digits leave the rest of the line and the box digits leave the
rest of the box.

Sudoku Explainer does not rate Sue de Coq; 5.0 is used here (a two-house subset of the
weight of a naked quad, well below chains).

>>> from shudu import Grid
>>> from shudu.values.candidates import Candidates
>>> masks = [0b111111111] * 81
>>> masks[0], masks[2] = 0b1111, 0b1111      # r1c1, r1c3 {1,2,3,4}
>>> masks[1] = 0b110000000                   # r1c2 {8,9}
>>> masks[5], masks[19] = 0b11, 0b1100       # r1c6 {1,2}, r3c2 {3,4}
>>> c = Candidates.from_masks(Grid.empty().rules, masks)
>>> step = next(s for s in find_sue_de_coq(c) if s.role_cells("intersection") == (0, 2))
>>> step.notation()[:60]
'Sue de Coq: r1c1,r1c3 {1,2,3,4} (r1c6 {1,2}, r3c2 {3,4}) => '
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ....values.candidates import Candidates, Geometry, bits, digits_in
from ...registry import Technique, register
from ...render import house_text, result_text
from ...step import Step, candidates_text, cells_text

__all__ = ["find_sue_de_coq"]


def _subsets(cells: list[int], cm: list[int], limit: int) -> list[tuple[int, int, int]]:
    """``(cell mask, digit mask, size)`` of every non-empty subset up to ``limit`` cells."""
    out: list[tuple[int, int, int]] = []
    stack = [(0, 0, 0, 0)]
    while stack:
        start, size, cmask, dmask = stack.pop()
        for i in range(start, len(cells)):
            nc, nd = cmask | 1 << cells[i], dmask | cm[cells[i]]
            out.append((nc, nd, size + 1))
            if size + 1 < limit:
                stack.append((i + 1, size + 1, nc, nd))
    return out


def find_sue_de_coq(cands: Candidates) -> Iterator[Step]:
    """Intersection cells plus a line set and a box set that lock their digits.

    What a line and a box give depends only on the candidates of their cells, so the
    answer of each line/box pair is remembered by those candidates.

    >>> from shudu import Grid
    >>> list(find_sue_de_coq(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("..8..6.91.6213958.19...8......76281927689"
    ...                   "1435819453726934627158.21985....8.3149.2")
    >>> next(find_sue_de_coq(c)).notation()
    'Sue de Coq: r1c1,r1c2 {3,4,5,7} (r1c4,r1c7 {2,3,5}, r2c1 {4,7}) => r3c3<>7'
    """
    geo = cands.geo
    cm = cands.cell_mask
    dm = cands.digit_mask
    memo = _memo(geo)
    for line, b, cells in _line_boxes(geo):
        key = (line, b, *[cm[c] for c in cells])
        got = memo.get(key)
        if got is None:
            got = tuple(_at(geo, cm, dm, line, b))
            if len(memo) >= _MEMO_LIMIT:
                memo.clear()
            memo[key] = got
        yield from got


_MEMO_LIMIT = 20_000
_TABLES: dict[int, tuple[Any, tuple[tuple[int, int, tuple[int, ...]], ...],
                         dict[tuple[int, ...], tuple[Step, ...]]]] = {}


def _tables(geo: Any) -> tuple[tuple[tuple[int, int, tuple[int, ...]], ...],
                               dict[tuple[int, ...], tuple[Step, ...]]]:
    got = _TABLES.get(id(geo))
    if got is None or got[0] is not geo:
        n = geo.n
        pairs = []
        for line in range(2 * n):
            for b in range(n):
                lm, bm = geo.house_mask[line], geo.house_mask[2 * n + b]
                if (lm & bm).bit_count() >= 2:
                    pairs.append((line, b, tuple(bits(lm | bm))))
        got = _TABLES[id(geo)] = (geo, tuple(pairs), {})
    return got[1], got[2]


def _line_boxes(geo: Any) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """Lines and boxes meeting in two or more cells, with the cells of both."""
    return _tables(geo)[0]


def _memo(geo: Any) -> dict[tuple[int, ...], tuple[Step, ...]]:
    return _tables(geo)[1]


def _at(geo: Any, cm: list[int], dm: list[int], line: int, b: int) -> Iterator[Step]:
    """The Sue de Coqs of one line and one box."""
    n = geo.n
    limit = n if n <= 9 else 4
    box = 2 * n + b
    lmask = bmask = 0
    for c in bits(geo.house_mask[line]):
        if cm[c]:
            lmask |= 1 << c
    for c in bits(geo.house_mask[box]):
        if cm[c]:
            bmask |= 1 << c
    inter = lmask & bmask
    if inter.bit_count() < 2:
        return
    lrest = [c for c in bits(lmask & ~bmask)]
    brest = [c for c in bits(bmask & ~lmask)]
    if not lrest or not brest:
        return
    lsubs = _subsets(lrest, cm, limit)
    bsubs = _subsets(brest, cm, limit)
    for cmask, vmask, k in _subsets(list(bits(inter)), cm, n):
        free = vmask.bit_count() - k
        if k < 2 or free < 2:
            continue
        # absorbed = cells minus extra digits: how many digits of V a set uses up
        lsel = [(c, d, s - (d & ~vmask).bit_count()) for c, d, s in lsubs]
        lsel = [t for t in lsel if 0 < t[2] < free and t[1] & vmask]
        if not lsel:
            continue
        bsel: dict[int, list[tuple[int, int]]] = {}
        for c, d, s in bsubs:
            g = s - (d & ~vmask).bit_count()
            if 0 < g < free and d & vmask:
                bsel.setdefault(g, []).append((c, d))
        for lc, ld, g in lsel:
            for bc, bd in bsel.get(free - g, ()):
                if ld & bd & vmask:
                    continue
                step = _step(geo, dm, line, box, cmask, vmask, lc, ld, bc, bd)
                if step is not None:
                    yield step


def _step(geo: Geometry, dm: list[int], line: int, box: int, cmask: int, vmask: int,
          lc: int, ld: int, bc: int, bd: int) -> Step | None:
    lhouse = geo.house_mask[line]
    bhouse = geo.house_mask[box]
    n = geo.n
    pattern = cmask | lc | bc
    alld = vmask | ld | bd
    line_digits = alld & ~(bd & ~ld)
    box_digits = alld & ~(ld & ~bd)
    elims: list[tuple[int, int]] = []
    for d in bits(alld):
        out = 0
        if line_digits >> d & 1:
            out |= lhouse
        if box_digits >> d & 1:
            out |= bhouse
        for c in bits(out & ~pattern & dm[d]):
            elims.append((c, d + 1))
    if not elims:
        return None
    return Step("sue-de-coq", eliminations=elims, digits=digits_in(alld),
                cells={"intersection": tuple(bits(cmask)), "line-set": tuple(bits(lc)),
                       "box-set": tuple(bits(bc))},
                houses={"line": (line,), "box": (box,)}, size=n,
                extra={"v": digits_in(vmask), "line_set_digits": digits_in(ld),
                       "box_set_digits": digits_in(bd), "line_digits": digits_in(line_digits),
                       "box_digits": digits_in(box_digits)})


# ---------------------------------------------------------------------- words
def _set(step: Step, role: str, digits: tuple[int, ...]) -> str:
    names = ",".join(cells_text([c], step.size) for c in step.role_cells(role))
    return f"{names} {{{','.join(map(str, digits))}}}"


def _dl(ds: tuple[int, ...], lang: str) -> str:
    items = [str(d) for d in ds]
    if lang == "zh":
        return "、".join(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _where(step: Step, lang: str) -> str:
    inter = _set(step, "intersection", step.get("v"))
    line = house_text(step, step.role_houses("line")[0], lang)
    box = house_text(step, step.role_houses("box")[0], lang)
    if lang == "zh":
        return f"看看{line}与{box}的交叉格 {inter}。"
    return f"Look at {inter} where {line} meets {box}."


def _explain(step: Step, lang: str) -> str:
    v = step.get("v")
    inter = _set(step, "intersection", v)
    lset = _set(step, "line-set", step.get("line_set_digits"))
    bset = _set(step, "box-set", step.get("box_set_digits"))
    line = house_text(step, step.role_houses("line")[0], lang)
    box = house_text(step, step.role_houses("box")[0], lang)
    k = len(step.role_cells("intersection"))
    total = k + len(step.role_cells("line-set")) + len(step.role_cells("box-set"))
    ld = _dl(step.get("line_digits"), lang)
    bd = _dl(step.get("box_digits"), lang)
    res = result_text(step, lang)
    if lang == "zh":
        return (f"双区不交子集（Sue de Coq）：{line}与{box}的交叉格 {inter} 有 {len(v)} 个数字、"
                f"只有 {k} 格。{line}中的 {lset} 与{box}中的 {bset} 没有共同的交叉格数字，"
                f"这 {total} 格恰好容纳它们的全部数字，每个数字都被填满：{ld} 锁定在{line}的这些"
                f"格中，{bd} 锁定在{box}的这些格中。因此：{res}。")
    return (f"Sue de Coq: the {k} cells {inter} where {line} meets {box} hold {len(v)} "
            f"digits. {lset} in {line} and {bset} in {box} share no digit of the intersection, "
            f"and these {total} cells together have room for exactly their digits, so each "
            f"digit is placed as often as it can be: {ld} are locked in these cells of {line} "
            f"and {bd} in these cells of {box}. So {res}.")


def _notation(step: Step) -> str:
    inter = _set(step, "intersection", step.get("v"))
    lset = _set(step, "line-set", step.get("line_set_digits"))
    bset = _set(step, "box-set", step.get("box_set_digits"))
    return (f"Sue de Coq: {inter} ({lset}, {bset}) => "
            f"{candidates_text(step.eliminations, step.size)}")


# Sudoku Explainer has no Sue de Coq: rated like a naked quad (5.0), see the module docstring.
register(Technique.of("sue-de-coq", find_sue_de_coq, _where, _explain, _notation,
                      aliases=("sdc", "two-sector disjoint subsets")))
