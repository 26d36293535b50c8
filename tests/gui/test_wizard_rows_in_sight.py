"""The post-battle wizard of a large gang: the wrap-up page makes the rows in sight and the
others as they are scrolled (or tabbed) into sight (issue 31: showing 300 fighters' rows
was most of a Next); a row made late shows the draft, an edit meanwhile keeps the others'
entries; and no page makes the wizard taller than a laptop's screen."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gangmanager.gui.post_battle import PostBattleWizard
from gangmanager.gui.post_battle.wrap_up_page import ROWS_AHEAD, ROWS_AT_ONCE, WrapUpPage
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.dice import FixedDice
from gangmanager.rules.gang import Category, Gang
from gangmanager.services import battle, gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from .widget_reading import wizard_page

SIZE = 40
LATE = f"Ganger {SIZE - 2:02d}"


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


@pytest.fixture
def gang(db: Database, rulesets: Rulesets) -> Gang:
    demo = demo_gang(rulesets.get("n23"))
    ganger = next(f for f in demo.fighters if f.category is Category.GANGER)
    roster = [ganger.model_copy(update={"name": f"Ganger {n:02d}"}) for n in range(SIZE)]
    stored = gangs.add_gang(db, rulesets, demo.model_copy(update={"fighters": roster})).gang
    assert stored.id is not None
    # A battle in which a fighter far down the roster went Out of Action.
    battle.start_battle(db, rulesets, stored.id)
    battle.apply_events(db, rulesets, stored.id, [
        {"event": "status", "fighter": LATE, "status": "out_of_action"},
    ])  # fmt: skip
    battle.end_battle(db, rulesets, stored.id)
    return stored


def _shown_at_wrap_up(qtbot, db: Database, rulesets: Rulesets, gang: Gang) -> WrapUpPage:
    assert gang.id is not None
    wizard = PostBattleWizard(db, rulesets, gang.id, dice=FixedDice([]))
    qtbot.addWidget(wizard)
    wizard.resize(1120, 720)
    wizard.show()
    qtbot.waitExposed(wizard)
    wizard.currentPage().results.button(0).click()  # type: ignore[attr-defined]
    wizard.next()
    page = wizard.currentPage()
    assert isinstance(page, WrapUpPage)
    return page


def _scroll_to_the_end(qtbot, page: WrapUpPage) -> None:
    bar = page.scroll_area.verticalScrollBar()
    for _ in range(SIZE):  # each scroll makes what came into sight; the range then grows
        qtbot.wait(10)
        if bar.value() == bar.maximum():
            break
        bar.setValue(bar.maximum())


def test_the_rows_out_of_sight_are_made_as_they_are_scrolled_into_sight(
    qtbot, db, rulesets, gang: Gang
) -> None:
    page = _shown_at_wrap_up(qtbot, db, rulesets, gang)
    made = len(page.rows)  # those in sight and a few beyond
    assert ROWS_AT_ONCE <= made <= ROWS_AT_ONCE + ROWS_AHEAD < SIZE
    qtbot.wait(100)
    assert len(page.rows) == made  # nothing more while nobody scrolls
    bar = page.scroll_area.verticalScrollBar()
    # The scroll bar spans the whole roster, the rows not made yet included.
    row_height = page.rows[1].name.y() - page.rows[0].name.y()
    assert bar.maximum() + page.scroll_area.viewport().height() >= row_height * (SIZE - 2)
    bar.setValue(bar.maximum() // 2)
    assert ROWS_AT_ONCE < len(page.rows) < SIZE
    _scroll_to_the_end(qtbot, page)
    assert [r.fighter.name for r in page.rows] == [f"Ganger {n:02d}" for n in range(SIZE)]


def test_tab_goes_from_the_last_row_made_to_the_next_one(qtbot, db, rulesets, gang: Gang) -> None:
    page = _shown_at_wrap_up(qtbot, db, rulesets, gang)
    with qtbot.waitActive(page.window()):
        page.window().activateWindow()
    made = len(page.rows)
    page.rows[made - 1].out_of_action.setFocus()
    now = QApplication.focusWidget()
    assert now is page.rows[made - 1].out_of_action
    for _ in range(20):  # through the row's fields to the next row (made as Tab scrolls)
        qtbot.keyClick(now, Qt.Key.Key_Tab)
        now = QApplication.focusWidget()
        assert now is not None and page.isAncestorOf(now), "Tab left the rows"
        if len(page.rows) > made and page.rows[made].out_of_action is now:
            break
    else:
        raise AssertionError(f"Tab went to {QApplication.focusWidget()!r}, not the next row")


def test_a_late_row_shows_the_draft_and_an_edit_keeps_the_rest(
    qtbot, db, rulesets, gang: Gang
) -> None:
    assert gang.id is not None
    wizard = PostBattleWizard(db, rulesets, gang.id, dice=FixedDice([]))
    qtbot.addWidget(wizard)
    wrap_up = wizard_page(wizard, "wrap_up")
    assert isinstance(wrap_up, WrapUpPage)
    # Shown before the late rows are made.
    wrap_up.initializePage()
    assert len(wrap_up.rows) < SIZE
    wrap_up.row("Ganger 00").out_of_action.click()
    injured = {e.fighter for e in wizard.draft.injuries}
    assert injured == {"Ganger 00", LATE}
    wizard.show()
    wizard.currentPage().results.button(0).click()  # type: ignore[attr-defined]
    wizard.next()
    assert wizard.currentPage() is wrap_up
    _scroll_to_the_end(qtbot, wrap_up)
    assert len(wrap_up.rows) == SIZE
    assert wrap_up.row(LATE).out_of_action.isChecked()
    assert not wrap_up.row("Ganger 30").out_of_action.isChecked()
    assert {e.fighter for e in wizard.draft.injuries} == {"Ganger 00", LATE}


def test_a_large_gang_leaves_the_wizard_the_height_of_a_laptop_screen(
    qtbot, db, rulesets, gang: Gang
) -> None:
    """The first page's roster of 40 fighters once made every page about 1,100 px tall."""
    assert gang.id is not None
    wizard = PostBattleWizard(db, rulesets, gang.id, dice=FixedDice([]))
    qtbot.addWidget(wizard)
    assert wizard.minimumSizeHint().height() <= 640
    for page in wizard.pages:
        assert page.minimumSizeHint().height() <= 600, page.step_id
