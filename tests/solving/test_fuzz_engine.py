"""A short fuzz run of the engine's Python boundary (``tests/fuzz/engine.py``): every
searching entry point of shudu with puzzles of every size, variant rules, constraints
and odd arguments, and the C extension's own entry points with broken tables.

Fixed seeds, so every run replays the same examples; each target runs in a child
process, so a crash or a hang fails the test with the call that caused it instead of
ending the suite.  ``make fuzz`` runs the same targets long (``docs/fuzzing.md``).
"""

from __future__ import annotations

import pytest

from fuzz.run import report_text, run_target


@pytest.mark.parametrize(("target", "examples"), [("engine", 80), ("raw", 60)])
def test_engine_boundary_fuzz(target: str, examples: int) -> None:
    result = run_target(target, seconds=300, examples=examples, batch=examples, seed=0,
                        strict=False, quiet=True, children=3)
    assert result["examples"] >= examples or result["crashes"], report_text([result])
    assert not result["findings"], report_text([result])
