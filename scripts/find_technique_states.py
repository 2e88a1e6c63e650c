"""Find a fixed pencilmark state for every registered technique, where it makes progress.

The word tests (``tests/logic/test_logic_words.py``, the fish and forcing word tests) check
the hint texts of real instances of every technique.  Searching for instances of the
rare ones (Franken and Mutant fish, forcing nets ...) takes far longer than a test may,
so this script searches once, with a generous budget, and writes what it found to
``tests/fixtures/technique_states.json``; the tests only load those states and run the
finder on them.

Where the states come from, per technique (first that gives an instance):

1. the technique's own cases in HoDoKu's regression library
   (``../shared/data/reglib-1.4.txt``), up to three, preferring the instance that makes
   exactly the case's change;
2. the states of the other regular cases of the library (chain, ALS and forcing cases
   first);
3. the states along singles-only solves of ``top1465.sdm`` once singles are stuck.

The killer techniques take theirs from the logic paths of the published killers of
``tests/fixtures/killer_published.txt``; their entries add ``killer``, the cage string.

Each entry of the file (a technique key maps to a list of entries) holds::

    source        where the state comes from
    values        81 characters, the placed digits ('.' = unsolved)
    givens        81 characters, the digits given at the start ('.' = not given)
    candidates    729 characters, the candidates of each cell ('.' = not possible;
                  a placed cell shows its digit)
    notation      the step's compact notation when it was found (for reading only)
    placements    [[cell, digit], ...] with cells numbered 0-80 row by row
    eliminations  [[cell, digit], ...]

A test finds the stored step again by running the technique's finder on the state and
taking the first instance with exactly these placements and eliminations.

Regenerate (only after a finder change made a stored step disappear; takes minutes)::

    .venv/bin/python scripts/find_technique_states.py tests/fixtures/technique_states.json

``--only KEY`` (repeatable) searches those techniques again and keeps the other entries.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from collections.abc import Iterable, Iterator
from itertools import islice
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "logic")]

from test_logic_words import entry_state  # noqa: E402

import reglib  # noqa: E402
from shudu import Grid  # noqa: E402
from shudu.logic.registry import Technique, technique, techniques  # noqa: E402
from shudu.logic.step import Step  # noqa: E402
from shudu.logic.techniques.classic import singles  # noqa: E402
from shudu.values.candidates import Candidates  # noqa: E402

OWN_CASES = 3
"""Own regression cases tried per technique (each gives at most one entry)."""
INSTANCES_PER_STATE = 2000
"""Instances looked at per state before trying the next state."""
BUDGET = 600.0
"""CPU seconds spent at most looking for one technique's instances."""
TOP1465_PUZZLES = 200
"""Puzzles of top1465 walked with singles for the last fallback."""


class _OutOfTime(Exception):
    """The budget of one technique ran out."""


def _raise(signum: int, frame: object) -> None:
    raise _OutOfTime


def entry(cands: Candidates, step: Step, source: str,
          extra: dict[str, object] | None = None) -> dict[str, object]:
    """The fixture entry of one step found in ``cands`` (checked to read back the same);
    ``extra`` adds keys that say the rules (``killer``, ``rules``)."""
    out: dict[str, object] = {
        "source": source,
        **(extra or {}),
        "values": "".join(str(v) if v else "." for v in cands.values),
        "givens": "".join(str(v) if v else "." for v in cands.givens),
        "candidates": cands.to_string729(),
        "notation": step.notation(),
        "placements": [list(p) for p in step.placements],
        "eliminations": [list(e) for e in step.eliminations],
    }
    back = entry_state(out)
    assert (back.cell_mask, back.digit_mask, bytes(back.values), back.givens) == (
        cands.cell_mask, cands.digit_mask, bytes(cands.values), cands.givens), source
    return out


def _first(tech: Technique, cands: Candidates, want: set | None = None) -> Step | None:
    """The instance making exactly ``want`` (a set of eliminations and placements), else
    the first that makes progress."""
    first = None
    for step in islice(tech.find(cands), INSTANCES_PER_STATE):
        if not step.progress:
            continue
        if want is None or want == set(step.eliminations) | set(step.placements):
            return step
        first = first or step
    return first


def _stuck_states(count: int) -> Iterator[tuple[Candidates, str]]:
    path = reglib.SHARED_DATA / "top1465.sdm"
    lines = [ln.strip()[:81] for ln in path.read_text().splitlines() if ln.strip()]
    finders = (singles.find_full_house, singles.find_hidden_single, singles.find_naked_single)
    for number, puzzle in enumerate(lines[:count], 1):
        cands = Candidates.from_grid(Grid(puzzle))
        while not cands.is_solved:
            step = next((s for f in finders for s in islice(f(cands), 1)), None)
            if step is None:
                break
            cands.apply(step)
        if not cands.is_solved:
            yield cands, f"top1465.sdm puzzle {number}, after singles"


KILLERS = ROOT / "tests" / "fixtures" / "killer_published.txt"
"""Published killers (cage strings first): where the killer techniques' states come from."""


def killer_search(tech: Technique, count: int = 2) -> list[dict[str, object]]:
    """Entries for a killer technique: the states along the logic paths of the published
    killers (cage-string puzzles) where it is the solver's step, up to ``count``; each
    entry holds the cage string of its cages as ``killer``."""
    from shudu.formats.killer import read_cage_string, write_cage_string
    from shudu.logic.solver import iter_steps

    found: list[dict[str, object]] = []
    lines = [ln.split() for ln in KILLERS.read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]
    for number, (puzzle, _) in enumerate(lines, 1):
        if puzzle.startswith("3x3"):
            continue
        run = iter_steps(read_cage_string(puzzle), max_steps=400)
        before = run.final.copy()
        for step in run:
            if step.technique == tech.key:
                found.append(entry(before, step, f"{KILLERS.name}, puzzle {number}, step "
                                   f"{len(run.steps)}",
                                   {"killer": write_cage_string(before.rules)}))
                if len(found) >= count:
                    return found
            before = run.final.copy()
    return found


VARIANTS = ROOT / "tests" / "fixtures" / "fpuzzles_published.txt"
"""Published variant puzzles (f-puzzles data): where the variant techniques' states come
from first; then the mixed puzzles of ``benchmarks/bench_variants.py``."""

LINES = ROOT / "tests" / "fixtures" / "lines_published.json"
"""Published puzzles of the further lines (between, lockout, region-sum ...), as JSON."""


def _variant_puzzles() -> Iterator[tuple[Grid, str]]:
    from shudu import Rules
    from shudu.formats.fpuzzles import read_fpuzzles
    from shudu.values.constraints import constraint_from_dict

    for number, line in enumerate(ln for ln in VARIANTS.read_text().splitlines()
                                  if ln.strip() and not ln.startswith("#")):
        yield read_fpuzzles(line.split("\t")[2]), f"{VARIANTS.name}, puzzle {number + 1}"
    for number, case in enumerate(json.loads(LINES.read_text())):
        rules = Rules(constraints=tuple(constraint_from_dict(c) for c in case["constraints"]))
        yield Grid(case["grid"], rules), f"{LINES.name}, puzzle {number + 1}"
    from test_logic_outside import FIXTURE, PUBLISHED, read_iss

    for number, (_, _, data, _) in enumerate(PUBLISHED):
        yield read_iss(data), f"{FIXTURE.name}, puzzle {number + 1}"
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_variants import mixed

    for title, grid, _ in mixed(60):
        yield grid, f"bench_variants.py {title}"


def variant_search(tech: Technique, count: int = 2) -> list[dict[str, object]]:
    """Entries for a variant technique: the states along the logic paths of the published
    variant puzzles, then of the benchmark's mixed ones, where it is the solver's step, up
    to ``count``; each entry holds the rules as JSON (``rules``)."""
    from shudu.logic.solver import iter_steps

    found: list[dict[str, object]] = []
    for grid, source in _variant_puzzles():
        run = iter_steps(grid, max_steps=400)
        before = run.final.copy()
        for step in run:
            if step.technique == tech.key:
                found.append(entry(before, step, f"{source}, step {len(run.steps)}",
                                   {"rules": before.rules.to_dict()}))
                if len(found) >= count:
                    return found
                break   # one state per puzzle
            before = run.final.copy()
    return found


def search(tech: Technique, regular: list) -> list[dict[str, object]]:
    """Entries for one technique (see the module text for the order of the sources)."""
    if tech.family == "killer":
        return killer_search(tech)
    if tech.family == "variant":
        return variant_search(tech)
    found: list[dict[str, object]] = []
    own = [c for c in regular if _key(c.code) == tech.key][:OWN_CASES]
    for case in own:
        cands = case.state()
        step = _first(tech, cands, set(case.eliminations) | set(case.placements))
        if step is not None:
            found.append(entry(cands, step, f"reglib-1.4.txt line {case.line} ({case.code})"))
    if found:
        return found
    hard = [c for c in regular if c.code[:2] in ("07", "13", "09", "12")]
    rest = [c for c in regular if c not in hard]
    states: Iterable[tuple[Candidates, str]] = (
        (c.state(), f"reglib-1.4.txt line {c.line} ({c.code})") for c in hard + rest)
    for cands, source in states:
        step = _first(tech, cands)
        if step is not None:
            return [entry(cands, step, source)]
    for cands, source in _stuck_states(TOP1465_PUZZLES):
        step = _first(tech, cands)
        if step is not None:
            return [entry(cands, step, source)]
    return found


def _key(code: str) -> str | None:
    try:
        return technique(code).key
    except KeyError:
        return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--only", action="append", default=[])
    args = parser.parse_args()
    regular = [c for c in reglib.load() if not c.fail_case]
    old = json.loads(args.out.read_text()) if args.only and args.out.exists() else {}
    result: dict[str, list] = {}
    for tech in techniques():
        if args.only and tech.key not in args.only:
            result[tech.key] = old.get(tech.key, [])
            continue
        start = time.process_time()
        previous = signal.signal(signal.SIGVTALRM, _raise)
        signal.setitimer(signal.ITIMER_VIRTUAL, BUDGET)
        try:
            result[tech.key] = search(tech, regular)
        except _OutOfTime:
            result[tech.key] = []
        finally:
            signal.setitimer(signal.ITIMER_VIRTUAL, 0)
            signal.signal(signal.SIGVTALRM, previous)
        spent = time.process_time() - start
        print(f"{tech.key}: {len(result[tech.key])} in {spent:.1f} s", flush=True)
    text = json.dumps(result, indent=1, ensure_ascii=False)
    args.out.write_text(text + "\n", encoding="utf-8")
    missing = [k for k, v in result.items() if not v]
    if missing:
        print("no state found for: " + ", ".join(missing), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
