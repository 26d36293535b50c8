"""Portraits and change sheets.

A gang's and a fighter's picture, already scaled, at most 200,000 bytes; and a
finished post-battle draft's "what changed" sheet (rules/change_sheet.py), so
the last Finish's can be printed later.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# rules.portrait.MAX_PORTRAIT_BYTES when this revision was written.
_BOUND = "portrait IS NULL OR length(portrait) <= 200000"


def upgrade() -> None:
    # Batch mode: SQLite adds a CHECK only by rebuilding the table (the upgrade
    # runs with foreign keys off, so the rebuild cascades nothing).
    for table in ("gangs", "fighters"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("portrait", sa.LargeBinary(), nullable=True))
            batch.create_check_constraint("portrait_size", _BOUND)
    # Drafts finished before this revision have no sheet: NULL.
    op.add_column(
        "post_battle_drafts", sa.Column("change_sheet", sa.JSON(none_as_null=True), nullable=True)
    )


def downgrade() -> None:
    with op.batch_alter_table("post_battle_drafts") as batch:
        batch.drop_column("change_sheet")
    for table in ("fighters", "gangs"):
        with op.batch_alter_table(table) as batch:
            batch.drop_constraint("portrait_size", type_="check")
            batch.drop_column("portrait")
