"""Gang use cases: one transaction per user action, each returning what changed."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gangmanager.exchange.detect import read_any
from gangmanager.exchange.errors import ImportFileError
from gangmanager.exchange.gang_file import dump_gang_file
from gangmanager.exchange.yaktribe import ImportReport
from gangmanager.persistence.database import Database
from gangmanager.persistence.repository import GangSummary
from gangmanager.rules.gang import Gang
from gangmanager.services.changes import Changes
from gangmanager.services.errors import ServiceError, UnknownGangError
from gangmanager.services.rulesets import Rulesets


def list_gangs(db: Database) -> list[GangSummary]:
    with db.unit_of_work(read_only=True) as uow:
        return uow.gangs.list()


def load_gang(db: Database, ref: str) -> Gang:
    """A gang by id or name (case-insensitive); unknown names list the ones that exist."""
    with db.unit_of_work(read_only=True) as uow:
        gang = uow.gangs.find(ref)
        if gang is None:
            raise UnknownGangError(ref, uow.gangs.names())
        return gang


@dataclass(frozen=True)
class ImportResult:
    gang: Gang
    report: ImportReport | None
    renamed_from: str | None
    changes: Changes


def add_gang(db: Database, gang: Gang) -> ImportResult:
    """Store a new gang; a taken name becomes `Name (2)` and the result says so."""
    with db.unit_of_work() as uow:
        name = uow.gangs.unique_name(gang.name)
        stored = uow.gangs.add(gang.model_copy(update={"name": name}))
        uow.commit()
    renamed = gang.name if name != gang.name else None
    assert stored.id is not None
    return ImportResult(stored, None, renamed, Changes(gangs_added=(stored.id,)))


def read_import(path: Path, rulesets: Rulesets) -> tuple[Gang, ImportReport | None]:
    """Read and check a gang file or YakTribe JSON (detected from the content).

    Everything is checked here, before a database is even opened, so a refused
    file can never leave a trace.
    """
    gang, report = read_any(path, rulesets.get)
    try:
        rulesets.get(gang.ruleset)
    except ServiceError as exc:
        raise ImportFileError(path.name, "ruleset", str(exc)) from None
    return gang, report


def import_gang(db: Database, path: Path, rulesets: Rulesets) -> ImportResult:
    gang, report = read_import(path, rulesets)
    result = add_gang(db, gang)
    return ImportResult(result.gang, report, result.renamed_from, result.changes)


def export_gang(db: Database, ref: str, path: Path) -> Path:
    gang = load_gang(db, ref)
    text = dump_gang_file(gang)
    try:
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        raise ServiceError(f"{path}: cannot write ({exc.strerror or exc})") from None
    return path
