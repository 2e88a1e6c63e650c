"""``shudu render`` and ``shudu hint -o``: pictures from the command line."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from render_support import NS, needs_cairo, stored, with_class
from shudu.cli import cli
from shudu.formats import Pencilmarks

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, input: str | None = None) -> Result:
    """Run ``shudu ARGS`` in-process (stdout and stderr kept apart)."""
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def one_error_line(result: Result) -> str:
    """Exactly one ``shudu: error:`` line on stderr and no traceback."""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("shudu: error: "), lines[0]
    assert "Traceback" not in result.output + result.stderr
    return lines[0]


def test_render_writes_svg_with_the_chosen_options(tmp_path: Path) -> None:
    out = tmp_path / "grid.svg"
    r = run("render", PUZZLE, "-o", str(out), "--candidates", "--size", "450")
    assert r.exit_code == 0, r.stderr
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert root.get("width") == "450"
    assert len(with_class(root, "cell", "g")) == 81
    assert with_class(root, "cand", "text")


def test_render_to_standard_output_writes_svg() -> None:
    r = run("render", "--solution", "--lang", "zh", "-o", "-", PUZZLE)
    assert r.exit_code == 0
    root = ET.fromstring(r.stdout)
    assert root.find(f"{NS}title").text == "数独答案，9×9"
    assert len(with_class(root, "placed", "text")) == 64


def test_render_reads_rules_and_pencilmarks(tmp_path: Path) -> None:
    r = run("render", "--rules", "x", "-o", "-", "." * 81)
    assert len(with_class(ET.fromstring(r.stdout), "diagonal", "line")) == 2
    state, _ = stored("x-wing")
    pm = tmp_path / "state.pm"
    pm.write_text(Pencilmarks(state.rules, tuple(state.masks())).format(), encoding="utf-8")
    r = run("render", str(pm), "-o", "-")
    assert r.exit_code == 0
    assert with_class(ET.fromstring(r.stdout), "cand", "text")


def test_render_png_and_pdf(tmp_path: Path) -> None:
    needs_cairo()
    png, pdf = tmp_path / "grid.png", tmp_path / "grid.PDF"
    assert run("render", PUZZLE, "-o", str(png)).exit_code == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert run("render", PUZZLE, "-o", str(pdf)).exit_code == 0
    assert pdf.read_bytes()[:5] == b"%PDF-"


def test_a_bad_extension_is_one_usage_error_line(tmp_path: Path) -> None:
    r = run("render", PUZZLE, "-o", str(tmp_path / "grid.jpg"))
    assert r.exit_code == 2
    line = one_error_line(r)
    assert "expected a file name ending in .svg, .png or .pdf" in line
    assert not (tmp_path / "grid.jpg").exists()


def test_render_needs_an_output() -> None:
    r = run("render", PUZZLE)
    assert r.exit_code == 2
    assert "'-o'" in one_error_line(r)


@pytest.mark.parametrize(("args", "words"), [
    ((PUZZLE, PUZZLE), "expected one puzzle to draw, found 2"),
    (("12345",), "expected 81 cells"),
])
def test_bad_input_is_one_error_line(args: tuple[str, ...], words: str) -> None:
    r = run("render", "-o", "-", *args)
    assert r.exit_code == 2
    assert words in one_error_line(r)
    assert r.stdout == ""


def test_a_puzzle_without_solution_cannot_show_its_solution() -> None:
    r = run("render", "--solution", "-o", "-", "12345678." + "." * 71 + "9")
    assert r.exit_code == 1
    assert "no solution" in one_error_line(r)


def test_a_puzzle_with_several_solutions_warns_when_its_solution_is_drawn() -> None:
    r = run("render", "--solution", "-o", "-", "." * 81)
    assert r.exit_code == 0 and r.stdout.startswith("<svg")
    assert r.stderr.strip() == ("shudu: warning: the puzzle has several solutions; the "
                                "picture shows the first one shudu finds")
    unique = run("render", "--solution", "-o", "-", PUZZLE)
    assert unique.exit_code == 0 and unique.stderr == ""


def test_an_unwritable_file_is_one_error_line(tmp_path: Path) -> None:
    r = run("render", PUZZLE, "-o", str(tmp_path / "missing" / "grid.svg"))
    assert r.exit_code == 1
    assert "No such file or directory" in one_error_line(r)


def test_missing_cairo_says_what_to_install(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(__import__("sys").modules, "cairosvg", None)
    r = run("render", PUZZLE, "-o", str(tmp_path / "grid.png"))
    assert r.exit_code == 1
    line = one_error_line(r)
    assert "apt-get install libcairo2" in line and "pip install 'shudu[pictures]'" in line


# ------------------------------------------------------------------ hint -o
@pytest.fixture(scope="module")
def x_wing_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    state, _ = stored("x-wing")
    path = tmp_path_factory.mktemp("pm") / "x-wing.pm"
    path.write_text(Pencilmarks(state.rules, tuple(state.masks())).format(), encoding="utf-8")
    return path


def test_hint_level_3_draws_the_step(x_wing_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "hint.svg"
    r = run("hint", "--level", "3", "-o", str(out), str(x_wing_file))
    assert r.exit_code == 0, r.stderr
    assert "X-Wing" in r.stdout                  # the words are still printed
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    _, step = stored("x-wing")
    assert root.find(f"{NS}title").text == step.notation()
    assert len(with_class(root, "elim", "text")) == len(step.eliminations)
    assert len(with_class(root, "house", "g")) == 4


def test_hint_pictures_give_away_no_more_than_their_level(x_wing_file: Path) -> None:
    two = ET.fromstring(run("hint", "--level", "2", "-o", "-", str(x_wing_file)).stdout)
    assert with_class(two, "elim") == [] and len(with_class(two, "house", "g")) == 4
    one = ET.fromstring(run("hint", "-o", "-", str(x_wing_file)).stdout)
    assert with_class(one, "house") == [] and with_class(one, "cand")
    assert one.find(f"{NS}title").text == "Sudoku candidates, 9×9"


def test_hint_to_png_and_one_puzzle_only(x_wing_file: Path, tmp_path: Path) -> None:
    r = run("hint", "-o", str(tmp_path / "h.svg"), PUZZLE, PUZZLE)
    assert r.exit_code == 2
    assert "one puzzle" in one_error_line(r)
    r = run("hint", "-o", str(tmp_path / "h.gif"), PUZZLE)
    assert r.exit_code == 2 and ".svg, .png or .pdf" in one_error_line(r)
    needs_cairo()
    out = tmp_path / "hint.png"
    assert run("hint", "--level", "3", "-o", str(out), str(x_wing_file)).exit_code == 0
    assert out.read_bytes()[:4] == b"\x89PNG"


def test_the_readme_picture_is_what_its_documented_command_draws(tmp_path: Path) -> None:
    """README.md's "Pictures" section shows docs/img/x-wing.svg, drawn by
    ``shudu hint --level 3 -o docs/img/x-wing.svg docs/img/x-wing.pm``."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "shudu hint --level 3 -o docs/img/x-wing.svg docs/img/x-wing.pm" in readme
    out = tmp_path / "x-wing.svg"
    r = run("hint", "--level", "3", "-o", str(out), str(ROOT / "docs" / "img" / "x-wing.pm"))
    assert r.exit_code == 0
    assert r.stdout.startswith("X-Wing")
    assert out.read_text(encoding="utf-8") == (ROOT / "docs" / "img" / "x-wing.svg").read_text(
        encoding="utf-8"), "regenerate with the README's command"


@pytest.mark.parametrize(("module", "words"), [
    ("raise OSError('no library called \"cairo-2\" was found')",
     "run 'sudo apt-get install libcairo2'"),
    ("raise ImportError('No module named cairosvg')", "run pip install 'shudu[pictures]'"),
])
def test_the_make_check_says_what_to_install(tmp_path: Path, module: str, words: str) -> None:
    """``make .venv/.installed-test`` runs scripts/check_cairo.sh: a missing libcairo or
    CairoSVG is named with the command that installs it, and the install goes on."""
    import os
    import subprocess
    import sys

    (tmp_path / "cairosvg.py").write_text(module + "\n", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    done = subprocess.run(["bash", str(ROOT / "scripts" / "check_cairo.sh"), sys.executable],
                          capture_output=True, text=True, env=env, timeout=60, check=False)
    assert done.returncode == 0
    assert done.stderr.startswith("PNG/PDF pictures unavailable: ") and words in done.stderr
    assert "Traceback" not in done.stderr
