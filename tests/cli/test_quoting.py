"""A refusal quotes at most about 100 characters of what it refuses, and lists a
few names, not all of them: a hostile argument cannot flood the screen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gangmanager.cli import main

HUGE = "x" * 10_000


@pytest.fixture
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "gm.sqlite"
    for _ in range(15):  # 15 gangs: a refusal names ten of them
        assert main(["--db", str(path), "demo"]) == 0
    assert main(["--db", str(path), "campaign", "new", "Ash Wars"]) == 0
    capsys.readouterr()
    return path


@pytest.mark.parametrize(
    "argv",
    [
        ["show", HUGE],
        ["export", HUGE, "-o", "out.json"],
        ["campaign", "show", HUGE],
        ["campaign", "add", "Ash Wars", HUGE],
        ["campaign", "new", HUGE],
        ["backup", "restore", HUGE],
    ],
    ids=["show", "export", "campaign show", "campaign add", "campaign new", "backup restore"],
)
def test_a_refusal_quotes_a_long_argument_short(
    capsys: pytest.CaptureFixture[str], db: Path, argv: list[str]
) -> None:
    code = main(["--db", str(db), *argv])
    _, err = capsys.readouterr()
    assert code == 2 and err.count("\n") == 1
    assert "x" * 101 not in err and len(err) < 700, err[:300]


def test_an_unknown_gang_lists_ten_names_and_counts_the_rest(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    assert main(["--db", str(db), "show", "Nobody"]) == 2
    _, err = capsys.readouterr()
    assert err.count("'The Rust Riders") == 10 and err.rstrip().endswith("and 5 more")


# Hostile values inside the files the commands read: each refusal quotes ~100 characters.
EVENTS = {
    "event weapon": [{"fighter": "Rook", "event": "attack", "weapon": HUGE, "range": "short",
                      "target": "Pip"}],
    "event range": [{"fighter": "Rook", "event": "attack", "weapon": "Autogun", "range": HUGE,
                     "target": "Pip"}],
    "event fighter": [{"fighter": HUGE, "event": "status", "status": "Seriously Injured"}],
    "event kind": [{"fighter": "Rook", "event": HUGE}],
    "event roll": [{"fighter": "Rook", "event": "blaze", "roll": HUGE}],
}  # fmt: skip
DRAFTS = {
    "draft purchases item": {"purchases": [{"fighter": "Rook", "item": HUGE}]},
    "draft purchases fighter": {"purchases": [{"fighter": HUGE, "item": "Autogun"}]},
    "draft moves": {"moves": [{"item": HUGE, "from": "stash", "to": "Rook"}]},
    "draft xp": {"xp": {HUGE: 3}},
    "draft injuries": {"injuries": [{"fighter": HUGE, "roll": 11}]},
}


def _refused_short(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code = main(argv)
    _, err = capsys.readouterr()
    assert code == 2 and err.count("\n") == 1, err[:300]
    assert "x" * 101 not in err and len(err) < 700, err[:300]


@pytest.mark.parametrize("events", EVENTS.values(), ids=EVENTS.keys())
def test_a_battle_event_refusal_quotes_a_long_value_short(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path, events: list[object]
) -> None:
    gang = "The Rust Riders"
    assert main(["--db", str(db), "battle", "start", gang, "--crew", "Rook", "Pip"]) == 0
    capsys.readouterr()
    path = tmp_path / "events.json"
    path.write_text(json.dumps(events), encoding="utf-8")
    _refused_short(capsys, ["--db", str(db), "battle", "apply", gang, str(path)])


@pytest.mark.parametrize("draft", DRAFTS.values(), ids=DRAFTS.keys())
def test_a_draft_refusal_quotes_a_long_value_short(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path, draft: dict[str, object]
) -> None:
    path = tmp_path / "draft.json"
    path.write_text(json.dumps({"result": "win", **draft}), encoding="utf-8")
    _refused_short(capsys, ["--db", str(db), "post-battle", "The Rust Riders", str(path)])


# `!r` in a message echoes a value whole; `quoted` cuts it. Only these may use it:
# a repr() of an object, a key already cut, and the module that imports nothing of ours.
_BARE_REPR_ALLOWED = {"persistence/database.py", "exchange/errors.py", "cli/lazy.py"}


def test_every_message_quotes_through_the_one_helper() -> None:
    package = Path(__file__).resolve().parents[2] / "gangmanager"
    offenders = [
        f"{path.relative_to(package)}:{number}"
        for path in sorted(package.rglob("*.py"))
        if str(path.relative_to(package)) not in _BARE_REPR_ALLOWED
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "!r}" in line
    ]
    assert offenders == [], "use rules.limits.quoted: " + ", ".join(offenders)
