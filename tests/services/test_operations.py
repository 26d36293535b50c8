"""The one entry (`services.operations.perform`): the only commit, one outcome per action."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import gangmanager
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.services import campaign as campaign_service
from gangmanager.services import gangs, roster
from gangmanager.services.campaign_steps import Stepped
from gangmanager.services.demo import demo_gang
from gangmanager.services.errors import ServiceError
from gangmanager.services.operations import perform, undo
from gangmanager.services.rulesets import Rulesets

PACKAGE = Path(gangmanager.__file__).parent
# The one module that commits a unit of work.
CHOKEPOINT = PACKAGE / "services" / "operations.py"


def _commit_calls(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "commit"
        and not node.args
    ]


def _sources() -> Iterator[Path]:
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        if relative.parts[:2] == ("persistence", "migrations"):
            continue  # Alembic's own transactions
        if relative.parts[0] == "persistence":
            continue  # the unit of work's commit() delegates to its session
        if "screenshot" in path.name:
            continue  # demo-data scripts for docs/screenshots, no user action
        yield path


def test_only_the_one_entry_commits_a_unit_of_work() -> None:
    found = {
        str(path.relative_to(PACKAGE)): lines
        for path in _sources()
        if (lines := _commit_calls(path))
    }
    assert found == {"services/operations.py": _commit_calls(CHOKEPOINT)}
    assert len(found["services/operations.py"]) == 1


def test_the_scan_sees_a_commit(tmp_path: Path) -> None:
    # The scan itself: a stray commit in a module is found.
    stray = tmp_path / "stray.py"
    stray.write_text("def f(uow):\n    uow.commit()\n", encoding="utf-8")
    assert _commit_calls(stray) == [2]


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


def test_an_unknown_action_is_refused_before_anything_opens(
    db: Database, rulesets: Rulesets
) -> None:
    with pytest.raises(TypeError, match="no operation runs str"):
        perform(db, "rename everything", rulesets)  # type: ignore[arg-type]  # the refusal under test


def test_creating_a_gang_is_one_action_either_way(db: Database, rulesets: Rulesets) -> None:
    gang = demo_gang(rulesets.get("n23"))
    first = gangs.add_gang(db, rulesets, gang)
    second = perform(db, roster.CreateGang(gang), rulesets)
    assert second.result.name == f"{first.gang.name} (2)"
    assert second.changes.gangs_added == (second.gang_id,)
    undone = undo(db, second, rulesets)
    assert undone.changes.gangs_removed == (second.gang_id,)
    assert [s.name for s in gangs.list_gangs(db)] == [first.gang.name]


def test_a_campaign_action_undoes_and_redoes_through_its_outcome(
    db: Database, rulesets: Rulesets, ash_wars: None
) -> None:
    cycle = campaign_service.load_campaign(db, "Ash Wars").cycle
    action = Stepped("Next cycle", campaign_service.NextCycle("Ash Wars"), "Ash Wars")
    done = perform(db, action, rulesets)
    assert done.label == "Next cycle"
    assert campaign_service.load_campaign(db, "Ash Wars").cycle == cycle + 1
    undone = undo(db, done, rulesets)
    assert campaign_service.load_campaign(db, "Ash Wars").cycle == cycle
    undo(db, undone, rulesets)
    assert campaign_service.load_campaign(db, "Ash Wars").cycle == cycle + 1


def test_a_refused_campaign_action_writes_nothing(
    db: Database, rulesets: Rulesets, ash_wars: None
) -> None:
    log = campaign_service.campaign_state(db, rulesets, "Ash Wars")
    action = Stepped(
        "Record battle", campaign_service.RecordBattle("Ash Wars", ["Rust Riders"]), "Ash Wars"
    )
    with pytest.raises(ServiceError, match="a battle needs at least two gangs"):
        perform(db, action, rulesets)
    assert campaign_service.campaign_state(db, rulesets, "Ash Wars") == log


def test_no_service_catches_database_errors_itself() -> None:
    # The unit of work turns them into one-line ServiceErrors (persistence/unit_of_work.py).
    importing = []
    for path in sorted((PACKAGE / "services").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in (
                "sqlalchemy.exc",
                "sqlalchemy.orm.exc",
            ):
                importing.append(path.name)
    assert importing == []
