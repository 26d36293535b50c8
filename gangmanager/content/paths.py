"""Where ruleset packs live: the built-in folder and the user's folder.

Search order is the user's folder first, then the built-in one, so a pack the
user copied (same id) wins over the shipped one.
"""

from __future__ import annotations

from pathlib import Path

from platformdirs import user_data_dir

from gangmanager.resources import resource_dir

APP_NAME = "gangmanager"


def builtin_rulesets_dir() -> Path:
    """`resources/rulesets` (see `gangmanager.resources` for where that is looked for)."""
    return resource_dir("rulesets")


def user_rulesets_dir() -> Path:
    """`<platformdirs user_data_dir("gangmanager")>/rulesets`: the user's own packs."""
    return Path(user_data_dir(APP_NAME)) / "rulesets"


def default_search_path() -> list[Path]:
    """User folder first (its packs override), then the built-in packs."""
    return [user_rulesets_dir(), builtin_rulesets_dir()]
