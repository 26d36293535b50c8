"""The post-battle wizard makes a page's widgets when it is about to be shown, not when it
opens: the page after the one shown is made on the event loop once that one is on the
screen, the others only when the player comes near them (issue 31)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from PySide6.QtWidgets import QCheckBox

from gangmanager.gui.common.item_picker import ItemPicker
from gangmanager.gui.post_battle.rewards_page import RewardsPage
from gangmanager.gui.post_battle.roster_pages import TradingPostPage
from gangmanager.gui.post_battle.step_page import StepPage
from gangmanager.gui.post_battle.wrap_up_page import WrapUpPage
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.gang import Gang
from gangmanager.services import gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from .qt_narrowing import current_page
from .test_post_battle_wizard import click_next, open_wizard
from .widget_reading import wizard_page


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


@pytest.fixture
def gang(db: Database, rulesets: Rulesets) -> Gang:
    return gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang


def _made(page: StepPage) -> bool:
    """Whether the page has its own widgets yet (beyond the base's status line)."""
    if isinstance(page, WrapUpPage):
        return bool(page.findChildren(QCheckBox))
    if isinstance(page, TradingPostPage):
        return bool(page.findChildren(ItemPicker))
    assert isinstance(page, RewardsPage)
    return page.xp_table is not None


def test_the_next_page_is_made_while_the_player_reads_and_far_pages_wait(
    qtbot, db: Database, rulesets: Rulesets, gang: Gang
) -> None:
    wizard = open_wizard(qtbot, db, rulesets, gang)
    wrap_up = wizard_page(wizard, "wrap_up")
    rewards = wizard_page(wizard, "receive_rewards")
    trading = wizard_page(wizard, "trading_post")
    # On the first page: the Wrap-up (next) is made on the event loop, the rest is not.
    qtbot.waitUntil(lambda: _made(wrap_up))
    assert not _made(rewards) and not _made(trading)
    while wizard.page(wizard.nextId()) is not trading:
        click_next(qtbot, wizard)
    assert _made(rewards)  # shown on the way
    qtbot.waitUntil(lambda: _made(trading))
    click_next(qtbot, wizard)
    page = current_page(wizard, TradingPostPage)
    assert page.item.current_name()  # loaded from the draft when shown, as before
    # Made once: showing it again keeps the same widgets.
    picker = page.findChild(ItemPicker)
    wizard.back()
    wizard.next()
    assert current_page(wizard, TradingPostPage).findChild(ItemPicker) is picker
