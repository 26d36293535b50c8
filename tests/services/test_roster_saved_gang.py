"""A roster edit reads its gang once, writes only what changed, and hands the saved gang
back on its outcome (issue 17): the window shows that gang without reading it again."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.gang import Category, Gang
from gangmanager.services import gangs, roster
from gangmanager.services.demo import demo_gang
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present
from ..statements import statements_sent
from .test_roster_service import EDITS, fighter_id

# Edits that leave the gang in place (a deletion has no gang; a copy is another gang).
IN_PLACE = [name for name in EDITS if name not in {"delete gang", "duplicate gang"}]


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


@pytest.fixture
def gang(db: Database, rulesets: Rulesets) -> Gang:
    """The demo gang as stored (the gang EDITS were written for)."""
    created = roster.apply(db, roster.CreateGang(demo_gang(rulesets.get("n23"))), rulesets)
    return gangs.load_gang(db, str(created.gang_id))


def grown(rulesets: Rulesets, size: int, name: str) -> Gang:
    demo = demo_gang(rulesets.get("n23"))
    ganger = next(f for f in demo.fighters if f.category is Category.GANGER)
    extra = [
        ganger.model_copy(update={"name": f"Ganger {n}"}) for n in range(size - len(demo.fighters))
    ]
    return demo.model_copy(update={"name": name, "fighters": [*demo.fighters, *extra]})


@pytest.mark.parametrize("name", IN_PLACE)
def test_the_outcome_carries_the_gang_as_a_read_gives_it_back(
    db: Database,
    gang: Gang,
    name: str,
    rulesets: Rulesets,
) -> None:
    outcome = roster.apply(db, EDITS[name](gang), rulesets)
    assert outcome.gang is not None
    # Equal field by field, version and every fighter's id included.
    stored = gangs.load_gang(db, str(gang.id))
    assert outcome.gang == stored
    assert outcome.gang.version == stored.version != gang.version
    assert [f.id for f in outcome.gang.fighters] == [f.id for f in stored.fighters]


def test_a_name_is_handed_back_as_stored_not_as_typed(
    db: Database,
    gang: Gang,
    rulesets: Rulesets,
) -> None:
    rook = fighter_id(gang, "Rook")
    outcome = roster.apply(
        db, roster.EditFighter(present(gang.id), rook, {"name": "  Rook   the  Bold "}), rulesets
    )
    assert outcome.gang is not None
    assert outcome.gang.fighter("Rook the Bold") is not None
    assert outcome.gang == gangs.load_gang(db, str(gang.id))


def test_undo_and_redo_carry_no_gang_so_the_window_reads_it(
    db: Database,
    gang: Gang,
    rulesets: Rulesets,
) -> None:
    outcome = roster.apply(db, EDITS["add skill"](gang), rulesets)
    undone = roster.undo(db, outcome, rulesets)
    assert undone.gang is None
    assert (
        present(gangs.load_gang(db, str(gang.id)).fighter("Rook")).skills
        == present(gang.fighter("Rook")).skills
    )


def test_a_refused_edit_changes_nothing_and_a_later_edit_still_saves(
    db: Database,
    gang: Gang,
    rulesets: Rulesets,
) -> None:
    rook = fighter_id(gang, "Rook")
    with pytest.raises(ServiceError, match="already"):
        roster.apply(db, roster.EditFighter(present(gang.id), rook, {"name": "Pip"}), rulesets)
    assert gangs.load_gang(db, str(gang.id)) == gang
    outcome = roster.apply(db, roster.EditFighter(present(gang.id), rook, {"xp": 9}), rulesets)
    assert outcome.gang == gangs.load_gang(db, str(gang.id))


@pytest.mark.parametrize(
    "edit",
    [
        lambda g: roster.EditFighter(g.id, g.fighters[4].id, {"name": "Renamed"}),
        lambda g: roster.EditFighter(g.id, g.fighters[4].id, {"xp": g.fighters[4].xp + 1}),
        lambda g: roster.AddSkill(g.id, g.fighters[4].id, "Nerves of Steel"),
    ],
    ids=["rename", "xp", "skill"],
)
def test_one_edit_sends_the_same_few_statements_at_30_and_at_300_fighters(
    db: Database,
    rulesets: Rulesets,
    tmp_path: Path,
    edit: Callable[[Gang], roster.Command],
) -> None:
    counts: dict[int, list[str]] = {}
    for size in (30, 300):
        stored = gangs.add_gang(db, rulesets, grown(rulesets, size, f"Big {size}")).gang
        big = gangs.load_gang(db, str(stored.id))
        with statements_sent(db.engine) as statements:
            outcome = roster.apply(db, edit(big), rulesets)
        counts[size] = statements
        assert outcome.gang == gangs.load_gang(db, str(big.id))
    assert len(counts[30]) == len(counts[300])
    statements = counts[30]
    # The gang read whole once (its fighters: one SELECT), inside the transaction.
    assert len([s for s in statements if s.lstrip().startswith("SELECT fighters.gang_id")]) == 1
    # Written: the gang row (its version) and the one fighter's row, nothing else of theirs.
    writes = [s.split(" SET")[0] for s in statements if s.startswith("UPDATE")]
    assert writes.count("UPDATE fighters") <= 1
    # Once: on SQLite BEGIN IMMEDIATE holds the write lock, no no-op UPDATE takes a row's.
    assert writes.count("UPDATE gangs") == 1
    assert "COMMIT" in statements
    # 22 for a rename: BEGIN, the gang (5 SELECTs), the edited fighter's rows before and
    # after (6 each), the two UPDATEs, the undo step's INSERT, COMMIT; 27 before issue 17.
    assert len(statements) <= 22, statements
