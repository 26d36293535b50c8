"""The post-battle steps, one module each, by the name a pack's sequence gives them.

A new step is a module here holding one function `(draft, gang, ruleset,
campaign) -> StepResult` (run.py), added to `STEPS`; a pack then names it in
`[post_battle] sequence` (docs/rulesets.md). `STEPS` is in rulebook order: the
order a pack that names no sequence runs.
"""

from __future__ import annotations

from gangmanager.rules.post_battle_steps.advancements import advancements
from gangmanager.rules.post_battle_steps.assign_territory import assign_territory
from gangmanager.rules.post_battle_steps.clean_house import clean_house
from gangmanager.rules.post_battle_steps.collect_income import collect_income
from gangmanager.rules.post_battle_steps.distribute_equipment import distribute_equipment
from gangmanager.rules.post_battle_steps.post_battle_actions import post_battle_actions
from gangmanager.rules.post_battle_steps.rank_advancements import rank_advancements
from gangmanager.rules.post_battle_steps.receive_rewards import receive_rewards
from gangmanager.rules.post_battle_steps.run import CampaignState, Line, Step, StepResult
from gangmanager.rules.post_battle_steps.territory_boons import territory_boons
from gangmanager.rules.post_battle_steps.trading_post import trading_post
from gangmanager.rules.post_battle_steps.update_gang_rating import update_gang_rating
from gangmanager.rules.post_battle_steps.vehicle_damage import vehicle_damage
from gangmanager.rules.post_battle_steps.wrap_up import wrap_up

__all__ = ["STEPS", "CampaignState", "Line", "Step", "StepResult", "unknown_steps"]

STEPS: dict[str, Step] = {
    "wrap_up": wrap_up,
    "vehicle_damage": vehicle_damage,
    "assign_territory": assign_territory,
    "receive_rewards": receive_rewards,
    "collect_income": collect_income,
    "post_battle_actions": post_battle_actions,
    "clean_house": clean_house,
    "trading_post": trading_post,
    "territory_boons": territory_boons,
    "distribute_equipment": distribute_equipment,
    "advancements": advancements,
    # A ranks pack's (n26) owed advancements; nothing for a spend-XP pack.
    "rank_advancements": rank_advancements,
    "update_gang_rating": update_gang_rating,
}


def unknown_steps(sequence: list[str]) -> list[str]:
    """The names of a pack's sequence that are no step here."""
    return [name for name in sequence if name not in STEPS]
