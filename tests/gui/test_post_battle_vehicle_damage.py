"""The post-battle wizard's vehicle damage page (issue 25): a Mauler Wrecked in a tracked
battle asks its Lasting Damage (D6) and its crew's Lasting Injury (D66) after the Wrap-up;
with them entered Finish records the damage on the stored vehicle."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWizard

from gangmanager.gui.post_battle import PostBattleWizard
from gangmanager.gui.post_battle.battle_page import RESULTS, BattlePage
from gangmanager.gui.post_battle.step_page import StepPage
from gangmanager.gui.post_battle.vehicle_damage_page import VehicleDamagePage
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.dice import FixedDice
from gangmanager.rules.gang import Gang
from gangmanager.services import battle, gangs, roster
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets
from gangmanager.services.vehicles import AddVehicle

from ..narrowing import present
from .qt_narrowing import current_page
from .screenshot_dir import screenshot_dir


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


def _goliaths_with_a_mauler(db: Database, rulesets: Rulesets) -> Gang:
    gang = demo_gang(rulesets.get("n23"), "goliath").model_copy(update={"credits": 500})
    stored = gangs.add_gang(db, rulesets, gang).gang
    roster.apply(db, AddVehicle(present(stored.id), "Mauler", "Crusher", pay=True), rulesets)
    return gangs.load_gang(db, str(stored.id))


def _wreck(db: Database, rulesets: Rulesets, gang: Gang, name: str) -> None:
    """Wounds until its Hull Points are gone (bounded: a vehicle has a handful)."""
    battle.start_battle(db, rulesets, gang.name)
    for _ in range(10):
        result = battle.apply_events(db, rulesets, gang.name, [{"event": "wound", "fighter": name}])
        if name in result.record.state.wrecked:
            break
    assert name in result.record.state.wrecked
    battle.end_battle(db, rulesets, gang.name)


def _click(qtbot, widget: object) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def _next(qtbot, wizard: PostBattleWizard) -> None:
    before = wizard.currentId()
    _click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    assert wizard.currentId() == before + 1


def test_a_wrecked_vehicles_rolls_are_entered_on_their_page_and_recorded_at_finish(
    qtbot, db: Database, rulesets: Rulesets
) -> None:
    gang = _goliaths_with_a_mauler(db, rulesets)
    _wreck(db, rulesets, gang, "Crusher")
    # "Roll for me": the crew's D66 (1 then 1: 11, Lesson Learned), then its D3.
    wizard = PostBattleWizard(db, rulesets, present(gang.id), dice=FixedDice([1, 1, 2]))
    qtbot.addWidget(wizard)
    wizard.show()
    qtbot.waitExposed(wizard)
    _click(qtbot, current_page(wizard, BattlePage).results.button(RESULTS.index("draw")))
    _next(qtbot, wizard)  # the Wrap-up
    _next(qtbot, wizard)
    page = current_page(wizard, VehicleDamagePage)
    assert [p.step_id for p in wizard.pages].index("vehicle_damage") == 2
    row = page.row("Crusher")
    assert "Lasting Damage: roll or pick the result" in row.result.text()
    assert "roll the Lasting Damage (D6)" in page.status.text()

    row.damage.spin.setFocus()
    row.damage.spin.lineEdit().selectAll()
    qtbot.keyClicks(row.damage.spin.lineEdit(), "2")
    _click(qtbot, row.crew.button)
    assert row.crew.value() == 11
    assert "needs a D3 (extra dice)" in row.result.text()
    _click(qtbot, row.extra.button)
    assert len(row.extra.values()) == 1
    damage = present(row.damage_row())
    assert damage.name in row.result.text()
    assert wizard.draft.lasting_damage[0].roll == 2
    assert wizard.draft.crew_injuries[0].roll == 11
    assert wizard.draft.crew_injuries[0].rolls == row.extra.values()
    assert page.status.text() == "Every roll is settled."
    shot = screenshot_dir() / "post-battle-vehicle-damage-1366x768.png"
    wizard.resize(1366, 768)
    qtbot.wait(50)
    wizard.grab().save(str(shot))

    while current_page(wizard, StepPage).step_id != "report_results":
        _next(qtbot, wizard)
    _click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    assert wizard.finish_result is not None
    stored = present(gangs.load_gang(db, str(gang.id)).fighter("Crusher"))
    assert damage.name in stored.injuries


def test_no_page_without_a_wrecked_vehicle(qtbot, db: Database, rulesets: Rulesets) -> None:
    gang = _goliaths_with_a_mauler(db, rulesets)
    wizard = PostBattleWizard(db, rulesets, present(gang.id), dice=FixedDice([]))
    qtbot.addWidget(wizard)
    assert "vehicle_damage" not in [p.step_id for p in wizard.pages]


def test_results_picked_by_name_are_saved_and_shown_again_on_reopening(
    qtbot, db: Database, rulesets: Rulesets
) -> None:
    gang = _goliaths_with_a_mauler(db, rulesets)
    _wreck(db, rulesets, gang, "Crusher")
    first = PostBattleWizard(db, rulesets, present(gang.id), dice=FixedDice([]))
    qtbot.addWidget(first)
    page = next(p for p in first.pages if isinstance(p, VehicleDamagePage))
    page.initializePage()
    row = page.row("Crusher")
    row.damage_pick.setCurrentIndex(1)  # the table's first row: Persistent Rattle
    assert not row.damage.isEnabled()
    assert "Persistent Rattle" in row.result.text()
    assert first.draft.lasting_damage[0].result == "Persistent Rattle"
    assert first.draft.lasting_damage[0].roll is None
    first.close()

    again = PostBattleWizard(db, rulesets, present(gang.id), dice=FixedDice([]))
    qtbot.addWidget(again)
    page = next(p for p in again.pages if isinstance(p, VehicleDamagePage))
    page.initializePage()
    row = page.row("Crusher")
    assert row.damage_pick.currentText().endswith("Persistent Rattle")
    # The crew's roll is still missing: the page says so before Finish.
    assert "crew's Lasting Injury (D66)" in page.status.text()
