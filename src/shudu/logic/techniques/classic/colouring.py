"""Colouring: Simple Colors (trap, wrap), Multi-Colors 1 and 2, and 3D Medusa.

Conjugate pairs of one digit (exactly two places in a house) link cells into clusters;
colouring the cells of a cluster alternately shows that one colour holds the digit
everywhere and the other nowhere.  A colour that contradicts itself is false (wrap); a
cell that sees both colours cannot hold the digit (trap).  3D Medusa colours candidates of
every digit, also linking the two candidates of bivalue cells.

>>> from shudu import Grid
>>> from shudu.values.candidates import Candidates
>>> list(find_simple_colors_trap(Candidates.from_grid(Grid.empty())))
[]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ....values.candidates import Candidates, bits, by_digit, first_bit
from ...registry import Finder, Renderer, Technique, register
from ...render import result_text
from ...step import Step, candidates_text, cells_text

__all__ = [
    "find_medusa",
    "find_multi_colors_1",
    "find_multi_colors_2",
    "find_simple_colors_trap",
    "find_simple_colors_wrap",
]

# A cluster: (colour-0 cells mask, colour-1 cells mask).
_Cluster = tuple[int, int]


def _clusters(cands: Candidates, d: int) -> list[_Cluster]:
    """Two-coloured clusters of conjugate pairs of digit ``d`` (0-based), two cells or more."""
    geo = cands.geo
    dm = cands.digit_mask[d]
    adj: dict[int, int] = {}
    for hm in geo.house_mask:
        m = dm & hm
        if m.bit_count() == 2:
            a = first_bit(m)
            b = first_bit(m ^ (1 << a))
            adj[a] = adj.get(a, 0) | 1 << b
            adj[b] = adj.get(b, 0) | 1 << a
    out: list[_Cluster] = []
    done = 0
    for start in adj:
        if done >> start & 1:
            continue
        colour = [1 << start, 0]
        frontier = 1 << start
        side = 0
        broken = False
        while frontier:
            nxt = 0
            for c in bits(frontier):
                nxt |= adj[c]
            side ^= 1
            if nxt & colour[1 - side]:
                broken = True  # odd cycle of conjugate pairs: contradictory state
            nxt &= ~(colour[0] | colour[1])
            colour[side] |= nxt
            frontier = nxt
        done |= colour[0] | colour[1]
        if not broken:
            out.append((colour[0], colour[1]))
    return out


def _sees(geo_peer: tuple[int, ...], cells: int) -> int:
    """Cells that see at least one of ``cells``."""
    m = 0
    for c in bits(cells):
        m |= geo_peer[c]
    return m


def _self_seeing(peer: tuple[int, ...], cells: int) -> bool:
    for c in bits(cells):
        if peer[c] & cells:
            return True
    return False


def _colour_step(key: str, digit: int, clusters: list[_Cluster], elim: int, n: int,
                 false_colour: int | None = None) -> Step:
    roles: dict[str, tuple[int, ...]] = {}
    for i, (c0, c1) in enumerate(clusters):
        suffix = "" if len(clusters) == 1 else str(i + 1)
        roles[f"colour-a{suffix}"] = tuple(bits(c0))
        roles[f"colour-b{suffix}"] = tuple(bits(c1))
    extra = {} if false_colour is None else {"false": false_colour}
    return Step(key, eliminations=((c, digit) for c in bits(elim)), digits=(digit,),
                cells=roles, size=n, extra=extra)


def find_simple_colors_trap(cands: Candidates) -> Iterator[Step]:
    """A cell outside a cluster that sees both colours cannot hold the digit.

    >>> from shudu import Grid
    >>> list(find_simple_colors_trap(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("214..6.....79.2..4...4.7.....187..32..269"
    ...                   ".....48.21..642.7.9861..9168...18624...9")
    >>> next(find_simple_colors_trap(c)).notation()
    'Simple Colors Trap: 3 (r1c4,r3c3,r5c6,r6c1,r7c5,r9c7),(r6c4,r7c3,r9c6) => r8c1<>3'
    """
    geo = cands.geo
    peer = geo.peer_mask
    for d in range(geo.n):
        dm = cands.digit_mask[d]
        for c0, c1 in _clusters(cands, d):
            if (c0 | c1).bit_count() < 4:
                continue
            elim = _sees(peer, c0) & _sees(peer, c1) & dm & ~(c0 | c1)
            if elim:
                yield _colour_step("simple-colors-trap", d + 1, [(c0, c1)], elim, geo.n)


def find_simple_colors_wrap(cands: Candidates) -> Iterator[Step]:
    """Two cells of the same colour see each other: that colour is false everywhere.

    >>> from shudu import Grid
    >>> list(find_simple_colors_wrap(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("..3...67.5.....3...4.......6..3......8..."
    ...                   "...4...7....12......5.....98.......41...")
    >>> next(find_simple_colors_wrap(c)).notation()
    'Simple Colors Wrap: 4 (r1c4),(r1c6,r2c4) => r1c6<>4, r2c4<>4'
    """
    geo = cands.geo
    peer = geo.peer_mask
    for d in range(geo.n):
        for c0, c1 in _clusters(cands, d):
            for i, colour in enumerate((c0, c1)):
                if _self_seeing(peer, colour):
                    yield _colour_step("simple-colors-wrap", d + 1, [(c0, c1)], colour,
                                       geo.n, false_colour=i)


def _pairs_of_clusters(cands: Candidates, d: int) -> Iterator[tuple[_Cluster, _Cluster]]:
    cl = _clusters(cands, d)
    for a in cl:
        for b in cl:
            if b is not a:
                yield a, b


def find_multi_colors_1(cands: Candidates) -> Iterator[Step]:
    """Colour A sees colour B of another cluster, so A' or B' holds the digit.

    Every cell that sees both opposite colours loses the digit; one step per pair of
    clusters collects the eliminations of every such pair of colours.

    >>> from shudu import Grid
    >>> list(find_multi_colors_1(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(".9..4187678.3..15441.8..329..91...6.1...6"
    ...                   ".9..674..851.967485231.4..12.95521......")
    >>> next(find_multi_colors_1(c)).notation()
    'Multi-Colors 1: 2 (r1c4,r2c3),(r2c5) / (r1c1,r5c3),(r4c1) => r4c5<>2'
    """
    geo = cands.geo
    peer = geo.peer_mask
    for d in range(geo.n):
        dm = cands.digit_mask[d]
        cl = _clusters(cands, d)
        for i, (a0, a1) in enumerate(cl):
            for b0, b1 in cl[i + 1:]:
                elim = 0
                for x, x2 in ((a0, a1), (a1, a0)):
                    sx = _sees(peer, x)
                    for y, y2 in ((b0, b1), (b1, b0)):
                        if sx & y:
                            elim |= _sees(peer, x2) & _sees(peer, y2) & dm & ~(x2 | y2)
                if elim:
                    yield _colour_step("multi-colors-1", d + 1, [(a0, a1), (b0, b1)], elim,
                                       geo.n)


def find_multi_colors_2(cands: Candidates) -> Iterator[Step]:
    """A colour that sees both colours of another cluster is false (all its cells lose it).

    >>> from shudu import Grid
    >>> list(find_multi_colors_2(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("......58779..52..15.41..932.......2.2.6.3"
    ...                   ".1.5.5.......947.182.....76..1961.......")
    >>> next(find_multi_colors_2(c)).notation()
    'Multi-Colors 2: 8 (r2c3,r3c5),(r2c4,r3c2) / (r5c2),(r5c4) => r2c4<>8, r3c2<>8'
    """
    geo = cands.geo
    peer = geo.peer_mask
    for d in range(geo.n):
        for (a0, a1), (b0, b1) in _pairs_of_clusters(cands, d):
            for i, colour in enumerate((a0, a1)):
                seen = _sees(peer, colour)
                if seen & b0 and seen & b1:
                    yield _colour_step("multi-colors-2", d + 1, [(a0, a1), (b0, b1)], colour,
                                       geo.n, false_colour=i)


def find_medusa(cands: Candidates) -> Iterator[Step]:
    """3D Medusa: colour candidates through conjugate pairs and bivalue cells.

    A colour is false when two of its candidates share a cell, or see each other with the
    same digit, or when it would empty an uncoloured cell; all its candidates go.  Else
    a candidate that sees both colours (same digit, or in the same cell) goes, as does an
    uncoloured candidate sharing a cell with one colour and seeing the other.

    >>> from shudu import Grid
    >>> list(find_medusa(Candidates.from_grid(Grid.empty())))
    []

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("..3.2.6..9..3.5..1..18.64....81.29..7...."
    ...                   "...8..67.82....26.95..8..2.3..9..5.1.3..")
    >>> next(find_medusa(c)).notation()
    '3D Medusa: (r8c3(4) r2c3(7)) / (r2c3(4) r8c3(7)) => r5c3<>4'
    """
    geo = cands.geo
    n = geo.n
    peer = geo.peer_mask
    cm = cands.cell_mask
    dm = cands.digit_mask
    # nodes are cell * n + digit
    adj: dict[int, list[int]] = {}

    def link(u: int, v: int) -> None:
        adj.setdefault(u, []).append(v)
        adj.setdefault(v, []).append(u)

    for d in range(n):
        for hm in geo.house_mask:
            m = dm[d] & hm
            if m.bit_count() == 2:
                a = first_bit(m)
                b = first_bit(m ^ (1 << a))
                link(a * n + d, b * n + d)
    for c, m in enumerate(cm):
        if m.bit_count() == 2:
            a = first_bit(m)
            link(c * n + a, c * n + first_bit(m ^ (1 << a)))
    done: set[int] = set()
    for start in adj:
        if start in done:
            continue
        colour = {start: 0}
        stack = [start]
        broken = False
        while stack:
            u = stack.pop()
            for v in adj[u]:
                if v not in colour:
                    colour[v] = 1 - colour[u]
                    stack.append(v)
                elif colour[v] == colour[u]:
                    broken = True
        done.update(colour)
        if broken or len(colour) < 4:
            continue
        # per colour: digit -> cells mask; per cell: colour -> digit mask
        cells_of = [[0] * n, [0] * n]
        cellcol: dict[int, list[int]] = {}
        for node, col in colour.items():
            c, d = divmod(node, n)
            cells_of[col][d] |= 1 << c
            cellcol.setdefault(c, [0, 0])[col] |= 1 << d
        false = None
        for col in (0, 1):
            if any(m[col] & (m[col] - 1) for m in cellcol.values()):
                false = col
                break
            if any(_self_seeing(peer, cells_of[col][d]) for d in range(n)):
                false = col
                break
            seen = [_sees(peer, cells_of[col][d]) for d in range(n)]
            for c, m in enumerate(cm):
                if not m or c in cellcol:
                    continue
                if all(seen[d] >> c & 1 for d in bits(m)):
                    false = col
                    break
            if false is not None:
                break
        elims: set[tuple[int, int]] = set()
        if false is not None:
            for d in range(n):
                for c in bits(cells_of[false][d]):
                    elims.add((c, d + 1))
        else:
            seen0 = [_sees(peer, cells_of[0][d]) for d in range(n)]
            seen1 = [_sees(peer, cells_of[1][d]) for d in range(n)]
            for d in range(n):
                both = seen0[d] & seen1[d] & dm[d] & ~(cells_of[0][d] | cells_of[1][d])
                for c in bits(both):
                    elims.add((c, d + 1))
            for c, (m0, m1) in cellcol.items():
                rest = cm[c] & ~(m0 | m1)
                if m0 and m1:
                    for d in bits(rest):
                        elims.add((c, d + 1))
                    continue
                col, other = (0, seen1) if m0 else (1, seen0)
                del col
                for d in bits(rest):
                    if other[d] >> c & 1:
                        elims.add((c, d + 1))
        if not elims:
            continue
        roles = {
            "colour-a": tuple(sorted((nd // n, nd % n + 1) for nd, col in colour.items()
                                     if col == 0)),
            "colour-b": tuple(sorted((nd // n, nd % n + 1) for nd, col in colour.items()
                                     if col == 1)),
        }
        digits = tuple(sorted({nd % n + 1 for nd in colour}))
        yield Step("3d-medusa", eliminations=elims, digits=digits, candidates=roles, size=n,
                   extra={} if false is None else {"false": false})


# ---------------------------------------------------------------------- words
def _cluster_cells(step: Step) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    out = []
    for suffix in ("", "1", "2"):
        a, b = step.role_cells(f"colour-a{suffix}"), step.role_cells(f"colour-b{suffix}")
        if a or b:
            out.append((a, b))
    return out


def _colour_where(step: Step, lang: str) -> str:
    d = step.digits[0]
    if lang == "zh":
        return f"给数字 {d} 的共轭对（只有两个位置的区域）染色。"
    return f"Colour the conjugate pairs of digit {d} (houses where it has only two places)."


def _colour_explain(step: Step, lang: str) -> str:
    d = step.digits[0]
    n = step.size
    res = result_text(step, lang)
    clusters = _cluster_cells(step)
    desc = []
    for i, (a, b) in enumerate(clusters):
        ca, cb = cells_text(a, n), cells_text(b, n)
        if lang == "zh":
            desc.append(f"颜色{'AB'[i]}1 {ca}，颜色{'AB'[i]}2 {cb}")
        else:
            desc.append(f"colour {'AB'[i]}1 {ca}, colour {'AB'[i]}2 {cb}")
    chain = "；".join(desc) if lang == "zh" else "; ".join(desc)
    false = step.get("false")
    key = step.technique
    if lang == "zh":
        fa = f"颜色A{(false or 0) + 1}"
        why = {
            "simple-colors-trap": f"同一簇中两种颜色必有一种为 {d}，"
                                  f"同时看到两种颜色的格子不能是 {d}",
            "simple-colors-wrap": f"{fa} 中有两格互相可见，不能都是 {d}，所以这种颜色全部为假",
            "multi-colors-2": f"{fa} 同时看到另一簇的两种颜色，而其中之一必为 {d}，所以它为假",
            "multi-colors-1": f"两簇各有一种颜色互相可见，不能同时为真，"
                              f"所以另两种颜色至少一种为 {d}，"
                              f"同时看到这两种颜色的格子不能是 {d}",
        }[key]
        return f"{step.info.name_zh}：数字 {d} 的共轭链染色为 {chain}。{why}：{res}。"
    why = {
        "simple-colors-trap": f"One of the two colours holds {d}, so a cell that sees both "
                              f"colours cannot be {d}",
        "simple-colors-wrap": f"Two cells of colour A{(false or 0) + 1} see each other and "
                              f"cannot both be {d}, so that whole colour is false",
        "multi-colors-2": f"Colour A{(false or 0) + 1} sees both colours of the other "
                          f"cluster, one of which holds {d}, so it is false",
        "multi-colors-1": f"A colour of each cluster sees the other, so they cannot both "
                          f"be true and one of the two opposite colours holds {d}; a cell "
                          f"seeing both opposite colours cannot be {d}",
    }[key]
    return (f"{step.info.name} on {d}: the conjugate chains are coloured {chain}. "
            f"{why}: {res}.")


def _colour_notation(step: Step) -> str:
    n = step.size
    parts = [f"({cells_text(a, n)}),({cells_text(b, n)})" for a, b in _cluster_cells(step)]
    return (f"{step.info.name}: {step.digits[0]} {' / '.join(parts)} => "
            f"{candidates_text(step.eliminations, n)}")


def _medusa_where(step: Step, lang: str) -> str:
    digits = "、".join(map(str, step.digits)) if lang == "zh" else ", ".join(
        map(str, step.digits))
    if lang == "zh":
        return f"给数字 {digits} 的共轭对和双值格一起染色（三维染色）。"
    return f"Colour the conjugate pairs and bivalue cells of digits {digits} together."


def _cands_text(cands: tuple[tuple[int, int], ...], n: int) -> str:
    by: dict[int, list[int]] = {}
    for c, d in cands:
        by.setdefault(d, []).append(c)
    return " ".join(f"{cells_text(cs, n)}({d})" for d, cs in sorted(by.items()))


def _medusa_explain(step: Step, lang: str) -> str:
    n = step.size
    a = _cands_text(step.role_candidates("colour-a"), n)
    b = _cands_text(step.role_candidates("colour-b"), n)
    res = result_text(step, lang)
    false = step.get("false")
    if lang == "zh":
        why = ("其中一种颜色自相矛盾，所以它全部为假" if false is not None
               else "两种颜色必有一种为真，与两种颜色都冲突的候选数不成立")
        return f"三维染色：颜色1 {a}；颜色2 {b}。{why}：{res}。"
    why = ("One colour contradicts itself, so all of it is false" if false is not None
           else "One of the two colours is true, so a candidate that clashes with both "
                "colours is false")
    return f"3D Medusa: colour 1 {a}; colour 2 {b}. {why}: {res}."


def _medusa_notation(step: Step) -> str:
    n = step.size
    a = _cands_text(step.role_candidates("colour-a"), n)
    b = _cands_text(step.role_candidates("colour-b"), n)
    return f"3D Medusa: ({a}) / ({b}) => {candidates_text(step.eliminations, n)}"


def _reg(key: str, find: Finder, where: Renderer, explain: Renderer,
         notation: Callable[[Step], str], aliases: tuple[str, ...] = (),
         single_digit: bool = True) -> None:
    # single-digit colouring looks at one digit at a time, in digit order: its answers
    # are remembered per digit bitboard
    register(Technique.of(key, by_digit(find) if single_digit else find, where, explain,
                          notation, aliases=aliases))


_reg("simple-colors-trap", find_simple_colors_trap, _colour_where, _colour_explain,
     _colour_notation, ("simple colours trap", "color trap"))
_reg("simple-colors-wrap", find_simple_colors_wrap, _colour_where, _colour_explain,
     _colour_notation, ("simple colours wrap", "color wrap"))
_reg("multi-colors-1", find_multi_colors_1, _colour_where, _colour_explain, _colour_notation,
     ("multi colours 1",))
_reg("multi-colors-2", find_multi_colors_2, _colour_where, _colour_explain, _colour_notation,
     ("multi colours 2",))
_reg("3d-medusa", find_medusa, _medusa_where, _medusa_explain, _medusa_notation,
     ("medusa", "3d medusa coloring"), single_digit=False)
