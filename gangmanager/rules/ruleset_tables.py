"""Blaze, ammo and the post-battle sequence as a pack gives them (pack.toml,
post_battle.toml): thresholds, costs and the steps' order."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from gangmanager.rules.gang import FighterStatus
from gangmanager.rules.ruleset_base import _Strict


class PostBattleStep(_Strict):
    id: str
    name: str
    summary: str = ""
    substeps: list[PostBattleStep] = Field(default_factory=list)


class PostBattleSequence(_Strict):
    """Which post-battle steps change the gang, in the order they run: the names of
    rules/post_battle_steps (checked when the pack loads). None: all, in rulebook order."""

    sequence: list[str] | None = Field(default=None, min_length=1)


class BlazeAction(_Strict):
    """An action that puts a fire out (or the automatic roll of the 2023 core)."""

    id: str
    name: str
    actor: Literal["self", "friend"]
    # simple / basic / double, or "none" for the roll made when activated.
    action_type: Literal["simple", "basic", "double", "none"]
    # Statuses the actor must have: active, pinned, engaged.
    actor_status: list[str] = Field(default_factory=lambda: ["active"])
    # The helper must not be burning themselves.
    actor_not_burning: bool = False
    target: int = Field(ge=1, le=7)
    bonus_per_helper: int = 0
    prone_bonus: int = 0
    # The burning fighter becomes Pinned (if not already Prone) on taking it.
    becomes_pinned: bool = False
    # Results at or below this on the unmodified die: helper catches fire, activation ends.
    helper_catches_fire_on: int = 0
    # A failed roll ends the burning fighter's activation.
    fail_ends_activation: bool = False
    summary: str = ""


class BlazeHit(_Strict):
    strength: int = Field(ge=0)
    ap: str = "-"
    damage: int = Field(ge=0)
    timing: Literal["end_of_activation", "on_activation"]
    nerve_test_if_damaged: bool = False
    moves_randomly: bool = False


class BlazeRules(_Strict):
    # D6 results that set a fighter on fire after a Blaze attack.
    catch_fire_on: list[int] = Field(min_length=1)
    hit: BlazeHit
    actions: list[BlazeAction] = Field(default_factory=list)
    unarmed_attacks_gain_blaze: bool = False

    @field_validator("catch_fire_on")
    @classmethod
    def _d6(cls, rolls: list[int]) -> list[int]:
        bad = [r for r in rolls if not 1 <= r <= 6]
        if bad:
            raise ValueError(f"catch_fire_on holds D6 results only, not {bad}")
        return rolls


class AmmoRules(_Strict):
    # "Ammo test" (2023) or "Ammo check" (older wording).
    term: str = "Ammo test"
    # Trait a weapon needs for Rapid Fire in close combat (Sidearm or Pistol).
    rapid_fire_close_combat_trait: str = "Pistol"
    # Fighter and Gang Rating keep a deleted Limited profile until Update Roster.
    limited_rating_deferred: bool = True


class CaptureEscape(_Strict):
    """2023: a fighter Captured on the injury table rolls a D6 to slip away."""

    target: int = Field(default=4, ge=1, le=7)
    always_on: int = Field(default=6, ge=1, le=6)  # a natural roll that always escapes
    draw: int = -1
    loss: int = -2
    webbed: int = -2
    status: FighterStatus = FighterStatus.CONVALESCENCE  # where an escaped fighter goes


class CaptureRoll(_Strict):
    """Older rules: the winner rolls 2D6 plus modifiers; above `beats`, one of the
    loser's fighters taken Out of Action (chosen at random) is Captured."""

    beats: int = Field(default=12, ge=2)


class AvailabilityRules(_Strict):
    """Seeking Rare and Illegal items at the Trading Post: one 2D6 roll, plus bonuses for
    the Leader and each Champion making a Trade action and for the gang's Reputation."""

    leader_bonus: int = Field(default=2, ge=0)
    champion_bonus: int = Field(default=1, ge=0)
    # +1 for every full this-many Reputation (0: Reputation gives nothing).
    reputation_per_bonus: int = Field(default=10, ge=0)


class PostBattleRules(_Strict):
    """The post-battle sequence's dice thresholds and costs (post_battle.toml)."""

    # A Seriously Injured fighter at the end succumbs (counts as Out of Action)
    # on a D6 of this or less.
    succumb_on: int = Field(default=2, ge=0, le=6)
    # Medical Escort: the fee is 2D6 x this many credits; on the D6 this or less
    # dies, this or more recovers fully, in between stabilised.
    escort_fee_per_pip: int = Field(default=10, ge=0)
    escort_dies_on: int = Field(default=1, ge=0, le=6)
    escort_full_recovery_on: int = Field(default=6, ge=1, le=7)
    # XP a Ganger (or Exotic Beast) pays for a roll on the Ganger table.
    ganger_advance_xp: int = Field(default=6, ge=0)
    capture_escape: CaptureEscape | None = None
    capture_roll: CaptureRoll | None = None
    availability: AvailabilityRules = Field(default_factory=AvailabilityRules)

    @model_validator(mode="after")
    def _escort_order(self) -> PostBattleRules:
        if self.escort_dies_on >= self.escort_full_recovery_on:
            raise ValueError("escort_dies_on must be below escort_full_recovery_on")
        return self
