"""Errors a service reports to the user in one line."""

from __future__ import annotations

# Only the rules' limits (which import nothing of ours): no import cycle.
from gangmanager.rules.limits import quoted

# How many names a refusal lists ("gangs in this database: ...") before "and N more".
MAX_LISTED_NAMES = 10


class ServiceError(ValueError):
    """A refused user action; its message is shown as it is."""


def listed(names: list[str]) -> str:
    """A few names for a message, each quoted and cut short; "none" for none."""
    shown = [quoted(n, 40) for n in names[:MAX_LISTED_NAMES]]
    more = len(names) - MAX_LISTED_NAMES
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "") if shown else "none"


class UnknownGangError(ServiceError, LookupError):
    def __init__(self, ref: str, names: list[str]) -> None:
        super().__init__(f"no gang {quoted(ref)}; gangs in this database: {listed(names)}")
