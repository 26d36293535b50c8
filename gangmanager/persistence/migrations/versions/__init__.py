"""Schema revisions, one file each, numbered 0001, 0002... (Alembic skips this file)."""
