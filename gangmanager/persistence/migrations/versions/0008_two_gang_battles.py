"""Two gangs in one battle: the second gang, its crew, and whether its post-battle is done.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Batch mode: SQLite adds a column with a foreign key only by rebuilding the table.
    with op.batch_alter_table("battles") as batch:
        batch.add_column(sa.Column("against_gang_id", sa.Integer(), nullable=True))
        # Existing battles are one gang's: no crew on the other side, nothing pending.
        batch.add_column(sa.Column("against_crew", sa.JSON(), server_default="[]", nullable=False))
        batch.add_column(
            sa.Column("against_done", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
        batch.create_foreign_key(
            op.f("fk_battles_against_gang_id_gangs"),
            "gangs",
            ["against_gang_id"],
            ["id"],
            ondelete="SET NULL",
        )
        batch.create_index(op.f("ix_battles_against_gang_id"), ["against_gang_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("battles") as batch:
        batch.drop_index(op.f("ix_battles_against_gang_id"))
        batch.drop_constraint(op.f("fk_battles_against_gang_id_gangs"), type_="foreignkey")
        batch.drop_column("against_done")
        batch.drop_column("against_crew")
        batch.drop_column("against_gang_id")
