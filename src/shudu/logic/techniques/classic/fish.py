"""Fish: X-Wing, Swordfish, Jellyfish and their finned, sashimi, Franken and Mutant kin.

A fish of size k on one digit takes k *base* houses and k *cover* houses such that every
candidate of the digit in the base houses lies in a cover house.  Each base house needs the
digit once and the base houses share no cell, so the k cover houses are filled by base
cells: the digit can be removed from the cover houses' other cells.  A base candidate that
lies in two cover houses goes too (*cannibalism*).

*Fins* are base candidates outside every cover house (or in two base houses: *endo fins*).
Either the fish holds or one fin is true, so only the cells that would be eliminated *and*
see every fin lose the digit.  Kinds, after HoDoKu:

* basic: rows against columns (or columns against rows); *sashimi* when some base house
  holds at most one candidate besides the fins;
* Franken: rows and boxes against columns and boxes (or transposed), with a box somewhere;
* Mutant: any other mix of rows, columns and boxes.

Two finned fish on the same base houses with different eliminations are also reported
together as a *siamese* fish (one step, both eliminations).

>>> from shudu.logic.registry import technique
>>> from shudu.logic.solver import as_candidates
>>> c = as_candidates(EXAMPLE)
>>> next(technique("x-wing").find(c)).notation()
'X-Wing: 3 r37 c34 => r1c34<>3, r4c34<>3, r5c34<>3, r6c34<>3, r9c4<>3'

The Franken and Mutant searches try every combination of base houses (pruned by the
endo-fin limit) and, for each, choose cover houses cell by cell; sizes up to four are
registered, the larger and the Mutant ones as separate, later techniques.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ....values.candidates import Candidates, bits, geometry
from ....values.rules import Rules
from ...accel9 import finned_fish, fish_any, fish_digits, geo_words
from ...registry import Finder, Technique, register
from ...render import a_digit, houses_text, result_text
from ...step import Step, candidates_text, cells_text
from .intersections import house_labels

__all__ = [
    "MAX_ENDO_FINS",
    "MAX_FINS",
    "Fish",
    "fishes",
]

EXAMPLE = "9.....561..6.1.79371..962486...21479........5....4...642..586175.71.2..4..1....52"
"""A puzzle state with an X-Wing, a Swordfish and finned and Franken fish on 3."""
MAX_FINS = 5
"""Most fins (exo and endo together) a finned fish may have (HoDoKu's default)."""
MAX_ENDO_FINS = 2
"""Most endo fins (candidates in two base houses) a Franken/Mutant fish may have."""

ROW, COL, BOX = 0, 1, 2
_SIZE_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish", 5: "Squirmbag", 6: "Whale"}
_SIZE_KEYS = {2: "x-wing", 3: "swordfish", 4: "jellyfish", 5: "squirmbag", 6: "whale"}
_SIZE_ZH = {2: "X翼", 3: "剑鱼", 4: "水母", 5: "五链鱼", 6: "六链鱼"}


@dataclass(frozen=True)
class _Tables:
    n: int
    nh: int
    hm: tuple[int, ...]
    kind: tuple[int, ...]
    cell_houses: tuple[tuple[int, ...], ...]
    peer: tuple[int, ...]
    reach: tuple[tuple[int, ...], ...]
    """Per set of cover kinds (bits ROW, COL, BOX), per cell: the cells sharing a house
    of those kinds with it (itself included)."""
    plain: bool = False
    """True when rows, columns and boxes (or regions) make every peer relation."""
    cover_of: tuple[tuple[int, ...], ...] = ()
    """Per base kind (ROW, COL): each cell's index among the cover lines (its column,
    or its row)."""
    box_index: tuple[int, ...] = ()
    """Each cell's box (or region) number."""
    peer_words: bytes = b""
    """On a 9x9 grid that is not plain: the peers as :func:`.accel9.fish_any` takes them."""


@lru_cache(maxsize=32)
def _tables(rules: Rules) -> _Tables:
    geo = geometry(rules)
    n = geo.n
    nh = 3 * n
    hm = geo.house_mask[:nh]
    cell_houses = tuple(tuple(h for h in hs if h < nh) for hs in geo.cell_houses)
    reach = []
    for kinds in range(8):
        per_cell = []
        for c, hs in enumerate(cell_houses):
            m = 1 << c
            for h in hs:
                if kinds >> (h // n) & 1:
                    m |= hm[h]
            per_cell.append(m)
        reach.append(tuple(per_cell))
    plain = all(reach[7][c] & ~(1 << c) == geo.peer_mask[c] for c in range(n * n))
    cover_of = (tuple(geo.col_of), tuple(geo.row_of))
    box_index = tuple(
        next(h - 2 * n for h in cell_houses[c] if 2 * n <= h < 3 * n) for c in range(n * n))
    return _Tables(n=n, nh=nh, hm=hm, kind=tuple(h // n for h in range(nh)),
                   cell_houses=cell_houses, peer=geo.peer_mask, reach=tuple(reach),
                   plain=plain, cover_of=cover_of, box_index=box_index,
                   peer_words=geo_words(geo)[1] if n == 9 and not plain else b"")


@dataclass(frozen=True)
class Fish:
    """One fish on one digit, as found by the search.

    ``base``/``cover`` are house indices, ``cells`` the base candidates (bitboard),
    ``fins``/``endo`` the exo and endo fins, ``elims`` the cells that lose the digit and
    ``kind`` one of ``basic``, ``finned``, ``sashimi``, ``franken``, ``finned-franken``,
    ``mutant``, ``finned-mutant``.
    """

    digit: int
    base: tuple[int, ...]
    cover: tuple[int, ...]
    cells: int
    fins: int
    endo: int
    elims: int
    kind: str


def _independent(cells: int, reach: tuple[int, ...]) -> int:
    """Cells of ``cells`` that pairwise share no cover house (greedy, lowest first)."""
    near = 0
    out = 0
    while cells:
        low = cells & -cells
        cells ^= low
        if not near & low:
            out |= low
            near |= reach[low.bit_length() - 1]
    return out


def _fins_possible(t: _Tables, ind: int, surplus: int, dm: int) -> bool:
    """Can ``surplus`` of the cells ``ind`` be fins, i.e. see one common candidate cell?"""
    peer = t.peer
    cells = dm & ~ind
    while cells:
        low = cells & -cells
        cells ^= low
        if (peer[low.bit_length() - 1] & ind).bit_count() >= surplus:
            return True
    return False


def _classify(t: _Tables, base: tuple[int, ...], cover: tuple[int, ...], cells: int,
              fins: int, endo: int, dm: int) -> str:
    bk = 0
    for h in base:
        bk |= 1 << t.kind[h]
    ck = 0
    for h in cover:
        ck |= 1 << t.kind[h]
    finned = bool(fins or endo)
    r, c, b = 1 << ROW, 1 << COL, 1 << BOX
    if (bk == r and ck == c) or (bk == c and ck == r):
        if finned:
            for h in base:
                if (t.hm[h] & dm & ~fins).bit_count() <= 1:
                    return "sashimi"
            return "finned"
        return "basic"
    if ((bk in (r, r | b) and ck in (c, c | b)) or (bk in (c, c | b) and ck in (r, r | b))):
        return "finned-franken" if finned else "franken"
    return "finned-mutant" if finned else "mutant"


Found = tuple[tuple[int, ...], tuple[int, ...], int, int, int, int]
"""A search result: base, cover, base cells, fins, endo fins, eliminations."""


def _search(t: _Tables, dm: int, size: int, base_kinds: int, cover_kinds: int,
            finned: bool) -> Iterator[Found]:
    """Every fish of exactly ``size`` on the digit bitboard ``dm``.

    Base houses come from the kinds in the bit set ``base_kinds``, cover houses from
    ``cover_kinds``.  With ``finned`` False only finless fish are returned, otherwise only
    fish with fins.  Yields ``(base, cover, base cells, fins, endo fins, eliminations)``
    tuples (``fins`` without the endo fins) as they are found.
    """
    hm, kind, nh = t.hm, t.kind, t.nh
    cell_houses, peer = t.cell_houses, t.peer
    units: list[tuple[int, int]] = []
    for h in range(nh):
        if base_kinds >> kind[h] & 1:
            m = hm[h] & dm
            if m and (finned or m.bit_count() <= size):
                units.append((h, m))
    nunits = len(units)
    if nunits < size:
        return
    cover_ok = [bool(cover_kinds >> kind[h] & 1 and hm[h] & dm) for h in range(nh)]
    reach = t.reach[cover_kinds]
    chosen_b: list[int] = []

    def covers(bcells: int, endo: int, blocked0: int, fp0: int) -> Iterator[Found]:
        # Cover houses are chosen cell by cell: the first base cell neither covered nor
        # made a fin is covered by one of its houses or becomes a fin.  Houses passed over
        # for a cell stay blocked in the later branches and no chosen house may hold a
        # fin, so every cover set is produced exactly once.
        pool = [h for h in range(nh) if cover_ok[h] and not blocked0 >> h & 1 and hm[h] & bcells]
        if len(pool) < size:
            return
        chosen_c: list[int] = []
        base_t = tuple(chosen_b)

        def finish(covered: int, cann: int, fp: int, more_fins: int) -> Found | None:
            fins = (bcells & ~covered) | endo
            if fins:
                while more_fins:
                    low = more_fins & -more_fins
                    fp &= peer[low.bit_length() - 1]
                    more_fins ^= low
                elim = ((covered & ~bcells) | cann) & fp
            elif finned:
                return None
            else:
                elim = (covered & ~bcells) | cann
            if elim:
                return base_t, tuple(sorted(chosen_c)), bcells, fins & ~endo, endo, elim
            return None

        def can_cannibalise(cells: int, fins: int, blocked: int) -> bool:
            # can one of ``cells`` still end up in two cover houses that hold no fin?
            while cells:
                low = cells & -cells
                cells ^= low
                count = 0
                for h in cell_houses[low.bit_length() - 1]:
                    if h in chosen_c or (cover_ok[h] and not blocked >> h & 1
                                         and not hm[h] & fins):
                        count += 1
                if count >= 2:
                    return True
            return False

        def rec(k: int, covered: int, cann: int, finm: int, blocked: int,
                fp: int) -> Iterator[Found]:
            rest = bcells & ~covered & ~finm
            if not rest:
                if k == size:
                    hit = finish(covered, cann, fp, 0)
                    if hit:
                        yield hit
                    return
                extra = [h for h in pool if not blocked >> h & 1 and not hm[h] & finm]
                for combo in combinations(extra, size - k):
                    cov2, cann2 = covered, cann
                    for h in combo:
                        m = hm[h] & dm
                        cann2 |= cov2 & m
                        cov2 |= m
                    chosen_c.extend(combo)
                    hit = finish(cov2, cann2, fp, 0)
                    del chosen_c[k:]
                    if hit:
                        yield hit
                return
            if k == size - 1:
                # the last cover house: the base cells it misses become fins
                have = finm | endo
                spare_fins = MAX_FINS - have.bit_count() if finned else 0
                must = rest & ~endo
                if must.bit_count() > spare_fins:
                    # it must cover one of any spare_fins + 1 of these cells
                    options = []
                    for _ in range(spare_fins + 1):
                        low = must & -must
                        must ^= low
                        for h in cell_houses[low.bit_length() - 1]:
                            if h not in options:
                                options.append(h)
                    options = [h for h in options if cover_ok[h]]
                else:
                    options = pool
                for h in options:
                    if blocked >> h & 1 or hm[h] & finm:
                        continue
                    m = hm[h] & dm
                    left = rest & ~m
                    if left and (not finned or (have | left).bit_count() > MAX_FINS):
                        continue
                    cann2 = cann | (covered & m)
                    if not (((covered | m) & ~bcells) | cann2) & fp:
                        continue
                    chosen_c.append(h)
                    hit = finish(covered | m, cann2, fp, left)
                    chosen_c.pop()
                    if hit:
                        yield hit
                return
            low = rest & -rest
            cell = low.bit_length() - 1
            for h in cell_houses[cell]:
                if cover_ok[h] and not blocked >> h & 1 and not hm[h] & finm:
                    m = hm[h] & dm
                    chosen_c.append(h)
                    yield from rec(k + 1, covered | m, cann | (covered & m), finm,
                                   blocked | 1 << h, fp)
                    chosen_c.pop()
                    blocked |= 1 << h
            if finned and (finm | low | endo).bit_count() <= MAX_FINS:
                fp2 = fp & peer[cell] & dm
                if not fp2:
                    return
                # an elimination sees every fin and lies in a cover house (in two, if it is
                # a base cell), and no cover house holds a fin: such a cell must remain
                f2 = finm | low
                near = covered
                for h in pool:
                    if not blocked >> h & 1 and not hm[h] & f2:
                        near |= hm[h]
                if fp2 & near & ~bcells or can_cannibalise(fp2 & bcells, f2, blocked):
                    yield from rec(k, covered, cann, f2, blocked, fp2)

        yield from rec(0, 0, 0, 0, blocked0, fp0)

    def bases(start: int, bcells: int, endo: int, used: int, fp: int) -> Iterator[Found]:
        need = size - len(chosen_b)
        for i in range(start, nunits - need + 1):
            h, m = units[i]
            overlap = bcells & m
            e2, fp2 = endo, fp
            if overlap:
                if not finned:
                    continue
                e2 = endo | overlap
                if e2.bit_count() > MAX_ENDO_FINS:
                    continue
                for c in bits(overlap):
                    fp2 &= peer[c]
                if not fp2 & dm:
                    continue
            b2 = bcells | m
            ind = _independent(b2, reach)
            surplus = ind.bit_count() - size
            if surplus > 0:
                # a cover house holds at most one of these cells: the others are fins
                if not finned or surplus > MAX_FINS:
                    continue
                if need == 1 and not _fins_possible(t, ind, surplus, dm):
                    continue
            chosen_b.append(h)
            if need == 1:
                yield from covers(b2, e2, used | 1 << h, fp2)
            else:
                yield from bases(i + 1, b2, e2, used | 1 << h, fp2)
            chosen_b.pop()

    yield from bases(0, 0, 0, 0, -1)


def _search_basic(t: _Tables, dm: int, size: int, base_kind: int) -> Iterator[Found]:
    """Finless fish of rows and columns: ``size`` base lines whose candidates lie in
    ``size`` cover lines.  Finds the same fish as :func:`_search`, in the same order."""
    n, hm = t.n, t.hm
    base_off = base_kind * n
    cover_off = (COL if base_kind == ROW else ROW) * n
    cover_of = t.cover_of[base_kind]
    units = []
    for i in range(n):
        m = hm[base_off + i] & dm
        if m and m.bit_count() <= size:
            cov = 0
            for c in bits(m):
                cov |= 1 << cover_of[c]
            units.append((base_off + i, m, cov))
    nunits = len(units)
    if nunits < size:
        return
    cover_masks = [hm[cover_off + j] & dm for j in range(n)]

    def rec(start: int, chosen: tuple[int, ...], bcells: int, cov: int) -> Iterator[Found]:
        need = size - len(chosen)
        for i in range(start, nunits - need + 1):
            h, m, c = units[i]
            c2 = cov | c
            k = c2.bit_count()
            if k > size:
                continue
            if need > 1:
                yield from rec(i + 1, (*chosen, h), bcells | m, c2)
            elif k == size:
                covered = 0
                for j in bits(c2):
                    covered |= cover_masks[j]
                b2 = bcells | m
                elim = covered & ~b2
                if elim:
                    yield (*chosen, h), tuple(cover_off + j for j in bits(c2)), b2, 0, 0, elim

    yield from rec(0, (), 0, 0)


def _search_basic_finned(t: _Tables, dm: int, size: int, base_kind: int) -> Iterator[Found]:
    """Finned and sashimi fish of rows and columns, when houses make every peer relation.

    A cell that sees every fin, lies in a cover line and is not a base cell shares a box
    with the fins, so the fins all lie in one box: for each box, the cover lines must
    hold every base cell outside it.  Finds the same fish as :func:`_search`, faster.
    """
    n, hm, peer = t.n, t.hm, t.peer
    base_off = base_kind * n
    cover_off = (COL if base_kind == ROW else ROW) * n
    cover_of = t.cover_of[base_kind]
    box_of = t.box_index
    units = []
    for i in range(n):
        m = hm[base_off + i] & dm
        if not m:
            continue
        cov = 0
        boxes = 0
        inbox = [0] * n
        for c in bits(m):
            bit = 1 << cover_of[c]
            cov |= bit
            b = box_of[c]
            boxes |= 1 << b
            inbox[b] |= bit
        units.append((base_off + i, m, cov, boxes, inbox))
    if len(units) < size:
        return
    cover_masks = [hm[cover_off + j] & dm for j in range(n)]
    box_masks = hm[2 * n:3 * n]
    for combo in combinations(units, size):
        bcells = 0
        touched = 0
        boxes = 0
        for u in combo:
            bcells |= u[1]
            touched |= u[2]
            boxes |= u[3]
        if touched.bit_count() <= size:
            continue  # every base cell covered: no fin
        base_t = tuple(u[0] for u in combo)
        # an elimination lies in the fin box, in a cover line, outside the base lines
        lines = 0
        for h in base_t:
            lines |= hm[h]
        open_cells = 0
        for j in bits(touched):
            open_cells |= cover_masks[j]
        open_cells &= ~lines
        while boxes:
            low = boxes & -boxes
            boxes ^= low
            b = low.bit_length() - 1
            if not open_cells & box_masks[b]:
                continue
            req = 0
            for u in combo:
                req |= u[2] & ~u[4][b]
            nreq = req.bit_count()
            if nreq > size:
                continue
            covreq = 0
            for j in bits(req):
                covreq |= cover_masks[j]
            optional = list(bits(touched & ~req))
            for more in combinations(optional, size - nreq):
                covered = covreq
                for j in more:
                    covered |= cover_masks[j]
                fins = bcells & ~covered
                if not fins or fins.bit_count() > MAX_FINS:
                    continue
                fp = dm
                for f in bits(fins):
                    fp &= peer[f]
                elim = covered & ~bcells & fp
                if elim:
                    cover = tuple(sorted(cover_off + j for j in (*bits(req), *more)))
                    yield base_t, cover, bcells, fins, 0, elim


_FAMILIES = {
    # family: list of (base kinds, cover kinds) orientations
    "basic": ((1 << ROW, 1 << COL), (1 << COL, 1 << ROW)),
    "franken": ((1 << ROW | 1 << BOX, 1 << COL | 1 << BOX),
                (1 << COL | 1 << BOX, 1 << ROW | 1 << BOX)),
    "mutant": ((7, 7),),
}
_CACHE: dict[tuple[Rules, str, int, bool, int, int], tuple[Fish, ...]] = {}
_CACHE_LIMIT = 4096


def _digit_fishes(t: _Tables, rules: Rules, family: str, size: int, finned: bool,
                  digit: int, dm: int) -> Iterator[Fish]:
    """The fish of one digit, streamed as found; a search run to the end is cached."""
    key = (rules, family, size, finned, digit, dm)
    hit = _CACHE.get(key)
    if hit is not None:
        yield from hit
        return
    found: list[Fish] = []
    for base_kinds, cover_kinds in _FAMILIES[family]:
        if family == "basic" and finned and rules.is_classic9:
            search = iter(finned_fish(dm, size, 0 if base_kinds == 1 << ROW else 1))
        elif family == "basic" and finned and t.plain:
            search = _search_basic_finned(t, dm, size, ROW if base_kinds == 1 << ROW else COL)
        elif family == "basic" and not finned:
            search = _search_basic(t, dm, size, ROW if base_kinds == 1 << ROW else COL)
        elif family == "basic" and t.peer_words and not fish_any(
                dm, size, 0 if base_kinds == 1 << ROW else 1, t.peer_words, MAX_FINS):
            continue   # the C core sees no fish here: the search would find none
        else:
            search = _search(t, dm, size, base_kinds, cover_kinds, finned)
        for base, cover, cells, fins, endo, elim in search:
            kind = _classify(t, base, cover, cells, fins, endo, dm)
            fish = Fish(digit, base, cover, cells, fins, endo, elim, kind)
            found.append(fish)
            yield fish
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[key] = tuple(found)


def fishes(cands: Candidates, family: str, size: int, finned: bool,
           digits: int = -1) -> Iterator[Fish]:
    """Every fish of a family (``basic``, ``franken`` or ``mutant``) and size, digit by digit.

    The Franken search also meets basic fish and the Mutant search meets all three kinds;
    each :class:`Fish` carries its exact ``kind``.  Results are cached per digit bitboard;
    ``digits`` (bit ``d - 1`` for digit ``d``) limits the search to some digits.

    >>> from shudu.logic.solver import as_candidates
    >>> sorted({f.kind for f in fishes(as_candidates(EXAMPLE), "franken", 2, True)})
    ['finned', 'finned-franken']
    """
    t = _tables(cands.rules)
    for d in range(t.n):
        dm = cands.digit_mask[d]
        if dm and digits >> d & 1:
            yield from _digit_fishes(t, cands.rules, family, size, finned, d + 1, dm)


def _fish_step(key: str, fish: Fish, n: int, siamese: bool = False) -> Step:
    d = fish.digit
    cells: dict[str, tuple[int, ...]] = {
        "base": tuple(bits(fish.cells & ~fish.fins & ~fish.endo))}
    if fish.fins:
        cells["fin"] = tuple(bits(fish.fins))
    if fish.endo:
        cells["endo-fin"] = tuple(bits(fish.endo))
    extra: dict[str, object] = {"kind": fish.kind}
    if siamese:
        extra["siamese"] = True
    cannibal = fish.elims & fish.cells
    candidates = {"cannibalistic": tuple((c, d) for c in bits(cannibal))} if cannibal else None
    return Step(key, eliminations=((c, d) for c in bits(fish.elims)), digits=(d,), cells=cells,
                candidates=candidates, houses={"base": fish.base, "cover": fish.cover},
                size=n, extra=extra)


def _siamese(group: list[Fish]) -> Iterator[tuple[Fish, Fish]]:
    """Pairs of fish (on the same base houses) whose eliminations differ both ways."""
    for i, a in enumerate(group):
        for b in group[i + 1:]:
            if a.elims & ~b.elims and b.elims & ~a.elims:
                yield a, b


def _merge(a: Fish, b: Fish) -> Fish:
    """The siamese fish of two finned fish on the same base houses.

    It is named after the easier kind: a finned and a sashimi fish make a finned one.
    """
    cover = tuple(sorted(set(a.cover) | set(b.cover)))
    kind = "finned" if "finned" in (a.kind, b.kind) else a.kind
    return Fish(a.digit, a.base, cover, a.cells, a.fins | b.fins, a.endo | b.endo,
                a.elims | b.elims, kind)


_SIAMESE_KINDS = {"finned": ("finned", "sashimi"), "sashimi": ("finned", "sashimi")}


def _finder(family: str, size: int, finned: bool, kind: str, key: str) -> Finder:
    partners = _SIAMESE_KINDS.get(kind, (kind,))

    def find(cands: Candidates) -> Iterator[Step]:
        n = cands.geo.n
        by_base: dict[tuple[int, tuple[int, ...]], list[Fish]] = {}
        digits = -1
        if kind in ("finned", "sashimi") and cands.rules.is_classic9:
            # only digits with a fish of this kind can give one (a siamese fish of the
            # kind has a half of the kind): the C core names them
            digits = fish_digits(cands, size, kind == "sashimi")
        for fish in fishes(cands, family, size, finned, digits):
            if fish.kind in partners:
                by_base.setdefault((fish.digit, fish.base), []).append(fish)
            if fish.kind == kind:
                yield _fish_step(key, fish, n)
        if finned:
            for group in by_base.values():
                for a, b in _siamese(group):
                    merged = _merge(a, b)
                    if merged.kind == kind:
                        yield _fish_step(key, merged, n, siamese=True)

    return find


_BASIC = {k: _finder("basic", k, False, "basic", _SIZE_KEYS[k]) for k in (2, 3, 4)}
_FINNED = {k: _finder("basic", k, True, "finned", "finned-" + _SIZE_KEYS[k]) for k in (2, 3, 4)}
_SASHIMI = {k: _finder("basic", k, True, "sashimi", "sashimi-" + _SIZE_KEYS[k])
            for k in (2, 3, 4)}
_FRANKEN = {k: _finder("franken", k, False, "franken", "franken-" + _SIZE_KEYS[k])
            for k in (2, 3, 4)}
_FINNED_FRANKEN = {k: _finder("franken", k, True, "finned-franken",
                              "finned-franken-" + _SIZE_KEYS[k]) for k in (2, 3, 4)}
_MUTANT = {k: _finder("mutant", k, False, "mutant", "mutant-" + _SIZE_KEYS[k])
           for k in (2, 3, 4)}
_FINNED_MUTANT = {k: _finder("mutant", k, True, "finned-mutant",
                             "finned-mutant-" + _SIZE_KEYS[k]) for k in (2, 3, 4, 5, 6)}
_NEARLY_SOLVED = "4173698256321589479587243168254371697915864323469127582896435715732916841....5293"


# ---------------------------------------------------------------------- words
def _cells(step: Step, role: str) -> str:
    return cells_text(step.role_cells(role), step.size)


def _fish_where(step: Step, lang: str) -> str:
    base = houses_text(step, step.role_houses("base"), lang)
    d = step.digits[0]
    if lang == "zh":
        return f"看看{base}中的数字 {d}。"
    return f"Look at digit {d} in {base}."


def _fish_explain(step: Step, lang: str) -> str:
    d = step.digits[0]
    base = houses_text(step, step.role_houses("base"), lang)
    cover = houses_text(step, step.role_houses("cover"), lang)
    where = _cells(step, "base")
    exo = step.role_cells("fin")
    endo = step.role_cells("endo-fin")
    cannibal = [c for c, _ in step.role_candidates("cannibalistic")]
    result = result_text(step, lang)
    tech = step.info
    siamese = step.get("siamese", False)
    if lang == "zh":
        fins = "".join([f"，以及鳍 {cells_text(exo, step.size)}" if exo else "",
                        f"，以及内鳍 {cells_text(endo, step.size)}" if endo else ""])
        text = f"数字 {d} 的{tech.name_zh}：在{base}中，{d} 只能出现在{cover}里（{where}{fins}）。"
        if exo or endo:
            text += (f"要么鱼成立，{cover}中的 {d} 都来自{base}；要么某个鳍是 {d}。"
                     f"无论哪种情况，在{cover}中又能看到所有鳍的格都不能是 {d}")
        else:
            text += (f"{base}各需要一个 {d}，这些 {d} 只能落在{cover}里、每处一个，"
                     f"所以{cover}的其他格都不能是 {d}")
        if cannibal:
            text += f"（{cells_text(cannibal, step.size)} 同时在两个覆盖区域里，也被删除）"
        if siamese:
            text += "（两条共用基础区域的鱼合在一起）"
        return text + f"：{result}。"
    fins = "".join([f", plus the fin{'s' if len(exo) > 1 else ''} {cells_text(exo, step.size)}"
                    if exo else "",
                    f", plus the endo fin{'s' if len(endo) > 1 else ''} "
                    f"{cells_text(endo, step.size)}" if endo else ""])
    text = f"{tech.name} on {d}: in {base}, {d} can only go in {cover} ({where}{fins}). "
    if exo or endo:
        text += (f"Either the fish holds, so the {d}s of {cover} all come from {base}, or a fin "
                 f"is {d}; either way a cell of {cover} that also sees every fin cannot be {d}")
    else:
        text += (f"{base[0].upper() + base[1:]} each need {a_digit(d, step.size)}, and these "
                 f"{d}s can only sit in {cover}, one in each, so no other cell of {cover} can "
                 f"be {d}")
    if cannibal:
        text += (f" ({cells_text(cannibal, step.size)} lies in two cover houses and goes "
                 "as well)")
    if siamese:
        text += " (two fish on the same base houses, taken together)"
    return text + f": {result}."


def _fish_notation(step: Step) -> str:
    n = step.size
    parts = [f"{step.name}:", str(step.digits[0]), house_labels(step.role_houses("base"), n),
             house_labels(step.role_houses("cover"), n)]
    for c in step.role_cells("fin"):
        parts.append("f" + cells_text([c], n))
    for c in step.role_cells("endo-fin"):
        parts.append("ef" + cells_text([c], n))
    text = " ".join(parts)
    if step.get("siamese", False):
        text += " (siamese)"
    return f"{text} => {candidates_text(step.eliminations, n)}"


def _register() -> None:
    # Franken and Mutant fish come after the chains (as in HoDoKu), the costly searches
    # (finned, size 4, Mutant) last; like HoDoKu's default solver, the solver skips them
    # unless asked (SolverConfig(extra=...)): chains and ALS find what they would.
    # HoDoKu's largest finned Mutant fish (its codes 0363 and 0364) are searched only
    # when asked, and streamed (the first instances come long before the search ends).
    kinds = (("", _BASIC), ("finned-", _FINNED), ("sashimi-", _SASHIMI),
             ("franken-", _FRANKEN), ("finned-franken-", _FINNED_FRANKEN),
             ("mutant-", _MUTANT), ("finned-mutant-", _FINNED_MUTANT))
    for prefix, finders in kinds:
        for k, find in finders.items():
            register(Technique.of(prefix + _SIZE_KEYS[k], find, _fish_where, _fish_explain,
                                  _fish_notation))


_register()
