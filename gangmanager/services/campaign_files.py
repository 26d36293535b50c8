"""A whole campaign in one file: `campaign export` and `campaign import [--update]`
(docs/file-formats.md, docs/campaign.schema.json).

The file holds the campaign's row, every gang it names (each a gang file with its
`origin`), who takes part, the territories, the battles with their sides, the log
and the history points; rows point at gangs and battles by their place in the
file's lists, never by a database id, so another database reads it whole. The
battle tracker's records stay behind (a campaign battle's link to one is not kept).

`origin.digest` is the digest of the campaign as the file's changes start from it:
a campaign made here, its content now; a copy taken from a file, what it took.
`--update` applies when the stored campaign still has that digest.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gangmanager.persistence.database import Database
from gangmanager.rules.limits import quoted
from gangmanager.services.campaign_file_format import (
    FORMAT,
    VERSION,
    CampaignFile,
    _Read,
    campaign_file_schema,
    read_campaign_file,
    schema_text,
)
from gangmanager.services.changes import Changes
from gangmanager.services.errors import ServiceError, listed, write_failure
from gangmanager.services.gang_diff import changes_by_fighter
from gangmanager.services.operations import Action, Context, Outcome, changes_written, perform
from gangmanager.services.rulesets import Rulesets

if TYPE_CHECKING:
    from gangmanager.persistence.campaign_file_rows import CampaignFileIdentity
    from gangmanager.persistence.unit_of_work import UnitOfWork

# The file's shape and its reading live in campaign_file_format.py; named here too,
# where the command line and the docs find them.
__all__ = [
    "CampaignFile",
    "CampaignFileResult",
    "campaign_file_schema",
    "export_campaign",
    "import_campaign",
    "perform_import",
    "read_campaign_file",
    "schema_text",
]
_SECTIONS = ("campaign", "members", "territories", "battles", "log", "history")


# -- results --------------------------------------------------------------------------


@dataclass(frozen=True)
class CampaignFileResult:
    name: str
    # What the import made or changed, a line each.
    lines: list[str]


# -- export -------------------------------------------------------------------------


@dataclass(frozen=True)
class _StampCampaign(Action[None]):
    campaign_id: int

    def run(self, ctx: Context) -> Outcome[None]:
        files = ctx.uow.campaign_files
        if files.identity(self.campaign_id) is None:
            files.stamp(self.campaign_id)
        return Outcome(Changes(), None, "Export", None)


@dataclass(frozen=True)
class _ImportCampaign(Action[CampaignFileResult]):
    read: _Read
    update: bool

    def run(self, ctx: Context) -> Outcome[CampaignFileResult]:
        data = self.read.data
        body = data.model_dump(mode="json", exclude={"format", "version", "origin"})
        body["gangs"] = data.gangs
        uid = data.origin.campaign if data.origin is not None else None
        row = ctx.uow.campaign_files.with_uid(uid) if uid is not None else None
        if not self.update:
            return self._add(ctx.uow, row, uid, digest(body))
        return self._update(ctx.uow, row, body)

    def _add(
        self, uow: UnitOfWork, row: CampaignFileIdentity | None, uid: str | None, wanted: str
    ) -> Outcome[CampaignFileResult]:
        """The file's campaign as a new one here (its gangs found by identity or added)."""
        from gangmanager.services.campaign_file_undo import Recorder, SwapFileRows

        read, source, data = self.read, self.read.source, self.read.data
        name = data.campaign.name
        if row is not None:
            raise ServiceError(
                f"{source}: the campaign {quoted(name)} is already in this database;"
                " update it with campaign import --update"
            )
        if uow.campaigns.id_of(name) is not None and any(
            n.casefold() == name.casefold() for n in uow.campaigns.names()
        ):
            raise ServiceError(f"{source}: a campaign named {quoted(name)} already exists here")
        recorder = Recorder(uow, None, _here(uow, read))
        gang_ids, lines = _gangs_in(uow, read, overwrite=False)
        campaign_id = uow.campaign_files.add_campaign(data.campaign.model_dump())
        uow.campaign_files.write(campaign_id, _sections(data), gang_ids)
        uow.campaign_files.stamp(campaign_id, uid, wanted if uid is not None else None)
        said = [
            f"Imported campaign {quoted(name)}: {len(data.gangs)} gangs, {len(data.battles)}"
            f" battles, {len(data.territories)} territories, {len(data.log)} log lines,"
            f" {len(data.history)} history points",
            *lines,
        ]
        label = f"Import {quoted(name, 60)}"
        step = recorder.finish(uow, label, campaign_id, gang_ids)
        return Outcome(changes_written(uow), SwapFileRows(step, "undo"), label, None,
                       result=CampaignFileResult(name, said))  # fmt: skip

    def _update(
        self, uow: UnitOfWork, row: CampaignFileIdentity | None, body: dict[str, Any]
    ) -> Outcome[CampaignFileResult]:
        """The file's campaign over the stored one it came from, unless both changed."""
        from gangmanager.services.campaign_file_undo import Recorder, SwapFileRows

        read, source, data = self.read, self.read.source, self.read.data
        name, wanted = data.campaign.name, digest(body)
        if data.origin is None or row is None:
            raise ServiceError(
                f"{source}: a file of another campaign ({quoted(name, 60)}, not in this database);"
                " import it without --update to add it"
            )
        stored_id = row.campaign_id
        stored_name, stored_ruleset = uow.campaign_files.heading(stored_id)
        if stored_ruleset != data.campaign.ruleset:
            raise ServiceError(
                f"{source}: the file's campaign follows the {quoted(data.campaign.ruleset, 40)}"
                f" ruleset, {quoted(stored_name, 60)} here follows {quoted(stored_ruleset, 40)};"
                " nothing was changed"
            )
        current = _body(uow, stored_id)
        now = digest(current)
        if now == wanted:
            return Outcome(Changes(), None, "Update campaign", None,
                           result=CampaignFileResult(stored_name, []))  # fmt: skip
        if now != data.origin.digest:
            differ = _differing(current, body)
            raise ServiceError(
                f"{source}: not updated: {quoted(stored_name, 60)} was changed here since the file"
                f" was exported, and the file changes it too ({', '.join(differ)}); nothing was"
                " changed. Import the file into another database, or keep the stored campaign"
            )
        before = {k: len(current[k]) for k in ("battles", "log", "history", "gangs")}
        recorder = Recorder(uow, stored_id, _here(uow, read))
        gang_ids, lines = _gangs_in(uow, read, overwrite=True)
        uow.campaign_files.clear(stored_id)
        uow.campaign_files.refill(stored_id, data.campaign.model_dump())
        uow.campaign_files.write(stored_id, _sections(data), gang_ids)
        if row.synced_digest is not None:
            uow.campaign_files.set_synced_digest(stored_id, wanted)
        counts = [
            f"{k} {before[k]} → {n}"
            for k, n in (
                ("battles", len(data.battles)),
                ("log", len(data.log)),
                ("history", len(data.history)),
                ("gangs", len(data.gangs)),
            )
            if before[k] != n
        ]
        said = [f"campaign: {'; '.join(counts) or 'details changed'}", *lines]
        label = f"Update {quoted(name, 60)} from {quoted(source, 60)}"
        step = recorder.finish(uow, label, stored_id, gang_ids)
        return Outcome(changes_written(uow), SwapFileRows(step, "undo"), label, None,
                       result=CampaignFileResult(name, said))  # fmt: skip


def _differing(current: dict[str, Any], body: dict[str, Any]) -> list[str]:
    """What the stored campaign and the file's differ in: sections, then gangs."""
    differ = [k for k in _SECTIONS if current.get(k) != body.get(k)]
    differ += [
        f"gang {quoted(g.get('name', '?'), 40)}"
        for g, h in zip(current["gangs"], body["gangs"], strict=False)
        if {k: v for k, v in g.items() if k != "origin"}
        != {k: v for k, v in h.items() if k != "origin"}
    ]
    if len(current["gangs"]) != len(body["gangs"]):
        differ.append("gangs")
    return differ


def export_campaign(db: Database, rulesets: Rulesets, ref: str, path: Path) -> Path:
    """Write the campaign file through a temporary name, as a gang file is written."""
    from gangmanager.services.gang_files import StampExport
    from gangmanager.services.gangs import _check_export_target

    _check_export_target(db, path)
    with db.unit_of_work(read_only=True) as uow:
        campaign_id = uow.campaigns.id_of(ref)
        if campaign_id is None:
            raise ServiceError(
                f"no campaign {quoted(ref)} (campaigns: {listed(uow.campaigns.names())})"
            )
        gang_ids = uow.campaign_files.gang_ids(campaign_id)
        missing = [g for g in gang_ids if uow.gang_files.of(g) is None]
        stamp = uow.campaign_files.identity(campaign_id) is None
    for gang_id in missing:
        perform(db, StampExport(gang_id), rulesets)
    if stamp:
        perform(db, _StampCampaign(campaign_id), rulesets)
    with db.unit_of_work(read_only=True) as uow:
        body = _body(uow, campaign_id)
        row = uow.campaign_files.identity(campaign_id)
        assert row is not None
        origin = {"campaign": row.uid, "digest": row.synced_digest or digest(body)}
    text = json.dumps(
        {"format": FORMAT, "version": VERSION, "origin": origin, **body},
        indent=2,
        ensure_ascii=False,
    )
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        tmp.write_text(text + "\n", encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        raise ServiceError(f"{path}: cannot write ({write_failure(exc)})") from None
    finally:
        tmp.unlink(missing_ok=True)
    return path


def import_campaign(
    db: Database, rulesets: Rulesets, read: _Read, *, update: bool
) -> CampaignFileResult:
    return perform_import(db, rulesets, read, update=update).result


def perform_import(
    db: Database, rulesets: Rulesets, read: _Read, *, update: bool
) -> Outcome[CampaignFileResult]:
    """The import as one action: its outcome's inverse undoes it (None: nothing changed)."""
    return perform(db, _ImportCampaign(read, update), rulesets)


def digest(body: dict[str, Any]) -> str:
    """SHA-256 of the campaign's content: its gangs without their database versions."""
    plain = {
        **{k: v for k, v in body.items() if k not in ("format", "version", "origin")},
        "gangs": [{k: v for k, v in g.items() if k != "origin"} for g in body.get("gangs", [])],
    }
    text = json.dumps(plain, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _body(uow: UnitOfWork, campaign_id: int) -> dict[str, Any]:
    """The campaign as the file holds it (without format, version and origin)."""
    from gangmanager.exchange.gang_file import Origin, dump_gang_file

    gang_ids = uow.campaign_files.gang_ids(campaign_id)
    documents = []
    for gang_id in gang_ids:
        member = uow.gangs.get(gang_id)
        identity = uow.gang_files.of(gang_id)
        origin = None
        if identity is not None and member.version is not None:
            origin = Origin(identity.uid, identity.synced_version or member.version)
        documents.append(json.loads(dump_gang_file(member, origin)))
    sections = uow.campaign_files.sections(campaign_id, {g: i for i, g in enumerate(gang_ids)})
    return {"campaign": sections.pop("campaign"), "gangs": documents, **sections}


def _sections(data: CampaignFile) -> dict[str, Any]:
    """The file's `members` to `history`, plain, as the campaign's rows are written."""
    return data.model_dump(include={"members", "territories", "battles", "log", "history"})


# -- import and update -------------------------------------------------------------


def _here(uow: UnitOfWork, read: _Read) -> list[int]:
    """The file's gangs this database already has (found by their identity)."""
    found = [uow.gang_files.with_uid(o.gang) for _, o in read.gangs if o is not None]
    return [identity.gang_id for identity in found if identity is not None]


def _gangs_in(uow: UnitOfWork, read: _Read, *, overwrite: bool) -> tuple[list[int], list[str]]:
    """The database's id of each of the file's gangs: found by identity or added."""
    from gangmanager.services.gang_files import _onto

    ids: list[int] = []
    lines: list[str] = []
    for gang, origin in read.gangs:
        found = uow.gang_files.with_uid(origin.gang) if origin is not None else None
        if found is None:
            name = uow.gangs.unique_name(gang.name)
            stored = uow.gangs.add(gang.model_copy(update={"name": name}))
            assert stored.id is not None
            # The gang lives here now: its own exports carry its versions here.
            uow.gang_files.give(stored.id, origin.gang if origin is not None else None)
            ids.append(stored.id)
            if overwrite:
                lines.append(f"{quoted(name, 40)}: added")
            continue
        stored = uow.gangs.get(found.gang_id)
        merged = _onto(stored, gang)
        changed = changes_by_fighter(stored, merged)
        if changed and not overwrite:
            raise ServiceError(
                f"{read.source}: the gang {quoted(stored.name, 60)} is already in this database"
                " and differs from the file's; nothing was changed"
            )
        if changed:
            uow.gangs.update(merged)
            lines += [f"{quoted(stored.name, 40)} {line}" for line in changed]
        ids.append(found.gang_id)
    return ids, lines


if (
    __name__ == "__main__"
):  # python -m gangmanager.services.campaign_files > docs/campaign.schema.json
    print(schema_text(), end="")
