"""Just enough PNG reading for the browser test: the distinct colours of a non-interlaced 8-bit RGB(A) image."""

from __future__ import annotations

import struct
import zlib


def colours(png: bytes) -> set[bytes]:
    """Every distinct pixel value (3 or 4 bytes) of an 8-bit truecolour PNG such as Chromium's screenshots."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    chunks: dict[bytes, bytes] = {}
    offset = 8
    while offset < len(png):
        (length,) = struct.unpack(">I", png[offset : offset + 4])
        kind = png[offset + 4 : offset + 8]
        chunks[kind] = chunks.get(kind, b"") + png[offset + 8 : offset + 8 + length]
        offset += 12 + length
    width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert depth == 8 and colour_type in (2, 6) and interlace == 0, "only 8-bit RGB or RGBA, not interlaced"
    size = 3 if colour_type == 2 else 4
    stride = width * size
    raw = zlib.decompress(chunks[b"IDAT"])
    previous = bytearray(stride)
    seen: set[bytes] = set()
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - size] if i >= size else 0
            up = previous[i]
            corner = previous[i - size] if i >= size else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                line[i] = (line[i] + paeth(left, up, corner)) & 0xFF
        seen.update(bytes(line[x : x + size]) for x in range(0, stride, size))
        previous = line
    return seen


def paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c
