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
from datetime import date, datetime
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
from gangmanager.services.operations import Action, Context, Outcome, perform
from gangmanager.services.rulesets import Rulesets

if TYPE_CHECKING:
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
        uow = ctx.uow
        from gangmanager.persistence.campaign_tables import CampaignFileRow

        if uow.session.get(CampaignFileRow, self.campaign_id) is None:
            uow.session.add(CampaignFileRow(campaign_id=self.campaign_id, uid=uuid.uuid4().hex))
        return Outcome(Changes(), None, "Export", None)


@dataclass(frozen=True)
class _ImportCampaign(Action[CampaignFileResult]):
    read: _Read
    update: bool

    def run(self, ctx: Context) -> Outcome[CampaignFileResult]:
        uow = ctx.uow
        from sqlalchemy import select

        from gangmanager.persistence.campaign_tables import CampaignFileRow, CampaignRow
        from gangmanager.services.campaign_file_undo import Recorder, SwapFileRows

        read, source = self.read, self.read.source
        data = read.data
        body = data.model_dump(mode="json", exclude={"format", "version", "origin"})
        body["gangs"] = data.gangs
        wanted = digest(body)
        uid = data.origin.campaign if data.origin is not None else None
        row = (
            uow.session.scalars(select(CampaignFileRow).where(CampaignFileRow.uid == uid)).first()
            if uid is not None
            else None
        )
        name = data.campaign.name
        if not self.update:
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
            campaign = CampaignRow(name=name, ruleset=data.campaign.ruleset,
                                   campaign_type=data.campaign.campaign_type)  # fmt: skip
            _fill(campaign, data)
            uow.session.add(campaign)
            uow.session.flush()
            _children(uow, campaign.id, data, gang_ids)
            uow.session.add(
                CampaignFileRow(campaign_id=campaign.id, uid=uid or uuid.uuid4().hex,
                                synced_digest=wanted if uid is not None else None)
            )  # fmt: skip
            said = [
                f"Imported campaign {quoted(name)}: {len(data.gangs)} gangs, {len(data.battles)}"
                f" battles, {len(data.territories)} territories, {len(data.log)} log lines,"
                f" {len(data.history)} history points",
                *lines,
            ]
            label = f"Import {quoted(name, 60)}"
            step = recorder.finish(uow, label, campaign.id, gang_ids)
            return Outcome(_changed(campaign.id, gang_ids), SwapFileRows(step, "undo"), label, None,
                           result=CampaignFileResult(name, said))  # fmt: skip
        if data.origin is None or row is None:
            raise ServiceError(
                f"{source}: a file of another campaign ({quoted(name, 60)}, not in this database);"
                " import it without --update to add it"
            )
        stored = uow.session.get(CampaignRow, row.campaign_id)
        assert stored is not None
        if stored.ruleset != data.campaign.ruleset:
            raise ServiceError(
                f"{source}: the file's campaign follows the {quoted(data.campaign.ruleset, 40)}"
                f" ruleset, {quoted(stored.name, 60)} here follows {quoted(stored.ruleset, 40)};"
                " nothing was changed"
            )
        current = _body(uow, stored.id)
        now = digest(current)
        if now == wanted:
            return Outcome(Changes(), None, "Update campaign", None,
                           result=CampaignFileResult(stored.name, []))  # fmt: skip
        if now != data.origin.digest:
            differ = [k for k in _SECTIONS if current.get(k) != body.get(k)]
            differ += [
                f"gang {quoted(g.get('name', '?'), 40)}"
                for g, h in zip(current["gangs"], body["gangs"], strict=False)
                if {k: v for k, v in g.items() if k != "origin"}
                != {k: v for k, v in h.items() if k != "origin"}
            ]
            if len(current["gangs"]) != len(body["gangs"]):
                differ.append("gangs")
            raise ServiceError(
                f"{source}: not updated: {quoted(stored.name, 60)} was changed here since the file"
                f" was exported, and the file changes it too ({', '.join(differ)}); nothing was"
                " changed. Import the file into another database, or keep the stored campaign"
            )
        before = {k: len(current[k]) for k in ("battles", "log", "history", "gangs")}
        recorder = Recorder(uow, stored.id, _here(uow, read))
        gang_ids, lines = _gangs_in(uow, read, overwrite=True)
        _clear(uow, stored.id)
        _fill(stored, data)
        stored.name = name
        uow.session.flush()
        _children(uow, stored.id, data, gang_ids)
        if row.synced_digest is not None:
            row.synced_digest = wanted
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
        step = recorder.finish(uow, label, stored.id, gang_ids)
        return Outcome(_changed(stored.id, gang_ids), SwapFileRows(step, "undo"), label, None,
                       result=CampaignFileResult(name, said))  # fmt: skip


def export_campaign(db: Database, rulesets: Rulesets, ref: str, path: Path) -> Path:
    """Write the campaign file through a temporary name, as a gang file is written."""
    from gangmanager.services.gang_files import StampExport
    from gangmanager.services.gangs import _check_export_target

    _check_export_target(db, path)
    from gangmanager.persistence.campaign_tables import CampaignFileRow
    from gangmanager.persistence.gang_identity import identity_of

    with db.unit_of_work(read_only=True) as uow:
        campaign_id = uow.campaigns.id_of(ref)
        if campaign_id is None:
            raise ServiceError(
                f"no campaign {quoted(ref)} (campaigns: {listed(uow.campaigns.names())})"
            )
        missing = [g for g in _gang_ids(uow, campaign_id) if identity_of(uow.session, g) is None]
        stamp = uow.session.get(CampaignFileRow, campaign_id) is None
    for gang_id in missing:
        perform(db, StampExport(gang_id), rulesets)
    if stamp:
        perform(db, _StampCampaign(campaign_id), rulesets)
    with db.unit_of_work(read_only=True) as uow:
        body = _body(uow, campaign_id)
        row = uow.session.get(CampaignFileRow, campaign_id)
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


def _text(value: date | datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _gang_ids(uow: UnitOfWork, campaign_id: int) -> list[int]:
    """Every gang the campaign's rows name: members first in their order, then the rest."""
    from sqlalchemy import select

    from gangmanager.persistence.campaign_tables import (
        CampaignBattleGangRow,
        CampaignBattleRow,
        CampaignGangRow,
        CampaignLogRow,
        CampaignSnapshotRow,
        CampaignTerritoryRow,
    )

    s = uow.session
    members = list(
        s.scalars(
            select(CampaignGangRow.gang_id)
            .where(CampaignGangRow.campaign_id == campaign_id)
            .order_by(CampaignGangRow.position, CampaignGangRow.id)
        )
    )
    battles = select(CampaignBattleRow.id).where(CampaignBattleRow.campaign_id == campaign_id)
    others: set[int] = set()
    for column, where in (
        (CampaignTerritoryRow.gang_id, CampaignTerritoryRow.campaign_id == campaign_id),
        (CampaignBattleGangRow.gang_id, CampaignBattleGangRow.campaign_battle_id.in_(battles)),
        (CampaignLogRow.gang_id, CampaignLogRow.campaign_id == campaign_id),
        (CampaignSnapshotRow.gang_id, CampaignSnapshotRow.campaign_id == campaign_id),
    ):
        others.update(g for g in s.scalars(select(column).where(where)) if g is not None)
    return members + sorted(others - set(members))


def _body(uow: UnitOfWork, campaign_id: int) -> dict[str, Any]:
    """The campaign as the file holds it (without format, version and origin)."""
    from sqlalchemy import select

    from gangmanager.exchange.gang_file import Origin, dump_gang_file
    from gangmanager.persistence.campaign_tables import (
        CampaignBattleGangRow,
        CampaignBattleRow,
        CampaignGangRow,
        CampaignLogRow,
        CampaignRow,
        CampaignSnapshotRow,
        CampaignTerritoryRow,
    )
    from gangmanager.persistence.gang_identity import identity_of

    s = uow.session
    c = s.get(CampaignRow, campaign_id, populate_existing=True)
    assert c is not None
    gang_ids = _gang_ids(uow, campaign_id)
    index = {g: i for i, g in enumerate(gang_ids)}
    documents = []
    for gang_id in gang_ids:
        member = uow.gangs.get(gang_id)
        row = identity_of(s, gang_id)
        origin = None
        if row is not None and member.version is not None:
            origin = Origin(row.uid, row.synced_version or member.version)
        documents.append(json.loads(dump_gang_file(member, origin)))

    def gang(value: int | None) -> int | None:
        return index.get(value) if value is not None else None

    members = s.scalars(
        select(CampaignGangRow)
        .where(CampaignGangRow.campaign_id == campaign_id)
        .order_by(CampaignGangRow.position, CampaignGangRow.id)
    )
    territories = s.scalars(
        select(CampaignTerritoryRow)
        .where(CampaignTerritoryRow.campaign_id == campaign_id)
        .order_by(CampaignTerritoryRow.position, CampaignTerritoryRow.id)
    )
    battles = list(
        s.scalars(
            select(CampaignBattleRow)
            .where(CampaignBattleRow.campaign_id == campaign_id)
            .order_by(CampaignBattleRow.id)
        )
    )
    battle_index = {b.id: i for i, b in enumerate(battles)}
    sides: dict[int, list[dict[str, Any]]] = {b.id: [] for b in battles}
    for side in s.scalars(
        select(CampaignBattleGangRow)
        .where(CampaignBattleGangRow.campaign_battle_id.in_(list(sides)))
        .order_by(CampaignBattleGangRow.position, CampaignBattleGangRow.id)
    ):
        sides[side.campaign_battle_id].append(
            {"gang": gang(side.gang_id), "gang_name": side.gang_name, "role": side.role,
             "result": side.result, "out_of_action": side.out_of_action, "income": side.income}
        )  # fmt: skip
    log = s.scalars(
        select(CampaignLogRow)
        .where(CampaignLogRow.campaign_id == campaign_id)
        .order_by(CampaignLogRow.id)
    )
    history = s.scalars(
        select(CampaignSnapshotRow)
        .where(CampaignSnapshotRow.campaign_id == campaign_id)
        .order_by(CampaignSnapshotRow.seq, CampaignSnapshotRow.id)
    )
    return {
        "campaign": {
            "name": c.name, "ruleset": c.ruleset, "campaign_type": c.campaign_type,
            "notes": c.notes, "starts_on": _text(c.starts_on), "ends_on": _text(c.ends_on),
            "cycle": c.cycle, "finished_at": _text(c.finished_at),
            "created_at": _text(c.created_at),
        },
        "gangs": documents,
        "members": [
            {"gang": index[m.gang_id], "alignment": m.alignment, "joined_at": _text(m.joined_at)}
            for m in members
        ],
        "territories": [
            {"name": t.name, "gang": gang(t.gang_id), "hideout": t.hideout} for t in territories
        ],
        "battles": [
            {"cycle": b.cycle, "fought_on": _text(b.fought_on), "scenario": b.scenario,
             "territory": b.territory, "created_at": _text(b.created_at), "sides": sides[b.id]}
            for b in battles
        ],
        "log": [
            {"at": _text(line.at), "cycle": line.cycle, "kind": line.kind, "text": line.text,
             "battle": battle_index.get(line.campaign_battle_id)
             if line.campaign_battle_id is not None else None,
             "gang": gang(line.gang_id)}
            for line in log
        ],
        "history": [
            {"seq": p.seq, "label": p.label, "at": _text(p.at), "gang": gang(p.gang_id),
             "gang_name": p.gang_name, "rating": p.rating, "wealth": p.wealth,
             "reputation": p.reputation, "credits": p.credits, "territories": p.territories}
            for p in history
        ],
    }  # fmt: skip


# -- import and update -------------------------------------------------------------


def _here(uow: UnitOfWork, read: _Read) -> list[int]:
    """The file's gangs this database already has (found by their identity)."""
    from gangmanager.persistence.gang_identity import gang_with_identity

    rows = [gang_with_identity(uow.session, o.gang) for _, o in read.gangs if o is not None]
    return [row.gang_id for row in rows if row is not None]


def _changed(campaign_id: int, gang_ids: list[int]) -> Changes:
    return Changes(gangs_changed=tuple(gang_ids), campaigns_changed=(campaign_id,))


def _gangs_in(uow: UnitOfWork, read: _Read, *, overwrite: bool) -> tuple[list[int], list[str]]:
    """The database's id of each of the file's gangs: found by identity or added."""
    from gangmanager.persistence.gang_identity import gang_with_identity, give_identity
    from gangmanager.services.gang_files import _onto

    ids: list[int] = []
    lines: list[str] = []
    for gang, origin in read.gangs:
        found = gang_with_identity(uow.session, origin.gang) if origin is not None else None
        if found is None:
            name = uow.gangs.unique_name(gang.name)
            stored = uow.gangs.add(gang.model_copy(update={"name": name}))
            assert stored.id is not None
            # The gang lives here now: its own exports carry its versions here.
            give_identity(uow.session, stored.id, origin.gang if origin is not None else None)
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


def _date(text: str | None) -> date | None:
    return date.fromisoformat(text) if text is not None else None


def _time(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text is not None else None


def _fill(row: Any, data: CampaignFile) -> None:
    c = data.campaign
    row.notes, row.cycle = c.notes, c.cycle
    row.starts_on, row.ends_on = _date(c.starts_on), _date(c.ends_on)
    row.finished_at = _time(c.finished_at)
    if c.created_at is not None:
        row.created_at = _time(c.created_at)


def _clear(uow: UnitOfWork, campaign_id: int) -> None:
    from sqlalchemy import delete

    from gangmanager.persistence.campaign_tables import (
        CampaignBattleRow,
        CampaignGangRow,
        CampaignLogRow,
        CampaignSnapshotRow,
        CampaignTerritoryRow,
    )

    for table in (CampaignLogRow, CampaignSnapshotRow, CampaignTerritoryRow, CampaignGangRow,
                  CampaignBattleRow):  # fmt: skip
        uow.session.execute(delete(table).where(table.campaign_id == campaign_id))
    uow.session.flush()


def _children(uow: UnitOfWork, campaign_id: int, data: CampaignFile, ids: list[int]) -> None:
    from gangmanager.persistence.campaign_tables import (
        CampaignBattleGangRow,
        CampaignBattleRow,
        CampaignGangRow,
        CampaignLogRow,
        CampaignSnapshotRow,
        CampaignTerritoryRow,
    )

    s = uow.session

    def gang(index: int | None) -> int | None:
        return ids[index] if index is not None else None

    for position, member in enumerate(data.members):
        s.add(CampaignGangRow(campaign_id=campaign_id, gang_id=ids[member.gang],
                              position=position, alignment=member.alignment,
                              **_at("joined_at", member.joined_at)))  # fmt: skip
    for position, territory in enumerate(data.territories):
        s.add(CampaignTerritoryRow(campaign_id=campaign_id, position=position,
                                   name=territory.name, gang_id=gang(territory.gang),
                                   hideout=territory.hideout))  # fmt: skip
    battle_ids: list[int] = []
    for battle in data.battles:
        fought_on = _date(battle.fought_on)
        assert fought_on is not None
        row = CampaignBattleRow(campaign_id=campaign_id, cycle=battle.cycle, fought_on=fought_on,
                                scenario=battle.scenario, territory=battle.territory,
                                **_at("created_at", battle.created_at))  # fmt: skip
        s.add(row)
        s.flush()
        battle_ids.append(row.id)
        for position, side in enumerate(battle.sides):
            s.add(CampaignBattleGangRow(campaign_battle_id=row.id, position=position,
                                        gang_id=gang(side.gang), gang_name=side.gang_name,
                                        role=side.role, result=side.result,
                                        out_of_action=side.out_of_action,
                                        income=side.income))  # fmt: skip
    for line in data.log:
        s.add(CampaignLogRow(campaign_id=campaign_id, cycle=line.cycle, kind=line.kind,
                             text=line.text, gang_id=gang(line.gang),
                             campaign_battle_id=battle_ids[line.battle]
                             if line.battle is not None else None,
                             **_at("at", line.at)))  # fmt: skip
    for point in data.history:
        s.add(CampaignSnapshotRow(campaign_id=campaign_id, seq=point.seq, label=point.label,
                                  gang_id=gang(point.gang), gang_name=point.gang_name,
                                  rating=point.rating, wealth=point.wealth,
                                  reputation=point.reputation, credits=point.credits,
                                  territories=point.territories,
                                  **_at("at", point.at)))  # fmt: skip
    s.flush()


def _at(key: str, text: str | None) -> dict[str, datetime]:
    moment = _time(text)
    return {} if moment is None else {key: moment}


if (
    __name__ == "__main__"
):  # python -m gangmanager.services.campaign_files > docs/campaign.schema.json
    print(schema_text(), end="")
