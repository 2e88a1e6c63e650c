"""Human-style solving: candidates, steps that explain themselves, techniques, hints.

>>> from shudu.logic import hint
>>> step = hint("12345678." + "." * 72, anyway=True)   # several solutions: skip the check
>>> step.notation()
'Full House: r1c9=9'
>>> print(step.text(3))
r1c9 is the only empty cell in row 1, and 9 is the only digit missing there (full house),
so r1c9 = 9.
"""

from ..values.candidates import Candidates, Geometry, geometry
from . import families  # noqa: F401  (every technique family registers itself)
from .registry import Technique, technique
from .session import Session, explain, hint, session
from .solver import (
    SolvePath,
    SolverConfig,
    StepRun,
    find_all,
    iter_steps,
    next_step,
    solve_path,
)
from .step import Link, Node, Step
from .verdict import Contradiction, Verdict, contradiction, verdict

__all__ = [
    "Candidates",
    "Contradiction",
    "Geometry",
    "Link",
    "Node",
    "Session",
    "SolvePath",
    "SolverConfig",
    "Step",
    "StepRun",
    "Technique",
    "Verdict",
    "contradiction",
    "explain",
    "find_all",
    "geometry",
    "hint",
    "iter_steps",
    "next_step",
    "session",
    "solve_path",
    "technique",
    "verdict",
]
