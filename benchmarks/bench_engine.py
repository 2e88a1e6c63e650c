"""Benchmark the shudu engine against pip-installable peer solvers, in one run.

For every puzzle set this measures, on the same puzzles:

* ``solve_many(buf, threads=1, limit=1)``  — batch, one thread;
* ``count_many(buf, limit=2, threads=1)``  — batch uniqueness check;
* ``solve_many(buf, threads=2, limit=1)``  — batch on two threads (speed-up vs one);
* ``shudu.solve(str)`` in a Python loop     — per-call cost;
* each installed peer (see ``peers.py``), one puzzle per call, in a child process with
  a time budget.  A peer that runs out of budget is timed on a seeded random sample of
  the set, and shudu is timed again on exactly that sample for the ratios.

Every answer (shudu's and the peers') is checked to be a valid solution keeping the
givens.  Figures are puzzles per second; ratios are shudu ÷ peer.  Timing uses
``time.perf_counter``: one warm-up call, then the best of ``--repeat`` samples, each
sample looping the measured call until it lasts at least ``--min-time`` seconds.

Usage::

    python benchmarks/bench_engine.py [--sets top1465,sudoku17,...] [--quick]
        [--peers hodoku,lib-sudoku,py-sudoku] [--markdown benchmarks/RESULTS.md]
        [--regen-hardest]

The "hardest" set is the 1,000 puzzles with the most engine guesses
(``shudu.search(p, limit=1).guesses``) among all the data files; it is cached in
``benchmarks/data/hardest.sdm`` and rebuilt with ``--regen-hardest`` (or when missing).
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import math
import multiprocessing as mp
import os
import platform
import random
import re
import shlex
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BENCH_DIR = Path(__file__).resolve().parent
REPO = BENCH_DIR.parent
HARDEST_PATH = BENCH_DIR / "data" / "hardest.sdm"
HARDEST_SIZE = 1000

sys.path.insert(0, str(BENCH_DIR))
import peers as peerlib  # noqa: E402

try:
    import shudu
except ImportError:  # running from a source tree without an install
    sys.path.insert(0, str(REPO / "src"))
    import shudu

# set name -> file in the data directory
SET_FILES = {
    "top1465": "top1465.sdm",
    "sudoku17": "sudoku17.sdm",
    "sudocue_top10000": "sudocue_top10000.sdm",
    "qqwing_simple": "qqwing_simple.sdm",
    "qqwing_easy": "qqwing_easy.sdm",
    "qqwing_intermediate": "qqwing_intermediate.sdm",
    "qqwing_expert": "qqwing_expert.sdm",
    "sudocue_learningcurve": "sudocue_learningcurve.sdm",
}
ALL_SETS = ["top1465", "sudoku17", "hardest", *list(SET_FILES)[2:]]
QUICK_SETS = ["top1465", "sudoku17", "hardest"]
EASY_SET = "qqwing_simple"
SAMPLE_SEED = 1465

# Acceptance figures: (set, kind, threshold)
JUDGED_SETS = ("top1465", "sudoku17", "hardest")
BATCH_TARGETS = {"top1465": 60_000, "sudoku17": 100_000, "hardest": 10_000}
COUNT_SHARE_TARGET = 0.60
THREADS_SPEEDUP_TARGET = 1.7
EASY_CALL_TARGET_US = 10.0

_CELL_CHARS = frozenset("0123456789.")
_TO_DIGITS = bytes.maketrans(bytes(range(10)), b"0123456789")


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- data


def default_data_dir() -> Path:
    env = os.environ.get("SHUDU_BENCH_DATA")
    if env:
        return Path(env)
    for cand in (REPO.parent / "shared" / "data", REPO / "data", Path("/work/shared/data")):
        if (cand / "top1465.sdm").exists():
            return cand
    return REPO.parent / "shared" / "data"


def load_puzzles(path: Path) -> list[str]:
    """One puzzle per line: the first 81 characters; blank and ``#`` lines are skipped."""
    out: list[str] = []
    with open(path, encoding="ascii", errors="replace") as fh:
        for line in fh:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            p = line[:81]
            if len(p) == 81 and set(p) <= _CELL_CHARS:
                out.append(p)
    return out


def build_hardest(data_dir: Path, size: int = HARDEST_SIZE) -> list[str]:
    """Rank every distinct solvable puzzle of the data files by engine guesses."""
    guesses: dict[str, int] = {}
    t0 = time.perf_counter()
    for name, fname in SET_FILES.items():
        path = data_dir / fname
        if not path.exists():
            log(f"  hardest: {fname} missing, left out")
            continue
        for p in load_puzzles(path):
            key = p.replace(".", "0")
            if key in guesses:
                continue
            r = shudu.search(p, limit=1)
            if r.count:
                guesses[key] = int(r.guesses)
        log(f"  hardest: ranked {name} ({len(guesses)} distinct so far)")
    ranked = sorted(guesses.items(), key=lambda kv: (-kv[1], kv[0]))[:size]
    HARDEST_PATH.parent.mkdir(parents=True, exist_ok=True)
    HARDEST_PATH.write_text("".join(p + "\n" for p, _ in ranked), encoding="ascii")
    log(
        f"  hardest: wrote {len(ranked)} puzzles to {HARDEST_PATH} "
        f"(guesses {ranked[-1][1]}..{ranked[0][1]}, {time.perf_counter() - t0:.1f} s)"
    )
    return [p for p, _ in ranked]


def load_set(name: str, data_dir: Path, regen_hardest: bool) -> list[str]:
    if name == "hardest":
        if regen_hardest or not HARDEST_PATH.exists():
            return build_hardest(data_dir)
        return load_puzzles(HARDEST_PATH)
    return load_puzzles(data_dir / SET_FILES[name])


# --------------------------------------------------------------------------- timing


def best_times(fns: Sequence[Callable[[], Any]], *, repeat: int, min_time: float) -> list[float]:
    """Best seconds per call of each function.

    Each function gets one warm-up call (which also sizes its loop), then ``repeat``
    rounds each time every function in turn, looping it for at least ``min_time``
    seconds; the best sample per function wins.  Interleaving the rounds lets related
    measurements (one thread vs two) see the same background load."""
    loops = []
    for fn in fns:
        t0 = time.perf_counter()
        fn()
        one = time.perf_counter() - t0
        loops.append(max(1, math.ceil(min_time / max(one, 1e-7))))
    best = [math.inf] * len(fns)
    for _ in range(repeat):
        for k, fn in enumerate(fns):
            t0 = time.perf_counter()
            for _ in range(loops[k]):
                fn()
            best[k] = min(best[k], (time.perf_counter() - t0) / loops[k])
    return best


def best_time(fn: Callable[[], Any], *, repeat: int, min_time: float) -> float:
    """Best seconds per ``fn()`` call (see :func:`best_times`)."""
    return best_times([fn], repeat=repeat, min_time=min_time)[0]


def cores_used(fn: Callable[[], Any], min_time: float) -> float:
    """Process CPU time ÷ wall time while looping ``fn`` for ``min_time`` seconds: about
    1.0 for one busy thread, 2.0 for two threads that each got a whole core."""
    w0, c0 = time.perf_counter(), time.process_time()
    while True:
        fn()
        wall = time.perf_counter() - w0
        if wall >= min_time:
            return (time.process_time() - c0) / wall


def batch_answers(result: Any) -> tuple[list[str], list[int]]:
    """81-digit solution strings (``""`` where none) and counts from a BatchResult."""
    raw = bytes(result.solutions).translate(_TO_DIGITS).decode("ascii")
    counts = [int(c) for c in result.counts]
    sols = [raw[i * 81 : (i + 1) * 81] if counts[i] else "" for i in range(len(counts))]
    return sols, counts


@dataclass
class ShuduFigures:
    """shudu's rates (puzzles/s) on one list of puzzles."""

    n: int
    batch1: float = 0.0
    count2: float = 0.0
    batch2: float = 0.0
    per_call: float = 0.0
    counts: list[int] = field(default_factory=list)
    mean_guesses: float = 0.0
    wrong: int = 0
    first_error: str = ""
    cores1: float = 0.0
    cores2: float = 0.0

    @property
    def count_share(self) -> float:
        return self.count2 / self.batch1 if self.batch1 else 0.0

    @property
    def speedup2(self) -> float:
        return self.batch2 / self.batch1 if self.batch1 else 0.0


def measure_shudu(puzzles: list[str], opts: argparse.Namespace, *, full: bool) -> ShuduFigures:
    """Time shudu on ``puzzles``; ``full`` also times count_many, threads=N and checks
    every answer (a sample run only needs the batch and per-call rates)."""
    n = len(puzzles)
    buf = "".join(puzzles).encode("ascii")
    fig = ShuduFigures(n)
    rep, mt = opts.repeat, opts.min_time
    solve_many, count_many, solve = shudu.solve_many, shudu.count_many, shudu.solve

    th = opts.threads

    def loop() -> None:
        for p in puzzles:
            solve(p)

    fns: list[Callable[[], Any]] = [lambda: solve_many(buf, threads=1, limit=1), loop]
    if full:
        fns.append(lambda: count_many(buf, limit=2, threads=1))
        fns.append(lambda: solve_many(buf, threads=th, limit=1))
    times = best_times(fns, repeat=rep, min_time=mt)
    fig.batch1, fig.per_call = n / times[0], n / times[1]
    if not full:
        return fig
    fig.count2, fig.batch2 = n / times[2], n / times[3]

    # how much CPU the process actually got (cores = CPU time ÷ wall time)
    fig.cores1 = cores_used(lambda: solve_many(buf, threads=1, limit=1), mt)
    fig.cores2 = cores_used(lambda: solve_many(buf, threads=th, limit=1), mt)

    # correctness, outside the timed region
    result = solve_many(buf, threads=1, limit=1)
    sols, _ = batch_answers(result)
    fig.mean_guesses = sum(int(g) for g in result.guesses) / max(n, 1)
    fig.counts = [int(c) for c in count_many(buf, limit=2, threads=1)]
    for i, (p, s) in enumerate(zip(puzzles, sols, strict=True)):
        if fig.counts[i] == 0:
            continue
        err = peerlib.check_solution(p, s or None)
        if err:
            fig.wrong += 1
            fig.first_error = fig.first_error or f"puzzle {i}: {err}"
    for i, p in enumerate(puzzles[:200]):
        if fig.counts[i] and peerlib.check_solution(p, str(solve(p))):
            fig.wrong += 1
            fig.first_error = fig.first_error or f"shudu.solve on puzzle {i}"
    return fig


# --------------------------------------------------------------------------- peers


@dataclass
class PeerRun:
    """One peer timed on one set."""

    key: str
    n_done: int = 0
    seconds: float = 0.0
    passes: int = 0
    sampled: bool = False
    cut: bool = False
    error: str = ""
    wrong: int = 0
    first_error: str = ""
    shudu: ShuduFigures | None = None
    durations: list[float] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.n_done / self.seconds if self.seconds > 0 else 0.0

    def spread(self) -> str:
        """Median and slowest single puzzle of the first pass."""
        if not self.durations:
            return "—"
        d = sorted(self.durations)
        return f"{fmt_seconds(d[len(d) // 2])} / {fmt_seconds(d[-1])}"


def _peer_child(
    conn: Any,
    solve: Callable[[str], str | None],
    puzzles: list[str],
    order: list[int],
    warm: str,
    budget: float,
    repeat: int,
) -> None:
    """Child process: time ``solve`` over ``order`` until done or out of budget, streaming
    answers to the parent so that a run cut short still yields checked figures."""
    try:
        solve(warm)
        pending: list[str | None] = []
        durations: list[float] = []
        done = 0
        t0 = time.perf_counter()
        conn.send(("start", t0))
        last = prev = t0
        for i in order:
            pending.append(solve(puzzles[i]))
            done += 1
            now = time.perf_counter()
            durations.append(now - prev)
            prev = now
            if now - last >= 0.05:
                conn.send(("answers", pending, durations))
                pending, durations = [], []
                last = now
            if now - t0 >= budget:
                break
        elapsed = time.perf_counter() - t0
        conn.send(("answers", pending, durations))
        conn.send(("pass", done, elapsed))
        spent = elapsed
        passes = 1
        while done == len(order) and passes < repeat and spent + elapsed <= budget:
            t1 = time.perf_counter()
            for i in order:
                solve(puzzles[i])
            e = time.perf_counter() - t1
            spent += e
            passes += 1
            conn.send(("pass", done, e))
        conn.send(("end",))
    except BaseException as exc:  # reported to the parent, which keeps going
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


def run_peer(
    peer: peerlib.Peer,
    puzzles: list[str],
    order: list[int],
    warm: str,
    budget: float,
    repeat: int,
) -> PeerRun:
    """Time one peer in a forked child; kill it if it overruns its budget badly."""
    ctx = mp.get_context("fork")
    recv_end, send_end = ctx.Pipe(duplex=False)
    proc = ctx.Process(
        target=_peer_child,
        args=(send_end, peer.solve, puzzles, order, warm, budget, repeat),
        daemon=True,
    )
    proc.start()
    send_end.close()
    run = PeerRun(peer.key)
    answers: list[str | None] = []
    t_start: float | None = None
    grace = max(5.0, budget)
    launch = time.perf_counter()
    best: float | None = None
    first_pass_n = 0
    finished = False
    while True:
        ref = t_start if t_start is not None else launch
        if time.perf_counter() > ref + budget + grace + (30.0 if t_start is None else 0.0):
            proc.kill()
            run.cut = True
            break
        if not recv_end.poll(0.1):
            if not proc.is_alive() and not recv_end.poll(0):
                run.error = run.error or f"peer process died (exit code {proc.exitcode})"
                break
            continue
        try:
            msg = recv_end.recv()
        except EOFError:
            run.error = run.error or f"peer process died (exit code {proc.exitcode})"
            break
        kind = msg[0]
        if kind == "start":
            t_start = msg[1]
        elif kind == "answers":
            answers.extend(msg[1])
            run.durations.extend(msg[2])
        elif kind == "pass":
            if best is None:
                first_pass_n, best = msg[1], msg[2]
            else:
                best = min(best, msg[2])
            run.passes += 1
        elif kind == "error":
            run.error = msg[1]
        elif kind == "end":
            finished = True
            break
    cut_at = time.perf_counter()
    proc.join(5)
    recv_end.close()
    if best is not None:
        run.n_done, run.seconds = first_pass_n, best
    elif run.cut and t_start is not None:
        # killed inside the first pass: the puzzle in flight counts as time, not as done
        run.n_done, run.seconds = len(answers), cut_at - t_start
    if run.cut:
        run.error = ""
        run.cut = best is None  # a kill during a repeat pass loses nothing
    if not finished and not run.cut and not run.error:
        run.error = "peer process ended without a result"
    run.sampled = run.n_done < len(puzzles)
    for j, ans in enumerate(answers[: run.n_done]):
        err = peerlib.check_solution(puzzles[order[j]], ans)
        if err:
            run.wrong += 1
            run.first_error = run.first_error or f"puzzle {order[j]}: {err}"
    return run


def verify_peer(peer: peerlib.Peer, cases: Sequence[str]) -> str | None:
    """``None`` when the peer solves every case (and counts each as unique) and answers
    ``None`` for conflicting givens; else what went wrong."""
    try:
        for p in cases:
            err = peerlib.check_solution(p, peer.solve(p))
            if err:
                return f"wrong answer on {p}: {err}"
            if peer.count is not None and peer.count(p) != 1:
                return f"count({p}) = {peer.count(p)}, expected 1"
        bad = "11" + "." * 79
        if peer.solve(bad) is not None:
            return "returned a 'solution' for a puzzle with two 1s in row 1"
    except Exception as exc:
        return f"raised {type(exc).__name__}: {exc}"
    return None


# --------------------------------------------------------------------------- report


def fmt_rate(x: float) -> str:
    if x <= 0:
        return "—"
    if x >= 100:
        return f"{x:,.0f}"
    if x >= 1:
        return f"{x:.1f}"
    return f"{x:.3f}"


def fmt_us(rate: float) -> str:
    return f"{1e6 / rate:,.1f}" if rate > 0 else "—"


def fmt_seconds(x: float) -> str:
    if x < 1e-3:
        return f"{x * 1e6:.0f} µs"
    if x < 1:
        return f"{x * 1e3:.1f} ms"
    return f"{x:.2f} s"


def fmt_ratio(x: float) -> str:
    if x <= 0 or math.isinf(x):
        return "—"
    return f"{x:,.0f}×" if x >= 100 else f"{x:.1f}×" if x >= 10 else f"{x:.2f}×"


def machine_info() -> dict[str, str]:
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    cores = os.cpu_count() or 1
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = cores
    return {
        "cpu": model,
        "cores": f"{cores} logical CPUs ({usable} usable by this process)",
        "os": platform.platform(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
    }


def engine_build() -> str:
    """Which compiled engine was loaded: file name, modification time, sha256 prefix."""
    try:
        from shudu import _engine

        path = Path(_engine.__file__)
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
        mtime = dt.datetime.fromtimestamp(path.stat().st_mtime, dt.UTC)
    except (ImportError, AttributeError, OSError, TypeError):
        return "engine build unknown"
    return (f"engine `{path.name}` built {mtime:%Y-%m-%d %H:%M UTC}, sha256 {digest}…, "
            f"{shudu.solving.engine.propagation()} propagation")


def kept_blocks(path: Path) -> str:
    r"""What follows this benchmark's section in ``path``: the other benchmarks' blocks
    (from the first ``<!-- key:start -->`` marker on) and the notes between them, kept
    as they are.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     f = Path(d) / "R.md"
    ...     _ = f.write_text("# old run\n\n<!-- a:start -->\nA\n<!-- a:end -->\n\nnote\n")
    ...     kept_blocks(f)
    '\n<!-- a:start -->\nA\n<!-- a:end -->\n\nnote\n'
    """
    if not path.exists():
        return ""
    old = path.read_text(encoding="utf-8")
    first = re.search(r"<!-- [\w-]+:start -->", old)
    return "" if first is None else "\n" + old[first.start():].rstrip("\n") + "\n"


def busy_note(load: str) -> str:
    """A warning when the machine was already busy as the run started."""
    try:
        busy = float(load) >= 0.5
    except ValueError:
        return ""
    if not busy:
        return ""
    return (
        " — **the machine was busy when this run started: figures are lower than on an idle"
        " machine, and the two-thread speed-up is the most affected**"
    )


def load_average() -> str:
    try:
        return f"{os.getloadavg()[0]:.2f}"
    except OSError:
        return "?"


def command_line() -> str:
    """The command that ran this process, with the interpreter relative to the cwd."""
    exe = sys.executable
    rel = os.path.relpath(exe)
    if not rel.startswith(".."):
        exe = rel
    script = os.path.relpath(Path(__file__).resolve())
    cmd = shlex.join([exe, script, *sys.argv[1:]])
    env = os.environ.get("PYTHONPATH")
    return f"PYTHONPATH={shlex.quote(env)} {cmd}" if env else cmd


@dataclass
class SetResult:
    name: str
    n: int
    fig: ShuduFigures
    peers: list[PeerRun] = field(default_factory=list)


def acceptance_rows(results: list[SetResult], easy_us: float | None) -> list[list[str]]:
    by = {r.name: r for r in results}
    rows: list[list[str]] = []

    def verdict(ok: bool | None) -> str:
        return "not measured" if ok is None else ("PASS" if ok else "FAIL")

    for name in JUDGED_SETS:
        r = by.get(name)
        v = r.fig.batch1 if r else None
        rows.append(
            [
                f"solve_many threads=1, {name}",
                f"≥ {BATCH_TARGETS[name]:,}/s",
                f"{fmt_rate(v)}/s" if v else "—",
                verdict(None if v is None else v >= BATCH_TARGETS[name]),
            ]
        )
    for name in JUDGED_SETS:
        r = by.get(name)
        v = r.fig.count_share if r else None
        rows.append(
            [
                f"count_many(limit=2) ÷ solve_many, {name}",
                f"≥ {COUNT_SHARE_TARGET:.0%}",
                f"{v:.0%}" if v is not None else "—",
                verdict(None if v is None else v >= COUNT_SHARE_TARGET),
            ]
        )
    for name in JUDGED_SETS:
        r = by.get(name)
        v = r.fig.speedup2 if r else None
        rows.append(
            [
                f"threads=2 ÷ threads=1, {name}",
                f"≥ {THREADS_SPEEDUP_TARGET}×",
                f"{v:.2f}× (CPU ÷ wall {r.fig.cores2:.2f}; 1 thread {r.fig.cores1:.2f})"
                if r
                else "—",
                verdict(None if v is None else v >= THREADS_SPEEDUP_TARGET),
            ]
        )
    rows.append(
        [
            "shudu.solve(str), easy puzzle",
            f"≤ {EASY_CALL_TARGET_US:g} µs/call",
            f"{easy_us:.2f} µs" if easy_us is not None else "—",
            verdict(None if easy_us is None else easy_us <= EASY_CALL_TARGET_US),
        ]
    )
    return rows


def md_table(header: list[str], rows: list[list[str]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    out += ["| " + " | ".join(row) + " |" for row in rows]
    return out


def render(
    opts: argparse.Namespace,
    results: list[SetResult],
    peers: list[peerlib.Peer],
    unavailable: dict[str, str],
    easy: dict[str, Any],
    started: dt.datetime,
    wall: float,
) -> str:
    info = machine_info()
    th = opts.threads
    lines = [
        "## Last run",
        "",
        f"- Command: `{command_line()}`",
        f"- Date: {started.strftime('%Y-%m-%d %H:%M UTC')} (took {wall:.0f} s)",
        f"- Machine: {info['cpu']}, {info['cores']}; {info['os']}; {info['python']}",
        f"- Load average (1 min) at start / end: {opts.load_start} / {load_average()} "
        '(other processes on the machine share its cores; "CPU ÷ wall" below is the '
        "process CPU time over wall time during a batch: 1.00 = one whole core)"
        + busy_note(opts.load_start),
        f"- shudu {getattr(shudu, '__version__', '?')} from "
        f"`{os.path.relpath(Path(shudu.__file__).parent, REPO)}`; {opts.engine_build}",
        f"- Timing: best of {opts.repeat} samples of ≥ {opts.min_time:g} s each after a "
        f"warm-up (time.perf_counter); peers: one pass within a budget of "
        f"{opts.peer_budget:g} s per set ({opts.slow_peer_budget:g} s for the slow "
        "peers, in a child process), repeated for a best of "
        f"{opts.repeat} when the whole set fits in the budget, otherwise timed on a seeded "
        "random sample and compared with shudu on that same sample",
    ]
    for p in peers:
        lines.append(f"- Peer {p.label}: `{p.method}`" + "".join(f"; {n}" for n in p.notes))
    for key, why in unavailable.items():
        lines.append(f"- Peer {key}: **skipped** — {why}")
    lines += ["", "### Acceptance", ""]
    lines += md_table(
        ["criterion", "target", "measured", "result"],
        acceptance_rows(results, easy.get("shudu")),
    )

    lines += ["", "### Summary (puzzles per second)", ""]
    header = [
        "set",
        "puzzles",
        "solve_many 1 thread",
        "count_many limit=2",
        f"solve_many {th} threads",
        "shudu.solve() loop",
    ]
    header += [f"shudu ÷ {p.key}" for p in peers]
    rows = []
    for r in results:
        f = r.fig
        row = [
            r.name,
            f"{r.n:,}",
            fmt_rate(f.batch1),
            f"{fmt_rate(f.count2)} ({f.count_share:.0%})",
            f"{fmt_rate(f.batch2)} ({f.speedup2:.2f}×)",
            fmt_rate(f.per_call),
        ]
        for p in peers:
            run = next((x for x in r.peers if x.key == p.key), None)
            row.append(peer_ratio_cell(run))
        rows.append(row)
    lines += md_table(header, rows)
    if peers:
        lines += [
            "",
            "Ratios are shudu `solve_many` (one thread) ÷ the peer, on the same puzzles "
            "(the peer's sample when it was sampled).",
        ]

    if easy:
        lines += ["", f"### Per-call cost on one easy puzzle ({EASY_SET} #1)", ""]
        lines.append(f"`{easy['puzzle']}`")
        lines.append("")
        erows = [["shudu.solve(str)", f"{easy['shudu']:.2f}", "1.00×"]]
        for key, us in easy.get("peers", {}).items():
            erows.append([key, f"{us:,.1f}", fmt_ratio(us / easy["shudu"])])
        lines += md_table(["solver", "µs per call", "peer ÷ shudu"], erows)

    for r in results:
        f = r.fig
        uniq = sum(1 for c in f.counts if c == 1)
        multi = sum(1 for c in f.counts if c >= 2)
        none = sum(1 for c in f.counts if c == 0)
        lines += [
            "",
            f"### {r.name}",
            "",
            f"{r.n:,} puzzles; count_many: {uniq:,} unique, {multi:,} with several "
            f"solutions, {none:,} with none; mean engine guesses {f.mean_guesses:.1f}; "
            + (
                "all shudu answers checked valid"
                if not f.wrong
                else f"**{f.wrong} wrong shudu answers** ({f.first_error})"
            ),
            "",
        ]
        srows = [
            ["solve_many(threads=1, limit=1)", fmt_rate(f.batch1), fmt_us(f.batch1), ""],
            [
                "count_many(limit=2, threads=1)",
                fmt_rate(f.count2),
                fmt_us(f.count2),
                f"{f.count_share:.0%} of solve_many",
            ],
            [
                f"solve_many(threads={th}, limit=1)",
                fmt_rate(f.batch2),
                fmt_us(f.batch2),
                f"{f.speedup2:.2f}× one thread; CPU ÷ wall {f.cores2:.2f} "
                f"(1 thread: {f.cores1:.2f})",
            ],
            ["shudu.solve(str) loop", fmt_rate(f.per_call), fmt_us(f.per_call), ""],
        ]
        lines += md_table(["shudu", "puzzles/s", "µs/puzzle", ""], srows)
        if r.peers:
            lines.append("")
            prow = []
            for run in r.peers:
                prow.append(peer_detail_row(run, r.n))
            lines += md_table(
                [
                    "peer",
                    "puzzles timed",
                    "peer puzzles/s",
                    "µs/puzzle",
                    "median / slowest puzzle",
                    "solve_many ÷ peer",
                    "count_many ÷ peer",
                    "solve() loop ÷ peer",
                    "answers",
                ],
                prow,
            )
    return "\n".join(lines) + "\n"


_UNIQUENESS_PEERS = {"hodoku"}  # one call of these also proves uniqueness


def peer_ratio_cell(run: PeerRun | None) -> str:
    if run is None:
        return "—"
    if run.error:
        return "error"
    if run.wrong:
        return "wrong answers"
    if not run.shudu or run.rate <= 0:
        return "—"
    return fmt_ratio(run.shudu.batch1 / run.rate) + (" (sample)" if run.sampled else "")


def peer_detail_row(run: PeerRun, n: int) -> list[str]:
    if run.error and not run.n_done:
        return [run.key, "—", "—", "—", "—", "—", "—", "—", f"error: {run.error}"]
    s = run.shudu
    timed = f"{run.n_done:,} of {n:,}" + (" (random sample)" if run.sampled else "")
    if run.cut:
        timed += ", cut off"
    count_ratio = "—"
    if s and run.key in _UNIQUENESS_PEERS and s.count2:
        count_ratio = fmt_ratio(s.count2 / run.rate)
    checked = (
        f"{run.n_done:,} checked valid"
        if not run.wrong
        else (f"**{run.wrong} wrong** ({run.first_error})")
    )
    if run.error:
        checked += f"; error: {run.error}"
    return [
        run.key,
        timed,
        fmt_rate(run.rate),
        fmt_us(run.rate),
        run.spread(),
        fmt_ratio(s.batch1 / run.rate) if s else "—",
        count_ratio,
        fmt_ratio(s.per_call / run.rate) if s else "—",
        checked,
    ]


HEADER = """\
# shudu benchmark results

This file is written by `benchmarks/bench_engine.py --markdown benchmarks/RESULTS.md`;
everything under "Last run" is the output of the run named there.

## How to run

```sh
python -m venv .venv && .venv/bin/pip install -e . -r benchmarks/requirements-bench.txt
.venv/bin/python benchmarks/bench_engine.py --markdown benchmarks/RESULTS.md
```

`make bench` does the same in the project's `.venv`.  Options:

- `--sets top1465,sudoku17,hardest,...` — sets to run (default: all; the data files are
  read from `../shared/data` beside the repository, or `--data-dir` / `SHUDU_BENCH_DATA`);
- `--quick` — top1465, sudoku17 and hardest with shorter timings;
- `--peers hodoku,lib-sudoku,py-sudoku` — peers to compare (a peer that is not installed
  is reported as skipped);
- `--regen-hardest` — rebuild `benchmarks/data/hardest.sdm`, the 1,000 puzzles with the most
  engine guesses (`shudu.search(p, limit=1).guesses`) among all the data files;
- `--peer-budget S`, `--slow-peer-budget S` — seconds per set for each peer;
- `--markdown PATH` — write this file.

"""


# --------------------------------------------------------------------------- main


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sets", help=f"comma-separated sets (default all: {','.join(ALL_SETS)})")
    ap.add_argument("--quick", action="store_true", help="fewer sets, shorter timings")
    ap.add_argument(
        "--peers",
        default=",".join(peerlib.PEER_KEYS),
        help="comma-separated peers, or 'none' (default: %(default)s)",
    )
    ap.add_argument("--markdown", type=Path, help="write the results to this markdown file")
    ap.add_argument("--regen-hardest", action="store_true", help="rebuild data/hardest.sdm")
    ap.add_argument("--data-dir", type=Path, default=None, help="where the .sdm files are")
    ap.add_argument("--threads", type=int, default=2, help="threads for the threaded batch")
    ap.add_argument("--repeat", type=int, default=None, help="samples per measurement (3)")
    ap.add_argument("--min-time", type=float, default=None, help="seconds per sample (0.2)")
    ap.add_argument("--peer-budget", type=float, default=None, help="seconds per set (3)")
    ap.add_argument(
        "--slow-peer-budget", type=float, default=None, help="seconds per set, py-sudoku (8)"
    )
    opts = ap.parse_args(argv)
    quick = opts.quick
    if opts.repeat is None:
        opts.repeat = 2 if quick else 3
    if opts.min_time is None:
        opts.min_time = 0.1 if quick else 0.2
    if opts.peer_budget is None:
        opts.peer_budget = 1.5 if quick else 3.0
    if opts.slow_peer_budget is None:
        opts.slow_peer_budget = 4.0 if quick else 8.0
    if opts.sets:
        opts.set_list = [s.strip() for s in opts.sets.split(",") if s.strip()]
    else:
        opts.set_list = QUICK_SETS if quick else ALL_SETS
    bad = [s for s in opts.set_list if s not in ALL_SETS]
    if bad:
        ap.error(f"unknown set(s) {', '.join(bad)}; known: {', '.join(ALL_SETS)}")
    if opts.peers.strip().lower() in ("", "none"):
        opts.peer_list = []
    else:
        opts.peer_list = [p.strip() for p in opts.peers.split(",") if p.strip()]
    opts.data_dir = opts.data_dir or default_data_dir()
    return opts


def main(argv: Sequence[str] | None = None) -> int:
    opts = parse_args(argv)
    if not hasattr(shudu, "solve_many"):
        log("shudu has no solve_many: build the engine first (make run)")
        return 2
    started = dt.datetime.now(dt.UTC)
    opts.load_start = load_average()
    opts.engine_build = engine_build()
    wall0 = time.perf_counter()
    data_dir = opts.data_dir

    # peers: load and check each before any timing
    loaded: list[peerlib.Peer] = []
    unavailable: dict[str, str] = {}
    easy_puzzle = None
    easy_path = data_dir / SET_FILES[EASY_SET]
    if easy_path.exists():
        easy_puzzle = load_puzzles(easy_path)[0]
    cases = [p for p in (easy_puzzle,) if p]
    for name in ("top1465", "sudoku17"):
        path = data_dir / SET_FILES[name]
        if path.exists():
            cases.append(load_puzzles(path)[0])
    for key in opts.peer_list:
        try:
            peer = peerlib.load_peer(key)
        except peerlib.PeerUnavailable as exc:
            unavailable[key] = str(exc)
            log(f"peer {key}: skipped — {exc}")
            continue
        problem = verify_peer(peer, cases)
        if problem:
            unavailable[key] = f"failed the check before timing: {problem}"
            log(f"peer {key}: FAILED verification — {problem}")
            continue
        log(f"peer {peer.label}: verified on {len(cases)} puzzles")
        loaded.append(peer)

    # per-call cost on one easy puzzle
    easy: dict[str, Any] = {}
    if easy_puzzle:
        solve = shudu.solve
        t = best_time(lambda: solve(easy_puzzle), repeat=opts.repeat, min_time=opts.min_time)
        easy = {"puzzle": easy_puzzle, "shudu": t * 1e6, "peers": {}}
        for peer in loaded:
            ps = peer.solve
            t = best_time(lambda ps=ps: ps(easy_puzzle), repeat=opts.repeat, min_time=opts.min_time)
            easy["peers"][peer.key] = t * 1e6
        log(f"easy puzzle: shudu.solve {easy['shudu']:.2f} µs/call")

    results: list[SetResult] = []
    for name in opts.set_list:
        if name != "hardest" and not (data_dir / SET_FILES[name]).exists():
            log(f"set {name}: {data_dir / SET_FILES[name]} not found, skipped")
            continue
        puzzles = load_set(name, data_dir, opts.regen_hardest)
        if not puzzles:
            log(f"set {name}: no puzzles, skipped")
            continue
        log(f"set {name}: {len(puzzles):,} puzzles")
        fig = measure_shudu(puzzles, opts, full=True)
        log(
            f"  shudu: solve_many {fmt_rate(fig.batch1)}/s, count_many {fmt_rate(fig.count2)}/s, "
            f"threads={opts.threads} {fmt_rate(fig.batch2)}/s, solve() {fmt_rate(fig.per_call)}/s"
        )
        res = SetResult(name, len(puzzles), fig)
        order = list(range(len(puzzles)))
        random.Random(SAMPLE_SEED).shuffle(order)
        for peer in loaded:
            budget = opts.slow_peer_budget if peer.slow else opts.peer_budget
            run = run_peer(peer, puzzles, order, easy_puzzle or puzzles[0], budget, opts.repeat)
            if run.n_done == len(puzzles):
                run.shudu = fig
            elif run.n_done:
                sample = [puzzles[i] for i in order[: run.n_done]]
                run.shudu = measure_shudu(sample, opts, full=False)
                if peer.key in _UNIQUENESS_PEERS:
                    buf = "".join(sample).encode("ascii")
                    t = best_time(
                        lambda buf=buf: shudu.count_many(buf, limit=2, threads=1),
                        repeat=opts.repeat,
                        min_time=opts.min_time,
                    )
                    run.shudu.count2 = len(sample) / t
            res.peers.append(run)
            log(
                f"  {peer.key}: {run.n_done:,} puzzles, {fmt_rate(run.rate)}/s"
                + (" (sample)" if run.sampled else "")
                + (f", {run.wrong} wrong" if run.wrong else "")
                + (f", error: {run.error}" if run.error else "")
            )
        results.append(res)

    wall = time.perf_counter() - wall0
    body = render(opts, results, loaded, unavailable, easy, started, wall)
    print(body)
    if opts.markdown:
        opts.markdown.parent.mkdir(parents=True, exist_ok=True)
        opts.markdown.write_text(HEADER + body + kept_blocks(opts.markdown), encoding="utf-8")
        log(f"wrote {opts.markdown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
