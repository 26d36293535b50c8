"""pytest-qt walks an n26 gang's post-battle (issue 26): XP reaches a rank, the page of
owed advancements offers it, taking one lowers what is owed and spends no XP, Finish.

The page's picture goes to docs/screenshots/n26-post-battle-rank-1366x768.png with
GANGMANAGER_SCREENSHOTS=1."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from PySide6.QtWidgets import QWizard

from gangmanager.gui.post_battle.rank_advancements_page import RankAdvancementsPage
from gangmanager.gui.post_battle.rewards_page import RewardsPage
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.gang import Gang
from gangmanager.rules.roster_ops import recruit
from gangmanager.services import gangs
from gangmanager.services.gang_view import gang_view
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present
from .qt_narrowing import current_page
from .screenshot_dir import screenshot_dir
from .test_post_battle_wizard import (
    choose,
    click,
    click_next,
    go_to,
    open_wizard,
    type_number,
    type_xp,
)


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


@pytest.fixture
def gang(db: Database, rulesets: Rulesets) -> Gang:
    n26 = rulesets.get("n26")
    fighters = []
    for type_name, name in (("Gang Queen", "Vex"), ("Gang Sister", "Nyx")):
        kind = present(n26.fighter_type("escher", type_name))
        start = present(kind.starting_xp)
        fighters.append(recruit(kind, name, n26).model_copy(update={"xp": start}))
    wyld = Gang(name="Wyld Rose", house="escher", ruleset="n26", credits=120, fighters=fighters)
    return gangs.add_gang(db, rulesets, wyld).gang


def test_the_pages_are_the_n26_sequence(
    qtbot, db: Database, rulesets: Rulesets, gang: Gang
) -> None:
    wizard = open_wizard(qtbot, db, rulesets, gang)
    assert [p.title() for p in wizard.pages] == [
        "The battle",
        "Wrap-up",
        "Receive rewards",
        "Update Roster: Advancements owed",
        "Update Roster: Update Gang Rating",
        "Report results",
    ]


def test_a_post_battle_that_reaches_a_rank_and_takes_the_advancement(
    qtbot, qtmodeltester, db: Database, rulesets: Rulesets, gang: Gang
) -> None:
    wizard = open_wizard(qtbot, db, rulesets, gang, result="win")
    nyx_start = gang.fighters[1].xp
    click_next(qtbot, wizard)  # the battle
    click_next(qtbot, wizard)  # Wrap-up: nobody went down
    rewards = current_page(wizard, RewardsPage)
    type_xp(qtbot, rewards, "Nyx", "6")
    wizard.resize(1366, 768)  # the XP gained as one table, the cell typed into
    wizard.grab().save(str(screenshot_dir() / "post-battle-rewards-xp-1366x768.png"))
    wizard.resize(1024, 640)
    wizard.grab().save(str(screenshot_dir() / "post-battle-rewards-xp-1024x640.png"))
    click_next(qtbot, wizard)

    page = current_page(wizard, RankAdvancementsPage)
    assert page.step_id == "rank_advancements"
    # Nyx began a new rank: one owed; Vex did not: none, and she is not offered.
    assert f"Nyx: Gang Member, {nyx_start + 6} XP, 1 owed" in page.owed_list.text()
    assert [page.fighter.itemText(i) for i in range(page.fighter.count())] == [
        f"Nyx (1 owed, {nyx_start + 6} XP)"
    ]
    type_number(qtbot, page.roll.spin, "9")
    choose(qtbot, page.advancement, "Weapon Skill")
    assert page.advancement.currentText() == "Weapon Skill +1 (+15 credits)"
    assert not page.skill.isEnabled()
    wizard.resize(1366, 768)
    wizard.grab().save(str(screenshot_dir() / "n26-post-battle-rank-1366x768.png"))
    click(qtbot, page.take)
    assert [(e.fighter, e.advancement, e.roll) for e in wizard.draft.advancements] == [
        ("Nyx", "ws", 9)
    ]
    qtmodeltester.check(page.taken.list.model())
    assert page.taken.list.item(0).text() == "Nyx: Weapon Skill +1 (rolled 9)"
    assert f"Nyx: Gang Member, {nyx_start + 6} XP, 0 owed" in page.owed_list.text()
    assert page.fighter.count() == 0 and not page.take.isEnabled()
    assert page.status.text() == ""
    click_next(qtbot, wizard)  # Update Gang Rating
    click_next(qtbot, wizard)
    text = wizard.report_page.report_text()
    assert "reaches a new rank: Gang Member" in text
    assert "no XP spent" in text
    with qtbot.waitSignal(wizard.sig_finished):
        click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    stored = gangs.load_gang(db, str(gang.id))
    nyx = gang_view(stored, rulesets.get("n26"))["fighters"][1]
    assert (nyx["xp"], nyx["advancements_owed"]) == (nyx_start + 6, 0)


def test_taking_a_skill_lists_the_sets_the_type_may_take(
    qtbot, db: Database, rulesets: Rulesets, gang: Gang
) -> None:
    wizard = open_wizard(qtbot, db, rulesets, gang, result="loss")
    go_to(qtbot, wizard, "receive_rewards")
    type_xp(qtbot, current_page(wizard, RewardsPage), "Nyx", "6")
    click_next(qtbot, wizard)
    page = current_page(wizard, RankAdvancementsPage)
    # Picked from the list (typing stops at a space, which opens the list).
    page.advancement.setCurrentIndex(
        page.advancement.findText("Chosen Secondary skill (+15 credits)")
    )
    skills = [page.skill.itemText(i) for i in range(page.skill.count())]
    # A Gang Sister's Secondary sets are Combat and Shooting.
    assert skills and all(s.startswith(("Combat: ", "Shooting: ")) for s in skills)
    page.skill.setCurrentIndex(page.skill.findText("Combat: Headbutt"))
    click(qtbot, page.take)
    assert [(e.advancement, e.skill) for e in wizard.draft.advancements] == [
        ("secondary_chosen", "Headbutt")
    ]
