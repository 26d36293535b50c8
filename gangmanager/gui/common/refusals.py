"""A dialog's OK that first asks its `choice()`: the reason shown, the dialog kept open."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtWidgets import QLabel

E = TypeVar("E", bound=Exception)


def refused(
    choose: Callable[[], object],
    message: QLabel,
    refusal: type[E],
    words: Callable[[E], str] = str,
) -> bool:
    """True when `choose` refuses the entries (`refusal`); its reason is then in
    `message`, so nothing typed is lost."""
    try:
        choose()
    except refusal as exc:
        message.setText(words(exc))
        return True
    return False
