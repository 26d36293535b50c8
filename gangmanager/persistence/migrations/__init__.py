"""Alembic migrations of the Gang Manager schema (run by `gangmanager.persistence.database`)."""
