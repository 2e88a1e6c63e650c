"""Multiple and dynamic forcing chains as Sudoku Explainer finds and weighs them (its
rules after Nishio: multiple forcing chains 8.0, dynamic forcing chains 8.5, plus the
length bonus).

A chain run assumes one candidate true (or false) and follows SE's implications on all
digits: a true candidate removes the cell's other candidates and the digit from its
peers; a false one makes the other candidate of a bivalue cell, or the other place of a
digit with two places in a house, true.  A *dynamic* run removes each false candidate
from the grid as it goes (so cells and houses count the places already removed, which
join the reasons); a static one reads the grid as it was.  From the runs, SE draws its
conclusions cell by cell (row by row), digits up:

- a contradiction (dynamic only): the candidate assumed true, or false, reaches a
  potential both true and false;
- a double implication (dynamic, cells of three candidates or more): the candidate true
  and the candidate false imply the same;
- a region forcing: every place of the digit in a house (box, row, column) implies the
  same;
- a cell forcing: every candidate of the cell implies the same.

The static search takes cells of three candidates or more only (a bivalue cell's chains
are the ordinary chains).  A conclusion's *complexity* is the number of ancestors of
each chain's end (each run counted on its own); SE takes the lowest rating, then the
lowest complexity, then by kind (double, cell, region, contradiction), then as found.
The C core (``sechain9``) makes the conclusions; :func:`_hints` is its reference.

>>> from shudu.logic.weighed import Walk
>>> walk = Walk.of(DOC_PUZZLE, stop_above=7.9)   # SE rates it 8.3
>>> _ = list(walk)
>>> table = chain_table(walk.state, dynamic=False)
>>> table[0][:3]   # rating, complexity, sort key (a region forcing)
(8.3, 12, 6)
>>> chain_step(walk.state, False, table[0]).notation()
'Forcing Chain Verity: r2c4=3 | r2c5=3 | r3c5=3 => r6c5<>3'
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from functools import cache
from itertools import pairwise

from ....values.candidates import Candidates, bits
from ...accel9 import sechain9
from ...step import Link, Node, Step
from ..table import length_bonus

__all__ = ["CELL", "CONTRA_OFF", "CONTRA_ON", "DOUBLE", "REGION", "SORT_KEY", "Hint",
           "chain_step", "chain_table", "rating", "table_moves"]

CONTRA_ON, CONTRA_OFF, DOUBLE, REGION, CELL = range(5)
"""Kinds of conclusion (as sechain9.h numbers them)."""

SORT_KEY = (7, 7, 1, 6, 5)
"""SE's sort key of each kind, after the rating and the complexity."""

BASE = {False: 8.0, True: 8.5}
"""SE's base rating of multiple (static) and dynamic forcing chains."""

DOC_PUZZLE = ("...1.6.24.7.....582..5.8.97.8..9...2.1.......6..8.5......9.....849..7..6.5"
              ".......")
"""A puzzle whose hardest step is a static multiple forcing chain (for the examples)."""

Hint = tuple[int, int, int, int]
"""(complexity, kind, source, target): source is ``digit * 81 + cell`` (0-based digit)
of the assumption, ``house * 9 + digit`` of a region or the cell of a cell forcing; the
target a potential key ``2 * (digit * 81 + cell) + on``."""

Row = tuple[float, int, int, int, int, int]
"""(rating, complexity, sort key, kind, source, target)."""

_ROW = [c // 9 for c in range(81)]
_COL = [c % 9 for c in range(81)]
_BOX = [(c // 27) * 3 + (c % 9) // 3 for c in range(81)]
_HOUSE_CELLS = [[c for c in range(81) if _ROW[c] == h] for h in range(9)]
_HOUSE_CELLS += [[c for c in range(81) if _COL[c] == h] for h in range(9)]
_HOUSE_CELLS += [[c for c in range(81) if _BOX[c] == h] for h in range(9)]
_HOUSES = [(18 + _BOX[c], _ROW[c], 9 + _COL[c]) for c in range(81)]   # SE's order


def _key(cell: int, d: int, on: int) -> int:
    return 2 * (d * 81 + cell) + on


@dataclass
class Run:
    """What a run from ``start`` reached: each potential's ancestors (a bitset over the
    potential keys, itself included), in the order met, its first parent, and the
    clash that stopped it as ``(on key, its ancestors, off key, its ancestors)``."""

    start: int
    on: dict[int, int] = field(default_factory=dict)
    off: dict[int, int] = field(default_factory=dict)
    par: dict[int, int] = field(default_factory=dict)
    absurd: tuple[int, int, int, int] | None = None


def _run(cm0: list[int], start: int, dynamic: bool) -> Run:
    """SE's ``doChaining`` from one assumption (the C core's ``run``)."""
    cm = list(cm0)
    r = Run(start)
    (r.on if start & 1 else r.off)[start] = 1 << start
    pend_on = list(r.on)
    pend_off = list(r.off)
    i_on = i_off = 0
    while i_on < len(pend_on) or i_off < len(pend_off):
        if i_on < len(pend_on):
            k = pend_on[i_on]
            i_on += 1
            a = r.on[k]
            cell, d = (k >> 1) % 81, (k >> 1) // 81
            made = [_key(cell, v, 0) for v in bits(cm[cell]) if v != d]
            for h in _HOUSES[cell]:
                for x in _HOUSE_CELLS[h]:
                    kk = _key(x, d, 0)
                    if x != cell and cm[x] >> d & 1 and kk not in made:
                        made.append(kk)
            for kk in made:
                if kk + 1 in r.on:
                    r.par.setdefault(kk, k)
                    r.absurd = (kk + 1, r.on[kk + 1], kk, a | 1 << kk)
                    return r
                if kk not in r.off:
                    r.off[kk] = a | 1 << kk
                    r.par[kk] = k
                    pend_off.append(kk)
            continue
        k = pend_off[i_off]
        i_off += 1
        a = r.off[k]
        cell, d = (k >> 1) % 81, (k >> 1) // 81
        got: list[tuple[int, int]] = []
        m = cm[cell]
        rest = m & ~(1 << d)
        if m.bit_count() == 2 and rest:
            kk = _key(cell, rest.bit_length() - 1, 1)
            anc = a | 1 << kk
            for g in bits(cm0[cell] & ~m):
                anc |= r.off.get(_key(cell, g, 0), 0)
            got.append((kk, anc))
        for h in _HOUSES[cell]:
            places = [x for x in _HOUSE_CELLS[h] if cm[x] >> d & 1]
            if len(places) != 2:
                continue
            other = places[0] if places[1] == cell else places[1]
            kk = _key(other, d, 1)
            if any(kk == o for o, _ in got):
                continue
            anc = a | 1 << kk
            for x in _HOUSE_CELLS[h]:
                if cm0[x] >> d & 1 and not cm[x] >> d & 1:
                    anc |= r.off.get(_key(x, d, 0), 0)
            got.append((kk, anc))
        if dynamic:
            cm[cell] &= ~(1 << d)
        for kk, anc in got:
            if kk - 1 in r.off:
                r.par.setdefault(kk, k)
                r.absurd = (kk, anc, kk - 1, r.off[kk - 1])
                return r
            if kk not in r.on:
                r.on[kk] = anc
                r.par[kk] = k
                pend_on.append(kk)
    return r


def _removes(cm0: list[int], k: int) -> bool:
    """Whether a target removes anything (an "on" one: its cell has other candidates)."""
    return not k & 1 or bool(cm0[(k >> 1) % 81] & ~(1 << (k >> 1) // 81))


def _common(cm0: list[int], runs: list[Run], kind: int, source: int) -> list[Hint]:
    """The potentials every run reached, in the first run's order ("on", then "off")."""
    out: list[Hint] = []
    for first, pick in ((runs[0].on, lambda r: r.on), (runs[0].off, lambda r: r.off)):
        for k in first:
            found = [pick(r).get(k) for r in runs]
            if all(found) and _removes(cm0, k):
                out.append((sum(a.bit_count() for a in found if a), kind, source, k))
    return out


def _hints(cands: Candidates, dynamic: bool) -> list[Hint]:
    """Every conclusion of a classic 9x9 state in the order SE finds them: the Python
    reference of the C core (:func:`chain_table`).

    >>> from shudu.logic.weighed import Walk
    >>> walk = Walk.of(DOC_PUZZLE, stop_above=7.9)
    >>> _ = list(walk)
    >>> _hints(walk.state, True) == _c_hints(walk.state, True)
    True
    """
    cm0 = list(cands.cell_mask)
    out: list[Hint] = []
    on_runs: dict[int, Run] = {}

    def on_run(cell: int, d: int) -> Run:
        if d * 81 + cell not in on_runs:
            on_runs[d * 81 + cell] = _run(cm0, _key(cell, d, 1), dynamic)
        return on_runs[d * 81 + cell]

    for cell in range(81):
        m = cm0[cell]
        card = m.bit_count()
        if not (card > 2 or (card > 1 and dynamic)):
            continue
        per_digit = []
        for d in bits(m):
            src = d * 81 + cell
            r_on = on_run(cell, d)
            if dynamic and r_on.absurd:
                out.append((_clash(r_on), CONTRA_ON, src, _key(cell, d, 0)))
            r_off = _run(cm0, _key(cell, d, 0), dynamic)
            if dynamic and r_off.absurd:
                out.append((_clash(r_off), CONTRA_OFF, src, _key(cell, d, 1)))
            if card >= 3 and dynamic:
                out += _common(cm0, [r_on, r_off], DOUBLE, src)
            for h in _HOUSES[cell]:
                places = [x for x in _HOUSE_CELLS[h] if cm0[x] >> d & 1]
                if len(places) >= 2 and places[0] == cell:
                    out += _common(cm0, [on_run(x, d) for x in places], REGION, h * 9 + d)
            per_digit.append(r_on)
        out += _common(cm0, per_digit, CELL, cell)
    return out


def _clash(r: Run) -> int:
    assert r.absurd is not None
    return r.absurd[1].bit_count() + r.absurd[3].bit_count()


def _c_hints(cands: Candidates, dynamic: bool, level: int = 0) -> list[Hint]:
    """The C core's conclusions (the same as :func:`_hints`; at ``level`` 1 SE's
    "Dynamic Forcing Chains (+)", which the Python reference does not cover)."""
    raw = _c_raw(cands, dynamic, level)
    return [tuple(raw[i:i + 4]) for i in range(0, len(raw), 4)]  # type: ignore[misc]


def _c_raw(cands: Candidates, dynamic: bool, level: int) -> array[int]:
    """The C core's conclusions as one flat array, four ints each."""
    return array("i", sechain9(array("H", cands.cell_mask).tobytes(), dynamic, level))


def rating(complexity: int, dynamic: bool, level: int = 0) -> float:
    """SE's rating of a conclusion of ``complexity`` (at a nesting ``level``, 8.5 plus
    0.5 a level: 9.0 for SE's "Dynamic Forcing Chains (+)").

    >>> rating(6, False), rating(11, True), rating(11, True, 1)
    (8.0, 8.8, 9.3)
    """
    base = 8.5 + 0.5 * level if level else BASE[dynamic]
    return round(base + length_bonus(complexity - 2), 1)


_rating = cache(rating)   # the rater asks for the same few complexities again and again


def chain_table(cands: Candidates, dynamic: bool, level: int = 0,
                ceiling: float | None = None) -> list[Row]:
    """The conclusions of a classic 9x9 state as :data:`Row` in SE's order: easiest
    first, then by complexity, then by kind, then as found.  An empty list when there is
    none (or the state is not a classic 9x9 one).  A ``level`` above 0 is SE's nested
    forcing chains of that level (dynamic).  With a ``ceiling``, only the rows
    :func:`table_moves` takes: the easiest rating's and every other within ``ceiling``.

    >>> from shudu.logic.weighed import Walk
    >>> walk = Walk.of(DOC_PUZZLE, stop_above=7.9)
    >>> _ = list(walk)
    >>> len(chain_table(walk.state, False)) > len(chain_table(walk.state, False, ceiling=0.0))
    True
    """
    if not cands.rules.is_classic9:
        return []
    raw = _c_raw(cands, dynamic, level)
    if not raw:
        return []
    cxs = raw[0::4]
    bound = max(cxs)
    if ceiling is not None:   # the rating grows with the complexity: keep a prefix of it
        top = max(_rating(min(cxs), dynamic, level), ceiling)
        bound = 0
        for cx in sorted(set(cxs)):
            if _rating(cx, dynamic, level) > top:
                break
            bound = cx
    rows = [(_rating(raw[i], dynamic, level), raw[i], SORT_KEY[raw[i + 1]], raw[i + 1],
             raw[i + 2], raw[i + 3]) for i in range(0, len(raw), 4) if raw[i] <= bound]
    rows.sort(key=lambda t: t[:3])
    return rows


def _links(r: Run, key: int) -> tuple[Link, ...]:
    """The chain from the run's assumption to ``key`` along first parents."""
    keys = [key]
    while keys[-1] != r.start and keys[-1] in r.par:
        keys.append(r.par[keys[-1]])
    keys.reverse()

    def node(k: int) -> Node:
        return Node(((k >> 1) % 81,), (k >> 1) // 81 + 1, 9)

    return tuple(Link(node(a), node(b), bool(b & 1)) for a, b in pairwise(keys))


def _eliminations(cm0: list[int], target: int) -> tuple[tuple[int, int], ...]:
    cell, d = (target >> 1) % 81, (target >> 1) // 81
    if target & 1:
        return tuple((cell, v + 1) for v in bits(cm0[cell]) if v != d)
    return ((cell, d + 1),)


def chain_step(cands: Candidates, dynamic: bool, row: Row, links: bool = True,
               level: int = 0) -> Step:
    """The step of one row of :func:`chain_table`; with ``links``, its chains re-run
    (Python) for their links, one branch per assumption (the rater does without; a
    nested ``level`` has none).  A nested step is a ``nested-forcing-chain`` of that
    ``level``."""
    weight, cx, _, kind, src, target = row
    cm0 = list(cands.cell_mask)
    elims = _eliminations(cm0, target)
    extra: dict[str, object] = {"length": cx - 2, "difficulty": weight, "se": True}
    if level:
        extra["level"] = level
        links = False
    if kind in (CONTRA_ON, CONTRA_OFF):
        cell, d = src % 81, src // 81
        on = kind == CONTRA_ON
        return Step("nested-forcing-chain" if level else "forcing-net-contradiction",
                    digits=(d + 1,), cells={"start": (cell,)},
                    candidates={"start": ((cell, d + 1),)}, size=9, eliminations=elims,
                    extra={**extra, "assume": on, "level": level or 1,
                           "mode": "contradiction", "state": cands.copy()})
    key = ("nested-forcing-chain" if level else
           "forcing-net-verity" if dynamic else "forcing-chain-verity")
    cells = houses = None
    if kind == DOUBLE:
        cell, d = src % 81, src // 81
        starts = [_key(cell, d, 1), _key(cell, d, 0)]
        branch: tuple[tuple[int, int], ...] = ((cell, d + 1),)
        extra["kind"] = "both"
    elif kind == REGION:
        h, d = divmod(src, 9)
        places = [x for x in _HOUSE_CELLS[h] if cm0[x] >> d & 1]
        starts = [_key(x, d, 1) for x in places]
        branch = tuple((x, d + 1) for x in places)
        houses = {"house": (h,)}
        extra["kind"] = "house"
    else:
        starts = [_key(src, d, 1) for d in bits(cm0[src])]
        branch = tuple((src, d + 1) for d in bits(cm0[src]))
        cells = {"cell": (src,)}
        extra["kind"] = "cell"
    chains: tuple[Link, ...] = ()
    for s in starts if links else ():
        chains += _links(_run(cm0, s, dynamic), target)
    return Step(key, digits=tuple(sorted({d for _, d in branch})), cells=cells, houses=houses,
                candidates={"branch": branch}, links=chains, size=9, eliminations=elims,
                extra=extra)


def table_moves(cands: Candidates, dynamic: bool, table: list[Row], ceiling: float,
                level: int = 0, single_from: float | None = None,
                ) -> list[tuple[float, str, Step, tuple[()]]]:
    """The rater's moves of a :func:`chain_table`: SE's easiest conclusion and every
    other within ``ceiling`` (the hardest score so far), one per target, as
    ``(weight, technique key, step, ())``; only the easiest when it weighs
    ``single_from`` or more (the walk would apply that one only).

    >>> from shudu.logic.weighed import Walk
    >>> walk = Walk.of(DOC_PUZZLE, stop_above=7.9)
    >>> _ = list(walk)
    >>> moves = table_moves(walk.state, False, chain_table(walk.state, False), 0.0)
    >>> len(moves), moves[0][:2]
    (7, (8.3, 'forcing-chain-verity'))
    """
    if not table:
        return []
    top = max(table[0][0], ceiling)   # the easiest, and every other within the score
    if single_from is not None and table[0][0] >= single_from:
        table = table[:1]
    moves: list[tuple[float, str, Step, tuple[()]]] = []
    seen = set()
    for row in table:
        if row[0] > top:
            break
        if row[-1] not in seen:   # the same target: the same eliminations
            seen.add(row[-1])
            step = chain_step(cands, dynamic, row, links=False, level=level)
            moves.append((row[0], step.technique, step, ()))
    return moves
