"""Grid text: n rows of cells with or without spaces, ``|`` and ``+---+`` lines (also
SadMan's .sdk and SimpleSudoku's .ss), several grids in one text, and the grid writers."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence

from ..errors import InvalidPuzzle, ParseError
from ..values.grid import Grid
from ..values.rules import DEFAULT_BOXES, Rules
from .headings import is_separator, is_text
from .record import Record, new_record
from .report import conflict_error, locate, parse_error
from .symbols import BAD, VALUE, rules_of_size, symbol_expected

GRID_TOKEN = re.compile(r"[^\s|!:,;]+")
"""A run of cells in a grid row: spaces, tabs, ``|``, ``!``, ``:``, ``,`` and ``;`` separate."""


def is_number(text: str) -> bool:
    """True for the ASCII digits of a number a grid can hold (at most two digits)."""
    return 0 < len(text) <= 2 and text.isascii() and text.isdigit()


def _most_common(values: list[int]) -> int:
    """The most frequent value (the first seen among equals)."""
    return Counter(values).most_common(1)[0][0]


def _token_size(rows: Sequence[list[re.Match[str]]]) -> tuple[int, bool]:
    """The size most rows suggest and whether they are space-separated numbers (``10 0 3``)."""
    counts = [len(t) for t in rows]
    chars = [sum(m.end() - m.start() for m in t) for t in rows]
    numeric = any(len(m.group()) > 1 and is_number(m.group()) for t in rows for m in t)
    by_tokens = _most_common(counts)
    by_chars = _most_common(chars)
    numeric = numeric and by_tokens >= 10 and by_tokens in DEFAULT_BOXES
    return (by_tokens if numeric else by_chars), numeric


def _grid_lines(
    lines: Sequence[tuple[int, str]],
) -> tuple[list[tuple[int, str]], dict[str, str], list[tuple[int, str]]]:
    """Candidate rows, ``#X`` header fields and lines of words (titles, notes) of grid text.

    Separator lines, ``//`` comments, ``[Section]`` lines and sections other than
    ``[Puzzle]`` are skipped.
    """
    header: dict[str, str] = {}
    rows: list[tuple[int, str]] = []
    titles: list[tuple[int, str]] = []
    section = "puzzle"
    for lineno, raw in lines:
        s = raw.strip()
        if not s or is_separator(s) or s.startswith("//"):
            continue
        if s.startswith("#"):
            if len(s) > 1 and s[1].isalpha() and (len(s) == 2 or not s[2].isalnum()):
                header[s[1].upper()] = s[2:].strip()
            continue
        if s.startswith("[") and s.endswith("]"):
            section = s[1:-1].strip().lower()
            continue
        if section != "puzzle":
            continue
        if is_text(s):
            titles.append((lineno, s))
            continue
        rows.append((lineno, raw))
    return rows, header, titles


def parse_rows(
    lines: Sequence[tuple[int, str]], rules: Rules | None, source: str | None = None
) -> tuple[Rules, bytes, dict[str, str], str | None, list[str]]:
    """Rules, cells, ``#X`` header fields, title and other lines of words of grid text
    (also .sdk, .ss).  The title is the first line of words above the rows."""
    found_rows, header, titles = _grid_lines(lines)
    rows = [(lineno, list(GRID_TOKEN.finditer(raw)), raw) for lineno, raw in found_rows]
    if rows:
        n, numeric = _token_size([t for _, t, _ in rows])
        if n <= 9 or rules is not None:
            # a row of a grid of 9 or fewer cells holds no word: a title or a note
            limit = rules.size if rules is not None else n
            titles += [(lineno, raw.strip()) for lineno, _, raw in rows if is_text(raw, limit)]
            rows = [row for row in rows if not is_text(row[2], limit)]
    if not rows:
        raise parse_error("expected grid rows", found="none", quote=False, source=source)
    n, numeric = _token_size([t for _, t, _ in rows])
    if rules is not None:
        n = rules.size
        numeric = numeric and n >= 10 and len(rows[0][1]) == n
    else:
        if n not in DEFAULT_BOXES or n < 4:
            n = len(rows) if len(rows) in DEFAULT_BOXES else n
        if n not in DEFAULT_BOXES or n < 4:
            raise parse_error("expected rows of 4, 6, 8, 9, 12, 16 or 25 cells", found=n,
                              quote=False, line=rows[0][0], source=source)
        rules = rules_of_size(n)
    reading = f"(read as a {n}x{n} grid)"
    out = bytearray()
    expected = symbol_expected(n)
    for index, (lineno, tokens, _) in enumerate(rows[:n], 1):
        if numeric:
            if len(tokens) != n:
                raise parse_error(f"expected {n} numbers in row {index} {reading}",
                                  found=len(tokens), quote=False, line=lineno, source=source)
            for tok in tokens:
                text = tok.group()
                if is_number(text) and int(text) <= n:
                    out.append(int(text))
                elif len(text) == 1 and VALUE[ord(text) & 0xFF] == 0 and ord(text) < 256:
                    out.append(0)
                else:
                    raise parse_error(f"expected a number 0-{n} or a blank (. x * - _)",
                                      found=text, line=lineno, column=tok.start() + 1,
                                      source=source)
            continue
        before = len(out)
        for tok in tokens:
            for k, ch in enumerate(tok.group()):
                v = VALUE[ord(ch)] if ord(ch) < 256 else BAD
                if v > n:
                    raise parse_error(expected, found=ch, line=lineno,
                                      column=tok.start() + k + 1, source=source)
                out.append(v)
        if len(out) - before != n:
            raise parse_error(f"expected {n} cells in row {index} {reading}",
                              found=len(out) - before, quote=False, line=lineno, source=source)
    if len(rows) != n:
        where = rows[n][0] if len(rows) > n else None
        raise parse_error(f"expected {n} rows {reading}", found=len(rows), quote=False,
                          line=where, source=source)
    ordered = sorted(titles)
    above = bool(ordered) and ordered[0][0] < rows[0][0]
    title = ordered[0][1] if above else None
    notes = [text for _, text in ordered[1 if above else 0 :]]
    return rules, bytes(out), header, title, notes


def puzzle_chunks(
    lines: Sequence[tuple[int, str]], format: str, rules: Rules | None
) -> list[list[tuple[int, str]]]:
    """The lines of each puzzle of grid text holding one or several grids.

    Grids are separated by blank lines (a grid may itself be split into bands by blank
    lines: blocks are joined until they hold n rows); a block of k*n rows with no blank
    line between grids is cut after every n-th row.  Text whose rows do not suggest a
    size stays one piece, so its error is reported as before.
    """
    pm = format == "pencilmarks"
    rows, _, _ = _grid_lines(lines)
    if not rows:
        return [list(lines)]
    if rules is not None:
        n = rules.size
    elif pm:
        from .pencilmarks import PM_TOKEN

        counts = [len(PM_TOKEN.findall(raw)) for _, raw in rows]
        n = _most_common(counts)
    else:
        n, _ = _token_size([list(GRID_TOKEN.finditer(raw)) for _, raw in rows])
    if n not in DEFAULT_BOXES or len(rows) <= n:
        return [list(lines)]
    row_lines = {lineno for lineno, raw in rows if not is_text(raw, n)}
    blocks: list[list[tuple[int, str]]] = [[]]
    for item in lines:
        if item[1].strip():
            blocks[-1].append(item)
        elif blocks[-1]:
            blocks.append([])
    chunks: list[list[tuple[int, str]]] = []
    current: list[tuple[int, str]] = []
    count = 0
    for block in blocks:
        k = sum(1 for lineno, _ in block if lineno in row_lines)
        if count and count + k > n:
            chunks.append(current)
            current, count = [], 0
        if not count and k > n and k % n == 0:
            part: list[tuple[int, str]] = []
            seen = 0
            closed = False
            for item in block:
                if closed and not part and is_separator(item[1]):
                    chunks[-1].append(item)  # the closing border of the grid above
                    continue
                part.append(item)
                seen += item[0] in row_lines
                closed = seen == n
                if closed:
                    chunks.append(part)
                    part, seen = [], 0
            current = part
            continue
        current += block
        count += k
        if count >= n:
            chunks.append(current)
            current, count = [], 0
    if current:
        if count == 0 and chunks:
            chunks[-1] += current
        else:
            chunks.append(current)
    return chunks

def numbered(text: str, first: int = 1) -> list[tuple[int, str]]:
    """The lines of ``text`` with their numbers (from ``first``), carriage returns cut.

    >>> numbered("a\\r\\nb")
    [(1, 'a'), (2, 'b')]
    """
    return [(i, raw.rstrip("\r")) for i, raw in enumerate(text.split("\n"), first)]


def one_chunk(
    text: str, format: str, rules: Rules | None, source: str | None
) -> list[tuple[int, str]]:
    """The numbered lines of grid text that must hold exactly one puzzle."""
    chunks = puzzle_chunks(numbered(text), format, rules)
    if len(chunks) > 1:
        line = next((i for i, raw in chunks[1] if raw.strip()), None)
        raise parse_error("expected exactly one puzzle", found=f"{len(chunks)} puzzles",
                          quote=False, line=line, source=source)
    return chunks[0]

def iter_blocks(
    text: str, format: str, rules: Rules | None, check: bool, source: str | None
) -> Iterator[Record]:
    """One record per multi-line puzzle (grid text, .sdk, .ss, candidate grid); several
    grids in one text are separated by blank lines or follow each other (n rows each)."""
    if format == "729":
        chunks = [numbered(text)]
    else:
        chunks = puzzle_chunks(numbered(text), format, rules)
    for index, lines in enumerate(chunks):
        first = next((i for i, s in lines if s.strip()), lines[0][0] if lines else 1)
        grid: Grid | None = None
        error: ValueError | None = None
        name: str | None = None
        extra = ""
        raw = "\n".join(s for _, s in lines).strip("\n")
        try:
            if format in ("pencilmarks", "729"):
                from .pencilmarks import parse_729, parse_pm_grid

                if format == "729":
                    pm = parse_729("".join(text.split()), rules, first, source)
                else:
                    pm = parse_pm_grid(lines, rules, source)
                    name = next((s.strip() for _, s in lines if is_text(s)
                                 and not s.lstrip().startswith(("#", "//"))), None)
                grid = pm.to_grid()
                extra = pm.to_string729()
            else:
                r, cells, header, title, notes = parse_rows(lines, rules, source)
                grid = Grid._trusted(r, cells)
                name = header.get("N") or header.get("D") or title
                extra = "\n".join([f"#{k} {v}" for k, v in header.items()] + notes)
            if check and grid.rules.has_conflict(grid.cells):
                raise locate(conflict_error(grid.rules, grid.cells), first, source)
        except (ParseError, InvalidPuzzle) as e:
            error, grid = e, None
        yield new_record(index, first, raw, grid, error, extra, name)
def format_grid(grid: Grid, blank: str = ".") -> str:
    """Grid text: cells separated by spaces, ``|`` between boxes, ``-``/``+`` lines
    between bands (no box lines for jigsaw regions).

    >>> print(format_grid(Grid("1" + "." * 35, rules=Rules(6))))
    1 . . | . . .
    . . . | . . .
    ------+------
    . . . | . . .
    . . . | . . .
    ------+------
    . . . | . . .
    . . . | . . .
    """
    rules = grid.rules
    n = rules.size
    line = grid.to_string(blank)
    rows = [line[r * n : (r + 1) * n] for r in range(n)]
    if rules.regions is not None:
        return "\n".join(" ".join(row) for row in rows)
    br, bc = rules.box  # type: ignore[misc]
    stacks = range(0, n, bc)
    out: list[str] = []
    widths = [2 * bc - 1 for _ in stacks]
    rule = "+".join("-" * (w + (1 if i in (0, len(widths) - 1) else 2))
                    for i, w in enumerate(widths))
    if len(widths) == 1:
        rule = "-" * widths[0]
    for r, row in enumerate(rows):
        if r and r % br == 0:
            out.append(rule)
        out.append(" | ".join(" ".join(row[c : c + bc]) for c in stacks))
    return "\n".join(out)


def write_ss(grid: Grid, blank: str) -> str:
    """SimpleSudoku text: rows with ``|`` between boxes and ``-`` lines between bands.

    >>> from shudu.values.rules import Rules
    >>> print(write_ss(Grid("1" + "." * 15, rules=Rules(4)), "."))
    1.|..
    ..|..
    -----
    ..|..
    ..|..
    """
    rules = grid.rules
    n = rules.size
    line = grid.to_string(blank)
    br, bc = rules.box if rules.regions is None else (n, n)  # type: ignore[misc]
    rows = ["|".join(line[r * n + c : r * n + c + bc] for c in range(0, n, bc))
            for r in range(n)]
    out: list[str] = []
    for r, row in enumerate(rows):
        if r and r % br == 0:
            out.append("-" * len(row))
        out.append(row)
    return "\n".join(out)
