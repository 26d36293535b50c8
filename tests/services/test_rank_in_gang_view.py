"""`show --json` of a ranks pack (n26): each fighter's rank and the advancements owed
at it (issue 26: XP accumulates; an advancement is owed at each new rank)."""

from __future__ import annotations

from gangmanager.rules.gang import Gang
from gangmanager.rules.modifiers import Modifier, ModifierKind
from gangmanager.rules.roster_ops import recruit
from gangmanager.services.gang_view import gang_view
from gangmanager.services.rulesets import Rulesets
from tests.narrowing import present


def _shown(xp: int, advancements: int = 0) -> dict[str, object]:
    n26 = Rulesets().get("n26")
    queen = present(n26.fighter_type("escher", "Gang Queen"))
    fighter = recruit(queen, "Vex", n26)
    taken = [
        Modifier(source=f"Advancement {i}", kind=ModifierKind.ADVANCEMENT)
        for i in range(advancements)
    ]
    fighter = fighter.model_copy(update={"xp": xp, "modifiers": taken})
    gang = Gang(name="Wyld", house="escher", ruleset="n26", fighters=[fighter])
    shown: dict[str, object] = gang_view(gang, n26)["fighters"][0]
    return shown


def test_a_fighter_at_its_starting_xp_owes_nothing() -> None:
    n26 = Rulesets().get("n26")
    start = present(present(n26.fighter_type("escher", "Gang Queen")).starting_xp)
    shown = _shown(start)
    assert shown["rank"] == present(n26.progression.rank_for(start)).name
    assert shown["advancements_owed"] == 0


def test_each_new_rank_owes_one_until_taken() -> None:
    n26 = Rulesets().get("n26")
    start = present(present(n26.fighter_type("escher", "Gang Queen")).starting_xp)
    later = [r for r in n26.progression.ranks if r.xp > start][:2]
    assert len(later) == 2
    assert _shown(later[0].xp)["advancements_owed"] == 1
    assert _shown(later[0].xp - 1)["advancements_owed"] == 0
    assert _shown(later[1].xp)["advancements_owed"] == 2
    assert _shown(later[1].xp, advancements=1)["advancements_owed"] == 1
    assert _shown(later[1].xp)["rank"] == later[1].name


def test_a_spend_xp_pack_shows_no_rank() -> None:
    n23 = Rulesets().get("n23")
    leader = n23.houses[0].fighter_types[0]
    gang = Gang(name="Old", house=n23.houses[0].id, fighters=[recruit(leader, "Ash", n23)])
    shown = gang_view(gang, n23)["fighters"][0]
    assert "rank" not in shown and "advancements_owed" not in shown
