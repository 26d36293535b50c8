"""The battle repository: battles and their event logs in, plain records out.

A battle row is the header (scenario, ruleset, crew, status); its events are
JSON payloads numbered by `seq`. Events are only ever appended, or the last
one deleted (undo); each of those moves the battle's `revision` on. The
header can be read without its events (`head_for_gang`), for an action that
holds the battle's folded state already. Nothing here commits: the unit of
work does.

The battle going on is handed out folded (`playing`): the fold the last
action kept (`battle_folds`) while nobody wrote since, else folded from the
log; an action keeps the fold it leaves with `keep_written`.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import and_, delete, func, or_, select, update
from sqlalchemy.orm import Session, selectinload

from gangmanager.persistence.battle_folds import Folded, RulesetOf, fold_log, kept_for
from gangmanager.persistence.tables import BattleEventRow, BattleRow, GangRow, utc_now
from gangmanager.rules.battle import Opponent
from gangmanager.rules.gang import Gang
from gangmanager.rules.limits import quoted

if TYPE_CHECKING:
    from gangmanager.persistence.repository import GangRepository
    from gangmanager.persistence.unit_of_work import UnitOfWork

# open -> ended (handed to the post-battle sequence) -> done (post-battle applied).
OPEN = "open"
ENDED = "ended"
DONE = "done"
STATUSES = (OPEN, ENDED, DONE)


class NotYourEvent(Exception):
    """The last event is another player's to undo (their fighter acted)."""

    def __init__(self, payload: dict[str, Any]) -> None:
        super().__init__("the last event is another player's")
        self.payload = payload


@dataclass(frozen=True)
class StoredBattle:
    id: int
    gang_id: int
    scenario: str
    ruleset: str
    # Fighter ids taking part, in roster order.
    crew: tuple[int, ...]
    status: str
    started_at: datetime
    ended_at: datetime | None
    # Event payloads in the order they happened.
    events: tuple[dict[str, Any], ...]
    # The second gang of a two-gang battle, its crew, and whether its post-battle is done.
    against_gang_id: int | None = None
    against_crew: tuple[int, ...] = ()
    against_done: bool = False
    # Moved on by every append and pop (see BattleRow.revision).
    revision: int = 0
    # False for a header read without its events (`events` is then empty).
    with_events: bool = True

    def ended_for(self, gang_id: int) -> bool:
        """Handed to this gang's post-battle sequence and not yet applied there."""
        if gang_id == self.against_gang_id:
            return self.status in (ENDED, DONE) and not self.against_done
        return self.status == ENDED


def _utc(moment: datetime | None) -> datetime | None:
    # SQLite hands back naive datetimes; they were stored in UTC.
    if moment is not None and moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment


def _record(row: BattleRow, *, with_events: bool = True) -> StoredBattle:
    return StoredBattle(
        id=row.id,
        gang_id=row.gang_id,
        scenario=row.scenario,
        ruleset=row.ruleset,
        crew=tuple(row.crew),
        status=row.status,
        started_at=_utc(row.started_at) or row.started_at,
        ended_at=_utc(row.ended_at),
        events=tuple(dict(e.payload) for e in row.events) if with_events else (),
        against_gang_id=row.against_gang_id,
        against_crew=tuple(row.against_crew or ()),
        against_done=bool(row.against_done),
        revision=row.revision,
        with_events=with_events,
    )


class BattleRepository:
    def __init__(
        self,
        session: Session,
        gangs: GangRepository | None = None,
        *,
        database: object = None,
        after_commit: Callable[[Callable[[], None]], None] | None = None,
    ) -> None:
        self._session = session
        # For a fold: the battle's gangs, read in the same transaction.
        self._gangs = gangs
        # The folds kept for this database between actions.
        self._kept = kept_for(database)
        self._after_commit = after_commit

    # ------------------------------------------------------------ the fold

    def playing(
        self, gang_id: int, ruleset_of: RulesetOf, known: Gang | None = None
    ) -> tuple[StoredBattle, Folded] | None:
        """The gang's battle going on (its header) and its fold; None when there is none.

        The kept fold while nobody wrote since (the battle's revision and the
        gangs' versions still the stored ones: no gang is read then), else one
        folded from the log and kept. `known` is a gang read already (not read again).
        """
        stored = self.head_for_gang(gang_id, OPEN)
        if stored is None:
            return None
        kept = self._kept.get(stored.id)
        if kept is not None and (kept.revision, kept.versions) == (
            stored.revision,
            self.gang_versions(stored),
        ):
            return stored, kept
        starter, against = self._sides(stored, known)
        folded = fold_log(
            stored.id,
            stored.revision,
            stored.crew,
            self.payloads(stored.id),
            ruleset_of(stored.ruleset),
            starter,
            against,
        )
        self._kept[stored.id] = folded  # The stored battle as this transaction reads it.
        return stored, folded

    def _sides(self, stored: StoredBattle, known: Gang | None) -> tuple[Gang, Opponent | None]:
        assert self._gangs is not None, "a fold needs the unit of work's gang repository"
        gangs = self._gangs

        def side(gang_id: int) -> Gang:
            return known if known is not None and known.id == gang_id else gangs.get(gang_id)

        starter = side(stored.gang_id)
        if stored.against_gang_id is None:
            return starter, None
        return starter, Opponent(side(stored.against_gang_id), list(stored.against_crew))

    def keep_written(self, battle_id: int, folded: Folded) -> None:
        """The fold an action leaves, kept once it commits (never a rolled-back one)."""
        if self._after_commit is None:
            return
        kept = self._kept
        self._after_commit(lambda: kept.__setitem__(battle_id, folded))

    def forget(self, battle_id: int) -> None:
        """The battle is no longer played (ended): its fold goes."""
        self._kept.pop(battle_id, None)

    # ------------------------------------------------------------ rows

    def add(
        self,
        gang_id: int,
        scenario: str,
        ruleset: str,
        crew: list[int],
        *,
        against_gang_id: int | None = None,
        against_crew: builtins.list[int] | None = None,
    ) -> StoredBattle:
        row = BattleRow(
            gang_id=gang_id,
            scenario=scenario,
            ruleset=ruleset,
            crew=list(crew),
            status=OPEN,
            started_at=utc_now(),
            against_gang_id=against_gang_id,
            against_crew=list(against_crew or []),
            against_done=False,
        )
        row.events = []
        self._session.add(row)
        self._session.flush()
        return _record(row)

    def get(self, battle_id: int) -> StoredBattle:
        return _record(self._load(battle_id))

    def for_gang(self, gang_id: int, status: str) -> StoredBattle | None:
        """The gang's latest battle with this status, on either side.

        For the second gang of a two-gang battle, `ended` means handed to its
        post-battle sequence and not yet applied there (see `ended_for`).
        """
        return self._for_gang(gang_id, status, with_events=True)

    def head_for_gang(self, gang_id: int, status: str) -> StoredBattle | None:
        """As `for_gang`, without the events: one row read, whatever the log's length."""
        return self._for_gang(gang_id, status, with_events=False)

    def _for_gang(self, gang_id: int, status: str, *, with_events: bool) -> StoredBattle | None:
        side = or_(BattleRow.gang_id == gang_id, BattleRow.against_gang_id == gang_id)
        if status == ENDED:
            wanted = or_(
                and_(BattleRow.gang_id == gang_id, BattleRow.status == ENDED),
                and_(
                    BattleRow.against_gang_id == gang_id,
                    BattleRow.status.in_((ENDED, DONE)),
                    BattleRow.against_done.is_(False),
                ),
            )
        else:
            wanted = and_(side, BattleRow.status == status)
        query = select(BattleRow).where(wanted).order_by(BattleRow.id.desc()).limit(1)
        if with_events:
            query = query.options(selectinload(BattleRow.events))
        row = self._session.scalars(query).one_or_none()
        return _record(row, with_events=with_events) if row is not None else None

    def ended_heads_for(self, gang_ids: builtins.list[int]) -> dict[int, StoredBattle]:
        """`head_for_gang(gang, ENDED)` of each of these gangs that has one, in one query
        (a campaign window asks it of every member gang: one read, not one per gang)."""
        if not gang_ids:
            return {}
        wanted = or_(
            and_(BattleRow.gang_id.in_(gang_ids), BattleRow.status == ENDED),
            and_(
                BattleRow.against_gang_id.in_(gang_ids),
                BattleRow.status.in_((ENDED, DONE)),
                BattleRow.against_done.is_(False),
            ),
        )
        found: dict[int, StoredBattle] = {}
        query = select(BattleRow).where(wanted).order_by(BattleRow.id.desc())
        for row in self._session.scalars(query):
            head = _record(row, with_events=False)
            if head.status == ENDED and head.gang_id in gang_ids:
                found.setdefault(head.gang_id, head)
            if head.against_gang_id in gang_ids and not head.against_done:
                found.setdefault(head.against_gang_id, head)
        return found

    def gang_versions(self, stored: StoredBattle) -> tuple[int | None, int | None]:
        """The stored version of each gang of the battle (None: no second gang, or gone)."""
        ids = [i for i in (stored.gang_id, stored.against_gang_id) if i is not None]
        query = select(GangRow.id, GangRow.version).where(GangRow.id.in_(ids))
        found: dict[int, int] = {row.id: row.version for row in self._session.execute(query)}
        against = stored.against_gang_id
        return found.get(stored.gang_id), found.get(against) if against is not None else None

    def payloads(self, battle_id: int) -> tuple[dict[str, Any], ...]:
        """The whole log, in order (to fold a battle whose state is not held)."""
        query = (
            select(BattleEventRow.payload)
            .where(BattleEventRow.battle_id == battle_id)
            .order_by(BattleEventRow.seq)
        )
        return tuple(dict(p) for p in self._session.scalars(query))

    def mark_done_for(self, battle_id: int, gang_id: int) -> StoredBattle:
        """One gang's post-battle sequence is applied: the second gang's flag, or the status."""
        row = self._load(battle_id)
        if row.against_gang_id == gang_id:
            row.against_done = True
            self._session.flush()
            return _record(row)
        return self.set_status(battle_id, DONE)

    def list(self, gang_id: int) -> builtins.list[StoredBattle]:
        query = (
            select(BattleRow)
            .where(or_(BattleRow.gang_id == gang_id, BattleRow.against_gang_id == gang_id))
            .order_by(BattleRow.id)
            .options(selectinload(BattleRow.events))
        )
        return [_record(row) for row in self._session.scalars(query)]

    def append(self, battle_id: int, payload: dict[str, Any], seq: int | None = None) -> int:
        """Store one event after the last; returns its sequence number (1, 2, ...).

        A caller that knows the log's length passes `seq` (saves reading the last
        one); the unique (battle, seq) key refuses a wrong one.
        """
        if seq is None:
            last = self._session.scalar(
                select(func.max(BattleEventRow.seq)).where(BattleEventRow.battle_id == battle_id)
            )
            seq = (last or 0) + 1
        self._session.add(BattleEventRow(battle_id=battle_id, seq=seq, payload=dict(payload)))
        self._session.flush()
        self._bump(battle_id)
        return seq

    def _bump(self, battle_id: int) -> None:
        self._session.execute(
            update(BattleRow)
            .where(BattleRow.id == battle_id)
            .values(revision=BattleRow.revision + 1)
        )

    def pop(self, battle_id: int) -> dict[str, Any] | None:
        """Delete the last event and return its payload; None when there is none."""
        row = self._session.scalars(
            select(BattleEventRow)
            .where(BattleEventRow.battle_id == battle_id)
            .order_by(BattleEventRow.seq.desc())
            .limit(1)
        ).one_or_none()
        if row is None:
            return None
        payload = dict(row.payload)
        gone = self._session.execute(delete(BattleEventRow).where(BattleEventRow.id == row.id))
        if gone.rowcount == 0:  # type: ignore[attr-defined]
            # There, but a shared server's row policy keeps it from this player.
            raise NotYourEvent(payload)
        self._session.expunge(row)
        self._bump(battle_id)
        return payload

    def set_status(self, battle_id: int, status: str) -> StoredBattle:
        if status not in STATUSES:
            raise ValueError(f"a battle is {', '.join(STATUSES)}, not {quoted(status)}")
        row = self._load(battle_id)
        row.status = status
        if status == ENDED and row.ended_at is None:
            row.ended_at = utc_now()
        if status == OPEN:
            row.ended_at = None
        self._session.flush()
        return _record(row)

    def _load(self, battle_id: int) -> BattleRow:
        query = (
            select(BattleRow)
            .where(BattleRow.id == battle_id)
            .options(selectinload(BattleRow.events))
        )
        row = self._session.scalars(query).one_or_none()
        if row is None:
            raise LookupError(f"no battle with id {battle_id}")
        return row


def battles(uow: UnitOfWork) -> BattleRepository:
    """The battle repository of an open unit of work (kept for its callers)."""
    return uow.battles
