"""A fighter with far too much on the card: ten weapons, many skills, a long glossary."""

from __future__ import annotations

from gangmanager.rules.gang import Category, Fighter, FighterStatus, Gang
from gangmanager.rules.modifiers import Modifier, ModifierKind
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import Item, Weapon, WeaponProfile

STRESS_NAME = "Vorn Castellan-Drax the Unbroken Warden of the Lower Underspire"
STRESS_SUMMARY = "M: +1, BS: +1, Cl: +1, Wil: +1"
STRESS_WEAPONS = (
    "Boltgun",
    "Shotgun",
    "Combat shotgun",
    "Plasma pistol",
    "Combi-weapon (bolter/plasma gun)",
    "Grenade launcher",
    "Heavy stubber",
    "Needle pistol",
    "Chainsword",
    "Fighting knife",
)
# Parry and Backstab are also weapon traits here: the glossary lists each once.
STRESS_SKILLS = (
    "Catfall",
    "Dodge",
    "Sprint",
    "Bull Charge",
    "Iron Jaw",
    "Parry",
    "Step Aside",
    "Backstab",
    "Evade",
    "Nerves of Steel",
    "True Grit",
    "Iron Will",
    "Marksman",
    "Fast Shot",
    "Gunfighter",
    "Medicae",
)
STRESS_WARGEAR = (
    "Flak armour",
    "Respirator",
    "Photo-goggles",
    "Medicae kit",
    "Grapnel launcher",
    "Bio-booster",
)
# Player-imported rules text (our own words here) replaces the pack's summary.
IMPORTED_RAPID_FIRE = (
    "House wording for the stress test: roll as many Firepower dice as the number in"
    " brackets, count every bullet as a hit, and spread hits after the first to other"
    " fighters within three inches of the first target. An Ammo symbol on any die asks"
    " for an Ammo test; two failed tests in one attack jam the weapon for the rest of"
    " the battle, and a jammed weapon may not be reloaded until the battle is over."
)


# Special ammo bought apart that the card was measured without (the pack gave these
# profiles to its weapons later, for imports; issue 27).
NOT_BOUGHT = frozenset(
    {
        "gas shells",
        "shatter shells",
        "choke gas grenade",
        "photon flash grenade",
        "scare gas grenade",
    }
)


def carried(profiles: list[WeaponProfile]) -> list[WeaponProfile]:
    """The armoury weapon's profiles but the special ammo this fighter did not buy."""
    return [p for p in profiles if p.name not in NOT_BOUGHT]


def stress_ruleset(ruleset: Ruleset) -> Ruleset:
    return ruleset.model_copy(update={"rules_text": {"Rapid Fire (1)": IMPORTED_RAPID_FIRE}})


def stress_fighter(ruleset: Ruleset) -> Fighter:
    armoury = {w.name: w for w in ruleset.weapons}
    wargear = {w.name: w for w in ruleset.wargear}
    orlock = ruleset.house("orlock")
    assert orlock is not None
    champion = next(t for t in orlock.fighter_types if t.category is Category.CHAMPION)
    advance = ModifierKind.ADVANCEMENT
    return Fighter(
        name=STRESS_NAME,
        type=champion.name,
        category=Category.CHAMPION,
        cost=champion.cost,
        xp=27,
        status=FighterStatus.IN_RECOVERY,
        profile=champion.profile,
        modifiers=[
            Modifier(source="Advancement: Movement", kind=advance, changes={"M": 1}, cost=10),
            Modifier(source="Advancement: Ballistic Skill", kind=advance, changes={"BS": 1}),
            Modifier(source="Impressive Scars", kind=ModifierKind.INJURY, changes={"Cl": 1}),
            Modifier(source="Advancement: Willpower", kind=advance, changes={"Wil": 1}, cost=5),
        ],
        weapons=[
            Weapon(name=name, cost=armoury[name].cost, profiles=carried(armoury[name].profiles))
            for name in STRESS_WEAPONS
        ],
        wargear=[Item(name=name, cost=wargear[name].cost) for name in STRESS_WARGEAR],
        skills=list(STRESS_SKILLS),
        injuries=["Impressive Scars", "Old Battle Wound", "Partially Deafened"],
        notes="Carries the gang's banner. Owes the Guilders a favour from the last cycle.",
    )


def with_stress_fighter(gang: Gang, ruleset: Ruleset) -> Gang:
    return gang.model_copy(update={"fighters": [*gang.fighters, stress_fighter(ruleset)]})
