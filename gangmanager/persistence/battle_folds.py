"""The folded state of each battle going on, kept between actions (behind the battle
repository: `uow.battles.playing(gang_id, ...)`).

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

A kept fold is never changed: an action plays on a `working_copy()` and keeps
what it committed, once committed. A refused or rolled-back action stores
nothing, so the kept fold still holds; records handed out earlier keep their
own state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

from gangmanager.errors import ServiceError
from gangmanager.rules.battle import Opponent, fold
from gangmanager.rules.battle_events import BattleError, BattleEvent, parse_event
from gangmanager.rules.battle_state import BattleState
from gangmanager.rules.gang import Gang
from gangmanager.rules.ruleset import Ruleset

# Gang versions of the two sides (None: no second gang).
Versions = tuple[int | None, int | None]
# How many states before the last events are kept for undo; an undo past them folds the log.
UNDO_DEPTH = 20
# The ruleset a battle names, by id.
RulesetOf = Callable[[str], Ruleset]


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


def versions(starter: Gang, against: Opponent | None) -> Versions:
    return starter.version, against.gang.version if against is not None else None


# Per open database, per battle id; gone with the database object.
_kept: WeakKeyDictionary[Any, dict[int, Folded]] = WeakKeyDictionary()


def kept_for(database: object) -> dict[int, Folded]:
    """The folds kept for this open database (a throwaway keep without one)."""
    if database is None:
        return {}
    return _kept.setdefault(database, {})


def parse_payloads(battle_id: int, payloads: Sequence[dict[str, Any]]) -> list[BattleEvent]:
    """The stored events, typed; one unreadable event refuses the battle in one line."""
    try:
        return [parse_event(p) for p in payloads]
    except BattleError as exc:
        raise ServiceError(f"battle {battle_id} holds an unreadable event: {exc}") from None


def fold_log(
    battle_id: int,
    revision: int,
    crew: Sequence[int],
    payloads: Sequence[dict[str, Any]],
    ruleset: Ruleset,
    starter: Gang,
    against: Opponent | None,
) -> Folded:
    """The battle folded from its whole log."""
    events = tuple(parse_payloads(battle_id, payloads))
    try:
        state = fold(ruleset, starter, list(crew), events, strict=False, against=against)
    except BattleError as exc:
        raise ServiceError(
            f"battle {battle_id} of {starter.name} cannot be played: {exc}"
        ) from None
    return Folded(revision, versions(starter, against), events, state, starter, against)
