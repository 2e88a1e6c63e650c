"""The strong/weak link graph of a pencilmark state, as bitsets, for chains and forcing.

Every candidate ``(cell, digit)`` has a *universal index* ``(digit - 1) * ncells + cell``
so that a set of candidates is one Python int, and digit ``d``'s slice of it is a cell
bitboard.  Grouped nodes (the candidates of one digit in a box/line intersection) get
indices after the candidates.

A *literal* is a node with a truth value.  Links are implications between literals:

* weak link ``A - B``: ``A`` true implies ``B`` false (same cell, or same digit in cells
  that see each other);
* strong link ``A = B``: ``A`` false implies ``B`` true (bivalue cell, conjugate pair).

The closure of ``not A`` therefore holds every end ``B`` of an alternating inference
chain starting at ``A`` with a strong link, and the breadth-first search that computes
it also gives the shortest such chain.

>>> from shudu import Grid
>>> from shudu.values.candidates import Candidates
>>> c = Candidates.from_grid(Grid(
...     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"))
>>> g = ChainGraph.build(c, conjugate=True, bivalue=True)
>>> true, false = g.closure_false(g.index(1, 2))
>>> g.index(1, 2) in set(g.members(false))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..values.candidates import Candidates, bits
from ..values.rules import Rules
from .step import Link, Node, Step
from .techniques.table import length_bonus

__all__ = ["Chain", "ChainGraph", "chain_kind", "chain_weight", "state_key"]


def state_key(cands: Candidates) -> tuple[object, ...]:
    """A hashable key of a pencilmark state (rules plus per-digit candidate bitboards).

    >>> from shudu import Grid
    >>> state_key(Candidates.from_grid(Grid.empty()))[1][0] == (1 << 81) - 1
    True
    """
    return (cands.rules, tuple(cands.digit_mask))


def chain_kind(step: Step) -> str:
    """``"x"`` (one digit), ``"y"`` (bivalue cells only) or ``"xy"`` (digits and houses
    mixed, or grouped nodes) for a step's chain.

    >>> a, b, c = Node((0,), 7), Node((8,), 7), Node((80,), 7)
    >>> chain_kind(Step("x-chain", links=(Link(a, b, True), Link(b, c, False))))
    'x'
    """
    links = step.links
    if any(len(lk.a.cells) > 1 or len(lk.b.cells) > 1 for lk in links):
        return "xy"
    if len({lk.a.digit for lk in links} | {lk.b.digit for lk in links}) == 1:
        return "x"
    for lk in links:
        same = lk.a.cells == lk.b.cells
        if lk.strong != same:
            return "xy"
    return "y"


def chain_weight(step: Step, base: float = 0.0) -> float:
    """Sudoku Explainer's weight of a chain or loop step: 7.0 when it mixes digits and
    houses (a chain of bivalue cells too), else 6.5 for a continuous loop and 6.6 for a
    chain, plus the length bonus of its node count (two less for a continuous loop; the
    technique's registered base is not used: SE weighs a chain by its kind).

    >>> nodes = [Node((c,), 7) for c in (0, 8, 80, 72, 63, 60)]
    >>> links = tuple(Link(a, b, k % 2 == 0) for k, (a, b) in enumerate(zip(nodes, nodes[1:])))
    >>> chain_weight(Step("x-chain", eliminations=((9, 7),), links=links))
    6.7
    """
    kind = chain_kind(step)
    loop = step.technique == "continuous-nice-loop"
    if kind == "xy" or (kind == "y" and not loop):
        kind_base = 7.0   # SE finds a bivalue chain only by its mixed search
    else:
        kind_base = 6.5 if loop else 6.6
    links = step.links
    nodes = chain_nodes(links) if links else int(step.get("length", 4)) + 1
    if loop:
        nodes -= 2   # SE counts a cycle's potentials once around: its length is two less
    return round(kind_base + length_bonus(nodes), 1)


def chain_nodes(links: Sequence[Link]) -> int:
    """How many different nodes a chain's links join (what SE's length bonus counts).

    >>> a, b = Node((0,), 1), Node((1,), 1)
    >>> chain_nodes((Link(a, b, True), Link(b, a, False)))
    2
    """
    return len({(lk.a.cells, lk.a.digit) for lk in links}
               | {(lk.b.cells, lk.b.digit) for lk in links})


@lru_cache(maxsize=32)
def _constraint_links(rules: Rules) -> tuple[dict[int, int], dict[tuple[int, int], str]]:
    """Every pair of candidates in two cells that a relation of a constraint forbids
    together (see :func:`.constraints.constraint_pairs`), once per rules: the
    weak links from each candidate, and the constraint's label for the links that no
    house makes (read only).

    >>> from shudu.values.constraints import Thermo
    >>> links, why = _constraint_links(Rules(4, constraints=(Thermo((0, 1)),)))
    >>> bin(links[0])   # a 1 in r1c1 rules out a 1 in r1c2 (also the row's link)
    '0b10'
    >>> why[(16, 1)], (0, 1) in why   # a 2 in r1c1 and a 1 in r1c2: only the thermometer
    ('variant:thermo@r1c12', False)
    """
    from ..values.candidates import geometry
    from .techniques.variant.constraints import constraint_pairs

    n, N = rules.size, rules.ncells
    full = (1 << n) - 1
    peers = geometry(rules).peer_mask
    links: dict[int, int] = {}
    why: dict[tuple[int, int], str] = {}
    for a, b, allowed, label in constraint_pairs(rules):
        seen = peers[a] >> b & 1
        for x in range(n):
            i = x * N + a
            for y in bits(full & ~allowed[x]):
                j = y * N + b
                links[i] = links.get(i, 0) | 1 << j
                links[j] = links.get(j, 0) | 1 << i
                if not (seen and x == y):   # a house says it already
                    why.setdefault((i, j), label)
                    why.setdefault((j, i), label)
    return links, why


@lru_cache(maxsize=8)
def _constraint_rows(rules: Rules) -> bytes:
    """:func:`_constraint_links` of a 9x9 grid as the C graph builder takes them: per
    candidate (``digit * 81 + cell``), 96 bytes, the little-endian bitset of the
    candidates it is weakly linked to.

    >>> from shudu.values.constraints import Thermo
    >>> rows = _constraint_rows(Rules(9, constraints=(Thermo((0, 1)),)))
    >>> len(rows), rows[0]   # a 1 in r1c1 rules out a 1 in r1c2
    (69984, 2)
    """
    links = _constraint_links(rules)[0]
    blob = bytearray(729 * 96)
    for i, js in links.items():
        blob[96 * i:96 * i + 96] = js.to_bytes(96, "little")
    return bytes(blob)


@dataclass(frozen=True)
class Chain:
    """An alternating chain: node indices and whether each link is strong.

    ``nodes[i]`` and ``nodes[i + 1]`` are joined by a link that is strong when
    ``strong[i]`` is true; ``len(strong) == len(nodes) - 1`` (a loop repeats no node:
    the closing link is stored as the last entry of ``strong`` when ``closed``).
    """

    nodes: tuple[int, ...]
    strong: tuple[bool, ...]
    closed: bool = False

    @property
    def length(self) -> int:
        """Number of inferences (links)."""
        return len(self.strong)


class ChainGraph:
    """Nodes, weak links and strong links of one pencilmark state, as bitsets.

    Build it with :meth:`build`; which links exist depends on the options (an X-chain
    uses one digit and conjugate pairs only, an XY-chain bivalue cells only, an AIC
    both, a grouped chain also box/line groups).
    """

    def __init__(self, cands: Candidates) -> None:
        geo = cands.geo
        self.cands = cands
        self.geo = geo
        self.n = geo.n
        self.N = geo.ncells
        self.base = geo.n * geo.ncells
        self.present = 0
        for d in range(geo.n):
            self.present |= cands.digit_mask[d] << (d * self.N)
        self._groups: list[tuple[int, int]] | None = []   # (cell bitboard, digit-1)
        self._group_bytes = (b"", b"")   # the C core's groups, read into _groups on demand
        self.nodes = 0                          # bitset of the graph's nodes
        # node -> its weak / strong partners (None: still only in the C core's rows)
        self._weak: dict[int, int] | None = {}
        self._strong: dict[int, int] | None = {}
        self._conf: dict[int, int] = {}
        self._closure: dict[int, tuple[int, int]] = {}
        self._layers: dict[int, list[int]] = {}   # closure_false(i)'s true nodes by depth
        self._parents: dict[tuple[int, int], Sequence[int]] = {}

    @property
    def groups(self) -> list[tuple[int, int]]:
        """The group nodes (from :attr:`base` on) as ``(cell bitboard, digit - 1)``."""
        if self._groups is None:
            cells, digits = self._group_bytes
            self._groups = [(int.from_bytes(cells[16 * k:16 * k + 16], "little"), d)
                            for k, d in enumerate(digits)]
        return self._groups

    @property
    def weak(self) -> dict[int, int]:
        """Node -> the bitset of its weak partners (true there makes them false)."""
        if self._weak is None:
            self._weak = self._row_dict(1)
        return self._weak

    @property
    def strong(self) -> dict[int, int]:
        """Node -> the bitset of its strong partners (false there makes them true)."""
        if self._strong is None:
            self._strong = self._row_dict(0)
        return self._strong

    def _row_dict(self, which: int) -> dict[int, int]:
        """The strong (0) or weak (1) links of every node, read from the C core's rows."""
        rows = self.__dict__["_blob_rows"]
        blob, size = rows[which], 8 * rows[2]
        return {k: _row(blob, k, size) for k in bits(self.nodes)}

    # ------------------------------------------------------------------ building
    @classmethod
    def build(cls, cands: Candidates, *, digits: tuple[int, ...] | None = None,
              conjugate: bool = True, bivalue: bool = True, cell_weak: bool = True,
              only_bivalue: bool = False, grouped: bool = False,
              als: bool = False, reference: bool = False) -> ChainGraph:
        """The graph of ``cands`` with the chosen kinds of links.

        ``digits`` limits nodes to some digits (1-based); ``only_bivalue`` keeps only the
        candidates of bivalue cells (XY-chains); ``grouped`` adds box/line groups;
        ``als`` adds ALS nodes (see :meth:`_add_als`).  On 9x9 states the C core
        builds the graph (without ALS nodes and digit limits; on a grid beyond rows,
        columns and boxes over its houses and peers, with its constraints' weak links
        added as rows); ``reference=True`` builds it here in Python, the definition the
        C core follows.

        >>> from shudu import Grid
        >>> g = ChainGraph.build(Candidates.from_grid(Grid.empty()), digits=(5,))
        >>> bin(g.nodes).count("1")
        81
        >>> c = Candidates.from_grid(Grid.empty())
        >>> fast, slow = (ChainGraph.build(c, grouped=True, reference=r) for r in (False, True))
        >>> fast.weak == slow.weak and fast.groups == slow.groups
        True
        """
        if digits is None and not als and not reference and cands.geo.n == 9:
            flags = (conjugate | bivalue << 1 | cell_weak << 2 | only_bivalue << 3
                     | grouped << 4)
            if cands.rules.is_classic9:
                return cls._build_c(cands, flags)
            return cls._build_c_geo(cands, flags, only_bivalue)
        g = cls(cands)
        geo, n, N = g.geo, g.n, g.N
        dm = cands.digit_mask
        cm = cands.cell_mask
        use = range(n) if digits is None else [d - 1 for d in digits]
        bival = 0
        for cell, m in enumerate(cm):
            if m.bit_count() == 2:
                bival |= 1 << cell
        nodes = 0
        for d in use:
            cells = dm[d] & bival if only_bivalue else dm[d]
            nodes |= cells << (d * N)
        g.nodes = nodes
        peer = geo.peer_mask
        weak = g.weak
        strong = g.strong
        cellcol = cell_columns(n, N)
        for d in use:
            off = d * N
            dcells = (nodes >> off) & geo.all_cells
            for cell in bits(dcells):
                i = off + cell
                w = (peer[cell] & dcells) << off
                if cell_weak:
                    w |= cellcol[cell] & nodes & ~(1 << i)
                weak[i] = w
                s = 0
                if bivalue and bival >> cell & 1:
                    s |= cellcol[cell] & nodes & ~(1 << i)
                if conjugate:
                    for h in geo.cell_houses[cell]:
                        m = dm[d] & geo.house_mask[h]
                        other = m & ~(1 << cell)
                        if (other and not other & (other - 1)
                                and nodes >> (off + other.bit_length() - 1) & 1):
                            s |= other << off
                strong[i] = s
        if cands.rules.constraints and not only_bivalue:
            g._add_constraint_links()
        if grouped:
            g._add_groups(use)
        if als:
            g._add_als(use)
        return g

    @classmethod
    def _build_c(cls, cands: Candidates, flags: int) -> ChainGraph:
        """The graph made by the C core (``accel9.chain_graph``): its rows serve the C
        chain search as they are; the link dictionaries are read from them on demand."""
        from .accel9 import chain_graph

        return cls._from_rows(cands, chain_graph(cands, flags))

    @classmethod
    def _build_c_geo(cls, cands: Candidates, flags: int, only_bivalue: bool) -> ChainGraph:
        """:meth:`_build_c` on a 9x9 grid beyond rows, columns and boxes (the C core takes
        its houses and peers, and the constraints' weak links as rows), or in Python
        when a house has not nine cells."""
        from .accel9 import chain_graph, geo_words

        houses, peers = geo_words(cands.geo)
        rules = cands.rules
        if houses is None:
            return cls.build(cands, conjugate=bool(flags & 1), bivalue=bool(flags & 2),
                             cell_weak=bool(flags & 4), only_bivalue=only_bivalue,
                             grouped=bool(flags & 16), reference=True)
        with_constraints = bool(rules.constraints) and not only_bivalue
        weak = _constraint_rows(rules) if with_constraints else None
        g = cls._from_rows(cands, chain_graph(cands, flags, houses, peers, weak))
        if with_constraints:
            g.__dict__["why"] = _constraint_links(rules)[1]
        return g

    @classmethod
    def _from_rows(cls, cands: Candidates, made: tuple[int, bytes, bytes, bytes, bytes,
                                                       bytes, bytes]) -> ChainGraph:
        """The graph of the C core's rows (see :func:`.accel9.chain_graph`)."""
        words, nodes, strong, weak, conf, cells, digits = made
        g = cls(cands)
        g.nodes = int.from_bytes(nodes, "little")
        g._groups = None
        g._group_bytes = (cells, digits)
        g._weak = g._strong = None
        g.__dict__["_blob_rows"] = (strong, weak, words)
        g.__dict__["_conflict_rows"] = conf
        return g

    def _add_constraint_links(self) -> None:
        """Weak links from the rules' constraints (see :func:`_constraint_links`), kept
        between the candidates the state still has."""
        links, why = _constraint_links(self.cands.rules)
        nodes, weak = self.nodes, self.weak
        for i, js in links.items():
            js &= nodes
            if js and nodes >> i & 1:
                weak[i] = weak.get(i, 0) | js
        self.__dict__["why"] = why

    @property
    def link_memo(self) -> dict[tuple[int, int], Link]:
        """The links :meth:`link` has made, by their two literals (read only)."""
        memo: dict[tuple[int, int], Link] = self.__dict__.setdefault("_link_memo", {})
        return memo

    def link(self, x: int, y: int) -> Link:
        """The link from literal ``x`` to literal ``y`` of a path (``2 * node + truth``),
        labelled with the constraint behind a weak link no house or cell makes."""
        memo = self.link_memo
        got = memo.get((x, y))
        if got is not None:
            return got
        strong = not x & 1
        labels = None if strong else self.__dict__.get("why")
        why = labels.get((x >> 1, y >> 1), "") if labels else ""
        if why or x >> 1 >= self.base or y >> 1 >= self.base:   # this graph's own link
            got = memo[x, y] = Link(self.node(x >> 1), self.node(y >> 1), strong, why)
            return got
        # between two candidates, unlabelled: the same link in every graph of the size
        key = (self.n, x, y)
        got = _BASE_LINKS.get(key)
        if got is None:
            if len(_BASE_LINKS) >= 200_000:
                _BASE_LINKS.clear()
            got = _BASE_LINKS[key] = Link(self.node(x >> 1), self.node(y >> 1), strong, "")
        memo[x, y] = got
        return got

    def _add_als(self, use: range | list[int]) -> None:
        """ALS nodes: for an almost locked set ``A`` (``k`` cells of one house holding
        ``k + 1`` digits, ``k >= 2``) and one of its digits ``x``, the node "``x`` is in
        ``A``" (some cell of ``A`` holding ``x`` is ``x``).

        Its weak links are those of a group on the cells of ``A`` holding ``x``: a
        candidate ``x`` that sees all of them.  Two nodes of one set are strongly linked:
        a set without ``x`` is a locked set of its other digits, so each of them is in it.
        Only digits with a weak link outside the set get a node.
        """
        from .techniques.classic.als import als_index

        idx = als_index(self.cands)
        N = self.N
        cellcol = cell_columns(self.n, N)
        wanted = 0
        for d in use:
            wanted |= 1 << d
        self.als_sets: dict[int, tuple[int, int]] = {}   # node -> (cells, digit mask)
        for i, cmask in enumerate(idx.cells):
            if cmask.bit_count() < 2:
                continue
            dmask = idx.digits[i]
            if dmask & ~wanted:
                continue
            mine = []
            for d in bits(dmask):
                out = (idx.targ[i][d] << (d * N)) & self.nodes
                if out:
                    mine.append((d, out))
            if len(mine) < 2:
                continue
            ids = 0
            first = self.base + len(self.groups)
            for k, (d, out) in enumerate(mine):
                gi = first + k
                where = idx.dcells[i][d]
                if not where & (where - 1):   # one cell: its other digits as well
                    cell = where.bit_length() - 1
                    out |= cellcol[cell] & self.nodes & ~(1 << (d * N + cell))
                self.groups.append((where, d))
                self.als_sets[gi] = (cmask, dmask)
                ids |= 1 << gi
                self.weak[gi] = out
                for c in bits(out):
                    self.weak[c] = self.weak.get(c, 0) | 1 << gi
            self.nodes |= ids
            for gi in bits(ids):
                self.strong[gi] = ids & ~(1 << gi)
        # weak links between group and ALS nodes of one digit whose cells all see each
        # other (at most one of them holds the digit)
        by_digit: dict[int, list[tuple[int, int, int]]] = {}
        for k, (cells, d) in enumerate(self.groups):
            seen = self.geo.common_peers(bits(cells))
            by_digit.setdefault(d, []).append((self.base + k, cells, seen))
        for items in by_digit.values():
            for gi, _cells, seen in items:
                if gi not in self.als_sets:
                    continue
                for gj, cells2, _ in items:
                    if gj != gi and not cells2 & ~seen:
                        self.weak[gi] = self.weak.get(gi, 0) | 1 << gj
                        self.weak[gj] = self.weak.get(gj, 0) | 1 << gi

    def is_als(self, i: int) -> bool:
        """True for an ALS node (see :meth:`_add_als`)."""
        return i in self.__dict__.get("als_sets", ())

    def _add_groups(self, use: range | list[int]) -> None:
        geo, N = self.geo, self.N
        dm = self.cands.digit_mask
        n = self.n
        inter, segments = _group_tables(geo)
        index_of: dict[tuple[int, int], int] = {}
        for d in use:
            for m in inter:
                cells = dm[d] & m
                if cells & (cells - 1):
                    key = (cells, d)
                    if key not in index_of:
                        index_of[key] = self.base + len(self.groups)
                        self.groups.append(key)
        for gi in index_of.values():
            self.nodes |= 1 << gi
        peer = geo.peer_mask
        # weak links of groups: same digit nodes that see every cell of the group
        by_digit: dict[int, list[tuple[int, int]]] = {}
        for (cells, d), gi in index_of.items():
            by_digit.setdefault(d, []).append((cells, gi))
        for d, groups in by_digit.items():
            off = d * N
            dcells = (self.nodes >> off) & geo.all_cells
            for cells, gi in groups:
                seen = geo.all_cells
                for c in bits(cells):
                    seen &= peer[c]
                w = (seen & dcells) << off
                for cells2, gj in groups:
                    if not cells2 & cells and cells2 & seen == cells2:
                        w |= 1 << gj
                self.weak[gi] = w
                self.strong[gi] = 0
                for c in bits(seen & dcells):
                    self.weak[off + c] = self.weak.get(off + c, 0) | 1 << gi
        # strong links: a house whose places of a digit split into two nodes
        for d in use:
            off = d * N
            for h in range(3 * n):
                m = dm[d] & geo.house_mask[h]
                if not m or not m & (m - 1):
                    continue
                for a, b in _split_parts(segments[h], m):
                    if not (a & (a - 1) or b & (b - 1)):
                        continue   # a plain conjugate pair is already there
                    ia = index_of[(a, d)] if a & (a - 1) else off + a.bit_length() - 1
                    ib = index_of[(b, d)] if b & (b - 1) else off + b.bit_length() - 1
                    if not (self.nodes >> ia & 1 and self.nodes >> ib & 1):
                        continue
                    self.strong[ia] = self.strong.get(ia, 0) | 1 << ib
                    self.strong[ib] = self.strong.get(ib, 0) | 1 << ia

    # ------------------------------------------------------------------ nodes
    def index(self, cell: int, digit: int) -> int:
        """Universal index of candidate ``(cell, digit)``."""
        return (digit - 1) * self.N + cell

    def members(self, mask: int) -> Iterator[int]:
        """Node indices in a bitset."""
        return bits(mask)

    def node_cells(self, i: int) -> int:
        """Cell bitboard of a node."""
        if i < self.base:
            return 1 << (i % self.N)
        return self.groups[i - self.base][0]

    def node_digit(self, i: int) -> int:
        """Digit (1-based) of a node."""
        if i < self.base:
            return i // self.N + 1
        return self.groups[i - self.base][1] + 1

    def is_group(self, i: int) -> bool:
        """True for a grouped node."""
        return i >= self.base

    def node(self, i: int) -> Node:
        """The :class:`Node` of an index (for a step's links), made once per graph."""
        if i < self.base:   # a candidate's node is the same in every graph of its size
            got = _BASE_NODES.get((self.n, i))
            if got is None:
                got = _BASE_NODES[self.n, i] = Node((i % self.N,), self.node_digit(i), self.n)
            return got
        memo = self.__dict__.setdefault("_node_memo", {})
        got = memo.get(i)
        if got is None:
            got = memo[i] = Node(tuple(bits(self.node_cells(i))), self.node_digit(i), self.n)
        return got

    def conflicts(self, i: int) -> int:
        """Every present candidate that cannot be true together with node ``i``.

        (Candidates only; used for eliminations, whatever links the graph has.)
        """
        got = self._conf.get(i)
        if got is not None:
            return got
        rows = self.__dict__.get("_conflict_rows")
        if rows is not None and self.nodes >> i & 1:   # made by the C core
            size = 8 * self.__dict__["_blob_rows"][2]
            got = self._conf[i] = _row(rows, i, size)
            return got
        geo = self.geo
        N = self.N
        if i < self.base:   # one candidate: its cell's peers and its cell's other digits
            d, cell = divmod(i, N)
            out = ((geo.peer_mask[cell] & self.cands.digit_mask[d]) << (d * N)
                   | cell_columns(self.n, N)[cell] & self.present & ~(1 << i))
        else:
            cells, d = self.groups[i - self.base]
            seen = geo.all_cells
            for c in bits(cells):
                seen &= geo.peer_mask[c]
            out = (seen & self.cands.digit_mask[d]) << (d * N)
            if not cells & (cells - 1):   # an ALS node on one cell: its other digits too
                cell = cells.bit_length() - 1
                out |= cell_columns(self.n, N)[cell] & self.present & ~(1 << (d * N + cell))
        self._conf[i] = out
        return out

    # ------------------------------------------------------------------ search
    def _link_lists(self) -> tuple[list[int], list[int]]:
        """Strong and weak links as lists indexed by node (built once, for searches)."""
        got = self.__dict__.get("_lists")
        if got is None:
            size = self.base + len(self.groups)
            strong = [0] * size
            weak = [0] * size
            for k, v in self.strong.items():
                strong[k] = v
            for k, v in self.weak.items():
                weak[k] = v
            got = self.__dict__["_lists"] = (strong, weak)
        return got

    def _blobs(self) -> tuple[bytes, bytes, int] | None:
        """The links as bitset rows for the C chain search (``None`` for graphs too big
        for it: more than 2048 nodes)."""
        got = self.__dict__.get("_blob_rows", False)
        if got is False:
            strong, weak = self._link_lists()
            size = len(strong)
            got = None
            if size <= 2048:
                words = (size + 63) // 64
                row = 8 * words
                rows = []
                for links in (strong, weak):
                    blob = bytearray(size * row)
                    for k in bits(self.nodes):   # only nodes have links
                        v = links[k]
                        if v:
                            blob[k * row:(k + 1) * row] = v.to_bytes(row, "little")
                    rows.append(bytes(blob))
                got = (rows[0], rows[1], words)
            self.__dict__["_blob_rows"] = got
        return got

    def c_aic_pairs(self, complete: bool) -> list[Any] | None:
        """The AIC chain ends of this graph as the C core finds them (``(a, b, least,
        count, eliminations)`` per pair), keeping every node's closure for the nice-loop
        and forcing searches on the same graph; ``None`` for a graph too big for it."""
        rows = self._blobs()
        if rows is None:
            return None
        from .accel9 import aic_pairs

        nodes = self.nodes.to_bytes(8 * rows[2], "little")
        closures = bytearray(2 * len(rows[0]))
        pairs = aic_pairs(rows[0], rows[1], self.conflict_rows(), rows[2], nodes, self.base,
                          self.N, complete, closures)
        if "_closure_rows" not in self.__dict__:
            self.__dict__["_closure_rows"] = closures
            self.__dict__["_closure_size"] = 8 * rows[2]
        return pairs

    def conflict_rows(self) -> bytes:
        """:meth:`conflicts` of every node as rows for the C core (as :meth:`_blobs`)."""
        got = self.__dict__.get("_conflict_rows")
        if got is None:
            rows = self._blobs()
            assert rows is not None
            row = 8 * rows[2]
            blob = bytearray(len(rows[0]))
            for i in bits(self.nodes):
                blob[i * row:(i + 1) * row] = self.conflicts(i).to_bytes(row, "little")
            got = self.__dict__["_conflict_rows"] = bytes(blob)
        return got

    def closure_false(self, i: int) -> tuple[int, int]:
        """Literals implied by node ``i`` being false: (true nodes, false nodes).

        The false set contains ``i`` itself.
        """
        got = self._closure.get(i)
        if got is not None:
            return got
        rows = self.__dict__.get("_closure_rows")
        if rows is not None and self.nodes >> i & 1:   # left by the C chain search
            size = self.__dict__["_closure_size"]
            got = self._closure[i] = (_row(rows, 2 * i, size), _row(rows, 2 * i + 1, size))
            return got
        got = self._closure[i] = self._bfs(i)
        return got

    def _bfs(self, i: int) -> tuple[int, int]:
        """:meth:`closure_false` of node ``i`` found in Python, recording the true nodes
        of each round in ``_layers`` (for :meth:`true_distance`)."""
        strong, weak = self._link_lists()
        T = 0
        F = new = 1 << i
        layers: list[int] = []
        while new:
            # every node made false so far makes its strong partners true ...
            got = 0
            while new:
                low = new & -new
                got |= strong[low.bit_length() - 1]
                new ^= low
            new = got & ~T
            T |= new
            layers.append(new)
            # ... and every node made true makes its weak partners false
            got = 0
            while new:
                low = new & -new
                got |= weak[low.bit_length() - 1]
                new ^= low
            new = got & ~F
            F |= new
        self._layers[i] = layers
        return T, F

    def true_distance(self, i: int, j: int) -> int:
        """The fewest links of an alternating chain from "``i`` is false" to "``j`` is
        true" (a lower bound for :meth:`path`, whose chains must also be simple), or -1.
        """
        if i not in self._layers:
            self._bfs(i)
        bit = 1 << j
        for k, layer in enumerate(self._layers[i]):
            if layer & bit:
                return 2 * k + 1
        return -1

    def _c_closures(self) -> bool:
        """Every node's closures, both ways, found once by the C core (``False`` for a
        graph too big for it): :meth:`closure_false`, :meth:`closure_true`,
        :meth:`eliminable` and :meth:`clashes` then read them."""
        got = self.__dict__.get("_all_closures")
        if got is None:
            rows = self._blobs()
            got = rows is not None
            if rows is not None:
                from .accel9 import chain_closures

                size = 8 * rows[2]
                nodes = self.nodes.to_bytes(size, "little")
                # the "node false" closures an AIC search of this graph kept are reused
                false_rows, true_rows, elim, clash_false, clash_true, back = chain_closures(
                    rows[0], rows[1], self.conflict_rows(), rows[2], nodes,
                    self.__dict__.get("_closure_rows"))
                self.__dict__["_closure_rows"] = false_rows
                self.__dict__["_closure_size"] = size
                self.__dict__["_closure_true_rows"] = true_rows
                self.__dict__["_eliminable"] = int.from_bytes(elim, "little")
                self.__dict__["_clashes"] = (int.from_bytes(clash_true, "little"),
                                             int.from_bytes(clash_false, "little"))
                self.__dict__["_weak_return"] = int.from_bytes(back, "little")
            self.__dict__["_all_closures"] = got
        return got

    def clashes(self) -> tuple[int, int]:
        """The nodes whose truth (first) or falsity (second) makes some node both true
        and false: the starts of forcing chain contradictions.

        >>> from shudu import Grid
        >>> g = ChainGraph.build(Candidates.from_grid(Grid.empty()))
        >>> g.clashes()
        (0, 0)
        """
        got = self.__dict__.get("_clashes")
        if got is None and not self._c_closures():
            true = false = 0
            for a in bits(self.nodes):
                T, F = self.closure_true(a)
                true |= bool(T & F) << a
                T, F = self.closure_false(a)
                false |= bool(T & F) << a
            got = self.__dict__["_clashes"] = (true, false)
        return self.__dict__["_clashes"]

    def weak_return(self) -> int:
        """The nodes ``a`` with a weak partner ``y`` such that "``y`` false" makes ``a``
        false: "``a`` true" then removes ``a`` (the weak-weak end of a discontinuous
        nice loop).

        >>> from shudu import Grid
        >>> ChainGraph.build(Candidates.from_grid(Grid.empty())).weak_return()
        0
        """
        got = self.__dict__.get("_weak_return")
        if got is None and not self._c_closures():
            got = 0
            for a in bits(self.nodes):
                if any(self.closure_false(y)[1] >> a & 1 for y in bits(self.weak.get(a, 0))):
                    got |= 1 << a
            self.__dict__["_weak_return"] = got
        return self.__dict__["_weak_return"]

    def loop_starts(self) -> int | None:
        """The candidate nodes ``a`` whose :meth:`closure_false` makes ``a`` itself true,
        or another candidate of ``a``'s cell above ``a`` (where a discontinuous nice loop
        may set or keep ``a``), read from the C core's closures; None without them.

        >>> from shudu import Grid
        >>> ChainGraph.build(Candidates.from_grid(Grid.empty())).loop_starts()
        0
        """
        if not self._c_closures():
            return None
        from .accel9 import chain_loop_starts

        words = self.__dict__["_closure_size"] // 8
        return int.from_bytes(chain_loop_starts(self.__dict__["_closure_rows"], words,
                                                self.base, self.N), "little")

    def eliminable(self) -> int:
        """Every candidate that some chain start could eliminate (a fast superset).

        The union over all nodes ``a`` of the candidates conflicting with ``a`` and
        false whenever ``a`` is false; empty means no AIC or nice loop of this graph
        eliminates anything.
        """
        got = self.__dict__.get("_eliminable")
        if got is None and self._c_closures():
            got = self.__dict__["_eliminable"]
        if got is None:
            got = 0
            for a in bits(self.nodes):
                got |= self.conflicts(a) & self.closure_false(a)[1]
            self.__dict__["_eliminable"] = got
        return got

    def verity(self, branch_sets: Iterable[int]) -> list[tuple[int, int, int]]:
        """What every branch of a branch set implies (a set: a bitset of nodes, one of
        which is true): for each set ``k`` with something left, ``(k, T, F)``, the nodes
        true and false in every branch's :meth:`closure_true`, less the set's own nodes
        and less what is not :attr:`present`.  The C core intersects the rows it found;
        a graph too big for it, or a set with a node outside the graph, is worked out
        here.

        >>> from shudu import Grid
        >>> g = ChainGraph.build(Candidates.from_grid(Grid("12345678." + "." * 72)))
        >>> k, T, F = g.verity([3 << (8 * 81 + 9)])[0]   # r2c1 or r2c2 is 9
        >>> k, T, F >> (8 * 81 + 11) & 1                  # so r2c3 is not 9
        (0, 0, 1)
        """
        sets = list(branch_sets)
        union = 0
        for m in sets:
            union |= m
        if self._c_closures() and not union & ~self.nodes:
            from .accel9 import chain_verity

            size = self.__dict__["_closure_size"]
            got = chain_verity(self.__dict__["_closure_true_rows"], size // 8,
                               self.present.to_bytes(size, "little"),
                               b"".join(m.to_bytes(size, "little") for m in sets))
            return [(k, int.from_bytes(t, "little"), int.from_bytes(f, "little"))
                    for k, t, f in got]
        out = []
        for k, members in enumerate(sets):
            T = F = -1
            for i in bits(members):
                t, f = self.closure_true(i)
                T &= t
                F &= f
                if not T | F:
                    break   # nothing every branch implies
            if not members or not T | F:
                continue
            T &= ~members & self.present
            F &= ~members & self.present
            if T | F:
                out.append((k, T, F))
        return out

    def closure_true(self, i: int) -> tuple[int, int]:
        """Literals implied by node ``i`` being true: (true nodes, false nodes)."""
        memo = self.__dict__.setdefault("_closure_true", {})
        got = memo.get(i)
        if got is not None:
            return got
        if self.nodes >> i & 1 and self._c_closures():
            rows = self.__dict__["_closure_true_rows"]
            size = self.__dict__["_closure_size"]
            got = memo[i] = (_row(rows, 2 * i, size), _row(rows, 2 * i + 1, size))
            return got
        T = 1 << i
        F = self.weak.get(i, 0)
        for y in bits(F):
            t, f = self.closure_false(y)
            T |= t
            F |= f
        memo[i] = (T, F)
        return T, F

    def parents(self, lit: int, banned: int = 0, *, reference: bool = False
                ) -> Sequence[int]:
        """Breadth-first parents from a literal (``2 * node + truth``).

        Literal ``2 * i`` is "node i is false", ``2 * i + 1`` "node i is true".  Entry
        ``y`` is the literal that literal ``y`` was first derived from (-1 for ``lit``,
        -2 when it is not reached).  Nodes in ``banned`` are never entered; the start
        node may be reached again (closing a loop there) but the search does not go on
        from it.  The C core searches when the graph fits its rows; ``reference=True``
        searches here, the definition the C core follows.
        """
        key = (lit, banned)
        got = self._parents.get(key)
        if got is not None and not reference:
            return got
        rows = None if reference else self._blobs()
        if rows is not None:
            from .accel9 import chain_parents

            size = 8 * rows[2]
            raw = chain_parents(rows[0], rows[1], rows[2], lit,
                                (banned & ((1 << 8 * size) - 1)).to_bytes(size, "little"))
            got = self._parents[key] = memoryview(raw).cast("i")
            return got
        strong, weak = self._link_lists()
        par = [-2] * (2 * len(strong))
        par[lit] = -1
        frontier = [lit]
        start = lit >> 1
        T = F = banned
        while frontier:
            nxt = []
            for x in frontier:
                node = x >> 1
                if x & 1:
                    new = weak[node] & ~F
                    F |= new
                    truth = 0
                else:
                    new = strong[node] & ~T
                    T |= new
                    truth = 1
                while new:
                    low = new & -new
                    j = low.bit_length() - 1
                    y = j * 2 + truth
                    if par[y] == -2:
                        par[y] = x
                        if j != start:
                            nxt.append(y)
                    new ^= low
            frontier = nxt
        if not reference:
            self._parents[key] = par
        return par

    def path(self, start: int, target: int, banned: int = 0) -> list[int] | None:
        """A shortest simple chain of literals from ``start`` to ``target``.

        Breadth first; when the shortest derivation passes a node twice (once true,
        once false) that node is banned and the search repeated, a few times at most.
        Only the start node may repeat, as the last literal (a loop closing on it).
        """
        for _ in range(4):
            par = self.parents(start, banned)
            if par[target] == -2:
                return None
            out = [target]
            while out[-1] != start:
                out.append(par[out[-1]])
            out.reverse()
            seen: set[int] = set()
            repeat = -1
            for x in out[:-1] if (target >> 1) == (start >> 1) else out:
                if x >> 1 in seen:
                    repeat = x >> 1
                    break
                seen.add(x >> 1)
            if repeat < 0:
                return out
            banned |= 1 << repeat
        return None

    def loop_to_self(self, a: int) -> list[int] | None:
        """A shortest simple chain proving node ``a`` true from ``a`` false (``not a``
        implies ``a``): leave through one strong partner, come back through another."""
        partners = list(bits(self.strong.get(a, 0)))
        best: list[int] | None = None
        for p in partners:
            for q in partners:
                if p == q:
                    continue
                mid = self.path(2 * p + 1, 2 * q, 1 << a)
                if mid is not None and (best is None or len(mid) + 2 < len(best)):
                    best = [2 * a, *mid, 2 * a + 1]
        return best

    def chain(self, start_node: int, end_node: int) -> Chain | None:
        """The shortest alternating chain ``start = ... = end`` (``not start`` implies
        ``end``), or None when there is none or it repeats a node."""
        lits = self.path(2 * start_node, 2 * end_node + 1)
        if lits is None:
            return None
        nodes = tuple(x >> 1 for x in lits)
        if len(set(nodes)) != len(nodes):
            return None
        strong = tuple(not (x & 1) for x in lits[:-1])   # false -> true is strong
        return Chain(nodes, strong)

    def links(self, chain: Chain) -> tuple[Link, ...]:
        """The chain as :class:`Link` values for a step."""
        out = []
        nodes = chain.nodes
        for k, s in enumerate(chain.strong):
            a = nodes[k]
            b = nodes[(k + 1) % len(nodes)]
            out.append(self.link(2 * a + (not s), 2 * b + s))
        return tuple(out)

    def is_cell_link(self, a: int, b: int) -> bool:
        """True when two candidate nodes are in the same cell."""
        return a < self.base and b < self.base and a % self.N == b % self.N


def _row(blob: bytes, k: int, size: int) -> int:
    """Row ``k`` (``size`` bytes, little-endian) of a blob of rows, as a bitset.

    >>> _row(bytes([1, 0, 0, 2]), 1, 2)
    512
    """
    return int.from_bytes(blob[k * size:(k + 1) * size], "little")


_Cuts = tuple[tuple[tuple[int, ...], ...], ...]
_BASE_NODES: dict[tuple[int, int], Node] = {}
"""The node of candidate ``i`` (``digit * cells + cell``) of a grid of side ``n``, by
``(n, i)``: nodes and links are immutable, and successive states (and puzzles) share most
of their chains' candidates and links."""

_BASE_LINKS: dict[tuple[int, int, int], Link] = {}
"""The link between two candidates' literals that no constraint labels, by ``(n, x, y)``."""

_GROUP_TABLES: dict[int, tuple[object, tuple[int, ...], _Cuts]] = {}


def _group_tables(geo: Any) -> tuple[tuple[int, ...], _Cuts]:
    """Box/line intersections of two or more cells, and per house (rows, columns, boxes)
    the ways to cut it: a line by boxes; a box by rows, then by columns."""
    got = _GROUP_TABLES.get(id(geo))
    if got is None or got[0] is not geo:
        if len(_GROUP_TABLES) >= 16:   # each entry keeps its geometry alive
            _GROUP_TABLES.clear()
        n = geo.n
        hm = geo.house_mask
        inter = []
        for b in range(2 * n, 3 * n):
            for ln in range(2 * n):
                m = hm[b] & hm[ln]
                if m and m & (m - 1):
                    inter.append(m)
        segments = []
        for h in range(3 * n):
            if h < 2 * n:
                cuts: tuple[tuple[int, ...], ...] = (
                    tuple(hm[h] & hm[b] for b in range(2 * n, 3 * n) if hm[h] & hm[b]),)
            else:
                cuts = tuple(tuple(hm[h] & hm[ln] for ln in lines if hm[h] & hm[ln])
                             for lines in (range(n), range(n, 2 * n)))
            segments.append(cuts)
        got = _GROUP_TABLES[id(geo)] = (geo, tuple(inter), tuple(segments))
    return got[1], got[2]


def _split_parts(cuts: tuple[tuple[int, ...], ...], m: int) -> list[tuple[int, int]]:
    """Ways to split a house's places ``m`` into two parts along one of its cuts (the
    part holding the lowest cell first)."""
    out: list[tuple[int, int]] = []
    for segs in cuts:
        parts = [m & seg for seg in segs if m & seg]
        if len(parts) == 2:
            a, b = parts
            if (b & -b) < (a & -a):
                a, b = b, a
            if (a, b) not in out:
                out.append((a, b))
    return out


_CELLCOL: dict[tuple[int, int], tuple[int, ...]] = {}


def cell_columns(n: int, N: int) -> tuple[int, ...]:
    """For each cell, the universal bitset of all its n candidates (bit ``d * N + cell``
    for digit ``d + 1``), made once per size.

    >>> [bin(m) for m in cell_columns(2, 4)]
    ['0b10001', '0b100010', '0b1000100', '0b10001000']
    """
    got = _CELLCOL.get((n, N))
    if got is None:
        out = []
        for cell in range(N):
            m = 0
            for d in range(n):
                m |= 1 << (d * N + cell)
            out.append(m)
        got = tuple(out)
        _CELLCOL[(n, N)] = got
    return got
