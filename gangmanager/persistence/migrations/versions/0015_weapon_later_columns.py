"""A weapon profile keeps the columns of a pack's weapon statline beyond n23's eight
(`weapon_profiles.later`, a JSON object: the 2026 edition's Lethality, `{"l": "1"}`).
Only the columns not "-" are held, so every n23 row is `{}` and reads as before.

Down again, the later columns have nowhere to go and are dropped.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("weapon_profiles") as batch:
        batch.add_column(sa.Column("later", sa.JSON(), nullable=False, server_default="{}"))


def downgrade() -> None:
    with op.batch_alter_table("weapon_profiles") as batch:
        batch.drop_column("later")
