"""Run fuzz targets and report every distinct failure with a reproducer.

    python tests/fuzz/run.py [--targets engine,raw,web,limits] [--seconds S]
                             [--examples N] [--batch B] [--seed K] [--strict] [--json FILE]

Each target runs in child processes of ``--batch`` examples each (seeds ``K``,
``K+1`` ...), until ``--examples`` examples or ``--seconds`` seconds per target are
used up; a child that crashes or hangs (its watchdog ends it) becomes a finding with the
call it was making, and the run goes on with the next seed.  ``--strict`` (``make
fuzz``) holds timed calls to ``timeout * 1.1 + 0.2`` s instead of ``timeout + 5`` s.
Exit status: 0 with no finding, 1 otherwise.  Progress goes to standard error; the
figures (examples, calls, findings) to standard output at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
TARGETS = ("engine", "raw", "web", "limits")
MEMORY_CEILING = 6 * 1024**3
"""Address space of a child (bytes): an input that makes a call allocate without bound
fails with MemoryError (a finding) instead of taking the machine's memory."""


# ---------------------------------------------------------------------- child
def _child(target: str, seed: int, examples: int, strict: bool, report: Path,
           current: Path, edges_from: int) -> None:
    import faulthandler

    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as fix_seed

    from fuzz import core

    faulthandler.enable()   # a crash prints where it happened
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CEILING, MEMORY_CEILING))
    findings = core.Findings(path=report)
    guard = core.Guard(findings, current, strict)
    module = __import__(f"fuzz.{target if target != 'raw' else 'engine'}",
                        fromlist=["calls"])
    done = [0]
    start = time.monotonic()
    with module.session(target) as ctx:
        strategy = module.calls(target, strict, ctx)
        if edges_from >= 0:   # the fixed calls first, each once per run
            edge_file = current.with_suffix(".edge")
            for k, call in enumerate(module.edges(target, strict, ctx)):
                if k >= edges_from:
                    edge_file.write_text(str(k))
                    guard.run(call, f"{target}: {call.name}")
            edge_file.write_text("")

        @settings(max_examples=examples, database=None, deadline=None,
                  phases=[Phase.generate], suppress_health_check=list(HealthCheck))
        @fix_seed(seed)
        @given(strategy)
        def prop(call: Any) -> None:
            guard.run(call, f"{target}: {call.name}")
            done[0] += 1
            if done[0] % 50 == 0:
                print(f"  {target} seed {seed}: {done[0]} examples, {findings.calls} calls, "
                      f"{len(findings.seen)} findings, {time.monotonic() - start:.0f} s",
                      file=sys.stderr, flush=True)

        prop()
    current.write_text("", encoding="utf-8")
    print(json.dumps({"done": True, "examples": done[0], "calls": findings.calls}), flush=True)


# ---------------------------------------------------------------------- parent
def _merge(seen: dict[str, dict[str, Any]], sig: str, code: str, detail: str) -> None:
    old = seen.get(sig)
    if old is None:
        seen[sig] = {"signature": sig, "code": code, "detail": detail, "count": 1}
        return
    old["count"] += 1
    if len(code) < len(old["code"]):
        old["code"], old["detail"] = code, detail


def run_target(target: str, *, seconds: float, examples: int, batch: int, seed: int,
               strict: bool, quiet: bool = False, children: int = 10**9) -> dict[str, Any]:
    """Run one target in children until its examples or seconds (or ``children`` child
    processes) are used up."""
    seen: dict[str, dict[str, Any]] = {}
    figures = {"target": target, "examples": 0, "calls": 0, "children": 0, "crashes": 0}
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(HERE.parent)]),
               FUZZ_STRICT="1" if strict else "0")
    start = time.monotonic()
    edges_from = 0   # the index of the next fixed call to run (-1: all done)
    with tempfile.TemporaryDirectory(prefix="shudu-fuzz-") as tmp:
        while figures["examples"] < examples and time.monotonic() - start < seconds \
                and figures["children"] < children:
            report, current = Path(tmp) / "report.jsonl", Path(tmp) / "current.py"
            report.write_text("")
            current.write_text("")
            n = min(batch, examples - figures["examples"])
            edge_file = current.with_suffix(".edge")
            edge_file.write_text("")
            cmd = [sys.executable, str(Path(__file__).resolve()), "--child", target,
                   "--seed", str(seed), "--examples", str(n), "--report", str(report),
                   "--current", str(current), "--edges-from", str(edges_from)] + (
                       ["--strict"] if strict else [])
            left = max(60.0, seconds - (time.monotonic() - start) + 120)
            try:
                proc = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True,
                                      timeout=left, check=False)
                out, err, rc = proc.stdout, proc.stderr, proc.returncode
            except subprocess.TimeoutExpired as e:
                out, err, rc = str(e.stdout or ""), str(e.stderr or ""), -9
            if not quiet and err:
                sys.stderr.write("".join(line + "\n" for line in err.splitlines()
                                         if line.startswith("  ")))
            figures["children"] += 1
            for line in report.read_text().splitlines():
                rec = json.loads(line)
                _merge(seen, rec["signature"], rec["code"], rec["detail"])
            done = [json.loads(x) for x in out.splitlines() if x.startswith('{"done"')]
            edge = edge_file.read_text().strip()
            edges_from = int(edge) + 1 if edge and not done else -1
            if done:
                figures["examples"] += done[0]["examples"]
                figures["calls"] += done[0]["calls"]
            else:
                figures["crashes"] += 1
                figures["examples"] += 1
                code = current.read_text()
                what = "hang (watchdog)" if "Timeout (" in err else (
                    f"crash (signal {-rc})" if rc < 0 else f"crash (exit {rc})")
                name = code.split("(")[0] if code else "?"
                _merge(seen, f"{target}: {name}: {what}", code or "(no call)", err[-3000:])
                if not code:   # the child failed before any call: no point going on
                    break
            seed += 1
    figures["seconds"] = round(time.monotonic() - start, 1)
    figures["findings"] = sorted(seen.values(), key=lambda f: f["signature"])
    return figures


def report_text(results: list[dict[str, Any]]) -> str:
    """The figures and findings in words."""
    lines = []
    for r in results:
        lines.append(f"{r['target']}: {r['examples']} examples, {r['calls']} calls, "
                     f"{r['children']} children, {r['crashes']} crashes or hangs, "
                     f"{len(r['findings'])} distinct findings, {r['seconds']} s")
    for r in results:
        for f in r["findings"]:
            detail = f["detail"].strip()
            last = detail.splitlines()[-1][:400] if detail else ""
            lines.append(f"\n[{f['signature']}] x{f['count']}\n  {f['code'][:1500]}\n"
                         f"  -> {last}")
    total = sum(len(r["findings"]) for r in results)
    lines.append(f"\nfindings: {total}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--targets", default=",".join(TARGETS))
    ap.add_argument("--seconds", type=float, default=float(os.environ.get("FUZZ_SECONDS", 60)),
                    help="seconds per target (default $FUZZ_SECONDS or 60)")
    ap.add_argument("--examples", type=int, default=10**9, help="examples per target")
    ap.add_argument("--batch", type=int, default=300, help="examples per child process")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--strict", action="store_true")
    ap.add_argument("--json", type=Path, help="write the figures and findings here")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--report", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--current", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--edges-from", type=int, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        sys.path.insert(0, str(HERE.parent))
        _child(args.child, args.seed, args.examples, args.strict, args.report, args.current,
               args.edges_from)
        return 0
    results = []
    for target in args.targets.split(","):
        print(f"fuzzing {target} ({args.seconds:g} s, seed {args.seed}"
              f"{', strict' if args.strict else ''})", file=sys.stderr, flush=True)
        results.append(run_target(target, seconds=args.seconds, examples=args.examples,
                                  batch=args.batch, seed=args.seed, strict=args.strict))
    print(report_text(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 1 if any(r["findings"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
