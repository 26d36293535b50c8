"""Portraits from picture files: reading the file a player picks.

Setting or clearing a portrait is the roster action `roster.SetPortrait` (with
undo); it checks, crops and scales the bytes (exchange.portrait_image).
"""

from __future__ import annotations

from pathlib import Path

from gangmanager.rules.portrait import MAX_PORTRAIT_FILE_BYTES, portrait_data_uri
from gangmanager.services.errors import ServiceError

__all__ = ["PICTURE_FILTER", "portrait_data_uri", "read_picture"]

# The file dialog's filter.
PICTURE_FILTER = "Pictures (*.png *.jpg *.jpeg *.webp)"


def read_picture(path: Path) -> bytes:
    """The file's bytes, at most MAX_PORTRAIT_FILE_BYTES; ServiceError in one line."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_PORTRAIT_FILE_BYTES + 1)
    except OSError as exc:
        raise ServiceError(f"{path.name}: cannot read ({exc.strerror or exc})") from None
    if len(data) > MAX_PORTRAIT_FILE_BYTES:
        raise ServiceError(
            f"{path.name}: the picture is larger than {MAX_PORTRAIT_FILE_BYTES // 1_000_000} MB"
        )
    return data
