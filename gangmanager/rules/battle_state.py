"""What a battle looks like at one moment: the result of folding its events.

The state is plain mutable data owned by the fold (`gangmanager.rules.battle`);
callers treat it as read-only and take a `copy()` to try an event out.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from gangmanager.rules.battle_events import Activation, BattleStatus, Marker, ProfileState
from gangmanager.rules.characteristics import CharacteristicTable
from gangmanager.rules.gang import Fighter
from gangmanager.rules.ruleset import Mechanic
from gangmanager.rules.weapons import WeaponProfile


class PromptKind(StrEnum):
    """Something the table must resolve before play goes on."""

    BLAZE_HIT = "blaze_hit"
    NERVE_TEST = "nerve_test"
    FLAMES_ROLL = "flames_roll"
    INJURY_DICE = "injury_dice"
    # Knockback: move the target; dropped by the next event.
    KNOCKBACK = "knockback"


@dataclass
class Prompt:
    kind: PromptKind
    fighter: str
    text: str
    # Who it waits for when two fighters share the name: their gang and roster id.
    gang: str = ""
    fighter_id: int | None = None

    def view(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "fighter": self.fighter,
            "fighter_id": self.fighter_id,
            "gang": self.gang,
            "text": self.text,
        }


@dataclass
class ProfileTrack:
    weapon: str
    profile: WeaponProfile
    # Mechanics of the profile's traits under the battle's ruleset.
    mechanics: frozenset[Mechanic]
    rapid_fire: int | None  # Rapid Fire (X): X, when X is a number
    state: ProfileState = ProfileState.READY

    @property
    def name(self) -> str:
        return self.profile.name

    @property
    def label(self) -> str:
        """`Shotgun (executioner ammo)`, or just `Lasgun` for an unnamed profile."""
        return f"{self.weapon} ({self.name})" if self.name else self.weapon

    def has(self, mechanic: Mechanic) -> bool:
        return mechanic in self.mechanics

    def view(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "state": self.state.value,
            "am": self.profile.am,
            "traits": [str(t) for t in self.profile.traits],
            "cost": self.profile.cost,
        }


@dataclass
class WeaponTrack:
    name: str
    profiles: list[ProfileTrack]

    def view(self) -> dict[str, Any]:
        return {"name": self.name, "profiles": [p.view() for p in self.profiles]}


@dataclass(frozen=True)
class Credit:
    """An enemy Seriously Injured or taken Out of Action by this fighter."""

    status: BattleStatus
    target: str
    # XP suggested for it (0 for a fighter of the same gang).
    xp: int


@dataclass
class FighterTrack:
    fighter: Fighter
    table: CharacteristicTable
    status: BattleStatus = BattleStatus.ACTIVE
    activation: Activation = Activation.READY
    wounds: int = 1
    flesh_wounds: int = 0
    markers: set[Marker] = field(default_factory=set)
    weapons: list[WeaponTrack] = field(default_factory=list)
    # The territory that granted a Hired Gun for this battle only; None for the gang's own.
    hired_for: str | None = None
    # The gang the fighter fights for (two gangs may share a battle).
    gang: str = ""
    credits: list[Credit] = field(default_factory=list)
    # Fled the battlefield after the gang bottled out: the status they fled in, else None.
    fled_as: BattleStatus | None = None
    # Save attempts made with an item this battle (the ablative overlay), by item name.
    item_uses: dict[str, int] = field(default_factory=dict)
    # Field armour burned out this battle, by item name.
    burnt_out: set[str] = field(default_factory=set)
    # A vehicle (its profile keyed by the pack's vehicle statline): `wounds` are then its
    # Hull Points left, `hull` the code they come from.
    hull: str | None = None
    # A vehicle's statuses and markers, spelt as the pack's vehicle rules name them.
    vehicle_statuses: set[str] = field(default_factory=set)
    # The Damage results a vehicle suffered this battle (for the log and the tile).
    vehicle_damage: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.fighter.name

    @property
    def hired(self) -> bool:
        """Hired for this battle: not on the roster, so the post-battle sequence skips them."""
        return self.hired_for is not None

    @property
    def vehicle(self) -> bool:
        return self.hull is not None

    @property
    def max_wounds(self) -> int:
        # Wounds, or a vehicle's Hull Points; a statline without either tracks one.
        value = self.fighter.effective(self.table).values.get(self.hull or "W")
        return value if value is not None else 1

    @property
    def out_of_action(self) -> bool:
        return self.status is BattleStatus.OUT_OF_ACTION

    @property
    def burning(self) -> bool:
        return Marker.BLAZE in self.markers

    @property
    def ready(self) -> bool:
        return not self.out_of_action and self.activation is not Activation.ACTIVATED

    def live_values(self) -> dict[str, int | None]:
        """The effective profile with each Flesh Wound taking one off Toughness."""
        values = dict(self.fighter.effective(self.table).values)
        toughness = values.get("T")
        if toughness is not None:
            values["T"] = max(0, toughness - self.flesh_wounds)
        return values

    def live_profile(self) -> dict[str, str]:
        values = self.live_values()
        return {row.code: row.print(values[row.code]) for row in self.table}

    @property
    def qualified_name(self) -> str:
        """`Gang/Fighter`, the way an event names a fighter both gangs have."""
        return f"{self.gang}/{self.name}" if self.gang else self.name

    def caused(self) -> dict[str, int]:
        return {
            status.value: sum(1 for c in self.credits if c.status is status)
            for status in (BattleStatus.SERIOUSLY_INJURED, BattleStatus.OUT_OF_ACTION)
        }

    @property
    def xp_suggested(self) -> int:
        return sum(c.xp for c in self.credits)

    def sorted_markers(self) -> list[Marker]:
        return [m for m in Marker if m in self.markers]

    def waited_for_by(self, prompt: Prompt) -> bool:
        """The prompt waits for this fighter: the same id, else the same gang and name."""
        if prompt.fighter_id is not None and self.fighter.id is not None:
            return prompt.fighter_id == self.fighter.id and prompt.gang == self.gang
        return prompt.fighter == self.name and prompt.gang == self.gang

    def weapon(self, name: str) -> WeaponTrack | None:
        wanted = name.strip().casefold()
        return next((w for w in self.weapons if w.name.strip().casefold() == wanted), None)

    def view(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "fighter_id": self.fighter.id,
            "status": self.status.value,
            "ready": self.ready,
            "activation": self.activation.value,
            "wounds": self.wounds,
            "max_wounds": self.max_wounds,
            "flesh_wounds": self.flesh_wounds,
            "markers": [m.value for m in self.sorted_markers()],
            "profile": self.live_profile(),
            "weapons": [w.view() for w in self.weapons],
            "hired_for": self.hired_for,
            "gang": self.gang,
            "caused": self.caused(),
            "xp_suggested": self.xp_suggested,
            "fled": self.fled_as is not None,
            "burnt_out": sorted(self.burnt_out),
            **self._vehicle_view(),
        }

    def _vehicle_view(self) -> dict[str, Any]:
        if not self.vehicle:
            return {}
        return {
            "vehicle": True,
            "hull_points": self.wounds,
            "max_hull_points": self.max_wounds,
            "vehicle_statuses": sorted(self.vehicle_statuses),
            "vehicle_damage": list(self.vehicle_damage),
        }


@dataclass(frozen=True)
class DeletedProfile:
    fighter: str
    fighter_id: int | None
    weapon: str
    profile: WeaponProfile


@dataclass
class BattleState:
    ruleset: str
    # The gang's house: its own fighter types come before the gang additions for a hire.
    house: str | None = None
    # The gangs in the battle: one, or two (the first started it).
    gangs: list[str] = field(default_factory=list)
    round: int = 1
    fighters: list[FighterTrack] = field(default_factory=list)
    prompts: list[Prompt] = field(default_factory=list)
    # One line in plain words per event applied.
    log: list[str] = field(default_factory=list)
    # Stored events that no longer fit the roster (skipped by a lenient fold).
    warnings: list[str] = field(default_factory=list)
    # Gangs that have bottled out (for the rest of the battle).
    bottled: list[str] = field(default_factory=list)
    # The End phase tests taken since the round began (`bottle_test:GANG`, `recovery_test:GANG/NAME`).
    end_phase_done: list[str] = field(default_factory=list)

    def copy(self) -> BattleState:
        return copy.deepcopy(self)

    def working_copy(self) -> BattleState:
        """A copy the events may change, sharing what they never change (fighters'
        cards, tables, weapon profiles): far cheaper than `copy()`, so a kept
        state can be played on while records handed out earlier keep theirs."""
        return replace(
            self,
            gangs=list(self.gangs),
            fighters=[_track_copy(f) for f in self.fighters],
            prompts=[copy.copy(p) for p in self.prompts],
            log=list(self.log),
            warnings=list(self.warnings),
            bottled=list(self.bottled),
            end_phase_done=list(self.end_phase_done),
        )

    def fighter(self, name: str) -> FighterTrack | None:
        found = self.find(name)
        return found[0] if found else None

    def find(self, name: str) -> list[FighterTrack]:
        """Every fighter `name` may mean: a bare name, or `GANG/FIGHTER`."""
        wanted = name.strip().casefold()
        exact = [f for f in self.fighters if f.name.strip().casefold() == wanted]
        if exact or "/" not in wanted:
            return exact
        # Names may hold "/" too: the first "/" that leaves a gang of the battle splits.
        gangs = {f.gang.strip().casefold() for f in self.fighters if f.gang}
        for gang, fighter in qualified_splits(wanted):
            if gang not in gangs:
                continue
            found = [
                f
                for f in self.fighters
                if f.gang.strip().casefold() == gang and f.name.strip().casefold() == fighter
            ]
            if found:
                return found
        return []

    def with_id(self, fighter_id: int) -> FighterTrack | None:
        """The one fighter of the battle with this roster id (None if none, or several)."""
        found = [f for f in self.fighters if f.fighter.id == fighter_id]
        return found[0] if len(found) == 1 else None

    def name_for(self, track: FighterTrack) -> str:
        """How an event names the fighter: `GANG/FIGHTER` where both gangs have the name."""
        return track.qualified_name if len(self.find(track.name)) > 1 else track.name

    def prompts_for(self, who: FighterTrack | str) -> list[Prompt]:
        """The prompts waiting for a fighter (or for a name, `GANG/FIGHTER` or bare)."""
        if isinstance(who, str):
            found = self.find(who)
            if len(found) != 1:
                return [p for p in self.prompts if p.fighter == who]
            who = found[0]
        track = who
        return [p for p in self.prompts if track.waited_for_by(p)]

    def fighter_for(self, prompt: Prompt) -> FighterTrack | None:
        """The fighter a prompt waits for."""
        return next((f for f in self.fighters if f.waited_for_by(prompt)), None)

    # -- what the post-battle sequence reads: the gang's own fighters only ----

    @property
    def roster_fighters(self) -> list[FighterTrack]:
        """The crew from the roster; Hired Guns for this battle never join it."""
        return [f for f in self.fighters if not f.hired]

    def side(self, gang: str) -> BattleState:
        """The battle as one gang's post-battle sequence reads it: its own fighters only."""
        wanted = gang.strip().casefold()
        own = copy.copy(self)
        own.fighters = [
            f for f in self.fighters if f.gang.strip().casefold() == wanted or not f.gang
        ]
        return own

    @property
    def out_of_action(self) -> list[str]:
        # A fighter who fled is off the table but was not taken Out of Action: no Lasting Injury.
        # A vehicle Wrecked rolls Lasting Damage and its crew's injuries instead (`wrecked`).
        return [
            f.name
            for f in self.roster_fighters
            if f.status is BattleStatus.OUT_OF_ACTION and f.fled_as is None and not f.vehicle
        ]

    @property
    def wrecked(self) -> list[str]:
        """The gang's vehicles Wrecked in the battle (their crews were taken Out of Action)."""
        return [
            f.name
            for f in self.roster_fighters
            if f.vehicle and f.status is BattleStatus.OUT_OF_ACTION and f.fled_as is None
        ]

    @property
    def seriously_injured(self) -> list[str]:
        # One who fled Seriously Injured still tests to see if they succumb in the Wrap-up.
        return [
            f.name
            for f in self.roster_fighters
            if not f.vehicle
            and (
                f.status is BattleStatus.SERIOUSLY_INJURED
                or f.fled_as is BattleStatus.SERIOUSLY_INJURED
            )
        ]

    @property
    def deleted_profiles(self) -> list[DeletedProfile]:
        return [
            DeletedProfile(f.name, f.fighter.id, w.name, p.profile)
            for f in self.roster_fighters
            for w in f.weapons
            for p in w.profiles
            if p.state is ProfileState.DELETED
        ]

    def view(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "gangs": list(self.gangs),
            "round": self.round,
            "fighters": [f.view() for f in self.fighters],
            "prompts": [p.view() for p in self.prompts],
            "log": list(self.log),
            "warnings": list(self.warnings),
            "bottled": list(self.bottled),
        }


def _track_copy(track: FighterTrack) -> FighterTrack:
    return replace(
        track,
        markers=set(track.markers),
        weapons=[WeaponTrack(w.name, [replace(p) for p in w.profiles]) for w in track.weapons],
        credits=list(track.credits),
        item_uses=dict(track.item_uses),
        burnt_out=set(track.burnt_out),
        vehicle_statuses=set(track.vehicle_statuses),
        vehicle_damage=list(track.vehicle_damage),
    )


def qualified_splits(text: str) -> list[tuple[str, str]]:
    """Every way to read `text` as `GANG/FIGHTER`, the first "/" first, both parts stripped.

    A gang or fighter name may hold "/" itself: the caller takes the first split
    whose gang it knows.
    """
    return [
        (text[:at].strip(), text[at + 1 :].strip()) for at, char in enumerate(text) if char == "/"
    ]


def fighter_of(text: str, gang: str) -> str | None:
    """The fighter `text` names in `gang` when written `GANG/FIGHTER`, else None."""
    wanted = gang.strip().casefold()
    for prefix, fighter in qualified_splits(text):
        if prefix.casefold() == wanted:
            return fighter
    return None
