"""What a pack drops (`dropped`, the 2026 edition's four) is gated off where the code
has the rule, and stays for a pack that keeps it: Outlaw gangs in a campaign, and
captives sold to the Guilders after a battle."""

from __future__ import annotations

import pytest

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.rules import campaign as rules
from gangmanager.rules.campaign import Alignment, CampaignError
from gangmanager.rules.gang import Gang
from gangmanager.rules.post_battle_draft import CaptiveSale, PostBattleDraft
from gangmanager.rules.post_battle_steps.post_battle_actions import post_battle_actions
from gangmanager.rules.post_battle_steps.run import CampaignState
from gangmanager.rules.ruleset import Ruleset

N23 = load_ruleset("n23", [builtin_rulesets_dir()])
DOMINION = rules.campaign_type_of(N23, "dominion")


def dropping(*rules_dropped: str) -> Ruleset:
    return N23.model_copy(update={"dropped": list(rules_dropped)})


def test_an_outlaw_gang_is_refused_where_the_pack_drops_alignment() -> None:
    gang = Gang(id=1, name="Night Veils", house="Escher")
    campaign = rules.new_campaign("Ash Wars", N23, DOMINION)
    without = dropping("law_abiding_outlaw")
    with pytest.raises(CampaignError, match="has no Law-abiding and Outlaw gangs"):
        rules.join(campaign, DOMINION, gang, without, Alignment.OUTLAW)
    joined, _ = rules.join(campaign, DOMINION, gang, without)
    assert joined.gang(1) is not None
    # n23 keeps the rule.
    outlaws, _ = rules.join(campaign, DOMINION, gang, N23, Alignment.OUTLAW)
    member = outlaws.gang(1)
    assert member is not None and member.alignment is Alignment.OUTLAW


def test_captives_are_not_sold_where_the_pack_drops_selling() -> None:
    draft = PostBattleDraft(result="win", captives_sold=[CaptiveSale(name="Grakk", value=90)])
    gang = Gang(id=1, name="Night Veils", house="Escher", credits=10)
    refused = post_battle_actions(draft, gang, dropping("sell_fighters"), CampaignState())
    assert refused.problems == ("this ruleset has no selling of captives to the Guilders",)
    assert refused.gang.credits == 10
    sold = post_battle_actions(draft, gang, N23, CampaignState())
    assert sold.problems == () and sold.gang.credits == 55


def test_the_n26_pack_drops_all_four() -> None:
    n26 = load_ruleset("n26", [builtin_rulesets_dir()])
    assert sorted(n26.dropped) == [
        "chem_alchemy", "law_abiding_outlaw", "master_crafted_weapons", "sell_fighters",
    ]  # fmt: skip
