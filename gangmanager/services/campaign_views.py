"""What the campaign window, `campaign show` and the report show, made from a
`CampaignState` (plain data; the JSON is a contract for players' scripts)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from gangmanager.rules import campaign as rules
from gangmanager.services.campaign_queries import CampaignState


def _iso(value: date | datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def campaign_view(state: CampaignState) -> dict[str, Any]:
    """The campaign as `campaign show --json` prints it (a contract for players' scripts)."""
    campaign, ctype = state.campaign, state.ctype
    names = {m.gang_id: m.name for m in campaign.gangs}
    names.update({gid: g.name for gid, g in state.gangs.items()})
    phase = rules.current_phase(campaign, ctype)
    fought = {b.id: b.fought_on for b in campaign.battles if b.id is not None}

    def territory(h: rules.Holding) -> dict[str, Any]:
        tdef = ctype.territory(h.territory)
        member = campaign.gang(h.gang_id) if h.gang_id is not None else None
        boons = tdef.boons_for(member.house if member else None) if tdef else []
        return {
            "name": h.territory,
            "holder": names.get(h.gang_id) if h.gang_id is not None else None,
            "holder_id": h.gang_id,
            "hideout": h.hideout,
            "enhanced_house": tdef.enhanced_house if tdef else None,
            "boons": [{"kind": b.kind.value, "summary": b.summary} for b in boons],
        }

    return {
        "id": campaign.id,
        "name": campaign.name,
        "ruleset": campaign.ruleset,
        "type": {"id": ctype.id, "name": ctype.name},
        "notes": campaign.notes,
        "starts_on": _iso(campaign.starts_on),
        "ends_on": _iso(campaign.ends_on),
        "cycle": campaign.cycle,
        "cycles": ctype.cycles,
        "phase": {"id": phase.id, "name": phase.name, "stakes": phase.stakes.value},
        "running": campaign.running,
        "finished_at": _iso(campaign.finished_at),
        "gangs": [
            {
                "id": m.gang_id,
                "name": names.get(m.gang_id, m.name),
                "house": state.gangs[m.gang_id].house if m.gang_id in state.gangs else "",
                "alignment": m.alignment.value,
                "territories": [h.territory for h in campaign.held_by(m.gang_id)],
            }
            for m in campaign.gangs
        ],
        "territories": [territory(h) for h in campaign.holdings],
        "standings": [
            {
                "gang": s.name,
                "gang_id": s.gang_id,
                "rating": s.rating,
                "wealth": s.wealth,
                "reputation": s.reputation,
                "credits": s.credits,
                "territories": s.territories,
                "battles": s.battles,
                "wins": s.wins,
                "out_of_action": s.out_of_action,
            }
            for s in state.standings
        ],
        "battles": [
            {
                "id": b.id,
                "cycle": b.cycle,
                "date": b.fought_on.isoformat(),
                "scenario": b.scenario,
                "territory": b.territory,
                "winner": b.winner.gang_name if b.winner else None,
                "battle_id": b.battle_id,
                "gangs": [
                    {
                        "name": s.gang_name,
                        "id": s.gang_id,
                        "role": s.role.value,
                        "result": s.result.value,
                        "out_of_action": s.out_of_action,
                        "income": s.income,
                    }
                    for s in b.sides
                ],
                "text": rules.battle_text(b),
            }
            for b in campaign.battles
        ],
        # Provisional while the campaign runs; final once it has ended.
        "triumphs": [
            {
                "name": t.name,
                "summary": t.summary,
                "measure": t.measure.value,
                "value": t.value,
                "gangs": list(t.gangs),
            }
            for t in state.triumphs
        ],
        # `date`: the battle's date for what a battle brought, else the day it was logged.
        "log": [
            {
                "at": _iso(e.at),
                "date": fought.get(e.campaign_battle_id or 0, e.at.date()).isoformat(),
                "cycle": e.cycle,
                "kind": e.kind,
                "text": e.text,
                "campaign_battle_id": e.campaign_battle_id,
            }
            for e in state.log
        ],
        "history": [
            {
                "seq": p.seq,
                "label": p.label,
                "at": _iso(p.at),
                "gang": p.gang_name,
                "gang_id": p.gang_id or None,
                "rating": p.rating,
                "wealth": p.wealth,
                "reputation": p.reputation,
                "credits": p.credits,
                "territories": p.territories,
            }
            for p in state.history
        ],
    }


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
