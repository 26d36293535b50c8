"""Where the shipped card fonts live (`resources/fonts/`), found like the ruleset packs."""

from __future__ import annotations

from pathlib import Path

from gangmanager.resources import resource_dir

# Family names as the font files declare them.
SANS = "DejaVu Sans"
SANS_CONDENSED = "DejaVu Sans Condensed"


def fonts_dir() -> Path:
    """`resources/fonts`, found like the ruleset packs (`gangmanager.resources`)."""
    return resource_dir("fonts")


def font_files() -> list[Path]:
    return sorted(fonts_dir().glob("*.ttf"))
