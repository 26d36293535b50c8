"""A gang's or fighter's portrait as the rules core holds it: image bytes, bounded.

The bytes are already scaled and cropped (`exchange.portrait_image` does that
with Pillow on the way in); here they are only told apart by their first bytes
(PNG, JPEG or WebP), bounded in size, and written into gang files as base64.
No decoding happens in the rules core.
"""

from __future__ import annotations

import base64
import binascii
from typing import Annotated

from pydantic import BeforeValidator, PlainSerializer, WithJsonSchema

# A stored portrait is at most this many bytes (a 240 x 320 JPEG is about 25 KB);
# the gang file and the database refuse more.
MAX_PORTRAIT_BYTES = 200_000
# The image file a player picks may be larger: it is scaled down on the way in.
MAX_PORTRAIT_FILE_BYTES = 20_000_000

PNG = "image/png"
JPEG = "image/jpeg"
WEBP = "image/webp"


def portrait_media_type(data: bytes) -> str | None:
    """PNG, JPEG or WebP by the file's signature; None for anything else."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return PNG
    if data.startswith(b"\xff\xd8\xff"):
        return JPEG
    if len(data) >= 12 and data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return WEBP
    return None


def portrait_data_uri(data: bytes) -> str:
    """`data:image/png;base64,...`: the portrait inlined in a web page."""
    media = portrait_media_type(data)
    if media is None:
        raise ValueError("not a PNG, JPEG or WebP image")
    return f"data:{media};base64,{base64.b64encode(data).decode('ascii')}"


def decode_base64_image(text: str) -> bytes:
    """The bytes of base64 text or of a `data:image/...;base64,` URI; ValueError if neither."""
    body = text.strip()
    if body.startswith("data:"):
        header, comma, body = body.partition(",")
        if not comma or not header.endswith(";base64"):
            raise ValueError("a data URI of an image must be base64 (data:image/png;base64,...)")
    if len(body) > MAX_PORTRAIT_FILE_BYTES * 4 // 3 + 4:
        raise ValueError(f"the image is larger than {MAX_PORTRAIT_FILE_BYTES:,} bytes")
    try:
        return base64.b64decode("".join(body.split()), validate=True)
    except (binascii.Error, ValueError):
        raise ValueError("not base64 image data") from None


def _checked(value: object) -> object:
    if isinstance(value, str):  # a gang file: base64 or a data URI
        value = decode_base64_image(value)
    if not isinstance(value, bytes | bytearray):
        return value  # pydantic names the wrong type
    data = bytes(value)
    if portrait_media_type(data) is None:
        raise ValueError("a portrait is a PNG, JPEG or WebP image")
    if len(data) > MAX_PORTRAIT_BYTES:
        raise ValueError(
            f"a portrait of {len(data):,} bytes is larger than {MAX_PORTRAIT_BYTES:,} bytes"
        )
    return data


def _base64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


# The model field: bytes in Python, base64 text in JSON (the gang file).
PortraitBytes = Annotated[
    bytes,
    BeforeValidator(_checked),
    PlainSerializer(_base64, return_type=str, when_used="json-unless-none"),
    WithJsonSchema(
        {
            "type": "string",
            "contentEncoding": "base64",
            "description": "A PNG, JPEG or WebP image, base64"
            f" (at most {MAX_PORTRAIT_BYTES:,} bytes decoded).",
        }
    ),
]
