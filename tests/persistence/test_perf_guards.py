"""What keeps the benchmarks' figures (bench/, docs/performance.md) where they are:
opening a database at head without Alembic, finding a gang without reading the
others, and finishing a post-battle sequence in statements that do not grow with
the roster."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.persistence import database as database_module
from gangmanager.persistence.database import (
    Database,
    open_database,
    sqlite_url,
)
from gangmanager.persistence.schema_revisions import (
    Revisions,
    _parse_revision_files,
    alembic_config,
    known_revisions,
)
from gangmanager.rules.gang import Category, Gang
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.services import battle, gangs, post_battle
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from ..statements import statements_sent


@pytest.fixture
def file_db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "perf.sqlite"))
    yield database
    database.close()


def roster_of(rulesets: Rulesets, fighters: int) -> Gang:
    """The demo gang (six fighters) with equipped gangers added up to `fighters`."""
    demo = demo_gang(rulesets.get("n23"))
    ganger = next(f for f in demo.fighters if f.category is Category.GANGER)
    extra = [
        ganger.model_copy(update={"name": f"Ganger {n}"})
        for n in range(fighters - len(demo.fighters))
    ]
    return demo.model_copy(update={"name": f"{fighters} strong", "fighters": demo.fighters + extra})


# ------------------------------------------------------------------ revisions


def test_revisions_read_from_the_files_are_alembics() -> None:
    from alembic.script import ScriptDirectory

    assert known_revisions() == Revisions.of(ScriptDirectory.from_config(alembic_config()))


def test_a_migration_file_that_is_not_plain_literals_is_left_to_alembic(tmp_path: Path) -> None:
    first = 'revision: str = "0001"\ndown_revision: str | None = None\n'
    (tmp_path / "0001_a.py").write_text(first)
    (tmp_path / "0002_b.py").write_text('revision = "0002"\ndown_revision = "0001"\n')
    (tmp_path / "0003_c.py").write_text('revision = "0003"\ndown_revision = ("0001", "0002")\n')
    (tmp_path / "__init__.py").write_text('revision = "not a migration"\n')
    assert _parse_revision_files(tmp_path) == {
        "0001": (),
        "0002": ("0001",),
        "0003": ("0001", "0002"),
    }
    for text in (
        'revision = make_id()\ndown_revision = "0003"\n',
        'revision = "0004"\nrevision = "0005"\ndown_revision = "0003"\n',
        'revision = "0004"\ndown_revision = "0003"\nbranch_labels = ("side",)\n',
        'revision = "0004"\n',
    ):
        (tmp_path / "0004_d.py").write_text(text)
        assert _parse_revision_files(tmp_path) is None, text


@pytest.mark.real_migrations
def test_a_database_at_head_opens_without_alembic(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "head.sqlite"
    open_database(sqlite_url(path)).close()

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("Alembic was used to open a database already at head")

    from alembic import command
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    monkeypatch.setattr(ScriptDirectory, "from_config", refuse)
    monkeypatch.setattr(MigrationContext, "configure", refuse)
    monkeypatch.setattr(command, "upgrade", refuse)
    with open_database(sqlite_url(path)) as db:
        assert gangs.list_gangs(db) == []
    # A new file is still created by Alembic's upgrade: the stub is reached.
    with pytest.raises(AssertionError, match="Alembic was used"):
        open_database(sqlite_url(tmp_path / "new.sqlite"))
    assert database_module.command is command


# ------------------------------------------------------------------ finding a gang


def test_finding_a_gang_reads_only_that_gang(file_db: Database, rulesets: Rulesets) -> None:
    stored = [gangs.add_gang(file_db, rulesets, roster_of(rulesets, 6)).gang for _ in range(3)]
    wanted = stored[1]
    for ref in (str(wanted.id), wanted.name):
        with statements_sent(file_db.engine, commits=False) as statements:
            assert gangs.load_gang(file_db, ref) == wanted
        about_gangs = [s for s in statements if "FROM gangs" in s]
        assert about_gangs, ref
        assert all("WHERE" in s for s in about_gangs), about_gangs


def test_find_keeps_its_rules(file_db: Database, rulesets: Rulesets) -> None:
    demo = roster_of(rulesets, 6)
    first = gangs.add_gang(file_db, rulesets, demo.model_copy(update={"name": "Straße"})).gang
    digits = gangs.add_gang(file_db, rulesets, demo.model_copy(update={"name": "2024"})).gang
    with file_db.unit_of_work() as uow:
        assert uow.gangs.find(f" {first.id} ") == first
        # All digits but no such id: then a name.
        assert uow.gangs.find("2024") == digits
        # Case folded as Python does, beyond ASCII.
        assert uow.gangs.find("STRASSE") == first
        # Too long for an id, or digits int() does not read: a name, not an error.
        assert uow.gangs.find("9" * 30) is None
        assert uow.gangs.find("²") is None


# ------------------------------------------------------------------ post-battle


def finish_statements(
    rulesets: Rulesets, path: Path, fighters: int, draft: PostBattleDraft | None
) -> int:
    with open_database(sqlite_url(path)) as db:
        gang = gangs.add_gang(db, rulesets, roster_of(rulesets, fighters)).gang
        assert gang.id is not None
        battle.start_battle(db, rulesets, gang.id)
        pinned = {"event": "status", "fighter": gang.fighters[-1].name, "status": "Pinned"}
        battle.apply_events(db, rulesets, gang.id, [pinned])
        battle.end_battle(db, rulesets, gang.id)
        saved = post_battle.start_draft(db, rulesets, gang.id)
        chosen = draft.model_copy(update={"battle_id": saved.draft.battle_id}) if draft else None
        with statements_sent(db.engine, commits=False) as statements:
            result = post_battle.finish(
                db,
                rulesets,
                gang.id,
                # The player picks the result on the first page; the prefilled draft has none.
                chosen or saved.draft.model_copy(update={"result": "draw"}),
                draft_id=saved.id,
            )
        # What was written is what the sequence says, whatever the way it was written.
        assert gangs.load_gang(db, str(gang.id)) == result.gang
    return len(statements)


@pytest.mark.parametrize(
    "draft",
    [
        None,  # as prefilled from the battle: XP for every fighter who took part
        PostBattleDraft.model_validate(
            {
                "result": "win",
                "injuries": [{"fighter": "Rook", "roll": 66}, {"fighter": "Pip", "roll": 44}],
                "xp": {"Mags Varga": 9, "Brann": 6},
                "credits": 60,
                "purchases": [{"fighter": "Tess Calder", "item": "Frag grenades"}],
                "advancements": [{"fighter": "Mags Varga", "advancement": "bs"}],
            }
        ),
    ],
    ids=["prefilled", "injuries-and-purchases"],
)
def test_finishing_a_post_battle_sequence_does_not_grow_with_the_roster(
    tmp_path: Path, rulesets: Rulesets, draft: PostBattleDraft | None
) -> None:
    # Both rosters have gangers beyond the six the draft names: a fighter who leaves
    # the roster moves those up one place, one UPDATE for all of them however many.
    small = finish_statements(rulesets, tmp_path / "small.sqlite", 8, draft)
    large = finish_statements(rulesets, tmp_path / "large.sqlite", 40, draft)
    assert small == large
