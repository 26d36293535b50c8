"""A per-gang house rule: ignore the house equipment list and skill access limits.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # NOT NULL with a constant default: existing gangs play by the lists (off).
    op.add_column(
        "gangs",
        sa.Column(
            "house_rules_ignore_restrictions",
            sa.Boolean(),
            server_default=sa.false(),
            nullable=False,
        ),
    )


def downgrade() -> None:
    # Batch mode: SQLite before 3.35 cannot drop a column in place.
    with op.batch_alter_table("gangs") as batch:
        batch.drop_column("house_rules_ignore_restrictions")
