"""An argument the command line cannot parse is refused in one line with exit 2;
the usage block is for `--help`, not for every typo."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gangmanager.cli import main


@pytest.mark.parametrize(
    "argv",
    [
        ["no-such-command"],
        ["export", "The Rust Riders"],  # -o is required
        ["show"],  # GANG is missing
        ["list", "--jsn"],
        ["campaign", "new", "Y", "--start", "March"],
        ["battle", "apply", "G", "e.json", "--seed", "x" * 5000],
        ["campaign"],  # a group without its subcommand
        [],
    ],
    ids=["command", "required option", "missing argument", "unknown option", "bad value",
         "long value", "no subcommand", "nothing"],
)  # fmt: skip
def test_an_argument_error_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    try:
        code: object = main(argv)
    except SystemExit as exited:
        code = exited.code
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("gangmanager"), err
    assert "usage:" not in err and "--help" in err
    assert len(err) < 400, err[:300]


def test_help_still_shows_the_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["export", "--help"])
    assert exited.value.code == 0
    assert "usage:" in capsys.readouterr().out


def test_the_installed_command_refuses_in_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gangmanager", "list", "--jsn"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
