"""Almost Locked Sets: ALS-XZ, ALS-XY-Wing, ALS-XY-Chain and Death Blossom.

An *almost locked set* (ALS) is ``N`` unsolved cells of one house holding ``N + 1``
candidates together (a bivalue cell is an ALS of one cell).  Take one digit away and the
rest is a locked set: every remaining digit is then placed in the set.

Two ALS share a *restricted common candidate* (RCC) ``x`` when every ``x`` of one sees
every ``x`` of the other (and no ``x`` lies in a cell they share): ``x`` is then placed in
at most one of them, so at least one of the two sets is locked without ``x``.

* ALS-XZ: ALS ``A`` and ``B`` with RCC ``x``; a digit ``z`` of both is placed in ``A`` or
  in ``B``, so a cell that sees every ``z`` of both loses ``z``.  With two RCCs (doubly
  linked) both sets are locked outright.
* ALS-XY-Wing: ``A`` and ``B`` both linked to a pivot ALS ``C`` (RCCs ``x`` and ``y``).
* ALS-XY-Chain: ``A1 - A2 - ... - Ak`` linked by RCCs, consecutive RCCs different.
* Death Blossom: a stem cell whose every candidate ``d`` is the RCC to a petal ALS.

Sudoku Explainer does not rate ALS moves; the difficulties used here put them between
chains and forcing nets: ALS-XZ 7.5, ALS-XY-Wing 7.8, ALS-XY-Chain 8.0 and Death
Blossom 8.2, plus Sudoku Explainer's length bonus for chains (counting two inferences
per RCC) and 0.1 per petal beyond two for blossoms.

The sets of a state are found once (cached by state) with bitboard algebra: subsets of
the unsolved cells of each house whose union has one digit more than cells, up to
``n - 1`` cells for a 9x9 grid (5 for larger ones).

>>> from shudu import Grid
>>> masks = [0b111111111] * 81
>>> masks[1], masks[4] = 0b101, 0b10100     # r1c2 {1,3}, r1c5 {3,5}: one ALS {1,3,5}
>>> masks[37] = 0b10001                      # r5c2 {1,5}: another
>>> c = Candidates.from_masks(Grid.empty().rules, masks)
>>> [s.notation() for s in find_als_xz(c)
...  if s.role_cells("als-a") == (37,) and s.role_cells("als-b") == (1, 4)]
['ALS-XZ: A=r5c2 {1,5}, B=r1c2,r1c5 {1,3,5}, X=1, Z=5 => r5c5<>5']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ....values.candidates import Candidates, bits, digits_in, state_memo
from ... import accel9
from ...registry import Technique, register
from ...render import result_text
from ...step import Step, candidates_text, cells_text
from ..table import length_bonus

__all__ = [
    "AlsIndex",
    "als_index",
    "find_als_xy_chain",
    "find_als_xy_wing",
    "find_als_xz",
    "find_death_blossom",
]

MAX_CHAIN = 7
"""Longest ALS-XY-Chain searched, in ALS."""

MAX_STEM = 4
"""Most candidates of a Death Blossom stem (a stem of two is an ALS-XY-Wing pivot)."""


_HOUSE_SETS: dict[tuple[tuple[int, ...], tuple[int, ...], int],
                  tuple[tuple[int, int], ...]] = {}
_COMMON: dict[int, tuple[tuple[int, ...], dict[int, int]]] = {}
_MEMO_LIMIT = 5_000


def _house_sets(hcells: tuple[int, ...], masks: tuple[int, ...], max_size: int
                ) -> tuple[tuple[int, int], ...]:
    """``(cell bitboard, digit mask)`` of the ALS among some cells of one house, in
    depth-first order (remembered by the cells and their candidates)."""
    key = (hcells, masks, max_size)
    got = _HOUSE_SETS.get(key)
    if got is not None:
        return got
    out: list[tuple[int, int]] = []
    m = len(hcells)
    limit = min(max_size, m - 1)
    if limit >= 1:
        # depth-first over subsets in index order, pruned when the union is too big
        stack = [(0, 0, 0, 0)]
        while stack:
            start, k, cmask, dmask = stack.pop()
            for i in range(start, m):
                nd = dmask | masks[i]
                pc = nd.bit_count()
                if pc > limit + 1:
                    continue
                nc = cmask | 1 << hcells[i]
                if pc == k + 2:
                    out.append((nc, nd))
                if k + 1 < limit:
                    stack.append((i + 1, k + 1, nc, nd))
    if len(_HOUSE_SETS) >= _MEMO_LIMIT:
        _HOUSE_SETS.clear()
    got = _HOUSE_SETS[key] = tuple(out)
    return got


def _common_peers(peer: tuple[int, ...]) -> dict[int, int]:
    """A shared memo of the cells that see every cell of a bitboard (per peer table)."""
    got = _COMMON.get(id(peer))
    if got is None or got[0] is not peer:
        got = _COMMON[id(peer)] = (peer, {})
    if len(got[1]) >= _MEMO_LIMIT:
        got[1].clear()
    return got[1]


def _set_fields(cmask: int, dmask: int, dm: list[int], peer: tuple[int, ...], everywhere: int,
                common: dict[int, int]) -> tuple[list[int], list[int], list[int]]:
    """Per digit index of an ALS (cells ``cmask``, digits ``dmask``; 0 for the others):
    its cells holding the digit, the cells that see all of those (``common`` remembers
    them by cells), and the ones of those outside the set still holding the digit."""
    dc = [0] * len(dm)
    bd = [0] * len(dm)
    tg = [0] * len(dm)
    for d in bits(dmask):
        where = dm[d] & cmask
        dc[d] = where
        b = common.get(where)
        if b is None:
            b = everywhere
            for c in bits(where):
                b &= peer[c]
            common[where] = b
        bd[d] = b
        tg[d] = b & dm[d] & ~cmask
    return dc, bd, tg


class AlsIndex:
    """Every ALS of a state with its per-digit bitboards, and the RCCs between them.

    ``cells[i]``/``digits[i]``: cell bitboard and digit mask of ALS ``i`` (smallest sets
    first, then by cell bitboard), ``house[i]`` the first house holding it (rows,
    columns, boxes, then the others); ``dcells[i][d]``: its cells holding digit index
    ``d``; ``targ[i][d]``: the cells outside the set still holding ``d`` that see all of
    those; ``rcc[i]``: ``{j: mask of RCC digit indices}``.  On a classic 9x9 grid the C
    core builds the same index (:func:`~shudu.logic.accel9.als_table`).

    >>> from shudu import Grid
    >>> idx = als_index(Candidates.from_grid(Grid.empty()))
    >>> len(idx.cells)      # any eight cells of a house hold all nine digits
    243
    """

    __slots__ = ("_adj", "_targets", "cells", "dcells", "digits", "house", "ncells", "rcc",
                 "targ")

    def __init__(self, cands: Candidates, max_size: int) -> None:
        geo = cands.geo
        cm = cands.cell_mask
        dm = cands.digit_mask
        peer = geo.peer_mask
        n = geo.n
        found: dict[int, tuple[int, int]] = {}
        for h, hmask in enumerate(geo.house_mask):
            hcells = tuple(c for c in bits(hmask) if cm[c])
            if len(hcells) < 2:
                continue
            for nc, nd in _house_sets(hcells, tuple(cm[c] for c in hcells), max_size):
                if nc not in found:
                    found[nc] = (nd, h)
        self.cells: list[int] = []
        self.digits: list[int] = []
        self.house: list[int] = []
        self.dcells: list[list[int]] = []
        self.targ: list[list[int]] = []
        bud: list[list[int]] = []
        everywhere = geo.all_cells
        common = _common_peers(peer)   # cells seeing every cell of a mask, by mask
        # per digit: the sets grouped by their cells holding the digit
        by_cells: list[dict[int, list[int]]] = [{} for _ in range(n)]
        for cmask, (dmask, h) in sorted(found.items(), key=lambda kv: (kv[0].bit_count(), kv[0])):
            i = len(self.cells)
            dc, bd, tg = _set_fields(cmask, dmask, dm, peer, everywhere, common)
            for d in bits(dmask):
                group = by_cells[d].get(dc[d])
                if group is None:
                    by_cells[d][dc[d]] = [i]
                else:
                    group.append(i)
            self.cells.append(cmask)
            self.digits.append(dmask)
            self.house.append(h)
            self.dcells.append(dc)
            bud.append(bd)
            self.targ.append(tg)
        self.rcc: list[dict[int, int]] = [{} for _ in self.cells]
        for d in range(n):
            groups = by_cells[d]
            # d-cell sets by their lowest cell: a partner set lies inside the common peers
            by_low: dict[int, list[int]] = {}
            lows = 0
            for k in groups:
                low = k & -k
                lows |= low
                by_low.setdefault(low.bit_length() - 1, []).append(k)
            bit = 1 << d
            dmd = dm[d]
            for ka, ga in groups.items():
                ba = bud[ga[0]][d] & dmd
                for low in bits(ba & lows):
                    for kb in by_low.get(low, ()):
                        # every d of one set sees every d of the other (none is shared)
                        if kb <= ka or kb & ~ba:
                            continue
                        for i in ga:
                            ri = self.rcc[i]
                            for j in groups[kb]:
                                ri[j] = ri.get(j, 0) | bit
                                rj = self.rcc[j]
                                rj[i] = rj.get(i, 0) | bit

        self._adj: list[list[int]] | None = None
        self._targets: tuple[int, list[int]] | None = None
        self.ncells = geo.ncells

    @classmethod
    def from_table(cls, table: tuple[list[Any], ...], ncells: int) -> AlsIndex:
        """The index of the lists :func:`~shudu.logic.accel9.als_table` gives.

        >>> from shudu import Grid
        >>> from shudu.logic import accel9
        >>> c = Candidates.from_grid(Grid("." * 81))
        >>> AlsIndex.from_table(accel9.als_table(c), 81).targ == AlsIndex(c, 8).targ
        True
        """
        idx = object.__new__(cls)
        idx.cells, idx.digits, idx.house, idx.dcells, idx.targ, idx.rcc = table
        idx._adj = None
        idx._targets = None
        idx.ncells = ncells
        return idx

    def __len__(self) -> int:
        return len(self.cells)

    def adjacency(self) -> list[list[int]]:
        """Per ALS, its links as ``partner << 5 | rcc digit index`` (built on demand).

        >>> from shudu import Grid
        >>> als_index(Candidates.from_grid(Grid.empty())).adjacency()[0]
        []
        """
        if self._adj is None:
            self._adj = [[j << 5 | r for j, m in links.items() for r in bits(m)]
                         for links in self.rcc]
        return self._adj


_CACHE: dict[tuple[object, ...], AlsIndex] = {}


def als_index(cands: Candidates) -> AlsIndex:
    """The (cached) ALS index of a pencilmark state.

    >>> from shudu import Grid
    >>> c = Candidates.from_grid(Grid.empty())
    >>> als_index(c) is als_index(c.copy())
    True
    """
    key = (cands.rules, tuple(cands.cell_mask))
    idx = _CACHE.get(key)
    if idx is None:
        if len(_CACHE) >= 4:
            _CACHE.clear()
        table = accel9.als_table(cands) if cands.rules.is_classic9 else _geo_table(cands)
        if table is not None:
            idx = AlsIndex.from_table(table, cands.geo.ncells)
        else:
            idx = AlsIndex(cands, cands.geo.n - 1 if cands.geo.n <= 9 else 5)
        _CACHE[key] = idx
    return idx


def _geo_table(cands: Candidates) -> tuple[list[Any], ...] | None:
    """The C index of a 9x9 grid beyond rows, columns and boxes (diagonals, extra regions,
    cages), or None where it does not apply (other sizes, houses of other sizes).

    >>> from shudu import Grid, Rules
    >>> c = Candidates.from_grid(Grid("." * 81, Rules(diagonals=True)))
    >>> AlsIndex.from_table(_geo_table(c), 81).cells == AlsIndex(c, 8).cells
    True
    """
    if cands.geo.n != 9:
        return None
    houses, peers = accel9.geo_words(cands.geo)
    return None if houses is None else accel9.als_table_geo(cands, houses, peers)


def _cands(idx: AlsIndex | _Sets, i: int, dmask: int) -> tuple[tuple[int, int], ...]:
    """``(cell, digit)`` of ALS ``i`` for the digit indices of ``dmask``."""
    return tuple((c, d + 1) for d in bits(dmask) for c in bits(idx.dcells[i][d]))


def _digits(dmask: int) -> tuple[int, ...]:
    return digits_in(dmask)


def _cells(mask: int) -> tuple[int, ...]:
    return tuple(bits(mask))


def _common_z(ta: list[int], tb: list[int], both: int, common: int
              ) -> tuple[int, list[tuple[int, int]]]:
    """The digits (indices) of ``common`` that some cell outside both sets (``both``)
    sees in every cell holding them in each set (``ta``, ``tb``: the sets' targets), as a
    mask, and the candidates those cells lose."""
    zmask = 0
    elims: list[tuple[int, int]] = []
    for z in bits(common):
        hit = ta[z] & tb[z] & ~both
        if hit:
            zmask |= 1 << z
            elims.extend((c, z + 1) for c in bits(hit))
    return zmask, elims


# ---------------------------------------------------------------------- finders
def find_als_xz(cands: Candidates) -> Iterator[Step]:
    """Two ALS with a restricted common digit ``x``: a shared ``z`` is in one of them.

    Cells that see every ``z`` of both sets lose ``z``.  With two restricted common
    digits (doubly linked) each RCC is placed in one of the two sets and every other digit
    is locked in its own set, so more goes.

    >>> from shudu import Grid
    >>> list(find_als_xz(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(".24.6.7..5.74.9.1.....7......5.9487147.6."
    ...                   "85.3..8..7.6.7......46.46..3.57.5.7461..")
    >>> next(find_als_xz(c)).notation()
    'ALS-XZ: A=r8c7 {2,9}, B=r7c7,r9c8,r9c9 {2,3,8,9}, X=2,9 => r9c1<>8'
    """
    idx = als_index(cands)
    N = cands.geo.ncells
    every = (1 << N) - 1
    tt = _targets(idx, N)
    for a, links in enumerate(idx.rcc):
        tta = tt[a]
        for b, rmask in links.items():
            if b <= a:
                continue
            if not rmask & (rmask - 1) and not (
                    tta & tt[b] & ~(every << (N * (rmask.bit_length() - 1)))):
                continue   # singly linked and no other digit seen from outside both sets
            step = _xz_step(idx, cands, a, b, rmask)
            if step is not None:
                yield step


def _xz_step(idx: AlsIndex | _Sets, cands: Candidates, a: int, b: int, rmask: int
             ) -> Step | None:
    """The ALS-XZ step of sets ``a`` and ``b`` linked by the RCC digit indices of
    ``rmask``, or ``None`` when it eliminates nothing."""
    cells, digits, targ = idx.cells, idx.digits, idx.targ
    dm = cands.digit_mask
    ta, ca = targ[a], cells[a]
    tb, cb = targ[b], cells[b]
    both = ca | cb
    zmask, elims = _common_z(ta, tb, both, digits[a] & digits[b] & ~rmask)
    doubly = rmask.bit_count() >= 2
    if doubly:
        for x in bits(rmask):
            hit = ta[x] & tb[x] & ~both
            elims.extend((c, x + 1) for c in bits(hit))
        for own, other, t in ((a, cb, ta), (b, ca, tb)):
            for d in bits(digits[own] & ~rmask):
                hit = t[d] & ~other & dm[d]
                elims.extend((c, d + 1) for c in bits(hit))
    if not elims:
        return None
    return Step("als-xz", eliminations=elims,
                digits=(*_digits(rmask), *_digits(zmask)),
                cells={"als-a": _cells(ca), "als-b": _cells(cb)},
                candidates={"rcc": _cands(idx, a, rmask) + _cands(idx, b, rmask),
                            "z": _cands(idx, a, zmask) + _cands(idx, b, zmask)},
                size=cands.geo.n,
                extra={"rcc": _digits(rmask), "z": _digits(zmask), "doubly": doubly,
                       "set_digits": (digits[a], digits[b])})


def _xz_wing9(cands: Candidates) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The first ALS-XZ and the first ALS-XY-Wing of a classic 9x9 state, found by the C
    core from one index (``None`` past its tables), remembered per state: the solver
    asks for the wing right after the ALS-XZ of the same state finds nothing."""
    return state_memo(cands, "als-xz-wing", accel9.als_xz_wing)


def _first_xz9(cands: Candidates) -> Step | None:
    """The first step of :func:`find_als_xz` on a classic 9x9 state, found by the C core
    (the Python search where the state is past the C tables)."""
    both = _xz_wing9(cands)
    if both is None:
        return next(find_als_xz(cands), None)
    got = both[0]
    if not got:
        return None
    a, b, rmask = got
    return _xz_step(_Sets(cands, [a, b]), cands, 0, 1, rmask)


def _targets(idx: AlsIndex, ncells: int) -> list[int]:
    """Per ALS: its target cells of every digit as one bitset, digit ``z`` shifted by
    ``z * ncells`` (cached on the index)."""
    if idx._targets is not None and idx._targets[0] == ncells:
        return idx._targets[1]
    out = []
    for tg in idx.targ:
        m = 0
        for z, cs in enumerate(tg):
            if cs:
                m |= cs << (z * ncells)
        out.append(m)
    idx._targets = (ncells, out)
    return out


def find_als_xy_wing(cands: Candidates) -> Iterator[Step]:
    """ALS ``A`` and ``B`` each linked to a pivot ALS ``C`` by different RCCs ``x``, ``y``.

    If neither ``A`` nor ``B`` held ``z``, both would be locked, taking ``x`` and ``y``
    away from ``C``, which would be left with too few digits; so ``z`` is in ``A`` or
    ``B`` and cells that see every ``z`` of both lose it.

    >>> from shudu import Grid
    >>> list(find_als_xy_wing(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("9..3647587..815249845792..1.97.56.8......"
    ...                   "859.58.92.1..1..5.9....5928...33.864.9.5")
    >>> next(find_als_xy_wing(c)).notation()
    'ALS-XY-Wing: A=r4c7 {3,4}, B=r8c7 {4,6}, C=r3c7 {3,6}, X=3, Y=6, Z=4 => r7c7<>4'
    """
    idx = als_index(cands)
    n = cands.geo.n
    rcc = idx.rcc
    seen: set[tuple[int, int, int, tuple[int, ...]]] = set()
    # a z is shared when some cell outside both sets sees all its candidates in A and in
    # B: that cell is a target of z for both (targets exclude a set's own cells)
    N = cands.geo.ncells
    every = (1 << N) - 1
    tt = _targets(idx, N)
    for c, links in enumerate(rcc):
        if len(links) < 2:
            continue
        linkbits = 0
        by_rcc: dict[int, int] = {}   # single-RCC links, by their RCC
        for a, ra in links.items():
            linkbits |= 1 << a
            if not ra & (ra - 1):
                by_rcc[ra] = by_rcc.get(ra, 0) | 1 << a
        for a in bits(linkbits):
            ra = links[a]
            cand = linkbits & ~((2 << a) - 1)
            if not ra & (ra - 1):
                cand &= ~by_rcc[ra]   # both linked by the same one digit: no x != y
            if not cand:
                continue
            tta = tt[a]
            for b in bits(cand):
                shared = tta & tt[b]
                if not shared:
                    continue
                rb = links[b]
                for x in bits(ra):
                    for y in bits(rb):
                        if x == y:
                            continue
                        zt = shared & ~(every << (x * N) | every << (y * N))
                        if not zt:
                            continue
                        step = _wing_step(idx, n, a, b, c, x, y)
                        key = (a, b, c, step.digits)   # x, y and the z digits
                        if key in seen:
                            continue
                        seen.add(key)
                        yield step


def _wing_step(idx: AlsIndex | _Sets, n: int, a: int, b: int, c: int, x: int, y: int
               ) -> Step:
    """The ALS-XY-Wing step of sets ``a``, ``b`` and pivot ``c`` linked by RCC digit
    indices ``x`` (A-C) and ``y`` (B-C)."""
    cells, digits, targ = idx.cells, idx.digits, idx.targ
    zmask, elims = _common_z(targ[a], targ[b], cells[a] | cells[b],
                             digits[a] & digits[b] & ~(1 << x | 1 << y))
    return Step("als-xy-wing", eliminations=elims,
                digits=(x + 1, y + 1, *_digits(zmask)),
                cells={"als-a": _cells(cells[a]), "als-b": _cells(cells[b]),
                       "als-c": _cells(cells[c])},
                candidates={"rcc": _cands(idx, a, 1 << x) + _cands(idx, c, 1 << x | 1 << y)
                            + _cands(idx, b, 1 << y),
                            "z": _cands(idx, a, zmask) + _cands(idx, b, zmask)},
                size=n,
                extra={"rcc": (x + 1, y + 1), "z": _digits(zmask),
                       "set_digits": (digits[a], digits[b], digits[c])})


def _first_wing9(cands: Candidates) -> Step | None:
    """The first step of :func:`find_als_xy_wing` on a classic 9x9 state, found by the C
    core (the Python search where the state is past the C tables)."""
    both = _xz_wing9(cands)
    if both is None:
        return next(find_als_xy_wing(cands), None)
    got = both[1]
    if not got:
        return None
    *sets, x, y = got
    return _wing_step(_Sets(cands, sets), cands.geo.n, 0, 1, 2, x, y)


class _Sets:
    """A few almost locked sets of a state with the fields of :class:`AlsIndex` that a
    step's words use (cells, digits, dcells, targ), worked out as the index does."""

    __slots__ = ("cells", "dcells", "digits", "targ")

    def __init__(self, cands: Candidates, sets: list[int]) -> None:
        dm, cm, peer = cands.digit_mask, cands.cell_mask, cands.geo.peer_mask
        common = _common_peers(peer)
        self.cells = sets
        self.digits: list[int] = []
        self.dcells: list[list[int]] = []
        self.targ: list[list[int]] = []
        for cmask in sets:
            digits = 0
            for c in bits(cmask):
                digits |= cm[c]
            dc, _, tg = _set_fields(cmask, digits, dm, peer, cands.geo.all_cells, common)
            self.digits.append(digits)
            self.dcells.append(dc)
            self.targ.append(tg)


def _chain_steps(idx: AlsIndex, cands: Candidates, max_len: int) -> Iterator[Step]:
    """ALS chains of 4..max_len sets: the shortest one per set of eliminations, shortest
    first.

    Searched breadth first from every start set and first RCC over states
    ``(set, digit index)`` meaning "the set is locked without this digit", reached when
    the previous set placed that RCC; a chain ends wherever the first and last sets share
    a digit other than the first and last RCC whose cells all see some outside candidate.
    """
    n = cands.geo.n
    cells, digits, targ, rcc = idx.cells, idx.digits, idx.targ, idx.rcc
    best: dict[tuple[tuple[int, int], ...], tuple[list[int], list[int], int]] = {}
    # a chain eliminates where the start and the end set have a common target: only
    # targets of two or more sets can be such places
    ncells = idx.ncells
    every = (1 << ncells) - 1
    tt = _targets(idx, ncells)
    once = twice = 0
    for t in tt:
        twice |= once & t
        once |= t
    for start in range(len(cells)):
        if not rcc[start]:
            continue
        tstart = targ[start]
        # digits of the start set that some outside cell could lose
        useful = 0
        for z in bits(digits[start]):
            if tstart[z]:
                useful |= 1 << z
        if not useful:
            continue
        firsts = 0
        for rmask in rcc[start].values():
            firsts |= rmask
        shared = tt[start] & twice
        for rfirst in bits(firsts):
            if useful & ~(1 << rfirst) and shared & ~(every << (rfirst * ncells)):
                for found, sets, rccs, zmask in _chain_from(
                        idx, start, rfirst, useful & ~(1 << rfirst), max_len):
                    old = best.get(found)
                    if old is None or len(sets) < len(old[0]):
                        best[found] = (sets, rccs, zmask)
    for found, (sets, rccs, zmask) in sorted(best.items(), key=lambda kv: len(kv[1][0])):
        yield _chain_step(idx, n, sets, rccs, zmask, found)


def _chain_step(idx: AlsIndex | _Sets, n: int, sets: list[int], rccs: list[int], zmask: int,
                found: tuple[tuple[int, int], ...]) -> Step:
    """The ALS-XY-Chain step through ``sets`` (indices into ``idx``) linked by the RCC
    digit indices ``rccs``, eliminating the candidates ``found`` (sorted) of the digit
    indices of ``zmask``."""
    cells, digits = idx.cells, idx.digits
    start, end = sets[0], sets[-1]
    links: list[tuple[int, int]] = []
    for i, r in enumerate(rccs):
        links.extend(_cands(idx, sets[i], 1 << r) + _cands(idx, sets[i + 1], 1 << r))
    length = 2 * len(sets) - 1
    return Step("als-xy-chain", eliminations=found,
                digits=tuple(dict.fromkeys((*(r + 1 for r in rccs), *_digits(zmask)))),
                cells={f"als-{i + 1}": _cells(cells[s]) for i, s in enumerate(sets)},
                candidates={"rcc": links,
                            "z": _cands(idx, start, zmask) + _cands(idx, end, zmask)},
                size=n,
                extra={"rcc": tuple(r + 1 for r in rccs), "z": _digits(zmask),
                       "set_digits": tuple(digits[s] for s in sets), "length": length,
                       "difficulty": round(8.0 + length_bonus(length), 1)})


def _first_chain9(cands: Candidates) -> Step | None:
    """The first step of :func:`find_als_xy_chain` on a classic 9x9 state, found by the
    C core (the Python search where the state is past the C tables).

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(".3.541.989183.654.54.98.316853.691...7.85"
    ...                   "..39429713685.85.3.961.9.6.8.5336.1958..")
    >>> _first_chain9(c) == next(find_als_xy_chain(c))
    True
    """
    got = accel9.als_chain(cands)
    if got is None:
        return next(find_als_xy_chain(cands), None)
    if not got:
        return None
    cells, rccs, zmask = got
    idx = _Sets(cands, list(cells))
    last = len(cells) - 1
    _, elims = _common_z(idx.targ[0], idx.targ[last], cells[0] | cells[last], zmask)
    return _chain_step(idx, cands.geo.n, list(range(len(cells))), list(rccs), zmask,
                       tuple(sorted(elims)))


def _chain_from(idx: AlsIndex, start: int, rfirst: int, useful: int, max_len: int
                ) -> Iterator[tuple[tuple[tuple[int, int], ...], list[int], list[int], int]]:
    """Breadth-first ALS chains from ``start`` whose first RCC is ``rfirst``: yields
    ``(eliminations, sets, rcc digit indices, z mask)``.

    A node ``set << 5 | r`` stands for "the set is locked without digit index ``r``".
    """
    cells, digits, targ, rcc = idx.cells, idx.digits, idx.targ, idx.rcc
    adj = idx.adjacency()
    tstart = targ[start]
    dstart = digits[start] & useful
    # targets of the start set's useful digits, all digits in one bitset (see _targets)
    ncells = idx.ncells
    every = (1 << ncells) - 1
    tt = _targets(idx, ncells)
    tts = 0
    for z in bits(dstart):
        tts |= every << (z * ncells)
    tts &= tt[start]
    # parent pointers: node -> previous node, -1 for the first link
    parent: dict[int, int] = {}
    frontier: list[int] = []
    fbit = 1 << rfirst
    for b, rmask in rcc[start].items():
        if rmask & fbit:
            node = b << 5 | rfirst
            parent[node] = -1
            frontier.append(node)
    depth = 2
    while frontier and depth < max_len:
        depth += 1
        nxt: list[int] = []
        for node in frontier:
            r = node & 31
            for key in adj[node >> 5]:
                if key & 31 != r and key not in parent and key >> 5 != start:
                    parent[key] = node
                    nxt.append(key)
        frontier = nxt
        if depth < 4:
            continue
        for node in frontier:
            end, rlast = node >> 5, node & 31
            if not tts & tt[end] & ~(every << (rlast * ncells)):
                continue   # no digit but the last RCC seen from outside both sets
            zmask, elims = _common_z(tstart, targ[end], cells[start] | cells[end],
                                     dstart & digits[end] & ~(1 << rlast))
            if not elims:
                continue
            nodes = [node]
            while (prev := parent[nodes[-1]]) >= 0:
                nodes.append(prev)
            nodes.reverse()
            sets = [start] + [k >> 5 for k in nodes]
            if len(set(sets)) == len(sets):
                yield tuple(sorted(elims)), sets, [k & 31 for k in nodes], zmask


def find_als_xy_chain(cands: Candidates) -> Iterator[Step]:
    """ALS ``A1 ... Ak`` (``k >= 4``) linked in a row by RCCs, consecutive RCCs different.

    If ``A1`` lacked ``z`` it would be locked and place the first RCC, which then leaves
    ``A2`` locked, and so on along the chain until ``Ak`` is locked without the last RCC
    and places ``z``.  So ``z`` is in ``A1`` or ``Ak``: cells seeing every ``z`` of both
    lose it.  Chains of up to :data:`MAX_CHAIN` sets are searched, shortest first.

    >>> from shudu import Grid
    >>> list(find_als_xy_chain(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(".3.541.989183.654.54.98.316853.691...7.85"
    ...                   "..39429713685.85.3.961.9.6.8.5336.1958..")
    >>> next(find_als_xy_chain(c)).notation()
    'ALS-XY-Chain: Z=7: r1c7 {2,7} -2- r2c9 {2,7} -7- r2c5 {2,7} -2- r8c5 {2,7} => r8c7<>7'
    """
    yield from _chain_steps(als_index(cands), cands, MAX_CHAIN)


def find_death_blossom(cands: Candidates) -> Iterator[Step]:
    """A stem cell whose every candidate ``d`` links it to a petal ALS (all petal ``d`` see
    the stem): whichever digit the stem takes, that petal is locked without it.

    A digit ``z`` in every petal (other than as its link digit) is then placed in one
    of the petals, or in the stem itself when the stem holds ``z``: cells seeing all of
    those ``z`` lose it.

    >>> from shudu import Grid
    >>> list(find_death_blossom(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(".....2.3..579..6.24..6...1.9...6...151..."
    ...                   "9.267...8..94.7..93..8..5.26179.9.5....3")
    >>> next(find_death_blossom(c)).notation()
    'Death Blossom: stem r1c1 {1,6,8}; 1: r2c1,r7c1,r8c1,r9c1 {1,2,3,6,8}; 6: r2c1,r7c...'
    """
    idx = als_index(cands)
    geo = cands.geo
    cm = cands.cell_mask
    dm = cands.digit_mask
    peer = geo.peer_mask
    digits = idx.digits
    stems = 0
    for c, m in enumerate(cm):
        if 3 <= m.bit_count() <= MAX_STEM:
            stems |= 1 << c
    # petals[stem][d]: ALS without the stem whose d cells all see it
    petals: dict[int, dict[int, list[int]]] = {}
    for i, dmask in enumerate(digits):
        for d in bits(dmask):
            for stem in bits(idx.targ[i][d] & stems):
                petals.setdefault(stem, {}).setdefault(d, []).append(i)
    for stem, by_digit in petals.items():
        smask = cm[stem]
        if len(by_digit) < smask.bit_count():
            continue
        speer = peer[stem]
        sbit = 1 << stem
        opts = [(len(ok), d, ok) for d, ok in by_digit.items()]
        opts.sort()
        # where each z could go: cells holding z that see the stem when it holds z
        hits = {z: dm[z] & ~sbit & (speer if smask >> z & 1 else geo.all_cells)
                for z in range(geo.n)}
        yield from _blossom(idx, cands, stem, [(d, ok) for _, d, ok in opts], hits)


def _blossom(idx: AlsIndex, cands: Candidates, stem: int, opts: list[tuple[int, list[int]]],
             start: dict[int, int]) -> Iterator[Step]:
    """Every choice of one petal per stem digit leaving some ``z`` with a common peer."""
    cells, digits, targ = idx.cells, idx.digits, idx.targ
    n = cands.geo.n
    smask = cands.cell_mask[stem]
    chosen: list[int] = []
    seen: set[tuple[tuple[int, int], ...]] = set()

    def rec(k: int, hits: dict[int, int], used: int) -> Iterator[Step]:
        if k == len(opts):
            elims: list[tuple[int, int]] = []
            zmask = 0
            for z, hit in hits.items():
                hit &= ~used
                if hit:
                    zmask |= 1 << z
                    elims.extend((c, z + 1) for c in bits(hit))
            found = tuple(sorted(elims))
            if not elims or found in seen:
                return
            seen.add(found)
            order = sorted(zip((d for d, _ in opts), chosen))
            links = tuple((stem, d + 1) for d, _ in order)
            for d, i in order:
                links += _cands(idx, i, 1 << d)
            zc = tuple(c for d, i in order for c in _cands(idx, i, zmask & ~(1 << d)))
            zc = tuple((stem, z + 1) for z in bits(zmask & smask)) + zc
            yield Step("death-blossom", eliminations=elims,
                       digits=(*digits_in(smask), *digits_in(zmask & ~smask)),
                       cells={"stem": (stem,),
                              **{f"petal-{d + 1}": _cells(cells[i]) for d, i in order}},
                       candidates={"rcc": links, "z": zc}, size=n,
                       extra={"z": digits_in(zmask), "stem_digits": digits_in(smask),
                              "petal_digits": tuple(d + 1 for d, _ in order),
                              "set_digits": tuple(digits[i] for _, i in order),
                              "difficulty": round(8.2 + 0.1 * max(0, len(order) - 2), 1)})
            return
        d, options = opts[k]
        for i in options:
            ti, di, ci = targ[i], digits[i], cells[i]
            nh = {}
            for z, hit in hits.items():
                if z != d:
                    if not di >> z & 1:
                        continue
                    hit &= ti[z]
                hit &= ~ci
                if hit:
                    nh[z] = hit
            if nh:
                chosen.append(i)
                yield from rec(k + 1, nh, used | ci)
                chosen.pop()

    yield from rec(0, start, 1 << stem)


# ---------------------------------------------------------------------- words
def _set_text(step: Step, cells: tuple[int, ...], dmask: int) -> str:
    names = ",".join(cells_text([c], step.size) for c in cells)
    return f"{names} {{{','.join(map(str, digits_in(dmask)))}}}"


def _list(items: list[str] | tuple[str, ...], lang: str) -> str:
    items = list(items)
    if lang == "zh":
        return "、".join(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _dl(ds: tuple[int, ...], lang: str) -> str:
    return _list([str(d) for d in ds], lang) if ds else ""


def _zword(zs: tuple[int, ...], lang: str) -> tuple[str, str]:
    """(lead-in, name) for the eliminated digit(s): ``z`` stands for each of several."""
    if len(zs) <= 1:
        return "", "".join(map(str, zs))
    if lang == "zh":
        return f"对 {_dl(zs, lang)} 中的每个数字 z：", "z"
    return f"Take z = {_list([str(d) for d in zs], 'en').replace(' and ', ' or ')}: ", "z"


def _sets(step: Step, roles: list[str]) -> list[str]:
    masks = step.get("set_digits", ())
    return [_set_text(step, step.role_cells(r), m) for r, m in zip(roles, masks)]


def _xz_where(step: Step, lang: str) -> str:
    a, b = _sets(step, ["als-a", "als-b"])
    rccs = step.get("rcc")
    x = _dl(rccs, lang)
    if lang == "zh":
        return f"看看待定数组 {a} 和 {b}，它们通过数字 {x} 相连。"
    return (f"Look at the almost locked sets {a} and {b}, linked by "
            f"digit{'s' if len(rccs) > 1 else ''} {x}.")


def _xz_explain(step: Step, lang: str) -> str:
    a, b = _sets(step, ["als-a", "als-b"])
    rccs = step.get("rcc")
    zs = step.get("z")
    res = result_text(step, lang)
    x = _dl(rccs, lang)
    lead, z = _zword(zs, lang)
    if step.get("doubly"):
        if lang == "zh":
            return (f"待定数组XZ（双链）：A = {a}，B = {b}，每组的数字都比格子多一个。"
                    f"{x} 都是受限公共数（A 中每个 {rccs[0]} 都能看到 B 中每个 {rccs[0]}，"
                    f"{rccs[1]} 亦然），每个只能出现在其中一组，而少了一个数字的组就成了死锁数组，"
                    f"所以 {x} 各在 A 或 B 中出现一次，其余数字都锁定在各自的组内。"
                    f"看到某数字在这些组中全部位置的格子不能取该数字：{res}。")
        return (f"ALS-XZ (doubly linked): A = {a} and B = {b} each hold one digit more than "
                f"cells. Both {x} are restricted common digits (every {rccs[0]} of A sees every "
                f"{rccs[0]} of B, and the same for {rccs[1]}), so each can be in only one of the "
                f"sets; a set that lacks one of its digits is locked, so {x} each go once into "
                f"A or B and every other digit is locked in its own set. A cell that sees all "
                f"the places of such a digit cannot hold it: {res}.")
    if lang == "zh":
        return (f"待定数组XZ：A = {a}，B = {b}，每组的数字都比格子多一个。A 中每个 {x} 都能看到 "
                f"B 中每个 {x}（受限公共数 X = {x}），所以 {x} 最多出现在其中一组，另一组就成了"
                f"死锁数组，必须填入它的其余数字。{lead}{z} 一定在 A 或 B 中，能看到两组中所有 {z} "
                f"的格子不能是 {z}：{res}。")
    return (f"ALS-XZ: A = {a} and B = {b} each hold one digit more than cells. Every {x} of "
            f"A sees every {x} of B (the restricted common digit X = {x}), so {x} is in at most "
            f"one of them and the other set is locked and holds all its other digits. "
            f"{lead}{'so ' if lead else 'So '}{z} is in A or in B, and a cell that sees "
            f"every {z} of both sets cannot be {z}: {res}.")


def _xz_notation(step: Step) -> str:
    a, b = _sets(step, ["als-a", "als-b"])
    x = ",".join(map(str, step.get("rcc")))
    zs = step.get("z")
    z = f", Z={','.join(map(str, zs))}" if zs else ""
    return (f"ALS-XZ: A={a}, B={b}, X={x}{z} => "
            f"{candidates_text(step.eliminations, step.size)}")


def _wing_where(step: Step, lang: str) -> str:
    a, b, c = _sets(step, ["als-a", "als-b", "als-c"])
    x, y = step.get("rcc")
    if lang == "zh":
        return f"看看待定数组 {c}，它通过数字 {x} 和 {y} 分别连到 {a} 和 {b}。"
    return f"Look at the almost locked set {c}, linked to {a} by {x} and to {b} by {y}."


def _wing_explain(step: Step, lang: str) -> str:
    a, b, c = _sets(step, ["als-a", "als-b", "als-c"])
    x, y = step.get("rcc")
    lead, z = _zword(step.get("z"), lang)
    res = result_text(step, lang)
    if lang == "zh":
        return (f"待定数组XY翼：枢纽 C = {c}，A = {a}，B = {b}，每组的数字都比格子多一个。"
                f"A 和 C 的受限公共数是 {x}，B 和 C 的是 {y}。{lead}如果 A 和 B 都没有 {z}，"
                f"它们都成为死锁数组，必须填入 {x} 和 {y}，C 就同时失去 {x} 和 {y}，"
                f"数字不够填满格子。"
                f"所以 {z} 一定在 A 或 B 中，能看到两组中所有 {z} 的格子不能是 {z}：{res}。")
    return (f"ALS-XY-Wing: pivot C = {c}, A = {a} and B = {b}, each holding one digit more "
            f"than cells. A and C share the restricted common digit {x}, B and C share {y}. "
            f"{lead}{'if' if lead else 'If'} neither A nor B held {z}, both would be locked "
            f"and place {x} and {y}, taking both away from C, which would then have too few "
            f"digits. So {z} is in A or B, "
            f"and a cell that sees every {z} of both cannot be {z}: {res}.")


def _wing_notation(step: Step) -> str:
    a, b, c = _sets(step, ["als-a", "als-b", "als-c"])
    x, y = step.get("rcc")
    z = ",".join(map(str, step.get("z")))
    return (f"ALS-XY-Wing: A={a}, B={b}, C={c}, X={x}, Y={y}, Z={z} => "
            f"{candidates_text(step.eliminations, step.size)}")


def _chain_roles(step: Step) -> list[str]:
    return [f"als-{i + 1}" for i in range(len(step.get("set_digits", ())))]


def _chain_body(step: Step) -> str:
    sets = _sets(step, _chain_roles(step))
    rccs = step.get("rcc")
    out = sets[0]
    for r, s in zip(rccs, sets[1:]):
        out += f" -{r}- {s}"
    return out


def _chain_where(step: Step, lang: str) -> str:
    sets = _sets(step, _chain_roles(step))
    if lang == "zh":
        return f"看看从待定数组 {sets[0]} 到 {sets[-1]} 的一串待定数组。"
    return f"Look at a chain of almost locked sets from {sets[0]} to {sets[-1]}."


def _chain_explain(step: Step, lang: str) -> str:
    sets = _sets(step, _chain_roles(step))
    rccs = step.get("rcc")
    lead, z = _zword(step.get("z"), lang)
    res = result_text(step, lang)
    body = _chain_body(step)
    if lang == "zh":
        return (f"待定数组XY链：{body}（相邻两组之间标出的是受限公共数）。"
                f"{lead}若 {sets[0]} 不含 {z}，它就是死锁数组，必须填入 {rccs[0]}，"
                f"于是下一组不能有 {rccs[0]}、成为死锁数组并填入下一个受限公共数，依此类推，"
                f"直到 {sets[-1]} 去掉 {rccs[-1]} 后必须填入 {z}。所以 "
                f"{z} 一定在首尾两组之一中，能看到两组中所有 {z} 的格子不能是 {z}：{res}。")
    return (f"ALS-XY-Chain: {body} (each link is the restricted common digit of the two sets "
            f"it joins). {lead}{'if' if lead else 'If'} {sets[0]} did not hold {z}, it would "
            f"be locked and place {rccs[0]}, so the next set loses {rccs[0]}, is locked and "
            f"places the next link digit, and so on, until {sets[-1]} is locked without "
            f"{rccs[-1]} and must place {z}. So {z} is in the first or the last set, and a "
            f"cell that sees every {z} of both cannot be {z}: {res}.")


def _chain_notation(step: Step) -> str:
    z = ",".join(map(str, step.get("z")))
    return (f"ALS-XY-Chain: Z={z}: {_chain_body(step)} => "
            f"{candidates_text(step.eliminations, step.size)}")


def _petals(step: Step) -> list[tuple[int, str]]:
    ds = step.get("petal_digits", ())
    masks = step.get("set_digits", ())
    return [(d, _set_text(step, step.role_cells(f"petal-{d}"), m)) for d, m in zip(ds, masks)]


def _stem(step: Step) -> str:
    stem = step.role_cells("stem")[0]
    smask = 0
    for d in step.get("stem_digits", ()):
        smask |= 1 << (d - 1)
    return _set_text(step, (stem,), smask)


def _db_where(step: Step, lang: str) -> str:
    stem = _stem(step)
    if lang == "zh":
        return f"看看茎格 {stem}：它的每个候选数都连到一个待定数组。"
    return f"Look at the stem cell {stem}: each of its candidates links it to an almost locked set."


def _db_explain(step: Step, lang: str) -> str:
    stem = _stem(step)
    zs = step.get("z")
    z = _dl(zs, lang)
    res = result_text(step, lang)
    sd = step.get("stem_digits", ())
    own = [d for d in zs if d in sd]
    if lang == "zh":
        parts = "；".join(f"若为 {d}，花瓣 {p} 中的 {d} 都看到茎格，它失去 {d} 成为死锁数组，"
                         f"必须填入其余数字" for d, p in _petals(step))
        extra = f"（若茎格为 {_dl(tuple(own), lang)}，它本身就是该数字）" if own else ""
        return (f"死亡绽放：茎格 {stem} 必取其候选数之一。{parts}。每个花瓣都含有 {z}{extra}，"
                f"所以无论哪种情况 {z} 都在这些位置之一，"
                f"能看到某数字所有这些位置的格子不能取该数字：{res}。")
    parts = "; ".join(f"if it is {d}, the petal {p} (whose {d}s all see the stem) loses {d}, is "
                      f"locked and places all its other digits" for d, p in _petals(step))
    extra = (f" (when the stem is {_dl(tuple(own), lang)}, the stem itself holds that digit)"
             if own else "")
    return (f"Death Blossom: the stem {stem} takes one of its candidates. {parts[0].upper()}"
            f"{parts[1:]}. Every petal holds {z}{extra}, so whichever way the stem goes, "
            f"{'each of ' if len(zs) > 1 else ''}{z} is placed in one of them, and a cell that "
            f"sees all those places cannot hold it: {res}.")


def _db_notation(step: Step) -> str:
    petals = "; ".join(f"{d}: {p}" for d, p in _petals(step))
    z = ",".join(map(str, step.get("z")))
    return (f"Death Blossom: stem {_stem(step)}; {petals}; Z={z} => "
            f"{candidates_text(step.eliminations, step.size)}")


# Sudoku Explainer has no ALS moves: these ratings sit between chains (6.6-7.3) and
# forcing nets (8.5+), ALS-XZ next to forcing chains; see the module docstring.
register(Technique.of("als-xz", find_als_xz, _xz_where, _xz_explain, _xz_notation,
                      aliases=("als xz rule",), first9=_first_xz9))
register(Technique.of("als-xy-wing", find_als_xy_wing, _wing_where, _wing_explain,
                      _wing_notation, first9=_first_wing9))
register(Technique.of("als-xy-chain", find_als_xy_chain, _chain_where, _chain_explain,
                      _chain_notation, aliases=("als chain",), first9=_first_chain9))
register(Technique.of("death-blossom", find_death_blossom, _db_where, _db_explain,
                      _db_notation))
