"""An Exotic Beast's owner: the name of the fighter it belongs to.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Existing fighters own no beast: an empty name.
    op.add_column("fighters", sa.Column("owner", sa.String(), server_default="", nullable=False))


def downgrade() -> None:
    # Batch mode: SQLite before 3.35 cannot drop a column in place.
    with op.batch_alter_table("fighters") as batch:
        batch.drop_column("owner")
