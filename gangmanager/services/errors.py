"""Errors a service reports to the user in one line."""

from __future__ import annotations


class ServiceError(ValueError):
    """A refused user action; its message is shown as it is."""


class UnknownGangError(ServiceError, LookupError):
    def __init__(self, ref: str, names: list[str]) -> None:
        known = ", ".join(repr(n) for n in names) or "none"
        super().__init__(f"no gang {ref!r}; gangs in this database: {known}")
