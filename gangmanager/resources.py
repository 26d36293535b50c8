"""Where the shipped `resources/` folders are (ruleset packs, fonts).

`resources/` sits beside the `gangmanager` package in the repository and an
editable install; a frozen build (PyInstaller) puts it under `sys._MEIPASS`,
and a future wheel may ship it inside the package: all are looked for.
"""

from __future__ import annotations

import sys
from pathlib import Path


def resource_dir(name: str) -> Path:
    """`resources/<name>`; the project-root path when none exists (it then holds nothing)."""
    package_dir = Path(__file__).resolve().parent
    project_root_dir = package_dir.parent / "resources" / name
    candidates: list[Path] = []
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        candidates.append(Path(frozen_root) / "resources" / name)
    candidates += [project_root_dir, package_dir / "resources" / name]
    return next((path for path in candidates if path.is_dir()), project_root_dir)
