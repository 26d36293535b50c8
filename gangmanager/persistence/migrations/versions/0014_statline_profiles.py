"""A fighter's stored profile holds the characteristics its statline names: one JSON
object of code -> value (`fighters.profile`) and the name of the pack's statline it
is keyed by (`fighters.statline`), instead of twelve columns of the n23 fighter
statline. A pack may declare other statlines (a vehicle's, an invented one).

Every row of 0013 holds the n23 fighter's twelve: its columns become the object
keyed M ... Int (NULL, a characteristic the fighter does not have, stays null) and
its statline `fighter`. Modifiers and injuries were already keyed by code.

Down again, a profile of the fighter statline fills the twelve columns; a profile of
any other statline has no columns to go to and leaves them NULL.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The columns of 0013, by the code of the n23 fighter statline each held (`int_`
# because INT is an SQL type name). The history of the schema, not a statline.
_COLUMNS: dict[str, str] = {
    "M": "m",
    "WS": "ws",
    "BS": "bs",
    "S": "s",
    "T": "t",
    "W": "w",
    "I": "i",
    "A": "a",
    "Ld": "ld",
    "Cl": "cl",
    "Wil": "wil",
    "Int": "int_",
}
_FIGHTER = "fighter"

# The table as this revision sees it (never the models, which move on).
_fighters = sa.Table(
    "fighters",
    sa.MetaData(),
    sa.Column("id", sa.Integer(), primary_key=True),
    sa.Column("statline", sa.String()),
    sa.Column("profile", sa.JSON()),
    *(sa.Column(column, sa.Integer()) for column in _COLUMNS.values()),
)


def upgrade() -> None:
    with op.batch_alter_table("fighters") as batch:
        batch.add_column(
            sa.Column("statline", sa.String(), server_default=_FIGHTER, nullable=False)
        )
        batch.add_column(sa.Column("profile", sa.JSON(), server_default="{}", nullable=False))
    connection = op.get_bind()
    columns = [_fighters.c[column] for column in _COLUMNS.values()]
    rows = connection.execute(sa.select(_fighters.c.id, *columns)).all()
    if rows:
        connection.execute(
            sa.update(_fighters)
            .where(_fighters.c.id == sa.bindparam("row_id"))
            .values(profile=sa.bindparam("values")),
            [
                {"row_id": row[0], "values": dict(zip(_COLUMNS, row[1:], strict=True))}
                for row in rows
            ],
        )
    # Batch mode: SQLite before 3.35 cannot drop a column in place.
    with op.batch_alter_table("fighters") as batch:
        for column in _COLUMNS.values():
            batch.drop_column(column)


def downgrade() -> None:
    with op.batch_alter_table("fighters") as batch:
        for column in _COLUMNS.values():
            batch.add_column(sa.Column(column, sa.Integer(), nullable=True))
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(_fighters.c.id, _fighters.c.statline, _fighters.c.profile)
    ).all()
    for row in rows:
        stored = row.profile if isinstance(row.profile, dict) else {}
        if row.statline != _FIGHTER:
            continue
        values = {column: stored.get(code) for code, column in _COLUMNS.items()}
        connection.execute(sa.update(_fighters).where(_fighters.c.id == row.id).values(**values))
    with op.batch_alter_table("fighters") as batch:
        batch.drop_column("profile")
        batch.drop_column("statline")
