"""The SK-loop: sixteen cells around four pivots whose digits are all accounted for.

Take two rows in different bands and two columns in different stacks.  They meet in four
*pivot* cells, one in each of four boxes.  In each of those boxes take the two other
cells of the pivot's row and the two other cells of its column: sixteen open cells in
eight *pairs*.  Walking round, each pair sits in one box and one line, and the eight houses
(four boxes, two rows, two columns) form a loop in which every house holds two pairs.

Give every house a set of *link digits*, so that each digit of a pair belongs to the
link set of exactly one of its two houses.  Each of the sixteen cells then holds a digit
that one of its houses claims, and a house can claim each of its link digits only once.
When the link sets hold sixteen digits in all, every claim is used: each house has each
of its link digits inside its two pairs, and nowhere else in the house.

The link sets are chosen digit by digit, as few as possible (the loop of houses makes
this a small covering problem, settled by table); when the fewest come to sixteen, every
choice that reaches sixteen proves its own eliminations.

>>> from shudu import Grid
>>> list(find_sk_loop(Candidates.from_grid(Grid.empty())))
[]
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations

from .candidates import Candidates, bits
from .registry import Technique, register
from .render import result_text
from .step import Step, candidates_text, cells_text

__all__ = ["find_sk_loop", "link_sets"]


@cache
def link_sets(edges: int) -> tuple[int, tuple[int, ...]]:
    """For the edges (bit ``i``: the pair between houses ``i`` and ``i + 1 mod 8``) that
    hold a digit, the fewest houses claiming the digit so that every such edge has
    exactly one claiming end, and every set of houses that does it with that few.

    >>> link_sets(0b1)             # one pair: either of its houses
    (1, (1, 2))
    >>> link_sets(0b11111111)      # every pair: every other house
    (4, (85, 170))
    """
    best, sets = 9, []
    for s in range(256):
        if any((s >> i & 1) == (s >> ((i + 1) % 8) & 1) for i in range(8) if edges >> i & 1):
            continue
        size = s.bit_count()
        if size < best:
            best, sets = size, [s]
        elif size == best:
            sets.append(s)
    return best, tuple(sets)


@cache
def _patterns() -> tuple[tuple[tuple[int, ...], tuple[tuple[int, int], ...],
                               tuple[tuple[int, ...], ...]], ...]:
    """Every loop: (pivots, the eight pairs, the eight houses' cells) in loop order."""
    out = []
    for r1, r2 in combinations(range(9), 2):
        if r1 // 3 == r2 // 3:
            continue
        for c1, c2 in combinations(range(9), 2):
            if c1 // 3 == c2 // 3:
                continue

            def row_pair(r: int, c: int) -> tuple[int, int]:
                a, b = (x for x in range(3 * (c // 3), 3 * (c // 3) + 3) if x != c)
                return r * 9 + a, r * 9 + b

            def col_pair(r: int, c: int) -> tuple[int, int]:
                a, b = (x for x in range(3 * (r // 3), 3 * (r // 3) + 3) if x != r)
                return a * 9 + c, b * 9 + c

            def box(r: int, c: int) -> tuple[int, ...]:
                return tuple((3 * (r // 3) + i) * 9 + 3 * (c // 3) + j
                             for i in range(3) for j in range(3))

            pairs = (row_pair(r1, c1), row_pair(r1, c2), col_pair(r1, c2), col_pair(r2, c2),
                     row_pair(r2, c2), row_pair(r2, c1), col_pair(r2, c1), col_pair(r1, c1))
            houses = (box(r1, c1), tuple(r1 * 9 + c for c in range(9)), box(r1, c2),
                      tuple(r * 9 + c2 for r in range(9)), box(r2, c2),
                      tuple(r2 * 9 + c for c in range(9)), box(r2, c1),
                      tuple(r * 9 + c1 for r in range(9)))
            pivots = (r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c2, r2 * 9 + c1)
            out.append((pivots, pairs, houses))
    return tuple(out)


@cache
def _pairs() -> tuple[tuple[int, int], ...]:
    """Every pair any loop uses."""
    return tuple(sorted({p for _, pairs, _ in _patterns() for p in pairs}))


def find_sk_loop(cands: Candidates) -> Iterator[Step]:
    """SK-loops of a 9x9 state with regular boxes, and what they remove.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7....."
    ...                   "6...3...9.8...2.....1")
    >>> print(next(find_sk_loop(c)).notation())  # doctest: +ELLIPSIS
    SK-loop: pivots r2c2,r2c8,r8c8,r8c2; box 1: 2/7; row 2: 3/8; box 3: 1/6; ... => ...
    """
    rules = cands.rules
    if cands.geo.n != 9 or rules.box != (3, 3) or rules.regions is not None:
        return
    cm = cands.cell_mask
    # every pair's digits once (0 when a cell of it is placed), and their number
    mask: dict[tuple[int, int], int] = {}
    count: dict[tuple[int, int], int] = {}
    for pair in _pairs():
        a, b = pair
        m = cm[a] | cm[b] if cm[a] and cm[b] else 0
        mask[pair] = m
        count[pair] = m.bit_count() if m else 99
    for pivots, pairs, houses in _patterns():
        if sum(count[p] for p in pairs) > 32:
            continue   # too many digits (or a placed cell) for sixteen link digits
        pm = [mask[p] for p in pairs]
        total = 0
        choices = []
        for d in range(9):
            edges = sum(1 << i for i, m in enumerate(pm) if m >> d & 1)
            size, sets = link_sets(edges)
            total += size
            choices.append(sets)
            if total > 16:
                break
        if total != 16:
            continue
        step = _step(cands, pivots, pairs, houses, choices)
        if step is not None:
            yield step


def _step(cands: Candidates, pivots: tuple[int, ...], pairs: tuple[tuple[int, int], ...],
          houses: tuple[tuple[int, ...], ...], choices: list[tuple[int, ...]]) -> Step | None:
    cm = cands.cell_mask
    inside = {c for pair in pairs for c in pair}
    elims = set()
    links = []
    for d, sets in enumerate(choices):
        claimed = 0
        for s in sets:
            claimed |= s
        for h in bits(claimed):
            links.append((h, d + 1))
            for c in houses[h]:
                if c not in inside and cm[c] >> d & 1:
                    elims.add((c, d + 1))
    if not elims:
        return None
    cells = tuple(sorted(inside))
    return Step("sk-loop", eliminations=tuple(sorted(elims)), cells={"pivot": pivots,
                "loop": cells}, size=9,
                extra={"links": ";".join(f"{h}:{d}" for h, d in sorted(links))})


# ---------------------------------------------------------------------- words
def _house_name(pivots: tuple[int, ...], h: int, lang: str) -> str:
    r1, c1 = divmod(pivots[0], 9)
    r2, c2 = divmod(pivots[2], 9)

    def box(r: int, c: int) -> int:
        return (r // 3) * 3 + c // 3 + 1

    names = [("box", box(r1, c1)), ("row", r1 + 1), ("box", box(r1, c2)), ("column", c2 + 1),
             ("box", box(r2, c2)), ("row", r2 + 1), ("box", box(r2, c1)), ("column", c1 + 1)]
    kind, k = names[h]
    if lang == "zh":
        return f"第 {k} {dict(box='宫', row='行', column='列')[kind]}"
    return f"{kind} {k}"


def _links_text(step: Step, lang: str) -> str:
    pivots = step.role_cells("pivot")
    per: dict[int, list[int]] = {}
    for item in str(step.get("links", "")).split(";"):
        if item:
            h, d = map(int, item.split(":"))
            per.setdefault(h, []).append(d)
    sep = "、" if lang == "zh" else "/"
    parts = [f"{_house_name(pivots, h, lang)}: {sep.join(map(str, ds))}"
             for h, ds in sorted(per.items())]
    return ("；" if lang == "zh" else "; ").join(parts)


def _where(step: Step, lang: str) -> str:
    pivots = cells_text(step.role_cells("pivot"), 9)
    if lang == "zh":
        return f"看以 {pivots} 为支点的四个宫：围绕它们的 16 格构成一个环。"
    return (f"Look at the four boxes around the pivots {pivots}: the sixteen cells next to "
            f"them form a loop.")


def _explain(step: Step, lang: str) -> str:
    pivots = cells_text(step.role_cells("pivot"), 9)
    loop = cells_text(step.role_cells("loop"), 9)
    links = _links_text(step, lang)
    res = result_text(step, lang)
    if lang == "zh":
        return (f"SK 环（SK-loop）：支点 {pivots} 旁的 16 格 {loop} 两两成对，每对同在一个宫和一条"
                f"行或列上，八个区域连成一个环。各区域认领的数字（{links}）共 16 个，正好等于"
                f"格数；每格的数字都由它所在的一个区域认领，而每个区域的每个认领数字只能出现一次，"
                f"所以每个认领数字都恰好落在该区域的两对格中，不会出现在区域的其他格里：{res}。")
    return (f"SK-loop: the sixteen cells {loop} beside the pivots {pivots} form eight pairs, "
            f"each in one box and one line, and the eight houses close a loop. The digits "
            f"the houses claim ({links}) number sixteen, as many as the cells; every cell's "
            f"digit is claimed by one of its houses and a house can place each claimed digit "
            f"once, so each house has each of its claimed digits inside its two pairs and "
            f"nowhere else: {res}.")


def _notation(step: Step) -> str:
    pivots = ",".join(cells_text((c,), 9) for c in step.role_cells("pivot"))
    return (f"SK-loop: pivots {pivots}; {_links_text(step, 'en')} => "
            f"{candidates_text(step.eliminations, 9)}")


register(Technique("sk-loop", "SK-loop", "SK 环", "1602", "sk-loop", 9.0, find_sk_loop,
                   _where, _explain, _notation))
