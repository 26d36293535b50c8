"""Printing in the window: the card preview, the options dialog, preview, print, export."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest

from PySide6.QtCore import QPoint, Qt
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewWidget
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QWidget

from gangmanager.content import load_ruleset
from gangmanager.gui.printing import print_actions
from gangmanager.gui.printing.card_preview import CardPreview
from gangmanager.gui.printing.print_actions import PrintActions
from gangmanager.gui.printing.print_options_dialog import CardScope, PrintOptionsDialog
from gangmanager.printing.card_pages import CardLayout
from gangmanager.printing.document import PrintRequest
from gangmanager.printing.geometry import A4, LETTER
from gangmanager.printing.painter import QtMeasure
from gangmanager.rules.gang import Gang
from gangmanager.rules.ruleset import Ruleset
from gangmanager.services.demo import demo_gang

from ..printing.stress import STRESS_NAME, stress_ruleset, with_stress_fighter
from ..printing.test_layout_fits import assert_fits


@pytest.fixture
def ruleset() -> Ruleset:
    return stress_ruleset(load_ruleset("n23"))


@pytest.fixture
def gang(ruleset: Ruleset) -> Gang:
    return with_stress_fighter(demo_gang(ruleset), ruleset)


def click(qtbot, button: QWidget) -> None:
    """Click a radio button or check box on its indicator (its centre may be empty space)."""
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=QPoint(8, button.height() // 2))


def pdf_text(path: Path) -> tuple[pypdf.PdfReader, str]:
    reader = pypdf.PdfReader(path)
    return reader, " ".join(" ".join(p.extract_text() for p in reader.pages).split())


# -- the card preview the fighter editor embeds -----------------------------------------


def test_card_preview_shows_every_face_of_the_card(qtbot, gang: Gang, ruleset: Ruleset) -> None:
    preview = CardPreview()
    qtbot.addWidget(preview)
    assert preview.faces == [] and preview.message == "No fighter selected."
    preview.set_fighter(gang.fighter("Mags Varga"), ruleset)
    assert len(preview.faces) == 1
    one_face = preview.heightForWidth(700)
    preview.set_fighter(gang.fighter(STRESS_NAME), ruleset)
    assert len(preview.faces) >= 2
    assert preview.heightForWidth(700) > 1.9 * one_face
    measure = QtMeasure()
    for face in preview.faces:
        assert_fits(face, measure)
    texts = [t.text for face in preview.faces for t in face.drawing.texts]
    assert texts.count(STRESS_NAME) == 1
    preview.resize(700, preview.heightForWidth(700))
    preview.show()
    qtbot.waitExposed(preview)
    image = preview.grab().toImage()
    # Something dark (text) is drawn on the white card.
    assert any(
        image.pixelColor(x, y).lightness() < 60
        for x in range(0, image.width(), 3)
        for y in range(0, min(image.height(), 120), 3)
    )
    preview.set_fighter(None, None)
    assert preview.faces == []


# -- what to print ------------------------------------------------------------------


def test_card_preview_zooms_with_ctrl_wheel_keys_and_fits_the_width_again(
    qtbot, gang: Gang, ruleset: Ruleset
) -> None:
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    preview = CardPreview()
    qtbot.addWidget(preview)
    preview.set_fighter(gang.fighter("Mags Varga"), ruleset)
    preview.resize(500, preview.heightForWidth(500))
    preview.show()
    fitted = preview.scale()
    with qtbot.waitSignal(preview.sig_zoom_changed):
        qtbot.keyClick(preview, Qt.Key.Key_Plus)
    assert preview.scale() == pytest.approx(fitted * 1.25)
    assert preview.minimumWidth() > 500  # wider than the panel: it scrolls
    wheel = QWheelEvent(
        QPointF(10, 10), QPointF(10, 10), QPoint(), QPoint(0, -120),
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.ControlModifier,
        Qt.ScrollPhase.NoScrollPhase, False,
    )  # fmt: skip
    QApplication.sendEvent(preview, wheel)
    QApplication.sendEvent(preview, wheel)
    assert preview.scale() == pytest.approx(fitted / 1.25)
    qtbot.keyClick(preview, Qt.Key.Key_Minus)
    assert preview.scale() == pytest.approx(fitted / 1.25 / 1.25)
    qtbot.keyClick(preview, Qt.Key.Key_0)
    assert preview.zoom is None and preview.minimumWidth() == 320
    preview.resize(500, 300)  # as the scroll area around it does
    assert preview.scale() == pytest.approx(fitted)


def test_options_dialog_builds_the_request_from_clicks_and_keys(qtbot) -> None:
    dialog = PrintOptionsDialog("Pip", ["Pip", "Rook"], ["Mags Varga", "Pip", "Rook"])
    qtbot.addWidget(dialog)
    dialog.show()
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert dialog.scope() is CardScope.FIGHTER
    assert dialog.request() == PrintRequest(fighters=("Pip",))

    click(qtbot, dialog.scope_buttons[CardScope.NONE])
    assert not ok.isEnabled()
    click(qtbot, dialog.roster_check)
    assert ok.isEnabled()
    click(qtbot, dialog.scope_buttons[CardScope.SELECTION])
    qtbot.keyClick(dialog.layout_combo, Qt.Key.Key_Down)
    qtbot.keyClick(dialog.paper_combo, Qt.Key.Key_Down)
    click(qtbot, dialog.footnotes_check)
    assert dialog.request() == PrintRequest(
        fighters=("Pip", "Rook"),
        roster=True,
        layout=CardLayout.PAGE,
        paper=LETTER,
        footnotes=False,
    )
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted


def test_options_dialog_without_a_fighter_starts_on_the_gang(qtbot) -> None:
    dialog = PrintOptionsDialog(None, [], ["Mags Varga"], CardScope.FIGHTER)
    qtbot.addWidget(dialog)
    assert not dialog.scope_buttons[CardScope.FIGHTER].isEnabled()
    assert not dialog.scope_buttons[CardScope.SELECTION].isEnabled()
    assert dialog.scope() is CardScope.GANG
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert dialog.result() == QDialog.DialogCode.Rejected


def test_the_shared_glossary_is_on_for_every_fighter_until_the_player_sets_it(qtbot) -> None:
    dialog = PrintOptionsDialog("Pip", ["Pip", "Rook"], ["Mags Varga", "Pip", "Rook"])
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.glossary_check.isChecked()  # one fighter: the card keeps its own
    click(qtbot, dialog.scope_buttons[CardScope.GANG])
    assert dialog.glossary_check.isChecked()
    assert dialog.request().shared_glossary
    click(qtbot, dialog.glossary_check)  # the player's choice stays
    click(qtbot, dialog.scope_buttons[CardScope.FIGHTER])
    click(qtbot, dialog.scope_buttons[CardScope.GANG])
    assert not dialog.request().shared_glossary
    click(qtbot, dialog.scope_buttons[CardScope.NONE])
    assert not dialog.glossary_check.isEnabled()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert dialog.result() == QDialog.DialogCode.Rejected


# -- the actions ------------------------------------------------------------------


@pytest.fixture
def actions(qtbot, gang: Gang, ruleset: Ruleset) -> PrintActions:
    window = QWidget()
    qtbot.addWidget(window)
    printing = PrintActions(window)
    for action in printing.actions():
        window.addAction(action)
    assert not any(a.isEnabled() for a in printing.actions())
    printing.set_gang(gang, ruleset)
    printing.set_fighters("Pip", ["Pip", "Rook"])
    assert all(a.isEnabled() for a in printing.actions())
    return printing


def test_export_pdf_of_the_selection_with_the_shortcut(
    qtbot, actions: PrintActions, tmp_path: Path, monkeypatch
) -> None:
    asked: list[tuple[str | None, tuple[str, ...], list[str], CardScope]] = []

    def fake_options(cls, parent, fighter, selected, everyone, scope):
        asked.append((fighter, tuple(selected), list(everyone), scope))
        return PrintRequest(fighters=tuple(selected), roster=True)

    target = tmp_path / "selection.pdf"
    monkeypatch.setattr(PrintOptionsDialog, "ask", classmethod(fake_options))
    monkeypatch.setattr(print_actions.PdfFileDialog, "ask", classmethod(lambda *_: target))
    window = actions.parent()
    assert isinstance(window, QWidget)
    window.show()
    with qtbot.waitActive(window):
        window.activateWindow()
    with qtbot.waitSignal(actions.sig_exported) as exported:
        qtbot.keyClick(
            window,
            Qt.Key.Key_E,
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
        )
    assert exported.args == [str(target)]
    assert asked[0][0] == "Pip" and asked[0][1] == ("Pip", "Rook")
    assert asked[0][3] is CardScope.FIGHTER
    reader, text = pdf_text(target)
    assert "Territories" in text
    assert text.count("Tess Calder") == 1  # on the roster sheet only
    assert text.count("Rook") == 2  # the roster sheet and the card
    assert len(reader.pages) == 2


def test_print_draws_on_the_printer_for_its_paper(
    actions: PrintActions, tmp_path: Path, monkeypatch
) -> None:
    target = tmp_path / "printed.pdf"

    def to_file(cls, parent, printer: QPrinter) -> bool:
        # The user picked Letter in the print dialog and printed to a file.
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(target))
        printer.setPageLayout(print_actions.page_layout(LETTER))
        return True

    monkeypatch.setattr(print_actions.PrinterDialog, "ask", classmethod(to_file))
    assert actions.print_request(PrintRequest(fighters=(STRESS_NAME,), paper=A4))
    reader, text = pdf_text(target)
    assert {tuple(round(float(v)) for v in p.mediabox[2:]) for p in reader.pages} == {(612, 792)}
    assert text.count(STRESS_NAME) == 1
    assert len(reader.pages) >= 2


def test_print_preview_lays_out_the_request(
    qtbot, actions: PrintActions, gang: Gang, ruleset: Ruleset
) -> None:
    request = PrintRequest(fighters=("Pip",), layout=CardLayout.PAGE, roster=True)
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setFullPage(True)
    printer.setPageLayout(print_actions.page_layout(A4))
    painted: list[bool] = []
    parent = actions.parent()
    assert isinstance(parent, QWidget)
    dialog = print_actions.PrintPreview.dialog(
        parent, printer, lambda p: painted.append(actions.paint(p, request))
    )
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.paintRequested):
        dialog.show()
    assert painted == [True]
    preview = dialog.findChild(QPrintPreviewWidget)
    assert preview is not None and preview.pageCount() == 2


def test_a_fighter_missing_from_the_gang_is_reported(
    actions: PrintActions, tmp_path: Path, monkeypatch
) -> None:
    shown: list[str] = []
    monkeypatch.setattr(
        print_actions.PrintFailedMessage,
        "ask",
        classmethod(lambda cls, p, text: shown.append(text)),
    )
    failures: list[str] = []
    actions.sig_failed.connect(failures.append)
    assert actions.export(PrintRequest(fighters=("Nobody",)), tmp_path / "x.pdf") is None
    assert failures == shown
    assert "has no fighter 'Nobody'" in shown[0]
    assert not (tmp_path / "x.pdf").exists()


def test_cancelled_dialogs_print_nothing(
    actions: PrintActions, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setattr(PrintOptionsDialog, "ask", classmethod(lambda *_: None))
    actions.export_action.trigger()
    actions.print_action.trigger()
    actions.preview_action.trigger()
    monkeypatch.setattr(print_actions.PdfFileDialog, "ask", classmethod(lambda *_: None))
    assert actions.export(PrintRequest(fighters=("Pip",))) is None
    monkeypatch.setattr(print_actions.PrinterDialog, "ask", classmethod(lambda *_: False))
    assert not actions.print_request(PrintRequest(fighters=("Pip",)))
    assert list(tmp_path.iterdir()) == []


def test_a_gang_without_the_current_fighter_forgets_it(
    actions: PrintActions, gang: Gang, ruleset: Ruleset, monkeypatch
) -> None:
    asked: list[tuple[str | None, tuple[str, ...], CardScope]] = []
    monkeypatch.setattr(
        PrintOptionsDialog,
        "ask",
        classmethod(lambda cls, p, f, s, e, scope: asked.append((f, tuple(s), scope))),
    )
    smaller = gang.model_copy(update={"fighters": [f for f in gang.fighters if f.name != "Pip"]})
    actions.set_gang(smaller, ruleset)
    actions.preview_action.trigger()
    assert asked == [(None, ("Rook",), CardScope.SELECTION)]
    actions.set_gang(None, None)
    assert not actions.preview_action.isEnabled()


def test_print_blank_cards_from_the_file_menu_action(
    qtbot, actions: PrintActions, tmp_path: Path, monkeypatch
) -> None:
    from gangmanager.gui.printing.blank_cards_dialog import BlankCardsDialog

    target = tmp_path / "blank.pdf"

    def to_file(cls, parent, printer: QPrinter, paint) -> bool:
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(target))
        return bool(paint(printer))

    monkeypatch.setattr(print_actions.PrintPreview, "ask", classmethod(to_file))
    monkeypatch.setattr(
        BlankCardsDialog, "ask", classmethod(lambda cls, p, pack: (4, CardLayout.CLASSIC))
    )
    assert actions.blank_action in actions.actions() and actions.blank_action.isEnabled()
    actions.blank_action.trigger()
    reader, text = pdf_text(target)
    assert len(reader.pages) == 2
    assert text.count("M WS BS S T W I A Ld Cl Wil Int") == 4
    assert "Pip" not in text


def test_blank_cards_dialog_gives_the_count_and_layout(qtbot) -> None:
    from gangmanager.gui.printing.blank_cards_dialog import BlankCardsDialog

    dialog = BlankCardsDialog("Necromunda (2023 core)")
    qtbot.addWidget(dialog)
    dialog.count.setValue(7)
    dialog.layout_combo.setCurrentIndex(1)
    assert dialog.choice() == (7, CardLayout.PAGE)
