"""A pack with an invented statline works in the rules (issue 25).

The test copies n23 into a folder of its own, gives it a statline of nine
characteristics under codes n23 does not use, one fighter type keyed by it and
two advancements of its codes, and shows that the rules read it: the profile,
modifiers, the effective profile with its limits, and the advance caps.
The window, the printed card, the battle and the gang file of such a fighter
are the next session's part of this test (they still read the n23 codes).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gangmanager.content import load_ruleset
from gangmanager.rules import roster_ops
from gangmanager.rules.advancement import AdvancementProblem, advance
from gangmanager.rules.characteristics import CharacteristicError
from gangmanager.rules.gang import Fighter
from gangmanager.rules.injuries import suffer
from gangmanager.rules.modifiers import (
    AdvancementCapError,
    Modifier,
    ModifierKind,
    check_advancement,
    check_modifier_range,
)
from gangmanager.rules.roster_ops import RosterError
from gangmanager.rules.ruleset import Ruleset

from ..invented_pack import CODES9, NINE, write_pack


@pytest.fixture
def ruleset(tmp_path: Path) -> Ruleset:
    packs = tmp_path / "packs"
    write_pack(packs)
    return load_ruleset("mutant9", [packs])


@pytest.fixture
def boss(ruleset: Ruleset) -> Fighter:
    kind = ruleset.fighter_type("sump", "Sump Boss")
    assert kind is not None
    return roster_ops.recruit(kind, "Grot", ruleset, house="sump")


def test_the_pack_loads_with_both_statlines(ruleset: Ruleset) -> None:
    assert list(ruleset.statlines) == ["fighter", "vehicle", "mutant"]
    table = ruleset.statline("mutant")
    assert table.codes == CODES9
    assert [(r.kind.value, r.best, r.worst, r.advance_cap) for r in table] == [
        row[2:] for row in NINE
    ]
    kind = ruleset.fighter_type("sump", "Sump Boss")
    assert kind is not None and kind.statline == "mutant"
    # Every n23 type still has the fighter's twelve.
    orlock = ruleset.fighter_type("orlock", "Road Captain")
    assert orlock is not None and orlock.statline == "fighter" and len(orlock.profile.values) == 12


def test_the_fighter_profile_is_keyed_by_the_nine(ruleset: Ruleset, boss: Fighter) -> None:
    assert tuple(boss.profile) == CODES9
    assert boss.profile.line() == '4" 3+ 5+ 5 4 2 4+ 8+ 3'
    assert boss.profile.values["Wit"] == 3 and boss.profile["Nrv"] == 8
    assert ruleset.table_for(boss.profile) == ruleset.statline("mutant")
    assert ruleset.statline_of("sump", boss.type, boss.profile) == "mutant"
    boss.profile.validate_ranges()
    with pytest.raises(CharacteristicError, match=r"Nrv: 13\+ is outside 3\+ \(best\) to 12\+"):
        boss.profile.replace(Nrv=13).validate_ranges()
    # The n23 codes are no characteristics of this fighter.
    with pytest.raises(RosterError, match="unknown characteristic 'BS'"):
        roster_ops.parse_characteristic("BS", "4+", ruleset.table_for(boss.profile))
    assert roster_ops.parse_characteristic("aim", "4+", ruleset.table_for(boss.profile)) == 4


def test_modifiers_change_the_nine_within_their_limits(ruleset: Ruleset, boss: Fighter) -> None:
    table = ruleset.table_for(boss.profile)
    glands = roster_ops.line_modifier("Glands", "Pow: +1, nrv: +2, Wit: -5, Mel: =2", table=table)
    assert glands.changes == {"Pow": 1, "Nrv": 2, "Wit": -5}
    assert glands.set_to == {"Mel": 2}
    check_modifier_range(glands, table)
    fighter = boss.model_copy(update={"modifiers": [glands]})
    effective = fighter.effective()
    assert effective.printed() == {
        "Mv": '4"', "Mel": "2+", "Aim": "5+", "Pow": "6", "Hide": "4", "Hp": "2",
        "Rx": "4+", "Nrv": "6+", "Wit": "1",  # Wits stops at its worst, 1
    }  # fmt: skip
    assert effective.summary() == "Mel: +1, Pow: +1, Nrv: +2, Wit: -2"  # net, the set included
    assert effective.sources["Wit"][0].applied == -2
    with pytest.raises(RosterError, match="unknown characteristic 'BS'"):
        roster_ops.line_modifier("Bionic eye", "BS: +1", table=table)
    read = Modifier.read({"source": "Scar", "changes": {"hide": 1}}, table)
    assert read.changes == {"Hide": 1}


def test_advance_caps_come_from_the_statline(ruleset: Ruleset, boss: Fighter) -> None:
    fighter = boss.model_copy(update={"xp": 100})
    first = advance(ruleset, "sump", fighter, "pow")
    assert "Pow 5 -> 6" in first.text
    second = advance(ruleset, "sump", first.fighter, "pow")
    assert second.fighter.effective().values["Pow"] == 7
    assert second.fighter.xp == 100 - 8 - 10  # escalation 2 per earlier advance
    with pytest.raises(AdvancementProblem, match="Power may be advanced at most 2 times"):
        advance(ruleset, "sump", second.fighter, "pow")
    health = advance(ruleset, "sump", second.fighter, "hp")
    with pytest.raises(AdvancementProblem, match="Health may be advanced at most 1 time"):
        advance(ruleset, "sump", health.fighter, "hp")
    # An n23 advancement names a code the nine do not have.
    with pytest.raises(AdvancementProblem, match="profile has no BS"):
        advance(ruleset, "sump", fighter, "bs")
    # The check alone, with the cap of the statline the profile is keyed by.
    more = Modifier.read(
        {"source": "Advance", "kind": ModifierKind.ADVANCEMENT, "changes": {"Mv": 3}},
        ruleset.table_for(boss.profile),
    )
    with pytest.raises(AdvancementCapError, match="Move may be advanced at most 2 times"):
        check_advancement(boss.profile, [], more)


def test_pack_changes_apply_to_the_codes_the_fighter_has(ruleset: Ruleset, boss: Fighter) -> None:
    table = ruleset.table_for(boss.profile)
    gland = ruleset.wargear_item("Adrenal gland")
    assert gland is not None
    worn = roster_ops.item_modifier(gland, table)
    assert worn.changes == {"Pow": 1, "Nrv": 1}
    fighter = boss.model_copy(update={"modifiers": [worn]})
    assert fighter.effective().line() == '4" 3+ 5+ 6 4 2 4+ 7+ 3'
    # An n23 injury names BS, which the nine lack: recorded, the profile unchanged.
    eye = next(i for i in ruleset.injuries if i.name == "Eye Injury")
    outcome = suffer(ruleset, fighter, eye, [])
    assert outcome.fighter.injuries == ["Eye Injury"]
    assert outcome.fighter.effective().line() == fighter.effective().line()
    assert roster_ops.injury_modifier(eye, table).changes == {}
