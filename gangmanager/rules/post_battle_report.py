"""What a post-battle sequence changed: per fighter, for the gang, ratings before -> after."""

from __future__ import annotations

from dataclasses import dataclass, field

from gangmanager.rules.post_battle_campaign import CampaignOutcome
from gangmanager.rules.ratings import Receipt


@dataclass(frozen=True)
class Change:
    """One line of the report, under the step that made it."""

    step: str
    text: str


@dataclass
class FighterReport:
    name: str
    status_before: str
    status_after: str | None  # None: removed from the roster
    rating_before: int
    rating_after: int | None  # None: removed
    changes: list[Change] = field(default_factory=list)
    # The Fighter Rating as Update Roster committed it, line by line.
    receipt: Receipt | None = None

    @property
    def removed(self) -> bool:
        return self.status_after is None

    @property
    def rating_text(self) -> str:
        after = "removed" if self.rating_after is None else str(self.rating_after)
        return f"Fighter Rating {self.rating_before} -> {after}"


@dataclass
class Report:
    gang: str
    result: str
    ruleset: str
    gang_rating_before: int = 0
    gang_rating_after: int = 0
    credits_before: int = 0
    credits_after: int = 0
    reputation_before: int = 1
    reputation_after: int = 1
    fighters: list[FighterReport] = field(default_factory=list)
    gang_changes: list[Change] = field(default_factory=list)
    # Every die used, as "Fighter: what rolled N".
    rolls: list[str] = field(default_factory=list)
    notes: str = ""
    # In a running campaign: what to store there (territory moved, income collected).
    campaign: CampaignOutcome | None = None

    def fighter(self, name: str) -> FighterReport | None:
        wanted = name.strip().casefold()
        return next((f for f in self.fighters if f.name.casefold() == wanted), None)

    def summary(self) -> str:
        """One line for the campaign's log: the figures, and who changed status."""
        figures = [
            f"Gang Rating {self.gang_rating_before} -> {self.gang_rating_after}",
            f"credits {self.credits_before} -> {self.credits_after}",
            f"Reputation {self.reputation_before} -> {self.reputation_after}",
        ]
        fighters = []
        for fighter in self.fighters:
            if fighter.removed:
                fighters.append(f"{fighter.name} removed from the roster")
            elif fighter.status_after != fighter.status_before:
                fighters.append(f"{fighter.name} {fighter.status_after}")
        text = f"Post-battle sequence of {self.gang} ({self.result}): {', '.join(figures)}"
        return text + (f"; {', '.join(fighters)}." if fighters else ".")

    def text(self) -> str:
        """Plain words, for the terminal, the clipboard and the campaign log."""
        lines = [
            f"Post-battle sequence for {self.gang} ({self.result}, ruleset {self.ruleset})",
            f"Gang Rating {self.gang_rating_before} -> {self.gang_rating_after}",
            f"Credits {self.credits_before} -> {self.credits_after}",
            f"Reputation {self.reputation_before} -> {self.reputation_after}",
        ]
        if self.campaign is not None:
            battle = self.campaign.campaign_battle_id
            where = f", after campaign battle {battle}" if battle is not None else ""
            lines.append(f"Campaign {self.campaign.campaign.name}{where}")
        lines += [
            "",
            "Gang:",
        ]
        lines += [f"  {c.step}: {c.text}" for c in self.gang_changes] or ["  no changes"]
        for fighter in self.fighters:
            status = (
                "removed from the roster"
                if fighter.status_after is None
                else fighter.status_after
                if fighter.status_after == fighter.status_before
                else f"{fighter.status_before} -> {fighter.status_after}"
            )
            lines += ["", f"{fighter.name} ({status}), {fighter.rating_text}"]
            lines += [f"  {c.step}: {c.text}" for c in fighter.changes] or ["  no changes"]
        if self.rolls:
            lines += ["", "Rolls:"] + [f"  {r}" for r in self.rolls]
        if self.notes.strip():
            lines += ["", "Notes:", *(f"  {n}" for n in self.notes.strip().splitlines())]
        return "\n".join(lines)
