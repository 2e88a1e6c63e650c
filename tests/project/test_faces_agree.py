"""The three faces give a puzzle the same logic path: ``shudu.explain`` (the library),
``shudu explain --json`` (the command line) and ``POST /api/v1/explain`` (the web API).

All three start logic through one session (:func:`shudu.logic.session.session`), which
turns the uniqueness techniques on once the engine has proved one solution.  The
puzzles (tests/fixtures/puzzles/top1465_faces.txt) are 20 of the first 60 of top1465;
most of them take a uniqueness step, so a face that left those techniques off would
take another path.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import shudu
from shudu.cli import cli

FIXTURE = Path(__file__).parents[1] / "fixtures" / "puzzles" / "top1465_faces.txt"
PUZZLES = [line.strip() for line in FIXTURE.read_text(encoding="utf-8").splitlines()
           if line.strip() and not line.startswith("#")]

# what a step is, whichever face shows it (the faces add their own fields beside it)
STEP_FIELDS = ("technique", "notation", "placements", "eliminations", "cells", "digits",
               "houses", "links")


def _step(data: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(json.dumps(data.get(key), sort_keys=True) for key in STEP_FIELDS)


@pytest.fixture(scope="module")
def library() -> list[list[tuple[Any, ...]]]:
    return [[_step(s.to_dict()) for s in shudu.explain(p).steps] for p in PUZZLES]


@pytest.fixture(scope="module")
def client() -> Any:
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from shudu.web.app import Limits, create_app

    app = create_app(Limits(seconds=30.0, generate=20.0, workers=1), port=8765)
    with TestClient(app, base_url="http://127.0.0.1:8765") as c:
        yield c


def test_the_fixture_needs_uniqueness_steps(library: list[list[tuple[Any, ...]]]) -> None:
    assert len(PUZZLES) == 20
    from shudu.logic.registry import techniques

    unique = {t.key for t in techniques() if t.uniqueness}
    uses = sum(any(json.loads(s[0]) in unique for s in path) for path in library)
    assert uses >= 10, f"only {uses} of the puzzles take a uniqueness step"


def test_the_command_line_takes_the_library_path(
        library: list[list[tuple[Any, ...]]]) -> None:
    result = CliRunner().invoke(cli, ["explain", "--json", "-"], input="\n".join(PUZZLES))
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["puzzle"] for line in lines] == PUZZLES
    for k, (line, path) in enumerate(zip(lines, library, strict=True)):
        assert line["uniqueness"] is True and line["status"] == "solved"
        assert [_step(s) for s in line["steps"]] == path, f"puzzle {k + 1}: {PUZZLES[k]}"


def test_the_web_api_takes_the_library_path(client: Any,
                                            library: list[list[tuple[Any, ...]]]) -> None:
    for k, (puzzle, path) in enumerate(zip(PUZZLES, library, strict=True)):
        response = client.post("/api/v1/explain", json={"puzzle": puzzle})
        assert response.status_code == 200, response.text
        data = response.json()
        assert data["solved"] and data["stopped"] is None
        assert [_step(s) for s in data["steps"]] == path, f"puzzle {k + 1}: {puzzle}"
