"""Persistence: SQLAlchemy tables, Alembic migrations, repositories and the unit of work.

Callers use `open_database(resolve_database(args.db, os.environ))`, then one
`with db.unit_of_work() as uow:` per user action. Repositories take and
return rules-core objects (`Gang`), never rows.

The names below are imported on first use (PEP 562): importing any module of
this package must not import SQLAlchemy, which the window's start does without
(`quick_read`, docs/performance.md).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from gangmanager.rules.limits import quoted

if TYPE_CHECKING:
    from gangmanager.persistence.database import (
        Database,
        DatabaseError,
        default_database_path,
        open_database,
        resolve_database,
    )
    from gangmanager.persistence.repository import GangRepository, GangSummary
    from gangmanager.persistence.unit_of_work import UnitOfWork

_WHERE = {
    "Database": "database",
    "DatabaseError": "database",
    "default_database_path": "database",
    "open_database": "database",
    "resolve_database": "database",
    "GangRepository": "repository",
    "GangSummary": "repository",
    "UnitOfWork": "unit_of_work",
}

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


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {quoted(__name__)} has no attribute {quoted(name)}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
