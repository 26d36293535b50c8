"""Persistence: SQLAlchemy tables, Alembic migrations, repositories and the unit of work.

Callers use `open_database(resolve_database(args.db, os.environ))`, then one
`with db.unit_of_work() as uow:` per user action. Repositories take and
return rules-core objects (`Gang`), never rows.
"""

from gangmanager.persistence.database import (
    Database,
    DatabaseError,
    default_database_path,
    open_database,
    resolve_database,
)
from gangmanager.persistence.repository import GangRepository, GangSummary
from gangmanager.persistence.unit_of_work import UnitOfWork

__all__ = [
    "Database",
    "DatabaseError",
    "GangRepository",
    "GangSummary",
    "UnitOfWork",
    "default_database_path",
    "open_database",
    "resolve_database",
]
