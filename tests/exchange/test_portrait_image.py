"""A picked image becomes a bounded 3:4 portrait; anything else is refused in one line."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from gangmanager.exchange.portrait_image import (
    PORTRAIT_HEIGHT,
    PORTRAIT_WIDTH,
    PortraitError,
    prepare_portrait,
)
from gangmanager.rules.portrait import MAX_PORTRAIT_BYTES, portrait_media_type
from tests.portrait_images import image_bytes, png_claiming


def _open(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


@pytest.mark.parametrize("fmt", ["JPEG", "PNG", "WEBP"])
def test_a_wide_picture_is_cropped_to_a_portrait_and_scaled(fmt: str) -> None:
    out = prepare_portrait(image_bytes((1200, 600), fmt))
    image = _open(out)
    assert image.size == (PORTRAIT_WIDTH, PORTRAIT_HEIGHT)
    assert image.format == "JPEG"  # no transparency: a photo's format
    assert len(out) <= MAX_PORTRAIT_BYTES
    # The centre kept: the seam between the two halves runs down the middle.
    rgb = image.convert("RGB")
    left = rgb.getpixel((10, 160))
    right = rgb.getpixel((230, 160))
    assert isinstance(left, tuple) and isinstance(right, tuple)
    assert left[2] > left[0] and right[0] > right[2]


def test_a_small_picture_is_cropped_but_not_enlarged() -> None:
    image = _open(prepare_portrait(image_bytes((90, 90), "PNG")))
    assert image.size == (67, 90)  # 3:4 out of 90 x 90, not scaled up to 240 x 320


def test_transparency_is_kept_as_png() -> None:
    data = image_bytes((300, 400), "PNG", mode="RGBA", color=(0, 0, 0, 0))
    out = prepare_portrait(data)
    assert portrait_media_type(out) == "image/png"
    assert _open(out).mode == "RGBA"


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"hello, not a picture at all", "not a PNG, JPEG or WebP"),
        (b"GIF89a" + b"\x00" * 40, "not a PNG, JPEG or WebP"),
        (image_bytes((800, 600), "JPEG")[:600], "truncated"),
        (image_bytes((800, 600), "PNG")[:300], "truncated"),
        (png_claiming(100_000, 100_000), "decompression bomb"),
        (png_claiming(9_000, 9_000), "decompression bomb"),
    ],
    ids=["text", "gif", "truncated-jpeg", "truncated-png", "bomb", "bomb-under-pillow-limit"],
)
def test_bad_files_are_refused_in_one_line(data: bytes, words: str) -> None:
    with pytest.raises(PortraitError) as caught:
        prepare_portrait(data)
    message = str(caught.value)
    assert words in message
    assert "\n" not in message and len(message) < 200


def test_a_file_past_the_size_bound_is_refused_before_decoding() -> None:
    with pytest.raises(PortraitError, match="larger than"):
        prepare_portrait(b"\xff\xd8\xff" + b"\x00" * 20_000_001)
