"""What a test sends to the database driver: the statement counts issue 17 guards
(no action's count grows with fighters, gangs, battles or the battle log)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Engine, event


@contextmanager
def statements_sent(engine: Engine, *, commits: bool = True) -> Iterator[list[str]]:
    """Every statement sent in the block, BEGIN included, and each COMMIT as "COMMIT"
    (the driver commits without a cursor) unless `commits` is False."""
    sent: list[str] = []

    def statement(_conn: object, _cursor: object, text: str, *_: object) -> None:
        sent.append(text)

    def commit(_conn: object) -> None:
        sent.append("COMMIT")

    event.listen(engine, "before_cursor_execute", statement)
    if commits:
        event.listen(engine, "commit", commit)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", statement)
        if commits:
            event.remove(engine, "commit", commit)
