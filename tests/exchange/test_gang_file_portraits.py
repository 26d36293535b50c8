"""Gang files carry portraits as base64 and give them back byte for byte."""

from __future__ import annotations

import base64
import io
import json

import pytest
from PIL import Image

from gangmanager.exchange.errors import ImportFileError
from gangmanager.exchange.gang_file import dump_gang_file, load_gang_file
from gangmanager.exchange.portrait_image import prepare_portrait
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.profile import Profile
from tests.portrait_images import image_bytes, png_claiming


def _gang() -> Gang:
    return Gang(
        name="Rats",
        portrait=prepare_portrait(image_bytes((500, 500), "PNG")),
        fighters=[
            Fighter(
                name="Pip",
                profile=Profile.model_validate({}),
                portrait=prepare_portrait(image_bytes()),
            ),
            Fighter(name="Nobody", profile=Profile.model_validate({})),
        ],
    )


def _file(**fighter_keys: object) -> dict[str, object]:
    fighter = {"name": "Pip", "profile": {}, **fighter_keys}
    return {"format": "gangmanager/gang", "version": 1, "name": "Rats", "fighters": [fighter]}


def test_portraits_round_trip_byte_for_byte() -> None:
    gang = _gang()
    text = dump_gang_file(gang)
    body = json.loads(text)
    assert base64.b64decode(body["portrait"]) == gang.portrait
    assert "portrait" not in body["fighters"][1]  # none: no key, as before
    again = load_gang_file(body, "rats.gang.json")
    assert again.portrait == gang.portrait
    assert again.fighters[0].portrait == gang.fighters[0].portrait
    assert again.fighters[1].portrait is None
    assert dump_gang_file(again) == text


def test_a_gang_without_portraits_writes_no_key() -> None:
    text = dump_gang_file(
        Gang(name="Rats", fighters=[Fighter(name="Pip", profile=Profile.model_validate({}))])
    )
    assert "portrait" not in text


def test_a_large_embedded_picture_is_scaled_on_the_way_in() -> None:
    big = image_bytes((900, 1200), "JPEG")
    gang = load_gang_file(_file(portrait=base64.b64encode(big).decode()), "f.gang.json")
    assert gang.fighters[0].portrait is not None
    assert Image.open(io.BytesIO(gang.fighters[0].portrait)).size == (240, 320)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (image_bytes()[:500], "truncated"),
        (png_claiming(80_000, 80_000), "decompression bomb"),
        (b"just some text", "PNG, JPEG or WebP"),
    ],
    ids=["truncated", "bomb", "not-an-image"],
)
def test_a_bad_image_in_a_file_is_refused_with_its_path(data: bytes, words: str) -> None:
    raw = _file(portrait=base64.b64encode(data).decode())
    with pytest.raises(ImportFileError) as caught:
        load_gang_file(raw, "f.gang.json")
    message = str(caught.value)
    assert message.startswith("f.gang.json: fighters[0].portrait: ")
    assert words in message and "\n" not in message


def test_text_that_is_not_base64_is_refused() -> None:
    with pytest.raises(ImportFileError, match=r"fighters\[0\]\.portrait: .*base64"):
        load_gang_file(_file(portrait="%%%"), "f.gang.json")
