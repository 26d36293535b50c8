"""The `gangmanager` program: a command runs headless, no command opens the window."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from gangmanager import cli


def main(argv: Sequence[str] | None = None) -> int:
    args = cli.build_parser().parse_args(argv)
    if args.command is not None:
        return cli.run(args)
    from gangmanager.gui.app import run_app  # Qt is loaded only when a window is wanted

    return run_app(args.db)


if __name__ == "__main__":
    sys.exit(main())
