"""Where GUI tests save the pictures they grab.

A test run must leave the checkout as it found it, so the pictures go to a folder of
the temporary directory; `GANGMANAGER_SCREENSHOTS=1` sends them to docs/screenshots/
when the user guide's pictures are refreshed on purpose.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

DOCS_SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def screenshot_dir() -> Path:
    if os.environ.get("GANGMANAGER_SCREENSHOTS") == "1":
        return DOCS_SCREENSHOTS
    folder = Path(tempfile.gettempdir()) / "gangmanager-test-screenshots"
    folder.mkdir(exist_ok=True)
    return folder
