"""An independent judge of answers: whether a grid fills a puzzle under a
:class:`~shudu.values.rules.Rules` value, rebuilt from the rules' fields and each constraint's
published meaning (nothing here calls the constraint classes' own checks), and an exact
solution count by plain backtracking for small grids."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import itertools

from checker import KING, KNIGHT, groups

Values = Sequence[int]


def _orthogonal(n: int) -> list[tuple[int, int]]:
    out = []
    for cell in range(n * n):
        r, c = divmod(cell, n)
        if c + 1 < n:
            out.append((cell, cell + 1))
        if r + 1 < n:
            out.append((cell, cell + n))
    return out


def _kropki_ok(colour: str, k: int, a: int, b: int) -> bool:
    return abs(a - b) == k if colour == "white" else (a == k * b or b == k * a)


_NEGATIVE = {
    "kropki": ("kropki", lambda a, b: abs(a - b) != 1 and a != 2 * b and b != 2 * a),
    "white": ("kropki", lambda a, b: abs(a - b) != 1),
    "black": ("kropki", lambda a, b: a != 2 * b and b != 2 * a),
    "xv": ("xv", lambda a, b: a + b not in (5, 10)),
    "x": ("xv", lambda a, b: a + b != 10),
    "v": ("xv", lambda a, b: a + b != 5),
}


def _marked(rules: Any, kind: str, colour: str | None) -> set[tuple[int, int]]:
    return {tuple(sorted(c.cells)) for c in rules.constraints if c.kind == kind
            and (colour is None or getattr(c, "colour", None) == colour)}


def _sandwich(line: list[int], n: int) -> int:
    a, b = sorted((line.index(1), line.index(n)))
    return sum(line[a + 1:b])


def constraint_holds(con: Any, s: Values, rules: Any) -> bool:
    """Whether a complete grid ``s`` keeps one constraint, by its meaning."""
    n = rules.size
    kind = con.kind
    if kind == "killer":
        digits = [s[c] for c in con.cells]
        return len(set(digits)) == len(digits) and (not con.total or sum(digits) == con.total)
    if kind == "thermo":
        d = [s[c] for c in con.cells]
        return all(b >= a if con.slow else b > a for a, b in itertools.pairwise(d))
    if kind == "whisper":
        d = [s[c] for c in con.cells]
        return all(abs(a - b) >= con.gap for a, b in itertools.pairwise(d))
    if kind == "renban":
        d = [s[c] for c in con.cells]
        return len(set(d)) == len(d) and max(d) - min(d) == len(d) - 1
    if kind == "palindrome":
        d = [s[c] for c in con.cells]
        return d == d[::-1]
    if kind == "clone":
        return all(s[a] == s[b] for a, b in zip(con.cells, con.copies))
    if kind == "kropki":
        k = con.value if con.value is not None else (1 if con.colour == "white" else 2)
        return _kropki_ok(con.colour, k, s[con.cells[0]], s[con.cells[1]])
    if kind == "xv":
        return s[con.cells[0]] + s[con.cells[1]] == con.total
    if kind == "non-consecutive":
        white = _marked(rules, "kropki", "white")
        return all(abs(s[a] - s[b]) != 1 for a, b in _orthogonal(n) if (a, b) not in white)
    if kind == "negative":
        family, ok = _NEGATIVE[con.of]
        marked = _marked(rules, family, None)   # a dot of any colour of the family
        return all(ok(s[a], s[b]) for a, b in _orthogonal(n) if (a, b) not in marked)
    if kind == "arrow":
        circle = int("".join(str(s[c]) for c in con.circle)) if len(con.circle) > 1 \
            else s[con.circle[0]]
        return circle == sum(s[c] for c in con.cells)
    if kind == "little-killer":
        return sum(s[c] for c in con.cells) == con.total
    if kind == "sandwich":   # a line without a 1 or an n has no sandwich to break
        line = [s[c] for c in con.cells]
        return 1 not in line or n not in line or _sandwich(line, n) == con.total
    if kind in ("odd", "even"):
        return s[con.cell] % 2 == (kind == "odd")
    if kind == "extra-region":
        d = [s[c] for c in con.cells]
        return len(set(d)) == len(d)
    if kind == "disjoint":
        if rules.regions is not None:
            return True
        br, bc = rules.box
        for i in range(br):
            for j in range(bc):
                d = [s[r * n + c] for r in range(i, n, br) for c in range(j, n, bc)]
                if len(set(d)) != len(d):
                    return False
        return True
    raise AssertionError(f"the oracle does not know the constraint kind {kind!r}")


def rule_groups(rules: Any) -> list[list[int]]:
    """Every group of cells that must hold different digits (houses and the groups the
    constraints make differ are checked by their meaning instead)."""
    n = rules.size
    out = groups(n, rules.box, regions=rules.regions, diagonals=rules.diagonals,
                 windows=rules.windows)
    out += [list(h) for h in rules.extra_houses]
    return out


def is_solution(s: Values, puzzle: Values | None, rules: Any) -> str | None:
    """What is wrong with ``s`` as a solution of ``puzzle`` (None: nothing)."""
    n = rules.size
    if len(s) != n * n:
        return f"{len(s)} cells, not {n * n}"
    if any(not 1 <= v <= n for v in s):
        return "a cell outside 1..n"
    if puzzle is not None and any(p and p != v for p, v in zip(puzzle, s)):
        return "a given changed"
    for g in rule_groups(rules):
        if len({s[c] for c in g}) != len(g):
            return f"a digit repeats in the group {g}"
    moves = (KNIGHT if rules.anti_knight else []) + (KING if rules.anti_king else [])
    for cell in range(n * n):
        r, c = divmod(cell, n)
        for dr, dc in moves:
            rr, cc = r + dr, c + dc
            if 0 <= rr < n and 0 <= cc < n and s[rr * n + cc] == s[cell]:
                return "an anti-knight/anti-king pair repeats"
    for con in rules.constraints:
        if not constraint_holds(con, s, rules):
            return f"breaks {con!r}"
    return None


def exact_count(puzzle: Values, rules: Any, cap: int = 10_000) -> int | None:
    """The number of solutions (up to ``cap``) by plain backtracking with no inference
    beyond "a digit may not repeat among peers": only for grids small enough (None when
    the search would be too big to wait for)."""
    n = rules.size
    open_cells = [i for i, v in enumerate(puzzle) if not v]
    if n > 4 and len(open_cells) > 14:
        return None
    peers: list[set[int]] = [set() for _ in range(n * n)]
    for g in rule_groups(rules) + [list(c.cells) for c in rules.constraints
                                   if c.kind in ("killer", "renban", "extra-region")]:
        for c in g:
            peers[c].update(x for x in g if x != c)
    moves = (KNIGHT if rules.anti_knight else []) + (KING if rules.anti_king else [])
    for cell in range(n * n):
        r, c = divmod(cell, n)
        for dr, dc in moves:
            if 0 <= r + dr < n and 0 <= c + dc < n:
                peers[cell].add((r + dr) * n + c + dc)
    s = list(puzzle)
    for c in range(n * n):
        if s[c] and any(s[p] == s[c] for p in peers[c]):
            return 0
    found = 0

    def walk(k: int) -> None:
        nonlocal found
        if found >= cap:
            return
        if k == len(open_cells):
            if is_solution(s, None, rules) is None:
                found += 1
            return
        cell = open_cells[k]
        used = {s[p] for p in peers[cell]}
        for d in range(1, n + 1):
            if d not in used:
                s[cell] = d
                walk(k + 1)
        s[cell] = 0

    walk(0)
    return found
