"""Chains and loops: X-Chain, XY-Chain, AIC, nice loops, and their grouped versions.

An alternating inference chain (AIC) alternates strong links (at least one end is
true) and weak links (at most one end is true), starting and ending with a strong link;
so one of its two ends is true and any candidate that sees both ends goes.  Nice loops
close the chain on itself: a continuous loop makes every weak link strong, a
discontinuous loop proves or kills the candidate where it closes.

Chains are searched breadth first on the bitset link graph of :mod:`.links`, shortest
first; every chain that eliminates something is yielded, shortest first.

>>> from shudu import Grid
>>> from shudu.values.candidates import Candidates
>>> c = Candidates.from_grid(Grid(
...     "000700000100030600040000010008500160060070040059006200030000020007040003000008000"))
>>> step = next(find_xy_chain(c))
>>> step.notation()
'XY-Chain: (2=7)r4c2-(7=9)r4c9-(9=2)r4c5 => r4c16<>2'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from heapq import heapify, heappop, heappush
from itertools import pairwise
from typing import TypedDict

from ....values.candidates import Candidates, bits, digit_only
from ...links import ChainGraph, cell_columns, chain_weight, state_key
from ...registry import Technique, register
from ...render import result_text
from ...step import Link, Step, candidates_text, cells_text, digit_text
from ..table import length_bonus, row

__all__ = [
    "chain_sentence",
    "continuous_loops",
    "eureka",
    "find_aic",
    "find_continuous_nice_loop",
    "find_discontinuous_nice_loop",
    "find_grouped_aic",
    "find_grouped_continuous_nice_loop",
    "find_grouped_discontinuous_nice_loop",
    "find_x_chain",
    "find_xy_chain",
    "graph",
]

BASE = {key: row(key).order for key in (
    "x-chain", "xy-chain", "aic", "continuous-nice-loop", "discontinuous-nice-loop",
    "grouped-aic", "grouped-continuous-nice-loop", "grouped-discontinuous-nice-loop",
    "als-aic", "als-continuous-nice-loop", "als-discontinuous-nice-loop")}
"""Each chain kind's place in the solver's order (from the technique table), to which a
step adds the bonus of its length."""


class _Links(TypedDict, total=False):
    """The kinds of links of a chain mode (the flags of :meth:`ChainGraph.build`)."""

    conjugate: bool
    bivalue: bool
    cell_weak: bool
    only_bivalue: bool
    grouped: bool
    als: bool


_MODES: dict[str, _Links] = {
    "x": {"conjugate": True, "bivalue": False, "cell_weak": False},
    "xy": {"conjugate": False, "bivalue": True, "cell_weak": False, "only_bivalue": True},
    "full": {"conjugate": True, "bivalue": True, "cell_weak": True},
    "grouped": {"conjugate": True, "bivalue": True, "cell_weak": True, "grouped": True},
    "als": {"conjugate": True, "bivalue": True, "cell_weak": True, "grouped": True,
            "als": True},
}

_CACHE: dict[tuple[str, tuple[object, ...]], ChainGraph] = {}


def graph(cands: Candidates, mode: str = "full") -> ChainGraph:
    """The (memoised) link graph of a state: ``x``, ``xy``, ``full`` or ``grouped``.

    >>> from shudu import Grid
    >>> g = graph(Candidates.from_grid(Grid.empty()), "x")
    >>> graph(Candidates.from_grid(Grid.empty()), "x") is g
    True
    """
    key = (mode, state_key(cands))
    got = _CACHE.get(key)
    if got is None or got.cands.values != cands.values:
        if len(_CACHE) > 24:
            _CACHE.clear()
        got = ChainGraph.build(cands.copy(), **_MODES[mode])
        _CACHE[key] = got
    return got


# ---------------------------------------------------------------------- chain words
def _lit_truths(links: tuple[Link, ...]) -> list[bool]:
    """Truth value of every node along a chain's links (strong: false -> true)."""
    truth = not links[0].strong
    out = [truth]
    for lk in links:
        truth = lk.strong
        out.append(truth)
    return out


def _node_phrase(cells: tuple[int, ...], value: int, truth: bool, size: int, lang: str) -> str:
    where = cells_text(cells, size)
    digit = digit_text(value, size)
    if len(cells) == 1:
        if lang == "zh":
            return f"{where} 是 {digit}" if truth else f"{where} 不是 {digit}"
        return f"{where} is {digit}" if truth else f"{where} is not {digit}"
    if lang == "zh":
        return f"{where} 中有 {digit}" if truth else f"{where} 中没有 {digit}"
    return f"{digit} is in {where}" if truth else f"{digit} is not in {where}"


def chain_sentence(links: tuple[Link, ...], size: int = 9, lang: str = "en") -> str:
    """A chain as a sentence: ``If r1c2 is not 7, then r1c8 is 7, so ...``.

    >>> from shudu.logic.step import Node
    >>> a, b = Node((1,), 7), Node((7,), 7)
    >>> chain_sentence((Link(a, b, True),))
    'If r1c2 is not 7, then r1c8 is 7'
    >>> chain_sentence((Link(a, b, True),), lang="zh")
    '如果 r1c2 不是 7，那么 r1c8 是 7'
    """
    truths = _lit_truths(links)
    nodes = [links[0].a] + [lk.b for lk in links]
    phrases = [_node_phrase(nd.cells, nd.digit, t, size, lang) for nd, t in zip(nodes, truths)]
    for k, lk in enumerate(links, 1):   # a constraint's link says which constraint
        if lk.why:
            from ..variant.constraints import variant_reason

            reason = variant_reason(lk.why, lang)
            phrases[k] += f"（{reason}）" if lang == "zh" else f" ({reason})"
    if lang == "zh":
        return f"如果 {phrases[0]}，那么 {phrases[1]}" + "".join(f"，所以 {p}" for p in phrases[2:])
    return f"If {phrases[0]}, then {phrases[1]}" + "".join(f", so {p}" for p in phrases[2:])


def eureka(links: tuple[Link, ...], size: int = 9) -> str:
    """Eureka notation of a chain, e.g. ``(7)r1c2=r1c8-r5c8=(7)r5c2``.

    >>> from shudu.logic.step import Node
    >>> a, b, c = Node((1,), 7), Node((7,), 7), Node((7,), 3)
    >>> eureka((Link(a, b, True), Link(b, c, False)))
    '(7)r1c2=(7-3)r1c8'
    """
    nodes = [links[0].a] + [lk.b for lk in links]
    signs = ["=" if lk.strong else "-" for lk in links]
    runs: list[tuple[list[int], list[str], tuple[int, ...]]] = []
    seps: list[str] = []
    for k, nd in enumerate(nodes):
        if k and runs[-1][2] == nd.cells and len(nd.cells) == 1 and nodes[k - 1].digit != nd.digit:
            runs[-1][0].append(nd.digit)
            runs[-1][1].append(signs[k - 1])
        else:
            if k:
                seps.append(signs[k - 1])
            runs.append(([nd.digit], [], nd.cells))
    out = []
    prev_digit = None
    for k, (digits, inner, cells) in enumerate(runs):
        text = cells_text(cells, size)
        if len(digits) > 1:
            label = digit_text(digits[0], size) + "".join(
                s + digit_text(d, size) for s, d in zip(inner, digits[1:]))
            text = f"({label}){text}"
        elif k == 0 or k == len(runs) - 1 or digits[0] != prev_digit:
            text = f"({digit_text(digits[0], size)}){text}"
        prev_digit = digits[-1]
        if k:
            out.append(seps[k - 1])
        out.append(text)
    return "".join(out)


# ---------------------------------------------------------------------- step helpers
def lit_links(g: ChainGraph, lits: list[int]) -> tuple[Link, ...]:
    """The links between the successive literals of a path (``2 * node + truth``).

    >>> from shudu import Grid
    >>> g = graph(Candidates.from_grid(Grid.empty()), "full")
    >>> links = lit_links(g, [0, 3, 164])   # r1c1 not 1, r1c2 is 1, r1c2 not 2
    >>> [lk.strong for lk in links], eureka(links)
    ([True, False], '(1)r1c1=(1-2)r1c2')
    """
    memo = g.link_memo
    return tuple(memo.get(xy) or g.link(*xy) for xy in pairwise(lits))


def _make_step(key: str, g: ChainGraph, lits: list[int], elims: int, kind: str,
               closing: Link | None = None) -> Step:
    links = lit_links(g, lits)
    if closing is not None:
        links = (*links, closing)
    N = g.N
    eliminations = tuple((i % N, i // N + 1) for i in bits(elims))
    nodes = [lk.a for lk in links] + [links[-1].b]
    cells = sorted({c for nd in nodes for c in nd.cells})
    groups = sorted({c for nd in nodes if len(nd.cells) > 1 for c in nd.cells})
    cand = sorted({(nd.cells[0], nd.digit) for nd in nodes if len(nd.cells) == 1})
    digits = sorted({nd.digit for nd in nodes})
    roles: dict[str, tuple[int, ...]] = {"chain": tuple(cells)}
    if groups:
        roles["group"] = tuple(groups)
    length = len(links)
    extra: dict[str, object] = {"length": length, "kind": kind,
                                "difficulty": round(BASE[key] + length_bonus(length), 1)}
    sets = g.__dict__.get("als_sets", {})
    used = sorted({sets[x >> 1] for x in lits if x >> 1 in sets})
    if used:
        roles["als"] = tuple(sorted({c for cells, _ in used for c in bits(cells)}))
        extra["als"] = tuple(f"{cells_text(list(bits(cells)), g.n)} "
                             f"{{{','.join(digit_text(d + 1, g.n) for d in bits(dm))}}}"
                             for cells, dm in used)
    return Step(key, eliminations=eliminations, digits=digits, cells=roles,
                candidates={"chain": cand}, links=links, size=g.n, extra=extra)


def _has_group(g: ChainGraph, lits: list[int]) -> bool:
    # a node is a group when it is at or past the graph's base (ChainGraph.is_group)
    return bool(lits) and max(lits) >> 1 >= g.base


def _no_group(g: ChainGraph, lits: list[int]) -> bool:
    return not _has_group(g, lits)


def _has_als(g: ChainGraph, lits: list[int]) -> bool:
    return any(g.is_als(x >> 1) for x in lits)


def _is_x(g: ChainGraph, lits: list[int]) -> bool:
    return len({g.node_digit(x >> 1) for x in lits}) == 1 and not _has_group(g, lits)


def _is_xy(g: ChainGraph, lits: list[int]) -> bool:
    if _has_group(g, lits) or g.node_digit(lits[0] >> 1) != g.node_digit(lits[-1] >> 1):
        return False
    for x, y in pairwise(lits):
        same_cell = g.is_cell_link(x >> 1, y >> 1)
        if not x & 1:   # strong link: must be inside a bivalue cell
            if not same_cell:
                return False
        elif same_cell:
            return False
    return True


def _sorted(steps: list[tuple[int, int, Callable[[], Step]]]) -> Iterator[Step]:
    """Shortest first, then most eliminations; each step is built when it is reached."""
    steps.sort(key=lambda t: (t[0], -t[1]))
    for _, _, make in steps:
        yield make()


# ---------------------------------------------------------------------- AIC family
class _Chain:
    """A chain start and end whose common conflicts would go; its path is looked up
    only when the chain may be the next shortest (see :func:`_best_first`)."""

    __slots__ = ("a", "accept", "b", "count", "elims", "g", "key", "least", "lits")

    def __init__(self, g: ChainGraph, key: str, accept: Callable[[ChainGraph, list[int]], bool],
                 a: int, b: int, elims: int | bytes, least: int = -1, count: int = -1) -> None:
        self.g, self.key, self.accept, self.a, self.b, self.elims = g, key, accept, a, b, elims
        self.count = elims.bit_count() if isinstance(elims, int) else count
        # no chain from a to b has fewer links
        self.least = g.true_distance(a, b) if least < 0 else least
        self.lits: list[int] | None = None

    def links(self) -> int:
        """The chain's number of links, or -1 when it is not a chain of this technique."""
        g = self.g
        lits = g.path(2 * self.a, 2 * self.b + 1)
        if lits is None or len(lits) < 4 or len({x >> 1 for x in lits}) != len(lits):
            return -1   # one strong link alone is a locked candidate, not a chain
        if not self.accept(g, lits):
            return -1
        self.lits = lits
        return len(lits) - 1

    def step(self) -> Step:
        assert self.lits is not None
        elims = self.elims
        if isinstance(elims, bytes):
            elims = int.from_bytes(elims, "little")
        return _make_step(self.key, self.g, self.lits, elims, "aic")


def _best_first(chains: list[_Chain]) -> Iterator[Step]:
    """The chains' steps, shortest first, then most eliminations, then in list order.

    Paths are looked up lazily: a chain is placed by its least possible length until it
    reaches the front, then by its real length, so the first step costs a few lookups
    instead of one per chain.
    """
    heap = [(c.least, -c.count, i, False) for i, c in enumerate(chains)]
    heapify(heap)
    while heap:
        _least, count, i, known = heappop(heap)
        chain = chains[i]
        if known:
            yield chain.step()
            continue
        real = chain.links()
        if real >= 0:
            heappush(heap, (real, count, i, True))


def _aic(cands: Candidates, mode: str, key: str,
         accept: Callable[[ChainGraph, list[int]], bool], complete: bool) -> Iterator[Step]:
    yield from _best_first(_aic_found(graph(cands, mode), key, accept, complete))


def _aic_found(g: ChainGraph, key: str, accept: Callable[[ChainGraph, list[int]], bool],
               complete: bool) -> list[_Chain]:
    """Every chain start and end of a graph that would eliminate something, in order."""
    found: list[_Chain] = []
    done: set[tuple[int, int]] = set()
    N = g.N
    pairs = g.c_aic_pairs(complete)
    if pairs is not None:   # the same search in the C core
        return [_Chain(g, key, accept, a, b, elims, least, count)
                for a, b, least, count, elims in pairs]
    if complete and not g.eliminable():
        return found
    conflicts = g.conflicts
    for a in bits(g.nodes):
        T, F = g.closure_false(a)
        conf_a = conflicts(a)
        if complete and not conf_a & F:
            continue
        for b in bits(T & ~(1 << a)):
            elims = conf_a & conflicts(b)
            if not elims:
                continue
            pair = (a, b) if a < b else (b, a)
            if pair in done:
                continue
            if a < g.base and b < g.base and a % N == b % N:
                continue   # both ends in one cell: a discontinuous loop
            done.add(pair)
            found.append(_Chain(g, key, accept, a, b, elims))
    return found


_X_FOUND: dict[tuple[object, int, int], list[_Chain]] = {}


def find_x_chain(cands: Candidates) -> Iterator[Step]:
    """X-Chains: one digit, conjugate pairs as strong links; the digit goes from every
    cell that sees both ends.

    The chains of a digit depend only on its candidates, so they are found digit by
    digit and remembered per digit bitboard, then ordered together (shortest first).

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(
    ...     "000700000100030600040000010008500160060070040059006200030000020007040003000008000")
    >>> [s.technique for s in find_x_chain(c)] == ["x-chain"] * len(list(find_x_chain(c)))
    True

    >>> c = as_candidates("3.452..8...6.9.....5..7.3.....689.23...73"
    ...                   "4....631527...1.96......9.4..6.6.8217..5")
    >>> next(find_x_chain(c)).notation()
    'X-Chain: (7)r1c2=r1c9-r2c8=r7c8-r7c3=(7)r4c3 => r4c2<>7'
    """
    found: list[_Chain] = []
    for d, dm in enumerate(cands.digit_mask):
        if not dm:
            continue
        key = (cands.rules, d, dm)
        got = _X_FOUND.get(key)
        if got is None:
            g = ChainGraph.build(digit_only(cands, d + 1), **_MODES["x"])
            got = _aic_found(g, "x-chain", lambda g, lits: True, True)
            if len(_X_FOUND) >= 1024:
                _X_FOUND.clear()
            _X_FOUND[key] = got
        found.extend(got)
    return _best_first(found)


def find_xy_chain(cands: Candidates) -> Iterator[Step]:
    """XY-Chains: bivalue cells linked by a shared digit, both ends on the same digit.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("472356981531..8.2.8691.2.53158.2734.29641"
    ...                   "38757438.5....8...9....2..81...91..34.68")
    >>> next(find_xy_chain(c)).notation()
    'XY-Chain: (6=9)r6c5-(9=1)r6c8-(1=3)r7c8-(3=6)r7c1 => r7c5<>6'
    """
    return _aic(cands, "xy", "xy-chain", _is_xy, False)


def find_aic(cands: Candidates) -> Iterator[Step]:
    """Alternating inference chains mixing cells and houses (not pure X-/XY-chains).

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("2......6998..2.13771.....24..9....5..4..."
    ...                   "9.7.5671329486.1....833......96498673215")
    >>> next(find_aic(c)).notation()
    'AIC: (3)r3c4=r1c4-(3=5)r1c2-r1c7=(5)r3c7 => r3c4<>5'
    """
    return _aic(cands, "full", "aic",
                lambda g, lits: not _is_x(g, lits) and not _is_xy(g, lits), True)


def find_grouped_aic(cands: Candidates) -> Iterator[Step]:
    """AICs that use at least one grouped node (a digit in a box/line intersection).

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("3.2....1.1..97........1....5..18.6....15."
    ...                   "..7..8.74.1..9....1.27.1.4.......5..79.1")
    >>> next(find_grouped_aic(c)).notation()
    'Grouped AIC: (2)r3c4=r9c4-r89c5=r5c5-r5c7=(2)r23c7 => r3c9<>2'
    """
    return _aic(cands, "grouped", "grouped-aic", _has_group, True)


# ---------------------------------------------------------------------- loops
def _loop_elims(g: ChainGraph, nodes: list[int]) -> int:
    """Eliminations of a continuous loop: whatever conflicts with both ends of a link.

    Links between two cells eliminate only outside the loop's cells; a link inside a
    cell removes the cell's other digits."""
    out = 0
    k = len(nodes)
    loop_cells = 0
    for x in nodes:
        loop_cells |= g.node_cells(x)
    outside = 0
    for d in range(g.n):
        outside |= (g.geo.all_cells & ~loop_cells) << (d * g.N)
    if _has_als(g, [2 * x for x in nodes]):
        # with ALS nodes, only the loop's own candidates are kept (as HoDoKu does)
        outside = 0
        for x in nodes:
            off = (g.node_digit(x) - 1) * g.N
            outside |= sum(1 << (off + c) for c in bits(g.node_cells(x)))
        outside = ~outside
    for i in range(k):
        a, b = nodes[i], nodes[(i + 1) % k]
        both = g.conflicts(a) & g.conflicts(b)
        out |= both if g.is_cell_link(a, b) else both & outside
        sets = g.__dict__.get("als_sets", {})
        if a in sets and sets.get(b) == sets[a] and g.strong.get(a, 0) >> b & 1:
            # exactly one of the two digits is missing from the set: it is locked on
            # its other digits, which leave every cell that sees all of theirs
            cells, dmask = sets[a]
            for d in bits(dmask & ~(1 << (g.node_digit(a) - 1)) & ~(1 << (g.node_digit(b) - 1))):
                out |= (g.geo.common_peers(bits(cells & g.cands.digit_mask[d]))
                        & g.cands.digit_mask[d] & ~cells) << (d * g.N)
    return out


def _cnl(cands: Candidates, mode: str, key: str,
         want: Callable[[ChainGraph, list[int]], bool]) -> Iterator[Step]:
    g = graph(cands, mode)
    found: list[tuple[int, int, Callable[[], Step]]] = []
    done: set[frozenset[int]] = set()
    # With every candidate a node, what a loop removes is a node false whenever its
    # start is: the closures tell where to look.  A graph of bivalue cells only removes
    # candidates outside its nodes, which no closure holds: every start is tried.
    sieve = not _MODES[mode].get("only_bivalue", False)
    if sieve and not g.eliminable():
        return
    for a in bits(g.nodes):
        T, F = g.closure_false(a)
        if sieve and not g.conflicts(a) & F:
            continue   # no link of a loop found from here could eliminate anything
        for b in bits(T & g.weak.get(a, 0)):
            lits = g.path(2 * a, 2 * b + 1)
            if lits is None or len(lits) < 4:
                continue
            nodes = [x >> 1 for x in lits]
            if len(set(nodes)) != len(nodes):
                continue
            if not want(g, lits):
                continue
            sig = frozenset(nodes)
            if sig in done:
                continue
            spread = 0
            for x in nodes:
                spread |= g.node_cells(x)
            if spread.bit_count() < 3:
                continue   # two cells only: a naked or hidden pair, not a loop
            done.add(sig)
            elims = _loop_elims(g, nodes)
            if not elims:
                continue
            closing = g.link(2 * b + 1, 2 * a)
            step = partial(_make_step, key, g, lits, elims, "continuous", closing)
            found.append((len(lits), elims.bit_count(), step))
    yield from _sorted(found)


def _dnl(cands: Candidates, mode: str, key: str,
         want: Callable[[ChainGraph, list[int]], bool]) -> Iterator[Step]:
    g = graph(cands, mode)
    found: list[tuple[int, int, Callable[[], Step]]] = []
    N = g.N
    cm = cands.cell_mask
    if not g.eliminable():
        return
    at_cell = cell_columns(g.geo.n, N)
    back = g.weak_return()
    starts = g.loop_starts()   # from the C core: the others close no loop
    for a in bits(g.nodes & ((1 << g.base) - 1) & (-1 if starts is None else starts | back)):
        cell, digit = a % N, a // N + 1
        T, _ = g.closure_false(a)
        if T >> a & 1:
            lits = g.loop_to_self(a)
            if lits is not None and want(g, lits):
                others = cm[cell] & ~(1 << (digit - 1))
                elims = sum(1 << ((d) * N + cell) for d in bits(others))
                if elims:
                    step = partial(_make_step, key, g, lits, elims, "set")
                    found.append((len(lits) - 1, elims.bit_count(), step))
            continue
        # both strong links at the cell, on two different digits
        for b in bits(T & at_cell[cell] & ~((2 << a) - 1)):
            lits = g.path(2 * a, 2 * b + 1)
            if lits is None or not want(g, lits):
                continue
            keep = (1 << (digit - 1)) | (1 << (b // N))
            elims = sum(1 << (d * N + cell) for d in bits(cm[cell] & ~keep))
            if elims:
                closing = g.link(2 * b + 1, 2 * a)
                step = partial(_make_step, key, g, lits, elims, "strong", closing)
                found.append((len(lits), elims.bit_count(), step))
        # both weak links at the candidate: assuming it leads to its own removal
        if back >> a & 1:
            lits = g.path(2 * a + 1, 2 * a)
            if lits is None or not want(g, lits):
                continue
            inner = [x >> 1 for x in lits[1:-1]]
            if len(set(inner)) != len(inner) or a in inner:
                continue
            step = partial(_make_step, key, g, lits, 1 << a, "weak")
            found.append((len(lits) - 1, 1, step))
    yield from _sorted(found)


def find_continuous_nice_loop(cands: Candidates) -> Iterator[Step]:
    """Continuous nice loops: every weak link of the loop becomes strong.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("..63..9..32..............53...8.9..4.951."
    ...                   "..2.7.......984.732..5..7.4......39.174.")
    >>> next(find_continuous_nice_loop(c)).notation()
    'Continuous Nice Loop: (4)r1c1=r1c6-r5c6=r5c1-(4)r1c1 => r2c6<>4, r3c16<>4, r6c6<>4'
    """
    return _cnl(cands, "full", "continuous-nice-loop", _no_group)


def continuous_loops(cands: Candidates, mode: str) -> Iterator[Step]:
    """Continuous nice loops in the link graph of one ``mode`` (``x``: one digit, ``xy``:
    bivalue cells, ``full``), shortest first: SE looks for its cycles of one digit, of
    bivalue cells and mixed ones separately, so a short loop of one kind is not hidden
    by a shorter mixed path between the same two candidates.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("..63..9..32..............53...8.9..4.951."
    ...                   "..2.7.......984.732..5..7.4......39.174.")
    >>> next(continuous_loops(c, "x")).notation()[:40]
    'Continuous Nice Loop: (4)r1c1=r1c6-r5c6='
    """
    return _cnl(cands, mode, "continuous-nice-loop", _no_group)


def find_discontinuous_nice_loop(cands: Candidates) -> Iterator[Step]:
    """Discontinuous nice loops: the candidate where the loop closes is set or removed.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("...39..8228.47.93.139628754...54926....76"
    ...                   "2.15..2183497327816549...234.7.4.8957.2.")
    >>> next(find_discontinuous_nice_loop(c)).notation()
    'Discontinuous Nice Loop: (1)r8c9-r8c3=(1-3)r4c3=(3-8)r4c9=(8-1)r8c9 => r8c9<>1'
    """
    return _dnl(cands, "full", "discontinuous-nice-loop", _no_group)


def find_grouped_continuous_nice_loop(cands: Candidates) -> Iterator[Step]:
    """Continuous nice loops using grouped nodes.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(".5243196..367...1519.....2.2.......694..."
    ...                   "....56....7493.9......6.5.1.....8.5..69.")
    >>> next(find_grouped_continuous_nice_loop(c)).notation()
    'Grouped Continuous Nice Loop: (4)r8c6=r8c79-r7c79=r7c56-(4)r8c6 => r9c569<>4'
    """
    return _cnl(cands, "grouped", "grouped-continuous-nice-loop", _has_group)


def find_grouped_discontinuous_nice_loop(cands: Candidates) -> Iterator[Step]:
    """Discontinuous nice loops using grouped nodes.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("....784....2..4..77..6...5..6...57.39.7.1"
    ...                   "36.53..867129.7......65..7.69....638.57.")
    >>> next(find_grouped_discontinuous_nice_loop(c)).notation()
    'Grouped Discontinuous Nice Loop: (2)r7c5-r7c7=r3c7-r3c6=r79c6-(2)r7c5 => r7c5<>2'
    """
    return _dnl(cands, "grouped", "grouped-discontinuous-nice-loop", _has_group)


def find_als_aic(cands: Candidates) -> Iterator[Step]:
    """Grouped AICs that use at least one ALS node: "``x`` is in the almost locked set
    ``A``" is weakly linked to every ``x`` that sees all of the set's ``x``; two such
    nodes of one set are strongly linked (without ``x`` the set is locked and holds
    every other digit).  HoDoKu reports them as Grouped AICs.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("4...3.......6..8..........1....5..9..8....6...7.2......"
    ...                   "..1.27..5.3....4.9.7......")
    >>> next(find_als_aic(c)).notation()
    'Grouped AIC with ALS: (6=8)r7c1-r7c3=(6)r7c23 => r7c589<>6, r8c2<>6, r9c2<>6'
    """
    return _aic(cands, "als", "als-aic", _has_als, True)


def find_als_continuous_nice_loop(cands: Candidates) -> Iterator[Step]:
    """Grouped continuous nice loops with at least one ALS node (see
    :func:`find_als_aic`); a strong link inside a set locks its other digits in it.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("468931527751624839392.7846113475629828....67.67.2..31.8"
    ...                   "46192753513867942927.4.186")
    >>> next(find_als_continuous_nice_loop(c)).notation()
    'Grouped Continuous Nice Loop with ALS: (4=3)r5c4-r5c6=(4)r5c9-(4)r5c4 => r5c6<>9, r6c3<>9'
    """
    return _cnl(cands, "als", "als-continuous-nice-loop", _has_als)


def find_als_discontinuous_nice_loop(cands: Candidates) -> Iterator[Step]:
    """Grouped discontinuous nice loops with at least one ALS node (see
    :func:`find_als_aic`).

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("6.491.52......76.......6...4.61.....5....4.16..86..4.58"
    ...                   "47...162931862754265741389")
    >>> next(find_als_discontinuous_nice_loop(c)).notation()
    'Grouped Discontinuous Nice Loop with ALS: (9-2)r6c2=r6c5-r5c4=(9)r6c6-(9)r6c2 => r6c2<>9'
    """
    return _dnl(cands, "als", "als-discontinuous-nice-loop", _has_als)


# ---------------------------------------------------------------------- renderers
def _ends(step: Step, lang: str) -> tuple[str, str]:
    a, b = step.links[0].a, step.links[-1].b
    return a.text(), b.text()


def _where(step: Step, lang: str) -> str:
    start, end = _ends(step, lang)
    kind = step.get("kind")
    if kind in ("continuous", "weak", "set", "strong"):
        if lang == "zh":
            home = start.split("(")[0]
            return f"看看从 {start} 出发又回到 {home} 的环（{step.get('length')} 条链接）。"
        return (f"Look for a loop of {step.get('length')} links that starts at {start} and "
                f"comes back to {start.split('(')[0]}.")
    if lang == "zh":
        return f"看看从 {start} 到 {end} 的链（{step.get('length')} 条链接）。"
    return f"Look for a chain of {step.get('length')} links from {start} to {end}."


def _explain(step: Step, lang: str) -> str:
    """The chain in words; an AIC's opens with its name, which says nothing by itself
    (``AIC (Alternating Inference Chain): ...``, ``交替推理链（AIC）：...``)."""
    tech = step.info
    if not tech.name.endswith("AIC"):
        return _explain_body(step, lang)
    if lang == "zh":
        return f"{tech.name_zh}（{tech.name}）：{_explain_body(step, lang)}"
    name = tech.name.replace("AIC", "AIC (Alternating Inference Chain)")
    return f"{name}: {_explain_body(step, lang)}"


def _explain_body(step: Step, lang: str) -> str:
    kind = step.get("kind")
    links = step.links
    n = step.size
    result = result_text(step, lang)
    a, b = links[0].a, links[-1].b
    if kind == "aic":
        sentence = chain_sentence(links, n, lang)
        pa = _node_phrase(a.cells, a.digit, True, n, lang)
        pb = _node_phrase(b.cells, b.digit, True, n, lang)
        what = cells_text(sorted({c for c, _ in step.eliminations}), n)
        if lang == "zh":
            return (f"{sentence}。所以 {pa} 或者 {pb}，两者至少有一个成立；"
                    f"{what} 与两端都冲突，所以{result}。")
        return (f"{sentence}. So {pa} or {pb} (at least one end is true); "
                f"{what} conflicts with both ends, so {result}.")
    if kind == "continuous":
        chain = eureka(links, n)
        if lang == "zh":
            return (f"这些链接首尾相连成一个连续环：{chain}。环上每个弱链接两端恰好有一个成立，"
                    f"所以与某个链接两端都冲突的候选数都可以删除：{result}。")
        return (f"The links close into a continuous loop: {chain}. Round the loop exactly one "
                f"end of every link is true, so any candidate that conflicts with both ends of "
                f"a link can be removed: {result}.")
    sentence = chain_sentence(links, n, lang)
    cell = cells_text(a.cells, n)
    if kind == "set":
        if lang == "zh":
            return (f"{sentence}。假设 {cell} 不是 {a.digit} 反而推出它是 {a.digit}，矛盾，"
                    f"所以 {cell} = {a.digit}，{result}。")
        return (f"{sentence}: assuming {cell} is not {a.digit} proves that it is, so "
                f"{cell} = {a.digit} and {result}.")
    if kind == "strong":
        if lang == "zh":
            return (f"{sentence}。所以 {cell} 只能是 {a.digit} 或 {b.digit}，{result}。")
        return (f"{sentence}. So {cell} is {a.digit} or {b.digit}, and {result}.")
    if lang == "zh":
        return (f"{sentence}。假设 {cell} 是 {a.digit} 反而推出它不是 {a.digit}，矛盾，"
                f"所以{result}。")
    return (f"{sentence}: assuming {cell} is {a.digit} proves that it is not, so {result}.")


def _als_explain(step: Step, lang: str) -> str:
    """The chain's words, then what its almost locked sets do."""
    sets = step.get("als", ())
    if lang == "zh":
        return (f"{_explain(step, lang)}其中 {'、'.join(sets)} 是待定数组（数字比格子多一个）："
                f"缺了哪一个数字，其余的数字就都在其中。")
    return (f"{_explain(step, lang)} Here {' and '.join(sets)} "
            f"{'is an almost locked set' if len(sets) == 1 else 'are almost locked sets'} "
            f"(one digit more than cells): whichever digit is missing from one, all its "
            f"other digits are in it.")


def _notation(step: Step) -> str:
    return f"{step.info.name}: {eureka(step.links, step.size)} => " + (
        candidates_text(step.eliminations, step.size))


def _register(key: str, find: Callable[[Candidates], Iterator[Step]],
              aliases: tuple[str, ...] = (), als: bool = False) -> None:
    # chains with ALS nodes are off by default, as in HoDoKu (flag o in the table)
    register(Technique.of(key, find, _where, _als_explain if als else _explain, _notation,
                          aliases=aliases, weigh=chain_weight))


_register("x-chain", find_x_chain)
_register("xy-chain", find_xy_chain)
_register("continuous-nice-loop", find_continuous_nice_loop)
_register("discontinuous-nice-loop", find_discontinuous_nice_loop)
_register("aic", find_aic, ("alternating inference chain", "alternating interference chain"))
_register("grouped-continuous-nice-loop", find_grouped_continuous_nice_loop)
_register("grouped-discontinuous-nice-loop", find_grouped_discontinuous_nice_loop)
_register("grouped-aic", find_grouped_aic)
_register("als-continuous-nice-loop", find_als_continuous_nice_loop, als=True)
_register("als-discontinuous-nice-loop", find_als_discontinuous_nice_loop, als=True)
_register("als-aic", find_als_aic, ("als aic", "aic with als"), als=True)
