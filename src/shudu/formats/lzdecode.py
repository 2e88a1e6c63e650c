"""LZ-String decompression with bounds, in time linear in its output.

f-puzzles and SudokuPad links carry their puzzle compressed with LZ-String
(``compressToBase64``).  LZ-String is an LZW variant: every code after the first adds
the previous phrase plus one character to the dictionary, so a link of *k* codes can
name phrases of length up to *k* and expand to about *k*²/2 characters (a 44 KB link
to 150 million).  This decoder reads at most :data:`~shudu.limits.LZ_MAX_INPUT_CHARS`
characters and stops with a :class:`~shudu.errors.ParseError` as soon as its output
passes :data:`~shudu.limits.LZ_MAX_OUTPUT_CHARS`; every other fault of the data (a
character outside the alphabet, a code naming no phrase, data cut short) is a
``ParseError`` too.

Both alphabets are read: base64 (``A-Z a-z 0-9 + /``, ``=`` padding) and the
URI-safe one of ``compressToEncodedURIComponent`` (``-`` for ``/``, ``$`` padding);
a space stands for a ``+`` that a URL turned into one.

>>> decompress("N4IgzglgXgpiBcBOANCA5gJwgEwQbQF0BfIA")
'{"size":9,"grid":[]}'
>>> decompress("N4IgzglgXgpiBcBOANCA")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
shudu.errors.ParseError: expected data as LZ-string compressed base64 (cut short), found ...
"""

from __future__ import annotations

from ..errors import ParseError
from ..limits import LZ_MAX_INPUT_CHARS, LZ_MAX_OUTPUT_CHARS

__all__ = ["decompress"]

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_VALUES = {ch: i for i, ch in enumerate(_ALPHABET)}
_VALUES.update({"-": 63, " ": 62, "=": 0, "$": 0})
_BITS = {ch: format(v, "06b") for ch, v in _VALUES.items()}
"""Each character's six bits, most significant first (the order LZ-String reads them)."""


class _Bits:
    """The data as one string of bits; codes are read least significant bit first."""

    def __init__(self, bits: str) -> None:
        self.bits = bits
        self.pos = 0

    def exhausted(self) -> bool:
        return self.pos >= len(self.bits)

    def read(self, width: int) -> int:
        chunk = self.bits[self.pos:self.pos + width]
        self.pos += width
        return int(chunk[::-1].ljust(width, "0"), 2)   # past the end reads as 0, as in JS


def _fail(data: str, why: str, what: str) -> ParseError:
    shown = data[:20] + ("..." if len(data) > 20 else "")
    return ParseError(f"expected {what} as LZ-string compressed base64 ({why})", found=shown)


def _bits_of(data: str, what: str) -> _Bits:
    if len(data) > LZ_MAX_INPUT_CHARS:
        raise ParseError(f"expected {what} of at most {LZ_MAX_INPUT_CHARS:,} characters",
                         found=f"{len(data):,} characters")
    try:
        return _Bits("".join([_BITS[ch] for ch in data]))
    except KeyError as e:
        raise _fail(data, f"{e.args[0]!r} is not base64", what) from None


def decompress(data: str, what: str = "data") -> str:
    """The text LZ-String's ``decompressFromBase64`` (or
    ``decompressFromEncodedURIComponent``) gives for ``data``, bounded; ``what`` names
    the data in errors.

    >>> decompress("N4IgzglgXgpiBcBOANCA5gJwgEwQbQF0BfIA", "f-puzzles data")[:9]
    '{"size":9'
    >>> decompress("N4Ig*", "f-puzzles data")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: expected f-puzzles data as LZ-string compressed base64 ('*' ...
    """
    if not data:
        raise _fail(data, "no data", what)
    bits = _bits_of(data, what)
    kind = bits.read(2)
    if kind > 1:
        raise _fail(data, "no text" if kind == 2 else "not LZ-string data", what)
    first = chr(bits.read(16 if kind else 8))
    phrases: list[str] = ["", "", "", first]   # codes 0-2 are commands, not phrases
    width = 3
    enlarge = 4
    out = [first]
    size = 1
    previous = first
    while True:
        if bits.exhausted():
            raise _fail(data, "cut short", what)
        code = bits.read(width)
        if code == 2:
            return "".join(out)
        if code < 2:
            phrases.append(chr(bits.read(16 if code else 8)))
            code = len(phrases) - 1
            enlarge -= 1
            if enlarge == 0:
                enlarge = 1 << width
                width += 1
        if code < len(phrases):
            entry = phrases[code]
        elif code == len(phrases):
            entry = previous + previous[0]
        else:
            raise _fail(data, f"code {code} names no phrase", what)
        size += len(entry)
        if size > LZ_MAX_OUTPUT_CHARS:
            raise ParseError(f"expected {what} of at most {LZ_MAX_OUTPUT_CHARS:,} characters "
                             "once decompressed", found=f"more than {LZ_MAX_OUTPUT_CHARS:,}")
        out.append(entry)
        phrases.append(previous + entry[0])
        enlarge -= 1
        previous = entry
        if enlarge == 0:
            enlarge = 1 << width
            width += 1
