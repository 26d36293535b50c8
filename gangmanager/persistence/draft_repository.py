"""Post-battle drafts.

Drafts: one unfinished draft per gang at most (the wizard's "saved as you
go"); Finish stamps `finished_at` and the draft becomes history. Undoing a
whole sequence takes its rows (the roster's, the draft, the battle, the
campaign's) with the one snapshot engine (`uow.snapshots`, persistence/snapshots.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from gangmanager.persistence.tables import FighterRow, PostBattleDraftRow, utc_now
from gangmanager.rules.draft_fighters import current_names, fighter_ids, named

if TYPE_CHECKING:
    from gangmanager.persistence.unit_of_work import UnitOfWork


@dataclass(frozen=True)
class StoredDraft:
    id: int
    gang_id: int
    battle_id: int | None
    # The draft with each fighter it names as they are called now.
    draft: dict[str, Any]
    updated_at: datetime | None
    # The fighter each name meant when the draft was saved (rules/draft_fighters.py).
    fighter_ids: dict[str, int] = field(default_factory=dict)


class DraftRepository:
    """Drafts of one unit of work's session; nothing here commits."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def current(self, gang_id: int) -> StoredDraft | None:
        """The gang's unfinished draft (the newest, should there be several)."""
        query = (
            select(PostBattleDraftRow)
            .where(PostBattleDraftRow.gang_id == gang_id, PostBattleDraftRow.finished_at.is_(None))
            .order_by(PostBattleDraftRow.id.desc())
            .limit(1)
        )
        row = self._session.scalars(query).first()
        return self._stored(row) if row is not None else None

    def get(self, draft_id: int) -> StoredDraft | None:
        row = self._session.get(PostBattleDraftRow, draft_id)
        return self._stored(row) if row is not None else None

    def save(self, gang_id: int, draft: dict[str, Any], battle_id: int | None) -> int:
        """Write over the unfinished draft of the gang, or start one; returns its id."""
        query = select(PostBattleDraftRow).where(
            PostBattleDraftRow.gang_id == gang_id, PostBattleDraftRow.finished_at.is_(None)
        )
        row = self._session.scalars(query.order_by(PostBattleDraftRow.id.desc())).first()
        return self._write(row or self._new(gang_id), draft, battle_id)

    def add(self, gang_id: int, draft: dict[str, Any], battle_id: int | None) -> int:
        """A new draft row, leaving any unfinished one alone."""
        return self._write(self._new(gang_id), draft, battle_id)

    def update(self, draft_id: int, draft: dict[str, Any], battle_id: int | None) -> int:
        row = self._session.get(PostBattleDraftRow, draft_id)
        if row is None:
            raise LookupError(f"no post-battle draft {draft_id}")
        return self._write(row, draft, battle_id)

    def _new(self, gang_id: int) -> PostBattleDraftRow:
        row = PostBattleDraftRow(gang_id=gang_id)
        self._session.add(row)
        return row

    def _write(self, row: PostBattleDraftRow, draft: dict[str, Any], battle_id: int | None) -> int:
        names = named(draft)
        if not names:
            ids: dict[str, int] = {}
        elif row.fighter_ids and row.draft is not None and named(row.draft) == names:
            # The same names as saved last (a page turned, a roll typed): they mean the
            # fighters they meant, with no SELECT (a page change counts its statements).
            ids = dict(row.fighter_ids)
        else:
            with self._session.no_autoflush:  # one write of the row below, not two
                ids = fighter_ids(draft, self._fighters(row.gang_id))
        # A new dict: the plain JSON type does not see in-place mutation.
        row.draft = dict(draft)
        row.fighter_ids = ids
        row.battle_id = battle_id
        row.updated_at = utc_now()
        self._session.flush()
        return row.id

    def _fighters(self, gang_id: int) -> list[tuple[int, str]]:
        """(id, name) of the gang's fighters: one SELECT of two columns."""
        query = select(FighterRow.id, FighterRow.name).where(FighterRow.gang_id == gang_id)
        return [(fighter_id, name) for fighter_id, name in self._session.execute(query)]

    def _stored(self, row: PostBattleDraftRow) -> StoredDraft:
        """The draft as the gang's fighters are called now (a fighter renamed since it
        was saved is still the one it names)."""
        ids = dict(row.fighter_ids or {})
        draft = dict(row.draft)
        if ids:
            draft = current_names(draft, ids, self._fighters(row.gang_id))
        return StoredDraft(row.id, row.gang_id, row.battle_id, draft, row.updated_at, ids)

    def finish(self, draft_id: int, change_sheet: dict[str, Any] | None = None) -> None:
        """Stamp the draft finished, with what the sequence changed (its change sheet)."""
        row = self._session.get(PostBattleDraftRow, draft_id)
        if row is None:
            raise LookupError(f"no post-battle draft {draft_id}")
        row.finished_at = utc_now()
        row.change_sheet = dict(change_sheet) if change_sheet is not None else None
        self._session.flush()

    def last_change_sheet(self, gang_id: int) -> dict[str, Any] | None:
        """The change sheet of the gang's last finished sequence that has one."""
        query = (
            select(PostBattleDraftRow.change_sheet)
            .where(
                PostBattleDraftRow.gang_id == gang_id,
                PostBattleDraftRow.finished_at.is_not(None),
                PostBattleDraftRow.change_sheet.is_not(None),
            )
            .order_by(PostBattleDraftRow.finished_at.desc(), PostBattleDraftRow.id.desc())
            .limit(1)
        )
        found = self._session.scalars(query).first()
        return dict(found) if found is not None else None

    def discard(self, gang_id: int) -> int:
        """Delete the gang's unfinished drafts; returns how many there were."""
        result = self._session.execute(
            delete(PostBattleDraftRow).where(
                PostBattleDraftRow.gang_id == gang_id, PostBattleDraftRow.finished_at.is_(None)
            )
        )
        return int(result.rowcount or 0)  # type: ignore[attr-defined]


def drafts_of(uow: UnitOfWork) -> DraftRepository:
    """The draft repository of an open unit of work (kept for its callers)."""
    return uow.drafts
