"""The rows a post-battle Finish touches outside the gang's roster, named by table here
so the service names none: its draft, its battle's done mark, the campaign's rows and
the other gangs a territory moved Reputation from or to."""

from __future__ import annotations

from collections.abc import Iterable

from gangmanager.persistence.snapshots import Key, RowScope, StaleRows


def draft(draft_id: int) -> RowScope:
    return RowScope("post_battle_drafts", "id", (draft_id,))


def battle_mark(battle_id: int, mark: str) -> RowScope:
    """Only this gang's done mark: the other gang's Finish (before or after) is its own."""
    return RowScope("battles", "id", (battle_id,), columns=("id", mark))


def campaign_rows(
    campaign_id: int, campaign_battle_id: int | None, other_gangs: tuple[int, ...]
) -> list[RowScope]:
    """The campaign rows Finish may change, and the rows of the other gangs a territory
    takes Reputation from or gives it to (`update` writes their gang row only)."""
    own = (campaign_id,)
    scopes = [
        RowScope("campaigns", "id", own),
        RowScope("campaign_gangs", "campaign_id", own),
        RowScope("campaign_territories", "campaign_id", own),
    ]
    if campaign_battle_id is not None:
        battle = (campaign_battle_id,)
        scopes += [
            RowScope("campaign_battles", "id", battle),
            RowScope("campaign_battle_gangs", "campaign_battle_id", battle),
        ]
    if other_gangs:
        scopes.append(RowScope("gangs", "id", other_gangs))
    return scopes


def lines_added(log_ids: Iterable[int], snapshot_ids: Iterable[int]) -> list[RowScope]:
    """Rows added are named by id: a line another player logs meanwhile is not ours."""
    return [
        RowScope("campaign_log", "id", tuple(log_ids)),
        RowScope("campaign_snapshots", "id", tuple(snapshot_ids)),
    ]


def own_rows_changed(stale: StaleRows, gang_id: int | None) -> bool:
    """Whether a row of the sequence's own changed (its roster, draft and battle), not
    only the campaign's or another gang's."""
    return any(_own(table, key, gang_id) for table, key in stale.rows)


def _own(table: str, key: Key, gang_id: int | None) -> bool:
    return not table.startswith("campaign") and (table != "gangs" or key == (gang_id,))
