"""The engine's Python boundary: every searching entry point of shudu, fed puzzles of
every size, variant rules, constraints, odd argument values and input types.

The property of each call: it returns a correct answer (checked by :mod:`.oracle`, and
against an exact count where the grid is small) or raises a
:class:`~shudu.errors.ShuduError`, :class:`ValueError` or :class:`TypeError` with a
message; never another exception, never a crash, never past its time bound.  Puzzles
are made from a known solution (so they have one), from noise (only where a
``timeout`` bounds the search), or corrupted.  Target ``raw`` fuzzes the C extension's
own entry points with broken tables.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from itertools import islice, pairwise
from typing import Any

from hypothesis import strategies as st

import shudu
from shudu import Grid, Rules
from shudu.solving import engine
from shudu.values.constraints import (
    XV,
    Arrow,
    Cage,
    Clone,
    Disjoint,
    ExtraRegion,
    Kropki,
    LittleKiller,
    Negative,
    NonConsecutive,
    Palindrome,
    Parity,
    Renban,
    Sandwich,
    Thermo,
    Whisper,
)

from . import oracle
from .core import Call, Expr, bound, code_of, lit, time_limit

SIZES = (4, 6, 8, 9, 12, 16, 25)
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"

BIG = (2**31 - 1, 2**31, 2**32, 2**63 - 1, 2**63, 2**64, 10**30, -(2**63), -(2**64))
LIMITS = st.one_of(st.sampled_from((1, 2, 3, 10, 1000)), st.integers(-3, 50),
                   st.sampled_from((0, -1, 10**9, 10**9 + 1, *BIG)))
ODD_LIMITS = st.sampled_from((True, 2.0, "2", None, 1.5))
SEEDS = st.one_of(st.none(), st.integers(0, 2**32), st.sampled_from(
    (-1, *BIG, 1.5, "7", True)))
TIMEOUTS = st.sampled_from((1e-9, 0.001, 0.05, 0.2, 0.5))
ODD_TIMEOUTS = st.sampled_from((None, 0, 0.0, -1, -0.5, float("nan"), float("inf"),
                                float("-inf"), 1e308, 10**400, True, "1"))
THREADS = st.sampled_from((None, 0, 1, 1, 1, 2, 3, -1, 2**31, 2**63, 1.5, True))
DTYPES = ("uint8", "int8", "int16", "uint16", "int32", "int64", "uint64", "float32",
          "float64", "bool")


# ---------------------------------------------------------------------- rules
def _boxes(n: int) -> list[tuple[int, int]]:
    return [(r, n // r) for r in range(1, n + 1) if n % r == 0]


def _box_map(n: int, box: tuple[int, int]) -> list[int]:
    br, bc = box
    return [(cell // n // br) * (n // bc) + cell % n // bc for cell in range(n * n)]


@st.composite
def base_rules(draw: st.DrawFn, n: int) -> Rules:
    """Valid rules of size ``n``: a box shape or a jigsaw, and variants."""
    fields: dict[str, Any] = {}
    if n in (8, 9, 12, 16) and draw(st.integers(0, 4)) == 0:
        regions = _box_map(n, draw(st.sampled_from(_boxes(n)[1:-1] or _boxes(n))))
        rng = random.Random(draw(st.integers(0, 1000)))
        for _ in range(draw(st.integers(0, 6))):   # swaps keep every region n cells
            a, b = rng.randrange(n * n), rng.randrange(n * n)
            regions[a], regions[b] = regions[b], regions[a]
        fields["regions"] = "".join("0123456789ABCDEFGHIJKLMNOP"[r] for r in regions)
    elif draw(st.integers(0, 3)) == 0:
        fields["box"] = draw(st.sampled_from(_boxes(n)))
    fields["diagonals"] = draw(st.integers(0, 3)) == 0
    fields["windows"] = n == 9 and "regions" not in fields and fields.get("box") in (
        None, (3, 3)) and draw(st.integers(0, 4)) == 0
    fields["anti_knight"] = draw(st.integers(0, 5)) == 0
    fields["anti_king"] = draw(st.integers(0, 6)) == 0
    try:
        return Rules(n, **fields)
    except shudu.ShuduError:
        return Rules(n)


@lru_cache(maxsize=256)
def known_solution(rules: Rules, seed: int) -> tuple[int, ...] | None:
    """A full grid under ``rules`` (None when none is found quickly)."""
    try:
        r = engine.search(Grid.empty(rules), rules, limit=1, seed=seed, timeout=1.0)
    except (shudu.ShuduError, ValueError, TypeError):
        return None
    return r.solution.values if r.solution is not None else None


# ---------------------------------------------------------------------- constraints
def _neighbours(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    return [rr * n + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < n and 0 <= cc < n]


def _walk(rng: random.Random, n: int, length: int, ok: Any) -> list[int]:
    """A path of orthogonal steps, each step allowed by ``ok(path, next)``."""
    path = [rng.randrange(n * n)]
    while len(path) < length:
        steps = [x for x in _neighbours(path[-1], n) if x not in path and ok(path, x)]
        if not steps:
            break
        path.append(rng.choice(steps))
    return path


def derived_constraint(kind: str, s: tuple[int, ...], n: int, rng: random.Random) -> Any:
    """A constraint of ``kind`` that the full grid ``s`` keeps (or None)."""
    cells = range(n * n)
    if kind == "cage":
        path = _walk(rng, n, rng.randint(1, min(n, 5)),
                     lambda p, x: s[x] not in {s[c] for c in p})
        return Cage(tuple(path), sum(s[c] for c in path) if rng.random() < 0.8 else 0)
    if kind == "thermo":
        path = _walk(rng, n, rng.randint(2, 5), lambda p, x: s[x] > s[p[-1]])
        return Thermo(tuple(path)) if len(path) > 1 else None
    if kind == "whisper":
        path = _walk(rng, n, rng.randint(2, 4), lambda p, x: True)
        gap = min(abs(s[a] - s[b]) for a, b in pairwise(path))
        return Whisper(tuple(path), gap) if len(path) > 1 and gap >= 1 else None
    if kind == "renban":
        path = _walk(rng, n, 2, lambda p, x: abs(s[x] - s[p[-1]]) == 1)
        return Renban(tuple(path))
    if kind in ("palindrome", "clone"):
        a = rng.randrange(n * n)
        same = [b for b in cells if b != a and s[b] == s[a]]
        if not same:
            return None
        b = rng.choice(same)
        return Palindrome((a, b)) if kind == "palindrome" else Clone((a,), (b,))
    if kind in ("kropki", "xv"):
        a = rng.randrange(n * n)
        b = rng.choice(_neighbours(a, n))
        x, y = s[a], s[b]
        if kind == "xv":
            return XV((a, b), x + y)
        if abs(x - y) == 1:
            return Kropki((a, b), "white")
        if max(x, y) % min(x, y) == 0 and max(x, y) // min(x, y) >= 2:
            return Kropki((a, b), "black", max(x, y) // min(x, y))
        return Kropki((a, b), "white", abs(x - y))
    if kind == "arrow":
        circle = rng.randrange(n * n)
        shaft = [c for c in cells if c != circle and s[c] < s[circle]]
        for a in rng.sample(shaft, min(len(shaft), 12)):
            rest = [b for b in shaft if b != a and s[a] + s[b] == s[circle]]
            if rest:
                return Arrow((circle,), (a, rng.choice(rest)))
        return None
    if kind == "little-killer":
        start = rng.randrange(n)
        diag = [r * n + start + r for r in range(n - start)]
        diag = diag[:rng.randint(1, len(diag))]
        return LittleKiller(tuple(diag), sum(s[c] for c in diag))
    if kind == "sandwich":
        row = rng.randrange(n)
        line = [s[row * n + c] for c in range(n)]
        return Sandwich(tuple(row * n + c for c in range(n)), oracle._sandwich(line, n))
    if kind == "parity":
        c = rng.randrange(n * n)
        return Parity(c, "odd" if s[c] % 2 else "even")
    if kind == "extra-region":
        chosen: list[int] = []
        for c in rng.sample(range(n * n), n * n):
            if s[c] not in {s[x] for x in chosen}:
                chosen.append(c)
            if len(chosen) >= rng.randint(2, n):
                break
        return ExtraRegion(tuple(chosen)) if len(chosen) > 1 else None
    return {"disjoint": Disjoint(), "non-consecutive": NonConsecutive()}.get(
        kind, Negative(rng.choice(["kropki", "white", "black", "xv", "x", "v"])))


CONSTRAINT_KINDS = ("cage", "thermo", "whisper", "renban", "palindrome", "clone", "kropki",
                    "xv", "arrow", "little-killer", "sandwich", "parity", "extra-region",
                    "disjoint", "non-consecutive", "negative")

ODD_CELLS = st.one_of(st.integers(-2, 700), st.sampled_from((-(2**31), 2**31, 2**63, 2**70)))


@st.composite
def odd_constraint(draw: st.DrawFn, n: int) -> Expr:
    """A constraint built from arbitrary values (it may be refused)."""
    cells = tuple(draw(st.lists(st.one_of(st.integers(0, n * n - 1), ODD_CELLS),
                                min_size=0, max_size=6)))
    total = draw(st.one_of(st.integers(-5, 400), st.sampled_from(BIG)))
    kind = draw(st.sampled_from(CONSTRAINT_KINDS))
    word = draw(st.sampled_from(("white", "black", "odd", "even", "kropki", "xv", "grey", "")))
    made = {
        "cage": ("Cage", (cells, total)), "thermo": ("Thermo", (cells,)),
        "whisper": ("Whisper", (cells, total)), "renban": ("Renban", (cells,)),
        "palindrome": ("Palindrome", (cells,)), "clone": ("Clone", (cells, cells[::-1])),
        "kropki": ("Kropki", (cells, word, total)), "xv": ("XV", (cells, total)),
        "arrow": ("Arrow", (cells[:1], cells[1:])),
        "little-killer": ("LittleKiller", (cells, total)),
        "sandwich": ("Sandwich", (cells, total)),
        "parity": ("Parity", (cells[0] if cells else total, word)),
        "extra-region": ("ExtraRegion", (cells,)), "disjoint": ("Disjoint", ()),
        "non-consecutive": ("NonConsecutive", ()), "negative": ("Negative", (word,)),
    }[kind]
    name, args = made
    cls = globals()[name]
    return Expr(f"{name}({', '.join(code_of(a) for a in args)})", lambda: cls(*args))


# ---------------------------------------------------------------------- puzzles
class Case:
    """A drawn puzzle: the rules it is made for, its values (None when unknown), the
    argument passed as puzzle and as rules, and what is known of its answers."""

    def __init__(self, rules: Rules | None, values: list[int] | None, puzzle: Expr,
                 rules_arg: Expr, *, solvable: bool, exact: int | None, easy: bool,
                 valid: bool = False) -> None:
        self.rules, self.values, self.puzzle, self.rules_arg = rules, values, puzzle, rules_arg
        self.solvable, self.exact, self.easy = solvable, exact, easy
        self.valid = valid   # a documented form of a puzzle with a solution


def _text(values: list[int], blank: str) -> str:
    return "".join(SYMBOLS[v - 1] if 1 <= v <= 25 else blank for v in values)


def _rules_expr(rules: Rules) -> Expr:
    return Expr(repr(rules), lambda: rules)


@st.composite
def puzzle_form(draw: st.DrawFn, values: list[int], rules: Rules) -> tuple[Expr, bool]:
    """The puzzle argument in one of its forms; True when it stays the same puzzle."""
    n = rules.size
    form = draw(st.sampled_from(("str", "str", "grid", "bytes", "list", "tuple", "text",
                                 "numpy", "junk")))
    if form == "str":
        return lit(_text(values, draw(st.sampled_from(".0")) if n < 10 else ".")), True
    if form == "grid":
        g = Grid(bytes(values), rules, check=False)
        return Expr(f"Grid(bytes({values!r}), {rules!r}, check=False)", lambda: g), True
    if form == "bytes":
        return lit(bytes(values)), True
    if form in ("list", "tuple"):
        vals = list(values)
        for _ in range(draw(st.integers(0, 2))):
            vals[draw(st.integers(0, len(vals) - 1))] = draw(st.one_of(
                st.integers(-3, 300), st.sampled_from((True, 1.0, None, "1", 2**64))))
        same = vals == values
        return lit(vals if form == "list" else tuple(vals)), same
    if form == "text":
        text = _text(values, ".")
        for _ in range(draw(st.integers(1, 3))):
            pos = draw(st.integers(0, len(text)))
            extra = draw(st.sampled_from(
                ("\x00", "\n", "Z", "0", "99", "é", "\ufeff", " ", "#", "[", "1" * 40)))
            text = text[:pos] + extra + text[pos:]
        return lit(text), False
    if form == "numpy":
        import numpy as np

        dtype = draw(st.sampled_from(DTYPES))
        arr = np.array(values, dtype=np.int64)
        if draw(st.booleans()):
            arr[draw(st.integers(0, len(values) - 1))] = draw(st.sampled_from(
                (-1, 256, 257, 300, 65537, 2**40, 10)))
        arr = arr.reshape(n, n) if draw(st.booleans()) else arr
        with np.errstate(all="ignore"):
            return lit(arr.astype(dtype)), False
    junk = draw(st.sampled_from((None, 12, 1.5, {"a": 1}, {1, 2}, b"", "", object)))
    return Expr(repr(junk) if junk is not object else "object()",
                lambda: object() if junk is object else junk), False


@st.composite
def cases(draw: st.DrawFn, *, timed: bool) -> Case:
    """A puzzle: known solvable (from a full grid), corrupted, or noise; noise and big
    searches only when ``timed`` (a timeout bounds the call)."""
    n = draw(st.sampled_from(SIZES))
    rules = draw(base_rules(n))
    rng = random.Random(draw(st.integers(0, 10**6)))
    s = known_solution(rules, rng.randrange(1000))
    kind = draw(st.sampled_from(("derived", "derived", "derived", "corrupt", "noise")))
    if s is None and not timed:   # no search without a time limit on unknown ground
        n, rules = 4, Rules(4)
        s = known_solution(rules, rng.randrange(1000))
    if s is None:
        kind = "noise"
    if s is not None and draw(st.integers(0, 2)) == 0:
        made = [derived_constraint(draw(st.sampled_from(CONSTRAINT_KINDS)), s, n, rng)
                for _ in range(draw(st.integers(1, 4)))]
        try:
            with_cons = rules.replace(constraints=tuple(c for c in made if c is not None))
            if oracle.is_solution(s, None, with_cons) is None:
                rules = with_cons
        except shudu.ShuduError:
            pass
    if not timed and kind == "noise" and n > 4 and s is not None:
        kind = "derived"   # no noise without a time limit beyond 4x4
    values: list[int]
    if kind in ("derived", "corrupt"):
        most = 0.75 if n <= 9 else 0.5
        if not timed:
            most = most * 0.8 if kind == "derived" else min(most, 0.3)
        blank = draw(st.floats(0.0, most))
        values = [0 if rng.random() < blank else v for v in s]  # type: ignore[union-attr]
        if kind == "corrupt":
            for _ in range(draw(st.integers(1, 3))):
                values[rng.randrange(n * n)] = rng.randint(1, n)
    elif kind == "noise":
        density = draw(st.floats(0.0, 0.4))
        values = [rng.randint(1, n) if rng.random() < density else 0 for _ in range(n * n)]
    else:
        values = [0] * (n * n)
    solvable = kind == "derived"
    easy = timed or kind == "derived" or n <= 4
    exact = None
    if n == 4 or sum(1 for v in values if not v) <= 12:
        exact = oracle.exact_count(values, rules, cap=100_000)
    puzzle, same = draw(puzzle_form(values, rules))
    rules_arg, same_rules = draw(rules_argument(rules))
    known = same and same_rules
    return Case(rules if same_rules else None, values if same else None, puzzle, rules_arg,
                solvable=solvable and known, exact=exact if known else None, easy=easy,
                valid=known and kind == "derived")


@st.composite
def rules_argument(draw: st.DrawFn, rules: Rules) -> tuple[Expr, bool]:
    """The rules argument: the value, its spec, its size, or something else."""
    choice = draw(st.sampled_from(("value", "value", "spec", "size", "odd", "built")))
    if choice == "spec" and not rules.constraints and not rules.extra_houses:
        return lit(rules.spec), True
    if choice == "size" and rules.is_classic and rules.box == Rules(rules.size).box:
        return lit(rules.size), True
    if choice == "odd":
        odd = draw(st.sampled_from(("x+anti-knight", "16+x", "windoku", "6x6", "killer",
                                    "thermo=1", "box=2x3", "box=0x0", "jigsaw=01", "+",
                                    "99", "25+windoku", "", "x" * 300, "4,4", 0, -4, 26,
                                    2**63, 9.0, True, b"9", ["x"])))
        return lit(odd), False
    if choice == "built":
        n = rules.size
        cons = draw(st.lists(odd_constraint(n), max_size=3))
        box = draw(st.sampled_from((None, (2, n // 2), (0, 0), (-1, -n), (n, 1), (3, 3))))
        code = f"Rules({n}, box={box!r}, constraints=({''.join(c.code + ', ' for c in cons)}))"
        return Expr(code, lambda: Rules(n, box=box, constraints=tuple(c.build()
                                                                        for c in cons))), False
    return _rules_expr(rules), True


# ---------------------------------------------------------------------- checks
def _grid_problem(g: Any, case: Case) -> str | None:
    if not isinstance(g, Grid):
        return f"type: expected a Grid, got {type(g).__name__}"
    if case.rules is not None and g.rules != case.rules:
        return f"rules: solution under {g.rules!r}, not {case.rules!r}"
    bad = oracle.is_solution(g.values, case.values, g.rules)
    return f"invalid solution: {bad}" if bad else None


def _count_problem(found: Any, limit: Any, case: Case) -> str | None:
    if not isinstance(found, int):
        return f"type: count {found!r}"
    if isinstance(limit, int) and not isinstance(limit, bool) and not 0 <= found <= limit:
        return f"count range: {found} outside 0..{limit}"
    if case.solvable and found == 0:
        return "missed: 0 solutions for a puzzle made from a full grid"
    if case.exact is not None and isinstance(limit, int) and found != min(case.exact, limit):
        return f"count: {found}, exact count {case.exact} (limit {limit})"
    return None


def check_solve(case: Case) -> Any:
    def check(g: Any) -> str | None:
        if g is None:
            if case.solvable or (case.exact or 0) > 0:
                return "missed: None for a puzzle with a solution"
            return None
        return _grid_problem(g, case)
    return check


def check_search(case: Case, limit: Any) -> Any:
    def check(r: Any) -> str | None:
        if not isinstance(r, engine.SearchResult):
            return f"type: {type(r).__name__}"
        bad = _count_problem(r.count, limit, case)
        if bad:
            return bad
        if (r.count == 0) != (r.solution is None):
            return f"consistency: count {r.count} with solution {r.solution is not None}"
        return _grid_problem(r.solution, case) if r.solution is not None else None
    return check


def check_solutions(case: Case, k: int) -> Any:
    def check(found: Any) -> str | None:
        for g in found:
            bad = _grid_problem(g, case)
            if bad:
                return bad
        if len({g.cells for g in found}) != len(found):
            return "repeat: a solution came twice"
        if case.exact is not None and len(found) != min(case.exact, k):
            return f"count: {len(found)} solutions, exact count {case.exact} (took {k})"
        if case.solvable and not found and k:
            return "missed: no solution for a puzzle made from a full grid"
        return None
    return check


def _timeout_known(timeout: Any) -> bool:
    return time_limit(timeout) is not None


# ---------------------------------------------------------------------- calls
@st.composite
def engine_calls(draw: st.DrawFn, strict: bool) -> Call:
    """One call of a searching entry point of shudu."""
    fn = draw(st.sampled_from(("solve", "count", "search", "search", "solutions", "many",
                               "many", "search_many", "trace", "split", "check", "broken")))
    if fn == "broken":
        return draw(broken_calls())
    timeout = draw(st.one_of(TIMEOUTS, TIMEOUTS, ODD_TIMEOUTS))
    timed = fn in ("search", "solutions", "search_many", "trace") and _timeout_known(timeout)
    case = draw(cases(timed=timed))
    limit = draw(st.one_of(LIMITS, LIMITS, LIMITS, ODD_LIMITS))
    blanks = sum(1 for v in case.values if not v) if case.values is not None else 10**6
    if not timed and isinstance(limit, int) and limit > 50 and blanks > 4:
        limit = draw(st.integers(1, 50))   # an untimed count stays small
    if not timed and not case.easy:
        limit = 1
    b = bound(timeout if timed else None, strict)
    _p, _r = case.puzzle, case.rules_arg
    call = _engine_call(draw, fn, case, limit, timeout, timed, b, strict)
    call.expect_ok = case.valid and _normal(call.kwargs) and _normal({"limit": lit(limit)}) \
        and getattr(call, "form_ok", True)
    return call


def _normal(kwargs: dict[str, Expr]) -> bool:
    """Whether every argument is a documented, in-range value."""
    ok = {"limit": lambda v: isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 10**9,
          "seed": lambda v: v is None or (type(v) is int and 0 <= v <= 2**32),
          "threads": lambda v: v is None or (type(v) is int and 0 <= v <= 3),
          "timeout": lambda v: v is None or _timeout_known(v),
          "max_events": lambda v: type(v) is int and v >= 1,
          "parts": lambda v: type(v) is int and 1 <= v <= 10**4}
    return all(ok[k](e.build()) for k, e in kwargs.items() if k in ok)


def _engine_call(draw: st.DrawFn, fn: str, case: Case, limit: Any, timeout: Any, timed: bool,
                 b: float, strict: bool) -> Call:
    p, r = case.puzzle, case.rules_arg
    if fn == "solve":
        seed = draw(SEEDS)
        return Call("shudu.solve", shudu.solve, (p, r), {"seed": lit(seed)}, bound=b,
                    check=check_solve(case))
    if fn == "count":
        threads = draw(THREADS)
        return Call("shudu.count", shudu.count, (p, lit(limit), r),
                    {"threads": lit(threads)}, bound=b,
                    check=lambda c: _count_problem(c, limit, case))
    if fn == "search":
        kw = {"limit": lit(limit), "seed": lit(draw(SEEDS)), "threads": lit(draw(THREADS)),
              "timeout": lit(timeout)}
        return Call("shudu.search", shudu.search, (p, r), kw, bound=b,
                    check=check_search(case, limit), quiet_timeout=timed)
    if fn == "solutions":
        k = draw(st.integers(0, 6))
        return Call("shudu.solutions", shudu.solutions, (p, r),
                    {"seed": lit(draw(SEEDS)), "timeout": lit(timeout)}, bound=b,
                    tail=f" |> islice {k} |> list",
                    consume=lambda it: list(islice(it, k)), check=check_solutions(case, k),
                    quiet_timeout=timed)
    if fn == "many":
        return batch_call(draw, case, limit, b)
    if fn == "search_many":
        grids = draw(st.integers(1, 4))
        threads = draw(st.sampled_from((1, 2, 0, -1)))
        seed = draw(st.sampled_from((None, 1)))
        pb = bound(timeout if timed else None, strict, grids)

        def run(puzzle: Any, rules: Any, **kw: Any) -> list[Any]:
            g = puzzle if isinstance(puzzle, Grid) else Grid(puzzle, shudu.Rules.coerce(rules))
            return list(engine.search_many([g] * grids, **kw))

        def check(results: list[Any]) -> str | None:
            for res in results:
                if isinstance(res, BaseException):
                    if not isinstance(res, (shudu.ShuduError, ValueError, TimeoutError)):
                        return f"type: {type(res).__name__} in the results"
                    continue
                bad = check_search(case, limit)(res)
                if bad:
                    return bad
            return None if len(results) == grids else f"length: {len(results)} results"

        return Call(f"(lambda p, r, **kw: list(engine.search_many([Grid(p, Rules.coerce(r))]"
                    f" * {grids}, **kw)))", run, (p, r),
                    {"limit": lit(limit), "seed": lit(seed), "threads": lit(threads),
                     "timeout": lit(timeout)}, bound=pb, check=check, quiet_timeout=timed)
    if fn == "trace":
        return Call("shudu.trace", shudu.trace, (p, r),
                    {"limit": lit(limit), "max_events": lit(draw(st.sampled_from(
                        (1, 100, 10_000, 0, -1)))), "timeout": lit(timeout)}, bound=b,
                    quiet_timeout=timed)
    if fn == "split":
        parts = draw(st.one_of(st.integers(-2, 200), st.sampled_from((10**4, 2**63))))
        if not case.easy or (case.values and sum(1 for v in case.values if not v) > 40):
            parts = min(parts, 200)

        def split(puzzle: Any, rules: Any, *, parts: Any) -> list[bytes]:
            return engine.split_search(Grid(puzzle, Rules.coerce(rules)), parts)

        def check_split(found: list[bytes]) -> str | None:
            if case.exact is None or case.rules is None:
                return None
            total = sum(oracle.exact_count(list(x), case.rules) or 0 for x in found) \
                if len(found) <= 64 else case.exact
            return None if total == case.exact else f"split: parts hold {total} of {case.exact}"

        return Call("(lambda p, r, parts: engine.split_search(Grid(p, Rules.coerce(r)), parts))",
                    split, (p, r), {"parts": lit(parts)}, bound=b, check=check_split)
    return Call("engine.check_args", engine.check_args, (p, r), bound=b)


@st.composite
def broken_calls(draw: st.DrawFn) -> Call:
    """``Rules.broken`` on a full grid (a solution with a few cells swapped): the
    constraints it names are exactly those the oracle finds broken."""
    n = draw(st.sampled_from(SIZES[:5]))
    rules = draw(base_rules(n))
    rng = random.Random(draw(st.integers(0, 10**6)))
    s = known_solution(rules, rng.randrange(1000)) or known_solution(Rules(4), 0)
    if len(s) != n * n:   # type: ignore[arg-type]
        n, rules = 4, Rules(4)
    made = [derived_constraint(draw(st.sampled_from(CONSTRAINT_KINDS)), s, n, rng)
            for _ in range(draw(st.integers(1, 5)))]
    try:
        rules = rules.replace(constraints=tuple(c for c in made if c is not None))
    except shudu.ShuduError:
        pass
    values = list(s)   # type: ignore[arg-type]
    for _ in range(draw(st.integers(0, 3))):
        a, b = rng.randrange(n * n), rng.randrange(n * n)
        values[a], values[b] = values[b], values[a]

    def check(found: Any) -> str | None:
        want = [c for c in rules.constraints if not oracle.constraint_holds(c, values, rules)]
        if list(found) != want:
            return f"broken: the rules name {found!r}, the oracle {want!r}"
        return None

    return Call(f"{rules!r}.broken", rules.broken, (lit(values),), bound=UNTIMED_BOUND,
                check=check)


UNTIMED_BOUND = 30.0
"""The bound of a call that does no search (a hang catcher)."""


def batch_call(draw: st.DrawFn, case: Case, limit: Any, b: float) -> Call:
    """solve_many / count_many over a few copies of the puzzle in one input form."""
    copies = draw(st.integers(0, 3))
    form = draw(st.sampled_from(("list", "bytes", "numpy", "same")))
    vals = case.values
    n = round(len(vals) ** 0.5) if vals is not None else 9
    if form == "list" or vals is None:
        arg = Expr(f"[{case.puzzle.code}] * {copies}",
                   lambda: [case.puzzle.build()] * copies)
    elif form == "bytes":
        arg = lit(bytes(vals) * copies) if max(vals, default=0) < 256 else lit(vals * copies)
    elif form == "numpy":
        import numpy as np

        dtype = draw(st.sampled_from(DTYPES))
        with np.errstate(all="ignore"):
            raw = np.array([vals] * copies, dtype=np.int64).reshape(copies, n * n)
            if copies and draw(st.booleans()):
                raw[0, draw(st.integers(0, n * n - 1))] = draw(st.sampled_from(
                    (-1, 256, 257, 511, 65536 + 3, 46, 49)))
            arr = raw.astype(dtype)
        arg = lit(arr)
    else:
        arg = case.puzzle
    threads = draw(st.sampled_from((1, 2, None, 0, -1, 2**31, 2**63)))
    count_only = draw(st.booleans())
    truth = None
    if form == "numpy" and vals is not None:
        truth = [list(row) for row in arg.build().tolist()] if copies else []

    def check(result: Any) -> str | None:
        counts = list(result if count_only else result.counts)
        if truth is not None:
            bad = _batch_values_problem(truth, n)
            if bad:
                return bad
        for i, c in enumerate(counts):
            if isinstance(limit, int) and not 0 <= c <= max(limit, 0):
                return f"count range: puzzle {i}: {c} outside 0..{limit}"
            if case.solvable and form != "same" and c == 0 and truth is None:
                return f"missed: puzzle {i} counts 0"
            if not count_only and c:
                g = result.grid(i)
                if g is None:
                    return f"consistency: puzzle {i} counts {c} without a solution"
                bad = oracle.is_solution(g.values, None, g.rules)
                if bad:
                    return f"invalid solution: puzzle {i}: {bad}"
        return None

    kw = {"threads": lit(threads)}
    form_ok = form == "list" or (form == "bytes" and vals is not None) or (
        form == "numpy" and truth is not None and arg.build().dtype.name == "uint8")
    if count_only:
        call = Call("shudu.count_many", shudu.count_many, (arg, lit(limit), case.rules_arg),
                    kw, bound=b, check=check)
    else:
        kw["limit"] = lit(limit)
        call = Call("shudu.solve_many", shudu.solve_many, (arg, case.rules_arg), kw, bound=b,
                    check=check)
    call.form_ok = form_ok  # type: ignore[attr-defined]
    return call


def _batch_values_problem(rows: list[list[Any]], n: int) -> str | None:
    """An array value that is no cell value (0..n, or an ASCII symbol) was taken."""
    for i, row in enumerate(rows):
        for j, v in enumerate(row):
            if v != int(v) or not 0 <= int(v) <= 255:
                return f"accepted: puzzle {i} cell {j} holds {v!r}, not a cell value"
    return None


# ---------------------------------------------------------------------- the raw layer
@st.composite
def raw_calls(draw: st.DrawFn, strict: bool) -> Call:
    """The C extension's entry points with tables built from valid rules and then broken:
    each must refuse what is out of range (ValueError/TypeError/OverflowError), never
    crash, and a refused table never searches."""
    from shudu import _engine

    n = draw(st.sampled_from(SIZES[:5]))
    rules = draw(base_rules(n))
    s = known_solution(rules, draw(st.integers(0, 50)))
    rng = random.Random(draw(st.integers(0, 10**6)))
    if s is not None and draw(st.booleans()):
        made = [derived_constraint(draw(st.sampled_from(("cage", "thermo", "kropki", "arrow",
                                                         "sandwich"))), s, n, rng)]
        try:
            rules = rules.replace(constraints=tuple(c for c in made if c is not None))
        except shudu.ShuduError:
            pass
    tables = dict(zip(("houses", "starts", "peers", "cstart", "ccells", "csums", "program"),
                      engine._table_lists(rules), strict=True))
    with_cages = bool(tables["ccells"] or tables["program"]) or draw(st.booleans())
    names = [k for k in tables if with_cages or k in ("houses", "starts", "peers")]
    if not with_cages:
        for name in ("cstart", "ccells", "csums", "program"):
            tables[name] = [0] if name == "cstart" else []
    broken = draw(st.sampled_from((None, *names)))
    how = ""
    if broken is not None:
        lst = list(tables[broken])
        pos = draw(st.integers(0, max(0, len(lst))))
        value = draw(st.one_of(st.integers(-3, n * n + 3), st.sampled_from(
            (-(2**31), 2**31 - 1, 2**31, 2**63, n * n, len(lst) + 1, -1))))
        op = draw(st.sampled_from(("set", "insert", "drop")))
        if op == "set" and lst:
            pos = min(pos, len(lst) - 1)
            lst[pos] = value
        elif op == "insert":
            lst.insert(pos, value)
        elif lst:
            del lst[min(pos, len(lst) - 1)]
        how = f"{broken}: {op} {value} at {pos}"
        tables[broken] = lst
    args = [n, tables["houses"], tables["starts"], tables["peers"]]
    if with_cages:
        args += [tables["cstart"], tables["ccells"], tables["csums"], tables["program"]]
    timeout = draw(st.sampled_from((0.05, 0.2, 0.0, -1.0, float("nan"))))
    what = draw(st.sampled_from(("search", "enumerate", "batch")))   # batch: no clock
    full = s is not None and (draw(st.booleans()) or not timeout > 0 or what == "batch")
    cells = bytes(s) if full else bytes(n * n)   # type: ignore[arg-type]
    if not full and not timeout > 0:
        timeout = 0.2
    if what == "batch" and not full:
        what = "search"
    limit = draw(st.sampled_from((1, 2, 0, -1, 10**9 + 1, 2**63)))
    seed = draw(SEEDS)

    def run(*rules_args: Any) -> Any:
        t = _engine.Rules(*rules_args)
        if what == "search":
            return _engine.search(t, cells, limit, seed, timeout)
        if what == "enumerate":
            it = _engine.Enumerator(t, cells, seed)
            it.timeout = 0.2   # seconds each step may take
            return list(islice(it, 3))
        return _engine.batch(t, cells * 2, limit, 2, True)

    def check(result: Any) -> str | None:
        if broken is not None and _table_invalid(tables, n):
            return f"accepted: an invalid table ({how})"
        return None

    tail = {"search": f" |> _engine.search(t, {cells!r}, {limit!r}, {seed!r}, {timeout!r})",
            "enumerate": f" |> it = _engine.Enumerator(t, {cells!r}, {seed!r});"
                         " it.timeout = 0.2; list(islice(it, 3))",
            "batch": f" |> _engine.batch(t, {cells * 2!r}, {limit!r}, 2, True)"}[what]
    bnd = bound(timeout if timeout > 0 and what == "search" else 0.6 if what == "enumerate"
                else None, strict)
    return Call("shudu._engine.Rules", run, tuple(lit(a) for a in args), bound=bnd,
                tail=tail, check=check, quiet_timeout=False,
                allowed=(OverflowError, TimeoutError))


def _table_invalid(t: dict[str, list[int]], n: int) -> bool:
    """Whether a table breaks what the C layer documents (offsets, ranges, lengths)."""
    nc = n * n
    if any(not 0 <= c < nc for c in t["houses"] + t["peers"] + t["ccells"]):
        return True
    st_, cs = t["starts"], t["cstart"]
    if len(st_) != nc + 1 or st_[0] != 0 or any(b < a for a, b in pairwise(st_)) \
            or st_[-1] != len(t["peers"]):
        return True
    if len(cs) != len(t["csums"]) + 1 or cs[0] != 0 or cs[-1] != len(t["ccells"]) \
            or any(b <= a or b - a > n for a, b in pairwise(cs)):
        return True
    return any(not 0 <= x <= n * (n + 1) // 2 for x in t["csums"])


# ---------------------------------------------------------------------- the target
@contextmanager
def session(target: str) -> Iterator[None]:
    """Nothing to start for the engine."""
    yield None


def calls(target: str, strict: bool, ctx: None) -> st.SearchStrategy[Call]:
    """The calls of target ``engine`` or ``raw``."""
    return raw_calls(strict) if target == "raw" else engine_calls(strict)


def edges(target: str, strict: bool, ctx: None) -> list[Call]:
    """Fixed calls run once at the start of every run: the edges random drawing reaches
    only now and then (the largest ints, out-of-range array values, long counts under a
    short timeout, odd timeouts)."""
    if target == "raw":
        return []
    import numpy as np

    empty9 = Case(Rules(9), [0] * 81, lit("." * 81), lit(None), solvable=True, exact=None,
                  easy=True)
    out = [
        Call("shudu.count", shudu.count, (lit("." * 81), lit(2**63)), bound=bound(None, strict),
             check=lambda c: _count_problem(c, 2**63, empty9)),
        Call("shudu.search", shudu.search, (lit("." * 81),), {"limit": lit(2**64),
                                                             "timeout": lit(0.5)},
             bound=bound(0.5, strict)),
        Call("shudu.search", shudu.search, (lit("." * 81),), {"timeout": lit(float("-inf"))},
             bound=bound(None, strict), quiet_timeout=False),
        Call("shudu.solutions", shudu.solutions, (lit("." * 16), lit(4)),
             {"timeout": lit(10**400)}, bound=bound(None, strict), tail=" |> islice 1 |> list",
             consume=lambda it: list(islice(it, 1))),
        Call("shudu.count_many", shudu.count_many, (lit(["." * 81]),),
             {"threads": lit(2**31)}, bound=bound(None, strict)),
        Call("shudu.search", shudu.search, (lit("." * 81),),
             {"limit": lit(5), "threads": lit(5000), "timeout": lit(1.0)},
             bound=bound(1.0, strict), check=check_search(empty9, 5)),
    ]
    arr = np.zeros((1, 81), dtype=np.int16)
    arr[0, 0] = 257
    truth = arr.tolist()
    out.append(Call("shudu.solve_many", shudu.solve_many, (lit(arr),),
                    bound=bound(None, strict),
                    check=lambda r: _batch_values_problem(truth, 9)))
    for n in (8, 16):
        rules = Rules(n)
        case = Case(rules, [0] * (n * n), lit("." * (n * n)), _rules_expr(rules),
                    solvable=True, exact=None, easy=True)
        out.append(Call("shudu.search", shudu.search, (case.puzzle, case.rules_arg),
                        {"limit": lit(10**6), "timeout": lit(0.3)}, bound=bound(0.3, strict),
                        check=check_search(case, 10**6)))
    return out
