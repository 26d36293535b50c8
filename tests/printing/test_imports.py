"""The layout is pure; the painter needs QtGui only, never QtWidgets."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Every layout module; `painter` (and any other drawing module) may use QtGui.
LAYOUT_MODULES = (
    "blocks",
    "card",
    "card_pages",
    "document",
    "elements",
    "flow",
    "fonts",
    "geometry",
    "roster_sheet",
    "text",
)
PURE = """
import importlib, sys
import gangmanager.printing
for name in {modules!r}:
    importlib.import_module("gangmanager.printing." + name)
print(",".join(sorted(n for n in ("PySide6", "sqlalchemy") if n in sys.modules)))
"""

PAINTER = """
import sys
from pathlib import Path
from PySide6.QtGui import QGuiApplication
app = QGuiApplication([])
from gangmanager.content import load_ruleset
from gangmanager.printing.document import build_document
from gangmanager.printing.painter import QtMeasure, write_pdf
from gangmanager.services.demo import demo_gang
ruleset = load_ruleset("n23")
gang = demo_gang(ruleset)
document = build_document(gang, ruleset, QtMeasure(), fighters=gang.fighters, roster=True)
write_pdf(document, Path(sys.argv[1]))
print(",".join(sorted(n for n in sys.modules if n.startswith("PySide6.QtWidgets"))))
"""


def _run(script: str, *args: str) -> str:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    result = subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=True,
    )
    return result.stdout.strip()


def test_layout_modules_load_no_qt() -> None:
    assert _run(PURE.format(modules=LAYOUT_MODULES)) == ""


def test_painter_prints_without_widgets(tmp_path: Path) -> None:
    target = tmp_path / "gang.pdf"
    assert _run(PAINTER, str(target)) == ""
    assert target.read_bytes().startswith(b"%PDF")
