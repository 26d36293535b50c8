"""Blaze: catching fire, putting it out, the burn and the Nerve test it may call for.

Everything specific comes from the ruleset's `blaze` data (`BlazeRules`).
"""

from __future__ import annotations

from gangmanager.rules.battle_events import (
    Activation,
    BattleError,
    BattleStatus,
    BlazeEvent,
    BlazeHitEvent,
    ExtinguishEvent,
    Marker,
    NerveTestEvent,
)
from gangmanager.rules.battle_state import FighterTrack, PromptKind
from gangmanager.rules.battle_table import Table
from gangmanager.rules.ruleset import BlazeAction


def _range_text(rolls: list[int]) -> str:
    rolls = sorted(set(rolls))
    if rolls == list(range(rolls[0], rolls[-1] + 1)) and len(rolls) > 1:
        return f"{rolls[0]}-{rolls[-1]}"
    return ", ".join(map(str, rolls))


def blaze(table: Table, event: BlazeEvent) -> BlazeEvent:
    fighter = table.fighter(event.fighter)
    if fighter.burning:
        raise BattleError(f"{fighter.name} is already burning (Blaze marker)")
    (roll,) = table.roll(event.roll, 1, f"Blaze roll for {fighter.name}")
    catch = table.ruleset.blaze.catch_fire_on
    text = f"{fighter.name}: Blaze roll {roll} (catches fire on {_range_text(catch)})"
    if roll in catch:
        fighter.markers.add(Marker.BLAZE)
        text += ": on fire, Blaze marker on"
    else:
        text += ": does not catch fire"
    table.say(text + ".")
    return event.model_copy(update={"fighter": fighter.name, "roll": roll})


def _extinguish_action(table: Table, burning: FighterTrack, actor: FighterTrack) -> BlazeAction:
    own = actor is burning
    action = table.ruleset.blaze_action("self" if own else "friend")
    if action is None:
        who = "the burning fighter" if own else "a friend"
        raise BattleError(
            f"{table.ruleset.name} has no action for {who} to put out a fire"
            f" ({actor.name} cannot extinguish {burning.name})"
        )
    if actor.status.value not in action.actor_status:
        allowed = " or ".join(BattleStatus(s).label for s in action.actor_status)
        raise BattleError(
            f"{action.name}: {actor.name} must be {allowed}, not {actor.status.label}"
        )
    if not own and action.actor_not_burning and actor.burning:
        raise BattleError(f"{action.name}: {actor.name} is burning too and cannot help")
    if action.action_type != "none" and actor.activation is Activation.ACTIVATED:
        raise BattleError(
            f"{action.name} is a {action.action_type.capitalize()} action:"
            f" {actor.name} has already been activated this round"
        )
    return action


def extinguish(table: Table, event: ExtinguishEvent) -> ExtinguishEvent:
    burning = table.fighter(event.fighter)
    actor = table.fighter(event.by)
    if not burning.burning:
        raise BattleError(f"{burning.name} is not burning (no Blaze marker)")
    action = _extinguish_action(table, burning, actor)
    if action.bonus_per_helper and event.helpers:
        nearby = [
            f
            for f in table.state.fighters
            if f is not burning and f is not actor and f.status is BattleStatus.ACTIVE
        ]
        if event.helpers > len(nearby):
            raise BattleError(
                f"{action.name}: {event.helpers} helpers given, but only {len(nearby)} other"
                " friendly fighters are Active"
            )
    (roll,) = table.roll(event.roll, 1, f"{action.name} for {burning.name}")
    bonus = action.bonus_per_helper * event.helpers
    if action.prone_bonus and burning.status.prone:
        bonus += action.prone_bonus
    own = actor is burning
    kind = "" if action.action_type == "none" else f" ({action.action_type.capitalize()})"
    text = f"{actor.name}: {action.name}{kind}" + ("" if own else f" on {burning.name}")
    text += f": {roll}" + (f" {bonus:+d}" if bonus else "") + f" against {action.target}+"
    if own and action.becomes_pinned and not burning.status.prone:
        burning.status = BattleStatus.PINNED
        text += f"; {burning.name} drops and is Pinned"
    if roll + bonus >= action.target:
        burning.markers.discard(Marker.BLAZE)
        table.drop_prompts(burning, PromptKind.FLAMES_ROLL)
        text += "; the fire is out"
    else:
        text += "; still burning"
        table.drop_prompts(burning, PromptKind.FLAMES_ROLL)
        if action.fail_ends_activation and burning.activation is not Activation.ACTIVATED:
            table.end_activation(burning)
            text += f"; {burning.name}'s activation ends"
    if not own and roll <= action.helper_catches_fire_on:
        actor.markers.add(Marker.BLAZE)
        text += f"; {actor.name} catches fire"
        if actor.activation is not Activation.ACTIVATED:
            table.end_activation(actor)
            text += " and their activation ends"
    table.say(text + ".")
    return event.model_copy(update={"fighter": burning.name, "by": actor.name, "roll": roll})


def blaze_hit(table: Table, event: BlazeHitEvent) -> BlazeHitEvent:
    fighter = table.fighter(event.fighter)
    pending = [p for p in table.state.prompts_for(fighter) if p.kind is PromptKind.BLAZE_HIT]
    if not pending:
        raise BattleError(f"{fighter.name} has no Blaze hit to resolve")
    table.state.prompts.remove(pending[0])
    hit = table.ruleset.blaze.hit
    if not event.damaged:
        table.say(f"{fighter.name}: the Blaze hit causes no damage.")
        return event.model_copy(update={"fighter": fighter.name})
    left = table.lose_wounds(fighter, hit.damage)
    text = f"{fighter.name}: the Blaze hit causes {hit.damage} damage ({left})"
    if hit.nerve_test_if_damaged and Marker.BROKEN not in fighter.markers:
        table.prompt(
            PromptKind.NERVE_TEST,
            fighter,
            f"{fighter.name} was damaged by the fire: Nerve test (2D6 against Cool"
            f" {fighter.live_profile()['Cl']}) or become Broken",
        )
        text += "; Nerve test"
    table.say(text + ".")
    return event.model_copy(update={"fighter": fighter.name})


def nerve_test(table: Table, event: NerveTestEvent) -> NerveTestEvent:
    fighter = table.fighter(event.fighter)
    if Marker.BROKEN in fighter.markers:
        raise BattleError(f"{fighter.name} is already Broken: no Nerve test")
    cool = fighter.live_values()["Cl"]
    if cool is None:
        raise BattleError(f"{fighter.name} has no Cool to test")
    if event.roll is None:
        dice = table.roll(None, 2, f"Nerve test for {fighter.name}")
    else:
        dice = [event.roll] if isinstance(event.roll, int) else list(event.roll)
    total = sum(dice)
    table.drop_prompts(fighter, PromptKind.NERVE_TEST)
    text = f"{fighter.name}: Nerve test {total} against {cool}+"
    if total >= cool:
        text += ": passed"
    else:
        fighter.markers.add(Marker.BROKEN)
        text += ": failed; Broken"
    table.say(text + ".")
    return event.model_copy(
        update={"fighter": fighter.name, "roll": total if event.roll is None else event.roll}
    )
