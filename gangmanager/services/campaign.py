"""Campaign use cases, importable from one place as before the split.

The work lives in modules named for what they hold:
`campaign_commands` (the writes, one transaction per user action),
`campaign_queries` (the reads), `campaign_views` (what the window,
`campaign show` and the report show), `campaign_report` (the report file,
written by `printing/campaign_report_file.py`) and `campaign_context` (what
they share). The rules they apply are in `rules/campaign*.py`.
"""

from __future__ import annotations

from gangmanager.persistence.campaign_repository import CampaignSummary
from gangmanager.rules.campaign import (
    Alignment,
    Campaign,
    CampaignBattle,
    IncomeReport,
    LogEntry,
    Snapshot,
    Standing,
    Transfer,
    TriumphAward,
)
from gangmanager.services.campaign_commands import (
    PostBattleWrites,
    add_gang,
    add_log_entry,
    assign_territory,
    collect_income,
    create_campaign,
    end_campaign,
    link_battle,
    next_cycle,
    record_battle,
    record_post_battle,
    record_snapshot,
    remove_gang,
    set_details,
)
from gangmanager.services.campaign_context import (
    BattleResult,
    CampaignResult,
    EndResult,
    IncomeResult,
    UnknownCampaignError,
)
from gangmanager.services.campaign_queries import (
    CampaignState,
    GangTerritories,
    HeldTerritory,
    campaign_battle_for,
    campaign_state,
    gang_campaign,
    held_territories,
    income_for,
    list_campaigns,
    load_campaign,
    post_battle_setting,
    territory_boons,
)
from gangmanager.services.campaign_report import write_report
from gangmanager.services.campaign_views import campaign_text, campaign_view

__all__ = [
    "Alignment",
    "BattleResult",
    "Campaign",
    "CampaignBattle",
    "CampaignResult",
    "CampaignState",
    "CampaignSummary",
    "EndResult",
    "GangTerritories",
    "HeldTerritory",
    "IncomeReport",
    "IncomeResult",
    "LogEntry",
    "PostBattleWrites",
    "Snapshot",
    "Standing",
    "Transfer",
    "TriumphAward",
    "UnknownCampaignError",
    "add_gang",
    "add_log_entry",
    "assign_territory",
    "campaign_battle_for",
    "campaign_state",
    "campaign_text",
    "campaign_view",
    "collect_income",
    "create_campaign",
    "end_campaign",
    "gang_campaign",
    "held_territories",
    "income_for",
    "link_battle",
    "list_campaigns",
    "load_campaign",
    "next_cycle",
    "post_battle_setting",
    "record_battle",
    "record_post_battle",
    "record_snapshot",
    "remove_gang",
    "set_details",
    "territory_boons",
    "write_report",
]
