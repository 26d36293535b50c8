"""The texts behind a click on a rating: per fighter, per item, what is pending and why."""

from __future__ import annotations

from gangmanager.gui.roster.roster_table_model import rating_tooltip
from gangmanager.rules import ratings
from gangmanager.rules.gang import Fighter, Gang

PENDING_WHY = (
    "Ratings are committed when the gang is founded and in the Update Roster step after a"
    " battle. Edits since then (equipment bought or lost, advancements, a changed base cost)"
    " change only the pending value until the next Update Roster."
)


def gang_rating_text(gang: Gang) -> str:
    committed = ratings.committed_gang_rating(gang)
    pending = ratings.pending_gang_rating(gang)
    lines = [f"Gang Rating {committed} (committed)"]
    if pending != committed:
        lines.append(f"Pending {pending} ({pending - committed:+d})")
    lines += ["", PENDING_WHY, "", ratings.gang_receipt(gang).text(), ""]
    lines.append("Each fighter item by item (the pending cost):")
    for fighter in gang.fighters:
        lines += ["", ratings.fighter_receipt(fighter).text()]
        if not fighter.status.counts_for_rating:
            lines.append(f"  ({fighter.status.label}: not counted in the Gang Rating)")
    return "\n".join(lines)


def wealth_text(gang: Gang) -> str:
    rating = ratings.committed_gang_rating(gang)
    stash = ratings.stash_value(gang)
    lines = [
        f"Wealth {ratings.wealth(gang)} = Gang Rating {rating} + credits {gang.credits}"
        f" + stash {stash}",
        "",
        f"Stash ({len(gang.stash)} item{'s' if len(gang.stash) != 1 else ''}):",
    ]
    lines += [f"  {item.name:<30} {item.total_cost:>6}" for item in gang.stash] or ["  (empty)"]
    pending = ratings.wealth(gang, pending=True)
    if pending != ratings.wealth(gang):
        lines += ["", f"With the pending Gang Rating: {pending}"]
    return "\n".join(lines)


def fighter_rating_text(fighter: Fighter) -> str:
    text = rating_tooltip(fighter)
    committed = ratings.committed_fighter_rating(fighter)
    if ratings.pending_fighter_rating(fighter) != committed:
        text += "\n\n" + PENDING_WHY
    return text
