"""The base of every pack model: unknown keys refused, frozen, built on first use."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class _Strict(BaseModel):
    # Unknown keys are errors: a typo in a house pack must not pass silently.
    # defer_build: the validators are built when a pack is first validated, not at
    # import; a start that reads the pack from the disk cache never needs them.
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
