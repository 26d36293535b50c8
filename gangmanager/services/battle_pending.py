"""The battles waiting for their post-battle sequence, read for many gangs at once.

The campaign window offers an ended two-gang battle between its members when
Record battle opens; asking `battle.ended_battle` of every member read (and
folded) one battle per gang. This reads the heads of all of them in one query.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gangmanager.services.databases import Database


@dataclass(frozen=True)
class EndedBattle:
    """A gang's last battle handed to the post-battle sequence (`battle.ended_battle`'s)."""

    battle_id: int
    # The gang that started it and the second gang (None: one gang's battle).
    gang_id: int
    against_gang_id: int | None


def ended_battles(db: Database, gang_ids: Iterable[int]) -> dict[int, EndedBattle]:
    """Each of these gangs' ended battle, by gang, for the gangs that have one."""
    with db.unit_of_work(read_only=True) as uow:
        heads = uow.battles.ended_heads_for(list(gang_ids))
    return {
        gang_id: EndedBattle(head.id, head.gang_id, head.against_gang_id)
        for gang_id, head in heads.items()
    }
