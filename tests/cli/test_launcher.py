"""The launcher: a plain start goes to the window without loading the commands."""

from __future__ import annotations

import pytest

from gangmanager import launcher


@pytest.mark.parametrize(
    ("argv", "db"),
    [([], None), (["--db", "x.sqlite"], "x.sqlite"), (["--db=y.sqlite"], "y.sqlite")],
)
def test_plain_starts_open_the_window_directly(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], db: str | None
) -> None:
    opened: list[str | None] = []

    def run_app(db_arg: str | None) -> int:
        opened.append(db_arg)
        return 0

    monkeypatch.setattr("gangmanager.gui.app.run_app", run_app)
    assert launcher.main(argv) == 0
    assert opened == [db]


@pytest.mark.parametrize("argv", [["list"], ["--db", "a", "list"], ["--db"], ["--version"]])
def test_anything_else_goes_through_the_full_parser(argv: list[str]) -> None:
    assert launcher._window_start(argv) is None
