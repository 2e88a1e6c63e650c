"""The SK-loop: sixteen cells around four pivots whose digits are all accounted for (and
its extension round six pivots, 24 cells).

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

The link sets are chosen digit by digit, as few as possible (round the loop of houses,
each run of pairs holding the digit is claimed by every other house); when the fewest come
to sixteen, every choice that reaches sixteen proves its own eliminations.  The same holds
for the loop of twelve houses round six pivots (a row of each band, a column of each
stack): 24 cells and 24 link digits.

>>> from shudu import Grid
>>> list(find_sk_loop(Candidates.from_grid(Grid.empty())))
[]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from itertools import combinations, permutations, product
from operator import itemgetter

from ....values.candidates import Candidates, bits
from ...registry import Technique, register
from ...render import house_text, result_text
from ...step import Step, candidates_text, cells_text

__all__ = ["find_sk_loop", "link_sets"]


@cache
def link_sets(edges: int, length: int = 8) -> tuple[int, tuple[int, ...]]:
    """For the edges (bit ``i``: the pair between houses ``i`` and ``i + 1`` round a loop
    of ``length`` houses) that hold a digit, the fewest houses claiming the digit so that
    every such edge has exactly one claiming end, and every set of houses that does it
    with that few.  Runs of neighbouring edges alternate, so each run is claimed by the
    smaller of its two alternate sets of houses.

    >>> link_sets(0b1)             # one pair: either of its houses
    (1, (1, 2))
    >>> link_sets(0b11111111)      # every pair: every other house
    (4, (85, 170))
    """
    if edges == (1 << length) - 1:   # the whole loop alternates
        even = sum(1 << i for i in range(0, length, 2))
        return length // 2, (even, even << 1)
    # runs of consecutive edges, starting after an edge without the digit
    first = next(i for i in range(length) if not edges >> i & 1)
    size = 0
    options: list[tuple[int, ...]] = []
    run: list[int] = []
    for k in range(1, length + 1):
        i = (first + k) % length
        if edges >> i & 1:
            run.append(i)
            continue
        if run:   # houses run[0] .. run[-1] + 1, alternately claimed
            houses = [*run, (run[-1] + 1) % length]
            a = sum(1 << h for h in houses[0::2])
            b = sum(1 << h for h in houses[1::2])
            na, nb = a.bit_count(), b.bit_count()
            size += min(na, nb)
            options.append((a,) if na < nb else (b,) if nb < na else (a, b))
            run = []
    sets = [0]
    for choice in options:
        sets = [s | c for s in sets for c in choice]
    return size, tuple(sorted(sets))


Loop = tuple[tuple[int, ...], tuple[tuple[int, int], ...], tuple[tuple[int, ...], ...]]


@cache
def _box(r: int, c: int) -> tuple[int, ...]:
    """The cells of the box of (r, c)."""
    return tuple((3 * (r // 3) + i) * 9 + 3 * (c // 3) + j for i in range(3) for j in range(3))


@cache
def _line(r: int, c: int, along_row: bool) -> tuple[int, ...]:
    """The cells of the row or the column of (r, c)."""
    return tuple(r * 9 + x for x in range(9)) if along_row else tuple(x * 9 + c for x in range(9))


@cache
def _pair(r: int, c: int, along_row: bool) -> tuple[int, int]:
    """The two cells beside pivot (r, c) in its box, along its row or column."""
    if along_row:
        a, b = (x for x in range(3 * (c // 3), 3 * (c // 3) + 3) if x != c)
        return r * 9 + a, r * 9 + b
    a, b = (x for x in range(3 * (r // 3), 3 * (r // 3) + 3) if x != r)
    return a * 9 + c, b * 9 + c


def _loop(pivots: list[tuple[int, int]]) -> Loop:
    """The loop through pivots (row, column), each sharing a line with the next one
    (rows and columns in turn): its pivots, pairs and houses in loop order (a pivot's
    box, the line to the next pivot, that pivot's box, ...)."""
    pairs: list[tuple[int, int]] = []
    houses: list[tuple[int, ...]] = []
    for k, (r, c) in enumerate(pivots):
        r2, c2 = pivots[(k + 1) % len(pivots)]
        along_row = r == r2
        houses += [_box(r, c), _line(r, c, along_row)]
        pairs += [_pair(r, c, along_row), _pair(r2, c2, along_row)]
    return tuple(r * 9 + c for r, c in pivots), tuple(pairs), tuple(houses)


@cache
def _patterns() -> tuple[Loop, ...]:
    """Every loop: four pivots (two rows of different bands, two columns of different
    stacks), then six pivots (a row of each band, a column of each stack)."""
    out = []
    for r1, r2 in combinations(range(9), 2):
        if r1 // 3 == r2 // 3:
            continue
        for c1, c2 in combinations(range(9), 2):
            if c1 // 3 != c2 // 3:
                out.append(_loop([(r1, c1), (r1, c2), (r2, c2), (r2, c1)]))
    seen = set()
    for rows in product(range(3), repeat=3):
        r1, r2, r3 = (3 * band + k for band, k in enumerate(rows))
        for cols in product(range(3), repeat=3):
            cs = [3 * stack + k for stack, k in enumerate(cols)]
            for ca, cb, cc in permutations(cs):
                pivots = [(r1, ca), (r1, cb), (r2, cb), (r2, cc), (r3, cc), (r3, ca)]
                key = frozenset(pivots)
                if key not in seen:
                    seen.add(key)
                    out.append(_loop(pivots))
    return tuple(out)


@cache
def _pairs() -> tuple[tuple[int, int], ...]:
    """Every pair any loop uses."""
    return tuple(sorted({p for _, pairs, _ in _patterns() for p in pairs}))


@cache
def _pattern_pairs() -> tuple[Callable[[list[int]], tuple[int, ...]], ...]:
    """For each loop of :func:`_patterns`, what takes its pairs' entries, in its order,
    from a list with one entry per pair of :func:`_pairs`."""
    at = {p: i for i, p in enumerate(_pairs())}
    return tuple(itemgetter(*(at[p] for p in pairs)) for _, pairs, _ in _patterns())


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
    mask: list[int] = []
    count: list[int] = []
    for a, b in _pairs():
        m = cm[a] | cm[b] if cm[a] and cm[b] else 0
        mask.append(m)
        count.append(m.bit_count() if m else 99)
    for (pivots, pairs, houses), of_pairs in zip(_patterns(), _pattern_pairs()):
        cells = 2 * len(pairs)
        if sum(of_pairs(count)) > 2 * cells:
            continue   # too many digits (or a placed cell) for as many link digits as cells
        pm = of_pairs(mask)
        total = 0
        choices = []
        for d in range(9):
            edges = sum(1 << i for i, m in enumerate(pm) if m >> d & 1)
            size, sets = link_sets(edges, len(pairs))
            total += size
            choices.append(sets)
            if total > cells:
                break
        if total != cells:
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
def _house_index(cells: tuple[int, ...]) -> int:
    """The house index (rows 0-8, columns 9-17, boxes 18-26) of a loop house's cells."""
    if len({c // 9 for c in cells}) == 1:
        return cells[0] // 9
    if len({c % 9 for c in cells}) == 1:
        return 9 + cells[0] % 9
    return 18 + (cells[0] // 27) * 3 + (cells[0] % 9) // 3


def _links_text(step: Step, lang: str) -> str:
    _, _, houses = _loop([divmod(p, 9) for p in step.role_cells("pivot")])
    per: dict[int, list[int]] = {}
    for item in str(step.get("links", "")).split(";"):
        if item:
            h, d = map(int, item.split(":"))
            per.setdefault(h, []).append(d)
    sep = "、" if lang == "zh" else "/"
    parts = [f"{house_text(step, _house_index(houses[h]), lang)}: {sep.join(map(str, ds))}"
             for h, ds in sorted(per.items())]
    return ("；" if lang == "zh" else "; ").join(parts)


def _where(step: Step, lang: str) -> str:
    pivots = cells_text(step.role_cells("pivot"), 9)
    if lang == "zh":
        return (f"看以 {pivots} 为支点的 {len(step.role_cells('pivot'))} 个宫：围绕它们的 "
                f"{len(step.role_cells('loop'))} 格构成一个环。")
    return (f"Look at the {len(step.role_cells('pivot'))} boxes around the pivots {pivots}: "
            f"the {len(step.role_cells('loop'))} cells next to them form a loop.")


def _explain(step: Step, lang: str) -> str:
    pivots = cells_text(step.role_cells("pivot"), 9)
    loop = cells_text(step.role_cells("loop"), 9)
    n = len(step.role_cells("loop"))
    links = _links_text(step, lang)
    res = result_text(step, lang)
    if lang == "zh":
        return (f"SK 环（SK-loop）：支点 {pivots} 旁的 {n} 格 {loop} 两两成对，每对同在一个宫和"
                f"一条行或列上，{n // 2} 个区域连成一个环。各区域认领的数字（{links}）共 {n} 个，"
                f"正好等于格数；每格的数字都由它所在的一个区域认领，而每个区域的每个认领数字只能"
                f"出现一次，所以每个认领数字都恰好落在该区域的两对格中，不会出现在区域的其他格里："
                f"{res}。")
    return (f"SK-loop: the {n} cells {loop} beside the pivots {pivots} form {n // 2} pairs, "
            f"each in one box and one line, and the {n // 2} houses close a loop. The digits "
            f"the houses claim ({links}) number {n}, as many as the cells; every cell's "
            f"digit is claimed by one of its houses and a house can place each claimed digit "
            f"once, so each house has each of its claimed digits inside its two pairs and "
            f"nowhere else: {res}.")


def _notation(step: Step) -> str:
    pivots = ",".join(cells_text((c,), 9) for c in step.role_cells("pivot"))
    return (f"SK-loop: pivots {pivots}; {_links_text(step, 'en')} => "
            f"{candidates_text(step.eliminations, 9)}")


register(Technique.of("sk-loop", find_sk_loop, _where, _explain, _notation))
