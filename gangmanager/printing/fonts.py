"""Where the shipped card fonts live (`resources/fonts/`), found like the ruleset packs."""

from __future__ import annotations

import sys
from pathlib import Path

# Family names as the font files declare them.
SANS = "DejaVu Sans"
SANS_CONDENSED = "DejaVu Sans Condensed"


def fonts_dir() -> Path:
    """`resources/fonts` beside the package, or inside a frozen build / the package."""
    package_dir = Path(__file__).resolve().parent.parent
    project_root_dir = package_dir.parent / "resources" / "fonts"
    candidates: list[Path] = []
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        candidates.append(Path(frozen_root) / "resources" / "fonts")
    candidates += [project_root_dir, package_dir / "resources" / "fonts"]
    return next((path for path in candidates if path.is_dir()), project_root_dir)


def font_files() -> list[Path]:
    return sorted(fonts_dir().glob("*.ttf"))
