"""What a post-battle sequence changed, fighter by fighter: the "what changed" sheet.

Kept with last week's cards, it says for each fighter what to write on them:
the new Lasting Injuries, advancements and skills, the Limited profiles struck
off for good, XP and Fighter Rating before and after; and for the gang its
rating, credits and Reputation before and after. It is worked out from the gang
before and after Finish (matched by fighter id, or by name for a draft not yet
applied) and stored with the finished draft, so the last Finish's sheet can be
printed later.
"""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel, ConfigDict, Field

from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.modifiers import ModifierKind
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.rules.post_battle_report import Report


class FighterChanges(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    type: str = ""
    status_before: str
    # None: the fighter left the roster (dead and struck off, sold...).
    status_after: str | None
    xp_before: int
    xp_after: int | None
    rating_before: int
    rating_after: int | None
    injuries: list[str] = Field(default_factory=list)
    advancements: list[str] = Field(default_factory=list)
    skills: list[str] = Field(default_factory=list)
    # "Shotgun: executioner ammo": Limited profiles lost in battle, gone for good.
    limited_deleted: list[str] = Field(default_factory=list)
    recruited: bool = False

    @property
    def changed(self) -> bool:
        return bool(
            self.injuries
            or self.advancements
            or self.skills
            or self.limited_deleted
            or self.recruited
            or self.status_after != self.status_before
            or self.xp_after != self.xp_before
            or self.rating_after != self.rating_before
        )


class ChangeSheet(BaseModel):
    model_config = ConfigDict(frozen=True)

    gang: str
    result: str
    scenario: str = ""
    gang_rating_before: int
    gang_rating_after: int
    credits_before: int
    credits_after: int
    reputation_before: int
    reputation_after: int
    fighters: list[FighterChanges] = Field(default_factory=list)


def _added(before: list[str], after: list[str]) -> list[str]:
    """What `after` has more of than `before`, in `after`'s order."""
    left = Counter(before)
    out = []
    for item in after:
        if left[item]:
            left[item] -= 1
        else:
            out.append(item)
    return out


def _advancements(before: Fighter | None, after: Fighter) -> list[str]:
    def lines(fighter: Fighter | None) -> list[str]:
        if fighter is None:
            return []
        return [m.source for m in fighter.modifiers if m.kind is ModifierKind.ADVANCEMENT]

    return _added(lines(before), lines(after))


def change_sheet(before: Gang, after: Gang, report: Report, draft: PostBattleDraft) -> ChangeSheet:
    """The sheet of one post-battle sequence: `before` and `after` are the gang around it."""
    by_id = {f.id: f for f in after.fighters if f.id is not None}
    by_name = {f.name.casefold(): f for f in after.fighters}
    lost: dict[str, list[str]] = {}
    for entry in draft.limited_deleted:
        lost.setdefault(entry.fighter.casefold(), []).append(f"{entry.weapon}: {entry.profile}")
    seen: set[int] = set()
    fighters: list[FighterChanges] = []
    for old in before.fighters:
        new = by_id.get(old.id) if old.id is not None else None
        new = new or by_name.get(old.name.casefold())
        if new is not None:
            seen.add(id(new))
        fighters.append(_fighter_changes(old, new, report, lost))
    for new in after.fighters:  # recruited in the sequence
        if id(new) in seen:
            continue
        fighters.append(_recruited(new))
    return ChangeSheet(
        gang=after.name,
        result=report.result,
        scenario=draft.scenario,
        gang_rating_before=report.gang_rating_before,
        gang_rating_after=report.gang_rating_after,
        credits_before=report.credits_before,
        credits_after=report.credits_after,
        reputation_before=report.reputation_before,
        reputation_after=report.reputation_after,
        fighters=fighters,
    )


def _fighter_changes(
    old: Fighter, new: Fighter | None, report: Report, lost: dict[str, list[str]]
) -> FighterChanges:
    """What the sequence did to a fighter who was on the roster (`new` None: gone)."""
    line = report.fighter(old.name)
    rating_before = line.rating_before if line is not None else (old.rating or 0)
    rating_after = line.rating_after if line is not None else (new.rating if new else None)
    return FighterChanges(
        name=old.name,
        type=old.type,
        status_before=old.status.label,
        status_after=new.status.label if new is not None else None,
        xp_before=old.xp,
        xp_after=new.xp if new is not None else None,
        rating_before=rating_before,
        rating_after=rating_after,
        injuries=_added(old.injuries, new.injuries) if new is not None else [],
        advancements=_advancements(old, new) if new is not None else [],
        skills=_added(old.skills, new.skills) if new is not None else [],
        limited_deleted=lost.get(old.name.casefold(), []),
    )


def _recruited(new: Fighter) -> FighterChanges:
    """A fighter recruited in the sequence."""
    return FighterChanges(
        name=new.name,
        type=new.type,
        status_before="",
        status_after=new.status.label,
        xp_before=0,
        xp_after=new.xp,
        rating_before=0,
        rating_after=new.rating,
        skills=list(new.skills),
        recruited=True,
    )
