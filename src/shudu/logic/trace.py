"""The solving log: a plain backtracking search written out step by step.

:func:`trace` searches a puzzle the way the classic solver articles do and records each
move as a :class:`TraceEvent`: naked and hidden singles placed by propagation, the cell
with the fewest candidates chosen for a guess (its state saved on a stack), the cell or
house that runs out of candidates, the saved state restored to try the next digit, and
every solution found.  The :class:`Trace` it returns holds the events, the solutions and
a summary (nodes, guesses, depth); its words are English or Chinese (``lang="zh"``).

>>> t = trace(".234341221434321", "4")
>>> print(t.text())
naked single: r1c1 = 1 (its only candidate)
solution 1 found
1 node, 0 guesses, max depth 0, 1 solution
one solution: the puzzle is unique
>>> t.status, t.nodes, str(t.solutions[0])
('unique', 1, '1234341221434321')
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from ..errors import UnsupportedRules
from ..solving.engine import as_grid
from ..values.candidates import Candidates, digits_in
from ..values.grid import Grid, PuzzleLike, check_args
from ..values.rules import Rules, RulesLike
from ..words import trace as words
from ..words.houses import house_name
from .verdict import Verdict, contradiction

__all__ = ["KINDS", "Trace", "TraceEvent", "trace"]

KINDS = ("naked", "hidden", "guess", "contradiction", "restore", "exhausted", "solution",
         "stop")
"""The kinds of :class:`TraceEvent`, in the order a search usually meets them."""


def _cell(rules: Rules | None, cell: int | None) -> str:
    return "?" if cell is None or rules is None else rules.cell_name(cell)


def _house(rules: Rules | None, house: int | None, lang: str) -> str:
    return "?" if house is None or rules is None else house_name(rules, house, lang)


@dataclass(frozen=True)
class TraceEvent:
    """One move of the search.

    ``kind`` is one of :data:`KINDS`; ``depth`` how many guesses are in force; ``cell``,
    ``digit`` and ``house`` (an index of ``rules.houses``) what it is about;
    ``candidates`` the digits a guessed cell could take; ``state`` the number of the
    saved state (its place on the stack, 1 for the first guess); ``grid`` the candidate
    grid at a guess (``trace(..., grids=True)``) or the grid of a solution; ``reason``
    why a search stopped early (``"max_events"`` or ``"timeout"``).

    >>> e = TraceEvent("guess", 0, cell=33, digit=3, candidates=(3, 8), state=1,
    ...                rules=Rules())
    >>> e.text()
    'guess r4c7 = 3 (2 candidates: 3 8, fewest of any cell), save state 1'
    >>> e.text("zh")
    '猜测 r4c7 = 3（2 个候选数：3 8，候选数最少的格），保存状态 1'
    """

    kind: str
    depth: int
    cell: int | None = None
    digit: int | None = None
    house: int | None = None
    candidates: tuple[int, ...] = ()
    state: int | None = None
    grid: str | None = None
    reason: str | None = None
    rules: Rules | None = field(default=None, compare=False, repr=False)

    def text(self, lang: str = "en") -> str:
        """The event in words (``lang``: ``"en"`` or ``"zh"``).

        >>> TraceEvent("contradiction", 2, house=22, digit=4, rules=Rules()).text()
        'contradiction: digit 4 has no place in box 5'
        >>> TraceEvent("restore", 0, cell=33, digit=8, state=3, rules=Rules()).text("zh")
        '恢复状态 3，尝试 r4c7 = 8'
        """
        rules, k = self.rules, self.kind
        cell, d = _cell(rules, self.cell), self.digit
        house = _house(rules, self.house, lang)
        if k == "contradiction" and self.house is not None:
            k = "contradiction-house"
        elif k == "stop" and self.reason == "timeout":
            k = "stop-timeout"
        return words.event_text(k, lang, cell=cell, digit=d, house=house, state=self.state,
                                n=len(self.candidates),
                                digits=" ".join(str(x) for x in self.candidates))

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """JSON-ready form: cells as ``[row, col]`` (1-based), houses as indices of
        ``rules.houses`` with their name, and the event's ``text`` in ``lang``.

        >>> TraceEvent("naked", 0, cell=10, digit=5, rules=Rules()).to_dict()["cell"]
        [2, 2]
        """
        n = self.rules.size if self.rules is not None else 9
        data: dict[str, Any] = {
            "kind": self.kind,
            "depth": self.depth,
            "cell": None if self.cell is None else [self.cell // n + 1, self.cell % n + 1],
            "digit": self.digit,
            "house": self.house,
            "house_name": (None if self.house is None or self.rules is None
                           else house_name(self.rules, self.house, lang)),
            "candidates": list(self.candidates),
            "state": self.state,
            "grid": self.grid,
            "text": self.text(lang),
        }
        if self.reason is not None:
            data["reason"] = self.reason
        return data


@dataclass(frozen=True)
class Trace:
    """What :func:`trace` found: the events in order, the solutions (up to ``limit``),
    ``status`` (``"unique"``, ``"multiple"``, ``"none"``, ``"solved"`` when ``limit``
    is 1, ``"stopped"`` when ``max_events`` or ``timeout`` ended it first), ``nodes``
    (states propagated: the start and each digit tried), ``guesses`` (cells guessed),
    ``max_depth`` (most guesses in force at once) and ``first_guess`` (the cell of the
    first guess, ``None`` without one).

    >>> t = trace("." * 16, "4")
    >>> t.status, t.guesses, t.cell, t.digits
    ('multiple', 7, 9, (1, 3))
    """

    puzzle: Grid
    events: tuple[TraceEvent, ...]
    solutions: tuple[Grid, ...]
    status: str
    nodes: int
    guesses: int
    max_depth: int
    limit: int
    first_guess: int | None = None
    reason: str | None = None

    @property
    def rules(self) -> Rules:
        """The puzzle's rules."""
        return self.puzzle.rules

    @property
    def cell(self) -> int | None:
        """The first cell where the first two solutions differ (``None`` unless two)."""
        return Verdict("multiple", self.solutions[:2]).cell

    @property
    def digits(self) -> tuple[int, int] | None:
        """The digits of :attr:`cell` in the first two solutions."""
        return Verdict("multiple", self.solutions[:2]).digits

    def summary(self, lang: str = "en") -> list[str]:
        """The counts, then what they mean (unique, several, no solution and where).

        >>> trace("12345678." + "." * 71 + "9").summary()[1]
        'no solution: r1c9 has no candidate left: the givens rule out every digit.'
        """
        counts = words.counts_text(self.nodes, self.guesses, self.max_depth,
                                   len(self.solutions), lang)
        return [counts, self._meaning(lang)]

    def _meaning(self, lang: str) -> str:
        status = self.status
        if status in ("unique", "solved"):
            return words.meaning_text(status, lang)
        if status == "multiple":
            cell, digits = self.cell, self.digits
            assert cell is not None and digits is not None
            a, b = digits
            return words.meaning_text("multiple", lang, cell=self.rules.cell_name(cell), a=a, b=b)
        if status == "none":
            where = contradiction(self.puzzle)
            if where is not None:
                return words.meaning_text("none", lang, why=where.text(lang))
            return words.meaning_text("none-guess", lang, cell=_cell(self.rules, self.first_guess))
        return words.meaning_text("timeout" if self.reason == "timeout" else "max_events", lang)

    def lines(self, lang: str = "en") -> list[str]:
        """The log as lines, indented two spaces per guess in force; a guess is followed
        by its candidate grid when the trace kept grids.

        >>> trace("." * 16, "4", limit=1).lines()[:2]
        ['guess r1c1 = 1 (4 candidates: 1 2 3 4, fewest of any cell), save state 1', \
'  guess r1c2 = 2 (3 candidates: 2 3 4, fewest of any cell), save state 2']
        """
        from ..formats import Pencilmarks

        out: list[str] = []
        for e in self.events:
            pad = "  " * e.depth
            out.append(pad + e.text(lang))
            if e.kind == "guess" and e.grid is not None:
                masks = _masks_of(e.grid, self.rules)
                block = Pencilmarks(self.rules, tuple(masks)).format()
                out.extend(pad + "  " + line for line in block.splitlines())
        return out

    def text(self, lang: str = "en") -> str:
        """The log followed by the summary, one line each."""
        return "\n".join([*self.lines(lang), *self.summary(lang)])

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """JSON-ready form: the puzzle, status, counts, solutions, summary and events.

        >>> d = trace(".234341221434321", "4").to_dict()
        >>> d["status"], d["nodes"], d["events"][0]["kind"], d["solutions"]
        ('unique', 1, 'naked', ['1234341221434321'])
        """
        data: dict[str, Any] = {
            "puzzle": str(self.puzzle),
            "rules": self.rules.spec,
            "status": self.status,
            "limit": self.limit,
            "nodes": self.nodes,
            "guesses": self.guesses,
            "max_depth": self.max_depth,
            "solutions": [str(s) for s in self.solutions],
            "summary": self.summary(lang),
            "events": [e.to_dict(lang) for e in self.events],
        }
        if self.status == "multiple":
            cell, digits = self.cell, self.digits
            assert cell is not None and digits is not None
            n = self.rules.size
            data["cell"] = [cell // n + 1, cell % n + 1]
            data["digits"] = list(digits)
        if self.reason is not None:
            data["reason"] = self.reason
        return data


def _masks_of(text: str, rules: Rules) -> list[int]:
    """Per-cell digit masks back from a candidate string (:meth:`Candidates.to_string729`)."""
    from ..values.grid import SYMBOLS

    n = rules.size
    masks = []
    for c in range(n * n):
        chunk = text[c * n:(c + 1) * n]
        masks.append(sum(1 << k for k, ch in enumerate(chunk) if ch == SYMBOLS[k]))
    return masks


class _Stop(Exception):
    """The log is full or the time is up."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _Search:
    """The stack search of :func:`trace`, writing its events as it goes."""

    def __init__(self, grid: Grid, limit: int, grids: bool, max_events: int,
                 timeout: float | None) -> None:
        self.grid = grid
        self.rules = grid.rules
        self.limit = limit
        self.grids = grids
        self.max_events = max_events
        self.deadline = None if timeout is None else time.monotonic() + timeout
        self.events: list[TraceEvent] = []
        self.solutions: list[Grid] = []
        self.nodes = 0
        self.guesses = 0
        self.max_depth = 0
        self.first_guess: int | None = None

    def emit(self, kind: str, depth: int, **data: Any) -> None:
        if len(self.events) >= self.max_events:
            raise _Stop("max_events")
        self.events.append(TraceEvent(kind, depth, rules=self.rules, **data))

    def tick(self) -> None:
        self.nodes += 1
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise _Stop("timeout")

    def propagate(self, cands: Candidates, depth: int) -> tuple[int | None, int | None,
                                                                  int | None] | None:
        """Naked singles, then hidden singles, to a fixpoint.  Returns ``None``, or where
        the state breaks: ``(cell, None, None)`` or ``(None, house, digit)``."""
        geo = cands.geo
        n, ncells = geo.n, geo.ncells
        values, cell_mask, digit_mask = cands.values, cands.cell_mask, cands.digit_mask
        houses = geo.houses
        ticks = 0
        while True:
            moved = False
            for c in range(ncells):
                if values[c]:
                    continue
                m = cell_mask[c]
                if not m:
                    return c, None, None
                if not m & (m - 1):
                    d = m.bit_length()
                    cands.place(c, d)
                    self.emit("naked", depth, cell=c, digit=d)
                    moved = True
            if moved:
                continue
            for h, hm in enumerate(geo.house_mask):
                placed = 0
                for c in houses[h].cells:
                    if values[c]:
                        placed |= 1 << (values[c] - 1)
                for d in range(n):
                    if placed >> d & 1:
                        continue
                    x = digit_mask[d] & hm
                    if not x:
                        return None, h, d + 1
                    if not x & (x - 1):
                        c = x.bit_length() - 1
                        cands.place(c, d + 1)
                        placed |= 1 << d
                        self.emit("hidden", depth, cell=c, digit=d + 1, house=h)
                        moved = True
            if not moved:
                return None
            ticks += 1
            if ticks & 63 == 0 and self.deadline is not None and time.monotonic() > self.deadline:
                raise _Stop("timeout")

    def run(self) -> str | None:
        """Search to the end (or ``limit`` solutions); returns why it stopped early."""
        try:
            self._run()
        except _Stop as stop:
            self.events.append(TraceEvent("stop", 0, reason=stop.reason, rules=self.rules))
            return stop.reason
        return None

    def _run(self) -> None:
        cands = Candidates.from_grid(self.grid)
        # each saved state: the candidates before the guess, the cell, the digits left
        stack: list[tuple[Candidates, int, list[int]]] = []
        self.tick()
        broken = self.propagate(cands, 0)
        while True:
            if broken is not None:
                cell, house, digit = broken
                self.emit("contradiction", len(stack), cell=cell, house=house, digit=digit)
            elif cands.is_solved:
                grid = Grid._trusted(self.rules, bytes(cands.values))
                self.solutions.append(grid)
                self.emit("solution", len(stack), state=len(self.solutions), grid=str(grid))
                if len(self.solutions) >= self.limit:
                    return
            else:
                cell = self._fewest(cands)
                digits = list(digits_in(cands.cell_mask[cell]))
                if self.first_guess is None:
                    self.first_guess = cell
                self.guesses += 1
                grid_text = cands.to_string729() if self.grids else None
                stack.append((cands.copy(), cell, digits[1:]))
                self.max_depth = max(self.max_depth, len(stack))
                self.emit("guess", len(stack) - 1, cell=cell, digit=digits[0],
                          candidates=tuple(digits), state=len(stack), grid=grid_text)
                cands.place(cell, digits[0])
                self.tick()
                broken = self.propagate(cands, len(stack))
                continue
            # back to the latest saved state with a digit left to try
            while stack:
                saved, cell, rest = stack[-1]
                if rest:
                    digit = rest.pop(0)
                    self.emit("restore", len(stack) - 1, cell=cell, digit=digit,
                              state=len(stack))
                    cands = saved.copy()
                    cands.place(cell, digit)
                    self.tick()
                    broken = self.propagate(cands, len(stack))
                    break
                self.emit("exhausted", len(stack) - 1, cell=cell, state=len(stack))
                stack.pop()
            else:
                return

    @staticmethod
    def _fewest(cands: Candidates) -> int:
        best, size = -1, 1 << 30
        for c, v in enumerate(cands.values):
            if not v:
                k = cands.cell_mask[c].bit_count()
                if k < size:
                    best, size = c, k
                    if k == 2:
                        break
        return best


def trace(puzzle: PuzzleLike, rules: RulesLike = None, *, limit: int = 2,
          grids: bool = False, max_events: int = 100_000,
          timeout: float | None = None) -> Trace:
    """Search ``puzzle`` as the classic articles do and record every move.

    Singles are placed by propagation (naked first, then hidden); when none is left the
    cell with the fewest candidates (the first such cell) is guessed, smallest digit
    first, after its state is saved; a cell or house that runs out of candidates sends
    the search back to the latest saved state with a digit left.  The search stops at
    ``limit`` solutions (2 tells unique from several), after ``max_events`` events or
    ``timeout`` seconds (then ``status`` is ``"stopped"``).  ``grids=True`` keeps the
    candidate grid at each guess.  Works for every size and variant the engine solves;
    rules with constraints beyond houses raise :class:`~shudu.errors.UnsupportedRules`.

    >>> hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    >>> t = trace(hard)
    >>> t.status, t.nodes, t.guesses, t.max_depth
    ('unique', 101, 50, 8)
    >>> print(t.events[0].text())
    hidden single: r6c2 = 4 (the only place for 4 in column 2)
    >>> trace("." * 81, limit=0)
    Traceback (most recent call last):
    ...
    ValueError: limit must be at least 1, got 0
    """
    rules_value = check_args(puzzle, rules)
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit!r}")
    if not isinstance(max_events, int) or max_events < 1:
        raise ValueError(f"max_events must be at least 1, got {max_events!r}")
    grid = as_grid(puzzle, rules_value)
    if grid.rules.constraints:
        kinds = ", ".join(sorted({getattr(c, "kind", type(c).__name__)
                                  for c in grid.rules.constraints}))
        raise UnsupportedRules(f"the search trace does not handle these constraints yet: {kinds}")
    search = _Search(grid, limit, grids, max_events, timeout)
    reason = search.run()
    k = len(search.solutions)
    if k >= 2:
        status = "multiple"
    elif reason is not None:
        status = "stopped"
    elif k == 0:
        status = "none"
    else:
        status = "unique" if limit >= 2 else "solved"
    return Trace(grid, tuple(search.events), tuple(search.solutions), status, search.nodes,
                 search.guesses, search.max_depth, limit, search.first_guess, reason)
