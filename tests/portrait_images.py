"""Small image files made in memory for the portrait tests."""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image


def image_bytes(
    size: tuple[int, int] = (600, 400),
    fmt: str = "JPEG",
    mode: str = "RGB",
    color: float | tuple[float, ...] | str | None = None,
) -> bytes:
    image = Image.new(mode, size, color if color is not None else (200, 40, 40))
    # A left half of another colour, so a crop about the centre can be seen.
    half = Image.new(mode, (size[0] // 2, size[1]), (20, 20, 160) if mode == "RGB" else None)
    if mode == "RGB":
        image.paste(half, (0, 0))
    out = io.BytesIO()
    image.save(out, format=fmt)
    return out.getvalue()


def png_claiming(width: int, height: int) -> bytes:
    """A tiny PNG whose header claims a huge size: a decompression bomb's shape."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body))
            + kind
            + body
            + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\x00" * 64))
        + chunk(b"IEND", b"")
    )
