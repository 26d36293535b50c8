"""The post-battle draft: everything the player decides after a battle, as plain data.

The wizard fills one draft and saves it as the player goes; the command line
reads the same schema from a file (`docs/post-battle.md`). Nothing here is
checked against a gang: `post_battle.apply_draft` does that and reports every
problem at once. Fighters are named as on the roster (case does not matter).
An absent key means none; an entry without its roll is a roll still to make.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

# A fighter name, or this word for the gang's stash (purchases, sales, moves).
STASH = "stash"


class _Entry(BaseModel):
    # A typo in a draft file must not pass silently.
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class InjuryEntry(_Entry):
    """A fighter who went Out of Action: one Lasting Injury, by D66 roll or by result name."""

    fighter: str = Field(min_length=1)
    roll: int | None = None
    result: str | None = None
    # Dice the injury asks for, in order: Lesson Learned's D3, Multiple
    # Injuries' D3 then that many D66 rolls (each followed by its own dice).
    rolls: list[int] = Field(default_factory=list)

    @model_validator(mode="after")
    def _one_way(self) -> InjuryEntry:
        if self.roll is not None and self.result is not None:
            raise ValueError("give either roll or result, not both")
        return self


class LastingDamageEntry(_Entry):
    """A vehicle Wrecked (or damaged, as the pack says): its Lasting Damage roll, a D6
    (the vehicle's Persistent Rattles are added to it), or the result by name."""

    fighter: str = Field(min_length=1)
    roll: int | None = Field(default=None, ge=1, le=6)
    result: str | None = None


class CrewInjuryEntry(_Entry):
    """The crew of a Wrecked vehicle: a D66 on the pack's crew injury table, or a result
    by name; `rolls` the dice the result asks for (Lesson Learned's D3)."""

    fighter: str = Field(min_length=1)
    roll: int | None = None
    result: str | None = None
    rolls: list[int] = Field(default_factory=list)


class SuccumbEntry(_Entry):
    """A fighter Seriously Injured at the end: D6, 1-2 and they count as Out of Action."""

    fighter: str = Field(min_length=1)
    roll: int | None = None


class EscapeEntry(_Entry):
    """A fighter Captured on the injury table tries to slip away: one D6."""

    fighter: str = Field(min_length=1)
    roll: int | None = None
    # Taken Out of Action while Webbed: harder to escape.
    webbed: bool = False


class CaptureEntry(_Entry):
    """Older rules: the opposing gang's capture roll (2D6 as rolled, plus its modifiers)
    and the fighter taken Out of Action it picked at random."""

    roll: int = Field(ge=2, le=12)
    modifier: int = Field(default=0, ge=-20, le=20)
    fighter: str | None = None


class OldWoundEntry(_Entry):
    """The D6 an injury such as Old Battle Wound asks for after every battle the fighter
    takes part in (`took_part: false`: they sat this one out, no roll)."""

    fighter: str = Field(min_length=1)
    roll: int | None = None
    took_part: bool = True


class MedicalEscortEntry(_Entry):
    """A Critical fighter taken to a medic: pay 2D6x10 credits, then roll a D6."""

    fighter: str = Field(min_length=1)
    # The Leader or Champion who escorts them (optional, checked when given).
    escort: str | None = None
    # The 2D6 for the fee (2-12, x10 credits), or the fee itself.
    cost_roll: int | None = None
    cost: int | None = Field(default=None, ge=0)
    # The D6 outcome: 1 dies, 2-5 stabilised (re-rolled injury, Recovery), 6 full recovery.
    roll: int | None = None
    # On 2-5: the re-rolled Lasting Injury and the dice it asks for.
    injury_roll: int | None = None
    rolls: list[int] = Field(default_factory=list)


class CaptiveSale(_Entry):
    """An enemy captive sold to the guilders for half their value."""

    name: str = Field(min_length=1)
    value: int = Field(ge=0)


class LimitedDeletion(_Entry):
    """A Limited profile deleted in battle; Update Roster removes it for good."""

    fighter: str = Field(min_length=1)
    weapon: str = Field(min_length=1)
    profile: str = Field(min_length=1)

    @property
    def key(self) -> tuple[str, str, str]:
        """Which profile this is, case ignored: one fighter may lose two in a battle."""
        return (self.fighter.casefold(), self.weapon.casefold(), self.profile.casefold())


def merge_limited(
    mine: list[LimitedDeletion], found: list[LimitedDeletion]
) -> list[LimitedDeletion]:
    """The draft's own entries, then those a tracked battle found that it lacks."""
    keys = {e.key for e in mine}
    return [*mine, *(e for e in found if e.key not in keys)]


class SaleEntry(_Entry):
    """An item sold at the Trading Post, from a fighter or the stash."""

    fighter: str = Field(min_length=1)
    item: str = Field(min_length=1)
    # Credits received; absent: half the price paid, rounded down.
    value: int | None = Field(default=None, ge=0)


class PurchaseEntry(_Entry):
    """An item bought from the ruleset's armoury, for a fighter or the stash.

    `profile` adds a paid profile (special ammo); when the fighter already
    carries the weapon without it, only the profile is bought. `cost`
    overrides the armoury price (a rare item's haggled price).
    """

    fighter: str = Field(min_length=1)
    item: str = Field(min_length=1)
    profile: str | None = None
    cost: int | None = Field(default=None, ge=0)


class AvailabilityEntry(_Entry):
    """The Trading Post's availability roll for Rare and Illegal items: the 2D6 as rolled,
    who made a Trade action (the Leader and Champions add their bonuses) and any other
    modifier a special rule gives."""

    roll: int = Field(ge=2, le=12)
    traders: list[str] = Field(default_factory=list)
    modifier: int = Field(default=0, ge=-20, le=20)


class MoveEntry(_Entry):
    """Distribute equipment: an item moved from the stash (or a fighter) to a fighter."""

    item: str = Field(min_length=1)
    to: str = Field(min_length=1)
    source: str = Field(default=STASH, alias="from", min_length=1)


class BoonTaken(_Entry):
    """A free recruit or item a held territory grants, taken at Update Roster C.

    `fighter_type` (recruit) or `item` (equipment) must be named by one of the
    territory's boons. A recruit decided by a roll (Settlement) gives the
    `dice` rolled instead, and a `fighter_type` only when the house list has
    several of the category rolled. A recruit may be given a `name`; an item
    goes to `fighter` (default: the stash).
    """

    territory: str = Field(min_length=1)
    kind: Literal["recruit", "equipment"]
    item: str | None = None
    fighter_type: str | None = None
    dice: list[Annotated[int, Field(ge=1, le=6)]] | None = Field(default=None, min_length=1)
    name: str | None = None
    fighter: str = Field(default=STASH, min_length=1)

    @model_validator(mode="after")
    def _what(self) -> BoonTaken:
        if self.kind == "recruit" and not self.fighter_type and self.dice is None:
            raise ValueError("a recruit boon names its fighter_type, or gives the dice rolled")
        if self.kind == "equipment" and self.dice is not None:
            raise ValueError("an equipment boon has no dice")
        if self.kind == "equipment" and not self.item:
            raise ValueError("an equipment boon names its item")
        return self

    @property
    def wanted(self) -> str:
        """The fighter type (recruit) or item (equipment) named; "" when none is."""
        return (self.fighter_type if self.kind == "recruit" else self.item) or ""


class AdvancementEntry(_Entry):
    """XP spent on one advancement of the ruleset's table (`bs`, `primary_random`...).

    Gangers and Exotic Beasts roll 2D6 on the Ganger table instead: `roll`
    is that roll and `advancement` the option taken (`bs`, or `specialist`).
    Skill advancements name the skill gained (`skill`), or a set and a D6
    (`skill_set` with `roll`, or `skill_roll`) for a random one. A Ganger table
    2 or 12 (promotion to Specialist) also brings one random Primary skill:
    `skill`, or `skill_roll` (the D6) with `skill_set` when there are several.
    """

    fighter: str = Field(min_length=1)
    advancement: str = Field(min_length=1)
    roll: int | None = None
    skill: str | None = None
    skill_set: str | None = None
    skill_roll: int | None = Field(default=None, ge=1, le=6)


class TerritoryIncome(_Entry):
    """Collect income in a campaign: the dice each territory's income was rolled with.

    Rolls are listed by territory, in the order rolled; a D3 is given as
    rolled (1-3). Territories are named as in the campaign (case ignored).
    """

    rolls: dict[str, list[int]] = Field(default_factory=dict)
    # How many dice, where the player may choose (Collapsed Dome: 2 to 6).
    dice: dict[str, int] = Field(default_factory=dict)
    # Amounts for income that is not a roll (the Gambling Den's card draw).
    entered: dict[str, int] = Field(default_factory=dict)
    # Fighters struck off a roster in this battle, either side (Corpse Farm), and
    # captives put to work (Mine Workings): each brings one more income roll.
    struck_off: int = Field(default=0, ge=0)
    captives: int = Field(default=0, ge=0)


class PostBattleDraft(BaseModel):
    """One post-battle sequence. Keys are a contract (add, never rename)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    # Required in a file; None while the wizard waits for the player to pick it
    # (never defaulted: Finish refuses a draft without a result).
    result: Literal["win", "loss", "draw"] | None
    # The tracked battle this sequence follows, if any (none: played elsewhere).
    battle_id: int | None = None
    scenario: str = ""
    # Wrap-up.
    clear_recovery: bool = True
    succumb: list[SuccumbEntry] = Field(default_factory=list)
    injuries: list[InjuryEntry] = Field(default_factory=list)
    # The escape roll of each fighter Captured on the injury table (2023).
    escapes: list[EscapeEntry] = Field(default_factory=list)
    # The opposing gang's capture roll, where the rules make it separately (older).
    capture: CaptureEntry | None = None
    # After-battle rolls of lasting injuries (Old Battle Wound).
    old_wounds: list[OldWoundEntry] = Field(default_factory=list)
    # Vehicles: Lasting Damage of each one Wrecked, and its crew's Lasting Injury.
    lasting_damage: list[LastingDamageEntry] = Field(default_factory=list)
    crew_injuries: list[CrewInjuryEntry] = Field(default_factory=list)
    # The battle recorded in the gang's running campaign that this sequence follows:
    # income is tied to it (never collected twice) and the log names it.
    campaign_battle_id: int | None = None
    # Assign territory. Without a campaign: a note for the report. In a running
    # campaign: the territory that changed hands (by name), `territory_result`
    # won or lost (absent: from `result`), and for a loss who took it
    # (`territory_to`, a gang of the campaign; absent: the campaign battle's
    # winner, else nobody).
    territory: str = ""
    territory_result: Literal["won", "lost"] | None = None
    territory_to: str | None = None
    # Receive rewards: gained in this battle (negative for a loss).
    xp: dict[str, int] = Field(default_factory=dict)
    credits: int = 0
    reputation: int = 0
    # Collect income: the credits collected. In a running campaign with
    # `territory_income`, the income the territories give rolled with its dice
    # (`income`, when given, must be that total); without it, `income` is the
    # amount the player worked out at the table.
    income: int = 0
    territory_income: TerritoryIncome | None = None
    # Post-battle actions.
    medical_escorts: list[MedicalEscortEntry] = Field(default_factory=list)
    captives_sold: list[CaptiveSale] = Field(default_factory=list)
    # Update Roster.
    limited_deleted: list[LimitedDeletion] = Field(default_factory=list)
    sales: list[SaleEntry] = Field(default_factory=list)
    # Seeking Rare and Illegal items: needed to buy one that is not on the house list.
    availability: AvailabilityEntry | None = None
    purchases: list[PurchaseEntry] = Field(default_factory=list)
    boons: str = ""
    # Free recruits and equipment taken from the held territories' boons.
    boons_taken: list[BoonTaken] = Field(default_factory=list)
    moves: list[MoveEntry] = Field(default_factory=list)
    advancements: list[AdvancementEntry] = Field(default_factory=list)
    # Report results.
    notes: str = ""
    # The wizard page the player was on, to resume there.
    page: str | None = None

    def to_json(self) -> dict[str, object]:
        """The dict the wizard saves and a draft file holds (aliases such as `from`)."""
        return self.model_dump(mode="json", by_alias=True, exclude_defaults=True) | {
            "result": self.result
        }
