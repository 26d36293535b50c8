"""`gangmanager print` end to end: what lands in the PDF, and every refusal."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest

from gangmanager.cli import main
from gangmanager.content import load_ruleset
from gangmanager.persistence.database import open_database
from gangmanager.services import gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from ..printing.stress import STRESS_NAME, STRESS_SUMMARY, with_stress_fighter

ROOT = Path(__file__).resolve().parents[2]
DEMO_NAMES = ("Mags Varga", "Dex Hollow", "Rook", "Tess Calder", "Brann", "Pip")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def db(tmp_path: Path, qapp, rulesets: Rulesets) -> str:
    """A database holding the demo gang plus the stress fighter (a Qt application exists)."""
    path = str(tmp_path / "gm.sqlite")
    ruleset = load_ruleset("n23")
    database = open_database(f"sqlite:///{path}")
    try:
        gangs.add_gang(database, rulesets, with_stress_fighter(demo_gang(ruleset), ruleset))
    finally:
        database.close()
    return path


def read(path: Path) -> tuple[pypdf.PdfReader, str]:
    reader = pypdf.PdfReader(path)
    return reader, " ".join(" ".join(page.extract_text() for page in reader.pages).split())


def test_default_prints_every_fighters_card(capsys, db: str, tmp_path: Path) -> None:
    target = tmp_path / "cards.pdf"
    code, out, err = run(capsys, "print", "The Rust Riders", "-o", str(target), "--db", db)
    assert (code, err) == (0, "")
    reader, text = read(target)
    assert out == f"{target} ({len(reader.pages)} pages)\n"
    for name in (*DEMO_NAMES, STRESS_NAME):
        assert text.count(name) == 1, name
    assert text.count(STRESS_SUMMARY) == 1
    assert "Territories" not in text
    # Six one-face cards and a stress card of more faces, three to an A4 page.
    assert len(reader.pages) >= 3
    assert {tuple(round(float(v)) for v in p.mediabox[2:]) for p in reader.pages} == {(595, 842)}


def test_roster_alone_on_letter(capsys, db: str, tmp_path: Path) -> None:
    target = tmp_path / "roster.pdf"
    code, out, _ = run(
        capsys, "print", "the rust riders", "-o", str(target), "--roster", "--paper", "letter",
        "--db", db,
    )  # fmt: skip
    assert code == 0 and out.endswith("(1 page)\n")
    reader, text = read(target)
    assert len(reader.pages) == 1
    assert tuple(round(float(v)) for v in reader.pages[0].mediabox[2:]) == (612, 792)
    assert "Territories" in text and "Gang Rating" in text
    assert "None recorded: the gang takes part in no running campaign" in text
    assert "Rules glossary" not in text


def test_roster_lists_the_territories_held_in_the_running_campaign(
    capsys, db: str, tmp_path: Path
) -> None:
    for argv in (
        ("campaign", "new", "Ash Wars"),
        ("campaign", "add", "Ash Wars", "The Rust Riders"),
        ("campaign", "assign", "Ash Wars", "Slag Furnace", "The Rust Riders"),
    ):
        assert run(capsys, *argv, "--db", db)[0] == 0, argv
    target = tmp_path / "roster.pdf"
    code, _, err = run(capsys, "print", "The Rust Riders", "-o", str(target), "--roster",
                       "--db", db)  # fmt: skip
    assert (code, err) == (0, "")
    _, text = read(target)
    assert "Territories in Ash Wars" in text
    assert text.count("Slag Furnace") == 1 and text.count("Settlement (hideout)") == 1
    assert "Slag Furnace D6x5 credits at each income." in text
    assert "None recorded" not in text


def test_roster_then_chosen_cards_one_per_page(capsys, db: str, tmp_path: Path) -> None:
    target = tmp_path / "some.pdf"
    code, _, _ = run(
        capsys, "--db", db, "print", "The Rust Riders", "-o", str(target), "--roster",
        "--fighter", "pip", "Rook", "--fighter", "Mags Varga", "--layout", "page",
    )  # fmt: skip
    assert code == 0
    reader, _ = read(target)
    assert len(reader.pages) == 4
    pages = [" ".join(page.extract_text().split()) for page in reader.pages]
    assert pages[0].startswith("The Rust Riders")
    # Cards in the order asked, each beginning with the fighter's name.
    for page, name in zip(pages[1:], ("Pip", "Rook", "Mags Varga"), strict=True):
        assert page.startswith(f"{name} "), page[:40]


def test_roster_with_cards_and_no_footnotes(capsys, db: str, tmp_path: Path) -> None:
    target = tmp_path / "all.pdf"
    code, _, _ = run(
        capsys, "print", "The Rust Riders", "-o", str(target), "--roster", "--cards",
        "--no-footnotes", "--db", db,
    )  # fmt: skip
    assert code == 0
    _, text = read(target)
    assert "Territories" in text and "Rules glossary" in text
    assert "Modified characteristics" not in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["Nobody's Gang"], 'gangmanager: no gang "Nobody\'s Gang"'),
        (["The Rust Riders", "--fighter", "Nobody"], "has no fighter 'Nobody'; fighters: Mags"),
    ],
)
def test_refusals_are_one_line_and_write_nothing(
    capsys, db: str, tmp_path: Path, argv: list[str], message: str
) -> None:
    target = tmp_path / "out.pdf"
    code, out, err = run(capsys, "print", *argv, "-o", str(target), "--db", db)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1
    assert not target.exists()


def test_missing_folder_is_refused(capsys, db: str, tmp_path: Path) -> None:
    code, _, err = run(
        capsys, "print", "The Rust Riders", "-o", str(tmp_path / "no" / "x.pdf"), "--db", db
    )
    assert code == 2 and err == f"gangmanager: {tmp_path / 'no'}: no such folder\n"


def test_bad_layout_and_paper_are_refused_by_the_parser(capsys, db: str) -> None:
    for option, value in (("--layout", "poster"), ("--paper", "a3")):
        with pytest.raises(SystemExit) as exit_info:
            main(["print", "The Rust Riders", "-o", "x.pdf", option, value, "--db", db])
        assert exit_info.value.code == 2
        assert "invalid choice" in capsys.readouterr().err


SCRIPT = """
import sys
from gangmanager.cli import main
code = main(sys.argv[1:])
print(code, ",".join(sorted(m for m in sys.modules if m.startswith("PySide6.QtWidgets"))))
"""


def test_prints_without_a_display_and_without_widgets(db: str, tmp_path: Path) -> None:
    target = tmp_path / "headless.pdf"
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")
    }
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, "print", "The Rust Riders", "-o", str(target), "--db", db],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=True,
    )
    assert result.stdout.splitlines()[-1] == "0 "
    assert len(pypdf.PdfReader(target).pages) >= 3


def test_every_fighters_cards_share_one_glossary_page_by_default(
    capsys, db: str, tmp_path: Path
) -> None:
    shared, own, one = (tmp_path / name for name in ("shared.pdf", "own.pdf", "one.pdf"))
    assert run(capsys, "print", "The Rust Riders", "-o", str(shared), "--db", db)[0] == 0
    argv = ("print", "The Rust Riders", "--glossary-on-cards", "-o", str(own), "--db", db)
    assert run(capsys, *argv)[0] == 0
    assert (
        run(capsys, "print", "The Rust Riders", "--fighter", "Rook", "-o", str(one), "--db", db)[0]
        == 0
    )
    _, shared_text = read(shared)
    _, own_text = read(own)
    _, one_text = read(one)
    assert shared_text.count("Rules glossary: The Rust Riders") == 1
    assert shared_text.count("Rapid Fire:") == 1 < own_text.count("Rapid Fire:")
    assert "Rules glossary: The Rust Riders" not in own_text
    # A named fighter's card keeps its own glossary unless asked.
    assert "Rules glossary" in one_text and "Rules glossary: The Rust Riders" not in one_text
    one_shared = ("print", "The Rust Riders", "--fighter", "Rook", "--shared-glossary")
    assert run(capsys, *one_shared, "-o", str(one), "--db", db)[0] == 0
    assert "Rules glossary: The Rust Riders" in read(one)[1]


def test_blank_cards_without_a_gang(capsys, db: str, tmp_path: Path) -> None:
    target = tmp_path / "blank.pdf"
    code, out, err = run(capsys, "print", "--blank", "5", "-o", str(target), "--db", db)
    assert (code, err) == (0, "")
    reader, text = read(target)
    assert out == f"{target} (2 pages)\n"
    assert text.count("M WS BS S T W I A Ld Cl Wil Int") == 5
    assert "Mags Varga" not in text
    one_a_page = tmp_path / "page.pdf"
    argv = ("print", "The Rust Riders", "--blank", "2", "--layout", "page", "--paper", "letter")
    assert run(capsys, *argv, "-o", str(one_a_page), "--db", db)[0] == 0
    reader, _ = read(one_a_page)
    assert len(reader.pages) == 2
    assert {tuple(round(float(v)) for v in p.mediabox[2:]) for p in reader.pages} == {(612, 792)}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--blank", "0"], "blank cards: give 1 to 300, not 0"),
        (["--blank", "301"], "blank cards: give 1 to 300, not 301"),
        (["--blank", "2", "--ruleset", "nope"], "unknown ruleset 'nope'"),
        (["The Rust Riders", "--blank", "2", "--roster"], "leave out --roster"),
        (["No Such Gang", "--blank", "2"], "No Such Gang"),
        ([], "name the gang to print, or give --blank N"),
    ],
)
def test_blank_card_refusals_are_one_line_and_write_nothing(
    capsys, db: str, tmp_path: Path, argv: list[str], message: str
) -> None:
    target = tmp_path / "blank.pdf"
    code, out, err = run(capsys, "print", *argv, "-o", str(target), "--db", db)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1
    assert not target.exists()


DRAFT = {
    "result": "win",
    "scenario": "Border Dispute",
    "injuries": [{"fighter": "Rook", "roll": 44}],
    "xp": {"Mags Varga": 9},
    "advancements": [{"fighter": "Mags Varga", "advancement": "bs"}],
    # The stress fighter's Old Battle Wound asks for its D6.
    "old_wounds": [{"fighter": STRESS_NAME, "took_part": False}],
}


def test_changes_prints_the_last_finish(capsys, db: str, tmp_path: Path) -> None:
    import json

    target = tmp_path / "changes.pdf"
    argv = ("print", "The Rust Riders", "--changes", "-o", str(target), "--db", db)
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and not target.exists()
    assert err == (
        "gangmanager: The Rust Riders has no finished post-battle sequence to print the"
        " changes of\n"
    )
    draft = tmp_path / "draft.json"
    draft.write_text(json.dumps(DRAFT), encoding="utf-8")
    assert run(capsys, "post-battle", "The Rust Riders", str(draft), "--db", db)[0] == 0
    code, out, err = run(capsys, *argv)
    assert (code, err) == (0, "") and out == f"{target} (1 page)\n"
    _, text = read(target)
    assert "What changed: The Rust Riders" in text
    assert "Rook (Gunner): Active -> In recovery" in text and "New injuries: Eye Injury" in text
    assert "Advancements: Advancement: Ballistic Skill +1" in text
    code, _, err = run(capsys, *argv[:3], "--roster", *argv[3:])
    assert code == 2 and "--changes prints the change sheet only: leave out --roster" in err
