"""Building the parser (`gangmanager --help`, any command) runs no command's services."""

from __future__ import annotations

import json
import subprocess
import sys

# Modules only the battle, campaign and post-battle services import.
SERVICES_ONLY = (
    "gangmanager.persistence.battle_repository",
    "gangmanager.persistence.campaign_repository",
)


def test_the_parser_is_built_without_the_commands_services() -> None:
    code = (
        "import json, sys\n"
        "from gangmanager import cli\n"
        "cli.build_parser()\n"
        f"print(json.dumps([m for m in {SERVICES_ONLY!r} if m in sys.modules]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert json.loads(done.stdout) == []


def test_a_lazily_imported_service_works_when_the_command_runs() -> None:
    from gangmanager.cli import lazy

    module = lazy.lazy_import("gangmanager.services.battle")
    assert callable(module.start_battle)
    import gangmanager.services

    assert gangmanager.services.battle is module
