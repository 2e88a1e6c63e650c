"""Sudoku Explainer's "Forcing Chains & Cycles" (6.5 to 7.0 plus the length bonus) as the
rater's rung of chains on a classic 9x9 state: SE's static forcing chains and cycles, made
by the C core (``sestatic9``, the same search SE's nested chains of level 2 apply).

From every candidate, SE follows its links breadth first three times: with the strong
links of houses only (X), of bivalue cells only (Y) and of both; the weak links are the
digit's in its houses, and with Y the cell's other digits too.  A cycle comes back to
the candidate after four links at least and removes what sees one of its "on" candidates
and one of its "off" ones of the same digit; a forcing chain from the candidate "on"
that reaches it "off" removes it, one from "off" that reaches it "on" sets it.  Hints
come easiest first (rating, complexity, kind), each set of removals once; the rater
applies the easiest and every other within it or the hardest score so far.

>>> from shudu.logic.weighed import Walk
>>> walk = Walk.of(DOC_PUZZLE, stop_above=6.4)   # up to SE's chains
>>> _ = list(walk)
>>> moves = static_moves(walk.state, walk.score)
>>> [(weight, key) for weight, key, _, _ in moves]
[(6.6, 'x-chain'), (6.6, 'x-chain'), (6.6, 'x-chain')]
>>> moves[0][2].notation()
'X-Chain: (4)r1c2=r9c2-r8c1=(4)r8c6 => r1c6<>4'
"""

from __future__ import annotations

from array import array
from functools import cache
from itertools import pairwise

from ....values.candidates import Candidates
from ...accel9 import sestatic9
from ...step import Link, Node, Step

__all__ = ["DOC_PUZZLE", "static_moves", "technique_of"]

DOC_PUZZLE = ("..1....57.97...2.8...8...1.1...9....532.71.....9.....57.......6.2....98......85.1")
"""A puzzle whose first hard steps are SE's forcing X-Chains (for the examples)."""

def technique_of(cycle: bool, links: int, placing: bool) -> str:
    """The technique of a hint: a cycle is a continuous nice loop; a forcing chain that
    removes its assumption an X-Chain (its strong links in houses only), an XY-Chain (in
    bivalue cells only) or an AIC between the two candidates next to it, both of which it
    sees; one that sets its assumption a discontinuous nice loop.

    >>> technique_of(True, 3, False), technique_of(False, 2, False), technique_of(False, 4, True)
    ('continuous-nice-loop', 'x-chain', 'discontinuous-nice-loop')
    >>> technique_of(False, 3, False), technique_of(False, 4, False)
    ('xy-chain', 'aic')
    """
    if cycle:
        return "continuous-nice-loop"
    if placing:
        return "discontinuous-nice-loop"
    return {2: "x-chain", 3: "xy-chain"}.get(links, "aic")


@cache
def _node(key: int) -> Node:
    return Node(((key >> 1) % 81,), (key >> 1) // 81 + 1, 9)


def _links(chain: tuple[int, ...], cycle: bool) -> tuple[Link, ...]:
    """The links of a hint's chain (its potentials from the target back): a forcing
    chain from its assumption to its target, a cycle from its start round to it again.
    A link into an "on" potential is strong.  A chain that removes its assumption is
    shown without it: the chain between the two candidates next to it."""
    keys = list(reversed(chain))
    if cycle:
        keys.insert(0, chain[0])   # the potential that closes it is the start
    elif keys[0] & 1 and len(keys) > 3:
        keys = keys[1:-1]   # "on" to "off": the assumption sees both ends
    return tuple(Link(_node(a), _node(b), bool(b & 1)) for a, b in pairwise(keys))


def _step(key: str, weight: float, cycle: bool, removals: tuple[int, ...],
          chain: tuple[int, ...]) -> Step:
    links = _links(chain, cycle)
    nodes = [lk.a for lk in links] + [links[-1].b]
    cells = tuple(sorted({nd.cells[0] for nd in nodes}))
    kind = "continuous" if cycle else "aic" if chain[-1] & 1 else "set"
    return Step(key, eliminations=tuple((r % 81, r // 81 + 1) for r in removals),
                digits=tuple(sorted({nd.digit for nd in nodes})), cells={"chain": cells},
                candidates={"chain": tuple(sorted({(nd.cells[0], nd.digit) for nd in nodes}))},
                links=links, size=9,
                extra={"length": len(links), "kind": kind, "difficulty": weight, "se": True})


def static_moves(cands: Candidates, ceiling: float) -> list[tuple[float, str, Step, tuple[()]]]:
    """SE's easiest forcing chain or cycle of a classic 9x9 state and every next one within
    it or ``ceiling``, as the rater's moves ``(weight, technique key, step, ())``; an empty
    list when there is none or the state is not classic 9x9."""
    if not cands.rules.is_classic9:
        return []
    moves: list[tuple[float, str, Step, tuple[()]]] = []
    masks = array("H", cands.cell_mask).tobytes()
    for rating, cycle, links, removals, chain in sestatic9(masks, ceiling):
        weight = round(rating, 1)
        key = technique_of(bool(cycle), links, not chain[-1] & 1)
        moves.append((weight, key, _step(key, weight, bool(cycle), removals, chain), ()))
    return moves
