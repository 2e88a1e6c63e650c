"""Cage arithmetic: the ways to fill a cage, and the sums the 45 rule derives.

A killer cage holds different digits adding up to its total.  :func:`cage_options` gives
the digit sets (combinations) that fill one and the digits each open cell can take;
:func:`sum_supports` does the same for any cells with a known (signed) sum, whose digits
differ only where cells see each other.  :func:`derived_sums` and
:func:`difference_sums` list what the 45 rule gives on a layout of cages: the innies
and outies of unions of houses, sums split by a cage, innie-outie differences.  The
killer techniques (:mod:`.killer`, :mod:`.killer_forcing`) reason with these.

>>> cage_options(9, 3, (0b111111111, 0b111111111))[1]   # a cage 3 of two cells: 1+2
(3,)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ....values.candidates import bits
from ....values.rules import Rules
from ... import accel9

__all__ = [
    "MAX_DERIVED",
    "MAX_DIFFERENCE",
    "Sum",
    "all_sums",
    "cage_masks",
    "cage_options",
    "cage_sums",
    "combos_supports",
    "derived_sums",
    "difference_sums",
    "matching",
    "sees_among",
    "sum_supports",
    "sum_supports_py",
    "unions",
]

MAX_DERIVED = 8
"""Open cells a derived sum (innies, outies, a split cage) may have to be used: players
reason with small ones, and the search over a sum grows with its cells."""


@dataclass(frozen=True)
class Sum:
    """Cells whose digits add up to ``total``: a cage, or a sum the 45 rule derives.

    ``kind`` is ``cage``, ``innies`` or ``outies``; a derived sum names the ``houses``
    of its union, the totals it was made from (``house_total`` of the union,
    ``inside`` of the cages wholly inside, ``crossing`` of the cages crossing its edge)
    and, when a cage split it, that cage's cells and total (``split_cells``,
    ``split_total``; ``split_kind`` ``minus`` when the cage lay inside the sum, ``rest``
    when the sum lay inside the cage).  A ``difference`` sum subtracts the digits of its
    ``minus`` cells (the outies) from those of its ``cells`` (the innies).

    >>> Sum((0, 1), 3).kind
    'cage'
    """

    cells: tuple[int, ...]
    total: int
    kind: str = "cage"
    houses: tuple[int, ...] = ()
    house_total: int = 0
    inside: int = 0
    crossing: int = 0
    split_cells: tuple[int, ...] = ()
    split_total: int = 0
    split_kind: str = ""
    minus: tuple[int, ...] = ()


@lru_cache(maxsize=32)
def cage_sums(rules: Rules) -> tuple[Sum, ...]:
    """The cages of ``rules`` that have a total, as :class:`Sum` values.

    >>> from shudu.values.constraints import Cage
    >>> rules = Rules(4, constraints=(Cage((0, 1), 3), Cage((2, 3))))
    >>> [(s.cells, s.total) for s in cage_sums(rules)]
    [((0, 1), 3)]
    """
    return tuple(Sum(tuple(sorted(c.cells)), c.total) for c in rules.constraints
                 if getattr(c, "kind", None) == "killer" and c.total)


@lru_cache(maxsize=32)
def cage_masks(rules: Rules) -> tuple[int, ...]:
    """The cell bitboard of each cage of :func:`cage_sums`, in the same order.

    >>> from shudu.values.constraints import Cage
    >>> cage_masks(Rules(4, constraints=(Cage((0, 1), 3), Cage((5, 9), 4))))
    (3, 544)
    """
    return tuple(sum(1 << c for c in cage.cells) for cage in cage_sums(rules))


# ---------------------------------------------------------------------- combinations
@lru_cache(maxsize=8)
def _combos_by(n: int) -> dict[tuple[int, int], tuple[int, ...]]:
    """Digit masks over ``n`` digits, by (digit count, sum)."""
    out: dict[tuple[int, int], list[int]] = {}
    for mask in range(1, 1 << n):
        total = sum(b + 1 for b in bits(mask))
        out.setdefault((mask.bit_count(), total), []).append(mask)
    return {k: tuple(v) for k, v in out.items()}


def matching(combo: int, masks: tuple[int, ...]) -> tuple[int, ...] | None:
    """For cells with candidate ``masks`` to be filled with exactly the digits of
    ``combo``, one each: the digits each cell can take in some such filling (``None``
    when there is none).  The cells differ and their digits add up to the combination's
    sum, so this is :func:`sum_supports`'s walk in C on the cells' digits of ``combo``;
    :func:`matching_py` is the same in Python.

    >>> matching(0b11, (0b01, 0b11)), matching(0b11, (0b01, 0b01))   # 1+2: r0 is 1
    ((1, 2), None)
    """
    own = tuple(m & combo for m in masks)
    if not all(own):
        return None
    k = len(own)
    if k > MAX_C_CELLS:
        return matching_py(combo, masks)
    got = accel9.sum_supports(_digit_sum(combo), own, _all_differ(k), None)
    return tuple(got) if got else None


@lru_cache(maxsize=1 << 16)
def _digit_sum(mask: int) -> int:
    """The sum of the digits of a digit mask (bit ``d - 1`` for ``d``)."""
    return sum(b + 1 for b in bits(mask))


@lru_cache(maxsize=64)
def _all_differ(k: int) -> tuple[int, ...]:
    """The ``sees`` of :func:`sum_supports` for ``k`` cells that all see each other."""
    full = (1 << k) - 1
    return tuple(full & ~(1 << i) for i in range(k))


def matching_py(combo: int, masks: tuple[int, ...]) -> tuple[int, ...] | None:
    """:func:`matching` in Python: the fillings' digit sets cell after cell, forward,
    then back from the full combination.

    >>> matching_py(0b11, (0b01, 0b11)), matching_py(0b11, (0b01, 0b01))
    ((1, 2), None)
    """
    k = len(masks)
    own = [m & combo for m in masks]
    if not all(own):
        return None
    forward: list[set[int]] = [{0}]
    for m in own:
        nxt = set()
        for used in forward[-1]:
            free = m & ~used
            while free:
                low = free & -free
                nxt.add(used | low)
                free ^= low
        if not nxt:
            return None
        forward.append(nxt)
    if combo not in forward[k]:
        return None
    good: set[int] = {combo}
    support = [0] * k
    for i in range(k - 1, -1, -1):
        keep = set()
        for used in forward[i]:
            free = own[i] & ~used
            while free:
                low = free & -free
                if used | low in good:
                    support[i] |= low
                    keep.add(used)
                free ^= low
        good = keep
    return tuple(support)


def combos_supports(combos: tuple[int, ...], masks: tuple[int, ...]) -> tuple[int, ...]:
    """The digits each cell (candidate ``masks``) takes in some filling with one of
    ``combos``: :func:`matching` of each, joined (all 0 when none fills the cells).

    >>> combos_supports((0b11, 0b110), (0b111, 0b100))   # 1+2 does not fit, 2+3 does
    (2, 4)
    """
    support = [0] * len(masks)
    for combo in combos:
        got = matching(combo, masks)
        if got is not None:
            for i, s in enumerate(got):
                support[i] |= s
    return tuple(support)


@lru_cache(maxsize=32)
def all_sums(rules: Rules) -> tuple[Sum, ...]:
    """:func:`derived_sums` and then :func:`difference_sums`, as one list.

    >>> all_sums(Rules(4))
    ()
    """
    return derived_sums(rules) + difference_sums(rules)


@lru_cache(maxsize=65536)
def cage_options(n: int, total: int,
                 masks: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The ways to fill open cells of a cage with candidate ``masks`` (digit bitmasks)
    with different digits 1..``n`` adding up to ``total``: ``(supports, combos)``, the
    digits each cell can take in some filling and the digit sets that fill it.  Both are
    empty when no filling exists.

    >>> cage_options(9, 17, (0b111111111, 0b111111111))
    ((384, 384), (384,))
    >>> cage_options(9, 10, (0b1, 0b111111111, 0b111111111))[1]   # 1+2+7, 1+3+6, 1+4+5
    (67, 37, 25)
    """
    union = 0
    for m in masks:
        union |= m
    supports = [0] * len(masks)
    combos = []
    for combo in _combos_by(n).get((len(masks), total), ()):
        if combo & ~union:
            continue
        got = matching(combo, masks)
        if got is None:
            continue
        combos.append(combo)
        for i, s in enumerate(got):
            supports[i] |= s
    if not combos:
        return (), ()
    combos.sort(key=lambda c: tuple(bits(c)))
    return tuple(supports), tuple(combos)


@lru_cache(maxsize=65536)
def sum_supports(total: int, masks: tuple[int, ...], sees: tuple[int, ...],
                 signs: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """The digits each of some cells can take when their digits add up to ``total``:
    cell ``i`` has candidate ``masks[i]`` and must differ from the cells whose bits are
    set in ``sees[i]`` (a derived sum may repeat a digit where cells do not see each
    other); with ``signs``, cell ``i``'s digit counts ``signs[i]`` (1 or -1) times.
    Empty when no filling exists.  The cells are filled in order, and what the cells
    after each can take is remembered for every total and set of digits they may no
    longer take, so sums of ten and more cells stay quick; the walk runs in C
    (``csrc/constraints/sums.c``), :func:`sum_supports_py` is the same walk in Python.

    >>> sum_supports(3, (0b11, 0b11), (0b10, 0b01))   # two peers: 1+2
    (3, 3)
    >>> sum_supports(2, (0b11, 0b11), (0, 0))          # not peers: 1+1
    (1, 1)
    >>> sum_supports(2, (0b111, 0b111), (0, 0), (1, -1))   # a - b = 2: 3 - 1
    (4, 1)
    """
    if len(masks) > MAX_C_CELLS or total < -100000 or total > 100000:
        return sum_supports_py(total, masks, sees, signs)
    return accel9.sum_supports(total, masks, sees, signs)


def sees_among(cells: Sequence[int], peer: Sequence[int]) -> tuple[int, ...]:
    """For each of some cells, which of the others (bit ``j`` for ``cells[j]``) it sees:
    the ``sees`` of :func:`sum_supports` (``peer``: each cell's peers as a bitboard).

    >>> sees_among((0, 1, 5), (0b100010, 0b1, 0, 0, 0, 0b1))   # 0 sees 1 and 5
    (6, 1, 1)
    """
    return tuple(sum(1 << j for j, other in enumerate(cells) if peer[c] >> other & 1)
                 for c in cells)


MAX_C_CELLS = 32
"""Cells the C walk (``accel9.sum_supports``) takes; longer sums walk in Python."""


def sum_supports_py(total: int, masks: tuple[int, ...], sees: tuple[int, ...],
                    signs: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """:func:`sum_supports` walked in Python, the reference the C walk is tested against.

    >>> sum_supports_py(3, (0b11, 0b11), (0b10, 0b01))
    (3, 3)
    """
    k = len(masks)
    sign = signs or (1,) * k
    rest_low = [0] * (k + 1)
    rest_high = [0] * (k + 1)
    for i in range(k - 1, -1, -1):
        m, g = masks[i], sign[i]
        lo, hi = (m & -m).bit_length(), m.bit_length()
        rest_low[i] = rest_low[i + 1] + (lo if g > 0 else -hi)
        rest_high[i] = rest_high[i + 1] + (hi if g > 0 else -lo)
    # the later cells each cell must differ from, as offsets into the banned tuple
    later = [tuple(f - i - 1 for f in range(i + 1, k) if sees[i] >> f & 1 or sees[f] >> i & 1)
             for i in range(k)]
    memo: dict[tuple[int, int, tuple[int, ...]], tuple[int, ...] | None] = {}
    last = k - 1

    def suffix(i: int, left: int, banned: tuple[int, ...]) -> tuple[int, ...] | None:
        """The supports of cells ``i..`` adding up to ``left`` when cell ``f`` may not
        take the digits ``banned[f - i]`` (``None``: no way)."""
        if not rest_low[i] <= left <= rest_high[i]:
            return None
        if i == last:   # the last cell takes what is left, if it may
            digit = sign[i] * left
            ok = digit >= 1 and (masks[i] & ~banned[0]) >> (digit - 1) & 1
            return (1 << (digit - 1),) if ok else None
        key = (i, left, banned)
        if key in memo:
            return memo[key]
        here = 0
        union: list[int] = []
        rest = banned[1:]
        for b in bits(masks[i] & ~banned[0]):
            bit = 1 << b
            after = rest
            if later[i]:
                grown = list(rest)
                for j in later[i]:
                    grown[j] = (grown[j] | bit) & masks[i + 1 + j]
                after = tuple(grown)
            got = suffix(i + 1, left - sign[i] * (b + 1), after)
            if got is None:
                continue
            here |= bit
            union = [x | y for x, y in zip(union, got)] if union else list(got)
        out = (here, *union) if here else None
        memo[key] = out
        return out

    return suffix(0, total, (0,) * k) or () if k else ()


# ---------------------------------------------------------------------- the 45 rule
def unions(rules: Rules) -> list[tuple[int, ...]]:
    """Unions of houses that do not overlap, as house indices: runs of rows, runs of
    columns, each other house, and two neighbouring boxes of a band or stack."""
    n = rules.size
    out: list[tuple[int, ...]] = []
    for first in (0, n):
        for width in range(1, n):
            for start in range(n - width + 1):
                out.append(tuple(range(first + start, first + start + width)))
    houses = rules.houses
    out += [(h,) for h in range(2 * n, len(houses))]
    if rules.regions is None and rules.box is not None:
        bc = rules.box[1]
        per_row = n // bc
        for b in range(n):
            right, below = b + 1, b + per_row
            if right % per_row:
                out.append((2 * n + b, 2 * n + right))
            if below < n:
                out.append((2 * n + b, 2 * n + below))
    return out


@lru_cache(maxsize=32)
def _union_masks(rules: Rules) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Each union of :func:`unions` with the bitboard of its cells."""
    houses = rules.houses
    out = []
    for union in unions(rules):
        mask = 0
        for h in union:
            for cell in houses[h].cells:
                mask |= 1 << cell
        out.append((union, mask))
    return tuple(out)


@lru_cache(maxsize=32)
def derived_sums(rules: Rules) -> tuple[Sum, ...]:
    """The sums the 45 rule gives on the cages of ``rules``, innies and outies of every
    union of :func:`unions`, and those sums split by a cage inside them or around them;
    each sum once (the first way found), none that is a cage.

    >>> from shudu.values.constraints import Cage
    >>> rules = Rules(4, constraints=(Cage((0, 1, 4), 6), Cage((2, 3), 7)))
    >>> [(s.kind, s.cells, s.total) for s in derived_sums(rules)][:2]
    [('innies', (0, 1), 3), ('outies', (4,), 3)]
    """
    cages = cage_sums(rules)
    if not cages:
        return ()
    full = rules.size * (rules.size + 1) // 2
    masks = cage_masks(rules)
    seen = set(masks)
    out: list[Sum] = []

    def add(mask: int, total: int, **kw: object) -> None:
        if mask and mask not in seen and mask.bit_count() <= 2 * MAX_DERIVED:
            seen.add(mask)
            out.append(Sum(tuple(bits(mask)), total, **kw))  # type: ignore[arg-type]

    for union, u in _union_masks(rules):
        house_total = full * len(union)
        inside = crossing = 0
        inside_cells = out_cells = 0
        cross_ok = True
        for cage, cm in zip(cages, masks):
            if not cm & u:
                continue
            if cm & ~u:
                crossing += cage.total
                out_cells |= cm & ~u
            else:
                inside += cage.total
                inside_cells |= cm
        innies = u & ~inside_cells
        crossing_in = 0
        for cm in masks:
            if cm & u and cm & ~u:
                crossing_in |= cm & u
        if innies & ~crossing_in:   # an innie in no cage with a total: no outie sum
            cross_ok = False
        if not inside_cells and not out_cells:
            continue   # no cage meets the union: its innies are the houses themselves
        add(innies, house_total - inside, kind="innies", houses=union,
            house_total=house_total, inside=inside)
        if cross_ok and out_cells:
            add(out_cells, crossing - (house_total - inside), kind="outies", houses=union,
                house_total=house_total, inside=inside, crossing=crossing)
    for derived in list(out):
        dm = sum(1 << c for c in derived.cells)
        for cage, cm in zip(cages, masks):
            if cm & ~dm == 0 and cm != dm:
                add(dm & ~cm, derived.total - cage.total, kind=derived.kind,
                    houses=derived.houses, house_total=derived.house_total,
                    inside=derived.inside, crossing=derived.crossing,
                    split_cells=cage.cells, split_total=cage.total, split_kind="minus")
            elif dm & ~cm == 0 and cm != dm:
                add(cm & ~dm, cage.total - derived.total, kind=derived.kind,
                    houses=derived.houses, house_total=derived.house_total,
                    inside=derived.inside, crossing=derived.crossing,
                    split_cells=cage.cells, split_total=cage.total, split_kind="rest")
    return tuple(out)


MAX_DIFFERENCE = 3
"""Cells (innies and outies together) a difference sum may have."""


@lru_cache(maxsize=32)
def difference_sums(rules: Rules) -> tuple[Sum, ...]:
    """Innie-outie differences of the unions of :func:`unions`: when some cages crossing
    a union's edge are counted by their cells outside (the outies) and the others by
    their cells inside (the innies), the union's total gives ``innies - outies``.  Only
    differences of two or three cells with innies and outies both, each once.

    >>> from shudu.values.constraints import Cage
    >>> rules = Rules(4, constraints=(Cage((0, 1), 3), Cage((2, 6), 7), Cage((3, 7), 5)))
    >>> [(s.cells, s.minus, s.total) for s in difference_sums(rules)][:2]
    [((3,), (6,), 0), ((2,), (7,), 2)]
    """
    cages = cage_sums(rules)
    if not cages:
        return ()
    full = rules.size * (rules.size + 1) // 2
    masks = cage_masks(rules)
    seen: set[tuple[int, int]] = set()
    out: list[Sum] = []
    for union, u in _union_masks(rules):
        inside = inside_cells = 0
        crossing = []
        for cage, cm in zip(cages, masks):
            if cm & u:
                if cm & ~u:
                    crossing.append((cage, cm))
                else:
                    inside += cage.total
                    inside_cells |= cm
        loose = u & ~inside_cells
        for _, cm in crossing:
            loose &= ~cm
        if len(crossing) < 2 and not loose:
            continue
        if len(crossing) + loose.bit_count() > MAX_DIFFERENCE:
            continue   # each crossing cage adds a cell at least, inside or out
        for pick in range(1, (1 << len(crossing)) - (0 if loose else 1)):
            plus, minus, out_total = loose, 0, 0
            for j, (cage, cm) in enumerate(crossing):
                if pick >> j & 1:
                    minus |= cm & ~u
                    out_total += cage.total
                else:
                    plus |= cm & u
            if plus.bit_count() + minus.bit_count() > MAX_DIFFERENCE or (plus, minus) in seen:
                continue
            seen.add((plus, minus))
            out.append(Sum(tuple(bits(plus)), full * len(union) - inside - out_total,
                           kind="difference", houses=union, house_total=full * len(union),
                           inside=inside, crossing=out_total, minus=tuple(bits(minus))))
    return tuple(out)
