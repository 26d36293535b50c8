"""The campaign's rows as a campaign file holds them (`uow.campaign_files`): read for
`campaign export`, written for `campaign import [--update]`, and the campaign's
identity in files (`campaign_files`).

The file's sections here are plain JSON data (services/campaign_file_format.py
checked them): rows point at gangs by their place in the file's `gangs` and at
battles by their place in `battles`, never by a database id.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from gangmanager.persistence.campaign_tables import (
    CampaignBattleGangRow,
    CampaignBattleRow,
    CampaignFileRow,
    CampaignGangRow,
    CampaignLogRow,
    CampaignRow,
    CampaignSnapshotRow,
    CampaignTerritoryRow,
)


@dataclass(frozen=True)
class CampaignFileIdentity:
    campaign_id: int
    uid: str
    # A copy taken from a file: the digest of what it took (None: made here).
    synced_digest: str | None


def _identity(row: CampaignFileRow) -> CampaignFileIdentity:
    return CampaignFileIdentity(row.campaign_id, row.uid, row.synced_digest)


def _text(value: date | datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _date(text: str | None) -> date | None:
    return date.fromisoformat(text) if text is not None else None


def _time(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text is not None else None


def _at(key: str, text: str | None) -> dict[str, datetime]:
    moment = _time(text)
    return {} if moment is None else {key: moment}


class CampaignFileRows:
    """A campaign's rows in and out of campaign files, on an open unit of work."""

    def __init__(self, session: Session) -> None:
        self._session = session

    # ------------------------------------------------------------ identity

    def identity(self, campaign_id: int) -> CampaignFileIdentity | None:
        row = self._session.get(CampaignFileRow, campaign_id)
        return _identity(row) if row is not None else None

    def with_uid(self, uid: str) -> CampaignFileIdentity | None:
        """The identity of the stored campaign a file with this `origin.campaign` came from."""
        query = select(CampaignFileRow).where(CampaignFileRow.uid == uid)
        row = self._session.scalars(query).first()
        return _identity(row) if row is not None else None

    def stamp(
        self, campaign_id: int, uid: str | None = None, synced_digest: str | None = None
    ) -> None:
        """Give the campaign its identity (a new random uid unless one is given)."""
        self._session.add(
            CampaignFileRow(
                campaign_id=campaign_id, uid=uid or uuid.uuid4().hex, synced_digest=synced_digest
            )
        )

    def set_synced_digest(self, campaign_id: int, digest: str) -> None:
        row = self._session.get(CampaignFileRow, campaign_id)
        assert row is not None
        row.synced_digest = digest

    # ------------------------------------------------------------ reading

    def heading(self, campaign_id: int) -> tuple[str, str]:
        """The campaign's name and ruleset."""
        row = self._session.get(CampaignRow, campaign_id)
        assert row is not None
        return row.name, row.ruleset

    def gang_ids(self, campaign_id: int) -> list[int]:
        """Every gang the campaign's rows name: members first in their order, then the rest."""
        s = self._session
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

    def sections(self, campaign_id: int, index: Mapping[int, int]) -> dict[str, Any]:
        """The campaign's sections of the file (`campaign`, then `members` to `history`);
        `index`: each gang's place in the file's `gangs`."""
        c = self._session.get(CampaignRow, campaign_id, populate_existing=True)
        assert c is not None
        members = self._members(campaign_id, index)
        territories = self._territories(campaign_id, index)
        battles, battle_index = self._battles(campaign_id, index)
        return {
            "campaign": _campaign_section(c),
            "members": members,
            "territories": territories,
            "battles": battles,
            "log": self._log(campaign_id, index, battle_index),
            "history": self._history(campaign_id, index),
        }

    def _members(self, campaign_id: int, index: Mapping[int, int]) -> list[dict[str, Any]]:
        members = self._session.scalars(
            select(CampaignGangRow)
            .where(CampaignGangRow.campaign_id == campaign_id)
            .order_by(CampaignGangRow.position, CampaignGangRow.id)
        )
        return [
            {"gang": index[m.gang_id], "alignment": m.alignment,
             "joined_at": _text(m.joined_at)}
            for m in members
        ]  # fmt: skip

    def _territories(self, campaign_id: int, index: Mapping[int, int]) -> list[dict[str, Any]]:
        territories = self._session.scalars(
            select(CampaignTerritoryRow)
            .where(CampaignTerritoryRow.campaign_id == campaign_id)
            .order_by(CampaignTerritoryRow.position, CampaignTerritoryRow.id)
        )
        return [
            {"name": t.name, "gang": _place(index, t.gang_id), "hideout": t.hideout}
            for t in territories
        ]

    def _battles(
        self, campaign_id: int, index: Mapping[int, int]
    ) -> tuple[list[dict[str, Any]], dict[int, int]]:
        """The `battles` section, and each battle row's place in it."""
        battles = list(
            self._session.scalars(
                select(CampaignBattleRow)
                .where(CampaignBattleRow.campaign_id == campaign_id)
                .order_by(CampaignBattleRow.id)
            )
        )
        sides = self._sides([b.id for b in battles], index)
        section = [
            {"cycle": b.cycle, "fought_on": _text(b.fought_on), "scenario": b.scenario,
             "territory": b.territory, "created_at": _text(b.created_at),
             "sides": sides[b.id]}
            for b in battles
        ]  # fmt: skip
        return section, {b.id: i for i, b in enumerate(battles)}

    def _sides(
        self, battle_ids: list[int], index: Mapping[int, int]
    ) -> dict[int, list[dict[str, Any]]]:
        """Each battle's sides, in their order."""
        sides: dict[int, list[dict[str, Any]]] = {battle_id: [] for battle_id in battle_ids}
        for side in self._session.scalars(
            select(CampaignBattleGangRow)
            .where(CampaignBattleGangRow.campaign_battle_id.in_(list(sides)))
            .order_by(CampaignBattleGangRow.position, CampaignBattleGangRow.id)
        ):
            sides[side.campaign_battle_id].append(
                {"gang": _place(index, side.gang_id), "gang_name": side.gang_name,
                 "role": side.role, "result": side.result,
                 "out_of_action": side.out_of_action, "income": side.income}
            )  # fmt: skip
        return sides

    def _log(
        self, campaign_id: int, index: Mapping[int, int], battle_index: Mapping[int, int]
    ) -> list[dict[str, Any]]:
        log = self._session.scalars(
            select(CampaignLogRow)
            .where(CampaignLogRow.campaign_id == campaign_id)
            .order_by(CampaignLogRow.id)
        )
        return [
            {"at": _text(line.at), "cycle": line.cycle, "kind": line.kind, "text": line.text,
             "battle": battle_index.get(line.campaign_battle_id)
             if line.campaign_battle_id is not None else None,
             "gang": _place(index, line.gang_id)}
            for line in log
        ]  # fmt: skip

    def _history(self, campaign_id: int, index: Mapping[int, int]) -> list[dict[str, Any]]:
        history = self._session.scalars(
            select(CampaignSnapshotRow)
            .where(CampaignSnapshotRow.campaign_id == campaign_id)
            .order_by(CampaignSnapshotRow.seq, CampaignSnapshotRow.id)
        )
        return [
            {"seq": p.seq, "label": p.label, "at": _text(p.at), "gang": _place(index, p.gang_id),
             "gang_name": p.gang_name, "rating": p.rating, "wealth": p.wealth,
             "reputation": p.reputation, "credits": p.credits, "territories": p.territories}
            for p in history
        ]  # fmt: skip

    # ------------------------------------------------------------ writing

    def add_campaign(self, fields: Mapping[str, Any]) -> int:
        """A new campaign row from the file's `campaign` section; its id."""
        row = CampaignRow(name=fields["name"], ruleset=fields["ruleset"],
                          campaign_type=fields["campaign_type"])  # fmt: skip
        _fill(row, fields)
        self._session.add(row)
        self._session.flush()
        return row.id

    def refill(self, campaign_id: int, fields: Mapping[str, Any]) -> None:
        """The stored campaign's row from the file's `campaign` section (its ruleset and
        type stay)."""
        row = self._session.get(CampaignRow, campaign_id)
        assert row is not None
        _fill(row, fields)
        row.name = fields["name"]
        self._session.flush()

    def clear(self, campaign_id: int) -> None:
        """The campaign's members, territories, battles, log and history, deleted."""
        for table in (CampaignLogRow, CampaignSnapshotRow, CampaignTerritoryRow, CampaignGangRow,
                      CampaignBattleRow):  # fmt: skip
            self._session.execute(delete(table).where(table.campaign_id == campaign_id))
        self._session.flush()

    def write(self, campaign_id: int, sections: Mapping[str, Any], gang_ids: Sequence[int]) -> None:
        """The file's `members` to `history` as the campaign's rows; `gang_ids`: the
        database's id of each of the file's gangs."""
        s = self._session

        def gang(index: int | None) -> int | None:
            return gang_ids[index] if index is not None else None

        for position, member in enumerate(sections["members"]):
            s.add(CampaignGangRow(campaign_id=campaign_id, gang_id=gang_ids[member["gang"]],
                                  position=position, alignment=member["alignment"],
                                  **_at("joined_at", member["joined_at"])))  # fmt: skip
        for position, territory in enumerate(sections["territories"]):
            s.add(CampaignTerritoryRow(campaign_id=campaign_id, position=position,
                                       name=territory["name"], gang_id=gang(territory["gang"]),
                                       hideout=territory["hideout"]))  # fmt: skip
        battle_ids: list[int] = []
        for battle in sections["battles"]:
            fought_on = _date(battle["fought_on"])
            assert fought_on is not None
            row = CampaignBattleRow(campaign_id=campaign_id, cycle=battle["cycle"],
                                    fought_on=fought_on, scenario=battle["scenario"],
                                    territory=battle["territory"],
                                    **_at("created_at", battle["created_at"]))  # fmt: skip
            s.add(row)
            s.flush()
            battle_ids.append(row.id)
            for position, side in enumerate(battle["sides"]):
                s.add(CampaignBattleGangRow(campaign_battle_id=row.id, position=position,
                                            gang_id=gang(side["gang"]),
                                            gang_name=side["gang_name"], role=side["role"],
                                            result=side["result"],
                                            out_of_action=side["out_of_action"],
                                            income=side["income"]))  # fmt: skip
        for line in sections["log"]:
            s.add(CampaignLogRow(campaign_id=campaign_id, cycle=line["cycle"], kind=line["kind"],
                                 text=line["text"], gang_id=gang(line["gang"]),
                                 campaign_battle_id=battle_ids[line["battle"]]
                                 if line["battle"] is not None else None,
                                 **_at("at", line["at"])))  # fmt: skip
        for point in sections["history"]:
            s.add(CampaignSnapshotRow(campaign_id=campaign_id, seq=point["seq"],
                                      label=point["label"], gang_id=gang(point["gang"]),
                                      gang_name=point["gang_name"], rating=point["rating"],
                                      wealth=point["wealth"], reputation=point["reputation"],
                                      credits=point["credits"],
                                      territories=point["territories"],
                                      **_at("at", point["at"])))  # fmt: skip
        s.flush()


def _place(index: Mapping[int, int], gang_id: int | None) -> int | None:
    """A gang's place in the file's `gangs` (None: no gang, or one the file leaves out)."""
    return index.get(gang_id) if gang_id is not None else None


def _campaign_section(c: CampaignRow) -> dict[str, Any]:
    return {
        "name": c.name, "ruleset": c.ruleset, "campaign_type": c.campaign_type,
        "notes": c.notes, "starts_on": _text(c.starts_on), "ends_on": _text(c.ends_on),
        "cycle": c.cycle, "finished_at": _text(c.finished_at),
        "created_at": _text(c.created_at),
    }  # fmt: skip


def _fill(row: CampaignRow, fields: Mapping[str, Any]) -> None:
    row.notes, row.cycle = fields["notes"], fields["cycle"]
    row.starts_on, row.ends_on = _date(fields["starts_on"]), _date(fields["ends_on"])
    row.finished_at = _time(fields["finished_at"])
    if fields["created_at"] is not None:
        created = _time(fields["created_at"])
        assert created is not None
        row.created_at = created
