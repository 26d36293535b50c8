"""Qt hands back loosely typed values (a QObject, a QWizardPage, a model's `object`); the GUI
tests take them as the kind they expect, and a value of another kind fails the test here."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWizard, QWizardPage

Page = TypeVar("Page", bound=QWizardPage)
Value = TypeVar("Value")


def current_page(wizard: QWizard, kind: type[Page]) -> Page:
    """The page the wizard shows."""
    page = wizard.currentPage()
    assert isinstance(page, kind), f"the wizard shows {type(page).__name__}, not {kind.__name__}"
    return page


def action_menu(action: QAction) -> QMenu:
    """The menu a menu bar's action opens."""
    menu = action.menu()
    assert isinstance(menu, QMenu), f"{action.text()!r} opens no menu"
    return menu


def role_data(
    model: QAbstractItemModel, index: QModelIndex, role: Qt.ItemDataRole, kind: type[Value]
) -> Value:
    """What the model gives for `role` at `index`."""
    value = model.data(index, role)
    assert isinstance(value, kind), f"{role.name}: {value!r} is not a {kind.__name__}"
    return value
