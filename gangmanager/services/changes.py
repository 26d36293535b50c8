"""What a service call changed, so a window refreshes only that (Anki's OpChanges)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace


@dataclass(frozen=True)
class Changes:
    gangs_added: tuple[int, ...] = ()
    gangs_changed: tuple[int, ...] = ()
    gangs_removed: tuple[int, ...] = ()
    messages: tuple[str, ...] = field(default=())
    # Fighter ids; a change to a fighter's modifiers, weapons or wargear changes the fighter.
    fighters_added: tuple[int, ...] = ()
    fighters_changed: tuple[int, ...] = ()
    fighters_removed: tuple[int, ...] = ()
    # Campaign ids: its window repaints (a campaign step done, undone or redone).
    campaigns_changed: tuple[int, ...] = ()

    @classmethod
    def of(
        cls,
        written: Mapping[str, Iterable[int]],
        messages: Iterable[str] = (),
        *,
        shown: int | None = None,
    ) -> Changes:
        """The change list of the rows an action wrote (by field name, as the unit of
        work names them), with the handler's messages: ids in order, the gang `shown`
        (the one the window shows) first."""
        fields = {
            name: _ordered(ids, shown if name.startswith("gangs_") else None)
            for name, ids in written.items()
        }
        return cls(messages=tuple(messages), **fields)

    def including(self, **written: Iterable[int]) -> Changes:
        """These changes and what the unit of work wrote (`RowChanges`, by field name):
        what a handler named comes first, then what it left out, so it cannot under-report."""
        more: dict[str, tuple[int, ...]] = {}
        for name, ids in written.items():
            named: tuple[int, ...] = getattr(self, name)
            extra = tuple(sorted(set(ids) - set(named)))
            if extra:
                more[name] = named + extra
        return replace(self, **more) if more else self  # type: ignore[arg-type]

    @property
    def gang_list(self) -> bool:
        """True when the list of gangs (names, ratings) needs a refresh."""
        return bool(self.gangs_added or self.gangs_changed or self.gangs_removed)


def _ordered(ids: Iterable[int], first: int | None) -> tuple[int, ...]:
    ordered = sorted(set(ids))
    if first in ordered:
        ordered.remove(first)
        ordered.insert(0, first)
    return tuple(ordered)
