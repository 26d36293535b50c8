"""The pack's `[post_battle] sequence`: the steps that run, in its order, refused when unknown."""

from __future__ import annotations

from pathlib import Path

import pytest

from gangmanager.content import builtin_rulesets_dir, clear_cache, load_ruleset
from gangmanager.content.errors import RulesetError
from gangmanager.rules.post_battle import APPLIED_STEP_IDS, apply_draft, problems
from gangmanager.rules.post_battle_steps import STEPS, CampaignState
from gangmanager.rules.ruleset import Ruleset

from ..narrowing import present
from .test_post_battle import N23, _draft, _gang


def pack(tmp_path: Path, sequence: str) -> Ruleset:
    folder = tmp_path / "short"
    folder.mkdir()
    (folder / "pack.toml").write_text('id = "short"\nname = "Short"\nextends = "n23"\n')
    (folder / "post_battle.toml").write_text(f"[post_battle]\nsequence = {sequence}\n")
    clear_cache()
    return load_ruleset("short", [tmp_path, builtin_rulesets_dir()])


def test_the_built_in_packs_list_every_step_in_rulebook_order() -> None:
    # Every step but a ranks pack's own (n26's owed advancements; XP is spent here).
    spend_xp = [step for step in STEPS if step != "rank_advancements"]
    assert list(APPLIED_STEP_IDS) == list(STEPS)
    for ruleset_id in ("n23", "house-a", "house-b"):
        ruleset = load_ruleset(ruleset_id, [builtin_rulesets_dir()])
        assert ruleset.post_battle.sequence == spend_xp


def test_the_n26_pack_names_its_own_sequence_with_ranks_for_advancements() -> None:
    n26 = load_ruleset("n26", [builtin_rulesets_dir()])
    sequence = present(n26.post_battle.sequence)
    assert "rank_advancements" in sequence and "advancements" not in sequence
    assert sequence[-1] == "update_gang_rating"  # the rating moves only there


def test_a_pack_runs_only_the_steps_it_names_in_its_order(tmp_path: Path) -> None:
    # No Receive rewards: the battle's credits and XP are not given.
    short = pack(tmp_path, '["wrap_up", "clean_house", "update_gang_rating"]')
    draft = _draft(credits=30, xp={"Rook": 2})
    after, report = apply_draft(short, _gang(), draft)
    assert (after.credits, present(after.fighter("Rook")).xp) == (100, 0)
    full, _ = apply_draft(N23, _gang(), draft)
    assert (full.credits, present(full.fighter("Rook")).xp) == (130, 2)
    assert not any("XP" in c.text for f in report.fighters for c in f.changes)
    # A step left out checks nothing either.
    assert problems(short, _gang(), _draft(xp={"Ghost": 2})) == []
    assert problems(N23, _gang(), _draft(xp={"Ghost": 2})) == [
        "XP: no fighter 'Ghost' on the roster"
    ]


@pytest.mark.parametrize(
    ("sequence", "says"),
    [
        (
            '["wrap_up", "post_cycle"]',
            "post_battle.sequence: no step 'post_cycle' (the steps: wrap_up,",
        ),
        ('["wrap_up", "wrap_up"]', "post_battle.sequence: 'wrap_up' is named twice"),
    ],
)
def test_a_sequence_naming_no_step_or_one_twice_is_refused_at_load_in_one_line(
    tmp_path: Path, sequence: str, says: str
) -> None:
    with pytest.raises(RulesetError) as caught:
        pack(tmp_path, sequence)
    assert says in str(caught.value)
    assert "\n" not in str(caught.value)
    assert str(caught.value).startswith(str(tmp_path / "short" / "post_battle.toml"))


def test_each_step_is_a_pure_function_of_its_inputs() -> None:
    gang = _gang()
    draft = _draft(
        credits=30, xp={"Rook": 2}, injuries=[{"fighter": "Rook", "roll": 11}],
        sales=[{"fighter": "Dex Hollow", "item": "Shotgun"}],
    )  # fmt: skip
    for name, step in STEPS.items():
        first = step(draft, gang, N23, CampaignState())
        assert step(draft, gang, N23, CampaignState()) == first, name
        assert gang == _gang(), name
