"""Saving the post-battle draft as the wizard does on every page change: the names it
uses keep their fighters (by id) with no second write of the row, and a save whose
names did not change reads no fighters (the bench's page change counts its statements)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.gang import Gang
from gangmanager.rules.post_battle_draft import InjuryEntry, PostBattleDraft
from gangmanager.services import gangs, post_battle
from gangmanager.services.demo import demo_gang
from gangmanager.services.operations import perform
from gangmanager.services.rulesets import Rulesets
from tests.statements import statements_sent


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


@pytest.fixture
def gang(db: Database, rulesets: Rulesets) -> Gang:
    return gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang


def _saved(db: Database, rulesets: Rulesets, gang: Gang, draft: PostBattleDraft) -> list[str]:
    assert gang.id is not None
    with statements_sent(db.engine) as sent:
        perform(db, post_battle.SaveDraft(gang.id, draft), rulesets)
    return [s.split()[0] + (" fighters" if "FROM fighters" in s else "") for s in sent]


def test_a_page_turned_saves_the_draft_in_one_write(
    db: Database, rulesets: Rulesets, gang: Gang
) -> None:
    draft = PostBattleDraft(result="win", injuries=[InjuryEntry(fighter="Rook", roll=44)])
    first = _saved(db, rulesets, gang, draft)
    assert first.count("SELECT fighters") == 1  # the names' fighters, once
    assert first.count("INSERT") + first.count("UPDATE") == 1
    turned = _saved(db, rulesets, gang, draft.model_copy(update={"page": "wrap_up"}))
    assert turned == ["BEGIN", "SELECT", "UPDATE", "COMMIT"]
    # A name that changed is looked up again, and kept to its fighter.
    renamed = draft.model_copy(update={"injuries": [InjuryEntry(fighter="Pip", roll=44)]})
    assert _saved(db, rulesets, gang, renamed).count("SELECT fighters") == 1
    assert gang.id is not None
    saved = post_battle.load_draft(db, gang.id)
    assert saved is not None and [e.fighter for e in saved.draft.injuries] == ["Pip"]
