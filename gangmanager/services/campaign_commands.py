"""Campaign commands that set a campaign up and close it: a new campaign, a gang
joining or leaving, its details, the next cycle, the end and its Triumphs; one
transaction per user action, each returning what changed. A battle and what follows
it (territory, income, log, history) are in services/campaign_battle_commands.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any, Protocol, TypeVar

from gangmanager.persistence.campaign_repository import campaigns
from gangmanager.rules import campaign as rules
from gangmanager.rules.campaign import (
    Alignment,
)
from gangmanager.rules.campaign_sides import reputation_after
from gangmanager.rules.default_ruleset import DEFAULT_RULESET
from gangmanager.rules.limits import quoted
from gangmanager.services.campaign_context import (
    CampaignContext,
    CampaignResult,
    EndResult,
    campaign_name,
    context_of,
    find_campaign,
    now,
    refused,
)
from gangmanager.services.changes import Changes
from gangmanager.services.errors import ServiceError
from gangmanager.services.operations import Action, Context, Outcome, changes_written, performer

# ------------------------------------------------------------------ set-up


@dataclass(frozen=True)
class CreateCampaign(Action[CampaignResult]):
    """A new campaign with every territory of its type in play, unclaimed."""

    name: str
    type_id: str = "dominion"
    ruleset_id: str = DEFAULT_RULESET
    starts_on: date | None = None
    ends_on: date | None = None
    notes: str = ""

    def run(self, ctx: Context) -> Outcome[CampaignResult]:
        name = campaign_name(self.name)
        if (
            self.starts_on is not None
            and self.ends_on is not None
            and self.ends_on < self.starts_on
        ):
            raise ServiceError(
                f"the campaign ends ({self.ends_on}) before it starts ({self.starts_on})"
            )
        ruleset = ctx.rulesets.get(self.ruleset_id)
        with refused():
            ctype = rules.campaign_type_of(ruleset, self.type_id)
        campaign = rules.new_campaign(
            name, ruleset, ctype, starts_on=self.starts_on, ends_on=self.ends_on, notes=self.notes
        )
        repo = campaigns(ctx.uow)
        if any(n.casefold() == name.casefold() for n in repo.names()):
            raise ServiceError(f"a campaign named {quoted(name)} exists already")
        stored = repo.add(campaign)
        assert stored.id is not None
        context = CampaignContext(ctx.uow, repo, stored, ruleset, ctype)
        text = context.log(
            "campaign",
            f"{ctype.name} campaign {quoted(name)} set up with {len(ctype.territories)} territories"
            f" ({ruleset.name}).",
        )
        result = CampaignResult(stored, changes_written(ctx.uow, (text,)))
        return _outcome(result, "New campaign")


create_campaign = performer(CreateCampaign)


@dataclass(frozen=True)
class AddCampaignGang(Action[CampaignResult]):
    """Enter a gang: it gets its hideout (and the Reputation that comes with it)."""

    campaign_ref: str
    gang_ref: str
    alignment: Alignment = Alignment.LAW_ABIDING

    def run(self, ctx: Context) -> Outcome[CampaignResult]:
        context = context_of(ctx.uow, ctx.rulesets, self.campaign_ref)
        gang = context.gang(self.gang_ref)
        assert gang.id is not None
        running = context.repo.running_campaign_of(gang.id)
        if running is not None and running[0] != context.id:
            raise ServiceError(
                f"{quoted(gang.name)} already takes part in the campaign {quoted(running[1])}"
            )
        with refused():
            campaign, gained = rules.join(
                context.campaign, context.ctype, gang, context.ruleset, self.alignment
            )
        campaign = context.repo.save(campaign)
        hideout = context.ctype.hideout
        messages = [
            f"{gang.name} joins the campaign"
            + (f", with its hideout ({hideout})." if hideout is not None else ".")
        ]
        if gained:
            # `update` writes the gang row only: the fighters keep their rows (and ids), so
            # undo steps of earlier roster edits stay good.
            gang = ctx.uow.gangs.update(
                gang.model_copy(update={"reputation": reputation_after(gang.reputation, gained)})
            )
            messages.append(f"{gang.name} Reputation +{gained} while it holds its hideout.")
        context = CampaignContext(ctx.uow, context.repo, campaign, context.ruleset, context.ctype)
        for text in messages:
            context.log("campaign", text)
        context.snapshot(f"{gang.name} joins")
        result = CampaignResult(campaign, changes_written(ctx.uow, messages))
        return _outcome(result, "Add gang")


add_gang = performer(AddCampaignGang)


@dataclass(frozen=True)
class RemoveCampaignGang(Action[CampaignResult]):
    """Take a gang out of the campaign: its hideout goes, its territories are unclaimed,
    the Reputation they gave goes with them; its battles stay in the record."""

    campaign_ref: str
    gang_ref: str

    def run(self, ctx: Context) -> Outcome[CampaignResult]:
        context = context_of(ctx.uow, ctx.rulesets, self.campaign_ref)
        gang = context.member(self.gang_ref)
        assert gang.id is not None
        held = [h.territory for h in context.campaign.held_by(gang.id, hideout=False)]
        with refused():
            campaign, lost = rules.leave(context.campaign, context.ctype, gang.id)
        campaign = context.repo.save(campaign)
        text = f"{gang.name} leaves the campaign"
        text += f"; unclaimed again: {', '.join(held)}." if held else "."
        messages = [text]
        if lost:
            # `update` writes the gang row only, not the fighters' rows again.
            gang = ctx.uow.gangs.update(
                gang.model_copy(update={"reputation": reputation_after(gang.reputation, -lost)})
            )
            messages.append(f"{gang.name} Reputation -{lost} with what it held.")
        context = CampaignContext(ctx.uow, context.repo, campaign, context.ruleset, context.ctype)
        for line in messages:
            context.log("campaign", line)
        context.snapshot(f"{gang.name} leaves")
        result = CampaignResult(campaign, changes_written(ctx.uow, messages))
        return _outcome(result, "Remove gang")


remove_gang = performer(RemoveCampaignGang)


@dataclass(frozen=True)
class SetCampaignDetails(Action[CampaignResult]):
    """Change the name, the arbitrator's notes or the dates (None keeps a value)."""

    campaign_ref: str
    name: str | None = None
    notes: str | None = None
    starts_on: date | None = None
    ends_on: date | None = None
    version: int | None = None

    def run(self, ctx: Context) -> Outcome[CampaignResult]:
        name = self.name
        repo = campaigns(ctx.uow)
        campaign = find_campaign(repo, self.campaign_ref)
        update: dict[str, Any] = {}
        if name is not None and campaign_name(name) != campaign.name:
            name = campaign_name(name)
            if any(n.casefold() == name.casefold() for n in repo.names()):
                raise ServiceError(f"a campaign named {quoted(name)} exists already")
            update["name"] = name
        if self.notes is not None:
            update["notes"] = self.notes
        if self.starts_on is not None:
            update["starts_on"] = self.starts_on
        if self.ends_on is not None:
            update["ends_on"] = self.ends_on
        if self.version is not None:
            update["version"] = self.version
        changed = campaign.model_copy(update=update)
        if changed.starts_on and changed.ends_on and changed.ends_on < changed.starts_on:
            raise ServiceError(
                f"the campaign ends ({changed.ends_on}) before it starts ({changed.starts_on})"
            )
        stored = repo.save(changed)
        result = CampaignResult(stored, changes_written(ctx.uow))
        return _outcome(result, "Edit campaign")


set_details = performer(SetCampaignDetails)


@dataclass(frozen=True)
class NextCycle(Action[CampaignResult]):
    """The arbitrator closes the cycle; the log says which phase begins."""

    campaign_ref: str

    def run(self, ctx: Context) -> Outcome[CampaignResult]:
        context = context_of(ctx.uow, ctx.rulesets, self.campaign_ref)
        if not context.campaign.running:
            raise ServiceError(f"campaign {quoted(context.campaign.name)} has ended")
        before = rules.current_phase(context.campaign, context.ctype)
        campaign = context.repo.save(
            context.campaign.model_copy(update={"cycle": context.campaign.cycle + 1})
        )
        context = CampaignContext(ctx.uow, context.repo, campaign, context.ruleset, context.ctype)
        after = rules.current_phase(campaign, context.ctype)
        text = f"Cycle {campaign.cycle} begins"
        if after.id != before.id:
            text += f": the {after.name} phase. {after.summary}".rstrip()
        else:
            text += f" ({after.name} phase)."
        context.log("campaign", text)
        result = CampaignResult(campaign, changes_written(ctx.uow, (text,)))
        return _outcome(result, "Next cycle")


next_cycle = performer(NextCycle)


# ------------------------------------------------------------------ the end


@dataclass(frozen=True)
class EndCampaign(Action[EndResult]):
    """Close the campaign and award the Triumphs (logged)."""

    campaign_ref: str

    def run(self, ctx: Context) -> Outcome[EndResult]:
        context = context_of(ctx.uow, ctx.rulesets, self.campaign_ref)
        if not context.campaign.running:
            raise ServiceError(f"campaign {quoted(context.campaign.name)} has ended already")
        gangs = context.gangs()
        awards = rules.triumphs(context.ctype, rules.standings(context.campaign, gangs))
        campaign = context.repo.save(context.campaign.model_copy(update={"finished_at": now()}))
        context = CampaignContext(ctx.uow, context.repo, campaign, context.ruleset, context.ctype)
        context.snapshot("End")
        messages = [context.log("campaign", "The campaign ends.")]
        for award in awards:
            who = " and ".join(award.gangs) or "nobody"
            messages.append(
                context.log(
                    "triumph", f"{award.name}: {who} ({award.measure.label} {award.value})."
                )
            )
        result = EndResult(campaign, awards, changes_written(ctx.uow, messages))
        return _outcome(result, "End campaign")


end_campaign = performer(EndCampaign)


class _WithChanges(Protocol):
    @property
    def changes(self) -> Changes: ...


W = TypeVar("W", bound=_WithChanges)


def _outcome(result: W, label: str) -> Outcome[W]:
    """A campaign action as the one entry returns it; its undo is recorded around it
    (services.campaign_steps)."""
    return Outcome(result.changes, None, label, None, result=result)
