"""Records point at fighters by id, not by name: a gang file names a beast's owner,
the store holds the owner's id, so a renamed owner keeps the beast and a file
exported later names the owner as they are called now."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gangmanager.exchange.gang_file import dump_gang_file, load_gang_document
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.gang_additions import ownerless_beasts
from gangmanager.rules.post_battle_draft import AdvancementEntry, PostBattleDraft
from gangmanager.rules.roster_ops import recruit
from gangmanager.services import gang_files, post_battle, roster
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present
from ..undo_steps import undo_finish


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


def _file(rulesets: Rulesets, owner: str = "Gorn") -> dict[str, Any]:
    """A gang file: Gorn (Road Captain), Vex (Gunner) and Rex, a Cyber-mastiff whose
    `owner` names `owner`."""
    n23 = rulesets.get("n23")
    types = {t.name: t for t in n23.fighter_types_for("orlock")}
    fighters = [recruit(types["Road Captain"], "Gorn", n23), recruit(types["Gunner"], "Vex", n23)]
    gang = Gang(name="Iron Wolves", house="orlock", credits=100, fighters=fighters)
    data: dict[str, Any] = json.loads(dump_gang_file(gang))
    mastiff = next(t for t in n23.gang_additions if t.name == "Cyber-mastiff")
    beast = json.loads(dump_gang_file(Gang(name="x", fighters=[recruit(mastiff, "Rex", n23)])))
    data["fighters"].append({**beast["fighters"][0], "owner": owner})
    return data


def _import(db: Database, rulesets: Rulesets, data: dict[str, Any]) -> Gang:
    gang, origin = load_gang_document(data, "wolves.gang.json")
    return gang_files.import_gang(db, rulesets, gang, origin)


def _stored(db: Database, gang_id: int | None) -> Gang:
    assert gang_id is not None
    with db.unit_of_work() as uow:
        return uow.gangs.get(gang_id)


def _named(gang: Gang, name: str) -> Fighter:
    found = gang.fighter(name)
    assert found is not None, name
    return found


def _exported_owner(gang: Gang, name: str) -> str | None:
    written = json.loads(dump_gang_file(gang))["fighters"]
    return next(f for f in written if f["name"] == name).get("owner")


def test_a_renamed_owner_keeps_the_beast_and_the_file_names_the_new_name(
    db: Database, rulesets: Rulesets
) -> None:
    gang = _import(db, rulesets, _file(rulesets))
    gorn = _named(_stored(db, gang.id), "Gorn")
    roster.apply(
        db,
        roster.EditFighter(present(gang.id), present(gorn.id), {"name": "Gorn the Bold"}),
        rulesets,
    )
    stored = _stored(db, gang.id)
    assert ownerless_beasts(list(stored.fighters)) == []
    assert _exported_owner(stored, "Rex") == "Gorn the Bold"


def test_a_file_naming_an_owner_of_no_fighter_imports_the_beast_without_one(
    db: Database, rulesets: Rulesets
) -> None:
    gang = _import(db, rulesets, _file(rulesets, owner="Nobody"))
    stored = _stored(db, gang.id)
    assert _named(stored, "Rex").owner_id is None
    assert _exported_owner(stored, "Rex") is None  # no owner: the key is left out
    assert ownerless_beasts(list(stored.fighters)) == [
        "Rex (Cyber-mastiff) has no owner in the gang"
    ]


def test_the_owner_is_read_by_name_whatever_its_case_and_written_back_the_same(
    db: Database, rulesets: Rulesets
) -> None:
    gang = _import(db, rulesets, _file(rulesets, owner="gorn"))
    stored = _stored(db, gang.id)
    assert _named(stored, "Rex").owner_id == _named(stored, "Gorn").id
    text = dump_gang_file(stored)
    again, _origin = load_gang_document(json.loads(text), "again.gang.json")
    assert dump_gang_file(again) == text
    assert _exported_owner(stored, "Rex") == "Gorn"


def test_an_update_from_a_file_keeps_the_beast_with_the_stored_owner(
    db: Database, rulesets: Rulesets
) -> None:
    gang = _import(db, rulesets, _file(rulesets))
    stored = _stored(db, gang.id)
    origin = gang_files.export_origin(db, rulesets, stored)
    data = json.loads(dump_gang_file(_stored(db, gang.id), origin))
    for fighter in data["fighters"]:
        fighter["xp"] = 3 if fighter["name"] == "Rex" else fighter["xp"]
    data["fighters"].append({**data["fighters"][1], "name": "Kerr"})  # a new fighter too
    file_gang, file_origin = load_gang_document(data, "wolves.gang.json")
    assert file_origin is not None
    gang_files.update_gang(db, rulesets, file_gang, file_origin, "wolves.gang.json")
    after = _stored(db, gang.id)
    rex = _named(after, "Rex")
    assert rex.xp == 3 and rex.owner_id == _named(stored, "Gorn").id
    assert _named(after, "Gorn").id == _named(stored, "Gorn").id


def test_a_draft_naming_a_fighter_renamed_before_finish_still_applies_to_them(
    db: Database, rulesets: Rulesets
) -> None:
    gang = _import(db, rulesets, _file(rulesets))
    assert gang.id is not None
    wizard = PostBattleDraft(
        result="win",
        xp={"Gorn": 6, "Vex": 1},
        advancements=[AdvancementEntry(fighter="gorn", advancement="ws")],
    )
    draft_id = post_battle.save_draft(db, rulesets, gang.id, wizard)
    gorn = _named(_stored(db, gang.id), "Gorn")
    roster.apply(
        db,
        roster.EditFighter(present(gang.id), present(gorn.id), {"name": "Gorn the Bold"}),
        rulesets,
    )
    # Resumed, the draft names Gorn as he is called now.
    resumed = post_battle.load_draft(db, gang.id)
    assert resumed is not None and resumed.draft.xp == {"Gorn the Bold": 6, "Vex": 1}
    assert resumed.draft.advancements[0].fighter == "Gorn the Bold"
    # Finish with the draft as a wizard opened before the rename still holds it.
    result = post_battle.finish(db, rulesets, gang.id, wizard, draft_id=draft_id)
    bold = _named(_stored(db, gang.id), "Gorn the Bold")
    assert bold.id == gorn.id and bold.xp == gorn.xp  # +6, then 6 spent on WS
    assert len(bold.modifiers) == len(gorn.modifiers) + 1, bold.modifiers
    assert result.gang.fighter("Gorn") is None
    undo_finish(db, rulesets, result)
    assert _named(_stored(db, gang.id), "Gorn the Bold").modifiers == gorn.modifiers
