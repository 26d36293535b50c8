"""The portrait field: image bytes in Python, base64 in a gang file, bounded."""

from __future__ import annotations

import base64

import pytest
from pydantic import ValidationError

from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.portrait import (
    MAX_PORTRAIT_BYTES,
    portrait_data_uri,
    portrait_media_type,
)
from gangmanager.rules.profile import Profile

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 20
JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 20
WEBP = b"RIFF\x10\x00\x00\x00WEBPVP8 " + b"\x00" * 8


def _fighter(**extra: object) -> Fighter:
    return Fighter.model_validate({"name": "Pip", "profile": Profile.model_validate({}), **extra})


def test_media_types_by_signature() -> None:
    assert portrait_media_type(PNG) == "image/png"
    assert portrait_media_type(JPEG) == "image/jpeg"
    assert portrait_media_type(WEBP) == "image/webp"
    assert portrait_media_type(b"GIF89a") is None


def test_data_uri() -> None:
    assert portrait_data_uri(JPEG) == "data:image/jpeg;base64," + base64.b64encode(JPEG).decode()
    with pytest.raises(ValueError, match="not a PNG"):
        portrait_data_uri(b"<svg/>")


def test_bytes_in_python_base64_in_json_and_back() -> None:
    gang = Gang(name="Rats", portrait=PNG, fighters=[_fighter(portrait=JPEG)])
    assert gang.portrait == PNG and gang.fighters[0].portrait == JPEG
    dumped = gang.model_dump(mode="json")
    assert dumped["portrait"] == base64.b64encode(PNG).decode()
    assert dumped["fighters"][0]["portrait"] == base64.b64encode(JPEG).decode()
    again = Gang.model_validate_json(gang.model_dump_json(), strict=True)
    assert again == gang
    # A data URI reads the same.
    assert _fighter(portrait=portrait_data_uri(WEBP)).portrait == WEBP


def test_no_portrait_is_none() -> None:
    assert _fighter().portrait is None
    assert Gang(name="Rats").model_dump(mode="json")["portrait"] is None


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (b"GIF89a" + b"\x00" * 10, "PNG, JPEG or WebP"),
        (PNG + b"\x00" * MAX_PORTRAIT_BYTES, "larger than"),
        ("not base64 at all!", "not base64"),
        ("data:image/png,rawtext", "must be base64"),
    ],
)
def test_refused(value: object, words: str) -> None:
    with pytest.raises(ValidationError, match=words):
        _fighter(portrait=value)
