"""Battle use cases against a real SQLite file: all-or-nothing, Limited deletions, undo, end."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.persistence.battle_repository import DONE, battles
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules import ratings
from gangmanager.rules.dice import FixedDice
from gangmanager.rules.gang import FighterStatus
from gangmanager.services import battle, gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.errors import ServiceError
from gangmanager.services.gang_view import gang_view
from gangmanager.services.rulesets import Rulesets

RULESETS = ("n23", "house-a", "house-b")
LIMITED = {
    "fighter": "Dex Hollow",
    "event": "ammo_test",
    "weapon": "Shotgun",
    "profile": "executioner ammo",
}


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


def add_demo(db: Database, rulesets: Rulesets, ruleset_id: str = "n23") -> int:
    gang = demo_gang(rulesets.get(ruleset_id))
    gang = gang.model_copy(update={"ruleset": ruleset_id})
    stored = gangs.add_gang(db, rulesets, gang).gang
    assert stored.id is not None
    return stored.id


def dex(db: Database, gang_id: int):
    gang = gangs.load_gang(db, str(gang_id))
    return gang, gang.fighter("Dex Hollow")


# ---------------------------------------------------------------- starting


def test_start_with_everyone_or_a_named_crew(db: Database, rulesets: Rulesets) -> None:
    gang_id = add_demo(db, rulesets)
    result = battle.start_battle(db, rulesets, "the rust riders", scenario="Border Dispute")
    assert [f.name for f in result.record.state.fighters][:2] == ["Mags Varga", "Dex Hollow"]
    assert result.record.scenario == "Border Dispute" and result.record.status == "open"
    with pytest.raises(ServiceError, match="already has a battle going on"):
        battle.start_battle(db, rulesets, gang_id)
    battle.end_battle(db, rulesets, gang_id)
    result = battle.start_battle(db, rulesets, gang_id, crew=["pip", "Rook"])
    assert [f.name for f in result.record.state.fighters] == ["Rook", "Pip"]


def test_start_refusals(db: Database, rulesets: Rulesets) -> None:
    gang_id = add_demo(db, rulesets)
    with pytest.raises(ServiceError, match="no gang 'Nobody'"):
        battle.start_battle(db, rulesets, "Nobody")
    with pytest.raises(ServiceError, match="has no fighter 'Bob'"):
        battle.start_battle(db, rulesets, gang_id, crew=["Rook", "Bob"])
    gang = gangs.load_gang(db, str(gang_id))
    hurt = gang.model_copy(
        update={
            "fighters": [
                f.model_copy(update={"status": FighterStatus.IN_RECOVERY})
                if f.name == "Rook"
                else f
                for f in gang.fighters
            ]
        }
    )
    with db.unit_of_work() as uow:
        uow.gangs.replace(hurt)
        uow.commit()
    with pytest.raises(ServiceError, match="Rook is In recovery and cannot take part"):
        battle.start_battle(db, rulesets, gang_id, crew=["Rook"])
    record = battle.start_battle(db, rulesets, gang_id).record
    assert "Rook" not in [f.name for f in record.state.fighters]
    with pytest.raises(ServiceError, match="no battle going on"):
        battle.show_battle(db, rulesets, add_demo(db, rulesets))


# ---------------------------------------------------------------- the Limited rule


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_limited_deletion_is_stored_at_once_and_undone(
    db: Database, rulesets: Rulesets, ruleset_id: str
) -> None:
    gang_id = add_demo(db, rulesets, ruleset_id)
    before, dex_before = dex(db, gang_id)
    battle.start_battle(db, rulesets, gang_id)
    result = battle.apply_events(db, rulesets, gang_id, [{**LIMITED, "roll": 5}])
    assert result.changes.gangs_changed == (gang_id,)
    assert "struck off the card" in result.lines[0]

    after, dex_after = dex(db, gang_id)
    assert [p.name for p in dex_after.weapons[0].profiles] == ["solid ammo", "scatter ammo"]
    assert dex_after.rating == dex_before.rating
    assert after.rating == before.rating
    assert ratings.pending_fighter_rating(dex_after) == (
        ratings.pending_fighter_rating(dex_before) - 20
    )
    assert ratings.pending_gang_rating(after) == ratings.pending_gang_rating(before) - 20
    record = battle.show_battle(db, rulesets, gang_id)
    assert record.profile_states()[("Dex Hollow", "Shotgun", "executioner ammo")] == "deleted"
    (deleted,) = record.state.deleted_profiles
    assert (deleted.fighter, deleted.weapon, deleted.profile.name) == (
        "Dex Hollow", "Shotgun", "executioner ammo"
    )  # fmt: skip

    # The roster view no longer lists it; the others show their battle state.
    view = gang_view(after, rulesets.get(ruleset_id), battle.profile_states(db, rulesets, gang_id))
    (dex_view,) = [f for f in view["fighters"] if f["name"] == "Dex Hollow"]
    assert [p["name"] for p in dex_view["weapons"][0]["profiles"]] == ["solid ammo", "scatter ammo"]
    assert {p["state"] for p in dex_view["weapons"][0]["profiles"]} == {"ready"}

    undone = battle.undo_last(db, rulesets, gang_id)
    assert undone.changes.gangs_changed == (gang_id,)
    restored, dex_restored = dex(db, gang_id)
    assert dex_restored.weapons == dex_before.weapons
    assert ratings.pending_gang_rating(restored) == ratings.pending_gang_rating(before)
    assert battle.show_battle(db, rulesets, gang_id).events == ()


def test_a_refused_batch_stores_nothing_not_even_a_deletion(
    db: Database, rulesets: Rulesets
) -> None:
    gang_id = add_demo(db, rulesets)
    _, dex_before = dex(db, gang_id)
    battle.start_battle(db, rulesets, gang_id)
    events: list[dict[str, object]] = [
        {**LIMITED, "roll": 1},
        {"fighter": "Rook", "event": "marker", "marker": "Webbed"},
        {"fighter": "Rook", "event": "ammo_test", "weapon": "Lasgun", "profile": "hotshot"},
    ]
    with pytest.raises(battle.EventRefused) as refused:
        battle.apply_events(db, rulesets, gang_id, events, FixedDice([6]))
    assert refused.value.number == 3
    assert "event 3 (ammo_test): Rook's Lasgun has no profile 'hotshot'" in str(refused.value)
    assert "nothing was applied" in str(refused.value)
    assert battle.show_battle(db, rulesets, gang_id).events == ()
    assert dex(db, gang_id)[1].weapons == dex_before.weapons


def test_rolls_left_out_come_from_the_dice_and_are_stored(db: Database, rulesets: Rulesets) -> None:
    gang_id = add_demo(db, rulesets)
    battle.start_battle(db, rulesets, gang_id)
    events = [
        {"fighter": "Rook", "event": "blaze"},
        {"fighter": "Tess Calder", "event": "ammo_test", "weapon": "Autogun"},
    ]
    result = battle.apply_events(db, rulesets, gang_id, events, FixedDice([5, 3]))
    payloads = battle.show_battle(db, rulesets, gang_id).view()["events"]
    assert [p.get("roll") for p in payloads] == [5, 3]
    assert result.record.view()["fighters"][2]["markers"] == ["blaze"]
    with pytest.raises(ServiceError, match="roll is missing"):
        battle.apply_events(db, rulesets, gang_id, [{"fighter": "Pip", "event": "blaze"}])


def test_a_battle_resumes_from_the_database(tmp_path: Path, rulesets: Rulesets) -> None:
    path = sqlite_url(tmp_path / "gm.sqlite")
    with open_database(path) as first:
        gang_id = add_demo(first, rulesets)
        battle.start_battle(first, rulesets, gang_id)
        battle.apply_events(
            first,
            rulesets,
            gang_id,
            [
                {"fighter": "Rook", "event": "flesh_wound"},
                {"fighter": "Pip", "event": "status", "status": "Pinned"},
                {"event": "new_round"},
            ],
        )
        shown = battle.show_battle(first, rulesets, gang_id).view()
    with open_database(path) as second:
        again = battle.show_battle(second, rulesets, gang_id).view()
    assert again == shown
    assert again["round"] == 2


# ---------------------------------------------------------------- undo and end


def test_undo_removes_the_last_event_only(db: Database, rulesets: Rulesets) -> None:
    gang_id = add_demo(db, rulesets)
    battle.start_battle(db, rulesets, gang_id)
    with pytest.raises(ServiceError, match="no event to undo"):
        battle.undo_last(db, rulesets, gang_id)
    battle.apply_events(
        db,
        rulesets,
        gang_id,
        [{"fighter": "Rook", "event": "wound"}, {"fighter": "Pip", "event": "wound"}],
    )
    result = battle.undo_last(db, rulesets, gang_id)
    assert result.lines == ("Undone: wound (Pip).",)
    wounds = {f.name: f.wounds for f in result.record.state.fighters}
    assert (wounds["Rook"], wounds["Pip"]) == (0, 1)


def test_end_hands_the_battle_to_the_post_battle_sequence(db: Database, rulesets: Rulesets) -> None:
    gang_id = add_demo(db, rulesets)
    assert battle.ended_battle(db, gang_id, rulesets) is None
    battle.start_battle(db, rulesets, gang_id, scenario="Ambush")
    battle.apply_events(
        db,
        rulesets,
        gang_id,
        [
            {"fighter": "Rook", "event": "status", "status": "Out of Action"},
            {"fighter": "Pip", "event": "status", "status": "Seriously Injured"},
            {**LIMITED, "roll": 2},
            {"fighter": "Brann", "event": "end_activation"},
        ],
    )
    ended = battle.end_battle(db, rulesets, gang_id)
    assert ended.record.status == "ended" and ended.record.ended_at is not None
    with pytest.raises(ServiceError, match="no battle going on"):
        battle.apply_events(db, rulesets, gang_id, [{"fighter": "Rook", "event": "wound"}])

    record = battle.ended_battle(db, gang_id, rulesets)
    assert record is not None
    assert record.scenario == "Ambush"
    assert record.state.out_of_action == ["Rook"]
    assert record.state.seriously_injured == ["Pip"]
    assert [(d.fighter, d.profile.name) for d in record.state.deleted_profiles] == [
        ("Dex Hollow", "executioner ammo")
    ]
    assert [e.event for e in record.events] == ["status", "status", "ammo_test", "end_activation"]
    assert battle.battle_record(db, rulesets, record.battle_id).view() == record.view()

    with db.unit_of_work() as uow:
        battle.mark_battle_done(uow, record.battle_id)
        uow.commit()
    assert battle.ended_battle(db, gang_id, rulesets) is None
    with db.unit_of_work() as uow:
        assert battles(uow).get(record.battle_id).status == DONE
        with pytest.raises(ServiceError, match="has not been ended"):
            battle.mark_battle_done(uow, record.battle_id)


def test_read_events_file_refusals(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    with pytest.raises(ServiceError, match=r"missing\.json: cannot be read"):
        battle.read_events_file(missing)
    broken = tmp_path / "broken.json"
    broken.write_text("[{", encoding="utf-8")
    with pytest.raises(ServiceError, match=r"broken\.json: line 1, column 3: malformed JSON"):
        battle.read_events_file(broken)
    single = tmp_path / "single.json"
    single.write_text('{"event": "new_round"}', encoding="utf-8")
    with pytest.raises(ServiceError, match="expected a JSON list of events"):
        battle.read_events_file(single)
    numbers = tmp_path / "numbers.json"
    numbers.write_text("[1]", encoding="utf-8")
    with pytest.raises(ServiceError, match="event 1 is not an object"):
        battle.read_events_file(numbers)


def test_a_house_pack_can_drop_the_ratings_at_once(tmp_path: Path, db: Database) -> None:
    # A player's own pack: house rules A, but Limited losses count against the ratings now.
    pack = tmp_path / "data" / "rulesets" / "house-c"
    pack.mkdir(parents=True)
    (pack / "pack.toml").write_text(
        'id = "house-c"\nname = "House C"\nextends = "house-a"\n\n'
        "[ammo]\nlimited_rating_deferred = false\n",
        encoding="utf-8",
    )
    rulesets = Rulesets(tmp_path / "data")
    gang_id = add_demo(db, rulesets, "house-c")
    before, dex_before = dex(db, gang_id)
    battle.start_battle(db, rulesets, gang_id)
    battle.apply_events(db, rulesets, gang_id, [{**LIMITED, "roll": 1}])
    after, dex_after = dex(db, gang_id)
    assert dex_after.rating == dex_before.rating - 20
    assert after.rating == before.rating - 20
    battle.undo_last(db, rulesets, gang_id)
    restored, dex_restored = dex(db, gang_id)
    assert (restored.rating, dex_restored.rating) == (before.rating, dex_before.rating)
