"""Campaign tables (schema 0004): campaigns, who takes part, territories, battles, log, history.

They share `tables.Base`, so there is one metadata for Alembic and for the
migration test; `tables.py` imports this module at its end.

Unlike the gang tables there are no ORM relationships here: the campaign
repository reads each list with its own SELECT, which keeps every query in
plain sight. Gang references survive a deleted gang where history needs it
(battles, the log and the chart keep the gang's name, their gang_id becomes
NULL); membership and hideouts go with the gang.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import (
    Boolean,
    Date,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from gangmanager.persistence.tables import Base, utc_now


class CampaignRow(Base):
    __tablename__ = "campaigns"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String, unique=True)
    ruleset: Mapped[str] = mapped_column(String)
    # Campaign type id in the ruleset (`dominion`).
    campaign_type: Mapped[str] = mapped_column(String)
    # The arbitrator's notes.
    notes: Mapped[str] = mapped_column(Text, default="")
    starts_on: Mapped[date | None] = mapped_column(Date)
    ends_on: Mapped[date | None] = mapped_column(Date)
    cycle: Mapped[int] = mapped_column(Integer, default=1)
    # Set when the arbitrator ends the campaign and the Triumphs are awarded.
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)
    # Bumped on every change of the campaign row or its territories (optimistic concurrency).
    version: Mapped[int] = mapped_column(Integer, server_default=text("1"))

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012 (read once by SQLAlchemy)


class CampaignGangRow(Base):
    __tablename__ = "campaign_gangs"
    __table_args__ = (UniqueConstraint("campaign_id", "gang_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    campaign_id: Mapped[int] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), index=True
    )
    gang_id: Mapped[int] = mapped_column(ForeignKey("gangs.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    # law_abiding | outlaw: some boons depend on it.
    alignment: Mapped[str] = mapped_column(String, default="law_abiding")
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class CampaignTerritoryRow(Base):
    """A territory in play, or a gang's hideout; gang_id NULL is unclaimed."""

    __tablename__ = "campaign_territories"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    campaign_id: Mapped[int] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), index=True
    )
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String)
    gang_id: Mapped[int | None] = mapped_column(
        ForeignKey("gangs.id", ondelete="SET NULL"), index=True
    )
    hideout: Mapped[bool] = mapped_column(Boolean, default=False)


class CampaignBattleRow(Base):
    __tablename__ = "campaign_battles"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    campaign_id: Mapped[int] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), index=True
    )
    cycle: Mapped[int] = mapped_column(Integer)
    fought_on: Mapped[date] = mapped_column(Date)
    scenario: Mapped[str] = mapped_column(String, default="")
    # The territory at stake, by name; NULL when none was.
    territory: Mapped[str | None] = mapped_column(String)
    # The battle tracker's record of this battle, when it was tracked there.
    battle_id: Mapped[int | None] = mapped_column(
        ForeignKey("battles.id", ondelete="SET NULL"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class CampaignBattleGangRow(Base):
    """One gang's side of a campaign battle."""

    __tablename__ = "campaign_battle_gangs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    campaign_battle_id: Mapped[int] = mapped_column(
        ForeignKey("campaign_battles.id", ondelete="CASCADE"), index=True
    )
    position: Mapped[int] = mapped_column(Integer)
    gang_id: Mapped[int | None] = mapped_column(
        ForeignKey("gangs.id", ondelete="SET NULL"), index=True
    )
    # The name when the battle was fought: the log reads right after a rename or deletion.
    gang_name: Mapped[str] = mapped_column(String)
    # attacker | defender | "" (no roles in this scenario).
    role: Mapped[str] = mapped_column(String, default="")
    # won | lost | draw
    result: Mapped[str] = mapped_column(String)
    out_of_action: Mapped[int] = mapped_column(Integer, default=0)
    # Credits collected as income after this battle; NULL until collected (never twice).
    income: Mapped[int | None] = mapped_column(Integer)


class CampaignLogRow(Base):
    """The campaign's log in plain words: battles, territories, income, post-battle notes."""

    __tablename__ = "campaign_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    campaign_id: Mapped[int] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), index=True
    )
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)
    cycle: Mapped[int] = mapped_column(Integer)
    # battle | territory | income | post_battle | campaign | note
    kind: Mapped[str] = mapped_column(String)
    text: Mapped[str] = mapped_column(Text)
    campaign_battle_id: Mapped[int | None] = mapped_column(
        ForeignKey("campaign_battles.id", ondelete="SET NULL"), index=True
    )
    # The gang the line is about (income, a post-battle report); NULL for the campaign's
    # own lines. On a shared server a player may add lines about their own gang only.
    gang_id: Mapped[int | None] = mapped_column(
        ForeignKey("gangs.id", ondelete="SET NULL"), index=True
    )


class CampaignSnapshotRow(Base):
    """One gang's figures at one point of the campaign (the history chart)."""

    __tablename__ = "campaign_snapshots"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    campaign_id: Mapped[int] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), index=True
    )
    # Points in time, 0, 1, 2...: every gang of one point shares its seq.
    seq: Mapped[int] = mapped_column(Integer)
    label: Mapped[str] = mapped_column(String)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)
    gang_id: Mapped[int | None] = mapped_column(
        ForeignKey("gangs.id", ondelete="SET NULL"), index=True
    )
    gang_name: Mapped[str] = mapped_column(String)
    rating: Mapped[int] = mapped_column(Integer)
    wealth: Mapped[int] = mapped_column(Integer)
    reputation: Mapped[int] = mapped_column(Integer)
    credits: Mapped[int] = mapped_column(Integer)
    territories: Mapped[int] = mapped_column(Integer)


class CampaignFileRow(Base):
    """A campaign's identity in campaign files (`campaign import --update`), made at its
    first export or import (docs/file-formats.md)."""

    __tablename__ = "campaign_files"

    campaign_id: Mapped[int] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    uid: Mapped[str] = mapped_column(String, unique=True)
    # A copy taken from a file: the digest of what it took, which its own exports
    # carry; NULL for a campaign that was made here.
    synced_digest: Mapped[str | None] = mapped_column(String)
