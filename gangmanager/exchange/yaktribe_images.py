"""YakTribe's `image` (a ganger) and `gang_image` (the gang): kept or noted, never fetched.

An image the file embeds (a `data:image/...;base64,` URI, or bare base64) becomes
the portrait, checked and scaled like a picked file; one that cannot be used (not
an image, damaged, a decompression bomb, too large) refuses the import in one
line, as any other bad value does. An address is kept as text in the notes and
never fetched: Gang Manager makes no network request.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gangmanager.exchange.errors import ImportFileError, describe_value, json_path
from gangmanager.exchange.portrait_image import PortraitError, prepare_portrait
from gangmanager.rules.portrait import decode_base64_image

# Long enough and only base64's letters: an embedded image rather than an address.
_BARE_BASE64 = re.compile(r"^[A-Za-z0-9+/=\s]{64,}$")
MAX_ADDRESS_CHARS = 300

Where = tuple[str | int, ...]


@dataclass(frozen=True)
class ReadImage:
    portrait: bytes | None = None
    # A line for the notes (the address), "" for none.
    note: str = ""
    # A line for the import report, "" for none.
    report: str = ""


def read_image(value: object, where: Where, source: str) -> ReadImage:
    if value is None or (isinstance(value, str) and not value.strip()):
        return ReadImage()
    if not isinstance(value, str):
        raise ImportFileError(
            source,
            json_path(where),
            f"expected text (an address or an image), got {describe_value(value)}",
        )
    text = value.strip()
    if text.startswith("data:") or _BARE_BASE64.match(text):
        try:
            portrait = prepare_portrait(decode_base64_image(text))
        except (PortraitError, ValueError) as exc:
            raise ImportFileError(source, json_path(where), f"image refused: {exc}") from None
        return ReadImage(portrait, "", "portrait: the embedded image was kept")
    address = " ".join(text.split())[:MAX_ADDRESS_CHARS]
    return ReadImage(
        None,
        f"YakTribe image: {address} (an address, not fetched).",
        f"image at {address} kept as a note (an address: not fetched)",
    )
