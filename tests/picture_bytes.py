"""Picture files made in memory for the readers' tests."""

from __future__ import annotations


def png_header(width: int, height: int) -> bytes:
    """A PNG that declares ``width`` × ``height`` grey pixels (its data is cut short)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height,
                                                             8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00" * 4096)))
