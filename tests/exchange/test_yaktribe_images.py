"""YakTribe's `image` and `gang_image`: an embedded image kept, an address noted, never fetched."""

from __future__ import annotations

import base64
import io
import socket

import pytest
from PIL import Image

from gangmanager.exchange.errors import ImportFileError
from gangmanager.exchange.yaktribe import import_yaktribe
from tests.portrait_images import image_bytes, png_claiming

from .test_yaktribe import ORLOCKS, RULESET, orlocks_data


def _with_images(gang_image: str, image: str) -> dict:
    data = orlocks_data()
    data["gang"]["gang_image"] = gang_image
    data["gang"]["gangers"][0]["image"] = image
    return data


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the import opened a network connection")

    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket.socket, "connect", refuse)


def test_embedded_images_become_portraits_and_the_report_says_so(no_network: None) -> None:
    uri = "data:image/png;base64," + base64.b64encode(image_bytes((300, 300), "PNG")).decode()
    bare = base64.b64encode(image_bytes((1000, 1400), "JPEG")).decode()
    gang, report = import_yaktribe(_with_images(uri, bare), ORLOCKS.name, RULESET)
    assert gang.portrait is not None and gang.fighters[0].portrait is not None
    assert Image.open(io.BytesIO(gang.fighters[0].portrait)).size == (240, 320)
    assert Image.open(io.BytesIO(gang.portrait)).size == (225, 300)
    text = report.text()
    assert "portrait: the embedded image was kept" in text
    assert text.count("the embedded image was kept") == 2
    assert all(f.portrait is None for f in gang.fighters[1:])


def test_an_address_is_kept_as_a_note_and_never_fetched(no_network: None) -> None:
    address = "https://yaktribe.games/community/media/pip.jpg"
    gang, report = import_yaktribe(_with_images(address, address), ORLOCKS.name, RULESET)
    assert gang.portrait is None and gang.fighters[0].portrait is None
    assert f"YakTribe image: {address} (an address, not fetched)." in gang.notes
    assert f"YakTribe image: {address} (an address, not fetched)." in gang.fighters[0].notes
    assert report.text().count(f"image at {address} kept as a note") == 2


def test_empty_images_say_nothing() -> None:
    gang, report = import_yaktribe(orlocks_data(), ORLOCKS.name, RULESET)
    assert gang.portrait is None and "image" not in report.text()


@pytest.mark.parametrize(
    ("image", "words"),
    [
        (
            "data:image/png;base64," + base64.b64encode(png_claiming(90_000, 90_000)).decode(),
            "bomb",
        ),
        ("data:image/jpeg;base64," + base64.b64encode(image_bytes()[:300]).decode(), "truncated"),
        ("data:image/png;base64,@@@", "base64"),
        ("data:text/plain;base64," + base64.b64encode(b"hello" * 20).decode(), "PNG, JPEG"),
    ],
    ids=["bomb", "truncated", "not-base64", "not-an-image"],
)
def test_a_bad_embedded_image_refuses_the_import_in_one_line(image: str, words: str) -> None:
    with pytest.raises(ImportFileError) as caught:
        import_yaktribe(_with_images("", image), ORLOCKS.name, RULESET)
    message = str(caught.value)
    assert "gang.gangers[0].image: image refused: " in message
    assert words in message and "\n" not in message
