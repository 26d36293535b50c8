"""Unit of work (cosmicpython): one session per user action, rolled back unless committed."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any

from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.exc import StaleDataError

from gangmanager.errors import DISK_FULL, ServiceError
from gangmanager.persistence.battle_repository import BattleRepository
from gangmanager.persistence.campaign_file_rows import CampaignFileRows
from gangmanager.persistence.campaign_repository import CampaignRepository
from gangmanager.persistence.draft_repository import DraftRepository
from gangmanager.persistence.gang_identity import GangFiles
from gangmanager.persistence.history_repository import UndoSteps
from gangmanager.persistence.repository import GangRepository
from gangmanager.persistence.row_changes import RowChanges, watch
from gangmanager.persistence.snapshots import RowSnapshots

# PostgreSQL's "insufficient privilege": row-level security refused a row of another player.
INSUFFICIENT_PRIVILEGE = "42501"
NOT_YOURS = "that belongs to another player's gang: on a shared server you may change only your own"
CHANGED_MEANWHILE = "the gang was changed by someone else at the same time: reload it and try again"


def _refused_by_the_server(exc: BaseException | None) -> bool:
    return isinstance(exc, DBAPIError) and (
        getattr(exc.orig, "sqlstate", None) == INSUFFICIENT_PRIVILEGE
    )


class ServerRefusal(Exception):
    """A shared server's row-level security refused a write (a player's role)."""


@contextmanager
def server_refusal() -> Iterator[None]:
    """Raise ServerRefusal for a write the server refuses, so the caller words it."""
    try:
        yield
    except DBAPIError as exc:
        if not _refused_by_the_server(exc):
            raise
        raise ServerRefusal from None


# SQLite's primary result codes for a write that did not reach the disk.
_SQLITE_IOERR, _SQLITE_FULL = 10, 13
# Its shared-memory (WAL index) file could not grow: on Linux, no room left.
_SQLITE_IOERR_SHMSIZE = 4874
# Below this much free space, any SQLite I/O error on a write is the disk being full.
_NEARLY_FULL_BYTES = 1 << 20


def disk_refusal(exc: BaseException | None, path: Path | None) -> ServiceError | None:
    """A SQLite write that failed for the disk, in one line; None for anything else.

    A full disk reaches us as SQLITE_FULL, or as a plain "disk I/O error" when the
    WAL index or the journal could not grow: both say the disk is full.
    """
    orig = exc.orig if isinstance(exc, DBAPIError) else exc
    code = getattr(orig, "sqlite_errorcode", None)
    if not isinstance(code, int) or code & 0xFF not in (_SQLITE_IOERR, _SQLITE_FULL):
        return None
    if code & 0xFF == _SQLITE_FULL or code == _SQLITE_IOERR_SHMSIZE or _nearly_full(path):
        return ServiceError(f"{DISK_FULL}; nothing was changed")
    return ServiceError(f"the database could not write to the disk ({orig}); nothing was changed")


def _nearly_full(path: Path | None) -> bool:
    if path is None:
        return False
    try:
        info = os.statvfs(path.parent)
    except (OSError, AttributeError):  # no statvfs on Windows
        return False
    return info.f_bavail * info.f_frsize < _NEARLY_FULL_BYTES


def _in_one_line(exc: BaseException | None, path: Path | None = None) -> ServiceError | None:
    """The database's refusal as the one line a player reads; None for anything else."""
    disk = disk_refusal(exc, path)
    if disk is not None:
        return disk
    if _refused_by_the_server(exc):
        # Any table a player writes to (battles, drafts...): one line, not a traceback.
        return ServiceError(NOT_YOURS)
    if isinstance(exc, StaleDataError):
        # Another session saved between our read and our write (a version check).
        return ServiceError(CHANGED_MEANWHILE)
    if isinstance(exc, IntegrityError):
        return ServiceError(f"refused by the database: {str(exc.orig).splitlines()[0]}")
    return None


class UnitOfWork:
    """`with db.unit_of_work() as uow: uow.gangs.add(gang); uow.commit()`.

    Leaving the block without `commit()`, or by an exception, rolls back.
    """

    gangs: GangRepository
    battles: BattleRepository
    campaigns: CampaignRepository
    drafts: DraftRepository
    # Gangs' and campaigns' identities in files, and a campaign's rows as its file has them.
    gang_files: GangFiles
    campaign_files: CampaignFileRows
    snapshots: RowSnapshots
    history: UndoSteps
    # What this unit of work wrote, row by row (perform adds it to the outcome's changes).
    row_changes: RowChanges

    def __init__(self, session_factory: sessionmaker[Session], database: Any = None) -> None:
        self._session_factory = session_factory
        self._session: Session | None = None
        # The Database it belongs to: what in-memory state kept between actions is keyed on.
        self.database = database
        self._after_commit: list[Callable[[], None]] = []

    def __enter__(self) -> UnitOfWork:
        if self._session is not None:
            raise RuntimeError("a unit of work cannot be entered twice")
        self._session = self._session_factory()
        self.gangs = GangRepository(self._session, getattr(self.database, "statlines", None))
        self.battles = BattleRepository(
            self._session, self.gangs, database=self.database, after_commit=self.after_commit
        )
        self.campaigns = CampaignRepository(self._session)
        self.drafts = DraftRepository(self._session)
        self.gang_files = GangFiles(self._session)
        self.campaign_files = CampaignFileRows(self._session)
        self.snapshots = RowSnapshots(self._session)
        self.history = UndoSteps(self._session)
        self.row_changes = watch(self._session)
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        session, self._session = self._session, None
        self._after_commit = []
        if session is None:
            return
        try:
            # A no-op after commit(); otherwise discards everything of this action.
            session.rollback()
        finally:
            session.close()
        refusal = _in_one_line(exc, getattr(self.database, "path", None))
        if refusal is not None:
            raise refusal from None

    def commit(self) -> None:
        self._active().commit()
        # Only what this transaction made durable may be remembered outside it.
        callbacks, self._after_commit = self._after_commit, []
        for callback in callbacks:
            callback()

    def written(self) -> RowChanges:
        """What this unit of work has written so far (pending rows flushed first), named
        by aggregate: a handler's change list."""
        self._active().flush()
        return self.row_changes.settled()

    def after_commit(self, callback: Callable[[], None]) -> None:
        """Run `callback` once this unit of work commits; dropped when it rolls back."""
        self._after_commit.append(callback)

    def rollback(self) -> None:
        self._active().rollback()

    @contextmanager
    def savepoint(self) -> Iterator[None]:
        """A part of the action that may fail on its own: when the block raises, what it
        wrote is undone and the rest of the action kept (a SAVEPOINT)."""
        with self._active().begin_nested():
            yield

    @property
    def session(self) -> Session:
        """The open session, for the snapshot engine (rows of any table, same transaction)."""
        return self._active()

    def _active(self) -> Session:
        if self._session is None:
            raise RuntimeError("the unit of work is not open (use it in a with block)")
        return self._session
