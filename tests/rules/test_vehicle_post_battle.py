"""A vehicle after the battle (issue 25): Lasting Damage for a Wrecked vehicle, its crew's
Lasting Injury, a Write-off kept In Repair, and a repair bought in the Trading Post."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from typing import Any

import pytest

from gangmanager.rules.battle import Opponent, fold
from gangmanager.rules.battle_state import BattleState
from gangmanager.rules.gang import FighterStatus, Gang
from gangmanager.rules.modifiers import ModifierKind
from gangmanager.rules.post_battle import DraftError, apply_draft
from gangmanager.rules.post_battle_draft import (
    CrewInjuryEntry,
    LastingDamageEntry,
    PostBattleDraft,
    PurchaseEntry,
)
from gangmanager.rules.ruleset import Ruleset
from gangmanager.services.battle_records import BattleRecord
from gangmanager.services.post_battle import draft_from_battle

from ..narrowing import present
from ..vehicle_pack import gangs, vehicle_pack

WRECKING: list[dict[str, Any]] = [
    {"event": "attack", "fighter": "Krag", "target": "Old Rust", "weapon": "Lascannon",
     "range": "short", "arc": "rear", "firepower": [2], "hit": 5, "wound": [2],
     "damage": [1], "vehicle_damage": [6], "location": [6]},
    {"event": "attack", "fighter": "Krag", "target": "Old Rust", "weapon": "Lascannon",
     "range": "short", "arc": "front", "firepower": [2], "hit": 5, "wound": [5],
     "damage": [1], "vehicle_damage": [4], "location": [1]},
]  # fmt: skip


@pytest.fixture(scope="module")
def ruleset(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    return vehicle_pack(tmp_path_factory.mktemp("wastes"))


@pytest.fixture(scope="module")
def wasters(ruleset: Ruleset) -> Gang:
    return gangs(ruleset)[0].model_copy(update={"credits": 100})


def _wrecked(ruleset: Ruleset) -> BattleState:
    wasters, raiders = gangs(ruleset)
    return fold(ruleset, wasters, [], WRECKING, against=Opponent(raiders)).side("Wasters")


def _record(state: BattleState) -> BattleRecord:
    fields: dict[str, Any] = {f.name: None for f in dataclasses.fields(BattleRecord) if f.init}
    fields |= {"battle_id": 7, "gang_id": 1, "gang_name": "Wasters", "scenario": "Ambush"}
    fields |= {"ruleset": state.ruleset, "status": "ended", "crew": (), "events": ()}
    fields |= {"started_at": datetime.now(UTC), "state": state}
    return BattleRecord(**fields)


def test_the_draft_after_a_battle_asks_for_the_wrecked_vehicles_rolls(ruleset: Ruleset) -> None:
    state = _wrecked(ruleset)
    draft = draft_from_battle(_record(state))
    assert draft.lasting_damage == [LastingDamageEntry(fighter="Old Rust")]
    assert draft.crew_injuries == [CrewInjuryEntry(fighter="Old Rust")]
    # No fighter's Lasting Injury for a vehicle, no succumb roll.
    assert draft.injuries == [] and draft.succumb == []
    assert "vehicle_damage" in present(ruleset.post_battle.sequence)
    # Left unrolled, the step says what is missing.
    with pytest.raises(DraftError) as refused:
        apply_draft(ruleset, gangs(ruleset)[0], draft.model_copy(update={"result": "loss"}))
    assert "Old Rust: roll the Lasting Damage (D6) or pick the result" in refused.value.problems
    assert "Old Rust: roll the crew's Lasting Injury (D66) or pick the result" in (
        refused.value.problems
    )


def test_lasting_damage_and_the_crews_lasting_injury(ruleset: Ruleset, wasters: Gang) -> None:
    draft = PostBattleDraft(
        result="loss",
        lasting_damage=[LastingDamageEntry(fighter="Old Rust", roll=5)],
        crew_injuries=[CrewInjuryEntry(fighter="Old Rust", roll=55)],
    )
    after, report = apply_draft(ruleset, wasters, draft)
    (hauler,) = after.fighters
    # Damaged Bodywork: Front, Side and Rear one less; Eye Injury: the crew's BS one worse.
    assert hauler.injuries == ["Damaged Bodywork", "Eye Injury"]
    printed = hauler.effective().printed()
    assert (printed["Fr"], printed["Sd"], printed["Rr"], printed["BS"]) == ("5", "4", "3", "5+")
    assert hauler.status is FighterStatus.IN_RECOVERY
    assert all(m.kind is ModifierKind.INJURY for m in hauler.modifiers)
    assert "Old Rust: Lasting Damage D6 rolled 5" in report.rolls
    assert "Old Rust: crew Lasting Injury rolled 55" in report.rolls


def test_a_persistent_rattle_adds_to_the_roll_and_a_write_off_stays_in_repair(
    ruleset: Ruleset, wasters: Gang
) -> None:
    rattled = wasters.fighters[0].model_copy(update={"injuries": ["Persistent Rattle"]})
    gang = wasters.model_copy(update={"fighters": [rattled]})
    draft = PostBattleDraft(
        result="loss", lasting_damage=[LastingDamageEntry(fighter="Old Rust", roll=6)]
    )
    after, report = apply_draft(ruleset, gang, draft)
    (hauler,) = after.fighters
    assert hauler.injuries == ["Persistent Rattle", "Write-off"]
    assert hauler.status is FighterStatus.IN_RECOVERY
    lines = [str(c.text) for f in report.fighters for c in f.changes]
    assert any("Lasting Damage (6 +1 = 7): Write-off" in line for line in lines), lines
    # The next Wrap-up clears In Recovery, but not a vehicle written off.
    again, _ = apply_draft(ruleset, after, PostBattleDraft(result="win"))
    assert again.fighters[0].status is FighterStatus.IN_RECOVERY


def test_a_repair_is_bought_like_any_item(ruleset: Ruleset, wasters: Gang) -> None:
    damaged, _ = apply_draft(
        ruleset,
        wasters,
        PostBattleDraft(
            result="loss", lasting_damage=[LastingDamageEntry(fighter="Old Rust", roll=6)]
        ),
    )
    assert damaged.fighters[0].effective().values["HP"] == 2
    bought = PurchaseEntry(fighter="old rust", item="Vehicle repairs (25%)")
    after, report = apply_draft(ruleset, damaged, PostBattleDraft(result="win", purchases=[bought]))
    (hauler,) = after.fighters
    # 25% of its 160 credits, rounded up to 5.
    assert after.credits == damaged.credits - 40
    assert hauler.injuries == [] and hauler.modifiers == []
    assert hauler.effective().values["HP"] == 3
    lines = [str(c.text) for f in report.fighters for c in f.changes]
    assert any("Vehicle repairs (25%) for Old Rust: Damaged Frame repaired" in x for x in lines)
    # Nothing left to repair, and no vehicle to repair.
    with pytest.raises(DraftError, match="Old Rust has no Lasting Damage to repair"):
        apply_draft(ruleset, after, PostBattleDraft(result="win", purchases=[bought]))
    with pytest.raises(DraftError, match="repairs a vehicle: name it, not the stash"):
        stash = bought.model_copy(update={"fighter": "stash"})
        apply_draft(ruleset, after, PostBattleDraft(result="win", purchases=[stash]))


def test_a_written_off_vehicle_repaired_is_back_on_the_road(
    ruleset: Ruleset, wasters: Gang
) -> None:
    off = wasters.fighters[0].model_copy(
        update={"injuries": ["Write-off"], "status": FighterStatus.IN_RECOVERY}
    )
    gang = wasters.model_copy(update={"fighters": [off]})
    bought = PurchaseEntry(fighter="Old Rust", item="vehicle repairs (10%)", cost=20)
    after, _ = apply_draft(ruleset, gang, PostBattleDraft(result="win", purchases=[bought]))
    assert after.fighters[0].status is FighterStatus.ACTIVE
    assert after.credits == gang.credits - 20  # the cost the player gave


def test_vehicle_entries_for_a_fighter_are_refused(ruleset: Ruleset) -> None:
    raiders = gangs(ruleset)[1]
    draft = PostBattleDraft(
        result="win",
        lasting_damage=[LastingDamageEntry(fighter="Krag", roll=2)],
        crew_injuries=[CrewInjuryEntry(fighter="Krag", result="Out Cold")],
        purchases=[PurchaseEntry(fighter="Krag", item="Vehicle repairs (10%)")],
    )
    with pytest.raises(DraftError) as refused:
        apply_draft(ruleset, raiders, draft)
    assert refused.value.problems == [
        "Lasting Damage: Krag is no vehicle",
        "crew injury: Krag is no vehicle",
        "purchase of Vehicle repairs (10%): Krag is no vehicle:"
        " Vehicle repairs (10%) repairs vehicles",
    ]


def test_results_by_name_and_bad_rolls(ruleset: Ruleset, wasters: Gang) -> None:
    draft = PostBattleDraft(
        result="loss",
        lasting_damage=[LastingDamageEntry(fighter="Old Rust", result="loss of power")],
        crew_injuries=[CrewInjuryEntry(fighter="Old Rust", roll=11, rolls=[2])],
    )
    after, _ = apply_draft(ruleset, wasters, draft)
    (hauler,) = after.fighters
    assert hauler.effective().printed()["M"] == '6"' and hauler.xp == wasters.fighters[0].xp + 2
    bad = PostBattleDraft(
        result="loss",
        lasting_damage=[LastingDamageEntry(fighter="Old Rust", result="Flat Tyre")],
        crew_injuries=[CrewInjuryEntry(fighter="Old Rust", roll=17)],
    )
    with pytest.raises(DraftError) as refused:
        apply_draft(ruleset, wasters, bad)
    assert refused.value.problems[0].startswith(
        "Old Rust: no Lasting Damage result 'Flat Tyre' (known: Persistent Rattle,"
    )
    assert refused.value.problems[1] == "Old Rust: 17 is not a D66 roll (11-66, each die 1-6)"


def test_battle_show_in_words_gives_a_vehicles_hull_points(ruleset: Ruleset) -> None:
    from gangmanager.cli.battle import battle_text

    wasters, raiders = gangs(ruleset)
    first = WRECKING[:1]
    state = fold(ruleset, wasters, [], first, against=Opponent(raiders))
    record = dataclasses.replace(_record(state), against_name="Raiders", against_id=2, events=())
    text = battle_text(record)
    # The Engine's Catastrophic hit: two Hull Points of three lost.
    assert "Wasters/Old Rust: active, ready, hull points 1/3, flesh_wounds 0" in text
    assert "Raiders/Krag: active, ready, wounds 2/2" in text
