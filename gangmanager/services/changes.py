"""What a service call changed, so a window refreshes only that (Anki's OpChanges)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Changes:
    gangs_added: tuple[int, ...] = ()
    gangs_changed: tuple[int, ...] = ()
    gangs_removed: tuple[int, ...] = ()
    messages: tuple[str, ...] = field(default=())

    @property
    def gang_list(self) -> bool:
        """True when the list of gangs (names, ratings) needs a refresh."""
        return bool(self.gangs_added or self.gangs_changed or self.gangs_removed)
