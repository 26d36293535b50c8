"""The 2026 pack on the command line (issue 26's contract): `rules list` lists n26 and
`rules show n26 --json` gives the statlines, the weapon statline, a `ranks`
progression with its ladder, every fighter type's statline, starting XP and subtypes,
and every item's Trade Points beside its credits. Loading n26 waits until it is used."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gangmanager.cli import main
from gangmanager.content import pack_cache


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _view(capsys: pytest.CaptureFixture[str], ruleset: str) -> dict[str, Any]:
    code, out, err = run(capsys, "rules", "show", ruleset, "--json")
    assert code == 0, err
    view: dict[str, Any] = json.loads(out)
    return view


def test_rules_list_lists_n26(capsys) -> None:
    code, out, _ = run(capsys, "rules", "list")
    assert code == 0
    assert "n26\tNecromunda (2026 edition)" in out.splitlines()


def test_rules_show_n26_json_has_the_2026_shapes(capsys) -> None:
    view = _view(capsys, "n26")
    fighter = [row["code"] for row in view["statlines"]["fighter"]]
    assert fighter == ["M", "WS", "BS", "S", "T", "W", "I", "A", "Sv", "Ld", "Cl", "Wil", "Int"]
    ld = next(row for row in view["statlines"]["fighter"] if row["code"] == "Ld")
    assert (ld["kind"], ld["printed_best"], ld["printed_worst"]) == ("value", "10", "4")
    assert [c["code"] for c in view["weapon_statline"]] == ["SR", "LR", "Str", "AP", "L"]
    progression = view["progression"]
    assert progression["kind"] == "ranks"
    ranks = progression["ranks"]
    assert all(set(rank) == {"name", "xp"} for rank in ranks)
    assert ranks[1] == {"name": "Rookie", "xp": 4}
    assert ranks[-1] == {"name": "Legend of the Underhive", "xp": 229}
    assert [c["code"] for c in view["economy"]["currencies"]] == ["credits", "trade_points"]


def test_every_fighter_type_has_statline_starting_xp_and_subtypes(capsys) -> None:
    view = _view(capsys, "n26")
    kinds = [t for h in view["houses"] for t in h["fighter_types"]]
    assert kinds
    for kind in kinds:
        assert kind["statline"] == "fighter"
        assert isinstance(kind["starting_xp"], int), kind["name"]
        assert kind["subtypes"], kind["name"]
        assert list(kind["profile"]) == [row["code"] for row in view["statlines"]["fighter"]]
    queen = next(k for k in kinds if k["name"] == "Gang Queen")
    assert (queen["starting_xp"], queen["subtypes"]) == (61, ["Leader"])
    assert queen["profile"]["Ld"] == "8" and queen["profile"]["Sv"] == "5+"


def test_every_item_has_trade_points_beside_its_cost(capsys) -> None:
    view = _view(capsys, "n26")
    items = [*view["weapons"], *view["wargear"]]
    assert len(items) > 80
    for item in items:
        assert "trade_points" in item and "cost" in item, item["name"]
        assert item["rarity"] is None  # Trade Points replaced rarity
    meltagun = next(w for w in view["weapons"] if w["name"] == "Meltagun")
    assert (meltagun["cost"], meltagun["trade_points"]) == (140, 4)
    profile = meltagun["profiles"][0]
    assert {k: profile[k] for k in ("SR", "LR", "Str", "AP", "L")} == {
        "SR": '6"', "LR": '12"', "Str": "8", "AP": "-4", "L": "3",
    }  # fmt: skip
    assert profile["traits"] == ["Ammo (6+)", "Damage (3)"]


def test_n23_keeps_its_weapon_profiles_and_gives_no_trade_points(capsys) -> None:
    view = _view(capsys, "n23")
    first = view["weapons"][0]
    assert list(first["profiles"][0]) == [
        "name", "rng_s", "rng_l", "acc_s", "acc_l", "str", "ap", "d", "am", "traits", "cost",
    ]  # fmt: skip
    assert first["trade_points"] is None and first["rarity"]
    assert view["progression"] == {"kind": "spend_xp", "unit": "XP", "name": "Experience"}
    kinds = [t for h in view["houses"] for t in h["fighter_types"]]
    assert all(k["starting_xp"] is None and k["subtypes"] == [] for k in kinds)


def test_n26_is_loaded_only_when_used(capsys, monkeypatch) -> None:
    """Starting, listing gangs and using n23 never validate or read n26."""
    loaded: list[str] = []
    real = pack_cache.cached

    def recording(ruleset_id: str, *args: Any, **kwargs: Any) -> Any:
        loaded.append(ruleset_id)
        return real(ruleset_id, *args, **kwargs)

    monkeypatch.setattr(pack_cache, "cached", recording)
    from gangmanager.content import loader

    loader.clear_cache()
    assert run(capsys, "list")[0] == 0
    assert run(capsys, "rules", "show", "n23", "--json")[0] == 0
    assert "n26" not in loaded
    assert run(capsys, "rules", "show", "n26", "--json")[0] == 0
    assert "n26" in loaded
