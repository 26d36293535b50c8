"""The pack's cross-checks run whenever a pack is validated, though the loader now imports
them only then (a start reads the validated pack from its disk cache without them)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from gangmanager.content import RulesetError, load_ruleset


def test_an_unknown_post_battle_step_is_still_refused(
    builtin: list[Path], user_dir: Path, write_pack: Callable[..., Path]
) -> None:
    folder = write_pack(
        "odd-steps",
        pack='id = "odd-steps"\nname = "Odd steps"\nextends = "n23"\n',
        post_battle='[post_battle]\nsequence = ["wrap_up", "no_such_step"]\n',
    )
    with pytest.raises(RulesetError) as caught:
        load_ruleset("odd-steps", [*builtin, user_dir])
    assert "post_battle.sequence: no step 'no_such_step'" in str(caught.value)
    assert str(folder / "post_battle.toml") in str(caught.value)
