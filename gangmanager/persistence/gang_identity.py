"""A gang's identity in gang files (`gang_files`): which stored gang a file came from."""

from __future__ import annotations

import uuid

from sqlalchemy import select
from sqlalchemy.orm import Session

from gangmanager.persistence.tables import GangFileRow


def identity_of(session: Session, gang_id: int) -> GangFileRow | None:
    return session.get(GangFileRow, gang_id)


def gang_with_identity(session: Session, uid: str) -> GangFileRow | None:
    return session.scalars(select(GangFileRow).where(GangFileRow.uid == uid)).first()


def give_identity(
    session: Session,
    gang_id: int,
    uid: str | None = None,
    *,
    synced_version: int | None = None,
    synced_mark: int | None = None,
) -> GangFileRow:
    """The gang's identity row, made now (a new random uid unless one is given)."""
    row = GangFileRow(
        gang_id=gang_id,
        uid=uid or uuid.uuid4().hex,
        synced_version=synced_version,
        synced_mark=synced_mark,
    )
    session.add(row)
    session.flush()
    return row
