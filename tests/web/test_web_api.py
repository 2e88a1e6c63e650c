"""The web app's JSON API: every endpoint, bad input, limits and the local-only guard."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient

from shudu.web.app import Limits, create_app

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SMALL = ".2343.1221.3432."
SMALL_SOLUTION = "1234341221434321"


@pytest.fixture(scope="module")
def client():
    app = create_app(Limits(seconds=2.0, generate=20.0, workers=2), port=8765)
    with TestClient(app, base_url="http://127.0.0.1:8765") as c:
        yield c


def post(client: TestClient, name: str, **body: object):
    return client.post(f"/api/v1/{name}", json=body)


def error_of(response) -> dict:
    data = response.json()
    assert "error" in data, data
    assert "Traceback" not in response.text
    return data["error"]


# ---------------------------------------------------------------------- parse
def test_parse_reads_any_notation_with_its_solution(client):
    grid_text = "\n".join(EASY[i:i + 9] for i in range(0, 81, 9))
    r = post(client, "parse", puzzle=grid_text)
    assert r.status_code == 200
    data = r.json()
    assert data["puzzle"] == EASY
    assert data["status"] == "unique"
    assert data["solution"].startswith("483921657")
    assert data["size"] == 9 and len(data["boxes"]) == 81 and len(data["peers"][0]) == 20
    assert data["candidates"] is None


def test_parse_pencilmarks_keeps_the_candidates(client):
    from shudu import formats

    text = formats.write(formats.parse(EASY), "pencilmarks").replace("45    4578", "5     4578")
    data = post(client, "parse", puzzle=text).json()
    assert data["format"] == "pencilmarks"
    assert data["candidates"][0] == [5]   # r1c1 kept only the 5 the text left
    assert data["candidates"][1] == [4, 5, 7, 8]
    assert data["values"][2] == 3


def test_parse_junk_names_line_and_column(client):
    r = post(client, "parse", puzzle="4....Q" + "." * 75)
    assert r.status_code == 422
    e = error_of(r)
    assert e["code"] == "parse-error" and e["line"] == 1 and e["column"] == 6
    assert "found 'Q'" in e["message"]


def test_parse_wrong_size(client):
    e = error_of(post(client, "parse", puzzle="1" * 3 + "." * 70))
    assert e["code"] == "parse-error"
    assert "81" in e["message"] or "cells" in e["message"]


def test_parse_repeated_digit_names_the_cells(client):
    r = post(client, "parse", puzzle="11" + "." * 79)
    assert r.status_code == 422
    e = error_of(r)
    assert e["code"] == "invalid-puzzle" and e["cells"] == [0, 1] and e["digit"] == 1


def test_parse_says_at_once_when_several_or_none(client):
    several = post(client, "parse", puzzle="." * 81).json()
    assert several["status"] == "multiple" and several["cell"] == [2, 1]
    assert "several solutions" in several["message"]
    none = post(client, "parse", puzzle="12345678." + "." * 71 + "9").json()
    assert none["status"] == "none" and "no candidate left" in none["message"]


def test_parse_variants_and_sizes(client):
    data = post(client, "parse", puzzle=SMALL, rules="4").json()
    assert data["size"] == 4 and data["solution"] == SMALL_SOLUTION
    x = post(client, "parse", puzzle="." * 81, rules="x").json()
    assert [h["kind"] for h in x["extra"]] == ["diagonal", "diagonal"]
    bad = post(client, "parse", puzzle=EASY, rules="killer")
    assert error_of(bad)["code"] == "unsupported-rules"


# ---------------------------------------------------------------------- solve, count, rate
def test_solve_and_count(client):
    assert post(client, "solve", puzzle=SMALL, rules="4").json() == {
        "solution": SMALL_SOLUTION, "count": 1, "status": "unique"}
    assert post(client, "solve", puzzle="12345678." + "." * 71 + "9").json()["status"] == "none"
    assert post(client, "count", puzzle="." * 16, rules="4", limit=1000).json() == {
        "count": 288, "limit": 1000, "complete": True}
    bad = post(client, "count", puzzle=EASY, limit=0)
    assert bad.status_code == 422 and "limit" in error_of(bad)["message"]


def test_rate(client):
    data = post(client, "rate", puzzle=EASY).json()
    assert data["grade"] == "beginner" and data["hardest"] == "hidden-single"
    assert data["hardest_name_zh"] == "隐性唯一"
    e = error_of(post(client, "rate", puzzle="." * 81))
    assert e["code"] == "several-solutions" and e["cell"] == 9


def test_generate_is_reproducible_and_rated(client):
    a = post(client, "generate", grade="hard", seed=3).json()
    b = post(client, "generate", grade="hard", seed=3).json()
    assert a["puzzle"] == b["puzzle"] and a["rating"]["grade"] == "hard"
    assert a["layout"]["size"] == 9
    small = post(client, "generate", rules="6", seed=1).json()
    assert small["layout"]["size"] == 6 and len(small["puzzle"]) == 36
    bad = post(client, "generate", grade="impossible")
    assert bad.status_code == 422 and "grade" in error_of(bad)["message"]


def test_techniques_and_openapi(client):
    t = client.get("/api/v1/techniques").json()
    assert t["techniques"][0]["key"] == "full-house" and "hard" in t["grades"]
    spec = client.get("/api/v1/openapi.json").json()
    assert spec["openapi"].startswith("3.")
    assert {"/api/v1/hint", "/api/v1/explain", "/api/v1/render"} <= set(spec["paths"])


# ---------------------------------------------------------------------- hints
def _values(puzzle: str) -> list[int]:
    return [0 if ch == "." else int(ch, 36) for ch in puzzle]


def test_hint_levels(client):
    one = post(client, "hint", puzzle=EASY, level=1).json()
    assert one == {"status": "step", "level": 1, "text": "Look for a Hidden Single.",
                   "technique": "hidden-single", "name": "Hidden Single"}
    two = post(client, "hint", puzzle=EASY, level=2).json()
    assert "step" not in two and len(two["focus"]) == 9
    three = post(client, "hint", puzzle=EASY, level=3, lang="zh").json()
    assert three["step"]["technique"] == "hidden-single"
    assert "zh" in three["step"]["text"] and "en" not in three["step"]["text"]
    assert len(three["state"]["candidates"]) == 81


def test_hint_from_the_players_position(client):
    values = _values(EASY)
    solution = post(client, "solve", puzzle=EASY).json()["solution"]
    # the player filled r1c1 correctly: the hint is about another cell
    values[0] = int(solution[0])
    data = post(client, "hint", puzzle=EASY, values=values).json()
    assert data["status"] == "step"
    assert [1, 1, int(solution[0])] not in data["step"]["placements"]
    assert data["state"]["values"][0] == int(solution[0])


def test_hint_reports_a_wrong_digit_first(client):
    values = _values(EASY)
    solution = post(client, "solve", puzzle=EASY).json()["solution"]
    values[0] = int(solution[0]) % 9 + 1 if int(solution[0]) % 9 + 1 not in (3, 2, 6) else 1
    data = post(client, "hint", puzzle=EASY, values=values).json()
    assert data["status"] == "mistake"
    assert data["mistakes"][0]["kind"] == "placed" and data["mistakes"][0]["cell"] == [1, 1]


def test_hint_reports_a_wrongly_removed_candidate(client):
    solution = post(client, "solve", puzzle=EASY).json()["solution"]
    right = int(solution[0])
    candidates: list[list[int] | None] = [None] * 81
    candidates[0] = [d for d in (4, 5) if d != right] or [9]
    data = post(client, "hint", puzzle=EASY, candidates=candidates, lang="zh").json()
    assert data["status"] == "mistake"
    mistake = data["mistakes"][0]
    assert mistake["kind"] == "removed" and mistake["digit"] == right
    assert "r1c1" in mistake["text"] and "候选数" in mistake["text"]


def test_hint_uses_the_players_candidates(client):
    # r1c1 holds 4 or 5: the player kept the right one only, the state says so
    solution = post(client, "solve", puzzle=EASY).json()["solution"]
    candidates: list[list[int] | None] = [None] * 81
    candidates[0] = [int(solution[0])]
    data = post(client, "hint", puzzle=EASY, candidates=candidates).json()
    assert data["status"] == "step"
    assert data["state"]["candidates"][0] == [int(solution[0])]
    assert data["state"]["candidates"][1] == [4, 5, 7, 8]


def test_hint_solved_and_bad_position(client):
    solution = post(client, "solve", puzzle=SMALL, rules="4").json()["solution"]
    solved = post(client, "hint", puzzle=SMALL, rules="4", values=_values(solution)).json()
    assert solved["status"] == "solved"
    short = post(client, "hint", puzzle=SMALL, rules="4", values=[0] * 3)
    assert short.status_code == 422 and "16" in error_of(short)["message"]
    changed = _values(SMALL)
    changed[1] = 3
    given = post(client, "hint", puzzle=SMALL, rules="4", values=changed)
    assert "the given 2 at r1c2" in error_of(given)["message"]
    assert error_of(post(client, "hint", puzzle=EASY, level=7))["code"] == "parse-error"
    assert error_of(post(client, "hint", puzzle=EASY, lang="fr"))["code"] == "parse-error"


def test_hint_on_a_puzzle_with_several_solutions(client):
    e = error_of(post(client, "hint", puzzle="." * 81))
    assert e["code"] == "several-solutions"


def test_explain_steps_with_states(client):
    data = post(client, "explain", puzzle=EASY, lang="en").json()
    assert data["solved"] and data["stopped"] is None
    assert len(data["steps"]) == EASY.count(".")
    last = data["steps"][-1]["after"]["values"]
    assert "".join(map(str, last)) == post(client, "solve", puzzle=EASY).json()["solution"]
    assert set(data["steps"][0]["text"]) == {"en"}


def test_hint_picture_draws_the_step(client):
    data = post(client, "hint", puzzle=EASY, level=3, picture=True).json()
    assert data["svg"].startswith("<svg") and 'class="cand place"' in data["svg"]
    assert data["step"]["notation"] in data["svg"]
    assert "svg" not in post(client, "hint", puzzle=EASY, level=3).json()


def test_render_position_and_next_step(client):
    plain = post(client, "render", puzzle=SMALL, rules="4").json()
    assert plain["svg"].startswith("<svg") and plain["step"] is None
    values = _values(EASY)
    values[0] = 4
    drawn = post(client, "render", puzzle=EASY, values=values, step=True, lang="zh").json()
    assert drawn["step"]["technique"] == "hidden-single" and "<svg" in drawn["svg"]
    assert set(drawn["step"]["text"]) == {"zh"}
    bad = post(client, "render", puzzle="1" * 81)
    assert bad.status_code == 422 and error_of(bad)["code"] == "invalid-puzzle"


# ---------------------------------------------------------------------- limits and guard
def test_slow_count_is_stopped_and_the_server_goes_on(client):
    r = post(client, "count", puzzle="." * 625, rules="25", limit=1_000_000_000)
    assert r.status_code == 504
    e = error_of(r)
    assert e["code"] == "timeout" and "stopped" in e["message"]
    assert post(client, "solve", puzzle=SMALL, rules="4").json()["status"] == "unique"


def test_huge_bodies_are_refused(client):
    r = client.post("/api/v1/parse", content=b'{"puzzle": "' + b"." * 70_000 + b'"}',
                    headers={"content-type": "application/json"})
    assert r.status_code == 413 and error_of(r)["code"] == "too-large"

    def chunks():   # no Content-Length: the body is cut while it is read
        for _ in range(20):
            yield b" " * 8192

    r = client.post("/api/v1/parse", content=chunks(),
                    headers={"content-type": "application/json"})
    assert r.status_code == 413 and error_of(r)["code"] == "too-large"


def test_bad_requests_answer_json(client):
    r = client.post("/api/v1/parse", content=b"{nope", headers={"content-type":
                                                               "application/json"})
    assert r.status_code == 400 and "not valid JSON" in error_of(r)["message"]
    r = client.post("/api/v1/parse", content=b"[1]", headers={"content-type":
                                                             "application/json"})
    assert r.status_code == 400
    r = client.post("/api/v1/parse", content=EASY, headers={"content-type": "text/plain"})
    assert r.status_code == 415
    r = post(client, "parse", puzzle=EASY, shell="rm -rf /")
    assert r.status_code == 400 and "shell" in error_of(r)["message"]
    r = post(client, "parse", puzzle=123)
    assert r.status_code == 400
    assert error_of(r)["message"] == "expected 'puzzle' to be a string, found a number"
    r = post(client, "hint", puzzle=EASY, values="nope")
    assert r.status_code == 400 and "'values' to be an array" in error_of(r)["message"]
    r = post(client, "generate", technique=5)
    assert r.status_code == 400 and "'technique'" in error_of(r)["message"]
    r = post(client, "hint", puzzle=EASY, level=True)
    assert r.status_code == 400
    r = post(client, "hint", puzzle=EASY, values=["x"] * 81)
    assert r.status_code == 422 and "expected a digit 0-9 in values" in error_of(r)["message"]
    r = post(client, "parse", puzzle=EASY, rules={"size": 99})
    assert r.status_code == 422
    assert client.get("/api/v1/nothing").status_code == 404
    assert error_of(client.get("/api/v1/nothing"))["code"] == "not-found"
    assert client.get("/api/v1/hint").status_code == 405


@pytest.mark.parametrize("host", ["evil.example", "127.0.0.1.evil.example", "localhost:9999",
                                  "", "[::2]"])
def test_foreign_host_is_refused(client, host):
    r = client.get("/api/v1/openapi.json", headers={"host": host})
    assert r.status_code == 421 and error_of(r)["code"] == "bad-host"


@pytest.mark.parametrize("host", ["127.0.0.1:8765", "localhost:8765", "[::1]:8765",
                                  "localhost"])
def test_local_host_is_served(client, host):
    assert client.get("/api/v1/openapi.json", headers={"host": host}).status_code == 200


def test_cross_site_origin_is_refused(client):
    r = client.post("/api/v1/solve", json={"puzzle": EASY},
                    headers={"origin": "http://evil.example"})
    assert r.status_code == 403
    ok = client.post("/api/v1/solve", json={"puzzle": EASY},
                     headers={"origin": "http://127.0.0.1:8765"})
    assert ok.status_code == 200


def test_page_and_static_files_with_safe_headers(client):
    r = client.get("/")
    assert r.status_code == 200 and "<title>" in r.text
    assert "default-src 'self'" in r.headers["content-security-policy"]
    assert r.headers["x-frame-options"] == "DENY"
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/../app.py").status_code == 404


def test_serve_command_help():
    from click.testing import CliRunner

    from shudu.cli import cli

    out = CliRunner().invoke(cli, ["serve", "--help"])
    assert out.exit_code == 0 and "127.0.0.1" in out.output


# ---------------------------------------------------------------------- photos
SCAN_DIR = __import__("pathlib").Path(__file__).parents[1] / "data" / "scan"


@pytest.fixture(scope="module")
def photo_client():
    pytest.importorskip("cv2")
    app = create_app(Limits(seconds=60.0, workers=1, photo=2_000_000), port=8766)
    with TestClient(app, base_url="http://127.0.0.1:8766") as c:
        yield c


def test_scan_reads_a_photo(photo_client):
    import json

    truth = json.loads((SCAN_DIR / "truth.json").read_text())["000.jpg"]["puzzle"]
    r = photo_client.post("/api/v1/scan", content=(SCAN_DIR / "000.jpg").read_bytes(),
                          headers={"Content-Type": "image/jpeg"})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["puzzle"] == truth and data["size"] == 9 and data["status"] == "ok"
    assert data["clues"] == 81 - truth.count(".")
    assert len(data["confidence"]) == 81 and data["message"]
    # per cell the readings considered, the one read first; none for a cell without ink
    alts = data["alternatives"]
    assert len(alts) == 81
    assert all(a[0] == ch for a, ch in zip(alts, truth) if ch != ".")
    assert all(a == [] for a, ch in zip(alts, truth) if ch == ".")


def test_scan_answers_the_players_digits_and_marks(photo_client):
    cv2 = pytest.importorskip("cv2")
    from shudu.scan.shots import screenshot

    shot = screenshot(2, "app-dark")
    png = cv2.imencode(".png", cv2.cvtColor(shot.image, cv2.COLOR_RGB2BGR))[1].tobytes()
    r = photo_client.post("/api/v1/scan", content=png, headers={"Content-Type": "image/png"})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["puzzle"] == shot.givens and data["entries"] == shot.entries
    assert data["marks"] == {f"r{i // 9 + 1}c{i % 9 + 1}": m
                             for i, m in enumerate(shot.marks) if m}
    assert data["doubtful_marks"] == []


def test_scan_refuses_what_is_not_a_photo(photo_client):
    broken = photo_client.post("/api/v1/scan", content=b"not a picture at all",
                               headers={"Content-Type": "image/png"})
    assert broken.status_code == 422 and "cannot decode" in error_of(broken)["message"]
    for head in (b"GIF87a", b"GIF89a\x01", b"\xff\xd8\xff\xc0"):   # cut short in the header
        cut = photo_client.post("/api/v1/scan", content=head,
                                headers={"Content-Type": "image/gif"})
        assert cut.status_code == 422 and "cannot decode" in error_of(cut)["message"]
    text = photo_client.post("/api/v1/scan", content=b"...", headers={"Content-Type":
                                                                        "text/plain"})
    assert text.status_code == 415 and "picture" in error_of(text)["message"]
    empty = photo_client.post("/api/v1/scan", content=b"",
                              headers={"Content-Type": "image/jpeg"})
    assert empty.status_code == 400 and "empty" in error_of(empty)["message"]
    big = photo_client.post("/api/v1/scan", content=b"\xff" * 2_000_001,
                            headers={"Content-Type": "image/jpeg"})
    assert big.status_code == 413 and error_of(big)["code"] == "too-large"


def test_scan_without_opencv_says_which_extra(monkeypatch):
    """Without OpenCV the call answers 501 with the extra to install."""
    import builtins

    from shudu.web import tasks

    real = builtins.__import__

    def no_cv2(name, *args, **kwargs):
        if name == "cv2":
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_cv2)
    with pytest.raises(tasks.Unavailable, match=r"shudu\[scan\]"):
        tasks.scan(b"\x89PNG")


def test_scan_is_described(client):
    spec = client.get("/api/v1/openapi.json").json()
    assert "image/*" in spec["paths"]["/api/v1/scan"]["post"]["requestBody"]["content"]


def test_scan_refuses_an_image_bomb_before_decoding(photo_client):
    from picture_bytes import png_header

    r = photo_client.post("/api/v1/scan", content=png_header(20000, 20000),
                          headers={"Content-Type": "image/png"})
    assert r.status_code == 413
    e = error_of(r)
    assert e["code"] == "too-large" and "20000×20000" in e["message"]
    assert (e["width"], e["height"], e["limit"]) == (20000, 20000, 50_000_000)
    ok = photo_client.post("/api/v1/scan", content=(SCAN_DIR / "000.jpg").read_bytes(),
                           headers={"Content-Type": "image/jpeg"})
    assert ok.status_code == 200


def test_scan_receives_a_few_pictures_at_once(photo_client):
    state = photo_client.app.app.state
    state.photos_read = state.limits.photos   # as many pictures as allowed are coming in
    try:
        r = photo_client.post("/api/v1/scan", content=b"\x89PNG",
                              headers={"Content-Type": "image/png"})
    finally:
        state.photos_read = 0
    assert r.status_code == 503 and error_of(r)["code"] == "busy"


# ---------------------------------------------------------------------- refute, long calls
def test_refute_says_why_a_wrong_digit_is_wrong(client):
    values = _values(EASY)
    values[0] = 5   # r1c1 is 4
    data = post(client, "refute", puzzle=EASY, values=values, picture=True).json()
    assert data["status"] == "mistake"
    [r] = data["refutations"]
    assert r["kind"] == "placed" and r["cell"] == [1, 1] and r["digit"] == 5 and r["found"]
    assert r["text"] == data["text"] and r["text"].startswith("Suppose r1c1 were 5.")
    assert r["contradiction"] == {"kind": "cell", "where": 40, "digit": 0}
    assert r["steps"][0] == "Naked Single: r1c9=7" and "<svg" in r["svg"]
    zh = post(client, "refute", puzzle=EASY, values=values, lang="zh").json()
    assert zh["text"].startswith("假设 r1c1 是 5。") and "svg" not in zh["refutations"][0]
    # only the cell asked about; none there, nothing to say
    elsewhere = post(client, "refute", puzzle=EASY, values=values, cell=[1, 2]).json()
    assert elsewhere["refutations"] == [] and elsewhere["status"] == "right"
    assert post(client, "refute", puzzle=EASY).json()["text"] == "No mistakes in your position."
    bad = post(client, "refute", puzzle=EASY, values=values, cell=[0, 10])
    assert bad.status_code == 422 and "[row, column]" in error_of(bad)["message"]


def test_refute_a_wrongly_removed_candidate(client):
    candidates: list[list[int] | None] = [None] * 81
    candidates[0] = [5]   # the player removed 4, the answer
    data = post(client, "refute", puzzle=EASY, candidates=candidates).json()
    [r] = data["refutations"]
    assert r["kind"] == "removed" and r["digit"] == 4
    assert r["text"].endswith("So 4 must stay a candidate of r1c1.")


def test_a_wrong_letter_digit_is_named_as_the_grid_shows_it(client):
    made = post(client, "generate", rules="16", seed=1).json()
    puzzle, solution = made["puzzle"], made["solution"]
    cell = next(c for c in range(256) if puzzle[c] == "." and solution[c] != "G")
    values = [0 if ch == "." else "123456789ABCDEFG".index(ch) + 1 for ch in puzzle]
    values[cell] = 16
    data = post(client, "hint", puzzle=puzzle, rules="16", values=values).json()
    assert data["text"] == f"The G in r{cell // 16 + 1}c{cell % 16 + 1} is wrong."


def test_a_rating_past_its_time_answers_what_it_knows():
    """A rating not done within its share of the limit answers with what is known: here
    the limit is over before the uniqueness check could end, so nothing is rated yet (a
    cut after some steps keeps their hardest, as tests/logic/test_weighed_walk.py shows),
    whatever the machine's speed."""
    from pathlib import Path

    from shudu.web import tasks

    fixture = Path(__file__).parents[1] / "fixtures" / "killer_published.txt"
    puzzle = next(x.split()[0] for x in fixture.read_text(encoding="utf-8").splitlines()
                  if x[:1] not in ("#", ""))
    data = tasks.rate(puzzle, timeout=1e-6)
    assert data["complete"] is False and data["stopped"] == "timeout"
    assert data["seconds"] == 1e-6 and data["score"] == 0.0 and data["steps"] == 0
    assert data["hardest_name"] is None


def test_generate_offers_clue_puzzles(client):
    made = post(client, "generate", rules="thermo", seed=1).json()
    marks = made["layout"]["marks"]
    assert marks is not None and 'class="thermo"' in marks["svg"]
    assert made["puzzle"].count(".") > 60
    e = error_of(post(client, "generate", rules="thermo", symmetry="180"))
    assert e["message"] == "thermo puzzles take a grade and a seed only"
