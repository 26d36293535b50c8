"""Battles with their event log, and post-battle drafts.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "battles",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("gang_id", sa.Integer(), nullable=False),
        sa.Column("scenario", sa.String(), nullable=False),
        sa.Column("ruleset", sa.String(), nullable=False),
        sa.Column("crew", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["gang_id"], ["gangs.id"], name=op.f("fk_battles_gang_id_gangs"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_battles")),
    )
    op.create_index(op.f("ix_battles_gang_id"), "battles", ["gang_id"], unique=False)
    op.create_table(
        "battle_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("battle_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["battle_id"],
            ["battles.id"],
            name=op.f("fk_battle_events_battle_id_battles"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_battle_events")),
        sa.UniqueConstraint("battle_id", "seq", name=op.f("uq_battle_events_battle_id")),
    )
    op.create_index(
        op.f("ix_battle_events_battle_id"), "battle_events", ["battle_id"], unique=False
    )
    op.create_table(
        "post_battle_drafts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("gang_id", sa.Integer(), nullable=False),
        sa.Column("battle_id", sa.Integer(), nullable=True),
        sa.Column("draft", sa.JSON(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["battle_id"],
            ["battles.id"],
            name=op.f("fk_post_battle_drafts_battle_id_battles"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["gang_id"],
            ["gangs.id"],
            name=op.f("fk_post_battle_drafts_gang_id_gangs"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_post_battle_drafts")),
    )
    op.create_index(
        op.f("ix_post_battle_drafts_battle_id"), "post_battle_drafts", ["battle_id"], unique=False
    )
    op.create_index(
        op.f("ix_post_battle_drafts_gang_id"), "post_battle_drafts", ["gang_id"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_post_battle_drafts_gang_id"), table_name="post_battle_drafts")
    op.drop_index(op.f("ix_post_battle_drafts_battle_id"), table_name="post_battle_drafts")
    op.drop_table("post_battle_drafts")
    op.drop_index(op.f("ix_battle_events_battle_id"), table_name="battle_events")
    op.drop_table("battle_events")
    op.drop_index(op.f("ix_battles_gang_id"), table_name="battles")
    op.drop_table("battles")
