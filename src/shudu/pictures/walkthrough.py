"""A whole logic path as one self-contained HTML page: the puzzle, a table of contents
by technique, one section per step with its picture, and the grid reached at the end.

The page needs no network: pictures are inline SVG (:func:`shudu.pictures.svg`), the
style sheet is inline, there is no script and no external font.  It reads on a phone,
and prints one step per block (no page break inside a picture).

>>> page = walkthrough_html(
...     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
>>> page.startswith("<!DOCTYPE html>"), '<html lang="en">' in page, 'id="step-1"' in page
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING

from ..words import walkthrough as walkthrough_words

if TYPE_CHECKING:
    from ..logic.solver import SolverConfig, StepRun
    from ..logic.step import Step
    from ..values.candidates import Candidates
    from ..values.grid import Grid

__all__ = ["SINGLES", "path_html", "walkthrough_html"]

SINGLES = frozenset({"full-house", "hidden-single", "naked-single"})
"""The techniques whose consecutive steps share one section and one picture."""

_CSS = """\
*{box-sizing:border-box}
body{margin:0 auto;max-width:48rem;padding:1rem;line-height:1.5;color:#1a1a1a;
background:#fff;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",
"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif}
h1{font-size:1.5rem;margin:.5rem 0}
h2{font-size:1.15rem;margin:0 0 .4rem}
code.puzzle{display:block;overflow-wrap:anywhere;font-size:.85rem;background:#f4f4f4;
padding:.3rem .5rem;border-radius:.25rem}
figure{margin:.5rem 0;break-inside:avoid;page-break-inside:avoid}
figure svg{display:block;width:100%;max-width:26rem;height:auto}
nav.toc ul{list-style:none;padding:0;margin:0}
nav.toc li{margin:.2rem 0}
nav.toc .count{color:#555;margin:0 .3rem}
nav.toc a{display:inline-block;min-width:1.6rem;text-align:center;margin:0 .1rem}
section.step,section.final{border-top:1px solid #ccc;padding:.8rem 0}
.num{display:inline-block;min-width:2rem;font-weight:bold}
.score{color:#555;font-weight:normal;font-size:.9rem;margin-left:.4rem}
ol.singles{padding-left:2.5rem;margin:.3rem 0}
.note,.status{color:#444}
.status{font-weight:bold}
a{color:#0645ad}
@media (max-width:30rem){body{padding:.5rem}h1{font-size:1.25rem}}
@media print{body{max-width:none;padding:0}
a{color:inherit;text-decoration:none}
nav.toc{break-after:page;page-break-after:always}
section.step,section.final,header{break-inside:avoid;page-break-inside:avoid}
figure svg{max-width:12cm}}
"""


@dataclass
class _Section:
    """Steps shown together: one step, or a run of consecutive singles."""

    first: int                  # number of the first step, from 1
    steps: list[Step]
    scores: list[float]
    before: Candidates          # the state before the first step

    @property
    def grouped(self) -> bool:
        return len(self.steps) > 1


def walkthrough_html(puzzle: str | Grid | Candidates, *, lang: str = "en",
                     config: SolverConfig | None = None, timeout: float | None = None,
                     title: str | None = None, anyway: bool = False,
                     max_steps: int | None = None, level: int = 3) -> str:
    """The whole logic path of a puzzle as one self-contained HTML page.

    The path is a logic session (:func:`shudu.logic.session.session`, as
    :func:`shudu.explain`'s): the puzzle is checked first (raising
    :class:`~shudu.errors.NotUnique` or :class:`~shudu.errors.NoSolution` unless
    ``anyway``); ``config``, ``timeout`` and ``max_steps`` bound the path as there.
    ``lang`` is ``"en"`` or ``"zh"`` (中文), ``level`` the detail of each step's words
    (:meth:`shudu.logic.Step.text`), ``title`` the page's heading.  See :func:`path_html`
    for what the page holds.

    >>> page = walkthrough_html("12345678." + "." * 72, anyway=True, max_steps=1, lang="zh")
    >>> '<html lang="zh">' in page, "满格" in page, "已到步数上限" in page
    (True, True, True)
    >>> walkthrough_html("." * 81)
    Traceback (most recent call last):
    ...
    shudu.errors.NotUnique: the puzzle has several solutions: e.g. r2c1 is 7 in one and 4 in another
    """
    from ..logic.session import session

    run = session(puzzle, config=config, anyway=anyway, timeout=timeout, max_steps=max_steps)
    return path_html(run, lang=lang, title=title, level=level)


def path_html(run: StepRun, *, lang: str = "en", title: str | None = None, level: int = 3,
              on_step: Callable[[Step], object] | None = None) -> str:
    """Run a logic path to its end and return it as one self-contained HTML page.

    The page holds a header (the puzzle, and under a solved path its number of steps and
    hardest step with its Sudoku Explainer score and grade), a table of contents by
    technique (each technique's steps, linked to ``#step-N``), one ``<section
    class="step">`` per step with its number, technique, words, score and picture (the
    state before the step, drawn by :func:`shudu.pictures.svg`), and the grid reached.
    Consecutive singles share one section and one picture (``data-steps`` counts them);
    every other step has its own.  A path that got stuck or stopped at a limit says so.
    ``on_step`` is called with each step as it is found.  The page depends only on the
    path, so the same path always gives the same bytes.

    >>> from shudu.logic import StepRun
    >>> page = path_html(StepRun("12345678." + "." * 72, max_steps=1))
    >>> page.count('<section class="step"'), "the step limit was reached" in page
    (1, True)
    """
    from ..logic.weighed import step_score

    words = walkthrough_words.words(lang)
    sections: list[_Section] = []
    n = 0
    while True:
        before = run.final.copy()
        try:
            step = next(run)
        except StopIteration:
            break
        n += 1
        score = run.weights[-1] if run.weigh else step_score(step, before)
        last = sections[-1] if sections else None
        if (last is not None and step.technique in SINGLES
                and all(s.technique in SINGLES for s in last.steps)):
            last.steps.append(step)
            last.scores.append(score)
        else:
            sections.append(_Section(n, [step], [score], before))
        if on_step is not None:
            on_step(step)
    steps = [s for sec in sections for s in sec.steps]
    scores = [x for sec in sections for x in sec.scores]
    lang = "zh" if lang == "zh" else "en"
    heading = title if title is not None else words["title"]
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{lang}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(heading)}</title>",
        f"<style>\n{_CSS}</style>",
        "</head>",
        "<body>",
        _header(run, heading, steps, scores, words, lang),
        _contents(steps, words, lang),
        '<main class="steps">',
    ]
    out += [_section(sec, words, lang, level) for sec in sections]
    out.append(_ending(run, len(steps), words, lang))
    out += ["</main>", "</body>", "</html>", ""]
    return "\n".join(out)


def _name(step: Step, lang: str) -> str:
    info = step.info
    return str(info.name_zh if lang == "zh" else info.name)


def _score(score: float) -> str:
    return f"{score:g}"


def _header(run: StepRun, heading: str, steps: list[Step], scores: list[float],
            words: dict[str, str], lang: str) -> str:
    from .picture import svg

    start = run.start
    lines = ["<header>", f"<h1>{escape(heading)}</h1>",
             f'<code class="puzzle">{escape(str(start.to_grid()))}</code>']
    if run.final.is_solved and steps:
        top = max(range(len(steps)), key=lambda k: scores[k])
        from ..rating.rater import grade_for_score

        grade = grade_for_score(scores[top])
        grade = walkthrough_words.grade(grade, lang)
        line = words["summary"].format(n=len(steps), name=_name(steps[top], lang),
                                       score=_score(scores[top]), grade=grade)
        lines.append(f'<p class="summary">{escape(line)}</p>')
    picture = svg(start, candidates=False, lang=lang, id_prefix="puzzle-")
    lines.append(f'<figure class="puzzle">{picture}</figure>')
    lines.append("</header>")
    return "\n".join(lines)


def _contents(steps: list[Step], words: dict[str, str], lang: str) -> str:
    """The table of contents: each technique used, in the solver's order, with how often
    and links to its steps."""
    if not steps:
        return ""
    from ..logic.registry import techniques

    order = {t.key: k for k, t in enumerate(techniques())}
    numbers: dict[str, list[int]] = {}
    first: dict[str, Step] = {}
    for k, step in enumerate(steps, 1):
        numbers.setdefault(step.technique, []).append(k)
        first.setdefault(step.technique, step)
    lines = ['<nav class="toc">', f"<h2>{escape(words['contents'])}</h2>", "<ul>"]
    for key in sorted(numbers, key=lambda t: (order.get(t, len(order)), t)):
        links = " ".join(f'<a href="#step-{k}">{k}</a>' for k in numbers[key])
        count = escape(words["count"].format(k=len(numbers[key])))
        lines.append(f'<li data-technique="{escape(key)}"><span class="tech">'
                     f'{escape(_name(first[key], lang))}</span><span class="count">{count}'
                     f"</span>{links}</li>")
    lines += ["</ul>", "</nav>"]
    return "\n".join(lines)


def _merged(sec: _Section) -> Step:
    """One step that places every digit of a run of singles (for its picture)."""
    from ..logic.step import Step

    placements = [p for s in sec.steps for p in s.placements]
    return Step("naked-single", placements=placements,
                cells={"cell": sorted({c for c, _ in placements})}, rules=sec.before.rules)


def _section(sec: _Section, words: dict[str, str], lang: str, level: int) -> str:
    from .picture import svg

    if not sec.grouped:
        step, score, n = sec.steps[0], sec.scores[0], sec.first
        picture = svg(sec.before, step=step, lang=lang, id_prefix=f"s{n}-")
        return "\n".join([
            f'<section class="step" id="step-{n}" data-step="{n}" '
            f'data-technique="{escape(step.technique)}" data-steps="1">',
            f'<h2><span class="num">{n}.</span> {escape(_name(step, lang))}'
            f'<span class="score">{escape(words["score"].format(score=_score(score)))}'
            "</span></h2>",
            f'<p class="text">{escape(step.text(level, lang))}</p>',
            f'<figure class="picture">{picture}</figure>',
            "</section>",
        ])
    a, k = sec.first, len(sec.steps)
    b = a + k - 1
    heading = words["singles"].format(a=a, b=b, k=k)
    picture = svg(sec.before, step=_merged(sec), candidates=False, lang=lang, title=heading,
                  id_prefix=f"s{a}-")
    lines = [
        f'<section class="step singles" id="steps-{a}-{b}" data-step="{a}" '
        f'data-technique="singles" data-steps="{k}">',
        f"<h2>{escape(heading)}</h2>",
        f'<p class="note">{escape(words["singles_note"].format(k=k))}</p>',
        f'<figure class="picture">{picture}</figure>',
        f'<ol class="singles" start="{a}">',
    ]
    for n, (step, score) in enumerate(zip(sec.steps, sec.scores), a):
        lines.append(
            f'<li id="step-{n}" data-step="{n}" data-technique="{escape(step.technique)}">'
            f'<span class="tech">{escape(_name(step, lang))}</span>: '
            f"{escape(step.text(level, lang))}"
            f'<span class="score">{escape(words["score"].format(score=_score(score)))}'
            "</span></li>")
    lines += ["</ol>", "</section>"]
    return "\n".join(lines)


def _ending(run: StepRun, n: int, words: dict[str, str], lang: str) -> str:
    """The grid reached, and in words why the path ended when logic did not finish."""
    from .picture import svg

    solved = run.final.is_solved
    status = ""
    if solved and n == 0:
        status = words["done"]
    elif run.stopped == "timeout":
        status = words["timeout"].format(n=n, seconds=run.timeout or 0)
    elif run.stopped == "max-steps":
        status = words["max_steps"].format(n=n)
    elif not solved:
        status = words["stuck"].format(n=n)
    head = words["solution"] if solved else words["final"]
    lines = ['<section class="final" id="final">', f"<h2>{escape(head)}</h2>"]
    if status:
        lines.append(f'<p class="status">{escape(status)}</p>')
    picture = svg(run.final, candidates=not solved, solution=False, lang=lang,
                  id_prefix="final-")
    lines += [f'<figure class="picture">{picture}</figure>', "</section>"]
    return "\n".join(lines)
