"""A two-gang battle where both gangs have a "Rook": events and prompts point at the
fighter by id, so each one reaches the right Rook, also after a rename."""

from __future__ import annotations

from typing import Any

import pytest

from gangmanager.rules.battle import Opponent, apply_event, fold, new_state
from gangmanager.rules.battle_events import BattleError, event_payload, parse_event
from gangmanager.rules.battle_state import BattleState, FighterTrack, PromptKind
from gangmanager.rules.dice import FixedDice
from gangmanager.rules.gang import Category, Fighter, Gang
from gangmanager.rules.profile import Profile

from .test_battle_attack_2023 import n23, pack_weapon

LINE = '5" 3+ 3+ 3 3 1 4+ 1 7+ 7+ 7+ 7+'


def gangs(blue_rook: str = "Rook") -> tuple[Gang, Gang]:
    def fighter(id: int, name: str) -> Fighter:
        return Fighter(
            id=id,
            name=name,
            category=Category.GANGER,
            profile=Profile.from_line(LINE),
            weapons=[pack_weapon("Autopistol")],
        )

    red = Gang(name="Red", fighters=[fighter(1, "Vex"), fighter(2, "Rook")])
    blue = Gang(name="Blue", fighters=[fighter(11, "Dax"), fighter(12, blue_rook)])
    return red, blue


def start() -> BattleState:
    red, blue = gangs()
    return new_state(n23(), red, [], against=Opponent(blue))


def play(state: BattleState, dice: list[int] | None = None, **event: Any) -> Any:
    return apply_event(n23(), state, parse_event(event), FixedDice(dice) if dice else None)


def track(state: BattleState, name: str) -> FighterTrack:
    (found,) = state.find(name)
    return found


def shoot(state: BattleState, by: str, at: str) -> Any:
    # Firepower 2, hit 6, wound 6: one Damage takes the Rook's only wound; a Flesh Wound.
    return play(
        state,
        event="attack",
        fighter=by,
        target=at,
        weapon="Autopistol",
        range="short",
        firepower=[2],
        hit=6,
        wound=[6],
        injury=["flesh_wound"],
    )


def test_a_prompt_of_one_rook_is_not_the_other_rooks() -> None:
    state = start()
    play(state, event="wound", fighter="Blue/Rook")
    play(state, event="wound", fighter="Red/Rook")
    injury = [p for p in state.prompts if p.kind is PromptKind.INJURY_DICE]
    assert sorted((p.gang, p.fighter_id) for p in injury) == [("Blue", 12), ("Red", 2)]
    # Blue's Rook is taken Out of Action: only their prompt goes.
    play(state, event="status", fighter="Blue/Rook", status="out_of_action", by="Vex")
    left = [p for p in state.prompts if p.kind is PromptKind.INJURY_DICE]
    assert [(p.gang, p.fighter_id) for p in left] == [("Red", 2)]
    assert state.fighter_for(left[0]) is track(state, "Red/Rook")
    assert track(state, "Red/Rook").status.value == "active"


def test_events_store_the_fighters_ids_and_replay_by_them_after_a_rename() -> None:
    state = start()
    done = shoot(state, "Vex", "Blue/Rook")
    assert done.fighter_id == 1 and done.target_id == 12
    status = play(state, event="status", fighter="Blue/Rook", status="seriously_injured", by="Vex")
    assert status.fighter_id == 12 and status.by_id == 1
    stored = [event_payload(done), event_payload(status)]
    # Blue's Rook is renamed on the roster: the stored events still reach them.
    red, blue = gangs(blue_rook="Rook the Bold")
    again = fold(n23(), red, [], stored, against=Opponent(blue))
    assert track(again, "Rook the Bold").status.value == "seriously_injured"
    assert track(again, "Rook the Bold").flesh_wounds == 1
    assert track(again, "Red/Rook").status.value == "active"
    assert not again.warnings


def test_old_events_by_name_keep_loading_and_a_bare_ambiguous_name_is_refused() -> None:
    red, blue = gangs()
    old: dict[str, object] = {
        "event": "status",
        "fighter": "Blue/Rook",
        "status": "seriously_injured",
    }
    state = fold(n23(), red, [], [old], against=Opponent(blue))
    assert track(state, "Blue/Rook").status.value == "seriously_injured"
    with pytest.raises(BattleError, match="'Rook' is ambiguous: write 'Red/Rook' or 'Blue/Rook'"):
        play(start(), event="status", fighter="Rook", status="pinned")


def test_an_id_names_the_fighter_when_the_name_alone_is_ambiguous() -> None:
    state = start()
    play(state, event="status", fighter="Rook", fighter_id=12, status="pinned")
    assert track(state, "Blue/Rook").status.value == "pinned"
    assert track(state, "Red/Rook").status.value == "active"


def test_the_blaze_hit_of_the_opponents_rook_resolves_theirs() -> None:
    state = start()
    for name in ("Red/Rook", "Blue/Rook"):
        play(state, event="marker", fighter=name, marker="blaze")
        play(state, event="activate", fighter=name)
    waiting = [p for p in state.prompts if p.kind is PromptKind.BLAZE_HIT]
    assert [p.gang for p in waiting] == ["Red", "Blue"]
    play(state, event="blaze_hit", fighter="Blue/Rook", damaged=False)
    left = [p for p in state.prompts if p.kind is PromptKind.BLAZE_HIT]
    assert [p.gang for p in left] == ["Red"]
