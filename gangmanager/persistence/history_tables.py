"""The undo history (schema 0012): one row per undo step, shared by every window and
the command line of a database (docs/operations.md, "One undo history").

No foreign key: a step outlives the gang it names (undoing a deletion brings it back),
and the snapshot engine, which follows foreign keys from a gang, never walks it.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, FetchedValue, Integer, String, Text, false
from sqlalchemy.orm import Mapped, mapped_column

from gangmanager.persistence.tables import Base, utc_now


class UndoStepRow(Base):
    __tablename__ = "undo_steps"

    id: Mapped[int] = mapped_column(primary_key=True)
    # The player's role on a shared server (CURRENT_USER; row policies keep each
    # player's history their own); NULL on SQLite.
    owner: Mapped[str | None] = mapped_column(String, server_default=FetchedValue())
    # "Rename Rook to Rookie": what the Edit menu and `gangmanager undo` say.
    label: Mapped[str] = mapped_column(String)
    gang_id: Mapped[int | None] = mapped_column(Integer)
    # The stored action's class (`module:qualname`) and the action as JSON
    # (services/step_codec.py): performing it undoes the step, or redoes it once undone.
    kind: Mapped[str] = mapped_column(String)
    action: Mapped[str] = mapped_column(Text)
    undone: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # The history's clock: `made` when the step was done, `undone_at` when last undone.
    # A new step makes the undone ones older than it dead (no redo past a new edit).
    made: Mapped[int] = mapped_column(Integer, index=True)
    undone_at: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)
