"""What a fighter's tile asks the battle window for: a battle event, typed.

Most buttons make a whole event (a wound, a status, a marker); the rolls are
left out and the window asks for them. The Attack... button names only the
attacker: the attack dialog builds the event. The window dispatches on the
type, never on the event's name.
"""

from __future__ import annotations

from dataclasses import dataclass

from gangmanager.rules.battle_events import (
    ActivateEvent,
    AmmoTestEvent,
    BlazeEvent,
    EndActivationEvent,
    ExtinguishEvent,
    FleshWoundEvent,
    MarkerEvent,
    ReloadEvent,
    StatusEvent,
    VehicleStatusEvent,
    WoundEvent,
)


@dataclass(frozen=True)
class AttackRequest:
    """Attack... on a tile: the attack dialog chooses the weapon, target and dice."""

    fighter: str


# What `FighterTile.sig_event_requested` carries: each names the fighter (`fighter`).
TileRequest = (
    StatusEvent
    | WoundEvent
    | FleshWoundEvent
    | MarkerEvent
    | ActivateEvent
    | EndActivationEvent
    | AmmoTestEvent
    | ReloadEvent
    | BlazeEvent
    | ExtinguishEvent
    | VehicleStatusEvent
    | AttackRequest
)
