"""Gang use cases: one transaction per user action, each returning what changed."""

from __future__ import annotations

import stat
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from gangmanager.persistence.database import Database
from gangmanager.persistence.database_inspection import SQLITE_HEADER
from gangmanager.persistence.row_reading import GangSummary as GangSummary
from gangmanager.rules.gang import Gang
from gangmanager.services.changes import Changes
from gangmanager.services.errors import ServiceError, UnknownGangError, write_failure
from gangmanager.services.operations import perform
from gangmanager.services.rulesets import Rulesets

if TYPE_CHECKING:
    # The exchange modules are imported where a file is read or written, not at
    # start-up: the window opens a gang without them (docs/performance.md).
    from gangmanager.exchange.gang_file import Origin
    from gangmanager.exchange.yaktribe import ImportReport
    from gangmanager.printing.web_page import PageImages


def list_gangs(db: Database) -> list[GangSummary]:
    # Until the first action needs the engine, the stdlib reader (the window's start).
    quick = db.quick_reader()
    if quick is not None:
        return quick.list()
    with db.unit_of_work(read_only=True) as uow:
        return uow.gangs.list()


def load_gang(db: Database, ref: str) -> Gang:
    """A gang by id or name (case-insensitive); unknown names list the ones that exist."""
    quick = db.quick_reader()
    if quick is not None:
        found = quick.find(ref)
        if found is None:
            raise UnknownGangError(ref, quick.names())
        return found
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


def add_gang(db: Database, rulesets: Rulesets, gang: Gang) -> ImportResult:
    """Store a new gang; a taken name becomes `Name (2)` and the result says so.

    The same action as the window's New gang (`roster.CreateGang`), run by `perform`.
    """
    from gangmanager.services.roster import CreateGang

    outcome = perform(db, CreateGang(gang), rulesets)
    stored = outcome.result
    renamed = gang.name if stored.name != gang.name else None
    return ImportResult(stored, None, renamed, outcome.changes)


def read_import_with_origin(
    path: Path, rulesets: Rulesets
) -> tuple[Gang, ImportReport | None, Origin | None]:
    """Read and check a gang file or YakTribe JSON (detected from the content), with
    the gang file's origin (None for YakTribe and older files).

    Everything is checked here, before a database is even opened, so a refused
    file can never leave a trace.
    """
    from gangmanager.exchange.detect import read_any_with_origin
    from gangmanager.exchange.errors import ImportFileError
    from gangmanager.services.user_packs import forget_made_pack, pack_from_file

    made = pack_from_file(path, rulesets)
    try:
        gang, report, origin = read_any_with_origin(path, rulesets.get)
        try:
            rulesets.get(gang.ruleset)
        except ServiceError as exc:
            raise ImportFileError(path.name, "ruleset", str(exc)) from None
    except BaseException:
        forget_made_pack(rulesets, made)  # a refused file leaves no pack behind either
        raise
    return gang, report, origin


def export_gang(db: Database, rulesets: Rulesets, ref: str, path: Path) -> Path:
    """Write the gang file through a temporary name; refuse to replace what is not one.

    The gang's first export gives it its identity (`origin`, docs/file-formats.md).
    """
    from gangmanager.services.gang_files import export_origin

    _check_export_target(db, path)
    gang = load_gang(db, ref)
    return _write_gang_file(path, gang, export_origin(db, rulesets, gang), rulesets)


def write_gang_file(db: Database, ref: str, path: Path, rulesets: Rulesets | None = None) -> Path:
    """`export_gang` for a gang already given its identity (the window performs
    `gang_files.StampExport` through its runner first); reads only."""
    from gangmanager.services.gang_files import file_origin

    _check_export_target(db, path)
    gang = load_gang(db, ref)
    return _write_gang_file(path, gang, file_origin(db, gang), rulesets or Rulesets())


def _write_gang_file(path: Path, gang: Gang, origin: Origin | None, rulesets: Rulesets) -> Path:
    from gangmanager.exchange.gang_file import dump_gang_file
    from gangmanager.services.user_packs import carried_pack

    # A gang of the player's own pack carries the entries of it the gang uses.
    carried = carried_pack(rulesets, gang)
    entries = carried.as_json() if carried is not None else None
    return _write_whole(path, dump_gang_file(gang, origin, entries))


# The names a web page may be written to: a browser opens them as HTML.
PAGE_SUFFIXES = (".html", ".htm")


def export_gang_page(
    db: Database,
    rulesets: Rulesets,
    ref: str,
    path: Path,
    images: PageImages | None = None,
) -> Path:
    """The gang as one self-contained web page (printing/web_page.py), written whole.

    `images` holds the gang's and fighters' pictures as data URIs; left out, the
    stored portraits.
    """
    if path.suffix.lower() not in PAGE_SUFFIXES:
        raise ServiceError(f"{path.name}: a web page is an .html file")
    _check_export_target(db, path, example="gang.html")
    from datetime import UTC, datetime

    from gangmanager.printing.web_page import PageError, gang_page

    gang = load_gang(db, ref)
    try:
        page = gang_page(gang, rulesets.get(gang.ruleset), datetime.now(UTC), images)
    except PageError as exc:
        raise ServiceError(str(exc)) from None
    return _write_whole(path, page)


def _write_whole(path: Path, text: str) -> Path:
    """Write through a temporary name beside `path`: the file is whole or absent."""
    if not path.parent.is_dir():
        raise ServiceError(f"{path}: the folder {path.parent} does not exist")
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        raise ServiceError(f"{path}: cannot write ({write_failure(exc)})") from None
    finally:
        tmp.unlink(missing_ok=True)  # gone already when the rename succeeded
    return path


def _check_export_target(db: Database, path: Path, example: str = "gang.gang.json") -> None:
    """A gang file may replace a file, never the database, a backup, a folder or a device."""
    try:
        info = path.stat()  # follows a link: what would really be replaced
    except FileNotFoundError:
        return
    except OSError as exc:
        raise ServiceError(f"{path}: cannot write ({write_failure(exc)})") from None
    if stat.S_ISDIR(info.st_mode):
        raise ServiceError(f"{path}: is a folder; give a file name such as {example}")
    if not stat.S_ISREG(info.st_mode):
        raise ServiceError(f"{path}: not a regular file; refusing to replace it")
    if db.path is not None and path.resolve() in _database_files(db.path):
        raise ServiceError(f"{path}: is the open database; refusing to replace it")
    try:
        with path.open("rb") as existing:
            header = existing.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise ServiceError(f"{path}: cannot write ({write_failure(exc)})") from None
    if header == SQLITE_HEADER:
        raise ServiceError(f"{path}: is a database (or a backup of one); refusing to replace it")


def _database_files(path: Path) -> set[Path]:
    database = path.resolve()
    return {
        database,
        *(database.with_name(database.name + s) for s in ("-wal", "-shm", "-journal")),
    }
