"""Printable books (``shudu.make.book`` and ``shudu book``): pages, captions, text that stays
text, reproducible bytes, unique puzzles, file input and errors.

Small books of easy puzzles keep the suite fast."""

from __future__ import annotations

import importlib
import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from pypdf import PdfReader

import shudu
from conftest import missing_tool
from shudu.cli import cli
from shudu.errors import GenerationError, NotUnique
from shudu.make import book as bookmod
from shudu.make.book import BookPuzzle, book_entry, caption, generate_book, make_book
from shudu.make.classic import generate_many

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
HARD17 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
TWO = "4....98.5.....8...95....3...2.4.7..97...8..3.....1..5.....4...157......4.6.8....."


@pytest.fixture(scope="module")
def puzzles() -> list[shudu.make.classic.Generated]:
    return list(generate_book(5, seed=2026, grade="easy"))


def _pdf(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def _text(data: bytes) -> str:
    return "\n".join(p.extract_text() for p in _pdf(data).pages)


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


# ---------------------------------------------------------------------- the library
def test_a_book_has_a_title_page_the_puzzles_and_the_solutions(puzzles: list) -> None:
    pdf = make_book(puzzles, title="Easy five", per_page=1)
    assert pdf.startswith(b"%PDF")
    reader = _pdf(pdf)
    assert len(reader.pages) == 1 + 5 + 1   # title, one puzzle a page, one solutions page
    pages = [p.extract_text() for p in reader.pages]
    assert "Easy five" in pages[0] and "5 puzzles" in pages[0] and "easy 5" in pages[0]
    assert "Solutions from page 7" in pages[0]
    for k, g in enumerate(puzzles, 1):
        words = caption(k, g.rating.grade, g.rating.score)
        assert words == f"No. {k} · easy · {g.rating.score:.1f}"
        assert words in pages[k]
        assert f"No. {k}" in pages[6]
    assert "Solutions" in pages[6]
    for k, text in enumerate(pages, 1):   # every page is numbered
        assert re.search(rf"(^|\n)\s*{k}\s*$", text), (k, text[-40:])
    assert reader.metadata.title == "Easy five"
    assert reader.metadata.creation_date is None


def test_pages_per_layout_and_paper(puzzles: list) -> None:
    four = _pdf(make_book(puzzles, per_page=4, solutions=False))
    assert len(four.pages) == 1 + 2
    six = _pdf(make_book(puzzles * 3, per_page=6, page="letter"))   # 15 puzzles
    assert len(six.pages) == 1 + 3 + 2
    box = six.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)
    a4 = _pdf(make_book(puzzles[:1])).pages[0].mediabox
    assert (round(float(a4.width)), round(float(a4.height))) == (595, 842)


def test_the_solutions_page_shows_every_solution(puzzles: list) -> None:
    from shudu import pictures as render

    pages = bookmod.book_pages(puzzles[:2])
    for k, g in enumerate(puzzles[:2], 1):
        picture = render.svg(g.puzzle, candidates=False, solution=True, id_prefix=f"s{k}-")
        body = picture[picture.index(">", picture.index("<svg")) + 1:]
        assert body.strip() in pages[-1]
    text = _pdf(make_book(puzzles[:1])).pages[-1].extract_text()
    assert len(re.findall(r"[1-9]", text)) >= 81


def test_pdftotext_reads_the_captions(puzzles: list, tmp_path: Path) -> None:
    if shutil.which("pdftotext") is None:
        missing_tool("pdftotext is not installed", "poppler-utils")
    path = tmp_path / "book.pdf"
    path.write_bytes(make_book(puzzles, per_page=2, title="Printed"))
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert "Printed" in text
    for k, g in enumerate(puzzles, 1):
        assert caption(k, g.rating.grade, g.rating.score) in text


def test_the_same_seed_gives_the_same_puzzles_and_the_same_bytes() -> None:
    a = list(generate_book(4, seed=7, grade="easy", jobs=1))
    b = list(generate_book(4, seed=7, grade="easy", jobs=2))
    assert [g.puzzle for g in a] == [g.puzzle for g in b]
    assert [g.puzzle for g in a] == [g.puzzle for g in generate_many(4, seed=7, grade="easy")]
    assert make_book(a, title="T") == make_book(b, title="T")
    assert make_book(a, title="T") != make_book(a[::-1], title="T")


def test_every_puzzle_of_a_book_is_unique_and_different(puzzles: list) -> None:
    assert len({g.puzzle for g in puzzles}) == len(puzzles)
    for g in puzzles:
        assert shudu.count(g.puzzle) == 1
        assert g.solution.is_solution_of(g.puzzle)
        assert g.rating is not None and g.rating.grade == "easy"


def test_repeats_are_left_out_deterministically(monkeypatch: pytest.MonkeyPatch) -> None:
    gen = importlib.import_module("shudu.make.classic")   # the module, not the function
    made = {k: gen.generate("4", seed=k, rated=True) for k in range(3)}

    def three(rules: object, *, seed: int, **options: object) -> gen.Generated:
        return made[seed % 3]   # only three different puzzles

    monkeypatch.setattr(gen, "generate", three)
    got = list(generate_book(3, "4", seed=1))
    assert sorted(g.puzzle.to_string() for g in got) == sorted(
        g.puzzle.to_string() for g in made.values())
    with pytest.raises(GenerationError, match="made only 3 different puzzles of 4"):
        list(generate_book(4, "4", seed=1))
    # workers start clean (no fork of this process): they run the real generator, and the
    # parent's choice of what to keep gives the same book as one process does
    monkeypatch.undo()
    assert list(generate_book(6, "4", seed=1, jobs=2)) == list(generate_book(6, "4", seed=1))


def test_the_generators_rating_is_reused(puzzles: list, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    def no_rating(*args: object, **kwargs: object) -> None:
        raise AssertionError("rated twice")

    monkeypatch.setattr("shudu.rating.rater.rate", no_rating)
    entry = book_entry(puzzles[0])
    assert entry.rating is puzzles[0].rating and entry.solution == puzzles[0].solution


def test_puzzle_text_is_solved_and_rated() -> None:
    entry = book_entry(EASY)
    assert isinstance(entry, BookPuzzle)
    assert entry.solution == shudu.solve(EASY) and entry.grade == "beginner"
    with pytest.raises(NotUnique, match="several solutions"):
        book_entry(TWO)
    with pytest.raises(NotUnique):
        make_book([EASY, TWO])


def test_bad_layouts_are_refused() -> None:
    with pytest.raises(ValueError, match="per_page"):
        make_book([EASY], per_page=3)
    with pytest.raises(ValueError, match="page size"):
        make_book([EASY], page="a5")


def test_chinese_words() -> None:
    assert caption(3, "hard", 5.6, lang="zh") == "第 3 题 · 困难 · 5.6"
    pages = bookmod.book_pages([EASY], lang="zh")
    assert "答案" in pages[-1] and "第 1 题 · 入门 · 1.2" in pages[1]


def test_grids_get_distinct_ids(puzzles: list) -> None:
    pages = bookmod.book_pages(puzzles, per_page=6)
    ids = re.findall(r'\bid="([^"]+)"', "".join(pages))
    assert len(ids) == len(set(ids))


def test_generation_runs_out_of_time() -> None:
    with pytest.raises(GenerationError, match=r"made 0 of 3 puzzles in 0.001 s"):
        list(generate_book(3, seed=1, grade="extreme", timeout=0.001, jobs=2))


# ---------------------------------------------------------------------- the command
def test_command_makes_the_same_book_from_the_same_seed(tmp_path: Path) -> None:
    one, two = tmp_path / "one.pdf", tmp_path / "two.pdf"
    r = run("book", "-n", "3", "--grade", "easy", "--seed", "5", "--jobs", "1",
            "--title", "Seeded", "-o", str(one))
    assert r.exit_code == 0, r.stderr
    assert "wrote" in r.stderr and "3 puzzles, 5 pages" in r.stderr
    r = run("book", "-n", "3", "--grade", "easy", "--seed", "5", "--jobs", "2",
            "--title", "Seeded", "-o", str(two))
    assert r.exit_code == 0, r.stderr
    assert one.read_bytes() == two.read_bytes()
    text = _text(one.read_bytes())
    assert "Seeded" in text and "No. 3 · easy" in text


def test_command_reads_a_file(tmp_path: Path) -> None:
    src = tmp_path / "puzzles.sdm"
    src.write_text(f"{EASY}\n{HARD17}\n", encoding="utf-8")
    out = tmp_path / "book.pdf"
    r = run("book", str(src), "--per-page", "2", "--no-solutions", "-o", str(out))
    assert r.exit_code == 0, r.stderr
    reader = _pdf(out.read_bytes())
    assert len(reader.pages) == 1 + 1
    text = _text(out.read_bytes())
    assert "No. 1 · beginner · 1.2" in text and "No. 2 ·" in text


def test_command_leaves_out_puzzles_without_one_solution(tmp_path: Path) -> None:
    src = tmp_path / "puzzles.sdm"
    src.write_text(f"{EASY}\n{TWO}\n", encoding="utf-8")
    out = tmp_path / "book.pdf"
    r = run("book", str(src), "-o", str(out))
    assert r.exit_code == 1
    errors = [line for line in r.stderr.splitlines() if line.startswith("shudu: error:")]
    assert errors == [f"shudu: error: {src}, line 2: the puzzle has several solutions: "
                      + errors[0].split("several solutions: ")[1]]
    assert len(_pdf(out.read_bytes()).pages) == 1 + 1 + 1


def test_command_bad_input_is_one_line(tmp_path: Path) -> None:
    src = tmp_path / "bad.sdm"
    src.write_text(EASY[:10] + "Q" + EASY[11:] + "\n", encoding="utf-8")
    out = tmp_path / "book.pdf"
    r = run("book", str(src), "-o", str(out))
    assert r.exit_code != 0
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"shudu: error: {src}, line 1, column 11")
    assert not out.exists()


def test_command_usage_errors(tmp_path: Path) -> None:
    out = str(tmp_path / "b.pdf")
    for args in (["--per-page", "3"], ["--page", "a5"], ["-n", "0"], [EASY, "--grade", "hard"],
                 []):
        r = run("book", *args, *(["-o", out] if args else []))
        assert r.exit_code == 2, (args, r.stderr)
        lines = r.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("shudu: error: "), r.stderr


def test_command_timeout_says_so(tmp_path: Path) -> None:
    out = tmp_path / "b.pdf"
    r = run("book", "-n", "4", "--grade", "extreme", "--timeout", "0.001", "--jobs", "1",
            "-o", str(out))
    assert r.exit_code == 1
    assert r.stderr.splitlines() == [
        "shudu: error: made 0 of 4 puzzles in 0.001 s (--timeout); no book written"]
    assert not out.exists()


def test_command_writes_standard_output() -> None:
    r = run("book", EASY, "--lang", "zh", "--title", "数独", "-o", "-")
    assert r.exit_code == 0, r.stderr
    assert r.stdout_bytes.startswith(b"%PDF") and r.stderr == ""
    reader = _pdf(r.stdout_bytes)
    assert len(reader.pages) == 3 and reader.metadata.title == "数独"
