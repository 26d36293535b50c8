"""YakTribe files as they come in the wild: wrapped or bare, HTML entities, `intelligence`,
every house's fighter types, spelling variants of equipment. The files are written here,
in YakTribe's shape, over whatever houses the n23 pack has."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.exchange.detect import detect_format, read_any
from gangmanager.exchange.yaktribe import import_yaktribe
from gangmanager.rules.gang import Category
from gangmanager.rules.ruleset import FighterType, Ruleset

N23 = load_ruleset("n23", [builtin_rulesets_dir()])
TYPES = [(h.id, t.name) for h in N23.houses for t in h.fighter_types]


def ganger(name: str, type_text: str, **extra: object) -> dict[str, object]:
    """A ganger in YakTribe's shape: final stats as bare numbers, text where numbers go."""
    stats = {"m": 5, "ws": 4, "bs": 4, "s": 3, "t": 3, "w": 1, "i": 4, "a": 1}
    stats |= {"ld": 7, "cl": 7, "wil": 7, "int": 7}
    return {
        "ganger_id": "101",
        "name": name,
        "type": type_text,
        **stats,
        "cost": "50",
        "xp": "0",
        "equipment": [],
        "skills": [],
        "injuries": [],
        "status": "Alive",
        **extra,
    }


def gang(*gangers: dict[str, object], gang_type: str = "Orlock") -> dict[str, object]:
    return {
        "gang_id": 4242,
        "gang_name": "The Widow&rsquo;s &ldquo;Sons&rdquo; &amp; Co",
        "gang_type": gang_type,
        "gang_rating": "0",
        "credits": "120",
        "reputation": "3",
        "gang_notes": "Say &quot;hello&quot;",
        "gangers": list(gangers),
    }


def test_wrapped_and_bare_import_the_same(tmp_path: Path) -> None:
    body = gang(ganger("Kell", "Gunner (Ganger)"))
    wrapped, bare = tmp_path / "wrapped.json", tmp_path / "bare.json"
    wrapped.write_text(json.dumps({"gang": body}), encoding="utf-8")
    bare.write_text(json.dumps(body), encoding="utf-8")
    assert detect_format(body) == "yaktribe"
    one, _ = read_any(wrapped, lambda _: N23)
    two, report = read_any(bare, lambda _: N23)
    assert one == two
    assert report is not None and report.gang == one.name


def test_html_entities_are_decoded() -> None:
    fighter = ganger("Ma&rsquo;ek", "Gunner", notes="Lost an eye &amp; a bet")
    fighter["equipment"] = [{"name": "Mesh Armor &amp; cloak", "qty": "1", "cost": "15"}]
    imported, _ = import_yaktribe(gang(fighter), "entities.json", N23)
    assert imported.name == "The Widow\u2019s \u201cSons\u201d & Co"
    assert imported.fighters[0].name == "Ma\u2019ek"
    assert "Lost an eye & a bet" in imported.fighters[0].notes
    assert 'Say "hello"' in imported.notes


def test_intelligence_is_accepted_for_int() -> None:
    fighter = ganger("Kell", "Gunner")
    del fighter["int"]
    fighter["intelligence"] = "9"
    imported, _ = import_yaktribe(gang(fighter), "int.json", N23)
    assert imported.fighters[0].profile.values["Int"] == 9


@pytest.mark.parametrize(("house_id", "type_name"), TYPES)
def test_every_house_type_maps_to_its_type_and_category(house_id: str, type_name: str) -> None:
    house = N23.house(house_id)
    assert house is not None
    fighter_type: FighterType = next(t for t in house.fighter_types if t.name == type_name)
    files = [
        ganger("A", f"{type_name} ({fighter_type.category.label})"),
        ganger("B", type_name.upper()),
    ]
    imported, report = import_yaktribe(gang(*files, gang_type=house.name), "types.json", N23)
    for fighter in imported.fighters:
        assert (fighter.type, fighter.category) == (type_name, fighter_type.category)
    assert "not in the n23 pack" not in report.text()


def test_a_short_type_name_is_the_lists_type_whatever_its_cost() -> None:
    # A Champion with a Leader's cost: the type decides, never the cost or profile.
    boss = ganger(
        "Mother Vex", "Matriarch", cost="125", ws=3, bs=3, w=3, a=2, ld=4, cl=5, wil=5, int=5
    )
    imported, _ = import_yaktribe(gang(boss, gang_type="Escher"), "escher.json", N23)
    fighter = imported.fighters[0]
    assert (fighter.type, fighter.category) == ("Gang Matriarch", Category.CHAMPION)


def test_an_unknown_type_keeps_its_name_and_is_reported() -> None:
    # A leader's cost and profile make no Leader: only a name or a label could.
    boss = ganger("Grax", "Zzyzx Overseer", cost="130", ws=3, bs=3, w=3, a=2, ld=4, cl=5)
    grunt = ganger("Mook", "Zzyzx Grunt (Ganger)")
    imported, report = import_yaktribe(gang(boss, grunt), "unknown.json", N23)
    assert [f.type for f in imported.fighters] == ["Zzyzx Overseer", "Zzyzx Grunt (Ganger)"]
    assert [f.category for f in imported.fighters] == [Category.GANGER, Category.GANGER]
    text = report.text()
    assert "type 'Zzyzx Overseer' is not in the n23 pack: kept as written" in text
    assert "type 'Zzyzx Overseer': category set to Ganger (nothing in it tells one)" in text
    assert "guessed" not in text
    # The grunt's label tells its category, and the report says so.
    assert "type 'Zzyzx Grunt (Ganger)' is not in the n23 pack: kept as written (Ganger" in text


VARIANTS = {
    "Mesh Armor": ("Mesh armour", "wargear"),
    "Armored undersuit": ("Armoured undersuit", "wargear"),
    "Lasgun*": ("Lasgun", "weapon"),
    "Shotgun - Solid/Scatter": ("Shotgun", "weapon"),
    "Grenade Launcher w/Frag+Krak": ("Grenade launcher", "weapon"),
    "Carapace Armor - Light": ("Light carapace armour", "wargear"),
    "Frag Grenades": ("Frag grenade", "weapon"),
}


def _armoury(ruleset: Ruleset, name: str) -> bool:
    return (ruleset.weapon_entry(name) or ruleset.wargear_item(name)) is not None


def test_equipment_spelling_variants_match_the_armoury() -> None:
    lines = [{"name": name, "qty": 1, "cost": 5} for name in VARIANTS]
    lines.append({"name": "Lucky charm", "qty": 1, "cost": 0})
    fighter = ganger("Kell", "Road Captain (Leader)", cost="500", equipment=lines)
    imported, report = import_yaktribe(gang(fighter), "variants.json", N23)
    kell = imported.fighters[0]
    weapons = {w.name: w for w in kell.weapons}
    wargear = {i.name for i in kell.wargear}
    for written, (armoury, kind) in VARIANTS.items():
        assert _armoury(N23, armoury), armoury
        if kind == "weapon":
            assert armoury in weapons and weapons[armoury].profiles, written
        else:
            assert armoury in wargear, written
    assert (report.matched_count, report.unmatched_count) == (len(VARIANTS), 1)
    assert f"{len(VARIANTS)} equipment lines matched to the armoury, 1 kept" in report.text()
    launcher = weapons["Grenade launcher"]
    assert {"frag grenade", "krak grenade"} <= {p.name for p in launcher.profiles}


def test_a_weapon_in_the_stash_stays_a_weapon() -> None:
    body = gang(ganger("Kell", "Gunner"))
    body["stash"] = [{"name": "Frag Grenades", "qty": 1, "cost": 30}]
    imported, _ = import_yaktribe(body, "stash.json", N23)
    assert imported.stash[0].name == "Frag grenade" and imported.stash[0].profiles
