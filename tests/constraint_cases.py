"""Random constraints for the engine and logic tests: each kind drawn from a known
solution (so the solution keeps it) or at random (so it may break every grid)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from shudu import Rules
from shudu.values.constraints import (
    XV,
    Arrow,
    Between,
    Cage,
    Entropic,
    ExtraRegion,
    Kropki,
    LittleKiller,
    Lockout,
    Modular,
    Negative,
    Palindrome,
    Parity,
    RegionSum,
    Renban,
    Sandwich,
    Thermo,
    Whisper,
    Zipper,
)
from shudu.values.constraints.base import orthogonal_pairs


def neighbours(cell: int, n: int, king: bool = False) -> list[int]:
    r, c = divmod(cell, n)
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if king:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    return [(r + dr) * n + c + dc for dr, dc in steps if 0 <= r + dr < n and 0 <= c + dc < n]


def walk(sol: Sequence[int], n: int, rng: random.Random, ok, longest: int,
         start: int | None = None, king: bool = False) -> list[int]:
    """A path of neighbouring cells where ``ok(path, next)`` holds at each step."""
    path = [rng.randrange(n * n) if start is None else start]
    while len(path) < longest:
        options = [x for x in neighbours(path[-1], n, king)
                   if x not in path and ok(path, x)]
        if not options:
            break
        path.append(rng.choice(options))
    return path


def kinds_from(sol: Sequence[int], n: int, rng: random.Random, kind: str) -> list:
    """Constraints of one kind that the solution ``sol`` keeps (maybe none)."""
    v = sol
    if kind == "thermo":
        p = walk(v, n, rng, lambda path, x: v[x] > v[path[-1]], rng.randint(2, 5))
        return [Thermo(tuple(p))] if len(p) >= 2 else []
    if kind == "slow":
        p = walk(v, n, rng, lambda path, x: v[x] >= v[path[-1]], rng.randint(2, 5))
        return [Thermo(tuple(p), slow=True)] if len(p) >= 2 else []
    if kind == "whisper":
        gap = (n + 1) // 2
        p = walk(v, n, rng, lambda path, x: abs(v[x] - v[path[-1]]) >= gap, rng.randint(2, 5))
        return [Whisper(tuple(p), gap)] if len(p) >= 2 else []
    if kind == "renban":
        def run(path, x):
            vals = [v[c] for c in path] + [v[x]]
            return len(set(vals)) == len(vals) and max(vals) - min(vals) < len(vals)
        p = walk(v, n, rng, run, rng.randint(2, 4))
        return [Renban(tuple(p))] if len(p) >= 2 else []
    if kind == "palindrome":   # a drawn line (king steps) that reads alike both ways
        for _ in range(300):
            p = walk(v, n, rng, lambda path, x: True, rng.randint(3, 6), king=True)
            if len(p) >= 3 and [v[c] for c in p] == [v[c] for c in reversed(p)]:
                return [Palindrome(tuple(p))]
        return []
    if kind in ("kropki", "xv"):
        a, b = rng.choice(list(orthogonal_pairs(n)))
        x, y = v[a], v[b]
        if kind == "kropki":
            if abs(x - y) == 1:
                return [Kropki((a, b), "white")]
            if x == 2 * y or y == 2 * x:
                return [Kropki((a, b), "black")]
            return []
        return [XV((a, b), x + y)] if x + y in (5, 10) or rng.random() < 0.3 else []
    if kind == "parity":
        c = rng.randrange(n * n)
        return [Parity(c, "odd" if v[c] % 2 else "even")]
    if kind == "arrow":   # a shaft of king steps from the circle, adding up to it
        c = rng.randrange(n * n)
        for _ in range(60):
            p = walk(v, n, rng, lambda path, x: sum(v[y] for y in path[1:]) + v[x] <= v[c],
                     4, start=c, king=True)
            if len(p) > 1 and sum(v[x] for x in p[1:]) == v[c]:
                return [Arrow((c,), tuple(p[1:]))]
        return []
    if kind == "pill":
        if n > 9:
            return []      # a pill reads as a decimal number: 9x9 and smaller
        a = rng.randrange(n * n)
        circle = (a, rng.choice(neighbours(a, n)))
        target = 10 * v[circle[0]] + v[circle[1]]
        for _ in range(200):
            p = walk(v, n, rng, lambda path, x: x not in circle and
                     sum(v[y] for y in path[1:]) + v[x] <= target, 9, start=circle[1],
                     king=True)
            if sum(v[x] for x in p[1:]) == target:
                return [Arrow(circle, tuple(p[1:]))]
        return []
    if kind == "little-killer":
        r0 = rng.randrange(n)
        step = rng.choice((n + 1, n - 1))
        start = r0 * n + (0 if step == n + 1 else n - 1)
        cells = []
        c = start
        while 0 <= c < n * n and (not cells or abs(c // n - cells[-1] // n) == 1):
            cells.append(c)
            c += step
        return [LittleKiller(tuple(cells), sum(v[x] for x in cells))]
    if kind == "sandwich":
        i = rng.randrange(n)
        s = Sandwich.row(i, 0, n) if rng.random() < 0.5 else Sandwich.column(i, 0, n)
        line = [v[x] for x in s.cells]
        a, b = sorted((line.index(1), line.index(n)))
        return [Sandwich(s.cells, sum(line[a + 1:b]))]
    if kind == "region":
        cells, seen = [], set()
        for c in rng.sample(range(n * n), n * n):
            if v[c] not in seen and len(cells) < rng.randint(2, n):
                cells.append(c)
                seen.add(v[c])
        return [ExtraRegion(tuple(cells))] if len(cells) >= 2 else []
    if kind in ("negative-kropki", "negative-xv"):
        out: list = []
        for a, b in orthogonal_pairs(n):
            x, y = v[a], v[b]
            if kind == "negative-kropki":
                if abs(x - y) == 1:
                    out.append(Kropki((a, b), "white"))
                elif x == 2 * y or y == 2 * x:
                    out.append(Kropki((a, b), "black"))
            elif x + y in (5, 10):
                out.append(XV((a, b), x + y))
        return [*out, Negative(kind.split("-")[1])]
    if kind in LINE_MAKERS:
        return _line_kept(v, n, rng, kind)
    raise ValueError(kind)


LINE_MAKERS = {"between": Between, "lockout": Lockout, "region-sum": RegionSum,
               "zipper": Zipper, "modular": Modular, "entropic": Entropic}
"""The line kinds drawn as any line (king steps) that the solution happens to keep."""

LINE_KINDS = tuple(LINE_MAKERS)


def _line_kept(v: Sequence[int], n: int, rng: random.Random, kind: str) -> list:
    make = LINE_MAKERS[kind]
    for _ in range(300):
        p = walk(v, n, rng, lambda path, x: True, rng.randint(3, 6), king=True)
        if len(p) >= 3:
            con = make(tuple(p))
            if con.check(v):
                return [con]
    return []


KINDS = ("thermo", "slow", "whisper", "renban", "palindrome", "kropki", "xv", "parity",
         "arrow", "pill", "little-killer", "sandwich", "region")


def planted(sol: Sequence[int], n: int, rng: random.Random, how_many: int,
            kinds: Sequence[str] = KINDS) -> tuple:
    """``how_many`` draws of random kinds, each kept by ``sol``."""
    out: list = []
    for _ in range(how_many):
        out += kinds_from(sol, n, rng, rng.choice(kinds))
    return tuple(dict.fromkeys(out))


def brute_solutions(puzzle: Sequence[int], rules: Rules, limit: int) -> list[bytes]:
    """A plain backtracker over the peers and each constraint's own check."""
    n, values = rules.size, bytearray(puzzle)
    peers = rules.peers
    by_cell: dict[int, list] = {}
    every: list = []
    for con in rules.constraints:
        cells = con.cells if con.cells else ()
        if not cells:
            every.append(con)
        for c in (con.circle + con.cells if isinstance(con, Arrow) else cells):
            by_cell.setdefault(c, []).append(con)
    found: list[bytes] = []
    order = [c for c in range(n * n) if not values[c]]
    if any(not c.check(values, rules) for c in rules.constraints):
        return []

    def fill(i: int) -> bool:
        if i == len(order):
            found.append(bytes(values))
            return len(found) >= limit
        cell = order[i]
        for d in range(1, n + 1):
            if any(values[p] == d for p in peers[cell]):
                continue
            values[cell] = d
            if all(c.check(values, rules) for c in by_cell.get(cell, ())) and \
                    all(c.check(values, rules) for c in every) and fill(i + 1):
                values[cell] = 0
                return True
            values[cell] = 0
        return False

    fill(0)
    return found


def unsound(steps: Sequence, solutions: Sequence[bytes]) -> list[str]:
    """The steps that remove a digit some solution holds, or place one that not every
    solution holds (their notations)."""
    bad = []
    for step in steps:
        for c, d in step.eliminations:
            if any(s[c] == d for s in solutions):
                bad.append(step.notation())
        for c, d in step.placements:
            if any(s[c] != d for s in solutions):
                bad.append(step.notation())
    return bad


def random_cages(solution: bytes, rng: random.Random, size: int, biggest: int,
           no_sum: float = 0.2) -> tuple[Cage, ...]:
    """Random cages covering some cells: each holds different digits of ``solution``."""
    cells = list(range(size * size))
    rng.shuffle(cells)
    cages = []
    while cells:
        want = rng.randint(1, biggest)
        cage = [cells.pop()]
        for c in list(cells):
            if len(cage) >= want:
                break
            if solution[c] not in {solution[x] for x in cage}:
                cage.append(c)
                cells.remove(c)
        total = 0 if rng.random() < no_sum else sum(solution[c] for c in cage)
        cages.append(Cage(tuple(cage), total))
        if rng.random() < 0.3:
            cells = cells[: len(cells) // 2]   # leave some cells out of every cage
    return tuple(cages)


OUTSIDE_KINDS = ("x-sum", "skyscraper", "quadruple", "diagonal-kropki", "diagonal-xv")
"""Clues outside a house, on a corner of four cells or of two diagonal neighbours."""


def outside_from(sol: Sequence[int], n: int, rng: random.Random, kind: str) -> list:
    """A clue of one of :data:`OUTSIDE_KINDS` that the solution ``sol`` keeps (maybe none)."""
    from shudu.values.constraints import Quadruple, Skyscraper, XSum
    from shudu.values.constraints.outside import house_line

    v = sol
    if kind in ("x-sum", "skyscraper"):
        line = house_line(rng.randrange(n), n, rng.random() < 0.5, rng.random() < 0.5)
        digits = [v[c] for c in line]
        if kind == "x-sum":
            return [XSum(line, sum(digits[:digits[0]]))]
        seen = sum(1 for i, d in enumerate(digits) if d > max(digits[:i], default=0))
        return [Skyscraper(line, seen)]
    r, c = rng.randrange(n - 1), rng.randrange(n - 1)
    if kind == "quadruple":
        cells = (r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1)
        held = [v[x] for x in cells]
        return [Quadruple(cells, rng.sample(held, rng.randint(1, 4)))]
    a, b = (r * n + c, (r + 1) * n + c + 1) if rng.random() < 0.5 else \
        (r * n + c + 1, (r + 1) * n + c)
    x, y = v[a], v[b]
    if kind == "diagonal-xv":
        return [XV((a, b), x + y)] if x + y in (5, 10) or rng.random() < 0.3 else []
    if abs(x - y) == 1:
        return [Kropki((a, b), "white")]
    if x == 2 * y or y == 2 * x:
        return [Kropki((a, b), "black")]
    return [Kropki((a, b), "white", abs(x - y))] if x != y and rng.random() < 0.3 else []


TAREK_39 = "QQH7IGID<H```````^N````O```8``````8`F````LG``M`S`IG```E```D````D``8`````^<```````"
"""The 39th of tarek's killers (``benchmarks/data/killer_collections.tsv``), in the cage
string notation: every killer technique, nested cage forcing too, leaves it stuck after
six steps."""


def killer_x_rules() -> Rules:
    """The rules of the killer-X of ``tests/fixtures/killer_x.txt`` (a killer with
    diagonals: its cages' cells are peers too)."""
    from pathlib import Path

    from shudu.formats.killer import read_killer_list

    fixture = Path(__file__).parent / "fixtures" / "killer_x.txt"
    puzzle = next(line for line in fixture.read_text().splitlines()
                  if line and not line.startswith("#"))
    return read_killer_list(puzzle).rules


#: 9x9 geometries whose peers go beyond rows, columns and boxes, by name.
NINE_GEOMETRIES = {"x": lambda: Rules(diagonals=True), "windoku": lambda: Rules(9, windows=True),
                   "anti-knight": lambda: Rules(9, anti_knight=True), "killer-x": killer_x_rules}


def thinned_state(rules: Rules, seed: int, rng: random.Random, givens: tuple[int, int],
                  cells: tuple[int, int], drops: tuple[int, int]) -> Any:
    """A 9x9 pencilmark state that keeps a solution: givens of ``random_solution(rules,
    seed=seed)`` (a number in ``givens``), then on some open cells (a number in ``cells``)
    candidates other than the solution's taken out (a number in ``drops`` tried each)."""
    from shudu import Grid
    from shudu.make.classic import random_solution
    from shudu.values.candidates import Candidates

    solution = random_solution(rules, seed=seed).cells
    puzzle = bytearray(81)
    for c in rng.sample(range(81), rng.randint(*givens)):
        puzzle[c] = solution[c]
    cands = Candidates.from_grid(Grid(bytes(puzzle), rules))
    for c in rng.sample(range(81), rng.randint(*cells)):
        for d in rng.sample(range(1, 10), rng.randint(*drops)):
            if not cands.values[c] and d != solution[c] and cands.has(c, d):
                cands.eliminate(c, d)
    return cands
