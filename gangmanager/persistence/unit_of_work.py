"""Unit of work (cosmicpython): one session per user action, rolled back unless committed."""

from __future__ import annotations

from types import TracebackType

from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

from gangmanager.errors import ServiceError
from gangmanager.persistence.repository import GangRepository

# PostgreSQL's "insufficient privilege": row-level security refused a row of another player.
INSUFFICIENT_PRIVILEGE = "42501"
NOT_YOURS = "that belongs to another player's gang: on a shared server you may change only your own"


def _refused_by_the_server(exc: BaseException | None) -> bool:
    return isinstance(exc, DBAPIError) and (
        getattr(exc.orig, "sqlstate", None) == INSUFFICIENT_PRIVILEGE
    )


class UnitOfWork:
    """`with db.unit_of_work() as uow: uow.gangs.add(gang); uow.commit()`.

    Leaving the block without `commit()`, or by an exception, rolls back.
    """

    gangs: GangRepository

    def __init__(self, session_factory: sessionmaker[Session]) -> None:
        self._session_factory = session_factory
        self._session: Session | None = None

    def __enter__(self) -> UnitOfWork:
        if self._session is not None:
            raise RuntimeError("a unit of work cannot be entered twice")
        self._session = self._session_factory()
        self.gangs = GangRepository(self._session)
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        session, self._session = self._session, None
        if session is None:
            return
        try:
            # A no-op after commit(); otherwise discards everything of this action.
            session.rollback()
        finally:
            session.close()
        if _refused_by_the_server(exc):
            # Any table a player writes to (battles, drafts...): one line, not a traceback.
            raise ServiceError(NOT_YOURS) from None

    def commit(self) -> None:
        self._active().commit()

    def rollback(self) -> None:
        self._active().rollback()

    def _active(self) -> Session:
        if self._session is None:
            raise RuntimeError("the unit of work is not open (use it in a with block)")
        return self._session
