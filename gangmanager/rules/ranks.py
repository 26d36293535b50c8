"""Where a fighter stands on a ranks pack's ladder (the 2026 edition): the rank their XP
has reached and the advancements owed at it, and the subtypes their type carries, as
the card, the printed card and `show --json` show them."""

from __future__ import annotations

from dataclasses import dataclass

from gangmanager.rules.gang import Fighter
from gangmanager.rules.modifiers import ModifierKind
from gangmanager.rules.ruleset import FighterType, Ruleset
from gangmanager.rules.weapons import trait_key

# The progression kind of the 2026 edition: XP accumulates, advancements owed at ranks.
RANKS = "ranks"


@dataclass(frozen=True)
class Standing:
    """A fighter's rank (None below the first rung) and the advancements owed."""

    rank: str | None
    owed: int

    @property
    def text(self) -> str:
        """'Gang Exemplar · 1 advancement owed', as a card's line shows it."""
        parts = [self.rank or "no rank yet"]
        if self.owed:
            parts.append(f"{self.owed} advancement{'s' if self.owed != 1 else ''} owed")
        return " · ".join(parts)


def type_of(ruleset: Ruleset, house: str | None, fighter: Fighter) -> FighterType | None:
    """The fighter's type: the house's list and the additions, or (a card printed or
    previewed without its gang's house) the first house whose list has the name."""
    found = ruleset.fighter_type(house or None, fighter.type)
    if found is not None or house:
        return found
    key = trait_key(fighter.type)
    return next(
        (t for h in ruleset.houses for t in h.fighter_types if trait_key(t.name) == key), None
    )


def standing(ruleset: Ruleset, house: str | None, fighter: Fighter) -> Standing | None:
    """The rank and owed advancements; None in a pack whose fighters spend XP (n23).
    Ranks count from the type's Starting XP; advancements on the fighter are taken."""
    progression = ruleset.progression
    if progression.kind != RANKS:
        return None
    kind = type_of(ruleset, house, fighter)
    start = kind.starting_xp if kind is not None and kind.starting_xp is not None else 0
    rank = progression.rank_for(fighter.xp)
    taken = sum(m.kind is ModifierKind.ADVANCEMENT for m in fighter.modifiers)
    return Standing(
        rank.name if rank is not None else None,
        progression.advancements_owed(start, fighter.xp, taken),
    )


def subtypes(ruleset: Ruleset, house: str | None, fighter: Fighter) -> list[str]:
    """The subtypes the fighter's type carries (Leader, Champion, Loner ...); none in a
    pack without them."""
    kind = type_of(ruleset, house, fighter)
    return list(kind.subtypes) if kind is not None else []
