"""The web API: every endpoint fed random and structure-aware requests.

The app runs in process (Starlette's test client, its worker processes as in the
server) with a short time limit per call.  The property of each request: the answer is
JSON with a 2xx or 4xx status (or the documented 501 unavailable, 503 busy, 504
timeout), never a 500, never a traceback in the answer or in the server's log (the
workers' standard error, which the fuzz reads after each request).

Reproducers assume::

    from starlette.testclient import TestClient
    from shudu.web.app import Limits, create_app
    client = TestClient(create_app(Limits(seconds=1.0, generate=2.0, workers=1)),
                        base_url="http://127.0.0.1", raise_server_exceptions=False)
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from hypothesis import strategies as st

from .core import Call, Expr, lit, where

SECONDS = 1.0
"""The app's time limit per call in the fuzz (generation: twice that)."""

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SMALL = ".2343.1221.3432."
PUZZLES = (SMALL, EASY, "." * 16, "." * 81, "11" + "." * 79, "1" * 16, "4....Q" + "." * 75,
           "." * 36, "." * 256, "." * 625, EASY.replace(".", "0"), "", " ", "\x00" * 81,
           '{"grid": [1, 2]}', "https://f-puzzles.com/?load=N4Ig", "sclN4Igzglg",
           "https://sudokupad.app/?puzzleid=fpuzN4Ig")
RULES = ("4", "6", "9", "x", "anti-knight", "x+anti-king", "windoku", "killer", "16", "25",
         "box=2x3", "jigsaw=0", "", "+", "999", "x" * 500,
         {"size": 4}, {"size": 6, "box": [2, 3]}, {"size": 9, "diagonals": True},
         {"size": 4, "constraints": [{"kind": "killer", "cells": [0, 1], "sum": 3}]},
         {"size": 4, "constraints": [{"kind": "thermo", "cells": [0, 1, 2, 3]}]},
         {"size": 4, "constraints": [{"kind": "arrow", "circle": [0], "cells": [1, 2]}]},
         {"size": 4, "constraints": [{"kind": "killer", "cells": [0, 99], "sum": 10**30}]},
         {"size": 4, "constraints": [{"kind": "kropki", "cells": [0, 1], "value": -1}]},
         {"size": 4, "constraints": [{"kind": 1}]}, {"size": 4, "constraints": "x"},
         {"size": 10**30}, {"size": -1}, {"size": "9"}, {"box": "3x3"}, {"regions": [0] * 16},
         {"size": 4, "extra_houses": [[0, 1, 2, 3]]}, {"size": 4, "extra_houses": [[0, 99]]},
         {"box": [3]}, {"size": 4.5}, {"unknown": 1}, 9, 4, 0, 2**63)

ODD_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 30), st.sampled_from((2**63, -(2**63), 10**40)),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=8),
    st.sampled_from(([], {}, [None], [[1]], {"a": 1}, "0" * 5000, [0] * 81, [[1, 2]] * 81)))


def _field_value(kind: str) -> st.SearchStrategy[Any]:
    good = {
        "string": st.sampled_from((*PUZZLES, "en", "zh", "fr", "grid", "json", "nope")),
        "string|object": st.sampled_from(RULES),
        "integer": st.one_of(st.integers(-2, 12), st.sampled_from((10**9, 10**9 + 1, 2**31,
                                                                    2**63, 10**30))),
        "boolean": st.booleans(),
        "array": st.one_of(st.lists(st.integers(-1, 10), min_size=16, max_size=16),
                           st.lists(st.integers(0, 9), min_size=81, max_size=81),
                           st.lists(st.one_of(st.none(), st.lists(st.integers(-1, 10),
                                                                 max_size=4)),
                                    min_size=16, max_size=16),
                           st.lists(ODD_VALUES, max_size=5)),
    }[kind]
    return st.one_of(good, good, good, ODD_VALUES)


def _deep(depth: int, kind: str) -> str:
    if kind == "list":
        return "[" * depth + "]" * depth
    return '{"a":' * depth + "1" + "}" * depth


@st.composite
def bodies(draw: st.DrawFn, fields: dict[str, str]) -> bytes:
    """A request body: a JSON object of the endpoint's fields (right and wrong types,
    unknown keys), deep nesting, huge strings and numbers, or bytes that are no JSON."""
    shape = draw(st.sampled_from(("fields", "fields", "fields", "fields", "deep", "huge",
                                  "number", "junk", "json")))
    if shape == "fields":
        names = list(fields)
        chosen = draw(st.lists(st.sampled_from(names), unique=True, max_size=len(names)))
        obj = {k: draw(_field_value(fields[k])) for k in chosen}
        if draw(st.integers(0, 5)) == 0:
            obj[draw(st.sampled_from(("x", "Puzzle", "timeout", "__proto__", "")))] = 1
        if "puzzle" in fields and "puzzle" not in obj and draw(st.booleans()):
            obj["puzzle"] = draw(st.sampled_from(PUZZLES[:4]))
        return json.dumps(obj).encode()
    if shape == "deep":
        depth = draw(st.sampled_from((50, 64, 65, 100, 1000, 5000, 20000)))
        inner = _deep(depth, draw(st.sampled_from(("list", "object"))))
        key = draw(st.sampled_from([*list(fields), "x"]))
        return (f'{{"{key}": {inner}}}' if draw(st.booleans()) else inner).encode()
    if shape == "huge":
        key = draw(st.sampled_from(list(fields)))
        size = draw(st.sampled_from((1000, 30000, 60000, 70000)))
        return json.dumps({key: "1" * size}).encode()
    if shape == "number":
        key = draw(st.sampled_from(list(fields)))
        digits = draw(st.sampled_from((20, 400, 4300, 5000, 50000)))
        num = draw(st.sampled_from(("1" * digits, "1e" + "9" * min(digits, 400),
                                    "-0." + "0" * digits + "1", "NaN", "Infinity")))
        return f'{{"{key}": {num}}}'.encode()
    if shape == "json":
        return json.dumps(draw(st.sampled_from(([], "x", 1, None, [{"puzzle": SMALL}])))).encode()
    return draw(st.one_of(st.binary(max_size=200), st.sampled_from((
        b"", b"{", b'{"puzzle": "\xff\xfe"}', b'{"puzzle": "\\ud800"}', b"\xef\xbb\xbf{}",
        b'{"puzzle": 1, "puzzle": 2}', b"{}" * 1000))))


CONTENT_TYPES = ("application/json", "application/json", "application/json",
                 "application/json; charset=utf-8", "text/plain", "", "APPLICATION/JSON",
                 "multipart/form-data; boundary=x", "application/x-www-form-urlencoded")


@st.composite
def requests(draw: st.DrawFn) -> tuple[str, str, dict[str, str], bytes]:
    """(method, path, headers, body) of one request."""
    from shudu.web.app import API

    name = draw(st.sampled_from((*API, *API, "techniques", "openapi.json", "scan", "nope")))
    path = f"/api/v1/{name}"
    if name in API:
        method = draw(st.sampled_from(("POST",) * 8 + ("GET", "PUT", "DELETE")))
        body = draw(bodies(API[name][1]))
        if name == "generate" and b'"rules"' in body and not any(
                f'"rules": "{r}"'.encode() in body for r in ("4", "6")):
            body = json.dumps({"rules": "4", "seed": draw(st.integers(0, 3))}).encode()
    elif name == "scan":
        method = "POST"
        body = draw(st.one_of(st.binary(max_size=300), st.sampled_from((
            b"\x89PNG\r\n\x1a\n" + b"\x00" * 100, b"\xff\xd8\xff\xe0" + b"\x00" * 50, b""))))
    else:
        method = draw(st.sampled_from(("GET", "GET", "POST")))
        body = b""
    headers: dict[str, str] = {}
    if name == "scan":
        headers["content-type"] = draw(st.sampled_from(("image/png", "image/jpeg",
                                                        "application/octet-stream",
                                                        "text/plain")))
    elif method != "GET":
        kind = draw(st.sampled_from(CONTENT_TYPES))
        if kind:
            headers["content-type"] = kind
    if draw(st.integers(0, 9)) == 0:
        headers["origin"] = draw(st.sampled_from(("http://127.0.0.1", "http://evil.example",
                                                  "null", "http://localhost:1")))
    return method, path, headers, body


# ---------------------------------------------------------------------- the target
class Session:
    """The app under test, its client, and the log its workers write to."""

    def __init__(self, client: Any, log_path: str) -> None:
        self.client = client
        self.log_path = log_path
        self.log_seen = 0
        self.crash: BaseException | None = None   # what the app last raised

    def wrap(self, app: Any) -> Any:
        """The app, noting any exception it lets out (Starlette answers 500, then
        raises it again for the server to log)."""
        async def noted(scope: Any, receive: Any, send: Any) -> None:
            try:
                await app(scope, receive, send)
            except BaseException as e:
                self.crash = e
                raise
        return noted

    def new_log(self) -> str:
        with open(self.log_path, encoding="utf-8", errors="replace") as f:
            f.seek(self.log_seen)
            text = f.read()
        self.log_seen += len(text.encode("utf-8", errors="replace"))
        return text


@contextmanager
def session(target: str) -> Iterator[Session]:
    """Start the app with its standard error (the workers' log) sent to a file."""
    from shudu.web.app import Limits, create_app

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from starlette.testclient import TestClient

    log = tempfile.NamedTemporaryFile(prefix="shudu-fuzz-web-", suffix=".log", delete=False)
    saved = os.dup(2)
    os.dup2(log.fileno(), 2)
    old_stderr = sys.stderr
    sys.stderr = os.fdopen(saved, "w", buffering=1)   # progress and the watchdog
    try:
        app = create_app(Limits(seconds=SECONDS, generate=2 * SECONDS, workers=1))
        ctx = Session(None, log.name)
        with TestClient(ctx.wrap(app), base_url="http://127.0.0.1",
                        raise_server_exceptions=False) as client:
            ctx.client = client
            yield ctx
    finally:
        sys.stderr = old_stderr
        os.unlink(log.name)


ALLOWED_5XX = {501, 503, 504}
"""The 5xx answers the API documents (unavailable, busy, timeout); 500 is a bug."""


def check_response(ctx: Session, api: bool) -> Any:
    def check(response: Any) -> str | None:
        log = ctx.new_log()
        crash, ctx.crash = ctx.crash, None
        if "Traceback" in log:
            last = [x for x in log.strip().splitlines() if x.strip()][-1]
            return f"traceback in the log ({last.split(':')[0][:60]}): {last[:300]}"
        status = response.status_code
        if status == 500:
            why = "" if crash is None else \
                f" ({type(crash).__name__} from {where(crash).replace(':', ' line ')})"
            return f"status 500{why}: {response.text[:300]}"
        if not (200 <= status < 500 or status in ALLOWED_5XX):
            return f"status {status}: {response.text[:300]}"
        if "Traceback" in response.text:
            return "traceback in the answer"
        if api:
            try:
                data = response.json()
            except ValueError:
                return f"not JSON: status {status}: {response.text[:200]!r}"
            if status >= 400 and not (isinstance(data, dict) and "error" in data
                                      and data["error"].get("message")):
                return f"error shape: status {status}: {response.text[:200]}"
        return None
    return check


def calls(target: str, strict: bool, ctx: Session) -> st.SearchStrategy[Call]:
    """Requests as calls of the test client."""
    return requests().map(_maker(ctx, strict))


def _maker(ctx: Session, strict: bool) -> Any:
    """A function from (method, path, headers, body) to the call that sends it."""
    grace = 2.0   # the pool's grace before it kills a worker
    bound = (2 * SECONDS * 1.1 + grace + 0.5) if strict else 2 * SECONDS + grace + 30

    def make(req: tuple[str, str, dict[str, str], bytes]) -> Call:
        method, path, headers, body = req

        def send(method: str, path: str, *, content: bytes, headers: dict[str, str]) -> Any:
            return ctx.client.request(method, path, content=content, headers=headers)

        return Call("client.request", send, (lit(method), lit(path)),
                    {"content": Expr(_bytes_code(body), lambda: body),
                     "headers": lit(headers)},
                    bound=bound, check=check_response(ctx, path.startswith("/api/")))

    return make


def _bytes_code(body: bytes) -> str:
    """Short Python text for a body: a long run is written as a repetition."""
    for unit in (b"[", b"]", b"{\"a\":", b"}", b"1", b"9", b"0", b"{}"):
        k = len(unit)
        for start in range(len(body)):
            run = 0
            while body[start + run * k:start + (run + 1) * k] == unit:
                run += 1
            if run > 50:
                return (f"{body[:start]!r} + {unit!r} * {run} + "
                        f"{_bytes_code(body[start + run * k:])}")
            if start > 200:
                break
    return repr(body)


def edges(target: str, strict: bool, ctx: Session) -> list[Call]:
    """Fixed requests run once at the start of every run: deep nesting, a lone surrogate,
    a missing field, a number of 5000 digits."""
    bodies = [("solve", b'{"puzzle": ' + b"[" * 20000 + b"]" * 20000 + b"}"),
              ("render", b'{"puzzle": "\\ud800"}'), ("rate", b"{}"),
              ("count", b'{"puzzle": ".2343.1221.3432.", "rules": "4", "limit": '
                        + b"9" * 5000 + b"}")]
    make = _maker(ctx, strict)
    return [make(("POST", f"/api/v1/{name}", {"content-type": "application/json"}, body))
            for name, body in bodies]
