"""Small questions the battle view asks: confirm a deletion, was the burn damaging."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget


class ConfirmDialog(QMessageBox):
    """A yes/no question with a named accept button."""

    def __init__(self, title: str, text: str, accept: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setIcon(QMessageBox.Icon.Warning)
        self.setWindowTitle(title)
        self.setText(text)
        self.accept_button = self.addButton(accept, QMessageBox.ButtonRole.AcceptRole)
        self.cancel_button = self.addButton(QMessageBox.StandardButton.Cancel)
        self.setDefaultButton(self.cancel_button)

    @classmethod
    def ask(cls, parent: QWidget | None, title: str, text: str, accept: str) -> bool:
        dialog = cls(title, text, accept, parent)
        dialog.exec()
        return dialog.clickedButton() is dialog.accept_button


class BlazeHitDialog(QMessageBox):
    """Did the burn hit cause damage?"""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setIcon(QMessageBox.Icon.Question)
        self.setWindowTitle("Blaze hit")
        self.setText(text + "\n\nDid the hit cause damage?")
        self.damaged_button = self.addButton("Damage caused", QMessageBox.ButtonRole.YesRole)
        self.no_damage_button = self.addButton("No damage", QMessageBox.ButtonRole.NoRole)
        self.addButton(QMessageBox.StandardButton.Cancel)

    @classmethod
    def ask(cls, parent: QWidget | None, text: str) -> bool | None:
        """True: damaged, False: no damage, None: cancelled."""
        dialog = cls(text, parent)
        dialog.exec()
        clicked = dialog.clickedButton()
        if clicked is dialog.damaged_button:
            return True
        if clicked is dialog.no_damage_button:
            return False
        return None
