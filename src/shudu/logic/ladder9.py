"""The C ladder of basic techniques for classic 9x9 states (``shudu._engine.logic9_*``).

The C core applies singles, intersections, naked and hidden subsets and basic fish far
faster than the Python finders.  It finds exactly what they find (tests/test_logic9.py
cross-checks them), so the solver may ask it which basic technique, if any, applies
before running the Python finders, and the rater may take a state to its fixpoint.

>>> from shudu import Grid
>>> from shudu.logic.candidates import Candidates
>>> c = Candidates.from_grid(Grid(
...     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."))
>>> probe(c), LEVELS[probe(c)]
(0, ('full-house', 'hidden-single'))
>>> fixpoint(c, 0)[0], c.is_solved
(1, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import _engine

if TYPE_CHECKING:
    from .candidates import Candidates

__all__ = [
    "DETECTED", "DETECTORS", "DETECT_ID", "LEVELS", "LEVEL_OF", "detect", "fish_digits",
    "fixpoint", "probe", "single",
]

LEVELS: tuple[tuple[str, ...], ...] = tuple(tuple(keys) for keys in _engine.LADDER9_LEVELS)
"""The technique keys of each level of the C ladder, easiest first (from ``csrc/logic9.h``)."""

LEVEL_OF: dict[str, int] = {key: level for level, keys in enumerate(LEVELS) for key in keys}
"""The C ladder level of a technique key."""


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


DETECTORS: tuple[str, ...] = tuple(_engine.DETECTORS)
"""Technique keys with a C detector, in the order of the ids of ``csrc/detect9.h``."""

DETECT_ID: dict[str, int] = {key: i for i, key in enumerate(DETECTORS)}
"""The C detector id of a technique key."""

DETECTED: frozenset[str] = frozenset(DETECTORS)
"""The techniques whose C detectors are exact, checked by tests/test_detect9.py (all of
them): the solver skips their Python finders when the detectors say "no change"."""


def detect(c: Candidates, ids: bytes) -> int:
    """The index in ``ids`` (C detector ids) of the first technique that would change a
    classic 9x9 state, or -1.  A detector may answer "yes" where its Python finder finds
    nothing, never the other way round.

    >>> from shudu import Grid
    >>> from shudu.logic.candidates import Candidates
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
    >>> from shudu.logic.candidates import Candidates
    >>> single(Candidates.from_grid(Grid("12345678." + "." * 72)), 0)
    (8, 9, 0)
    """
    got = _engine.logic9_single(*_state(c), kind)
    return None if got is None else tuple(got)


def fish_digits(c: Candidates, size: int, sashimi: bool) -> int:
    """The digits (bit ``d - 1``) of a classic 9x9 state that have a finned (or, with
    ``sashimi``, sashimi) fish of ``size`` 2..4 removing a candidate.

    >>> from shudu import Grid
    >>> from shudu.logic.candidates import Candidates
    >>> fish_digits(Candidates.from_grid(Grid("." * 81)), 2, False)
    0
    """
    return int(_engine.logic9_fish_digits(*_state(c), size, sashimi))
