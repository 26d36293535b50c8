"""The folded state of each battle going on, kept between actions.

A battle's state is a fold over its whole log. Folding it again for every
event made an event cost grow with the log (issue 17); the state folded or
played by the last action is kept here instead, with what it was folded
from: the battle's revision (moved on by every event stored or undone, by
any writer) and the version of each gang (moved on by every save). An action
uses a kept state only when all of them are still the stored ones, read in
its own transaction; anything else (another window, the command line, a
roster edited meanwhile) means a fold from the log, as before. The gangs
are kept with it: a hit reads the battle's header and two version numbers,
whatever the size of the log or of the gangs.

An action takes the state out (`take`) and puts back what it committed
(`keep`): a refused or rolled-back action leaves nothing behind. Records
handed out earlier keep their own state: the action plays on a
`working_copy()`.
"""

from __future__ import annotations

from dataclasses import dataclass
from weakref import WeakKeyDictionary

from gangmanager.persistence.database import Database
from gangmanager.persistence.unit_of_work import UnitOfWork
from gangmanager.rules.battle import Opponent
from gangmanager.rules.battle_events import BattleEvent
from gangmanager.rules.battle_state import BattleState
from gangmanager.rules.gang import Gang

# Gang versions of the two sides (None: no second gang).
Versions = tuple[int | None, int | None]
# How many states before the last events are kept for undo; an undo past them folds the log.
UNDO_DEPTH = 20


@dataclass(frozen=True)
class Folded:
    revision: int
    versions: Versions
    events: tuple[BattleEvent, ...]
    state: BattleState
    # The gangs as stored at `versions`: equal versions mean the same stored gangs,
    # so a kept fold spares reading them too.
    starter: Gang
    against: Opponent | None
    # The state before each of the last events (the last one last), for undo.
    undo_states: tuple[BattleState, ...] = ()


# Per open database, per battle id; gone with the database object.
_kept: WeakKeyDictionary[Database, dict[int, Folded]] = WeakKeyDictionary()


def take(db: Database, battle_id: int, revision: int, versions: Versions) -> Folded | None:
    """The kept fold of the battle if it is still the stored one (removed from the keep)."""
    folded = _kept.get(db, {}).pop(battle_id, None)
    if folded is None or folded.revision != revision or folded.versions != versions:
        return None
    return folded


def keep(db: Database, battle_id: int, folded: Folded) -> None:
    """After commit: the state as stored now."""
    _kept.setdefault(db, {})[battle_id] = folded


def keep_on_commit(uow: UnitOfWork, battle_id: int, folded: Folded) -> None:
    """Keep the state once the action's transaction has committed (never a rolled-back one)."""
    db = uow.database
    uow.after_commit(lambda: keep(db, battle_id, folded))


def forget(db: Database, battle_id: int) -> None:
    _kept.get(db, {}).pop(battle_id, None)
