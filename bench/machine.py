"""The machine a run was measured on, for the table's heading and docs/performance.md."""

from __future__ import annotations

import os
import platform
import sqlite3
import sys
from pathlib import Path


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def describe() -> list[str]:
    import PySide6
    from PySide6.QtCore import qVersion

    return [
        f"CPU: {cpu_model()}, {os.cpu_count()} cores (nproc)",
        f"System: {platform.system()} {platform.release()} ({platform.machine()})",
        f"Python {sys.version.split()[0]}, PySide6 {PySide6.__version__}, Qt {qVersion()},"
        f" SQLite {sqlite3.sqlite_version}",
    ]
