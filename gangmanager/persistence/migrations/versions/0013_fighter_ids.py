"""Records point at fighters by id, not by name: an Exotic Beast's owner is the id of
the fighter it belongs to (`fighters.owner_id`), so renaming the owner keeps the beast;
a post-battle draft keeps which fighter each of its names means
(`post_battle_drafts.fighter_ids`), so a fighter renamed before Finish is still theirs.

A stored owner name that matches one fighter of the beast's gang (case ignored)
becomes that fighter's id; a name matching none, or two, becomes no owner, and the
beast is kept. A draft's names are matched the same way (a name of no fighter stays
a name, as Finish reports it).

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
_drafts = sa.Table(
    "post_battle_drafts",
    _meta,
    sa.Column("id", sa.Integer(), primary_key=True),
    sa.Column("gang_id", sa.Integer()),
    sa.Column("draft", sa.JSON()),
    sa.Column("fighter_ids", sa.JSON()),
)
# Where a draft of this revision names a fighter (rules/draft_fighters.py then).
_ENTRY_KEYS = {
    "succumb": ("fighter",),
    "injuries": ("fighter",),
    "escapes": ("fighter",),
    "old_wounds": ("fighter",),
    "medical_escorts": ("fighter", "escort"),
    "limited_deleted": ("fighter",),
    "sales": ("fighter",),
    "purchases": ("fighter",),
    "boons_taken": ("fighter",),
    "moves": ("from", "to"),
    "advancements": ("fighter",),
}


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
    op.add_column(
        "post_battle_drafts",
        sa.Column("fighter_ids", sa.JSON(), server_default="{}", nullable=False),
    )
    for draft in connection.execute(sa.select(_drafts.c.id, _drafts.c.gang_id, _drafts.c.draft)):
        ids: dict[str, int] = {}
        for name in _draft_names(draft.draft or {}):
            found = named.get((draft.gang_id, _key(name)), [])
            if len(found) == 1:
                ids[_key(name)] = found[0]
        if ids:
            connection.execute(
                sa.update(_drafts).where(_drafts.c.id == draft.id).values(fighter_ids=ids)
            )


def _draft_names(draft: dict[str, object]) -> list[str]:
    names: list[str] = []
    for field, keys in _ENTRY_KEYS.items():
        entries = draft.get(field)
        for entry in entries if isinstance(entries, list) else []:
            if isinstance(entry, dict):
                names += [v for k, v in entry.items() if k in keys and isinstance(v, str)]
    capture = draft.get("capture")
    if isinstance(capture, dict) and isinstance(capture.get("fighter"), str):
        names.append(capture["fighter"])
    xp = draft.get("xp")
    names += list(xp) if isinstance(xp, dict) else []
    return [n for n in names if _key(n) and _key(n) != "stash"]


def downgrade() -> None:
    with op.batch_alter_table("post_battle_drafts") as batch:
        batch.drop_column("fighter_ids")
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
