"""The web app: a JSON API under ``/api/v1/`` and the page that uses it (static files).

Every API call is a ``POST`` of a JSON object (``GET`` for the descriptions) and
answers JSON; an error is ``{"error": {"code": ..., "message": ...}}`` with the
fields of the library's error (``line``, ``column``, ``cell`` ...) and never a
traceback.  Calls run in worker processes with a time limit (:mod:`.workers`).
Requests whose ``Host`` header is not this machine (``localhost``, ``127.0.0.1``,
``[::1]``, or a name the server was told to accept) are refused (421), as are bodies over
:attr:`Limits.body` bytes (413).  Whatever a request holds, the answer is never a 500 with
a traceback: an unexpected error is one line in the server's log and a JSON 500.

>>> import warnings
>>> warnings.simplefilter("ignore", DeprecationWarning)   # Starlette suggests httpx2
>>> from starlette.testclient import TestClient
>>> with TestClient(create_app(), base_url="http://127.0.0.1") as client:
...     client.post("/api/v1/solve", json={"puzzle": ".2343.1221.3432.", "rules": "4"}).json()
{'solution': '1234341221434321', 'count': 1, 'status': 'unique'}
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import limits as caps
from ..errors import (
    GenerationError,
    InvalidPuzzle,
    NoSolution,
    NotUnique,
    ParseError,
    UnsupportedRules,
)
from ..formats.jsontext import loads
from ..formats.picture_size import PictureTooLarge
from ..words.web import PAGE
from .tasks import Unavailable
from .workers import CallFailed, CallTimeout, OutOfMemory, Pool, PoolBusy

__all__ = ["API", "LOCAL_HOSTS", "Limits", "create_app", "host_list"]

STATIC = Path(__file__).parent / "static"
POLL_SECONDS = 0.25
"""How often a running call looks whether its client is still there."""
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "[::1]"})
"""Host names a request may name (with any port, or the server's when it is known)."""


@dataclass(frozen=True)
class Limits:
    """What one request may cost: ``body`` bytes (``photo`` for a picture to read, at
    most ``photos`` pictures received at once), ``seconds`` for a call (``generate`` for
    a generation), ``workers`` processes (``None``: up to 4, one per core) of ``memory``
    bytes of address space each (``None``: no cap).  The server (``shudu serve``) gives
    a client ``header_seconds`` to send a request's headers, ``body_seconds`` its body,
    keeps an idle connection ``idle_seconds``, and accepts at most ``connections``
    connections with at most ``header_bytes`` of request line and headers.  The defaults
    are in :mod:`shudu.limits`."""

    body: int = caps.WEB_MAX_BODY
    photo: int = caps.WEB_MAX_PHOTO
    photos: int = caps.WEB_PHOTO_READS
    seconds: float = caps.WEB_CALL_SECONDS
    generate: float = caps.WEB_GENERATE_SECONDS
    workers: int | None = None
    memory: int | None = caps.WEB_WORKER_MEMORY
    header_seconds: float = caps.WEB_HEADER_SECONDS
    body_seconds: float = caps.WEB_BODY_SECONDS
    idle_seconds: int = caps.WEB_IDLE_SECONDS
    connections: int = caps.WEB_MAX_CONNECTIONS
    header_bytes: int = caps.WEB_MAX_HEADER_BYTES


#: The API: path → (task, allowed request fields with their JSON types, description).
API: dict[str, tuple[str, dict[str, str], str]] = {
    "parse": ("read", {"puzzle": "string", "rules": "string|object", "format": "string"},
              "Read a puzzle in any notation: grid, layout (boxes, extra houses, peers), "
              "pencilmarks when given, and whether it has one solution (with it), none or "
              "several (naming a cell where two differ)."),
    "solve": ("solve", {"puzzle": "string", "rules": "string|object"},
              "The first solution and whether it is the only one."),
    "count": ("count", {"puzzle": "string", "rules": "string|object", "limit": "integer"},
              "Count solutions up to limit."),
    "hint": ("hint", {"puzzle": "string", "rules": "string|object", "values": "array",
                      "candidates": "array", "level": "integer", "lang": "string",
                      "picture": "boolean"},
             "The next step from the player's position (values: digits per cell, 0 empty; "
             "candidates: per cell a list of digits or null). Mistakes come first."),
    "explain": ("explain", {"puzzle": "string", "rules": "string|object", "lang": "string"},
                "The whole logic path, each step with the state after it."),
    "rate": ("rate", {"puzzle": "string", "rules": "string|object"},
             "SE-scale score, grade and hardest technique."),
    "generate": ("generate", {"rules": "string|object", "grade": "string",
                              "technique": "string", "symmetry": "string", "seed": "integer"},
                 "A new puzzle with one solution, rated, with its layout."),
    "refute": ("refute", {"puzzle": "string", "rules": "string|object", "values": "array",
                          "candidates": "array", "cell": "array", "lang": "string",
                          "picture": "boolean"},
               "Why the player's wrong moves are wrong, from the player's position: for each "
               "wrong digit (else each candidate removed wrongly, or only the one in cell "
               "[row, column]) the forced steps that follow from it up to a contradiction, "
               "or found false when no short refutation exists."),
    "set": ("set", {"puzzle": "string", "rules": "string|object", "grade": "string",
                    "n": "integer", "lang": "string"},
            "The setter's bench for givens entered so far: the solution count (label "
            "\"≥ N\" past the cap), the true candidates of each cell, the clues that would "
            "make it unique ranked by the grade it would then have (aiming at grade), or "
            "once unique the redundant givens and constraints."),
    "render": ("render", {"puzzle": "string", "rules": "string|object", "values": "array",
                          "candidates": "array", "step": "boolean", "solution": "boolean",
                          "lang": "string"},
               "An SVG picture of a position, with the next step drawn when step is true."),
}


#: Calls that may take the long time limit (``Limits.generate``): the page shows their
#: progress and can cancel them (closing the request stops the worker).
LONG = frozenset({"generate", "rate"})


# ---------------------------------------------------------------------- errors
def error(status: int, code: str, message: str, **fields: Any) -> JSONResponse:
    """The JSON error answer: ``{"error": {"code", "message", ...fields}}``.

    >>> error(413, "too-large", "the request body is over 65536 bytes").body
    b'{"error":{"code":"too-large","message":"the request body is over 65536 bytes"}}'
    """
    return JSONResponse({"error": {"code": code, "message": message, **fields}},
                        status_code=status)


def _user_error(e: Exception) -> JSONResponse:
    """A library error as a 422 answer naming what the error names."""
    fields: dict[str, Any] = {}
    if isinstance(e, ParseError):
        code = "parse-error"
        fields = {"line": e.line, "column": e.column, "expected": e.expected,
                  "found": e.found}
    elif isinstance(e, InvalidPuzzle):
        code = "invalid-puzzle"
        fields = {"digit": e.digit, "house": e.house,
                  "cells": list(e.cells) if e.cells is not None else None}
    elif isinstance(e, NotUnique) and not isinstance(e, NoSolution) and e.count != 0:
        code = "several-solutions"
        fields = {"cell": e.cell, "digits": list(e.digits) if e.digits else None}
    elif isinstance(e, NoSolution | NotUnique):
        code = "no-solution"
    elif isinstance(e, UnsupportedRules):
        code = "unsupported-rules"
    elif isinstance(e, GenerationError):
        code = "generation-failed"
    elif isinstance(e, KeyError):   # pragma: no cover - a lookup by name
        code = "unknown-name"
    else:
        code = "bad-input"
    return error(422, code, str(e) if not isinstance(e, KeyError) else str(e.args[0]),
                 **fields)


# ---------------------------------------------------------------------- middleware
class Guard:
    """Refuse what a local app must not answer: a ``Host`` that is not this machine
    (DNS rebinding, 421), a cross-site ``Origin`` on a call (403), a body over the limit
    (413).  Every answer gets headers that keep the page to itself; an error escaping
    the app is one line in the log and a JSON 500 without details."""

    HEADERS: ClassVar[list[tuple[bytes, bytes]]] = [
        (b"content-security-policy",
         b"default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
         b"frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
        (b"referrer-policy", b"no-referrer"),
        (b"cache-control", b"no-store"),
    ]

    def __init__(self, app: ASGIApp, *, hosts: frozenset[str], port: int | None,
                 body: int, photo: int | None = None) -> None:
        self.app = app
        self.hosts = hosts
        self.port = port
        self.body = body
        self.photo = body if photo is None else photo

    def _host_ok(self, host: str) -> bool:
        host = host.strip().lower()
        if host.startswith("["):
            name, _, rest = host.partition("]")
            name += "]"
            port = rest[1:] if rest.startswith(":") else None
        else:
            name, _, port_text = host.partition(":")
            port = port_text or None
        if name not in self.hosts:
            return False
        if port is None:
            return True
        return port.isdecimal() and (self.port is None or int(port) == self.port)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        refusal: Response | None = None
        if not self._host_ok(headers.get("host", "")):
            refusal = error(421, "bad-host", "this server answers only requests to "
                            + host_list(self.hosts))
        elif "origin" in headers and not self._origin_ok(headers["origin"]):
            refusal = error(403, "bad-origin", "cross-site requests are refused")
        else:
            length = headers.get("content-length")
            limit = self.photo if scope.get("path") == "/api/v1/scan" else self.body
            if length is not None and (not length.isdecimal() or int(length) > limit):
                refusal = error(413, "too-large", f"the request body is over {limit} bytes")
        if refusal is not None:
            await self._send(refusal, scope, receive, send)
            return

        started = False

        async def secured(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = [*message.get("headers", []), *self.HEADERS]
            await send(message)

        try:
            await self.app(scope, receive, secured)
        except ClientDisconnect:   # the client went away (or was too slow): no one to answer
            pass
        except Exception as e:
            print(f"shudu serve: internal error on {scope.get('method')} "
                  f"{scope.get('path', '')!r}: {type(e).__name__}", file=sys.stderr, flush=True)
            if not started:
                await self._send(error(500, "internal", "internal error"), scope, receive,
                                 send)

    def _origin_ok(self, origin: str) -> bool:
        scheme, _, rest = origin.partition("://")
        return scheme in ("http", "https") and self._host_ok(rest.rstrip("/"))

    async def _send(self, response: Response, scope: Scope, receive: Receive,
                    send: Send) -> None:
        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *self.HEADERS]
            await send(message)

        await response(scope, receive, secured)


def host_list(hosts: frozenset[str]) -> str:
    """The accepted host names in words.

    >>> host_list(frozenset({"localhost", "127.0.0.1", "[::1]"}))
    'localhost, 127.0.0.1 or [::1]'
    """
    order = sorted(hosts, key=lambda h: (h != "localhost", h.startswith("["), h))
    return ", ".join(order[:-1]) + " or " + order[-1] if len(order) > 1 else order[0]


# ---------------------------------------------------------------------- endpoints
async def _body(request: Request, limit: int) -> dict[str, Any]:
    """The request's JSON object, read no further than ``limit`` bytes and through
    :func:`shudu.formats.jsontext.loads` (bounded nesting and numbers)."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise HTTPException(415, "expected a JSON body (Content-Type: application/json)")
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > limit:
            raise HTTPException(413, f"the request body is over {limit} bytes")
    try:
        value = loads(bytes(data))
    except ParseError as e:
        raise HTTPException(400, f"the body is not valid JSON: {e}") from None
    if not isinstance(value, dict):
        raise HTTPException(400, "expected a JSON object")
    return value


_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,), "integer": (int,), "boolean": (bool,), "array": (list,),
    "string|object": (str, dict, int),
}


def _wrong_type(args: dict[str, Any], fields: dict[str, str]) -> str | None:
    """Why a field of a request has the wrong JSON type (``None`` when all fit; a
    ``null`` stands for the default).

    >>> _wrong_type({"level": "3"}, {"level": "integer"})
    "expected 'level' to be an integer, found a string"
    >>> _wrong_type({"level": 3, "lang": None}, {"level": "integer", "lang": "string"})
    """
    names = {str: "a string", int: "a number", float: "a number", bool: "true or false",
             list: "an array", dict: "an object"}
    for key, value in args.items():
        if value is None:
            continue
        kind = fields[key]
        ok = isinstance(value, _TYPES[kind])
        if isinstance(value, bool) and kind != "boolean":
            ok = False
        if not ok:
            article = "an" if kind[0] in "aeiou" else "a"
            return (f"expected {key!r} to be {article} {kind.replace('|', ' or ')}, found "
                    f"{names.get(type(value), type(value).__name__)}")
    return None


def _endpoint(name: str) -> Callable[[Request], Awaitable[Response]]:
    task, fields, _ = API[name]

    async def call(request: Request) -> Response:
        limits: Limits = request.app.state.limits
        args = await _body(request, limits.body)
        unknown = sorted(set(args) - set(fields))
        if unknown:
            return error(400, "bad-request", f"unknown field {unknown[0]!r}; expected "
                         f"fields among {', '.join(fields)}")
        wrong = _wrong_type(args, fields)
        if wrong is not None:
            return error(400, "bad-request", wrong)
        seconds = limits.generate if name in LONG else limits.seconds
        if task in ("hint", "explain", "rate", "generate", "render", "refute", "set"):
            args["timeout"] = seconds
        return await _run(request, task, args, seconds)

    return call


async def _unless_gone(request: Request, call: Awaitable[Any]) -> Any:
    """``call``'s answer; when the client goes away first (the page's Cancel), the call
    is cancelled (its worker stopped) and :class:`ClientDisconnect` raised."""
    work = asyncio.ensure_future(call)

    async def gone() -> None:
        while not await request.is_disconnected():
            await asyncio.sleep(POLL_SECONDS)

    watch = asyncio.ensure_future(gone())
    try:
        await asyncio.wait({work, watch}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        watch.cancel()
    if not work.done():
        work.cancel()
        with contextlib.suppress(BaseException):
            await work
        raise ClientDisconnect()
    return work.result()


async def _run(request: Request, task: str, args: dict[str, Any], seconds: float
               ) -> Response:
    """A task on the worker pool, its answer or its error as JSON."""
    try:
        result = await _unless_gone(request, request.app.state.pool.run(task, args, seconds))
    except CallTimeout as e:
        return error(504, "timeout", str(e), seconds=e.seconds)
    except TimeoutError as e:   # the library's own time limit
        return error(504, "timeout", str(e) or f"the request took longer than "
                     f"{seconds:g} s and was stopped", seconds=seconds)
    except PoolBusy as e:
        return error(503, "busy", str(e))
    except OutOfMemory as e:
        return error(413, "too-large", str(e))
    except PictureTooLarge as e:
        return error(413, "too-large", str(e), width=e.width, height=e.height,
                     limit=e.limit)
    except CallFailed as e:
        return error(500, "internal", str(e))
    except TypeError:   # a field of the wrong type reached a library call
        return error(400, "bad-request", "a field has the wrong type; see "
                     "/api/v1/openapi.json")
    except Unavailable as e:
        return error(501, "unavailable", str(e))
    except (ValueError, KeyError) as e:
        return _user_error(e)
    return JSONResponse(result)


async def _scan(request: Request) -> Response:
    """``POST /api/v1/scan``: the body is a picture (JPEG, PNG ...), the answer what
    :func:`shudu.scan.scan` read from it."""
    limits: Limits = request.app.state.limits
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if not kind.startswith("image/") and kind != "application/octet-stream":
        return error(415, "unsupported-media-type", "expected a picture (Content-Type: "
                     "image/jpeg, image/png ...)")
    state = request.app.state
    if state.photos_read >= limits.photos:
        return error(503, "busy", "the server is receiving too many pictures; try again")
    state.photos_read += 1
    try:
        data = bytearray()
        async for chunk in request.stream():
            data += chunk
            if len(data) > limits.photo:
                return error(413, "too-large", f"the picture is over {limits.photo} bytes")
        if not data:
            return error(400, "bad-request", "the picture is empty")
        return await _run(request, "scan", {"image": bytes(data)}, limits.seconds)
    finally:
        state.photos_read -= 1


async def _techniques(request: Request) -> Response:
    try:
        result = await request.app.state.pool.run("techniques", {},
                                                  request.app.state.limits.seconds)
    except (CallTimeout, PoolBusy, CallFailed) as e:
        return error(503, "busy", str(e))
    return JSONResponse(result)


def openapi() -> dict[str, Any]:
    """A machine-readable description of the API (OpenAPI 3.1).

    >>> sorted(openapi()["paths"])[:3]
    ['/api/v1/count', '/api/v1/explain', '/api/v1/generate']
    """
    def schema(kind: str) -> dict[str, Any]:
        if kind == "string|object":
            return {"oneOf": [{"type": "string"}, {"type": "object"}]}
        return {"type": kind}

    ref = {"$ref": "#/components/schemas/Error"}
    error_ref = {"description": "an error", "content": {"application/json": {"schema": ref}}}
    paths: dict[str, Any] = {}
    for name, (_, fields, text) in API.items():
        paths[f"/api/v1/{name}"] = {"post": {
            "summary": text,
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "additionalProperties": False,
                "properties": {k: schema(v) for k, v in fields.items()}}}}},
            "responses": {"200": {"description": "the answer (a JSON object)"},
                          **{str(c): error_ref for c in (400, 413, 415, 421, 422, 503, 504)}},
        }}
    paths["/api/v1/techniques"] = {"get": {
        "summary": "The techniques the logic solver knows and the grades.",
        "responses": {"200": {"description": "the list"}}}}
    paths["/api/v1/words"] = {"get": {
        "summary": "The page's words in English and Chinese: {\"en\": {key: text}, "
                   "\"zh\": {...}}.",
        "responses": {"200": {"description": "the words"}}}}
    paths["/api/v1/scan"] = {"post": {
        "summary": "Read a puzzle from a photo or screenshot: the puzzle, a confidence per "
                   "cell, the doubtful cells, status, a message and per cell the readings "
                   "considered, best first (needs shudu[scan]).",
        "requestBody": {"required": True, "content": {
            "image/*": {"schema": {"type": "string", "format": "binary"}}}},
        "responses": {"200": {"description": "the reading (a JSON object)"},
                      **{str(c): error_ref for c in (400, 413, 415, 421, 422, 501, 503,
                                                     504)}},
    }}
    return {
        "openapi": "3.1.0",
        "info": {"title": "shudu", "version": "1",
                 "description": "Solve, explain, rate and generate Sudoku puzzles locally."},
        "paths": paths,
        "components": {"schemas": {"Error": {"type": "object", "properties": {"error": {
            "type": "object", "required": ["code", "message"],
            "properties": {"code": {"type": "string"}, "message": {"type": "string"}}}}}}},
    }


async def _words(request: Request) -> Response:
    """``GET /api/v1/words``: the page's words (:data:`shudu.words.web.PAGE`)."""
    return JSONResponse(PAGE)


async def _openapi(request: Request) -> Response:
    return JSONResponse(openapi())


async def _index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8")


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    code = {400: "bad-request", 404: "not-found", 405: "method-not-allowed",
            413: "too-large", 415: "unsupported-media-type"}.get(exc.status_code, "error")
    return error(exc.status_code, code, str(exc.detail))


async def _crash(request: Request, exc: Exception) -> Response:
    return error(500, "internal", "internal error")


# ---------------------------------------------------------------------- the app
def create_app(limits: Limits | None = None, *, port: int | None = None,
               hosts: frozenset[str] = LOCAL_HOSTS) -> ASGIApp:
    """The web app (an ASGI application for uvicorn).

    ``port``, when given, is the only port a ``Host`` header may name; ``hosts`` the
    names it may have.  The worker processes start with the app and stop with it.
    """
    limits = limits or Limits()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> Any:
        app.state.limits = limits
        app.state.pool = Pool(limits.workers, memory=limits.memory)
        app.state.photos_read = 0
        try:
            yield
        finally:
            app.state.pool.close()

    routes: list[BaseRoute] = [Route(f"/api/v1/{name}", _endpoint(name), methods=["POST"])
                               for name in API]
    routes += [
        Route("/api/v1/openapi.json", _openapi, methods=["GET"]),
        Route("/api/v1/techniques", _techniques, methods=["GET"]),
        Route("/api/v1/words", _words, methods=["GET"]),
        Route("/api/v1/scan", _scan, methods=["POST"]),
        Route("/", _index, methods=["GET"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={HTTPException: _http_error, Exception: _crash})
    return Guard(app, hosts=hosts, port=port, body=limits.body, photo=limits.photo)
