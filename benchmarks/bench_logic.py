"""Benchmark the human-style logic solver (the whole explained path) against peers.

For every puzzle set, in one run:

* shudu: ``shudu.logic.solve_path(p, SolverConfig(uniqueness=True))`` and the level-3
  English text of every step (what ``shudu explain`` prints for a unique puzzle);
* each installed peer, doing the same job with its own logic solver and explanations,
  one puzzle per call in a forked child process:

  - ``hodoku`` (hodoku-py): ``hodoku.api.Solver().solve(p)`` and ``str(step)`` of every
    step; solved by logic = solved without a brute-force step;
  - ``pencilmark``: ``pencilmark.rate(p, steps=True, explain=True)`` (steps with short
    and teaching explanations); solved by logic = no trial-and-error step;
  - ``larsdoku``: ``larsdoku.solve(p, no_oracle=True, detail=True)`` (no guessing,
    explanations on); solved = ``success`` and not ``stalled``.

Puzzles are taken in a seeded random order until the set is done or the time budget is
spent (``--budget`` for shudu, ``--peer-budget`` per peer); each peer gets the puzzles
shudu timed, in the same order, and a peer puzzle that runs past ``--timeout`` is cut
(the peer is "time-boxed" and the puzzle counts as not done).  Ratios compare mean
times on the puzzles both finished.  A peer that is not installed is reported as
skipped.  Times are wall-clock (``time.perf_counter``); the shudu CPU time is shown too
because a busy machine inflates wall time.

Usage::

    python benchmarks/bench_logic.py [--sets top1465,qqwing_expert,hardest,famous,tridagon]
        [--budget 120] [--peers hodoku,pencilmark,larsdoku] [--peer-sets top1465,qqwing_expert]
        [--peer-budget 60] [--timeout 30] [--markdown benchmarks/RESULTS.md]

The ``hardest``, ``famous`` and ``tridagon`` sets live in ``benchmarks/data``; on them
every puzzle must be solved by logic, within 3 s on average and 20 s at most, and its
first hint (``shudu.hint``) must take at most 1 s.  The means are compared with their
targets in CPU time (top1465 ≤ 40 ms, qqwing_expert ≤ 3 ms).

``--markdown`` replaces (or appends) only the part of the file between
``<!-- logic:start -->`` and ``<!-- logic:end -->``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import multiprocessing as mp
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

from report import (  # noqa: E402
    command_line,
    default_data_dir,
    load_average,
    load_puzzles,
    log,
    table,
    write_section,
)

PEER_KEYS = ("hodoku", "pencilmark", "larsdoku")
DEFAULT_SETS = ("top1465", "qqwing_expert", "hardest", "famous", "tridagon")
PEER_SETS = ("top1465", "qqwing_expert")
"""The sets the peers run on by default (on the hardest ones they mostly time out)."""
TARGETS = {"top1465": (40.0, None), "qqwing_expert": (3.0, None),
           "hardest": (3000.0, None), "famous": (3000.0, None), "tridagon": (3000.0, None)}
"""Acceptance: set -> (mean CPU ms/puzzle required, goal)."""
MAX_MS = {"hardest": 20000.0, "famous": 20000.0, "tridagon": 20000.0}
"""Acceptance: set -> the longest any one puzzle may take (ms); every puzzle of these
sets must also be solved by logic, and its first hint (``shudu.hint``) found within
:data:`HINT_MS`."""
HINT_MS = 1000.0
"""Acceptance: the longest a first hint may take on the sets of :data:`MAX_MS` (CPU ms)."""
BENCH_DATA = Path(__file__).resolve().parent / "data"
"""Sets kept with the benchmarks: ``hardest`` (the 1,000 puzzles with the most engine
guesses), ``famous`` (published "hardest" puzzles) and ``tridagon`` (published puzzles
with a tridagon)."""
START = "<!-- logic:start -->"
END = "<!-- logic:end -->"
WARM = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


# ---------------------------------------------------------------------- solvers
Explain = Callable[[str], bool]
"""Explain one puzzle; return whether logic alone solved it."""


def shudu_explainer() -> Explain:
    """shudu's explained path: solve_path plus the level-3 text of every step.

    >>> shudu_explainer()(WARM)
    True
    """
    from shudu.logic import SolverConfig, solve_path

    config = SolverConfig(uniqueness=True)

    def explain(puzzle: str) -> bool:
        path = solve_path(puzzle, config)
        for step in path.steps:
            step.text(3, "en")
        return path.solved

    return explain


class PeerUnavailable(Exception):
    """The peer cannot be used here; ``str(exc)`` says why."""


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError as exc:
        raise PeerUnavailable(f"{dist} is not installed (pip install {dist})") from exc


def _hodoku() -> Explain:
    try:
        from hodoku.api import Solver
    except ImportError as exc:
        raise PeerUnavailable(f"hodoku-py does not import: {exc}") from exc
    solver = Solver()

    def explain(puzzle: str) -> bool:
        result = solver.solve(puzzle)
        brute = False
        for step in result.steps:
            str(step)
            brute = brute or "BRUTE" in str(getattr(step, "type", ""))
        return bool(result.solved) and not brute

    return explain


def _pencilmark() -> Explain:
    try:
        import pencilmark
    except ImportError as exc:
        raise PeerUnavailable(f"pencilmark does not import: {exc}") from exc

    def explain(puzzle: str) -> bool:
        card = pencilmark.rate(puzzle, steps=True, explain=True)
        names = " ".join(str(c.get("name", "")) for c in card.get("contains", [])).lower()
        return card.get("band") != "Unknown" and not any(
            w in names for w in ("trial", "guess", "brute")
        )

    return explain


def _larsdoku() -> Explain:
    try:
        import larsdoku  # compiles its Numba functions on import (tens of seconds)
    except ImportError as exc:
        raise PeerUnavailable(f"larsdoku does not import: {exc}") from exc

    def explain(puzzle: str) -> bool:
        r = larsdoku.solve(puzzle, no_oracle=True, detail=True)
        return bool(r.get("success")) and not r.get("stalled")

    return explain


PEERS: dict[str, tuple[str, str, Callable[[], Explain]]] = {
    "hodoku": ("hodoku-py", "Solver().solve(p) + str(step)", _hodoku),
    "pencilmark": ("pencilmark", "rate(p, steps=True, explain=True)", _pencilmark),
    "larsdoku": ("larsdoku", "solve(p, no_oracle=True, detail=True)", _larsdoku),
}


# ---------------------------------------------------------------------- timing
@dataclass
class Run:
    """One solver timed on one set: per-puzzle wall (and CPU) ms, solved flags."""

    label: str
    wall: dict[int, float] = field(default_factory=dict)
    cpu: dict[int, float] = field(default_factory=dict)
    solved: dict[int, bool] = field(default_factory=dict)
    timed_out: list[int] = field(default_factory=list)
    note: str = ""
    hint: dict[int, float] = field(default_factory=dict)   # CPU ms of the first hint

    @property
    def n(self) -> int:
        return len(self.wall)

    def mean(self, ids: Sequence[int] | None = None) -> float:
        ids = list(self.wall) if ids is None else ids
        return statistics.fmean(self.wall[i] for i in ids) if ids else float("nan")

    def solved_pct(self) -> float:
        return 100.0 * sum(self.solved.values()) / self.n if self.n else float("nan")


def time_shudu(puzzles: list[str], order: list[int], budget: float) -> Run:
    """Time shudu in this process over ``order`` until done or ``budget`` seconds pass."""
    explain = shudu_explainer()
    explain(WARM)
    run = Run("shudu")
    start = time.perf_counter()
    for i in order:
        c0, w0 = time.process_time(), time.perf_counter()
        run.solved[i] = explain(puzzles[i])
        run.wall[i] = (time.perf_counter() - w0) * 1000
        run.cpu[i] = (time.process_time() - c0) * 1000
        if time.perf_counter() - start >= budget:
            break
    return run


def time_hints(run: Run, puzzles: list[str], ids: list[int]) -> None:
    """The CPU ms of ``shudu.hint`` (the first step, after the uniqueness check, as
    ``shudu hint`` finds it) on each puzzle, into ``run.hint``."""
    import shudu

    for i in ids:
        c0 = time.process_time()
        shudu.hint(puzzles[i])
        run.hint[i] = (time.process_time() - c0) * 1000


def _peer_child(conn: Any, key: str, puzzles: list[str], order: list[int]) -> None:
    """Child process: load the peer, warm it up, then stream ``(i, ms, solved)``."""
    try:
        explain = PEERS[key][2]()
        explain(WARM)
        conn.send(("ready",))
        for i in order:
            t0 = time.perf_counter()
            ok = explain(puzzles[i])
            conn.send(("done", i, (time.perf_counter() - t0) * 1000, ok))
        conn.send(("end",))
    except PeerUnavailable as exc:
        conn.send(("unavailable", str(exc)))
    except BaseException as exc:  # reported to the parent, which goes on
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


def time_peer(
    key: str, puzzles: list[str], order: list[int], budget: float, timeout: float,
    startup: float,
) -> Run:
    """Time a peer in a forked child: ``budget`` in all, ``timeout`` per puzzle."""
    dist = PEERS[key][0]
    try:
        label = f"{dist} {_version(dist)}"
    except PeerUnavailable as exc:
        return Run(key, note=f"skipped: {exc}")
    run = Run(label)
    ctx = mp.get_context("fork")
    recv, send = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_peer_child, args=(send, key, puzzles, order), daemon=True)
    proc.start()
    send.close()
    launched = time.perf_counter()
    ready: float | None = None
    last = launched
    pending = list(order)
    try:
        while True:
            now = time.perf_counter()
            if ready is None and now - launched > startup:
                run.note = f"skipped: no answer within {startup:g} s of start-up"
                break
            if ready is not None and now - last > timeout:
                run.timed_out.append(pending[0])
                run.note = f"time-boxed: a puzzle ran past {timeout:g} s and was cut"
                break
            if ready is not None and now - ready > budget:
                run.note = f"time budget of {budget:g} s spent"
                break
            if not recv.poll(0.05):
                if not proc.is_alive() and not recv.poll(0):
                    run.note = run.note or f"peer process died (exit code {proc.exitcode})"
                    break
                continue
            try:
                msg = recv.recv()
            except EOFError:
                run.note = run.note or "peer process ended early"
                break
            if msg[0] == "ready":
                ready = last = time.perf_counter()
            elif msg[0] == "done":
                _, i, ms, ok = msg
                run.wall[i], run.solved[i] = ms, ok
                pending.remove(i)
                last = time.perf_counter()
            elif msg[0] in ("unavailable", "error"):
                run.note = ("skipped: " if msg[0] == "unavailable" else "error: ") + msg[1]
                break
            else:
                break
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join(5)
        recv.close()
    if run.note.startswith(("skipped", "error")) and not run.n:
        run.label = key
    return run


# ---------------------------------------------------------------------- report
@dataclass
class SetResult:
    """All runs of one set."""

    name: str
    size: int
    shudu: Run
    peers: list[Run]


def fmt_ms(x: float) -> str:
    """Milliseconds with sensible precision.

    >>> fmt_ms(0.1234), fmt_ms(12.34), fmt_ms(1234.5)
    ('0.123', '12.3', '1,234')
    """
    if x != x:
        return "—"
    if x < 1:
        return f"{x:.3f}"
    if x < 100:
        return f"{x:.1f}"
    return f"{x:,.0f}"


def ratio_text(shudu: Run, peer: Run) -> str:
    """Peer mean ÷ shudu mean on the puzzles both finished (``2.0×`` = shudu twice as fast)."""
    common = [i for i in peer.wall if i in shudu.wall]
    if not common:
        return "—"
    r = peer.mean(common) / shudu.mean(common)
    return f"{r:,.2f}×" if r < 10 else f"{r:,.0f}×"


def set_rows(res: SetResult) -> list[list[str]]:
    """Table rows of one set: solver, puzzles, mean, median, max, solved, ratio, note."""
    rows = []
    s = res.shudu
    cpu = statistics.fmean(s.cpu.values()) if s.cpu else float("nan")
    rows.append([
        f"shudu (CPU {fmt_ms(cpu)} ms)", f"{s.n}/{res.size}", fmt_ms(s.mean()),
        fmt_ms(statistics.median(s.wall.values())) if s.n else "—",
        fmt_ms(max(s.wall.values())) if s.n else "—", f"{s.solved_pct():.1f}%", "1×", s.note,
    ])
    for p in res.peers:
        if not p.n:
            rows.append([p.label, "0", "—", "—", "—", "—", "—", p.note])
            continue
        rows.append([
            p.label, f"{p.n}/{res.size}", fmt_ms(p.mean()),
            fmt_ms(statistics.median(p.wall.values())), fmt_ms(max(p.wall.values())),
            f"{p.solved_pct():.1f}%", ratio_text(s, p),
            p.note + (f"; {len(p.timed_out)} cut" if p.timed_out else ""),
        ])
    return rows


def acceptance(results: list[SetResult]) -> list[list[str]]:
    """Rows: criterion, target, measured, PASS/FAIL."""
    rows = []
    for res in results:
        target = TARGETS.get(res.name)
        if target is not None and res.shudu.n:
            need, goal = target
            mean = statistics.fmean(res.shudu.cpu.values())
            goal_text = f" (goal {goal:g})" if goal else ""
            rows.append([f"mean CPU ms/puzzle, {res.name}", f"≤ {need:g}{goal_text}",
                         fmt_ms(mean), "PASS" if mean <= need else "FAIL"])
        most = MAX_MS.get(res.name)
        if most is not None and res.shudu.n:
            longest = max(res.shudu.wall.values())
            rows.append([f"max ms/puzzle, {res.name}", f"≤ {most:g}", fmt_ms(longest),
                         "PASS" if longest <= most else "FAIL"])
            pct = res.shudu.solved_pct()
            rows.append([f"solved by logic, {res.name}", "100%", f"{pct:.1f}%",
                         "PASS" if pct == 100.0 else "FAIL"])
            if res.shudu.hint:
                slowest = max(res.shudu.hint.values())
                rows.append([f"first hint, slowest CPU ms, {res.name}", f"≤ {HINT_MS:g}",
                             fmt_ms(slowest), "PASS" if slowest <= HINT_MS else "FAIL"])
        for p in res.peers:
            common = [i for i in p.wall if i in res.shudu.wall]
            if not common:
                continue
            faster = res.shudu.mean(common) < p.mean(common)
            lost = [i for i in p.timed_out if i in res.shudu.wall]
            rows.append([f"faster than {p.label}, {res.name}", "shudu mean < peer mean",
                         f"{ratio_text(res.shudu, p)} on {len(common)} puzzles"
                         + (f" (+{len(lost)} the peer did not finish)" if lost else ""),
                         "PASS" if faster else "FAIL"])
    return rows


HEADER = ["solver", "puzzles timed", "mean ms", "median ms", "max ms", "solved by logic",
          "peer ÷ shudu", "notes"]


def render(results: list[SetResult], opts: argparse.Namespace, started: str,
           took: float, load: tuple[str, str]) -> str:
    """The markdown section (between the markers)."""
    lines = [START, "## Logic solver", ""]
    lines.append("Written by `benchmarks/bench_logic.py --markdown benchmarks/RESULTS.md`: the "
                 "whole explained path (`solve_path` + level-3 text of every step) per puzzle, "
                 "against peers doing the same with their own logic solvers.")
    lines.append("")
    lines.append(f"- Command: `{command_line(__file__)}`")
    lines.append(f"- Date: {started} (took {took:.0f} s)")
    lines.append(f"- Machine: {os.cpu_count()} logical CPUs; {platform.platform()}; "
                 f"{platform.python_implementation()} {platform.python_version()}")
    busy = ""
    try:
        if float(load[0]) >= 1.0:
            busy = (" — **the machine was busy: wall times are inflated; shudu's CPU time is "
                    "shown beside its label**")
    except ValueError:
        pass
    lines.append(f"- Load average (1 min) at start / end: {load[0]} / {load[1]}{busy}")
    lines.append(f"- Sample: seeded ({opts.seed}) random order, until the set is done or the "
                 f"budget is spent (shudu {opts.budget:g} s per set; peers {opts.peer_budget:g}"
                 f" s per set, {opts.timeout:g} s per puzzle, after their start-up)")
    for key in opts.peers:
        method = PEERS[key][1]
        lines.append(f"- Peer {key}: `{method}`")
    lines += ["", "### Acceptance", ""]
    lines += table(["criterion", "target", "measured", "result"], acceptance(results))
    for res in results:
        lines += ["", f"### {res.name} ({res.size:,} puzzles)", ""]
        lines += table(HEADER, set_rows(res))
    lines.append(END)
    return "\n".join(lines) + "\n"


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sets", default=",".join(DEFAULT_SETS), help="comma-separated set names")
    ap.add_argument("--data-dir", type=Path, default=default_data_dir())
    ap.add_argument("--budget", type=float, default=120.0,
                    help="seconds of shudu timing per set (default 120)")
    ap.add_argument("--peers", default=",".join(PEER_KEYS),
                    help=f"comma-separated peers among {', '.join(PEER_KEYS)} ('' for none)")
    ap.add_argument("--peer-sets", default=",".join(PEER_SETS),
                    help="comma-separated sets the peers run on")
    ap.add_argument("--peer-budget", type=float, default=60.0,
                    help="seconds per peer per set (default 60)")
    ap.add_argument("--timeout", type=float, default=30.0,
                    help="seconds a peer may spend on one puzzle (default 30)")
    ap.add_argument("--startup", type=float, default=300.0,
                    help="seconds a peer may take to import and warm up (default 300)")
    ap.add_argument("--seed", type=int, default=1465)
    ap.add_argument("--markdown", type=Path, help="update the logic section of this file")
    opts = ap.parse_args(argv)
    opts.sets = [s for s in opts.sets.split(",") if s]
    opts.peers = [p for p in opts.peers.split(",") if p]
    opts.peer_sets = [s for s in opts.peer_sets.split(",") if s]
    unknown = [p for p in opts.peers if p not in PEERS]
    if unknown:
        ap.error(f"unknown peer(s) {', '.join(unknown)} (known: {', '.join(PEER_KEYS)})")
    return opts


def main(argv: Sequence[str] | None = None) -> int:
    opts = parse_args(argv)
    started = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    load_start = load_average()
    t_run = time.perf_counter()
    results = []
    for name in opts.sets:
        path = opts.data_dir / f"{name}.sdm"
        if not path.exists():
            path = BENCH_DATA / f"{name}.sdm"
        if not path.exists():
            log(f"{name}: {path} not found, skipped")
            continue
        puzzles = load_puzzles(path)
        order = list(range(len(puzzles)))
        random.Random(opts.seed).shuffle(order)
        log(f"{name}: shudu, up to {opts.budget:g} s ...")
        shudu = time_shudu(puzzles, order, opts.budget)
        done = list(shudu.wall)
        if name in MAX_MS:
            log(f"{name}: shudu's first hint on each puzzle ...")
            time_hints(shudu, puzzles, done)
        peers = []
        for key in opts.peers if name in opts.peer_sets else ():
            log(f"{name}: {key}, up to {opts.peer_budget:g} s ...")
            peers.append(time_peer(key, puzzles, done, opts.peer_budget, opts.timeout,
                                   opts.startup))
        results.append(SetResult(name, len(puzzles), shudu, peers))
        for row in set_rows(results[-1]):
            log("  " + " | ".join(row))
    took = time.perf_counter() - t_run
    section = render(results, opts, started, took, (load_start, load_average()))
    print(section.replace(START + "\n", "").replace(END + "\n", ""))
    if opts.markdown:
        write_section(opts.markdown, section, START, END)
        log(f"updated the logic section of {opts.markdown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
