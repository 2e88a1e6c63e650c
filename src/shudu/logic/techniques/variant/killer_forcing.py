"""Cage Forcing Chain: a killer candidate whose assumption leads to a contradiction.

Assume a digit in a cell and follow what it forces, as a player would with pencil and
eraser: naked and hidden singles, locked candidates (a digit whose places in a house all
lie in a second house leaves that house's other cells), the combinations each cage can
still hold (a digit every combination holds leaves the cells that see all its places in
the cage; a digit whose places in a house all lie in the cage leaves only the
combinations holding it), and the small sums the 45 rule gives (:mod:`.cage_sums`).
When that runs into a cell without a candidate, a digit without a place in a house, or a
cage or sum that cannot be made, the assumption was false.  The forcing chains of
:mod:`.forcing` propagate singles only; on a killer they rarely reach anything, since
its grid starts nearly empty.
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from ....values.candidates import Candidates, bits, geometry
from ....values.rules import Rules
from ... import accel9
from ...accel9 import never9
from ...registry import Technique, register
from ...render import houses_text, result_text
from ...step import Step, cells_text
from ..classic.forcing import forcing_weight
from .cage_sums import (
    Sum,
    all_sums,
    cage_masks,
    cage_options,
    cage_sums,
    combos_supports,
    sees_among,
    sum_supports,
)
from .constraints import narrow, variant_programs, variant_reason

__all__ = ["find_cage_forcing_chain", "find_constraint_forcing_chain"]


@dataclass
class _Trial:
    """What follows from one assumption, with cage logic: placements in order, each with
    its reason, and the contradiction reached (``None`` when none was)."""

    placed: list[tuple[int, int, str]]
    broken: str | None
    masks: list[int] | None = None


def _trial(cands: Candidates, cell: int, digit: int, budget: int = 400,
           start: tuple[tuple[int, int], ...] = ()) -> _Trial:
    """Assume ``cell`` holds ``digit`` and follow singles, locked candidates, cage
    combinations and the small sums of the 45 rule until nothing more follows, a
    contradiction shows, or ``budget`` placements were made.  Reasons and contradictions
    are texts: ``naked``, ``hidden:<house>``, ``locked:<house>:<house>:<digit>``,
    ``cage:<k>`` (the k-th cage with a total), ``sum:<label>``; ``cell:<c>``,
    ``house:<h>:<d>``, ``clash:<c>:<d>``, ``cage:<k>``, ``sum:<label>``."""
    rules = cands.rules
    geo = cands.geo
    n = geo.n
    peer = geo.peer_mask
    house_mask = geo.house_mask
    masks = list(cands.cell_mask)
    dmask = list(cands.digit_mask)
    values = list(cands.values)
    pmask = [0] * n
    filled = 0   # the cells with a digit
    for c, v in enumerate(values):
        if v:
            pmask[v - 1] |= 1 << c
            filled |= 1 << c
    cages = cage_sums(rules)
    masks_of_cages = cage_masks(rules)
    sums = _trial_sums(rules)
    variants = variant_programs(rules)
    sum_cells, variant_cells = _cells_masks(rules)
    crossing, cage_of = _house_parts(rules)
    claims = [0] * len(cages)
    placed: list[tuple[int, int, str]] = []
    queue: list[tuple[int, int, str]] = [(cell, digit, "assumed")] if cell >= 0 else []

    # cells whose candidates changed since the cages, the sums, the variant constraints,
    # the naked and the hidden singles were last looked at: a part none of whose cells
    # changed has nothing new to say.  The state tried is one the cage techniques and the
    # 45 rule left unchanged (they come before): cages and sums wait for a change
    everything = (1 << len(masks)) - 1
    dirty = [0, 0, everything, everything]
    # per digit, the cells that lost it since the hidden singles and the locked
    # candidates last looked
    lost = [[everything] * n, [everything] * n]

    def cut(c: int, keep: int) -> None:
        """Keep only the digits ``keep`` in cell ``c``."""
        gone = masks[c] & ~keep
        bit = 1 << c
        if gone:
            for i in range(4):
                dirty[i] |= bit
        masks[c] &= keep
        while gone:
            low = gone & -gone
            d = low.bit_length() - 1
            dmask[d] &= ~bit
            lost[0][d] |= bit
            lost[1][d] |= bit
            gone ^= low

    for c, m in start:   # assumed: cell c holds one of the digits of m
        cut(c, m)
        if not masks[c] and not values[c]:
            return _Trial(placed, f"cell:{c}")
        if masks[c] and not masks[c] & (masks[c] - 1):
            queue.append((c, masks[c].bit_length(), "assumed"))
    while True:
        while queue:
            c, d, why = queue.pop(0)
            if values[c]:
                if values[c] != d:
                    return _Trial(placed, f"clash:{c}:{d}")
                continue
            if not masks[c] >> (d - 1) & 1:
                return _Trial(placed, f"clash:{c}:{d}")
            cut(c, 0)
            values[c] = d
            pmask[d - 1] |= 1 << c
            filled |= 1 << c
            placed.append((c, d, why))
            if len(placed) > budget:
                return _Trial(placed, None)
            hit = dmask[d - 1] & peer[c]
            dmask[d - 1] &= ~hit
            touched = hit | 1 << c
            for i in range(4):
                dirty[i] |= touched
            lost[0][d - 1] |= hit
            lost[1][d - 1] |= hit
            bit = ~(1 << (d - 1))
            while hit:
                low = hit & -hit
                p = low.bit_length() - 1
                masks[p] &= bit
                if not masks[p]:
                    return _Trial(placed, f"cell:{p}")
                hit ^= low
        seen_dirty = dirty[3]
        dirty[3] = 0
        while seen_dirty:
            low = seen_dirty & -seen_dirty
            seen_dirty ^= low
            c = low.bit_length() - 1
            m = masks[c]
            if m and not m & (m - 1):
                queue.append((c, m.bit_length(), "naked"))
        if queue:
            continue
        for d in range(n):   # hidden singles where digit d lost a place
            seen_dirty = lost[0][d]
            if not seen_dirty:
                continue
            lost[0][d] = 0
            for h, hm in enumerate(house_mask):
                if not hm & seen_dirty or pmask[d] & hm:
                    continue
                x = dmask[d] & hm
                if not x:
                    return _Trial(placed, f"house:{h}:{d + 1}")
                if not x & (x - 1):   # one at a time: the next may follow from it
                    queue.append((x.bit_length() - 1, d + 1, f"hidden:{h}"))
                    lost[0][d] |= seen_dirty
                    break
            if queue:
                break
        if queue:
            continue
        changed = False
        for d in range(n):   # a digit's places in a house all in a second house: not elsewhere
            seen_dirty = lost[1][d]
            if not seen_dirty:
                continue
            lost[1][d] = 0
            for h, hm in enumerate(house_mask):
                if not hm & seen_dirty or pmask[d] & hm:
                    continue
                x = dmask[d] & hm
                k = cage_of[x.bit_length() - 1] if x else -1
                if k >= 0 and not x & ~masks_of_cages[k] and not claims[k] >> d & 1:
                    claims[k] |= 1 << d   # the cage holds d: look at it again
                    dirty[0] |= masks_of_cages[k]
                for g, gm in crossing[h]:
                    if x & ~gm:
                        continue
                    hit = dmask[d] & gm & ~hm
                    while hit:
                        low = hit & -hit
                        hit ^= low
                        p = low.bit_length() - 1
                        cut(p, ~(1 << d))
                        changed = True
                        if not masks[p]:
                            return _Trial(placed, f"cell:{p}")
                        if not masks[p] & (masks[p] - 1):
                            queue.append((p, masks[p].bit_length(), f"locked:{h}:{g}:{d + 1}"))
        if queue:
            continue
        seen_dirty = dirty[0]
        dirty[0] = 0
        for k, cage in enumerate(cages):
            if not masks_of_cages[k] & seen_dirty:
                continue
            free = [c for c in cage.cells if not values[c]]
            if not free:
                if sum(values[c] for c in cage.cells) != cage.total:
                    return _Trial(placed, f"cage:{k}")
                continue
            left = cage.total - sum(values[c] for c in cage.cells if values[c])
            cage_masks_now = tuple(masks[c] for c in free)
            supports, combos = cage_options(n, left, cage_masks_now)
            if not combos:
                return _Trial(placed, f"cage:{k}")
            must = claims[k]   # digits whose places in a house all lie in the cage
            if must:
                for c in cage.cells:
                    if values[c]:
                        must &= ~(1 << (values[c] - 1))
                if must:
                    keep = tuple(co for co in combos if co & must == must)
                    if not keep:
                        return _Trial(placed, f"cage:{k}")
                    if len(keep) < len(combos):
                        combos = keep
                        supports = combos_supports(keep, cage_masks_now)
            for c, sup in zip(free, supports):
                if masks[c] & ~sup:
                    cut(c, sup)
                    changed = True
                    if not masks[c] & (masks[c] - 1):
                        queue.append((c, masks[c].bit_length(), f"cage:{k}"))
            if queue:
                dirty[0] |= seen_dirty   # the cages after k are still to be looked at
                break
            required = combos[0]
            for combo in combos[1:]:
                required &= combo
            while required:   # a digit the cage must hold leaves the cells seeing it all
                low = required & -required
                required ^= low
                d = low.bit_length() - 1
                seen = -1
                for c in free:
                    if masks[c] & low:
                        seen &= peer[c]
                seen &= dmask[d] & ~masks_of_cages[k]
                while seen:
                    bit = seen & -seen
                    p = bit.bit_length() - 1
                    cut(p, ~low)
                    changed = True
                    if not masks[p]:
                        return _Trial(placed, f"cell:{p}")
                    if not masks[p] & (masks[p] - 1):
                        queue.append((p, masks[p].bit_length(), f"cage:{k}"))
                    seen ^= bit
            if queue:
                dirty[0] |= seen_dirty   # the cages after k are still to be looked at
                break
        if queue or changed:
            continue
        seen_dirty = dirty[1]
        dirty[1] = 0
        for (derived, why), where in zip(sums, sum_cells):
            if not where & seen_dirty or (where & ~filled).bit_count() > MAX_TRIAL_SUM:
                continue
            free = [c for c in derived.cells if not values[c]]
            out = [c for c in derived.minus if not values[c]]
            every = free + out
            if not every or len(every) > MAX_TRIAL_SUM:
                continue
            left = (derived.total - sum(values[c] for c in derived.cells if values[c])
                    + sum(values[c] for c in derived.minus if values[c]))
            sees = _sees(tuple(every), peer)
            signs = (1,) * len(free) + (-1,) * len(out) if out else None
            supports = sum_supports(left, tuple(masks[c] for c in every), sees, signs)
            if not supports:
                return _Trial(placed, why)
            for c, sup in zip(every, supports):
                if masks[c] & ~sup:
                    cut(c, sup)
                    changed = True
                    if not masks[c] & (masks[c] - 1):
                        queue.append((c, masks[c].bit_length(), why))
            if queue:
                dirty[1] |= seen_dirty
                break
        if queue or changed:
            continue
        seen_dirty = dirty[2]
        dirty[2] = 0
        for (program, cells, why), where in zip(variants, variant_cells):
            if not where & seen_dirty:   # thermometers, arrows, dots ... (.variants)
                continue
            now = {c: masks[c] or 1 << (values[c] - 1) for c in cells}
            kept = narrow(program, now, n, peer)
            if kept is None:
                return _Trial(placed, why)
            for c in cells:
                if not values[c] and masks[c] & ~kept[c]:
                    cut(c, kept[c])
                    changed = True
                    if not masks[c] & (masks[c] - 1):
                        queue.append((c, masks[c].bit_length(), why))
            if queue:
                dirty[2] |= seen_dirty
                break
        if not queue and not changed:
            return _Trial(placed, None, masks)


@lru_cache(maxsize=65536)
def _sees(cells: tuple[int, ...], peer: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`.cage_sums.sees_among`, remembered: trials ask it of the same cells often."""
    return sees_among(cells, peer)


@lru_cache(maxsize=32)
def _cells_masks(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cell bitboard of each sum of :func:`_trial_sums` and of each variant
    constraint of :func:`.constraints.variant_programs`."""
    sums = tuple(sum(1 << c for c in set(s.cells + s.minus)) for s, _ in _trial_sums(rules))
    return sums, tuple(sum(1 << c for c in set(cells)) for _, cells, _ in variant_programs(rules))


@lru_cache(maxsize=32)
def _house_parts(rules: Rules) -> tuple[tuple[tuple[tuple[int, int], ...], ...], tuple[int, ...]]:
    """What a trial's locked candidates and cage claiming look at: per house, the other
    houses it shares two cells or more with (index and bitboard); per cell, the index of
    its cage in :func:`.cage_sums.cage_sums` (-1 outside them)."""
    hms = geometry(rules).house_mask
    crossing = tuple(tuple((g, gm) for g, gm in enumerate(hms) if g != h
                           and (hm & gm).bit_count() >= 2) for h, hm in enumerate(hms))
    cage_of = [-1] * rules.ncells
    for k, cage in enumerate(cage_sums(rules)):
        for c in cage.cells:
            cage_of[c] = k
    return crossing, tuple(cage_of)


MAX_TRIAL_SUM = 6
"""Open cells a derived sum may have to be used in a trial."""


@lru_cache(maxsize=32)
def _trial_sums(rules: Rules) -> tuple[tuple[Sum, str], ...]:
    """The 45 rule's sums a trial uses, each with its reason text."""
    n = rules.size
    return tuple((s, "sum:" + _sum_label(s, n)) for s in all_sums(rules))


def _sum_label(s: Sum, n: int) -> str:
    """``r2c27=12`` or ``r7c18-r6c3=0``: a derived sum in a trial's reasons."""
    head = cells_text(s.cells, n) if s.cells else "0"
    if s.minus:
        head += "-" + cells_text(s.minus, n)
    return f"{head}={s.total}"


def find_cage_forcing_chain(cands: Candidates) -> Iterator[Step]:
    """A candidate whose assumption leads, by singles and cage combinations, to a
    contradiction: it is removed.  Cells with two candidates are tried first.

    >>> from shudu.formats.killer import read_cage_string
    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(read_cage_string("3<" + "0" * 79))
    >>> for cell in range(2, 9):
    ...     _ = c.eliminate(cell, 1), c.eliminate(cell, 2)
    >>> next(find_cage_forcing_chain(c)).notation()
    'Cage Forcing Chain: r1c1=3 => contradiction (r1c2=1) => r1c1<>3'
    >>> print(next(find_cage_forcing_chain(c)).text())
    Suppose r1c1 is 3, then r1c2 = 1 (the only place in row 1); now 2 has no place left in
    row 1. So the assumption is false: 3 can be removed from r1c1.
    """
    cages = cage_sums(cands.rules)
    if not cages:
        return
    yield from _forcing_steps(cands, "cage-forcing-chain", cages)


def find_constraint_forcing_chain(cands: Candidates) -> Iterator[Step]:
    """A candidate whose assumption leads, by singles and what the variant constraints
    allow (thermometers, arrows, dots, lines, sums ...), to a contradiction: it is
    removed.  Puzzles with killer cages use the cage forcing chain, which follows these
    constraints too.

    >>> from shudu import Grid, Rules
    >>> from shudu.values.constraints import Thermo
    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(Grid("." * 16, Rules(4, constraints=(Thermo((0, 1)),
    ...                                                         Thermo((4, 1))))))
    >>> print(next(find_constraint_forcing_chain(c)).text())
    Suppose r1c1 is 4; now the thermometer r1c12 cannot be kept. So the assumption is
    false: 4 can be removed from r1c1.
    """
    if cage_sums(cands.rules) or not variant_programs(cands.rules):
        return
    yield from _forcing_steps(cands, "constraint-forcing-chain", ())


@dataclass
class _Sweep:
    """Where the last search for a contradiction stopped: on which rules and state (the
    cell masks), which assumptions it had tried in vain since its sweep began, and how
    many contradictions that sweep found."""

    rules: Rules
    key: str
    masks: tuple[int, ...]
    failed: set[tuple[int, int]]
    hits: int


_SWEEPS = threading.local()


def _forcing_steps(cands: Candidates, key: str, cages: tuple[Sum, ...]) -> Iterator[Step]:
    """The candidates whose assumption breaks, cells with fewer candidates first.

    A path asks again after each step, on a state with fewer candidates, where what led
    to a contradiction still does and what did not may now: so the search goes on where
    the last one stopped (on the same rules, from a state it had reached), passing over
    the assumptions tried in vain since its sweep began, and starts a new sweep at the
    end of one that found a contradiction.  A sweep that finds none ends the search."""
    n = cands.geo.n
    masks = cands.cell_mask
    now = tuple(masks)
    last = getattr(_SWEEPS, "last", None)
    if (last is None or last.rules is not cands.rules or last.key != key
            or any(m & ~o for m, o in zip(now, last.masks))):
        last = _Sweep(cands.rules, key, now, set(), 0)
    else:
        last.masks = now
    _SWEEPS.last = last
    done: set[tuple[int, int]] = set()   # what this search handed out
    walk = _CWalk(cands) if key == "cage-forcing-chain" else None
    while True:
        order = sorted((c for c in range(len(masks)) if masks[c]),
                       key=lambda c: (masks[c].bit_count(), c))
        for cell in order:
            for b in bits(masks[cell]):
                if (cell, b) in last.failed or (cell, b) in done:
                    continue
                if walk is not None and not walk.breaks(cell, b):
                    last.failed.add((cell, b))   # the C walk tells at once
                    continue
                trial = _trial(cands, cell, b + 1)
                if trial.broken is None:
                    last.failed.add((cell, b))
                    continue
                last.hits += 1
                done.add((cell, b))
                chain = tuple((c, d) for c, d, _ in trial.placed[1:])
                reasons = tuple(_label(why, cages, n) for _, _, why in trial.placed[1:])
                yield Step(key, eliminations=((cell, b + 1),), digits=(b + 1,),
                           cells={"cell": (cell,)}, candidates={"chain": chain},
                           extra={"reasons": reasons,
                                  "broken": _label(trial.broken, cages, n),
                                  "length": len(trial.placed)},
                           size=n)
        if not last.hits:
            # nothing left on this state; a later call (after a harder technique moved
            # the state on) tries everything again
            _SWEEPS.last = None
            return
        last.failed, last.hits = set(), 0


@lru_cache(maxsize=32)
def _c_layout(rules: Rules) -> bytes | None:
    """The cages, the trial's sums, the peers and the houses of a 9x9 killer as
    ``csrc/logic/ktrial9.c`` reads them (``None`` for other rules, with constraints besides
    cages: the trials walk in Python there)."""
    geo = geometry(rules)
    if (rules.size != 9 or variant_programs(rules) or not rules.killer_only
            or not 1 <= len(geo.house_mask) <= 48):
        return None
    cages = cage_sums(rules)
    out = [len(cages)]
    for cage in cages:
        out += [cage.total, len(cage.cells), *cage.cells]
    sums = [s for s, _ in _trial_sums(rules)]
    out.append(len(sums))
    for s in sums:
        if len(s.cells) + len(s.minus) > 16:
            return None
        out += [s.total, len(s.cells), len(s.minus), *s.cells, *s.minus]
    words = array("I", (p >> (32 * w) & 0xFFFFFFFF for p in (*geo.peer_mask, *geo.house_mask)
                        for w in range(4)))
    return array("i", out).tobytes() + words.tobytes()


class _CWalk:
    """Which assumptions of a state break, walked in C a cell at a time
    (``accel9.ktrial9``): the same rules as :func:`_trial`, which only removes candidates
    and needs fewer to apply, so the end does not depend on the order; the Python trial
    is then walked for the reasons of the assumptions that break only."""

    def __init__(self, cands: Candidates) -> None:
        self.layout = _c_layout(cands.rules)
        self.masks = array("H", cands.cell_mask).tobytes()
        self.values = bytes(cands.values)
        self.cands = cands
        self.known: dict[tuple[int, int], int] = {}

    def breaks(self, cell: int, b: int) -> bool:
        """Whether assuming digit ``b + 1`` in ``cell`` breaks (``True`` where the C walk
        cannot tell: the Python trial decides)."""
        if self.layout is None:
            return True
        got = self.known.get((cell, b))
        if got is None:
            digits = list(bits(self.cands.cell_mask[cell]))
            flags = accel9.ktrial9(self.layout, self.masks, self.values,
                                   bytes(x for d in digits for x in (cell, d + 1)))
            if flags is None:
                self.layout = None
                return True
            self.known.update(((cell, d), f) for d, f in zip(digits, flags))
            got = self.known[(cell, b)]
        return bool(got)


def _label(why: str, cages: tuple[Sum, ...], n: int) -> str:
    """A trial's reason with a cage named by its total and cells (``cage:17 in r1c12``)."""
    if why.startswith("cage:"):
        cage = cages[int(why[5:])]
        return f"cage:{cage.total} in {cells_text(cage.cells, n)}"
    return why


def _reason_text(step: Step, why: str, lang: str) -> str:
    kind, _, where = why.partition(":")
    if kind == "naked":
        return "唯一余数" if lang == "zh" else "naked single"
    if kind == "hidden":
        house = houses_text(step, (int(where),), lang)
        return f"{house}的唯一位置" if lang == "zh" else f"the only place in {house}"
    if kind == "cage":
        total, cells = where.split(" in ")
        return f"和为 {total} 的杀手笼 {cells}" if lang == "zh" else f"the cage {where}"
    if kind == "variant":
        return variant_reason(why, lang)
    if kind == "locked":
        h, g, d = where.split(":")
        base, cover = (houses_text(step, (int(x),), lang) for x in (h, g))
        if lang == "zh":
            return f"{base}的 {d} 只在{cover}中"
        return f"the {d} of {base} lies in {cover}"
    return f"45 法则：{where}" if lang == "zh" else f"the 45 rule: {where}"


def _broken_text(step: Step, lang: str) -> str:
    kind, _, where = step.get("broken").partition(":")
    n = step.size
    zh = lang == "zh"
    if kind == "cell":
        cell = cells_text([int(where)], n)
        return f"{cell} 没有候选数了" if zh else f"{cell} has no candidate left"
    if kind == "house":
        h, d = where.split(":")
        house = houses_text(step, (int(h),), lang)
        return f"{house}中 {d} 无处可填" if zh else f"{d} has no place left in {house}"
    if kind == "cage":
        total, cells = where.split(" in ")
        return (f"和为 {total} 的杀手笼 {cells} 无法完成" if zh
                else f"the cage {where} cannot be completed")
    if kind == "sum":
        return (f"45 法则给出的 {where} 无法成立" if zh
                else f"the sum {where} the 45 rule gives cannot be made")
    if kind == "variant":
        name = variant_reason(step.get("broken"), lang)
        return f"{name}无法满足" if zh else f"{name} cannot be kept"
    c, d = where.split(":")
    cell = cells_text([int(c)], n)
    return f"{cell} 不能是 {d}" if zh else f"{cell} would need {d}, which it cannot hold"


def _forcing_where(step: Step, lang: str) -> str:
    cell = cells_text(step.role_cells("cell"), step.size)
    d = step.digits[0]
    return f"假设 {cell} = {d}，看看会怎样。" if lang == "zh" else f"Suppose {cell} is {d}."


def _forcing_explain(step: Step, lang: str) -> str:
    n = step.size
    cell = cells_text(step.role_cells("cell"), n)
    d = step.digits[0]
    chain = step.role_candidates("chain")
    reasons = step.get("reasons") or ()
    zh = lang == "zh"
    parts = [f"{cells_text([c], n)} = {v}（{_reason_text(step, why, lang)}）" if zh else
             f"{cells_text([c], n)} = {v} ({_reason_text(step, why, lang)})"
             for (c, v), why in zip(chain, reasons)]
    broken = _broken_text(step, lang)
    result = result_text(step, lang)
    if zh:
        follow = ("，接着 " + "，".join(parts)) if parts else ""
        return f"假设 {cell} = {d}{follow}；这时{broken}。所以这个假设不成立：{result}。"
    follow = (", then " + ", ".join(parts)) if parts else ""
    return (f"Suppose {cell} is {d}{follow}; now {broken}. So the assumption is false: "
            f"{result}.")


def _forcing_notation(step: Step) -> str:
    """``r4c7=4 => contradiction (r3c4=8) => r4c7<>4``: the digits the assumption forces
    on the way, none when it breaks a cage or house at once.

    >>> _forcing_notation(Step("cage-forcing-chain", eliminations=((0, 3),)))
    'Cage Forcing Chain: r1c1=3 => contradiction => r1c1<>3'
    """
    n = step.size
    c, d = step.eliminations[0]
    chain = ", ".join(f"{cells_text([x], n)}={v}" for x, v in step.role_candidates("chain"))
    why = f" ({chain})" if chain else ""
    return (f"{step.name}: {cells_text([c], n)}={d} => contradiction{why} => "
            f"{cells_text([c], n)}<>{d}")


register(Technique.of("cage-forcing-chain", find_cage_forcing_chain, _forcing_where,
                      _forcing_explain, _forcing_notation, aliases=("killer forcing chain",),
                      first9=never9, weigh=forcing_weight))
register(Technique.of("constraint-forcing-chain", find_constraint_forcing_chain, _forcing_where,
                      _forcing_explain, _forcing_notation,
                      aliases=("variant forcing chain", "trial propagation"), first9=never9,
                      weigh=forcing_weight))
