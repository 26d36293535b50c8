"""What a pack says about vehicles in battle and after it (`vehicle_rules.toml`).

A vehicle is a fighter whose profile is keyed by the pack's vehicle statline. These
rules name the characteristics the battle reads (Hull Points, the save, one
Toughness per arc), the statuses a vehicle may be in, the Damage and Location dice
and what each pair does, and the post-battle tables: Lasting Damage for a vehicle,
Lasting Injuries for its crew, and what a repair costs. The code reads them; no
number of the rules is written in it.
"""

from __future__ import annotations

from pydantic import Field, model_validator

from gangmanager.rules.gang import FighterStatus
from gangmanager.rules.limits import quoted
from gangmanager.rules.rolled_rows import RolledRow
from gangmanager.rules.ruleset_base import _Strict

ARCS: tuple[str, ...] = ("front", "side", "rear")


class VehicleDamage(_Strict):
    """What one Damage dice result does at one location (`body` x `glancing`)."""

    location: str = Field(min_length=1)
    hit: str = Field(min_length=1)
    name: str = Field(min_length=1)
    summary: str = ""
    # Hull Points lost (0: none).
    hull: int = Field(default=0, ge=0, le=10)
    # Statuses the vehicle takes at once (names from `statuses`).
    statuses: list[str] = Field(default_factory=list)
    # What the table still does by hand (a Handling check, a Loss of Control test).
    table: str = ""


class VehicleTableRow(RolledRow):
    """A row of a post-battle table (Lasting Damage: a D6; the crew's injuries: a D66)."""

    name: str = Field(min_length=1)
    summary: str = ""
    # Steps, as in a modifier ({ Fr = -1 } is one step worse).
    changes: dict[str, int] = Field(default_factory=dict)
    status: FighterStatus | None = None
    xp: str | None = None
    # Each time the vehicle has this result, later Lasting Damage rolls add this much.
    adds_to_roll: int = Field(default=0, ge=0, le=6)


class LastingDamage(_Strict):
    """The roll after a battle for a vehicle Wrecked in it: a D6 table (totals past 6 too)."""

    table: list[VehicleTableRow] = Field(min_length=1)

    def row(self, total: int) -> VehicleTableRow | None:
        return next((r for r in self.table if r.covers(total)), None)


class VehicleRepair(_Strict):
    """A repair bought after a battle: a share of the vehicle's value, rounded up."""

    name: str = Field(min_length=1)
    summary: str = ""
    # Per cent of the vehicle's cost and its upgrades (weapons left out).
    percent: int = Field(ge=0, le=100)
    round_up_to: int = Field(default=5, ge=1)

    def cost(self, value: int) -> int:
        raw = -(-value * self.percent // 100)
        return -(-raw // self.round_up_to) * self.round_up_to


class VehicleRules(_Strict):
    """The pack's vehicle rules; a pack without them has no vehicles in battle."""

    statline: str = "vehicle"
    hull: str = "HP"
    save: str = "Sv"
    # The Toughness each arc is hit on, by arc: front, side and rear.
    arcs: dict[str, str]
    # Every status or marker a vehicle may carry in battle, as the pack names them.
    statuses: list[str] = Field(min_length=1)
    # The status at 0 Hull Points (one of `statuses`): the vehicle plays no further part.
    wrecked: str = "Wrecked"
    # The Damage dice's faces (1 to 6, in order) and the Location dice's.
    damage_dice: list[str] = Field(min_length=6, max_length=6)
    location_dice: list[str] = Field(min_length=6, max_length=6)
    # Of several Damage dice for one hit, the most severe is kept (the hits' order, mildest first).
    hits: list[str] = Field(min_length=1)
    damage: list[VehicleDamage] = Field(min_length=1)
    lasting_damage: LastingDamage
    crew_injuries: list[VehicleTableRow] = Field(min_length=1)
    repairs: list[VehicleRepair] = Field(default_factory=list)

    @model_validator(mode="after")
    def _consistent(self) -> VehicleRules:
        if set(self.arcs) != set(ARCS):
            raise ValueError(f"arcs must name {', '.join(ARCS)}")
        known = {s.casefold() for s in self.statuses}
        if self.wrecked.casefold() not in known:
            raise ValueError(f"wrecked status {quoted(self.wrecked)} is not in statuses")
        hits = {h.casefold() for h in self.hits}
        for face in self.damage_dice:
            if face.casefold() not in hits:
                raise ValueError(f"damage dice face {quoted(face)} is not one of hits")
        for row in self.damage:
            for status in row.statuses:
                if status.casefold() not in known:
                    raise ValueError(f"{row.name}: status {quoted(status)} is not in statuses")
        for location in {f.casefold() for f in self.location_dice}:
            for hit in hits:
                if self.effect(location, hit) is None:
                    raise ValueError(
                        f"no damage for location {quoted(location)}, hit {quoted(hit)}"
                    )
        return self

    def arc_code(self, arc: str) -> str:
        return self.arcs[arc]

    def status(self, name: str) -> str | None:
        """The pack's spelling of a status, any case; None if it has none of that name."""
        wanted = name.strip().replace("_", " ").casefold()
        return next((s for s in self.statuses if s.casefold() == wanted), None)

    def effect(self, location: str, hit: str) -> VehicleDamage | None:
        loc, kind = location.casefold(), hit.casefold()
        return next(
            (d for d in self.damage if d.location.casefold() == loc and d.hit.casefold() == kind),
            None,
        )

    def severity(self, hit: str) -> int:
        return [h.casefold() for h in self.hits].index(hit.casefold())

    def crew_injury(self, roll: int) -> VehicleTableRow | None:
        return next((r for r in self.crew_injuries if r.covers(roll)), None)

    def repair(self, name: str) -> VehicleRepair | None:
        wanted = name.strip().casefold()
        return next((r for r in self.repairs if r.name.casefold() == wanted), None)
