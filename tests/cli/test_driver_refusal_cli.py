"""The command line's last guard: a driver error no command checked for is one line, exit 2."""

from __future__ import annotations

import argparse
import sqlite3

import pytest
from sqlalchemy.exc import DBAPIError

from gangmanager.cli import run
from gangmanager.cli.context import EXIT_REFUSED, Context


def refuse(error: Exception):
    def handler(args: argparse.Namespace, context: Context) -> None:
        raise DBAPIError("INSERT INTO gangs VALUES (?)", {}, error)

    return argparse.Namespace(handler=handler)


def test_a_driver_refusal_is_one_line_without_the_statement(
    capsys: pytest.CaptureFixture[str],
) -> None:
    error = sqlite3.IntegrityError("UNIQUE constraint failed: gangs.name\nand more")
    assert run(refuse(error), Context(None)) == EXIT_REFUSED
    err = capsys.readouterr().err
    assert err == (
        "gangmanager: the database refused this ('UNIQUE constraint failed: gangs.name');"
        " nothing was changed\n"
    )


def test_a_full_disk_says_so_as_an_action_does(capsys: pytest.CaptureFixture[str]) -> None:
    error = sqlite3.OperationalError("database or disk is full")
    error.sqlite_errorcode = 13  # SQLITE_FULL
    assert run(refuse(error), Context(None)) == EXIT_REFUSED
    err = capsys.readouterr().err
    assert err.startswith("gangmanager: ") and "nothing was changed" in err
    assert "refused this" not in err and err.count("\n") == 1
