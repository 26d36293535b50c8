"""The main window: gang list, roster table, header, undo, keyboard, databases, settings."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QLineEdit

from gangmanager.gui.common import recent_databases
from gangmanager.gui.common.receipt_dialog import ReceiptDialog
from gangmanager.gui.main_window import MainWindow
from gangmanager.gui.roster.gang_details_dialog import GangDetailsDialog
from gangmanager.gui.roster.new_fighter_dialog import FighterChoice, NewFighterDialog
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules import ratings, roster_ops
from gangmanager.services import gangs
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present
from .roster_helpers import (
    dump,
    focus,
    recorder,
    select_fighter,
    stored_fighter,
    stored_gang,
)
from .widget_reading import column_of


def _gang_row(window: MainWindow, name: str) -> int:
    model = window.gang_model
    return next(r for r in range(model.rowCount()) if model.index(r, 0).data() == name)


def _click_gang(qtbot, window: MainWindow, name: str) -> None:
    rect = window.gang_view.visualRect(window.gang_model.index(_gang_row(window, name), 0))
    qtbot.mouseClick(window.gang_view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.gang is not None and window.gang.name == name


def test_models_pass_the_model_tester(window: MainWindow, qtmodeltester) -> None:
    qtmodeltester.check(window.gang_model)
    qtmodeltester.check(window.roster_model)
    qtmodeltester.check(window.editor.weapons_model)


def test_the_gang_list_shows_name_house_and_committed_rating(window: MainWindow) -> None:
    model = window.gang_model
    rows = [[model.index(r, c).data() for c in range(3)] for r in range(model.rowCount())]
    assert rows == [
        ["Cinder Wardens", "House Goliath", "580"],
        ["The Rust Riders", "House Orlock", "580"],
    ]
    assert "6 fighters" in model.index(1, 0).data(Qt.ItemDataRole.ToolTipRole)


def test_the_roster_marks_modified_cells_and_pending_ratings(window: MainWindow) -> None:
    model = window.roster_model
    assert model.rowCount() == 6
    names = [model.index(r, 0).data() for r in range(model.rowCount())]
    assert names[0] == "Mags Varga"
    cl = model.index(0, column_of(model, "Cl"))
    assert cl.data() == "4+"
    assert cl.data(Qt.ItemDataRole.FontRole).bold()
    assert cl.data(Qt.ItemDataRole.BackgroundRole) is not None
    assert "Advancement: Cool (+1)" in cl.data(Qt.ItemDataRole.ToolTipRole)
    assert model.index(0, column_of(model, "BS")).data(Qt.ItemDataRole.ToolTipRole) is None
    dex = names.index("Dex Hollow")
    rating = model.index(dex, model.rating_column)
    # The committed rating, with a marker: the lost Limited profile is only pending.
    assert rating.data() == "145 *"
    assert "pending 125 (-20)" in rating.data(Qt.ItemDataRole.ToolTipRole)
    assert model.index(2, model.rating_column).data() == "60"


def test_the_header_shows_committed_values_and_explains_them(
    qtbot, window: MainWindow, monkeypatch
) -> None:
    header = window.header
    assert header.name.text() == "The Rust Riders"
    house = header.house.text().replace("\u00a0", " ")  # parts kept whole when wrapping
    assert "House Orlock" in house and "2023" in house
    assert "Credits 430" in header.facts.text() and "Reputation 1" in header.facts.text()
    assert header.rating.text() == "Gang Rating 580  (pending 560 *)"
    # The pending wealth beside the committed one, and why buying lowers it.
    assert header.wealth.text() == "Wealth 1010  (pending 990 *)"
    assert "Pending 990" in header.wealth.toolTip()
    assert "Buying for a fighter lowers the committed wealth" in header.wealth.toolTip()
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(
        ReceiptDialog, "ask", lambda parent, title, text: shown.append((title, text))
    )
    qtbot.mouseClick(header.rating, Qt.MouseButton.LeftButton)
    title, text = shown[-1]
    assert title == "The Rust Riders: Gang Rating"
    assert "Pending 560 (-20)" in text
    assert "Dex Hollow" in text and "pending 125 (-20)" in text
    # Per item: each fighter's receipt.
    assert "Boltgun" in text and "Road Sergeant (base)" in text
    qtbot.mouseClick(header.wealth, Qt.MouseButton.LeftButton)
    assert shown[-1][1].startswith("Wealth 1010 = Gang Rating 580 + credits 430 + stash 0")
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert shown[-1][0] == "The Rust Riders: Gang Rating"


def test_fighter_rating_breakdown_from_the_table_and_the_card(
    qtbot, window: MainWindow, monkeypatch
) -> None:
    shown: list[str] = []
    monkeypatch.setattr(ReceiptDialog, "ask", lambda parent, title, text: shown.append(text))
    select_fighter(qtbot, window, "Dex Hollow")
    rect = window.roster_view.visualRect(
        window.roster_model.index(1, window.roster_model.rating_column)
    )
    # A real double click: press and release, then the double click.
    qtbot.mouseClick(window.roster_view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(window.roster_view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert shown and "Fighter Rating 145 (committed)" in shown[-1]
    assert "Update Roster" in shown[-1]
    qtbot.mouseClick(window.editor.breakdown, Qt.MouseButton.LeftButton)
    assert len(shown) == 2


def test_switching_gangs_shows_their_roster(qtbot, window: MainWindow) -> None:
    _click_gang(qtbot, window, "Cinder Wardens")
    assert window.header.name.text() == "Cinder Wardens"
    assert window.fighter is not None and window.fighter.name == "Mags Varga"


def test_undo_and_redo_restore_the_database_exactly(qtbot, window: MainWindow) -> None:
    db = window.database
    before = dump(db)
    select_fighter(qtbot, window, "Rook")
    name = window.editor.name
    focus(qtbot, name)
    name.selectAll()
    qtbot.keyClicks(name, "Rookie")
    qtbot.keyClick(name, Qt.Key.Key_Return)
    assert stored_fighter(window, "Rookie").id == present(window.fighter).id
    after = dump(db)
    assert window.undo_action.text() == "&Undo Rename Rook to Rookie"
    focus(qtbot, window.roster_view)
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert dump(db) == before
    assert present(window.fighter).name == "Rook"
    qtbot.keyClick(
        window,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert dump(db) == after
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(window, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert dump(db) == after
    assert present(window.fighter).name == "Rookie"


def test_undo_history_survives_switching_gangs(qtbot, window: MainWindow) -> None:
    db = window.database
    before = dump(db)
    rust_riders = present(window.gang).id
    select_fighter(qtbot, window, "Pip")
    window.editor.xp.setValue(5)
    window.editor.xp.editingFinished.emit()
    assert stored_fighter(window, "Pip").xp == 5
    _click_gang(qtbot, window, "Cinder Wardens")
    window.editor.xp.setValue(2)
    window.editor.xp.editingFinished.emit()
    window.undo_stack.undo()
    window.undo_stack.undo()
    assert dump(db) == before
    # Undoing the first edit brought its gang and fighter back on screen.
    assert present(window.gang).id == rust_riders
    assert present(window.fighter).name == "Pip"


def test_delete_gang_asks_and_undo_brings_it_back_with_its_ids(qtbot, window: MainWindow) -> None:
    db = window.database
    before = dump(db)
    gang = stored_gang(window)
    focus(qtbot, window.gang_view)
    recorder(window).answers = ["Cancel"]
    qtbot.keyClick(window.gang_view, Qt.Key.Key_Delete)
    assert "Delete the gang The Rust Riders and its 6 fighters?" in recorder(window).asked[-1]
    assert dump(db) == before
    recorder(window).answers = ["Delete gang"]
    qtbot.keyClick(window.gang_view, Qt.Key.Key_Delete)
    assert [s.name for s in gangs.list_gangs(db)] == ["Cinder Wardens"]
    assert present(window.gang).name == "Cinder Wardens"
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert dump(db) == before
    assert present(window.gang).id == gang.id
    assert [f.id for f in present(window.gang).fighters] == [f.id for f in gang.fighters]


def test_removing_a_fighter_offers_a_refund_and_undo_restores_them(
    qtbot, window: MainWindow
) -> None:
    db = window.database
    before = dump(db)
    select_fighter(qtbot, window, "Rook")
    rook = present(window.fighter)
    focus(qtbot, window.roster_view)
    recorder(window).answers = ["Remove and refund 60 credits"]
    qtbot.keyClick(window.roster_view, Qt.Key.Key_Delete)
    assert "Remove Rook from The Rust Riders?" in recorder(window).asked[-1]
    gang = stored_gang(window)
    assert gang.fighter("Rook") is None and gang.credits == 430 + 60
    assert window.roster_model.rowCount() == 5
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert dump(db) == before
    assert present(window.fighter).id == rook.id


def test_ctrl_n_recruits_a_fighter_and_spends_credits(
    qtbot, window: MainWindow, monkeypatch, rulesets: Rulesets
) -> None:
    gunner = present(rulesets.get("n23").house("orlock")).fighter_types[3]
    recruit = roster_ops.recruit(gunner, "Vex")
    monkeypatch.setattr(NewFighterDialog, "ask", lambda *a, **k: FighterChoice(recruit, pay=True))
    focus(qtbot, window.roster_view)
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    gang = stored_gang(window)
    assert gang.fighters[-1].name == "Vex"
    assert gang.credits == 430 - 45
    assert present(window.fighter).name == "Vex"
    assert QApplication.focusWidget() is window.editor.name
    assert "paid 45 credits for Vex" in window.statusBar().currentMessage()


def test_a_purchase_the_gang_cannot_afford_is_refused_with_a_message(
    qtbot, window: MainWindow, monkeypatch, rulesets: Rulesets
) -> None:
    captain = present(rulesets.get("n23").house("orlock")).fighter_types[0]
    rich = roster_ops.recruit(captain, "Boss").model_copy(update={"cost": 5000})
    monkeypatch.setattr(NewFighterDialog, "ask", lambda *a, **k: FighterChoice(rich, pay=True))
    before = dump(window.database)
    window.new_fighter_action.trigger()
    assert recorder(window).told == [
        "Boss costs 5000 credits; The Rust Riders has only 430: not bought"
    ]
    assert dump(window.database) == before
    assert window.undo_stack.count() == 0


def test_f2_renames_the_fighter_in_the_table(qtbot, window: MainWindow) -> None:
    select_fighter(qtbot, window, "Brann")
    focus(qtbot, window.roster_view)
    qtbot.keyClick(window.roster_view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    qtbot.keyClicks(editor, "Brann the Bold")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: stored_gang(window).fighter("Brann the Bold") is not None)
    assert window.roster_model.index(4, 0).data() == "Brann the Bold"


def test_f2_renames_the_gang_in_the_list(qtbot, window: MainWindow) -> None:
    focus(qtbot, window.gang_view)
    qtbot.keyClick(window.gang_view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    qtbot.keyClicks(editor, "Iron Ravens")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.header.name.text() == "Iron Ravens")
    assert [s.name for s in gangs.list_gangs(window.database)] == ["Cinder Wardens", "Iron Ravens"]


def test_renaming_a_gang_to_a_taken_name_is_refused(qtbot, window: MainWindow, monkeypatch) -> None:
    monkeypatch.setattr(GangDetailsDialog, "ask", lambda *a: {"name": "cinder wardens"})
    qtbot.mouseClick(window.header.details, Qt.MouseButton.LeftButton)
    assert recorder(window).told == [
        "a gang named 'cinder wardens' already exists: choose another name"
    ]


def test_gang_details_change_credits_and_reputation(qtbot, window: MainWindow, monkeypatch) -> None:
    monkeypatch.setattr(GangDetailsDialog, "ask", lambda *a: {"credits": 200, "reputation": 4})
    qtbot.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    gang = stored_gang(window)
    assert (gang.credits, gang.reputation) == (200, 4)
    assert "Credits 200" in window.header.facts.text()
    # The committed Gang Rating is not something the roster editor changes.
    assert gang.rating == 580


def test_the_house_rules_setting_shows_on_the_header_and_undoes(
    qtbot, window: MainWindow, monkeypatch
) -> None:
    assert window.header.house_rules.isHidden()
    dialog = GangDetailsDialog(present(window.gang))
    qtbot.addWidget(dialog)
    assert not dialog.house_rules.isChecked()  # off by default
    dialog.house_rules.setChecked(True)
    assert dialog.changed_fields() == {"house_rules_ignore_restrictions": True}
    monkeypatch.setattr(GangDetailsDialog, "ask", lambda *a: dialog.changed_fields())
    qtbot.mouseClick(window.header.details, Qt.MouseButton.LeftButton)
    assert stored_gang(window).house_rules_ignore_restrictions
    assert not window.header.house_rules.isHidden()
    window.undo_stack.undo()
    assert not stored_gang(window).house_rules_ignore_restrictions
    assert window.header.house_rules.isHidden()


def test_duplicate_selects_the_copy(qtbot, window: MainWindow) -> None:
    qtbot.keyClick(window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert present(window.gang).name == "The Rust Riders (2)"
    assert window.gang_model.rowCount() == 3
    assert "Duplicate The Rust Riders (2)" in window.statusBar().currentMessage()
    window.undo_stack.undo()
    assert window.gang_model.rowCount() == 2


def test_export_then_import_and_undo_the_import(qtbot, window: MainWindow, tmp_path: Path) -> None:
    target = tmp_path / "riders.gang.json"
    recorder(window).paths = [target]
    qtbot.keyClick(window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert target.is_file()
    assert "Exported The Rust Riders" in window.statusBar().currentMessage()
    recorder(window).paths = [target]
    qtbot.keyClick(window, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    assert present(window.gang).name == "The Rust Riders (2)"
    assert [f.name for f in present(window.gang).fighters] == [
        f.name for f in stored_gang(window).fighters
    ]
    window.undo_stack.undo()
    assert window.gang_model.rowCount() == 2


def test_a_bad_import_file_is_refused(qtbot, window: MainWindow, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"nothing": 1}', encoding="utf-8")
    before = dump(window.database)
    recorder(window).paths = [bad]
    window.import_action.trigger()
    assert len(recorder(window).told) == 1 and "not a gang file" in recorder(window).told[0]
    assert dump(window.database) == before


def test_new_and_open_database_and_the_recent_list(
    qtbot, window: MainWindow, tmp_path: Path, settings: QSettings
) -> None:
    first = window.database.url
    window.duplicate_action.trigger()
    assert window.undo_stack.count() == 1
    fresh = tmp_path / "fresh.sqlite"
    recorder(window).paths = [fresh]
    window.new_database_action.trigger()
    assert fresh.is_file()
    assert window.gang_model.rowCount() == 0
    assert window.undo_stack.count() == 0  # the history belonged to the other database
    assert window.header.name.text() == "No gang selected"
    assert not window.editor.name.isEnabled()
    recent = recent_databases.recent(settings)
    assert recent[:2] == [sqlite_url(fresh), first]
    assert recent_databases.last(settings) == sqlite_url(fresh)
    window.recent_menu.aboutToShow.emit()
    entries = [a for a in window.recent_menu.actions() if a.isEnabled()]
    assert [a.text() for a in entries] == [first.removeprefix("sqlite:///")]
    entries[0].trigger()
    assert window.gang_model.rowCount() == 3
    recorder(window).paths = [fresh]
    window.new_database_action.trigger()
    assert "already exists" in recorder(window).told[-1]


def test_a_database_that_cannot_be_opened_is_refused(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database at all")
    recorder(window).paths = [junk]
    window.open_database_action.trigger()
    assert "not an SQLite file" in recorder(window).told[-1]
    assert window.gang_model.rowCount() == 2


def test_geometry_and_splitters_are_remembered(
    qtbot, db: Database, rulesets: Rulesets, settings: QSettings
) -> None:
    first = MainWindow(db, rulesets, settings)
    qtbot.addWidget(first)
    # Smaller than the offscreen screen, which a restored window is kept within.
    first.resize(760, 560)
    first.show()
    qtbot.waitExposed(first)
    first.close()
    second = MainWindow(db, rulesets, settings)
    qtbot.addWidget(second)
    assert (second.width(), second.height()) == (760, 560)
    assert settings.value("main_window/splitter") is not None


def test_tab_moves_through_the_card_in_order(qtbot, window: MainWindow) -> None:
    editor = window.editor
    focus(qtbot, editor.name)
    expected = [editor.type, editor.category, editor.status, editor.cost, editor.xp, editor.notes]
    # The portrait's Picture... button (Clear is off while there is no picture).
    expected += [editor.portrait.pick, editor.profile.fields["M"], editor.profile.fields["WS"]]
    for widget in expected:
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        focused = QApplication.focusWidget()
        assert focused is widget or widget.isAncestorOf(present(focused)), widget
    # Backwards from the gang list's buttons to the list.
    focus(qtbot, window.roster_view)
    qtbot.keyClick(window.roster_view, Qt.Key.Key_Backtab)
    assert QApplication.focusWidget() is window.header.details


def test_keyboard_shortcuts_reach_the_panes(qtbot, window: MainWindow) -> None:
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    assert QApplication.focusWidget() is window.gang_view
    qtbot.keyClick(window, Qt.Key.Key_2, Qt.KeyboardModifier.AltModifier)
    assert QApplication.focusWidget() is window.roster_view
    qtbot.keyClick(window, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    assert QApplication.focusWidget() is window.editor.name
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClick(window.gang_view, Qt.Key.Key_F2)
    assert isinstance(QApplication.focusWidget(), QLineEdit)


def test_committed_ratings_stay_while_edits_change_the_pending_one(
    qtbot, window: MainWindow
) -> None:
    select_fighter(qtbot, window, "Rook")
    window.editor.cost.setValue(60)
    window.editor.cost.editingFinished.emit()
    rook = stored_fighter(window, "Rook")
    assert ratings.committed_fighter_rating(rook) == 60
    assert ratings.pending_fighter_rating(rook) == 75
    assert window.roster_model.index(2, window.roster_model.rating_column).data() == "60 *"
    assert window.header.rating.text() == "Gang Rating 580  (pending 575 *)"


def test_window_paints_at_1280x800(window: MainWindow, tmp_path: Path) -> None:
    image = window.grab().toImage()
    assert (image.width(), image.height()) == (1280, 800)
    assert image.save(str(tmp_path / "main-window.png"))


def test_the_window_opens_on_an_empty_database(qtbot, tmp_path: Path, rulesets, settings) -> None:
    with open_database(sqlite_url(tmp_path / "empty.sqlite")) as empty:
        win = MainWindow(empty, rulesets, settings)
        qtbot.addWidget(win)
        assert win.gang is None and win.fighter is None
        assert not win.new_fighter_action.isEnabled()
        assert not win.editor.name.isEnabled()
