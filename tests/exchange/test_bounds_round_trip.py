"""What the app accepts it can export and import again: values at the bounds of
rules.limits round-trip through the gang file; one past a bound is refused by the
model and by the import alike."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from gangmanager.exchange.errors import ImportFileError
from gangmanager.exchange.gang_file import dump_gang_file, load_gang_file
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.limits import MAX_AMOUNT, MAX_FIGHTER_NAME_CHARS, MAX_GANG_NAME_CHARS
from gangmanager.rules.profile import Profile
from gangmanager.rules.weapons import Item, Weapon


def _at_the_bounds() -> Gang:
    fighter = Fighter(
        name="f" * MAX_FIGHTER_NAME_CHARS,
        cost=MAX_AMOUNT,
        xp=MAX_AMOUNT,
        rating=MAX_AMOUNT,
        profile=Profile.from_line("5 4 4 3 3 1 4 1 7 7 7 7"),
        weapons=[Weapon(name="Autogun", cost=MAX_AMOUNT)],
        wargear=[Item(name="Flak armour", cost=MAX_AMOUNT)],
    )
    return Gang(
        name="g" * MAX_GANG_NAME_CHARS,
        credits=MAX_AMOUNT,
        reputation=MAX_AMOUNT,
        rating=MAX_AMOUNT,
        fighters=[fighter],
    )


def test_values_at_the_bounds_export_and_import_again() -> None:
    gang = _at_the_bounds()
    text = dump_gang_file(gang)
    again = load_gang_file(json.loads(text), "bounds.gang.json")
    assert again == gang and dump_gang_file(again) == text


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("credits",), MAX_AMOUNT + 1),
        (("credits",), -1),
        (("reputation",), MAX_AMOUNT + 1),
        (("name",), "g" * (MAX_GANG_NAME_CHARS + 1)),
        (("fighters", 0, "name"), "f" * (MAX_FIGHTER_NAME_CHARS + 1)),
        (("fighters", 0, "xp"), MAX_AMOUNT + 1),
        (("fighters", 0, "weapons", 0, "cost"), MAX_AMOUNT + 1),
    ],
)
def test_one_past_a_bound_is_refused_by_the_model_and_the_import(
    path: tuple[str | int, ...], value: object
) -> None:
    data = json.loads(dump_gang_file(_at_the_bounds()))
    body = data
    for part in path[:-1]:
        body = body[part]
    body[path[-1]] = value
    with pytest.raises(ImportFileError):
        load_gang_file(data, "past.gang.json")
    with pytest.raises(ValidationError):
        Gang.model_validate({k: v for k, v in data.items() if k not in ("format", "version")})
