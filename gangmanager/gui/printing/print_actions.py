"""Print Preview, Print and Export PDF for a fighter, a selection, or the gang.

`PrintActions` owns the three QActions (with shortcuts) for the main window's
File menu; the window tells it the gang shown and the fighters selected. Each
action asks what to print (`PrintOptionsDialog`), lays it out for the paper
(the printer's, or the chosen one for a PDF) and draws it with the painter
the command line uses. Every dialog is behind an `ask()` tests can replace.

Qt's print support and the layout code are imported when an action is first
used, not before the main window's first paint (docs/performance.md).

The roster sheet lists the territories the gang holds in its running
campaign: `holdings` reads them when a sheet is laid out (by default from the
parent window's `database` and `rulesets`, as the main window has them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox, QWidget

from gangmanager.rules.default_ruleset import DEFAULT_RULESET
from gangmanager.rules.limits import quoted

if TYPE_CHECKING:
    from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog

    from gangmanager.printing.document import PrintRequest
    from gangmanager.printing.painter import QtMeasure
    from gangmanager.printing.roster_sheet import Holdings
    from gangmanager.rules.gang import Gang
    from gangmanager.rules.ruleset import Ruleset


def __getattr__(name: str) -> Any:
    """`page_layout` as before the import moved (tests size their printers with it)."""
    if name == "page_layout":
        from gangmanager.printing.painter import page_layout

        return page_layout
    raise AttributeError(f"module {quoted(__name__)} has no attribute {quoted(name)}")


def _print_errors() -> tuple[type[Exception], ...]:
    """What a layout refuses with: said to the user, nothing printed."""
    from gangmanager.printing.document import PrintError
    from gangmanager.printing.flow import LayoutError

    return (PrintError, LayoutError)


class PrintPreview:
    @staticmethod
    def dialog(
        parent: QWidget | None, printer: QPrinter, paint: Callable[[QPrinter], object]
    ) -> QPrintPreviewDialog:
        """Qt's print preview; it calls `paint` for every redraw (paper changed, zoom...)."""
        from PySide6.QtPrintSupport import QPrintPreviewDialog

        dialog = QPrintPreviewDialog(printer, parent)
        # The dialog draws on the printer until it is gone: keep the printer alive with it.
        dialog._printer = printer  # type: ignore[attr-defined]
        dialog.setWindowTitle("Print Preview")
        dialog.paintRequested.connect(paint)
        return dialog

    @classmethod
    def ask(
        cls, parent: QWidget | None, printer: QPrinter, paint: Callable[[QPrinter], object]
    ) -> bool:
        return cls.dialog(parent, printer, paint).exec() == QDialog.DialogCode.Accepted


class PrinterDialog:
    @classmethod
    def ask(cls, parent: QWidget | None, printer: QPrinter) -> bool:
        from PySide6.QtPrintSupport import QPrintDialog

        return QPrintDialog(printer, parent).exec() == QDialog.DialogCode.Accepted


class PdfFileDialog:
    @classmethod
    def ask(cls, parent: QWidget | None, suggested: Path) -> Path | None:
        name, _ = QFileDialog.getSaveFileName(
            parent, "Export PDF", str(suggested), "PDF files (*.pdf)"
        )
        if not name:
            return None
        path = Path(name)
        return path if path.suffix.lower() == ".pdf" else path.with_name(path.name + ".pdf")


class PrintFailedMessage:
    @classmethod
    def ask(cls, parent: QWidget | None, text: str) -> None:
        QMessageBox.warning(parent, "Print", text)


HoldingsSource = Callable[["Gang"], "Holdings | None"]


def window_holdings(window: object) -> HoldingsSource:
    """The territories of a gang read from the window's database (None: no campaign)."""

    def read(gang: Gang) -> Holdings | None:
        db = getattr(window, "database", None)
        rulesets = getattr(window, "rulesets", None)
        if db is None or rulesets is None or gang.id is None:
            return None
        from gangmanager.services.campaign import held_territories
        from gangmanager.services.errors import ServiceError

        try:
            return held_territories(db, rulesets, str(gang.id))
        except ServiceError:
            return None  # the gang is gone: the sheet still prints, without territories

    return read


class PrintActions(QObject):
    """The File menu's printing actions and what they print."""

    sig_exported = Signal(str)  # the PDF written
    sig_failed = Signal(str)  # one line saying why nothing was printed

    def __init__(self, parent: QWidget, holdings: HoldingsSource | None = None) -> None:
        super().__init__(parent)
        self._parent = parent
        self._holdings = holdings or window_holdings(parent)
        self._gang: Gang | None = None
        self._ruleset: Ruleset | None = None
        self._current: str | None = None
        self._selected: tuple[str, ...] = ()
        self._measure: QtMeasure | None = None
        self.preview_action = QAction("Print Pre&view...", parent)
        self.preview_action.setShortcut(QKeySequence("Ctrl+Shift+P"))
        self.print_action = QAction("&Print...", parent)
        self.print_action.setShortcut(QKeySequence.StandardKey.Print)
        self.export_action = QAction("Export P&DF...", parent)
        self.export_action.setShortcut(QKeySequence("Ctrl+Shift+E"))
        self.blank_action = QAction("Print &blank cards...", parent)
        self.blank_action.setToolTip("Empty fighter cards in the pack's statline, to fill in")
        for action in self.actions():
            action.setEnabled(False)
        self.blank_action.setEnabled(self._blank_ruleset() is not None)
        self.blank_action.triggered.connect(self._on_blank_action_triggered)
        self.preview_action.triggered.connect(self._on_preview_action_triggered)
        self.print_action.triggered.connect(self._on_print_action_triggered)
        self.export_action.triggered.connect(self._on_export_action_triggered)

    def actions(self) -> list[QAction]:
        return [self.preview_action, self.print_action, self.export_action, self.blank_action]

    def set_gang(self, gang: Gang | None, ruleset: Ruleset | None) -> None:
        """The gang shown; a fighter no longer in it is forgotten."""
        self._gang, self._ruleset = gang, ruleset
        names = {f.name for f in gang.fighters} if gang is not None else set()
        current = self._current if self._current in names else None
        self.set_fighters(current, [n for n in self._selected if n in names])

    def set_fighters(self, current: str | None, selected: Sequence[str] = ()) -> None:
        """The fighter in the editor and the fighters selected in the roster."""
        self._current = current
        self._selected = tuple(selected)
        ready = self._gang is not None and self._ruleset is not None
        for action in (self.preview_action, self.print_action, self.export_action):
            action.setEnabled(ready)
        self.blank_action.setEnabled(self._blank_ruleset() is not None)

    # -- what the actions do, callable directly too ------------------------------------

    def ask_request(self) -> PrintRequest | None:
        from gangmanager.gui.printing.print_options_dialog import CardScope, PrintOptionsDialog
        from gangmanager.printing.document import card_fighters

        if self._gang is None:
            return None
        everyone = [f.name for f in card_fighters(self._gang)]
        if self._current is not None:
            scope = CardScope.FIGHTER
        elif self._selected:
            scope = CardScope.SELECTION
        else:
            scope = CardScope.GANG
        return PrintOptionsDialog.ask(self._parent, self._current, self._selected, everyone, scope)

    def preview(self, request: PrintRequest) -> bool:
        return PrintPreview.ask(
            self._parent, self._printer(request), lambda p: self.paint(p, request)
        )

    def print_request(self, request: PrintRequest) -> bool:
        printer = self._printer(request)
        if not PrinterDialog.ask(self._parent, printer):
            return False
        return self.paint(printer, request)

    def export(self, request: PrintRequest, path: Path | None = None) -> Path | None:
        from gangmanager.printing.painter import write_pdf

        gang, ruleset = self._target()
        if path is None:
            path = PdfFileDialog.ask(self._parent, Path.home() / f"{gang.name}.pdf")
            if path is None:
                return None
        try:
            document = request.document(
                gang, ruleset, self.measure(), holdings=self._roster_holdings(request)
            )
            written = write_pdf(document, path)
        except _print_errors() as exc:
            self._fail(str(exc))
            return None
        self.sig_exported.emit(str(written))
        return written

    def paint(self, printer: QPrinter, request: PrintRequest) -> bool:
        """Lay the request out for the printer's paper and draw it there."""
        from gangmanager.printing.painter import paper_from_layout, render

        gang, ruleset = self._target()
        try:
            paper = paper_from_layout(printer.pageLayout())
            holdings = self._roster_holdings(request)
            render(request.document(gang, ruleset, self.measure(), paper, holdings), printer)
        except _print_errors() as exc:
            self._fail(str(exc))
            return False
        return True

    def _roster_holdings(self, request: PrintRequest) -> Holdings | None:
        """Read only for a roster sheet, and anew each time: a campaign moves on."""
        if not request.roster or self._gang is None:
            return None
        return self._holdings(self._gang)

    def measure(self) -> QtMeasure:
        if self._measure is None:
            from gangmanager.printing.painter import QtMeasure

            self._measure = QtMeasure()
        return self._measure

    def _target(self) -> tuple[Gang, Ruleset]:
        if self._gang is None or self._ruleset is None:
            from gangmanager.printing.document import PrintError

            raise PrintError("no gang to print")
        return self._gang, self._ruleset

    def _printer(self, request: PrintRequest) -> QPrinter:
        from PySide6.QtPrintSupport import QPrinter

        from gangmanager.printing.painter import page_layout

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        # Our layout keeps its own margins; the painter's origin is the paper's corner.
        printer.setFullPage(True)
        printer.setPageLayout(page_layout(request.paper))
        if self._gang is not None:
            printer.setDocName(self._gang.name)
        return printer

    def _fail(self, message: str) -> None:
        self.sig_failed.emit(message)
        PrintFailedMessage.ask(self._parent, message)

    # -- blank cards ---------------------------------------------------------------------

    def _blank_ruleset(self) -> Ruleset | None:
        """The pack of the gang shown, else the window's default pack."""
        if self._ruleset is not None:
            return self._ruleset
        rulesets = getattr(self._parent, "rulesets", None)
        if rulesets is None:
            return None
        from gangmanager.services.errors import ServiceError

        try:
            return rulesets.get(DEFAULT_RULESET)
        except ServiceError:
            return None

    def print_blank(self, count: int, layout: Any) -> bool:
        """Blank cards in Qt's print preview, laid out for the printer's paper."""
        from PySide6.QtPrintSupport import QPrinter

        from gangmanager.printing.blank_card import blank_document
        from gangmanager.printing.geometry import A4
        from gangmanager.printing.painter import page_layout, paper_from_layout, render

        ruleset = self._blank_ruleset()
        if ruleset is None:
            return False
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setFullPage(True)
        printer.setPageLayout(page_layout(A4))
        printer.setDocName("Blank fighter cards")

        def paint(device: QPrinter) -> bool:
            try:
                paper = paper_from_layout(device.pageLayout())
                render(blank_document(count, ruleset, self.measure(), paper, layout), device)
            except ValueError as exc:  # PrintError, LayoutError, a count out of range
                self._fail(str(exc))
                return False
            return True

        return PrintPreview.ask(self._parent, printer, paint)

    def _on_blank_action_triggered(self) -> None:
        from gangmanager.gui.printing.blank_cards_dialog import BlankCardsDialog

        ruleset = self._blank_ruleset()
        if ruleset is None:
            return
        choice = BlankCardsDialog.ask(self._parent, ruleset.name)
        if choice is not None:
            self.print_blank(*choice)

    # -- slots ---------------------------------------------------------------------------

    def _on_preview_action_triggered(self) -> None:
        request = self.ask_request()
        if request is not None:
            self.preview(request)

    def _on_print_action_triggered(self) -> None:
        request = self.ask_request()
        if request is not None:
            self.print_request(request)

    def _on_export_action_triggered(self) -> None:
        request = self.ask_request()
        if request is not None:
            self.export(request)
