"""Pencilmark text: candidate grids as HoDoKu and Sudoku Explainer print them and
candidate strings (729 characters on 9x9), read into and written from per-cell digit
masks; :class:`Pencilmarks` is that text's value, the working state is
:class:`~shudu.values.candidates.Candidates`."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..values.candidates import Candidates, candidate_string, digits_in
from ..values.grid import SYMBOLS, Grid
from ..values.rules import DEFAULT_BOXES, Rules
from .headings import is_separator, is_text
from .report import parse_error
from .symbols import BAD, VALUE, digits_text, rules_of_size


@dataclass(frozen=True)
class Pencilmarks:
    """Pencilmark text as a value: the rules and one digit bitmask per cell (bit ``d - 1``
    set when ``d`` may go there), what a candidate text reads as and writes from.

    A thin codec: the working pencilmark state is
    :class:`~shudu.values.candidates.Candidates` (:meth:`to_candidates`,
    :meth:`from_candidates`); this value adds equality and the text forms, a
    HoDoKu-style candidate grid (:meth:`format`) and the 729-character string
    (:meth:`to_string729`), both read back with :func:`~shudu.formats.parse_pencilmarks`.
    Read as givens, a cell with a single candidate counts as placed (:meth:`to_grid`).

    >>> from shudu.formats import parse_pencilmarks
    >>> pm = Pencilmarks.from_grid(Grid("1" + "." * 15, rules=Rules(4)))
    >>> pm.digits(0), pm.digits(1), pm.digits(5)
    ((1,), (2, 3, 4), (2, 3, 4))
    >>> parse_pencilmarks(pm.format()) == pm
    True
    >>> parse_pencilmarks(pm.to_string729(), format="729", rules=Rules(4)) == pm
    True
    """

    rules: Rules
    candidates: tuple[int, ...]

    def __post_init__(self) -> None:
        cands = tuple(self.candidates)
        object.__setattr__(self, "candidates", cands)
        if len(cands) != self.rules.ncells:
            raise ValueError(f"expected {self.rules.ncells} candidate masks, got {len(cands)}")
        full = (1 << self.rules.size) - 1
        for i, mask in enumerate(cands):
            if not isinstance(mask, int) or mask < 0 or mask & ~full:
                raise ValueError(
                    f"candidate mask of {self.rules.cell_name(i)} must be 0..{full}, got {mask!r}"
                )

    @classmethod
    def from_candidates(cls, cands: Candidates) -> Pencilmarks:
        """The pencilmarks of a candidate state, a placed cell showing its digit.

        >>> state = Candidates.from_grid(Grid("12" + "." * 14, rules=Rules(4)))
        >>> Pencilmarks.from_candidates(state).digits(0)
        (1,)
        """
        return cls(cands.rules, tuple(cands.masks()))

    @classmethod
    def from_grid(cls, grid: Grid) -> Pencilmarks:
        """Candidates left by the givens: a given is its own single candidate; an empty
        cell keeps every digit no peer holds (:meth:`Candidates.from_grid`).

        >>> Pencilmarks.from_grid(Grid("12" + "." * 14, rules=Rules(4))).digits(2)
        (3, 4)
        """
        return cls.from_candidates(Candidates.from_grid(grid))

    def to_candidates(self) -> Candidates:
        """The candidate state (:meth:`Candidates.from_pencilmarks`): a single candidate no
        peer still holds counts as placed.

        >>> Pencilmarks(Rules(4), (1,) + (14,) * 15).to_candidates().values[0]
        1
        """
        return Candidates.from_pencilmarks(self)

    def digits(self, cell: int) -> tuple[int, ...]:
        """The candidate digits of one cell, ascending.

        >>> Pencilmarks(Rules(4), (0b1010,) + (15,) * 15).digits(0)
        (2, 4)
        """
        return digits_in(self.candidates[cell])

    def to_grid(self) -> Grid:
        """Grid of the placed values (cells with exactly one candidate), not checked.

        >>> Pencilmarks(Rules(4), (1, 2, 3, 12) + (0,) * 12).to_grid().to_string()
        '12..............'
        """
        values = bytes(m.bit_length() if m and not m & (m - 1) else 0 for m in self.candidates)
        return Grid._trusted(self.rules, values)

    def to_string729(self, blank: str = ".") -> str:
        """n*n groups of n characters; character k of a group is digit k+1 or ``blank``
        (:func:`~shudu.values.candidates.candidate_string`).

        >>> Pencilmarks(Rules(4), (0b0101,) + (15,) * 15).to_string729()[:8]
        '1.3.1234'
        """
        return candidate_string(self.rules, self.candidates, blank)

    def format(self) -> str:
        """HoDoKu-style candidate grid (``-`` for a cell with no candidate left).

        >>> print(Pencilmarks.from_grid(Grid("1" + "." * 15, rules=Rules(4))).format())
        .-----------.------------.
        | 1    234  | 234   234  |
        | 234  234  | 1234  1234 |
        :-----------+------------:
        | 234  1234 | 1234  1234 |
        | 234  1234 | 1234  1234 |
        '-----------'------------'
        """
        rules = self.rules
        n = rules.size
        texts = ["".join(SYMBOLS[d] for d in range(n) if m >> d & 1) or "-"
                 for m in self.candidates]
        widths = [max(len(texts[r * n + c]) for r in range(n)) for c in range(n)]
        br, bc = rules.box if rules.regions is None else (n, n)  # type: ignore[misc]
        stacks = [range(k, k + bc) for k in range(0, n, bc)]
        segments = [sum(widths[c] for c in cols) + 2 * len(cols) for cols in stacks]

        def border(left: str, mid: str, right: str) -> str:
            return left + mid.join("-" * w for w in segments) + right

        lines = [border(".", ".", ".")]
        for r in range(n):
            if r and r % br == 0:
                lines.append(border(":", "+", ":"))
            parts = [
                "  ".join(texts[r * n + c].ljust(widths[c]) for c in cols) for cols in stacks
            ]
            lines.append("| " + " | ".join(parts) + " |")
        lines.append(border("'", "'", "'"))
        return "\n".join(lines)


def parse_729(
    text: str, rules: Rules | None, line: int = 1, source: str | None = None
) -> Pencilmarks:
    """The pencilmarks of a candidate string: n characters per cell (``.`` or ``0`` for
    a candidate ruled out); ``line`` and ``source`` are named in errors.

    >>> parse_729("123456789" * 81, None).digits(0)
    (1, 2, 3, 4, 5, 6, 7, 8, 9)
    """
    s = text.strip()
    lead = len(text) - len(text.lstrip())
    n = rules.size if rules else next((k for k in range(4, 26) if k**3 == len(s)), None)
    if n is None or len(s) != n**3:
        n = n or 9
        raise parse_error(f"expected {n**3} characters ({n} candidates for each of {n * n} cells)",
                          found=len(s), quote=False, line=line, source=source)
    rules = rules or rules_of_size(n)
    masks = []
    for cell in range(n * n):
        mask = 0
        base = cell * n
        for k in range(n):
            ch = s[base + k]
            if ch == SYMBOLS[k] or (k >= 9 and ch == SYMBOLS[k].lower()):
                mask |= 1 << k
            elif ch not in ".0":
                raise parse_error(
                    f"expected {n} candidates per cell group: '{SYMBOLS[k]}' or '.' for "
                    f"candidate {k + 1} of {rules.cell_name(cell)}",
                    found=ch, line=line, column=lead + base + k + 1, source=source,
                )
        masks.append(mask)
    return Pencilmarks(rules, tuple(masks))


PM_TOKEN = re.compile(r"[^\s|:!]+")


def parse_pm_grid(
    lines: Sequence[tuple[int, str]], rules: Rules | None, source: str | None = None
) -> Pencilmarks:
    """The pencilmarks of a candidate grid's numbered lines (borders, comments and lines
    of words are skipped): one token of candidate digits per cell, ``-`` for none.

    >>> rows = ["1 234 234 234", "234 234 1234 1234", "234 1234 1234 1234", "234 1234 1234 1234"]
    >>> parse_pm_grid(list(enumerate(rows, 1)), None).digits(1)
    (2, 3, 4)
    """
    rows: list[tuple[int, str, list[re.Match[str]]]] = []
    for lineno, raw in lines:
        if (not raw.strip() or is_separator(raw) or raw.lstrip().startswith(("#", "//"))
                or is_text(raw)):
            continue
        rows.append((lineno, raw, list(PM_TOKEN.finditer(raw))))
    if not rows:
        raise parse_error("expected a candidate grid", found="no rows", source=source)
    n = rules.size if rules else len(rows)
    if n not in DEFAULT_BOXES and rules is None:
        raise parse_error("expected a candidate grid of 4, 6, 8, 9, 12, 16 or 25 rows",
                          found=len(rows), quote=False, source=source)
    rules = rules or rules_of_size(n)
    reading = f"(read as a {n}x{n} candidate grid)"
    masks: list[int] = []
    for index, (lineno, _raw, tokens) in enumerate(rows[:n], 1):
        if len(tokens) != n:
            raise parse_error(f"expected {n} cells in row {index} {reading}", found=len(tokens),
                              quote=False, line=lineno, source=source)
        for tok in tokens:
            mask = 0
            for k, ch in enumerate(tok.group()):
                if ch in "-.0" and len(tok.group()) == 1:
                    break
                d = VALUE[ord(ch)] if ord(ch) < 256 else BAD
                if not 1 <= d <= n:
                    raise parse_error(f"expected candidates {digits_text(n)[8:]}", found=ch,
                                      line=lineno, column=tok.start() + k + 1, source=source)
                mask |= 1 << (d - 1)
            masks.append(mask)
    if len(rows) != n:
        where = rows[n][0] if len(rows) > n else None
        raise parse_error(f"expected {n} rows {reading}", found=len(rows), quote=False,
                          line=where, source=source)
    return Pencilmarks(rules, tuple(masks))
