"""The End phase of a round as pack data (`[end_phase]` in pack.toml).

Which tests the End phase calls for, in which order, and what each result
does. The defaults are the 2023 core's (docs/provenance/end-phase.md); a
house pack changes any key it needs, the way it changes `[blaze]`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from gangmanager.rules.battle_events import Marker, normalise_word
from gangmanager.rules.limits import quoted

EndStep = Literal["bottle", "flee", "recovery", "rally"]
CountedStatus = Literal["seriously_injured", "out_of_action"]
RecoveredStatus = Literal["pinned", "seriously_injured", "out_of_action"]


def _down() -> list[CountedStatus]:
    return ["seriously_injured", "out_of_action"]


def _all_steps() -> list[EndStep]:
    return ["bottle", "flee", "recovery", "rally"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class BottleRules(_Strict):
    """D6 plus the fighters counted, above the starting crew: the gang bottles out."""

    # A fighter of the gang in one of these statuses calls for the test, and each adds one.
    counts: list[CountedStatus] = Field(default_factory=lambda: _down(), min_length=1)


class RecoveryResult(_Strict):
    """What one Injury dice face does to a Seriously Injured fighter's Recovery test."""

    status: RecoveredStatus
    flesh_wound: bool = False


class RecoveryRules(_Strict):
    flesh_wound: RecoveryResult = RecoveryResult(status="pinned", flesh_wound=True)
    seriously_injured: RecoveryResult = RecoveryResult(status="seriously_injured", flesh_wound=True)
    out_of_action: RecoveryResult = RecoveryResult(status="out_of_action")
    # A friend's assistance: extra Injury dice (the best one kept), and no Flesh Wound.
    assistance_dice: int = Field(default=1, ge=0, le=3)
    assistance_spares_flesh_wound: bool = True

    def result(self, face: str) -> RecoveryResult:
        return {
            "flesh_wound": self.flesh_wound,
            "seriously_injured": self.seriously_injured,
            "out_of_action": self.out_of_action,
        }[face]


class RallyRules(_Strict):
    # Added to the Cool test per friendly fighter near who is neither Broken nor Seriously Injured.
    bonus_per_friend: int = Field(default=1, ge=0, le=3)
    friends_within: str = '3"'


class EndPhaseRules(_Strict):
    # The steps in order: Bottle tests, the bottled gang's Cool checks to stay
    # (a failure flees the battlefield), Recovery tests, Rally tests.
    steps: list[EndStep] = Field(default_factory=lambda: _all_steps())
    bottle: BottleRules = Field(default_factory=BottleRules)
    recovery: RecoveryRules = Field(default_factory=RecoveryRules)
    rally: RallyRules = Field(default_factory=RallyRules)
    # Markers that last "until the end of the round": taken off when the next round begins.
    clears_markers: list[str] = Field(default_factory=lambda: ["concussion"])

    @field_validator("clears_markers")
    @classmethod
    def _markers(cls, names: list[str]) -> list[str]:
        known = ", ".join(m.value for m in Marker)
        words = [str(normalise_word(n)) for n in names]
        for name, word in zip(names, words, strict=True):
            if word not in {m.value for m in Marker}:
                raise ValueError(f"clears_markers: {quoted(name)} is not a marker ({known})")
        return words

    @field_validator("steps")
    @classmethod
    def _once_each(cls, steps: list[EndStep]) -> list[EndStep]:
        if len(set(steps)) != len(steps):
            raise ValueError(f"each End phase step is listed once, got {steps}")
        if "flee" in steps and "bottle" in steps and steps.index("flee") < steps.index("bottle"):
            raise ValueError("the flee step comes after the bottle step")
        return steps
