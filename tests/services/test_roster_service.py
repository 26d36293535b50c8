"""Roster edits: one transaction each; undo puts back every stored row exactly, redo too."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect, select, text
from sqlalchemy.orm import Session

from gangmanager.persistence.campaign_tables import (
    CampaignBattleGangRow,
    CampaignBattleRow,
    CampaignLogRow,
    CampaignRow,
    CampaignSnapshotRow,
    CampaignTerritoryRow,
)
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.persistence.tables import BattleEventRow, BattleRow, GangRow, PostBattleDraftRow
from gangmanager.rules import ratings, roster_ops
from gangmanager.rules.gang import Category, FighterStatus, Gang
from gangmanager.rules.modifiers import Modifier, ModifierKind
from gangmanager.rules.weapons import Item, Weapon, WeaponProfile
from gangmanager.services import gangs, roster
from gangmanager.services.demo import demo_gang
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present
from ..portrait_images import image_bytes
from ..statements import statements_sent

Dump = dict[str, list[tuple[Any, ...]]]


def dump(db: Database) -> Dump:
    """Every row of every table, raw as SQLite stores it (ids, versions, timestamps, JSON text)."""
    with db.engine.connect() as conn:
        # Not the undo history: an undo moves it on (it is not the gangs' data).
        names = [n for n in inspect(conn).get_table_names() if n != "undo_steps"]
        return {n: list(conn.execute(text(f'SELECT * FROM "{n}" ORDER BY 1')).all()) for n in names}


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


@pytest.fixture
def gang(db: Database, rulesets: Rulesets) -> Gang:
    """The demo gang plus a second gang, so edits must leave other gangs alone."""
    outcome = roster.apply(db, roster.CreateGang(demo_gang(rulesets.get("n23"))), rulesets)
    other = demo_gang(rulesets.get("n23")).model_copy(update={"name": "Other Gang"})
    roster.apply(db, roster.CreateGang(other), rulesets)
    assert outcome.gang_id is not None
    return gangs.load_gang(db, str(outcome.gang_id))


def fighter_id(gang: Gang, name: str) -> int:
    fighter = gang.fighter(name)
    assert fighter is not None and fighter.id is not None
    return fighter.id


def reload(db: Database, gang: Gang) -> Gang:
    return gangs.load_gang(db, str(gang.id))


LASGUN = Weapon(name="Lasgun", cost=15, profiles=[WeaponProfile(rng_s='18"', am="2+")])
HOTSHOT = WeaponProfile(name="hotshot las pack", am="4+", cost=20)

# Each builds a command from the stored gang: every edit the roster editor offers.
EDITS: dict[str, Callable[[Gang], roster.Command]] = {
    "rename gang": lambda g: roster.EditGang(present(g.id), {"name": "Iron Ravens"}),
    "house rules override": lambda g: roster.EditGang(
        present(g.id), {"house_rules_ignore_restrictions": True}
    ),
    "credits and reputation": lambda g: roster.EditGang(
        present(g.id), {"credits": 77, "reputation": 3}
    ),
    "add fighter": lambda g: roster.AddFighter(
        present(g.id), g.fighters[2].model_copy(update={"name": "Newcomer"}), pay=True
    ),
    "remove fighter": lambda g: roster.RemoveFighter(
        present(g.id), fighter_id(g, "Rook"), refund=15
    ),
    "rename fighter": lambda g: roster.EditFighter(
        present(g.id), fighter_id(g, "Rook"), {"name": "Rookie"}
    ),
    "fighter fields": lambda g: roster.EditFighter(
        present(g.id),
        fighter_id(g, "Pip"),
        {"xp": 4, "status": FighterStatus.IN_RECOVERY, "notes": "limps", "cost": 40},
    ),
    "characteristic": lambda g: roster.SetCharacteristic(
        present(g.id), fighter_id(g, "Rook"), "BS", 3
    ),
    "add modifier": lambda g: roster.AddModifier(
        present(g.id),
        fighter_id(g, "Rook"),
        Modifier(source="Bionic eye", kind=ModifierKind.MANUAL, changes={"BS": 1}),
    ),
    "remove modifier": lambda g: roster.RemoveModifier(
        present(g.id), fighter_id(g, "Mags Varga"), 0
    ),
    "buy weapon": lambda g: roster.BuyWeapon(present(g.id), fighter_id(g, "Tess Calder"), LASGUN),
    "sell weapon": lambda g: roster.RemoveWeapon(
        present(g.id), fighter_id(g, "Rook"), 0, refund=15
    ),
    "add paid profile": lambda g: roster.AddWeaponProfile(
        present(g.id), fighter_id(g, "Rook"), 0, HOTSHOT
    ),
    "remove paid profile": lambda g: roster.RemoveWeaponProfile(
        present(g.id), fighter_id(g, "Dex Hollow"), 0, 1, refund=0
    ),
    "buy wargear": lambda g: roster.BuyWargear(
        present(g.id), fighter_id(g, "Rook"), Item(name="Flak armour", cost=10)
    ),
    "remove wargear": lambda g: roster.RemoveWargear(
        present(g.id), fighter_id(g, "Mags Varga"), 0, 10
    ),
    "add skill": lambda g: roster.AddSkill(present(g.id), fighter_id(g, "Rook"), "Nerves of Steel"),
    "add injury": lambda g: roster.AddInjury(present(g.id), fighter_id(g, "Rook"), "Eye Injury"),
    "set fighter portrait": lambda g: roster.SetPortrait(
        present(g.id), fighter_id(g, "Pip"), image_bytes()
    ),
    "set gang portrait": lambda g: roster.SetPortrait(present(g.id), None, image_bytes(fmt="WEBP")),
    "delete gang": lambda g: roster.DeleteGang(present(g.id)),
    "duplicate gang": lambda g: roster.DuplicateGang(present(g.id)),
}


@pytest.mark.parametrize("name", list(EDITS))
def test_undo_restores_every_row_and_redo_repeats_the_edit(
    db: Database, gang: Gang, name: str, rulesets: Rulesets
) -> None:
    before = dump(db)
    outcome = roster.apply(db, EDITS[name](gang), rulesets)
    after = dump(db)
    assert after != before, "the edit changed nothing"
    undone = roster.undo(db, outcome, rulesets)
    assert dump(db) == before
    redone = roster.apply(db, present(undone.inverse), rulesets)
    assert dump(db) == after
    roster.undo(db, redone, rulesets)
    assert dump(db) == before


def test_remove_skill_and_its_undo(db: Database, gang: Gang, rulesets: Rulesets) -> None:
    rook = fighter_id(gang, "Rook")
    roster.apply(db, roster.AddSkill(present(gang.id), rook, "Nerves of Steel"), rulesets)
    before = dump(db)
    outcome = roster.apply(db, roster.RemoveSkill(present(gang.id), rook, 0), rulesets)
    assert present(reload(db, gang).fighter("Rook")).skills == []
    roster.undo(db, outcome, rulesets)
    assert dump(db) == before


def test_remove_injury_keeps_the_modifier_and_undo_restores_exactly(
    db: Database, gang: Gang, rulesets: Rulesets
) -> None:
    rook = fighter_id(gang, "Rook")
    eye = Modifier(
        source="Lasting Injury: Eye Injury", kind=ModifierKind.INJURY, changes={"BS": -1}
    )
    roster.apply(db, roster.AddModifier(present(gang.id), rook, eye, injury="Eye Injury"), rulesets)
    added = roster.apply(db, roster.AddInjury(present(gang.id), rook, "Old Wound"), rulesets)
    assert added.label == "Add injury Old Wound to Rook"
    assert present(reload(db, gang).fighter("Rook")).injuries == ["Eye Injury", "Old Wound"]
    before = dump(db)
    outcome = roster.apply(db, roster.RemoveInjury(present(gang.id), rook, 0), rulesets)
    assert outcome.label == "Remove injury Eye Injury from Rook"
    stored = present(reload(db, gang).fighter("Rook"))
    assert (stored.injuries, stored.modifiers) == (["Old Wound"], [eye])
    roster.undo(db, outcome, rulesets)
    assert dump(db) == before
    with pytest.raises(ServiceError, match="an injury needs a name"):
        roster.apply(db, roster.AddInjury(present(gang.id), rook, " "), rulesets)
    assert dump(db) == before


def test_deleting_a_gang_takes_its_battles_and_undo_brings_all_back(
    db: Database, gang: Gang, rulesets: Rulesets
) -> None:
    with Session(db.engine) as session:
        battle = BattleRow(gang_id=gang.id, scenario="Sneak Attack", ruleset="n23", crew=[1, 2])
        battle.events = [BattleEventRow(seq=1, payload={"kind": "round"})]
        session.add(battle)
        session.flush()
        session.add(PostBattleDraftRow(gang_id=gang.id, battle_id=battle.id, draft={"step": 1}))
        session.commit()
    before = dump(db)
    outcome = roster.apply(db, roster.DeleteGang(present(gang.id)), rulesets)
    assert outcome.changes.gangs_removed == (gang.id,)
    assert not dump(db)["battles"] and not dump(db)["post_battle_drafts"]
    restored = roster.undo(db, outcome, rulesets)
    assert restored.changes.gangs_added == (gang.id,)
    assert restored.gang_id == gang.id
    assert dump(db) == before


def test_undo_of_a_gang_deletion_puts_back_the_links_to_it(
    db: Database, gang: Gang, rulesets: Rulesets
) -> None:
    """Rows that outlive the gang (SET NULL) point at it again after undo: the other gang's
    battle against it, its territory, its side of a campaign battle, the log and the chart."""
    with Session(db.engine) as session:
        other = session.scalars(select(GangRow.id).where(GangRow.id != gang.id)).one()
        session.add(
            BattleRow(gang_id=other, against_gang_id=gang.id, scenario="Ambush", ruleset="n23")
        )
        camp = CampaignRow(name="Ash Wars", ruleset="n23", campaign_type="dominion")
        session.add(camp)
        session.flush()
        fought = CampaignBattleRow(campaign_id=camp.id, cycle=1, fought_on=date(2026, 3, 1))
        session.add(fought)
        session.flush()
        session.add_all(
            [
                CampaignTerritoryRow(campaign_id=camp.id, position=0, name="Tunnels", gang_id=gang.id),
                CampaignBattleGangRow(
                    campaign_battle_id=fought.id, position=0, gang_id=gang.id,
                    gang_name=gang.name, result="won",
                ),
                CampaignLogRow(campaign_id=camp.id, cycle=1, kind="note", text="hi", gang_id=gang.id),
                CampaignSnapshotRow(
                    campaign_id=camp.id, seq=0, label="start", gang_id=gang.id,
                    gang_name=gang.name, rating=1, wealth=1, reputation=1, credits=0, territories=1,
                ),
            ]
        )  # fmt: skip
        session.commit()
    before = dump(db)
    outcome = roster.apply(db, roster.DeleteGang(present(gang.id)), rulesets)
    links = ("battles", "campaign_territories", "campaign_battle_gangs", "campaign_log")
    assert all(dump(db)[table] != before[table] for table in links)
    roster.undo(db, outcome, rulesets)
    assert dump(db) == before


def test_a_roster_edit_leaves_the_battle_log_alone(
    db: Database, gang: Gang, rulesets: Rulesets
) -> None:
    """Undo of a roster edit must not wind back battle events recorded meanwhile."""
    outcome = roster.apply(db, roster.EditGang(present(gang.id), {"credits": 5}), rulesets)
    with Session(db.engine) as session:
        session.add(BattleRow(gang_id=gang.id, scenario="Ambush", ruleset="n23", crew=[]))
        session.commit()
    roster.undo(db, outcome, rulesets)
    assert len(dump(db)["battles"]) == 1
    assert reload(db, gang).credits == gang.credits


def test_a_removed_fighter_comes_back_with_the_same_id(
    db: Database, gang: Gang, rulesets: Rulesets
) -> None:
    rook = fighter_id(gang, "Rook")
    outcome = roster.apply(db, roster.RemoveFighter(present(gang.id), rook), rulesets)
    assert outcome.changes.fighters_removed == (rook,)
    assert reload(db, gang).fighter("Rook") is None
    undone = roster.undo(db, outcome, rulesets)
    assert undone.changes.fighters_added == (rook,)
    assert undone.fighter_id == rook
    assert present(reload(db, gang).fighter("Rook")).id == rook
    assert [f.name for f in reload(db, gang).fighters] == [f.name for f in gang.fighters]


def test_buying_spends_credits_and_refuses_when_short(
    db: Database, gang: Gang, rulesets: Rulesets
) -> None:
    rook = fighter_id(gang, "Rook")
    outcome = roster.apply(db, roster.BuyWeapon(present(gang.id), rook, LASGUN), rulesets)
    assert reload(db, gang).credits == gang.credits - 15
    assert outcome.changes.fighters_changed == (rook,)
    assert outcome.changes.messages == ("paid 15 credits for Lasgun",)
    roster.apply(db, roster.EditGang(present(gang.id), {"credits": 10}), rulesets)
    before = dump(db)
    with pytest.raises(ServiceError, match="Lasgun costs 15 credits; The Rust Riders has only 10"):
        roster.apply(db, roster.BuyWeapon(present(gang.id), rook, LASGUN), rulesets)
    with pytest.raises(ServiceError, match="costs 20 credits"):
        roster.apply(db, roster.AddWeaponProfile(present(gang.id), rook, 0, HOTSHOT), rulesets)
    with pytest.raises(ServiceError, match="not bought"):
        roster.apply(
            db,
            roster.BuyWargear(present(gang.id), rook, Item(name="Mesh armour", cost=15)),
            rulesets,
        )
    assert dump(db) == before
    # Not paying (a gift, a correction) needs no credits.
    roster.apply(db, roster.BuyWeapon(present(gang.id), rook, LASGUN, pay=False), rulesets)
    assert reload(db, gang).credits == 10


def test_recruiting_pays_the_fighter_cost(db: Database, gang: Gang, rulesets: Rulesets) -> None:
    recruit = present(gang.fighter("Rook")).model_copy(update={"name": "Newcomer"})
    outcome = roster.apply(db, roster.AddFighter(present(gang.id), recruit, pay=True), rulesets)
    stored = reload(db, gang)
    assert stored.credits == gang.credits - ratings.fighter_cost(recruit)
    assert outcome.fighter_id == stored.fighters[-1].id
    assert outcome.changes.fighters_added == (outcome.fighter_id,)
    # The copy is a new fighter, not the one it was copied from.
    assert outcome.fighter_id != fighter_id(gang, "Rook")


def test_selling_refunds_only_when_asked(db: Database, gang: Gang, rulesets: Rulesets) -> None:
    mags = fighter_id(gang, "Mags Varga")
    roster.apply(db, roster.RemoveWeapon(present(gang.id), mags, 0), rulesets)
    assert reload(db, gang).credits == gang.credits
    roster.apply(db, roster.RemoveWeapon(present(gang.id), mags, 0, refund=25), rulesets)
    assert reload(db, gang).credits == gang.credits + 25
    with pytest.raises(ServiceError, match="negative"):
        roster.apply(db, roster.RemoveWargear(present(gang.id), mags, 0, refund=-1), rulesets)


def test_committed_ratings_never_change_in_the_roster_editor(
    db: Database, gang: Gang, rulesets: Rulesets
) -> None:
    rook = fighter_id(gang, "Rook")
    roster.apply(db, roster.BuyWeapon(present(gang.id), rook, LASGUN), rulesets)
    stored = reload(db, gang)
    assert stored.rating == gang.rating
    assert present(stored.fighter("Rook")).rating == present(gang.fighter("Rook")).rating
    assert ratings.pending_fighter_rating(present(stored.fighter("Rook"))) == (
        ratings.pending_fighter_rating(present(gang.fighter("Rook"))) + 15
    )
    with pytest.raises(ServiceError, match="cannot be edited"):
        roster.apply(db, roster.EditFighter(present(gang.id), rook, {"rating": 1}), rulesets)
    with pytest.raises(ServiceError, match="only at founding"):
        roster.apply(db, roster.EditGang(present(gang.id), {"rating": 1}), rulesets)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"name": "  "}, "name"),
        ({"xp": -1}, "xp"),
        ({"cost": -5}, "cost"),
        ({"category": "overlord"}, "category"),
        ({"status": "asleep"}, "status"),
    ],
)
def test_bad_fighter_fields_are_refused_and_nothing_is_written(
    db: Database, gang: Gang, fields: dict[str, Any], message: str, rulesets: Rulesets
) -> None:
    before = dump(db)
    with pytest.raises(ServiceError, match=message):
        roster.apply(
            db, roster.EditFighter(present(gang.id), fighter_id(gang, "Rook"), fields), rulesets
        )
    assert dump(db) == before


def test_profile_values_outside_the_range_are_refused(
    db: Database, gang: Gang, rulesets: Rulesets
) -> None:
    rook = fighter_id(gang, "Rook")
    before = dump(db)
    with pytest.raises(ServiceError, match="outside"):
        roster.apply(db, roster.SetCharacteristic(present(gang.id), rook, "BS", 1), rulesets)
    with pytest.raises(ServiceError, match="unknown characteristic"):
        roster.apply(db, roster.SetCharacteristic(present(gang.id), rook, "XX", 1), rulesets)
    assert dump(db) == before
    roster.apply(db, roster.SetCharacteristic(present(gang.id), rook, "BS", None), rulesets)
    assert present(reload(db, gang).fighter("Rook")).profile["BS"] is None


def test_advancements_spend_xp_and_respect_caps(db: Database, gang: Gang, rulesets) -> None:
    n23 = rulesets.get("n23")
    rook = fighter_id(gang, "Rook")
    roster.apply(db, roster.EditFighter(present(gang.id), rook, {"xp": 20}), rulesets)
    wounds = roster_ops.advancement_modifier(n23.advancement("w"))
    outcome = roster.apply(
        db, roster.AddModifier(present(gang.id), rook, wounds, spend_xp=12), rulesets
    )
    assert present(reload(db, gang).fighter("Rook")).xp == 8
    assert outcome.changes.messages == ("spent 12 XP",)
    with pytest.raises(ServiceError, match="at most 1 time"):
        roster.apply(db, roster.AddModifier(present(gang.id), rook, wounds), rulesets)
    with pytest.raises(ServiceError, match="costs 20 XP; Rook has only 8"):
        roster.apply(db, roster.AddModifier(present(gang.id), rook, wounds, spend_xp=20), rulesets)


def test_an_injury_from_the_table_is_listed_and_removed_with_its_modifier(
    db: Database, gang: Gang, rulesets
) -> None:
    n23 = rulesets.get("n23")
    eye = next(i for i in n23.injuries if i.name == "Eye Injury")
    rook = fighter_id(gang, "Rook")
    roster.apply(
        db,
        roster.AddModifier(
            present(gang.id), rook, roster_ops.injury_modifier(eye), injury=eye.name
        ),
        rulesets,
    )
    stored = present(reload(db, gang).fighter("Rook"))
    assert stored.injuries == ["Eye Injury"]
    assert stored.effective().printed()["BS"] == "5+"
    roster.apply(
        db,
        roster.RemoveModifier(present(gang.id), rook, len(stored.modifiers) - 1),
        rulesets,
    )
    assert present(reload(db, gang).fighter("Rook")).injuries == []


def test_a_gang_name_must_stay_unique(db: Database, gang: Gang, rulesets: Rulesets) -> None:
    with pytest.raises(ServiceError, match="already exists"):
        roster.apply(db, roster.EditGang(present(gang.id), {"name": "other gang"}), rulesets)
    # The gang's own name in another case is fine.
    roster.apply(db, roster.EditGang(present(gang.id), {"name": "THE RUST RIDERS"}), rulesets)


def test_create_renames_a_taken_name_and_says_so(
    db: Database, gang: Gang, rulesets: Rulesets
) -> None:
    outcome = roster.apply(db, roster.CreateGang(gang.model_copy(update={"id": None})), rulesets)
    assert outcome.label == "New gang The Rust Riders (2)"
    assert outcome.changes.messages == (
        "the name 'The Rust Riders' was taken: saved as 'The Rust Riders (2)'",
    )
    duplicate = roster.apply(db, roster.DuplicateGang(present(gang.id)), rulesets)
    copy = gangs.load_gang(db, str(duplicate.gang_id))
    assert copy.name == "The Rust Riders (3)"
    assert [f.name for f in copy.fighters] == [f.name for f in gang.fighters]
    assert not {f.id for f in copy.fighters} & {f.id for f in gang.fighters}


def test_undo_is_refused_when_the_gang_changed_since(
    db: Database, gang: Gang, rulesets: Rulesets
) -> None:
    outcome = roster.apply(db, roster.EditGang(present(gang.id), {"credits": 5}), rulesets)
    # Another window (or player) edits the same gang afterwards.
    roster.apply(db, roster.EditGang(present(gang.id), {"reputation": 4}), rulesets)
    before = dump(db)
    with pytest.raises(ServiceError, match="has been changed since"):
        roster.undo(db, outcome, rulesets)
    assert dump(db) == before


def test_undo_of_a_deletion_refuses_a_reused_id(db: Database, gang: Gang, rulesets) -> None:
    """SQLite reuses the highest id; restoring must not overwrite the newcomer."""
    last = gang.fighters[-1]
    other = gangs.load_gang(db, "Other Gang")
    outcome = roster.apply(
        db, roster.RemoveFighter(present(other.id), present(other.fighters[-1].id)), rulesets
    )
    newcomer = roster.apply(
        db, roster.AddFighter(present(gang.id), last.model_copy(update={"name": "Z"})), rulesets
    )
    assert newcomer.fighter_id == other.fighters[-1].id
    before = dump(db)
    with pytest.raises(ServiceError, match="used by a newer record"):
        roster.undo(db, outcome, rulesets)
    assert dump(db) == before


def test_stale_fighter_references_are_refused(db: Database, gang: Gang, rulesets: Rulesets) -> None:
    rook = fighter_id(gang, "Rook")
    roster.apply(db, roster.RemoveFighter(present(gang.id), rook), rulesets)
    with pytest.raises(ServiceError, match="no fighter with id"):
        roster.apply(db, roster.EditFighter(present(gang.id), rook, {"xp": 1}), rulesets)
    with pytest.raises(ServiceError, match="no longer on the roster"):
        roster.apply(
            db, roster.RemoveWeapon(present(gang.id), fighter_id(gang, "Pip"), 5), rulesets
        )
    roster.apply(db, roster.DeleteGang(present(gang.id)), rulesets)
    with pytest.raises(ServiceError, match="no gang with id"):
        roster.apply(
            db, roster.AddSkill(present(gang.id), fighter_id(gang, "Pip"), "Dodge"), rulesets
        )


def test_an_edit_writes_only_the_fighter_it_changes(
    db: Database, gang: Gang, rulesets: Rulesets
) -> None:
    """Other fighters keep their weapon rows (and ids): no rewrite of the whole gang."""
    rook = fighter_id(gang, "Rook")
    weapons_before = dump(db)["weapons"]
    roster.apply(db, roster.BuyWeapon(present(gang.id), rook, LASGUN), rulesets)
    weapons_after = dump(db)["weapons"]
    # Row layout: (id, fighter_id, position, name, cost).
    others_before = [w for w in weapons_before if w[1] != rook]
    assert others_before == [w for w in weapons_after if w[1] != rook]
    assert [w[3] for w in weapons_after if w[1] == rook] == ["Lasgun", "Lasgun"]


def _big_gang(gang: Gang, size: int) -> Gang:
    fighters = [
        gang.fighters[i % len(gang.fighters)].model_copy(update={"id": None, "name": f"F{i}"})
        for i in range(size)
    ]
    return gang.model_copy(update={"id": None, "name": f"Big {size}", "fighters": fighters})


def test_statements_per_edit_do_not_grow_with_the_roster(
    db: Database, gang: Gang, rulesets: Rulesets
) -> None:
    counts = []
    for size in (6, 30):
        created = roster.apply(db, roster.CreateGang(_big_gang(gang, size)), rulesets)
        big = gangs.load_gang(db, str(created.gang_id))
        with statements_sent(db.engine, commits=False) as statements:
            outcome = roster.apply(
                db, roster.BuyWeapon(present(big.id), present(big.fighters[3].id), LASGUN), rulesets
            )
            roster.undo(db, outcome, rulesets)
        counts.append(len(statements))
    assert counts[0] == counts[1]


def test_no_change_still_returns_a_consistent_outcome(
    db: Database, gang: Gang, rulesets: Rulesets
) -> None:
    outcome = roster.apply(
        db, roster.EditFighter(present(gang.id), fighter_id(gang, "Rook"), {"xp": 0}), rulesets
    )
    assert outcome.changes.fighters_changed == ()
    assert outcome.label == "Edit xp of Rook"
    roster.undo(db, outcome, rulesets)


def test_a_category_edit_is_stored(db: Database, gang: Gang, rulesets: Rulesets) -> None:
    rook = fighter_id(gang, "Rook")
    roster.apply(
        db, roster.EditFighter(present(gang.id), rook, {"category": "specialist"}), rulesets
    )
    assert present(reload(db, gang).fighter("Rook")).category is Category.SPECIALIST


def test_the_house_rules_setting_is_stored_and_undone(
    db: Database, gang: Gang, rulesets: Rulesets
) -> None:
    from gangmanager.services.gang_view import gang_text, gang_view

    assert not gang.house_rules_ignore_restrictions  # off by default
    outcome = roster.apply(
        db, roster.EditGang(present(gang.id), {"house_rules_ignore_restrictions": True}), rulesets
    )
    assert outcome.label == f"Turn house rules on for {gang.name}"
    assert reload(db, gang).house_rules_ignore_restrictions
    n23 = rulesets.get("n23")
    assert gang_view(reload(db, gang), n23)["house_rules_ignore_restrictions"] is True
    assert "House rules: no list or access restrictions" in gang_text(reload(db, gang), n23)
    roster.undo(db, outcome, rulesets)
    assert not reload(db, gang).house_rules_ignore_restrictions
