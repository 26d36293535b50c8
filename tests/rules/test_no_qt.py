"""The rules core (and the pack loader) never pull in Qt or SQLAlchemy."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Import the package and every module in it, then look at sys.modules.
SCRIPT = """
import importlib
import pkgutil
import sys
import {module} as package
for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
    importlib.import_module(info.name)
loaded = sorted(name for name in ("PySide6", "sqlalchemy") if name in sys.modules)
print(",".join(loaded))
"""


@pytest.mark.parametrize("module", ["gangmanager.rules", "gangmanager.content"])
def test_import_loads_no_qt_and_no_sqlalchemy(module: str) -> None:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(module=module)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=True,
    )
    assert result.stdout.strip() == "", f"{module} imported {result.stdout.strip()}"
