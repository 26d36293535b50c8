"""Drafts saved as you go, Finish in one transaction, dry run, and undo restoring every row."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.gang import FighterStatus, Gang
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.services import campaign, gangs, post_battle
from gangmanager.services.demo import demo_gang
from gangmanager.services.errors import ServiceError
from gangmanager.services.operations import perform
from gangmanager.services.rulesets import Rulesets

from ..db_rows import all_rows
from ..narrowing import present
from ..undo_steps import redo_finish, undo_finish

ROOT = Path(__file__).resolve().parents[2]

DRAFT = {
    "result": "win",
    "injuries": [{"fighter": "Rook", "roll": 66}, {"fighter": "Pip", "roll": 44}],
    "xp": {"Mags Varga": 9, "Brann": 6},
    "credits": 60,
    "reputation": 1,
    "purchases": [{"fighter": "Tess Calder", "item": "Frag grenades"}],
    "advancements": [
        {"fighter": "Mags Varga", "advancement": "bs"},
        {"fighter": "Brann", "advancement": "t", "roll": 6},
    ],
}


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "gm.sqlite"


@pytest.fixture
def db(db_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(db_path))
    yield database
    database.close()


@pytest.fixture
def gang(db: Database, rulesets: Rulesets) -> Gang:
    return gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang


def test_a_draft_is_saved_as_you_go_and_overwritten_not_duplicated(
    db: Database, gang: Gang, rulesets: Rulesets
) -> None:
    assert gang.id is not None
    assert post_battle.load_draft(db, gang.id) is None
    first = post_battle.save_draft(db, rulesets, gang.id, PostBattleDraft(result="win"))
    second = post_battle.save_draft(
        db, rulesets, gang.id, PostBattleDraft(result="loss", credits=5)
    )
    assert first == second
    saved = post_battle.load_draft(db, gang.id)
    assert saved is not None and saved.draft == PostBattleDraft(result="loss", credits=5)
    assert perform(db, post_battle.DiscardDraft(gang.id), rulesets).result == 1
    assert post_battle.load_draft(db, gang.id) is None


def test_a_draft_resumes_in_a_new_process(
    db: Database, db_path: Path, gang: Gang, rulesets: Rulesets
) -> None:
    assert gang.id is not None
    draft = PostBattleDraft.model_validate(DRAFT | {"page": "advancements"})
    post_battle.save_draft(db, rulesets, gang.id, draft)
    db.close()
    script = (
        "import json, sys\n"
        "from gangmanager.persistence.database import open_database, sqlite_url\n"
        "from gangmanager.services.post_battle import load_draft\n"
        "from pathlib import Path\n"
        "db = open_database(sqlite_url(Path(sys.argv[1])))\n"
        "saved = load_draft(db, int(sys.argv[2]))\n"
        "print(json.dumps(saved.draft.to_json()))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-c", script, str(db_path), str(gang.id)],
        capture_output=True, text=True, check=True, env=env, cwd=ROOT,
    )  # fmt: skip
    resumed = PostBattleDraft.model_validate(json.loads(result.stdout))
    assert resumed == draft
    assert resumed.page == "advancements"


def test_finish_applies_the_whole_draft_and_marks_it_finished(
    db: Database, rulesets: Rulesets, gang: Gang
) -> None:
    assert gang.id is not None
    draft = PostBattleDraft.model_validate(DRAFT)
    draft_id = post_battle.save_draft(db, rulesets, gang.id, draft)
    result = post_battle.finish(db, rulesets, gang, draft, draft_id=draft_id)
    assert result.draft_id == draft_id
    assert post_battle.load_draft(db, gang.id) is None
    stored = gangs.load_gang(db, str(gang.id))
    assert stored == result.gang
    assert stored.fighter("Rook") is None
    assert present(stored.fighter("Pip")).status is FighterStatus.IN_RECOVERY
    assert stored.credits == gang.credits + 60 - 30  # Frag grenades (an alias)
    assert stored.reputation == 2
    assert stored.rating == result.report.gang_rating_after
    assert all(f.rating is not None for f in stored.fighters)
    assert result.changes.gangs_changed == (gang.id,)
    assert "Gang Rating" in result.changes.messages[0]


def test_finish_by_id_hands_back_the_gang_as_a_read_gives_it(
    db: Database, rulesets: Rulesets, gang: Gang
) -> None:
    """The window shows the outcome's gang instead of reading the roster again: it must be
    the stored one, ids (new weapon rows included), owners and the new version."""
    assert gang.id is not None
    draft = PostBattleDraft.model_validate(DRAFT)
    draft_id = post_battle.save_draft(db, rulesets, gang.id, draft)
    action = post_battle.FinishPostBattle(gang.id, draft, draft_id, gang.version)
    outcome = perform(db, action, rulesets)
    stored = gangs.load_gang(db, str(gang.id))
    assert outcome.gang == stored and outcome.gang is not None
    assert outcome.gang.version == stored.version != gang.version
    assert [f.id for f in outcome.gang.fighters] == [f.id for f in stored.fighters]


def test_a_refused_draft_writes_nothing_and_lists_every_problem(
    db: Database, db_path: Path, rulesets: Rulesets, gang: Gang
) -> None:
    before = all_rows(db_path)
    bad = PostBattleDraft.model_validate(
        {"result": "loss", "injuries": [{"fighter": "Nobody", "roll": 44}], "xp": {"Pip": 1},
         "advancements": [{"fighter": "Pip", "advancement": "w"}]}
    )  # fmt: skip
    with pytest.raises(post_battle.PostBattleError) as caught:
        post_battle.finish(db, rulesets, gang, bad)
    assert caught.value.problems == [
        "Lasting Injury: no fighter 'Nobody' on the roster",
        "Pip: not enough XP for Wounds +1: costs 12, Pip has 1",
    ]
    assert isinstance(caught.value, ServiceError)
    assert all_rows(db_path) == before


def test_dry_run_reports_and_writes_nothing(
    db: Database, db_path: Path, rulesets: Rulesets, gang: Gang
) -> None:
    before = all_rows(db_path)
    report = post_battle.dry_run(
        db, rulesets, "the rust riders", PostBattleDraft.model_validate(DRAFT)
    )
    assert present(report.fighter("Rook")).removed
    assert report.gang_rating_after != report.gang_rating_before
    assert all_rows(db_path) == before


def test_undo_restores_every_row_of_every_table_and_redo_reapplies(
    db: Database, db_path: Path, rulesets: Rulesets, gang: Gang
) -> None:
    assert gang.id is not None
    draft = PostBattleDraft.model_validate(DRAFT)
    draft_id = post_battle.save_draft(db, rulesets, gang.id, draft)
    before = all_rows(db_path)
    result = post_battle.finish(db, rulesets, gang.id, draft, draft_id=draft_id)
    after = all_rows(db_path)
    assert after != before
    changes = undo_finish(db, rulesets, result)
    assert all_rows(db_path) == before
    assert changes.gangs_changed == (gang.id,)
    # The draft is unfinished again: the wizard resumes it.
    resumed = post_battle.load_draft(db, gang.id)
    assert resumed is not None and resumed.draft == draft
    redo_finish(db, rulesets, result)
    assert all_rows(db_path) == after


def test_undo_of_a_command_line_finish_removes_its_draft_too(
    db: Database, db_path: Path, rulesets: Rulesets, gang: Gang
) -> None:
    assert gang.id is not None
    # A wizard draft in progress is left alone by a draft applied from a file.
    post_battle.save_draft(db, rulesets, gang.id, PostBattleDraft(result="draw", credits=1))
    before = all_rows(db_path)
    result = post_battle.finish(
        db, rulesets, "The Rust Riders", PostBattleDraft.model_validate(DRAFT)
    )
    saved = post_battle.load_draft(db, gang.id)
    assert saved is not None and saved.draft == PostBattleDraft(result="draw", credits=1)
    undo_finish(db, rulesets, result)
    assert all_rows(db_path) == before


def test_undo_is_refused_once_the_gang_changed_again(
    db: Database, db_path: Path, rulesets: Rulesets, gang: Gang
) -> None:
    result = post_battle.finish(db, rulesets, gang, PostBattleDraft.model_validate(DRAFT))
    with db.unit_of_work() as uow:
        uow.gangs.replace(result.gang.model_copy(update={"credits": 999}))
        uow.commit()
    edited = all_rows(db_path)
    with pytest.raises(
        ServiceError, match="cannot undo the post-battle sequence: the gang has changed"
    ):
        undo_finish(db, rulesets, result)
    assert all_rows(db_path) == edited


def test_undo_leaves_campaign_rows_written_after_finish_alone(
    db: Database, db_path: Path, rulesets: Rulesets, gang: Gang
) -> None:
    campaign.create_campaign(db, rulesets, "Slag Wars")
    campaign.add_gang(db, rulesets, "Slag Wars", gang.name)
    before = all_rows(db_path)
    result = post_battle.finish(db, rulesets, gang, PostBattleDraft.model_validate(DRAFT))
    # Finish logged the report and charted the new ratings in the same transaction.
    written = {k: v for k, v in all_rows(db_path).items() if k.startswith("campaign")}
    assert written["campaign_log"][-1][4:6] == ("post_battle", result.report.summary())
    # Then the arbitrator writes more.
    campaign.add_log_entry(db, rulesets, "Slag Wars", "The Sump floods.", kind="note")
    campaign.record_snapshot(db, rulesets, "Slag Wars", "after the flood")
    later = {k: v for k, v in all_rows(db_path).items() if k.startswith("campaign")}
    undo_finish(db, rulesets, result)
    after_undo = all_rows(db_path)
    # Every row as before Finish, plus what was written after it (and nothing of Finish's).
    appended = ("campaign_log", "campaign_snapshots")
    for table in appended:
        added_later = [row for row in later[table] if row not in written[table]]
        assert after_undo[table] == before[table] + added_later
    assert {k: v for k, v in after_undo.items() if k not in appended} == {
        k: v for k, v in before.items() if k not in appended
    }
