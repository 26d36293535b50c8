"""A battle's revision: bumped by every event stored or undone, never reused.

The service keeps a battle's folded state between actions and uses it only
while the revision it was folded at is still the stored one; any other
writer (another window, the command line) moves the revision on.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("battles") as batch:
        # Existing battles start at 0: no process holds a fold of them yet.
        batch.add_column(sa.Column("revision", sa.Integer(), server_default="0", nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("battles") as batch:
        batch.drop_column("revision")
