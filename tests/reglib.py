"""HoDoKu's regression library (../shared/data/reglib-1.4.txt) as test cases.

Each case is a pencilmark state and the eliminations or placements one technique must
find there.  ``run_case`` checks that some instance of the technique found by shudu makes
exactly the expected eliminations (or placements); fail cases (variant ``x``) pass when
no instance makes the listed change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from conftest import SHARED_DATA
from shudu import Grid
from shudu.values.candidates import Candidates

REGLIB = SHARED_DATA / "reglib-1.4.txt"


@dataclass(frozen=True)
class Case:
    """One line of the library."""

    line: int
    code: str          # technique code, e.g. "0300"
    variant: str       # "" or "1", "2", ... or "x" (fail case)
    candidates: str
    givens: str
    deleted: tuple[tuple[int, int], ...]       # (cell, digit)
    eliminations: tuple[tuple[int, int], ...]  # (cell, digit)
    placements: tuple[tuple[int, int], ...]    # (cell, digit)
    extra: str
    text: str

    @property
    def fail_case(self) -> bool:
        return self.variant == "x"

    def state(self) -> Candidates:
        """The pencilmark state of the case."""
        values = []
        givens = []
        i = 0
        g = self.givens
        while i < len(g):
            ch = g[i]
            placed = ch == "+"
            if placed:
                i += 1
                ch = g[i]
            v = int(ch) if ch in "123456789" else 0
            values.append(v)
            givens.append(0 if placed else v)
            i += 1
        cands = Candidates.from_grid(Grid(values, check=False))
        cands.givens = bytes(givens)  # "+" digits were placed while solving, not given
        for cell, digit in self.deleted:
            cands.eliminate(cell, digit)
        return cands


def _triples(text: str) -> tuple[tuple[int, int], ...]:
    out = []
    for item in text.split():
        d, r, c = int(item[0]), int(item[1]), int(item[2])
        out.append(((r - 1) * 9 + c - 1, d))
    return tuple(out)


def load(path: Path = REGLIB) -> list[Case]:
    """Every case of the library file (read once per path)."""
    return list(_load(path))


def cases(code: str) -> list[Case]:
    """The cases of one technique code (siamese variants like 03111 have their own),
    skipping the test with a reason when the shared data is absent (failing it in CI)."""
    if not REGLIB.exists():
        from conftest import missing_shared

        missing_shared(REGLIB)
    return [c for c in _load(REGLIB) if c.code == code]


@lru_cache(maxsize=4)
def _load(path: Path) -> tuple[Case, ...]:
    cases = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line.startswith(":"):
            continue
        fields = line.split(":")
        if len(fields) < 8:
            continue
        code, _, variant = fields[1].partition("-")
        cases.append(Case(number, code, variant, fields[2], fields[3], _triples(fields[4]),
                          _triples(fields[5]), _triples(fields[6]), fields[7], line))
    return tuple(cases)


def run_case(case: Case, finder: Callable[[Candidates], Iterable[object]]) -> bool:
    """True when the finder reproduces the case (or, for fail cases, does not)."""
    steps: Iterator[object] = iter(finder(case.state()))
    want_elims = set(case.eliminations)
    want_places = set(case.placements)
    for step in steps:
        elims = set(getattr(step, "eliminations", ()))
        places = set(getattr(step, "placements", ()))
        if case.fail_case and not want_elims and not want_places:
            if elims or places:
                return False  # "no instance may exist": any progress fails the case
            continue
        if case.fail_case:
            if (want_elims and elims & want_elims) or (want_places and places & want_places):
                return False
            continue
        if want_elims and elims == want_elims and not places:
            return True
        if want_places and want_places <= places:
            return True
    return case.fail_case
