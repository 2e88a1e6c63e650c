"""Variant techniques: what a thermometer, an arrow, a Kropki dot, an X or V, a whispers,
renban or palindrome line, a clone, an odd or even cell, a little killer, a sandwich sum,
the non-consecutive rule or a negative constraint proves about the candidates.

Each technique takes one constraint at a time and keeps, in its cells, the candidates
that still have a support in it: a partner digit across a dot or along a line, a way to
make a sum from the other cells' candidates, a run of consecutive digits that fits the
renban, a place for 1 and the largest digit that makes the sandwich.  The rest go, and
the step names the constraint, its cells and why.  The same reasoning runs inside the
solving engine (``csrc/constraints/rules_extra.c``); here each step is one constraint, in words.

>>> from shudu import Grid, Rules
>>> from shudu.values.constraints import Thermo
>>> from shudu.logic.solver import as_candidates
>>> c = as_candidates(Grid("." * 81, Rules(constraints=(Thermo((0, 1, 2)),))))
>>> next(find_thermo(c)).notation()
'Thermometer: r1c1 -> r1c3 => r1c23<>1, r1c3<>2, r1c1<>8, r1c12<>9'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import Any

from ....values.candidates import Candidates, bits, digits_in
from ....values.constraints.base import BETWEEN, LINEAR, MASK, PAIR, RENBAN, SANDWICH
from ....values.constraints.outside import (
    CONTAIN,
    SKYSCRAPER,
    XSUM,
    contain_supports,
    side_of,
    skyscraper_supports,
    xsum_supports,
)
from ....values.rules import Rules
from ...accel9 import never9
from ...registry import Technique, register
from ...render import result_text
from ...step import Step, cells_text, eliminations_text
from .cage_sums import MAX_C_CELLS, sees_among, sum_supports

__all__ = ["find_sum_pointing", "narrow", "program_cells", "variant_programs", "variant_reason"]


# ---------------------------------------------------------------------- narrowing
def _records(program: Sequence[int], n: int) -> Iterator[tuple[int, Sequence[int]]]:
    """(kind, data) of each record of a constraint program."""
    i = 0
    while i < len(program):
        kind = program[i]
        if kind == PAIR:
            size = 2 + n
        elif kind == MASK:
            size = 2
        elif kind == LINEAR:
            size = 2 + 2 * program[i + 1]
        elif kind == RENBAN:
            size = 1 + program[i + 1]
        elif kind == SANDWICH:
            size = 2 + program[i + 2]
        elif kind == BETWEEN:
            size = 5 + program[i + 1]
        elif kind in (XSUM, SKYSCRAPER):
            size = 2 + program[i + 2]
        elif kind == CONTAIN:
            size = 2 + 2 * program[i + 1] + program[i + 2]
        else:
            raise ValueError(f"unknown record kind {kind}")
        yield kind, program[i + 1:i + 1 + size]
        i += 1 + size


def _lo(m: int) -> int:
    return (m & -m).bit_length()


def _hi(m: int) -> int:
    return m.bit_length()


def _pair(masks: dict[int, int], data: Sequence[int], n: int) -> bool:
    a, b, fwd = data[0], data[1], data[2:]
    sb = sa = 0
    for d in digits_in(masks[a]):
        sb |= fwd[d - 1]
    for x in range(1, n + 1):      # a keeps x when b has a digit x allows
        if fwd[x - 1] & masks[b]:
            sa |= 1 << (x - 1)
    return _keep(masks, a, sa) | _keep(masks, b, sb)


def _keep(masks: dict[int, int], cell: int, allowed: int) -> bool:
    now = masks[cell] & allowed
    if now == masks[cell]:
        return False
    if not now:
        raise _Broken
    masks[cell] = now
    return True


class _Broken(Exception):
    """A constraint with no support left."""


def _linear(masks: dict[int, int], data: Sequence[int],
            peer: Sequence[int] | None = None) -> bool:
    k, total, terms = data[0], data[1], data[2:]
    pairs = [(terms[2 * j], terms[2 * j + 1]) for j in range(k)]
    if peer is not None and all(w in (1, -1) for _, w in pairs) and k <= MAX_C_CELLS:
        return _linear_exact(masks, pairs, total, peer)
    spans = []
    for c, w in pairs:
        a, b = w * _lo(masks[c]), w * _hi(masks[c])
        spans.append((min(a, b), max(a, b)))
    lo, hi = sum(s[0] for s in spans), sum(s[1] for s in spans)
    if not lo <= total <= hi:
        raise _Broken
    changed = False
    for (c, w), (own_lo, own_hi) in zip(pairs, spans):
        least, most = total - (hi - own_hi), total - (lo - own_lo)
        ok = sum(1 << (d - 1) for d in digits_in(masks[c]) if least <= w * d <= most)
        changed |= _keep(masks, c, ok)
    return changed


def _linear_exact(masks: dict[int, int], pairs: list[tuple[int, int]], total: int,
                  peer: Sequence[int]) -> bool:
    """A sum of cells counted once each (or subtracted): each cell keeps the digits some
    filling of the others allows, cells that see each other holding different digits."""
    cells = [c for c, _ in pairs]
    sees = sees_among(cells, peer)
    signs = None if all(w == 1 for _, w in pairs) else tuple(w for _, w in pairs)
    supports = sum_supports(total, tuple(masks[c] for c in cells), sees, signs)
    if not supports:
        raise _Broken
    changed = False
    for c, sup in zip(cells, supports, strict=True):
        changed |= _keep(masks, c, sup)
    return changed


def _renban(masks: dict[int, int], data: Sequence[int], n: int) -> bool:
    k, cells = data[0], data[1:]
    valid = 0
    for s in range(n - k + 1):
        window = ((1 << k) - 1) << s
        seen = 0
        if all(masks[c] & window for c in cells):
            for c in cells:
                seen |= masks[c] & window
            if seen == window:
                valid |= window
    if not valid:
        raise _Broken
    changed = False
    for c in cells:
        changed |= _keep(masks, c, valid)
    return changed


def _sandwich(masks: dict[int, int], data: Sequence[int], n: int) -> bool:
    total, k, cells = data[0], data[1], data[2:]
    one, top = 1, 1 << (n - 1)
    ends = one | top
    allowed = [0] * k
    for p in range(k):
        if not masks[cells[p]] & one:
            continue
        for q in range(k):
            if q == p or not masks[cells[q]] & top:
                continue
            a, b = min(p, q), max(p, q)
            inner = [masks[cells[j]] & ~ends for j in range(a + 1, b)]
            if any(not m for m in inner) or any(
                    not masks[cells[j]] & ~ends for j in range(k) if j < a or j > b):
                continue
            lo, hi = sum(_lo(m) for m in inner), sum(_hi(m) for m in inner)
            union = 0
            for m in inner:
                union |= m
            if not lo <= total <= hi or not _distinct_sum_fits(union, len(inner), total):
                continue
            allowed[p] |= one
            allowed[q] |= top
            for j in range(k):
                if j in (p, q):
                    continue
                m = masks[cells[j]] & ~ends
                if j < a or j > b:
                    allowed[j] |= m
                    continue
                least, most = total - (hi - _hi(m)), total - (lo - _lo(m))
                allowed[j] |= sum(1 << (d - 1) for d in digits_in(m) if least <= d <= most
                                  and _distinct_sum_fits(union & ~(1 << (d - 1)),
                                                         len(inner) - 1, total - d))
    if not any(allowed):
        raise _Broken
    changed = False
    for j, c in enumerate(cells):
        changed |= _keep(masks, c, allowed[j])
    return changed


def _between(masks: dict[int, int], data: Sequence[int], n: int) -> bool:
    """A between or lockout line (``BETWEEN k gap outside a b c*k``): each pair of its
    ends' digits at least ``gap`` apart whose range (inside it, or outside it for a
    lockout) every middle cell can hold supports its digits."""
    k, gap, outside, a, b, middle = data[0], data[1], data[2], data[3], data[4], data[5:]
    sa = sb = inner = 0
    for x in digits_in(masks[a]):
        for y in digits_in(masks[b]):
            lo, hi = min(x, y), max(x, y)
            if hi - lo < gap:
                continue
            allow = sum(1 << (d - 1) for d in range(1, n + 1)
                        if (d < lo or d > hi if outside else lo < d < hi))
            if all(masks[c] & allow for c in middle[:k]):
                sa |= 1 << (x - 1)
                sb |= 1 << (y - 1)
                inner |= allow
    if not sa:
        raise _Broken
    changed = _keep(masks, a, sa) | _keep(masks, b, sb)
    for c in middle[:k]:
        changed |= _keep(masks, c, inner)
    return changed


def _distinct_sum_fits(digits: int, k: int, total: int) -> bool:
    """Whether ``k`` different digits of the set ``digits`` can add up to ``total`` (by
    the smallest and the largest ``k`` of them).

    >>> _distinct_sum_fits(0b1110, 2, 7), _distinct_sum_fits(0b0011, 2, 4)
    (True, False)
    """
    have = digits_in(digits)
    if len(have) < k:
        return False
    return sum(have[:k]) <= total <= sum(have[len(have) - k:])


def _outside(masks: dict[int, int], kind: int, data: Sequence[int], n: int) -> bool:
    """An X-sum, a skyscraper clue (a whole house from its clue) or digits some cells
    must hold: each cell keeps the digits the clue's supports allow."""
    if kind == CONTAIN:
        k, j = data[0], data[1]
        cells = data[2:2 + k]
        keep = contain_supports([masks[c] for c in cells], data[2 + k:2 + k + j],
                                data[2 + k + j:2 + 2 * k + j])
    else:
        cells = data[2:]
        find = xsum_supports if kind == XSUM else skyscraper_supports
        keep = find(data[0], [masks[c] for c in cells], n)
    if keep is None:
        raise _Broken
    changed = False
    for c, m in zip(cells, keep, strict=True):
        changed |= _keep(masks, c, m)
    return changed


def narrow(program: Sequence[int], masks: dict[int, int], n: int,
           peer: Sequence[int] | None = None) -> dict[int, int] | None:
    """The candidates a constraint's program leaves (cell -> digit mask), narrowed to a
    fixpoint; ``None`` when the constraint cannot be kept.  With ``peer`` (each cell's
    peers as a bitboard), a sum of cells counted once each also knows that cells which
    see each other hold different digits.

    >>> from shudu.values.constraints.base import linear_record, pair_record
    >>> narrow(pair_record(0, 1, 4, lambda a, b: b > a), {0: 0b1111, 1: 0b0011}, 4)
    {0: 1, 1: 2}
    >>> narrow(linear_record([(0, 1), (1, 1)], 4), {0: 0b1111, 1: 0b1111}, 4)
    {0: 7, 1: 7}
    >>> narrow(linear_record([(0, 1), (1, 1)], 4), {0: 0b1111, 1: 0b1111}, 4, (0b10, 0b01))
    {0: 5, 1: 5}
    """
    out = dict(masks)
    records = list(_records(program, n))
    try:
        again = True
        while again:
            again = False
            for kind, data in records:
                if kind == PAIR:
                    again |= _pair(out, data, n)
                elif kind == MASK:
                    again |= _keep(out, data[0], data[1])
                elif kind == LINEAR:
                    again |= _linear(out, data, peer)
                elif kind == RENBAN:
                    again |= _renban(out, data, n)
                elif kind == BETWEEN:
                    again |= _between(out, data, n)
                elif kind in (XSUM, SKYSCRAPER, CONTAIN):
                    again |= _outside(out, kind, data, n)
                else:
                    again |= _sandwich(out, data, n)
    except _Broken:
        return None
    return out


# ---------------------------------------------------------------------- finders
def _cells_of(con: Any) -> tuple[int, ...]:
    return tuple(getattr(con, "circle", ())) + tuple(con.cells) + \
        tuple(getattr(con, "copies", ()))


def program_cells(program: Sequence[int], n: int) -> tuple[int, ...]:
    """The cells a constraint program reads, in order.

    >>> from shudu.values.constraints.base import pair_record
    >>> program_cells(pair_record(5, 1, 4, lambda a, b: a != b), 4)
    (1, 5)
    """
    return tuple(sorted({v for kind, data in _records(program, n)
                         for v in _record_cells(kind, data)}))


@lru_cache(maxsize=32)
def _units(rules: Rules) -> tuple[tuple[Any, tuple[int, ...], tuple[int, ...]], ...]:
    """What the variant techniques look at, built once per rules: (constraint, program,
    cells) for each constraint, a rule over the whole grid one pair of neighbours at a
    time."""
    n = rules.size
    out = []
    for con in rules.constraints:
        if con.kind not in NOUNS:
            continue
        program = tuple(con.program(rules))
        units = [program] if _cells_of(con) else \
            [(kind, *data) for kind, data in _records(program, n)]
        out += [(con, unit, program_cells(unit, n)) for unit in units]
    return tuple(out)


def _steps(key: str, kinds: tuple[str, ...]) -> Callable[[Candidates], Iterator[Step]]:
    def find(cands: Candidates) -> Iterator[Step]:
        rules = cands.rules
        n = rules.size
        masks = cands.masks()
        for con, unit, cells in _units(rules):
            if con.kind in kinds:
                own = _cells_of(con)
                now = {c: masks[c] for c in cells}
                kept = narrow(unit, now, n, cands.geo.peer_mask)
                if kept is None:
                    continue    # broken: the solver's contradiction checks report it
                gone = tuple((c, d) for c in cells if not cands.values[c]
                             for d in digits_in(now[c] & ~kept[c]))
                if gone:
                    yield Step(key, eliminations=gone, cells={"constraint": own or cells},
                               extra={"constraint": con.to_dict()}, size=n)
    find.__name__ = f"find_{key.replace('-', '_')}"
    return find


def _record_cells(kind: int, data: Sequence[int]) -> Sequence[int]:
    if kind == PAIR:
        return data[:2]
    if kind == MASK:
        return data[:1]
    if kind == LINEAR:
        return data[2::2]
    if kind == RENBAN:
        return data[1:]
    if kind == BETWEEN:
        return data[3:]
    if kind == CONTAIN:
        return data[2:2 + data[0]]
    return data[2:]


NOUNS: dict[str, tuple[str, str]] = {
    "thermo": ("thermometer", "温度计"), "arrow": ("arrow", "箭头"), "kropki": ("dot", "点"),
    "xv": ("X/V", "XV"), "whisper": ("whispers line", "德国耳语线"),
    "renban": ("renban line", "连续数线"), "palindrome": ("palindrome", "回文线"),
    "clone": ("clone", "克隆格"), "odd": ("odd cell", "奇数格"), "even": ("even cell", "偶数格"),
    "little-killer": ("little killer", "小杀手"), "sandwich": ("sandwich", "三明治"),
    "non-consecutive": ("non-consecutive rule", "无连续规则"),
    "negative": ("negative rule", "负约束"),
    "between": ("between line", "介值线"), "lockout": ("lockout line", "锁外线"),
    "region-sum": ("region-sum line", "宫和线"), "zipper": ("zipper line", "拉链线"),
    "modular": ("modular line", "模数线"), "entropic": ("entropic line", "熵线"),
    "x-sum": ("X-sum", "X 和"), "skyscraper": ("skyscraper clue", "摩天楼提示"),
    "quadruple": ("quadruple", "四格提示"),
}
"""What a reason of a trial calls each constraint kind, in English and Chinese."""


@lru_cache(maxsize=256)
def _cage_pair_table(n: int, k: int, total: int) -> tuple[int, ...]:
    """For two cells of a cage of ``k`` cells adding up to ``total``: for each digit x of
    one, the digits the other may hold (the other ``k - 2`` cells can still make the rest
    with different digits).

    >>> _cage_pair_table(9, 3, 7)[:4]   # 1+2+4: a 1 goes with 2 or 4, a 3 with nothing
    (10, 9, 0, 3)
    """
    from itertools import combinations

    sums: dict[int, int] = {}
    for combo in combinations(range(1, n + 1), k):
        if sum(combo) == total:
            for x in combo:
                for y in combo:
                    if x != y:
                        sums[x] = sums.get(x, 0) | 1 << (y - 1)
    return tuple(sums.get(x, 0) for x in range(1, n + 1))


@lru_cache(maxsize=32)
def constraint_pairs(rules: Rules) -> tuple[tuple[int, int, tuple[int, ...], str], ...]:
    """Every relation a constraint puts between two cells: ``(a, b, allowed, label)``,
    where ``allowed[x - 1]`` is the mask of the digits ``b`` may hold beside ``x`` in
    ``a`` and ``label`` names the constraint for :func:`variant_reason` (thermometers,
    dots, XV, whispers, palindromes, the negative and non-consecutive rules, sums of any
    number of cells: arrows, little killers, XV; killer cages, renban lines, sandwich
    sums along a whole row or column).  Chains take
    each pair of candidates a relation forbids as a weak link.

    >>> from shudu.values.constraints import Cage
    >>> constraint_pairs(Rules(4, constraints=(Cage((0, 1), 5),)))
    ((0, 1, (8, 4, 2, 1), 'variant:killer@r1c12'),)
    """
    from ....values.constraints import Cage

    n = rules.size
    out: list[tuple[int, int, tuple[int, ...], str]] = []
    for con in rules.constraints:
        cells = _cells_of(con) if con.kind in NOUNS else con.cells
        where = cells_text(cells, n) if cells else ""
        if isinstance(con, Cage):
            if con.total and len(con.cells) <= n and math.comb(n, len(con.cells)) <= 20000:
                allowed = _cage_pair_table(n, len(con.cells), con.total)
                label = f"variant:killer@{where}"
                out += [(a, b, allowed, label) for i, a in enumerate(con.cells)
                        for b in con.cells[i + 1:]]
            continue
        if con.kind == "renban":   # two cells of a run of k differ by 1 .. k-1
            k = len(con.cells)
            allowed = tuple(sum(1 << (y - 1) for y in range(1, n + 1) if 0 < abs(x - y) < k)
                            for x in range(1, n + 1))
            out += [(a, b, allowed, f"variant:renban@{where}")
                    for i, a in enumerate(con.cells) for b in con.cells[i + 1:]]
            continue
        for kind, data in _records(con.program(rules), n):
            if kind == PAIR:
                label = f"variant:{con.kind}@{where or cells_text(sorted(data[:2]), n)}"
                out.append((data[0], data[1], tuple(data[2:]), label))
            elif kind == LINEAR:
                terms = list(zip(data[2::2], data[3::2], strict=True))
                for a, b, allowed in _sum_pairs(terms, data[1], n):
                    label = f"variant:{con.kind}@{where or cells_text(sorted((a, b)), n)}"
                    out.append((a, b, allowed, label))
            elif kind == SANDWICH and data[1] == n:
                line = data[2:]
                out += [(line[p], line[q], allowed, f"variant:sandwich@{where}")
                        for (p, q), allowed in _sandwich_pairs(data[0], n).items()]
    return tuple(out)


@lru_cache(maxsize=64)
def _sandwich_pairs(total: int, n: int) -> dict[tuple[int, int], tuple[int, ...]]:
    """The pair relations of a sandwich sum along a whole row or column (every digit
    once): for places ``p < q`` on the line, the digits ``q`` may hold beside each digit
    of ``p`` in some filling whose digits between 1 and ``n`` add up to ``total``.  A
    filling is the places of 1 and ``n``, the set of digits between them and any order
    of both sides, so the fillings are walked as those choices.  Only relations that
    forbid more than a repeated digit are kept.

    >>> _sandwich_pairs(0, 4)[(0, 1)]   # 1 and 4 side by side: 1 first puts 4 second
    (8, 13, 11, 1)
    """
    from itertools import combinations

    full = (1 << n) - 1
    ends = 1 | 1 << (n - 1)
    middle = range(2, n)
    allowed = [[[0] * n for _ in range(n)] for _ in range(n)]
    for gap in range(n - 1):
        inner_sets = [sum(1 << (d - 1) for d in combo) for combo in combinations(middle, gap)
                      if sum(combo) == total]
        for inner in inner_sets:
            outer = full & ~ends & ~inner
            for a in range(n - gap - 1):
                b = a + gap + 1
                for first, last in ((1, 1 << (n - 1)), (1 << (n - 1), 1)):
                    roles = [inner if a < j < b else outer for j in range(n)]
                    roles[a], roles[b] = first, last
                    for p in range(n):
                        for x in range(n):
                            if roles[p] >> x & 1:
                                row = allowed[p][x]
                                for q in range(n):
                                    if q != p:
                                        row[q] |= roles[q] & ~(1 << x)
    out = {}
    for p in range(n):
        for q in range(p + 1, n):
            table = tuple(allowed[p][x][q] for x in range(n))
            if any(m != full & ~(1 << x) for x, m in enumerate(table)):
                out[p, q] = table
    return out


MAX_SUM_TERMS = 12
"""Sums of more terms give no pair relations (the other terms can make up nearly any
difference)."""


def _sum_pairs(terms: Sequence[tuple[int, int]], total: int, n: int
               ) -> list[tuple[int, int, tuple[int, ...]]]:
    """The pair relations of a weighted sum ``sum(w * digit) == total`` over (cell,
    weight) terms: for two terms, the digits of the second that some digits of the
    others (any of 1..n, so the relation is never too strict) complete to ``total``
    beside each digit of the first.  Only relations that forbid something are kept.

    >>> _sum_pairs([(0, 1), (1, 1), (2, 1)], 6, 4)[0]     # three cells making 6 on a 4x4
    (0, 1, (15, 7, 3, 1))
    """
    if len(terms) > MAX_SUM_TERMS or len({c for c, _ in terms}) != len(terms):
        return []
    full = (1 << n) - 1
    out = []
    for i, (a, wa) in enumerate(terms):
        for j in range(i + 1, len(terms)):
            b, wb = terms[j]
            rest = {0}
            for k, (_, w) in enumerate(terms):
                if k not in (i, j):
                    rest = {s + w * v for s in rest for v in range(1, n + 1)}
            allowed = tuple(sum(1 << (y - 1) for y in range(1, n + 1)
                                if total - wa * x - wb * y in rest)
                            for x in range(1, n + 1))
            if any(m != full for m in allowed):
                out.append((a, b, allowed))
    return out


@lru_cache(maxsize=32)
def variant_programs(rules: Rules) -> tuple[tuple[tuple[int, ...], tuple[int, ...], str], ...]:
    """Each variant constraint's program, the cells it reads and the label a trial gives
    it as a reason (``variant:thermo@r1c1-r1c3``; killer cages and plain groups have none).

    >>> from shudu.values.constraints import Thermo
    >>> variant_programs(Rules(4, constraints=(Thermo((0, 1)),)))[0][1:]
    ((0, 1), 'variant:thermo@r1c12')
    """
    out = []
    for con in rules.constraints:
        if con.kind in NOUNS:
            program = tuple(con.program(rules))
            if program:
                where = cells_text(_cells_of(con), rules.size) if _cells_of(con) else ""
                out.append((program, program_cells(program, rules.size),
                            f"variant:{con.kind}@{where}"))
    return tuple(out)


def variant_reason(label: str, lang: str) -> str:
    """The words for a trial's ``variant:`` reason: ``the thermometer r1c12``.

    >>> variant_reason("variant:thermo@r1c12", "zh")
    '温度计 r1c12'
    """
    kind, _, where = label.partition(":")[2].partition("@")
    en, zh = NOUNS.get(kind) or {"killer": ("cage", "杀手笼")}.get(kind, ("constraint", "约束"))
    noun = zh if lang == "zh" else f"the {en}"
    return f"{noun} {where}" if where else noun


# ---------------------------------------------------------------------- words
def _line(step: Step) -> str:
    data = step.get("constraint") or {}
    cells = step.role_cells("constraint")
    if data.get("kind") in ("thermo", "whisper", "renban", "palindrome", *LINE_KINDS):
        return " -> ".join(cells_text((c,), step.size) for c in (cells[0], cells[-1]))
    return cells_text(cells, step.size)


_NAMES: dict[str, tuple[str, str]] = {
    "thermo": ("the thermometer {cells}", "温度计 {cells}"),
    "arrow": ("the arrow {cells}", "箭头 {cells}"),
    "kropki": ("the {colour} dot between {cells}", "{cells} 之间的{colour_zh}点"),
    "xv": ("the {symbol} between {cells}", "{cells} 之间的 {symbol}"),
    "whisper": ("the whispers line {cells}", "德国耳语线 {cells}"),
    "renban": ("the renban line {cells}", "连续数线 {cells}"),
    "palindrome": ("the palindrome {cells}", "回文线 {cells}"),
    "clone": ("the clones {cells}", "克隆格 {cells}"),
    "odd": ("the odd cell {cells}", "奇数格 {cells}"),
    "even": ("the even cell {cells}", "偶数格 {cells}"),
    "little-killer": ("the little killer {total} along {cells}",
                      "沿 {cells} 和为 {total} 的小杀手"),
    "sandwich": ("the sandwich {total} of {cells}", "{cells} 的三明治和 {total}"),
    "non-consecutive": ("the non-consecutive rule at {cells}", "{cells} 处的无连续规则"),
    "negative": ("the cells {cells}, which have no dot between them",
                 "{cells}，它们之间没有点"),
    "between": ("the between line {cells}", "介值线 {cells}"),
    "lockout": ("the lockout line {cells}", "锁外线 {cells}"),
    "region-sum": ("the region-sum line {cells}", "宫和线 {cells}"),
    "zipper": ("the zipper line {cells}", "拉链线 {cells}"),
    "modular": ("the modular line {cells}", "模数线 {cells}"),
    "entropic": ("the entropic line {cells}", "熵线 {cells}"),
    "x-sum": ("the X-sum {value} from the {side} of {cells}",
              "{cells} {side_zh}侧的 X 和 {value}"),
    "skyscraper": ("the skyscraper clue {value} from the {side} of {cells}",
                   "{cells} {side_zh}侧的摩天楼提示 {value}"),
    "quadruple": ("the quadruple {digits} on {cells}", "{cells} 上的四格提示 {digits}"),
}

LINE_KINDS = ("between", "lockout", "region-sum", "zipper", "modular", "entropic")
"""The lines named by their two ends, like thermometers and whispers."""

_WHY: dict[str, tuple[str, str]] = {
    "thermo": ("digits rise from the bulb along it, so each cell must be larger than some "
               "candidate before it and smaller than some candidate after it",
               "数字从球端起沿线递增，每格要大于前一格的某个候选数、小于后一格的某个候选数"),
    "arrow": ("the digits on its shaft add up to the number in its circle, so each cell "
              "keeps only the digits that leave the others able to make that sum",
              "箭身上的数字之和等于圆圈里的数，每格只能保留让其余格仍能凑出这个和的数字"),
    "kropki": ("each candidate needs a candidate on the other side that the dot allows",
               "每个候选数都需要另一格有与之符合该点关系的候选数"),
    "xv": ("the two digits must add up to {total}, so each candidate needs its partner "
           "{total} minus it on the other side",
           "两格之和为 {total}，每个候选数都需要另一格有与它相加为 {total} 的候选数"),
    "whisper": ("neighbours on the line differ by at least {gap}, so each candidate needs a "
                "far enough candidate beside it",
                "线上相邻两格至少相差 {gap}，每个候选数都需要旁边有相差足够的候选数"),
    "renban": ("its digits form a run of consecutive values, and only the runs that every "
               "cell can join and that the cells can fill are left",
               "线上的数字是一串连续的数，只剩下每格都能参与、且能被填满的那些连续段"),
    "palindrome": ("it reads the same from both ends, so mirrored cells share their "
                   "candidates", "线从两端读起相同，对称的两格只能保留共同的候选数"),
    "clone": ("each cell holds the same digit as its copy, so both keep only the shared "
              "candidates", "每格与它的克隆格填相同的数字，两格只能保留共同的候选数"),
    "odd": ("it holds an odd digit", "这格只能填奇数"),
    "even": ("it holds an even digit", "这格只能填偶数"),
    "little-killer": ("the digits along the diagonal add up to {total} (they repeat only "
                      "where cells do not see each other), so each cell keeps only the digits "
                      "that leave the others able to make it",
                      "斜线上的数字之和为 {total}（互不相见的格子才可以重复），"
                      "每格只能保留让其余格仍能凑出这个和的数字"),
    "sandwich": ("the digits between 1 and {top} add up to {total}, and only the places of "
                 "1 and {top} that allow it are left, with the digits they allow between them",
                 "1 和 {top} 之间的数字之和为 {total}，只剩能满足它的 1 和 {top} 的位置，"
                 "以及它们之间允许的数字"),
    "non-consecutive": ("cells that share a side never hold consecutive digits (except across "
                        "a white dot)", "共边的两格不能填连续的数字（白点两侧除外）"),
    "negative": ("every dot is given, so two neighbours without a dot never make one",
                 "所有的点都已给出，没有点的相邻两格不能符合点的关系"),
    "between": ("the digits along it lie strictly between the digits at its ends, so each "
                "end keeps the digits that leave room for every cell between, and those "
                "cells keep what some pair of ends allows",
                "线上的数字严格介于两端的数字之间，两端只能保留给中间每格都留出空间的数字，"
                "中间各格只能保留某一对端点允许的数字"),
    "lockout": ("its ends differ by at least {gap} and no digit along it lies between them "
                "or equals either, so each end keeps the digits that leave every cell a digit "
                "outside their range, and those cells keep what some pair of ends allows",
                "两端至少相差 {gap}，线上的数字不能介于两端之间或等于端点，两端只能保留让中间"
                "每格都有范围外数字的数字，中间各格只能保留某一对端点允许的数字"),
    "region-sum": ("the box borders cut it into segments that all add up to the same total, "
                   "so each cell keeps only the digits that let the other segments match",
                   "宫的边界把线分成几段，每段之和相同，每格只能保留让其他段仍能凑出相同和的数字"),
    "zipper": ("digits the same distance from its middle add up to the same total (the "
               "middle digit, when it has a middle cell), so each cell keeps only the digits "
               "its partners can complete",
               "与线的中点距离相同的两格之和都相同（有中间格时就等于中间格的数字），每格只能"
               "保留能被对应格补足的数字"),
    "modular": ("any three cells in a row on it hold one digit of each of 147, 258 and 369, "
                "so cells at most two apart on it are never in the same set",
                "线上任意连续三格各含 147、258、369 中的一个数字，相距不超过两格的两格不能同组"),
    "entropic": ("any three cells in a row on it hold one low (123), one middle (456) and one "
                 "high (789) digit, so cells at most two apart on it are never in the same set",
                 "线上任意连续三格各含一个低（123）、中（456）、高（789）数字，"
                 "相距不超过两格的两格不能同组"),
    "x-sum": ("the first X digits from that side add up to {value}, X being the first "
              "digit, so only the first digits that some different digits after them "
              "complete to {value} are left, with the digits that complete them",
              "从这一侧起前 X 个数字之和为 {value}（X 是第一个数字），只剩下能被后面不同的数字"
              "补足到 {value} 的第一个数字，以及补足它们的数字"),
    "skyscraper": ("{value} digits are seen from that side (each larger than every digit "
                   "before it, the largest hiding the rest), so only the digits of some "
                   "ordering that shows {value} are left before the largest",
                   "从这一侧能看到 {value} 个数字（比前面所有数字都大的才看得到，"
                   "最大的数挡住后面的），最大数之前只剩下能看到 {value} 个的排列所用的数字"),
    "quadruple": ("the four cells hold {digits}, so each listed digit needs a cell that "
                  "can take it, and a cell the list needs keeps only listed digits",
                  "这四格含有 {digits}，每个列出的数字都需要一格能填它，"
                  "列表必须占用的格子只能填列出的数字"),
}


def _fields(step: Step, lang: str) -> dict[str, object]:
    data = step.get("constraint") or {}
    colour = data.get("colour", "white")
    total = data.get("sum", 0)
    side = _side(step)
    return {"cells": _line(step), "colour": colour, "value": data.get("value", 0),
            "side": side, "side_zh": _SIDES_ZH.get(side, ""),
            "digits": ",".join(str(d) for d in data.get("digits", ())),
            "colour_zh": "白" if colour == "white" else "黑",
            "symbol": {10: "X", 5: "V"}.get(total, str(total)) if data.get("kind") == "xv"
            else "", "total": total, "top": step.size,
            "gap": data.get("gap", step.size // 2 if data.get("kind") == "lockout" else 5)}


_SIDES_ZH = {"left": "左", "right": "右", "top": "上", "bottom": "下"}


def _side(step: Step) -> str:
    """Where a house clue's clue sits (empty for other constraints)."""
    data = step.get("constraint") or {}
    if data.get("kind") not in ("x-sum", "skyscraper"):
        return ""
    return side_of(data.get("cells", ()), step.size)


def _constraint_name(step: Step, lang: str) -> str:
    """The constraint a step reasons on, in words: ``the thermometer r1c1 -> r1c3``."""
    kind = (step.get("constraint") or {}).get("kind", "")
    en, zh = _NAMES.get(kind, ("the constraint {cells}", "约束 {cells}"))
    return (zh if lang == "zh" else en).format(**_fields(step, lang))


def _where(step: Step, lang: str) -> str:
    name = _constraint_name(step, lang)
    return f"看看{name}。" if lang == "zh" else f"Look at {name}."


def _explain(step: Step, lang: str) -> str:
    kind = (step.get("constraint") or {}).get("kind", "")
    f = _fields(step, lang)
    en, zh = _NAMES.get(kind, ("the constraint {cells}", "约束 {cells}"))
    why_en, why_zh = _WHY.get(kind, ("it narrows its cells", "它限制了这些格子"))
    result = result_text(step, lang)
    if lang == "zh":
        return f"{zh.format(**f)}：{why_zh.format(**f)}。所以{result}。"
    name = en.format(**f)
    return f"On {name}, {why_en.format(**f)}. So {result}."


def _notation(step: Step) -> str:
    return f"{step.name}: {_line(step)} => {eliminations_text(step)}"


_TECHNIQUES: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("parity-cells", ("odd", "even"), ("odd even", "parity")),
    ("thermo", ("thermo",), ("thermo bounds",)),
    ("palindrome", ("palindrome", "clone"), ("clone", "palindrome line")),
    ("xv-sums", ("xv",), ("xv", "x v")),
    ("kropki", ("kropki",), ("kropki dots", "dots")),
    ("whispers", ("whisper",), ("whisper", "german whispers line")),
    ("non-consecutive", ("non-consecutive", "negative"), ("negative constraint", "nonconsecutive")),
    ("renban", ("renban",), ("renban line",)),
    ("arrow-sums", ("arrow",), ("arrow", "pill")),
    ("little-killer", ("little-killer",), ("little killer sum",)),
    ("sandwich", ("sandwich",), ("sandwich sums",)),
    ("modular-line", ("modular",), ("modular", "modular lines")),
    ("entropic-line", ("entropic",), ("entropic", "entropic lines")),
    ("between-line", ("between",), ("between", "between lines")),
    ("lockout-line", ("lockout",), ("lockout", "lockout lines")),
    ("region-sum-line", ("region-sum",), ("region sum", "region sum lines")),
    ("zipper-line", ("zipper",), ("zipper", "zipper lines")),
    ("x-sum", ("x-sum",), ("x-sums", "x sum")),
    ("skyscraper-clue", ("skyscraper",), ("skyscraper sudoku", "skyscrapers")),
    ("quadruple", ("quadruple",), ("quadruples", "quad")),
)
"""key, the constraint kinds read, aliases (names, code and order, an extension of the SE
scale, are in the technique table)."""

for _key, _kinds, _aliases in _TECHNIQUES:
    register(Technique.of(_key, _steps(_key, _kinds), _where, _explain, _notation,
                          aliases=_aliases, first9=never9))

_thermo = _steps("thermo", ("thermo",))


# ---------------------------------------------------------------------- sum pointing
POINTING_KINDS = ("little-killer", "arrow")
"""The constraints whose sums :func:`find_sum_pointing` reads."""


def find_sum_pointing(cands: Candidates) -> Iterator[Step]:
    """A digit that every way of making a sum uses (a little killer, an arrow: without it
    the cells' candidates cannot make the total), whose places on the sum all see some
    other cells: those cells lose the digit.

    >>> from shudu import Grid, Rules
    >>> from shudu.values.constraints import LittleKiller
    >>> from shudu.logic.solver import as_candidates
    >>> rules = Rules(constraints=(LittleKiller((2, 10, 18), 7),))   # in box 1: 1+2+4
    >>> next(find_sum_pointing(as_candidates(Grid("." * 81, rules)))).notation()
    'Sum Pointing: r1c3,r2c2,r3c1 holds 1 => r1c12<>1, r2c13<>1, r3c23<>1'
    """
    rules = cands.rules
    geo = cands.geo
    every = cands.masks()
    for con, unit, _cells in _units(rules):
        if con.kind not in POINTING_KINDS or not unit or unit[0] != LINEAR:
            continue
        k, total, terms = unit[1], unit[2], unit[3:]
        order = terms[0::2]
        weights = terms[1::2]
        if len(unit) != 3 + 2 * k or any(w not in (1, -1) for w in weights) \
                or k > MAX_C_CELLS:
            continue
        masks = tuple(every[c] for c in order)
        sees = sees_among(order, geo.peer_mask)
        signs = None if all(w == 1 for w in weights) else tuple(weights)
        if not sum_supports(total, masks, sees, signs):
            continue    # broken: the solver's contradiction checks report it
        union = 0
        for m in masks:
            union |= m
        own = 0
        for c in order:
            own |= 1 << c
        for b in bits(union):
            without = tuple(m & ~(1 << b) for m in masks)
            if any(without) and sum_supports(total, without, sees, signs):
                continue    # the sum can be made without the digit
            where = tuple(c for c, m in zip(order, masks, strict=True) if m >> b & 1)
            seen = geo.common_peers(where) & cands.digit_mask[b] & ~own
            if seen:
                yield Step("sum-pointing", eliminations=((c, b + 1) for c in bits(seen)),
                           digits=(b + 1,), cells={"constraint": _cells_of(con),
                                                   "base": where},
                           extra={"constraint": con.to_dict()}, size=rules.size)


def _pointing_where(step: Step, lang: str) -> str:
    name = _constraint_name(step, lang)
    d = step.digits[0]
    return f"看看{name}中的数字 {d}。" if lang == "zh" else f"Look at digit {d} on {name}."


def _pointing_explain(step: Step, lang: str) -> str:
    name = _constraint_name(step, lang)
    d = step.digits[0]
    base = cells_text(step.role_cells("base"), step.size)
    result = result_text(step, lang)
    if lang == "zh":
        return (f"{name}：去掉 {d} 后，这些格子的候选数凑不出它的和，所以它必定含有 {d}，"
                f"而 {d} 只能填在 {base}。能同时看到这些格的格子都不能是 {d}：{result}。")
    return (f"On {name}, the cells' candidates cannot make its sum without {d}, so one of "
            f"them holds {d}, and it can only go in {base}. A cell that sees all of them "
            f"cannot be {d}: {result}.")


def _pointing_notation(step: Step) -> str:
    return (f"{step.name}: {cells_text(step.role_cells('constraint'), step.size)} holds "
            f"{step.digits[0]} => {eliminations_text(step)}")


register(Technique.of("sum-pointing", find_sum_pointing, _pointing_where, _pointing_explain,
                      _pointing_notation, aliases=("little killer pointing", "arrow pointing"),
                      first9=never9))


def find_thermo(cands: Candidates) -> Iterator[Step]:
    """Thermometers whose cells lose the digits their place on the line rules out (the
    finder every variant technique is made like).

    >>> from shudu import Grid, Rules
    >>> from shudu.values.constraints import Thermo
    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(Grid("." * 16, Rules(4, constraints=(Thermo((0, 1, 2)),))))
    >>> next(find_thermo(c)).eliminations
    ((0, 3), (0, 4), (1, 1), (1, 4), (2, 1), (2, 2))
    """
    return _thermo(cands)
