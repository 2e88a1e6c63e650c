"""Uniqueness techniques: Unique Rectangles 1-6, Hidden Rectangle, Avoidable Rectangles, BUG+1.

They rest on one fact: a puzzle with a single solution never ends in a *deadly pattern*.
Four non-given cells at the corners of a rectangle on two rows, two columns and two
boxes that hold ``a/b/b/a`` could swap to ``b/a/a/b`` and give a second solution; so any
candidate that would force such a pattern is false.  Likewise a grid where every
unsolved cell has two candidates and every digit two places per house (a BUG) has zero or
two solutions.  These techniques are only sound when the puzzle is known to be unique,
so they are registered with ``uniqueness=True`` (off unless the caller enables them).

Cells of a rectangle whose candidates are a subset of ``{a, b}`` are the *floor*; cells
with extra candidates are the *roof*.

>>> from shudu import Grid
>>> from shudu.values.candidates import Candidates
>>> list(find_ur_type1(Candidates.from_grid(Grid.empty())))
[]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from itertools import combinations

from ....values.candidates import Candidates, Geometry, bits, digits_in, first_bit, state_memo
from ...registry import Finder, Renderer, Technique, register
from ...render import house_text, result_text
from ...step import Step, candidates_text, cells_text

__all__ = [
    "find_avoidable_rectangle_1",
    "find_avoidable_rectangle_2",
    "find_bug_plus_1",
    "find_hidden_rectangle",
    "find_ur_type1",
    "find_ur_type2",
    "find_ur_type3",
    "find_ur_type4",
    "find_ur_type5",
    "find_ur_type6",
]


@lru_cache(maxsize=32)
def _houses_only(geo: Geometry) -> bool:
    """True when every peer relation comes from a house (no anti-knight/king moves).

    Swapping digits in a rectangle keeps every house valid but may break move rules.
    """
    for cell, hs in enumerate(geo.cell_houses):
        m = 0
        for h in hs:
            m |= geo.house_mask[h]
        if m & ~(1 << cell) != geo.peer_mask[cell]:
            return False
    return True


_SWAPPABLE: dict[tuple[Geometry, tuple[int, ...]], bool] = {}


def _swappable(geo: Geometry, corners: tuple[int, int, int, int]) -> bool:
    """Each house holds none or two side-by-side corners (so a/b can swap everywhere)."""
    key = (geo, corners)
    got = _SWAPPABLE.get(key)
    if got is None:
        got = _SWAPPABLE[key] = _swappable_uncached(geo, corners)
    return got


def _swappable_uncached(geo: Geometry, corners: tuple[int, int, int, int]) -> bool:
    count: dict[int, list[int]] = {}
    for i, c in enumerate(corners):
        for h in geo.cell_houses[c]:
            count.setdefault(h, []).append(i)
    for idx in count.values():
        # corners are (r1c1, r1c2, r2c1, r2c2): diagonal pairs are {0, 3} and {1, 2}
        if len(idx) != 2 or set(idx) in ({0, 3}, {1, 2}):
            return False
    return True


# A rectangle: (a, b) 0-based digits and corners (r1c1, r1c2, r2c1, r2c2).
_Rect = tuple[int, int, tuple[int, int, int, int]]


def _rectangles(cands: Candidates) -> list[_Rect]:
    """Every rectangle with at least one floor cell holding exactly ``{a, b}``.

    Computed once per state and shared by the rectangle techniques.
    """
    return state_memo(cands, "ur-rectangles", _find_rectangles)


def _find_rectangles(cands: Candidates) -> list[_Rect]:
    return list(_iter_rectangles(cands))


def _iter_rectangles(cands: Candidates) -> Iterator[_Rect]:
    geo = cands.geo
    if not _houses_only(geo):
        return
    n = geo.n
    cm = cands.cell_mask
    seen: set[tuple[int, int, tuple[int, ...]]] = set()
    for f, fm in enumerate(cm):
        if fm.bit_count() != 2:
            continue
        a = first_bit(fm)
        b = first_bit(fm ^ (1 << a))
        either = cands.digit_mask[a] | cands.digit_mask[b]
        r, c = geo.row_of[f], geo.col_of[f]
        in_col = either & geo.col_mask[c] & ~(1 << f)
        for x in bits(either & geo.row_mask[r] & ~(1 << f)):
            # rows where both column c and the column of x hold a or b
            cx = geo.col_of[x]
            other = either & geo.col_mask[cx]
            other = other << (c - cx) if c >= cx else other >> (cx - c)
            for y in bits(in_col & other):
                z = geo.row_of[y] * n + cx
                c0, c1, c2, c3 = sorted((f, x, y, z))
                corners = (c0, c1, c2, c3)
                key = (a, b, corners)
                if key in seen:
                    continue
                seen.add(key)
                if _swappable(geo, corners):
                    yield a, b, corners


def _opposite(corners: tuple[int, ...], cell: int) -> int:
    return corners[3 - corners.index(cell)]


def _split(cm: list[int], ab: int, corners: tuple[int, ...]) -> tuple[list[int], list[int]]:
    floors = [c for c in corners if not cm[c] & ~ab]
    roofs = [c for c in corners if cm[c] & ~ab]
    return floors, roofs


def _ur_step(key: str, rect: _Rect, elims: object, **kw: object) -> Step:
    a, b, corners = rect
    return Step(key, eliminations=elims, digits=(a + 1, b + 1),  # type: ignore[arg-type]
                cells={"rectangle": corners, **kw.pop("cells", {})},  # type: ignore[dict-item]
                **kw)  # type: ignore[arg-type]


def find_ur_type1(cands: Candidates) -> Iterator[Step]:
    """Three corners hold only ``a/b``: the fourth cannot be ``a`` or ``b``.

    >>> from shudu import Grid
    >>> list(find_ur_type1(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("47.3..1.885.4...9.39.86.4.713428.5.92851."
    ...                   "..34967534..1628713945513942..6749658.1.")
    >>> next(find_ur_type1(c)).notation()
    'Uniqueness Test 1: 2/3 in r29c79 => r2c7<>2, r2c7<>3'
    """
    cm = cands.cell_mask
    n = cands.geo.n
    for rect in _rectangles(cands):
        a, b, corners = rect
        _, roofs = _split(cm, 1 << a | 1 << b, corners)
        if len(roofs) != 1:
            continue
        roof = roofs[0]
        elims = [(roof, d + 1) for d in (a, b) if cm[roof] >> d & 1]
        if elims:
            yield _ur_step("ur-type-1", rect, elims, cells={"roof": (roof,)}, size=n)


def _common(geo: Geometry, cells: list[int]) -> int:
    return geo.common_peers(cells)


def _aligned(geo: Geometry, p: int, q: int) -> bool:
    return geo.row_of[p] == geo.row_of[q] or geo.col_of[p] == geo.col_of[q]


def _shared_houses(geo: Geometry, p: int, q: int) -> list[int]:
    return [h for h in geo.cell_houses[p] if geo.house_mask[h] >> q & 1]


def find_ur_type2(cands: Candidates) -> Iterator[Step]:
    """Two side-by-side roof cells with the same one extra digit ``x``: one of them is ``x``.

    >>> from shudu import Grid
    >>> list(find_ur_type2(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(".9..5264.6..48..53..5..628....8....4.1..4"
    ...                   "......4.27........3418186574392..9218576")
    >>> next(find_ur_type2(c)).notation()
    'Uniqueness Test 2: 3/4 in r39c12 => r1c13<>7, r2c23<>7, r3c49<>7'
    """
    geo = cands.geo
    cm = cands.cell_mask
    for rect in _rectangles(cands):
        a, b, corners = rect
        ab = 1 << a | 1 << b
        _, roofs = _split(cm, ab, corners)
        if len(roofs) != 2 or not _aligned(geo, *roofs):
            continue
        extra = cm[roofs[0]] & ~ab
        if extra != cm[roofs[1]] & ~ab or extra.bit_count() != 1:
            continue
        x = first_bit(extra)
        elim = _common(geo, roofs) & cands.digit_mask[x]
        if elim:
            yield _ur_step("ur-type-2", rect, [(c, x + 1) for c in bits(elim)],
                           cells={"roof": tuple(roofs)}, size=geo.n, extra={"x": x + 1})


def find_ur_type5(cands: Candidates) -> Iterator[Step]:
    """Two diagonal or three roof cells with the same one extra digit ``x``.

    >>> from shudu import Grid
    >>> list(find_ur_type5(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(".24.6..18............93.........63...624."
    ...                   "...1..7.5.......89.7....6.4..85..1.....3")
    >>> c.place(50, 9); c.eliminate(62, 4)
    True
    >>> next(find_ur_type5(c)).notation()
    'Uniqueness Test 5: 2/6 in r67c89 => r4c8<>4'
    """
    geo = cands.geo
    cm = cands.cell_mask
    for rect in _rectangles(cands):
        a, b, corners = rect
        ab = 1 << a | 1 << b
        _, roofs = _split(cm, ab, corners)
        if len(roofs) < 2 or (len(roofs) == 2 and _aligned(geo, *roofs)):
            continue
        extras = {cm[c] & ~ab for c in roofs}
        if len(extras) != 1:
            continue
        extra = extras.pop()
        if extra.bit_count() != 1:
            continue
        x = first_bit(extra)
        elim = _common(geo, roofs) & cands.digit_mask[x]
        if elim:
            yield _ur_step("ur-type-5", rect, [(c, x + 1) for c in bits(elim)],
                           cells={"roof": tuple(roofs)}, size=geo.n, extra={"x": x + 1})


def find_ur_type3(cands: Candidates) -> Iterator[Step]:
    """The extras of two side-by-side roof cells form a naked subset with other cells.

    One roof cell holds an extra digit, so the roof acts as one cell holding the extras;
    with ``k`` more cells of a shared house it locks ``k + 1`` digits there.

    >>> from shudu import Grid
    >>> list(find_ur_type3(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("3.......7...98.5.3.5.....262314..68579685"
    ...                   "1234...623791..4...179..371.45.......36.")
    >>> next(find_ur_type3(c)).notation()
    'Uniqueness Test 3: 8/9 in r13c37 => r1c2<>2, r2c2<>2, r9c3<>2, r2c2<>7, r9c3<>7'
    """
    geo = cands.geo
    cm = cands.cell_mask
    for rect in _rectangles(cands):
        a, b, corners = rect
        ab = 1 << a | 1 << b
        _, roofs = _split(cm, ab, corners)
        if len(roofs) != 2 or not _aligned(geo, *roofs):
            continue
        extra = (cm[roofs[0]] | cm[roofs[1]]) & ~ab
        if extra.bit_count() < 2:
            continue
        rmask = 1 << roofs[0] | 1 << roofs[1]
        shared = _shared_houses(geo, *roofs)
        for h in shared:
            others = [c for c in bits(geo.house_mask[h] & ~rmask) if cm[c]]
            for k in range(1, min(4, len(others) - 1) + 1):
                for subset in combinations(others, k):
                    union = extra
                    smask = 0
                    for c in subset:
                        union |= cm[c]
                        smask |= 1 << c
                    if union.bit_count() != k + 1:
                        continue
                    # the same locked set works in every shared house that holds it
                    hs = [h2 for h2 in shared if geo.house_mask[h2] & smask == smask]
                    if hs[0] != h:
                        continue
                    elims = [(c, d + 1) for h2 in hs
                             for c in bits(geo.house_mask[h2] & ~rmask & ~smask)
                             for d in bits(cm[c] & union)]
                    if elims:
                        yield _ur_step("ur-type-3", rect, elims,
                                       cells={"roof": tuple(roofs), "subset": subset},
                                       houses={"house": tuple(hs)}, size=geo.n,
                                       extra={"locked": "".join(map(str, digits_in(union)))})


def find_ur_type4(cands: Candidates) -> Iterator[Step]:
    """Two side-by-side roof cells hold all of ``a`` in a shared house: they lose ``b``.

    >>> from shudu import Grid
    >>> list(find_ur_type4(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("..94.638....3.956..6.8.7149...294631.2.56"
    ...                   "89744961732589587324167326418956..985723")
    >>> next(find_ur_type4(c)).notation()
    'Uniqueness Test 4: 1/4 in r29c23 => r2c23<>1'
    """
    geo = cands.geo
    cm = cands.cell_mask
    for rect in _rectangles(cands):
        a, b, corners = rect
        ab = 1 << a | 1 << b
        _, roofs = _split(cm, ab, corners)
        if len(roofs) != 2 or not _aligned(geo, *roofs):
            continue
        rmask = 1 << roofs[0] | 1 << roofs[1]
        for h in _shared_houses(geo, *roofs):
            for u, v in ((a, b), (b, a)):
                if cands.digit_mask[u] & geo.house_mask[h] != rmask:
                    continue
                elims = [(c, v + 1) for c in roofs if cm[c] >> v & 1]
                if elims:
                    yield _ur_step("ur-type-4", rect, elims, cells={"roof": tuple(roofs)},
                                   houses={"house": (h,)}, size=geo.n,
                                   extra={"locked": u + 1})


def _confined(cands: Candidates, u: int, houses: list[int], corners: tuple[int, ...]) -> bool:
    cmask = 0
    for c in corners:
        cmask |= 1 << c
    dm = cands.digit_mask[u]
    return all(not dm & cands.geo.house_mask[h] & ~cmask for h in houses)


def find_ur_type6(cands: Candidates) -> Iterator[Step]:
    """Diagonal roof cells, and ``a`` only in the rectangle in both rows and columns.

    ``a`` then sits on one diagonal; on the roof diagonal the floor would be ``b/b``, a
    deadly pattern, so the roof cells lose ``a``.

    >>> from shudu import Grid
    >>> list(find_ur_type6(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("17328..644..136...6.8...2319347518267..62"
    ...                   "84932863941575.9..3...34.......867512349")
    >>> next(find_ur_type6(c)).notation()
    'Uniqueness Test 6: 6/7 in r78c57 => r7c5<>6, r8c7<>6'
    """
    geo = cands.geo
    n = geo.n
    cm = cands.cell_mask
    for rect in _rectangles(cands):
        a, b, corners = rect
        ab = 1 << a | 1 << b
        _, roofs = _split(cm, ab, corners)
        if len(roofs) != 2 or _aligned(geo, *roofs):
            continue
        lines = [geo.row_of[corners[0]], geo.row_of[corners[3]],
                 n + geo.col_of[corners[0]], n + geo.col_of[corners[3]]]
        for u in (a, b):
            if not all(cm[c] >> u & 1 for c in corners):
                continue
            if _confined(cands, u, lines, corners):
                elims = [(c, u + 1) for c in roofs]
                yield _ur_step("ur-type-6", rect, elims, cells={"roof": tuple(roofs)},
                               houses={"lines": tuple(lines)}, size=n, extra={"locked": u + 1})


def find_hidden_rectangle(cands: Candidates) -> Iterator[Step]:
    """A floor corner, and ``a`` confined to the rectangle in the row and column of the
    opposite corner: that corner cannot be ``b``.

    >>> from shudu import Grid
    >>> list(find_hidden_rectangle(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("3946821576187354295274..368153.47..647.56"
    ...                   "8.3186....7457368.4..2945.....3281.....4")
    >>> next(find_hidden_rectangle(c)).notation()
    'Hidden Rectangle: 5/9 in r79c57 => r9c5<>9'
    """
    geo = cands.geo
    n = geo.n
    cm = cands.cell_mask
    for rect in _rectangles(cands):
        a, b, corners = rect
        ab = 1 << a | 1 << b
        floors, _ = _split(cm, ab, corners)
        if len(floors) > 2 or (len(floors) == 2 and _aligned(geo, *floors)):
            continue
        for f in floors:
            o = _opposite(corners, f)
            lines = [geo.row_of[o], n + geo.col_of[o]]
            sides = [c for c in corners if c not in (f, o)]
            for u, v in ((a, b), (b, a)):
                # u must still be open in both lines, on the two side corners
                if not cm[o] >> v & 1 or not all(cm[c] >> u & 1 for c in sides):
                    continue
                if not _confined(cands, u, lines, corners):
                    continue
                yield _ur_step("hidden-rectangle", rect, [(o, v + 1)],
                               cells={"floor": (f,), "target": (o,)},
                               houses={"lines": tuple(lines)}, size=n, extra={"locked": u + 1})


_Corners = tuple[int, int, int, int]
_Avoidable = tuple[_Corners, list[int]]


def _avoidable(cands: Candidates) -> list[_Avoidable]:
    """Rectangles (swappable) with at least two corners placed by solving."""
    return state_memo(cands, "avoidable-rectangles", _find_avoidable)


def _find_avoidable(cands: Candidates) -> list[_Avoidable]:
    return list(_iter_avoidable(cands))


@lru_cache(maxsize=32)
def _avoidable_table(geo: Geometry) -> tuple[tuple[tuple[int, tuple[_Corners, ...]], ...],
                                              ...]:
    """For each cell ``p``: the aligned cells ``q > p`` with the swappable rectangles
    (sorted corners) through ``p`` and ``q``, far row (or column) in order."""
    n = geo.n
    table = []
    for p in range(geo.ncells):
        r, c = geo.row_of[p], geo.col_of[p]
        row = []
        for q in range(p + 1, geo.ncells):
            if not (geo.row_of[q] == r or geo.col_of[q] == c):
                continue
            if geo.row_of[q] == r:
                others = [(rr * n + c, rr * n + geo.col_of[q]) for rr in range(n) if rr != r]
            else:
                others = [(r * n + cc, geo.row_of[q] * n + cc) for cc in range(n) if cc != c]
            rects = []
            for u, w in others:
                c0, c1, c2, c3 = sorted((p, q, u, w))
                corners = (c0, c1, c2, c3)
                if _swappable(geo, corners):
                    rects.append(corners)
            row.append((q, tuple(rects)))
        table.append(tuple(row))
    return tuple(table)


def _iter_avoidable(cands: Candidates) -> Iterator[_Avoidable]:
    geo = cands.geo
    if not _houses_only(geo):
        return
    values = cands.values
    givens = cands.givens
    cm = cands.cell_mask
    placed = [c for c in range(geo.ncells) if values[c] and not givens[c]]
    pset = set(placed)
    seen: set[tuple[int, ...]] = set()
    table = _avoidable_table(geo)
    for p in placed:
        vp = values[p]
        for q, rects in table[p]:
            if q not in pset or values[q] == vp:
                continue
            for corners in rects:
                if corners in seen:
                    continue
                if not all(c2 in pset or cm[c2] for c2 in corners):
                    continue
                seen.add(corners)
                yield corners, [c2 for c2 in corners if c2 in pset]


def find_avoidable_rectangle_1(cands: Candidates) -> Iterator[Step]:
    """Three corners placed (not given) as ``a/b/b``: the fourth cannot be ``a``.

    Needs :attr:`Candidates.givens` to tell givens from placed digits.

    >>> from shudu import Grid
    >>> list(find_avoidable_rectangle_1(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("..5...........268.7....14.....1.68.....3."
    ...                   ".....87...1.38.12.43...3..6..2.26.......")
    >>> for cell, digit in [(9, 1), (10, 9), (37, 1)]:  # solved, not given
    ...     c.place(cell, digit)
    ...
    >>> next(find_avoidable_rectangle_1(c)).notation()
    'Avoidable Rectangle Type 1: 9/1 in r25c12 => r5c1<>9'
    """
    n = cands.geo.n
    for corners, solved in _avoidable(cands):
        if len(solved) != 3:
            continue
        (free,) = [c for c in corners if c not in solved]
        opp = _opposite(corners, free)
        a = cands.values[opp]
        sides = [c for c in solved if c != opp]
        if cands.values[sides[0]] != cands.values[sides[1]] or cands.values[sides[0]] == a:
            continue
        if cands.cell_mask[free] >> (a - 1) & 1:
            yield Step("avoidable-rectangle-1", eliminations=((free, a),),
                       digits=(a, cands.values[sides[0]]),
                       cells={"rectangle": corners, "placed": tuple(solved), "target": (free,)},
                       size=n)


def find_avoidable_rectangle_2(cands: Candidates) -> Iterator[Step]:
    """Two side-by-side corners placed as ``a/b``; the other two hold ``b+x`` and ``a+x``.

    Without ``x`` they would complete an avoidable deadly pattern, so one of them is
    ``x``, and every cell that sees both loses ``x``.

    >>> from shudu import Grid
    >>> list(find_avoidable_rectangle_2(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("2...1.....17...5....6754.2....82..5......"
    ...                   ".6.4....71...6....3......2..79...968....")
    >>> c.place(63, 3); c.place(64, 8)  # solved, not given
    >>> next(find_avoidable_rectangle_2(c)).notation()
    'Avoidable Rectangle Type 2: 3/8 in r38c12 => r1c2<>9, r2c1<>9, r3c79<>9'
    """
    geo = cands.geo
    cm = cands.cell_mask
    for corners, solved in _avoidable(cands):
        if len(solved) != 2:
            continue
        p, q = solved
        if not _aligned(geo, p, q):
            continue
        u, w = _opposite(corners, q), _opposite(corners, p)  # u needs value of q, w of p
        need_u, need_w = cands.values[q] - 1, cands.values[p] - 1
        mu, mw = cm[u], cm[w]
        if mu.bit_count() != 2 or mw.bit_count() != 2:
            continue
        if not mu >> need_u & 1 or not mw >> need_w & 1:
            continue
        xu, xw = mu & ~(1 << need_u), mw & ~(1 << need_w)
        if xu != xw:
            continue
        x = first_bit(xu)
        elim = geo.common_peers([u, w]) & cands.digit_mask[x]
        if elim:
            yield Step("avoidable-rectangle-2", eliminations=((c, x + 1) for c in bits(elim)),
                       digits=(cands.values[p], cands.values[q]),
                       cells={"rectangle": corners, "placed": (p, q), "roof": (u, w)},
                       size=geo.n, extra={"x": x + 1})


def find_bug_plus_1(cands: Candidates) -> Iterator[Step]:
    """Every unsolved cell bivalue but one, every digit twice per house but one.

    The odd cell must take the digit that appears three times in its houses, or the grid
    would be a BUG with zero or two solutions.

    >>> from shudu import Grid
    >>> list(find_bug_plus_1(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(".9.613.84...2571393.18492..96857142343792"
    ...                   "68151..384......192..8..943567151.768..2")
    >>> next(find_bug_plus_1(c)).notation()
    'Bivalue Universal Grave + 1: r7c3=4 => r7c3<>3, r7c3<>6'
    """
    geo = cands.geo
    if not _houses_only(geo):
        return
    cm = cands.cell_mask
    odd = -1
    for c, m in enumerate(cm):
        k = m.bit_count()
        if k == 0 or k == 2:
            continue
        if k != 3 or odd >= 0:
            return
        odd = c
    if odd < 0:
        return
    bad: list[tuple[int, int]] = []
    for h, hm in enumerate(geo.house_mask):
        for d in range(geo.n):
            k = (cands.digit_mask[d] & hm).bit_count()
            if k not in (0, 2):
                if k != 3 or not hm >> odd & 1:
                    return
                bad.append((h, d))
    digits = {d for _, d in bad}
    if len(digits) != 1:
        return
    x = digits.pop()
    if not cm[odd] >> x & 1 or {h for h, _ in bad} != set(geo.cell_houses[odd]):
        return
    elims = [(odd, d + 1) for d in bits(cm[odd] & ~(1 << x))]
    yield Step("bug-plus-1", eliminations=elims, digits=(x + 1,), cells={"cell": (odd,)},
               houses={"house": geo.cell_houses[odd]}, size=geo.n)


# ---------------------------------------------------------------------- words
def _c(step: Step, cells: tuple[int, ...] | list[int]) -> str:
    return cells_text(cells, step.size)


def _rect_where(step: Step, lang: str) -> str:
    a, b = step.digits[:2]
    rect = _c(step, step.role_cells("rectangle"))
    if lang == "zh":
        return f"看看由 {rect} 组成的 {a}/{b} 矩形。"
    return f"Look at the {a}/{b} rectangle {rect}."


_WHY = {
    "ur-type-1": (
        "{roof} is the only corner with other candidates; if it were {a} or {b}, the four "
        "corners would form a deadly pattern",
        "{roof} 是唯一有其他候选数的角；如果它是 {a} 或 {b}，四个角会构成致命模式"),
    "ur-type-2": (
        "{roof} are the only corners with more candidates, and their only extra digit is "
        "{x}; one of them must be {x}, so any cell that sees both cannot be {x}",
        "只有 {roof} 有额外候选数且都只多一个 {x}，其中一个必为 {x}，同时看到它们的格子不能是 {x}"),
    "ur-type-5": (
        "the corners {roof} all have the one extra digit {x}; one of them must be {x}, so "
        "any cell that sees all of them cannot be {x}",
        "{roof} 都只多一个候选数 {x}，其中一个必为 {x}，看到它们全部的格子不能是 {x}"),
    "ur-type-3": (
        "one of {roof} must hold an extra digit, so together with {subset} in {house} they "
        "lock the digits {locked}, which leave the other cells of {house}",
        "{roof} 中必有一格取额外数字，与{house}中的 {subset} 组成数字 {locked} 的数组，"
        "{house}其他格不能再有这些数字"),
    "ur-type-4": (
        "in {house}, {locked} can only go in {roof}, so one of them is {locked}; if the "
        "other were {other}, the pattern would be deadly, so neither can be {other}",
        "在{house}中 {locked} 只能在 {roof}，其中一格必为 {locked}；"
        "另一格若为 {other} 就成致命模式，"
        "所以两格都不能是 {other}"),
    "ur-type-6": (
        "{locked} appears in both rows and both columns only inside the rectangle, so it "
        "fills one diagonal; on the diagonal {roof} the other two corners would be "
        "{other}/{other}, a deadly pattern, so {roof} cannot be {locked}",
        "{locked} 在两行两列中都只出现在矩形内，必占一条对角线；若占 {roof} 这条，另两个角都是 "
        "{other}，构成致命模式，所以 {roof} 不能是 {locked}"),
    "hidden-rectangle": (
        "{floor} holds only {a}/{b}; in the row and column of {target}, {locked} appears "
        "only inside the rectangle, so if {target} were {other} the other corners would be "
        "forced into a deadly pattern",
        "{floor} 只有 {a}/{b}；在 {target} 所在的行和列中 {locked} 只出现在矩形内，若 {target} 为 "
        "{other}，其余角会被迫构成致命模式"),
}


def _rect_explain(step: Step, lang: str) -> str:
    a, b = step.digits[:2]
    fields = {
        "a": a, "b": b,
        "roof": _c(step, step.role_cells("roof")),
        "subset": _c(step, step.role_cells("subset")),
        "floor": _c(step, step.role_cells("floor")),
        "target": _c(step, step.role_cells("target")),
        "x": step.get("x", ""),
        "locked": step.get("locked", ""),
        "other": "",
        "house": house_text(step, step.role_houses("house")[0], lang)
        if step.role_houses("house") else "",
    }
    locked = step.get("locked")
    if isinstance(locked, int):
        fields["other"] = b if locked == a else a
    rect = _c(step, step.role_cells("rectangle"))
    en, zh = _WHY[step.technique]
    res = result_text(step, lang)
    why = en.format(**fields)
    why = why[:1].upper() + why[1:]
    if lang == "zh":
        return (f"{step.info.name_zh}：{rect} 是 {a}/{b} 的唯一矩形（不能有两个解）。"
                + zh.format(**fields) + f"：{res}。")
    return (f"{step.info.name}: {rect} form a unique rectangle on {a}/{b} (a unique puzzle "
            f"cannot end in a deadly pattern). {why}: {res}.")


def _rect_notation(step: Step) -> str:
    a, b = step.digits[:2]
    n = step.size
    rect = cells_text(step.role_cells("rectangle"), n)
    return f"{step.info.name}: {a}/{b} in {rect} => {candidates_text(step.eliminations, n)}"


def _ar_explain(step: Step, lang: str) -> str:
    a, b = step.digits
    rect = _c(step, step.role_cells("rectangle"))
    placed = _c(step, step.role_cells("placed"))
    res = result_text(step, lang)
    if step.technique == "avoidable-rectangle-1":
        target = _c(step, step.role_cells("target"))
        if lang == "zh":
            return (f"可回避矩形1：{rect} 中 {placed} 是解题时填入的（不是提示数），"
                    f"分别为 {a}/{b}/{b}。"
                    f"若 {target} 为 {a}，这四格的 {a}/{b} 可以互换，得到第二个解，所以{res}。")
        return (f"Avoidable Rectangle Type 1: in {rect}, {placed} were solved (not givens) "
                f"as {a}/{b}/{b}. If {target} were {a}, the {a}s and {b}s of the four "
                f"cells could swap and give a second solution, so {res}.")
    roof = _c(step, step.role_cells("roof"))
    x = step.get("x")
    if lang == "zh":
        return (f"可回避矩形2：{rect} 中 {placed} 是解题时填入的 {a}/{b}（不是提示数）。{roof} "
                f"若不取 {x}，就会构成可互换的致命模式，所以其中之一为 {x}，"
                f"同时看到两者的格子不能是 "
                f"{x}：{res}。")
    return (f"Avoidable Rectangle Type 2: in {rect}, {placed} were solved (not givens) as "
            f"{a}/{b}. Unless one of {roof} is {x}, the four cells would form a swappable "
            f"deadly pattern; so one of them is {x}, and a cell seeing both cannot be {x}: "
            f"{res}.")


def _bug_where(step: Step, lang: str) -> str:
    cell = _c(step, step.role_cells("cell"))
    if lang == "zh":
        return f"几乎所有未解格都只剩两个候选数，看看有三个候选数的 {cell}。"
    return f"Almost every unsolved cell has two candidates; look at {cell}, which has three."


def _bug_explain(step: Step, lang: str) -> str:
    cell = _c(step, step.role_cells("cell"))
    x = step.digits[0]
    res = result_text(step, lang)
    if lang == "zh":
        return (f"BUG+1：除 {cell} 外每个未解格都只有两个候选数，"
                f"且每个数字在每个区域中都恰好出现两次，"
                f"只有 {x} 在 {cell} 所在的区域中出现三次。"
                f"若 {cell} 不是 {x}，盘面会变成有零个或两个解的"
                f"BUG，所以 {cell} = {x}：{res}。")
    return (f"BUG+1: apart from {cell}, every unsolved cell has two candidates and every "
            f"digit has two places per house, except {x}, which has three in the houses of "
            f"{cell}. If {cell} were not {x}, the grid would be a bivalue universal grave "
            f"with zero or two solutions, so {cell} = {x}: {res}.")


def _bug_notation(step: Step) -> str:
    cell = cells_text(step.role_cells("cell"), step.size)
    return f"Bivalue Universal Grave + 1: {cell}={step.digits[0]} => " + candidates_text(
        step.eliminations, step.size)


def _ur3_weigh(step: Step, base: float) -> float:
    """SE's weight of a type 3: 4.5 plus 0.1 per digit of the naked set beyond one."""
    locked = step.get("locked")
    return round(4.5 + (len(locked) - 1) * 0.1, 1) if isinstance(locked, str) else base


def _reg(key: str, find: Finder, where: Renderer = _rect_where,
         explain: Renderer = _rect_explain, notation: Callable[[Step], str] = _rect_notation,
         aliases: tuple[str, ...] = (),
         weigh: Callable[[Step, float], float] | None = None) -> None:
    register(Technique.of(key, find, where, explain, notation, aliases=aliases, weigh=weigh))


_reg("ur-type-1", find_ur_type1, aliases=("unique rectangle type 1", "ur1"))
_reg("ur-type-2", find_ur_type2, aliases=("unique rectangle type 2", "ur2"))
_reg("ur-type-3", find_ur_type3, aliases=("unique rectangle type 3", "ur3"), weigh=_ur3_weigh)
_reg("ur-type-4", find_ur_type4, aliases=("unique rectangle type 4", "ur4"))
_reg("ur-type-5", find_ur_type5, aliases=("unique rectangle type 5", "ur5"))
_reg("ur-type-6", find_ur_type6, aliases=("unique rectangle type 6", "ur6"))
_reg("hidden-rectangle", find_hidden_rectangle, aliases=("hr",))
_reg("avoidable-rectangle-1", find_avoidable_rectangle_1, explain=_ar_explain, aliases=("ar1",))
_reg("avoidable-rectangle-2", find_avoidable_rectangle_2, explain=_ar_explain, aliases=("ar2",))
_reg("bug-plus-1", find_bug_plus_1, _bug_where, _bug_explain, _bug_notation,
     aliases=("bug+1", "bug"))
