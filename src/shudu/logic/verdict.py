"""What the engine says before logic runs: one solution, several, or none (and where).

:func:`verdict` counts the solutions of a puzzle (up to two) with the engine; for an
explicit candidate state it counts the solutions that also agree with the candidates.
:func:`check` turns a verdict into the errors the logic functions raise:
:class:`~shudu.errors.NotUnique` naming a cell where two solutions differ, and
:class:`~shudu.errors.NoSolution` naming where singles from the givens run into a
contradiction (:func:`contradiction`).

>>> verdict("." * 81).status
'multiple'
>>> print(contradiction("12345678." + "." * 71 + "9").text())
r1c9 has no candidate left: the givens rule out every digit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import islice

from ..errors import NoSolution, NotUnique
from ..values.candidates import Candidates, bits
from ..values.grid import Grid
from ..values.rules import Rules
from ..words import verdict as words
from ..words.cells import cells_text
from .render import house_text
from .step import Step

__all__ = ["Contradiction", "Verdict", "check", "contradiction", "require_unique", "verdict"]

#: Search nodes a candidate state may cost before its verdict is ``unknown``.
NODE_BUDGET = 5_000


@dataclass(frozen=True)
class Verdict:
    """The engine's answer for a puzzle or candidate state.

    ``status``: ``"unique"``, ``"multiple"``, ``"none"`` or ``"unknown"`` (a candidate
    state the check could not settle: rules with extra constraints, or a search that
    ran past :data:`NODE_BUDGET`); ``solutions``: up to two solutions found;
    ``guesses``: how many times the engine guessed on a puzzle given by its digits
    (``None`` for a candidate state), what :func:`shudu.rating.rater.rate` takes as ``known``
    so that it does not search the puzzle again.

    >>> v = verdict("." * 81)
    >>> v.status, len(v.solutions), v.cell, v.digits
    ('multiple', 2, 9, (7, 4))
    """

    status: str
    solutions: tuple[Grid, ...] = ()
    guesses: int | None = field(default=None, compare=False)

    @property
    def cell(self) -> int | None:
        """The first cell where the two solutions differ (``None`` unless multiple)."""
        if len(self.solutions) < 2:
            return None
        a, b = (s.cells for s in self.solutions[:2])
        return next(i for i in range(len(a)) if a[i] != b[i])

    @property
    def digits(self) -> tuple[int, int] | None:
        """The digits of :attr:`cell` in the two solutions."""
        cell = self.cell
        if cell is None:
            return None
        return self.solutions[0].cells[cell], self.solutions[1].cells[cell]


def verdict(puzzle: str | Grid | Candidates) -> Verdict:
    """How many solutions (none, one, several) a puzzle or candidate state has.

    A candidate state counts only the solutions that agree with its candidates.

    >>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    >>> verdict(p).status, verdict(Candidates.from_grid(Grid(p))).status
    ('unique', 'unique')
    >>> verdict("3<" + "0" * 79).status   # killer cages: the engine counts
    'multiple'

    """
    from .solver import as_candidates

    if not isinstance(puzzle, Candidates):
        grid = puzzle if isinstance(puzzle, Grid) else None
        if not isinstance(puzzle, Grid):
            from ..formats import detect_format

            if detect_format(puzzle) not in ("pencilmarks", "729"):
                grid = Grid(puzzle)
        if grid is not None and grid.rules.constraints:   # killer cages: the engine knows
            return _engine_verdict(grid)
        cands = as_candidates(puzzle)
        if grid is None and _plain(cands):
            grid = cands.to_grid()
        if grid is not None:
            return _engine_verdict(grid)
        return _state_verdict(cands)
    return _state_verdict(puzzle)


def _plain(cands: Candidates) -> bool:
    """True when the candidates are exactly those implied by the placed digits."""
    return cands.masks() == Candidates.from_grid(cands.to_grid()).masks()


def _engine_verdict(grid: Grid) -> Verdict:
    from ..solving.engine import search, solutions

    found = search(grid, grid.rules, limit=2)
    if found.count == 0:
        return Verdict("none", guesses=found.guesses)
    if found.count == 1:
        assert found.solution is not None
        return Verdict("unique", (found.solution,), found.guesses)
    return Verdict("multiple", tuple(islice(solutions(grid, grid.rules), 2)), found.guesses)


def _agrees(cands: Candidates, solution: Grid) -> bool:
    values = cands.values
    return all(values[c] == d or cands.has(c, d) for c, d in enumerate(solution.cells))


def _state_verdict(cands: Candidates) -> Verdict:
    """Solutions of a candidate state: the engine on the placed digits first, then (when
    the placed digits allow several solutions) a search over the candidates."""
    if _conflict(cands):
        return Verdict("none")
    if _plain(cands):
        return _engine_verdict(cands.to_grid())
    from ..solving.engine import search

    found = search(cands.to_grid(), cands.rules, limit=2)
    if found.count == 0:
        return Verdict("none")
    if found.count == 1:
        assert found.solution is not None
        ok = _agrees(cands, found.solution)
        return Verdict("unique", (found.solution,)) if ok else Verdict("none")
    if cands.rules.constraints:   # the search below knows houses and peers only
        return Verdict("unknown")
    out: list[bytes] = []
    budget = [NODE_BUDGET]
    if not _search(cands.copy(), out, budget):
        return Verdict("unknown")
    sols = tuple(Grid._trusted(cands.rules, bytes(s)) for s in out)
    return Verdict(("none", "unique", "multiple")[len(sols)], sols)


def _conflict(cands: Candidates) -> bool:
    """True when two peers hold the same placed digit."""
    values, peer = cands.values, cands.geo.peer_mask
    for c, v in enumerate(values):
        if v:
            m = peer[c]
            while m:
                low = m & -m
                if values[low.bit_length() - 1] == v:
                    return True
                m ^= low
    return False


def _singles(cands: Candidates) -> bool:
    """Place naked and hidden singles to a fixpoint; False when the state breaks."""
    geo = cands.geo
    n = geo.n
    while True:
        moved = False
        for c, v in enumerate(cands.values):
            if not v:
                m = cands.cell_mask[c]
                if not m:
                    return False
                if not m & (m - 1):
                    cands.place(c, m.bit_length())
                    moved = True
        for h, hm in enumerate(geo.house_mask):
            placed = 0
            for c in geo.houses[h].cells:
                if cands.values[c]:
                    placed |= 1 << (cands.values[c] - 1)
            for d in range(n):
                if placed >> d & 1:
                    continue
                x = cands.digit_mask[d] & hm
                if not x:
                    return False
                if not x & (x - 1):
                    c = x.bit_length() - 1
                    if cands.values[c]:   # placed earlier in this pass
                        return False
                    cands.place(c, d + 1)
                    placed |= 1 << d
                    moved = True
        if not moved:
            return True


def _search(cands: Candidates, out: list[bytes], budget: list[int]) -> bool:
    """Collect up to two solutions of a candidate state into ``out``; False when the
    node budget ran out first."""
    budget[0] -= 1
    if budget[0] < 0:
        return False
    if not _singles(cands) or _conflict(cands):
        return True
    best, size = -1, 99
    for c, v in enumerate(cands.values):
        if not v:
            k = cands.cell_mask[c].bit_count()
            if k < size:
                best, size = c, k
    if best < 0:
        out.append(bytes(cands.values))
        return True
    for d in bits(cands.cell_mask[best]):
        child = cands.copy()
        child.place(best, d + 1)
        if not _search(child, out, budget):
            return False
        if len(out) >= 2:
            return True
    return True


# ---------------------------------------------------------------------- contradiction
@dataclass(frozen=True)
class Contradiction:
    """Where singles from the givens break a puzzle that has no solution.

    ``kind``: ``"cell"`` (``cell`` has no candidate left) or ``"house"`` (``digit`` has
    no place left in ``house``); ``placements``: the forced placements that lead there,
    in order, each ``(cell, digit, how)`` with ``how`` ``"naked"`` or ``"hidden"``
    (only those the contradiction depends on); ``size``: the grid size; ``rules``: the
    puzzle's rules (they name the house).

    >>> c = contradiction("12345678." + "." * 71 + "9")
    >>> c.kind, c.cell, c.placements
    ('cell', 8, ())
    """

    kind: str
    cell: int | None
    house: int | None
    digit: int | None
    placements: tuple[tuple[int, int, str], ...]
    size: int = 9
    rules: Rules | None = field(default=None, compare=False, repr=False)

    def _house(self, house: int, lang: str = "en") -> str:
        return house_text(Step("x", size=self.size, rules=self.rules), house, lang)

    def _cell(self, cell: int) -> str:
        return cells_text((cell,), self.size)

    @property
    def house_name(self) -> str | None:
        """The failing house, e.g. ``box 3`` (``None`` for a cell)."""
        if self.house is None:
            return None
        return self._house(self.house)

    def where(self, lang: str = "en") -> str:
        """The failing cell or house, e.g. ``r1c9`` or ``digit 5 in box 3``."""
        if self.kind == "cell":
            assert self.cell is not None
            return self._cell(self.cell)
        assert self.house is not None
        return words.broken_where(self.kind, "", self._house(self.house, lang), self.digit, lang)

    def text(self, lang: str = "en") -> str:
        """One sentence saying where the puzzle breaks and after which placements.

        >>> c = contradiction("12345678." + "." * 71 + "9")
        >>> c.text("zh")
        'r1c9 没有候选数了：已知数排除了所有数字。'
        """
        cell = self._cell(self.cell) if self.kind == "cell" and self.cell is not None else ""
        house = "" if self.kind == "cell" else self._house(self.house or 0, lang)
        forced = [(self._cell(c), d, how) for c, d, how in self.placements]
        return words.contradiction_text(self.kind, cell, house, self.digit, forced, lang)


def contradiction(puzzle: str | Grid | Candidates) -> Contradiction | None:
    """Place singles from the givens until a cell or a house runs dry.

    Returns where the puzzle breaks, with the forced placements that lead there, or
    ``None`` when singles reach no contradiction (the puzzle may have solutions, or need
    more than singles to show it has none).

    >>> p = "123......456......78......9" + "." * 54   # nothing fits r3c3
    >>> contradiction(p).text()
    'r3c3 has no candidate left: the givens rule out every digit.'
    >>> contradiction("." * 81) is None
    True
    """
    from .solver import as_candidates

    cands = as_candidates(puzzle)
    geo = cands.geo
    n, ncells = geo.n, geo.ncells
    # cause[cell * n + d]: the placement (index) that removed digit d+1 from cell, -1 = givens
    cause = [-1] * (ncells * n)
    placed: list[tuple[int, int, str, tuple[int, ...]]] = []   # cell, digit, how, needs

    def place(cell: int, digit: int, how: str, needs: tuple[int, ...]) -> None:
        k = len(placed)
        placed.append((cell, digit, how, needs))
        for d in bits(cands.cell_mask[cell]):
            if d != digit - 1:
                cause[cell * n + d] = k
        m = cands.digit_mask[digit - 1] & geo.peer_mask[cell]
        for c in bits(m):
            cause[c * n + digit - 1] = k
        cands.place(cell, digit)

    while True:
        found = _dry(cands)
        if found is not None:
            kind, where, digit = found
            if digit is None:   # a cell ran dry
                needs = tuple(cause[where * n + d] for d in range(n))
            else:
                needs = tuple(cause[c * n + digit - 1] for c in geo.houses[where].cells)
            keep = _closure(needs, [p[3] for p in placed])
            return Contradiction(
                kind, where if kind == "cell" else None, where if kind == "house" else None,
                digit, tuple((placed[k][0], placed[k][1], placed[k][2]) for k in keep), n,
                cands.rules)
        single = _next_single(cands)
        if single is None:
            return None
        cell, digit, how, house = single
        if how == "naked":
            needs = tuple(cause[cell * n + d] for d in range(n) if d != digit - 1)
        else:
            needs = tuple(cause[c * n + digit - 1] for c in geo.houses[house].cells if c != cell)
        place(cell, digit, how, needs)


def _dry(cands: Candidates) -> tuple[str, int, int | None] | None:
    """The first empty cell without candidates, or house where a digit has no place."""
    for c, v in enumerate(cands.values):
        if not v and not cands.cell_mask[c]:
            return "cell", c, None
    geo = cands.geo
    for h, hm in enumerate(geo.house_mask):
        placed = 0
        for c in geo.houses[h].cells:
            if cands.values[c]:
                placed |= 1 << (cands.values[c] - 1)
        for d in range(geo.n):
            if not placed >> d & 1 and not cands.digit_mask[d] & hm:
                return "house", h, d + 1
    return None


def _next_single(cands: Candidates) -> tuple[int, int, str, int] | None:
    for c, v in enumerate(cands.values):
        m = cands.cell_mask[c]
        if not v and m and not m & (m - 1):
            return c, m.bit_length(), "naked", -1
    geo = cands.geo
    for h, hm in enumerate(geo.house_mask):
        for d in range(geo.n):
            x = cands.digit_mask[d] & hm
            if x and not x & (x - 1):
                return x.bit_length() - 1, d + 1, "hidden", h
    return None


def _closure(needs: tuple[int, ...], deps: list[tuple[int, ...]]) -> list[int]:
    """The placements ``needs`` depends on, directly or not, in order."""
    seen: set[int] = set()
    todo = [k for k in needs if k >= 0]
    while todo:
        k = todo.pop()
        if k not in seen:
            seen.add(k)
            todo.extend(j for j in deps[k] if j >= 0)
    return sorted(seen)


# ---------------------------------------------------------------------- errors
def check(puzzle: str | Grid | Candidates) -> Verdict:
    """The verdict of a puzzle, raising unless it has exactly one solution.

    Raises :class:`~shudu.errors.NotUnique` (with two solutions and the first cell where
    they differ) or :class:`~shudu.errors.NoSolution` (with the :class:`Contradiction`
    singles run into, when they do).  An ``unknown`` verdict is returned, not raised.

    >>> check("." * 81)
    Traceback (most recent call last):
    ...
    shudu.errors.NotUnique: the puzzle has several solutions: e.g. r2c1 is 7 in one and 4 in another
    """
    return require_unique(verdict(puzzle), puzzle)


def require_unique(found: Verdict, puzzle: str | Grid | Candidates) -> Verdict:
    """``found`` (the verdict of ``puzzle``), raising as :func:`check` does unless it says
    one solution (or ``unknown``).

    >>> require_unique(Verdict("none"), "12345678." + "." * 71 + "9")
    Traceback (most recent call last):
    ...
    shudu.errors.NoSolution: the puzzle has no solution: r1c9 has no candidate left: ...
    """
    if found.status == "multiple":
        raise NotUnique(2, solutions=found.solutions)
    if found.status == "none":
        where = contradiction(puzzle)
        raise NoSolution(where.text() if where is not None else None, contradiction=where)
    return found
