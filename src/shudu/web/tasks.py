"""What each call of the web API computes: plain functions from JSON values to JSON values.

They run in a worker process (:mod:`shudu.web.workers`) and only call the library.  A
puzzle is text in any notation shudu reads, with ``rules`` as a spec (``"x"``,
``"16"``) or a JSON rules object; the player's position is ``values`` (one digit per
cell, 0 for empty, givens included) and ``candidates`` (per cell, the digits the player
left as candidates, or ``None`` where the player marked nothing: every digit the
placed digits allow).

>>> p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
>>> read(p)["status"], hint(p, level=1)["text"]
('unique', 'Look for a Hidden Single.')
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from ..errors import NoSolution, NotUnique, ParseError
from ..formats import detect_format, parse, parse_pencilmarks
from ..values.candidates import Candidates
from ..values.grid import Grid, digit_symbol
from ..values.rules import CONSTRAINT_HOUSES, Rules
from ..words.web import api_text

__all__ = ["TASKS", "count", "explain", "generate", "hint", "rate", "read", "refute",
           "render", "set_bench", "solve", "techniques"]

LANGS = ("en", "zh")

#: The share of a rating's time limit its walk may take before it answers with what it
#: knows (the rest is left for the step under way when the time runs out).
RATE_SHARE = 0.6

#: Largest ``limit`` a count may ask for.
MAX_COUNT = 1_000_000_000


# ---------------------------------------------------------------------- inputs
def _rules(rules: Any) -> Rules | None:
    """Rules from a spec string or a JSON rules object (``None``: from the puzzle)."""
    if rules is None or rules == "":
        return None
    if isinstance(rules, str):
        return Rules.from_spec(rules)
    if isinstance(rules, dict):
        return Rules.from_dict(rules)
    if isinstance(rules, int) and not isinstance(rules, bool):
        return Rules.from_spec(str(rules))
    raise ParseError("expected rules as a spec such as 'x' or a rules object",
                     found=type(rules).__name__)


def _text(puzzle: Any) -> str:
    if not isinstance(puzzle, str):
        raise ParseError("expected the puzzle as text", found=type(puzzle).__name__)
    if not puzzle.strip():
        raise ParseError("expected a puzzle, found nothing")
    return puzzle


def _grid(puzzle: Any, rules: Any = None) -> Grid:
    return parse(_text(puzzle), rules=_rules(rules))


def _lang(lang: Any) -> str:
    if lang not in LANGS:
        raise ParseError("expected lang 'en' or 'zh'", found=str(lang))
    return str(lang)


def _level(level: Any) -> int:
    if level not in (1, 2, 3) or isinstance(level, bool):
        raise ParseError("expected level 1, 2 or 3", found=str(level))
    return int(level)


def _timeout(timeout: Any) -> float:
    if not isinstance(timeout, int | float) or isinstance(timeout, bool) or timeout <= 0:
        raise ParseError("expected a positive timeout in seconds", found=str(timeout))
    return float(timeout)


def _cell_list(cells: Sequence[int], n: int) -> list[list[int]]:
    return [[c // n + 1, c % n + 1] for c in cells]


def _values(values: Any, grid: Grid) -> list[int]:
    """The player's digits (givens included), checked: one per cell, givens kept."""
    n = grid.size
    if values is None:
        return list(grid.cells)
    if not isinstance(values, list) or len(values) != n * n:
        raise ParseError(f"expected values as a list of {n * n} digits (0 for empty)",
                         found=f"{len(values)} values" if isinstance(values, list)
                         else type(values).__name__)
    out = []
    for cell, v in enumerate(values):
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= n:
            raise ParseError(f"expected a digit 0-{n} in values",
                             found=f"{v!r} at {grid.rules.cell_name(cell)}")
        given = grid.cells[cell]
        if given and v != given:
            raise ParseError(f"expected the given {given} at {grid.rules.cell_name(cell)}",
                             found=str(v))
        out.append(v)
    return out


def _marks(candidates: Any, grid: Grid) -> list[tuple[int, ...] | None]:
    """The player's candidates per cell (``None``: not marked)."""
    n = grid.size
    if candidates is None:
        return [None] * (n * n)
    if not isinstance(candidates, list) or len(candidates) != n * n:
        raise ParseError(f"expected candidates as a list of {n * n} entries (a list of "
                         "digits, or null)", found=type(candidates).__name__)
    out: list[tuple[int, ...] | None] = []
    for cell, marks in enumerate(candidates):
        if marks is None:
            out.append(None)
            continue
        if not isinstance(marks, list) or not all(
                isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= n for d in marks):
            raise ParseError(f"expected a list of digits 1-{n} as candidates",
                             found=f"{marks!r} at {grid.rules.cell_name(cell)}")
        out.append(tuple(sorted(set(marks))) if marks else None)
    return out


def _state(grid: Grid, values: list[int], marks: list[tuple[int, ...] | None]) -> Candidates:
    """The logic state of a position: the candidates the placed digits leave, less the
    ones the player removed."""
    cands = Candidates.from_grid(Grid(values, grid.rules, check=False))
    cands.givens = grid.cells
    for cell, m in enumerate(marks):
        if m is None or cands.values[cell]:
            continue
        for d in cands.digits_of(cell):
            if d not in m:
                cands.eliminate(cell, d)
    return cands


def _state_json(cands: Candidates) -> dict[str, Any]:
    return {"values": list(cands.values),
            "candidates": [list(cands.digits_of(c)) if not cands.values[c] else []
                           for c in range(len(cands.values))]}


@lru_cache(maxsize=256)
def _solution(grid: Grid) -> Grid:
    """The one solution of a puzzle (raising as the logic functions do otherwise)."""
    from ..logic.verdict import check

    found = check(grid)
    if found.status != "unique":   # rules the engine cannot check yet
        from ..solving.engine import solve as engine_solve

        sol = engine_solve(grid, grid.rules)
        if sol is None:
            raise NoSolution()
        return sol
    return found.solutions[0]


def _layout(rules: Rules) -> dict[str, Any]:
    """What the page needs to draw and check a grid of these rules."""
    n = rules.size
    houses = rules.houses
    return {
        "size": n,
        "spec": rules.spec,
        "rules": rules.to_dict(),
        "boxes": [rules.box_of(c) for c in range(n * n)],
        "extra": [{"kind": h.kind, "cells": list(h.cells)} for h in houses[3 * n:]
                  if h.kind not in CONSTRAINT_HOUSES],   # drawn as constraints
        "peers": [list(p) for p in rules.peers],
        "cages": [{"cells": list(c.cells), "sum": c.total} for c in rules.constraints
                  if getattr(c, "kind", None) == "killer"],
        "marks": _constraint_marks(rules),
        "notes": _rule_notes(rules),
    }


def _rule_notes(rules: Rules) -> dict[str, list[str]]:
    """The rules over the whole grid that no mark shows (anti-knight, non-consecutive,
    negative constraints ...), in words per language, for the page to write beside the
    grid.

    >>> _rule_notes(Rules(anti_knight=True))["en"]
    ["Anti-knight: equal digits never a knight's move apart"]
    """
    from ..pictures.picture import rule_notes

    return {lang: [text for _, text in rule_notes(rules, lang)] for lang in ("en", "zh")}


def _constraint_marks(rules: Rules) -> dict[str, Any] | None:
    """The other constraints as SVG for the page to lay over its grid: the drawing with a
    cell 100 units wide from the grid's corner, and the room outside the grid its clues
    take (the same marks the pictures draw).

    >>> from shudu.values.constraints import Thermo
    >>> m = _constraint_marks(Rules(4, constraints=(Thermo((0, 1)),)))
    >>> m["margin"], 'class="thermo"' in m["svg"]
    (0, True)
    """
    from ..pictures import marks

    n = rules.size
    svg = marks.under(rules, n, 100, 0) + marks.over(rules, n, 100, 0)
    if not svg:
        return None
    return {"svg": svg, "margin": marks.margin(rules) * 100 // 60, "units": n * 100}


# ---------------------------------------------------------------------- tasks
def read(puzzle: str, rules: Any = None, format: str | None = None) -> dict[str, Any]:
    """Read a puzzle in any notation: its grid, layout, pencilmarks when the text had
    them, and whether it has one solution (with the solution), none or several (naming
    a cell where two differ).

    >>> r = read(".2343.1221.3432.", "4")
    >>> r["puzzle"], r["status"], r["solution"], r["size"]
    ('.2343.1221.3432.', 'unique', '1234341221434321', 4)
    >>> read("." * 81)["message"]
    'the puzzle has several solutions: e.g. r2c1 is 7 in one and 4 in another'
    """
    text = _text(puzzle)
    rules_ = _rules(rules)
    fmt = format or detect_format(text)
    grid = parse(text, rules=rules_, format=format)
    out: dict[str, Any] = {"puzzle": grid.to_string(), "format": fmt,
                           "clues": grid.clue_count, **_layout(grid.rules),
                           "values": None, "candidates": None}
    if fmt in ("pencilmarks", "729"):
        state = Candidates.from_pencilmarks(parse_pencilmarks(text, rules=rules_,
                                                              format=format))
        out.update(_state_json(state))
    try:
        solution = _solution(grid)
    except NoSolution as e:
        out.update(status="none", message=str(e), solution=None, cell=None)
    except NotUnique as e:
        out.update(status="multiple" if e.count else "none", message=str(e), solution=None,
                   cell=_cell_list([e.cell], grid.size)[0] if e.cell is not None else None)
    else:
        out.update(status="unique", message=None, solution=solution.to_string(), cell=None)
    return out


def solve(puzzle: str, rules: Any = None) -> dict[str, Any]:
    """The first solution (``null`` when there is none) and how many there are (up to 2).

    >>> solve(".2343.1221.3432.", "4")
    {'solution': '1234341221434321', 'count': 1, 'status': 'unique'}
    """
    from ..solving.engine import search

    grid = _grid(puzzle, rules)
    found = search(grid, grid.rules, limit=2)
    status = {0: "none", 1: "unique"}.get(found.count, "multiple")
    return {"solution": found.solution.to_string() if found.solution is not None else None,
            "count": found.count, "status": status}


def count(puzzle: str, rules: Any = None, limit: int = 2) -> dict[str, Any]:
    """The number of solutions, counting no further than ``limit``.

    >>> count("." * 16, "4", limit=1000)
    {'count': 288, 'limit': 1000, 'complete': True}
    """
    from ..solving.engine import count as engine_count

    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= MAX_COUNT:
        raise ParseError(f"expected a limit from 1 to {MAX_COUNT}", found=str(limit))
    grid = _grid(puzzle, rules)
    found = engine_count(grid, limit, grid.rules)
    return {"count": found, "limit": limit, "complete": found < limit}


def _masks(marks: list[tuple[int, ...] | None], n: int) -> list[int]:
    """The player's marks as candidate bitmasks (every digit where nothing is marked)."""
    full = (1 << n) - 1
    return [full if m is None else sum(1 << (d - 1) for d in m) for m in marks]


def _mistakes(grid: Grid, solution: Grid, values: list[int],
              marks: list[tuple[int, ...] | None], lang: str) -> list[dict[str, Any]]:
    """Digits the player placed wrongly, else candidates the player removed wrongly
    (:func:`shudu.logic.refute.mistakes`), each with its sentence."""
    from ..logic.refute import mistakes

    n = grid.size
    out = []
    for kind, cell, digit in mistakes(solution.cells, values, _masks(marks, n)):
        name = grid.rules.cell_name(cell)
        text = api_text(kind, lang, cell=name, digit=digit_symbol(digit))
        out.append({"kind": kind, "cell": [cell // n + 1, cell % n + 1], "digit": digit,
                    "text": text})
    return out


def _picture(cands: Candidates, step: Any, lang: str) -> str | None:
    """The step drawn on the state before it (``None`` when drawing is not available)."""
    try:
        from .. import pictures as render
    except ImportError:   # pragma: no cover - the drawing package is optional
        return None
    draw: Callable[..., str] | None = getattr(render, "svg", None)
    if draw is None:   # pragma: no cover
        return None
    return draw(cands, step=step, lang=lang, legend=True)


def _focus(step: Any) -> list[list[int]]:
    """The cells a level-2 hint points at: the houses of the step, or its cells."""
    n = step.size
    rules = step.rules or Rules(n)
    houses = rules.houses
    cells: set[int] = set()
    for _, hs in step.houses:
        for h in hs:
            if 0 <= h < len(houses):
                cells.update(houses[h].cells)
    if not cells:
        for _, cs in step.cells:
            cells.update(cs)
    return _cell_list(sorted(cells), n)


def hint(puzzle: str, rules: Any = None, values: Any = None, candidates: Any = None,
         level: int = 3, lang: str = "en", picture: bool = False,
         timeout: float = 10.0) -> dict[str, Any]:
    """The next step from the player's own position.

    ``status`` is ``"mistake"`` (``mistakes`` lists the digits placed wrongly, else the
    candidates removed wrongly: these come first), ``"step"`` (``text`` at ``level``;
    level 2 adds ``focus``, the cells to look at; level 3 the whole ``step`` as in
    ``step.schema.json``, the ``state`` it was found in and, with ``picture``, an SVG
    ``svg``), ``"solved"`` or ``"stuck"`` (no technique applies).

    >>> p = ".2343.1221.3432."
    >>> hint(p, "4", level=3)["step"]["notation"]
    'Full House: r1c1=1'
    >>> hint(p, "4", values=[2] + [int(c) if c != "." else 0 for c in p[1:]])["mistakes"]
    [{'kind': 'placed', 'cell': [1, 1], 'digit': 2, 'text': 'The 2 in r1c1 is wrong.'}]
    >>> marks = [None] * 16; marks[0] = [2, 3]
    >>> hint(p, "4", candidates=marks, lang="zh")["mistakes"][0]["text"]
    'r1c1 的一个候选数被误删了：从 r1c1 删掉的数字中，有一个仍然可以填在那里。'
    """
    from ..logic.session import session

    lang, level, seconds = _lang(lang), _level(level), _timeout(timeout)
    grid = _grid(puzzle, rules)
    vals, marks = _values(values, grid), _marks(candidates, grid)
    solution = _solution(grid)
    mistakes = _mistakes(grid, solution, vals, marks, lang)
    if mistakes:
        return {"status": "mistake", "mistakes": mistakes, "text": mistakes[0]["text"]}
    cands = _state(grid, vals, marks)
    if cands.is_solved:
        return {"status": "solved", "text": api_text("solved", lang)}
    step = session(cands, timeout=seconds, max_steps=1).hint()
    if step is None:
        return {"status": "stuck", "text": api_text("stuck", lang)}
    out: dict[str, Any] = {"status": "step", "level": level, "text": step.text(level, lang),
                           "technique": step.technique,
                           "name": step.name if lang == "en" else step.info.name_zh}
    if level >= 2:
        out["focus"] = _focus(step)
    if level == 3:
        out["step"] = step.to_dict(lang)
        out["state"] = _state_json(cands)
        if picture:
            out["svg"] = _picture(cands, step, lang)
    return out


def explain(puzzle: str, rules: Any = None, lang: str = "en",
            timeout: float = 10.0) -> dict[str, Any]:
    """The whole logic path from the givens: each step with the state after it.

    >>> path = explain(".2343.1221.3432.", "4")
    >>> path["solved"], len(path["steps"]), path["steps"][0]["after"]["values"][0]
    (True, 4, 1)
    """
    from ..logic.session import session

    lang, seconds = _lang(lang), _timeout(timeout)
    run = session(_grid(puzzle, rules), timeout=seconds)
    steps = []
    for step in run:
        steps.append({**step.to_dict(lang), "after": _state_json(run.final)})
    return {"start": _state_json(run.start), "steps": steps, "solved": run.final.is_solved,
            "stopped": run.stopped}


def rate(puzzle: str, rules: Any = None, timeout: float = 10.0) -> dict[str, Any]:
    """The SE-scale score, grade and hardest technique (with its English and Chinese name).

    A rating that is not done within :data:`RATE_SHARE` of ``timeout`` answers with what
    is known: ``complete`` false, ``stopped`` ``"timeout"``, and the score of the hardest
    step met so far (a lower bound) with its grade, after ``steps`` steps.

    >>> r = rate(".2343.1221.3432.", "4")
    >>> r["score"], r["grade"], r["hardest"], r["hardest_name_zh"], r["stopped"]
    (1.0, 'beginner', 'full-house', '满格', None)
    >>> hard = ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9..."
    >>> r = rate(hard + ".....", timeout=0.001)
    >>> r["complete"], r["stopped"], r["score"] >= 0
    (False, 'timeout', True)
    """
    from ..logic.registry import technique
    from ..rating.rater import rate as rate_puzzle

    seconds = _timeout(timeout)
    grid = _grid(puzzle, rules)
    rating = rate_puzzle(grid, grid.rules, cut_at=time.monotonic() + seconds * RATE_SHARE)
    out = {**rating.to_dict(), "stopped": None if rating.complete else "timeout",
           "seconds": seconds}
    if rating.hardest is not None:
        tech = technique(rating.hardest)
        out.update(hardest_name=tech.name, hardest_name_zh=tech.name_zh)
    else:
        out.update(hardest_name=None, hardest_name_zh=None)
    return out


def generate(rules: Any = None, grade: str | None = None, technique: str | None = None,
             symmetry: str = "none", seed: int | None = None,
             timeout: float = 20.0) -> dict[str, Any]:
    """A new puzzle with one solution (see :func:`shudu.make.pick.generate`), rated; a
    ``rules`` spec with a clue part (``"killer"``, ``"thermo"``, ``"arrow"``,
    ``"kropki"``) makes a puzzle of those clues, at a ``grade`` (no technique or symmetry);
    ``"jigsaw"`` givens on random regions, with every option of the givens.

    >>> g = generate("4", seed=1)
    >>> g["seed"], len(g["puzzle"]), g["layout"]["size"]
    (1, 16, 4)
    """
    from ..make.pick import clue_kind
    from ..make.pick import generate as make

    seconds = _timeout(timeout)
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ParseError("expected an integer seed", found=str(seed))
    kind = clue_kind(rules)[0] if isinstance(rules, str) else None
    if kind not in (None, "jigsaw"):   # cages, lines, dots
        if technique or (symmetry or "none") != "none":
            raise ParseError(f"{rules} puzzles take a grade and a seed only")
        made = make(rules, seed=seed, grade=grade or None, rated=True, timeout=seconds)
    else:   # givens, on random jigsaw regions when asked
        made = make(rules if kind else _rules(rules), seed=seed, symmetry=symmetry or "none",
                    grade=grade or None, technique=technique or None, rated=True,
                    timeout=seconds)
    out = made.to_dict()
    out["layout"] = _layout(made.rules)
    return out


def refute(puzzle: str, rules: Any = None, values: Any = None, candidates: Any = None,
           cell: Any = None, lang: str = "en", picture: bool = False,
           timeout: float = 10.0) -> dict[str, Any]:
    """Why the player's wrong moves are wrong (:func:`shudu.logic.refute.refute`), from
    the player's own position: ``status`` ``"mistake"`` with ``refutations`` (each with
    its words and, with ``picture``, an SVG ``svg``; ``cell`` ``[row, column]`` keeps
    the one in that cell), or ``"right"`` when the position has no mistake.

    >>> p = ".2343.1221.3432."
    >>> r = refute(p, "4", values=[2] + [int(c) if c != "." else 0 for c in p[1:]])
    >>> r["status"], r["refutations"][0]["found"], r["refutations"][0]["contradiction"]
    ('mistake', True, {'kind': 'repeat', 'where': 0, 'digit': 1})
    >>> refute(p, "4")["text"]
    'No mistakes in your position.'
    """
    from ..logic.refute import DEFAULT_SECONDS
    from ..logic.refute import refute as refute_moves
    from ..words.refute import refute_text

    lang, seconds = _lang(lang), _timeout(timeout)
    grid = _grid(puzzle, rules)
    n = grid.size
    vals, marks = _values(values, grid), _marks(candidates, grid)
    _solution(grid)
    where = None
    if cell is not None:
        if (not isinstance(cell, list) or len(cell) != 2
                or not all(isinstance(x, int) and 1 <= x <= n for x in cell)):
            raise ParseError(f"expected cell as [row, column] from 1 to {n}", found=str(cell))
        where = [(cell[0] - 1) * n + cell[1] - 1]
    found = refute_moves(grid, (vals, _masks(marks, n)), cells=where,
                         timeout=min(seconds / 2, DEFAULT_SECONDS * 2))
    items = []
    for r in found:
        item = r.to_dict(lang)
        if picture and r.found:
            item["svg"] = _picture(r.start, r.step(), lang)
        items.append(item)
    if not items:
        return {"status": "right", "refutations": [], "text": refute_text("right", lang)}
    return {"status": "mistake", "refutations": items, "text": items[0]["text"]}


def render(puzzle: str, rules: Any = None, values: Any = None, candidates: Any = None,
           step: bool = False, solution: bool = False, lang: str = "en",
           timeout: float = 10.0) -> dict[str, Any]:
    """An SVG picture of a position; with ``step``, the next step drawn on it.

    >>> "<svg" in render(".2343.1221.3432.", "4")["svg"]
    True
    """
    from .. import pictures as drawing
    from ..logic.session import session

    lang, seconds = _lang(lang), _timeout(timeout)
    grid = _grid(puzzle, rules)
    cands = _state(grid, _values(values, grid), _marks(candidates, grid))
    found = None
    if step and not cands.is_solved:
        _solution(grid)   # the givens have one solution; the position may be wrong
        found = session(cands, anyway=True, timeout=seconds, max_steps=1).hint()
    svg = drawing.svg(cands, step=found, solution=bool(solution), lang=lang,
                      legend=found is not None)
    return {"svg": svg, "step": found.to_dict(lang) if found is not None else None}


class Unavailable(ValueError):
    """A call whose optional dependencies are not installed (answered 501)."""


def scan(image: bytes) -> dict[str, Any]:
    """Read a puzzle from a photo or screenshot (JPEG, PNG ...): the puzzle as read and
    checked, a confidence per cell, the doubtful cells and one line saying what was found
    (see :func:`shudu.scan.scan`), and per cell the readings considered, best first
    (``"."`` empty; none for a cell without ink).

    >>> from shudu.scan.synth import sample
    >>> import cv2
    >>> photo = cv2.imencode(".png", sample(4).image)[1].tobytes()
    >>> answer = scan(photo)
    >>> sorted(answer)[:4]
    ['alternatives', 'changed', 'clues', 'confidence']
    >>> all(a[0] == ch for a, ch in zip(answer["alternatives"], answer["read"]) if a)
    True
    """
    try:
        import cv2  # noqa: F401

        from ..scan import scan as read_photo
    except ImportError:
        raise Unavailable("reading photos needs OpenCV: pip install 'shudu[scan]'") from None
    found = read_photo(bytes(image))
    out = found.to_dict()
    out["clues"] = found.grid.clue_count
    if "alternatives" not in out:   # per cell, the readings considered, best first
        out["alternatives"] = [list(a) for a in found.alternatives]
    return out


def techniques() -> dict[str, Any]:
    """Every technique the logic solver knows, easiest first, and the generation targets.

    >>> techniques()["techniques"][0]["key"]
    'full-house'
    """
    from ..logic.registry import techniques as known
    from ..make.classic import supported_targets
    from ..rating.rater import GRADES

    targets = supported_targets()
    return {"techniques": [{"key": t.key, "name": t.name, "name_zh": t.name_zh,
                            "difficulty": t.order, "target": bool(targets.get(t.key))}
                           for t in known()],
            "grades": list(GRADES)}


# ---------------------------------------------------------------------- the setter's bench
#: The shares of a Set call's time limit its three questions may take.
SET_SHARES = {"true": 0.3, "suggest": 0.5, "redundant": 0.2}


def set_bench(puzzle: str, rules: Any = None, grade: str | None = None, n: int = 8,
              lang: str = "en", timeout: float = 10.0) -> dict[str, Any]:
    """What the page's Set mode shows of givens entered so far (:mod:`shudu.make.setter`):
    the solution count (``label``: "≥ N" past the cap), the true candidates per cell,
    and, while there are several solutions, the ``clues`` that would make it unique
    (aiming at ``grade``), or once it is unique the ``redundant`` givens and constraints.

    >>> r = set_bench("..1.1.2.......42", "4", n=2)
    >>> r["status"], r["label"], r["candidates"][0], [c["cell"] for c in r["clues"]]
    ('multiple', '3', [2, 4], ['r1c1', 'r1c2'])
    >>> set_bench("1234341221434321", "4")["redundant"]["clues"][0]["cell"]
    'r1c1'
    """
    from ..make.setter import redundant_clues, suggest_clues, true_candidates
    from ..words.grades import grade as grade_name
    from ..words.setter import setter_text

    lang = _lang(lang)
    seconds = _timeout(timeout)
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 100:
        raise ParseError("expected n from 1 to 100", found=str(n))
    grid = _grid(puzzle, rules)
    tc = true_candidates(grid, timeout=seconds * SET_SHARES["true"])
    status = "none" if tc.count == 0 else "unique" if tc.unique else "multiple"
    out: dict[str, Any] = {"status": status, **tc.to_dict(), "clues": [], "redundant": None,
                           "text": setter_text("count", lang, label=tc.label)}
    if status == "multiple":
        found = suggest_clues(grid, grade=grade or None, n=n,
                              timeout=seconds * SET_SHARES["suggest"])
        out["clues"] = [{**c.to_dict(), "grade_name": grade_name(c.grade, lang)
                         if c.grade else None} for c in found.clues]
        out["complete"] = found.complete
    elif status == "unique":
        out["redundant"] = redundant_clues(
            grid, timeout=seconds * SET_SHARES["redundant"]).to_dict()
    return out


TASKS: dict[str, Callable[..., dict[str, Any]]] = {
    "read": read, "solve": solve, "count": count, "hint": hint, "explain": explain,
    "rate": rate, "generate": generate, "render": render, "techniques": techniques,
    "scan": scan, "refute": refute, "set": set_bench,
}
"""The calls a worker answers, by name."""
