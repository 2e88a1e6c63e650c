"""Aligned exclusions: Aligned Pair Exclusion and Aligned Triplet Exclusion.

Take two (or three) unsolved *base* cells and the cells with few candidates that see all
of them, the *excluders*.  Each way of filling the base cells with their candidates is a
*combination*; a combination is impossible when it puts one digit twice in a house, or
when it takes every candidate of an excluder (that cell would be left empty).  A
candidate of a base cell that no possible combination uses is false.

The cell sets examined are Sudoku Explainer's (its weights: a pair 6.2, a triplet 7.5):

* a base cell has two candidates or more, sees at least one excluder and no cell with a
  single candidate left;
* an excluder holds two candidates (pair) or two or three (triplet);
* the base cells share at least two excluders;
* a triplet has a cell of at most three candidates that sees another of the three (Sudoku
  Explainer grows a triplet from any two base cells by one excluder of either).

>>> from shudu import Grid
>>> masks = [0b111111111] * 81
>>> masks[0], masks[1] = 0b011, 0b110          # r1c1 {1,2}, r1c2 {2,3}
>>> masks[3], masks[4] = 0b101, 0b110          # r1c4 {1,3}, r1c5 {2,3}
>>> s = next(find_aligned_pair_exclusion(Candidates.from_masks(Grid.empty().rules, masks)))
>>> s.notation()
'Aligned Pair Exclusion: r1c1,r1c2 (r1c4,r1c5) => r1c1<>2, r1c2<>3'
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from itertools import product

from ....values.candidates import Candidates, bits
from ...accel9 import aligned9
from ...registry import Technique, register
from ...render import result_text
from ...step import Step, candidates_text, cells_text, digit_text

__all__ = ["aligned_steps", "find_aligned_pair_exclusion", "find_aligned_triplet_exclusion"]


def _setup(cands: Candidates, degree: int) -> tuple[list[int], list[int]]:
    """The base cells (in cell order) and each cell's excluders (a cell mask)."""
    cm = cands.cell_mask
    values = cands.values
    peer = cands.geo.peer_mask
    count = [m.bit_count() if not values[i] else 0 for i, m in enumerate(cm)]
    single = excl = 0
    for i, k in enumerate(count):
        if k == 1:
            single |= 1 << i
        elif 2 <= k <= degree:
            excl |= 1 << i
    ex = [0] * len(cm)
    base = []
    for i, k in enumerate(count):
        if k >= 2 and not peer[i] & single:
            ex[i] = peer[i] & excl
            if ex[i]:
                base.append(i)
    return base, ex


def _exclude(cands: Candidates, cells: tuple[int, ...], excluders: list[int]
             ) -> tuple[list[int], list[tuple[tuple[int, ...], int]]]:
    """The candidates of each base cell that no allowed combination uses (a digit mask
    per cell), and the impossible combinations that use one of them, each with the
    excluder it empties (-1: a digit twice in a house)."""
    cm = cands.cell_mask
    peer = cands.geo.peer_mask
    masks = [cm[c] for c in cells]
    ems = [cm[e] for e in excluders]
    k = len(cells)
    pairs = [(i, j) for i in range(k) for j in range(i + 1, k) if peer[cells[i]] >> cells[j] & 1]
    allowed = [0] * k
    locked: list[tuple[tuple[int, ...], int]] = []
    for combo in product(*(list(bits(m)) for m in masks)):
        if any(combo[i] == combo[j] for i, j in pairs):
            locked.append((combo, -1))
            continue
        used = 0
        for d in combo:
            used |= 1 << d
        lock = next((e for e, em in zip(excluders, ems) if not em & ~used), None)
        if lock is not None:
            locked.append((combo, lock))
            continue
        for i in range(k):
            allowed[i] |= 1 << combo[i]
    gone = [m & ~a for m, a in zip(masks, allowed)]
    relevant = [(c, e) for c, e in locked if any(gone[i] >> c[i] & 1 for i in range(k))]
    return gone, relevant


def aligned_steps(cands: Candidates, degree: int) -> Iterator[Step]:
    """The aligned exclusions of ``degree`` (2 or 3) base cells, in Sudoku Explainer's
    order of cell sets (pairs by their second cell, then their first; a triplet's third
    cell after them).

    >>> from shudu import Grid
    >>> list(aligned_steps(Candidates.from_grid(Grid.empty()), 3))
    []
    """
    if degree not in (2, 3):
        raise ValueError("degree must be 2 or 3")
    key = "aligned-pair-exclusion" if degree == 2 else "aligned-triplet-exclusion"
    if cands.rules.is_classic9:
        # a placed cell's mask is 0 (Candidates.place)
        for a, b, c, *_ in aligned9(array("H", cands.cell_mask).tobytes(), degree):
            cells: tuple[int, ...] = (a, b) if c < 0 else (a, b, c)
            yield _step(cands, key, cells)
        return
    for cells in _cell_sets(cands, degree):
        step = _step(cands, key, cells)
        if step.eliminations:
            yield step


def _cell_sets(cands: Candidates, degree: int) -> Iterator[tuple[int, ...]]:
    """The base cell sets with two common excluders at least, in the order of
    :func:`aligned_steps`, each once."""
    base, ex = _setup(cands, degree)
    in_base = 0
    for c in base:
        in_base |= 1 << c
    seen: set[tuple[int, ...]] = set()
    for j in range(1, len(base)):
        b = base[j]
        for i in range(j):
            a = base[i]
            common = ex[a] & ex[b]
            if common.bit_count() < 2:
                continue
            if degree == 2:
                yield (a, b)
                continue
            # the third cell: an excluder of a or b that is a base cell itself
            for c in bits((ex[a] | ex[b]) & in_base & ~(1 << a | 1 << b)):
                if (common & ex[c]).bit_count() < 2:
                    continue
                trio = tuple(sorted((a, b, c)))
                if trio not in seen:
                    seen.add(trio)
                    yield trio


def _step(cands: Candidates, key: str, cells: tuple[int, ...]) -> Step:
    """The step of one base cell set (no eliminations when it excludes nothing)."""
    degree = len(cells)
    peer = cands.geo.peer_mask
    cm = cands.cell_mask
    values = cands.values
    common = -1
    for c in cells:
        common &= peer[c]
    excluders = [e for e in bits(common)
                 if not values[e] and 2 <= cm[e].bit_count() <= degree]
    gone, locked = _exclude(cands, cells, excluders)
    elims = [(c, d + 1) for c, g in zip(cells, gone) for d in bits(g)]
    return Step(key, eliminations=elims, digits=sorted({d for _, d in elims}),
                cells={"base": cells, "excluder": tuple(excluders)}, size=cands.geo.n,
                extra={"locked": tuple((tuple(d + 1 for d in combo), e)
                                       for combo, e in locked)})


def find_aligned_pair_exclusion(cands: Candidates) -> Iterator[Step]:
    """Two base cells and the bivalue cells that see both: a candidate of a base cell
    that every combination with the other's candidates rules out is false.

    >>> from shudu import Grid
    >>> list(find_aligned_pair_exclusion(Candidates.from_grid(Grid.empty())))
    []
    """
    return aligned_steps(cands, 2)


def find_aligned_triplet_exclusion(cands: Candidates) -> Iterator[Step]:
    """Three base cells and the cells of two or three candidates that see all three: a
    candidate of a base cell that no combination allows is false.

    >>> from shudu import Grid
    >>> list(find_aligned_triplet_exclusion(Candidates.from_grid(Grid.empty())))
    []
    """
    return aligned_steps(cands, 3)


# ---------------------------------------------------------------------- words
def _c(step: Step, cells: tuple[int, ...] | list[int]) -> str:
    return cells_text(cells, step.size)


def _each(step: Step, cells: tuple[int, ...], lang: str) -> str:
    names = [_c(step, [c]) for c in cells]
    if lang == "zh":
        return "、".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]


def _where(step: Step, lang: str) -> str:
    cells = _each(step, step.role_cells("base"), lang)
    if lang == "zh":
        return f"看看 {cells} 能同时填入哪些数字组合。"
    return f"Look at which digits {cells} can take together."


def _reason(step: Step, combo: tuple[int, ...], cell: int, lang: str) -> str:
    digits = ",".join(digit_text(d, step.size) for d in combo)
    if cell < 0:
        if lang == "zh":
            return f"{digits}（同一区域出现两个相同数字）"
        return f"{digits} (a digit twice in one house)"
    if lang == "zh":
        return f"{digits}（{_c(step, [cell])} 将无数可填）"
    return f"{digits} ({_c(step, [cell])} left empty)"


def _explain(step: Step, lang: str) -> str:
    cells = _each(step, step.role_cells("base"), lang)
    excl = _each(step, step.role_cells("excluder"), lang)
    locked = step.get("locked", ())
    shown = [_reason(step, combo, e, lang) for combo, e in locked[:12]]
    more = len(locked) - len(shown)
    res = result_text(step, lang)
    digits = ", ".join(str(d) for d in step.digits)
    name, zh = step.info.name, step.info.name_zh
    if lang == "zh":
        tail = f"等 {more} 种" if more > 0 else ""
        return (f"{zh}：{cells} 都能看到 {excl}。若它们占去其中某格的全部候选数，该格将无数可填；"
                f"互相可见的两格也不能填同一数字。按 {cells} 的顺序，用到 {digits} 的组合都不可能："
                f"{'；'.join(shown)}{tail}。所以{res}。")
    tail = f" and {more} more" if more > 0 else ""
    every = "both" if len(step.role_cells("base")) == 2 else "all"
    return (f"{name}: {cells} {every} see {excl}. If they took all the candidates of one of "
            f"those cells, it would be left empty; and two of them that see each other cannot "
            f"take the same digit. Filling {cells} in that order, every combination that uses "
            f"{digits} as shown is impossible: {'; '.join(shown)}{tail}. So {res}.")


def _notation(step: Step) -> str:
    n = step.size
    base = ",".join(cells_text([c], n) for c in step.role_cells("base"))
    excl = ",".join(cells_text([c], n) for c in step.role_cells("excluder"))
    return (f"{step.info.name}: {base} ({excl}) => "
            f"{candidates_text(step.eliminations, n)}")


register(Technique.of("aligned-pair-exclusion", find_aligned_pair_exclusion, _where,
                      _explain, _notation, aliases=("ape",)))
register(Technique.of("aligned-triplet-exclusion", find_aligned_triplet_exclusion, _where,
                      _explain, _notation, aliases=("ate",)))
