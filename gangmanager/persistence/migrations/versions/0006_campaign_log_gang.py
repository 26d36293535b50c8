"""The gang a campaign log line is about, so that on a shared server a player may
add lines about their own gang only (docs/shared-campaign.md).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Batch mode: SQLite adds a column with a foreign key only by copying the table.
    with op.batch_alter_table("campaign_log") as batch:
        batch.add_column(sa.Column("gang_id", sa.Integer(), nullable=True))
        batch.create_foreign_key(
            op.f("fk_campaign_log_gang_id_gangs"),
            "gangs",
            ["gang_id"],
            ["id"],
            ondelete="SET NULL",
        )
        batch.create_index(op.f("ix_campaign_log_gang_id"), ["gang_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("campaign_log") as batch:
        batch.drop_index(op.f("ix_campaign_log_gang_id"))
        batch.drop_constraint(op.f("fk_campaign_log_gang_id_gangs"), type_="foreignkey")
        batch.drop_column("gang_id")
