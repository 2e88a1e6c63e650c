"""Benchmark the difficulty rater (``shudu.rating.rater.rate``): speed, agreement with Sudoku
Explainer, and peers that rate difficulty, in one run.

* **Throughput**: ``rate(p)`` on top1465 and qqwing_expert, puzzles taken in a seeded
  random order until the set is done or the time budget is spent (``--budget`` for
  top1465, ``--expert-budget`` for qqwing_expert), one puzzle per call on one core
  (wall time, ``time.perf_counter``, and CPU time, ``time.process_time``); then
  ``rate_many(same puzzles, processes=os.cpu_count())`` on all cores (wall time, pool
  start-up included).
* **Agreement with Sudoku Explainer** on ``se_ratings.tsv`` (SE's ER of every puzzle):
  Spearman rank correlation of ``Rating.score`` with ER and the share of puzzles whose
  score is within ±0.5 of ER, overall and per set.  These ratings are computed with
  ``rate_many`` on all cores and are not timed.
* **By ER band**: ER, EP and ED each the same to the tenth, within ±0.2, ±0.3 and ±0.5
  of SE's, split by SE's ER (≤ 6, 6–9, 9–10.5, > 10.5), on ``se_ratings.tsv``,
  ``se_ratings_hardest.tsv`` (222 published hardest puzzles, ER 10.1–11.9) and every
  ``benchmarks/data/se_*.tsv`` (ratings computed with SE's ``serate``).
* **At the top**: CPU seconds of ``rate`` and ``explain`` per puzzle on a seeded sample
  (``--top-sample``) of ``forum_hardest_1905_11plus_5000.txt`` (SE 11.0 and more).
* **Peers that rate difficulty**, one puzzle per call in a forked child process:

  - ``pencilmark``: ``pencilmark.rate(p)["difficulty"]``;
  - ``hodoku`` (hodoku-py): ``hodoku.api.Solver().rate(p).score``;
  - ``larsdoku``: used only if ``larsdoku.solve(p)`` returns a difficulty or score field
    (otherwise reported as skipped, with the fields it does return).

  Each peer is timed on the top1465 puzzles shudu timed, in the same order
  (``--peer-budget`` seconds), and rates a seeded random sample of ``se_ratings.tsv``,
  stratified by set (the sets taken in turn; up to ``--sample`` puzzles,
  ``--sample-budget`` seconds).  A peer puzzle that runs
  past ``--timeout`` is cut (it counts as not done) and the peer is restarted on the
  next puzzle.  Peer scales differ from SE's, so only the rank correlation is compared,
  and shudu's correlation is given on exactly the puzzles the peer rated.  Throughput
  ratios are shudu ÷ peer puzzles/s on the puzzles both finished.

Sudoku Explainer's own ratings (``benchmarks/data/se_*.tsv``) come from its ``serate``,
built from public source outside the repository (Java 17; the GUI's look-and-feel and
JSON packages come from the author's SukakuExplainer repository)::

    git clone https://github.com/1to9only/SudokuExplainer /tmp/se/SE
    git clone https://github.com/1to9only/SukakuExplainer /tmp/se/SuE
    cp -r /tmp/se/SuE/org /tmp/se/SuE/com /tmp/se/SE/
    cd /tmp/se/SE && find diuf org com -name "*.java" > srcs.txt
    javac -nowarn -encoding ISO-8859-1 -d out -sourcepath . @srcs.txt
    nice java -cp out:. diuf.sudoku.test.serate --format="%g %r %p %d" \\
        --input=puzzles.txt --output=ratings.txt

Its lines, spaces made tabs, under a header line ``puzzle ER EP ED`` and the SE version
in a ``#`` comment, make such a file; a puzzle of ER 11 and more takes SE minutes of CPU.

Usage::

    python benchmarks/bench_rate.py [--budget 60] [--expert-budget 10]
        [--peers pencilmark,hodoku,larsdoku] [--peer-budget 60] [--sample 100]
        [--sample-budget 45] [--timeout 30] [--top-sample 50]
        [--markdown benchmarks/RESULTS.md]

``--markdown`` replaces (or appends) only the part of the file between
``<!-- rate:start -->`` and ``<!-- rate:end -->``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
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

PEER_KEYS = ("pencilmark", "hodoku", "larsdoku")
THROUGHPUT_SETS = ("top1465", "qqwing_expert")
SE_FILE = "se_ratings.tsv"
TARGET_RATE = 60.0
"""Acceptance: puzzles/s of ``rate`` on one core, top1465."""
TARGET_SPEARMAN = 0.9
TARGET_WITHIN = 0.80
TOLERANCE = 0.5
START = "<!-- rate:start -->"
END = "<!-- rate:end -->"
WARM = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


@dataclass(frozen=True)
class SeRow:
    """One line of ``se_ratings.tsv``."""

    set: str
    puzzle: str
    er: float
    ep: float = math.nan
    ed: float = math.nan


def load_se(path: Path) -> list[SeRow]:
    """The rows of a tab-separated file with columns puzzle, ER and, when present, set, EP
    and ED (header first, ``#`` lines skipped; without a set column the set is the file's
    name).

    >>> import tempfile
    >>> p = Path(tempfile.mkdtemp()) / "se.tsv"
    >>> _ = p.write_text("set\\tpuzzle\\tER\\tEP\\tED\\na\\t" + "." * 81 + "\\t7.1\\t1\\t1\\n")
    >>> load_se(p)[0].er, load_se(p)[0].ed
    (7.1, 1.0)
    """
    lines = [x for x in path.read_text(encoding="utf-8").splitlines()
             if x and not x.startswith("#")]
    head = lines[0].split("\t")
    kp, ke = head.index("puzzle"), head.index("ER")
    ks = head.index("set") if "set" in head else -1
    kep = head.index("EP") if "EP" in head else -1
    ked = head.index("ED") if "ED" in head else -1
    out = []
    for line in lines[1:]:
        cols = line.split("\t")
        if len(cols) > max(ks, kp, ke, kep, ked):
            out.append(SeRow(cols[ks] if ks >= 0 else path.name.split(".")[0],
                             cols[kp].strip()[:81], float(cols[ke]),
                             float(cols[kep]) if kep >= 0 else math.nan,
                             float(cols[ked]) if ked >= 0 else math.nan))
    return out


def stratified_order(rows: Sequence[SeRow], seed: int) -> list[int]:
    """Row indices, each set shuffled with ``seed``, then the sets taken in turn: any
    prefix is a random sample with (nearly) as many puzzles from every set.

    >>> rows = [SeRow("a", "", 1.0)] * 3 + [SeRow("b", "", 9.0)] * 2
    >>> [rows[i].set for i in stratified_order(rows, 1)]
    ['a', 'b', 'a', 'b', 'a']
    """
    rng = random.Random(seed)
    groups: dict[str, list[int]] = {}
    for i, r in enumerate(rows):
        groups.setdefault(r.set, []).append(i)
    for ids in groups.values():
        rng.shuffle(ids)
    out: list[int] = []
    for k in range(max((len(g) for g in groups.values()), default=0)):
        out += [g[k] for g in groups.values() if k < len(g)]
    return out


# ---------------------------------------------------------------------- statistics
def average_ranks(xs: Sequence[float]) -> list[float]:
    """Ranks from 1, ties sharing the average of their ranks.

    >>> average_ranks([10, 20, 20, 5])
    [2.0, 3.5, 3.5, 1.0]
    """
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    ranks = [0.0] * len(xs)
    k = 0
    while k < len(order):
        j = k
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[k]]:
            j += 1
        avg = (k + j) / 2 + 1
        for m in range(k, j + 1):
            ranks[order[m]] = avg
        k = j + 1
    return ranks


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (Pearson on average ranks); NaN when undefined.

    >>> spearman([1, 2, 3, 4], [10, 20, 30, 40]), spearman([1, 2, 3], [3, 2, 1])
    (1.0, -1.0)
    >>> round(spearman([1, 2, 3, 4, 5], [2, 1, 4, 3, 5]), 3)
    0.8
    >>> spearman([1, 1], [1, 2])
    nan
    """
    if len(xs) != len(ys) or len(xs) < 2:
        return float("nan")
    rx, ry = average_ranks(xs), average_ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    if not sxx or not syy:
        return float("nan")
    return sxy / math.sqrt(sxx * syy)


def within(scores: Sequence[float], ers: Sequence[float], tol: float = TOLERANCE) -> float:
    """Share of ``scores`` within ``tol`` of the matching ER.

    >>> within([1.2, 2.0, 7.4], [1.5, 2.6, 7.4])
    0.6666666666666666
    """
    if not scores:
        return float("nan")
    return sum(abs(s - e) <= tol + 1e-9 for s, e in zip(scores, ers, strict=True)) / len(scores)


# ---------------------------------------------------------------------- shudu
@dataclass
class Throughput:
    """shudu timed on one set: per-puzzle wall and CPU seconds, then all cores."""

    name: str
    size: int
    wall: dict[int, float] = field(default_factory=dict)
    cpu: dict[int, float] = field(default_factory=dict)
    errors: int = 0
    many_seconds: float = float("nan")
    processes: int = 1

    @property
    def n(self) -> int:
        return len(self.wall)

    def rate(self, ids: Sequence[int] | None = None) -> float:
        ids = list(self.wall) if ids is None else ids
        total = sum(self.wall[i] for i in ids)
        return len(ids) / total if total > 0 else float("nan")

    def cpu_rate(self) -> float:
        total = sum(self.cpu.values())
        return self.n / total if total > 0 else float("nan")

    def many_rate(self) -> float:
        return self.n / self.many_seconds if self.many_seconds > 0 else float("nan")


def time_shudu(name: str, puzzles: list[str], order: list[int], budget: float) -> Throughput:
    """``rate`` one puzzle per call over ``order`` until done or ``budget`` seconds pass,
    then ``rate_many`` on the same puzzles with every core."""
    from shudu.rating.rater import rate, rate_many

    rate(WARM)
    res = Throughput(name, len(puzzles))
    start = time.perf_counter()
    for i in order:
        c0, w0 = time.process_time(), time.perf_counter()
        try:
            rate(puzzles[i])
        except Exception:  # counted, the run goes on
            res.errors += 1
            continue
        res.wall[i] = time.perf_counter() - w0
        res.cpu[i] = time.process_time() - c0
        if time.perf_counter() - start >= budget:
            break
    done = [puzzles[i] for i in res.wall]
    res.processes = os.cpu_count() or 1
    w0 = time.perf_counter()
    for _ in rate_many(done, processes=res.processes):
        pass
    res.many_seconds = time.perf_counter() - w0
    return res


Triple = tuple[float, float, float]
"""A rating's (ER, EP, ED): ``Rating.score``, ``pearl`` and ``diamond``."""


def shudu_ratings(rows: list[SeRow], processes: int) -> list[Triple | None]:
    """(score, pearl, diamond) of every row (None where rating failed), on all cores."""
    from shudu.rating.rater import rate, rate_many

    puzzles = [r.puzzle for r in rows]
    try:
        return [(r.score, r.pearl, r.diamond)
                for r in rate_many(puzzles, processes=processes)]
    except Exception:  # one bad puzzle: rate them one by one
        out: list[Triple | None] = []
        for p in puzzles:
            try:
                r = rate(p)
                out.append((r.score, r.pearl, r.diamond))
            except Exception:
                out.append(None)
        return out


def shudu_scores(rows: list[SeRow], processes: int) -> list[float | None]:
    """``Rating.score`` of every row (None where rating failed), on all cores."""
    return [None if t is None else t[0] for t in shudu_ratings(rows, processes)]


BANDS = (("≤ 6", 0.0, 6.0), ("6–9", 6.0, 9.0), ("9–10.5", 9.0, 10.5), ("> 10.5", 10.5, 99.0))
"""The ER bands agreement is split by: (label, above, up to and including)."""
TOLERANCES = (0.0, 0.2, 0.3, 0.5)


def share_within(pairs: Sequence[tuple[float, float]], tol: float) -> float:
    """Share of (ours, SE's) pairs within ``tol`` (0: the same to the tenth); NaN pairs
    are left out.

    >>> share_within([(1.2, 1.2), (7.4, 7.6), (3.0, float("nan"))], 0.0)
    0.5
    """
    ok = [(a, b) for a, b in pairs if a == a and b == b]
    if not ok:
        return math.nan
    return sum(abs(a - b) <= tol + 0.05 - 1e-9 if tol == 0 else abs(a - b) <= tol + 1e-9
               for a, b in ok) / len(ok)


def band_rows(rows: list[SeRow], ratings: list[Triple | None]) -> list[list[str]]:
    """Rows: set, ER band, puzzles, then ER, EP and ED each as exact / ±0.2 / ±0.3 /
    ±0.5 agreement, and the mean of (shudu − SE) ER.

    >>> r = [SeRow("a", "", 11.0, 1.2, 1.2), SeRow("a", "", 5.0, 5.0, 2.0)]
    >>> band_rows(r, [(11.0, 1.2, 1.2), (5.2, 5.0, 2.0)])[0][:4]
    ['a', '≤ 6', '1', '0% / 100% / 100% / 100%']
    """
    out = []
    sets = list(dict.fromkeys(r.set for r in rows))
    groups = [(name, [(r, t) for r, t in zip(rows, ratings, strict=True)
                      if t is not None and r.set == name]) for name in sets]
    if len(sets) > 1:
        groups.append(("all", [(r, t) for r, t in zip(rows, ratings, strict=True)
                               if t is not None]))
    for name, pairs in groups:
        for label, low, high in (*BANDS, ("all", -1.0, 99.0)):
            sel = [(r, t) for r, t in pairs if low < r.er <= high + 1e-9]
            if not sel:
                continue
            cells = [name, label if label != "all" else "**all**", str(len(sel))]
            for k, attr in enumerate(("er", "ep", "ed")):
                ps = [(t[k], getattr(r, attr)) for r, t in sel]
                cells.append(" / ".join(f"{100 * share_within(ps, tol):.0f}%"
                                        for tol in TOLERANCES))
            cells.append(f"{statistics.fmean(t[0] - r.er for r, t in sel):+.2f}")
            out.append(cells)
    return out


HARD_FILE = "forum_hardest_1905_11plus_5000.txt"
"""Puzzles SE rates 11.0 or more: the speed rows at the top of the scale."""


@dataclass
class TopSpeed:
    """CPU seconds of ``rate`` and ``explain`` per puzzle on a sample of the hardest."""

    rate: list[float] = field(default_factory=list)
    explain: list[float] = field(default_factory=list)
    unsolved: int = 0


def time_top(puzzles: list[str]) -> TopSpeed:
    """``rate(p)`` and ``explain(p)`` one puzzle per call on one core, CPU time each."""
    from shudu import explain
    from shudu.rating.rater import rate

    out = TopSpeed()
    for p in puzzles:
        c0 = time.process_time()
        rate(p)
        c1 = time.process_time()
        path = explain(p)
        out.explain.append(time.process_time() - c1)
        out.rate.append(c1 - c0)
        out.unsolved += not path.solved
    return out


def top_rows(top: TopSpeed, size: int) -> list[list[str]]:
    """Rows: call, puzzles, mean CPU s, max CPU s, target."""
    rows = []
    for name, xs, target in (("`rate`", top.rate, "mean ≤ 1.0 s"),
                             ("`explain`", top.explain, "mean ≤ 1.0 s, max ≤ 5 s")):
        if xs:
            rows.append([name, f"{len(xs)}/{size}", f"{statistics.fmean(xs):.2f}",
                         f"{max(xs):.2f}", target])
    return rows


# ---------------------------------------------------------------------- peers
Rater = Callable[[str], float | None]
"""Rate one puzzle; the peer's own difficulty number (None when it gives none)."""


class PeerUnavailable(Exception):
    """The peer cannot be used here; ``str(exc)`` says why."""


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError as exc:
        raise PeerUnavailable(f"{dist} is not installed (pip install {dist})") from exc


def _pencilmark() -> Rater:
    try:
        import pencilmark
    except ImportError as exc:
        raise PeerUnavailable(f"pencilmark does not import: {exc}") from exc

    def rate(puzzle: str) -> float | None:
        d = pencilmark.rate(puzzle).get("difficulty")
        return None if d is None else float(d)

    return rate


def _hodoku() -> Rater:
    try:
        from hodoku.api import Solver
    except ImportError as exc:
        raise PeerUnavailable(f"hodoku-py does not import: {exc}") from exc
    solver = Solver()

    def rate(puzzle: str) -> float | None:
        return float(solver.rate(puzzle).score)

    return rate


_RATING_FIELDS = ("difficulty", "score", "rating", "grade", "se", "er")


def _larsdoku() -> Rater:
    try:
        import larsdoku  # compiles its Numba functions on import (tens of seconds)
    except ImportError as exc:
        raise PeerUnavailable(f"larsdoku does not import: {exc}") from exc
    keys = sorted(larsdoku.solve(WARM))
    found = [k for k in keys if k.lower() in _RATING_FIELDS]
    if not found:
        raise PeerUnavailable("larsdoku.solve() returns no difficulty or score field "
                              f"(fields: {', '.join(keys)}), so it does not rate puzzles")
    key = found[0]

    def rate(puzzle: str) -> float | None:
        v = larsdoku.solve(puzzle).get(key)
        return None if v is None else float(v)

    return rate


PEERS: dict[str, tuple[str, str, Callable[[], Rater]]] = {
    "pencilmark": ("pencilmark", 'rate(p)["difficulty"]', _pencilmark),
    "hodoku": ("hodoku-py", "Solver().rate(p).score", _hodoku),
    "larsdoku": ("larsdoku", "solve(p) (a difficulty field, if any)", _larsdoku),
}


@dataclass
class PeerRun:
    """One peer on one job: per-puzzle wall seconds and the peer's ratings."""

    label: str
    wall: dict[int, float] = field(default_factory=dict)
    value: dict[int, float | None] = field(default_factory=dict)
    cut: list[int] = field(default_factory=list)
    errors: dict[int, str] = field(default_factory=dict)
    note: str = ""

    @property
    def n(self) -> int:
        return len(self.wall)

    def rate(self, ids: Sequence[int] | None = None) -> float:
        ids = list(self.wall) if ids is None else ids
        total = sum(self.wall[i] for i in ids)
        return len(ids) / total if total > 0 else float("nan")

    @property
    def skipped(self) -> bool:
        return self.note.startswith(("skipped", "error")) and not self.n


def _peer_child(conn: Any, key: str, puzzles: list[str], order: list[int]) -> None:
    """Child process: load the peer, warm it up, then stream ``(i, seconds, value)``."""
    try:
        rate = PEERS[key][2]()
        rate(WARM)
        conn.send(("ready",))
        for i in order:
            t0 = time.perf_counter()
            try:
                value = rate(puzzles[i])
            except Exception as exc:  # one puzzle the peer cannot rate
                conn.send(("failed", i, f"{type(exc).__name__}: {exc}"))
                continue
            conn.send(("done", i, time.perf_counter() - t0, value))
        conn.send(("end",))
    except PeerUnavailable as exc:
        conn.send(("unavailable", str(exc)))
    except BaseException as exc:  # reported to the parent, which goes on
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


def run_peer(key: str, puzzles: list[str], order: list[int], budget: float, timeout: float,
             startup: float, limit: int | None = None) -> PeerRun:
    """Rate ``order`` with a peer in forked children: ``budget`` seconds in all (start-up
    not counted), ``timeout`` per puzzle (the puzzle is cut and a new child goes on with
    the next one), at most ``limit`` puzzles rated."""
    dist = PEERS[key][0]
    try:
        run = PeerRun(f"{dist} {_version(dist)}")
    except PeerUnavailable as exc:
        return PeerRun(key, note=f"skipped: {exc}")
    pending = list(order)
    spent = 0.0
    ctx = mp.get_context("fork")
    while pending and spent < budget and (limit is None or run.n < limit):
        recv, send = ctx.Pipe(duplex=False)
        proc = ctx.Process(target=_peer_child, args=(send, key, puzzles, pending), daemon=True)
        proc.start()
        send.close()
        launched = time.perf_counter()
        ready: float | None = None
        last = launched
        stop = False
        try:
            while True:
                now = time.perf_counter()
                if ready is None and now - launched > startup:
                    run.note = f"skipped: no answer within {startup:g} s of start-up"
                    stop = True
                    break
                if ready is not None and now - last > timeout:
                    run.cut.append(pending.pop(0))
                    break
                if ready is not None and spent + (now - ready) > budget:
                    run.note = f"time budget of {budget:g} s spent"
                    stop = True
                    break
                if limit is not None and run.n >= limit:
                    stop = True
                    break
                if not recv.poll(0.05):
                    if not proc.is_alive() and not recv.poll(0):
                        run.note = f"peer process died (exit code {proc.exitcode})"
                        stop = True
                        break
                    continue
                try:
                    msg = recv.recv()
                except EOFError:
                    run.note = run.note or "peer process ended early"
                    stop = True
                    break
                if msg[0] == "ready":
                    ready = last = time.perf_counter()
                elif msg[0] == "done":
                    _, i, sec, value = msg
                    run.wall[i], run.value[i] = sec, value
                    pending.remove(i)
                    last = time.perf_counter()
                elif msg[0] == "failed":
                    run.errors[msg[1]] = msg[2]
                    pending.remove(msg[1])
                    last = time.perf_counter()
                elif msg[0] in ("unavailable", "error"):
                    run.note = ("skipped: " if msg[0] == "unavailable" else "error: ") + msg[1]
                    stop = True
                    break
                else:  # "end": every puzzle answered
                    stop = True
                    break
        finally:
            if ready is not None:
                spent += time.perf_counter() - ready
            if proc.is_alive():
                proc.kill()
            proc.join(5)
            recv.close()
        if stop:
            break
    if run.skipped:
        run.label = key
    return run


@dataclass
class PeerResult:
    """A peer's throughput run and SE-sample run."""

    key: str
    speed: PeerRun
    sample: PeerRun | None


# ---------------------------------------------------------------------- report
def fmt_rate(x: float) -> str:
    """Puzzles per second with sensible precision.

    >>> fmt_rate(0.1234), fmt_rate(12.34), fmt_rate(1234.5), fmt_rate(float("nan"))
    ('0.123', '12.3', '1,234', '—')
    """
    if x != x:
        return "—"
    if x < 1:
        return f"{x:.3f}"
    if x < 100:
        return f"{x:.1f}"
    return f"{x:,.0f}"


def fmt_corr(x: float) -> str:
    """A correlation to three places (``—`` when undefined)."""
    return "—" if x != x else f"{x:.3f}"


def fmt_pct(x: float) -> str:
    return "—" if x != x else f"{100 * x:.1f}%"


def fmt_ratio(r: float) -> str:
    """``2.00×`` style.

    >>> fmt_ratio(2.0), fmt_ratio(123.4), fmt_ratio(0.5)
    ('2.00×', '123×', '0.50×')
    """
    if r != r:
        return "—"
    return f"{r:,.2f}×" if r < 10 else f"{r:,.0f}×"


def speed_rows(speeds: list[Throughput], peers: list[PeerResult],
               timeout: float) -> list[list[str]]:
    """Rows: rater, set, puzzles timed, one core /s, CPU /s, all cores /s, shudu ÷ rater."""
    rows = []
    for s in speeds:
        note = f"{s.errors} raised" if s.errors else ""
        speedup = s.many_rate() / s.rate() if s.n else float("nan")
        rows.append(["shudu `rate`", s.name, f"{s.n}/{s.size}", fmt_rate(s.rate()),
                     fmt_rate(s.cpu_rate()),
                     f"{fmt_rate(s.many_rate())} ({s.processes} processes; "
                     f"{fmt_ratio(speedup)} one core)", "1×", note])
    top = next((s for s in speeds if s.name == "top1465"), None)
    for p in peers:
        r = p.speed
        if not r.n:
            rows.append([p.key if r.skipped else r.label, "top1465", "0", "—", "—", "—", "—",
                         r.note])
            continue
        common = [i for i in r.wall if top is not None and i in top.wall]
        ratio = top.rate(common) / r.rate(common) if top is not None and common else math.nan
        note = r.note
        if r.cut:
            note += f"; {len(r.cut)} cut after {timeout:g} s"
        if r.errors:
            note += f"; {len(r.errors)} raised"
        rows.append([r.label, "top1465", f"{r.n}/{top.n if top else '?'}", fmt_rate(r.rate()),
                     "—", "—", fmt_ratio(ratio), note.lstrip("; ")])
    return rows


def agreement_rows(rows: list[SeRow], scores: list[float | None]) -> list[list[str]]:
    """Rows: set, puzzles, Spearman, within ±0.5, same score, mean |score − ER|."""
    sets = sorted({r.set for r in rows}, key=lambda s: [r.set for r in rows].index(s))
    out = []
    for name in [*sets, "all"]:
        pairs = [(s, r.er) for r, s in zip(rows, scores, strict=True)
                 if s is not None and (name == "all" or r.set == name)]
        total = sum(1 for r in rows if name == "all" or r.set == name)
        xs = [a for a, _ in pairs]
        ys = [b for _, b in pairs]
        same = sum(abs(a - b) < 0.05 for a, b in pairs) / len(pairs) if pairs else math.nan
        mae = statistics.fmean(abs(a - b) for a, b in pairs) if pairs else math.nan
        label = f"**{name}**" if name == "all" else name
        rated = f"{len(pairs)}" if len(pairs) == total else f"{len(pairs)}/{total}"
        out.append([label, rated, fmt_corr(spearman(xs, ys)), fmt_pct(within(xs, ys)),
                    fmt_pct(same), "—" if mae != mae else f"{mae:.2f}"])
    return out


def peer_corr(run: PeerRun, rows: list[SeRow], scores: list[float | None]
              ) -> tuple[list[int], float, float]:
    """The sample rows the peer rated (and shudu too), Spearman of peer and of shudu."""
    ids = [i for i in run.value
           if run.value[i] is not None and scores[i] is not None]
    ers = [rows[i].er for i in ids]
    peer = spearman([run.value[i] for i in ids], ers)  # type: ignore[misc]
    ours = spearman([scores[i] for i in ids], ers)  # type: ignore[misc]
    return ids, peer, ours


def sample_rows(peers: list[PeerResult], rows: list[SeRow], scores: list[float | None],
                size: int, timeout: float) -> list[list[str]]:
    """Rows: peer, puzzles rated, sets, Spearman peer, Spearman shudu (same puzzles), note."""
    out = []
    for p in peers:
        r = p.sample
        if r is None or not r.n:
            note = r.note if r is not None else p.speed.note
            out.append([p.key if (r is None or r.skipped) else r.label, "0", "—", "—", "—",
                        note])
            continue
        ids, peer, ours = peer_corr(r, rows, scores)
        per_set: dict[str, int] = {}
        for i in ids:
            per_set[rows[i].set] = per_set.get(rows[i].set, 0) + 1
        mix = ", ".join(f"{k} {v}" for k, v in sorted(per_set.items()))
        note = r.note if r.n < size else ""
        if r.cut:
            note += f"; {len(r.cut)} cut after {timeout:g} s (left out)"
        if r.errors:
            note += f"; {len(r.errors)} raised (left out)"
        none = sum(1 for i in r.value if r.value[i] is None)
        if none:
            note += f"; {none} without a difficulty (left out)"
        out.append([r.label, f"{len(ids)}/{size}", mix, fmt_corr(peer), fmt_corr(ours),
                    note.lstrip("; ")])
    return out


def acceptance(speeds: list[Throughput], rows: list[SeRow],
               scores: list[float | None]) -> list[list[str]]:
    """Rows: criterion, target, measured, PASS/FAIL."""
    out = []
    top = next((s for s in speeds if s.name == "top1465"), None)
    if top is not None and top.n:
        r = top.rate()
        out.append(["`rate` puzzles/s on one core, top1465 (wall)", f"≥ {TARGET_RATE:g}",
                    f"{fmt_rate(r)} (CPU: {fmt_rate(top.cpu_rate())})",
                    "PASS" if r >= TARGET_RATE else "FAIL"])
    pairs = [(s, r.er) for r, s in zip(rows, scores, strict=True) if s is not None]
    if pairs:
        xs, ys = [a for a, _ in pairs], [b for _, b in pairs]
        rho, share = spearman(xs, ys), within(xs, ys)
        out.append([f"Spearman with SE's ER ({len(pairs)} puzzles)", f"≥ {TARGET_SPEARMAN:g}",
                    fmt_corr(rho), "PASS" if rho >= TARGET_SPEARMAN else "FAIL"])
        out.append([f"score within ±{TOLERANCE:g} of ER", f"≥ {100 * TARGET_WITHIN:g}%",
                    fmt_pct(share), "PASS" if share >= TARGET_WITHIN else "FAIL"])
    return out


def busy_note(load: str) -> str:
    try:
        if float(load) >= 1.0:
            return (" — **the machine was busy: wall times are inflated; shudu's CPU rate is "
                    "shown beside its wall rate**")
    except ValueError:
        pass
    return ""


def render(speeds: list[Throughput], rows: list[SeRow], scores: list[float | None],
           peers: list[PeerResult], opts: argparse.Namespace, started: str, took: float,
           load: tuple[str, str],
           se_sets: Sequence[tuple[str, list[SeRow], list[Triple | None]]] = (),
           top: TopSpeed | None = None, top_size: int = 0) -> str:
    """The markdown section (between the markers)."""
    lines = [START, "## Rating", ""]
    lines.append("Written by `benchmarks/bench_rate.py --markdown benchmarks/RESULTS.md`: "
                 "`shudu.rating.rater.rate` (Sudoku Explainer scale) — puzzles rated per second, "
                 "agreement with Sudoku Explainer's own ratings, and peers that rate "
                 "difficulty.")
    lines.append("")
    lines.append(f"- Command: `{command_line(__file__)}`")
    lines.append(f"- Date: {started} (took {took:.0f} s)")
    lines.append(f"- Machine: {os.cpu_count()} logical CPUs; {platform.platform()}; "
                 f"{platform.python_implementation()} {platform.python_version()}")
    lines.append(f"- Load average (1 min) at start / end: {load[0]} / {load[1]}"
                 f"{busy_note(load[0])}")
    lines.append(f"- Throughput: seeded ({opts.seed}) random order until the set is done or "
                 f"the budget is spent (top1465 {opts.budget:g} s, qqwing_expert "
                 f"{opts.expert_budget:g} s), one `rate(p)` call per puzzle on one core; then "
                 "`rate_many(same puzzles, processes=os.cpu_count())` (pool start-up "
                 "included). Peers: the top1465 puzzles shudu timed, same order, "
                 f"{opts.peer_budget:g} s each after start-up, {opts.timeout:g} s per puzzle, "
                 "in a forked child process")
    lines.append(f"- Agreement: every puzzle of `{SE_FILE}` ({len(rows)} puzzles with SE's "
                 "ER), rated by `rate_many` on all cores (not timed)")
    lines.append(f"- Peer sample: seeded ({opts.seed}) random sample of `{SE_FILE}`, the "
                 "sets taken in turn (stratified), up to "
                 f"{opts.sample} puzzles or {opts.sample_budget:g} s per peer; peer scales "
                 "differ from SE's, so only Spearman's rank correlation is compared, and "
                 "shudu's is computed on exactly the puzzles the peer rated")
    for key in opts.peers:
        lines.append(f"- Peer {key}: `{PEERS[key][1]}`")
    lines += ["", "### Acceptance", ""]
    lines += table(["criterion", "target", "measured", "result"],
                   acceptance(speeds, rows, scores))
    lines += ["", "### Throughput (puzzles/s)", ""]
    lines += table(["rater", "set", "puzzles timed", "one core (wall)", "one core (CPU)",
                    "all cores (wall)", "shudu ÷ rater", "notes"],
                   speed_rows(speeds, peers, opts.timeout))
    lines += ["", "### Agreement with Sudoku Explainer (shudu)", ""]
    lines += table(["set", "puzzles", "Spearman", f"within ±{TOLERANCE:g}", "same score",
                    "mean abs diff"], agreement_rows(rows, scores))
    if se_sets:
        lines += ["", "### Agreement with Sudoku Explainer by ER band (ER, EP, ED)", ""]
        lines.append("Each cell: the same to the tenth / within ±0.2 / ±0.3 / ±0.5 of SE's "
                     "value; the last column is the mean of shudu's ER minus SE's. Files: "
                     + ", ".join(f"`{name}` ({len(r)} puzzles)" for name, r, _ in se_sets)
                     + ".")
        lines.append("")
        lines += table(["set", "SE's ER", "puzzles", "ER", "EP", "ED", "mean ER diff"],
                       [row for _, r, t in se_sets for row in band_rows(r, t)])
    if top is not None:
        lines += ["", f"### At the top: `{HARD_FILE}` (CPU seconds per puzzle)", ""]
        lines.append(f"A seeded ({opts.seed}) random sample of {len(top.rate)} of its "
                     f"{top_size} puzzles, one call per puzzle on one core "
                     f"(`explain` left {top.unsolved} unsolved).")
        lines.append("")
        lines += table(["call", "puzzles", "mean", "max", "target"], top_rows(top, top_size))
    if peers:
        lines += ["", "### Peers: rank correlation with SE's ER on the sample", ""]
        lines += table(["rater", "puzzles rated", "sets", "Spearman (peer)",
                        "Spearman (shudu, same puzzles)", "notes"],
                       sample_rows(peers, rows, scores, opts.sample, opts.timeout))
    lines.append(END)
    return "\n".join(lines) + "\n"


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data-dir", type=Path, default=default_data_dir())
    ap.add_argument("--budget", type=float, default=60.0,
                    help="seconds of one-core shudu timing on top1465 (default 60)")
    ap.add_argument("--expert-budget", type=float, default=10.0,
                    help="seconds of one-core shudu timing on qqwing_expert (default 10)")
    ap.add_argument("--peers", default=",".join(PEER_KEYS),
                    help=f"comma-separated peers among {', '.join(PEER_KEYS)} ('' for none)")
    ap.add_argument("--peer-budget", type=float, default=60.0,
                    help="seconds per peer on top1465 (default 60)")
    ap.add_argument("--sample", type=int, default=100,
                    help=f"puzzles of {SE_FILE} each peer rates at most (default 100)")
    ap.add_argument("--sample-budget", type=float, default=45.0,
                    help="seconds per peer on the SE sample (default 45)")
    ap.add_argument("--timeout", type=float, default=30.0,
                    help="seconds a peer may spend on one puzzle (default 30)")
    ap.add_argument("--startup", type=float, default=300.0,
                    help="seconds a peer may take to import and warm up (default 300)")
    ap.add_argument("--top-sample", type=int, default=50,
                    help=f"puzzles of {HARD_FILE} timed with rate and explain (default 50)")
    ap.add_argument("--seed", type=int, default=1465)
    ap.add_argument("--markdown", type=Path, help="update the rate section of this file")
    opts = ap.parse_args(argv)
    opts.peers = [p for p in opts.peers.split(",") if p]
    unknown = [p for p in opts.peers if p not in PEERS]
    if unknown:
        ap.error(f"unknown peer(s) {', '.join(unknown)} (known: {', '.join(PEER_KEYS)})")
    return opts


def main(argv: Sequence[str] | None = None) -> int:
    opts = parse_args(argv)
    started = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    load_start = load_average()
    t_run = time.perf_counter()
    cores = os.cpu_count() or 1

    # 1. throughput
    speeds: list[Throughput] = []
    sets: dict[str, tuple[list[str], list[int]]] = {}
    for name, budget in zip(THROUGHPUT_SETS, (opts.budget, opts.expert_budget), strict=True):
        path = opts.data_dir / f"{name}.sdm"
        if not path.exists():
            log(f"{name}: {path} not found, skipped")
            continue
        puzzles = load_puzzles(path)
        order = list(range(len(puzzles)))
        random.Random(opts.seed).shuffle(order)
        sets[name] = (puzzles, order)
        log(f"{name}: shudu rate, up to {budget:g} s on one core, then {cores} processes ...")
        speeds.append(time_shudu(name, puzzles, order, budget))
        s = speeds[-1]
        log(f"  {s.n} puzzles: {fmt_rate(s.rate())}/s wall, {fmt_rate(s.cpu_rate())}/s CPU, "
            f"{fmt_rate(s.many_rate())}/s on {s.processes} processes")

    # 2. agreement with SE
    se_path = opts.data_dir / SE_FILE
    rows: list[SeRow] = load_se(se_path) if se_path.exists() else []
    if not rows:
        log(f"{se_path} not found: no agreement figures")
    log(f"{SE_FILE}: shudu rates {len(rows)} puzzles on {cores} processes ...")
    t_se = time.perf_counter()
    ratings = shudu_ratings(rows, cores) if rows else []
    scores = [None if t is None else t[0] for t in ratings]
    log(f"  done in {time.perf_counter() - t_se:.1f} s")
    for row in agreement_rows(rows, scores) if rows else []:
        log("  " + " | ".join(row))
    se_sets: list[tuple[str, list[SeRow], list[Triple | None]]] = []
    if rows:
        se_sets.append((SE_FILE, [SeRow(SE_FILE.split(".")[0], r.puzzle, r.er, r.ep, r.ed)
                                  for r in rows], ratings))
    for path in [opts.data_dir / "se_ratings_hardest.tsv",
                 *sorted((ROOT / "benchmarks" / "data").glob("se_*.tsv"))]:
        if not path.exists():
            log(f"{path} not found: skipped")
            continue
        more = load_se(path)
        log(f"{path.name}: shudu rates {len(more)} puzzles on {cores} processes ...")
        se_sets.append((path.name, more, shudu_ratings(more, cores)))
    for _name, more, got in se_sets:
        for row in band_rows(more, got):
            log("  " + " | ".join(row))

    # 2b. speed at the top of the scale
    at_top, top_size = None, 0
    hard = opts.data_dir / HARD_FILE
    if hard.exists() and opts.top_sample > 0:
        puzzles = load_puzzles(hard)
        top_size = len(puzzles)
        sample = random.Random(opts.seed).sample(puzzles, min(opts.top_sample, top_size))
        log(f"{HARD_FILE}: rate and explain on {len(sample)} puzzles, one core ...")
        at_top = time_top(sample)
        for row in top_rows(at_top, top_size):
            log("  " + " | ".join(row))

    # 3. peers
    sample_order = stratified_order(rows, opts.seed)
    peers: list[PeerResult] = []
    top = next((s for s in speeds if s.name == "top1465"), None)
    for key in opts.peers:
        if top is not None:
            puzzles, _ = sets["top1465"]
            log(f"top1465: {key}, up to {opts.peer_budget:g} s ...")
            speed = run_peer(key, puzzles, list(top.wall), opts.peer_budget, opts.timeout,
                             opts.startup)
        else:
            speed = PeerRun(key, note="skipped: top1465 not timed")
        sample = None
        if rows and not speed.skipped:
            log(f"{SE_FILE}: {key}, up to {opts.sample} puzzles or {opts.sample_budget:g} s ...")
            sample = run_peer(key, [r.puzzle for r in rows], sample_order, opts.sample_budget,
                              opts.timeout, opts.startup, limit=opts.sample)
        peers.append(PeerResult(key, speed, sample))
        log(f"  {speed.label}: {speed.n} puzzles, {fmt_rate(speed.rate())}/s; {speed.note}")

    took = time.perf_counter() - t_run
    section = render(speeds, rows, scores, peers, opts, started, took,
                     (load_start, load_average()), se_sets, at_top, top_size)
    print(section.replace(START + "\n", "").replace(END + "\n", ""))
    if opts.markdown:
        write_section(opts.markdown, section, START, END)
        log(f"updated the rate section of {opts.markdown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
