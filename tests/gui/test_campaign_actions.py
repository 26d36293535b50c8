"""Campaign actions from the window: each runs the CLI's service call, refuses with its
reason inside the dialog (keeping what was typed), and is undone and redone with Ctrl+Z."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDialog

from gangmanager.gui.campaign import action_dialogs
from gangmanager.gui.campaign.action_dialogs import (
    Assignment,
    BattleEntry,
    GangChoice,
    NewCampaign,
    NewCampaignDialog,
    RecordBattleDialog,
)
from gangmanager.gui.campaign.campaign_window import CampaignWindow
from gangmanager.gui.common.messages import Messages
from gangmanager.gui.main_window import MainWindow
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.services import campaign as service
from gangmanager.services import gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


@pytest.fixture
def ids(db: Database, rulesets: Rulesets) -> dict[str, int]:
    n23 = rulesets.get("n23")
    made = {}
    for name, house in (("Rust Riders", "orlock"), ("Iron Brothers", "goliath")):
        stored = gangs.add_gang(
            db, rulesets, demo_gang(n23, house).model_copy(update={"name": name})
        )
        assert stored.gang.id is not None
        made[name] = stored.gang.id
    return made


class Told(Messages):
    def __init__(self) -> None:
        super().__init__()
        self.told: list[str] = []
        self.confirmed = True

    def tell(self, text: str, title: str = "") -> None:
        self.told.append(text)

    def inform(self, text: str, title: str = "") -> None:
        self.told.append(text)

    def confirm(self, text: str, yes: str, title: str = "") -> bool:
        return self.confirmed


def told_by(window: CampaignWindow) -> list[str]:
    """What the window told the player (its messages are a Told)."""
    assert isinstance(window.messages, Told)
    return window.messages.told


@pytest.fixture
def window(qtbot, db: Database, rulesets: Rulesets, ids: dict[str, int]) -> CampaignWindow:
    created = service.create_campaign(db, rulesets, "Ash Wars")
    assert created.campaign.id is not None
    shown = CampaignWindow(db, rulesets, created.campaign.id)
    qtbot.addWidget(shown)
    shown.messages = Told()
    shown.show()
    qtbot.waitExposed(shown)
    shown.activateWindow()
    return shown


def answer(monkeypatch: pytest.MonkeyPatch, cls: type, *values: object) -> list[str | None]:
    """Replace `cls.ask`: each value in turn goes to the dialog's attempt; the refusals."""
    said: list[str | None] = []

    def ask(*args: object, **kwargs: object) -> bool:
        attempt = args[-1]  # every dialog's ask takes the attempt last
        assert callable(attempt)
        for value in values:
            refusal = attempt(value)
            assert refusal is None or isinstance(refusal, str)
            said.append(refusal)
        return said[-1] is None

    monkeypatch.setattr(cls, "ask", classmethod(lambda _cls, *a, **k: ask(*a, **k)))
    return said


def names(window: CampaignWindow) -> list[str]:
    return [g.name for g in window.view.gangs]


def undo(qtbot, window: CampaignWindow) -> None:
    window.tabs.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)


def redo(qtbot, window: CampaignWindow) -> None:
    window.tabs.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)


def test_add_and_remove_gang_are_undone_and_redone(
    qtbot, monkeypatch, window: CampaignWindow, ids: dict[str, int], db: Database
) -> None:
    riders, iron = ids["Rust Riders"], ids["Iron Brothers"]
    answer(monkeypatch, action_dialogs.GangDialog, GangChoice(riders), GangChoice(iron, True))
    window.add_gang_action.trigger()
    assert names(window) == ["Rust Riders", "Iron Brothers"]
    assert window.view.gangs[1].alignment == "outlaw"
    assert window.statusBar().currentMessage().startswith("Iron Brothers joins the campaign")

    undo(qtbot, window)
    assert names(window) == ["Rust Riders"]
    assert window.statusBar().currentMessage() == "Undone: Add gang"
    redo(qtbot, window)
    assert names(window) == ["Rust Riders", "Iron Brothers"]
    assert window.statusBar().currentMessage() == "Redone: Add gang"

    said = answer(monkeypatch, action_dialogs.GangDialog, GangChoice(riders))
    window.remove_gang_action.trigger()
    assert said == [None] and names(window) == ["Iron Brothers"]
    undo(qtbot, window)
    assert told_by(window) == []
    assert names(window) == ["Rust Riders", "Iron Brothers"]
    assert service.load_campaign(db, "Ash Wars").gang(riders) is not None


def test_record_battle_refuses_like_the_cli_then_records_and_undoes(
    qtbot, monkeypatch, window: CampaignWindow, ids: dict[str, int], db: Database, rulesets
) -> None:
    for name in ids:
        service.add_gang(db, rulesets, "Ash Wars", name)
    window.refresh()
    riders, iron = str(ids["Rust Riders"]), str(ids["Iron Brothers"])
    alone = BattleEntry(gangs=[riders])
    held = BattleEntry(
        gangs=[riders, iron],
        winner=iron,
        scenario="Stand-off",
        territory="Fighting Pit",
        out_of_action={iron: 3},
    )
    said = answer(monkeypatch, RecordBattleDialog, alone, held)
    window.record_battle_action.trigger()
    # The refusal is the command line's own sentence.
    assert said == ["a battle needs at least two gangs", None]
    battles = window.view.battles
    assert [b.winner for b in battles] == ["Iron Brothers"]
    assert battles[0].gangs[1].out_of_action == 3
    pit = next(t for t in window.view.territories if t.name == "Fighting Pit")
    assert pit.holder == "Iron Brothers"
    reputation = gangs.load_gang(db, "Iron Brothers").reputation

    undo(qtbot, window)
    assert window.view.battles == ()
    assert gangs.load_gang(db, "Iron Brothers").reputation == reputation - 2
    redo(qtbot, window)
    assert len(window.view.battles) == 1


def test_a_refused_battle_keeps_the_dialog_open_with_what_was_typed(
    qtbot, window: CampaignWindow, ids: dict[str, int], db: Database, rulesets
) -> None:
    for name in ids:
        service.add_gang(db, rulesets, "Ash Wars", name)
    window.refresh()
    attempts: list[BattleEntry] = []

    def attempt(entry: BattleEntry) -> str | None:
        attempts.append(entry)
        return "a battle needs at least two gangs"

    dialog = RecordBattleDialog(window, window.members(), window.territories_in_play(), attempt)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.fought[ids["Rust Riders"]].setChecked(True)
    qtbot.keyClicks(dialog.scenario_edit, "Sneak Attack")
    dialog.buttons.accepted.emit()
    assert dialog.isVisible() and dialog.result() != QDialog.DialogCode.Accepted
    assert dialog.refusal_label.text() == "a battle needs at least two gangs"
    assert dialog.scenario_edit.text() == "Sneak Attack"
    assert attempts[0].gangs == [str(ids["Rust Riders"])]


def test_assign_next_cycle_and_end_from_the_window(
    qtbot, monkeypatch, window: CampaignWindow, ids: dict[str, int], db: Database, rulesets
) -> None:
    for name in ids:
        service.add_gang(db, rulesets, "Ash Wars", name)
    window.refresh()
    said = answer(
        monkeypatch,
        action_dialogs.AssignTerritoryDialog,
        Assignment("Nowhere", str(ids["Rust Riders"])),
        Assignment("Narco Den", str(ids["Rust Riders"])),
    )
    window.assign_action.trigger()
    assert said[0] is not None and said[0].startswith("no territory 'Nowhere' in this campaign")
    den = next(t for t in window.view.territories if t.name == "Narco Den")
    assert den.holder == "Rust Riders"

    window.next_cycle_action.trigger()
    assert window.view.cycle == 2
    undo(qtbot, window)
    assert window.view.cycle == 1
    redo(qtbot, window)

    window.end_action.trigger()
    told = told_by(window)
    assert told[-1].startswith("The campaign ends.") and "Dominator" in told[-1]
    assert not window.view.running and not window.record_battle_action.isEnabled()
    undo(qtbot, window)
    assert window.view.running and window.record_battle_action.isEnabled()


def test_new_campaign_from_the_main_window_opens_it_and_undo_removes_it(
    qtbot, monkeypatch, db: Database, rulesets: Rulesets, tmp_path: Path, ids: dict[str, int]
) -> None:
    main = MainWindow(db, rulesets, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.messages = Told()
    main.show()
    said = answer(
        monkeypatch,
        NewCampaignDialog,
        NewCampaign("  ", "n23", "dominion"),
        NewCampaign("Ash Wars", "n23", "dominion"),
    )
    main.new_campaign_action.trigger()
    assert said[0] is not None and said[0].startswith("a campaign needs a name")
    assert [c.name for c in service.list_campaigns(db)] == ["Ash Wars"]
    opened = main.campaign_window
    assert isinstance(opened, CampaignWindow) and opened.view.name == "Ash Wars"
    assert opened.undo_stack is main.undo_stack
    main.undo_action.trigger()
    assert service.list_campaigns(db) == []
    assert not opened.isVisible()
    assert main.statusBar().currentMessage() == "Undone: New campaign"


def test_new_campaign_dialog_lists_rulesets_and_their_types(qtbot, rulesets: Rulesets) -> None:
    dialog = NewCampaignDialog(None, rulesets, lambda _v: None)
    qtbot.addWidget(dialog)
    assert dialog.ruleset_combo.currentData() == "n23"
    types = [dialog.type_combo.itemData(i) for i in range(dialog.type_combo.count())]
    assert "dominion" in types
    qtbot.keyClicks(dialog.name_edit, "Ash Wars")
    assert dialog.values() == NewCampaign("Ash Wars", "n23", types[0])


def test_a_gangs_standing_links_to_its_roster(
    qtbot, db: Database, rulesets: Rulesets, tmp_path: Path, ids: dict[str, int]
) -> None:
    service.create_campaign(db, rulesets, "Ash Wars")
    service.add_gang(db, rulesets, "Ash Wars", "Iron Brothers")
    main = MainWindow(db, rulesets, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.messages = Told()
    main.show()
    main.select_gang(ids["Rust Riders"])
    main.campaign_action.trigger()
    opened = main.campaign_window
    assert isinstance(opened, CampaignWindow)
    with qtbot.waitSignal(opened.sig_gang_requested) as asked:
        opened.standings_view.doubleClicked.emit(opened.standings_model.index(0, 0))
    assert asked.args == [ids["Iron Brothers"]]
    assert main.gang is not None and main.gang.id == ids["Iron Brothers"]


def test_record_battle_is_prefilled_from_a_tracked_two_gang_battle(
    qtbot, window: CampaignWindow, ids: dict[str, int], db: Database, rulesets
) -> None:
    from gangmanager.services import battle

    for name in ids:
        service.add_gang(db, rulesets, "Ash Wars", name)
    window.refresh()
    assert window.tracked_battle() is None  # nothing tracked yet
    battle.start_battle(db, rulesets, "Rust Riders", scenario="Border Dispute",
                        against="Iron Brothers")  # fmt: skip
    battle.apply_events(db, rulesets, "Rust Riders", [
        {"event": "status", "fighter": "Iron Brothers/Rook", "status": "out_of_action",
         "by": "Rust Riders/Mags Varga"},
    ])  # fmt: skip
    battle.end_battle(db, rulesets, "Rust Riders")
    tracked = window.tracked_battle()
    assert tracked is not None
    riders, iron = ids["Rust Riders"], ids["Iron Brothers"]
    assert tracked.gang_ids == (riders, iron) and tracked.scenario == "Border Dispute"
    assert tracked.out_of_action == {riders: 1, iron: 0}
    dialog = RecordBattleDialog(window, window.members(), window.territories_in_play(),
                                lambda entry: None, tracked)  # fmt: skip
    qtbot.addWidget(dialog)
    entry = dialog.values()
    assert sorted(entry.gangs) == sorted([str(riders), str(iron)])
    assert entry.out_of_action == {str(riders): 1}
    assert (entry.scenario, entry.battle_id) == ("Border Dispute", tracked.battle_id)
    # Recorded with the link, it is not offered again.
    service.record_battle(db, rulesets, "Ash Wars", entry.gangs, winner=str(riders),
                          scenario=entry.scenario, out_of_action=entry.out_of_action,
                          battle_id=entry.battle_id)  # fmt: skip
    window.refresh()
    assert window.view.battles[0].battle_id == tracked.battle_id
    assert window.tracked_battle() is None
