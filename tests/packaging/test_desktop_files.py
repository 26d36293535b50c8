"""The Linux desktop entry, AppStream metainfo and icons agree with each other and the app."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from PySide6.QtGui import QImage
from PySide6.QtSvg import QSvgRenderer

from gangmanager import __version__

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"
APP_ID = "org.gangmanager.GangManager"
DESKTOP = PACKAGING / "linux" / f"{APP_ID}.desktop"
METAINFO = PACKAGING / "linux" / f"{APP_ID}.metainfo.xml"
ICONS = PACKAGING / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256)


class CaseSensitiveParser(configparser.ConfigParser):
    """A desktop entry's keys are case-sensitive; ConfigParser lowers them by default."""

    def optionxform(self, optionstr: str) -> str:
        return optionstr


def desktop_entry() -> configparser.SectionProxy:
    parser = CaseSensitiveParser(interpolation=None)
    parser.read(DESKTOP, encoding="utf-8")
    return parser["Desktop Entry"]


def test_desktop_entry_starts_the_program_with_its_icon() -> None:
    entry = desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Gang Manager"
    assert entry["Exec"].split()[0] == "gangmanager"
    assert entry["Terminal"] == "false"
    assert "Game" in entry["Categories"].split(";")
    assert (ICONS / "hicolor" / "256x256" / "apps" / f"{entry['Icon']}.png").is_file()


def test_metainfo_names_the_desktop_entry_icon_and_current_release() -> None:
    root = ET.parse(METAINFO).getroot()
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == DESKTOP.name
    assert root.findtext("icon") == desktop_entry()["Icon"]
    assert root.findtext("name") == desktop_entry()["Name"]
    assert root.findtext("project_license") == "GPL-3.0-or-later"
    assert root.findtext("provides/binary") == "gangmanager"
    newest = root.find("releases/release")
    assert newest is not None and newest.get("version") == __version__


@pytest.mark.parametrize(
    "command",
    [
        ["desktop-file-validate", str(DESKTOP)],
        ["appstreamcli", "validate", "--no-net", "--explain", str(METAINFO)],
    ],
    ids=["desktop-file-validate", "appstreamcli"],
)
def test_the_freedesktop_validators_accept_them(command: list[str]) -> None:
    if shutil.which(command[0]) is None:
        pytest.skip(f"{command[0]} is not installed")
    result = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_icon_is_a_valid_svg_rendered_at_every_size() -> None:
    assert QSvgRenderer(str(ICONS / "gangmanager.svg")).isValid()
    for size in SIZES:
        image = QImage(str(ICONS / "hicolor" / f"{size}x{size}" / "apps" / "gangmanager.png"))
        assert (image.width(), image.height()) == (size, size)
        # Opaque in the middle, transparent in the rounded-off corner.
        assert image.pixelColor(size // 2, size // 2).alpha() == 255
        assert image.pixelColor(0, 0).alpha() == 0
    for bundle_icon in ("gangmanager.ico", "gangmanager.icns"):
        assert (ICONS / bundle_icon).stat().st_size > 1000
