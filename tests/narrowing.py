"""Narrowing for the tests: a value the test relies on is there, or the test fails at once."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def present(value: T | None) -> T:
    """The value itself, typed without None; a None fails the test here, with a clear line."""
    if value is None:
        raise AssertionError("expected a value, got None")
    return value
