"""Hostile inputs to the readers: each costs bounded time and memory and fails with one
of shudu's own errors (never a Python exception from inside a reader or a library)."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import tracemalloc
from pathlib import Path
from urllib.parse import unquote

import pytest
from lzstring import LZString

import shudu
from shudu import limits
from shudu.errors import ParseError
from shudu.formats.lzdecode import decompress

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def lz_bomb(chars: int) -> str:
    """LZ-String data of about ``chars`` characters: the literals ``{"s`` (so it begins
    ``N4Ig`` as f-puzzles data does), then k codes that each name the phrase the code
    before added, which expand to about k*k/2 characters."""
    bits: list[int] = []
    width, enlarge = 3, 4

    def put(value: int, size: int) -> None:
        bits.extend((value >> i) & 1 for i in range(size))

    def step() -> None:
        nonlocal width, enlarge
        enlarge -= 1
        if enlarge == 0:
            enlarge, width = 1 << width, width + 1

    put(0, 2)
    put(ord("{"), 8)
    for ch in '"s':
        put(0, width)
        put(ord(ch), 8)
        step()
        step()
    code = 8
    while len(bits) < 6 * chars - 40:
        put(code, width)
        code += 1
        step()
    put(2, width)
    bits += [0] * (-len(bits) % 6)
    return "".join(ALPHABET[int("".join(map(str, bits[i:i + 6])), 2)]
                   for i in range(0, len(bits), 6))


def _published_links() -> list[str]:
    links = []
    for name in ("fpuzzles_published.txt", "sudokupad_published.txt"):
        for line in (FIXTURES / name).read_text(encoding="utf-8").splitlines():
            m = re.search(r"N4Ig[A-Za-z0-9+/=%]+", line)
            if m:
                links.append(unquote(m.group()).replace(" ", "+"))
    return links


# ---------------------------------------------------------------------- LZ-String
def test_decoder_agrees_with_lzstring_on_published_links() -> None:
    links = _published_links()
    assert len(links) >= 10
    for data in links:
        assert decompress(data) == LZString.decompressFromBase64(data)


def test_decoder_agrees_with_lzstring_on_random_round_trips() -> None:
    rng = random.Random(7)
    alphabets = ["ab", '{}[]:,"0123456789abc', "".join(map(chr, range(32, 0x3000, 7)))]
    for _ in range(300):
        text = "".join(rng.choice(rng.choice(alphabets)) for _ in range(rng.randint(1, 400)))
        assert decompress(LZString.compressToBase64(text)) == text
        assert decompress(LZString.compressToEncodedURIComponent(text)) == text


def test_decoder_agrees_with_lzstring_on_a_small_bomb() -> None:
    data = lz_bomb(1500)
    assert decompress(data) == LZString.decompressFromBase64(data)


@pytest.mark.parametrize("prefix", ["https://f-puzzles.com/?load=",
                                    "https://sudokupad.app/scl"])
def test_a_link_that_expands_quadratically_fails_fast(prefix: str) -> None:
    link = prefix + lz_bomb(44_000)   # the old decoder: 150 million characters, 590 MB
    tracemalloc.start()
    try:
        with pytest.raises(ParseError, match="at most 4,000,000 characters once decompressed"):
            shudu.parse(link)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 * limits.LZ_MAX_OUTPUT_CHARS


def test_a_link_longer_than_the_cap_is_refused_unread() -> None:
    data = "A" * (limits.LZ_MAX_INPUT_CHARS + 1)
    with pytest.raises(ParseError, match="at most 500,000 characters"):
        shudu.parse("https://f-puzzles.com/?load=N4Ig" + data)


def test_a_bomb_cannot_hang_the_command_line() -> None:
    link = "https://f-puzzles.com/?load=" + lz_bomb(200_000)
    code = ("import shudu, sys\n"
            "try:\n    shudu.parse(sys.stdin.read())\n"
            "except shudu.errors.ParseError as e:\n    print('ParseError', e)\n")
    out = subprocess.run([sys.executable, "-c", code], input=link, capture_output=True,
                         text=True, timeout=60, check=True)
    assert out.stdout.startswith("ParseError")


@pytest.mark.parametrize("link", [
    "https://sudokupad.app/scl1e999N4SwJgXA5A",   # the first code is neither 0, 1 nor 2
    "https://sudokupad.app/sclN4IgzglgXgpiBcBOANCA",   # cut short
    "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA",
    "https://f-puzzles.com/?load=N4IgzglgX%ZZgpiBcBOANCA5gJwgEwQbQF0BfIA",
    "https://sudokupad.app/sclN4Ig_____",
])
def test_broken_links_are_parse_errors(link: str) -> None:
    with pytest.raises(ParseError):
        shudu.parse(link)


# ---------------------------------------------------------------------- JSON
@pytest.mark.parametrize("text", [
    '{"grid": ' + "[" * 5000 + "]" * 5000 + "}",
    "[" * 5000 + "]" * 5000,
    '{"grid": ' + "9" * 5000 + "}",
    '{"grid": "' + "." * 81 + '", "difficulty": ' + "9" * 5000 + "}",
    '{"grid": [NaN]}',
])
def test_deep_or_huge_json_is_a_parse_error(text: str) -> None:
    with pytest.raises(ParseError):
        shudu.parse(text, format="json")


@pytest.mark.parametrize("fmt,text", [
    ("fpuzzles", '{"size": 9, "grid": ' + "[" * 5000 + "]" * 5000 + "}"),
    ("fpuzzles", '{"size": ' + "9" * 5000 + "}"),
    ("sudokupad", '{"cellSize": 50, "cells": ' + "[" * 5000 + "]" * 5000 + "}"),
    ("ipuz", '{"kind": ["http://ipuz.org/sudoku#1"], "puzzle": ' + "[" * 5000 + "]" * 5000
     + "}"),
    ("ipuz", '{"kind": ["http://ipuz.org/sudoku#1"], "empty": ' + "1" * 5000 + "}"),
])
def test_deep_or_huge_json_in_variant_formats(fmt: str, text: str) -> None:
    with pytest.raises(ParseError):
        shudu.parse(text, format=fmt)


# ---------------------------------------------------------------------- wrong shapes
IPUZ = {"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/sudoku#1"],
        "puzzle": [[0] * 9] * 9}


@pytest.mark.parametrize("change", [
    {"kind": 1}, {"kind": "http://ipuz.org/sudoku#1"}, {"kind": [None]},
    {"puzzle": [[{"given": [1]}] * 9] * 9}, {"zones": 5}, {"zones": [5]},
    {"cages": [{"cells": [[1, 1]], "value": "x"}]}, {"cages": 3},
    {"charset": 7, "puzzle": [["x"] * 9] * 9},
    {"zones": [{"cells": [[1, 1], [1, True]]}]}, {"puzzle": [[1e300] * 9] * 9},
])
def test_ipuz_of_wrong_types_is_a_parse_error(change: dict[str, object]) -> None:
    with pytest.raises(ParseError):
        shudu.parse(json.dumps({**IPUZ, **change}), format="ipuz")


@pytest.mark.parametrize("change", [
    {"grid": 3}, {"grid": [[1] * 9] * 9}, {"killercage": [{"cells": 3}]},
    {"arrow": [{"cells": ["R1C1"], "lines": 5}]}, {"negative": 7},
    {"thermometer": [{"lines": [7]}]}, {"killercage": [{"cells": ["R1C1"], "value": [1]}]},
    {"littlekillersum": [{"cell": "R0C0", "direction": 5, "value": "3"}]},
])
def test_fpuzzles_of_wrong_types_is_a_parse_error(change: dict[str, object]) -> None:
    data = {"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)], **change}
    with pytest.raises(ParseError):
        shudu.parse(json.dumps(data), format="fpuzzles")


@pytest.mark.parametrize("data", [
    {"cellSize": 50, "cells": 3}, {"cellSize": 50, "cells": [[{"value": [1]}]]},
    {"cellSize": 50, "cells": [[{}] * 9] * 9, "regions": 5},
    {"cellSize": 50, "cells": [[{}] * 9] * 9, "cages": [{"cells": 5}]},
    {"cellSize": 50, "cells": [[{}] * 9] * 9, "lines": [{"wayPoints": "x"}]},
])
def test_sudokupad_of_wrong_types_is_a_parse_error(data: dict[str, object]) -> None:
    with pytest.raises(ParseError):
        shudu.parse(json.dumps(data), format="sudokupad")


@pytest.mark.parametrize("field", ["9" * 5000, "1²", "٣"])
def test_killer_list_numbers_are_bounded(field: str) -> None:
    with pytest.raises(ParseError, match="expected a number"):
        shudu.parse("3x3::k:" + field + ":" + "0:" * 80)


# ---------------------------------------------------------------------- bytes not UTF-8
EASY = [".73..2........6.37......42.8....1....2.6..9..9.....87.2.941......7.......1.....68",
        "..894.2..........9.5..6..4....7..1.......8..7....54........7.217.....9.8..418..5."]
BAD_LINE = EASY[0][:18].encode() + b"\xff" + EASY[0][19:].encode()


def _one_bad_line() -> bytes:
    lines = [EASY[k % 2].encode() for k in range(20)]
    lines.insert(5, BAD_LINE)
    return b"\n".join(lines) + b"\n"


def test_one_bad_byte_loses_only_its_line(tmp_path: Path) -> None:
    path = tmp_path / "twenty.txt"
    path.write_bytes(_one_bad_line())
    records = shudu.read_file(path)
    assert len(records) == 21 and sum(r.ok for r in records) == 20
    bad = records[5]
    assert bad.line == 6 and str(bad.error) == (
        f"{path}, line 6, column 19: not valid UTF-8 (byte 0xff)")


@pytest.mark.parametrize("command", ["solve", "check", "rate", "convert"])
@pytest.mark.parametrize("how", ["file", "stdin"])
def test_commands_go_on_past_a_line_that_is_not_utf8(tmp_path: Path, command: str,
                                                     how: str) -> None:
    from click.testing import CliRunner

    from shudu.cli import cli

    path = tmp_path / "twenty.txt"
    path.write_bytes(_one_bad_line())
    args = [command, *(["--jobs", "1"] if command == "rate" else [])]
    if how == "file":
        result = CliRunner().invoke(cli, [*args, str(path)], catch_exceptions=False)
        where = str(path)
    else:
        result = CliRunner().invoke(cli, args, input=path.read_bytes(), catch_exceptions=False)
        where = "<stdin>"
    assert f"{where}, line 6, column 19: not valid UTF-8 (byte 0xff)" in result.stderr
    assert "Traceback" not in result.stderr
    answers = [x for x in result.stdout.splitlines() if x.strip() and "line 6" not in x]
    assert len(answers) >= 20, result.stdout


def test_binary_input_gives_one_message_from_a_file_or_stdin(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from shudu.cli import cli

    path = tmp_path / "picture.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 3)
    from_file = CliRunner().invoke(cli, ["check", str(path)])
    from_stdin = CliRunner().invoke(cli, ["check"], input=path.read_bytes())
    assert from_file.exit_code == from_stdin.exit_code != 0
    message = from_file.stderr.strip().replace(str(path), "<stdin>")
    assert message == from_stdin.stderr.strip()
    assert message.endswith("not valid UTF-8 (byte 0x89)"), message
