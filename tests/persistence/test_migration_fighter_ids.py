"""Migration 0013: a beast's stored owner name becomes the owner's id.

A name matching one fighter of the beast's gang (case and spaces ignored) becomes
that fighter's id; a name matching none, or two, becomes no owner, and the beast
is kept. Down again, the ids become names."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.rules.fighter_refs import owner_name
from gangmanager.services import gangs, post_battle, roster
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present
from .test_migrations import migrate, revision_of

_GANG = (
    "INSERT INTO gangs (id, name, house, ruleset, credits, reputation, notes)"
    " VALUES (?, ?, 'orlock', 'n23', 0, 1, '')"
)
_FIGHTER = (
    "INSERT INTO fighters (id, gang_id, position, name, type, category, cost, xp, status,"
    " skills, injuries, notes, owner) VALUES (?, ?, ?, ?, ?, ?, 0, 0, 'active', '[]', '[]', '', ?)"
)


def _database_at_0012(path: Path) -> None:
    """Two gangs made by 0012: beasts owned by name, one name of no fighter, one of
    two fighters, and a Gorn in the other gang too."""
    migrate(path, "0012")
    with sqlite3.connect(path) as conn:
        conn.execute(_GANG, (1, "Iron Wolves"))
        conn.execute(_GANG, (2, "Rust Hounds"))
        fighters = [
            (1, 1, 0, "Gorn", "Road Captain", "leader", ""),
            (2, 1, 1, "Rex", "Cyber-mastiff", "exotic_beast", " gorn "),
            (3, 1, 2, "Fang", "Cyber-mastiff", "exotic_beast", "Nobody"),
            (4, 1, 3, "Twin", "Road Sergeant", "champion", ""),
            (5, 1, 4, "twin", "Road Sergeant", "champion", ""),
            (6, 1, 5, "Bolt", "Cyber-mastiff", "exotic_beast", "Twin"),
            (7, 2, 0, "Gorn", "Road Captain", "leader", ""),
            (8, 2, 1, "Spike", "Cyber-mastiff", "exotic_beast", "Gorn"),
        ]
        conn.executemany(_FIGHTER, fighters)


def _owner_ids(path: Path) -> dict[int, int | None]:
    with sqlite3.connect(path) as conn:
        return dict(conn.execute("SELECT id, owner_id FROM fighters ORDER BY id"))


def test_owner_names_become_the_owners_ids(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _database_at_0012(path)
    migrate(path, "0013")
    assert revision_of(path) == ["0013"]
    assert _owner_ids(path) == {
        1: None,
        2: 1,  # " gorn ": Gorn of the same gang
        3: None,  # Nobody: no such fighter, the beast is kept without an owner
        4: None,
        5: None,
        6: None,  # two fighters named Twin (case ignored): no owner
        7: None,
        8: 7,  # the Gorn of its own gang, not of the first
    }
    with sqlite3.connect(path) as conn:
        columns = [row[1] for row in conn.execute("PRAGMA table_info(fighters)")]
    assert "owner" not in columns and "owner_id" in columns


def test_the_upgraded_gang_reads_with_its_owner_and_a_rename_keeps_it(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _database_at_0012(path)
    with open_database(sqlite_url(path)) as db:  # upgrades, with its backup, as every start
        rulesets = Rulesets(tmp_path / "data")
        gang = gangs.load_gang(db, "Iron Wolves")
        rex, fang = gang.fighter("Rex"), gang.fighter("Fang")
        assert rex is not None and fang is not None
        assert owner_name(rex, gang.fighters) == "Gorn"
        assert owner_name(fang, gang.fighters) == "" and fang.category.value == "exotic_beast"
        gorn = gang.fighter("Gorn")
        assert gorn is not None and gang.id is not None
        roster.apply(
            db,
            roster.EditFighter(present(gang.id), present(gorn.id), {"name": "Gorn II"}),
            rulesets,
        )
        again = gangs.load_gang(db, "Iron Wolves")
        rex = again.fighter("Rex")
        assert rex is not None and owner_name(rex, again.fighters) == "Gorn II"


def test_down_again_the_ids_become_names(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _database_at_0012(path)
    migrate(path, "head")
    migrate(path, "0012", down=True)
    with sqlite3.connect(path) as conn:
        owners = dict(conn.execute("SELECT id, owner FROM fighters ORDER BY id"))
    assert owners == {1: "", 2: "Gorn", 3: "", 4: "", 5: "", 6: "", 7: "", 8: "Gorn"}


def test_a_drafts_names_keep_their_fighters_ids(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _database_at_0012(path)
    draft = {
        "result": "win",
        "xp": {"GORN": 2, "Nobody": 1, "Twin": 1},
        "moves": [{"item": "Lasgun", "from": "stash", "to": "Gorn"}],
    }
    with sqlite3.connect(path) as conn:
        conn.execute(
            "INSERT INTO post_battle_drafts (id, gang_id, draft, updated_at)"
            " VALUES (1, 1, ?, '2026-12-01 00:00:00')",
            (json.dumps(draft),),
        )
    migrate(path, "head")
    with sqlite3.connect(path) as conn:
        (stored,) = conn.execute("SELECT fighter_ids FROM post_battle_drafts").fetchone()
    # Only Gorn: Nobody is no fighter, Twin is two, the stash is none.
    assert json.loads(stored) == {"gorn": 1}
    with open_database(sqlite_url(path)) as db:
        rulesets = Rulesets(tmp_path / "data")
        roster.apply(db, roster.EditFighter(1, 1, {"name": "Gorn II"}), rulesets)
        resumed = post_battle.load_draft(db, 1)
    assert resumed is not None
    assert resumed.draft.xp == {"Gorn II": 2, "Nobody": 1, "Twin": 1}
    assert resumed.draft.moves[0].to == "Gorn II" and resumed.draft.moves[0].source == "stash"
