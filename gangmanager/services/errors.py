"""Errors a service reports to the user in one line.

The classes persistence raises too live in gangmanager.errors (which imports
nothing of ours); they are re-exported here so callers above services (the GUI,
the CLI) import every refusal from one place.
"""

from __future__ import annotations

from gangmanager.errors import (
    DISK_FULL,
    STALE_MESSAGE,
    CampaignPermissionError,
    DamagedGangError,
    DatabaseError,
    NotYourGangError,
    RestoreError,
    ServiceError,
    StaleCampaignError,
    StaleGangError,
    write_failure,
)

# Only the rules' limits (which import nothing of ours): no import cycle.
from gangmanager.rules.limits import quoted

__all__ = [
    "DISK_FULL",
    "MAX_LISTED_NAMES",
    "STALE_MESSAGE",
    "CampaignPermissionError",
    "DamagedGangError",
    "DatabaseError",
    "NotYourGangError",
    "RestoreError",
    "ServiceError",
    "StaleCampaignError",
    "StaleGangError",
    "UnknownGangError",
    "listed",
    "write_failure",
]

# How many names a refusal lists ("gangs in this database: ...") before "and N more".
MAX_LISTED_NAMES = 10


def listed(names: list[str]) -> str:
    """A few names for a message, each quoted and cut short; "none" for none."""
    shown = [quoted(n, 40) for n in names[:MAX_LISTED_NAMES]]
    more = len(names) - MAX_LISTED_NAMES
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "") if shown else "none"


class UnknownGangError(ServiceError, LookupError):
    def __init__(self, ref: str, names: list[str]) -> None:
        super().__init__(f"no gang {quoted(ref)}; gangs in this database: {listed(names)}")
