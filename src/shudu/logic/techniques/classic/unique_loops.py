"""Unique Loops: the deadly pattern of a Unique Rectangle, stretched to 6, 8, 10... cells.

A *unique loop* on digits ``a/b`` is a closed chain of cells, each holding ``a`` and
``b``, each sharing a house with the next, such that every house it touches holds
exactly two of its cells, one at an even and one at an odd place of the loop.  If every
cell of the loop held only ``a`` or ``b``, they would alternate around it and could all
swap (``a`` for ``b``): two solutions.  In a unique puzzle some cell of the loop must
therefore take another digit; as for rectangles, this gives four types:

* type 1: one cell has extra digits: it cannot be ``a`` or ``b``;
* type 2: the cells with extras all have the same one extra digit ``x``: one of them is
  ``x``, so any cell seeing all of them is not ``x``;
* type 3: two cells of a house have extras: together they act as one cell holding their
  extras, which forms a naked set with other cells of the house (or, as one cell holding
  ``a`` or ``b``, a hidden set);
* type 4: two cells of a house have extras and ``a`` is nowhere else in the house: one
  of them is ``a``, so neither can be ``b``.

Loops of four cells are the Unique Rectangles of :mod:`.uniqueness`; these finders give
the longer loops only (and the hidden-set form of Unique Rectangle type 3, which
:mod:`.uniqueness` lacks).  They follow Sudoku Explainer's search (:func:`_search`): a
loop starts from a cell with exactly ``a/b`` and has at most two cells with extra
digits unless those all have the same single extra digit, counted as SE counts them.
On a classic 9x9 grid that search runs in C (``csrc/logic/uloop9.c``), with the same
loops in the same order.
SE weighs a loop 4.5, +0.1 for 6 cells, +0.2 for 8, +0.5 from 10; type 3 adds 0.1 per
digit of the set beyond one (naked) or per cell of the hidden set beyond the pair's.

>>> from shudu import Grid
>>> from shudu.values.candidates import Candidates
>>> list(find_unique_loop_type1(Candidates.from_grid(Grid.empty())))
[]
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator
from functools import lru_cache
from itertools import combinations

from ....values.candidates import Candidates, Geometry, bits, digits_in, first_bit, state_memo
from ...accel9 import uloop9
from ...registry import Technique, register
from ...render import house_text, result_text
from ...step import Step, candidates_text, cells_text
from .uniqueness import _houses_only, _shared_houses, _swappable

__all__ = [
    "find_unique_loop_type1",
    "find_unique_loop_type2",
    "find_unique_loop_type3",
    "find_unique_loop_type4",
    "find_ur_type3_hidden",
    "loop_weight",
    "unique_loops",
]

KEYS = ("unique-loop-type-1", "unique-loop-type-2", "unique-loop-type-3",
        "unique-loop-type-4")
"""The unique loop techniques (``ur-type-3-hidden``, on rectangles, is registered too)."""


@lru_cache(maxsize=32)
def _house_bits(geo: Geometry) -> tuple[int, ...]:
    """For each cell, the bitmask of the houses it lies in."""
    out = []
    for hs in geo.cell_houses:
        m = 0
        for h in hs:
            m |= 1 << h
        out.append(m)
    return tuple(out)


# A loop: (a, b) 0-based digits and its cells in loop order.
_Loop = tuple[int, int, tuple[int, ...]]


def unique_loops(cands: Candidates) -> list[_Loop]:
    """Every unique loop of six or more cells in a state (computed once per state).

    Each comes as ``(a, b, cells)``: 0-based digits and the cells in loop order, the
    first one a cell holding exactly ``a/b``.

    >>> from shudu import Grid
    >>> unique_loops(Candidates.from_grid(Grid.empty()))
    []
    """
    return state_memo(cands, "unique-loops", _find_loops)


@lru_cache(maxsize=32)
def _se_houses(geo: Geometry) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each cell, its houses as (kind, mask) in the order SE visits them: box, row,
    column, then any other house (each of its own kind)."""
    n = geo.n
    rank = {2: 0, 0: 1, 1: 2}
    out = []
    for hs in geo.cell_houses:
        ordered = sorted(hs, key=lambda h: (rank.get(h // n, 3) if h < 3 * n else 3, h))
        out.append(tuple((h // n if h < 3 * n else h, geo.house_mask[h]) for h in ordered))
    return tuple(out)


def _find_loops(cands: Candidates) -> list[_Loop]:
    """The loops of :func:`unique_loops`: on a classic 9x9 grid by the C search
    (``csrc/logic/uloop9.c``, the same loops in the same order), else by
    :func:`_find_loops_py`."""
    if cands.rules.is_classic9:
        # a placed cell's mask is 0 (Candidates.place)
        return uloop9(array("H", cands.cell_mask).tobytes())
    return _find_loops_py(cands)


def _find_loops_py(cands: Candidates) -> list[_Loop]:
    """The loops of :func:`unique_loops` in Python, on any grid: by pair of digits
    (ascending as a mask), loops from a pair only when the quick search
    :func:`_has_loop` finds one, then in the order of SE's search (:func:`_search`)."""
    geo = cands.geo
    if not _houses_only(geo):
        return []
    cm = cands.cell_mask
    dm = cands.digit_mask
    order = _se_houses(geo)
    peers = geo.peer_mask
    hb = _house_bits(geo)
    houses = geo.house_mask
    found: list[_Loop] = []
    pairs: dict[int, int] = {}   # digits a/b (mask) -> cells holding exactly a/b
    light = 0                     # cells with two or three candidates
    for c, m in enumerate(cm):
        k = m.bit_count()
        if k == 2:
            pairs[m] = pairs.get(m, 0) | 1 << c
            light |= 1 << c
        elif k == 3:
            light |= 1 << c
    for ab in sorted(pairs):
        a = first_bit(ab)
        b = first_bit(ab ^ 1 << a)
        pool = dm[a] & dm[b]
        # a loop has at most two cells with extra digits (so four with exactly a/b) or
        # all its cells hold a/b and maybe one same extra digit
        if (pool & pairs[ab]).bit_count() < 4 and (pool & light).bit_count() < 6:
            continue
        viable = _viable(pool, houses)
        biv = pairs[ab] & viable
        if not biv or (biv.bit_count() < 4 and (viable & light).bit_count() < 6):
            continue
        # most states have no loop at all: a quick search without SE's count of extras
        # (which only takes loops away) tells, from the first bivalue cell of each loop
        if not any(_has_loop(cm, peers, hb, ab, s, viable & ~(biv & ((1 << s) - 1)))
                   for s in bits(biv)):
            continue
        seen: set[int] = set()
        for s in bits(biv):
            _search(cm, order, hb, a, b, s, pool, viable, seen, found)
    return found


def _has_loop(cm: list[int], peers: tuple[int, ...] | list[int], hb: tuple[int, ...],
              ab: int, s: int, allowed: int) -> bool:
    """Whether some unique loop of six or more cells of ``allowed`` passes through ``s``,
    with at most two cells with extra digits unless those all have one same extra digit
    (the extras counted on the loop's cells only)."""
    start_peers = peers[s]

    def step(cur: int, length: int, used: int, even: int, odd: int, nex: int,
             exd: int) -> bool:
        parity_odd = length & 1
        closed = odd if parity_odd else even
        todo = peers[cur] & allowed & ~used
        while todo:
            low = todo & -todo
            todo ^= low
            nxt = low.bit_length() - 1
            h = hb[nxt]
            if h & closed:
                continue
            extra = cm[nxt] & ~ab
            nex2, exd2 = nex, exd
            if extra:
                exd2 = exd | extra
                nex2 = nex + 1
                if nex2 > 2 and exd2 & (exd2 - 1):
                    continue
            if parity_odd:
                odd2, even2 = odd | h, even
            else:
                odd2, even2 = odd, even | h
            if even2 == odd2:
                if parity_odd and length >= 5 and start_peers >> nxt & 1:
                    return True
            elif step(nxt, length + 1, used | low, even2, odd2, nex2, exd2):
                return True
        return False

    return step(s, 1, 1 << s, hb[s], 0, 0, 0)


def _viable(cells: int, houses: tuple[int, ...] | list[int]) -> int:
    """The cells that may lie on a loop: a loop cell has another loop cell in each of its
    houses, so a cell alone in a house among ``cells`` is dropped (until none is)."""
    changed = True
    while changed and cells:
        changed = False
        for hm in houses:
            m = cells & hm
            if m and not m & (m - 1):
                cells &= ~m
                changed = True
    return cells


def _search(cm: list[int], order: tuple[tuple[tuple[int, int], ...], ...],
            hb: tuple[int, ...], a: int, b: int, s: int, pool: int, viable: int,
            seen: set[int], found: list[_Loop]) -> None:
    """SE's depth-first search of the loops from the bivalue cell ``s`` through the cells
    of ``pool`` (those holding ``a`` and ``b``), each new one added to ``found``.

    As in SE, the next cell is looked for in the current cell's houses (box, row,
    column, not of the kind of the last link), and the extra digits of every cell looked
    at so far from a cell of the path count against the next cells with extras: a third
    cell with extras is taken only while those digits are one.  Only ``viable`` cells
    that keep every house of the path to one cell of each parity are followed (no other
    can close a valid loop)."""
    path = [s]
    ab = 1 << a | 1 << b

    def step(cur: int, used: int, even: int, odd: int, allowed_ex: int, exv: int,
             last: int) -> None:
        length = len(path)
        parity_odd = length & 1
        closed = odd if parity_odd else even
        for kind, hm in order[cur]:
            if kind == last:
                continue
            todo = hm & pool
            while todo:
                low = todo & -todo
                todo ^= low
                nxt = low.bit_length() - 1
                if nxt == s:
                    if length >= 6 and even == odd and used not in seen:
                        seen.add(used)
                        found.append((a, b, tuple(path)))
                    continue
                if used & low:
                    continue
                m = cm[nxt]
                exv |= m & ~ab
                wide = m != ab
                if wide and exv & (exv - 1) and allowed_ex <= 0:
                    continue
                h = hb[nxt]
                if not viable & low or h & closed:
                    continue
                if parity_odd:
                    odd2, even2 = odd | h, even
                else:
                    odd2, even2 = odd, even | h
                path.append(nxt)
                step(nxt, used | low, even2, odd2, allowed_ex - wide, exv, kind)
                path.pop()

    step(s, 1 << s, hb[s], 0, 2, 0, -1)


def loop_weight(size: int) -> float:
    """SE's weight of a unique loop of ``size`` cells (before a type 3 set's bonus).

    >>> [loop_weight(k) for k in (4, 6, 8, 10, 14)]
    [4.5, 4.6, 4.7, 5.0, 5.0]
    """
    w = 4.5
    if size >= 10:
        w += 0.3
    if size >= 8:
        w += 0.2
    elif size >= 6:
        w += 0.1
    return round(w, 1)


def _weigh(step: Step, base: float) -> float:
    w = loop_weight(len(step.role_cells("loop")))
    locked = step.get("locked")
    if isinstance(locked, str) and locked:
        w += (len(locked) - (2 if step.get("hidden") else 1)) * 0.1
    return round(w, 1)


def _extras(cm: list[int], ab: int, loop: tuple[int, ...]) -> list[int]:
    return [c for c in loop if cm[c] & ~ab]


def _with_extras(cands: Candidates, count: Callable[[int], bool],
                 ) -> Iterator[tuple[_Loop, int, list[int]]]:
    """Each unique loop whose number of cells with extra digits ``count`` accepts, with
    the mask of its two digits and those cells."""
    cm = cands.cell_mask
    for loop in unique_loops(cands):
        a, b, cells = loop
        ab = 1 << a | 1 << b
        extras = _extras(cm, ab, cells)
        if count(len(extras)):
            yield loop, ab, extras


def _loop_step(key: str, loop: _Loop, elims: object, **kw: object) -> Step:
    a, b, cells = loop
    more = kw.pop("cells", {})
    return Step(key, eliminations=elims, digits=(a + 1, b + 1),  # type: ignore[arg-type]
                cells={"loop": cells, **more},  # type: ignore[dict-item]
                **kw)  # type: ignore[arg-type]


def find_unique_loop_type1(cands: Candidates) -> Iterator[Step]:
    """One cell of a unique loop has extra digits: it cannot be ``a`` or ``b``.

    >>> from shudu import Grid
    >>> list(find_unique_loop_type1(Candidates.from_grid(Grid.empty())))
    []

    On the walk of a puzzle SE rates with it:

    >>> from shudu.logic.weighed import Walk
    >>> walk = Walk.of("...2.6....2..8..61...41.5.8.6...3...5...."
    ...                "..9..94.....7..1.....2..8.6....2..85.1..", keep_steps=True)
    >>> next(s.step.notation() for s in walk if s.technique == "unique-loop-type-1")
    'Unique Loop Type 1: 1/8 in r1c12,r5c26,r6c16 => r6c1<>1, r6c1<>8'
    """
    n = cands.geo.n
    for loop, _, extras in _with_extras(cands, lambda k: k == 1):
        a, b, _ = loop
        (cell,) = extras
        yield _loop_step("unique-loop-type-1", loop, [(cell, a + 1), (cell, b + 1)],
                         cells={"extra": (cell,)}, size=n)


def find_unique_loop_type2(cands: Candidates) -> Iterator[Step]:
    """The cells of a unique loop with extra digits all have the same one extra digit
    ``x``: one of them is ``x``, so no cell that sees all of them can be ``x``.

    >>> from shudu import Grid
    >>> list(find_unique_loop_type2(Candidates.from_grid(Grid.empty())))
    []

    On the walk of a puzzle SE rates with it:

    >>> from shudu.logic.weighed import Walk
    >>> walk = Walk.of("......6..5..2.......79...8....18.2...2..9"
    ...                "..4.965....7.6.....7..1..54..9....6..158", keep_steps=True)
    >>> next(s.step.notation() for s in walk if s.technique == "unique-loop-type-2")
    'Unique Loop Type 2: 3/4 in r1c13,r4c23,r9c12 => r1c2<>9, r7c3<>9, r9c3<>9'
    """
    geo = cands.geo
    cm = cands.cell_mask
    for loop, ab, extras in _with_extras(cands, lambda k: k >= 2):
        union = 0
        for c in extras:
            union |= cm[c] & ~ab
        if union.bit_count() != 1:
            continue
        x = first_bit(union)
        elim = geo.common_peers(extras) & cands.digit_mask[x]
        if elim:
            yield _loop_step("unique-loop-type-2", loop, [(c, x + 1) for c in bits(elim)],
                             cells={"extra": tuple(extras)}, size=geo.n, extra={"x": x + 1})


def find_unique_loop_type3(cands: Candidates) -> Iterator[Step]:
    """Two cells of a house in a unique loop have extra digits: one of them takes one,
    so the pair acts as one cell holding their extras (a naked set with other cells of
    the house) or as one cell holding ``a`` or ``b`` (a hidden set with other cells).

    >>> from shudu import Grid
    >>> list(find_unique_loop_type3(Candidates.from_grid(Grid.empty())))
    []

    On the walk of a puzzle SE rates with it:

    >>> from shudu.logic.weighed import Walk
    >>> walk = Walk.of("...7........6..7.4....93..8.4....356635.."
    ...                ".8.7.1......9.........2..549...5.1.7..8.", keep_steps=True)
    >>> next(s.step.notation() for s in walk if s.technique == "unique-loop-type-3")
    'Unique Loop Type 3: 1/8 in r1c56,r4c45,r7c46 => r1c28<>2, r1c27<>5'
    """
    cm = cands.cell_mask
    for loop in unique_loops(cands):
        a, b, cells = loop
        extras = _extras(cm, 1 << a | 1 << b, cells)
        if len(extras) == 2:
            for elims, more in _type3(cands, a, b, extras[0], extras[1], naked=True):
                yield _loop_step("unique-loop-type-3", loop, elims, **more)


def find_ur_type3_hidden(cands: Candidates) -> Iterator[Step]:
    """Unique Rectangle type 3 with a hidden set: two side-by-side roof cells, one of
    which takes an extra digit, so in their house they act as one cell holding ``a`` or
    ``b``; with other cells they may hold all places of a set of digits, whose cells
    lose their other candidates.  (The naked form is ``ur-type-3``.)

    >>> from shudu import Grid
    >>> list(find_ur_type3_hidden(Candidates.from_grid(Grid.empty())))
    []

    On the walk of a puzzle SE rates with it:

    >>> from shudu.logic.weighed import Walk
    >>> walk = Walk.of("712........3.5.76....8......6..243....7.."
    ...                "..5..8....2....5...6...3.1.8....2.....34", keep_steps=True)
    >>> next(s.step.notation() for s in walk if s.technique == "ur-type-3-hidden")
    'Uniqueness Test 3 (Hidden Set): 3/6 in r15c46 => r1c5<>4'
    """
    for a, b, loop, roofs in _roofed_rectangles(cands):
        for elims, more in _type3(cands, a, b, roofs[0], roofs[1], naked=False):
            yield _loop_step("ur-type-3-hidden", (a, b, loop), elims, **more)


def _roofed_rectangles(cands: Candidates) -> Iterator[tuple[int, int, tuple[int, ...],
                                                            tuple[int, int]]]:
    """Rectangles with two side-by-side floor cells holding exactly ``a/b`` and two roof
    cells holding ``a``, ``b`` and more: ``(a, b, corners in loop order, roofs)``."""
    geo = cands.geo
    if not _houses_only(geo):
        return
    cm = cands.cell_mask
    dm = cands.digit_mask
    n = geo.n
    by_pair: dict[int, list[int]] = {}
    for c, m in enumerate(cm):
        if m.bit_count() == 2:
            by_pair.setdefault(m, []).append(c)
    for ab, floors in by_pair.items():
        if len(floors) < 2:
            continue
        a = first_bit(ab)
        b = first_bit(ab ^ 1 << a)
        both = dm[a] & dm[b]
        for p, q in combinations(floors, 2):
            rp, cp, rq, cq = geo.row_of[p], geo.col_of[p], geo.row_of[q], geo.col_of[q]
            if rp == rq:
                pairs = [(k * n + cp, k * n + cq) for k in range(n) if k != rp]
            elif cp == cq:
                pairs = [(rp * n + k, rq * n + k) for k in range(n) if k != cp]
            else:
                continue
            for u, w in pairs:   # u beside p, w beside q
                if not (both >> u & 1 and both >> w & 1) or cm[u] == ab or cm[w] == ab:
                    continue
                c0, c1, c2, c3 = sorted((p, q, u, w))
                if _swappable(geo, (c0, c1, c2, c3)):
                    yield a, b, (p, q, w, u), (u, w)


def _type3(cands: Candidates, a: int, b: int, c1: int, c2: int,
           naked: bool) -> Iterator[tuple[list[tuple[int, int]], dict[str, object]]]:
    """The naked (and hidden) sets of type 3 as SE finds them, for the two cells with
    extras ``c1`` and ``c2`` of a loop on ``a/b``: (eliminations, step fields) each."""
    geo = cands.geo
    cm = cands.cell_mask
    dm = cands.digit_mask
    ab = 1 << a | 1 << b
    extra = (cm[c1] | cm[c2]) & ~ab
    if extra.bit_count() < 2:
        return
    common_extra = extra & cm[c1] & cm[c2]
    pair = 1 << c1 | 1 << c2
    top = extra.bit_count()
    # per shared house: its mask, open cells, other open cells, each digit's places
    # outside c2 (for the hidden sets), the digits that are neither a, b nor extras
    houses = []
    for h in _shared_houses(geo, c1, c2):
        hm = geo.house_mask[h]
        open_cells = [c for c in bits(hm) if cm[c]]
        others = [c for c in open_cells if not pair >> c & 1 and cm[c].bit_count() >= 2]
        places = [dm[d] & hm & ~(1 << c2) for d in range(geo.n)]
        rest = [d for d in range(geo.n) if not (ab | extra) >> d & 1 and places[d]]
        houses.append((h, hm, len(open_cells), others, places, rest))
    for degree in range(top, 8):
        for h, hm, n_open, others, places, rest in houses:
            if naked and degree * 2 <= n_open:
                for subset in combinations(others, degree - 1):
                    union = 0
                    for c in subset:
                        union |= cm[c]
                    if ((common_extra | union).bit_count() != degree
                            or (extra | union).bit_count() != degree):
                        continue
                    locked = extra | union
                    smask = pair
                    for c in subset:
                        smask |= 1 << c
                    elims = [(c, d + 1) for c in bits(hm & ~smask)
                             for d in bits(cm[c] & locked)]
                    if elims:
                        yield elims, {
                            "cells": {"extra": (c1, c2), "subset": subset},
                            "houses": {"house": (h,)}, "size": geo.n,
                            "extra": {"locked": "".join(map(str, digits_in(locked)))}}
            if degree * 2 < n_open and len(rest) >= degree - 2:
                base = places[a] | places[b]
                if not places[a] or not places[b] or base.bit_count() > degree:
                    continue
                for more in combinations(rest, degree - 2):
                    where = base
                    for d in more:
                        where |= places[d]
                    if where.bit_count() != degree:
                        continue
                    hidden = ab
                    for d in more:
                        hidden |= 1 << d
                    inside = where & ~pair
                    elims = [(c, d + 1) for c in bits(inside) for d in bits(cm[c] & ~hidden)]
                    if elims:
                        yield elims, {
                            "cells": {"extra": (c1, c2), "subset": tuple(bits(inside))},
                            "houses": {"house": (h,)}, "size": geo.n,
                            "extra": {"locked": "".join(map(str, digits_in(hidden))),
                                      "hidden": True}}


def find_unique_loop_type4(cands: Candidates) -> Iterator[Step]:
    """Two cells of a house in a unique loop have extra digits and hold all of ``a`` in
    the house: one of them is ``a``, so neither can be ``b``.

    >>> from shudu import Grid
    >>> list(find_unique_loop_type4(Candidates.from_grid(Grid.empty())))
    []

    On the walk of a puzzle SE rates with it:

    >>> from shudu.logic.weighed import Walk
    >>> walk = Walk.of("..61...7.4.......6....7.31...9..2....5..8"
    ...                "..4....5..7...12.4....6.......4.3...59..", keep_steps=True)
    >>> next(s.step.notation() for s in walk if s.technique == "unique-loop-type-4")
    'Unique Loop Type 4: 4/6 in r3c46,r4c24,r6c26 => r4c4<>6, r6c6<>6'
    """
    geo = cands.geo
    dm = cands.digit_mask
    for loop, _, extras in _with_extras(cands, lambda k: k == 2):
        a, b, _ = loop
        c1, c2 = extras
        pair = 1 << c1 | 1 << c2
        lock_a = lock_b = -1
        for h in _shared_houses(geo, c1, c2):
            rest = geo.house_mask[h] & ~pair
            if not dm[a] & rest:
                lock_a = h
            if not dm[b] & rest:
                lock_b = h
        if lock_a >= 0:
            house, u, v = lock_a, a, b
        elif lock_b >= 0:
            house, u, v = lock_b, b, a
        else:
            continue
        yield _loop_step("unique-loop-type-4", loop, [(c1, v + 1), (c2, v + 1)],
                         cells={"extra": (c1, c2)}, houses={"house": (house,)}, size=geo.n,
                         extra={"locked": u + 1})


# ---------------------------------------------------------------------- words
def _c(step: Step, cells: tuple[int, ...]) -> str:
    return cells_text(cells, step.size)


def _where(step: Step, lang: str) -> str:
    a, b = step.digits[:2]
    loop = _c(step, step.role_cells("loop"))
    if lang == "zh":
        return f"看看由 {loop} 组成的 {a}/{b} 环。"
    return f"Look at the {a}/{b} loop {loop}."


_WHY = {
    "unique-loop-type-1": (
        "{extra} is the only cell with other candidates; if it were {a} or {b}, the loop "
        "would be a deadly pattern",
        "{extra} 是环上唯一有其他候选数的格子；如果它是 {a} 或 {b}，整个环会构成致命模式"),
    "unique-loop-type-2": (
        "{extra} are the only cells with more candidates, and their only extra digit is "
        "{x}; one of them must be {x}, so any cell that sees all of them cannot be {x}",
        "只有 {extra} 有额外候选数且都只多一个 {x}，其中一个必为 {x}，"
        "看到它们全部的格子不能是 {x}"),
    "hidden": (
        "one of {extra} must hold an extra digit, so in {house} at most one of them is {a} "
        "or {b}; with {subset} they hold every place of the digits {locked}, so {subset} "
        "can hold no other digit",
        "{extra} 中必有一格取额外数字，所以在{house}中它们至多一格是 {a} 或 {b}；"
        "与 {subset} 一起占据数字 {locked} 的全部位置，{subset} 不能再有其他数字"),
    "unique-loop-type-3": (
        "one of {extra} must hold an extra digit, so together with {subset} in {house} "
        "they lock the digits {locked}",
        "{extra} 中必有一格取额外数字，与{house}中的 {subset} 一起锁定数字 {locked}"),
    "unique-loop-type-4": (
        "in {house}, {locked} can only go in {extra}, so one of them is {locked}; if the "
        "other were {other}, the loop would be deadly, so neither can be {other}",
        "在{house}中 {locked} 只能在 {extra}，其中一格必为 {locked}；"
        "另一格若为 {other} 就成致命模式，所以两格都不能是 {other}"),
}


def _explain(step: Step, lang: str) -> str:
    a, b = step.digits[:2]
    locked = step.get("locked", "")
    fields = {
        "a": a, "b": b,
        "extra": _c(step, step.role_cells("extra")),
        "subset": _c(step, step.role_cells("subset")),
        "x": step.get("x", ""),
        "locked": locked,
        "other": (b if locked == a else a) if isinstance(locked, int) else "",
        "house": house_text(step, step.role_houses("house")[0], lang)
        if step.role_houses("house") else "",
    }
    loop = _c(step, step.role_cells("loop"))
    size = len(step.role_cells("loop"))
    en, zh = _WHY["hidden" if step.get("hidden") else step.technique]
    res = result_text(step, lang)
    shape_en, shape_zh = ("rectangle", "矩形") if size == 4 else ("loop", "环")
    if lang == "zh":
        return (f"{step.info.name_zh}：{loop} 这 {size} 格组成 {a}/{b} 的唯一{shape_zh}，"
                f"每个区域恰有其中两格（不能有两个解）。" + zh.format(**fields) + f"：{res}。")
    why = en.format(**fields)
    why = why[:1].upper() + why[1:]
    return (f"{step.info.name}: the {size} cells {loop} form a {shape_en} on {a}/{b}, two "
            f"in each house they touch (a unique puzzle cannot end in a deadly pattern). "
            f"{why}: {res}.")


def _notation(step: Step) -> str:
    a, b = step.digits[:2]
    n = step.size
    loop = cells_text(step.role_cells("loop"), n)
    return f"{step.info.name}: {a}/{b} in {loop} => {candidates_text(step.eliminations, n)}"


for _key, _find in zip(KEYS, (find_unique_loop_type1, find_unique_loop_type2,
                              find_unique_loop_type3, find_unique_loop_type4), strict=True):
    register(Technique.of(_key, _find, _where, _explain, _notation, weigh=_weigh,
                          aliases=(f"unique loop type {_key[-1]}", f"ul{_key[-1]}")))
register(Technique.of("ur-type-3-hidden", find_ur_type3_hidden, _where, _explain, _notation,
                      weigh=_weigh, aliases=("unique rectangle type 3 hidden", "ur3h")))
