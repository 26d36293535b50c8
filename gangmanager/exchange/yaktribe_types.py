"""YakTribe's gang types and fighter types found in a ruleset pack.

- A gang type ("Orlock (HoI)", "Van Saar", "Enforcers") is a house when its
  name without the book suffix is the house's id or name, with or without
  "House", or a `house` row of the names table (`yaktribe_names`).
- A fighter type ("Road Captain (Leader)", "Palanite Patrolman", "Gunner
  Specialist") is the pack's type: the gang's own list first, then the gang
  additions open to it, then every other list (the report names it). `X Specialist`
  is a Specialist of type X.
- The category comes from the type, never from cost or profile. A type the
  pack lacks gets the category its words or YakTribe's label tell
  ("(Brute)", "Dramatis Personae", "Giant Rat"), else Ganger: never Leader or
  Champion unless the text says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from gangmanager.exchange.armoury_match import name_tokens, split_qualifier
from gangmanager.exchange.yaktribe_names import rows
from gangmanager.rules.gang import Category
from gangmanager.rules.ruleset import FighterType, House, Ruleset

__all__ = ["TypeChoice", "category_from_words", "find_house", "find_type"]

_HOUSE_ROWS = {name_tokens(theirs): ours for theirs, ours in rows("house")}
_TYPE_ROWS = {name_tokens(theirs): ours for theirs, ours in rows("type")}
_CATEGORY_ROWS = [(name_tokens(theirs), Category(ours)) for theirs, ours in rows("category")]


def _bare(text: str) -> str:
    """ "Orlock (HoI)" -> "Orlock"; "Road Captain (Leader)" -> "Road Captain"."""
    return split_qualifier(text)[0].strip() or text


def find_house(gang_type: str, ruleset: Ruleset) -> House | None:
    """The pack's house a YakTribe gang type names; None when none does."""
    if not gang_type.strip():
        return None
    found = ruleset.house(gang_type)
    if found is not None:
        return found
    wanted = name_tokens(_bare(gang_type))
    if wanted[:1] == ("house",):
        wanted = wanted[1:]
    for house in ruleset.houses:
        names = {name_tokens(house.id.replace("_", " ")), name_tokens(house.name)}
        names |= {n[1:] for n in names if n[:1] == ("house",)}
        if wanted in names:
            return house
    house_id = _HOUSE_ROWS.get(wanted)
    return ruleset.house(house_id) if house_id else None


def _contains(tokens: tuple[str, ...], words: tuple[str, ...]) -> bool:
    size = len(words)
    return any(tokens[i : i + size] == words for i in range(len(tokens) - size + 1))


def category_from_words(text: str) -> Category | None:
    """The category the words of a type tell ("Hired Gun (Bounty Hunter)"); None if none."""
    tokens = name_tokens(text)
    return next((c for words, c in _CATEGORY_ROWS if _contains(tokens, words)), None)


@dataclass(frozen=True)
class TypeChoice:
    """Where a YakTribe fighter type landed."""

    fighter_type: FighterType | None
    category: Category | None
    # The list the type was found in when it is not the gang's own ("House Escher").
    found_in: str = ""
    specialist: bool = False


def _lists(ruleset: Ruleset, house: House | None) -> list[tuple[str, list[FighterType]]]:
    everywhere = [
        *((h.name, list(h.fighter_types)) for h in ruleset.houses if h is not house),
        ("gang additions", list(ruleset.gang_additions)),
    ]
    if house is None:
        return everywhere
    additions = [t for t in ruleset.gang_additions if t.open_to(house)]
    # The gang's own list and additions first; another list's type is said so.
    return [("", list(house.fighter_types)), ("", additions), *everywhere]


def _lookup(
    tokens: tuple[str, ...], ruleset: Ruleset, house: House | None
) -> tuple[FighterType, str] | None:
    for found_in, types in _lists(ruleset, house):
        for fighter_type in types:
            if name_tokens(fighter_type.name) == tokens:
                return fighter_type, found_in
    return None


def find_type(type_text: str, ruleset: Ruleset | None, house: House | None) -> TypeChoice:
    """The pack's type for YakTribe's `type` and the category it gives."""
    if ruleset is None or not name_tokens(type_text):
        return TypeChoice(None, category_from_words(type_text))
    bare = _bare(type_text)
    label = type_text[len(bare) :].strip(" ()")
    for text, specialist in ((type_text, False), (bare, False)):
        tokens = name_tokens(text)
        if tokens[-1:] == ("specialist",) and len(tokens) > 1:
            tokens, specialist = tokens[:-1], True
        elif name_tokens(label) == ("specialist",) and text is bare:
            specialist = True
        for candidate in (tokens, name_tokens(_TYPE_ROWS.get(tokens, ""))):
            found = _lookup(candidate, ruleset, house) if candidate else None
            if found is not None:
                fighter_type, found_in = found
                category = Category.SPECIALIST if specialist else fighter_type.category
                return TypeChoice(fighter_type, category, found_in, specialist)
    return TypeChoice(None, category_from_words(type_text))
