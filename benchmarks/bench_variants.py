"""Variant puzzles (thermometers, arrows, Kropki, XV, sandwiches, little killers, whispers,
renban, palindromes, clones, odd/even, negative constraints ...): shudu's engine against
pencilmark on the same puzzles.

Two sets, one puzzle at a time, CPU time:

* **published**: the published variant puzzles of
  ``tests/fixtures/fpuzzles_published.txt`` (f-puzzles data and the published solution);
* **mixed**: ``--mixed`` puzzles built here from random 9x9 solutions (seeded): a dozen
  constraints of random kinds drawn from the solution, 14 givens from the solution, then
  more in a random order until the engine finds one solution (so each is unique).  Near
  empty grids are left out on purpose: with several sums and no givens, counting can
  still take the engine seconds (a pill arrow with three sandwiches, say).

Per puzzle:

* shudu: from the f-puzzles data (published) or the constraint values (mixed) to the
  answer: ``engine.search(grid, limit=2)`` with its tables built afresh (the search, its
  uniqueness check and the constraint program), best of ``--repeat`` runs; the solution
  must be the known one and the count 1;
* pencilmark (``pip install pencilmark``): ``pencilmark.solve(doc)`` on the same puzzle in
  its ``sudoku-puzzle`` exchange JSON, in a child process with ``--budget`` seconds, its
  CPU time measured there (loading its JSON included, as shudu's tables are); its
  solution must be the known one.

    .venv/bin/python benchmarks/bench_variants.py [--mixed 30] [--budget 60]
        [--repeat 3] [--markdown benchmarks/RESULTS.md]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from bench_killer import (
    PEER_HEADER,
    compare_peer,
    have_pencilmark,
    peer_cells,
    peer_row,
    shudu_solve,
)
from constraint_cases import planted
from report import block, command_line, load_average, log, table, write_block
from shudu import Grid, Rules
from shudu.formats.fpuzzles import read_fpuzzles
from shudu.make.classic import random_solution
from shudu.solving import engine

FIXTURE = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "fpuzzles_published.txt"

PEER_KINDS = ("thermo", "slow", "whisper", "renban", "palindrome", "kropki", "xv", "parity",
              "arrow", "pill", "little-killer", "sandwich", "region")
"""The constraint kinds of the mixed set (pencilmark reads every one of them)."""


def published() -> list[tuple[str, Grid, str]]:
    """(title, puzzle, solution) of every published variant puzzle of the fixture."""
    out = []
    for line in FIXTURE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            title, _, data, solution = line.split("\t")
            out.append((title, read_fpuzzles(data), solution))
    return out


def mixed(count: int) -> list[tuple[str, Grid, str]]:
    """``count`` unique 9x9 puzzles of random constraints and givens (14, then as many as
    uniqueness needs)."""
    out = []
    seed = 0
    while len(out) < count:
        seed += 1
        rng = random.Random(seed)
        solution = random_solution(seed=seed).cells
        rules = Rules(constraints=planted(solution, 9, rng, 12, PEER_KINDS))
        cells = bytearray(81)
        order = rng.sample(range(81), 81)
        for _ in range(14):
            c = order.pop()
            cells[c] = solution[c]
        while engine.count(Grid(bytes(cells), rules), 2) > 1:
            c = order.pop()
            cells[c] = solution[c]
        answer = "".join(map(str, solution))
        out.append((f"mixed {seed}", Grid(bytes(cells), rules), answer))
    return out


def _name(c: int, n: int) -> str:
    return f"r{c // n + 1}c{c % n + 1}"


def pencilmark_doc(grid: Grid) -> dict[str, Any]:
    """The puzzle in pencilmark's ``sudoku-puzzle`` exchange JSON."""
    r, n = grid.rules, grid.size

    def names(cells: Any) -> list[str]:
        return [_name(c, n) for c in cells]

    rules: list[dict[str, Any]] = []
    if r.regions is None:
        rules.append({"type": "box_grid", "origin": "r1c1", "box": list(r.box or (3, 3))})
    else:
        raise ValueError("jigsaw puzzles are not in this benchmark")
    if r.diagonals:
        rules.append({"type": "region", "kind": "diagonal",
                      "cells": names(i * n + i for i in range(n))})
        rules.append({"type": "region", "kind": "diagonal",
                      "cells": names(i * n + n - 1 - i for i in range(n))})
    rules += [{"type": "region", "kind": "extra", "cells": names(h)} for h in r.extra_houses]
    if r.anti_knight:
        rules.append({"type": "neighbours", "kind": "antiknight"})
    if r.anti_king:
        rules.append({"type": "neighbours", "kind": "antiking"})
    for c in r.constraints:
        k = c.kind
        if k == "killer":
            rules.append({"type": "cage", "cells": names(c.cells), **({"sum": c.total}
                                                                      if c.total else {})})
        elif k == "thermo":
            rules.append({"type": "line", "kind": "slow_thermo" if c.slow else "thermo",
                          "cells": names(c.cells)})
        elif k in ("renban", "palindrome"):
            rules.append({"type": "line", "kind": k, "cells": names(c.cells)})
        elif k == "whisper":
            rules.append({"type": "line", "kind": "whisper", "cells": names(c.cells),
                          "value": c.gap})
        elif k == "arrow":
            rules.append({"type": "arrow", "bulb": names(c.circle), "lines": [names(c.cells)]})
        elif k == "kropki" and c.value is None:
            rules.append({"type": "edge", "kind": "kropki", "color": c.colour,
                          "cells": names(c.cells)})
        elif k == "kropki":
            rules.append({"type": "edge", "kind": "difference" if c.colour == "white"
                          else "ratio", "value": c.value, "cells": names(c.cells)})
        elif k == "xv" and c.total in (5, 10):
            rules.append({"type": "edge", "kind": "xv", "letter": c.symbol,
                          "cells": names(c.cells)})
        elif k == "xv":
            rules.append({"type": "edge", "kind": "sum", "sum": c.total,
                          "cells": names(c.cells)})
        elif k in ("odd", "even"):
            rules.append({"type": "cell", "kind": k, "cells": names(c.cells)})
        elif k == "extra-region":
            rules.append({"type": "region", "kind": "extra", "cells": names(c.cells)})
        elif k == "little-killer":
            r0, c0 = divmod(c.cells[0], n)
            side = ("top" if r0 == 0 else "bottom" if r0 == n - 1 else
                    "left" if c0 == 0 else "right")
            rules.append({"type": "sum", "kind": "little_killer", "sum": c.total, "side": side,
                          "cells": names(c.cells)})
        elif k == "sandwich":
            side = "top" if c.cells[1] - c.cells[0] == n else "left"
            rules.append({"type": "sandwich", "sum": c.total, "side": side,
                          "cells": names(c.cells)})
        elif k == "non-consecutive":   # every white dot is given
            white = [names(sorted(x.cells)) for x in r.constraints
                     if x.kind == "kropki" and x.colour == "white"]
            rules.append({"type": "neighbours", "op": "not_difference", "params": [1],
                          "where": "orthogonal", "except": white})
        elif k == "negative":
            of, extra = {"black": ("kropki", {"color": "black"}),
                         "white": ("kropki", {"color": "white"}),
                         "kropki": ("kropki", {}), "xv": ("xv", {})}[c.of]
            rules.append({"type": "negative", "of": of, **extra})
        elif k == "clone":
            rules.append({"type": "clone", "regions": [names(c.cells), names(c.copies)]})
        elif k == "disjoint":
            rules += [{"type": "region", "kind": "disjoint", "cells": names(g)}
                      for g in c.groups(r)]
        else:
            raise ValueError(f"no pencilmark form for {k} here")
    return {"format": "sudoku-puzzle", "format_version": 1, "board": {"rows": n, "cols": n},
            "digits": n, "givens": list(grid.cells), "rules": rules}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mixed", type=int, default=30)
    parser.add_argument("--budget", type=float, default=60.0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--markdown", type=Path)
    args = parser.parse_args()
    have_peer = have_pencilmark()
    sets = {"published": published(), "mixed": mixed(args.mixed)}
    body = []
    for name, puzzles in sets.items():
        row = peer_row()
        for title, grid, solution in puzzles:
            row["n"] += 1
            got, count, spent = shudu_solve(grid, args.repeat, fresh=True)
            if got != solution or count != 1:
                raise SystemExit(f"{title}: shudu gave {got} (count {count})")
            row["shudu"] += spent
            line = f"{title}: shudu {spent * 1e3:.2f} ms"
            if have_peer:
                line += compare_peer(row, grid, solution, spent, args.budget, title,
                                     pencilmark_doc(grid))
            log(line)
        n = len(puzzles)
        cells = [name, str(n), f"{row['shudu'] / n * 1e3:.2f}"]
        if have_peer:
            cells += peer_cells(row, mean_digits=1)
        body.append(cells)
    header = ["set", "puzzles", "shudu count-to-2 (mean ms)"]
    if have_peer:
        header += PEER_HEADER
    lines = ["## Variant puzzles: engine against pencilmark", "",
             f"Command: `{command_line(__file__)}` (load {load_average()}).", "",
             *table(header, body)]
    print("\n".join(lines))
    if args.markdown:
        write_block(args.markdown, "variants", block("variants", lines))


if __name__ == "__main__":
    main()
