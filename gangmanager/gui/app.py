"""Start the window: open the database (demo gang on first start), show the main window."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMessageBox

from gangmanager.persistence.database import DatabaseError, open_database, resolve_database
from gangmanager.services import gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets


def _sqlite_path(url: str) -> Path | None:
    prefix = "sqlite:///"
    return Path(url[len(prefix) :]) if url.startswith(prefix) else None


def run_app(db_arg: str | None) -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("Gang Manager")
    app.setOrganizationName("gangmanager")
    url = resolve_database(db_arg, os.environ)
    path = _sqlite_path(url)
    first_start = path is not None and (not path.exists() or path.stat().st_size == 0)
    rulesets = Rulesets()
    try:
        db = open_database(url)
        if first_start:
            gangs.add_gang(db, demo_gang(rulesets.get("n23")))
    except (DatabaseError, ServiceError) as exc:
        QMessageBox.critical(None, "Gang Manager", str(exc))
        return 2
    from gangmanager.gui.main_window import MainWindow

    window = MainWindow(db, rulesets)
    window.show()
    try:
        return app.exec()
    finally:
        db.close()
