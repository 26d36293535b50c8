"""What a YakTribe import says about each fighter and the gang: kept, guessed, left out."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FighterReport:
    """What happened to one fighter's items (or to the stash, named "(stash)")."""

    fighter: str
    # (name in the file, armoury name), one per equipment line.
    matched: tuple[tuple[str, str], ...] = ()
    # (name in the file, credits), kept as custom wargear.
    unmatched: tuple[tuple[str, int], ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ImportReport:
    source: str
    gang: str
    fighters: tuple[FighterReport, ...] = ()
    stash: FighterReport | None = None
    notes: tuple[str, ...] = ()
    # Fighters on a fighter type of the pack (the others keep the file's type).
    on_pack_type: int | None = None

    @property
    def matched_count(self) -> int:
        return sum(len(r.matched) for r in self._all())

    @property
    def unmatched_count(self) -> int:
        return sum(len(r.unmatched) for r in self._all())

    def _all(self) -> list[FighterReport]:
        return [*self.fighters, *([self.stash] if self.stash else [])]

    def text(self) -> str:
        """A short printable report: renamed matches, custom items and notes."""
        lines = [
            f'YakTribe import of "{self.gang}" from {self.source}',
            f"{len(self.fighters)} fighter{'s' if len(self.fighters) != 1 else ''};"
            f" {self.matched_count} equipment line{'s' if self.matched_count != 1 else ''}"
            f" matched to the armoury, {self.unmatched_count} kept as custom items.",
        ]
        if self.on_pack_type is not None:
            lines.append(
                f"{self.on_pack_type} of {len(self.fighters)} fighters on a fighter type"
                " of the pack."
            )
        if self.notes:
            lines.append("Gang:")
            lines += [f"  - {note}" for note in self.notes]
        for report in self._all():
            details = [
                f"  - {name} -> {armoury}"
                for name, armoury in report.matched
                if name.casefold() != armoury.casefold()
            ]
            details += [
                f"  - custom item: {name} ({cost} credits)" for name, cost in report.unmatched
            ]
            details += [f"  - {note}" for note in report.notes]
            if details:
                lines.append(f"{report.fighter}:")
                lines += details
        return "\n".join(lines)
