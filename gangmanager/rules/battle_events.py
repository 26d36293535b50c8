"""Battle events: the append-only log a battle is made of, and the words they use.

Each event is a pydantic model; `BattleEvent` is their union, told apart by
the `event` key. Kinds, statuses and marker names are read ignoring case,
spaces and hyphens (`Out of Action` = `out_of_action`) and always written
back in lower case with underscores.

A roll left out (`None`) is filled in from the injected dice when the event
is applied; the stored event always holds the roll used, so replaying the
log gives the same battle.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from enum import StrEnum
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
    TypeAdapter,
    ValidationError,
)

from gangmanager.rules.limits import quoted
from gangmanager.rules.weapons import WeaponProfile


class BattleError(ValueError):
    """An event the battle or the ruleset does not allow; the message names the culprit."""


def normalise_word(text: object) -> object:
    """`Out of Action` -> `out_of_action`; anything not a string is left to validation."""
    if not isinstance(text, str):
        return text
    return re.sub(r"[\s\-]+", "_", text.strip().casefold())


class BattleStatus(StrEnum):
    ACTIVE = "active"
    ENGAGED = "engaged"
    PINNED = "pinned"
    SERIOUSLY_INJURED = "seriously_injured"
    OUT_OF_ACTION = "out_of_action"

    @property
    def label(self) -> str:
        return {
            BattleStatus.OUT_OF_ACTION: "Out of Action",
            BattleStatus.SERIOUSLY_INJURED: "Seriously Injured",
        }.get(self, self.value.capitalize())

    @property
    def prone(self) -> bool:
        return self in (BattleStatus.PINNED, BattleStatus.SERIOUSLY_INJURED)


class Marker(StrEnum):
    BLAZE = "blaze"
    BROKEN = "broken"
    HIDDEN = "hidden"
    REVEALED = "revealed"
    BLIND = "blind"
    CONCUSSION = "concussion"
    INSANE = "insane"
    INTOXICATED = "intoxicated"
    WEBBED = "webbed"
    GUNKED = "gunked"

    @property
    def label(self) -> str:
        return self.value.capitalize()


class ProfileState(StrEnum):
    READY = "ready"
    OUT_OF_AMMO = "out_of_ammo"
    JAMMED = "jammed"
    SPENT = "spent"
    DELETED = "deleted"

    @property
    def label(self) -> str:
        return self.value.replace("_", " ").capitalize()


class Activation(StrEnum):
    READY = "ready"
    ACTIVATING = "activating"
    ACTIVATED = "activated"


def _word_enum(enum: type[StrEnum]) -> Any:
    return Annotated[enum, BeforeValidator(normalise_word)]


# Strict: a die is a number; `true` or "4" in a script is refused, not read as 1 or 4.
D6 = Annotated[int, Strict(), Field(ge=1, le=6)]
# One die, or several (two for a Combi, one per Ammo test of a Rapid Fire attack).
Dice = D6 | list[D6]


class RemovedProfile(BaseModel):
    """A Limited profile struck off the card, kept so that undo can put it back."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    fighter_id: int | None = None
    weapon_index: int = Field(ge=0)
    # Position among the profiles still on the card when it was removed.
    profile_index: int = Field(ge=0)
    profile: WeaponProfile


class _Event(BaseModel):
    # Unknown keys are refused: a typo in a script must not pass silently.
    model_config = ConfigDict(frozen=True, extra="forbid")


class _FighterEvent(_Event):
    fighter: str = Field(min_length=1)
    # The fighter's roster id, written back when the event is applied: a stored event
    # reaches the same fighter when the name is shared by both gangs or was changed.
    fighter_id: int | None = None


class StatusEvent(_FighterEvent):
    event: Literal["status"] = "status"
    status: _word_enum(BattleStatus)  # type: ignore[valid-type]
    # The fighter who did it: credited (`caused`, XP) for Seriously Injured or Out of Action.
    by: str | None = Field(default=None, min_length=1)
    by_id: int | None = None


class FleshWoundEvent(_FighterEvent):
    event: Literal["flesh_wound"] = "flesh_wound"


class WoundEvent(_FighterEvent):
    event: Literal["wound"] = "wound"


class MarkerEvent(_FighterEvent):
    event: Literal["marker"] = "marker"
    marker: _word_enum(Marker)  # type: ignore[valid-type]
    on: bool = True


class _ProfileEvent(_FighterEvent):
    weapon: str = Field(min_length=1)
    # Empty for a weapon's only (or unnamed) profile.
    profile: str = ""


class AmmoTestEvent(_ProfileEvent):
    event: Literal["ammo_test"] = "ammo_test"
    roll: Dice | None = None
    # Filled in when a failed test deletes a Limited profile.
    removed: RemovedProfile | None = None


class ReloadEvent(_ProfileEvent):
    event: Literal["reload"] = "reload"
    roll: Dice | None = None
    removed: RemovedProfile | None = None


class FireEvent(_ProfileEvent):
    """The profile was used (a Single Shot profile is then spent)."""

    event: Literal["fire"] = "fire"


class BlazeEvent(_FighterEvent):
    """The catch-fire roll after a Blaze attack hit the fighter."""

    event: Literal["blaze"] = "blaze"
    roll: D6 | None = None


class ExtinguishEvent(_FighterEvent):
    """`fighter` is the burning one; `by` the one acting (the same name: the self action)."""

    event: Literal["extinguish"] = "extinguish"
    by: str = Field(min_length=1)
    by_id: int | None = None
    roll: D6 | None = None
    # Friendly Active fighters within 1" of the burning fighter.
    helpers: Annotated[int, Strict(), Field(ge=0)] = 0


class BlazeHitEvent(_FighterEvent):
    """The burn hit is resolved: damaged or not."""

    event: Literal["blaze_hit"] = "blaze_hit"
    damaged: bool


class NerveTestEvent(_FighterEvent):
    event: Literal["nerve_test"] = "nerve_test"
    # 2D6: the total, or the two dice.
    roll: (
        Annotated[int, Strict(), Field(ge=2, le=12)]
        | Annotated[list[D6], Field(min_length=2, max_length=2)]
        | None
    ) = None


Range = Literal["short", "long", "engaged"]
# The facing of a vehicle an attack hits (its Front, Side or Rear Toughness).
Arc = Literal["front", "side", "rear"]
InjuryRoll = D6 | Annotated[str, BeforeValidator(normalise_word)]


class AttackTarget(BaseModel):
    """Another fighter one attack hits: Rapid Fire hits allocated to them (before any wound
    roll), or a fighter the template or Blast marker touches."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    fighter: str = Field(min_length=1)
    fighter_id: int | None = None
    hits: int = Field(default=1, ge=1, le=20)
    # Knockback pushed them into an obstruction.
    obstructed: bool | None = None
    blaze: D6 | None = None
    # A vehicle hit: the facing hit (required for a vehicle, refused for a fighter).
    arc: Annotated[Arc, BeforeValidator(normalise_word)] | None = None


class CombatWeapon(BaseModel):
    """One weapon a close-combat attack fights with, and how many of its attack dice it rolls."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    weapon: str = Field(min_length=1)
    # Empty for the weapon's only (or first) profile.
    profile: str = ""
    dice: int = Field(default=1, ge=1, le=20)


class AttackEvent(_ProfileEvent):
    """One attack, resolved step by step; every roll left out is rolled and stored."""

    event: Literal["attack"] = "attack"
    target: str = Field(min_length=1)
    target_id: int | None = None
    range: Annotated[Range, BeforeValidator(normalise_word)]
    # The sum of the other hit modifiers (cover, target Engaged ...): +1 is easier.
    modifier: int = Field(default=0, ge=-6, le=6)
    # A D6 as rolled, or the face a real Firepower die shows ("2", "1+ammo").
    firepower: list[D6 | Annotated[str, Field(min_length=1)]] | None = None
    hit: D6 | list[D6] | None = None
    # Hits counted on the table instead of a hit roll (Blast, Template).
    hits: int | None = Field(default=None, ge=0, le=20)
    wound: list[D6] | None = None
    save: list[D6] | None = None
    # The Damage rolled for each unsaved wound when the profile's Damage is a D3 or D6.
    damage: list[Annotated[int, Field(ge=1, le=6)]] | None = None
    # Injury dice: faces by name (`out_of_action`) or the D6 as rolled.
    injury: list[InjuryRoll] | None = None
    toxin: list[D6] | None = None
    blaze: D6 | None = None
    # Dice of the Ammo tests the Firepower dice call for (two per test for a Combi).
    ammo: list[D6] | None = None
    # Close combat: how many attack dice (the Attacks characteristic and the
    # pack's bonuses when left out); `hit` then holds one roll per die.
    attacks: int | None = Field(default=None, ge=1, le=20)
    # The attacker charged this activation (a pack bonus to the attack dice).
    charge: bool = False
    # Close combat with several weapons: each one's attack dice, rolled with its own
    # profile; the first is `weapon`. Left out with the hit rolls and `attacks`, the
    # tracker splits the dice as the rules say and stores the split here.
    weapons: list[CombatWeapon] | None = None
    # Knockback of a Blast: its own D6 against the target's Strength (one per
    # target hit when the attack has `targets`).
    knockback_roll: D6 | list[D6] | None = None
    # Scattershot: the D6 of wound rolls each hit makes.
    scatter: list[D6] | None = None
    # Pulverise: the D6 after each Injury roll (T or more, or a 6: a Flesh
    # Wound becomes Seriously Injured).
    pulverise: list[D6] | None = None
    # Rad-phage: the D6 once the hits are resolved (4+: one more Flesh Wound); one per
    # target hit when the attack has `targets`.
    rad_phage: D6 | list[D6] | None = None
    # Unstable: the D6 when the Ammo symbol comes up (1-3: the attacker is Out of Action).
    unstable: D6 | None = None
    # Field armour that may burn out (the refractor field): the D6 after each save it makes.
    burn_out: list[D6] | None = None
    # Filled in when a failed Ammo test deletes a Limited profile.
    removed: RemovedProfile | None = None
    # More fighters hit by this attack, each resolved in turn after `target`.
    targets: list[AttackTarget] | None = None
    # Knockback pushed `target` into an obstruction; the distance when the trait gives none.
    obstructed: bool | None = None
    knockback_distance: int | None = Field(default=None, ge=0, le=24)
    # A vehicle target: the facing hit (front, side, rear); refused for a fighter.
    arc: Annotated[Arc, BeforeValidator(normalise_word)] | None = None
    # A vehicle wounded: the Damage dice (as many per unsaved wound as the Damage) and
    # one Location dice per unsaved wound, as rolled.
    vehicle_damage: list[D6] | None = None
    location: list[D6] | None = None


class VehicleStatusEvent(_FighterEvent):
    """A vehicle takes (or loses) one of the statuses its pack's vehicle rules name."""

    event: Literal["vehicle_status"] = "vehicle_status"
    status: str = Field(min_length=1)
    on: bool = True


class ActivateEvent(_FighterEvent):
    event: Literal["activate"] = "activate"


class EndActivationEvent(_FighterEvent):
    event: Literal["end_activation"] = "end_activation"


class HireEvent(_Event):
    """A Hired Gun a held territory grants joins the crew for this battle only."""

    event: Literal["hire"] = "hire"
    fighter_type: str = Field(min_length=1)
    # Left out (or blank): the type's name and the first number free, `Hive Scum 1`.
    name: str | None = None
    territory: str = Field(min_length=1)


TwoD6 = (
    Annotated[int, Strict(), Field(ge=2, le=12)]
    | Annotated[list[D6], Field(min_length=2, max_length=2)]
    | None
)


class BottleTestEvent(_Event):
    """End phase: the gang's Bottle test (D6 plus its fighters down, against its starting crew)."""

    event: Literal["bottle_test"] = "bottle_test"
    # Left out in a one-gang battle: the gang.
    gang: str | None = Field(default=None, min_length=1)
    roll: D6 | None = None
    # The player chooses to fail it (once one of the gang is down).
    voluntary: bool = False
    # Accepted (and ignored) so every line of a script may carry a fighter.
    fighter: str | None = None


class CoolCheckEvent(_FighterEvent):
    """End phase: a fighter of a bottled-out gang tests Cool to stay; a failure flees."""

    event: Literal["cool_check"] = "cool_check"
    roll: TwoD6 = None


class RecoveryTestEvent(_FighterEvent):
    """End phase: a Seriously Injured fighter's Recovery test, one Injury dice (faces by name or D6)."""

    event: Literal["recovery_test"] = "recovery_test"
    # Several dice (a friend's assistance, wargear): the best one for the fighter is kept.
    roll: InjuryRoll | list[InjuryRoll] | None = None
    # An Active friend within 1" helps: an extra Injury dice, and no Flesh Wound.
    assisted: bool = False


class RallyTestEvent(_FighterEvent):
    """End phase: a Broken fighter's Cool test to Rally."""

    event: Literal["rally_test"] = "rally_test"
    roll: TwoD6 = None
    # Friendly fighters near who are neither Broken nor Seriously Injured.
    friends: Annotated[int, Strict(), Field(ge=0, le=20)] = 0


class NewRoundEvent(_Event):
    event: Literal["new_round"] = "new_round"
    # Accepted (and ignored) so every line of a script may carry a fighter.
    fighter: str | None = None


BattleEvent = Annotated[
    StatusEvent
    | FleshWoundEvent
    | WoundEvent
    | MarkerEvent
    | AmmoTestEvent
    | ReloadEvent
    | FireEvent
    | BlazeEvent
    | ExtinguishEvent
    | BlazeHitEvent
    | NerveTestEvent
    | ActivateEvent
    | EndActivationEvent
    | HireEvent
    | NewRoundEvent
    | BottleTestEvent
    | CoolCheckEvent
    | RecoveryTestEvent
    | RallyTestEvent
    | VehicleStatusEvent
    | AttackEvent,
    Field(discriminator="event"),
]

EVENT_KINDS: tuple[str, ...] = (
    "status",
    "flesh_wound",
    "wound",
    "marker",
    "ammo_test",
    "reload",
    "fire",
    "blaze",
    "extinguish",
    "blaze_hit",
    "nerve_test",
    "activate",
    "end_activation",
    "hire",
    "new_round",
    "bottle_test",
    "cool_check",
    "recovery_test",
    "rally_test",
    "vehicle_status",
    "attack",
)

_ADAPTER: TypeAdapter[BattleEvent] = TypeAdapter(BattleEvent)


def parse_event(raw: object) -> BattleEvent:
    """An event from a JSON object; raises BattleError naming the kind and the bad key."""
    if isinstance(raw, BaseModel):
        raw = raw.model_dump(mode="json", by_alias=True)
    if not isinstance(raw, Mapping):
        raise BattleError(
            f"an event is an object like {{'fighter': ..., 'event': ...}}, not {quoted(raw)}"
        )
    data = dict(raw)
    kind = normalise_word(data.get("event"))
    if kind is None:
        raise BattleError("an event needs an 'event' key (its kind)")
    if kind not in EVENT_KINDS:
        raise BattleError(
            f"unknown event kind {quoted(data.get('event'))}; known: {', '.join(EVENT_KINDS)}"
        )
    data["event"] = kind
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        raise BattleError(f"{kind}: {_first_problem(exc, data)}") from None


def _first_problem(exc: ValidationError, data: dict[str, Any]) -> str:
    error = exc.errors()[0]
    # The union adds the tag as the first location item: drop it.
    where = [str(part) for part in error["loc"][1:] if not isinstance(part, int)]
    key = where[0] if where else ""
    if key == "roll":
        wanted = {
            "nerve_test": "a 2D6 total (2 to 12) or two dice",
            "cool_check": "a 2D6 total (2 to 12) or two dice",
            "rally_test": "a 2D6 total (2 to 12) or two dice",
            "recovery_test": "an Injury dice (1 to 6, or a face by name) or a list of them",
            "ammo_test": "a D6 result (1 to 6) or a list of them",
            "reload": "a D6 result (1 to 6) or a list of them",
        }.get(data["event"], "a D6 result (1 to 6)")
        return f"roll {quoted(data.get('roll'))} is not {wanted}"
    if error["type"] == "missing":
        return f"{quoted(key)} is required"
    if error["type"] == "extra_forbidden":
        return f"unknown key {quoted(key)}"
    if error["type"] == "enum":
        allowed = error.get("ctx", {}).get("expected", "")
        return f"{key} {quoted(error['input'])} is not one of {allowed}"
    return f"{key}: {error['msg']} (got {quoted(error['input'])})" if key else error["msg"]


def event_payload(event: BattleEvent) -> dict[str, Any]:
    """The JSON object stored (and printed) for an event: lower-case words, no empty keys."""
    return event.model_dump(mode="json", by_alias=True, exclude_none=True)


_E = TypeVar("_E", bound=BaseModel)


def with_keys(event: _E, **keys: object) -> _E:
    """The event with more keys filled in (the rolls a dialog asked for), checked as a
    script's event is; raises BattleError naming the bad key."""
    filled = parse_event({**event.model_dump(mode="json", exclude_none=True), **keys})
    assert isinstance(filled, type(event))
    return filled
