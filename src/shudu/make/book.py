"""Printable books of puzzles: a PDF with a title page, numbered puzzles and their
solutions at the back.

Each page is composed as one SVG document (page size in millimetres) holding the grid
pictures of :func:`shudu.pictures.svg` and the captions as text; CairoSVG turns each page
into a PDF page and pypdf joins them.  The text stays text, so ``pdftotext`` reads the
captions and the digits.  The output carries no date: the same puzzles and options give
the same bytes.

Every puzzle in a book has exactly one solution and is captioned with its number, grade
and Sudoku Explainer score, e.g. ``No. 12 · hard · 5.6``.  Puzzles made by
:func:`shudu.make.classic.generate` keep the rating the generator computed;
:func:`generate_book` makes them on several processes, in an order that depends only on
the seed.

Needs the ``pictures`` extra (``pip install 'shudu[pictures]'``: CairoSVG and pypdf).

>>> from shudu.values.grid import Grid
>>> entry = book_entry(
...     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
>>> entry.grade, entry.score, entry.solution.is_complete
('beginner', 1.2, True)
>>> caption(12, entry.grade, entry.score)
'No. 12 · beginner · 1.2'
"""

from __future__ import annotations

import html
import io
import math
import os
import random
import re
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import GenerationError, NotUnique
from ..values.grid import Grid
from ..values.rules import Rules
from ..words.book import BOOK
from ..words.grades import grade as grade_name

if TYPE_CHECKING:
    from ..rating.rater import Rating
    from .classic import Generated

__all__ = [
    "PAGE_SIZES",
    "PER_PAGE",
    "BookPuzzle",
    "book_entry",
    "book_pages",
    "book_seeds",
    "caption",
    "generate_book",
    "make_book",
]

PAGE_SIZES: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""Paper sizes, width and height in millimetres."""

PER_PAGE: dict[int, tuple[int, int]] = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}
"""Puzzles per page and their layout (columns, rows)."""

SOLUTION_LAYOUT: tuple[int, int] = (3, 4)
"""Columns and rows of the small solution grids on a page of solutions."""

MARGIN = 15.0
"""Page margin (mm)."""
FOOTER = 10.0
"""Room at the bottom of a page for its number (mm)."""

FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif"
FONT_ZH = "Noto Sans CJK SC, Source Han Sans SC, WenQuanYi Micro Hei, " + FONT



# ---------------------------------------------------------------------- entries
@dataclass(frozen=True)
class BookPuzzle:
    """One puzzle of a book: the puzzle, its (only) solution and its rating."""

    puzzle: Grid
    solution: Grid
    rating: Rating

    @property
    def grade(self) -> str:
        """The grade (``beginner`` ... ``extreme``)."""
        return self.rating.grade

    @property
    def score(self) -> float:
        """The Sudoku Explainer score."""
        return self.rating.score


def book_entry(obj: Generated | BookPuzzle | Grid | str, rules: Rules | None = None
               ) -> BookPuzzle:
    """A puzzle ready for a book: a :class:`~shudu.make.classic.Generated` keeps the rating
    and solution the generator found (rated now when it carries none); a grid or puzzle
    text is solved and rated.  A puzzle without exactly one solution raises
    :class:`~shudu.errors.NotUnique` (naming where it breaks or where two solutions
    differ).

    >>> book_entry("1" + "." * 80)
    Traceback (most recent call last):
    ...
    shudu.errors.NotUnique: the puzzle has several solutions: e.g. r1c4 is 6 in one and 4 in another
    """
    from ..rating.rater import rate
    from .classic import Generated

    if isinstance(obj, BookPuzzle):
        return obj
    if isinstance(obj, Generated):
        rating = obj.rating if obj.rating is not None and obj.rating.complete else (
            rate(obj.puzzle, known=(1, 0)))
        return BookPuzzle(obj.puzzle, obj.solution, rating)
    from ..solving import engine

    grid = obj if isinstance(obj, Grid) else _parse(obj, rules)
    found = engine.search(grid, limit=2)
    rating = rate(grid, known=(found.count, found.guesses))   # NotUnique unless one
    if found.solution is None:   # pragma: no cover - rate has raised
        raise NotUnique(found.count)
    return BookPuzzle(grid, found.solution, rating)


def _parse(text: str, rules: Rules | None) -> Grid:
    from ..formats import parse

    return parse(text, rules=rules)


def caption(number: int, grade: str, score: float, lang: str = "en") -> str:
    """The caption of a puzzle: number, grade and score.

    >>> caption(12, "hard", 5.55)
    'No. 12 · hard · 5.5'
    >>> caption(3, "hard", 5.6, lang="zh")
    '第 3 题 · 困难 · 5.6'
    """
    if lang == "zh":
        return f"第 {number} 题 · {grade_name(grade, 'zh')} · {score:.1f}"
    return f"No. {number} · {grade} · {score:.1f}"


def _number_label(number: int, lang: str) -> str:
    return f"第 {number} 题" if lang == "zh" else f"No. {number}"


# ---------------------------------------------------------------------- generation
def book_seeds(seed: int | None) -> Iterator[int]:
    """The seeds of the puzzles of a book made with ``seed``: the same ones, in the same
    order, as :func:`shudu.make.classic.generate_many` uses, so a book's puzzles are those
    ``generate_many`` makes with the same options.

    >>> from itertools import islice
    >>> from shudu.make.classic import generate_many
    >>> [g.seed for g in generate_many(2, "4", seed=5)] == list(islice(book_seeds(5), 2))
    True
    """
    master = random.Random(seed if seed is not None
                           else int.from_bytes(os.urandom(8), "little"))
    while True:
        yield master.getrandbits(63)


def _generate_one(args: tuple[Rules | None, int, dict[str, Any], float | None]) -> Any:
    """One puzzle in a worker; errors come back as values (so the pool carries on)."""
    from .classic import generate

    rules, seed, options, deadline = args
    if deadline is not None:
        left = deadline - time.monotonic()
        if left <= 0:
            return GenerationError("out of time")
        options = {**options, "timeout": left}
    try:
        return generate(rules, seed=seed, rated=True, **options)
    except (GenerationError, ValueError) as e:
        return e


def generate_book(
    n: int,
    rules: Rules | str | None = None,
    *,
    seed: int | None = None,
    jobs: int | None = 1,
    timeout: float | None = None,
    **options: Any,
) -> Iterator[Generated]:
    """``n`` different rated puzzles for a book, lazily, on ``jobs`` processes (``None``:
    every core).  The options are those of :func:`shudu.make.classic.generate`; the same
    seed and options give the same puzzles in the same order whatever ``jobs`` is (the
    puzzles of :func:`shudu.make.classic.generate_many`, less any repeat).  ``timeout``
    bounds the whole run in seconds: when it passes, :class:`GenerationError` says how
    many puzzles were made.

    >>> gs = list(generate_book(3, "4", seed=1))
    >>> len({g.puzzle for g in gs}), all(g.rating is not None for g in gs)
    (3, True)
    """
    if n < 0:
        raise ValueError("n must be >= 0")
    if isinstance(rules, str):
        rules = Rules.from_spec(rules)
    options.pop("rated", None)
    deadline = None if timeout is None else time.monotonic() + timeout
    seeds = book_seeds(seed)
    workers = max(1, jobs if jobs is not None else (os.cpu_count() or 1))
    spare = max(10, n)   # repeats tolerated before giving up (tiny grids run out)
    seen: set[Grid] = set()
    made = 0

    def out_of_time() -> GenerationError:
        return GenerationError(f"made {made} of {n} puzzles in {timeout:g} s")

    def accept(result: Any) -> Generated | None:
        nonlocal made, spare
        if isinstance(result, GenerationError) and deadline is not None and (
                time.monotonic() >= deadline):
            raise out_of_time()
        if isinstance(result, Exception):
            raise result
        if result.puzzle in seen:
            spare -= 1
            if spare < 0:
                raise GenerationError(f"made only {made} different puzzles of {n}: the "
                                      f"generator keeps repeating itself")
            return None
        seen.add(result.puzzle)
        made += 1
        return result

    if workers == 1:
        while made < n:
            got = accept(_generate_one((rules, next(seeds), options, deadline)))
            if got is not None:
                yield got
        return
    import multiprocessing as mp
    from collections import deque

    from ..processes import worker_context

    pool = worker_context().Pool(workers)
    try:
        pending: deque[Any] = deque()
        while made < n:
            while len(pending) < min(n - made, 2 * workers) or not pending:
                job = (rules, next(seeds), options, deadline)
                pending.append(pool.apply_async(_generate_one, (job,)))
            head = pending.popleft()
            wait = None if deadline is None else max(0.0, deadline - time.monotonic()) + 1.0
            try:
                result = head.get(wait)
            except mp.TimeoutError:
                raise out_of_time() from None
            got = accept(result)
            if got is not None:
                yield got
        pool.close()
    finally:
        pool.terminate()
        pool.join()


# ---------------------------------------------------------------------- pages
def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def _fmt(x: float) -> str:
    """A number for SVG attributes.

    >>> _fmt(1.0), _fmt(2.345678)
    ('1', '2.346')
    """
    text = f"{x:.3f}".rstrip("0").rstrip(".")
    return text if text != "-0" else "0"


_ROOT = re.compile(r"<svg\b[^>]*>", re.S)
_ATTR = re.compile(r'([\w:-]+)\s*=\s*("[^"]*"|\'[^\']*\')', re.S)


def _length(value: str | None) -> float | None:
    if value is None:
        return None
    m = re.match(r"\s*([0-9.]+)\s*(px)?\s*$", value)
    return float(m.group(1)) if m else None


def nest_svg(picture: str, x: float, y: float, width: float, height: float) -> str:
    """An SVG document placed in the box ``(x, y, width, height)`` of another, as a
    nested ``<svg>`` element (aspect ratio kept, centred).

    >>> nest_svg('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" '
    ...          'width="90" height="90"><rect width="90" height="90"/></svg>', 1, 2, 30, 30)
    '<svg x="1" y="2" width="30" height="30" viewBox="0 0 90 90" \
xmlns="http://www.w3.org/2000/svg"><rect width="90" height="90"/></svg>'
    """
    m = _ROOT.search(picture)
    if m is None:
        raise ValueError("not an SVG document: no <svg> element")
    attrs = dict((k, v[1:-1]) for k, v in _ATTR.findall(m.group(0)))
    view = attrs.get("viewBox")
    if view is None:
        w, h = _length(attrs.get("width")), _length(attrs.get("height"))
        if w is None or h is None:
            raise ValueError("an SVG picture needs a viewBox or width and height in px")
        view = f"0 0 {_fmt(w)} {_fmt(h)}"
    keep = " ".join(f'{k}="{v}"' for k, v in attrs.items()
                    if k not in ("x", "y", "width", "height", "viewBox"))
    head = (f'<svg x="{_fmt(x)}" y="{_fmt(y)}" width="{_fmt(width)}" height="{_fmt(height)}" '
            f'viewBox="{view}"' + (f" {keep}" if keep else "") + ">")
    body = picture[m.end():]
    if m.group(0).rstrip().endswith("/>"):
        body = "</svg>"
    return head + body.rstrip()


@dataclass
class _Page:
    width: float
    height: float
    font: str
    parts: list[str]

    def text(self, x: float, y: float, text: str, size: float, *, bold: bool = False,
             anchor: str = "middle", grey: bool = False) -> None:
        weight = ' font-weight="bold"' if bold else ""
        fill = "#555555" if grey else "#000000"
        self.parts.append(
            f'<text x="{_fmt(x)}" y="{_fmt(y)}" font-size="{_fmt(size)}"{weight} '
            f'text-anchor="{anchor}" fill="{fill}">{_esc(text)}</text>')

    def svg(self, number: int) -> str:
        self.text(self.width / 2, self.height - MARGIN / 2 - 1, str(number), 3.5, grey=True)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" '
                f'xmlns:xlink="http://www.w3.org/1999/xlink" '
                f'width="{_fmt(self.width)}mm" height="{_fmt(self.height)}mm" '
                f'viewBox="0 0 {_fmt(self.width)} {_fmt(self.height)}">'
                f'<rect x="0" y="0" width="{_fmt(self.width)}" height="{_fmt(self.height)}" '
                f'fill="#ffffff"/>'
                f'<g font-family="{_esc(self.font)}">' + "".join(self.parts) + "</g></svg>")


def _grid_boxes(width: float, height: float, cols: int, rows: int, top: float,
                label: float) -> list[tuple[float, float, float]]:
    """``(x, y, side)`` of each grid square, row by row, under ``top`` mm, each with
    ``label`` mm above it for its caption."""
    area_w = width - 2 * MARGIN
    area_h = height - top - MARGIN - FOOTER
    cell_w, cell_h = area_w / cols, area_h / rows
    gap = 6.0 if cols * rows > 1 else 0.0
    side = min(cell_w - gap, cell_h - label - gap)
    boxes = []
    for r in range(rows):
        for c in range(cols):
            x = MARGIN + c * cell_w + (cell_w - side) / 2
            y = top + r * cell_h + (cell_h - side - label) / 2 + label
            boxes.append((x, y, side))
    return boxes


def book_pages(
    puzzles: Iterable[Generated | BookPuzzle | Grid | str],
    *,
    title: str = "Sudoku",
    per_page: int = 1,
    page: str = "a4",
    solutions: bool = True,
    lang: str = "en",
) -> list[str]:
    """The pages of a book, each as one SVG document (see :func:`make_book`).

    >>> pages = book_pages(["..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95"
    ...                     "..8..2.3..9..5.1.3.."], per_page=1)
    >>> len(pages), "No. 1 · beginner · 1.2" in pages[1]
    (3, True)
    """
    from .. import pictures as render

    if per_page not in PER_PAGE:
        raise ValueError(f"per_page must be one of {', '.join(map(str, PER_PAGE))}, "
                         f"not {per_page}")
    key = page.strip().lower()
    if key not in PAGE_SIZES:
        raise ValueError(f"unknown page size {page!r}; expected one of "
                         f"{', '.join(PAGE_SIZES)}")
    if lang not in BOOK:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(BOOK)}")
    entries = [book_entry(p) for p in puzzles]
    width, height = PAGE_SIZES[key]
    font = FONT_ZH if lang == "zh" else FONT
    words = BOOK[lang]
    cols, rows = PER_PAGE[per_page]
    puzzle_pages = math.ceil(len(entries) / per_page)
    scols, srows = SOLUTION_LAYOUT
    per_solution_page = scols * srows

    pages: list[_Page] = []
    # -- title page
    cover = _Page(width, height, font, [])
    size = min(16.0, (width - 2 * MARGIN) / (0.7 * max(1, len(title))))   # long titles fit
    cover.text(width / 2, height * 0.38, title, size, bold=True)
    n = len(entries)
    cover.text(width / 2, height * 0.38 + 14, words["puzzle" if n == 1 else "puzzles"]
               .format(n=n), 7)
    y = height * 0.38 + 24
    if entries:
        from ..rating.rater import GRADES

        counts = {g: sum(e.grade == g for e in entries) for g in GRADES}
        line = " · ".join(f"{grade_name(g, lang)} {k}"
                          for g, k in counts.items() if k)
        cover.text(width / 2, y, line, 5)
        y += 8
        low, high = min(e.score for e in entries), max(e.score for e in entries)
        cover.text(width / 2, y, (words["score"] if low == high else words["scores"])
                   .format(low=low, high=high), 5)
        y += 8
        specs = sorted({e.puzzle.rules.spec for e in entries})
        if specs != ["classic"]:
            cover.text(width / 2, y, words["rules"].format(spec=", ".join(specs)), 5)
            y += 8
        if solutions:
            cover.text(width / 2, y, words["solutions_at"].format(page=2 + puzzle_pages), 5)
    pages.append(cover)

    # -- puzzles
    top = MARGIN
    for start in range(0, n, per_page):
        sheet = _Page(width, height, font, [])
        label = 9.0 if per_page == 1 else 7.0
        for k, (x, y0, side) in enumerate(_grid_boxes(width, height, cols, rows, top, label)):
            if start + k >= n:
                break
            number = start + k + 1
            e = entries[start + k]
            sheet.text(x + side / 2, y0 - 2.5, caption(number, e.grade, e.score, lang),
                       6 if per_page == 1 else 4.5)
            picture = render.svg(e.puzzle, candidates=False, id_prefix=f"p{number}-")
            sheet.parts.append(nest_svg(picture, x, y0, side, side))
        pages.append(sheet)

    # -- solutions
    if solutions:
        for start in range(0, n, per_solution_page):
            sheet = _Page(width, height, font, [])
            sheet.text(width / 2, MARGIN + 4, words["solutions"], 7, bold=True)
            boxes = _grid_boxes(width, height, scols, srows, MARGIN + 8, 5.0)
            for k, (x, y0, side) in enumerate(boxes):
                if start + k >= n:
                    break
                number = start + k + 1
                e = entries[start + k]
                sheet.text(x + side / 2, y0 - 1.5, _number_label(number, lang), 3.5)
                picture = render.svg(e.puzzle, candidates=False, solution=True,
                                     id_prefix=f"s{number}-")
                sheet.parts.append(nest_svg(picture, x, y0, side, side))
            pages.append(sheet)
    return [p.svg(k) for k, p in enumerate(pages, 1)]


def make_book(
    puzzles: Iterable[Generated | BookPuzzle | Grid | str],
    *,
    title: str = "Sudoku",
    per_page: int = 1,
    page: str = "a4",
    solutions: bool = True,
    lang: str = "en",
) -> bytes:
    """A printable PDF book of ``puzzles``: a title page (title, count, grades, scores),
    the puzzles ``per_page`` (1, 2, 4 or 6) to a page on ``page`` paper (``"a4"`` or
    ``"letter"``), each captioned ``No. 12 · hard · 5.6``, then (``solutions=True``)
    their solutions, twelve small grids to a page; every page is numbered.  ``lang``
    (``"en"`` or ``"zh"``) is the language of the words.

    ``puzzles`` are :class:`~shudu.make.classic.Generated` results (their rating is kept),
    :class:`BookPuzzle` values, grids or puzzle text; one without exactly one solution
    raises :class:`~shudu.errors.NotUnique`.  The bytes depend only on the arguments (no
    date is written).

    >>> pdf = make_book(["..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95"
    ...                  "..8..2.3..9..5.1.3.."], title="One")
    >>> pdf[:5]
    b'%PDF-'
    """
    pages = book_pages(puzzles, title=title, per_page=per_page, page=page,
                       solutions=solutions, lang=lang)
    return join_pages(pages, title=title)


def join_pages(pages: Sequence[str], *, title: str | None = None) -> bytes:
    """One PDF of SVG ``pages`` (each converted by CairoSVG, joined by pypdf), with fixed
    metadata: a title, the producer and no date.

    >>> pdf = join_pages(['<svg xmlns="http://www.w3.org/2000/svg" width="10mm" '
    ...                   'height="10mm"><text y="5">hi</text></svg>'] * 2)
    >>> pdf[:5], pdf == join_pages(['<svg xmlns="http://www.w3.org/2000/svg" width="10mm" '
    ...                             'height="10mm"><text y="5">hi</text></svg>'] * 2)
    (b'%PDF-', True)
    """
    cairosvg, PdfReader, PdfWriter = pdf_tools()
    writer = PdfWriter()
    for svg in pages:
        pdf = cairosvg.svg2pdf(bytestring=svg.encode("utf-8"))
        writer.append(PdfReader(io.BytesIO(pdf)))
    info: dict[str, Any] = {"/Producer": "shudu", "/Creator": "shudu book"}
    if title:
        info["/Title"] = title
    writer.add_metadata(info)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def pdf_tools() -> tuple[Any, Any, Any]:
    """CairoSVG and pypdf's reader and writer (the ``pictures`` extra), or
    :class:`~shudu.errors.PicturesUnavailable` naming what is missing.

    >>> cairosvg, reader, writer = pdf_tools()
    >>> writer.__name__
    'PdfWriter'
    """
    from ..errors import PicturesUnavailable

    try:
        import cairosvg
    except ImportError as e:
        raise PicturesUnavailable("cairosvg") from e
    except OSError as e:   # cairocffi found no libcairo
        raise PicturesUnavailable("the Cairo library (libcairo2)") from e
    try:
        from pypdf import PdfReader, PdfWriter
    except ImportError as e:
        raise PicturesUnavailable("pypdf") from e
    return cairosvg, PdfReader, PdfWriter
