"""Issue 26's commands: `rules copy BASE NAME` makes the player's pack (listed at once),
`rules diff NAME [--json]` says what it adds or changes; a refusal is one line, exit 2.
The user folder is the test's own (tests/conftest.py points platformdirs there)."""

from __future__ import annotations

import json

import pytest

from gangmanager.cli import main
from gangmanager.services import user_packs
from gangmanager.services.rulesets import Rulesets

from ..user_pack_entries import club_gun, witch


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_copy_makes_a_pack_that_rules_list_shows(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rules", "copy", "n23", "club")
    assert code == 0, err
    assert "club" in out and "extends n23" in out
    code, out, _ = run(capsys, "rules", "list")
    assert any(line.split("\t")[0] == "club" for line in out.splitlines())
    code, out, _ = run(capsys, "rules", "diff", "club", "--json")
    assert (code, json.loads(out)) == (0, [])
    code, out, _ = run(capsys, "rules", "diff", "club")
    assert out.strip() == "club adds and changes nothing yet"


def test_diff_lists_what_the_pack_adds_and_changes(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "rules", "copy", "n23", "club")[0] == 0
    rulesets = Rulesets()  # the same user folder the commands use
    user_packs.add_entry(rulesets, "club", "fighter_type", witch())
    user_packs.add_entry(rulesets, "club", "weapon", club_gun())
    user_packs.add_entry(rulesets, "club", "wargear", {"name": "Flak armour", "cost": 12})
    code, out, err = run(capsys, "rules", "diff", "club", "--json")
    assert code == 0, err
    rows = json.loads(out)
    assert [(r["kind"], r["name"], r["change"]) for r in rows] == [
        ("fighter_type", "Wyld Witch", "added"),
        ("weapon", "Club gun", "added"),
        ("wargear", "Flak armour", "changed"),
    ]
    assert rows[0]["house"] == "escher" and rows[0]["cost"] == 110
    assert rows[2]["cost"] == 12 and "cost" in rows[2]["fields"]
    assert "house" not in rows[1] and "fields" not in rows[1]
    code, out, _ = run(capsys, "rules", "diff", "club")
    assert out.splitlines()[0].split("\t") == [
        "added",
        "fighter type",
        "Wyld Witch (escher)",
        "110",
    ]


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (("copy", "n23", "Not/A/Name"), "is not a pack name"),
        (("copy", "n23", "n26"), "a pack 'n26' exists already"),
        (("copy", "n99", "club"), "no ruleset 'n99'"),
        (("diff", "n23"), "'n23' is not one of your packs"),
        (("diff", "nothing"), "'nothing' is not one of your packs"),
    ],
)
def test_refusals_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], says: str
) -> None:
    code, out, err = run(capsys, "rules", *argv)
    assert code == 2 and out == ""
    assert says in err and err.count("\n") == 1
    assert "club" not in Rulesets().ids()
