"""The battle fold kept between actions now sits behind the battle repository
(`gangmanager.persistence.battle_folds`, `uow.battles.playing`); its names stay here
for the services' callers."""

from gangmanager.persistence.battle_folds import UNDO_DEPTH, Folded, Versions

__all__ = ["UNDO_DEPTH", "Folded", "Versions"]
