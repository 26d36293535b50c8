"""Building the parser (`gangmanager --help`, any command) runs no command's services."""

from __future__ import annotations

import json
import subprocess
import sys

# The services of the battle, campaign and post-battle commands.
SERVICES_ONLY = (
    "gangmanager.services.battle",
    "gangmanager.services.campaign_commands",
    "gangmanager.services.campaign_battle_commands",
    "gangmanager.services.post_battle",
)


def test_the_parser_is_built_without_the_commands_services() -> None:
    code = (
        "import json, sys\n"
        "from gangmanager import cli\n"
        "cli.build_parser()\n"
        # A lazily imported module sits in sys.modules unexecuted, as a _LazyModule.
        f"print(json.dumps([m for m in {SERVICES_ONLY!r}"
        " if type(sys.modules.get(m)).__name__ not in ('NoneType', '_LazyModule')]))\n"
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
