"""Setting and clearing a portrait: one action with undo; a bad picture writes nothing."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.gang import Gang
from gangmanager.services import gangs, portraits, roster
from gangmanager.services.demo import demo_gang
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present
from ..portrait_images import image_bytes, png_claiming


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


@pytest.fixture
def gang(db: Database, rulesets: Rulesets) -> Gang:
    gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23")))
    return gangs.load_gang(db, demo_gang(rulesets.get("n23")).name)


def _pip(gang: Gang) -> int:
    pip = gang.fighter("Pip")
    assert pip is not None and pip.id is not None
    return pip.id


def test_set_scales_stores_and_undo_clears(db: Database, gang: Gang, rulesets: Rulesets) -> None:
    outcome = roster.apply(
        db, roster.SetPortrait(present(gang.id), _pip(gang), image_bytes((800, 800))), rulesets
    )
    assert outcome.label == "Set the portrait of Pip"
    stored = gangs.load_gang(db, str(gang.id)).fighter("Pip")
    assert stored is not None and stored.portrait is not None
    assert Image.open(io.BytesIO(stored.portrait)).size == (240, 320)
    assert outcome.gang is not None and outcome.gang.fighter("Pip") == stored
    roster.undo(db, outcome, rulesets)
    again = gangs.load_gang(db, str(gang.id)).fighter("Pip")
    assert again is not None and again.portrait is None


def test_clearing_is_an_action_too(db: Database, gang: Gang, rulesets: Rulesets) -> None:
    roster.apply(db, roster.SetPortrait(present(gang.id), None, image_bytes()), rulesets)
    loaded = gangs.load_gang(db, str(gang.id))
    assert loaded.portrait is not None
    cleared = roster.apply(db, roster.SetPortrait(present(gang.id), None, None), rulesets)
    assert cleared.label == f"Clear the portrait of {gang.name}"
    assert gangs.load_gang(db, str(gang.id)).portrait is None
    roster.undo(db, cleared, rulesets)
    assert gangs.load_gang(db, str(gang.id)).portrait == loaded.portrait


@pytest.mark.parametrize(
    "data",
    [b"not a picture", image_bytes()[:400], png_claiming(50_000, 50_000)],
    ids=["text", "truncated", "bomb"],
)
def test_a_bad_picture_is_refused_in_one_line_and_nothing_is_written(
    db: Database, gang: Gang, data: bytes, rulesets: Rulesets
) -> None:
    with pytest.raises(ServiceError) as caught:
        roster.apply(db, roster.SetPortrait(present(gang.id), _pip(gang), data), rulesets)
    assert str(caught.value).startswith("picture refused: ")
    assert "\n" not in str(caught.value)
    after = gangs.load_gang(db, str(gang.id))
    assert after.version == gang.version and after == gang


def test_read_picture_refuses_a_missing_or_huge_file(tmp_path: Path) -> None:
    with pytest.raises(ServiceError, match="cannot read"):
        portraits.read_picture(tmp_path / "nowhere.png")
    huge = tmp_path / "huge.jpg"
    with huge.open("wb") as handle:
        handle.truncate(25_000_000)
    with pytest.raises(ServiceError, match="larger than"):
        portraits.read_picture(huge)
    small = tmp_path / "pip.png"
    small.write_bytes(image_bytes(fmt="PNG"))
    assert portraits.read_picture(small) == small.read_bytes()
