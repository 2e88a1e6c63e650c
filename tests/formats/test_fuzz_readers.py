"""Mutated inputs of every format: the readers raise only shudu's own errors.

Each example takes a valid text of one format and applies a few edits (insert, delete
or replace characters, among them carriage returns, tabs, NUL, non-ASCII letters and
very long runs), then feeds it to every reader entry point.  Structure-aware examples
replace a value deep inside the JSON of a puzzle (json, ipuz, f-puzzles, SudokuPad) by
one of another type, a huge number or deep nesting, then give it as JSON or as a link
compressed again; others cut or mutate the compressed data of links.  Anything but a
:class:`~shudu.errors.ShuduError` escaping is a bug.  The examples are derandomized, so
every run replays the same ones; ``SHUDU_FUZZ_EXAMPLES`` sets how many each test runs
(e.g. 20000 for a long local run).
"""

from __future__ import annotations

import io
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lzstring import LZString

import shudu
from shudu.errors import ShuduError
from shudu.formats import (
    FORMATS,
    WRITE_FORMATS,
    argument_error,
    iter_records,
    parse_pencilmarks,
    read_file,
    write,
    write_many,
)
from shudu.formats.killer import read_cage_string
from shudu.values.grid import Grid
from shudu.values.rules import Rules

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "formats"
KILLER_FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "killer_published.txt"
INKALA = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
SEVENTEEN = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"


def _seeds() -> list[str]:
    g = Grid(INKALA)
    small = Grid("1......2..3..4..", rules=Rules(4))
    grids = [f for f in WRITE_FORMATS if not f.startswith("killer")   # cages, no givens
             and f != "sudokuwiki"]
    seeds = [write(g, fmt) for fmt in grids]
    seeds += [write_many([g, Grid(SEVENTEEN)], fmt) for fmt in grids]
    killer = KILLER_FIXTURE.read_text(encoding="utf-8").split("\n")
    seeds += [line.split()[0] for line in killer if line[:1] not in ("#", "")][::7]
    seeds.append("\n".join(line.split()[0] for line in killer if line[:1] not in ("#", "")))
    caged = read_cage_string(killer[8].split()[0])   # every cell in a cage
    seeds += [write(caged, "sudokuwiki"), write(caged, "ipuz"), write(caged, "sudokupad")]
    seeds += [write(small, fmt) for fmt in ("line", "grid", "json", "csv", "pencilmarks")]
    seeds += [path.read_text() for path in sorted(FIXTURES.iterdir()) if path.is_file()]
    collections = FIXTURES.parent / "collections"
    seeds += [path.read_text(encoding="utf-8") for path in sorted(collections.iterdir())]
    seeds += [
        "Grid 01\n" + "\n".join(SEVENTEEN[i : i + 9] for i in range(0, 81, 9)),
        "\n".join("\t".join(SEVENTEEN[i : i + 9]) for i in range(0, 81, 9)),
        f'id,puzzle,name\n1,"{INKALA}",first\n2,{SEVENTEEN},"second, quoted"\n',
        ":0000:1:" + INKALA.replace(".", "0") + ":::",
        "# comment\n" + INKALA + " 9.2/1.2/1.2\n// another\n" + SEVENTEEN + "\n",
        write(Grid("." * 81, rules=Rules(diagonals=True, anti_knight=True)), "csv"),
        '{"rules": {"size": 6, "box": [2, 3]}, "grid": [' + ", ".join(["0"] * 36) + "]}",
        "\n".join(" ".join(["10"] + ["0"] * 15) for _ in range(16)),
    ]
    return seeds


SEEDS = _seeds()
SPECIAL = ["\r", "\n", "\t", "\x00", "\ufeff", "\u2028", "é", "数", "|", ",", ";", '"', "#",
           "[", "]", "{", "}", ":", "+", "-", " ", "0", "9", "A", "x"]
chars = st.one_of(
    st.sampled_from(SPECIAL),
    st.characters(blacklist_categories=("Cs",)),
    st.sampled_from(["1" * 3000, "." * 5000, "\r\n" * 50, "\t" * 40]),
)
edit = st.tuples(st.sampled_from(["insert", "delete", "replace"]), st.floats(0, 1), chars)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(SEEDS))
    for kind, where, ch in draw(st.lists(edit, min_size=1, max_size=4)):
        pos = min(int(where * len(text)), len(text))
        if kind == "insert":
            text = text[:pos] + ch + text[pos:]
        elif kind == "delete":
            text = text[:pos] + text[pos + len(ch) :]
        else:
            text = text[:pos] + ch + text[pos + 1 :]
    return text


EXAMPLES = int(os.environ.get("SHUDU_FUZZ_EXAMPLES", "120"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def only_shudu_errors(call: Callable[[], object]) -> None:
    try:
        call()
    except ShuduError:
        pass


@FUZZ
@given(mutated(), st.sampled_from([None, *FORMATS]))
def test_parse_and_grid_raise_only_shudu_errors(text: str, fmt: str | None) -> None:
    only_shudu_errors(lambda: shudu.parse(text, format=fmt))
    only_shudu_errors(lambda: shudu.parse(text, format=fmt, check=False))
    only_shudu_errors(lambda: Grid(text, format=fmt))
    only_shudu_errors(lambda: parse_pencilmarks(text, format=fmt))
    only_shudu_errors(lambda: argument_error(text, format=fmt))


@FUZZ
@given(mutated(), st.sampled_from([None, *FORMATS]))
def test_iter_records_on_text_and_streams(text: str, fmt: str | None) -> None:
    only_shudu_errors(lambda: list(iter_records(text, format=fmt)))
    only_shudu_errors(lambda: list(iter_records(io.StringIO(text), format=fmt)))
    for record in _records(lambda: list(iter_records(text, format=fmt))):
        assert record.error is None or isinstance(record.error, ShuduError)


def _records(call: Callable[[], list[shudu.Record]]) -> list[shudu.Record]:
    try:
        return call()
    except ShuduError:
        return []


_TMP = tempfile.TemporaryDirectory(prefix="shudu-fuzz-")


@pytest.fixture(scope="module", autouse=True)
def _cleanup() -> object:
    yield
    _TMP.cleanup()


@FUZZ
@given(mutated(), st.sampled_from(["txt", "sdm", "csv", "tsv", "sdk", "ss", "json", "pm"]))
def test_read_file_raises_only_shudu_errors(text: str, ext: str) -> None:
    path = Path(_TMP.name) / f"fuzz.{ext}"
    path.write_text(text, encoding="utf-8", newline="")
    for record in _records(lambda: read_file(path)):
        assert record.error is None or isinstance(record.error, ShuduError)


@FUZZ
@given(mutated(), st.lists(st.tuples(st.floats(0, 1), st.binary(min_size=1, max_size=3)),
                           max_size=3),
       st.sampled_from(["txt", "sdm", "csv", "json"]))
def test_files_with_bytes_not_utf8_raise_only_shudu_errors(
        text: str, junk: list[tuple[float, bytes]], ext: str) -> None:
    data = text.encode("utf-8")
    for where, chunk in junk:
        pos = int(where * len(data))
        data = data[:pos] + chunk + data[pos:]
    path = Path(_TMP.name) / f"bytes.{ext}"
    path.write_bytes(data)
    for record in _records(lambda: read_file(path)):
        assert record.error is None or isinstance(record.error, ShuduError)
    only_shudu_errors(lambda: list(iter_records(io.TextIOWrapper(
        io.BytesIO(data), encoding="utf-8", errors="surrogateescape"))))


@settings(FUZZ, max_examples=max(80, EXAMPLES // 2))
@given(mutated())
def test_solve_and_count_raise_only_shudu_errors(text: str) -> None:
    only_shudu_errors(lambda: shudu.solve(text))
    only_shudu_errors(lambda: shudu.count(text))


# ---------------------------------------------------------------------- structure-aware
FIXTURE_DIR = Path(__file__).resolve().parents[1] / "fixtures"
LINK_PREFIX = {"fpuzzles": "https://f-puzzles.com/?load=", "sudokupad": "https://sudokupad.app/scl"}


def _published_data() -> list[str]:
    """The compressed data of the published f-puzzles and SudokuPad links."""
    out = []
    for name in ("fpuzzles_published.txt", "sudokupad_published.txt"):
        for line in (FIXTURE_DIR / name).read_text(encoding="utf-8").splitlines():
            out += [f for f in line.split() if f.startswith(("N4Ig", "https://"))]
    return out


def _json_seeds() -> list[tuple[str, object]]:
    """Puzzles whose text is JSON, as (format, value): written by shudu and published."""
    from shudu.formats.fpuzzles import to_fpuzzles
    from shudu.formats.sudokupad import to_scl

    caged = read_cage_string(KILLER_FIXTURE.read_text(encoding="utf-8").split("\n")[8].split()[0])
    g = Grid(INKALA)
    seeds: list[tuple[str, object]] = [
        ("json", json.loads(write(g, "json"))), ("json", json.loads(write(caged, "json"))),
        ("json", {"puzzles": [json.loads(write(g, "json"))] * 2}),
        ("json", {"grid": [[0] * 4] * 4, "candidates": [[1, 2]] * 16}),
        ("ipuz", json.loads(write(g, "ipuz"))), ("ipuz", json.loads(write(caged, "ipuz"))),
        ("fpuzzles", to_fpuzzles(g)), ("fpuzzles", to_fpuzzles(caged)),
        ("sudokupad", to_scl(g)), ("sudokupad", to_scl(caged)),
    ]
    for data in _published_data():
        if data.startswith("N4Ig"):
            seeds.append(("fpuzzles", json.loads(LZString.decompressFromBase64(data))))
    return seeds


JSON_SEEDS = _json_seeds()
LINK_SEEDS = _published_data() + [write(Grid(INKALA), f) for f in ("fpuzzles", "sudokupad")]
KEYS = ["cells", "value", "lines", "cell", "given", "rect", "wayPoints", "target", "direction",
        "size", "grid", "puzzle", "kind", "zones", "cages", "regions", "rc", "c", "r", "cloneCells"]


def _nest(depth: int) -> object:
    value: object = 1
    for _ in range(depth):
        value = [value]
    return value


leaves = st.one_of(st.none(), st.booleans(), st.integers(-5, 30), st.text(max_size=3),
                   st.sampled_from(["R1C1", "R10C10", "r1c1", "#FFFFFF", "3x3", "+", "9" * 60]))
hostile = st.one_of(
    st.sampled_from([10**50, -(10**45), 1.5, 1e308, -0.0, 2**63, [], {}, [[]], [None],
                     {"cells": 3}, _nest(70), _nest(30), [[{}] * 9] * 9, [[0] * 9] * 9]),
    leaves,
    st.recursive(leaves, lambda inner: st.lists(inner, max_size=4)
                 | st.dictionaries(st.sampled_from(KEYS), inner, max_size=3), max_leaves=10),
).map(lambda v: json.loads(json.dumps(v)))   # a fresh copy: mutations must not share it


def _mutate(draw: st.DrawFn, value: object) -> object:
    """``value`` with one value somewhere inside replaced, or one key or item dropped."""
    if isinstance(value, (list, dict)) and value and draw(st.integers(0, 4)):
        key = draw(st.sampled_from(list(value.keys()) if isinstance(value, dict)
                                   else list(range(len(value)))))
        if not draw(st.integers(0, 6)):
            del value[key]   # type: ignore[arg-type]
        else:
            value[key] = _mutate(draw, value[key])   # type: ignore[index]
        return value
    if isinstance(value, dict) and not draw(st.integers(0, 3)):
        value[draw(st.sampled_from(KEYS))] = draw(hostile)
        return value
    return draw(hostile)


@st.composite
def structured(draw: st.DrawFn) -> tuple[str, str]:
    """A puzzle's JSON with values of the wrong type inside, as JSON or as a link."""
    fmt, value = draw(st.sampled_from(JSON_SEEDS))
    value = json.loads(json.dumps(value))
    for _ in range(draw(st.integers(1, 3))):
        value = _mutate(draw, value)
    text = json.dumps(value)
    if fmt in LINK_PREFIX and draw(st.booleans()):
        text = LINK_PREFIX[fmt] + LZString.compressToBase64(text)
    return fmt, text


link_chars = st.sampled_from([*"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
                              *"+/=-$% _.~&?#", "%2B", "%ZZ", "é", "\n"])


@st.composite
def broken_link(draw: st.DrawFn) -> str:
    """A link cut short, with characters changed, inserted or dropped."""
    text = draw(st.sampled_from(LINK_SEEDS))
    if draw(st.booleans()):
        text = text[: draw(st.integers(0, len(text)))]
    for _ in range(draw(st.integers(0, 4))):
        pos = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "replace"]))
        ch = draw(link_chars)
        if kind == "insert":
            text = text[:pos] + ch + text[pos:]
        elif kind == "delete":
            text = text[:pos] + text[pos + 1:]
        else:
            text = text[:pos] + ch + text[pos + 1:]
    return text


@FUZZ
@given(structured())
def test_json_of_wrong_types_raises_only_shudu_errors(case: tuple[str, str]) -> None:
    fmt, text = case
    for f in (fmt, None):
        only_shudu_errors(lambda: shudu.parse(text, format=f))   # noqa: B023
        for record in _records(lambda: list(iter_records(text, format=f))):   # noqa: B023
            assert record.error is None or isinstance(record.error, ShuduError)


@FUZZ
@given(broken_link(), st.sampled_from([None, "fpuzzles", "sudokupad"]))
def test_broken_links_raise_only_shudu_errors(text: str, fmt: str | None) -> None:
    only_shudu_errors(lambda: shudu.parse(text, format=fmt))
    only_shudu_errors(lambda: argument_error(text, format=fmt))
    for record in _records(lambda: list(iter_records(text + "\n" + text, format=fmt))):
        assert record.error is None or isinstance(record.error, ShuduError)


def test_carriage_return_in_a_csv_field_is_a_parse_error() -> None:
    text = f"puzzle,note\n{INKALA},a\rb\n"
    (record,) = iter_records(text)
    assert isinstance(record.error, shudu.ParseError)
    assert str(record.error) == (
        "line 2: expected a CSV row (a carriage return inside an unquoted field)"
    )
    with pytest.raises(shudu.ParseError, match="carriage return"):
        shudu.parse(text)
    with pytest.raises(shudu.ParseError, match="carriage return"):
        shudu.parse(f'puzzle\r,"x"\n{INKALA},1\n', format="csv")


def test_huge_numbers_are_parse_errors() -> None:
    ones = "1" * 5000
    with pytest.raises(shudu.ParseError):
        shudu.parse(ones + " 0 0\n" * 16)
    for text in ('{"grid": ' + ones + "}", f"[{ones}]"):
        with pytest.raises(shudu.ParseError, match=r"^line 1: expected a JSON number of at"):
            shudu.parse(text)
    with pytest.raises(shudu.ParseError, match='in column "rules"'):
        shudu.parse(f"puzzle,rules\n{INKALA},\u00b2x\u00b2\n")


values = st.one_of(st.integers(-3, 30), st.none(), st.floats(allow_nan=True), st.text(max_size=2),
                   st.booleans(), st.integers(2**63, 2**70))


@FUZZ
@given(st.one_of(st.binary(max_size=700), st.lists(values, max_size=700)),
       st.sampled_from([None, Rules(4), Rules(9)]))
def test_grid_from_bytes_and_sequences_raises_only_shudu_errors(source: object,
                                                                rules: Rules | None) -> None:
    only_shudu_errors(lambda: Grid(source, rules=rules))  # type: ignore[arg-type]
    only_shudu_errors(lambda: Grid(source, rules=rules, check=False))  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated(), st.sampled_from(["solve", "check", "convert", "explain", "hint", "rate"]),
       st.sampled_from(["argument", "stdin", "file"]))
def test_command_line_input_path_gives_one_line_errors(text: str, command: str,
                                                       how: str) -> None:
    """The command line's input path: any text as an argument, on standard input or in a
    file ends in an answer or ``shudu: error:`` lines and a known exit code, never a
    traceback (the runner re-raises any exception that escapes)."""
    from click.testing import CliRunner

    from shudu.cli import cli

    args = [command, "--timeout", "2"] if command in ("explain", "hint", "rate") else [command]
    if command == "rate":
        args += ["--jobs", "1"]
    stdin = None
    if how == "argument":
        if text.startswith("-") or "\x00" in text:
            text = " " + text.replace("\x00", "")
        args.append(text)
    elif how == "stdin":
        stdin = text
    else:
        path = Path(_TMP.name) / "cli-fuzz.txt"
        path.write_text(text, encoding="utf-8", newline="")
        args.append(str(path))
    result = CliRunner().invoke(cli, args, input=stdin, catch_exceptions=False)
    assert result.exit_code in (0, 1, 2, 3), result.output
    assert "Traceback" not in result.stderr
    assert all(line.startswith("shudu: ") for line in result.stderr.splitlines()
               if line.strip()), result.stderr
