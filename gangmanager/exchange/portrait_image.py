"""A picture a player picks (or a file embeds), made into a stored portrait.

Pillow decodes it, with its plugins limited to PNG, JPEG and WebP and its
decompression-bomb guard turned from a warning into a refusal; a truncated
file fails to load instead of being padded with grey. The image is turned
upright (a phone's EXIF orientation), cropped to 3:4 about its centre and
scaled down to at most 240 x 320 pixels, then written as PNG when it has
transparency, else as JPEG, within `rules.portrait.MAX_PORTRAIT_BYTES`.
"""

from __future__ import annotations

import io
import warnings

from PIL import Image, ImageOps, UnidentifiedImageError

from gangmanager.rules.portrait import (
    MAX_PORTRAIT_BYTES,
    MAX_PORTRAIT_FILE_BYTES,
    portrait_media_type,
)

PORTRAIT_WIDTH = 240
PORTRAIT_HEIGHT = 320
# A photo of a 50-megapixel phone is under this; a bomb claims far more.
MAX_SOURCE_PIXELS = 60_000_000
_FORMATS = ("PNG", "JPEG", "WEBP")


class PortraitError(ValueError):
    """An image that cannot become a portrait; the message is one line."""


def prepare_portrait(data: bytes) -> bytes:
    """The stored portrait made from an image file's bytes; PortraitError if refused."""
    if len(data) > MAX_PORTRAIT_FILE_BYTES:
        raise PortraitError(
            f"the image is {len(data):,} bytes, larger than {MAX_PORTRAIT_FILE_BYTES:,}"
        )
    if portrait_media_type(data) is None:
        raise PortraitError("not a PNG, JPEG or WebP image")
    image = _decoded(data)
    image = _cropped(ImageOps.exif_transpose(image))
    image.thumbnail((PORTRAIT_WIDTH, PORTRAIT_HEIGHT), Image.Resampling.LANCZOS)
    return _encoded(image)


def check_portrait(data: bytes) -> bytes:
    """A portrait read from a file: decoded in full, kept byte for byte when it is
    already portrait-sized (so a gang file round-trips), else prepared again."""
    if portrait_media_type(data) is None:
        raise PortraitError("not a PNG, JPEG or WebP image")
    image = _decoded(data)
    width, height = image.size
    if width <= PORTRAIT_WIDTH and height <= PORTRAIT_HEIGHT and len(data) <= MAX_PORTRAIT_BYTES:
        return data
    return prepare_portrait(data)


def _decoded(data: bytes) -> Image.Image:
    with warnings.catch_warnings():
        # Pillow only warns between its limit and twice it: here that is a refusal too.
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            image = Image.open(io.BytesIO(data), formats=_FORMATS)
            width, height = image.size
            if width * height > MAX_SOURCE_PIXELS:
                raise PortraitError(
                    f"the image claims {width} x {height} pixels, more than"
                    f" {MAX_SOURCE_PIXELS:,}: refused as a possible decompression bomb"
                )
            image.load()
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise PortraitError(
                "the image claims too many pixels: refused as a possible decompression bomb"
            ) from None
        except UnidentifiedImageError:
            raise PortraitError("not a PNG, JPEG or WebP image Pillow can read") from None
        except (OSError, SyntaxError, ValueError, EOFError) as exc:
            # Pillow says "image file is truncated", "broken data stream"...
            reason = " ".join(str(exc).split())[:120] or type(exc).__name__
            raise PortraitError(f"the image is damaged or truncated ({reason})") from None
    return image


def _cropped(image: Image.Image) -> Image.Image:
    """The largest 3:4 box about the centre."""
    width, height = image.size
    if width * PORTRAIT_HEIGHT > height * PORTRAIT_WIDTH:  # too wide
        new_width = max(1, height * PORTRAIT_WIDTH // PORTRAIT_HEIGHT)
        left = (width - new_width) // 2
        return image.crop((left, 0, left + new_width, height))
    new_height = max(1, width * PORTRAIT_HEIGHT // PORTRAIT_WIDTH)
    top = (height - new_height) // 2
    return image.crop((0, top, width, top + new_height))


def _has_alpha(image: Image.Image) -> bool:
    if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info:
        alpha = image.convert("RGBA").getchannel("A")
        low = alpha.getextrema()[0]  # one band: (lowest, highest)
        return isinstance(low, int | float) and low < 255
    return False


def _encoded(image: Image.Image) -> bytes:
    if _has_alpha(image):
        out = io.BytesIO()
        image.convert("RGBA").save(out, format="PNG", optimize=True)
        if out.tell() <= MAX_PORTRAIT_BYTES:
            return out.getvalue()
        # Too big as PNG (a noisy picture): flattened on white, as JPEG.
        flat = Image.new("RGB", image.size, "white")
        flat.paste(image.convert("RGBA"), mask=image.convert("RGBA").getchannel("A"))
        image = flat
    rgb = image.convert("RGB")
    for quality in (85, 70, 50, 30):
        out = io.BytesIO()
        rgb.save(out, format="JPEG", quality=quality, optimize=True)
        if out.tell() <= MAX_PORTRAIT_BYTES:
            return out.getvalue()
    raise PortraitError("the image does not fit a portrait's size bound")  # pragma: no cover
