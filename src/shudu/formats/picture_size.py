"""The width and height a picture file declares, read from its header alone.

A picture is refused before it is decoded when it has more pixels than
:data:`~shudu.limits.PICTURE_MAX_PIXELS`: a few hundred kilobytes of PNG can unpack to
gigabytes.  Pure Python (no NumPy, no OpenCV), so the web server can use it too.  The
formats read are those the photo reader decodes: PNG, JPEG, GIF, BMP, WebP, TIFF and
PNM (PBM, PGM, PPM, PAM); other formats are measured with Pillow when it is installed.

>>> png = bytes.fromhex("89504e470d0a1a0a0000000d49484452") + (20000).to_bytes(4, "big") * 2
>>> picture_size(png)
('PNG', 20000, 20000)
>>> try:
...     check_pixels(png)
... except PictureTooLarge as e:
...     print(e)
the picture is 20000×20000 (400,000,000 pixels); at most ...
"""

from __future__ import annotations

import io
import re
import struct
from collections.abc import Callable

from ..errors import ParseError
from ..limits import PICTURE_MAX_PIXELS

__all__ = ["PictureTooLarge", "check_pixels", "picture_size"]

Size = tuple[str, int, int]


class PictureTooLarge(ParseError):
    """A picture with more pixels than the cap; ``width``, ``height`` and ``limit`` say
    how many.

    >>> e = PictureTooLarge(9000, 9000, 50_000_000, source="photo.png")
    >>> print(e)   # doctest: +NORMALIZE_WHITESPACE
    photo.png: the picture is 9000×9000 (81,000,000 pixels); at most 50,000,000
    pixels are read
    """

    def __init__(self, width: int, height: int, limit: int, *,
                 source: str | None = None) -> None:
        self.width = width
        self.height = height
        self.limit = limit
        super().__init__(f"a picture of at most {limit:,} pixels", found=f"{width}×{height}",
                         source=source)

    def _message(self) -> str:
        text = (f"the picture is {self.width}×{self.height} ({self.width * self.height:,} "
                f"pixels); at most {self.limit:,} pixels are read")
        return f"{self.source}: {text}" if self.source else text


def _png(data: bytes) -> Size | None:
    if data[12:16] != b"IHDR" or len(data) < 24:
        return None
    width, height = struct.unpack(">II", data[16:24])
    return "PNG", width, height


_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}   # frame headers, not DHT/JPG/DAC


def _jpeg(data: bytes) -> Size | None:
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        if marker == 0xFF:   # fill byte
            i += 1
            continue
        if marker in _SOF:
            height, width = struct.unpack(">HH", data[i + 5:i + 9])
            return "JPEG", width, height
        if marker == 0x01 or 0xD0 <= marker <= 0xD9:   # markers without a length
            i += 2
            continue
        i += 2 + struct.unpack(">H", data[i + 2:i + 4])[0]
    return None


def _gif(data: bytes) -> Size | None:
    width, height = struct.unpack("<HH", data[6:10])
    return "GIF", width, height


def _bmp(data: bytes) -> Size | None:
    if len(data) < 26:
        return None
    if struct.unpack("<I", data[14:18])[0] == 12:   # the old OS/2 header: 16-bit sides
        width, height = struct.unpack("<HH", data[18:22])
    else:
        width, height = struct.unpack("<ii", data[18:26])
    return "BMP", abs(width), abs(height)


def _webp(data: bytes) -> Size | None:
    chunk = data[12:16]
    if chunk == b"VP8X" and len(data) >= 30:
        width = int.from_bytes(data[24:27], "little") + 1
        height = int.from_bytes(data[27:30], "little") + 1
    elif chunk == b"VP8L" and len(data) >= 25:
        bits = int.from_bytes(data[21:25], "little")
        width, height = (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    elif chunk == b"VP8 " and len(data) >= 30:
        width, height = (v & 0x3FFF for v in struct.unpack("<HH", data[26:30]))
    else:
        return None
    return "WebP", width, height


def _tiff(data: bytes) -> Size | None:
    order = "<" if data[:2] == b"II" else ">"
    big = struct.unpack(order + "H", data[2:4])[0] == 43
    offset_format, count_format, entry = ("Q", "Q", 20) if big else ("I", "H", 12)
    try:
        start = struct.unpack_from(order + offset_format, data, 8 if big else 4)[0]
        count = struct.unpack_from(order + count_format, data, start)[0]
        first = start + struct.calcsize(count_format)
        sides: dict[int, int] = {}
        for k in range(min(count, 4096)):
            tag, kind = struct.unpack_from(order + "HH", data, first + k * entry)
            if tag in (256, 257):   # ImageWidth, ImageLength: SHORT or LONG
                value_at = first + k * entry + (12 if big else 8)
                sides[tag] = struct.unpack_from(order + ("H" if kind == 3 else "I"), data,
                                                value_at)[0]
    except struct.error:
        return None
    if 256 not in sides or 257 not in sides:
        return None
    return "TIFF", sides[256], sides[257]


_PNM_FIELD = re.compile(rb"(?:\s+|#[^\n]*\n?)*(\d+)")
_PAM_SIDE = re.compile(rb"^(WIDTH|HEIGHT)\s+(\d+)", re.MULTILINE)


def _pnm(data: bytes) -> Size | None:
    head = data[:4096]
    if head[:2] == b"P7":
        sides = {k: int(v) for k, v in _PAM_SIDE.findall(head)}
        if b"WIDTH" not in sides or b"HEIGHT" not in sides:
            return None
        return "PNM", sides[b"WIDTH"], sides[b"HEIGHT"]
    width = _PNM_FIELD.match(head, 2)
    height = _PNM_FIELD.match(head, width.end()) if width else None
    if width is None or height is None:
        return None
    return "PNM", int(width.group(1)), int(height.group(1))


_READERS: list[tuple[Callable[[bytes], bool], Callable[[bytes], Size | None]]] = [
    (lambda d: d[:8] == b"\x89PNG\r\n\x1a\n", _png),
    (lambda d: d[:2] == b"\xff\xd8", _jpeg),
    (lambda d: d[:6] in (b"GIF87a", b"GIF89a"), _gif),
    (lambda d: d[:2] == b"BM", _bmp),
    (lambda d: d[:4] == b"RIFF" and d[8:12] == b"WEBP", _webp),
    (lambda d: d[:4] in (b"II*\x00", b"MM\x00*", b"II+\x00", b"MM\x00+"), _tiff),
    (lambda d: len(d) > 2 and d[:1] == b"P" and d[1:2] in b"1234567" and d[2:3].isspace(),
     _pnm),
]


def _pillow_size(data: bytes) -> Size | None:
    """The size Pillow reads from the header (it decodes nothing yet), if installed."""
    try:
        from PIL import Image
    except ImportError:
        return None
    try:
        with Image.open(io.BytesIO(data)) as image:
            width, height = image.size
            return str(image.format), width, height
    except Exception:
        return None


def picture_size(data: bytes) -> Size | None:
    """The format, width and height ``data`` declares, or ``None`` when its header is
    not one of a picture format known here (nor to Pillow, when installed).

    >>> picture_size(b"GIF89a" + bytes([0x40, 0x01, 0xF0, 0x00]))
    ('GIF', 320, 240)
    >>> picture_size(b"P5\\n# made by hand\\n640 480\\n255\\n")
    ('PNM', 640, 480)
    >>> picture_size(b"not a picture") is None, picture_size(b"GIF87a") is None
    (True, True)
    """
    for looks_like, read in _READERS:
        if looks_like(data):
            try:
                found = read(data)
            except (struct.error, IndexError, ValueError):   # a header cut short
                found = None
            return found or _pillow_size(data)
    return _pillow_size(data)


def check_pixels(data: bytes, limit: int = PICTURE_MAX_PIXELS, *,
                 source: str | None = None) -> Size | None:
    """Raise :class:`PictureTooLarge` when ``data`` declares more than ``limit`` pixels;
    else its :func:`picture_size` (``None`` when unknown: the decoder says what is wrong).

    >>> try:
    ...     check_pixels(b"GIF89a" + bytes([0x40, 0x01, 0xF0, 0x00]), limit=1000)
    ... except PictureTooLarge as e:
    ...     print(e)
    the picture is 320×240 (76,800 pixels); at most 1,000 ...
    """
    size = picture_size(data)
    if size is not None and size[1] * size[2] > limit:
        raise PictureTooLarge(size[1], size[2], limit, source=source)
    return size
