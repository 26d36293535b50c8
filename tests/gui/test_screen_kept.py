"""Sizing a window to its screen never costs the application that screen.

The post-battle wizard crashed the test run now and then while making a window (in
QWizard's, QPlainTextEdit's or a button's constructor): the QScreen was gone. Asked
with `QWidget.screen()`, PySide files the QScreen as a child of the widget; when the
garbage collector then clears the QScreen's wrapper before the window's (a wizard whose
pages hold it is collected in one cycle, and the wrapper, made for an earlier window,
is the older), the wrapper takes the QScreen as its own and deletes it.

In a new process: the crash would take the test worker with it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from gangmanager.gui.common import screen_fit

CHILD = """
import gc, json
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QDialog, QPushButton
from gangmanager.gui.common.screen_fit import open_size
app = QApplication([])
class Window(QDialog):
    def __init__(self):
        super().__init__()
        self.me = self  # the cycle a wizard's pages make by holding the wizard
        open_size(self, 900, 600)
        self.opened = (self.width(), self.height())
first = Window()
second = Window()
sizes = [first.opened, second.opened]
del first, second
gc.collect()
button = QPushButton("after")
button.show()
app.processEvents()
area = QGuiApplication.primaryScreen().availableGeometry()
print(json.dumps({"screens": len(QGuiApplication.screens()), "sizes": sizes,
                  "area": [area.width(), area.height()]}))
"""


def test_windows_sized_to_the_screen_and_collected_leave_the_screen_alive() -> None:
    env = os.environ | {"QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-X", "faulthandler", "-c", CHILD],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout)
    assert seen["screens"] == 1
    # Both windows were sized to that screen, less the window frame.
    width, height = seen["area"]
    frame = screen_fit.FRAME
    wanted = [min(900, width - frame.width()), min(600, height - frame.height())]
    assert seen["sizes"] == [wanted, wanted]
