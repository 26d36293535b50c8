"""A damaged stored rules-text file: one line naming the file, exit 2, for every
command that reads the ruleset (it was a ValueError or RecursionError traceback)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gangmanager.cli import main
from gangmanager.content.rules_text import default_rules_text_folder

DAMAGE: dict[str, bytes] = {
    "not JSON": b"xx",
    "not UTF-8": b"\xff\xfe",
    "deep": b"[" * 5000 + b"]" * 5000,
    "digits": b'{"format": "gangmanager.rules-text", "version": ' + b"9" * 5000 + b"}",
    "text not a string": b'{"format": "gangmanager.rules-text", "version": 1, "texts": {"F": 5}}',
}


@pytest.fixture
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "gm.sqlite"
    assert main(["--db", str(path), "demo"]) == 0
    capsys.readouterr()
    return path


def _one_line(capsys: pytest.CaptureFixture[str], argv: list[str], stored: Path) -> None:
    code = main(argv)
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert str(stored) in err and "corrupt" in err


@pytest.mark.parametrize("content", DAMAGE.values(), ids=DAMAGE.keys())
def test_a_damaged_rules_text_file_is_named_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db: Path, content: bytes
) -> None:
    stored = default_rules_text_folder() / "n23.rules-text.json"
    stored.parent.mkdir(parents=True, exist_ok=True)
    stored.write_bytes(content)
    glossary = tmp_path / "glossary.txt"
    glossary.write_text("Foo: bar\n", encoding="utf-8")
    _one_line(capsys, ["--db", str(db), "show", "1"], stored)
    _one_line(capsys, ["--db", str(db), "rules", "import-text", "n23", str(glossary)], stored)
    assert stored.read_bytes() == content  # never overwritten


def test_a_folder_in_place_of_the_file(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    stored = default_rules_text_folder() / "n23.rules-text.json"
    os.makedirs(stored)
    _one_line(capsys, ["--db", str(db), "show", "1"], stored)
