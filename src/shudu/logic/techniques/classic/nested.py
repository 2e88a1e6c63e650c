"""Sudoku Explainer's nested forcing chains, the levels of its scale above its dynamic
forcing chains (8.5): a dynamic forcing chain whose runs, once singles give nothing more,
apply other rules to what they removed and go on.  SE's level 1, "Dynamic Forcing Chains
(+)", 9.0, applies intersections, hidden pairs, naked pairs and X-Wings, the first of
them that removes anything; levels 2 to 5 (9.5 to 11.0) add forcing chains, multiple
forcing chains and dynamic forcing chains, nested in turn.  A step weighs its level's
base plus SE's length bonus on its complexity (the ancestors of the chains' ends, and
from level 2 on the complexity of every distinct chain nested among them).

The C core (``sechain9``, its basic rules in ``serules9``, at levels 2 and 3 SE's static
forcing chains and cycles in ``sestatic9``, at level 3 its multiple forcing chains and at
level 4 its dynamic forcing chains, each run again inside the chain) makes the conclusions
of :data:`LEVELS`; :func:`nested_moves` is the rater's rung: the easiest conclusion of the
first level that has one, the one SE takes.

>>> from shudu.logic.weighed import Walk
>>> walk = Walk.of(DOC_PUZZLE, stop_above=8.9)   # SE rates it 9.8
>>> _ = list(walk)
>>> moves = nested_moves(walk.state, walk.score)
>>> moves[0][:2]
(9.3, 'nested-forcing-chain')
>>> moves[0][2].notation()
'Nested Forcing Chain: r3c5=1 | r3c5=5 | r3c5=6 => r2c6<>6'
"""

from __future__ import annotations

from collections.abc import Iterator

from ....values.candidates import Candidates
from ....words.nested import nested_text
from ...registry import Technique, register
from ...render import result_text
from ...step import Step
from .forcing import _notation, _where, forcing_weight
from .multiple import chain_table, table_moves

__all__ = ["DOC_PUZZLE", "LEVELS", "nested_moves", "nested_steps"]

LEVELS = (1, 2, 3, 4)
"""SE's nesting levels the C core makes: 1, "Dynamic Forcing Chains (+)" (9.0), 2, "(+ Forcing
Chains)" (9.5), 3, "(+ Multiple Forcing Chains)" (10.0) and 4, "(+ Dynamic Forcing Chains)"
(10.5); the rater's nested forcing net covers SE's level 5."""

DOC_PUZZLE = ("7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1"
              "..5")
"""A puzzle whose hardest step is a level-1 nested forcing chain (for the examples)."""


def nested_moves(cands: Candidates, ceiling: float, single_from: float | None = None,
                 ) -> list[tuple[float, str, Step, tuple[()]]]:
    """SE's easiest nested forcing chain of a classic 9x9 state (and every other of its
    level within ``ceiling``, unless the easiest weighs ``single_from`` or more) as the
    rater's moves; an empty list when no level of :data:`LEVELS` has one or the state is
    not classic 9x9."""
    for level in LEVELS if cands.rules.is_classic9 else ():
        table = chain_table(cands, True, level, ceiling)
        if table:
            return table_moves(cands, True, table, ceiling, level, single_from)
    return []


def nested_steps(cands: Candidates) -> Iterator[Step]:
    """The steps of the first level of :data:`LEVELS` that has any, easiest first."""
    for _, _, step, _ in nested_moves(cands, 99.0):
        yield step


def _explain(step: Step, lang: str) -> str:
    level = int(step.get("level", 1) or 1)
    contradiction = step.get("mode") == "contradiction"
    return nested_text(_where(step, lang), level, contradiction, result_text(step, lang), lang)


register(Technique.of("nested-forcing-chain", nested_steps, _where, _explain, _notation,
                      weigh=forcing_weight))
