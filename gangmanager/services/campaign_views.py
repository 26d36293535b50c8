"""What the campaign window, `campaign show` and the report show, made from a
`CampaignState`: typed rows (services/campaign_rows.py), whose JSON is a contract
for players' scripts."""

from __future__ import annotations

from gangmanager.rules import campaign as rules
from gangmanager.services.campaign_queries import CampaignState
from gangmanager.services.campaign_rows import (
    BattleRow,
    BoonRow,
    CampaignView,
    HistoryRow,
    LogRow,
    MemberRow,
    PhaseRow,
    SideRow,
    StandingRow,
    TerritoryRow,
    TriumphRow,
    TypeRow,
)


def campaign_view(state: CampaignState) -> CampaignView:
    """The campaign as the window shows it; `.as_json()` is `campaign show --json`."""
    campaign, ctype = state.campaign, state.ctype
    names = {m.gang_id: m.name for m in campaign.gangs}
    names.update({gid: g.name for gid, g in state.gangs.items()})
    phase = rules.current_phase(campaign, ctype)
    fought = {b.id: b.fought_on for b in campaign.battles if b.id is not None}
    return CampaignView(
        id=campaign.id,
        name=campaign.name,
        ruleset=campaign.ruleset,
        type=TypeRow(ctype.id, ctype.name),
        notes=campaign.notes,
        starts_on=campaign.starts_on,
        ends_on=campaign.ends_on,
        cycle=campaign.cycle,
        cycles=ctype.cycles,
        phase=PhaseRow(phase.id, phase.name, phase.stakes),
        running=campaign.running,
        finished_at=campaign.finished_at,
        gangs=tuple(_member(state, m, names) for m in campaign.gangs),
        territories=tuple(_territory(state, h, names) for h in campaign.holdings),
        standings=tuple(_standing(s) for s in state.standings),
        battles=tuple(_battle(b) for b in campaign.battles),
        triumphs=tuple(
            TriumphRow(t.name, t.summary, t.measure, t.value, tuple(t.gangs))
            for t in state.triumphs
        ),
        log=tuple(
            LogRow(
                e.at,
                fought.get(e.campaign_battle_id or 0, e.at.date()),
                e.cycle,
                e.kind,
                e.text,
                e.campaign_battle_id,
            )
            for e in state.log
        ),
        history=tuple(_point(p) for p in state.history),
    )


def _member(state: CampaignState, m: rules.CampaignGang, names: dict[int, str]) -> MemberRow:
    gang = state.gangs.get(m.gang_id)
    return MemberRow(
        m.gang_id,
        names.get(m.gang_id, m.name),
        gang.house if gang is not None else "",
        m.alignment,
        tuple(h.territory for h in state.campaign.held_by(m.gang_id)),
    )


def _territory(state: CampaignState, h: rules.Holding, names: dict[int, str]) -> TerritoryRow:
    tdef = state.ctype.territory(h.territory)
    member = state.campaign.gang(h.gang_id) if h.gang_id is not None else None
    boons = tdef.boons_for(member.house if member else None) if tdef else []
    return TerritoryRow(
        h.territory,
        names.get(h.gang_id) if h.gang_id is not None else None,
        h.gang_id,
        h.hideout,
        tdef.enhanced_house if tdef else None,
        tuple(BoonRow(b.kind, b.summary) for b in boons),
    )


def _standing(s: rules.Standing) -> StandingRow:
    return StandingRow(
        s.name, s.gang_id, s.rating, s.wealth, s.reputation, s.credits, s.territories,
        s.battles, s.wins, s.out_of_action,
    )  # fmt: skip


def _point(p: rules.Snapshot) -> HistoryRow:
    return HistoryRow(
        p.seq, p.label, p.at, p.gang_name, p.gang_id or None, p.rating, p.wealth, p.reputation,
        p.credits, p.territories,
    )  # fmt: skip


def _battle(b: rules.CampaignBattle) -> BattleRow:
    sides = tuple(
        SideRow(s.gang_name, s.gang_id, s.role, s.result, s.out_of_action, s.income)
        for s in b.sides
    )
    winner = b.winner.gang_name if b.winner else None
    return BattleRow(b.id, b.cycle, b.fought_on, b.scenario, b.territory, winner, b.battle_id,
                     sides, rules.battle_text(b))  # fmt: skip


def campaign_text(state: CampaignState) -> str:
    """A short plain-text summary for `campaign show`."""
    campaign, ctype = state.campaign, state.ctype
    status = "running" if campaign.running else "ended"
    lines = [
        f"{campaign.name}: {ctype.name} ({state.ruleset.name}), {rules.phase_label(campaign, ctype)},"
        f" {status}",
    ]
    if campaign.starts_on or campaign.ends_on:
        lines.append(f"From {campaign.starts_on or '?'} to {campaign.ends_on or '?'}")
    if campaign.notes:
        lines.append(f"Notes: {campaign.notes}")
    lines += ["", "Standings:"]
    lines.append(
        f"  {'Gang':<24} {'Rating':>6} {'Wealth':>6} {'Rep':>4} {'Terr':>4} {'Btl':>4}"
        f" {'Wins':>4} {'OOA':>4}"
    )
    for s in state.standings:
        lines.append(
            f"  {s.name[:24]:<24} {s.rating:>6} {s.wealth:>6} {s.reputation:>4}"
            f" {s.territories:>4} {s.battles:>4} {s.wins:>4} {s.out_of_action:>4}"
        )
    names = {m.gang_id: m.name for m in campaign.gangs}
    held = [h for h in campaign.holdings if h.gang_id is not None and not h.hideout]
    lines += [
        "",
        f"{ctype.resource} held ({len(held)} of {sum(1 for h in campaign.holdings if not h.hideout)}):",
    ]
    lines += [f"  {h.territory}: {names.get(h.gang_id or 0, '?')}" for h in held] or ["  none"]
    lines += ["", "Battles:"]
    lines += [
        f"  {b.fought_on} (cycle {b.cycle}): {rules.battle_text(b)}" for b in campaign.battles
    ] or ["  none yet"]
    title = "Triumphs:" if not campaign.running else "Triumphs (if it ended now):"
    lines += ["", title]
    for t in state.triumphs:
        lines.append(
            f"  {t.name}: {' and '.join(t.gangs) or 'nobody'} ({t.measure.label} {t.value})"
        )
    return "\n".join(lines)
