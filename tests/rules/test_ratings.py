from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gangmanager.rules import ratings, roster_ops
from gangmanager.rules.gang import Category, Fighter, FighterStatus, Gang
from gangmanager.rules.modifiers import Modifier
from gangmanager.rules.profile import Profile
from gangmanager.rules.weapons import Item, Weapon, WeaponProfile

from .strategies import fighters, gangs, modifiers, weapons

GUNNER = Profile.from_line('5" 4+ 4+ 3 3 1 4+ 1 6+ 7+ 7+ 7+')


def _gunner() -> Fighter:
    return Fighter(
        name="Vex",
        type="Gunner",
        category=Category.GANGER,
        cost=45,
        profile=GUNNER,
        weapons=[
            Weapon(
                name="Shotgun",
                cost=30,
                profiles=[
                    WeaponProfile(name="Solid"),
                    WeaponProfile(name="Executioner", traits=["Limited"], cost=15),
                ],
            )
        ],
        wargear=[Item(name="Flak armour", cost=10)],
        modifiers=[Modifier(source="BS +1", kind="advancement", changes={"BS": 1}, cost=20)],
    )


def test_fighter_cost_is_base_plus_equipment_plus_advancements() -> None:
    receipt = ratings.fighter_receipt(_gunner())
    assert receipt.total == 45 + 30 + 15 + 10 + 20
    assert [line.label for line in receipt.lines] == [
        "Gunner (base)",
        "Shotgun",
        "Shotgun: Executioner",
        "Flak armour",
        "BS +1",
    ]
    assert "Total" in receipt.text()


def test_only_founding_and_update_roster_commit() -> None:
    gang = ratings.found_gang(Gang(name="Rust Riders", fighters=[_gunner()], credits=100))
    assert gang.rating == 120 and gang.fighters[0].rating == 120
    # A Limited profile lost in battle: pending drops, committed stays.
    lost = roster_ops.remove_profile(gang, 0, 0, "Executioner")
    assert ratings.committed_gang_rating(lost) == 120
    assert ratings.pending_gang_rating(lost) == 105
    assert "pending 105 (-15)" in ratings.gang_receipt(lost).text()
    updated = ratings.update_roster(lost)
    assert updated.rating == 105 and updated.fighters[0].rating == 105


def test_gang_rating_skips_dead_retired_sold_captured_and_wealth_adds_stash() -> None:
    alive = _gunner()
    gone = [alive.model_copy(update={"name": s.value, "status": s}) for s in FighterStatus]
    gang = ratings.found_gang(
        Gang(name="G", fighters=gone, credits=50, stash=[Weapon(name="Lasgun", cost=15)])
    )
    counted = {f.status for f in gang.fighters if f.status.counts_for_rating}
    assert counted == {
        FighterStatus.ACTIVE,
        FighterStatus.IN_RECOVERY,
        FighterStatus.CONVALESCENCE,
        FighterStatus.CRITICAL,
    }
    assert gang.rating == 120 * len(counted)
    assert ratings.wealth(gang) == gang.rating + 50 + 15


def test_fill_missing_ratings_keeps_given_ones() -> None:
    gang = Gang(name="G", fighters=[_gunner().model_copy(update={"rating": 99}), _gunner()])
    filled = ratings.fill_missing_ratings(gang)
    assert [f.rating for f in filled.fighters] == [99, 120]
    assert filled.rating == 219


@st.composite
def edits(draw: st.DrawFn, gang: Gang) -> list[tuple[str, object]]:
    return draw(
        st.lists(
            st.one_of(
                st.tuples(st.just("add_fighter"), fighters),
                st.tuples(st.just("status"), st.sampled_from(list(FighterStatus))),
                st.tuples(st.just("weapon"), weapons),
                st.tuples(st.just("modifier"), modifiers),
                st.tuples(st.just("drop_weapon"), st.none()),
                st.tuples(st.just("drop_profile"), st.none()),
                st.tuples(st.just("credits"), st.integers(0, 500)),
            ),
            max_size=8,
        )
    )


def _apply(gang: Gang, kind: str, value: object) -> Gang:
    if kind == "add_fighter":
        assert isinstance(value, Fighter)
        return roster_ops.add_fighter(gang, value)
    if kind == "credits":
        return gang.model_copy(update={"credits": value})
    if not gang.fighters:
        return gang
    if kind == "status":
        assert isinstance(value, FighterStatus)
        return roster_ops.set_status(gang, 0, value)
    if kind == "weapon":
        assert isinstance(value, Weapon)
        return roster_ops.add_weapon(gang, 0, value)
    if kind == "modifier":
        assert isinstance(value, Modifier)
        try:
            return roster_ops.add_modifier(gang, 0, value)
        except ValueError:
            return gang
    weapons = gang.fighters[0].weapons
    if not weapons:
        return gang
    if kind == "drop_weapon":
        return roster_ops.remove_weapon(gang, 0, 0)
    if weapons[0].profiles:
        return roster_ops.remove_profile(gang, 0, 0, weapons[0].profiles[-1].name)
    return gang


@given(gangs, st.data())
def test_committed_ratings_change_only_on_the_two_committing_operations(
    gang: Gang, data: st.DataObject
) -> None:
    founded = ratings.found_gang(gang)
    assert founded.rating == ratings.pending_gang_rating(founded)
    committed_before = [f.rating for f in founded.fighters]
    edited = founded
    for kind, value in data.draw(edits(founded)):
        edited = _apply(edited, kind, value)
        assert edited.rating == founded.rating
    # Edits only append fighters, so the founders keep their places and their ratings.
    assert [f.rating for f in edited.fighters[: len(committed_before)]] == committed_before
    assert all(f.rating is None for f in edited.fighters[len(committed_before) :])
    after = ratings.update_roster(edited)
    assert after.rating == ratings.pending_gang_rating(after)
    assert [f.rating for f in after.fighters] == [
        ratings.pending_fighter_rating(f) for f in after.fighters
    ]


@given(gangs)
def test_ratings_are_never_negative(gang: Gang) -> None:
    founded = ratings.found_gang(gang)
    assert founded.rating is not None and founded.rating >= 0
    assert all(f.rating is not None and f.rating >= 0 for f in founded.fighters)
    assert ratings.wealth(founded) >= founded.rating
