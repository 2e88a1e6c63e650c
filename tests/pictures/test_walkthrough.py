"""The HTML walk-through of a logic path (``shudu.pictures.walkthrough`` and ``shudu explain
--html``): one picture per step that is not a single, a table of contents that matches the
path, Chinese words with ``lang="zh"``, nothing fetched from the network, the same bytes
every time.

Puzzles: EASY is solved by singles alone; MEDIUM needs pointing and hidden pairs between
runs of singles; CHAINS (from top1465) needs AICs, drawn with arrow markers; TWO has two
solutions (as in test_cli_logic.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from shudu.cli import cli, technique_keys
from shudu.errors import NotUnique
from shudu.logic import SolverConfig, explain, technique
from shudu.pictures.walkthrough import SINGLES, walkthrough_html

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
MEDIUM = "5..7..6....38...........2..62.4............917............35.8.4.....1......9...."
CHAINS = "4.35...2.....16...7............895.....3..8..2...........4...7..9....6...1......."
TWO = "4....98.5.....8...95....3...2.4.7..97...8..3.....1..5.....4...157......4.6.8....."
BASICS_ONLY = SolverConfig(disabled=technique_keys([
    "fish,chains,forcing,als,wings,colouring,single-digit patterns", "subsets,uniqueness",
    "tridagon,exocet,sk-loop,msls"]))
VOID = {"meta", "link", "br", "img", "input", "hr"}


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    children: list[Element] = field(default_factory=list)
    text: str = ""

    def all(self, tag: str | None = None, cls: str | None = None) -> list[Element]:
        """Every descendant with this tag and CSS class."""
        out = []
        for child in self.children:
            if (tag is None or child.tag == tag) and (
                    cls is None or cls in child.attrs.get("class", "").split()):
                out.append(child)
            out += child.all(tag, cls)
        return out

    def words(self) -> str:
        return self.text + "".join(c.words() for c in self.children)


class _Tree(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Element(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Element(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        assert self.stack[-1].tag == tag, (tag, [n.tag for n in self.stack])
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(Element("#text", {}, text=data))


def parse(page: str) -> Element:
    """The page as a tree; fails on an unclosed or misnested element."""
    tree = _Tree()
    tree.feed(page)
    tree.close()
    assert tree.stack == [tree.root], [n.tag for n in tree.stack]
    return tree.root


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.fixture(scope="module")
def medium() -> tuple[str, Element, list]:
    page = walkthrough_html(MEDIUM)
    return page, parse(page), explain(MEDIUM).steps


def test_every_step_that_is_not_a_single_has_its_own_picture(medium) -> None:
    _, doc, steps = medium
    sections = doc.all("section", "step")
    assert all(len(s.all("svg")) == 1 for s in sections)
    assert sum(int(s.attrs["data-steps"]) for s in sections) == len(steps)
    others = [(k, s.technique) for k, s in enumerate(steps, 1) if s.technique not in SINGLES]
    assert len(others) >= 10
    pictured = [(int(s.attrs["data-step"]), s.attrs["data-technique"]) for s in sections
                if s.attrs["data-technique"] != "singles"]
    assert [p for p in pictured if p[1] not in SINGLES] == others
    # a section of several steps holds singles only, and says how many
    for s in sections:
        if int(s.attrs["data-steps"]) > 1:
            items = s.all("li")
            assert len(items) == int(s.attrs["data-steps"])
            assert {i.attrs["data-technique"] for i in items} <= SINGLES
            assert f"{len(items)} singles" in s.all("h2")[0].words()


def test_each_step_has_an_anchor_its_words_and_its_score(medium) -> None:
    page, doc, steps = medium
    for k in range(1, len(steps) + 1):
        assert page.count(f'id="step-{k}"') == 1
    text = doc.words()
    for step in steps:
        assert step.text(3) in text
    assert "difficulty 1.7" in text or "difficulty 1.9" in text   # a pointing's score
    assert page.count('<section class="final" id="final">') == 1
    assert doc.all("code", "puzzle")[0].words() == MEDIUM


def test_the_contents_list_the_path_techniques_with_links(medium) -> None:
    _, doc, steps = medium
    (toc,) = doc.all("nav", "toc")
    entries = {li.attrs["data-technique"]: li for li in toc.all("li")}
    numbers: dict[str, list[int]] = {}
    for k, step in enumerate(steps, 1):
        numbers.setdefault(step.technique, []).append(k)
    assert set(entries) == set(numbers)
    for key, li in entries.items():
        links = [a.attrs["href"] for a in li.all("a")]
        assert links == [f"#step-{k}" for k in numbers[key]]
        assert f"{len(numbers[key])}×" in li.words()
    names = [li.all("span", "tech")[0].words() for li in entries.values()]
    assert names == [technique(key).name for key in entries]
    assert "Locked Candidates Type 1 (Pointing)" in names


def test_ids_are_unique_and_references_resolve(medium) -> None:
    for page in (medium[0], walkthrough_html(CHAINS)):
        ids = re.findall(r'\sid="([^"]+)"', page)
        assert len(ids) == len(set(ids))
        refs = re.findall(r'(?:url\(#|href="#)([^")]+)', page)
        assert refs and set(refs) <= set(ids)
    assert "url(#s" in page   # the chains' arrows, one set per picture


def test_chinese_page(medium) -> None:
    page = walkthrough_html(MEDIUM, lang="zh")
    doc = parse(page)
    assert '<html lang="zh">' in page
    (toc,) = doc.all("nav", "toc")
    keys = [li.attrs["data-technique"] for li in toc.all("li")]
    names = [span.words() for span in toc.all("span", "tech")]
    assert names == [technique(key).name_zh for key in keys]
    assert "隐性唯一" in names and all(re.search(r"[\u4e00-\u9fff]", name) for name in names)
    assert not any(technique(key).name in doc.words() for key in keys)
    steps = explain(MEDIUM).steps
    assert steps[0].text(3, "zh") in doc.words()
    assert "目录" in page and "逻辑解出" in page


def test_the_page_fetches_nothing(medium) -> None:
    page, doc, _ = medium
    for node in doc.all():
        for name, value in node.attrs.items():
            if name != "xmlns":
                assert not re.match(r"\s*(https?:)?//", value), (node.tag, name, value)
    assert not doc.all("script") and not doc.all("link") and not doc.all("img")
    (style,) = doc.all("style")
    assert "url(" not in style.words() and "@import" not in style.words()
    assert "@media print" in style.words()
    assert 'name="viewport"' in page


def test_the_same_path_gives_the_same_page(medium) -> None:
    page, _, _ = medium
    assert walkthrough_html(MEDIUM) == page


def test_text_is_escaped() -> None:
    page = walkthrough_html(EASY, title="<b>Tom & Jerry</b>")
    assert "<title>&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;</title>" in page
    assert "<b>" not in page
    parse(page)


def test_a_path_that_gets_stuck_says_so() -> None:
    page = walkthrough_html(MEDIUM, config=BASICS_ONLY)
    doc = parse(page)
    (final,) = doc.all("section", "final")
    assert "Stuck after" in final.words() and "shudu does not guess" in final.words()
    assert "Solved by logic" not in page


def test_a_path_stopped_at_the_step_limit_says_so() -> None:
    page = walkthrough_html(EASY, max_steps=3, lang="zh")
    assert "推理 3 步后停止：已到步数上限" in page
    assert len(parse(page).all("section", "step")) == 1   # three singles, one picture


def test_several_solutions_raise_unless_anyway() -> None:
    with pytest.raises(NotUnique):
        walkthrough_html(TWO)
    page = walkthrough_html(TWO, anyway=True, config=BASICS_ONLY)
    assert "Stuck after" in page or "Stopped after" in page


def test_a_candidate_state_and_a_6x6_grid() -> None:
    from shudu.logic import iter_steps
    from shudu.values.grid import Grid
    from shudu.values.rules import Rules

    run = iter_steps(MEDIUM, max_steps=5)
    done = list(run)
    doc = parse(walkthrough_html(run.final.to_string729()))
    assert doc.all("code", "puzzle")[0].words() == str(run.final.to_grid())
    assert doc.all("section", "step")[0].attrs["data-step"] == "1"
    assert len(done) == 5

    small = Grid("2.....5...4..1.2....61.....36.......", Rules(6))
    doc = parse(walkthrough_html(small))
    sections = doc.all("section", "step")
    assert sections and all(len(s.all("svg")) == 1 for s in sections)
    assert sum(int(s.attrs["data-steps"]) for s in sections) == len(explain(small).steps)
    assert doc.all("svg")[0].attrs["data-size"] == "6"


# ------------------------------------------------------------------ the command line
def test_explain_html_writes_the_page(tmp_path: Path) -> None:
    out = tmp_path / "walk.html"
    result = run("explain", "--html", str(out), MEDIUM)
    assert result.exit_code == 0
    assert result.stdout == f"Walk-through written to {out}.\n"
    assert out.read_text(encoding="utf-8") == walkthrough_html(MEDIUM)


def test_explain_html_in_chinese(tmp_path: Path) -> None:
    out = tmp_path / "walk.html"
    result = run("explain", "--lang", "zh", "--html", str(out), EASY)
    assert result.exit_code == 0 and "解题过程已写入" in result.stdout
    assert '<html lang="zh">' in out.read_text(encoding="utf-8")


def test_explain_html_numbers_the_pages_of_several_puzzles(tmp_path: Path) -> None:
    out = tmp_path / "walk.html"
    result = run("explain", "--html", str(out), EASY, MEDIUM)
    assert result.exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["walk-2.html", "walk.html"]
    assert (tmp_path / "walk-2.html").read_text(encoding="utf-8") == walkthrough_html(MEDIUM)


def test_explain_html_stuck_exits_1(tmp_path: Path) -> None:
    out = tmp_path / "walk.html"
    result = run("explain", "--html", str(out), "--disable", "subsets", "--disable",
                 "fish,chains,forcing,als,wings,colouring,single-digit patterns,uniqueness",
                 "--disable", "tridagon,exocet,sk-loop,msls", MEDIUM)
    assert result.exit_code == 1
    assert "Stuck after" in out.read_text(encoding="utf-8")


def test_explain_html_several_solutions_answers_as_explain(tmp_path: Path) -> None:
    out = tmp_path / "walk.html"
    plain = run("explain", TWO)
    result = run("explain", "--html", str(out), TWO)
    assert result.exit_code == plain.exit_code == 1
    assert result.stdout == plain.stdout and len(result.stdout.splitlines()) == 1
    assert result.stdout.startswith("Several solutions: e.g. r1c2 is 1 in one and 3")
    assert not out.exists()


def test_explain_html_refuses_json(tmp_path: Path) -> None:
    result = run("explain", "--json", "--html", str(tmp_path / "w.html"), EASY)
    assert result.exit_code == 2
    assert "--html cannot be used with --json" in result.stderr


def test_explain_html_unwritable_path_is_one_error(tmp_path: Path) -> None:
    out = tmp_path / "missing" / "walk.html"
    result = run("explain", "--html", str(out), EASY)
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line == f"shudu: error: cannot write {out}: No such file or directory"


def test_explain_without_html_is_unchanged() -> None:
    result = run("explain", EASY)
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0].startswith(" 1. ")
    assert "<html" not in result.stdout
