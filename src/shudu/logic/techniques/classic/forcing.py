"""Forcing chains and forcing nets: the last logical resort.

* Forcing chain (static): follow single implications along strong and weak links
  (:mod:`.links`).  *Contradiction*: assuming a candidate implies some candidate both
  true and false, so the assumption is wrong.  *Verity*: every candidate of a cell (or
  every place of a digit in a house, or a candidate and its negation) implies the same
  thing, so it holds.
* Forcing net (dynamic): the assumption is propagated with naked and hidden singles on
  the whole grid, so a deduction may rest on several earlier ones.
* Nested forcing net: the propagation itself also removes candidates that a simpler
  net refutes; the nesting deepens only when nothing simpler is found, so on a puzzle
  with one solution the solver always finds a next step.  Level 2 refutes with the
  plain nets of the state (Sudoku Explainer's level 3, 10.0), level 3 with the plain
  nets of the state the assumption has reached (SE's level 4, dynamic forcing chains
  nested, 10.5), level 4 with level-2 nets there (SE's level 5, 11.0); a level-3 step's
  length counts the singles of its nested nets too (a share, :data:`NESTED_SHARE`), as
  SE's complexity counts its nested chains (``docs/rating.md``).

Propagation works on per-digit bitboards and is memoised per pencilmark state, so the
contradiction and verity finders share the work.

>>> from shudu import Grid
>>> from shudu.values.candidates import Candidates
>>> c = Candidates.from_grid(Grid(
...     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"))
>>> step = next(find_forcing_net_contradiction(c))
>>> step.technique, len(step.eliminations) + len(step.placements)
('forcing-net-contradiction', 1)
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator
from typing import Any, TypedDict

from ....values.candidates import Candidates, Geometry, bits
from ....values.rules import Rules
from ... import accel9
from ...links import cell_columns, state_key
from ...registry import Technique, register
from ...render import house_text, result_text
from ...step import Link, Step, cells_text
from ..table import length_bonus, row
from .chains import chain_sentence, graph, lit_links

__all__ = [
    "Net",
    "find_forcing_chain_contradiction",
    "find_forcing_chain_verity",
    "find_forcing_net_contradiction",
    "find_forcing_net_verity",
    "find_nested_forcing_net",
]

BASE = {key: row(key).order for key in (
    "forcing-chain-contradiction", "forcing-chain-verity", "forcing-net-contradiction",
    "forcing-net-verity", "nested-forcing-net")}
"""Each kind's place in the solver's order (from the technique table); its Sudoku
Explainer weight there is the base :func:`forcing_weight` adds to: a contradiction from
one assumption 7.5, chains that agree 8.0, dynamic nets 8.5, nested nets 9.5."""


def forcing_weight(step: Step, base: float) -> float:
    """SE's weight of a forcing step: its base, 0.5 per nesting level past the first
    (nested nets of levels 2, 3, 4 weigh 10.0, 10.5, 11.0 before their length, SE's
    nesting levels 3, 4 and 5), and the length bonus of its longest chain (at level 3,
    the main net's singles and its nested nets').

    >>> forcing_weight(Step("forcing-chain-verity", extra={"length": 10}), 8.0)
    8.3
    """
    level = int(step.get("level", 1) or 1)
    return round(base + 0.5 * max(0, level - 1) + length_bonus(int(step.get("length", 4))), 1)


BROKEN = -1


# ---------------------------------------------------------------------- propagation
_NET_CACHE: dict[tuple[object, ...], Net] = {}
_NET_LAST: dict[int, Net] = {}


class Net:
    """Singles propagation of assumptions on one pencilmark state (bitboards).

    ``true(i)`` / ``false(i)`` give ``(size, T, F)`` for the assumption that candidate
    ``i`` (universal index, see :mod:`.links`) is true / false: ``T`` and ``F`` are the
    candidates proved true and false, ``size`` the number of singles placed, or
    ``BROKEN`` as size when the assumption leads to a contradiction.

    >>> from shudu import Grid
    >>> net = Net.of(Candidates.from_grid(Grid("12345678." + "." * 72)))
    >>> net.true(8 * 81 + 8)[0] >= 0, net.true(0 * 81 + 8)[0]   # r1c9 = 9 fine, = 1 not
    (True, -1)
    """

    def __init__(self, cands: Candidates, dm: list[int], level: int = 1,
                 root: Net | None = None) -> None:
        geo = cands.geo
        if root is not None:   # refute with the plain nets of a larger state
            self.__dict__["_root"] = root
        self.cands = cands
        self.geo = geo
        self.n = geo.n
        self.N = geo.ncells
        self.dm = dm
        self.level = level
        self.peer = geo.peer_mask
        ones = 0
        for m in dm:
            ones |= m
        self.unsolved = ones
        self._true: dict[int, tuple[int, int, int]] = {}
        self._false: dict[int, tuple[int, int, int]] = {}
        # at level 3 and deeper: (candidate, assumed true) -> the refutations one level
        # down that its propagation used, and the singles they placed (their length)
        self.nested: dict[tuple[int, bool], tuple[int, int]] = {}
        self._refuted = (0, 0)

    @classmethod
    def of(cls, cands: Candidates, level: int = 1) -> Net:
        """The memoised net of a state (one per state and nesting level)."""
        key = (level, state_key(cands))
        got = _NET_CACHE.get(key)
        if got is None:
            if len(_NET_CACHE) > 16:
                _NET_CACHE.clear()
            got = cls(cands, list(cands.digit_mask), level)
            last = _NET_LAST.get(level)
            if last is not None and last.cands.rules == cands.rules and all(
                    new & ~old == 0 for new, old in zip(got.dm, last.dm)):
                # singles propagation is monotone: what broke in a state with more
                # candidates still breaks in this one
                for i, res in last._true.items():
                    if res[0] == BROKEN:
                        got._true[i] = res
                for i, res in last._false.items():
                    if res[0] == BROKEN:
                        got._false[i] = res
                got.nested.update(last.nested)
            _NET_CACHE[key] = got
            _NET_LAST[level] = got
        return got

    def within(self, dm: list[int]) -> Net:
        """The net of the same level in ``dm``, a state with fewer candidates, whose
        refutations (level 2) still use the plain nets of this net's state: sound, since
        what a net proves in a state it proves in any state with fewer candidates."""
        if self.level != 2:
            return Net(self.cands, dm, self.level)
        out = Net(self.cands, dm, self.level, self.root)
        fast = self._c()
        if fast[0] is not None:
            out.__dict__["_fast"] = (fast[0], fast[1], _dm_bytes(dm))
        return out

    def _c(self) -> tuple[Any, ...]:
        """What the C nets need: (geometry, state) at level 1, (geometry, plain nets of
        the root state, state) at level 2; ``(None,)`` where C does not apply."""
        fast = self.__dict__.get("_fast")
        if fast is None:
            geo = _net_geometry(self.geo)
            if geo is None:
                fast = (None,)
            elif self.level == 1:
                fast = (geo, _dm_bytes(self.dm))
            else:
                fast = (geo, accel9.net_root(geo, _dm_bytes(self.root.dm)),
                        _dm_bytes(self.dm))
            self.__dict__["_fast"] = fast
        return fast

    @property
    def root(self) -> Net:
        """The plain (singles) net of the same state, for level-2 refutations."""
        got = self.__dict__.get("_root")
        if got is None:
            got = Net(self.cands, self.dm, 1)
            self.__dict__["_root"] = got
        return got

    def _combine(self, dm: list[int], placed: list[int],
                 queue: list[tuple[int, int]]) -> bool:
        """Level 2: refute candidates of a derived state with the plain nets of this state.

        A candidate whose own singles net (from this state) proves something the derived
        state contradicts cannot be true there; one whose negation does so must be.
        Returns True when something changed.
        """
        N = self.N
        root = self.root
        T = F = cur = 0
        for d in range(self.n):
            T |= placed[d] << (d * N)
            cur |= dm[d] << (d * N)
        F = self.present() & ~cur & ~T
        changed = False
        for i in bits(cur):
            size, t, f = root.true(i)
            if size == BROKEN or t & F or f & T:
                dm[i // N] &= ~(1 << (i % N))
                changed = True
                continue
            size, t, f = root.false(i)
            if size == BROKEN or t & F or f & T:
                queue.append((i % N, i // N))
                changed = True
        return changed

    def present(self) -> int:
        """Universal bitset of the state's candidates."""
        out = 0
        for d, m in enumerate(self.dm):
            out |= m << (d * self.N)
        return out

    def true(self, i: int) -> tuple[int, int, int]:
        """Consequences of candidate ``i`` being true."""
        got = self._true.get(i)
        if got is None:
            got = self.propagate(((i % self.N, i // self.N),), ())
            self._true[i] = got
            if self.level > 2:
                self.nested[i, True] = self._refuted
        return got

    def false(self, i: int) -> tuple[int, int, int]:
        """Consequences of candidate ``i`` being false."""
        got = self._false.get(i)
        if got is None:
            got = self.propagate((), (i,))
            self._false[i] = got
            if self.level > 2:
                self.nested[i, False] = self._refuted
        return got

    def propagate(self, places: tuple[tuple[int, int], ...],
                  removes: tuple[int, ...]) -> tuple[int, int, int]:
        """Place/remove, then apply singles (and, when nested, refutations) to a fixpoint.

        The nets of one assumption at levels 1 and 2 on a grid of up to 128 cells run in
        C (``accel9.net_propagate`` and ``net_propagate2``), step for step the loop of
        :meth:`reference`; level 3 is :meth:`_nested3`.
        """
        if self.level == 3:
            return self._nested3(places, removes)
        if self.level <= 2 and len(places) + len(removes) == 1:
            fast = self._c()
            if fast[0] is not None:
                c, d = places[0] if places else (-1, 0)
                if self.level == 1:
                    return accel9.net_propagate(fast[0], fast[1], c, d,
                                                 removes[0] if removes else -1)
                return accel9.net_propagate2(fast[0], fast[1], fast[2], c, d,
                                              removes[0] if removes else -1)
        return self.reference(places, removes)

    def _nested3(self, places: tuple[tuple[int, int], ...],
                 removes: tuple[int, ...]) -> tuple[int, int, int]:
        """Level 3 (Sudoku Explainer's nesting level 4, dynamic forcing chains inside): the
        level-2 net of the assumption, then, while it stands, the next candidate (in turn
        from the last one) whose own singles net breaks *in the state reached* goes, and
        level 2 propagates again from there.  ``_refuted`` keeps how many candidates went
        so and the singles their nets placed (the nested chains' length)."""
        n, N = self.n, self.N
        low = self.__dict__.get("_low")
        if low is None:
            low = Net(self.cands, self.dm, 2)
            self.__dict__["_low"] = low
        self._refuted = (0, 0)
        size, T, F = low.propagate(places, removes)
        if size == BROKEN:
            return size, T, F
        count, refuted, nested, start = size, 0, 0, 0
        present = self.present()
        full = (1 << N) - 1
        geo = _net_geometry(self.geo)
        while True:
            cur = present & ~T & ~F
            dm = [cur >> (d * N) & full for d in range(n)]
            hit, placed = -1, 0   # from the last one on, then round
            if geo is not None:
                hit, placed = accel9.net_first_broken(geo, _dm_bytes(dm), start)
            else:
                plain = Net(self.cands, dm, 1)
                order = list(bits(cur))
                k = bisect_left(order, start)
                for j in order[k:] + order[:k]:
                    got = plain.true(j)
                    if got[0] == BROKEN:
                        hit, placed = j, got[1]
                        break
            if hit < 0:
                return count, T, F
            refuted += 1
            nested += placed + 1
            self._refuted = (refuted, nested)
            size, t, f = low.within(dm).propagate((), (hit,))
            if size == BROKEN:
                return BROKEN, count + t, 0
            count += size
            T |= t
            F |= f | 1 << hit
            start = hit + 1

    def reference(self, places: tuple[tuple[int, int], ...],
                  removes: tuple[int, ...]) -> tuple[int, int, int]:
        """:meth:`propagate` in Python: the definition, for every level and grid size."""
        n, N = self.n, self.N
        dm = list(self.dm)
        peer = self.peer
        need = self.__dict__.get("_need")
        if need is None:   # the houses each digit still has to fill
            need = [tuple(hm for hm in self.geo.house_mask if m & hm) for m in self.dm]
            self.__dict__["_need"] = need
        placed = [0] * n
        queue = list(places)
        for i in removes:
            dm[i // N] &= ~(1 << (i % N))
        count = 0
        last = [-1] * n
        unsolved = self.unsolved
        refuted = [0, 0]
        self._refuted = (0, 0)
        while True:
            while queue:
                c, d = queue.pop()
                bit = 1 << c
                if not dm[d] & bit:
                    if placed[d] & bit:
                        continue
                    return BROKEN, count, 0
                placed[d] |= bit
                count += 1
                nb = ~bit
                for e in range(n):
                    dm[e] &= nb
                dm[d] &= ~peer[c]
                unsolved &= nb
            ones = twos = 0
            for m in dm:
                twos |= ones & m
                ones |= m
            if unsolved & ~ones:
                return BROKEN, count, 0
            single = ones & ~twos
            if single:
                for d in range(n):
                    s = dm[d] & single
                    while s:
                        low = s & -s
                        queue.append((low.bit_length() - 1, d))
                        s ^= low
                continue
            for d in range(n):
                m = dm[d]
                if m == last[d]:
                    continue
                last[d] = m
                pd = placed[d]
                for hm in need[d]:
                    x = m & hm
                    if not x:
                        if not pd & hm:
                            return BROKEN, count, 0
                    elif not x & (x - 1):
                        queue.append((x.bit_length() - 1, d))
            if queue:
                continue
            if self.level == 2 and unsolved and self._combine(dm, placed, queue):
                continue
            if self.level > 3 and unsolved:
                # every candidate refuted by a net of level 2 (at level 4; else one level
                # down) goes; each later one is judged in the state left by the earlier
                # refutations
                sub = Net(self.cands, list(dm), 2 if self.level == 4 else self.level - 1)
                hit = False
                for i in bits(sub.present()):
                    got = sub.true(i)
                    if got[0] == BROKEN:
                        dm[i // N] &= ~(1 << (i % N))
                        hit = True
                        refuted[0] += 1
                        refuted[1] += got[1]
                        self._refuted = (refuted[0], refuted[1])
                        sub = sub.within(list(dm))
                if hit:
                    continue
            break
        T = F = 0
        for d in range(n):
            T |= placed[d] << (d * N)
            F |= (self.dm[d] & ~dm[d] & ~placed[d]) << (d * N)
        return count, T, F


_GEOMETRIES: dict[Geometry, Any] = {}


def _dm_bytes(dm: list[int]) -> bytes:
    """Digit masks as the C nets read them: 16 little-endian bytes each."""
    return b"".join(m.to_bytes(16, "little") for m in dm)


def _net_geometry(geo: Geometry) -> Any:
    """The C form of a grid's peers and houses for ``net_propagate`` (None when the grid
    is too large for it), made once per geometry."""
    if geo in _GEOMETRIES:
        return _GEOMETRIES[geo]
    made = None
    if geo.ncells <= 128 and geo.n <= 16 and len(geo.house_mask) <= 128:
        made = accel9.net_geometry(
            geo.n, geo.ncells, b"".join(m.to_bytes(16, "little") for m in geo.peer_mask),
            b"".join(m.to_bytes(16, "little") for m in geo.house_mask))
    if len(_GEOMETRIES) > 64:
        _GEOMETRIES.clear()
    _GEOMETRIES[geo] = made
    return made


def explain_net(cands: Candidates, place: tuple[int, int] | None, remove: int | None,
                ) -> tuple[list[tuple[int, int, str, int]], str]:
    """Re-run a singles propagation recording why each placement happened.

    Returns the placements needed for the outcome, in order, as ``(cell, digit, kind,
    where)`` (kind ``naked`` / ``hidden`` with the house index as ``where``), and the
    outcome: ``cell:<c>`` (no candidate left), ``house:<h>:<d>`` (no place for a digit),
    ``clash:<c>:<d>`` (a single needs a digit the cell no longer allows) or ``ok``.

    >>> from shudu import Grid
    >>> c = Candidates.from_grid(Grid("12345678." + "." * 72))
    >>> explain_net(c, (8, 0), None)[1]       # r1c9 = 1 clashes with r1c1 = 1
    'clash:8:1'
    >>> explain_net(c, (8, 0), None) == explain_net_reference(c, (8, 0), None)
    True

    The C core tells the story where it holds the grid (up to 128 cells and 16
    digits); :func:`explain_net_reference` is its definition, run for larger grids.
    """
    made = _net_geometry(cands.geo)
    if made is None:
        return explain_net_reference(cands, place, remove)
    events, outcome, at, digit = accel9.net_explain(
        made, _dm_bytes(cands.digit_mask), -1 if place is None else place[0],
        0 if place is None else place[1], -1 if remove is None else remove)
    kinds = ("assume", "naked", "hidden")
    story = [(c, d, kinds[k], where) for c, d, k, where in events]
    if outcome == 0:
        return story, "ok"
    return story, (f"cell:{at}", f"house:{at}:{digit}", f"clash:{at}:{digit}")[outcome - 1]


def explain_net_reference(cands: Candidates, place: tuple[int, int] | None,
                          remove: int | None) -> tuple[list[tuple[int, int, str, int]], str]:
    """:func:`explain_net` in Python, step by step: the definition the C core follows.

    >>> from shudu import Grid
    >>> c = Candidates.from_grid(Grid("12345678." + "." * 72))
    >>> explain_net_reference(c, None, 8 * 81 + 8)   # r1c9 without 9 is left empty
    ([], 'cell:8')
    """
    geo = cands.geo
    n, N = geo.n, geo.ncells
    dm = list(cands.digit_mask)
    orig = list(dm)
    cause: dict[int, int] = {}       # eliminated candidate -> index of the placement
    events: list[tuple[int, int, str, int]] = []
    deps: list[set[int]] = []
    queue: list[tuple[int, int, str, int, set[int]]] = []
    if place is not None:
        queue.append((place[0], place[1], "assume", -1, set()))
    if remove is not None:
        dm[remove // N] &= ~(1 << (remove % N))
        cause[remove] = -1
    outcome = "ok"
    out_deps: set[int] = set()
    placed = [0] * n
    orig_any = 0
    for m in orig:
        orig_any |= m

    def why(cands_idx: list[int]) -> set[int]:
        return {cause[i] for i in cands_idx if cause.get(i, -1) >= 0}

    while True:
        while queue and outcome == "ok":
            c, d, kind, where, dep = queue.pop(0)
            bit = 1 << c
            if not dm[d] & bit:
                if placed[d] & bit:
                    continue
                outcome = f"cell:{c}" if not any(m >> c & 1 for m in dm) else f"clash:{c}:{d + 1}"
                out_deps = dep | why([d * N + c])
                events.append((c, d + 1, kind, where))
                deps.append(dep)
                break
            k = len(events)
            events.append((c, d + 1, kind, where))
            deps.append(dep)
            placed[d] |= bit
            for e in range(n):
                if dm[e] & bit and e != d:
                    cause.setdefault(e * N + c, k)
                dm[e] &= ~bit
            hit = dm[d] & geo.peer_mask[c]
            for p in bits(hit):
                cause.setdefault(d * N + p, k)
            dm[d] &= ~hit
        if outcome != "ok":
            break
        found = False
        # the first open cell (had a candidate, nothing placed) with at most one left
        once = twice = done = 0
        for e in range(n):
            twice |= once & dm[e]
            once |= dm[e]
            done |= placed[e]
        low_cells = orig_any & ~done & ~twice
        if low_cells:
            c = (low_cells & -low_cells).bit_length() - 1
            gone = [e * N + c for e in range(n) if orig[e] >> c & 1 and not dm[e] >> c & 1]
            if not once >> c & 1:
                outcome, out_deps = f"cell:{c}", why(gone)
                break
            digit = next(e for e in range(n) if dm[e] >> c & 1)
            queue.append((c, digit, "naked", -1, why(gone)))
            continue
        for h, hm in enumerate(geo.house_mask):
            for d in range(n):
                if not orig[d] & hm or placed[d] & hm:
                    continue
                x = dm[d] & hm
                if x & (x - 1):
                    continue
                gone = [d * N + c for c in bits(orig[d] & hm & ~x)]
                if not x:
                    outcome, out_deps = f"house:{h}:{d + 1}", why(gone)
                    break
                if not x & (x - 1):
                    queue.append((x.bit_length() - 1, d, "hidden", h, why(gone)))
                    found = True
                    break
            if found or outcome != "ok":
                break
        if not found:
            break
    if outcome == "ok":
        return events, outcome
    need: set[int] = set()
    todo = list(out_deps)
    if outcome.startswith("clash"):
        todo.append(len(events) - 1)
    while todo:
        k = todo.pop()
        if k in need or k < 0:
            continue
        need.add(k)
        todo.extend(deps[k])
    keep = [events[k] for k in sorted(need)]
    if events and events[0][2] == "assume" and (not keep or keep[0] != events[0]):
        keep.insert(0, events[0])
    return keep, outcome


# ---------------------------------------------------------------------- static chains
def _static_contradictions(cands: Candidates) -> Iterator[tuple[int, Step]]:
    g = graph(cands, "full")
    N = g.N
    clash_true, clash_false = g.clashes()
    for a in bits(clash_true | clash_false):
        for truth in (1, 0):
            if not (clash_true if truth else clash_false) >> a & 1:
                continue
            T, F = g.closure_true(a) if truth else g.closure_false(a)
            clash = T & F
            best = None
            for y in bits(clash):
                if y == a:
                    continue
                p1 = g.path(2 * a + truth, 2 * y + 1)
                p2 = g.path(2 * a + truth, 2 * y)
                if p1 is None or p2 is None:
                    continue
                size = len(p1) + len(p2) - 2
                if best is None or size < best[0]:
                    best = (size, p1, p2, y)
            if best is None:
                continue
            size, p1, p2, y = best
            cell, digit = a % N, a // N + 1
            links = (lit_links(g, p1), lit_links(g, p2))
            kw: dict[str, object] = {}
            if truth:
                kw["eliminations"] = ((cell, digit),)
            else:
                kw["placements"] = ((cell, digit),)
            yield size, Step(
                "forcing-chain-contradiction", digits=(digit,), cells={"start": (cell,)},
                candidates={"start": ((cell, digit),), "clash": ((y % N, y // N + 1),)},
                links=links[0] + links[1], size=g.n,
                extra={"length": size, "assume": bool(truth), "split": len(p1) - 1,
                       "difficulty": _difficulty("forcing-chain-contradiction", size)},
                **kw)  # type: ignore[arg-type]


def _difficulty(key: str, size: int) -> float:
    return round(BASE[key] + length_bonus(size), 1)


class _Last(TypedDict, total=False):
    """The forcing chains found last: the state's rules and digit masks, and the chains
    with the nodes each one uses."""

    state: tuple[Rules, tuple[int, ...]]
    steps: list[tuple[int, Step]]


_FC_LAST: _Last = {}


def _universal(cands: Candidates) -> int:
    out = 0
    N = cands.geo.ncells
    for d, m in enumerate(cands.digit_mask):
        out |= m << (d * N)
    return out


def _step_nodes(step: Step, n: int) -> int:
    N = n * n
    out = 0
    for lk in step.links:
        for nd in (lk.a, lk.b):
            out |= 1 << ((nd.digit - 1) * N + nd.cells[0])
    return out


def find_forcing_chain_contradiction(cands: Candidates) -> Iterator[Step]:
    """Candidates whose assumption (true or false) implies a candidate both true and
    false along chains of single implications; shortest first.

    Chains found in an earlier state stay valid in a later one (fewer candidates) as
    long as all their candidates remain, so those are handed out first without a new
    search.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("9.....561..6.1.79371..962486...21479....."
    ...                   "...5....4...642..586175.71.2..4..1....52")
    >>> next(find_forcing_chain_contradiction(c)).notation()
    'Forcing Chain Contradiction: r1c3=3 => contradiction => r1c3<>3'
    """
    present = _universal(cands)
    last = _FC_LAST.get("state")
    if isinstance(last, tuple) and last[0] == cands.rules and all(
            new & ~old == 0 for new, old in zip(cands.digit_mask, last[1])):
        for nodes, step in _FC_LAST.get("steps", []):
            if nodes & ~present == 0:
                yield step
    found = list(_static_contradictions(cands))
    found.sort(key=lambda t: t[0])
    _FC_LAST["state"] = (cands.rules, tuple(cands.digit_mask))
    _FC_LAST["steps"] = [(_step_nodes(s, cands.geo.n), s) for _, s in found]
    for _, s in found:
        yield s


def _verity_sets(cands: Candidates) -> Iterator[tuple[str, int, int]]:
    """Sets of candidates of which one must be true, as bitsets of universal indices
    (``(digit - 1) * cells + cell``): cells, then houses per digit, then the guardians
    of each tridagon (``where`` is then its index in :func:`~.tridagon.guardian_sets`)."""
    from .tridagon import guardian_sets

    geo = cands.geo
    N = geo.ncells
    at_cell = cell_columns(geo.n, N)
    present = _universal(cands)
    for cell, m in enumerate(cands.cell_mask):
        if m and m & (m - 1):
            yield "cell", cell, at_cell[cell] & present
    for h, hm in enumerate(geo.house_mask):
        for d in range(geo.n):
            x = cands.digit_mask[d] & hm
            if x and x & (x - 1):
                yield "house", h, x << (d * N)
    for k, (_, group) in enumerate(guardian_sets(cands)):
        if len(group) > 1:
            yield "tridagon", k, sum(1 << i for i in group)


def _verity_groups(cands: Candidates) -> Iterator[tuple[str, int, list[int]]]:
    """:func:`_verity_sets` with each set as a list of its indices, ascending."""
    for kind, where, members in _verity_sets(cands):
        yield kind, where, list(bits(members))


def _trio_extra(cands: Candidates, kind: str, where: int) -> dict[str, str]:
    """The digits of the tridagon behind a "tridagon" branch set, for the words."""
    if kind != "tridagon":
        return {}
    from .tridagon import guardian_sets

    return {"trio": ",".join(map(str, guardian_sets(cands)[where][0]))}


def _trio(step: Step) -> tuple[int, ...]:
    """The three digits of the tridagon a "tridagon" branch set comes from."""
    return tuple(int(d) for d in str(step.get("trio", "")).split(",") if d)


def find_forcing_chain_verity(cands: Candidates) -> Iterator[Step]:
    """Cell or house forcing chains: every branch implies the same candidate true or
    false, along chains of single implications.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("9.....561..6.1.79371..962486...21479....."
    ...                   "...5....4...642..586175.71.2..4..1....52")
    >>> next(find_forcing_chain_verity(c)).notation()
    'Forcing Chain Verity: r2c1=2 | r2c1=8 => r1c4<>3'
    """
    g = graph(cands, "full")
    N = g.N
    todo: list[tuple[int, int, str, int, list[int], int, int]] = []
    groups = list(_verity_sets(cands))
    for order, T, F in g.verity(members for _, _, members in groups):
        kind, where, members = groups[order]
        branch = list(bits(members))
        for y in bits(T):
            todo.append((len(branch), order, kind, where, branch, y, 1))
        for y in bits(F):
            todo.append((len(branch), order, kind, where, branch, y, 0))
    # fewest branches first; the chains are only traced for the steps handed out
    todo.sort(key=lambda t: (t[0], t[1]))
    seen: set[tuple[int, int]] = set()
    for _, _, kind, where, branch, y, truth in todo:
        if (y, truth) in seen:
            continue
        paths = [g.path(2 * i + 1, 2 * y + truth) for i in branch]
        if any(p is None for p in paths):
            continue
        seen.add((y, truth))
        size = sum(len(p) - 1 for p in paths if p)
        links: tuple[Link, ...] = ()
        for p in paths:
            links += lit_links(g, p) if p and len(p) > 1 else ()
        cell, digit = y % N, y // N + 1
        kw: dict[str, object] = ({"placements": ((cell, digit),)} if truth
                                 else {"eliminations": ((cell, digit),)})
        yield Step(
            "forcing-chain-verity", digits=(digit,),
            cells={"cell": (where,)} if kind == "cell" else None,
            houses={"house": (where,)} if kind == "house" else None,
            candidates={"branch": tuple((i % N, i // N + 1) for i in branch)},
            links=links, size=g.n,
            extra={"length": size, "kind": kind, "branches": len(branch),
                   "lengths": ",".join(str(len(p) - 1) for p in paths if p),
                   "difficulty": _difficulty("forcing-chain-verity", size),
                   **_trio_extra(cands, kind, where)},
            **kw)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- nets
def _net_step(key: str, cands: Candidates, net: Net, i: int, truth: bool, size: int,
              level: int) -> Step:
    N = net.N
    cell, digit = i % N, i // N + 1
    kw: dict[str, object] = ({"eliminations": ((cell, digit),)} if truth
                             else {"placements": ((cell, digit),)})
    refuted, nested = net.nested.get((i, truth), (0, 0))
    return Step(key, digits=(digit,), cells={"start": (cell,)},
                candidates={"start": ((cell, digit),)}, size=net.n,
                extra={"length": size, "assume": truth, "level": level, "mode": "contradiction",
                       "refuted": refuted, "nested": nested, "state": cands.copy(),
                       "difficulty": _difficulty(key, size) + (level - 1) * 0.5},
                **kw)  # type: ignore[arg-type]


def _contradictions(cands: Candidates, key: str, level: int) -> Iterator[Step]:
    net = Net.of(cands, level)
    found: list[tuple[int, int, bool]] = []
    present = net.present()
    known = [(_broken_size(net, i, True), i, True) for i, res in net._true.items()
             if present >> i & 1 and res[0] == BROKEN]
    known += [(_broken_size(net, i, False), i, False) for i, res in net._false.items()
              if present >> i & 1 and res[0] == BROKEN]
    if known:
        known.sort()
        for size, i, truth in known:
            yield _net_step(key, cands, net, i, truth, size, level)
    for i in bits(net.present()):
        size = net.true(i)[0]
        if size == BROKEN:
            found.append((_broken_size(net, i, True), i, True))
    if not found:
        for i in bits(net.present()):
            if net.false(i)[0] == BROKEN:
                found.append((_broken_size(net, i, False), i, False))
    found.sort()
    for size, i, truth in found:
        yield _net_step(key, cands, net, i, truth, size, level)


def _broken_size(net: Net, i: int, truth: bool) -> int:
    """How many singles the propagation placed before breaking and, at level 3, a
    :data:`NESTED_SHARE` of those its nested nets placed: the length of the step."""
    return ((net.true(i) if truth else net.false(i))[1]
            + (net.nested.get((i, truth), (0, 0))[1] // NESTED_SHARE if net.level == 3 else 0))


NESTED_SHARE = 3
"""A level-3 step's length counts one in this many of the singles its nested nets placed.
Sudoku Explainer adds to a nested chain's length the length of each chain nested in it,
counting only the candidates that lead to that chain's contradiction, fewer than a net
places: one in three is what best matches SE's ratings of the published hardest puzzles
(``se_ratings_hardest.tsv``; the agreement is in ``benchmarks/RESULTS.md``)."""


def find_forcing_net_contradiction(cands: Candidates) -> Iterator[Step]:
    """Assuming a candidate true (or false) and applying singles breaks the grid, so the
    opposite holds; smallest nets first.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("9.....561..6.1.79371..962486...21479....."
    ...                   "...5....4...642..586175.71.2..4..1....52")
    >>> next(find_forcing_net_contradiction(c)).notation()
    'Forcing Net Contradiction: r5c2=8 => contradiction => r5c2<>8'
    """
    return _contradictions(cands, "forcing-net-contradiction", 1)


def _verities(cands: Candidates, key: str, level: int) -> Iterator[Step]:
    net = Net.of(cands, level)
    N = net.N
    present = net.present()
    found: list[tuple[int, Step]] = []
    seen: set[tuple[int, int]] = set()
    groups = list(_verity_groups(cands))
    for i in bits(present):
        groups.append(("both", i, [i]))
    for kind, where, branch in groups:
        T = F = -1
        total = 0
        results = ([net.true(branch[0]), net.false(branch[0])] if kind == "both"
                   else [net.true(i) for i in branch])
        for size, t, f in results:
            if size == BROKEN:
                continue
            T &= t
            F &= f
            total += size
        if T == -1:
            continue
        bset = sum(1 << i for i in branch)
        T &= ~bset & present
        F &= ~bset & present
        out = [(y, 1) for y in bits(T)] + [(y, 0) for y in bits(F)]
        out = [x for x in out if x not in seen]
        if not out:
            continue
        seen.update(out)
        placements = tuple((y % N, y // N + 1) for y, t in out if t)
        eliminations = tuple((y % N, y // N + 1) for y, t in out if not t)
        found.append((total, Step(
            key, placements=placements, eliminations=eliminations if not placements else (),
            digits=sorted({i // N + 1 for i in branch}),
            cells={"cell": (where,)} if kind == "cell" else None,
            houses={"house": (where,)} if kind == "house" else None,
            candidates={"branch": tuple((i % N, i // N + 1) for i in branch)}, size=net.n,
            extra={"length": total, "kind": kind, "level": level, "mode": "verity",
                   "difficulty": _difficulty(key, total) + (level - 1) * 0.5,
                   **_trio_extra(cands, kind, where)})))
    found.sort(key=lambda t: t[0])
    for _, s in found:
        yield s


def find_forcing_net_verity(cands: Candidates) -> Iterator[Step]:
    """Cell, house or candidate forcing nets: every branch, propagated with singles,
    proves the same candidate true or false.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("9.....561..6.1.79371..962486...21479....."
    ...                   "...5....4...642..586175.71.2..4..1....52")
    >>> next(find_forcing_net_verity(c)).notation()
    'Forcing Net Verity: r1c2=3 | r1c2=4 | r1c2=8 => r5c3=4'
    """
    return _verities(cands, "forcing-net-verity", 1)


def find_nested_forcing_net(cands: Candidates) -> Iterator[Step]:
    """Forcing nets whose propagation also removes candidates refuted by a plain net,
    nesting deeper until something is found (always, on a puzzle with one solution).

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("9.....561..6.1.79371..962486...21479....."
    ...                   "...5....4...642..586175.71.2..4..1....52")
    >>> next(find_nested_forcing_net(c)).notation()
    'Nested Forcing Net: r5c2=8 => contradiction => r5c2<>8'
    """
    if cands.is_broken():
        return
    for level in range(2, 8):
        produced = False
        for step in _contradictions(cands, "nested-forcing-net", level):
            produced = True
            yield step
        if produced:
            return
        for step in _verities(cands, "nested-forcing-net", level):
            produced = True
            yield step
        if produced:
            return


# ---------------------------------------------------------------------- renderers
def _cand(cell: int, digit: int, n: int) -> str:
    return f"{cells_text([cell], n)}={digit}"


def _where(step: Step, lang: str) -> str:
    n = step.size
    if step.role_candidates("start"):
        cell, digit = step.role_candidates("start")[0]
        name = cells_text([cell], n)
        if lang == "zh":
            return f"假设 {name} {'是' if step.get('assume') else '不是'} {digit}，看看会推出什么。"
        return (f"Suppose {name} {'is' if step.get('assume') else 'is not'} {digit} and "
                f"follow the consequences.")
    kind = step.get("kind")
    if kind == "cell":
        cell = step.role_cells("cell")[0]
        name = cells_text([cell], n)
        if lang == "zh":
            return f"依次假设 {name} 的每个候选数，看看它们共同推出什么。"
        return f"Try each candidate of {name} in turn and see what they all imply."
    if kind == "house":
        house = house_text(step, step.role_houses("house")[0], lang)
        digit = step.role_candidates("branch")[0][1]
        if lang == "zh":
            return f"依次把 {digit} 放在{house}中每个可能的位置，看看它们共同推出什么。"
        return f"Put {digit} in each of its places in {house} in turn and see what they all imply."
    if kind == "tridagon":
        options = ", ".join(_cand(c, d, n) for c, d in step.role_candidates("branch"))
        trio = ("、" if lang == "zh" else "/").join(map(str, _trio(step)))
        if lang == "zh":
            return (f"数字 {trio} 构成一个三叉戟（Tridagon），它的守卫格中必有一个填别的数字："
                    f"{options} 中至少一个成立。依次假设每一个，看看它们共同推出什么。")
        return (f"The digits {trio} form a Tridagon, so one of its guardians holds another "
                f"digit: one of {options} is true. Try each in turn and see what they all "
                f"imply.")
    cell, digit = step.role_candidates("branch")[0]
    name = cells_text([cell], n)
    if lang == "zh":
        return f"分别假设 {name} 是 {digit} 和不是 {digit}，看看两种情况共同推出什么。"
    return f"Suppose {name} is {digit}, then that it is not, and see what both imply."


def _chain_parts(step: Step) -> list[tuple[Link, ...]]:
    """Split a step's links into its branches (each branch starts at a new literal)."""
    parts: list[list[Link]] = []
    for lk in step.links:
        if parts and parts[-1][-1].b == lk.a:
            parts[-1].append(lk)
        else:
            parts.append([lk])
    return [tuple(p) for p in parts]


def _explain_chain_contradiction(step: Step, lang: str) -> str:
    n = step.size
    cell = step.role_candidates("start")[0][0]
    ycell, ydigit = step.role_candidates("clash")[0]
    split = step.get("split")
    first, second = step.links[:split], step.links[split:]
    if not first or not second:   # the chain comes back to the assumption's negation
        only = chain_sentence(first or second, n, lang)
        result = result_text(step, lang)
        if lang == "zh":
            return f"{only}：与假设矛盾，所以假设错误：{result}。"
        return f"{only}, against the assumption; so it is wrong: {result}."
    s1 = chain_sentence(first, n, lang)
    s2 = chain_sentence(second, n, lang)
    y = cells_text([ycell], n)
    name = cells_text([cell], n)
    result = result_text(step, lang)
    if lang == "zh":
        return (f"{s1}；另一方面，{s2}。{y} 不可能既是 {ydigit} 又不是 {ydigit}，"
                f"所以假设错误：{result}。")
    return (f"{s1}; but also {s2[0].lower() + s2[1:]}. {y} cannot both be and not be "
            f"{ydigit}, so the assumption about {name} is wrong: {result}.")


def _explain_chain_verity(step: Step, lang: str) -> str:
    n = step.size
    parts = _chain_parts(step)
    sentences = [chain_sentence(p, n, lang) for p in parts]
    result = result_text(step, lang)
    intro = _where(step, lang)
    if not sentences:   # SE's multiple chains carry their cases, not their links
        if lang == "zh":
            return f"{intro}无论哪种情况结论都相同，所以{result}。"
        return f"{intro} Every case leads to the same conclusion, so {result}."
    if lang == "zh":
        return f"{intro} " + "；".join(sentences) + f"。无论哪种情况结论都相同，所以{result}。"
    sentences[1:] = [s[:1].lower() + s[1:] for s in sentences[1:]]
    return (f"{intro} " + "; ".join(sentences) +
            f". Every case leads to the same conclusion, so {result}.")


def _events_text(events: list[tuple[int, int, str, int]], step: Step, lang: str) -> str:
    n = step.size
    out = []
    for cell, digit, kind, where in events:
        if kind == "assume":
            continue
        name = _cand(cell, digit, n)
        if kind == "hidden":
            house = house_text(step, where, lang)
            out.append(f"{name}（{house}的隐性唯一）" if lang == "zh"
                       else f"{name} (hidden single in {house})")
        else:
            out.append(f"{name}（唯一余数）" if lang == "zh" else f"{name} (naked single)")
    if len(out) > 14:
        more = len(out) - 12
        out = [*out[:12], f"……另外 {more} 步" if lang == "zh" else f"... {more} more"]
    return "、".join(out) if lang == "zh" else ", ".join(out)


def _outcome_text(outcome: str, step: Step, lang: str) -> str:
    parts = outcome.split(":")
    n = step.size
    if parts[0] == "clash":
        name, d = cells_text([int(parts[1])], n), parts[2]
        return (f"{name} 必须是 {d}，但 {d} 已经不能放在那里" if lang == "zh"
                else f"{name} would have to be {d}, which is no longer possible there")
    if parts[0] == "cell":
        name = cells_text([int(parts[1])], n)
        return f"{name} 没有候选数了" if lang == "zh" else f"{name} has no candidate left"
    house = house_text(step, int(parts[1]), lang)
    return (f"{house}中没有地方放 {parts[2]} 了" if lang == "zh"
            else f"{parts[2]} has no place left in {house}")


def _explain_net(step: Step, lang: str) -> str:
    n = step.size
    result = result_text(step, lang)
    if step.get("mode") == "contradiction":
        cell, digit = step.role_candidates("start")[0]
        name = cells_text([cell], n)
        truth = step.get("assume")
        level = step.get("level", 1)
        if level == 1:
            idx = (digit - 1) * n * n + cell
            events, outcome = explain_net(step.get("state"), (cell, digit - 1) if truth else None,
                                          None if truth else idx)
            chain = _events_text(events, step, lang)
            broken = _outcome_text(outcome, step, lang) if outcome != "ok" else ""
        else:
            chain, broken = "", ""
        verb_en = "is" if truth else "is not"
        verb_zh = "是" if truth else "不是"
        if broken:
            if lang == "zh":
                follow = f"用唯一数推下去：{chain}，结果" if chain else "那么"
                return f"假设 {name} {verb_zh} {digit}，{follow}{broken}，矛盾。所以{result}。"
            follow = f"Singles follow: {chain}; then {broken}" if chain else (
                f"Then {broken}")
            return (f"Suppose {name} {verb_en} {digit}. {follow}, a contradiction. "
                    f"So {result}.")
        if lang == "zh":
            return (f"假设 {name} {verb_zh} {digit}，用唯一数和{level - 1}层嵌套的强制网推下去会"
                    f"出现矛盾，所以{result}。")
        return (f"Suppose {name} {verb_en} {digit}. Singles, together with forcing nets nested "
                f"{level - 1} deep, lead to a contradiction. So {result}.")
    intro = _where(step, lang)
    if lang == "zh":
        return f"{intro} 每种情况用唯一数推下去都得到同样的结论，所以{result}。"
    return f"{intro} Propagating singles in every case gives the same conclusion, so {result}."


def _notation(step: Step) -> str:
    name = step.info.name
    n = step.size
    res = result_text(step, "en")
    res = (", ".join(f"{cells_text([c], n)}={d}" for c, d in step.placements) if
           step.placements else ", ".join(f"{cells_text([c], n)}<>{d}"
                                          for c, d in step.eliminations))
    if step.role_candidates("start"):
        cell, digit = step.role_candidates("start")[0]
        sign = "=" if step.get("assume") else "<>"
        return f"{name}: {cells_text([cell], n)}{sign}{digit} => contradiction => {res}"
    branch = step.role_candidates("branch")
    kind = step.get("kind")
    if kind == "both":
        c, d = branch[0]
        return f"{name}: {cells_text([c], n)}={d} / {cells_text([c], n)}<>{d} => {res}"
    what = " | ".join(_cand(c, d, n) for c, d in branch)
    return f"{name}: {what} => {res}"


register(Technique.of("forcing-chain-contradiction", find_forcing_chain_contradiction, _where,
                      _explain_chain_contradiction, _notation, weigh=forcing_weight))
register(Technique.of("forcing-chain-verity", find_forcing_chain_verity, _where,
                      _explain_chain_verity, _notation, weigh=forcing_weight))
register(Technique.of("forcing-net-contradiction", find_forcing_net_contradiction, _where,
                      _explain_net, _notation, weigh=forcing_weight))
register(Technique.of("forcing-net-verity", find_forcing_net_verity, _where, _explain_net,
                      _notation, aliases=("forcing nez verity",), weigh=forcing_weight))
register(Technique.of("nested-forcing-net", find_nested_forcing_net, _where, _explain_net,
                      _notation, weigh=forcing_weight))
