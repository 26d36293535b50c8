"""The Stash panel on the gang, and the Buy dialogs: the price shown is the price charged,
Enter takes the exact name, a refusal is said before the dialog closes."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from gangmanager.gui.main_window import MainWindow
from gangmanager.gui.roster.armoury_dialog import ArmouryChoice, ArmouryDialog, purse_refusal
from gangmanager.gui.roster.stash_panel import StashPanel, TakeBackPicker
from gangmanager.rules.roster_ops import armoury_weapon
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present
from .roster_helpers import recorder, select_fighter, stored_gang


def stash_names(window: MainWindow) -> list[str]:
    model = window.stash_panel.model
    return [model.index(r, 0).data() for r in range(model.rowCount())]


def bought(monkeypatch, rulesets: Rulesets, name: str) -> None:
    n23 = rulesets.get("n23")
    entry = n23.weapon_entry(name) or n23.wargear_item(name)
    assert entry is not None
    monkeypatch.setattr(
        ArmouryDialog, "ask", lambda *a, **k: ArmouryChoice(entry, True, entry.cost)
    )


def test_buy_give_take_back_and_sell_each_undone(
    qtbot, window: MainWindow, monkeypatch, rulesets: Rulesets, qtmodeltester
) -> None:
    panel: StashPanel = window.stash_panel
    credits = stored_gang(window).credits
    bought(monkeypatch, rulesets, "Stub gun")
    qtbot.mouseClick(panel.buy_weapon, Qt.MouseButton.LeftButton)
    qtmodeltester.check(panel.model)
    assert stash_names(window) == ["Stub gun"]
    assert panel.model.index(0, 2).data() == "5" and panel.model.index(0, 3).data() == "2"
    assert stored_gang(window).credits == credits - 5
    assert "Stash 1 item" in window.header.facts.text()

    select_fighter(qtbot, window, "Rook")
    panel.view.selectRow(0)
    assert panel.give.text() == "Give to Rook"
    qtbot.mouseClick(panel.give, Qt.MouseButton.LeftButton)
    assert stash_names(window) == []
    assert [w.name for w in present(stored_gang(window).fighter("Rook")).weapons] == [
        "Lasgun",
        "Stub gun",
    ]
    window.undo_action.trigger()
    assert stash_names(window) == ["Stub gun"]
    assert window.statusBar().currentMessage() == "Undone: Give Stub gun from the stash to Rook"
    window.redo_action.trigger()
    assert stash_names(window) == []

    monkeypatch.setattr(TakeBackPicker, "ask", classmethod(lambda cls, parent, f: ("weapon", 0)))
    select_fighter(qtbot, window, "Rook")
    qtbot.mouseClick(panel.take_back, Qt.MouseButton.LeftButton)
    assert stash_names(window) == ["Lasgun"]

    recorder(window).answers.append("Sell")
    panel.view.selectRow(0)
    before = stored_gang(window).credits
    qtbot.mouseClick(panel.sell, Qt.MouseButton.LeftButton)
    assert recorder(window).asked[-1].startswith("Sell Lasgun for 7 credits (it cost 15)?")
    assert stash_names(window) == [] and stored_gang(window).credits == before + 7
    window.undo_action.trigger()
    assert stash_names(window) == ["Lasgun"] and stored_gang(window).credits == before


def test_giving_what_the_fighter_may_not_take_is_refused_with_the_reason(
    qtbot, window: MainWindow, monkeypatch, rulesets: Rulesets
) -> None:
    panel = window.stash_panel
    # Taken from a dead fighter's gear (Clean House): a Leader's weapon, now in the stash.
    launcher = armoury_weapon(present(rulesets.get("n23").weapon_entry("Harpoon launcher")))
    gang = stored_gang(window)
    with window.database.unit_of_work() as uow:
        uow.gangs.update(gang.model_copy(update={"stash": [launcher]}))
        uow.commit()
    assert gang.id is not None
    window.select_gang(gang.id)
    window.refresh_gangs()
    assert stash_names(window) == ["Harpoon launcher"]
    select_fighter(qtbot, window, "Rook")
    panel.view.selectRow(0)
    qtbot.mouseClick(panel.give, Qt.MouseButton.LeftButton)
    told = recorder(window).told[-1]
    assert "a Gunner (Ganger) may not take a Harpoon launcher" in told
    assert told.endswith("Harpoon launcher stays in the stash")
    assert stash_names(window) == ["Harpoon launcher"]


def test_enter_in_the_filter_takes_the_exact_name_first(qtbot, rulesets: Rulesets) -> None:
    dialog = ArmouryDialog(rulesets.get("n23"), "weapons", 430, "Rook")
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.filter, "stub gun")
    assert dialog.proxy.rowCount() > 1  # the combi-pistol mentions a stub gun too
    assert dialog.proxy.index(0, 0).data() != "Stub gun"
    qtbot.keyClick(dialog.filter, Qt.Key.Key_Return)
    choice = dialog.choice()
    assert choice is not None and choice.entry.name == "Stub gun"


def test_a_purchase_the_gang_cannot_pay_is_refused_in_the_dialog(
    qtbot, rulesets: Rulesets, window: MainWindow
) -> None:
    gang = stored_gang(window).model_copy(update={"credits": 10})
    dialog = ArmouryDialog(
        rulesets.get("n23"),
        "weapons",
        gang.credits,
        "the stash",
        stash=True,
        check=lambda picked: purse_refusal(gang, picked),
    )
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.filter, "shotgun")
    qtbot.keyClick(dialog.filter, Qt.Key.Key_Return)
    assert dialog.isVisible()
    assert (
        dialog.price.text() == "Shotgun costs 30 credits; The Rust Riders has only 10: not bought"
    )
    assert dialog.filter.text() == "shotgun" and dialog.choice() is not None
    # Rare items wait for the post-battle Trading Post.
    dialog.filter.clear()
    qtbot.keyClicks(dialog.filter, "boltgun")
    dialog.view.selectRow(0)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled() and "Boltgun is Rare (8)" in dialog.price.text()
