"""Jigsaw puzzles made from scratch: random regions, then givens with one solution.

1. **Regions.** Start from the boxes (the rows where the size has no box shape) and swap
   cells between neighbouring regions many times, with a seeded random order: a cell of
   one region that touches another changes places with a cell of that other region that
   touches the first; a swap is kept only when both regions stay connected (side by
   side), so every region keeps ``n`` cells and stays in one piece.  A map that is still
   the boxes, or that admits no complete grid (the engine finds none within a second),
   is thrown away and the swapping starts again.
2. **Givens.** The givens generator (:func:`shudu.make.classic.generate`) digs a puzzle
   with one solution on those regions, at a grade or score when asked for: every option
   it takes (symmetry, minimal, grade, score, technique, ...) works here too.

The seed of the result reproduces regions and givens alike.

>>> g = generate_jigsaw(seed=4)
>>> regions = g.rules.regions
>>> sorted(regions.count(r) for r in set(regions)) == [9] * 9, is_jigsaw(regions, 9)
(True, True)
>>> from shudu.solving import engine
>>> engine.count(g.puzzle, 2), generate_jigsaw(seed=4).puzzle == g.puzzle
(1, True)
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Sequence
from typing import Any

from ..errors import GenerationError, SearchTimeout
from ..solving import engine
from ..values.grid import Grid
from ..values.rules import CLASSIC, Rules, box_of_regions
from ..values.sizes import DEFAULT_BOXES
from .classic import Generated

__all__ = ["connected", "generate_jigsaw", "is_jigsaw", "random_regions"]

SWAPS_PER_CELL = 6
"""Kept swaps per cell of the grid: enough to leave no trace of the boxes."""

LAYOUTS = 50
"""Region maps tried before :func:`generate_jigsaw` gives up (one in a few thousand
random 9x9 maps admits no grid; a box-shaped map is rarer still)."""

SOLVABLE_SECONDS = 1.0
"""How long the engine may look for a complete grid on a new region map."""

LARGEST = 12
"""The largest size jigsaws are made at: on 16x16 regions the engine's search for a
complete grid does not end in useful time (9x9 in under 0.4 s, 10x10 and 12x12 in 0.3-13
s on seeds 0-2)."""


def _sides(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    return [(r + dr) * n + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < n and 0 <= c + dc < n]


def connected(cells: Sequence[int], n: int) -> bool:
    """Whether ``cells`` of an ``n`` by ``n`` grid form one piece, side by side.

    >>> connected([0, 1, 4], 3), connected([0, 2], 3), connected([], 3)
    (True, False, True)
    """
    todo = set(cells)
    if not todo:
        return True
    stack = [todo.pop()]
    while stack:
        cell = stack.pop()
        for x in _sides(cell, n):
            if x in todo:
                todo.discard(x)
                stack.append(x)
    return not todo


def is_jigsaw(regions: Sequence[int], n: int) -> bool:
    """Whether ``regions`` (a region id per cell) are ``n`` connected regions of ``n``
    cells each that are not the boxes.

    >>> is_jigsaw([0, 0, 1, 1] * 2 + [2, 2, 3, 3] * 2, 4)
    False
    >>> is_jigsaw([0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3], 4)
    True
    """
    ids = sorted(set(regions))
    if len(regions) != n * n or len(ids) != n:
        return False
    parts = [[c for c, r in enumerate(regions) if r == rid] for rid in ids]
    return (all(len(p) == n and connected(p, n) for p in parts)
            and box_of_regions(regions, n) is None)


def random_regions(n: int = 9, rng: random.Random | int | None = None) -> tuple[int, ...]:
    """A random map of ``n`` connected regions of ``n`` cells each (a region id per
    cell), grown from the boxes by swaps as the module text says; ``rng`` a
    :class:`random.Random` or a seed.  The map may still be the boxes (rarely, on small
    grids): :func:`generate_jigsaw` checks.

    >>> m = random_regions(6, 1)
    >>> len(m), sorted(m.count(r) for r in range(6)), m == random_regions(6, 1)
    (36, [6, 6, 6, 6, 6, 6], True)
    """
    rng = rng if isinstance(rng, random.Random) else random.Random(rng)
    base = Rules(n) if n in DEFAULT_BOXES else None
    region = ([base.box_of(c) for c in range(n * n)] if base is not None
              else [c // n for c in range(n * n)])
    members = [set(c for c in range(n * n) if region[c] == r) for r in range(n)]
    kept = 0
    for _ in range(SWAPS_PER_CELL * n * n * 20):
        if kept >= SWAPS_PER_CELL * n * n:
            break
        a = rng.randrange(n * n)
        others = [x for x in _sides(a, n) if region[x] != region[a]]
        if not others:
            continue
        ra, rb = region[a], region[rng.choice(others)]
        # a cell of rb touching ra (not through a alone) takes a's place
        rest = members[ra] - {a}
        choices = sorted(c for c in members[rb]
                         if any(x in rest for x in _sides(c, n)))
        if not choices:
            continue
        b = rng.choice(choices)
        new_a, new_b = rest | {b}, (members[rb] - {b}) | {a}
        if connected(sorted(new_a), n) and connected(sorted(new_b), n):
            members[ra], members[rb] = new_a, new_b
            region[a], region[b] = rb, ra
            kept += 1
    return tuple(region)


def _solvable(rules: Rules) -> bool:
    try:
        return engine.search(Grid("." * rules.ncells, rules), limit=1,
                             timeout=SOLVABLE_SECONDS).count > 0
    except SearchTimeout:
        return False


def generate_jigsaw(rules: Rules | str | None = None, *, seed: int | None = None,
                    **options: Any) -> Generated:
    """One jigsaw puzzle with a unique solution on random regions (see the module text).

    ``rules``: the size and the variants beside the regions (classic 9x9 by default;
    its boxes are replaced); ``seed`` reproduces regions and puzzle; every other option
    is :func:`shudu.make.classic.generate`'s (``grade``, ``score``, ``symmetry``,
    ``minimal``, ``technique``, ``rated``, ``attempts``, ``timeout``, ...).  When no
    region map admits a grid in :data:`LAYOUTS` tries, or the size is over
    :data:`LARGEST`, :class:`GenerationError` is raised.

    >>> g = generate_jigsaw(6, seed=3, grade="easy")
    >>> g.rating.grade, g.rules.size, g.rules.regions is not None
    ('easy', 6, True)
    >>> generate_jigsaw(16)
    Traceback (most recent call last):
    ...
    shudu.errors.GenerationError: jigsaw puzzles are generated up to 12x12
    """
    from .classic import generate

    base = Rules.coerce(rules)
    if isinstance(base, str):  # pragma: no cover - coerce parses specs
        base = Rules.from_spec(base)
    base = base or CLASSIC
    if base.size > LARGEST:
        raise GenerationError(f"jigsaw puzzles are generated up to {LARGEST}x{LARGEST}")
    if seed is None:
        seed = random.randrange(2**62)
    rng = random.Random(seed)
    timeout = options.get("timeout")
    deadline = None if timeout is None else time.monotonic() + timeout
    for _ in range(LAYOUTS):
        if deadline is not None and time.monotonic() > deadline:
            break
        regions = random_regions(base.size, rng)
        if box_of_regions(regions, base.size) is not None:
            continue
        rules_here = base.replace(regions=regions, box=None)
        if not _solvable(rules_here):
            continue
        if deadline is not None:
            options["timeout"] = max(deadline - time.monotonic(), 0.001)
        made = generate(rules_here, seed=rng.randrange(2**62), **options)
        return dataclasses.replace(made, seed=seed)
    raise GenerationError(f"no jigsaw region map admits a grid in {LAYOUTS} tries"
                          + (" within the time" if deadline else ""))
