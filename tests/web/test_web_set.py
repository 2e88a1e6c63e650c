"""The web API's Set call (``POST /api/v1/set``): the setter's bench for the page."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient

import shudu
from shudu.web.app import Limits, create_app

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
OPEN = EASY[:20] + "." * 6 + EASY[26:66] + "." * 10 + EASY[76:]   # 212 solutions


@pytest.fixture(scope="module")
def client():
    app = create_app(Limits(seconds=10.0, generate=20.0, workers=1), port=8765)
    with TestClient(app, base_url="http://127.0.0.1:8765") as c:
        yield c


def post(client: TestClient, **body: object):
    return client.post("/api/v1/set", json=body)


def test_several_solutions_give_true_candidates_and_clues(client):
    r = post(client, puzzle=OPEN, n=3)
    assert r.status_code == 200
    data = r.json()
    assert (data["status"], data["count"], data["label"], data["text"]) == (
        "multiple", 212, "212", "Solutions: 212")
    want = shudu.true_candidates(OPEN)
    assert data["candidates"] == [list(want.digits(c)) for c in range(81)]
    assert [c["cell"] for c in data["clues"]] == ["r8c2", "r5c3", "r3c2"]
    assert data["clues"][0]["unique"] and data["clues"][0]["grade_name"] == "easy"
    assert data["redundant"] is None
    hard = post(client, puzzle=OPEN, n=1, grade="hard", lang="zh").json()
    assert hard["clues"][0]["cell"] == "r5c3" and hard["clues"][0]["grade_name"] == "专家"
    assert hard["text"] == "解的个数：212"


def test_a_unique_puzzle_names_its_redundant_givens(client):
    data = post(client, puzzle=EASY).json()
    assert data["status"] == "unique" and data["clues"] == []
    cells = [c["cell"] for c in data["redundant"]["clues"]]
    assert cells == [shudu.cell_name(c) for c in shudu.redundant_clues(EASY).cells]


def test_variant_rules_and_no_solution(client):
    grid = shudu.solve("." * 16, "4+x")
    data = post(client, puzzle=str(grid), rules="4+x").json()
    assert data["redundant"]["flags"] == ["x"]
    none = post(client, puzzle="12....3...4.....", rules="4").json()
    assert none["status"] == "none" and none["count"] == 0 and none["candidates"][2] == []


def test_bad_input_is_a_clear_error(client):
    r = post(client, puzzle="11" + "." * 79)
    assert r.status_code == 422
    assert r.json()["error"]["code"] == "invalid-puzzle"
    r = post(client, puzzle=OPEN, grade="impossible")
    assert r.status_code == 422 and "expected a grade" in r.json()["error"]["message"]
    r = post(client, puzzle=OPEN, n=0)
    assert r.status_code == 422
    r = post(client, puzzle=OPEN, n="3")
    assert r.status_code == 400


def test_the_page_has_the_set_words(client):
    words = client.get("/api/v1/words").json()
    assert words["en"]["set-play"] == "Play" and words["zh"]["set-play"] == "开始做题"
