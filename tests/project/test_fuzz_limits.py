"""A short run of the memory and time check (``tests/fuzz/limits.py``): every reader on
texts up to 64 KiB stays under 64 MiB of Python allocations, every search call under
32 MiB (and 256 MiB of resident growth), each within its time bound."""

from __future__ import annotations

from fuzz.run import report_text, run_target


def test_memory_and_time_caps() -> None:
    result = run_target("limits", seconds=300, examples=40, batch=40, seed=0, strict=False,
                        quiet=True, children=3)
    assert result["examples"] >= 40 or result["crashes"], report_text([result])
    assert not result["findings"], report_text([result])
