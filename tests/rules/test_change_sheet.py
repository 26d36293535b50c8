"""The "what changed" sheet of a post-battle sequence: per fighter, what to write on the card."""

from __future__ import annotations

from gangmanager.rules import roster_ops
from gangmanager.rules.change_sheet import ChangeSheet, change_sheet
from gangmanager.rules.post_battle import apply_draft

from ..narrowing import present
from .test_post_battle import N23, _draft, _gang


def test_the_sheet_names_each_fighters_changes_and_the_ratings() -> None:
    gang = roster_ops.remove_profile(_gang(), 1, 0, "executioner ammo")  # lost in battle
    draft = _draft(
        injuries=[{"fighter": "Rook", "roll": 44}],
        xp={"Mags Varga": 14, "Dex Hollow": 2},
        advancements=[
            {"fighter": "Mags Varga", "advancement": "bs"},
            {"fighter": "Mags Varga", "advancement": "primary_chosen", "skill": "Nerves of Steel"},
        ],
        limited_deleted=[
            {"fighter": "Dex Hollow", "weapon": "Shotgun", "profile": "executioner ammo"}
        ],
        scenario="Border Dispute",
    )
    after, report = apply_draft(N23, gang, draft)
    sheet = change_sheet(gang, after, report, draft)
    assert (sheet.gang, sheet.result, sheet.scenario) == (
        "Rust Riders",
        report.result,
        "Border Dispute",
    )
    assert (sheet.gang_rating_before, sheet.gang_rating_after) == (
        report.gang_rating_before,
        report.gang_rating_after,
    )
    by_name = {f.name: f for f in sheet.fighters}
    mags = by_name["Mags Varga"]
    assert mags.advancements == ["Advancement: Ballistic Skill +1", "Advancement: Nerves of Steel"]
    assert mags.skills == ["Nerves of Steel"]
    assert (mags.xp_before, mags.xp_after) == (3, 2)  # 3 + 14 - 6 - 9
    assert (mags.rating_before, mags.rating_after) == (115, 155)
    rook = by_name["Rook"]
    assert rook.injuries == ["Eye Injury"]
    assert (rook.status_before, rook.status_after) == ("Active", "In recovery")
    dex = by_name["Dex Hollow"]
    assert dex.limited_deleted == ["Shotgun: executioner ammo"]
    assert (dex.xp_before, dex.xp_after) == (0, 2)
    assert not by_name["Tess"].injuries and not by_name["Tess"].advancements
    # Stored as JSON with the finished draft, read back the same.
    assert ChangeSheet.model_validate_json(sheet.model_dump_json()) == sheet


def test_a_fighter_who_leaves_and_one_recruited() -> None:
    gang = _gang()
    draft = _draft(
        injuries=[{"fighter": "Rook", "result": "Memorable Death"}],
    )
    after, report = apply_draft(N23, gang, draft)
    sheet = change_sheet(gang, after, report, draft)
    rook = next(f for f in sheet.fighters if f.name == "Rook")
    if after.fighter("Rook") is None:
        assert rook.status_after is None and rook.rating_after is None
    else:
        assert rook.status_after == present(after.fighter("Rook")).status.label
    recruit = after.fighters[0].model_copy(update={"id": None, "name": "Newcomer"})
    grown = after.model_copy(update={"fighters": [*after.fighters, recruit]})
    sheet = change_sheet(gang, grown, report, draft)
    assert sheet.fighters[-1].name == "Newcomer" and sheet.fighters[-1].recruited
