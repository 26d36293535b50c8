"""First tables: gangs, fighters and what fighters carry.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Profile columns, NULL being "-"; `int_` because INT is an SQL type name.
PROFILE_COLUMNS = ("m", "ws", "bs", "s", "t", "w", "i", "a", "ld", "cl", "wil", "int_")


def _owned_by(parent: str) -> list[sa.SchemaItem]:
    """id, <parent>_id cascading on delete, position: every child list starts like this."""
    column = f"{parent.removesuffix('s')}_id"
    return [
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column(column, sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
    ]


def _keys(table: str, parent: str) -> list[sa.SchemaItem]:
    column = f"{parent.removesuffix('s')}_id"
    return [
        sa.ForeignKeyConstraint(
            [column],
            [f"{parent}.id"],
            name=op.f(f"fk_{table}_{column}_{parent}"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{table}")),
    ]


def _index(table: str, parent: str) -> None:
    column = f"{parent.removesuffix('s')}_id"
    op.create_index(op.f(f"ix_{table}_{column}"), table, [column], unique=False)


def upgrade() -> None:
    op.create_table(
        "gangs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("house", sa.String(), nullable=False),
        sa.Column("ruleset", sa.String(), nullable=False),
        sa.Column("credits", sa.Integer(), nullable=False),
        sa.Column("reputation", sa.Integer(), nullable=False),
        sa.Column("rating", sa.Integer(), nullable=True),
        sa.Column("notes", sa.Text(), nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.func.current_timestamp(),
            nullable=False,
        ),
        sa.Column(
            "updated_at",
            sa.DateTime(timezone=True),
            server_default=sa.func.current_timestamp(),
            nullable=False,
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_gangs")),
    )
    op.create_table(
        "fighters",
        *_owned_by("gangs"),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("type", sa.String(), nullable=False),
        sa.Column("category", sa.String(), nullable=False),
        sa.Column("cost", sa.Integer(), nullable=False),
        sa.Column("xp", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("rating", sa.Integer(), nullable=True),
        *[sa.Column(name, sa.Integer(), nullable=True) for name in PROFILE_COLUMNS],
        sa.Column("skills", sa.JSON(), nullable=False),
        sa.Column("injuries", sa.JSON(), nullable=False),
        sa.Column("notes", sa.Text(), nullable=False),
        *_keys("fighters", "gangs"),
    )
    _index("fighters", "gangs")
    op.create_table(
        "modifiers",
        *_owned_by("fighters"),
        sa.Column("source", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("changes", sa.JSON(), nullable=False),
        sa.Column("set_to", sa.JSON(), nullable=False),
        sa.Column("cost", sa.Integer(), nullable=False),
        *_keys("modifiers", "fighters"),
    )
    _index("modifiers", "fighters")
    op.create_table(
        "weapons",
        *_owned_by("fighters"),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("cost", sa.Integer(), nullable=False),
        *_keys("weapons", "fighters"),
    )
    _index("weapons", "fighters")
    op.create_table(
        "weapon_profiles",
        *_owned_by("weapons"),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("rng_s", sa.String(), nullable=False),
        sa.Column("rng_l", sa.String(), nullable=False),
        sa.Column("acc_s", sa.String(), nullable=False),
        sa.Column("acc_l", sa.String(), nullable=False),
        sa.Column("str", sa.String(), nullable=False),
        sa.Column("ap", sa.String(), nullable=False),
        sa.Column("d", sa.String(), nullable=False),
        sa.Column("am", sa.String(), nullable=False),
        sa.Column("traits", sa.JSON(), nullable=False),
        sa.Column("cost", sa.Integer(), nullable=False),
        *_keys("weapon_profiles", "weapons"),
    )
    _index("weapon_profiles", "weapons")
    op.create_table(
        "wargear",
        *_owned_by("fighters"),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("cost", sa.Integer(), nullable=False),
        *_keys("wargear", "fighters"),
    )
    _index("wargear", "fighters")


def downgrade() -> None:
    for table in ("wargear", "weapon_profiles", "weapons", "modifiers", "fighters"):
        op.drop_table(table)  # their indexes go with them
    op.drop_table("gangs")
