"""A short fuzz run of the web API (``tests/fuzz/web.py``): random and structure-aware
requests to every endpoint answer JSON with a 2xx or 4xx status (or the documented 501,
503, 504), never a 500 and never a traceback in the answer or the server's log."""

from __future__ import annotations

import pytest

from fuzz.run import report_text, run_target

pytest.importorskip("starlette")
pytest.importorskip("httpx2")   # the test client of Starlette 1.2 and later


def test_web_api_fuzz() -> None:
    result = run_target("web", seconds=300, examples=100, batch=100, seed=0, strict=False,
                        quiet=True, children=3)
    assert result["examples"] >= 100 or result["crashes"], report_text([result])
    assert not result["findings"], report_text([result])
