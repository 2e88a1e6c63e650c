"""Load test of ``shudu serve``: concurrent clients asking hints on loopback.

Starts ``shudu serve`` on a free port of 127.0.0.1 (a child process, stopped at the
end), or uses ``--url`` of a running one.  Each of ``--clients`` threads (default 20)
keeps one HTTP/1.1 connection and, for ``--seconds`` (default 60), asks
``POST /api/v1/hint`` at level 3 on positions taken part-way along the logic paths of
generated puzzles (beginner to expert, fixed seeds), one after the other without
pause.  Reports requests, errors (any answer but 200, or a broken connection) and the
latency percentiles.  Bounded: nothing leaves the machine, and it stops after the time
given.

Usage::

    python benchmarks/load_web.py [--seconds 60] [--clients 20] [--workers N]
        [--url http://127.0.0.1:8765/] [--markdown benchmarks/RESULTS.md]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit


def positions(count: int = 40, seed: int = 1) -> list[dict[str, object]]:
    """Hint requests: puzzles of every grade, each at a random point of its logic path."""
    import shudu
    from shudu.logic.solver import solve_path

    rng = random.Random(seed)
    grades = ["beginner", "easy", "medium", "hard", "expert"]
    out = []
    for i in range(count):
        made = shudu.generate(grade=grades[i % len(grades)], seed=1000 + i)
        path = solve_path(made.puzzle)
        k = rng.randrange(0, max(1, len(path.steps)))
        cands = path.start.copy()
        for step in path.steps[:k]:
            cands.apply(step)
        out.append({"puzzle": made.puzzle.to_string(), "values": list(cands.values),
                    "level": 3})
    return out


def client(host: str, port: int, bodies: list[bytes], stop: float,
           latencies: list[float], errors: list[str], seed: int) -> None:
    """Ask hints one after the other until ``stop`` (a :func:`time.monotonic` time)."""
    rng = random.Random(seed)
    conn = http.client.HTTPConnection(host, port, timeout=60)
    headers = {"Content-Type": "application/json", "Host": f"{host}:{port}"}
    while time.monotonic() < stop:
        body = rng.choice(bodies)
        started = time.perf_counter()
        try:
            conn.request("POST", "/api/v1/hint", body=body, headers=headers)
            response = conn.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException) as e:
            errors.append(f"connection: {e}")
            conn.close()
            conn = http.client.HTTPConnection(host, port, timeout=60)
            continue
        latencies.append(time.perf_counter() - started)
        if response.status != 200:
            errors.append(f"{response.status}: {data[:200]!r}")
        elif json.loads(data).get("status") != "step":
            errors.append(f"unexpected answer: {data[:200]!r}")
    conn.close()


def start_server(workers: int | None) -> tuple[subprocess.Popen[str], str]:
    """``shudu serve --port 0`` in a child process, and the address it prints."""
    cmd = [sys.executable, "-m", "shudu", "serve", "--port", "0"]
    if workers:
        cmd += ["--workers", str(workers)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"http://\S+/", line)
    if not found:
        proc.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return proc, found.group(0)


def main(argv: list[str] | None = None) -> int:
    """Run the load test and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--workers", type=int, default=None,
                        help="worker processes of the started server")
    parser.add_argument("--url", help="a running server instead of starting one")
    parser.add_argument("--markdown", type=Path, help="write the figures into this file")
    args = parser.parse_args(argv)

    bodies = [json.dumps(p).encode() for p in positions()]
    proc = None
    if args.url:
        url = args.url
    else:
        proc, url = start_server(args.workers)
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    if host not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("the load test runs on loopback only")
    latencies: list[float] = []
    errors: list[str] = []
    try:
        # one warm-up request per worker start
        client(host, port, bodies[:1], time.monotonic() + 0.5, [], [], 0)
        stop = time.monotonic() + args.seconds
        threads = [threading.Thread(target=client, args=(host, port, bodies, stop, latencies,
                                                          errors, i))
                   for i in range(args.clients)]
        began = time.monotonic()
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        elapsed = time.monotonic() - began
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
    lat = sorted(latencies)

    def pct(q: float) -> float:
        return lat[min(len(lat) - 1, int(q * len(lat)))] * 1000 if lat else float("nan")

    cpus = os.cpu_count()
    print(f"{args.clients} clients, {elapsed:.1f} s, {len(lat)} requests "
          f"({len(lat) / elapsed:.1f}/s), {len(errors)} errors; latency ms: "
          f"p50 {pct(0.50):.1f}, p95 {pct(0.95):.1f}, p99 {pct(0.99):.1f}, "
          f"max {lat[-1] * 1000 if lat else float('nan'):.1f}, "
          f"mean {statistics.fmean(lat) * 1000 if lat else float('nan'):.1f} "
          f"({cpus} CPUs)")
    if args.markdown:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from report import block, command_line, load_average, table, write_block

        stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        row = [str(args.clients), f"{elapsed:.0f} s", f"{len(lat):,}",
               f"{len(lat) / elapsed:.0f}", str(len(errors)), f"{pct(0.50):.1f}",
               f"{pct(0.95):.1f}", f"{pct(0.99):.1f}"]
        write_block(args.markdown, "web", block("web", [
            "## Web app under load", "",
            "Written by `benchmarks/load_web.py`: `shudu serve` on loopback, each client one "
            "HTTP/1.1 connection asking level-3 hints (`POST /api/v1/hint`) on positions "
            "part-way along the logic paths of generated puzzles, without pause.", "",
            f"- Command: `{command_line(__file__)}`",
            f"- Date: {stamp}; {cpus} CPUs; load average (1 min) at the end "
            f"{load_average()}", "",
            *table(["clients", "time", "requests", "per second", "errors", "p50 ms",
                    "p95 ms", "p99 ms"], [row])]))
    for e in errors[:5]:
        print("error:", e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
