"""`extends`: merge by name, whole tables, deep objects, user packs, the cache."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from gangmanager.content import available_rulesets, clear_cache, load_ruleset
from gangmanager.content.loader import _read_toml
from gangmanager.rules.ruleset import Mechanic, Ruleset

from ..narrowing import present

Load = Callable[[str], Ruleset]
WritePack = Callable[..., Path]

LASGUN_AT_12 = """
[[weapons]]
name = "Lasgun"
cost = 12
availability = "C"
kind = "basic"

[[weapons.profiles]]
rng_s = '18"'
rng_l = '24"'
acc_s = "+1"
str = "3"
d = "1"
am = "2+"
traits = ["Plentiful"]
"""


def test_house_a_inherits_weapons_and_houses(load: Load) -> None:
    core, house = load("n23"), load("house-a")
    assert house.extends == "n23"
    assert [w.name for w in house.weapons] == [w.name for w in core.weapons]
    assert [h.id for h in house.houses] == [h.id for h in core.houses]
    assert house.advancements == core.advancements
    assert house.characteristics == core.characteristics
    assert house.skill_sets == core.skill_sets


def test_house_a_blaze_differs(load: Load) -> None:
    assert load("house-a").blaze != load("n23").blaze


def test_trait_override_replaces_in_place_and_new_ones_are_appended(load: Load) -> None:
    core, house = load("n23"), load("house-a")
    core_names = [t.name for t in core.traits]
    house_names = [t.name for t in house.traits]
    assert house_names[: len(core_names)] == core_names
    assert house_names[len(core_names) :] == ["Accurate", "Rupture"]
    # Seed 000's Toxin (before Damage) replaces n23's in place, with its own mechanics flag.
    assert present(house.trait_def("Blaze")).summary != present(core.trait_def("Blaze")).summary
    assert present(house.trait_def("Blaze")).summary.startswith("After the attack")
    assert present(house.trait_def("Toxin")).mechanics == [Mechanic.TOXIN_BEFORE_DAMAGE]
    assert present(core.trait_def("Toxin")).mechanics == [Mechanic.TOXIN]


def test_rename_traits_applies_to_inherited_weapons(load: Load) -> None:
    # n23 (2023 rules) says Sidearm; house-b's rules text says Pistol.
    core = load("n23")
    core_traits = {str(t) for w in core.weapons for p in w.profiles for t in p.traits}
    assert "Pistol" not in core_traits and core.trait_def("Pistol") is None
    house = load("house-b")
    traits = {str(t) for w in house.weapons for p in w.profiles for t in p.traits}
    assert "Sidearm" not in traits
    assert "Pistol" in traits
    laspistol = next(w for w in house.weapons if w.name == "Laspistol")
    assert [str(t) for t in laspistol.profiles[0].traits] == ["Pistol", "Plentiful"]
    # Parameters survive, other traits are untouched.
    autogun = next(w for w in house.weapons if w.name == "Autogun")
    assert [str(t) for t in autogun.profiles[0].traits] == ["Rapid Fire (1)"]
    # house-a keeps the 2023 name.
    house_a = load("house-a")
    laspistol_a = next(w for w in house_a.weapons if w.name == "Laspistol")
    assert [str(t) for t in laspistol_a.profiles[0].traits] == ["Sidearm", "Plentiful"]


def test_whole_tables_are_replaced(load: Load) -> None:
    core, house = load("n23"), load("house-a")
    assert [i.name for i in house.injuries] != [i.name for i in core.injuries]
    assert "Convalescence" not in [i.name for i in house.injuries]
    assert house.ganger_advancements == core.ganger_advancements  # not given: inherited


def test_deep_merge_of_objects(load: Load) -> None:
    house_b = load("house-b")
    # house-b gives only term and the trait: the rest of [ammo] is inherited.
    assert house_b.ammo.limited_rating_deferred is True
    # house-b gives only blaze.actions: catch_fire_on and hit are inherited.
    assert house_b.blaze.catch_fire_on == [4, 5, 6]
    assert [a.id for a in house_b.blaze.actions] == ["stop_drop_and_roll", "extinguish_friend"]


def test_user_pack_extending_house_a_overrides_one_cost(
    write_pack: WritePack, user_dir: Path, builtin: list[Path]
) -> None:
    write_pack(
        "my-house",
        pack='id = "my-house"\nname = "My house rules"\nextends = "house-a"\n',
        armoury=LASGUN_AT_12,
    )
    search = [user_dir, *builtin]
    mine = load_ruleset("my-house", search)
    house_a = load_ruleset("house-a", search)
    assert mine.extends == "house-a"
    assert mine.name == "My house rules"
    lasgun = next(w for w in mine.weapons if w.name == "Lasgun")
    assert lasgun.cost == 12
    assert next(w for w in house_a.weapons if w.name == "Lasgun").cost == 15
    # Same position, same count: replaced by name, not appended.
    assert [w.name for w in mine.weapons] == [w.name for w in house_a.weapons]
    # Everything else comes through two levels of inheritance.
    assert mine.blaze == house_a.blaze
    assert present(mine.injury_for(44)).name == "Grievous Injury"
    assert mine.trait_def("Accurate") is not None
    assert mine.house("orlock") is not None


def test_user_copy_overrides_the_builtin_pack(
    write_pack: WritePack, user_dir: Path, builtin: list[Path]
) -> None:
    folder = write_pack(
        "n23",
        pack='id = "n23"\nname = "Our table\'s core"\nextends = "n23"\nfounding_credits = 1500\n',
    )
    search = [user_dir, *builtin]
    ruleset = load_ruleset("n23", search)
    assert ruleset.name == "Our table's core"
    assert ruleset.founding_credits == 1500
    assert len(ruleset.weapons) == len(load_ruleset("n23", builtin).weapons)
    listed = {pack_id: path for pack_id, _, path in available_rulesets(search)}
    assert listed["n23"] == folder
    # Packs extending n23 now see the user's copy.
    assert load_ruleset("house-a", search).founding_credits == 1500


def test_new_house_is_appended_and_fighter_type_list_replaced(
    write_pack: WritePack, user_dir: Path, builtin: list[Path]
) -> None:
    write_pack(
        "mini",
        pack='id = "mini"\nname = "Mini"\nextends = "n23"\n',
        houses="""
[[houses]]
id = "orlock"
name = "House Orlock (short list)"

[[houses.fighter_types]]
name = "Road Captain"
category = "leader"
cost = 110
profile = '5" 3+ 3+ 3 3 3 4+ 2 4+ 5+ 5+ 5+'

[[houses]]
id = "scavvies"
name = "Scavvies"
""",
    )
    ruleset = load_ruleset("mini", [user_dir, *builtin])
    parent = [h.id for h in load_ruleset("n23", builtin).houses]
    assert [h.id for h in ruleset.houses] == [*parent, "scavvies"]
    orlock = present(ruleset.house("orlock"))
    assert [t.name for t in orlock.fighter_types] == ["Road Captain"]
    assert orlock.fighter_types[0].cost == 110


def test_cache_and_clear(builtin: list[Path]) -> None:
    first = load_ruleset("n23", builtin)
    assert load_ruleset("n23", builtin) is first
    clear_cache()
    again = load_ruleset("n23", builtin)
    assert again is not first
    assert again == first


def test_a_folder_without_packs_shares_the_loaded_builtin_pack(
    user_dir: Path, builtin: list[Path], write_pack: WritePack
) -> None:
    """A player's empty (or missing) folder costs no second load; a pack put there counts."""
    first = load_ruleset("n23", builtin)
    assert load_ruleset("n23", [user_dir, *builtin]) is first
    assert load_ruleset("n23", [user_dir / "absent", *builtin]) is first
    write_pack("n23", pack='id = "n23"\nname = "Our n23"\nextends = "n23"\n')
    ours = load_ruleset("n23", [user_dir, *builtin])
    assert ours is not first and ours.name == "Our n23"


def test_a_parsed_file_is_reused_only_while_unchanged_and_as_a_copy(tmp_path: Path) -> None:
    """The per-file parse cache: an edited file is read again; a caller's edit stays its own."""
    path = tmp_path / "traits.toml"
    path.write_text('[[traits]]\nname = "Blaze"\n', encoding="utf-8")
    first = _read_toml(path)
    first["traits"].append({"name": "edited by a caller"})
    assert _read_toml(path) == {"traits": [{"name": "Blaze"}]}
    path.write_text('[[traits]]\nname = "Knockback"\n', encoding="utf-8")
    assert _read_toml(path) == {"traits": [{"name": "Knockback"}]}


def test_available_rulesets_skips_folders_without_pack(user_dir: Path, builtin: list[Path]) -> None:
    (user_dir / "not-a-pack").mkdir()
    (user_dir / "notes.txt").write_text("hello", encoding="utf-8")
    ids = [pack_id for pack_id, _, _ in available_rulesets([user_dir, *builtin])]
    assert "not-a-pack" not in ids
    assert ids == sorted(ids)
