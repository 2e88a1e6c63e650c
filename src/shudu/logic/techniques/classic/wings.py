"""Wings: XY-Wing, XYZ-Wing, WXYZ-Wing, W-Wing, and Remote Pairs.

A wing is a pivot that sees two or more pincers; whichever way the pivot goes, one of the
pincers takes the shared digit ``z``, so every cell that sees all the ``z`` cells loses it.

>>> from shudu import Grid
>>> from shudu.values.candidates import Candidates
>>> masks = [0b111111111] * 81
>>> masks[0], masks[4], masks[19] = 0b011, 0b101, 0b110   # r1c1 12, r1c5 13, r3c2 23
>>> [s.notation() for s in find_xy_wing(Candidates.from_masks(Grid.empty().rules, masks))]
['XY-Wing: 1/2/3 r1c1,r1c5,r3c2 => r1c23<>3, r3c456<>3']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations

from ....values.candidates import Candidates, bits, digits_in, first_bit
from ...registry import Technique, register
from ...render import house_text, result_text
from ...step import Step, candidates_text, cells_text, digit_text

__all__ = [
    "find_remote_pair",
    "find_w_wing",
    "find_wxyz_wing",
    "find_xy_wing",
    "find_xyz_wing",
]


def _bivalues(cands: Candidates) -> list[int]:
    return [c for c, m in enumerate(cands.cell_mask) if m and (m & (m - 1))
            and not (m & (m - 1)) & ((m & (m - 1)) - 1)]


def _elim(cands: Candidates, mask: int, z: int) -> tuple[tuple[int, int], ...]:
    return tuple((c, z + 1) for c in bits(mask & cands.digit_mask[z]))


def find_xy_wing(cands: Candidates) -> Iterator[Step]:
    """Pivot ``xy`` sees pincers ``xz`` and ``yz``: cells seeing both pincers lose ``z``.

    >>> from shudu import Grid
    >>> list(find_xy_wing(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("714.6.5388..453..7356718429....24.854...."
    ...                   ".3.2285376941978631254.....7..6........3")
    >>> next(find_xy_wing(c)).notation()
    'XY-Wing: 1/6/9 r4c1,r4c4,r5c2 => r4c23<>9, r5c456<>9'
    """
    geo = cands.geo
    peer = geo.peer_mask
    cm = cands.cell_mask
    n = geo.n
    biv = _bivalues(cands)
    bivset = 0
    for c in biv:
        bivset |= 1 << c
    for pivot in biv:
        pm = cm[pivot]
        wings = [c for c in bits(peer[pivot] & bivset)
                 if (cm[c] & pm).bit_count() == 1]
        for a, b in combinations(wings, 2):
            ma, mb = cm[a], cm[b]
            zmask = ma & mb
            if zmask.bit_count() != 1 or zmask & pm or (ma | mb) & pm != pm:
                continue
            z = first_bit(zmask)
            elims = _elim(cands, peer[a] & peer[b], z)
            if not elims:
                continue
            x, y = digits_in(pm)
            yield Step("xy-wing", eliminations=elims, digits=(x, y, z + 1),
                       cells={"pivot": (pivot,), "pincer": (a, b)},
                       candidates={"z": ((a, z + 1), (b, z + 1))}, size=n,
                       extra={"pivot_digits": f"{x}/{y}",
                              "pincer_digits": (digits_in(ma), digits_in(mb))})


def find_xyz_wing(cands: Candidates) -> Iterator[Step]:
    """Pivot ``xyz`` sees pincers ``xz`` and ``yz``: cells seeing all three lose ``z``.

    >>> from shudu import Grid
    >>> list(find_xyz_wing(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("673.8.2.9514.92..3982.....5167359..28.9.1"
    ...                   ".536..58..791..614.928..1..8354..8...167")
    >>> next(find_xyz_wing(c)).notation()
    'XYZ-Wing: 4/7/6 r3c4,r2c4,r3c7 => r3c56<>6'
    """
    geo = cands.geo
    peer = geo.peer_mask
    cm = cands.cell_mask
    n = geo.n
    biv = _bivalues(cands)
    bivset = 0
    for c in biv:
        bivset |= 1 << c
    for pivot, pm in enumerate(cm):
        if pm.bit_count() != 3:
            continue
        wings = [c for c in bits(peer[pivot] & bivset) if cm[c] & pm == cm[c]]
        for a, b in combinations(wings, 2):
            ma, mb = cm[a], cm[b]
            if ma | mb != pm or (ma & mb).bit_count() != 1:
                continue
            z = first_bit(ma & mb)
            elims = _elim(cands, peer[a] & peer[b] & peer[pivot], z)
            if not elims:
                continue
            yield Step("xyz-wing", eliminations=elims,
                       digits=(*(d for d in digits_in(pm) if d != z + 1), z + 1),
                       cells={"pivot": (pivot,), "pincer": (a, b)},
                       candidates={"z": ((pivot, z + 1), (a, z + 1), (b, z + 1))}, size=n,
                       extra={"pivot_digits": "/".join(map(str, digits_in(pm)))})


def _quads(around: list[int], cm: list[int], start: int) -> Iterator[tuple[int, int, int]]:
    """The 3-combinations of ``around`` (in order) whose digits with ``start`` number 4."""
    size = len(around)
    for i in range(size):
        u1 = start | cm[around[i]]
        if u1.bit_count() > 4:
            continue
        for j in range(i + 1, size):
            u2 = u1 | cm[around[j]]
            if u2.bit_count() > 4:
                continue
            for k in range(j + 1, size):
                if (u2 | cm[around[k]]).bit_count() == 4:
                    yield around[i], around[j], around[k]


def find_wxyz_wing(cands: Candidates) -> Iterator[Step]:
    """Four cells holding four digits, where only ``z`` is not restricted to one house.

    Every digit but ``z`` has all its cells inside one house, so at most one of them is
    placed in the four cells; four cells need four digits, so ``z`` is placed in one of
    its cells, and every cell seeing all of them loses ``z``.

    >>> from shudu import Grid
    >>> list(find_wxyz_wing(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("..3.2.6..9..3.5..1..18.64....81.29..7...."
    ...                   "...8..67.82....26.95..8..2.3..9..5.1.3..")
    >>> next(find_wxyz_wing(c)).notation()
    'WXYZ-Wing: 4/5/9/7 r1c4,r1c9,r2c5,r3c5 => r1c6<>7'
    """
    geo = cands.geo
    peer = geo.peer_mask
    cm = cands.cell_mask
    n = geo.n
    small = [c for c, m in enumerate(cm) if 2 <= m.bit_count() <= 4]
    seen: set[tuple[frozenset[int], int]] = set()
    for pivot in small:
        around = [c for c in small if peer[pivot] >> c & 1 and c > pivot]
        for trio in _quads(around, cm, cm[pivot]):
            cells = (pivot, *trio)
            union = cm[pivot] | cm[trio[0]] | cm[trio[1]] | cm[trio[2]]
            loose = []
            for d in bits(union):
                holders = [c for c in cells if cm[c] >> d & 1]
                tied = all(peer[a] >> b & 1 for a, b in combinations(holders, 2))
                if not tied:
                    loose.append(d)
            if len(loose) != 1:
                continue
            z = loose[0]
            zcells = [c for c in cells if cm[c] >> z & 1]
            key = (frozenset(cells), z)
            if key in seen:
                continue
            seen.add(key)
            elims = _elim(cands, geo.common_peers(zcells), z)
            if not elims:
                continue
            hinge = max(cells, key=lambda c: cm[c].bit_count())
            yield Step("wxyz-wing", eliminations=elims,
                       digits=(*(d for d in digits_in(union) if d != z + 1), z + 1),
                       cells={"pivot": (hinge,), "pincer": tuple(c for c in cells if c != hinge)},
                       candidates={"z": tuple((c, z + 1) for c in zcells)}, size=n,
                       extra={"pivot_digits": "/".join(map(str, digits_in(cm[hinge])))})


def find_w_wing(cands: Candidates) -> Iterator[Step]:
    """Two equal bivalue cells ``xy`` joined by a conjugate pair on ``x``: they lose ``y``.

    >>> from shudu import Grid
    >>> list(find_w_wing(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("915..6732387512.9.642973581.317...2.2.6.3"
    ...                   "1.7...862.31.863194257..9268143124357869")
    >>> next(find_w_wing(c)).notation()
    'W-Wing: 5/4 in r4c1,r6c9 connected by 5 r5c2,r5c9 => r4c79<>4, r6c1<>4'
    """
    geo = cands.geo
    peer = geo.peer_mask
    cm = cands.cell_mask
    n = geo.n
    by_mask: dict[int, list[int]] = {}
    for c in _bivalues(cands):
        by_mask.setdefault(cm[c], []).append(c)
    for mask, cells in by_mask.items():
        if len(cells) < 2:
            continue
        for a, b in combinations(cells, 2):
            if peer[a] >> b & 1:
                continue
            common = peer[a] & peer[b]
            for x in bits(mask):
                y = first_bit(mask ^ (1 << x))
                elims = _elim(cands, common, y)
                if not elims:
                    continue
                dm = cands.digit_mask[x]
                for h, hm in enumerate(geo.house_mask):
                    m = dm & hm
                    if m.bit_count() != 2 or m >> a & 1 or m >> b & 1:
                        continue
                    s1 = first_bit(m)
                    s2 = first_bit(m ^ (1 << s1))
                    for e1, e2 in ((s1, s2), (s2, s1)):
                        if peer[a] >> e1 & 1 and peer[b] >> e2 & 1:
                            yield Step("w-wing", eliminations=elims, digits=(y + 1, x + 1),
                                       cells={"wing": (a, b), "strong": (e1, e2)},
                                       houses={"strong": (h,)}, size=n)
                            break


def find_remote_pair(cands: Candidates) -> Iterator[Step]:
    """A chain of bivalue cells with the same two digits, each seeing the next.

    Along the chain the cells alternate between the two digits, so a cell that sees two
    chain cells an odd number of steps apart sees both digits and loses both.

    >>> from shudu import Grid
    >>> list(find_remote_pair(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("..1.4926363.21794.94263..7.2634.17.98.4.9"
    ...                   "..2...9.62.34..7..4.9.4..97631..96.2.4.7")
    >>> next(find_remote_pair(c)).notation()
    'Remote Pair: 5/8 r7c5-r4c5-r4c8-r9c8 => r7c79<>5, r9c46<>5, r7c79<>8, r9c46<>8'
    """
    geo = cands.geo
    peer = geo.peer_mask
    cm = cands.cell_mask
    n = geo.n
    by_mask: dict[int, list[int]] = {}
    for c in _bivalues(cands):
        by_mask.setdefault(cm[c], []).append(c)
    for mask, cells in by_mask.items():
        if len(cells) < 4:
            continue
        pool = 0
        for c in cells:
            pool |= 1 << c
        x, y = digits_in(mask)
        # every simple path of four or more cells; longest chains are found by extension
        found: set[tuple[int, ...]] = set()

        def extend(path: list[int], used: int, pool: int = pool) -> Iterator[list[int]]:
            last = path[-1]
            for nxt in bits(peer[last] & pool & ~used):
                path.append(nxt)
                yield path
                yield from extend(path, used | 1 << nxt, pool)
                path.pop()

        for start in cells:
            for path in extend([start], 1 << start):
                if len(path) < 4 or path[0] > path[-1]:
                    continue
                even = 0
                odd = 0
                for i, c in enumerate(path):
                    if i % 2:
                        odd |= 1 << c
                    else:
                        even |= 1 << c
                # eliminations from cells that see both ends of the chain
                targets = peer[path[0]] & peer[path[-1]] if len(path) % 2 == 0 else 0
                if not targets:
                    continue
                targets &= ~(even | odd)
                elims = _elim(cands, targets, x - 1) + _elim(cands, targets, y - 1)
                key = tuple(path)
                if not elims or key in found:
                    continue
                found.add(key)
                yield Step("remote-pair", eliminations=elims, digits=(x, y),
                           cells={"chain": tuple(path)}, size=n,
                           extra={"length": 2 * len(path) - 1})


# ---------------------------------------------------------------------- words
def _c(step: Step, cells: tuple[int, ...] | list[int]) -> str:
    return cells_text(cells, step.size)


def _each(step: Step, cells: tuple[int, ...], lang: str = "en") -> str:
    names = [_c(step, [c]) for c in cells]
    if lang == "zh":
        return "、".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]


def _set(step: Step, digits: Iterable[int]) -> str:
    """Candidates of a cell as a set: ``{1,3}``."""
    return "{" + ",".join(digit_text(d, step.size) for d in digits) + "}"


def _wing_where(step: Step, lang: str) -> str:
    pivot = _c(step, step.role_cells("pivot"))
    if lang == "zh":
        return f"看看以 {pivot} 为枢纽的格子及它能看到的双值格。"
    return f"Look at {pivot} and the cells with few candidates that it sees."


def _wing_explain(step: Step, lang: str) -> str:
    pivot = step.role_cells("pivot")[0]
    pincers = step.role_cells("pincer")
    z = step.digits[-1]
    pdig = step.get("pivot_digits", "")
    res = result_text(step, lang)
    zcells = _each(step, tuple(c for c, _ in step.role_candidates("z")), lang)
    name, zh = step.info.name, step.info.name_zh
    pc = _c(step, [pivot])
    if step.technique == "xy-wing":
        a, b = (_c(step, [c]) for c in pincers)
        pdig = _set(step, step.digits[:2])
        pins = step.get("pincer_digits")
        pa, pb = ((f"{a} {_set(step, pins[0])}", f"{b} {_set(step, pins[1])}") if pins
                  else (a, b))
        if lang == "zh":
            return (f"{zh}：枢纽 {pc} {pdig} 看到钳子 {pa} 和 {pb}。无论 {pc} 取哪个数，"
                    f"{a} 或 {b} 之一必为 {z}，所以同时看到 {a} 和 {b} 的格子不能是 {z}：{res}。")
        return (f"{name}: the pivot {pc} {pdig} sees the pincers {pa} and {pb}. Whichever "
                f"digit {pc} takes, {a} or {b} becomes {z}, so a cell that sees both of them "
                f"cannot be {z}: {res}.")
    if lang == "zh":
        return (f"{zh}：{pc} 与 {_each(step, pincers, lang)} 中，除 {z} 以外的每个数字都被限制在"
                f"同一区域内，最多出现一次，所以 {z} 必在 {zcells} 之一。看到它们全部的格子不能是 "
                f"{z}：{res}。")
    return (f"{name}: in {_each(step, (pivot, *pincers))}, every digit except {z} is confined "
            f"to one house and can appear at most once, so {z} must be in one of {zcells}. "
            f"A cell that sees all of them cannot be {z}: {res}.")


def _wing_notation(step: Step) -> str:
    cells = step.role_cells("pivot") + step.role_cells("pincer")
    digits = "/".join(str(d) for d in step.digits)
    names = ",".join(cells_text([c], step.size) for c in cells)
    return f"{step.info.name}: {digits} {names} => {candidates_text(step.eliminations, step.size)}"


def _w_where(step: Step, lang: str) -> str:
    a, b = step.role_cells("wing")
    y, x = step.digits
    if lang == "zh":
        return f"看看两个双值格 {_c(step, [a])} 和 {_c(step, [b])}（{x}/{y}）以及数字 {x}。"
    return f"Look at the two {x}/{y} cells {_c(step, [a])} and {_c(step, [b])}, and digit {x}."


def _w_explain(step: Step, lang: str) -> str:
    a, b = (_c(step, [c]) for c in step.role_cells("wing"))
    e1, e2 = (_c(step, [c]) for c in step.role_cells("strong"))
    house = house_text(step, step.role_houses("strong")[0], lang)
    y, x = step.digits
    res = result_text(step, lang)
    if lang == "zh":
        return (f"W翼：{a} 和 {b} 都只有 {x}/{y}。{house}中 {x} 只能在 {e1} 或 {e2}，而 {e1} 看到 "
                f"{a}、{e2} 看到 {b}，所以 {a} 和 {b} 不能都是 {x}，至少有一个是 {y}。"
                f"同时看到两者的格子不能是 {y}：{res}。")
    return (f"W-Wing: {a} and {b} both hold only {x}/{y}. In {house}, {x} can only go in "
            f"{e1} or {e2}; {e1} sees {a} and {e2} sees {b}, so {a} and {b} cannot both be "
            f"{x}, and one of them is {y}. A cell that sees both cannot be {y}: {res}.")


def _w_notation(step: Step) -> str:
    a, b = step.role_cells("wing")
    e1, e2 = step.role_cells("strong")
    y, x = step.digits
    n = step.size
    return (f"W-Wing: {x}/{y} in {cells_text([a], n)},{cells_text([b], n)} connected by "
            f"{x} {cells_text([e1], n)},{cells_text([e2], n)} => "
            f"{candidates_text(step.eliminations, n)}")


def _rp_where(step: Step, lang: str) -> str:
    x, y = step.digits
    chain = _each(step, step.role_cells("chain"), lang)
    if lang == "zh":
        return f"看看只含 {x}/{y} 的格子：{chain}。"
    return f"Look at the {x}/{y} cells {chain}."


def _rp_explain(step: Step, lang: str) -> str:
    x, y = step.digits
    chain = step.role_cells("chain")
    seq = "-".join(_c(step, [c]) for c in chain)
    ends = _each(step, (chain[0], chain[-1]), lang)
    res = result_text(step, lang)
    if lang == "zh":
        return (f"远程数对：{seq} 都只有 {x}/{y}，且依次互相可见，所以它们交替取 {x} 和 {y}；"
                f"两端 {ends} 一个是 {x}、一个是 {y}。同时看到两端的格子既不能是 {x} 也不能是 {y}："
                f"{res}。")
    return (f"Remote Pair: {seq} all hold only {x}/{y} and each sees the next, so they "
            f"alternate between {x} and {y}; the ends {ends} hold one {x} and one {y}. A cell "
            f"that sees both ends can be neither: {res}.")


def _rp_notation(step: Step) -> str:
    x, y = step.digits
    n = step.size
    chain = "-".join(cells_text([c], n) for c in step.role_cells("chain"))
    return f"Remote Pair: {x}/{y} {chain} => {candidates_text(step.eliminations, n)}"


register(Technique.of("xy-wing", find_xy_wing, _wing_where, _wing_explain, _wing_notation,
                      aliases=("y-wing",)))
register(Technique.of("xyz-wing", find_xyz_wing, _wing_where, _wing_explain, _wing_notation))
register(Technique.of("wxyz-wing", find_wxyz_wing, _wing_where, _wing_explain, _wing_notation))
register(Technique.of("w-wing", find_w_wing, _w_where, _w_explain, _w_notation))
register(Technique.of("remote-pair", find_remote_pair, _rp_where, _rp_explain, _rp_notation,
                      aliases=("remote pairs",)))
