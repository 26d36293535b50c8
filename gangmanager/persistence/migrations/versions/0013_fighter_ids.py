"""Records point at fighters by id, not by name: an Exotic Beast's owner is the id of
the fighter it belongs to (`fighters.owner_id`), so renaming the owner keeps the beast.

A stored owner name that matches one fighter of the beast's gang (case ignored)
becomes that fighter's id; a name matching none, or two, becomes no owner, and the
beast is kept.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The tables as this revision sees them (never the models, which move on).
_meta = sa.MetaData()
_fighters = sa.Table(
    "fighters",
    _meta,
    sa.Column("id", sa.Integer(), primary_key=True),
    sa.Column("gang_id", sa.Integer()),
    sa.Column("name", sa.String()),
    sa.Column("owner", sa.String()),
    sa.Column("owner_id", sa.Integer()),
)


def _key(name: str | None) -> str:
    return (name or "").strip().casefold()


def upgrade() -> None:
    op.add_column("fighters", sa.Column("owner_id", sa.Integer(), nullable=True))
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(_fighters.c.id, _fighters.c.gang_id, _fighters.c.name, _fighters.c.owner)
    ).all()
    named: dict[tuple[int, str], list[int]] = defaultdict(list)
    for row in rows:
        named[(row.gang_id, _key(row.name))].append(row.id)
    for row in rows:
        if not _key(row.owner):
            continue
        found = named.get((row.gang_id, _key(row.owner)), [])
        if len(found) == 1 and found[0] != row.id:
            connection.execute(
                sa.update(_fighters).where(_fighters.c.id == row.id).values(owner_id=found[0])
            )
    # Batch mode: SQLite before 3.35 cannot drop a column in place.
    with op.batch_alter_table("fighters") as batch:
        batch.drop_column("owner")


def downgrade() -> None:
    op.add_column("fighters", sa.Column("owner", sa.String(), server_default="", nullable=False))
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(_fighters.c.id, _fighters.c.name, _fighters.c.owner_id)
    ).all()
    names = {row.id: row.name for row in rows}
    for row in rows:
        if row.owner_id in names:
            connection.execute(
                sa.update(_fighters)
                .where(_fighters.c.id == row.id)
                .values(owner=names[row.owner_id])
            )
    with op.batch_alter_table("fighters") as batch:
        batch.drop_column("owner_id")
