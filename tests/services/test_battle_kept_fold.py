"""A battle event costs the same whatever the log's length: the folded state is kept
between actions, and used only while nobody else wrote to the battle or its gangs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.dice import FixedDice
from gangmanager.services import battle, battle_folds, gangs, roster
from gangmanager.services.demo import demo_gang
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets

from ..demo_battle import LIMITED
from ..statements import statements_sent


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


def add_demo(db: Database, rulesets: Rulesets) -> int:
    stored = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang
    assert stored.id is not None
    return stored.id


def pins(count: int) -> list[dict[str, Any]]:
    """`count` status changes, Rook and Pip in turns, Pinned and back."""
    return [
        {
            "event": "status",
            "fighter": ("Rook", "Pip")[n % 2],
            "status": ("Pinned", "Active")[(n // 2) % 2],
        }
        for n in range(count)
    ]


def fresh_view(db: Database, rulesets: Rulesets, gang_id: int) -> dict[str, Any]:
    """The battle folded from its whole log (what `show` does)."""
    return battle.show_battle(db, rulesets, gang_id).view()


def statements_for_one_event(tmp_path: Path, rulesets: Rulesets, logged: int) -> list[str]:
    with open_database(sqlite_url(tmp_path / f"log-{logged}.sqlite")) as db:
        gang_id = add_demo(db, rulesets)
        battle.start_battle(db, rulesets, gang_id)
        battle.apply_events(db, rulesets, gang_id, pins(logged))
        with statements_sent(db.engine, commits=False) as statements:
            battle.apply_events(
                db, rulesets, gang_id, [{"event": "marker", "fighter": "Rook", "marker": "Blaze"}]
            )
    return statements


def test_an_event_costs_the_same_statements_with_500_events_as_with_1(
    tmp_path: Path, rulesets: Rulesets
) -> None:
    one = statements_for_one_event(tmp_path, rulesets, 1)
    many = statements_for_one_event(tmp_path, rulesets, 500)
    assert len(many) == len(one)
    # The log itself is not read: only the event is written.
    assert not [s for s in many if s.lstrip().upper().startswith("SELECT") and "battle_events" in s]


def test_the_kept_state_is_the_fold_of_the_log_through_events_undo_and_limited(
    db: Database, rulesets: Rulesets
) -> None:
    gang_id = add_demo(db, rulesets)
    battle.start_battle(db, rulesets, gang_id)
    steps: list[list[dict[str, object]]] = [
        [{"event": "wound", "fighter": "Rook"}],
        [LIMITED, {"event": "marker", "fighter": "Pip", "marker": "Blaze"}],
        [{"event": "flesh_wound", "fighter": "Pip"}],
        [{"event": "new_round"}],
    ]
    for step in steps:
        result = battle.apply_events(db, rulesets, gang_id, step)
        assert result.record.view() == fresh_view(db, rulesets, gang_id)
    # Back to the first wound: new round, Flesh Wound, Blaze marker, the Limited test.
    for _ in range(4):
        undone = battle.undo_last(db, rulesets, gang_id)
        assert undone.record.view() == fresh_view(db, rulesets, gang_id)
    assert [e.event for e in undone.record.events] == ["wound"]
    # The Limited profile is back on the card and the fold agrees.
    dex = gangs.load_gang(db, str(gang_id)).fighter("Dex Hollow")
    assert dex is not None
    assert "executioner ammo" in [p.name for p in dex.weapons[0].profiles]
    again = battle.apply_events(db, rulesets, gang_id, [LIMITED])
    assert again.record.view() == fresh_view(db, rulesets, gang_id)
    assert again.record.profile_states()[("Dex Hollow", "Shotgun", "executioner ammo")] == (
        "deleted"
    )


def test_undo_past_the_kept_states_folds_the_log(db: Database, rulesets: Rulesets) -> None:
    gang_id = add_demo(db, rulesets)
    battle.start_battle(db, rulesets, gang_id)
    for single in pins(battle_folds.UNDO_DEPTH + 3):
        battle.apply_events(db, rulesets, gang_id, [single])
    for left in range(battle_folds.UNDO_DEPTH + 2, -1, -1):
        undone = battle.undo_last(db, rulesets, gang_id)
        assert len(undone.record.events) == left
        assert undone.record.view() == fresh_view(db, rulesets, gang_id)


def test_an_event_records_handed_out_earlier_do_not_change(
    db: Database, rulesets: Rulesets
) -> None:
    gang_id = add_demo(db, rulesets)
    battle.start_battle(db, rulesets, gang_id)
    first = battle.apply_events(db, rulesets, gang_id, [{"event": "wound", "fighter": "Rook"}])
    shown = first.record.view()
    battle.apply_events(db, rulesets, gang_id, [{"event": "flesh_wound", "fighter": "Pip"}])
    battle.undo_last(db, rulesets, gang_id)
    battle.undo_last(db, rulesets, gang_id)
    assert first.record.view() == shown


def test_a_refused_event_leaves_the_kept_state_as_stored(db: Database, rulesets: Rulesets) -> None:
    gang_id = add_demo(db, rulesets)
    battle.start_battle(db, rulesets, gang_id)
    battle.apply_events(db, rulesets, gang_id, [{"event": "wound", "fighter": "Rook"}])
    with pytest.raises(battle.EventRefused):
        battle.apply_events(
            db,
            rulesets,
            gang_id,
            [{"event": "flesh_wound", "fighter": "Pip"}, {"event": "wound", "fighter": "Nobody"}],
        )
    result = battle.apply_events(db, rulesets, gang_id, [{"event": "new_round"}])
    assert [e.event for e in result.record.events] == ["wound", "new_round"]
    assert result.record.view() == fresh_view(db, rulesets, gang_id)


def test_a_stale_window_is_checked_against_what_another_wrote(
    tmp_path: Path, rulesets: Rulesets
) -> None:
    """Two openings of one file (two windows, or the window and the command line): each
    keeps its own fold, and an event is checked against the stored battle, not that fold."""
    url = sqlite_url(tmp_path / "gm.sqlite")
    with open_database(url) as here, open_database(url) as there:
        gang_id = add_demo(here, rulesets)
        battle.start_battle(here, rulesets, gang_id)
        battle.apply_events(here, rulesets, gang_id, [{"event": "wound", "fighter": "Rook"}])
        battle.apply_events(there, rulesets, gang_id, [{"event": "wound", "fighter": "Pip"}])
        battle.undo_last(there, rulesets, gang_id)
        battle.apply_events(
            there, rulesets, gang_id, [{"event": "status", "fighter": "Pip", "status": "Pinned"}]
        )
        # Here still holds the fold of one event; the stored battle has two.
        result = battle.apply_events(here, rulesets, gang_id, [{"event": "new_round"}])
        assert [e.event for e in result.record.events] == ["wound", "status", "new_round"]
        assert result.record.view() == fresh_view(there, rulesets, gang_id)
        # An undo here takes off the last stored event, whoever stored it.
        battle.undo_last(there, rulesets, gang_id)
        undone = battle.undo_last(here, rulesets, gang_id)
        assert undone.lines == ("Undone: status (Pip).",)
        assert undone.record.view() == fresh_view(there, rulesets, gang_id)


def test_a_roster_edit_during_the_battle_is_seen_by_the_next_event(
    db: Database, rulesets: Rulesets
) -> None:
    gang_id = add_demo(db, rulesets)
    battle.start_battle(db, rulesets, gang_id)
    battle.apply_events(db, rulesets, gang_id, [{"event": "wound", "fighter": "Rook"}])
    pip = gangs.load_gang(db, str(gang_id)).fighter("Pip")
    assert pip is not None and pip.id is not None
    toughness = pip.effective().values["T"]
    assert toughness is not None
    roster.apply(db, roster.SetCharacteristic(gang_id, pip.id, "T", toughness + 1), rulesets)
    result = battle.apply_events(db, rulesets, gang_id, [{"event": "new_round"}])
    (shown,) = [f for f in result.record.view()["fighters"] if f["name"] == "Pip"]
    assert shown["profile"]["T"] == str(toughness + 1)
    assert result.record.view() == fresh_view(db, rulesets, gang_id)


def test_a_batch_with_rolls_from_the_dice_keeps_what_was_rolled(
    db: Database, rulesets: Rulesets
) -> None:
    gang_id = add_demo(db, rulesets)
    battle.start_battle(db, rulesets, gang_id)
    events = [{"fighter": "Rook", "event": "blaze"}, {"fighter": "Pip", "event": "blaze"}]
    result = battle.apply_events(db, rulesets, gang_id, events, FixedDice([5, 1]))
    assert result.record.view() == fresh_view(db, rulesets, gang_id)


def fighter_reads(statements: list[str]) -> int:
    return len(
        [s for s in statements if s.lstrip().upper().startswith("SELECT") and "FROM fighters" in s]
    )


def test_the_windows_open_reads_no_gang_while_the_fold_is_kept_and_each_gang_once_else(
    tmp_path: Path, rulesets: Rulesets
) -> None:
    """The battle window opens by gang id: its battle and its hires (issue 31: it read the
    300-fighter gang twice, once for the battle and once for the Hired Guns)."""
    url = sqlite_url(tmp_path / "gm.sqlite")
    with open_database(url) as here:
        gang_id = add_demo(here, rulesets)
        other = gangs.add_gang(
            here, rulesets, demo_gang(rulesets.get("n23")).model_copy(update={"name": "Other"})
        ).gang
        battle.start_battle(here, rulesets, gang_id, against=other.id)
        battle.apply_events(here, rulesets, gang_id, [{"event": "wound", "fighter": "Other/Rook"}])
        with statements_sent(here.engine, commits=False) as kept:
            record = battle.open_battle(here, rulesets, gang_id)
            assert battle.hire_grants(here, rulesets, gang_id) == []
        assert record is not None and record.view() == fresh_view(here, rulesets, gang_id)
        assert fighter_reads(kept) == 0
    # A new opening of the file (the app started again) keeps no fold: each gang once.
    with open_database(url) as again, statements_sent(again.engine, commits=False) as folded:
        record = battle.open_battle(again, rulesets, gang_id)
        battle.hire_grants(again, rulesets, gang_id)
    assert record is not None and record.against_name == "Other"
    assert [e.event for e in record.events] == ["wound"]
    assert fighter_reads(folded) == 2


def test_the_windows_open_by_an_unknown_id_is_refused(db: Database, rulesets: Rulesets) -> None:
    add_demo(db, rulesets)
    with pytest.raises(ServiceError, match="9999"):
        battle.open_battle(db, rulesets, 9999)
    assert battle.open_battle(db, rulesets, gangs.list_gangs(db)[0].id) is None
