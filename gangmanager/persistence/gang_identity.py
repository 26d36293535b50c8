"""A gang's identity in gang files (`gang_files`): which stored gang a file came from.

`uow.gang_files` reads and writes it; the services see `GangIdentity` values, never
the row.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from gangmanager.persistence.snapshots import RowScope
from gangmanager.persistence.tables import GangFileRow


@dataclass(frozen=True)
class GangIdentity:
    gang_id: int
    # Random hex, the same in every database the gang travels to.
    uid: str
    # A copy kept here of a gang living elsewhere: the version of the file it last took
    # and its own version just after (None: the gang lives here).
    synced_version: int | None
    synced_mark: int | None


def _identity(row: GangFileRow) -> GangIdentity:
    return GangIdentity(row.gang_id, row.uid, row.synced_version, row.synced_mark)


class GangFiles:
    """The gangs' file identities on an open unit of work (`uow.gang_files`)."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def of(self, gang_id: int) -> GangIdentity | None:
        row = self._session.get(GangFileRow, gang_id)
        return _identity(row) if row is not None else None

    def with_uid(self, uid: str) -> GangIdentity | None:
        """The identity of the stored gang a file with this `origin.gang` came from."""
        row = self._session.scalars(select(GangFileRow).where(GangFileRow.uid == uid)).first()
        return _identity(row) if row is not None else None

    def give(
        self,
        gang_id: int,
        uid: str | None = None,
        *,
        synced_version: int | None = None,
        synced_mark: int | None = None,
    ) -> GangIdentity:
        """The gang's identity, made now (a new random uid unless one is given)."""
        row = GangFileRow(
            gang_id=gang_id,
            uid=uid or uuid.uuid4().hex,
            synced_version=synced_version,
            synced_mark=synced_mark,
        )
        self._session.add(row)
        self._session.flush()
        return _identity(row)

    def mark_synced(self, gang_id: int, synced_version: int, synced_mark: int) -> None:
        """A copy took a file: the version it took, and its own version after."""
        row = self._session.get(GangFileRow, gang_id)
        assert row is not None
        row.synced_version = synced_version
        row.synced_mark = synced_mark

    @staticmethod
    def scope(gang_id: int) -> tuple[RowScope, ...]:
        """A gang's file identity, for an undo step that holds it beside the roster."""
        return (RowScope("gang_files", "gang_id", (gang_id,)),)
