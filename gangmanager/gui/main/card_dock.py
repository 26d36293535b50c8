"""The main window's card dock: the fighter's card as it will print, beside the editor.

Part of `MainWindow` (gui/main_window.py), which assembles these rooms.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from gangmanager.gui.printing.card_preview import CardPreview

from gangmanager.gui.main.host import MainWindowHost


class CardDock(MainWindowHost):
    def _build_card_dock(self) -> None:
        # The card as it will print, beside the editor; hidden until asked for (F4).
        # Its CardPreview (and the printing code) is built when the dock is first shown.
        self._card_preview: CardPreview | None = None
        self._card_scroll = QScrollArea()
        self._card_scroll.setWidgetResizable(True)
        self.card_dock = QDockWidget("Card as printed", self)
        self.card_dock.setObjectName("card_dock")
        self.card_dock.setWidget(self._card_pane())
        self.card_dock.setMinimumWidth(420)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.card_dock)
        # Floating at a readable size: docked, it would squeeze the editor at 1280x800
        # (it can still be docked by dragging it to the side).
        self.card_dock.setFloating(True)
        self.card_dock.resize(640, 860)
        self.card_dock.hide()
        # Connected once hidden: making the dock float shows it for a moment.
        self.card_dock.visibilityChanged.connect(self._on_card_dock_visibility_changed)
        self.card_action = self.card_dock.toggleViewAction()
        self.card_action.setText("Card &preview")
        self.card_action.setShortcut(QKeySequence("F4"))
        self.addAction(self.card_action)

    @property
    def card_preview(self) -> CardPreview:
        """The card as it will print, showing the fighter in the editor."""
        return self._card_preview or self._build_card_preview()

    def _card_pane(self) -> QWidget:
        """The preview's zoom buttons above it; the keys and Ctrl+wheel work on the card too."""
        pane = QWidget()
        row = QHBoxLayout()
        row.setContentsMargins(4, 2, 4, 0)
        self.card_zoom_label = QLabel("Fit width")
        for text, tip, slot in (
            ("-", "Zoom out (-, Ctrl+wheel)", lambda: self.card_preview.zoom_out()),
            ("+", "Zoom in (+, Ctrl+wheel)", lambda: self.card_preview.zoom_in()),
            (
                "Fit width",
                "The card as wide as the panel (0)",
                lambda: self.card_preview.fit_width(),
            ),
        ):
            button = QToolButton()
            button.setText(text)
            button.setToolTip(tip)
            button.clicked.connect(slot)
            row.addWidget(button)
        row.addWidget(self.card_zoom_label)
        row.addStretch(1)
        layout = QVBoxLayout(pane)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(row)
        layout.addWidget(self._card_scroll, 1)
        return pane

    def _on_card_preview_zoom_changed(self, zoom: float | None) -> None:
        # Pixels per millimetre against the 96-dpi screen's 3.78: shown as a percentage.
        self.card_zoom_label.setText("Fit width" if zoom is None else f"{zoom / 3.78:.0%}")

    def _build_card_preview(self) -> CardPreview:
        from gangmanager.gui.printing.card_preview import CardPreview

        preview = CardPreview()
        preview.sig_zoom_changed.connect(self._on_card_preview_zoom_changed)
        self._card_scroll.setWidget(preview)
        preview.set_fighter(self.fighter, self._ruleset)
        self._card_preview = preview
        return preview

    def _on_card_dock_visibility_changed(self, visible: bool) -> None:
        if visible and self._card_preview is None:
            self._build_card_preview()
