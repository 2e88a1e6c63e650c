"""The one door to the C logic kernel for classic 9x9 states (``shudu._engine.logic9_*``,
the detectors and the chain search): every Python use of the logic half of ``_engine``
goes through this module.

The C ladder of basic techniques:
The C core applies singles, intersections, naked and hidden subsets and basic fish far
faster than the Python finders.  It finds exactly what they find (tests/logic/test_logic9.py
cross-checks them), so the solver may ask it which basic technique, if any, applies
before running the Python finders, and the rater may take a state to its fixpoint.

>>> from shudu import Grid
>>> from shudu.values.candidates import Candidates
>>> c = Candidates.from_grid(Grid(
...     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."))
>>> probe(c), LEVELS[probe(c)]
(0, ('full-house', 'hidden-single'))
>>> fixpoint(c, 0)[0], c.is_solved
(1, True)
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from .. import _engine

if TYPE_CHECKING:
    from ..values.candidates import Candidates, Geometry

__all__ = [
    "DETECTED",
    "DETECTORS",
    "DETECT_ID",
    "LEVELS",
    "LEVEL_OF",
    "Oracle",
    "Plan",
    "aic_pairs",
    "als_chain",
    "als_table",
    "als_table_geo",
    "als_wing",
    "als_xz",
    "als_xz_wing",
    "chain_closures",
    "chain_graph",
    "chain_loop_starts",
    "chain_parents",
    "detect",
    "fish_any",
    "fish_digits",
    "fixpoint",
    "geo_words",
    "msls",
    "net_explain",
    "net_first_broken",
    "net_geometry",
    "net_propagate",
    "net_propagate2",
    "net_root",
    "oracle",
    "peer_words",
    "plan",
    "probe",
    "single",
    "singles_then_probe",
    "solve_basic",
]

# The forcing nets' propagation (csrc/logic/net.c), for any grid of up to 128 cells and 16
# digits, called as they are (see techniques.classic.forcing.Net): a grid's geometry, the plain
# net of one assumption, the plain nets of every candidate of a state, a level-2 net, and
# the first candidate (from one on, then round) whose plain net breaks.
net_geometry = _engine.net_geometry
net_propagate = _engine.net_propagate
net_root = _engine.net_root
net_propagate2 = _engine.net_propagate2
net_first_broken = _engine.net_first_broken
# Why one plain net does what it does (forcing.explain_net): its placements and outcome.
net_explain = _engine.net_explain
nishio9 = _engine.nishio9
# Aligned Pair and Triplet Exclusions of a 9x9 state (csrc/logic/aligned9.c).
aligned9 = _engine.aligned9
# SE's unique loops of six cells or more in a 9x9 state (csrc/logic/uloop9.c).
uloop9 = _engine.uloop9
sechain9 = _engine.sechain9
sechain9_forget = _engine.sechain9_forget
# SE's static forcing chains and cycles of a 9x9 state (csrc/logic/sestatic9.c).
sestatic9 = _engine.sestatic9

# Every node's closures over a link graph's rows (csrc/logic/chain.c, see ChainGraph._c_closures).
chain_closures = _engine.chain_closures
# The candidates a discontinuous nice loop may start from (ChainGraph.loop_starts).
chain_loop_starts = _engine.chain_loop_starts
# What every branch of each branch set implies (ChainGraph.verity).
chain_verity = _engine.chain_verity
# The digits each cell of a signed sum of any grid takes (csrc/constraints/sums.c, see
# shudu.logic.techniques.variant.cage_sums.sum_supports).
sum_supports = _engine.sum_supports
# Which assumptions of a 9x9 killer the cage forcing chain's trial breaks (csrc/logic/ktrial9.c,
# see shudu.logic.techniques.variant.killer_forcing).
ktrial9 = _engine.ktrial9
# The same trials from a cage's cells kept to each combination (killer_verity).
ktrial9_cuts = _engine.ktrial9_cuts
# The breadth-first parents of literals over a link graph's rows (ChainGraph.parents).
chain_parents = _engine.chain_parents

LEVELS: tuple[tuple[str, ...], ...] = tuple(tuple(keys) for keys in _engine.LADDER9_LEVELS)
"""The technique keys of each level of the C ladder, easiest first (``csrc/logic/logic9.h``)."""

LEVEL_OF: dict[str, int] = {key: level for level, keys in enumerate(LEVELS) for key in keys}
"""The C ladder level of a technique key."""


def never9(cands: Candidates) -> None:
    """The ``first9`` of a technique that reasons with constraints (cages, thermometers
    ...): on a classic 9x9 state there is no step, and the solver passes it over.

    >>> never9(None)
    """
    return None


def _state(c: Candidates) -> tuple[bytes, list[int]]:
    return bytes(c.values), c.cell_mask


def probe(c: Candidates) -> int:
    """The easiest C ladder level that would change a classic 9x9 state, or -1.

    A contradictory state counts as changed at level 0, so nothing is skipped there.
    """
    return int(_engine.logic9_probe(*_state(c)))


def fixpoint(c: Candidates, level: int) -> tuple[int, tuple[int, ...]]:
    """Apply the C ladder up to ``level`` to a classic 9x9 state, in place.

    Returns the status (1 solved, 0 stuck, -1 contradiction) and, per level, how many
    rounds made progress.
    """
    status, _, passes, values, masks = _engine.logic9_state(*_state(c), level)
    if not any(passes):   # no round changed the state
        return int(status), tuple(passes)
    c.values[:] = values
    cm = list(masks)
    dm = [0] * 9
    for i, m in enumerate(cm):
        while m:
            low = m & -m
            dm[low.bit_length() - 1] |= 1 << i
            m ^= low
    c.cell_mask = cm
    c.digit_mask = dm
    return int(status), tuple(passes)


def als_table(c: Candidates) -> tuple[list[Any], ...] | None:
    """The almost locked sets of a classic 9x9 state as :class:`.als.AlsIndex`
    orders them, from the C index: ``(cells, digits, houses, dcells, targ, rcc)``, or
    ``None`` when the state holds more sets or links than the C tables (then the Python
    index is built).

    >>> from shudu import Grid
    >>> from shudu.values.candidates import Candidates
    >>> cells, digits, houses, dcells, targ, rcc = als_table(Candidates.from_grid(Grid("." * 81)))
    >>> len(cells), digits[0], houses[0], rcc[0]
    (243, 511, 0, {})
    """
    got = _engine.logic9_als_index(*_state(c))
    return None if got is None else tuple(got)


def als_table_geo(c: Candidates, houses: bytes, peers: bytes) -> tuple[list[Any], ...] | None:
    """:func:`als_table` for a 9x9 grid beyond rows, columns and boxes: ``houses`` its
    houses (9 cells each, in its geometry's order), ``peers`` from :func:`peer_words`.

    >>> from shudu import Grid, Rules
    >>> from shudu.values.candidates import Candidates
    >>> c = Candidates.from_grid(Grid("." * 81, Rules(diagonals=True)))
    >>> houses = bytes(cell for h in c.geo.houses for cell in h.cells)
    >>> len(als_table_geo(c, houses, peer_words(c.geo.peer_mask))[0])
    261
    """
    got = _engine.logic9_als_index(*_state(c), houses, peers)
    return None if got is None else tuple(got)


def als_wing(c: Candidates) -> tuple[int, ...] | None:
    """The first ALS-XY-Wing of a classic 9x9 state in the order of
    :func:`.als.find_als_xy_wing`: ``(a, b, c, x, y)``, the cells of sets A, B
    and the pivot C (bit ``c`` for cell ``c``) and the RCC digit indices ``x`` (A-C) and
    ``y`` (B-C); ``()`` when there is none; ``None`` when the state holds more sets or
    links than the C tables.

    >>> from shudu import Grid
    >>> from shudu.values.candidates import Candidates
    >>> als_wing(Candidates.from_grid(Grid("." * 81)))
    ()
    """
    got = _engine.logic9_als_wing(*_state(c))
    return None if got is None else tuple(got)


def als_chain(c: Candidates) -> tuple[Any, ...] | None:
    """The first ALS-XY-Chain of a classic 9x9 state in the order of
    :func:`.als.find_als_xy_chain`: ``(sets, rccs, zmask)``, the cells of its sets in
    chain order (bit ``c`` for cell ``c``), the RCC digit index of each link and the
    eliminated digits (bit ``d`` for digit ``d + 1``); ``()`` when there is none;
    ``None`` when the state holds more sets, links or sets of eliminations than the C
    tables.

    >>> from shudu import Grid
    >>> from shudu.values.candidates import Candidates
    >>> als_chain(Candidates.from_grid(Grid("." * 81)))
    ()
    >>> from shudu.logic.solver import as_candidates
    >>> sets, rccs, zmask = als_chain(as_candidates(
    ...     ".3.541.989183.654.54.98.316853.691...7.85..39429713685.85.3.961.9.6.8.5336.1958.."))
    >>> [bin(s).count("1") for s in sets], rccs, zmask
    ([1, 1, 1, 1], (1, 6, 1), 64)
    """
    got = _engine.logic9_als_chain(*_state(c))
    return None if got is None else tuple(got)


def als_xz_wing(c: Candidates) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """:func:`als_xz` and :func:`als_wing` of a classic 9x9 state at once, from one index
    of its sets: ``(xz, wing)``, each as those give it (``()`` when there is none);
    ``None`` when the state holds more sets or links than the C tables.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(
    ...     ".3.541.989183.654.54.98.316853.691...7.85..39429713685.85.3.961.9.6.8.5336.1958..")
    >>> als_xz_wing(c) == (als_xz(c), als_wing(c))
    True
    """
    got = _engine.logic9_als_xz_wing(*_state(c))
    return None if got is None else (tuple(got[0]), tuple(got[1]))


def als_xz(c: Candidates) -> tuple[int, ...] | None:
    """The first ALS-XZ of a classic 9x9 state in the order of
    :func:`.als.find_als_xz`: ``(a, b, rcc)``, the cells of sets A and B (bit
    ``c`` for cell ``c``) and their RCC digits (bit ``d`` for digit ``d + 1``); ``()`` when
    there is none; ``None`` when the state holds more sets or links than the C tables.

    >>> from shudu import Grid
    >>> from shudu.values.candidates import Candidates
    >>> als_xz(Candidates.from_grid(Grid("." * 81)))
    ()
    """
    got = _engine.logic9_als_xz(*_state(c))
    return None if got is None else tuple(got)


DETECTORS: tuple[str, ...] = tuple(_engine.DETECTORS)
"""Technique keys with a C detector, in the order of the ids of ``csrc/logic/detect9.h``."""

DETECT_ID: dict[str, int] = {key: i for i, key in enumerate(DETECTORS)}
"""The C detector id of a technique key."""

DETECTED: frozenset[str] = frozenset(DETECTORS)
"""The techniques whose C detectors are exact, checked by tests/logic/test_detect9.py (all of
them): the solver skips their Python finders when the detectors say "no change"."""


def detect(c: Candidates, ids: bytes) -> int:
    """The index in ``ids`` (C detector ids) of the first technique that would change a
    classic 9x9 state, or -1.  A detector may answer "yes" where its Python finder finds
    nothing, never the other way round.

    >>> from shudu import Grid
    >>> from shudu.values.candidates import Candidates
    >>> c = Candidates.from_grid(Grid("." * 81))
    >>> detect(c, bytes([DETECT_ID["xy-wing"], DETECT_ID["als-xz"]]))
    -1
    """
    return int(_engine.logic9_detect(*_state(c), c.givens, ids))


def single(c: Candidates, kind: int) -> tuple[int, int, int] | None:
    """The first full house (``kind`` 0), hidden single (1) or naked single (2) of a
    classic 9x9 state as ``(cell, digit, house)`` (house -1 for a naked single), in the
    order the Python finders report them; ``None`` when there is none.

    >>> from shudu import Grid
    >>> from shudu.values.candidates import Candidates
    >>> single(Candidates.from_grid(Grid("12345678." + "." * 72)), 0)
    (8, 9, 0)
    """
    return _engine.logic9_single(*_state(c), kind)


SINGLES = ("full-house", "hidden-single", "naked-single")
"""The singles' technique keys, by the kind numbers of :func:`single`."""


def singles(c: Candidates) -> list[tuple[int, int, int, int]]:
    """The singles the solver finds one after another from a classic 9x9 state while
    only singles apply, as ``(kind, cell, digit, house)``: each is the first full house,
    else hidden single, else naked single (:func:`single`) of the state the ones before
    it leave.

    >>> from shudu import Grid
    >>> from shudu.values.candidates import Candidates
    >>> singles(Candidates.from_grid(Grid("12345678." + "." * 72)))[:1]
    [(0, 8, 9, 0)]
    """
    return _engine.logic9_singles(*_state(c))


def hidden_singles(c: Candidates) -> list[tuple[int, int, int, int]]:
    """Every digit with one place in a house of a classic 9x9 state, as ``(kind, cell,
    digit, house)``: kind 0 in a house with one cell holding candidates (boxes first,
    then rows and columns), kind 1 in the other boxes, kind 2 in the other lines.

    >>> from shudu import Grid
    >>> from shudu.values.candidates import Candidates
    >>> hidden_singles(Candidates.from_grid(Grid("12345678." + "." * 72)))[:1]
    [(0, 8, 9, 0)]
    """
    return _engine.logic9_hidden_singles(*_state(c))


def singles_then_probe(c: Candidates) -> tuple[list[tuple[int, int, int, int]], int]:
    """:func:`singles`, and what :func:`probe` answers for the state they leave (one C
    call instead of two: the solver needs both when the run ends).

    >>> from shudu import Grid
    >>> from shudu.values.candidates import Candidates
    >>> run, level = singles_then_probe(Candidates.from_grid(Grid("12345678." + "." * 72)))
    >>> run[:1], level
    ([(0, 8, 9, 0)], -1)
    """
    run, level = _engine.logic9_singles(*_state(c), True)
    return run, int(level)


def locked(c: Candidates, pointing: bool) -> tuple[int, int, int] | None:
    """The first pointing (or, not ``pointing``, claiming) of a classic 9x9 state in the
    Python finder's order, as ``(house, crossing house, digit)``, or ``None``.

    >>> from shudu import Grid
    >>> from shudu.values.candidates import Candidates
    >>> locked(Candidates.from_grid(Grid("." * 81)), True) is None
    True
    """
    return _engine.logic9_locked(*_state(c), pointing)


def naked_subsets(c: Candidates, size: int) -> list[tuple[Any, ...]]:
    """Every naked subset of ``size`` cells of a classic 9x9 state that eliminates
    something, as the fields of :class:`.subsets.NakedSubset`, in the order
    of the Python search.

    >>> from shudu import Grid
    >>> from shudu.values.candidates import Candidates
    >>> naked_subsets(Candidates.from_grid(Grid("." * 81)), 2)
    []
    """
    return _engine.logic9_naked_subsets(*_state(c), size)


def hidden_subsets(c: Candidates, size: int) -> list[tuple[int, tuple[int, ...],
                                                             tuple[int, ...]]]:
    """Every hidden subset of ``size`` digits of a classic 9x9 state that eliminates
    something, as ``(house, cells, digits)``, in the order of the Python search.

    >>> from shudu import Grid
    >>> from shudu.values.candidates import Candidates
    >>> hidden_subsets(Candidates.from_grid(Grid("." * 81)), 2)
    []
    """
    return _engine.logic9_hidden_subsets(*_state(c), size)


def trios(c: Candidates) -> tuple[list[int], ...]:
    """For each pair of bands and pair of stacks of a classic 9x9 state (bands outer,
    pairs in order (0, 1), (0, 2), (1, 2)): the digit trios (masks, ascending) that at
    least nine open cells of those four boxes hold all their candidates in, the trios a
    tridagon there may use.

    >>> from shudu import Grid
    >>> from shudu.values.candidates import Candidates
    >>> trios(Candidates.from_grid(Grid("." * 81)))[0]
    []
    """
    return _engine.logic9_trios(*_state(c))


DIRECT = ("pointing", "claiming", "hidden-pair", "hidden-triple")
"""The techniques :func:`direct` knows, by its kind numbers."""


def direct(c: Candidates, key: str) -> bool:
    """Whether a technique of :data:`DIRECT` has a step on a classic 9x9 state that
    removes a candidate and leaves a hidden single (SE's "direct" form, what the
    rater's direct rungs look for): exact, so ``False`` means their finders would find
    none.

    >>> from shudu import Grid
    >>> from shudu.values.candidates import Candidates
    >>> direct(Candidates.from_grid(Grid("." * 81)), "pointing")
    False
    """
    return bool(_engine.logic9_direct(*_state(c), DIRECT.index(key)))


def fish_digits(c: Candidates, size: int, sashimi: bool) -> int:
    """The digits (bit ``d - 1``) of a classic 9x9 state that have a finned (or, with
    ``sashimi``, sashimi) fish of ``size`` 2..4 removing a candidate.

    >>> from shudu import Grid
    >>> from shudu.values.candidates import Candidates
    >>> fish_digits(Candidates.from_grid(Grid("." * 81)), 2, False)
    0
    """
    return int(_engine.logic9_fish_digits(*_state(c), size, sashimi))


def finned_fish(cells: int, size: int, base_kind: int) -> list[Any]:
    """The finned and sashimi fish of ``size`` 2..4 of one digit of a classic 9x9 grid
    (``cells``: the digit's cells as an int), rows (``base_kind`` 0) or columns (1) as
    base: ``(base houses, cover houses, base cells, fins, 0, eliminations)`` each, in the
    order :func:`shudu.logic.techniques.classic.fish._search_basic_finned` finds them.

    >>> finned_fish(0, 2, 0)
    []
    """
    return _engine.logic9_finned_fish(cells, size, base_kind)


def peer_words(peers: Sequence[int]) -> bytes:
    """The 81 peer sets of a 9x9 grid (ints, bit c for cell c) as :func:`fish_any` takes
    them: the low and high 64-bit words of each, in the machine's order.

    >>> len(peer_words([0] * 81))
    1296
    """
    low = (1 << 64) - 1
    return array("Q", [w for p in peers for w in (p & low, p >> 64)]).tobytes()


_GEO_WORDS: dict[int, tuple[Geometry, bytes | None, bytes]] = {}


def geo_words(geo: Geometry) -> tuple[bytes | None, bytes]:
    """A 9x9 grid's houses and peers as the C core takes them, made once per geometry (16
    kept at most: each entry keeps its geometry alive): the cells of every house, nine
    bytes a house in the geometry's order (None when a house has not nine cells or there
    are more than 64 houses), and the peers as :func:`peer_words` gives them.

    >>> from shudu import Rules
    >>> from shudu.values.candidates import geometry
    >>> houses, peers = geo_words(geometry(Rules(diagonals=True)))
    >>> len(houses), len(peers)
    (261, 1296)
    >>> geo_words(geometry(Rules(diagonals=True)))[0] is houses
    True
    """
    got = _GEO_WORDS.get(id(geo))
    if got is None or got[0] is not geo:
        if len(_GEO_WORDS) >= 16:
            _GEO_WORDS.clear()
        houses = None
        if len(geo.houses) <= 64 and all(len(h.cells) == 9 for h in geo.houses):
            houses = bytes(c for h in geo.houses for c in h.cells)
        got = _GEO_WORDS[id(geo)] = (geo, houses, peer_words(geo.peer_mask))
    return got[1], got[2]


def fish_any(cells: int, size: int, base_kind: int, peers: bytes, max_fins: int) -> bool:
    """Whether a finned fish of ``size`` 2..4 of one digit of a 9x9 grid of any geometry
    (``cells``: the digit's cells as an int), rows (``base_kind`` 0) or columns (1) as
    base, with at most ``max_fins`` fins, may have an elimination; ``peers`` from
    :func:`peer_words`.  False means the Python search finds none.

    >>> fish_any(0, 2, 0, peer_words([0] * 81), 5)
    False
    """
    return _engine.logic9_fish_any(cells, size, base_kind, peers, max_fins)


def solve_basic(cells: bytes | bytearray, level: int) -> tuple[int, int, Any]:
    """Solve a classic 9x9 puzzle (81 cell values) from its givens with the C ladder up to
    ``level``: ``(solved, hardest level used, rounds per level)`` — what the generator
    digs with.

    >>> solve_basic(bytes(81), 12)[0]
    0
    """
    solved, hardest, rounds = _engine.logic9(cells, level)
    return solved, hardest, rounds


def aic_pairs(strong: bytes, weak: bytes, conflicts: bytes, words: int, nodes: bytes,
              base: int, n: int, complete: bool, closures: bytearray) -> list[Any]:
    """The C chain search behind the AIC finders (see :meth:`ChainGraph.c_aic_pairs`):
    every pair of chain ends that eliminates something, with the closures of every node
    written into ``closures``."""
    return list(_engine.aic_pairs(strong, weak, conflicts, words, nodes, base, n, complete,
                                  closures))


def chain_graph(c: Candidates, flags: int, houses: bytes | None = None, peers: bytes = b"",
                weak: bytes | None = None) -> tuple[int, bytes, bytes, bytes, bytes, bytes,
                                                    bytes]:
    """The link graph of a 9x9 state made by the C core (csrc/logic/graph9.c), as
    :meth:`ChainGraph.build` makes it without ALS nodes: ``(words, nodes, strong, weak,
    conflicts, group_cells, group_digits)``.  ``flags``: 1 conjugate pairs, 2 bivalue
    cells, 4 weak links inside a cell, 8 only the candidates of bivalue cells, 16 groups.
    A grid beyond rows, columns and boxes gives its ``houses`` and ``peers`` (see
    :func:`geo_words`), and ``weak`` the weak links its constraints make between
    candidates: 729 rows of 96 bytes (little-endian bitsets of candidates), or None.

    >>> from shudu import Grid, Rules
    >>> from shudu.values.candidates import Candidates
    >>> words, nodes, *_ = chain_graph(Candidates.from_grid(Grid.empty()), 1)
    >>> words, int.from_bytes(nodes, "little") == (1 << 729) - 1
    (12, True)
    >>> c = Candidates.from_grid(Grid("." * 81, Rules(diagonals=True)))
    >>> words, nodes, strong, *_ = chain_graph(c, 16, *geo_words(c.geo))
    >>> words, len(strong) // (8 * words) - 729   # 54 box/line groups of each digit
    (19, 486)
    """
    if houses is None:
        return _engine.chain_graph9(*_state(c), flags)
    return _engine.chain_graph9(*_state(c), flags, houses, peers, weak)


def msls(c: Candidates, min_cells: int, limit: int) -> list[tuple[int, int]]:
    """The row and column sets (9-bit masks) of the multi-sector locked sets of a 9x9
    state, found by the C core (csrc/logic/msls9.c): two to seven rows and columns whose open
    cells number at least ``min_cells`` and whose digits, each given to the side where it
    has fewer lines, make as many claims as cells; at most ``limit`` of them.

    >>> from shudu import Grid
    >>> from shudu.values.candidates import Candidates
    >>> msls(Candidates.from_grid(Grid.empty()), 6, 10)
    []
    """
    return list(_engine.msls9(bytes(c.values), c.cell_mask, min_cells, limit))


# ---------------------------------------------------------------------- the solver's oracle
class Keyed(Protocol):
    """What :func:`plan` reads of a technique: its key (a
    :class:`~shudu.logic.registry.Technique`, or a stand-in for a rating rung)."""

    @property
    def key(self) -> str: ...


@dataclass(frozen=True)
class Plan:
    """What the C core knows of an enabled technique list: per technique its C ladder
    level (-1 if none) and its index in ``ids`` (the C detector ids of the detected
    techniques, in order; -1 if none).  ``run_end[i]``: where the run of detected
    techniques holding ``ids[i]`` ends, at the next technique with neither a detector
    nor a ladder level (a run is asked at once)."""

    levels: tuple[int, ...]
    detect: tuple[int, ...]
    ids: bytes
    run_end: tuple[int, ...]
    live: tuple[int, ...] = ()
    """The indices of the techniques that may apply on classic 9x9 (the others reason
    with constraints: :func:`~shudu.logic.registry.never9`), in order."""
    singles_first: bool = False
    """Whether the first of them are full house, hidden single and naked single, in
    that order: then a run of singles (:func:`singles`) is the solver's next steps."""


_PLANS: dict[tuple[str, ...], Plan] = {}
_LAST_PLAN: list[tuple[tuple[Keyed, ...], Plan]] = []


def plan(techs: tuple[Keyed, ...]) -> Plan:
    """The :class:`Plan` of an enabled technique list (cached; the same tuple step after
    step costs an identity check: the last four tuples are remembered).

    >>> from shudu.logic.registry import technique
    >>> p = plan((technique("hidden-single"), technique("x-wing"), technique("xy-wing")))
    >>> p.levels, p.detect, p.live
    ((0, 5, -1), (-1, -1, 0), (0, 1, 2))
    """
    for seen, known in _LAST_PLAN:
        if seen is techs:
            return known
    keys = tuple(t.key for t in techs)
    found = _PLANS.get(keys)
    if found is None:
        levels = tuple(LEVEL_OF.get(k, -1) for k in keys)
        live = tuple(i for i, t in enumerate(techs) if getattr(t, "first9", None) is not never9)
        # a technique whose first step comes from the C core needs no detector first
        detected = [t.key for t in techs if t.key in DETECTED and t.key not in LEVEL_OF
                    and getattr(t, "first9", None) is None]
        index = {k: i for i, k in enumerate(detected)}
        run_end: list[int] = []
        run_start = 0
        for k in (*(keys[i] for i in live), None):
            if k in index:
                run_end.append(-1)
            elif k is None or k not in LEVEL_OF:   # a finder without a detector ends a run
                run_end[run_start:] = [len(run_end)] * (len(run_end) - run_start)
                run_start = len(run_end)
        first = tuple(keys[i] for i in live[:3])
        found = _PLANS[keys] = Plan(levels, tuple(index.get(k, -1) for k in keys),
                                    bytes(DETECT_ID[k] for k in detected), tuple(run_end),
                                    live, first == SINGLES)
    _LAST_PLAN[:] = [(techs, found), *_LAST_PLAN[:3]]
    return found


class Oracle:
    """The C core's answers for one 9x9 state, asked lazily while the solver walks its
    techniques: once the singles found nothing, which basic technique applies
    (:func:`probe`); for the techniques with an exact detector, which is the first that
    would change the state (:func:`detect`, one run at a time).  :meth:`skip` tells the
    solver which Python finders would find nothing.

    On a classic state it answers for every technique.  On other rules it answers only
    for the techniques in ``covers`` (those whose finders read nothing the C core does not
    see on those rules), and ``first_steps`` says whether the C core's first step of such
    a technique is the finder's too."""

    __slots__ = ("cands", "covers", "easiest", "first_steps", "hit", "known", "plan")

    def __init__(self, found: Plan, cands: Candidates, probed: int | None = None,
                 covers: frozenset[str] | None = None, first_steps: bool = True) -> None:
        self.plan = found
        self.cands = cands
        self.covers = covers
        self.first_steps = first_steps
        # the easiest C ladder level that changes the state (past the last when none)
        self.easiest: int | None = None if probed is None else _easiest(probed)
        self.known = 0   # the detectors of plan.ids[:known] have answered ...
        self.hit = -1    # ... all "no" but this one

    def answers(self, key: str) -> bool:
        """Whether the oracle answers for the technique ``key`` on this state."""
        return self.covers is None or key in self.covers

    def skip(self, i: int) -> bool:
        """Whether the ``i``-th enabled technique would find no step that changes the
        state (so its finder need not run)."""
        found = self.plan
        level = found.levels[i]
        if level >= 2:
            if self.easiest is None:
                self.easiest = _easiest(probe(self.cands))
            return level < self.easiest
        det = found.detect[i]
        if det < 0:
            return False
        if det >= self.known:   # ask up to the next technique without a detector
            end = found.run_end[det]
            first = detect(self.cands, found.ids[det:end])
            self.hit = -1 if first < 0 else det + first
            self.known = end if first < 0 else self.hit + 1
        return det != self.hit


def oracle(techs: tuple[Keyed, ...], c: Candidates, probed: int | None = None,
           covers: frozenset[str] | None = None, first_steps: bool = True) -> Oracle:
    """The :class:`Oracle` of a 9x9 state for an enabled technique list (``covers``:
    the techniques it answers for, every one when ``None``; see :class:`Oracle`).

    >>> from shudu import Grid
    >>> from shudu.values.candidates import Candidates
    >>> from shudu.logic.registry import technique
    >>> empty = Candidates.from_grid(Grid("." * 81))   # no basic technique applies
    >>> oracle((technique("x-wing"),), empty).skip(0)
    True
    >>> oracle((technique("x-wing"),), Candidates.from_grid(Grid("12345678." + "." * 72))).skip(0)
    False
    >>> oracle((technique("x-wing"),), empty, covers=frozenset()).answers("x-wing")
    False

    ``probed``, when given, is what :func:`probe` answers for ``c`` (the caller knew it).
    """
    return Oracle(plan(techs), c, probed, covers, first_steps)


def _easiest(level: int) -> int:
    """A :func:`probe` answer as the level before which every technique finds nothing."""
    return level if level >= 0 else len(LEVELS)
