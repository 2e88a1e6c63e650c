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
from .registry import Technique, technique, techniques
from .solver import (
    SolvePath,
    SolverConfig,
    StepRun,
    explain,
    find_all,
    hint,
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
    "solve_path",
    "technique",
    "techniques",
    "verdict",
]
