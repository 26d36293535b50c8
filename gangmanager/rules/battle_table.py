"""What one event is applied with: the ruleset, the state, the dice, and shared steps."""

from __future__ import annotations

from gangmanager.rules.battle_events import (
    Activation,
    AmmoTestEvent,
    AttackEvent,
    BattleError,
    BattleStatus,
    FireEvent,
    ReloadEvent,
)
from gangmanager.rules.battle_state import (
    BattleState,
    Credit,
    FighterTrack,
    ProfileTrack,
    Prompt,
    PromptKind,
    WeaponTrack,
)
from gangmanager.rules.dice import Dice
from gangmanager.rules.gang import Category, Fighter
from gangmanager.rules.limits import quoted
from gangmanager.rules.ruleset import BlazeAction, Mechanic, Ruleset
from gangmanager.rules.weapons import WeaponProfile


def profile_track(ruleset: Ruleset, weapon: str, profile: WeaponProfile) -> ProfileTrack:
    mechanics: set[Mechanic] = set()
    rapid_fire: int | None = None
    for trait in profile.traits:
        definition = ruleset.trait_def(trait)
        if definition is None:
            continue
        mechanics.update(definition.mechanics)
        if Mechanic.RAPID_FIRE in definition.mechanics and (trait.param or "").isdigit():
            rapid_fire = int(trait.param or 0)
    return ProfileTrack(weapon, profile, frozenset(mechanics), rapid_fire)


def fighter_track(
    ruleset: Ruleset, fighter: Fighter, hired_for: str | None = None, gang: str = ""
) -> FighterTrack:
    """A fighter as the battle starts with them: every wound, every profile ready."""
    table = ruleset.table_for(fighter.profile)
    track = FighterTrack(fighter=fighter, table=table, hired_for=hired_for, gang=gang)
    vehicle = ruleset.vehicle_rules_for(fighter.profile)
    if vehicle is not None:
        track.hull = vehicle.hull
    track.wounds = track.max_wounds
    track.weapons = [
        WeaponTrack(w.name, [profile_track(ruleset, w.name, p) for p in w.profiles])
        for w in fighter.weapons
    ]
    return track


class Table:
    """The ruleset, the state and the dice of one event, and the steps handlers share."""

    def __init__(self, ruleset: Ruleset, state: BattleState, dice: Dice | None) -> None:
        self.ruleset = ruleset
        self.state = state
        self.dice = dice

    # -- lookups -------------------------------------------------------------

    def fighter(self, name: str, *, may_be_out: bool = False) -> FighterTrack:
        found = self.state.find(name)
        if not found:
            crew = ", ".join(f.name for f in self.state.fighters)
            raise BattleError(f"no fighter {quoted(name)} in this battle (crew: {crew})")
        if len(found) > 1:
            both = " or ".join(repr(f.qualified_name) for f in found)
            raise BattleError(f"{quoted(name)} is ambiguous: write {both}")
        track = found[0]
        if track.out_of_action and not may_be_out:
            raise BattleError(f"{track.name} is Out of Action")
        return track

    def profile(
        self, event: FireEvent | AmmoTestEvent | ReloadEvent | AttackEvent
    ) -> tuple[FighterTrack, int, WeaponTrack, ProfileTrack]:
        fighter = self.fighter(event.fighter)
        weapon = fighter.weapon(event.weapon)
        if weapon is None:
            carried = ", ".join(w.name for w in fighter.weapons) or "none"
            raise BattleError(
                f"{fighter.name} has no weapon {quoted(event.weapon)} (weapons: {carried})"
            )
        names = ", ".join(repr(p.name) if p.name else "(unnamed)" for p in weapon.profiles)
        wanted = event.profile.strip().casefold()
        if not weapon.profiles:
            raise BattleError(f"{fighter.name}'s {weapon.name} has no profile on the card")
        if not wanted:
            unnamed = [p for p in weapon.profiles if not p.name]
            if len(weapon.profiles) == 1:
                found: ProfileTrack | None = weapon.profiles[0]
            elif len(unnamed) == 1:
                found = unnamed[0]
            else:
                raise BattleError(
                    f"{fighter.name}'s {weapon.name} has several profiles ({names}): name one"
                )
        else:
            found = next((p for p in weapon.profiles if p.name.casefold() == wanted), None)
        if found is None:
            raise BattleError(
                f"{fighter.name}'s {weapon.name} has no profile {quoted(event.profile)} (profiles: {names})"
            )
        return fighter, fighter.weapons.index(weapon), weapon, found

    # -- dice ----------------------------------------------------------------

    def roll(self, given: int | list[int] | None, count: int, what: str) -> list[int]:
        if given is None:
            if self.dice is None:
                raise BattleError(f"{what}: the roll is missing")
            return [self.dice.d6() for _ in range(count)]
        return [given] if isinstance(given, int) else list(given)

    # -- changes -------------------------------------------------------------

    def say(self, text: str) -> None:
        self.state.log.append(f"Round {self.state.round}: {text}")

    def prompt(self, kind: PromptKind, fighter: FighterTrack, text: str) -> None:
        unique = fighter.fighter.id is not None and self.state.with_id(fighter.fighter.id)
        fighter_id = fighter.fighter.id if unique else None
        self.state.prompts.append(Prompt(kind, fighter.name, text, fighter.gang, fighter_id))

    def drop_prompts(self, fighter: FighterTrack, *kinds: PromptKind) -> None:
        self.state.prompts = [
            p
            for p in self.state.prompts
            if not (fighter.waited_for_by(p) and (not kinds or p.kind in kinds))
        ]

    def go_out_of_action(self, fighter: FighterTrack) -> None:
        fighter.status = BattleStatus.OUT_OF_ACTION
        # Off the table: markers and anything waiting for the fighter go with them.
        fighter.markers.clear()
        self.drop_prompts(fighter)

    def lose_wounds(self, fighter: FighterTrack, damage: int) -> str:
        if fighter.wounds == 0:
            self.injury_prompt(fighter)
            return "no wounds left: roll Injury dice"
        fighter.wounds = max(0, fighter.wounds - damage)
        if fighter.wounds == 0:
            self.injury_prompt(fighter)
            return "no wounds left: roll Injury dice"
        return f"{fighter.wounds} wound{'s' if fighter.wounds != 1 else ''} left"

    def injury_prompt(self, fighter: FighterTrack) -> None:
        if not any(p.kind is PromptKind.INJURY_DICE for p in self.state.prompts_for(fighter)):
            self.prompt(
                PromptKind.INJURY_DICE,
                fighter,
                f"{fighter.name} has no wounds left: roll Injury dice and enter the result"
                " (Flesh Wound, Seriously Injured or Out of Action)",
            )

    def credit(self, by: FighterTrack, target: FighterTrack, status: BattleStatus) -> None:
        """`by` Seriously Injured `target` or took them Out of Action: count it, suggest XP."""
        xp = 0
        if by.gang != target.gang:
            table = self.ruleset.attack.xp
            xp = (
                table.out_of_action
                if status is BattleStatus.OUT_OF_ACTION
                else table.seriously_injured
            )
            if target.fighter.category in (Category.LEADER, Category.CHAMPION):
                xp += table.leader_or_champion
        by.credits.append(Credit(status, target.name, xp))

    def end_activation(self, fighter: FighterTrack) -> None:
        fighter.activation = Activation.ACTIVATED
        hit = self.ruleset.blaze.hit
        if fighter.burning and hit.timing == "end_of_activation":
            self.blaze_hit_prompt(fighter)

    def flames_roll(self, fighter: FighterTrack) -> BlazeAction | None:
        """The pack's roll a burning fighter makes when activated, if it applies to their status."""
        flames = next((a for a in self.ruleset.blaze.actions if a.action_type == "none"), None)
        if flames is None or fighter.status.value not in flames.actor_status:
            return None
        return flames

    def blaze_hit_prompt(self, fighter: FighterTrack) -> None:
        hit = self.ruleset.blaze.hit
        text = (
            f"{fighter.name} is burning: resolve a Strength {hit.strength}, AP {hit.ap},"
            f" Damage {hit.damage} hit"
        )
        if hit.moves_randomly and not fighter.status.prone:
            text += " (a Standing fighter first moves at random)"
        if hit.nerve_test_if_damaged:
            text += "; if it causes damage and the fighter is not Broken, a Nerve test follows"
        self.prompt(PromptKind.BLAZE_HIT, fighter, text)
