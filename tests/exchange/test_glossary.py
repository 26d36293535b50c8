"""Import of a player's own rules text: the glossary parser and its storage."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import platformdirs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gangmanager.content import rules_text as rules_text_module
from gangmanager.content.rules_text import (
    attach_rules_text,
    default_rules_text_folder,
    load_rules_text,
    merge_rules_text,
    save_rules_text,
)
from gangmanager.exchange.glossary import (
    Glossary,
    GlossaryError,
    looks_like_modifier_line,
    parse_glossary,
    read_glossary,
    split_paragraphs,
)
from gangmanager.rules.ruleset import (
    BlazeHit,
    BlazeRules,
    ParamKind,
    Ruleset,
    Skill,
    SkillSet,
    TraitDef,
)

FIXTURES = Path(__file__).parent / "fixtures"
OUR_WORDS = FIXTURES / "glossary_our_words.txt"

SEED_000 = "000_e0a09c0930ee0085.txt"
SEED_001 = "001_b6f32a71ec82e10b.txt"
SEED_002 = "002_510b16283e59145d.txt"


def shape(glossary: Glossary) -> list[tuple[str, str | None, int]]:
    return [(e.name, e.param, len(e.paragraphs)) for e in glossary.entries]


# -- our own fixture -----------------------------------------------------------

OUR_WORDS_ENTRIES = [
    (
        "Knockback",
        None,
        "Knockback",
        [
            "Before rolling to wound, roll a D6. If it equals or beats the target's Strength,"
            ' push the target 1" straight away from the attacker.',
            "A pushed fighter who meets a wall or another fighter stops there: nothing else"
            " happens.",
        ],
    ),
    (
        "Blaze",
        None,
        "Blaze",
        [
            "After the attack, roll a D6 for a target still in the fight. On a 1, 2 or 3 it"
            " catches fire.",
            "A burning fighter takes a Strength 4 hit when its activation ends.",
            "Example: a Ganger is hit and rolls a 2, so mark it as burning.",
        ],
    ),
    (
        "Rapid Fire",
        "2",
        "Rapid Fire (2)",
        ["Roll up to two Firepower dice; every bullet symbol is one hit."],
    ),
    (
        "Blast",
        '5"',
        "Blast (5'')",
        ["Centre a 5'' marker on the target; everything under it is hit."],
    ),
    (
        "Sidearm",
        None,
        "Sidearm",
        ["Usable in close combat as well as for shooting. Remember: one sidearm attack per fight."],
    ),
]
OUR_WORDS_PREAMBLE = (
    "House notes for our Thursday campaign: short reminders in our own words, not the book."
)


def our_words() -> str:
    return OUR_WORDS.read_text(encoding="utf-8")


def assert_our_words(glossary: Glossary) -> None:
    assert [(e.name, e.param, e.heading, e.paragraphs) for e in glossary.entries] == [
        (name, param, heading, paragraphs) for name, param, heading, paragraphs in OUR_WORDS_ENTRIES
    ]
    assert glossary.unattached == [OUR_WORDS_PREAMBLE]
    assert glossary.replaced == []
    assert len(glossary.warnings) == 1
    assert "before the first entry" in glossary.warnings[0]


def test_our_words_entries_and_unattached_preamble() -> None:
    assert_our_words(parse_glossary(our_words()))


def test_our_words_crlf_bom_and_trailing_spaces_give_the_same_result() -> None:
    lines = our_words().split("\n")
    variant = "\ufeff" + "\r\n".join(f"{line}  \t" for line in lines) + "\r\n\r\n"
    assert_our_words(parse_glossary(variant))


def test_our_words_read_from_a_utf8_file_with_bom_and_crlf(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(b"\xef\xbb\xbf" + our_words().replace("\n", "\r\n").encode("utf-8"))
    assert_our_words(read_glossary(path))


def test_our_words_as_rules_text_normalises_the_heading() -> None:
    texts = parse_glossary(our_words()).as_rules_text()
    assert list(texts) == ["Knockback", "Blaze", "Rapid Fire (2)", 'Blast (5")', "Sidearm"]
    assert texts["Blaze"] == "\n\n".join(OUR_WORDS_ENTRIES[1][3])
    assert texts['Blast (5")'] == "Centre a 5'' marker on the target; everything under it is hit."


def test_our_words_report_names_entries_and_unattached() -> None:
    report = parse_glossary(our_words()).report()
    assert report.splitlines()[0] == (
        '5 entries imported: Knockback, Blaze, Rapid Fire (2), Blast (5"), Sidearm'
    )
    assert "1 paragraph could not be attached to a name:" in report
    assert "  - House notes for our Thursday campaign: short reminders in ou…" in report


def test_entry_lookup_by_name_with_or_without_parameter() -> None:
    glossary = parse_glossary(our_words())
    rapid_fire = glossary.entry("Rapid Fire (2)")
    assert rapid_fire is not None and rapid_fire.param == "2"
    assert glossary.entry("rapid fire") is rapid_fire
    blast = glossary.entry("Blast (5'')")
    assert blast is not None and blast.key == 'Blast (5")'
    assert glossary.entry("Toxin") is None
    assert glossary.entry("  ") is None


# -- the seed files in ../shared -----------------------------------------------


def test_seed_000_entries_in_order_with_paragraph_counts(shared_seeds: Path) -> None:
    glossary = read_glossary(shared_seeds / SEED_000)
    assert shape(glossary) == [
        ("Accurate", None, 1),
        ("Blaze", None, 5),
        ("Blast", '3"', 1),
        ("Limited", None, 1),
        ("Rapid Fire", "1", 3),
        ("Rupture", None, 1),
        ("Scarce", None, 1),
        ("Silent", None, 1),
        ("Toxin", None, 1),
        ("Unwieldy", None, 1),
    ]
    assert glossary.unattached == []
    assert glossary.warnings == []
    blast = glossary.entries[2]
    assert blast.heading == "Blast (3'')"
    assert blast.key == 'Blast (3")'
    assert list(glossary.as_rules_text())[4] == "Rapid Fire (1)"


def test_seed_000_sentences_with_colons_or_brackets_stay_in_their_entry(
    shared_seeds: Path,
) -> None:
    glossary = read_glossary(shared_seeds / SEED_000)
    blaze = glossary.entry("Blaze")
    assert blaze is not None
    # "... make the Extinguish Blaze (Simple) action." is text, not a heading.
    assert sum("Extinguish Blaze (Simple)" in p for p in blaze.paragraphs) == 2


def test_seed_001_entries_in_order_with_paragraph_counts(shared_seeds: Path) -> None:
    glossary = read_glossary(shared_seeds / SEED_001)
    assert shape(glossary) == [
        ("Rapid Fire", "1", 3),
        ("Blaze", None, 5),
        ("Template", None, 1),
        ("Combi", None, 1),
    ]
    assert glossary.unattached == []
    assert glossary.warnings == []


def test_seed_000_and_001_share_the_blaze_text(shared_seeds: Path) -> None:
    first = read_glossary(shared_seeds / SEED_000).as_rules_text()
    second = read_glossary(shared_seeds / SEED_001).as_rules_text()
    assert first["Blaze"] == second["Blaze"]
    assert first["Rapid Fire (1)"] == second["Rapid Fire (1)"]


def test_seed_002_reports_what_it_cannot_attach(shared_seeds: Path) -> None:
    path = shared_seeds / SEED_002
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    glossary = read_glossary(path)
    assert glossary.entries == []
    assert glossary.unattached == [line.strip() for line in lines]
    assert len(glossary.unattached) == len(lines) == 9
    assert glossary.unattached[0] == "M: +1, BS: +1, Cl: +1, Wil: +1"
    assert looks_like_modifier_line(glossary.unattached[0])
    assert any("modifier line" in w and "paragraph 1 " in w for w in glossary.warnings)
    assert any("no 'Name: text' entries found; 8 paragraphs" in w for w in glossary.warnings)
    report = glossary.report()
    assert report.startswith("0 entries imported")
    assert "9 paragraphs could not be attached to a name:" in report
    assert "  - M: +1, BS: +1, Cl: +1, Wil: +1  (looks like a modifier line)" in report
    assert sum(line.startswith("  - ") and "…" in line for line in report.splitlines()) >= 7


def test_seed_000_text_shown_on_a_card(shared_seeds: Path) -> None:
    glossary = read_glossary(shared_seeds / SEED_000)
    ruleset = attach_rules_text(make_ruleset(), glossary.as_rules_text())
    rapid_fire = glossary.entry("Rapid Fire (1)")
    assert rapid_fire is not None
    assert ruleset.rules_text_for("Rapid Fire (1)") == rapid_fire.text
    assert ruleset.rules_text_for("Blast (3'')") == glossary.as_rules_text()['Blast (3")']


# -- the heading rule ------------------------------------------------------------


@pytest.mark.parametrize(
    ("paragraph", "name", "param", "heading"),
    [
        ("Blaze: It burns.", "Blaze", None, "Blaze"),
        ("Rapid Fire (1): Several hits.", "Rapid Fire", "1", "Rapid Fire (1)"),
        ("Blast (3''): A small marker.", "Blast", '3"', "Blast (3'')"),
        ("Blast (5”): A large marker.", "Blast", '5"', "Blast (5”)"),
        ('Blast(3"): No space before the bracket.', "Blast", '3"', 'Blast(3")'),
        ("Nerves of Steel: Hard to pin.", "Nerves of Steel", None, "Nerves of Steel"),
        ("Melta : A space before the colon.", "Melta", None, "Melta"),
        ("Knockback (D3): Push.", "Knockback", "D3", "Knockback (D3)"),
        ("Pistol / Sidearm: Close combat.", "Pistol / Sidearm", None, "Pistol / Sidearm"),
        ("Hand-flamer: Short range.", "Hand-flamer", None, "Hand-flamer"),
    ],
)
def test_a_short_title_case_name_starts_an_entry(
    paragraph: str, name: str, param: str | None, heading: str
) -> None:
    glossary = parse_glossary(paragraph)
    assert [(e.name, e.param, e.heading) for e in glossary.entries] == [(name, param, heading)]
    assert glossary.entries[0].paragraphs == [paragraph.split(":", 1)[1].strip()]
    assert glossary.unattached == []


@pytest.mark.parametrize(
    "paragraph",
    [
        "The remainder can be allocated: to other fighters within 3''.",
        "In close combat: roll once.",
        "Note: this is a reminder.",
        "Example: a Ganger rolls a 2.",
        "Designer's Note: a remark.",
        "A Name With Far Too Many Words In It: text.",
        "Abcdefghijklmnopqrstuvwxyz Abcdefghijklmnopqrstuvwxyz: a very long name.",
        "Stop, Drop and Roll: a comma is sentence punctuation.",
        "Wait. Then Roll: a full stop is sentence punctuation.",
        "Extinguish Blaze (Simple) action: text after the bracket.",
        "Blast (): an empty parameter.",
        "blaze: lower-case name.",
        "2: a number is no name.",
        "Rapid Fire (this parameter is far too long): text.",
        ": no name at all.",
    ],
)
def test_a_colon_inside_a_sentence_is_not_an_entry(paragraph: str) -> None:
    glossary = parse_glossary(f"Scarce: First paragraph.\n\n{paragraph}")
    assert shape(glossary) == [("Scarce", None, 2)]
    assert glossary.entries[0].paragraphs[1] == paragraph


@pytest.mark.parametrize(
    "line",
    [
        "M: +1, BS: +1, Cl: +1, Wil: +1",
        "WS: -1",
        "T: −1",
        'M: +2"',
        "Ld: +2, Cl: +2.",
        "ws: +1",
        "Xp: +1, Zz: -2",
    ],
)
def test_modifier_lines_are_not_entries(line: str) -> None:
    assert looks_like_modifier_line(line)
    glossary = parse_glossary(line)
    assert glossary.entries == []
    assert glossary.unattached == [line]
    assert any("looks like a modifier line" in w for w in glossary.warnings)


@pytest.mark.parametrize(
    "paragraph", ["Movement: +1 when charging.", "M: see the profile.", "Toughness: roll a D6."]
)
def test_a_code_or_a_signed_value_alone_is_not_a_modifier_line(paragraph: str) -> None:
    assert not looks_like_modifier_line(paragraph)
    assert len(parse_glossary(paragraph).entries) == 1


def test_a_modifier_line_inside_an_entry_is_set_aside_and_the_entry_goes_on() -> None:
    glossary = parse_glossary("Blaze: One.\n\nM: +1, BS: +1\n\nTwo.\n\nScarce: Three.")
    assert [(e.name, e.paragraphs) for e in glossary.entries] == [
        ("Blaze", ["One.", "Two."]),
        ("Scarce", ["Three."]),
    ]
    assert glossary.unattached == ["M: +1, BS: +1"]


# -- paragraphs ------------------------------------------------------------------


def test_without_blank_lines_each_line_is_a_paragraph() -> None:
    text = "Blaze: One.\nTwo.\nThree.\nScarce: Four.\n"
    assert split_paragraphs(text) == ["Blaze: One.", "Two.", "Three.", "Scarce: Four."]
    assert shape(parse_glossary(text)) == [("Blaze", None, 3), ("Scarce", None, 1)]


def test_with_blank_lines_wrapped_lines_join_but_a_heading_line_starts_a_paragraph() -> None:
    text = "Blaze: One\ncontinues here.\nScarce: Two.\n\nThree\nand more.\n"
    assert split_paragraphs(text) == [
        "Blaze: One continues here.",
        "Scarce: Two.",
        "Three and more.",
    ]
    glossary = parse_glossary(text)
    assert [(e.name, e.paragraphs) for e in glossary.entries] == [
        ("Blaze", ["One continues here."]),
        ("Scarce", ["Two.", "Three and more."]),
    ]


def test_blank_lines_made_of_spaces_and_leading_blank_lines_count_as_blank() -> None:
    text = "\n \n\tBlaze: One.  \n   \t\nTwo.\n\n\n"
    assert split_paragraphs(text) == ["Blaze: One.", "Two."]


def test_a_heading_on_its_own_line_takes_the_following_paragraphs() -> None:
    glossary = parse_glossary("Blaze:\n\nIt burns.\n\nStill burning.")
    assert [(e.name, e.paragraphs) for e in glossary.entries] == [
        ("Blaze", ["It burns.", "Still burning."])
    ]


def test_a_heading_with_no_text_is_reported_not_kept() -> None:
    glossary = parse_glossary("Intro text.\n\nScarce: One.\n\nBlaze:")
    assert shape(glossary) == [("Scarce", None, 1)]
    assert glossary.unattached == ["Intro text.", "Blaze:"]
    assert any("'Blaze' has no text" in w for w in glossary.warnings)


def test_a_name_given_twice_keeps_the_later_entry_and_warns() -> None:
    text = "Blaze: Old.\n\nOld two.\n\nScarce: Once.\n\nBLAZE: New."
    glossary = parse_glossary(text)
    assert [(e.name, e.paragraphs) for e in glossary.entries] == [
        ("Scarce", ["Once."]),
        ("BLAZE", ["New."]),
    ]
    assert [(e.name, e.paragraphs) for e in glossary.replaced] == [("Blaze", ["Old.", "Old two."])]
    assert any("more than once" in w and "keeping the later" in w for w in glossary.warnings)
    assert glossary.as_rules_text() == {"Scarce": "Once.", "BLAZE": "New."}


def test_the_same_name_with_other_parameters_is_not_a_duplicate() -> None:
    glossary = parse_glossary("Rapid Fire (1): One.\n\nRapid Fire (2): Two.\n\nRapid Fire: Any.")
    assert glossary.names == ["Rapid Fire (1)", "Rapid Fire (2)", "Rapid Fire"]
    assert glossary.warnings == []


def test_text_without_entries_is_not_an_error() -> None:
    glossary = parse_glossary("Just some notes.\n\nAnd more notes.")
    assert glossary.entries == []
    assert glossary.unattached == ["Just some notes.", "And more notes."]
    assert glossary.as_rules_text() == {}
    assert "no 'Name: text' entries found; 2 paragraphs" in glossary.warnings[0]


@pytest.mark.parametrize("text", ["", "   ", "\ufeff", "\r\n\r\n", "\n \t\n"])
def test_empty_text_gives_an_empty_glossary(text: str) -> None:
    glossary = parse_glossary(text)
    assert (glossary.entries, glossary.unattached) == ([], [])
    assert glossary.warnings == ["the text is empty"]
    assert glossary.report().startswith("0 entries imported")


def test_report_singular_and_plural() -> None:
    assert parse_glossary("Blaze: One.").report() == "1 entry imported: Blaze"


# -- files -----------------------------------------------------------------------


def test_glossary_error_is_a_value_error() -> None:
    assert issubclass(GlossaryError, ValueError)
    with pytest.raises(GlossaryError, match="read_glossary"):
        parse_glossary(b"Blaze: bytes")  # type: ignore[arg-type]  # the refusal under test


@pytest.mark.parametrize(
    "data",
    [
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
        b"Blaze: \x81\x8d\x8f\x90\x9d",
        bytes(range(1, 32)) * 4,
    ],
)
def test_bytes_that_are_not_text_raise_a_glossary_error_naming_the_file(
    tmp_path: Path, data: bytes
) -> None:
    path = tmp_path / "picture.png"
    path.write_bytes(data)
    with pytest.raises(GlossaryError, match=r"picture\.png"):
        read_glossary(path)


def test_a_windows_1252_file_is_read_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "old.txt"
    path.write_bytes("Blaze: It’s hot – very hot.\r\n".encode("cp1252"))
    glossary = read_glossary(path)
    assert glossary.as_rules_text() == {"Blaze": "It’s hot – very hot."}
    assert glossary.warnings == ["old.txt is not UTF-8; read as Windows-1252"]


def test_a_utf16_file_with_bom_is_read(tmp_path: Path) -> None:
    path = tmp_path / "wide.txt"
    path.write_bytes("Blaze: Hot.\r\n\r\nScarce: Few.".encode("utf-16"))
    assert read_glossary(path).as_rules_text() == {"Blaze": "Hot.", "Scarce": "Few."}


def test_a_missing_file_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_glossary(tmp_path / "absent.txt")


# -- properties ------------------------------------------------------------------

_PIECES = st.sampled_from(
    [
        "Blaze: ",
        "Rapid Fire (1): ",
        "Blast (3''): ",
        "M: +1, BS: +1",
        "Note: ",
        "the roll: ",
        "text",
        " ",
        "\t",
        "\n",
        "\n\n",
        "\r\n",
        "\r",
        "\ufeff",
        ":",
        "(",
        ")",
        "''",
        "Scarce",
        "\u2028",
        "\x0c",
        "é",
    ]
)
_TEXTS = st.one_of(st.text(), st.lists(_PIECES, max_size=30).map("".join))


def _content(text: str) -> Counter[str]:
    return Counter(char for char in text if not char.isspace())


def _accounted(paragraph: str, glossary: Glossary) -> bool:
    if paragraph in glossary.unattached:
        return True
    for entry in [*glossary.entries, *glossary.replaced]:
        if paragraph in entry.paragraphs:
            return True
        head, colon, rest = paragraph.partition(":")
        if colon and head.strip() == entry.heading and rest.strip() in ("", entry.paragraphs[0]):
            return True
    return False


@given(_TEXTS)
def test_parse_never_raises_and_drops_nothing(text: str) -> None:
    glossary = parse_glossary(text)
    pieces = [entry.heading + ":" + "".join(entry.paragraphs) for entry in glossary.entries]
    pieces += [entry.heading + ":" + "".join(entry.paragraphs) for entry in glossary.replaced]
    pieces += glossary.unattached
    assert _content("".join(pieces)) == _content(text.removeprefix("\ufeff"))
    for paragraph in split_paragraphs(text):
        assert _accounted(paragraph, glossary), paragraph
    assert all(entry.paragraphs for entry in glossary.entries)
    assert all(p and p == p.strip() for e in glossary.entries for p in e.paragraphs)
    glossary.report()
    glossary.as_rules_text()


_NAMES = st.sampled_from(
    ["Blaze", "Rapid Fire (1)", "Rapid Fire (2)", 'Blast (3")', "Nerves of Steel", "Scarce"]
)
_SENTENCES = st.text(
    alphabet=st.characters(categories=("Lu", "Ll", "Nd"), include_characters=" .,;'+-"),
    min_size=1,
    max_size=40,
).filter(lambda s: s.strip() != "")


@given(st.dictionaries(_NAMES, st.lists(_SENTENCES, min_size=1, max_size=3), max_size=6))
def test_a_written_glossary_reads_back(entries: dict[str, list[str]]) -> None:
    text = "\n\n".join(
        f"{name}: " + "\n\n".join(paragraphs) for name, paragraphs in entries.items()
    )
    expected = {name: "\n\n".join(p.strip() for p in paras) for name, paras in entries.items()}
    assert parse_glossary(text).as_rules_text() == expected


# -- storage of imported text ----------------------------------------------------


def make_ruleset(**changes: object) -> Ruleset:
    return Ruleset(
        id="test",
        name="Test",
        blaze=BlazeRules(
            catch_fire_on=[1, 2, 3],
            hit=BlazeHit(strength=4, damage=1, timing="end_of_activation"),
        ),
        traits=[
            TraitDef(name="Rapid Fire", param=ParamKind.NUMBER, summary="Our Rapid Fire summary."),
            TraitDef(name="Blast", param=ParamKind.INCHES, summary="Our Blast summary."),
            TraitDef(name="Blaze", summary="Our Blaze summary."),
        ],
        skill_sets=[SkillSet(name="Agility", skills=[Skill(name="Sprint", summary="Run.")])],
        **changes,
    )


def test_save_then_load_round_trip(tmp_path: Path) -> None:
    texts = {"Blaze": "One.\n\nTwo.", "Rapid Fire (1)": "Hits.", "Blast (3'')": "Marker."}
    path = save_rules_text(tmp_path / "user", "house-a", texts)
    assert path == tmp_path / "user" / "house-a.rules-text.json"
    assert load_rules_text(tmp_path / "user", "house-a") == {
        "Blaze": "One.\n\nTwo.",
        "Rapid Fire (1)": "Hits.",
        'Blast (3")': "Marker.",
    }
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "gangmanager.rules-text"
    assert data["version"] == 1
    assert data["ruleset"] == "house-a"


def test_save_merges_with_what_is_there(tmp_path: Path) -> None:
    save_rules_text(tmp_path, "house-a", {"Blaze": "Old.", "Scarce": "Few."})
    save_rules_text(tmp_path, "house-a", {"BLAZE": "New.", "Rapid Fire (1)": "Hits."})
    assert load_rules_text(tmp_path, "house-a") == {
        "BLAZE": "New.",
        "Scarce": "Few.",
        "Rapid Fire (1)": "Hits.",
    }
    assert load_rules_text(tmp_path, "house-b") == {}


def test_an_empty_text_removes_a_name(tmp_path: Path) -> None:
    save_rules_text(tmp_path, "house-a", {"Blaze": "Old.", "Scarce": "Few."})
    save_rules_text(tmp_path, "house-a", {"blaze": "  "})
    assert load_rules_text(tmp_path, "house-a") == {"Scarce": "Few."}


def test_merge_matches_names_with_inch_marks_and_case() -> None:
    merged = merge_rules_text({'Blast (3")': "a", "Blaze": "b"}, {"blast (3'')": "c"})
    assert merged == {'blast (3")': "c", "Blaze": "b"}
    with pytest.raises(ValueError, match="non-empty"):
        merge_rules_text({}, {" ": "text"})
    with pytest.raises(ValueError, match="not a string"):
        merge_rules_text({}, {"Blaze": 3})  # type: ignore[dict-item]  # the refusal under test


def test_load_from_an_absent_folder_is_empty(tmp_path: Path) -> None:
    assert load_rules_text(tmp_path / "nowhere", "house-a") == {}


@pytest.mark.parametrize(
    ("content", "detail"),
    [
        ("{not json", "not valid JSON"),
        ("[]", "not a gangmanager.rules-text file"),
        ('{"format": "gangmanager.rules-text", "texts": {}}', "no format version"),
        ('{"format": "gangmanager.rules-text", "version": 9, "texts": {}}', "newer"),
        ('{"format": "gangmanager.rules-text", "version": 1, "texts": []}', "'texts'"),
        ('{"format": "gangmanager.rules-text", "version": 1, "texts": {"A": 1}}', "'texts'"),
    ],
)
def test_a_corrupt_file_raises_a_clear_error_naming_it(
    tmp_path: Path, content: str, detail: str
) -> None:
    path = tmp_path / "house-a.rules-text.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ValueError, match="corrupt") as caught:
        load_rules_text(tmp_path, "house-a")
    assert str(path) in str(caught.value)
    assert detail in str(caught.value)


def test_a_file_that_is_not_utf8_is_corrupt(tmp_path: Path) -> None:
    (tmp_path / "house-a.rules-text.json").write_bytes(b"\xff\xfe\x00junk")
    with pytest.raises(ValueError, match=r"house-a\.rules-text\.json is corrupt"):
        load_rules_text(tmp_path, "house-a")


def test_save_does_not_overwrite_a_corrupt_file(tmp_path: Path) -> None:
    path = tmp_path / "house-a.rules-text.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="corrupt"):
        save_rules_text(tmp_path, "house-a", {"Blaze": "New."})
    assert path.read_text(encoding="utf-8") == "{not json"


def test_save_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = save_rules_text(tmp_path, "house-a", {"Blaze": "Old."})
    before = path.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["house-a.rules-text.json"]

    def failing_replace(src: str, dst: str) -> None:
        raise OSError("disk pulled out")

    monkeypatch.setattr(rules_text_module.os, "replace", failing_replace)
    with pytest.raises(OSError, match="disk pulled out"):
        save_rules_text(tmp_path, "house-a", {"Blaze": "New."})
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["house-a.rules-text.json"]
    monkeypatch.undo()
    save_rules_text(tmp_path, "house-a", {"Blaze": "New."})
    assert load_rules_text(tmp_path, "house-a") == {"Blaze": "New."}


@pytest.mark.parametrize("ruleset_id", ["", "../house-a", "a/b", ".hidden", "a..b", "a b"])
def test_a_ruleset_id_that_is_no_file_name_is_refused(tmp_path: Path, ruleset_id: str) -> None:
    with pytest.raises(ValueError, match="file name"):
        save_rules_text(tmp_path, ruleset_id, {"Blaze": "x"})
    with pytest.raises(ValueError, match="file name"):
        load_rules_text(tmp_path, ruleset_id)


def test_default_folder_is_in_the_user_data_dir() -> None:
    folder = default_rules_text_folder()
    assert folder == Path(platformdirs.user_data_dir("gangmanager")) / "rules-text"


def test_attach_returns_a_merged_copy() -> None:
    ruleset = make_ruleset(rules_text={"Blaze": "Imported before."})
    attached = attach_rules_text(ruleset, {"Rapid Fire (1)": "Imported.", "blaze": "Again."})
    assert attached.rules_text == {"blaze": "Again.", "Rapid Fire (1)": "Imported."}
    assert ruleset.rules_text == {"Blaze": "Imported before."}
    assert attached.traits == ruleset.traits


# -- what a card shows: Ruleset.rules_text_for -------------------------------------


def test_rules_text_for_falls_back_to_our_summaries() -> None:
    ruleset = make_ruleset()
    assert ruleset.rules_text_for("Rapid Fire (1)") == "Our Rapid Fire summary."
    assert ruleset.rules_text_for("Blaze") == "Our Blaze summary."
    assert ruleset.rules_text_for("Sprint") == "Run."
    assert ruleset.rules_text_for("Unknown") == ""


@pytest.mark.parametrize("imported", ["Rapid Fire (1)", "Rapid Fire", "rapid fire (1)"])
def test_rules_text_for_a_card_name_with_a_parameter_finds_imported_text(imported: str) -> None:
    ruleset = attach_rules_text(make_ruleset(), {imported: "Their Rapid Fire text."})
    assert ruleset.rules_text_for("Rapid Fire (1)") == "Their Rapid Fire text."
    assert ruleset.rules_text_for("Rapid Fire") == "Their Rapid Fire text."


def test_rules_text_for_imported_text_over_our_summary() -> None:
    ruleset = attach_rules_text(make_ruleset(), {"Blaze": "Their Blaze.", 'Blast (3")': "3 in."})
    assert ruleset.rules_text_for("Blaze") == "Their Blaze."
    assert ruleset.rules_text_for("Blast (3'')") == "3 in."
    assert ruleset.rules_text_for("Blast (3”)") == "3 in."


def test_rules_text_for_another_parameter_falls_back_to_the_imported_text() -> None:
    ruleset = attach_rules_text(make_ruleset(), {"Rapid Fire (1)": "Their Rapid Fire text."})
    assert ruleset.rules_text_for("Rapid Fire (2)") == "Their Rapid Fire text."


@pytest.mark.parametrize(
    "imported",
    [
        {'Blast (3")': "Three.", 'Blast (5")': "Five."},
        {"Blast": "Any.", 'Blast (5")': "Five."},
    ],
)
def test_rules_text_for_prefers_the_exact_parameter(imported: dict[str, str]) -> None:
    ruleset = attach_rules_text(make_ruleset(), imported)
    assert ruleset.rules_text_for("Blast (5'')") == "Five."


def test_a_large_glossary_is_parsed_in_linear_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each entry's name is normalised a fixed number of times, not once per earlier
    entry (8,000 entries took minutes). Counted, not timed: see bench/ for timings."""
    from gangmanager.exchange import glossary as module

    calls = 0
    real = module.trait_key

    def counted(name: str) -> str:
        nonlocal calls
        calls += 1
        return real(name)

    monkeypatch.setattr(module, "trait_key", counted)
    entries = 2000
    text = "\n\n".join(f"Trait {i}: Rules text for entry {i}." for i in range(entries))
    text += "\n\nTrait 7: A later text replaces the first."
    glossary = module.parse_glossary(text)
    assert len(glossary.entries) == entries and calls < 4 * entries
    assert glossary.entries[-1].text == "A later text replaces the first."
    assert [e.name for e in glossary.replaced] == ["Trait 7"]
    report = glossary.report().splitlines()[0]
    assert report.endswith(f"and {entries - 20} more") and len(report) < 400
