"""Rulesets for the services: packs from the content layer plus the player's imported text."""

from __future__ import annotations

from pathlib import Path

import platformdirs

from gangmanager.content import (
    RulesetError,
    available_rulesets,
    builtin_rulesets_dir,
    load_ruleset,
)
from gangmanager.content.rules_text import RulesTextError, attach_rules_text, load_rules_text
from gangmanager.rules.characteristics import CharacteristicTable
from gangmanager.rules.limits import quoted
from gangmanager.rules.ruleset import Ruleset
from gangmanager.services.errors import ServiceError


def user_data_dir() -> Path:
    return Path(platformdirs.user_data_dir("gangmanager"))


class Rulesets:
    """Loads each ruleset once per provider, with the user's packs and rules text."""

    def __init__(self, data_dir: Path | None = None) -> None:
        self.data_dir = data_dir or user_data_dir()
        self._cache: dict[str, Ruleset] = {}

    @property
    def packs_dir(self) -> Path:
        return self.data_dir / "rulesets"

    @property
    def rules_text_dir(self) -> Path:
        return self.data_dir / "rules-text"

    @property
    def search_path(self) -> list[Path]:
        """The player's packs first (a copied pack overrides), then the built-in ones."""
        return [self.packs_dir, builtin_rulesets_dir()]

    def ids(self) -> list[str]:
        return [entry[0] for entry in available_rulesets(self.search_path)]

    def get(self, ruleset_id: str) -> Ruleset:
        if ruleset_id not in self._cache:
            if ruleset_id not in self.ids():
                raise ServiceError(
                    f"unknown ruleset {quoted(ruleset_id)}; available: {', '.join(self.ids())}"
                )
            try:
                ruleset = load_ruleset(ruleset_id, self.search_path)
            except RulesetError as exc:
                # A broken house pack is a one-line refusal wherever it is used, not a crash.
                raise ServiceError(str(exc)) from None
            try:
                texts = load_rules_text(self.rules_text_dir, ruleset_id)
            except RulesTextError as exc:
                raise ServiceError(str(exc)) from None
            self._cache[ruleset_id] = attach_rules_text(ruleset, texts) if texts else ruleset
        return self._cache[ruleset_id]

    def statline_table(self, ruleset_id: str, name: str) -> CharacteristicTable | None:
        """The statline `name` of the ruleset, to read a stored profile with; None when
        the ruleset is not at hand (a gang of a pack since removed) or has no such
        statline: its fighters read with the rules' default statline."""
        try:
            ruleset = self.get(ruleset_id)
        except ServiceError:
            return None
        return ruleset.statline(name) if name in ruleset.statlines else None

    def forget(self, ruleset_id: str | None = None) -> None:
        if ruleset_id is None:
            self._cache.clear()
        else:
            self._cache.pop(ruleset_id, None)
