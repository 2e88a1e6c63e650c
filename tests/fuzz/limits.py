"""Memory and time per call: every reader and every search entry point under a stated
cap, measured call by call.

The caps (the property of target ``limits``):

* **Readers** — :func:`shudu.parse`, :func:`shudu.formats.iter_records` (all its
  records), :func:`shudu.formats.fpuzzles.read_fpuzzles` and
  :func:`shudu.formats.sudokupad.read_sudokupad`: any text up to :data:`TEXT_BYTES` (64 KiB)
  takes at most 16 MiB plus 512 bytes per byte of text of Python allocations
  (``tracemalloc`` peak; :func:`reader_peak`: 48 MiB for 64 KiB) and
  :data:`READER_SECONDS` (2 s in ``make fuzz``; 30 s in the test suite, a hang catcher)
  per call.
* **Searches** — each call of :mod:`.engine` (grids up to 25x25, batches of at most 3
  puzzles) takes at most :data:`ENGINE_PEAK` (32 MiB) of Python allocations, raises the
  process's peak resident size by at most :data:`RSS_GROWTH` (256 MiB, which the C
  engine's own memory counts in), and keeps the time bound of its ``timeout``.

Text is built from valid notations grown to the size (repeated records, long lines,
deep nesting, huge numbers, many cages) and from LZ-string data that inflates: a link
of 13 KiB that decompresses to 24 million characters.
"""

from __future__ import annotations

import json
import resource
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from .core import Call, Expr

TEXT_BYTES = 64 * 1024
READER_FLOOR = 16 * 1024**2
READER_PER_BYTE = 512
READER_SECONDS = {True: 2.0, False: 30.0}
ENGINE_PEAK = 32 * 1024**2
RSS_GROWTH = 256 * 1024**2

DATA = Path(__file__).resolve().parent / "data"
INKALA = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


@lru_cache(maxsize=1)
def seeds() -> tuple[str, ...]:
    """One text of every notation shudu writes, for two grids and a killer."""
    from shudu import Grid, Rules
    from shudu.formats import WRITE_FORMATS, write, write_many
    from shudu.values.constraints import Cage, Thermo

    g = Grid(INKALA)
    small = Grid("." * 16, Rules(4, constraints=(Thermo((0, 1, 2)), Cage((4, 5), 3))))
    out = []
    for fmt in WRITE_FORMATS:
        for grid in (g, small):
            try:
                out.append(write(grid, fmt))
            except Exception:
                continue
        try:
            out.append(write_many([g, g], fmt))
        except Exception:
            pass
    return tuple(out)


def reader_peak(text: str) -> int:
    """The Python allocations a reader may make for ``text`` (bytes).

    >>> reader_peak("x" * 65536) // 2**20
    48
    """
    return READER_FLOOR + READER_PER_BYTE * len(text.encode())


@lru_cache(maxsize=1)
def lz_run() -> str:
    """LZ-string base64 data of a JSON object holding 24 Mi spaces (13 KiB; made once
    with ``LZString.compressToBase64``, kept in ``data/``)."""
    return (DATA / "lz_run_24m.txt").read_text().strip()


def _grow(text: str, how: str, size: int) -> str:
    if how == "repeat":
        return (text + "\n") * max(1, size // (len(text) + 1))
    if how == "line":
        return text[:40] + "1" * size
    if how == "deep":
        return "[" * (size // 2) + "]" * (size // 2)
    if how == "number":
        return '{"size": 9, "grid": [' + "9" * size + "]}"
    if how == "cages":
        cages = ",".join(f'{{"kind": "killer", "cells": [{i % 81}], "sum": {1 + i % 9}}}'
                         for i in range(size // 48))
        return '{"rules": {"size": 9, "constraints": [' + cages + ']}, "grid": "' + \
            "." * 81 + '"}'
    if how == "fpuzzles-bomb":
        return "https://f-puzzles.com/?load=" + lz_run()
    if how == "sudokupad-bomb":
        return "https://sudokupad.app/?puzzleid=scl" + lz_run()
    if how == "fpuzzles-json":
        rows = ",".join("[" + ",".join("{}" for _ in range(size // 64 or 1)) + "]"
                        for _ in range(64))
        return '{"size": 9, "grid": [' + rows + "]}"
    return text


@st.composite
def texts(draw: st.DrawFn) -> str:
    """A text of at most :data:`TEXT_BYTES` bytes."""
    base = draw(st.sampled_from(seeds()))
    how = draw(st.sampled_from(("as-is", "repeat", "repeat", "line", "deep", "number",
                                "cages", "fpuzzles-bomb", "sudokupad-bomb",
                                "fpuzzles-json")))
    size = draw(st.sampled_from((1000, 16 * 1024, TEXT_BYTES - 200)))
    text = _grow(base, how, size)
    if draw(st.booleans()):
        pos = draw(st.integers(0, len(text)))
        text = text[:pos] + draw(st.sampled_from(("\x00", "é", "]", "{", "9" * 50, "\n"))) \
            + text[pos:]
    while len(text.encode()) > TEXT_BYTES:
        text = text[: len(text) * 9 // 10]
    return text


def _readers() -> dict[str, Callable[[str], Any]]:
    import shudu
    from shudu.formats import iter_records
    from shudu.formats.fpuzzles import read_fpuzzles
    from shudu.formats.sudokupad import read_sudokupad

    return {"shudu.parse": shudu.parse,
            "(lambda t: list(shudu.formats.iter_records(t)))":
                lambda t: list(iter_records(t)),
            "shudu.formats.fpuzzles.read_fpuzzles": read_fpuzzles,
            "shudu.formats.sudokupad.read_sudokupad": read_sudokupad}


def measured(call: Call, peak_cap: int, what: str) -> Call:
    """The call with its Python allocations and resident-size growth measured and held
    to ``peak_cap`` bytes and :data:`RSS_GROWTH`."""
    seen: dict[str, Any] = {}
    inner = call.invoke

    def run() -> Any:
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        tracemalloc.start()
        try:
            return inner()
        finally:
            seen["peak"] = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            seen["rss"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - before
            _check_memory(seen, peak_cap, what)

    def check(result: Any) -> str | None:
        return seen.get("problem") or call.check(result)

    wrapped = Call(call.name, call.fn, call.args, call.kwargs, bound=call.bound, check=check,
                   tail=call.tail, consume=call.consume, quiet_timeout=call.quiet_timeout,
                   expect_ok=False, allowed=call.allowed, errors=call.errors)
    wrapped.invoke = run  # type: ignore[method-assign]
    return wrapped


class MemoryOver(Exception):
    """A call went over its memory cap (raised from the measurement, so it is a finding
    even when the call itself then failed)."""


def _check_memory(seen: dict[str, Any], cap: int, what: str) -> None:
    if seen["peak"] > cap:
        raise MemoryOver(f"{what}: {seen['peak'] / 2**20:.1f} MiB of Python allocations, "
                         f"cap {cap / 2**20:.0f} MiB")
    if seen["rss"] > RSS_GROWTH:
        raise MemoryOver(f"{what}: the resident size grew by {seen['rss'] / 2**20:.0f} MiB, "
                         f"cap {RSS_GROWTH / 2**20:.0f} MiB")


@contextmanager
def session(target: str) -> Iterator[None]:
    """Nothing to start."""
    yield None


def calls(target: str, strict: bool, ctx: None) -> st.SearchStrategy[Call]:
    """Reader calls on texts up to 64 KiB and engine calls, each measured."""
    from . import engine

    readers = _readers()

    @st.composite
    def reader_call(draw: st.DrawFn) -> Call:
        name = draw(st.sampled_from(sorted(readers)))
        return _reader_call(name, readers[name], draw(texts()), strict)

    engine_call = engine.engine_calls(strict).map(
        lambda c: measured(c, ENGINE_PEAK, "a search call"))
    return st.one_of(reader_call(), engine_call)


def _reader_call(name: str, fn: Callable[[str], Any], text: str, strict: bool) -> Call:
    """A reader on a text, measured; it may raise only shudu's own errors."""
    from shudu.errors import ShuduError

    call = Call(name, fn, (Expr(_text_code(text), lambda: text),),
                bound=READER_SECONDS[strict], errors=(ShuduError,))
    return measured(call, reader_peak(text), f"{len(text.encode())} bytes of text")


def _text_code(text: str) -> str:
    """Short Python text for a long text: its runs written as repetitions."""
    if len(text) < 300:
        return repr(text)
    out, i = [], 0
    while i < len(text):
        j = i
        while j < len(text) and text[j] == text[i]:
            j += 1
        if j - i > 20:
            out.append(f"{text[i]!r} * {j - i}")
            i = j
        else:
            k = i
            while k < len(text) and not text[k:k + 21] == text[k] * 21:
                k += 1
            out.append(repr(text[i:k]))
            i = k
    return " + ".join(out) if len(out) < 40 else f"json.loads({json.dumps(json.dumps(text))})"



def edges(target: str, strict: bool, ctx: None) -> list[Call]:
    """Fixed reader calls run once at the start of every run: both inflating links and an
    ipuz text whose ``kind`` is a number."""
    readers = _readers()
    ipuz = ('{"version": "http://ipuz.org/v2", "kind": 1, "puzzle": '
            '[[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]}')
    texts_ = [("shudu.formats.fpuzzles.read_fpuzzles", _grow("", "fpuzzles-bomb", 0)),
              ("shudu.formats.sudokupad.read_sudokupad", _grow("", "sudokupad-bomb", 0)),
              ("shudu.parse", _grow("", "sudokupad-bomb", 0))]
    out = [_reader_call(name, readers[name], text, strict) for name, text in texts_]

    def parse_ipuz(text: str) -> Any:
        import shudu

        return shudu.parse(text, format="ipuz")

    out.append(_reader_call("(lambda t: shudu.parse(t, format='ipuz'))", parse_ipuz, ipuz,
                            strict))
    return out
