"""The last Finish's "what changed" sheet is stored with its draft and undone with it."""

from __future__ import annotations

import pytest

from gangmanager.persistence.database import Database
from gangmanager.rules.gang import Gang
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.services import post_battle
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets

from ..undo_steps import undo_finish
from .test_post_battle_service import DRAFT, db, db_path, gang  # noqa: F401  (fixtures)


def test_finish_stores_the_sheet_and_undo_takes_it_back(
    db: Database,  # noqa: F811
    rulesets: Rulesets,
    gang: Gang,  # noqa: F811
) -> None:
    assert gang.id is not None
    with pytest.raises(ServiceError, match="has no finished post-battle sequence"):
        post_battle.last_change_sheet(db, gang.id)
    first = post_battle.finish(db, rulesets, gang.id, PostBattleDraft.model_validate(DRAFT))
    sheet = post_battle.last_change_sheet(db, "the rust riders")
    assert sheet == first.change_sheet
    rook = next(f for f in sheet.fighters if f.name == "Rook")
    assert rook.injuries or rook.status_after != rook.status_before
    mags = next(f for f in sheet.fighters if f.name == "Mags Varga")
    assert mags.advancements == ["Advancement: Ballistic Skill +1"]
    assert (sheet.credits_before, sheet.gang_rating_before) == (gang.credits, gang.rating)
    second = post_battle.finish(
        db, rulesets, gang.id, PostBattleDraft(result="draw", xp={"Pip": 1})
    )
    assert post_battle.last_change_sheet(db, gang.id) == second.change_sheet
    undo_finish(db, rulesets, second)
    assert post_battle.last_change_sheet(db, gang.id) == sheet
