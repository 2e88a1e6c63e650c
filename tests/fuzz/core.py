"""What every fuzz target shares: a call written as code (its reproducer), the guard
that runs it (allowed errors, time bound, watchdog) and the record of findings.

A :class:`Call` holds a function and its arguments as :class:`Expr` values, each with
the Python text that rebuilds it, so every finding comes with a line that reproduces it
in a fresh interpreter after ``from fuzz.core import PRELUDE``'s imports.
"""

from __future__ import annotations

import faulthandler
import json
import math
import os
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shudu.errors import SearchTimeout, ShuduError, UnsupportedRules

PRELUDE = ("import math, numpy as np, shudu\n"
           "from itertools import islice\n"
           "from shudu import Grid, Rules, engine, _engine\n"
           "from shudu.values.constraints import *\n")
"""The imports every reproducer assumes."""

ALLOWED = (ShuduError, ValueError, TypeError)
"""What a call may raise for bad input (with a message); anything else is a finding."""

LENIENT_SLACK = 5.0
"""Seconds a timed call may run past its ``timeout`` in the test suite (a hang catcher
only: a loaded machine must not fail a test)."""

STRICT = (1.1, 0.2)
"""``make fuzz``: a timed call ends within ``timeout * 1.1 + 0.2`` seconds."""

UNTIMED = {False: 30.0, True: 5.0}
"""The bound of a call that takes no ``timeout`` (on inputs chosen to be quick): a hang
catcher in the test suite, a slowness finder in ``make fuzz``."""


MAX_TIMED = 60.0
"""A ``timeout`` above this many seconds bounds nothing the fuzz can wait for: such a
call is held to the bound of an untimed call."""


@dataclass(frozen=True)
class Expr:
    """A value and the Python text that builds it (``build`` makes it at call time, so
    a constructor that raises is part of the call)."""

    code: str
    build: Callable[[], Any]

    def __repr__(self) -> str:
        return self.code


def lit(value: Any) -> Expr:
    """A plain value; floats such as NaN and inf keep a runnable text."""
    return Expr(code_of(value), lambda: value)


def code_of(value: Any) -> str:
    """Python text for a plain value (NumPy arrays included)."""
    if isinstance(value, float) and not math.isfinite(value):
        return f"float({str(value)!r})"
    if type(value).__module__ == "numpy" and hasattr(value, "dtype"):
        return f"np.array({value.tolist()!r}, dtype=np.{value.dtype.name})"
    if isinstance(value, list):
        return "[" + ", ".join(code_of(v) for v in value) + "]"
    if isinstance(value, tuple):
        return "(" + "".join(code_of(v) + ", " for v in value) + ")"
    return repr(value)


@dataclass
class Call:
    """One call of the fuzz: ``name`` (the function as written in the reproducer),
    ``fn``, its arguments, the seconds it may take, and a check of its result (a
    problem in words, or None)."""

    name: str
    fn: Callable[..., Any]
    args: tuple[Expr, ...] = ()
    kwargs: dict[str, Expr] = field(default_factory=dict)
    bound: float = 30.0
    check: Callable[[Any], str | None] = lambda result: None
    tail: str = ""                     # what the reproducer does with the result
    consume: Callable[[Any], Any] = lambda result: result
    quiet_timeout: bool = True         # a SearchTimeout is an answer (a time limit was set)
    expect_ok: bool = False            # documented arguments: an error is itself a finding
    allowed: tuple[type[BaseException], ...] = ()   # further errors this layer may raise
    errors: tuple[type[BaseException], ...] = ALLOWED   # the errors that answer bad input

    def code(self) -> str:
        parts = [repr(a) for a in self.args] + [f"{k}={v!r}" for k, v in self.kwargs.items()]
        return f"{self.name}({', '.join(parts)}){self.tail}"

    def invoke(self) -> Any:
        args = [a.build() for a in self.args]
        kwargs = {k: v.build() for k, v in self.kwargs.items()}
        return self.consume(self.fn(*args, **kwargs))


def watchdog(seconds: float) -> float:
    """When a call bounded to ``seconds`` is taken for hung and its process ended.

    >>> watchdog(5.3), watchdog(30.0)
    (10.3, 45.0)
    """
    return min(seconds + max(5.0, seconds / 2), 3600.0)


def time_limit(timeout: Any) -> float | None:
    """The seconds a ``timeout`` argument bounds a call to (None: no usable bound).

    >>> time_limit(0.5), time_limit(float("nan")), time_limit(10**400), time_limit(True)
    (0.5, None, None, None)
    """
    if not isinstance(timeout, (int, float)) or isinstance(timeout, bool):
        return None
    try:
        t = float(timeout)
    except OverflowError:
        return None
    return t if math.isfinite(t) and 0 < t <= MAX_TIMED else None


def bound(timeout: Any, strict: bool, work: int = 1) -> float:
    """Seconds a call with this ``timeout`` argument may take (``work`` searches)."""
    t = time_limit(timeout)
    if t is None:
        return UNTIMED[strict]
    one = t * STRICT[0] + STRICT[1] if strict else t + LENIENT_SLACK
    return max(1, work) * one


@dataclass
class Findings:
    """Every distinct failure (by signature) with its first, shortest reproducer."""

    path: Path | None = None
    seen: dict[str, dict[str, Any]] = field(default_factory=dict)
    calls: int = 0

    def add(self, signature: str, code: str, detail: str) -> None:
        old = self.seen.get(signature)
        if old is None or len(code) < len(old["code"]):
            count = old["count"] if old else 0
            self.seen[signature] = {"signature": signature, "code": code,
                                    "detail": detail[:2000], "count": count}
        self.seen[signature]["count"] += 1
        if self.path is not None:
            with self.path.open("a", encoding="utf-8") as f:
                f.write(json.dumps({"signature": signature, "code": code,
                                    "detail": detail[:2000]}) + "\n")


def where(e: BaseException) -> str:
    """The innermost frame of the library (or the last frame) an exception came from."""
    frames = traceback.extract_tb(e.__traceback__)
    mine = [f for f in frames if "/shudu/" in f.filename or "/lzstring" in f.filename
            or "/starlette/" in f.filename]
    f = (mine or frames or [None])[-1]
    if f is None:
        return "?"
    return f"{Path(f.filename).name}:{f.lineno}"


class Guard:
    """Runs calls: notes each one in ``current`` (read back after a crash or a hang),
    arms a watchdog, times it and records what goes wrong in ``findings``."""

    def __init__(self, findings: Findings, current: Path | None, strict: bool) -> None:
        self.findings = findings
        self.current = current
        self.strict = strict

    def note(self, code: str) -> None:
        if self.current is not None:
            self.current.write_text(code, encoding="utf-8")

    def run(self, call: Call, label: str | None = None) -> Any:
        """Run one call; returns its result (None after a finding or an allowed error)."""
        label = label or call.name
        code = call.code()
        self.note(code)
        self.findings.calls += 1
        faulthandler.dump_traceback_later(watchdog(call.bound), exit=True)
        start = time.monotonic()
        result, failed = None, False
        try:
            result = call.invoke()
        except call.errors as e:
            failed = True
            if isinstance(e, SearchTimeout) and not call.quiet_timeout:
                self.findings.add(f"{label}: SearchTimeout without a time limit", code, str(e))
            elif call.expect_ok and not isinstance(e, SearchTimeout | UnsupportedRules):
                self.findings.add(f"{label}: refused a valid call ({type(e).__name__})", code,
                                  str(e))
            elif not str(e).strip():
                self.findings.add(f"{label}: {type(e).__name__} without a message", code,
                                  repr(e))
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as e:
            failed = True
            if not isinstance(e, call.allowed):
                self.findings.add(f"{label}: {type(e).__name__} at {where(e)}", code,
                                  "".join(traceback.format_exception(e))[-1500:])
        finally:
            faulthandler.cancel_dump_traceback_later()
        elapsed = time.monotonic() - start
        if elapsed > call.bound:
            self.findings.add(f"{label}: over its time bound", code,
                              f"took {elapsed:.2f} s, bound {call.bound:.2f} s")
        if failed:
            return None
        try:
            problem = call.check(result)
        except Exception as e:
            problem = f"unreadable answer: {type(e).__name__}: {e}"
        if problem:
            kind = problem.split(":")[0]
            self.findings.add(f"{label}: wrong answer ({kind})", code, problem)
        return result


def env_strict() -> bool:
    """Whether this run uses the strict time bound (``FUZZ_STRICT=1``, set by make fuzz)."""
    return os.environ.get("FUZZ_STRICT", "") not in ("", "0")
