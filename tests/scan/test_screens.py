"""``shudu scan`` on screenshots: synthetic app and web-page screenshots in every style of
:data:`shudu.scan.shots.STYLES` (light and dark, coloured or bold givens, highlighted
cells, number pads and text around the grid, JPEG), and shudu's own web app in Chromium
(light and dark, phone and desktop widths): the givens, the player's digits and the
pencil marks are read exactly."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
cv2 = pytest.importorskip("cv2")

from click.testing import CliRunner  # noqa: E402

from shudu.cli import cli  # noqa: E402
from shudu.scan import scan  # noqa: E402
from shudu.scan.screen import flat  # noqa: E402
from shudu.scan.shots import STYLES, screenshot  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SEEDS = range(4)


def _exact(result, givens: str, entries: str, marks) -> None:
    assert str(result.grid) == givens, result.message
    assert (result.entries or "." * 81) == entries
    assert (result.marks or ("",) * 81) == tuple(marks)


@pytest.mark.parametrize("style", STYLES)
def test_every_style_is_read_exactly(style):
    # the givens and the player's digits exactly; of the cells with marks, at most one
    # in the four screenshots is not read exactly (a mark touching a thick line)
    wrong = marked = 0
    for seed in SEEDS:
        shot = screenshot(seed, style)
        r = scan(shot.image)
        assert r.status == "ok", (seed, r.message)
        assert str(r.grid) == shot.givens and r.entries == shot.entries, seed
        marked += sum(bool(m) for m in shot.marks)
        wrong += sum(a != b for a, b in zip(r.marks, shot.marks))
    assert marked > 40 and wrong <= 1


@pytest.mark.parametrize("style", ["app-light", "app-dark"])
def test_a_screenshot_file_is_read_in_colour(style, tmp_path):
    # a PNG file (not an array): its colours are decoded to tell the player's digits
    shot = screenshot(1, style)
    path = tmp_path / "shot.png"
    cv2.imwrite(str(path), cv2.cvtColor(shot.image, cv2.COLOR_RGB2BGR))
    _exact(scan(path), shot.givens, shot.entries, shot.marks)
    _exact(scan(path.read_bytes()), shot.givens, shot.entries, shot.marks)


def test_a_grey_screenshot_falls_back_on_the_height_of_the_digits():
    # without colour, the player's digits of the same height are read as givens: the
    # reading has one solution but is not the puzzle (the givens' count says so)
    shot = screenshot(1, "app-light")
    grey = cv2.cvtColor(shot.image, cv2.COLOR_RGB2GRAY)
    r = scan(grey)
    assert r.entries == ""
    assert str(r.grid) == "".join(e if e != "." else g for g, e in zip(shot.givens, shot.entries))


def test_flat_tells_a_screenshot_from_a_photo():
    assert flat([(0, 0), (900, 1), (901, 900), (1, 899)])
    assert not flat([(0, 0), (900, 30), (880, 900), (10, 899)])


def test_strokes_that_vary_by_digit_are_not_a_bold_split(monkeypatch):
    # a square photo of print, small and soft: thin digits (8, 6, 9) look lighter than
    # bold ones (1, 4, 7), two groups by mean, but with no gap between them; a bold
    # screenshot's givens stand well apart from the player's digits
    from shudu.scan import screen
    from shudu.scan.marks import read_marks
    from shudu.scan.reader import find_grid, load_gray, upright

    shot = screenshot(2, "bold")
    cells = upright(find_grid(load_gray(shot.image)))
    for i in read_marks(cells).cells:
        cells.glyphs[i] = None
    assert screen.player_cells(shot.image, cells) == {
        i for i, e in enumerate(shot.entries) if e != "."}
    count = sum(g is not None for g in cells.glyphs)
    # 12 thin ones 2.6 .. 2.93, the others 3.0 .. 3.6: means 1.18 times apart, no gap
    soft = [2.6 + 0.03 * k for k in range(12)]
    soft += [3.0 + 0.6 * k / (count - 13) for k in range(count - 12)]
    soft = soft[1::2] + soft[::2]
    monkeypatch.setattr(screen, "_stroke", lambda ink: soft.pop())
    assert screen.player_cells(shot.image, cells) is None


def test_the_screenshots_are_seeded():
    a, b = screenshot(5, "web-dark"), screenshot(5, "web-dark")
    assert a.givens == b.givens and a.marks == b.marks and bool((a.image == b.image).all())
    with pytest.raises(ValueError, match="style must be one of"):
        screenshot(1, "sepia")


def test_the_json_answer_has_givens_entries_and_marks(tmp_path):
    shot = screenshot(2, "shudu")
    path = tmp_path / "shot.png"
    cv2.imwrite(str(path), cv2.cvtColor(shot.image, cv2.COLOR_RGB2BGR))
    out = CliRunner().invoke(cli, ["scan", "--json", str(path)])
    assert out.exit_code == 0, out.output
    got = json.loads(out.output)
    assert got["puzzle"] == shot.givens and got["entries"] == shot.entries
    names = [f"r{i // 9 + 1}c{i % 9 + 1}" for i in range(81)]
    assert got["marks"] == {names[i]: m for i, m in enumerate(shot.marks) if m}
    assert got["doubtful_marks"] == []


@pytest.fixture(scope="module")
def app_url():
    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")
    sys.path.insert(0, str(ROOT / "scripts"))
    from make_screenshots import serve

    url, server = serve()
    yield url
    server.should_exit = True


def test_shudus_web_app_is_read_exactly(browser, app_url, tmp_path):
    from make_screenshots import shoot

    truth = shoot(browser, app_url, tmp_path)
    assert len(truth) == 4     # light and dark, phone and desktop
    for name, t in truth.items():
        r = scan(tmp_path / name)
        assert r.status == "ok", (name, r.message)
        _exact(r, t["givens"], t["entries"], t["marks"])
