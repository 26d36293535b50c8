"""A gang's and a campaign's identity in their files, for `import --update`
(docs/file-formats.md).

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Existing gangs get theirs at their first export: no row until then.
    op.create_table(
        "gang_files",
        sa.Column("gang_id", sa.Integer(), nullable=False),
        sa.Column("uid", sa.String(), nullable=False),
        sa.Column("synced_version", sa.Integer(), nullable=True),
        sa.Column("synced_mark", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["gang_id"], ["gangs.id"], name=op.f("fk_gang_files_gang_id_gangs"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("gang_id", name=op.f("pk_gang_files")),
        sa.UniqueConstraint("uid", name=op.f("uq_gang_files_uid")),
    )
    op.create_table(
        "campaign_files",
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("uid", sa.String(), nullable=False),
        sa.Column("synced_digest", sa.String(), nullable=True),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_campaign_files_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", name=op.f("pk_campaign_files")),
        sa.UniqueConstraint("uid", name=op.f("uq_campaign_files_uid")),
    )


def downgrade() -> None:
    op.drop_table("campaign_files")
    op.drop_table("gang_files")
