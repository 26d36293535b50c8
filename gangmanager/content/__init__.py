"""Ruleset packs: TOML folders in `resources/rulesets/` loaded into `Ruleset`.

No Qt and no SQLAlchemy here; see docs/rulesets.md for the pack format.
"""

from gangmanager.content.errors import RulesetError
from gangmanager.content.loader import (
    PACK_FILES,
    available_rulesets,
    clear_cache,
    load_ruleset,
)
from gangmanager.content.paths import (
    builtin_rulesets_dir,
    default_search_path,
    user_rulesets_dir,
)

__all__ = [
    "PACK_FILES",
    "RulesetError",
    "available_rulesets",
    "builtin_rulesets_dir",
    "clear_cache",
    "default_search_path",
    "load_ruleset",
    "user_rulesets_dir",
]
