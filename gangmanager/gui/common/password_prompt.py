"""Ask for a server password when PGPASSWORD and ~/.pgpass did not give one.

The password is used for this connection only: it is never stored in the
settings or the recent-databases list, which keep the URL without it.
"""

from __future__ import annotations

from PySide6.QtWidgets import QInputDialog, QLineEdit, QWidget


def ask_password(prompt: str, parent: QWidget | None = None) -> str | None:
    text, ok = QInputDialog.getText(
        parent, "Gang Manager - password", prompt, QLineEdit.EchoMode.Password
    )
    return text if ok and text else None
