"""Logic behind a uniqueness check: :func:`explain` and :func:`hint` for ``import shudu``.

Both ask the engine first whether the puzzle has exactly one solution and raise
:class:`~shudu.errors.NotUnique` or :class:`~shudu.errors.NoSolution` otherwise (unless
``anyway``), so a puzzle with many solutions answers at once instead of sending the
logic solver on an endless search.  The logic package loads on first use.

>>> import shudu
>>> p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
>>> shudu.hint(p).text(1)
'Look for a Hidden Single.'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..values.candidates import Candidates
    from ..values.grid import Grid
    from .solver import SolvePath, SolverConfig
    from .step import Step

__all__ = ["explain", "hint"]


def explain(puzzle: str | Grid | Candidates, config: SolverConfig | None = None, *,
            anyway: bool = False, timeout: float | None = None, max_steps: int | None = None,
            on_step: Callable[[Step], object] | None = None) -> SolvePath:
    """The whole logic path of a puzzle with one solution (:func:`shudu.logic.explain`).

    >>> p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    >>> path = explain(p)
    >>> path.solved, path.verdict.status, path.stopped
    (True, 'unique', None)
    """
    from .solver import explain as run

    return run(puzzle, config, anyway=anyway, timeout=timeout, max_steps=max_steps,
               on_step=on_step)


def hint(puzzle: str | Grid | Candidates, config: SolverConfig | None = None, *,
         anyway: bool = False, timeout: float | None = None) -> Step | None:
    """The next logical step of a puzzle with one solution (:func:`shudu.logic.hint`).

    >>> hint("12345678." + "." * 71 + "9")
    Traceback (most recent call last):
    ...
    shudu.errors.NoSolution: the puzzle has no solution: r1c9 has no candidate left: ...
    """
    from .solver import hint as run

    return run(puzzle, config, anyway=anyway, timeout=timeout)
