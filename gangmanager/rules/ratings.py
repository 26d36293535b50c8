"""Costs, Fighter Rating and Gang Rating: committed and pending, with receipts.

    fighter cost = base cost + equipment paid (weapons, paid profiles,
                   wargear) + credits added by modifiers (advancements)
    gang rating  = sum of the fighters who count (not dead, retired, sold, captured)
    wealth       = gang rating + credits + value of stash items

The committed ratings are what the roster shows. They change only through
`found_gang` and `update_roster`; everything else changes the pending figure,
which `gang_receipt` shows beside it with the reasons.
"""

from __future__ import annotations

from dataclasses import dataclass

from gangmanager.rules.gang import Fighter, Gang


@dataclass(frozen=True)
class ReceiptLine:
    label: str
    amount: int
    detail: str = ""


@dataclass(frozen=True)
class Receipt:
    title: str
    lines: tuple[ReceiptLine, ...]

    @property
    def total(self) -> int:
        return sum(line.amount for line in self.lines)

    def text(self) -> str:
        width = max([len(line.label) for line in self.lines] + [len(self.title), 5])
        rows = [self.title]
        for line in self.lines:
            detail = f"  ({line.detail})" if line.detail else ""
            rows.append(f"  {line.label:<{width}} {line.amount:>6}{detail}")
        rows.append(f"  {'Total':<{width}} {self.total:>6}")
        return "\n".join(rows)


def fighter_receipt(fighter: Fighter) -> Receipt:
    """What the fighter costs now, line by line (the pending Fighter Rating)."""
    lines = [ReceiptLine(f"{fighter.type or 'Fighter'} (base)", fighter.cost)]
    for weapon in fighter.weapons:
        lines.append(ReceiptLine(weapon.name, weapon.cost))
        lines += [
            ReceiptLine(f"{weapon.name}: {p.name}", p.cost, "paid profile")
            for p in weapon.profiles
            if p.cost
        ]
    lines += [ReceiptLine(item.name, item.cost) for item in fighter.wargear]
    lines += [ReceiptLine(m.source, m.cost, m.kind.value) for m in fighter.modifiers if m.cost]
    return Receipt(fighter.name, tuple(lines))


def fighter_cost(fighter: Fighter) -> int:
    return fighter_receipt(fighter).total


def pending_fighter_rating(fighter: Fighter) -> int:
    return max(0, fighter_cost(fighter))


def committed_fighter_rating(fighter: Fighter) -> int:
    """The stored rating; a fighter never committed counts as their pending value."""
    return fighter.rating if fighter.rating is not None else pending_fighter_rating(fighter)


def pending_gang_rating(gang: Gang) -> int:
    return sum(pending_fighter_rating(f) for f in gang.fighters if f.status.counts_for_rating)


def committed_gang_rating(gang: Gang) -> int:
    return gang.rating if gang.rating is not None else pending_gang_rating(gang)


def stash_value(gang: Gang) -> int:
    return sum(item.total_cost for item in gang.stash)


def wealth(gang: Gang, *, pending: bool = False) -> int:
    rating = pending_gang_rating(gang) if pending else committed_gang_rating(gang)
    return rating + gang.credits + stash_value(gang)


def gang_receipt(gang: Gang) -> Receipt:
    """Per fighter: committed rating, and what is pending and why."""
    lines: list[ReceiptLine] = []
    for fighter in gang.fighters:
        pending = pending_fighter_rating(fighter)
        committed = committed_fighter_rating(fighter)
        if not fighter.status.counts_for_rating:
            lines.append(ReceiptLine(fighter.name, 0, f"{fighter.status.label}: not counted"))
            continue
        detail = f"pending {pending} ({pending - committed:+d})" if pending != committed else ""
        lines.append(ReceiptLine(fighter.name, committed, detail))
    return Receipt(f"{gang.name}: Gang Rating", tuple(lines))


def _commit(gang: Gang) -> Gang:
    fighters = [f.model_copy(update={"rating": pending_fighter_rating(f)}) for f in gang.fighters]
    committed = gang.model_copy(update={"fighters": fighters})
    return committed.model_copy(update={"rating": pending_gang_rating(committed)})


def found_gang(gang: Gang) -> Gang:
    """Gang founding: the first of the two operations that commit ratings."""
    return _commit(gang)


def update_roster(gang: Gang) -> Gang:
    """Update Roster (post-battle step F): the other operation that commits ratings."""
    return _commit(gang)


def fill_missing_ratings(gang: Gang) -> Gang:
    """For imported files without ratings: compute only the absent ones."""
    fighters = [
        f if f.rating is not None else f.model_copy(update={"rating": pending_fighter_rating(f)})
        for f in gang.fighters
    ]
    filled = gang.model_copy(update={"fighters": fighters})
    if filled.rating is None:
        total = sum(f.rating or 0 for f in fighters if f.status.counts_for_rating)
        filled = filled.model_copy(update={"rating": total})
    return filled
