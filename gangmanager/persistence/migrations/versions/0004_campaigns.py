"""Campaigns: gangs taking part, territories, battles, the log, history; gang owners.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _id() -> sa.Column[int]:
    return sa.Column("id", sa.Integer(), nullable=False)


def _campaign_id(table: str) -> list[sa.SchemaItem]:
    return [
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f(f"fk_{table}_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
    ]


def _gang_id(table: str, *, nullable: bool) -> list[sa.SchemaItem]:
    return [
        sa.Column("gang_id", sa.Integer(), nullable=nullable),
        sa.ForeignKeyConstraint(
            ["gang_id"],
            ["gangs.id"],
            name=op.f(f"fk_{table}_gang_id_gangs"),
            ondelete="SET NULL" if nullable else "CASCADE",
        ),
    ]


def _pk(table: str) -> sa.PrimaryKeyConstraint:
    return sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{table}"))


def _index(table: str, column: str) -> None:
    op.create_index(op.f(f"ix_{table}_{column}"), table, [column], unique=False)


def _stamp(name: str, *, nullable: bool = False) -> sa.Column[object]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    # The role that may change a gang on a shared server (row-level security).
    op.add_column("gangs", sa.Column("owner", sa.String(), nullable=True))
    if op.get_bind().dialect.name == "postgresql":
        # Whoever creates a gang owns it; SQLite has no roles and keeps NULL.
        op.alter_column("gangs", "owner", server_default=sa.text("CURRENT_USER"))
    op.create_table(
        "campaigns",
        _id(),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("ruleset", sa.String(), nullable=False),
        sa.Column("campaign_type", sa.String(), nullable=False),
        sa.Column("notes", sa.Text(), nullable=False),
        sa.Column("starts_on", sa.Date(), nullable=True),
        sa.Column("ends_on", sa.Date(), nullable=True),
        sa.Column("cycle", sa.Integer(), nullable=False),
        _stamp("finished_at", nullable=True),
        _stamp("created_at"),
        sa.Column("version", sa.Integer(), server_default=sa.text("1"), nullable=False),
        _pk("campaigns"),
        sa.UniqueConstraint("name", name=op.f("uq_campaigns_name")),
    )
    op.create_table(
        "campaign_gangs",
        _id(),
        *_campaign_id("campaign_gangs"),
        *_gang_id("campaign_gangs", nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("alignment", sa.String(), nullable=False),
        _stamp("joined_at"),
        _pk("campaign_gangs"),
        sa.UniqueConstraint("campaign_id", "gang_id", name=op.f("uq_campaign_gangs_campaign_id")),
    )
    op.create_table(
        "campaign_territories",
        _id(),
        *_campaign_id("campaign_territories"),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        *_gang_id("campaign_territories", nullable=True),
        sa.Column("hideout", sa.Boolean(), nullable=False),
        _pk("campaign_territories"),
    )
    op.create_table(
        "campaign_battles",
        _id(),
        *_campaign_id("campaign_battles"),
        sa.Column("cycle", sa.Integer(), nullable=False),
        sa.Column("fought_on", sa.Date(), nullable=False),
        sa.Column("scenario", sa.String(), nullable=False),
        sa.Column("territory", sa.String(), nullable=True),
        sa.Column("battle_id", sa.Integer(), nullable=True),
        _stamp("created_at"),
        sa.ForeignKeyConstraint(
            ["battle_id"],
            ["battles.id"],
            name=op.f("fk_campaign_battles_battle_id_battles"),
            ondelete="SET NULL",
        ),
        _pk("campaign_battles"),
    )
    op.create_table(
        "campaign_battle_gangs",
        _id(),
        sa.Column("campaign_battle_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        *_gang_id("campaign_battle_gangs", nullable=True),
        sa.Column("gang_name", sa.String(), nullable=False),
        sa.Column("role", sa.String(), nullable=False),
        sa.Column("result", sa.String(), nullable=False),
        sa.Column("out_of_action", sa.Integer(), nullable=False),
        sa.Column("income", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["campaign_battle_id"],
            ["campaign_battles.id"],
            name=op.f("fk_campaign_battle_gangs_campaign_battle_id_campaign_battles"),
            ondelete="CASCADE",
        ),
        _pk("campaign_battle_gangs"),
    )
    op.create_table(
        "campaign_log",
        _id(),
        *_campaign_id("campaign_log"),
        _stamp("at"),
        sa.Column("cycle", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("campaign_battle_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["campaign_battle_id"],
            ["campaign_battles.id"],
            name=op.f("fk_campaign_log_campaign_battle_id_campaign_battles"),
            ondelete="SET NULL",
        ),
        _pk("campaign_log"),
    )
    op.create_table(
        "campaign_snapshots",
        _id(),
        *_campaign_id("campaign_snapshots"),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("label", sa.String(), nullable=False),
        _stamp("at"),
        *_gang_id("campaign_snapshots", nullable=True),
        sa.Column("gang_name", sa.String(), nullable=False),
        *[
            sa.Column(name, sa.Integer(), nullable=False)
            for name in ("rating", "wealth", "reputation", "credits", "territories")
        ],
        _pk("campaign_snapshots"),
    )
    for table, columns in INDEXES.items():
        for column in columns:
            _index(table, column)


INDEXES: dict[str, tuple[str, ...]] = {
    "campaign_gangs": ("campaign_id", "gang_id"),
    "campaign_territories": ("campaign_id", "gang_id"),
    "campaign_battles": ("campaign_id", "battle_id"),
    "campaign_battle_gangs": ("campaign_battle_id", "gang_id"),
    "campaign_log": ("campaign_id", "campaign_battle_id"),
    "campaign_snapshots": ("campaign_id", "gang_id"),
}


def downgrade() -> None:
    for table in reversed(INDEXES):
        for column in INDEXES[table]:
            op.drop_index(op.f(f"ix_{table}_{column}"), table_name=table)
        op.drop_table(table)
    op.drop_table("campaigns")
    # Batch mode: SQLite before 3.35 cannot drop a column in place.
    with op.batch_alter_table("gangs") as batch:
        batch.drop_column("owner")
