"""Every engine search keeps to its limits: a time bound and Ctrl-C stop it on every size,
variant and thread count (batches included), a search cut short reports what it found,
and the boundary refuses bad numbers (limits, seeds, time bounds, thread counts, NumPy
values, the C tables) with a clear error instead of wrapping them or reading past a
buffer.

The searches that may hang run in a subprocess with a generous bound: a search with a
0.2 s limit that is still running after many seconds is a hang, whatever the machine."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import shudu
from shudu import Grid, Rules, _engine
from shudu.cli import main
from shudu.errors import ParseError, SearchTimeout
from shudu.solving import engine
from shudu.values.constraints import Arrow, Cage, Kropki, Thermo

SRC = str(Path(__file__).resolve().parents[2] / "src")
SETUP = ("from shudu import Grid, Rules\nfrom shudu.solving import engine\n"
         "from shudu.values.constraints import Cage\n"
         "KILLER = Rules(constraints=(Cage((0, 1), 3), Cage((9, 10, 11), 24)))\n")
HANG = 20.0   # seconds: far beyond any bound below, on any machine


def _python(code: str, **kwargs: object) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=SRC)
    return subprocess.Popen([sys.executable, "-c", SETUP + code], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)


def _finish(run: subprocess.Popen[str], hang: str) -> tuple[str, str]:
    """The output of a run that must end within HANG seconds (else it fails: ``hang``)."""
    try:
        return run.communicate(timeout=HANG)
    except subprocess.TimeoutExpired:
        run.kill()
        run.communicate()
        pytest.fail(f"{hang} {HANG:g} s later")


# ---------------------------------------------------------------------- time bounds
# every search that takes a time bound ({t}), then those that stop only at Ctrl-C
SEARCHES = {
    "8x8": "engine.search('.' * 64, 8, limit=10**9, timeout={t})",
    "16x16": "engine.search('.' * 256, 16, limit=10**9, timeout={t})",
    "25x25": "engine.search('.' * 625, 25, limit=10**9, timeout={t})",
    "x": "engine.search('.' * 81, 'x', limit=10**9, timeout={t})",
    "killer": "engine.search('.' * 81, KILLER, limit=10**9, timeout={t})",
    "threads": "engine.search('.' * 64, 8, limit=10**9, threads=2, timeout={t})",
    "iterator": "sum(1 for _ in engine.solutions('.' * 64, 8, timeout={t}))",
    "batch": "list(engine.search_many([Grid('.' * 64, Rules(8))] * 4, limit=10**9, "
             "threads=2, timeout={t}))",
}
TIMED = list(SEARCHES)
SEARCHES.update({
    "count 16x16": "engine.count('.' * 256, 10**9, 16)",
    "count 9x9": "engine.count('.' * 81, 10**9)",
    "count_many": "engine.count_many(['.' * 256] * 2, 10**9, 16)",
    "count_many 9x9 on 2 threads": "engine.count_many(['.' * 81] * 64, 10**9, threads=2)",
    "split count": "engine.count('.' * 64, 10**9, 8, threads=2)",
})


@pytest.mark.parametrize("case", TIMED)
def test_every_search_stops_at_its_time_limit(case: str) -> None:
    run = _python(f"import time\nt = time.monotonic()\ntry:\n    "
                  f"{SEARCHES[case].format(t=0.2)}\nexcept TimeoutError:\n    pass\n"
                  "print(time.monotonic() - t)")
    out, err = _finish(run, f"{case}: a search with a 0.2 s limit still ran")
    assert run.returncode == 0, err
    assert float(out.split()[-1]) < HANG / 2


@pytest.mark.parametrize("case", SEARCHES)
def test_ctrl_c_stops_every_search(case: str) -> None:
    search = SEARCHES[case].format(t=None)
    run = _python(f"print('go', flush=True)\n{search}\nprint('finished')")
    assert run.stdout is not None
    assert run.stdout.readline().strip() == "go"
    time.sleep(0.3)
    run.send_signal(signal.SIGINT)
    out, err = _finish(run, f"{case}: still running after Ctrl-C")
    assert "finished" not in out
    assert run.returncode in (-signal.SIGINT, 130) or "KeyboardInterrupt" in err, err


# ---------------------------------------------------------------------- partial answers
def test_a_search_cut_short_reports_what_it_found() -> None:
    cut = engine.search("." * 81, limit=10**9, timeout=0.05)
    assert not cut.complete and cut.count >= 2 and cut.status == "multiple"
    assert not cut.unique and cut.solution == engine.solve("." * 81)
    it = engine.solutions("." * 64, Rules(8), timeout=1)
    first, _ = next(it), next(it)
    time.sleep(1.1)   # the bound is over: the next step stops at once
    with pytest.raises(SearchTimeout) as caught:
        next(it)
    assert caught.value.count == 2 and caught.value.solution == first
    assert str(caught.value) == "the search stopped at the 1 s limit after 2 solutions"


def test_the_command_line_prints_a_count_cut_short(capsys) -> None:
    with pytest.raises(SystemExit) as done:
        main(["solve", "--count", "--limit", "1000000000", "--timeout", "0.2", "." * 81])
    assert done.value.code == 1
    out = capsys.readouterr().out.strip()
    assert out.startswith("≥ ") and out.endswith("(stopped at the 0.2 s limit)")
    assert int(out.split()[1]) >= 2
    with pytest.raises(SystemExit):
        main(["solve", "--count", "--json", "--limit", "1000000000", "--timeout", "0.2",
              "--rules", "16", "." * 256])
    data = json.loads(capsys.readouterr().out)
    assert data["complete"] is False and data["count"] >= 2 and data["status"] == "multiple"


# ---------------------------------------------------------------------- numbers
P = "." * 81


@pytest.mark.parametrize("call", [
    lambda: engine.count(P, 2**63),
    lambda: engine.count(P, 0),
    lambda: engine.count(P, 10**9 + 1),
    lambda: engine.search(P, limit=-1),
    lambda: engine.solve_many([P], limit=2**63),
    lambda: engine.count_many([P], 2**64),
    lambda: list(engine.search_many([Grid(P)], limit=2**63)),
    lambda: engine.search(P, seed=2**64),
    lambda: engine.search(P, seed=-(2**63) - 1),
    lambda: engine.solve(P, seed=2**70),
    lambda: engine.search(P, timeout=float("nan")),
    lambda: engine.search(P, timeout=float("inf")),
    lambda: engine.search(P, timeout=-1),
    lambda: engine.solutions(P, timeout=-0.5),
    lambda: list(engine.search_many([Grid(P)], timeout=float("nan"))),
    lambda: engine.split_search(Grid(P), 10**12),
    lambda: engine.split_search(Grid(P), 0),
    lambda: engine.search(P, limit=3, threads=-1),
    lambda: engine.solve_many([P], threads=-2),
], ids=lambda _: "")
def test_numbers_out_of_range_are_refused_with_the_range(call) -> None:
    with pytest.raises(ParseError, match=r"expected \w+ (from|as)"):
        call()


@pytest.mark.parametrize("call", [
    lambda: engine.count(P, 2.0),
    lambda: engine.search(P, limit=True),
    lambda: engine.search(P, seed=1.5),
    lambda: engine.search(P, timeout="1"),
    lambda: engine.count(P, 3, threads=1.5),
    lambda: engine.count(P, 3, threads="2"),
    lambda: engine.solve_many([P], threads=True),
], ids=lambda _: "")
def test_numbers_of_the_wrong_type_are_refused(call) -> None:
    with pytest.raises(TypeError, match="expected"):
        call()


def test_threads_are_capped_at_the_cores() -> None:
    # None and 0 mean every core; more threads than cores run on the cores
    assert engine.count(P, 3, threads=1000) == 3
    assert engine.search(P, limit=3, threads=2**31).count == 3
    assert list(engine.count_many([P], threads=2**40)) == [2]
    assert [r.count for r in engine.search_many([Grid(P)] * 2, threads=10**6)] == [2, 2]
    for threads in (None, 0, 1, 2, 256):
        assert engine.count("." * 16, 1000, Rules(4), threads=threads) == 288
        assert list(engine.count_many(["." * 16] * 3, 1000, Rules(4), threads=threads)) == [288] * 3
    assert engine._threads(10**9) == engine._threads(None) == engine._cores() <= 256
    # seeds take any 64-bit value, signed or unsigned
    assert engine.solve(P, seed=-1) is not None and engine.solve(P, seed=2**64 - 1) is not None


# ---------------------------------------------------------------------- NumPy input
@pytest.mark.parametrize(("dtype", "value"), [
    (np.int16, 257), (np.int16, -255), (np.int64, 10), (np.int32, -1), (object, 300),
    (object, 1.5), (np.float64, 1.0), (np.float64, 1.9),
])
def test_numpy_values_are_checked_not_wrapped(dtype, value) -> None:
    a = np.zeros((2, 81), dtype)
    a[1, 4] = value
    with pytest.raises(ParseError, match=r"puzzle 2, cell 5|dtype float64"):
        engine.count_many(a)
    with pytest.raises(ParseError):
        engine.solve_many(a)


def test_numpy_integers_in_range_are_cells() -> None:
    for dtype in (np.int16, np.int64, np.uint32, object):
        a = np.zeros((1, 16), dtype)
        a[0, :4] = [1, 2, 3, 4]
        assert list(engine.count_many(a, 1000, Rules(4))) == [12]
    raw = np.frombuffer(b"." * 81, np.uint8).reshape(1, 81)   # uint8: bytes, as before
    assert list(engine.count_many(raw)) == [2]


# ---------------------------------------------------------------------- the C tables
def _tables(rules: Rules) -> tuple[list[int], ...]:
    houses, starts, peers = engine._house_tables(rules)
    return houses, starts, peers


def test_a_cage_ending_past_its_cells_is_refused() -> None:
    houses, starts, peers = _tables(Rules(9))
    with pytest.raises(ValueError, match=r"cage_start\[1\] = 5 lies past the 3 cage cells"):
        _engine.Rules(9, houses, starts, peers, [0, 5, 3], [0, 1, 2], [0, 0])
    with pytest.raises(ValueError, match="out of range"):
        _engine.Rules(9, houses, starts, peers, [0, 2**40], [0], [0])
    with pytest.raises(ValueError, match="size must be an int from 1 to 25"):
        _engine.Rules(2**70, houses, starts, peers)
    with pytest.raises(ValueError, match="limit"):
        _engine.search(engine._tables(Rules(9)), P, 2**63)
    with pytest.raises(ValueError, match="threads"):
        _engine.batch(None, P.encode(), 1, 2**31, False)
    with pytest.raises(ValueError, match="timeout"):
        _engine.solve9(P, 3, None, float("nan"))


def _mutate(rng: random.Random, table: list[int]) -> object:
    """A table with a random flaw: a value changed, cut, grown, or no list at all."""
    out = list(table) if isinstance(table, list) else []
    roll = rng.random()
    if roll < 0.45 and out:
        k = rng.randrange(len(out))
        out[k] = rng.choice([-1, 0, 1, len(out), len(out) + rng.randrange(100), 2**31,
                             -(2**31) - 1, 2**63, rng.randrange(-700, 700), rng.randrange(3)])
    elif roll < 0.6:
        del out[rng.randrange(len(out) + 1):]
    elif roll < 0.75:
        out.extend(rng.randrange(-3, 700) for _ in range(rng.randrange(1, 5)))
    elif roll < 0.8:
        return rng.choice([None, 3, "abc", [1.5], [None], b"\x00\x01"])
    return out


def test_random_tables_only_ever_raise_value_or_type_errors() -> None:
    rng = random.Random(7)
    bases = []
    for rules in (Rules(4), Rules(6), Rules(9, constraints=(
            Cage((0, 1), 3), Cage((9, 10, 11), 24), Thermo((20, 21, 22)),
            Arrow((40,), (41, 42)), Kropki((60, 61))))):
        bases.append((rules.size, engine._table_lists(rules)))
    made = 0
    for _ in range(400):
        n, tables = rng.choice(bases)
        args: list[object] = [n, *tables]
        for _ in range(rng.randrange(1, 3)):
            k = rng.randrange(1, len(args))
            args[k] = _mutate(rng, args[k])  # type: ignore[arg-type]
        if rng.random() < 0.1:
            args[0] = rng.choice([0, -1, 26, n + 1, 2**40])
        try:
            rules = _engine.Rules(*args[:rng.choice([4, 7, 8])])
        except (ValueError, TypeError):
            continue
        made += 1
        puzzle = bytes(rng.randrange(0, 3) for _ in range(rules.size ** 2))
        try:
            _engine.search(rules, puzzle, rng.choice([1, 2, 50]), rng.choice([None, 5]), 0.05)
        except (ValueError, TypeError):
            pass
    assert made > 20   # some flawed tables are still valid (a changed but legal value)


def test_the_engine_is_still_the_engine() -> None:
    # the shared glue's checks leave the answers alone
    assert shudu.count("." * 16, 1000, 4) == 288
    assert engine.search("." * 36, Rules(6), limit=20000).count == 20000
    assert list(engine.count_many(["." * 81] * 40, 3, threads=2)) == [3] * 40


def _entry_points() -> dict[str, int]:
    """Every function of the method table and how many arguments its docstring names."""
    found = {}
    for name in dir(_engine):
        doc = getattr(getattr(_engine, name), "__doc__", None) or ""
        if callable(getattr(_engine, name)) and doc.startswith(f"{name}(") and name[0].islower():
            found[name] = doc.split(")")[0].count(",") + 1
    return found


def test_every_entry_point_refuses_huge_numbers_with_a_value_error() -> None:
    points = _entry_points()
    assert {"solve9", "search", "batch", "logic9", "net_propagate2", "aic_pairs"} <= set(points)
    for name, nargs in points.items():
        for k in range(nargs):
            args = [bytes(81)] * nargs
            args[k] = 2**70
            with pytest.raises((ValueError, TypeError)):
                getattr(_engine, name)(*args)


def test_a_forcing_net_root_fits_only_its_own_geometry() -> None:
    def geometry(n: int, cells: int) -> object:
        return _engine.net_geometry(n, cells, bytes(16 * cells), b"")

    masks = b"".join(((1 << 16) - 1).to_bytes(16, "little") for _ in range(4))
    root = _engine.net_root(geometry(4, 16), masks)
    # a 4x4 root used with a 9x9 geometry read past its nets
    with pytest.raises(ValueError, match="another geometry"):
        _engine.net_propagate2(geometry(9, 81), root, masks + bytes(80), 15, 3, -1)
    assert _engine.net_propagate2(geometry(4, 16), root, masks, 15, 3, -1)[0] >= 0


@pytest.mark.parametrize("args", [["--count", "--limit", "100000000000"],
                                  ["--timeout", "nan"], ["--timeout", "inf"]])
def test_the_command_line_refuses_bad_numbers_in_one_line(args, capsys) -> None:
    with pytest.raises(SystemExit) as done:
        main(["solve", *args, P])
    assert done.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and ("range" in err or "number of seconds" in err)


def test_raw_values_of_big_grids_are_not_read_as_line_breaks() -> None:
    """A 16x16 grid's raw values hold 10 and 13 (the bytes of line breaks): a buffer of
    raw values is read as values, a buffer of text lines still as lines."""
    grid = engine.solve("." * 256, Rules(16))
    assert grid is not None
    assert list(engine.count_many(bytes(grid.cells) * 2, Rules(16))) == [1, 1]
    text = (str(grid) + "\n").encode() * 2
    assert list(engine.count_many(text, Rules(16))) == [1, 1]
