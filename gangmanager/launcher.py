"""The `gangmanager` program: a command runs headless, no command opens the window."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class _WindowStart:
    db: str | None


def _window_start(argv: list[str]) -> _WindowStart | None:
    """A plain start (nothing, or only `--db X`), else None for the full parser.

    The full parser imports every command's modules; a plain start should not pay
    for that before the window paints (docs/performance.md).
    """
    if not argv:
        return _WindowStart(None)
    if len(argv) == 2 and argv[0] == "--db" and not argv[1].startswith("-"):
        return _WindowStart(argv[1])
    if len(argv) == 1 and argv[0].startswith("--db=") and len(argv[0]) > len("--db="):
        return _WindowStart(argv[0].removeprefix("--db="))
    return None


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    start = _window_start(given)
    if start is None:
        from gangmanager import cli

        args = cli.build_parser().parse_args(given)
        if args.command is not None:
            return cli.run(args)
        start = _WindowStart(args.db)
    # Before Qt: PySide6's import hook reads every module imported after it.
    from gangmanager.gui.before_qt import import_before_qt

    import_before_qt()
    from gangmanager.gui.app import run_app  # Qt is loaded only when a window is wanted

    return run_app(start.db)


if __name__ == "__main__":
    sys.exit(main())
