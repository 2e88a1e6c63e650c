"""Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle and duals.

All of them look at one digit only.  Skyscraper, 2-String Kite and Turbot Fish are
three-link X-chains ``p = x - y = q``: two conjugate pairs (the digit has exactly two
places in a house) joined by a weak link (``x`` sees ``y``); one of the ends ``p``, ``q``
holds the digit, so every cell that sees both ends loses it.  An Empty Rectangle uses a
box whose candidates lie on one row and one column (a cross) as a grouped link.

>>> from shudu import Grid
>>> from shudu.values.candidates import Candidates
>>> c = Candidates.from_grid(Grid(
...     "..1.28759.879.5132952173486.2.7..34....5..27.714832695....9.817.78.5196319..87524"))
>>> [s.notation() for s in find_skyscraper(c)]
['Skyscraper: 4 in r2c5,r8c4 (connected by r2c1,r8c1) => r1c4<>4']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ....values.candidates import Candidates, Geometry, bits, by_digit, first_bit
from ...registry import Finder, Renderer, Technique, register
from ...render import a_digit, house_text, houses_text, result_text
from ...step import Link, Node, Step, candidates_text, cells_text

__all__ = [
    "find_dual_empty_rectangle",
    "find_dual_two_string_kite",
    "find_empty_rectangle",
    "find_skyscraper",
    "find_turbot_fish",
    "find_two_string_kite",
    "pattern_step",
]

# A conjugate pair: (house, cell, cell).
_Pair = tuple[int, int, int]


def _pairs(cands: Candidates, d: int, houses: range | None = None) -> list[_Pair]:
    """Conjugate pairs of digit ``d`` (0-based), one per cell pair (first house wins)."""
    geo = cands.geo
    dm = cands.digit_mask[d]
    seen: set[int] = set()
    out: list[_Pair] = []
    for h in houses if houses is not None else range(len(geo.house_mask)):
        m = dm & geo.house_mask[h]
        if m and (m & (m - 1)) and not (m & (m - 1)) & ((m & (m - 1)) - 1):
            if m in seen:
                continue
            seen.add(m)
            a = first_bit(m)
            out.append((h, a, first_bit(m ^ (1 << a))))
    return out


def _kind(h: int, n: int) -> int:
    """0 row, 1 column, 2 box, 3 extra house."""
    return min(h // n, 3)


# A three-link chain: (digit, kind, (h1, p, x), (h2, y, q), eliminations mask).
_Chain = tuple[int, str, _Pair, _Pair, int]


def _three_links(cands: Candidates, kinds: frozenset[str]) -> Iterator[_Chain]:
    """Every chain ``p = x - y = q`` of one digit, classified as sky/kite/turbot."""
    geo = cands.geo
    n = geo.n
    peer = geo.peer_mask
    lines_only = "turbot" not in kinds
    for d in range(n):
        dm = cands.digit_mask[d]
        if not dm:
            continue
        pairs = _pairs(cands, d, range(2 * n) if lines_only else None)
        for i, (h1, a1, b1) in enumerate(pairs):
            k1 = _kind(h1, n)
            for h2, a2, b2 in pairs[i + 1:]:
                if a2 in (a1, b1) or b2 in (a1, b1):
                    continue
                k2 = _kind(h2, n)
                for p, x in ((a1, b1), (b1, a1)):
                    px = peer[x]
                    for q, y in ((a2, b2), (b2, a2)):
                        if not px >> y & 1:
                            continue
                        kind = _shape(geo, k1, k2, (p, x, y, q))
                        if kind not in kinds:
                            continue
                        elim = peer[p] & peer[q] & dm & ~((1 << x) | (1 << y))
                        if kind == "kite" and k1 == 1:
                            # report the row string first
                            yield d + 1, kind, (h2, q, y), (h1, x, p), elim
                        else:
                            yield d + 1, kind, (h1, p, x), (h2, y, q), elim


def _shape(geo: Geometry, k1: int, k2: int, chain: tuple[int, int, int, int]) -> str | None:
    """The pattern of the chain ``p = x - y = q`` whose strong links lie in houses of kinds
    ``k1`` and ``k2`` (:func:`_kind`): "sky", "kite", "turbot", or None for an X-Wing."""
    p, x, y, q = chain
    if k1 == k2 and k1 < 2:
        same = geo.col_of if k1 == 0 else geo.row_of
        if same[x] == same[y]:
            return "sky" if same[p] != same[q] else None
        return "turbot"
    box_of = geo.box_of
    if ({k1, k2} == {0, 1} and box_of[x] == box_of[y]
            and box_of[p] != box_of[x] and box_of[q] != box_of[y]):
        return "kite"
    return "turbot"


SHAPE_KEYS = {"sky": "skyscraper", "kite": "two-string-kite", "turbot": "turbot-fish"}
"""The technique of each shape of :func:`_shape`."""


def _pair_house(cands: Candidates, d: int, a: int, b: int) -> int | None:
    """The first house (as :func:`_pairs` orders them) where cells ``a`` and ``b`` are the
    only places of digit ``d`` (0-based), or None."""
    geo = cands.geo
    both = 1 << a | 1 << b
    dm = cands.digit_mask[d]
    return next((h for h, hm in enumerate(geo.house_mask) if dm & hm == both), None)


def pattern_step(cands: Candidates, digit: int, chain: tuple[int, int, int, int]) -> Step | None:
    """The Skyscraper, 2-String Kite or Turbot Fish step of the X-chain
    ``p = x - y = q`` of ``digit`` (conjugate pairs ``p, x`` and ``y, q``, ``x`` seeing
    ``y``), or None when it is none of them.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("16328975479.4.38.148.1.....6397142858475."
    ...                   "...3251..847.528.41.979748.5..23169..548")
    >>> pattern_step(c, 6, (41, 23, 26, 53)).notation()
    'Skyscraper: 6 in r5c6,r6c9 (connected by r3c6,r3c9) => r5c78<>6, r6c45<>6'
    """
    geo = cands.geo
    p, x, y, q = chain
    h1 = _pair_house(cands, digit - 1, p, x)
    h2 = _pair_house(cands, digit - 1, y, q)
    if h1 is None or h2 is None or not geo.peer_mask[x] >> y & 1:
        return None
    n = geo.n
    k1, k2 = _kind(h1, n), _kind(h2, n)
    kind = _shape(geo, k1, k2, chain)
    if kind is None:
        return None
    elim = (geo.peer_mask[p] & geo.peer_mask[q] & cands.digit_mask[digit - 1]
            & ~(1 << x | 1 << y))
    if kind == "kite" and k1 == 1:
        found: _Chain = (digit, kind, (h2, q, y), (h1, x, p), elim)
    else:
        found = (digit, kind, (h1, p, x), (h2, y, q), elim)
    return _chain_step(SHAPE_KEYS[kind], found, n)


def _chain_step(key: str, chain: _Chain, n: int) -> Step:
    digit, _, (h1, p, x), (h2, y, q), elim = chain
    links = (
        Link(Node((p,), digit, n), Node((x,), digit, n), True),
        Link(Node((x,), digit, n), Node((y,), digit, n), False),
        Link(Node((y,), digit, n), Node((q,), digit, n), True),
    )
    return Step(key, eliminations=((c, digit) for c in bits(elim)), digits=(digit,),
                cells={"end": (p, q), "link": (x, y)},
                candidates={"chain": ((p, digit), (x, digit), (y, digit), (q, digit))},
                houses={"strong": (h1, h2)}, links=links, size=n)


def find_skyscraper(cands: Candidates) -> Iterator[Step]:
    """Two parallel conjugate pairs sharing one base line; cells seeing both tops lose it.

    >>> from shudu import Grid
    >>> c = Candidates.from_grid(Grid.empty())
    >>> list(find_skyscraper(c))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("16328975479.4.38.148.1.....6397142858475."
    ...                   "...3251..847.528.41.979748.5..23169..548")
    >>> next(find_skyscraper(c)).notation()
    'Skyscraper: 6 in r5c6,r6c9 (connected by r3c6,r3c9) => r5c78<>6, r6c45<>6'
    """
    n = cands.geo.n
    for chain in _three_links(cands, frozenset({"sky"})):
        if chain[4]:
            yield _chain_step("skyscraper", chain, n)


def _kites(cands: Candidates) -> Iterator[_Chain]:
    return _three_links(cands, frozenset({"kite"}))


def find_two_string_kite(cands: Candidates) -> Iterator[Step]:
    """A row pair and a column pair meeting in a box; cells seeing both far ends lose it.

    >>> list(find_two_string_kite(Candidates.from_grid(__import__("shudu").Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("156874932.4762.18528....476....8.59.73..."
    ...                   ".6188.5...32.........3.7.5...49....487.1")
    >>> next(find_two_string_kite(c)).notation()
    '2-String Kite: 3 in r2c1,r8c5 (connected by r2c6,r3c5) => r8c1<>3'
    """
    n = cands.geo.n
    for chain in _kites(cands):
        if chain[4]:
            yield _chain_step("two-string-kite", chain, n)


def find_turbot_fish(cands: Candidates) -> Iterator[Step]:
    """Any other chain of two conjugate pairs joined by a weak link (e.g. via a box pair).

    >>> list(find_turbot_fish(Candidates.from_grid(__import__("shudu").Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("264913587.31.85..2.58..63.147963..5812685"
    ...                   "4739385.9...65931.8..484.56.91361.3498.5")
    >>> next(find_turbot_fish(c)).notation()
    'Turbot Fish: 2 in r4c7,r7c5 (connected by r4c6,r8c6) => r7c7<>2'
    """
    n = cands.geo.n
    for chain in _three_links(cands, frozenset({"turbot"})):
        if chain[4]:
            yield _chain_step("turbot-fish", chain, n)


def find_dual_two_string_kite(cands: Candidates) -> Iterator[Step]:
    """Two kites through the same two box cells, with the roles of the cells swapped.

    >>> list(find_dual_two_string_kite(Candidates.from_grid(__import__("shudu").Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(".6.539...58.....313.71..56.27...5196954.."
    ...                   ".27.61......5.35..76..826....5.7..856...")
    >>> next(find_dual_two_string_kite(c)).notation()
    'Dual 2-String Kite: 9 in r2c7,r9c2/in r3c9,r9c3 (connected by r2c3,r3c2) => r9c79<>9'
    """
    n = cands.geo.n
    by_box: dict[tuple[int, frozenset[int]], list[_Chain]] = {}
    for chain in _kites(cands):
        key = (chain[0], frozenset((chain[2][2], chain[3][1])))
        by_box.setdefault(key, []).append(chain)
    for chains in by_box.values():
        for i, one in enumerate(chains):
            for two in chains[i + 1:]:
                if one[2][2] == two[2][2] or not one[4] or not two[4]:
                    continue
                digit = one[0]
                elim = one[4] | two[4]
                ends = (one[2][1], one[3][2], two[2][1], two[3][2])
                yield Step("dual-two-string-kite",
                           eliminations=((c, digit) for c in bits(elim)), digits=(digit,),
                           cells={"end": ends, "link": (one[2][2], one[3][1])},
                           houses={"strong": (one[2][0], one[3][0], two[2][0], two[3][0])},
                           size=n, extra={"first": cells_text(ends[:2], n),
                                          "second": cells_text(ends[2:], n)})


# An empty rectangle: (digit, box, row house, column house, x, y, eliminations, box cells).
_ER = tuple[int, int, int, int, int, int, int, int]


def _empty_rectangles(cands: Candidates) -> Iterator[_ER]:
    geo = cands.geo
    n = geo.n
    peer = geo.peer_mask
    rows, cols, boxes = geo.row_mask, geo.col_mask, geo.box_mask
    for d in range(n):
        dm = cands.digit_mask[d]
        for b in range(n):
            box = boxes[b]
            inbox = dm & box
            if not inbox or not inbox & (inbox - 1):
                continue
            rset = {geo.row_of[c] for c in bits(inbox)}
            cset = {geo.col_of[c] for c in bits(inbox)}
            if len(rset) < 2 or len(cset) < 2:
                continue
            for r in {geo.row_of[c] for c in bits(box)}:
                for c in {geo.col_of[c2] for c2 in bits(box)}:
                    if inbox & ~(rows[r] | cols[c]):
                        continue
                    rpart = inbox & rows[r] & ~cols[c]
                    cpart = inbox & cols[c] & ~rows[r]
                    if not rpart or not cpart:
                        continue
                    # x on row r outside the box, conjugate with y in its column:
                    # x true empties row r of the box, so the digit sits in cpart.
                    for x in bits(dm & rows[r] & ~box):
                        m = dm & cols[geo.col_of[x]]
                        if m.bit_count() != 2:
                            continue
                        y = first_bit(m ^ (1 << x))
                        if box >> y & 1:
                            continue
                        elim = peer[y] & geo.common_peers(bits(cpart)) & dm & ~box & ~(1 << x)
                        yield (d + 1, 2 * n + b, r, n + c, x, y, elim, inbox)
                    for x in bits(dm & cols[c] & ~box):
                        m = dm & rows[geo.row_of[x]]
                        if m.bit_count() != 2:
                            continue
                        y = first_bit(m ^ (1 << x))
                        if box >> y & 1:
                            continue
                        elim = peer[y] & geo.common_peers(bits(rpart)) & dm & ~box & ~(1 << x)
                        yield (d + 1, 2 * n + b, r, n + c, x, y, elim, inbox)


def _er_step(key: str, ers: list[_ER], n: int) -> Step:
    digit, box = ers[0][0], ers[0][1]
    elim = 0
    for er in ers:
        elim |= er[6]
    return Step(key, eliminations=((c, digit) for c in bits(elim)), digits=(digit,),
                cells={"box": tuple(bits(ers[0][7])),
                       "strong": tuple(c for er in ers for c in (er[4], er[5]))},
                houses={"box": (box,), "cross": tuple(h for er in ers for h in er[2:4])},
                links=tuple(Link(Node((er[4],), digit, n), Node((er[5],), digit, n), True)
                            for er in ers), size=n)


def find_empty_rectangle(cands: Candidates) -> Iterator[Step]:
    """A box whose candidates form a cross, plus a conjugate pair that points into it.

    >>> list(find_empty_rectangle(Candidates.from_grid(__import__("shudu").Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("7249561381684235979357186245..3..81..4..8"
    ...                   "175..81.7.24..13....72...1...85.5...7.61")
    >>> next(find_empty_rectangle(c)).notation()
    'Empty Rectangle: 2 in b4 (r4c3,r5c13) with r5c4=r9c4 => r9c3<>2'
    """
    n = cands.geo.n
    for er in _empty_rectangles(cands):
        if er[6]:
            yield _er_step("empty-rectangle", [er], n)


def find_dual_empty_rectangle(cands: Candidates) -> Iterator[Step]:
    """Two Empty Rectangles on the same box and digit, each with its own conjugate pair.

    >>> list(find_dual_empty_rectangle(Candidates.from_grid(__import__("shudu").Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("...6..1.....2...4..59......6.......47...."
    ...                   "9.......5..8....1..7.6.82............3..")
    >>> next(find_dual_empty_rectangle(c)).notation()
    'Dual Empty Rectangle: 6 in b5 (r5c5,r6c6) with r8c6=r8c5, r8c5=r8c6 => r9c56<>6'
    """
    n = cands.geo.n
    groups: dict[tuple[int, int], list[_ER]] = {}
    for er in _empty_rectangles(cands):
        if er[6]:
            groups.setdefault((er[0], er[1]), []).append(er)
    for ers in groups.values():
        for i, one in enumerate(ers):
            for two in ers[i + 1:]:
                if one[6] != two[6]:
                    yield _er_step("dual-empty-rectangle", [one, two], n)


# ---------------------------------------------------------------------- words
def _c(cells: tuple[int, ...] | list[int], step: Step) -> str:
    return cells_text(cells, step.size)


def _chain_where(step: Step, lang: str) -> str:
    d = step.digits[0]
    h1, h2 = step.role_houses("strong")
    a, b = house_text(step, h1, lang), house_text(step, h2, lang)
    if lang == "zh":
        return f"看看数字 {d} 在{a}和{b}中的位置。"
    return f"Look at where digit {d} can go in {a} and {b}."


def _chain_explain(step: Step, lang: str) -> str:
    d = step.digits[0]
    p, q = step.role_cells("end")
    x, y = step.role_cells("link")
    h1, h2 = step.role_houses("strong")
    a, b = house_text(step, h1, lang), house_text(step, h2, lang)
    name, name_zh = step.info.name, step.info.name_zh
    cp, cq, cx, cy = (_c([v], step) for v in (p, q, x, y))
    res = result_text(step, lang)
    if lang == "zh":
        return (f"{name_zh}：在{a}中数字 {d} 只能在 {cp} 或 {cx}，在{b}中只能在 {cy} 或 {cq}。"
                f"{cx} 和 {cy} 互相可见，不能同时为 {d}，所以 {cp} 和 {cq} 至少有一个是 {d}。"
                f"同时看到这两格的格子不能是 {d}：{res}。")
    return (f"{name} on {d}: in {a}, {d} can only go in {cp} or {cx}; in {b}, only in "
            f"{cy} or {cq}. {cx} and {cy} see each other, so they cannot both be {d}, "
            f"which means {cp} or {cq} is {d}. Any cell that sees both of them cannot be "
            f"{d}: {res}.")


def _chain_notation(step: Step) -> str:
    d = step.digits[0]
    p, q = step.role_cells("end")
    x, y = step.role_cells("link")
    n = step.size
    return (f"{step.info.name}: {d} in {cells_text([p], n)},{cells_text([q], n)} "
            f"(connected by {cells_text([x], n)},{cells_text([y], n)}) => "
            f"{candidates_text(step.eliminations, n)}")


def _dual_kite_where(step: Step, lang: str) -> str:
    d = step.digits[0]
    link = _c(step.role_cells("link"), step)
    if lang == "zh":
        return f"看看数字 {d}：两条风筝都经过 {link} 这两格。"
    return f"Look at digit {d}: two kites both pass through {link}."


def _dual_kite_explain(step: Step, lang: str) -> str:
    d = step.digits[0]
    link = _c(step.role_cells("link"), step)
    first, second = step.get("first"), step.get("second")
    houses = houses_text(step, step.role_houses("strong"), lang)
    res = result_text(step, lang)
    if lang == "zh":
        return (f"双风筝：数字 {d} 在{houses}中各只有两个位置，{link} 在同一宫内互相可见。"
                f"第一条风筝说明 {first} 至少有一个是 {d}，第二条说明 {second} 至少有一个是 "
                f"{d}。所以{res}。")
    return (f"Dual 2-String Kite on {d}: {d} has only two places in each of {houses}, and "
            f"{link} see each other inside one box. One kite shows that {first} holds "
            f"{a_digit(d, step.size)}, the other that {second} holds {a_digit(d, step.size)}, "
            f"so {res}.")


def _dual_kite_notation(step: Step) -> str:
    n = step.size
    return (f"Dual 2-String Kite: {step.digits[0]} in {step.get('first')}/in "
            f"{step.get('second')} (connected by {cells_text(step.role_cells('link'), n)}) => "
            f"{candidates_text(step.eliminations, n)}")


def _er_where(step: Step, lang: str) -> str:
    d = step.digits[0]
    box = house_text(step, step.role_houses("box")[0], lang)
    if lang == "zh":
        return f"看看{box}中的数字 {d}：它们都在一行一列组成的十字上。"
    return f"Look at digit {d} in {box}: its candidates lie on one row and one column."


def _er_explain(step: Step, lang: str) -> str:
    d = step.digits[0]
    box = house_text(step, step.role_houses("box")[0], lang)
    cross = step.role_houses("cross")
    strong = step.role_cells("strong")
    res = result_text(step, lang)
    parts = []
    for i in range(0, len(strong), 2):
        r, c = cross[i], cross[i + 1]
        x, y = _c([strong[i]], step), _c([strong[i + 1]], step)
        rt, ct = house_text(step, r, lang), house_text(step, c, lang)
        if lang == "zh":
            parts.append(f"{box}中的 {d} 都在{rt}和{ct}上；{d} 在 {x} 与 {y} 之间二选一，"
                         f"若 {x} 为 {d}，{box}的 {d} 被挤到十字的另一条线上；若 {y} 为 {d} "
                         f"则直接看到")
        else:
            parts.append(f"every {d} of {box} lies on {rt} or {ct}; {d} is in {x} or {y}. "
                         f"If {x} is {d}, the {d} of {box} is pushed onto the other line of "
                         f"the cross; if {y} is {d}, it sees the target directly")
    name = step.info.name
    if lang == "zh":
        return f"{step.info.name_zh}：" + "；".join(parts) + f"。两种情况下都成立：{res}。"
    return f"{name} on {d}: " + "; ".join(parts) + f". Either way, {res}."


def _er_notation(step: Step) -> str:
    n = step.size
    box = step.role_houses("box")[0] - 2 * n + 1
    strong = step.role_cells("strong")
    links = ", ".join(f"{cells_text([strong[i]], n)}={cells_text([strong[i + 1]], n)}"
                      for i in range(0, len(strong), 2))
    return (f"{step.info.name}: {step.digits[0]} in b{box} "
            f"({cells_text(step.role_cells('box'), n)}) with {links} => "
            f"{candidates_text(step.eliminations, n)}")


def _reg(key: str, find: Finder, where: Renderer, explain: Renderer,
         notation: Callable[[Step], str], aliases: tuple[str, ...] = ()) -> None:
    # one digit at a time, in digit order: answers are remembered per digit bitboard
    register(Technique.of(key, by_digit(find), where, explain, notation, aliases=aliases))


_reg("skyscraper", find_skyscraper, _chain_where, _chain_explain, _chain_notation)
_reg("two-string-kite", find_two_string_kite, _chain_where, _chain_explain, _chain_notation,
     ("kite", "two string kite"))
_reg("empty-rectangle", find_empty_rectangle, _er_where, _er_explain, _er_notation, ("er",))
_reg("turbot-fish", find_turbot_fish, _chain_where, _chain_explain, _chain_notation)
_reg("dual-two-string-kite", find_dual_two_string_kite, _dual_kite_where, _dual_kite_explain,
     _dual_kite_notation, ("dual kite",))
_reg("dual-empty-rectangle", find_dual_empty_rectangle, _er_where, _er_explain, _er_notation,
     ("dual er",))
