"""Errors every layer may raise or catch: this module imports nothing of ours.

Persistence raises them and services and the GUI catch them, so they live below
both: persistence never imports services, the GUI never imports persistence.
Messages are shown to the user as they are, in one line.
"""

from __future__ import annotations

import errno
import re

STALE_MESSAGE = "changed by someone else — reload"


# Every write that runs out of room says this: a file, a backup, the database.
DISK_FULL = "the disk is full: free some space and try again"


def write_failure(exc: OSError) -> str:
    """Why a file could not be written, in words a player can act on."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return DISK_FULL
    return exc.strerror or str(exc)


class ServiceError(ValueError):
    """A refused user action; its message is shown as it is."""


class StaleGangError(ServiceError):
    """The gang was saved by someone else since it was loaded; nothing was written."""

    def __init__(self) -> None:
        super().__init__(STALE_MESSAGE)


class StaleCampaignError(ServiceError):
    """The campaign was saved by someone else since it was loaded; nothing was written."""

    def __init__(self) -> None:
        super().__init__(STALE_MESSAGE)


class DamagedGangError(ServiceError):
    """A stored gang that does not load (a bad value written by an older version or by hand).

    It stays in the gang list, where it can be renamed or deleted.
    """

    def __init__(self, gang_id: int, shown_name: str, reason: str) -> None:
        # `shown_name` comes already quoted and cut by the caller (rules.limits.quoted),
        # so this module needs nothing of ours.
        self.gang_id = gang_id
        self.reason = reason
        super().__init__(
            f"gang {gang_id} ({shown_name}) is damaged and cannot be opened ({reason}):"
            " rename or delete it"
        )


class NotYourGangError(ServiceError):
    """Row-level security on a shared server let this player change only their own gangs."""

    def __init__(self, name: str) -> None:
        shown = repr(name if len(name) <= 100 else name[:99] + "…")  # as rules.limits.quoted
        super().__init__(f"{shown} belongs to another player: you may change only your own gang")


class CampaignPermissionError(ServiceError):
    """On a shared server, only the arbitrator's role may change the campaign itself."""

    def __init__(self) -> None:
        super().__init__(
            "permission denied: only the arbitrator may change the campaign on this server"
        )


class RestoreError(Exception):
    """Stored rows cannot be put back (an id has been reused); nothing is written."""


class DatabaseError(Exception):
    """A database that cannot be used, with a one-line message naming it."""

    def __init__(self, message: str) -> None:
        super().__init__(re.sub(r"\s*[\r\n]+\s*", " ", message).strip())
