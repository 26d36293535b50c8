"""A gang of a pack with an invented statline (issue 25) in the store and in its file.

The pack is tests/invented_pack.py's (nine characteristics under
codes n23 does not use), installed among the player's packs. Its gang, a Sump Boss
of the nine beside a fighter of the pack's fighter statline, is stored, read back
(the window's first read and the engine's), shown by `show --json` with its own
codes, exported to a gang file that names the statline, and imported again equal.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from gangmanager.cli import main
from gangmanager.content import builtin_rulesets_dir
from gangmanager.exchange.errors import ImportFileError
from gangmanager.rules import roster_ops
from gangmanager.rules.gang import Category, Fighter, Gang
from gangmanager.rules.modifiers import Modifier, ModifierKind
from gangmanager.rules.profile import Profile
from gangmanager.rules.ratings import fill_missing_ratings
from gangmanager.rules.ruleset import Ruleset
from gangmanager.services import gangs
from gangmanager.services.databases import open_url, sqlite_url
from gangmanager.services.rulesets import Rulesets

from ..invented_pack import ADVANCEMENTS, CODES9, GLAND, HOUSE, _statline
from ..narrowing import present

GANG = "Sump Lords"


def _install_pack(packs: Path) -> None:
    folder = packs / "mutant9"
    shutil.copytree(builtin_rulesets_dir() / "n23", folder)
    pack = (folder / "pack.toml").read_text(encoding="utf-8")
    (folder / "pack.toml").write_text(pack.replace('id = "n23"', 'id = "mutant9"'), "utf-8")
    for name, extra in (
        ("statlines.toml", _statline()),
        ("houses.toml", HOUSE),
        ("advancements.toml", ADVANCEMENTS),
        ("armoury.toml", GLAND),
    ):
        text = (folder / name).read_text(encoding="utf-8")
        (folder / name).write_text(text + extra, encoding="utf-8")


@pytest.fixture
def rulesets() -> Rulesets:
    """The player's own packs (where the command line finds them too), with mutant9."""
    found = Rulesets()
    _install_pack(found.packs_dir)
    return found


@pytest.fixture
def ruleset(rulesets: Rulesets) -> Ruleset:
    return rulesets.get("mutant9")


def _gang(ruleset: Ruleset) -> Gang:
    kind = present(ruleset.fighter_type("sump", "Sump Boss"))
    boss = roster_ops.recruit(kind, "Grot", ruleset, house="sump")
    mutant = ruleset.statline("mutant")
    gland = Modifier.read(
        {
            "source": "Adrenal gland",
            "kind": ModifierKind.EQUIPMENT,
            "changes": {"Pow": 1, "Nrv": 1},
        },
        mutant,
    )
    gloved = Modifier.read(
        {"source": "Glove", "kind": ModifierKind.MANUAL, "set_to": {"Wit": 7, "Mv": None}}, mutant
    )
    boss = boss.model_copy(update={"modifiers": [gland, gloved], "xp": 3})
    plain = Fighter(
        name="Skab",
        category=Category.GANGER,
        cost=40,
        profile=Profile.from_line('5" 4+ 4+ 3 3 1 4+ 1 7+ 7+ 7+ 8+', ruleset.table),
    )
    return Gang(name=GANG, house="sump", ruleset="mutant9", credits=60, fighters=[boss, plain])


def _plain(gang: Gang) -> list[Fighter]:
    return [f.model_copy(update={"id": None, "owner_id": None}) for f in gang.fighters]


def test_stored_and_read_back_with_its_statline(
    tmp_path: Path, rulesets: Rulesets, ruleset: Ruleset
) -> None:
    url = sqlite_url(tmp_path / "gm.sqlite")
    gang = _gang(ruleset)
    with open_url(url, None, rulesets) as db:
        stored = gangs.add_gang(db, rulesets, gang).gang
    # A fresh start reads the first screen without the engine (quick_read), then with it.
    with open_url(url, None, rulesets) as db:
        assert db.quick_reader() is not None
        quick = gangs.load_gang(db, GANG)
        with db.unit_of_work(read_only=True) as uow:
            engine = present(uow.gangs.find(GANG))
    for read in (quick, engine):
        assert read == stored and _plain(read) == _plain(gang)
        boss, plain = read.fighters
        assert boss.profile.table == ruleset.statline("mutant") and tuple(boss.profile) == CODES9
        assert boss.profile.line() == '4" 3+ 5+ 5 4 2 4+ 8+ 3'
        assert boss.modifiers[0].changes == {"Pow": 1, "Nrv": 1}
        assert boss.modifiers[1].set_to == {"Wit": 7, "Mv": None}
        assert boss.effective().printed()["Pow"] == "6"
        assert plain.profile.table == ruleset.table and plain.profile["Int"] == 8


def test_show_json_speaks_its_codes(
    tmp_path: Path, rulesets: Rulesets, ruleset: Ruleset, capsys: pytest.CaptureFixture[str]
) -> None:
    db_path = str(tmp_path / "gm.sqlite")
    with open_url(sqlite_url(Path(db_path)), None, rulesets) as db:
        gangs.add_gang(db, rulesets, _gang(ruleset))
    assert main(["show", GANG, "--json", "--db", db_path]) == 0
    shown = json.loads(capsys.readouterr().out)
    boss, plain = shown["fighters"]
    assert boss["statline"] == "mutant" and plain["statline"] == "fighter"
    assert list(boss["base_profile"]) == list(CODES9) == list(boss["profile"])
    assert boss["base_profile"]["Nrv"] == "8+" and boss["profile"]["Nrv"] == "7+"
    assert boss["profile"]["Wit"] == "7" and boss["profile"]["Mv"] == "-"
    assert boss["modifiers"][0]["changes"] == {"Pow": 1, "Nrv": 1}
    assert list(plain["profile"])[-1] == "Int"


def test_gang_file_round_trip(tmp_path: Path, rulesets: Rulesets, ruleset: Ruleset) -> None:
    url = sqlite_url(tmp_path / "gm.sqlite")
    path = tmp_path / "sump.gang.json"
    with open_url(url, None, rulesets) as db:
        stored = gangs.add_gang(db, rulesets, _gang(ruleset)).gang
        gangs.export_gang(db, rulesets, GANG, path)
    text = path.read_text(encoding="utf-8")
    written = json.loads(text)
    boss, plain = written["fighters"]
    # The statline before the profile it keys; the fighter's is left out, as in every file.
    assert list(boss)[list(boss).index("profile") - 1] == "statline"
    assert boss["statline"] == "mutant" and list(boss["profile"]) == list(CODES9)
    assert "statline" not in plain and written["version"] == 1
    again, _, origin = gangs.read_import_with_origin(path, rulesets)
    # A file carries every rating (fill_missing_ratings): the rest is the stored gang.
    assert origin is not None and _plain(again) == _plain(fill_missing_ratings(stored))
    assert again.fighters[0].profile.table == ruleset.statline("mutant")
    # Imported as a second gang, stored and read: the same fighters again.
    with open_url(url, None, rulesets) as db:
        copy = gangs.add_gang(db, rulesets, again.model_copy(update={"name": "Copy"})).gang
        assert _plain(gangs.load_gang(db, str(copy.id))) == _plain(again)
        gangs.export_gang(db, rulesets, "Copy", tmp_path / "copy.gang.json")
    copied = json.loads((tmp_path / "copy.gang.json").read_text(encoding="utf-8"))
    assert copied["fighters"] == written["fighters"]


def test_a_file_fighter_of_the_type_alone_takes_its_profile_and_statline(
    tmp_path: Path, rulesets: Rulesets
) -> None:
    """The issue's contract for a vehicle: `type` names a type of another statline, its
    `profile` left out is the type's; a profile of the wrong codes is refused in one line."""
    path = tmp_path / "bare.gang.json"
    entry: dict[str, object] = {"name": "Grot", "type": "Sump Boss", "category": "leader"}
    document: dict[str, object] = {"format": "gangmanager/gang", "version": 1, "name": "Bare"}
    document |= {"house": "sump"}
    document |= {"ruleset": "mutant9", "fighters": [entry]}
    path.write_text(json.dumps(document), encoding="utf-8")
    gang, _, _ = gangs.read_import_with_origin(path, rulesets)
    assert gang.fighters[0].profile.line() == '4" 3+ 5+ 5 4 2 4+ 8+ 3'
    assert gang.fighters[0].profile.table.name == "mutant"
    entry["profile"] = {"M": '5"'}
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(
        ImportFileError, match=r"fighters\[0\]\.profile: unknown characteristic 'M'"
    ):
        gangs.read_import_with_origin(path, rulesets)
    entry.pop("profile")
    entry["statline"] = "tank"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(ImportFileError, match=r"fighters\[0\]\.statline: 'tank' is no statline"):
        gangs.read_import_with_origin(path, rulesets)


def test_yaktribe_stats_map_through_the_statline(ruleset: Ruleset) -> None:
    """YakTribe keys a stat by its code in lower case (`int`) or its name: a Sump Boss's
    by the nine of its type's statline, a fighter of no known type's by the fighter's."""
    from gangmanager.exchange.yaktribe import import_yaktribe

    from ..exchange.yaktribe_shapes import ganger, yaktribe_file

    nine = {"mv": "4", "mel": "3", "aim": "5", "pow": "5", "hide": "4", "hp": "2"}
    nine |= {"rx": "4", "nerve": "8", "wits": "3"}  # the last two by their names
    n23 = {"m", "ws", "bs", "s", "t", "w", "i", "a", "ld", "cl", "wil", "int"}
    boss = {k: v for k, v in ganger("Grot", "Sump Boss", 90).items() if k not in n23}
    data = yaktribe_file("Sump Mutants", boss | nine, ganger("Skab", "Mutie", 40))
    gang, _ = import_yaktribe(data, "sump.json", ruleset)
    grot, skab = gang.fighters
    assert grot.type == "Sump Boss" and grot.profile.table == ruleset.statline("mutant")
    assert grot.profile.line() == '4" 3+ 5+ 5 4 2 4+ 8+ 3'
    assert skab.profile.table == ruleset.table and skab.profile.line().endswith("7+ 7+ 7+ 7+")


def test_reading_a_gang_of_two_statlines_sends_as_many_statements_at_any_size(
    tmp_path: Path, rulesets: Rulesets, ruleset: Ruleset
) -> None:
    """Each fighter's statline comes from the pack, not the database: a read of 2 or 20
    fighters of the two statlines sends the same statements."""
    from ..statements import statements_sent

    gang = _gang(ruleset)
    boss, plain = gang.fighters
    many = [
        f.model_copy(update={"name": f"{f.name} {n}"}) for n in range(10) for f in (boss, plain)
    ]
    counts = []
    with open_url(sqlite_url(tmp_path / "gm.sqlite"), None, rulesets) as db:
        for name, fighters in (("Small", gang.fighters), ("Big", many)):
            gangs.add_gang(
                db, rulesets, gang.model_copy(update={"name": name, "fighters": fighters})
            )
        for name in ("Small", "Big"):
            with statements_sent(db.engine) as sent, db.unit_of_work(read_only=True) as uow:
                read = present(uow.gangs.find(name))
            assert {f.profile.table.name for f in read.fighters} == {"mutant", "fighter"}
            counts.append(len(sent))
    assert counts[0] == counts[1]
