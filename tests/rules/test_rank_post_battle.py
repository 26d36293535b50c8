"""A post-battle of a ranks pack (n26, issue 26): XP earned accumulates, a fighter who
begins a new rank owes an advancement and the report says so; taking one spends no XP
and lowers what is owed by one; the rating moves only at Update Roster."""

from __future__ import annotations

import pytest

from gangmanager.rules import ratings
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.post_battle import DraftError, apply_draft, preview_steps
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.rules.post_battle_report import FighterReport
from gangmanager.rules.rank_advancements import owed
from gangmanager.rules.roster_ops import recruit
from gangmanager.rules.ruleset import Ruleset
from gangmanager.services.rulesets import Rulesets
from tests.narrowing import present


@pytest.fixture(scope="module")
def n26() -> Ruleset:
    return Rulesets().get("n26")


def _gang(n26: Ruleset) -> Gang:
    sister = present(n26.fighter_type("escher", "Gang Sister"))
    queen = present(n26.fighter_type("escher", "Gang Queen"))
    # Each on the XP its type is recruited with (its Starting XP).
    fighters = [
        recruit(kind, name, n26).model_copy(update={"xp": present(kind.starting_xp)})
        for kind, name in ((sister, "Nyx"), (queen, "Vex"))
    ]
    return ratings.update_roster(
        Gang(name="Wyld", house="escher", ruleset="n26", credits=100, fighters=fighters)
    )


def _draft(**fields: object) -> PostBattleDraft:
    return PostBattleDraft.model_validate({"result": "win", **fields})


def _next_rank_gain(n26: Ruleset, fighter: Fighter) -> int:
    """The XP that takes `fighter` onto the next rung of the ladder exactly."""
    return next(r.xp for r in n26.progression.ranks if r.xp > fighter.xp) - fighter.xp


def _lines(report_fighter: FighterReport) -> list[str]:
    return [c.text for c in report_fighter.changes]


def test_xp_reaching_a_rank_owes_an_advancement_and_the_report_says_so(n26: Ruleset) -> None:
    gang = _gang(n26)
    nyx = gang.fighters[0]
    gain = _next_rank_gain(n26, nyx)
    after, report = apply_draft(n26, gang, _draft(xp={"Nyx": gain}))
    rank = present(n26.progression.rank_for(nyx.xp + gain))
    assert after.fighters[0].xp == nyx.xp + gain
    assert owed(n26, "escher", after.fighters[0]) == 1
    lines = _lines(report.fighters[0])
    assert any(f"{rank.name} (from {rank.xp} XP); 1 advancement owed" in t for t in lines)
    assert any("1 advancement still owed" in t for t in lines)
    # XP short of the next rank owes nothing and reports no rank.
    short, report = apply_draft(n26, gang, _draft(xp={"Nyx": gain - 1}))
    assert owed(n26, "escher", short.fighters[0]) == 0
    assert not any("rank" in t for t in _lines(report.fighters[0]))


def test_taking_the_owed_advancement_keeps_the_xp_and_lowers_what_is_owed(n26: Ruleset) -> None:
    gang = _gang(n26)
    nyx = gang.fighters[0]
    gain = _next_rank_gain(n26, nyx)
    draft = _draft(
        xp={"Nyx": gain}, advancements=[{"fighter": "Nyx", "advancement": "ws", "roll": 9}]
    )
    after, report = apply_draft(n26, gang, draft)
    taken = after.fighters[0]
    table = n26.table_for(taken.profile)
    assert taken.xp == nyx.xp + gain  # no XP spent
    assert owed(n26, "escher", taken) == 0
    assert table["WS"].print(taken.effective(table).values["WS"]) == "3+"
    assert table["WS"].print(nyx.effective(table).values["WS"]) == "4+"
    # The credits go on the fighter's cost, committed at Update Roster (the last step).
    assert ratings.committed_fighter_rating(taken) == ratings.committed_fighter_rating(nyx) + 15
    assert "Nyx: advancement 2D6 rolled 9" in report.rolls
    assert any(
        "no XP spent" in t and "0 advancements still owed" in t for t in _lines(report.fighters[0])
    )


def test_the_rating_waits_for_update_roster(n26: Ruleset) -> None:
    gang = _gang(n26)
    nyx = gang.fighters[0]
    draft = _draft(
        xp={"Nyx": _next_rank_gain(n26, nyx)},
        advancements=[{"fighter": "Nyx", "advancement": "s"}],
    )
    before_update, problems, _ = preview_steps(n26, gang, draft, "rank_advancements")
    assert problems == []
    advanced = before_update.fighters[0]
    assert ratings.committed_fighter_rating(advanced) == ratings.committed_fighter_rating(nyx)
    assert ratings.pending_fighter_rating(advanced) == ratings.committed_fighter_rating(nyx) + 20


def test_an_advancement_not_owed_is_refused_and_nothing_applies(n26: Ruleset) -> None:
    gang = _gang(n26)
    nyx = gang.fighters[0]
    one_rank = _draft(
        xp={"Nyx": _next_rank_gain(n26, nyx)},
        advancements=[
            {"fighter": "Nyx", "advancement": "ws"},
            {"fighter": "Nyx", "advancement": "bs"},
        ],
    )
    with pytest.raises(DraftError) as refused:
        apply_draft(n26, gang, one_rank)
    assert len(refused.value.problems) == 1
    assert "Nyx owes no advancement" in refused.value.problems[0]
    with pytest.raises(DraftError, match="Vex owes no advancement"):
        apply_draft(n26, gang, _draft(advancements=[{"fighter": "Vex", "advancement": "m"}]))


def test_a_skill_advancement_takes_a_skill_of_the_type_s_sets(n26: Ruleset) -> None:
    gang = _gang(n26)
    nyx = gang.fighters[0]
    gain = _next_rank_gain(n26, nyx)
    chosen = _draft(
        xp={"Nyx": gain},
        advancements=[{"fighter": "Nyx", "advancement": "secondary_chosen", "skill": "Headbutt"}],
    )
    after, _ = apply_draft(n26, gang, chosen)
    assert "Headbutt" in after.fighters[0].skills
    assert after.fighters[0].xp == nyx.xp + gain
    # Savant is no set of a Gang Sister: refused.
    wrong = _draft(
        xp={"Nyx": gain},
        advancements=[{"fighter": "Nyx", "advancement": "primary_chosen", "skill": "Medicate"}],
    )
    with pytest.raises(DraftError, match="Savant"):
        apply_draft(n26, gang, wrong)


def test_a_spend_xp_pack_is_untouched_by_the_rank_step() -> None:
    n23 = Rulesets().get("n23")
    assert "rank_advancements" not in present(n23.post_battle.sequence)
    leader = n23.houses[0].fighter_types[0]
    gang = Gang(name="Old", house=n23.houses[0].id, fighters=[recruit(leader, "Ash", n23)])
    gang = gang.model_copy(update={"fighters": [gang.fighters[0].model_copy(update={"xp": 10})]})
    after, report = apply_draft(
        n23, gang, _draft(advancements=[{"fighter": "Ash", "advancement": "bs"}])
    )
    assert after.fighters[0].xp == 10 - 6  # n23 still spends XP
    assert not any("owed" in t for t in _lines(report.fighters[0]))
