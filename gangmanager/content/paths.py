"""Where ruleset packs live: the built-in folder and the user's folder.

Search order is the user's folder first, then the built-in one, so a pack the
user copied (same id) wins over the shipped one.
"""

from __future__ import annotations

import sys
from pathlib import Path

from platformdirs import user_data_dir

APP_NAME = "gangmanager"


def builtin_rulesets_dir() -> Path:
    """`resources/rulesets` beside the `gangmanager` package (repo or editable install).

    A frozen build (PyInstaller) may put `resources/` under `sys._MEIPASS`, and a
    future wheel may ship it inside the package; both are looked for first. When
    none exists, the project-root path is returned (and simply holds no packs).
    """
    package_dir = Path(__file__).resolve().parent.parent
    project_root_dir = package_dir.parent / "resources" / "rulesets"
    candidates: list[Path] = []
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        candidates.append(Path(frozen_root) / "resources" / "rulesets")
    candidates += [project_root_dir, package_dir / "resources" / "rulesets"]
    return next((path for path in candidates if path.is_dir()), project_root_dir)


def user_rulesets_dir() -> Path:
    """`<platformdirs user_data_dir("gangmanager")>/rulesets`: the user's own packs."""
    return Path(user_data_dir(APP_NAME)) / "rulesets"


def default_search_path() -> list[Path]:
    """User folder first (its packs override), then the built-in packs."""
    return [user_rulesets_dir(), builtin_rulesets_dir()]
