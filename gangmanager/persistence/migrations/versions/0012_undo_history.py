"""One undo history per database: the steps every window and the command line share
(docs/operations.md).

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "undo_steps",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("owner", sa.String(), nullable=True),
        sa.Column("label", sa.String(), nullable=False),
        sa.Column("gang_id", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("action", sa.Text(), nullable=False),
        sa.Column("undone", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("made", sa.Integer(), nullable=False),
        sa.Column("undone_at", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_undo_steps")),
    )
    op.create_index(op.f("ix_undo_steps_made"), "undo_steps", ["made"])
    if op.get_bind().dialect.name == "postgresql":
        # Each player's steps are theirs (docs/shared-campaign.md's row policies).
        op.alter_column("undo_steps", "owner", server_default=sa.text("CURRENT_USER"))


def downgrade() -> None:
    op.drop_index(op.f("ix_undo_steps_made"), table_name="undo_steps")
    op.drop_table("undo_steps")
