"""The numbers an attack is resolved with, as pack data (`[attack]` in pack.toml).

The defaults are the 2023 core's; a house pack changes any key it needs.
Figures with one public source only are marked `[?]` in n23's pack.toml.
"""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator

InjuryFace = Literal["flesh_wound", "seriously_injured", "out_of_action"]
_F = TypeVar("_F")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class WoundTable(_Strict):
    """The D6 a hit needs to wound, from the attack's Strength against the Toughness."""

    double_or_more: int = Field(default=2, ge=2, le=7)
    greater: int = Field(default=3, ge=2, le=7)
    equal: int = Field(default=4, ge=2, le=7)
    lower: int = Field(default=5, ge=2, le=7)
    half_or_less: int = Field(default=6, ge=2, le=7)

    def target(self, strength: int, toughness: int) -> int:
        if strength >= 2 * toughness:
            return self.double_or_more
        if strength > toughness:
            return self.greater
        if strength == toughness:
            return self.equal
        if 2 * strength <= toughness:
            return self.half_or_less
        return self.lower


class FirepowerFace(_Strict):
    hits: int = Field(ge=0)
    ammo: bool = False


def _firepower_default() -> list[FirepowerFace]:
    return [
        FirepowerFace(hits=1, ammo=True),
        FirepowerFace(hits=1),
        FirepowerFace(hits=1),
        FirepowerFace(hits=2),
        FirepowerFace(hits=2),
        FirepowerFace(hits=3),
    ]


def _injury_default() -> list[InjuryFace]:
    return [
        "out_of_action",
        "seriously_injured",
        "seriously_injured",
        "flesh_wound",
        "flesh_wound",
        "flesh_wound",
    ]


class BattleXp(_Strict):
    """XP an attacker earns for what their attacks did to enemy fighters."""

    seriously_injured: int = Field(default=1, ge=0)
    out_of_action: int = Field(default=2, ge=0)
    # Added when the enemy so treated was a Leader or Champion.
    leader_or_champion: int = Field(default=1, ge=0)


class AttackRules(_Strict):
    wound_table: WoundTable = Field(default_factory=WoundTable)
    # The six faces of a Firepower die, a D6 of 1 to 6 read as face 1 to 6.
    firepower_dice: list[FirepowerFace] = Field(default_factory=_firepower_default)
    # The six faces of an Injury die, likewise.
    injury_dice: list[InjuryFace] = Field(default_factory=_injury_default)
    # A fighter hit by a ranged attack while Active goes Prone and Pinned.
    hit_pins: bool = True
    xp: BattleXp = Field(default_factory=BattleXp)
    # Close combat: attack dice on top of the Attacks characteristic.
    charge_attacks: int = Field(default=1, ge=0)
    second_weapon_attacks: int = Field(default=1, ge=0)
    # What this pack's attacks need that the attack steps (the 2023 core's) do not
    # have; any: the `attack` event is refused naming them (the 2026 edition).
    unresolved: list[str] = Field(default_factory=list)

    @field_validator("firepower_dice", "injury_dice")
    @classmethod
    def _six_faces(cls, faces: list[object]) -> list[object]:
        if len(faces) != 6:
            raise ValueError(f"a die has 6 faces, got {len(faces)}")
        return faces

    def firepower_face(self, roll: int) -> FirepowerFace:
        return _face(self.firepower_dice, roll)

    def injury_face(self, roll: int) -> InjuryFace:
        return _face(self.injury_dice, roll)


def _face(faces: list[_F], roll: int) -> _F:
    """`faces[roll - 1]`, found by comparing the roll with where each run of equal faces
    ends: the odds' traced dice then learn which face came up, not which number."""
    if not 1 <= roll <= len(faces):
        raise IndexError(f"a die of {len(faces)} faces shows 1 to {len(faces)}, not {roll}")
    for end, face in _runs(faces):
        if roll <= end:
            return face
    raise AssertionError("unreachable: the last face ends a run")


# The runs of each die's faces, by the list's id (the list is kept, so the id stays its own).
_RUNS: dict[int, tuple[list[Any], list[tuple[int, Any]]]] = {}


def _runs(faces: list[_F]) -> list[tuple[int, _F]]:
    """(last number, face) for each run of equal faces: 1-3 flesh wound, 4-5 ..."""
    kept = _RUNS.get(id(faces))
    if kept is None or kept[0] is not faces:
        runs = [
            (end, face)
            for end, face in enumerate(faces, start=1)
            if end == len(faces) or faces[end] != face
        ]
        _RUNS[id(faces)] = kept = (faces, runs)
    return kept[1]
