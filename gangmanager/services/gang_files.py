"""A gang that travels by file: exported with its identity, imported new or over
the stored gang it came from (`import --update`, docs/file-formats.md).

A gang file carries `origin`: the gang's identity (the same in every database it
reaches) and the version it holds. The database a gang lives in compares that
version with its own; a database that keeps a copy (a player's gang at home)
remembers the version it took and carries it in its own exports, so the gang
can go back. An update applies when the stored gang has not changed since;
when both sides changed nothing is written and the refusal names the fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gangmanager.persistence.database import Database
from gangmanager.rules.fighter_refs import renumbered
from gangmanager.rules.gang import Gang
from gangmanager.rules.limits import quoted
from gangmanager.services.changes import Changes
from gangmanager.services.errors import ServiceError
from gangmanager.services.gang_diff import changes_by_fighter, differing_fields
from gangmanager.services.operations import Action, Context, Outcome, changes_written, perform
from gangmanager.services.rulesets import Rulesets

if TYPE_CHECKING:
    from gangmanager.exchange.gang_file import Origin
    from gangmanager.persistence.gang_identity import GangIdentity
    from gangmanager.persistence.unit_of_work import UnitOfWork

# How many conflicting fields a refusal names before "and N more".
_MAX_FIELDS = 12


class UpdateConflict(ServiceError):
    """Both the stored gang and the file changed since the export; nothing was written."""


@dataclass(frozen=True)
class UpdateResult:
    gang: Gang
    # One line for the gang, one per fighter that changed; empty: nothing to do.
    lines: list[str]


@dataclass(frozen=True)
class StampExport(Action[str]):
    """Give the gang its identity for gang files (at its first export)."""

    gang_id: int

    def run(self, ctx: Context) -> Outcome[str]:
        files = ctx.uow.gang_files
        row = files.of(self.gang_id) or files.give(self.gang_id)
        return Outcome(Changes(), None, "Export", self.gang_id, result=row.uid)


@dataclass(frozen=True)
class ImportGang(Action[Gang]):
    """A new gang from a file; it keeps the file's identity unless this database has it."""

    gang: Gang
    origin: Origin | None

    def run(self, ctx: Context) -> Outcome[Gang]:
        uow = ctx.uow
        from gangmanager.services.roster import CreateGang, check_joined

        # Every fighter of the file as AddFighter and AddVehicle would take them.
        check_joined(self.gang, ctx.rulesets)
        origin = self.origin
        keep = origin is not None and uow.gang_files.with_uid(origin.gang) is None
        if not keep or origin is None:
            return ctx.run(CreateGang(self.gang, "Import"))
        # The identity row is written before the step's snapshot is taken, so the
        # step's undo deletes it with the gang.
        return ctx.run(_CreateWithIdentity(self.gang, origin))


@dataclass(frozen=True)
class UpdateGangFromFile(Action[UpdateResult]):
    """The file's gang over the stored gang it was exported from (one undo step)."""

    gang: Gang
    origin: Origin
    source: str

    def run(self, ctx: Context) -> Outcome[UpdateResult]:
        uow = ctx.uow
        from gangmanager.services.roster import _check_name_free, _edit, check_joined

        file, origin, source = self.gang, self.origin, self.source
        row = uow.gang_files.with_uid(origin.gang)
        if row is None:
            raise ServiceError(
                f"{source}: a file of another gang ({quoted(file.name, 60)}, not in this database);"
                " import it without --update to add it"
            )
        stored = uow.gangs.get_for_update(row.gang_id)
        assert stored.id is not None and stored.version is not None
        if file.ruleset != stored.ruleset:
            raise ServiceError(
                f"{source}: the file's gang follows the {quoted(file.ruleset, 40)} ruleset,"
                f" {quoted(stored.name, 60)} here follows {quoted(stored.ruleset, 40)}; nothing was changed"
            )
        merged = _onto(stored, file)
        # The fighters new to the gang join it as AddFighter would take them.
        have = {f.name.casefold() for f in stored.fighters}
        joining = {f.name.casefold() for f in merged.fighters} - have
        check_joined(merged, ctx.rulesets, joining, "not updated")
        if merged.name != stored.name:
            _check_name_free(uow, stored.id, merged.name)
        lines = changes_by_fighter(stored, merged)
        if not lines:
            _synced(uow, row, origin, stored.version)
            nothing = UpdateResult(stored, [])
            return Outcome(Changes(), None, "Update from file", stored.id, result=nothing)
        if _changed_here(row, origin, stored.version):
            fields = differing_fields(stored, merged)
            shown = ", ".join(fields[:_MAX_FIELDS])
            if len(fields) > _MAX_FIELDS:
                shown += f" and {len(fields) - _MAX_FIELDS} more"
            raise UpdateConflict(
                f"{source}: not updated: {quoted(stored.name, 60)} was changed here since the file"
                f" was exported, and the file changes it too ({shown}); nothing was changed."
                " Import the file without --update to keep both, or keep the stored gang"
            )
        label = f"Update {stored.name} from {source}"
        # The sync marks are part of the step: undone, the copy again carries the
        # version it had taken before (its exports must not claim the file's).
        outcome = _edit(
            uow,
            stored.id,
            lambda _: (merged, label, None, ()),
            None,
            outside=uow.gang_files.scope(stored.id),
            after_save=lambda saved: _synced(uow, row, origin, saved.version or 0),
        )
        saved = outcome.gang or uow.gangs.get(stored.id)
        assert saved.version is not None
        result = UpdateResult(saved, lines)
        return Outcome(
            outcome.changes, outcome.inverse, label, stored.id, result=result, gang=saved
        )


def export_origin(db: Database, rulesets: Rulesets, gang: Gang) -> Origin:
    """The `origin` a file of this gang carries; the first export gives it an identity."""
    origin = file_origin(db, gang)
    if origin is None:
        assert gang.id is not None
        perform(db, StampExport(gang.id), rulesets)
        origin = file_origin(db, gang)
    assert origin is not None
    return origin


def file_origin(db: Database, gang: Gang) -> Origin | None:
    """The `origin` of the gang's files; None until it has an identity (reads only)."""
    from gangmanager.exchange.gang_file import Origin

    assert gang.id is not None and gang.version is not None
    with db.unit_of_work(read_only=True) as uow:
        row = uow.gang_files.of(gang.id)
        if row is None:
            return None
        # A copy carries the version of the gang where it lives; that gang, its own.
        synced = row.synced_version
        return Origin(row.uid, synced if synced is not None else gang.version)


def import_gang(db: Database, rulesets: Rulesets, gang: Gang, origin: Origin | None) -> Gang:
    """The file's gang stored as new (its identity kept unless this database has it)."""
    return perform(db, ImportGang(gang, origin), rulesets).result


def update_gang(
    db: Database, rulesets: Rulesets, gang: Gang, origin: Origin, source: str
) -> UpdateResult:
    return perform(db, UpdateGangFromFile(gang, origin, source), rulesets).result


@dataclass(frozen=True)
class _CreateWithIdentity(Action[Gang]):
    gang: Gang
    origin: Origin

    def run(self, ctx: Context) -> Outcome[Gang]:
        uow = ctx.uow
        from gangmanager.persistence.snapshots import RowSnapshot
        from gangmanager.services.roster import _step

        name = uow.gangs.unique_name(self.gang.name)
        stored = uow.gangs.add(self.gang.model_copy(update={"name": name}))
        assert stored.id is not None and stored.version is not None
        uow.gang_files.give(
            stored.id,
            self.origin.gang,
            synced_version=self.origin.version,
            synced_mark=stored.version,
        )
        before = RowSnapshot(stored.id, True)
        after = uow.snapshots.snapshot(stored.id, whole=True)
        label = f"Import {name}"
        messages = (
            (f"the name {quoted(self.gang.name)} was taken: saved as {quoted(name)}",)
            if name != self.gang.name
            else ()
        )
        changes = changes_written(uow, messages)
        return Outcome(changes, _step(before, after, label), label, stored.id, result=stored)


def _onto(stored: Gang, file: Gang) -> Gang:
    """The file's gang with the stored gang's ids: a fighter keeps its id by name (one
    new to the gang keeps its provisional one), and owners follow their fighters."""
    ids = {f.name.casefold(): f.id for f in stored.fighters}
    kept: dict[int, int] = {}
    for fighter in file.fighters:
        stored_id = ids.get(fighter.name.casefold())
        if fighter.id is not None and stored_id is not None:
            kept[fighter.id] = stored_id
    fighters = renumbered(file.fighters, kept)
    return file.model_copy(
        update={"id": stored.id, "version": stored.version, "fighters": fighters}
    )


def _changed_here(row: GangIdentity, origin: Origin, version: int) -> bool:
    """Whether the stored gang changed since the version the file was exported at."""
    if row.synced_version is None:  # the gang lives here: its versions are the file's
        return version != origin.version
    # A copy: changed when saved since it last took a file, or the file is older.
    return version != row.synced_mark or origin.version < row.synced_version


def _synced(uow: UnitOfWork, row: GangIdentity, origin: Origin, version: int) -> None:
    """A copy remembers the version it took (what its exports carry) and its own after."""
    if row.synced_version is not None:
        uow.gang_files.mark_synced(row.gang_id, origin.version, version)
