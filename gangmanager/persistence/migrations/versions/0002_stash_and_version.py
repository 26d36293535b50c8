"""The gang's stash, and a version number on gangs for optimistic concurrency.

Revision ID: 0002
Revises: 0001
Create Date: 2025-01-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Existing gangs start at version 1, as SQLAlchemy numbers new rows. A plain
    # ADD COLUMN (NOT NULL with a constant default) works on SQLite without a table copy.
    op.add_column(
        "gangs", sa.Column("version", sa.Integer(), server_default=sa.text("1"), nullable=False)
    )
    op.create_table(
        "stash_items",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("gang_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("cost", sa.Integer(), nullable=False),
        # Weapon profiles as in the gang file; empty for wargear.
        sa.Column("profiles", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["gang_id"],
            ["gangs.id"],
            name=op.f("fk_stash_items_gang_id_gangs"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_stash_items")),
    )
    op.create_index(op.f("ix_stash_items_gang_id"), "stash_items", ["gang_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_stash_items_gang_id"), table_name="stash_items")
    op.drop_table("stash_items")
    # Batch mode: SQLite before 3.35 cannot drop a column in place.
    with op.batch_alter_table("gangs") as batch:
        batch.drop_column("version")
