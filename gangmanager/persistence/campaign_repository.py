"""The campaign repository: rules-core campaigns in and out, plus their log and history.

Like the gang repository it never commits and never hands out a row. Use it
on an open unit of work with `campaigns(uow)`.

A campaign is saved as a whole (`save`: its columns, who takes part, who
holds what) under a version check, as gangs are; battles, log lines and
history points are only ever appended (`add_battle`, `add_log`,
`add_snapshots`), and a battle side's income is set once (`set_income`).
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, func, select, update
from sqlalchemy import inspect as sa_inspect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import flag_modified
from sqlalchemy.orm.exc import StaleDataError

from gangmanager.errors import CampaignPermissionError, ServiceError, StaleCampaignError
from gangmanager.persistence.campaign_scopes import CampaignScopes
from gangmanager.persistence.campaign_tables import (
    CampaignBattleGangRow,
    CampaignBattleRow,
    CampaignGangRow,
    CampaignLogRow,
    CampaignRow,
    CampaignSnapshotRow,
    CampaignTerritoryRow,
)
from gangmanager.persistence.tables import Base, GangRow
from gangmanager.rules.campaign import (
    Alignment,
    Campaign,
    CampaignBattle,
    CampaignGang,
    Holding,
    LogEntry,
    Result,
    Role,
    Side,
    Snapshot,
)
from gangmanager.rules.campaign_types import house_key
from gangmanager.rules.limits import quoted

if TYPE_CHECKING:
    from gangmanager.persistence.unit_of_work import UnitOfWork

# PostgreSQL's SQLSTATE for "permission denied" (a role without the privilege).
INSUFFICIENT_PRIVILEGE = "42501"


@dataclass(frozen=True)
class CampaignSummary:
    id: int
    name: str
    type_id: str
    ruleset: str
    cycle: int
    gangs: int
    running: bool


def campaigns(uow: UnitOfWork) -> CampaignRepository:
    """The campaign repository of an open unit of work (kept for its callers)."""
    return uow.campaigns


class CampaignRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    @property
    def scopes(self) -> CampaignScopes:
        """Which rows an undo step of a campaign action holds."""
        return CampaignScopes(self._session)

    # ------------------------------------------------------------ reading

    def list(self) -> builtins.list[CampaignSummary]:
        members = (
            select(func.count(CampaignGangRow.id))
            .where(CampaignGangRow.campaign_id == CampaignRow.id)
            .correlate(CampaignRow)
            .scalar_subquery()
        )
        query = select(
            CampaignRow.id,
            CampaignRow.name,
            CampaignRow.campaign_type,
            CampaignRow.ruleset,
            CampaignRow.cycle,
            members,
            CampaignRow.finished_at.is_(None),
        ).order_by(func.lower(CampaignRow.name), CampaignRow.id)
        return [CampaignSummary(*row) for row in self._session.execute(query)]

    def names(self) -> builtins.list[str]:
        query = select(CampaignRow.name).order_by(func.lower(CampaignRow.name), CampaignRow.id)
        return builtins.list(self._session.scalars(query))

    def find(self, ref: str, *, battles: bool = True) -> Campaign | None:
        """By id when all digits (then by name), else by name ignoring case."""
        found = self.id_of(ref)
        return self.get(found, battles=battles) if found is not None else None

    def id_of(self, ref: str) -> int | None:
        """The id of the campaign `find` finds, in one SELECT of ids and names only."""
        wanted = ref.strip()
        rows = self._session.execute(select(CampaignRow.id, CampaignRow.name)).all()
        if wanted.isdigit() and any(cid == int(wanted) for cid, _ in rows):
            return int(wanted)
        exact = [cid for cid, name in rows if name == wanted]
        folded = [cid for cid, name in rows if name.casefold() == wanted.casefold()]
        matches = exact or folded
        return min(matches) if matches else None

    def get(self, campaign_id: int, *, battles: bool = True) -> Campaign:
        """The campaign; `battles` False leaves its battles out (an empty list), for an
        action that adds one and need not read the hundreds before it."""
        row = self._session.get(CampaignRow, campaign_id, populate_existing=True)
        if row is None:
            raise LookupError(f"no campaign with id {campaign_id}")
        members = self._session.execute(
            select(CampaignGangRow, GangRow.name, GangRow.house)
            .join(GangRow, GangRow.id == CampaignGangRow.gang_id)
            .where(CampaignGangRow.campaign_id == campaign_id)
            .order_by(CampaignGangRow.position, CampaignGangRow.id)
        ).all()
        territories = self._session.scalars(
            select(CampaignTerritoryRow)
            .where(CampaignTerritoryRow.campaign_id == campaign_id)
            .order_by(CampaignTerritoryRow.position, CampaignTerritoryRow.id)
        ).all()
        return Campaign(
            id=row.id,
            name=row.name,
            ruleset=row.ruleset,
            type_id=row.campaign_type,
            notes=row.notes,
            starts_on=row.starts_on,
            ends_on=row.ends_on,
            cycle=row.cycle,
            finished_at=row.finished_at,
            gangs=[
                CampaignGang(
                    gang_id=m.gang_id,
                    name=name,
                    house=house_key(house),
                    alignment=Alignment(m.alignment),
                )
                for m, name, house in members
            ],
            # A hideout whose gang was deleted has nobody left to belong to.
            holdings=[
                Holding(territory=t.name, gang_id=t.gang_id, hideout=t.hideout)
                for t in territories
                if not (t.hideout and t.gang_id is None)
            ],
            battles=self._battles(campaign_id) if battles else [],
            version=row.version,
        )

    def _battles(self, campaign_id: int) -> builtins.list[CampaignBattle]:
        battles = self._session.execute(
            select(*_columns(CampaignBattleRow))
            .where(CampaignBattleRow.campaign_id == campaign_id)
            .order_by(CampaignBattleRow.id)
        ).all()
        sides = self._session.execute(
            select(*_columns(CampaignBattleGangRow))
            .join(CampaignBattleRow)
            .where(CampaignBattleRow.campaign_id == campaign_id)
            .order_by(CampaignBattleGangRow.campaign_battle_id, CampaignBattleGangRow.position)
        ).all()
        by_battle: dict[int, builtins.list[Side]] = {}
        for side in sides:
            by_battle.setdefault(side.campaign_battle_id, []).append(_side(side))
        return [
            CampaignBattle(
                id=b.id,
                cycle=b.cycle,
                fought_on=b.fought_on,
                scenario=b.scenario,
                territory=b.territory,
                sides=by_battle.get(b.id, []),
                battle_id=b.battle_id,
            )
            for b in battles
        ]

    def battle_count(self, campaign_id: int) -> int:
        return (
            self._session.scalar(
                select(func.count(CampaignBattleRow.id)).where(
                    CampaignBattleRow.campaign_id == campaign_id
                )
            )
            or 0
        )

    def running_campaign_of(self, gang_id: int) -> tuple[int, str] | None:
        """The running campaign the gang takes part in, as (id, name)."""
        row = self._session.execute(
            select(CampaignRow.id, CampaignRow.name)
            .join(CampaignGangRow, CampaignGangRow.campaign_id == CampaignRow.id)
            .where(CampaignGangRow.gang_id == gang_id, CampaignRow.finished_at.is_(None))
            .order_by(CampaignRow.id)
        ).first()
        return (row[0], row[1]) if row is not None else None

    def battle(self, campaign_battle_id: int) -> tuple[int, CampaignBattle]:
        """(campaign id, battle) of a recorded battle."""
        campaign_id = self._session.scalar(
            select(CampaignBattleRow.campaign_id).where(CampaignBattleRow.id == campaign_battle_id)
        )
        if campaign_id is None:
            raise LookupError(f"no campaign battle with id {campaign_battle_id}")
        found = next(b for b in self._battles(campaign_id) if b.id == campaign_battle_id)
        return campaign_id, found

    def log(self, campaign_id: int) -> builtins.list[LogEntry]:
        rows = self._session.execute(
            select(*_columns(CampaignLogRow))
            .where(CampaignLogRow.campaign_id == campaign_id)
            .order_by(CampaignLogRow.id)
        ).all()
        return [
            LogEntry(
                at=r.at,
                cycle=r.cycle,
                kind=r.kind,
                text=r.text,
                campaign_battle_id=r.campaign_battle_id,
                gang_id=r.gang_id,
            )
            for r in rows
        ]

    def history(self, campaign_id: int) -> builtins.list[Snapshot]:
        rows = self._session.execute(
            select(*_columns(CampaignSnapshotRow))
            .where(CampaignSnapshotRow.campaign_id == campaign_id)
            .order_by(CampaignSnapshotRow.seq, CampaignSnapshotRow.id)
        ).all()
        return [
            Snapshot(
                seq=r.seq,
                label=r.label,
                gang_id=r.gang_id if r.gang_id is not None else 0,
                gang_name=r.gang_name,
                at=r.at,
                rating=r.rating,
                wealth=r.wealth,
                reputation=r.reputation,
                credits=r.credits,
                territories=r.territories,
            )
            for r in rows
        ]

    def next_seq(self, campaign_id: int) -> int:
        last = self._session.scalar(
            select(func.max(CampaignSnapshotRow.seq)).where(
                CampaignSnapshotRow.campaign_id == campaign_id
            )
        )
        return 0 if last is None else last + 1

    # ------------------------------------------------------------ writing

    def add(self, campaign: Campaign) -> Campaign:
        """Insert a new campaign with its gangs and territories; returns it with ids."""
        row = CampaignRow(
            name=campaign.name,
            ruleset=campaign.ruleset,
            campaign_type=campaign.type_id,
            cycle=campaign.cycle,
            finished_at=campaign.finished_at,
        )
        _set_columns(row, campaign)
        self._session.add(row)
        self._flush()
        self._write_members(row.id, campaign)
        self._write_holdings(row.id, campaign)
        self._flush()
        return self.get(row.id)

    def save(self, campaign: Campaign, *, battles: bool = True) -> Campaign:
        """Save the campaign's columns, gangs and holdings; battles are added on their own.
        Returns it as stored (`battles` False: without its battles, as `get`).

        Refused with "changed by someone else — reload" when the stored campaign
        is newer than `campaign.version`.
        """
        if campaign.id is None:
            raise LookupError(f"campaign {quoted(campaign.name)} has no id: add it first")
        # The Table itself (`__table__` is typed as any FromClause, which update() refuses).
        table = Base.metadata.tables[CampaignRow.__tablename__]
        try:
            locked = self._session.execute(
                update(table).where(table.c.id == campaign.id).values(version=table.c.version)
            ).rowcount  # type: ignore[attr-defined]
        except DBAPIError as exc:
            raise _refusal(exc) from None
        if locked == 0:
            raise LookupError(f"no campaign with id {campaign.id}")
        row = self._session.get(CampaignRow, campaign.id, populate_existing=True)
        assert row is not None
        if campaign.version is not None and row.version != campaign.version:
            raise StaleCampaignError
        _set_columns(row, campaign)
        row.name = campaign.name
        row.cycle = campaign.cycle
        row.finished_at = campaign.finished_at
        # Every save is a new version, also when only the gangs or holdings changed.
        flag_modified(row, "cycle")
        self._write_members(campaign.id, campaign)
        self._write_holdings(campaign.id, campaign)
        self._flush()
        return self.get(campaign.id, battles=battles)

    def add_battle(self, campaign_id: int, battle: CampaignBattle) -> CampaignBattle:
        row = CampaignBattleRow(
            campaign_id=campaign_id,
            cycle=battle.cycle,
            fought_on=battle.fought_on,
            scenario=battle.scenario,
            territory=battle.territory,
            battle_id=battle.battle_id,
        )
        self._session.add(row)
        self._flush()
        for position, side in enumerate(battle.sides):
            self._session.add(
                CampaignBattleGangRow(
                    campaign_battle_id=row.id,
                    position=position,
                    gang_id=side.gang_id,
                    gang_name=side.gang_name,
                    role=side.role.value,
                    result=side.result.value,
                    out_of_action=side.out_of_action,
                    income=side.income,
                )
            )
        self._flush()
        return battle.model_copy(update={"id": row.id})

    def set_income(self, campaign_battle_id: int, gang_id: int, amount: int) -> None:
        """Record the income collected after a battle; refused if it was collected already."""
        row = self._session.scalars(
            select(CampaignBattleGangRow)
            .where(
                CampaignBattleGangRow.campaign_battle_id == campaign_battle_id,
                CampaignBattleGangRow.gang_id == gang_id,
            )
            .with_for_update()
        ).one_or_none()
        if row is None:
            raise LookupError(f"gang {gang_id} did not fight campaign battle {campaign_battle_id}")
        if row.income is not None:
            raise ServiceError(
                f"{row.gang_name} already collected income after this battle ({row.income})"
            )
        row.income = amount
        self._flush()

    def link_battle(self, campaign_battle_id: int, battle_id: int | None) -> None:
        """Attach the battle tracker's battle to a recorded campaign battle."""
        result = self._session.execute(
            update(CampaignBattleRow)
            .where(CampaignBattleRow.id == campaign_battle_id)
            .values(battle_id=battle_id)
        )
        if result.rowcount == 0:  # type: ignore[attr-defined]
            raise LookupError(f"no campaign battle with id {campaign_battle_id}")

    def add_log(self, campaign_id: int, entry: LogEntry) -> int:
        """Append a line; returns its row id (undo of a post-battle sequence names it)."""
        row = CampaignLogRow(
            campaign_id=campaign_id,
            at=entry.at,
            cycle=entry.cycle,
            kind=entry.kind,
            text=entry.text,
            campaign_battle_id=entry.campaign_battle_id,
            gang_id=entry.gang_id,
        )
        self._session.add(row)
        self._flush()
        return row.id

    def add_snapshots(
        self, campaign_id: int, points: builtins.list[Snapshot]
    ) -> builtins.list[int]:
        """Append a point of the history; returns the row ids."""
        rows = [
            CampaignSnapshotRow(
                campaign_id=campaign_id,
                seq=p.seq,
                label=p.label,
                at=p.at,
                gang_id=p.gang_id,
                gang_name=p.gang_name,
                rating=p.rating,
                wealth=p.wealth,
                reputation=p.reputation,
                credits=p.credits,
                territories=p.territories,
            )
            for p in points
        ]
        self._session.add_all(rows)
        self._flush()
        return [row.id for row in rows]

    def delete(self, campaign_id: int) -> None:
        result = self._session.execute(delete(CampaignRow).where(CampaignRow.id == campaign_id))
        if result.rowcount == 0:  # type: ignore[attr-defined]
            raise LookupError(f"no campaign with id {campaign_id}")

    # ------------------------------------------------------------ helpers

    def _write_members(self, campaign_id: int, campaign: Campaign) -> None:
        stored = {
            r.gang_id: r
            for r in self._session.scalars(
                select(CampaignGangRow).where(CampaignGangRow.campaign_id == campaign_id)
            )
        }
        for position, member in enumerate(campaign.gangs):
            row = stored.pop(member.gang_id, None)
            if row is None:
                row = CampaignGangRow(campaign_id=campaign_id, gang_id=member.gang_id)
                self._session.add(row)
            row.position = position
            row.alignment = member.alignment.value
        for row in stored.values():
            self._session.delete(row)

    def _write_holdings(self, campaign_id: int, campaign: Campaign) -> None:
        self._session.execute(
            delete(CampaignTerritoryRow).where(CampaignTerritoryRow.campaign_id == campaign_id)
        )
        self._session.add_all(
            CampaignTerritoryRow(
                campaign_id=campaign_id,
                position=position,
                name=h.territory,
                gang_id=h.gang_id,
                hideout=h.hideout,
            )
            for position, h in enumerate(campaign.holdings)
        )

    def _flush(self) -> None:
        try:
            self._session.flush()
        except StaleDataError:
            raise StaleCampaignError from None
        except DBAPIError as exc:
            raise _refusal(exc) from None


def _set_columns(row: CampaignRow, campaign: Campaign) -> None:
    row.notes = campaign.notes
    row.starts_on = campaign.starts_on
    row.ends_on = campaign.ends_on


def _columns(entity: type[Base]) -> builtins.list[Any]:
    """Every column of a table as plain values: rows read for display only skip the ORM's
    per-object bookkeeping, which is most of the cost of a campaign's hundreds of battles."""
    return [getattr(entity, attr.key) for attr in sa_inspect(entity).column_attrs]


def _side(row: Any) -> Side:
    return Side(
        gang_id=row.gang_id,
        gang_name=row.gang_name,
        role=Role(row.role),
        result=Result(row.result),
        out_of_action=row.out_of_action,
        income=row.income,
    )


def _refusal(exc: DBAPIError) -> Exception:
    """A permission refusal as a one-line ServiceError; anything else unchanged."""
    if getattr(exc.orig, "sqlstate", None) == INSUFFICIENT_PRIVILEGE:
        return CampaignPermissionError()
    return exc
