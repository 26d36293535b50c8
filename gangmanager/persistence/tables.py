"""SQLAlchemy 2 table models: how a gang is laid out in the database.

These rows never leave the persistence package; repositories turn them into
rules-core objects (`gangmanager.rules.gang.Gang`) and back.

Layout notes:

- Every list of the domain (fighters, modifiers, weapons, weapon profiles,
  wargear, stash) is a child table with a `position` column; relationships
  are ordered by it, so the order of a roster survives a round trip.
- A fighter's base profile is one JSON object keyed by the codes of the
  statline the fighter's row names (`statline`, the pack's name for it; schema
  0014): `null` is the printed `-`. A pack may declare any statline, so no
  characteristic is a column; the reading takes the statline from the ruleset.
- Enums (category, status, modifier kind) are stored as their plain string
  values without CHECK constraints, so a new value needs no migration.
- Every relationship is `lazy="raise"`: anything a repository needs is loaded
  explicitly (`selectinload`), so no query happens by surprise.
- Foreign keys cascade on delete in the database and relationships use
  `passive_deletes=True`, so deleting a gang does not load its fighters.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    DateTime,
    FetchedValue,
    ForeignKey,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    false,
    func,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from gangmanager.rules.characteristics import FIGHTER_STATLINE
from gangmanager.rules.portrait import MAX_PORTRAIT_BYTES

# Explicit constraint names keep migrations reproducible on every backend
# (SQLite batch mode and PostgreSQL both need to name what they drop).
NAMING_CONVENTION: dict[str, str] = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utc_now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


def _portrait_bound() -> CheckConstraint:
    """A stored portrait is bounded in the database too (migration 0010)."""
    return CheckConstraint(
        f"portrait IS NULL OR length(portrait) <= {MAX_PORTRAIT_BYTES}", name="portrait_size"
    )


def _children(order_by: str) -> Any:
    """A one-to-many list owned by its parent, ordered, never lazily loaded."""
    return relationship(
        order_by=order_by,
        cascade="all, delete-orphan",
        passive_deletes=True,
        lazy="raise",
    )


class GangRow(Base):
    __tablename__ = "gangs"
    __table_args__ = (_portrait_bound(),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String)
    house: Mapped[str] = mapped_column(String, default="")
    ruleset: Mapped[str] = mapped_column(String)
    credits: Mapped[int] = mapped_column(Integer, default=0)
    reputation: Mapped[int] = mapped_column(Integer, default=1)
    # Committed Gang Rating; NULL until founding computes it.
    rating: Mapped[int | None] = mapped_column(Integer)
    notes: Mapped[str] = mapped_column(Text, default="")
    # House rule: the equipment list and skill access limits are not enforced.
    house_rules_ignore_restrictions: Mapped[bool] = mapped_column(
        Boolean, default=False, server_default=false()
    )
    # The database role that may change this gang on a shared PostgreSQL server
    # (row-level security, docs/shared-campaign.md). The server fills it in with
    # the role that creates the gang, so the ORM never sends it; NULL in SQLite.
    owner: Mapped[str | None] = mapped_column(String, server_default=FetchedValue())
    # The gang's picture, scaled on the way in (rules/portrait.py); NULL: none.
    portrait: Mapped[bytes | None] = mapped_column(LargeBinary)
    # Bumped by SQLAlchemy on every UPDATE (version_id_col): a stale writer fails
    # instead of silently overwriting. The server default fills rows of schema 0001.
    version: Mapped[int] = mapped_column(Integer, server_default=text("1"))
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utc_now, server_default=func.current_timestamp()
    )
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True),
        default=utc_now,
        onupdate=utc_now,
        server_default=func.current_timestamp(),
    )

    fighters: Mapped[list[FighterRow]] = _children("FighterRow.position")
    stash: Mapped[list[StashItemRow]] = _children("StashItemRow.position")

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012 (read once by SQLAlchemy)


class FighterRow(Base):
    __tablename__ = "fighters"
    __table_args__ = (_portrait_bound(),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    gang_id: Mapped[int] = mapped_column(ForeignKey("gangs.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String)
    type: Mapped[str] = mapped_column(String, default="")
    category: Mapped[str] = mapped_column(String)
    cost: Mapped[int] = mapped_column(Integer, default=0)
    xp: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String)
    # Committed Fighter Rating; NULL until founding or Update Roster computes it.
    rating: Mapped[int | None] = mapped_column(Integer)
    # The pack's statline the profile is keyed by (its name in the ruleset's statlines).
    statline: Mapped[str] = mapped_column(
        String, default=FIGHTER_STATLINE, server_default=FIGHTER_STATLINE
    )
    # Base profile, code -> value as the statline orders them; null is "-" (a
    # characteristic the fighter does not have).
    profile: Mapped[dict[str, int | None]] = mapped_column(JSON, default=dict)
    skills: Mapped[list[str]] = mapped_column(JSON, default=list)
    injuries: Mapped[list[str]] = mapped_column(JSON, default=list)
    notes: Mapped[str] = mapped_column(Text, default="")
    # An Exotic Beast's owner: the id of a fighter of the same gang (never a name, which
    # may change); NULL for everyone else. No foreign key: the roster's undo puts rows
    # back in any order, and the rules clear it when the owner leaves; a reading takes
    # an id of no fighter of the gang as no owner (row_reading.gang_from_row).
    owner_id: Mapped[int | None] = mapped_column(Integer)
    # The fighter's picture, scaled on the way in (rules/portrait.py); NULL: none.
    portrait: Mapped[bytes | None] = mapped_column(LargeBinary)

    modifiers: Mapped[list[ModifierRow]] = _children("ModifierRow.position")
    weapons: Mapped[list[WeaponRow]] = _children("WeaponRow.position")
    wargear: Mapped[list[WargearRow]] = _children("WargearRow.position")


class ModifierRow(Base):
    __tablename__ = "modifiers"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    fighter_id: Mapped[int] = mapped_column(
        ForeignKey("fighters.id", ondelete="CASCADE"), index=True
    )
    position: Mapped[int] = mapped_column(Integer)
    source: Mapped[str] = mapped_column(String)
    kind: Mapped[str] = mapped_column(String)
    # {"BS": 1}: steps better (+) or worse (-), keyed by characteristic code.
    changes: Mapped[dict[str, int]] = mapped_column(JSON, default=dict)
    # {"S": 5} or {"A": null}: absolute values, null being "-".
    set_to: Mapped[dict[str, int | None]] = mapped_column(JSON, default=dict)
    cost: Mapped[int] = mapped_column(Integer, default=0)


class WeaponRow(Base):
    __tablename__ = "weapons"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    fighter_id: Mapped[int] = mapped_column(
        ForeignKey("fighters.id", ondelete="CASCADE"), index=True
    )
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String)
    cost: Mapped[int] = mapped_column(Integer, default=0)

    profiles: Mapped[list[WeaponProfileRow]] = _children("WeaponProfileRow.position")


class WeaponProfileRow(Base):
    __tablename__ = "weapon_profiles"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    weapon_id: Mapped[int] = mapped_column(ForeignKey("weapons.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String, default="")
    # Text as printed (`12"`, `+1`, `S+1`, `-`), like the rulebook tables.
    rng_s: Mapped[str] = mapped_column(String)
    rng_l: Mapped[str] = mapped_column(String)
    acc_s: Mapped[str] = mapped_column(String)
    acc_l: Mapped[str] = mapped_column(String)
    # Attribute `strength` because `str` would shadow the builtin in the class body.
    strength: Mapped[str] = mapped_column("str", String)
    ap: Mapped[str] = mapped_column(String)
    d: Mapped[str] = mapped_column(String)
    am: Mapped[str] = mapped_column(String)
    # Printed traits: ["Rapid Fire (1)", "Knockback"].
    traits: Mapped[list[str]] = mapped_column(JSON, default=list)
    cost: Mapped[int] = mapped_column(Integer, default=0)
    # The weapon statline's columns beyond the eight above, those not "-" only
    # ({"l": "1"}: the 2026 Lethality); {} for every n23 profile (migration 0015).
    later: Mapped[dict[str, str]] = mapped_column(JSON, default=dict, server_default="{}")


class WargearRow(Base):
    __tablename__ = "wargear"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    fighter_id: Mapped[int] = mapped_column(
        ForeignKey("fighters.id", ondelete="CASCADE"), index=True
    )
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String)
    cost: Mapped[int] = mapped_column(Integer, default=0)


class StashItemRow(Base):
    __tablename__ = "stash_items"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    gang_id: Mapped[int] = mapped_column(ForeignKey("gangs.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String)
    cost: Mapped[int] = mapped_column(Integer, default=0)
    # Weapon profiles as in the gang file (`WeaponProfile.model_dump(by_alias=True)`);
    # empty for wargear. A stash item is read whole, never queried by profile.
    profiles: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)


class BattleRow(Base):
    """A battle of one gang: its event log is the truth, the state a fold over it."""

    __tablename__ = "battles"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    gang_id: Mapped[int] = mapped_column(ForeignKey("gangs.id", ondelete="CASCADE"), index=True)
    scenario: Mapped[str] = mapped_column(String, default="")
    # The gang's ruleset when the battle started; the rules of a battle never change midway.
    ruleset: Mapped[str] = mapped_column(String)
    # Fighter ids taking part, in roster order.
    crew: Mapped[list[int]] = mapped_column(JSON, default=list)
    # open -> ended (handed to the post-battle sequence) -> done (post-battle applied).
    status: Mapped[str] = mapped_column(String, default="open")
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # The second gang of a two-gang battle (None: one gang's battle) and its crew.
    against_gang_id: Mapped[int | None] = mapped_column(
        ForeignKey("gangs.id", ondelete="SET NULL"), index=True
    )
    against_crew: Mapped[list[int]] = mapped_column(JSON, default=list, server_default="[]")
    # The second gang's post-battle sequence is applied (the first gang's sets `status` done).
    against_done: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # Bumped by every event stored or undone, never reused: a state folded at another
    # revision is stale (persistence/battle_folds.py).
    revision: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))

    events: Mapped[list[BattleEventRow]] = _children("BattleEventRow.seq")


class BattleEventRow(Base):
    """One event, stored the moment it happens; undo deletes the last one."""

    __tablename__ = "battle_events"
    __table_args__ = (UniqueConstraint("battle_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    battle_id: Mapped[int] = mapped_column(ForeignKey("battles.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    # The event as the rules core defines it (kind plus its fields).
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class PostBattleDraftRow(Base):
    """The post-battle wizard's draft, saved as the player goes; applied only at Finish."""

    __tablename__ = "post_battle_drafts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    gang_id: Mapped[int] = mapped_column(ForeignKey("gangs.id", ondelete="CASCADE"), index=True)
    battle_id: Mapped[int | None] = mapped_column(
        ForeignKey("battles.id", ondelete="SET NULL"), index=True
    )
    draft: Mapped[dict[str, Any]] = mapped_column(JSON)
    # The fighter each name of the draft means (the name, case ignored, to the fighter's
    # id; rules/draft_fighters.py): a fighter renamed before Finish is still theirs.
    fighter_ids: Mapped[dict[str, int]] = mapped_column(JSON, default=dict, server_default="{}")
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utc_now, onupdate=utc_now
    )
    # Set when Finish applied it; a finished draft is history, not resumed.
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # What Finish changed (rules.change_sheet.ChangeSheet as JSON); NULL before Finish.
    # none_as_null: None is SQL NULL (not JSON null), as an undo writes it back.
    change_sheet: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))


class GangFileRow(Base):
    """A gang's identity in gang files (docs/file-formats.md, `origin`), made at its
    first export or import: `import --update` finds the gang a file came from by it."""

    __tablename__ = "gang_files"

    gang_id: Mapped[int] = mapped_column(
        ForeignKey("gangs.id", ondelete="CASCADE"), primary_key=True
    )
    # Random hex, the same in every database the gang travels to.
    uid: Mapped[str] = mapped_column(String, unique=True)
    # For a copy of a gang kept elsewhere: the version of the file it was last taken
    # from (what its own exports carry) and this row's version just after, so a later
    # save here shows. NULL for a gang that lives here.
    synced_version: Mapped[int | None] = mapped_column(Integer)
    synced_mark: Mapped[int | None] = mapped_column(Integer)


# The campaign tables and the undo history share this metadata: one schema, one
# chain of migrations.
from gangmanager.persistence import campaign_tables, history_tables  # noqa: E402, F401
