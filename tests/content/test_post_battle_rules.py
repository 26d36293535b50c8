"""`post_battle_rules` in post_battle.toml: defaults, inheritance, and a house change taking effect."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from gangmanager.content import RulesetError, load_ruleset
from gangmanager.rules.gang import FighterStatus
from gangmanager.rules.post_battle import DraftError, apply_draft
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.rules.ruleset import CaptureEscape, CaptureRoll, PostBattleRules, Ruleset
from gangmanager.services.demo import demo_gang

Load = Callable[[str], Ruleset]
SUCCUMB_ON_ONE = "[post_battle_rules]\nsuccumb_on = 1\n"


def test_n23_gives_today_s_values_and_house_packs_inherit_them(load: Load) -> None:
    n23 = load("n23").post_battle_rules
    assert n23 == PostBattleRules(capture_escape=CaptureEscape())
    assert (n23.succumb_on, n23.escort_fee_per_pip, n23.ganger_advance_xp) == (2, 10, 6)
    assert (n23.escort_dies_on, n23.escort_full_recovery_on) == (1, 6)
    assert n23.capture_roll is None
    # The older rules capture with a separate roll (2D6 + modifiers, 13+); the rest is n23's.
    for house in ("house-a", "house-b"):
        rules = load(house).post_battle_rules
        assert rules.capture_roll == CaptureRoll(beats=12)
        assert rules.model_copy(update={"capture_roll": None}) == n23


def _succumb_roll_2(ruleset: Ruleset) -> list[str]:
    gang = demo_gang(ruleset).model_copy(update={"ruleset": ruleset.id})
    draft = PostBattleDraft(result="loss", succumb=[{"fighter": "Rook", "roll": 2}])
    try:
        return apply_draft(ruleset, gang, draft)[1].text().splitlines()
    except DraftError as exc:
        return exc.problems


def test_a_user_pack_that_succumbs_on_1_only_changes_the_wrap_up(
    builtin: list[Path], user_dir: Path, write_pack: Callable[..., Path]
) -> None:
    write_pack(
        "my-house",
        pack='id = "my-house"\nname = "My house"\nextends = "house-a"\n',
        post_battle=SUCCUMB_ON_ONE,
    )
    search = [*builtin, user_dir]
    mine = load_ruleset("my-house", search)
    house_a = load_ruleset("house-a", search)
    assert mine.post_battle_rules.succumb_on == 1
    # Only that key changed; the rest and the steps are inherited.
    assert mine.post_battle_rules.escort_fee_per_pip == 10
    assert mine.post_battle_steps == house_a.post_battle_steps

    # A 2 succumbs under house-a (so Rook needs a Lasting Injury), not under my-house.
    assert "Rook succumbed (rolled 2): add their Lasting Injury" in _succumb_roll_2(house_a)
    lines = _succumb_roll_2(mine)
    assert not any("succumbed" in line for line in lines)


def test_a_cheaper_ganger_table_and_escort_fee_take_effect(
    builtin: list[Path], user_dir: Path, write_pack: Callable[..., Path]
) -> None:
    write_pack(
        "cheap",
        pack='id = "cheap"\nname = "Cheap"\nextends = "n23"\n',
        post_battle="[post_battle_rules]\nganger_advance_xp = 4\nescort_fee_per_pip = 5\n",
    )
    ruleset = load_ruleset("cheap", [*builtin, user_dir])
    gang = demo_gang(ruleset).model_copy(update={"ruleset": "cheap"})
    rook = gang.fighter("Rook")
    assert rook is not None
    draft = PostBattleDraft(
        result="win",
        xp={"Rook": 4},
        advancements=[{"fighter": "Rook", "advancement": "bs", "roll": 3}],
    )
    text = apply_draft(ruleset, gang, draft)[1].text()
    assert "Ganger table 3: Ballistic Skill +1" in text and "-4 XP" in text

    # A Critical Rook escorted: a fee roll of 4 costs 4 x 5 credits.
    pip = gang.fighter("Pip")
    assert pip is not None
    critical = gang.model_copy(
        update={
            "fighters": [
                f.model_copy(update={"status": FighterStatus.CRITICAL}) if f is pip else f
                for f in gang.fighters
            ]
        }
    )
    escort = PostBattleDraft(
        result="loss", medical_escorts=[{"fighter": "Pip", "cost_roll": 4, "roll": 6}]
    )
    after, report = apply_draft(ruleset, critical, escort)
    assert after.credits == gang.credits - 20
    assert "full recovery" in report.text()


def test_a_bad_value_is_refused_with_the_file(
    builtin: list[Path], user_dir: Path, write_pack: Callable[..., Path]
) -> None:
    folder = write_pack(
        "bad",
        pack='id = "bad"\nname = "Bad"\nextends = "n23"\n',
        post_battle="[post_battle_rules]\nsuccumb_on = 7\n",
    )
    with pytest.raises(RulesetError) as caught:
        load_ruleset("bad", [*builtin, user_dir])
    assert "succumb_on" in str(caught.value)
    assert str(folder / "post_battle.toml") in str(caught.value)
