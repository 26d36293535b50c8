"""Every place a post-battle draft names a fighter is kept to its fighter by id."""

from __future__ import annotations

from gangmanager.rules.draft_fighters import current_names, fighter_ids, named
from gangmanager.rules.post_battle_draft import PostBattleDraft

# A draft naming Gorn (id 1) in every place a draft names a fighter, Vex (2) once.
DRAFT = PostBattleDraft.model_validate(
    {
        "result": "win",
        "succumb": [{"fighter": "Gorn"}],
        "injuries": [{"fighter": "gorn", "roll": 11}],
        "escapes": [{"fighter": "Gorn"}],
        "capture": {"roll": 7, "fighter": "Gorn"},
        "old_wounds": [{"fighter": "Gorn"}],
        "medical_escorts": [{"fighter": "Gorn", "escort": "Vex"}],
        "limited_deleted": [{"fighter": "Gorn", "weapon": "Lasgun", "profile": "Lasgun"}],
        "sales": [{"fighter": "Gorn", "item": "Lasgun"}, {"fighter": "stash", "item": "Axe"}],
        "purchases": [{"fighter": "Gorn", "item": "Lasgun"}],
        "boons_taken": [
            {"territory": "Mine", "kind": "equipment", "item": "Axe", "fighter": "Gorn"}
        ],
        "moves": [{"item": "Axe", "from": "Gorn", "to": "Gorn"}],
        "advancements": [{"fighter": "Gorn", "advancement": "ws"}],
        "xp": {"Gorn": 2, "Vex": 1},
        "captives_sold": [{"name": "Gorn", "value": 10}],  # an enemy captive: not ours
    }
).to_json()
FIGHTERS = [(1, "Gorn"), (2, "Vex")]


def test_every_fighter_a_draft_names_is_found_and_the_stash_is_none() -> None:
    assert named(DRAFT) == ["Gorn", "gorn", "Vex"]
    assert fighter_ids(DRAFT, FIGHTERS) == {"gorn": 1, "vex": 2}
    assert fighter_ids(DRAFT, [*FIGHTERS, (3, "GORN")]) == {"vex": 2}  # two Gorns: neither


def test_names_follow_their_fighters_ids() -> None:
    ids = fighter_ids(DRAFT, FIGHTERS)
    # Gorn renamed, Vex now called Gorn: each name is still its fighter's.
    now = current_names(DRAFT, ids, [(1, "Gorn the Bold"), (2, "Gorn")])
    again = PostBattleDraft.model_validate(now)
    assert again.xp == {"Gorn the Bold": 2, "Gorn": 1}
    assert again.medical_escorts[0].fighter == "Gorn the Bold"
    assert again.medical_escorts[0].escort == "Gorn"
    assert {e.fighter for e in again.sales} == {"Gorn the Bold", "stash"}
    assert (again.moves[0].source, again.moves[0].to) == ("Gorn the Bold", "Gorn the Bold")
    assert again.capture is not None and again.capture.fighter == "Gorn the Bold"
    assert again.captives_sold[0].name == "Gorn"
    for entries in (again.succumb, again.injuries, again.escapes, again.old_wounds,
                    again.limited_deleted, again.purchases, again.boons_taken,
                    again.advancements):  # fmt: skip
        assert [e.fighter for e in entries] == ["Gorn the Bold"]
    # A fighter gone keeps the name as written (Finish reports it).
    assert current_names(DRAFT, ids, [(2, "Vex")])["xp"] == {"Gorn": 2, "Vex": 1}
