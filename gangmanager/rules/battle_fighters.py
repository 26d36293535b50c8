"""Statuses, wounds, Flesh Wounds, markers, activations and rounds."""

from __future__ import annotations

from gangmanager.rules import attack_vehicle, battle_end_phase
from gangmanager.rules.battle_events import (
    ActivateEvent,
    Activation,
    BattleError,
    BattleStatus,
    EndActivationEvent,
    FleshWoundEvent,
    Marker,
    MarkerEvent,
    NewRoundEvent,
    StatusEvent,
    VehicleStatusEvent,
    WoundEvent,
)
from gangmanager.rules.battle_state import PromptKind
from gangmanager.rules.battle_table import Table
from gangmanager.rules.limits import quoted

# The statuses a vehicle may take by hand; its own (Stationary, ...) are the pack's.
_VEHICLE_STATUSES = (BattleStatus.ACTIVE, BattleStatus.OUT_OF_ACTION)


def status(table: Table, event: StatusEvent) -> StatusEvent:
    fighter = table.fighter(event.fighter)
    if fighter.vehicle and event.status not in _VEHICLE_STATUSES:
        raise BattleError(
            f"{fighter.name} is a vehicle: it is never {event.status.label}"
            " (vehicle_status sets its own statuses)"
        )
    if fighter.status is event.status:
        raise BattleError(f"{fighter.name} is already {event.status.label}")
    by = table.fighter(event.by, may_be_out=True) if event.by is not None else None
    if by is fighter:
        raise BattleError(f"{fighter.name} cannot be credited for their own injury")
    if event.status is BattleStatus.OUT_OF_ACTION:
        table.go_out_of_action(fighter)
    else:
        fighter.status = event.status
        if event.status is BattleStatus.SERIOUSLY_INJURED:
            table.drop_prompts(fighter, PromptKind.INJURY_DICE)
        if table.flames_roll(fighter) is None:
            # A roll the fighter may no longer make must not wait for them.
            table.drop_prompts(fighter, PromptKind.FLAMES_ROLL)
    text = f"{fighter.name} is {event.status.label}"
    if by is not None and event.status in (
        BattleStatus.SERIOUSLY_INJURED,
        BattleStatus.OUT_OF_ACTION,
    ):
        table.credit(by, fighter, event.status)
        text += f" (by {by.name})"
    table.say(text + ".")
    update: dict[str, object] = {"fighter": fighter.name}
    if by is not None:
        update["by"] = by.name
    return event.model_copy(update=update)


def flesh_wound(table: Table, event: FleshWoundEvent) -> FleshWoundEvent:
    fighter = table.fighter(event.fighter)
    if fighter.vehicle:
        raise BattleError(f"{fighter.name} is a vehicle: it loses Hull Points, not Toughness")
    fighter.flesh_wounds += 1
    table.drop_prompts(fighter, PromptKind.INJURY_DICE)
    toughness = fighter.live_values()["T"]
    text = f"{fighter.name} suffers a Flesh Wound (Toughness now {toughness})"
    if toughness is not None and toughness <= 0:
        table.go_out_of_action(fighter)
        text += ": Toughness 0, Out of Action"
    table.say(text + ".")
    return event.model_copy(update={"fighter": fighter.name})


def wound(table: Table, event: WoundEvent) -> WoundEvent:
    fighter = table.fighter(event.fighter)
    if fighter.vehicle:
        # A Hull Point lost by hand (a collision, a rule the tracker does not play).
        fighter.wounds -= 1
        table.say(f"{fighter.name} loses a Hull Point ({fighter.wounds} left).")
        if fighter.wounds == 0:
            attack_vehicle.wreck(table, fighter)
        return event.model_copy(update={"fighter": fighter.name})
    if fighter.wounds == 0:
        raise BattleError(
            f"{fighter.name} has no wounds left: enter the Injury dice result"
            " (flesh_wound or status) instead"
        )
    left = table.lose_wounds(fighter, 1)
    table.say(f"{fighter.name} loses a wound ({left}).")
    return event.model_copy(update={"fighter": fighter.name})


def marker(table: Table, event: MarkerEvent) -> MarkerEvent:
    fighter = table.fighter(event.fighter)
    marker = event.marker
    if event.on and marker in fighter.markers:
        raise BattleError(f"{fighter.name} already has the {marker.label} marker")
    if not event.on and marker not in fighter.markers:
        raise BattleError(f"{fighter.name} has no {marker.label} marker")
    if event.on:
        fighter.markers.add(marker)
        # Hidden and Revealed exclude each other.
        other = {Marker.HIDDEN: Marker.REVEALED, Marker.REVEALED: Marker.HIDDEN}.get(marker)
        if other is not None:
            fighter.markers.discard(other)
        if marker is Marker.BROKEN:
            table.drop_prompts(fighter, PromptKind.NERVE_TEST)
    else:
        fighter.markers.discard(marker)
        if marker is Marker.BLAZE:
            table.drop_prompts(fighter, PromptKind.FLAMES_ROLL)
    table.say(f"{fighter.name}: {marker.label} marker {'on' if event.on else 'off'}.")
    return event.model_copy(update={"fighter": fighter.name})


def activate(table: Table, event: ActivateEvent) -> ActivateEvent:
    fighter = table.fighter(event.fighter)
    if fighter.activation is not Activation.READY:
        raise BattleError(f"{fighter.name} has already been activated this round")
    fighter.activation = Activation.ACTIVATING
    text = f"{fighter.name} is activated"
    if fighter.burning:
        if table.ruleset.blaze.hit.timing == "on_activation":
            table.blaze_hit_prompt(fighter)
            text += " while burning: Blaze hit"
        flames = table.flames_roll(fighter)
        if flames is not None:
            table.prompt(
                PromptKind.FLAMES_ROLL,
                fighter,
                f"{flames.name}: {fighter.name} rolls a D6, {flames.target}+ puts the fire out"
                + (
                    f' (+{flames.bonus_per_helper} per friendly Active fighter within 1")'
                    if flames.bonus_per_helper
                    else ""
                )
                + (f" (+{flames.prone_bonus} if Prone)" if flames.prone_bonus else ""),
            )
    table.say(text + ".")
    return event.model_copy(update={"fighter": fighter.name})


def end_activation(table: Table, event: EndActivationEvent) -> EndActivationEvent:
    fighter = table.fighter(event.fighter)
    if fighter.activation is Activation.ACTIVATED:
        raise BattleError(f"{fighter.name} has already been activated this round")
    table.end_activation(fighter)
    burning = fighter.burning and table.ruleset.blaze.hit.timing == "end_of_activation"
    table.say(
        f"{fighter.name} ends their activation"
        + (" while burning: Blaze hit" if burning else "")
        + "."
    )
    return event.model_copy(update={"fighter": fighter.name})


def new_round(table: Table, event: NewRoundEvent) -> NewRoundEvent:
    # The End phase ends the round: what lasts until then goes.
    for line in battle_end_phase.clear_round_markers(table):
        table.say(line + ".")
    table.state.round += 1
    for fighter in table.state.fighters:
        if not fighter.out_of_action:
            fighter.activation = Activation.READY
    table.say("a new round begins: every fighter is ready.")
    return event.model_copy(update={"fighter": None})


def vehicle_status(table: Table, event: VehicleStatusEvent) -> VehicleStatusEvent:
    """A status or marker of the pack's vehicle rules on (or off) a vehicle."""
    fighter = table.fighter(event.fighter)
    if not fighter.vehicle:
        raise BattleError(f"{fighter.name} is no vehicle: vehicle_status is for vehicles")
    rules = attack_vehicle.rules_of(table)
    status = rules.status(event.status)
    if status is None:
        raise BattleError(
            f"{quoted(event.status)} is no vehicle status of {table.ruleset.id}"
            f" (statuses: {', '.join(rules.statuses)})"
        )
    if status == rules.wrecked:
        if not event.on:
            raise BattleError(f"{fighter.name}: a Wrecked vehicle stays Wrecked")
        attack_vehicle.wreck(table, fighter)
        return event.model_copy(update={"fighter": fighter.name, "status": status})
    if event.on == (status in fighter.vehicle_statuses):
        raise BattleError(f"{fighter.name} is {'already' if event.on else 'not'} {status}")
    if event.on:
        fighter.vehicle_statuses.add(status)
    else:
        fighter.vehicle_statuses.discard(status)
    table.say(f"{fighter.name}: {status} {'on' if event.on else 'off'}.")
    return event.model_copy(update={"fighter": fighter.name, "status": status})
