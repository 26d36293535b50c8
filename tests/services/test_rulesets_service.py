from __future__ import annotations

from pathlib import Path

import pytest

from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets


def _broken_pack(data: Path) -> None:
    pack = data / "rulesets" / "my-house"
    pack.mkdir(parents=True)
    (pack / "pack.toml").write_text('id = "my-house"\nname = "Mine"\nextends = "n23"\n')
    (pack / "traits.toml").write_text('[[traits]]\nname = "Blaze"\nmechanics = ["blazing"]\n')


def test_a_broken_house_pack_is_a_one_line_refusal(tmp_path: Path) -> None:
    _broken_pack(tmp_path / "data")
    rulesets = Rulesets(tmp_path / "data")
    with pytest.raises(ServiceError) as refused:
        rulesets.get("my-house")
    message = str(refused.value)
    assert "\n" not in message and "traits.toml" in message and "blazing" in message
    # The other packs still load.
    assert rulesets.get("n23").id == "n23"


def test_the_window_shows_a_gang_of_a_broken_pack_without_crashing(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rulesets: Rulesets
) -> None:
    from PySide6.QtCore import QSettings

    from gangmanager.gui.common.messages import Messages
    from gangmanager.gui.main_window import MainWindow
    from gangmanager.persistence.database import open_database, sqlite_url
    from gangmanager.services import gangs
    from gangmanager.services.demo import demo_gang

    _broken_pack(tmp_path / "data")
    rulesets = Rulesets(tmp_path / "data")
    told: list[str] = []
    with open_database(sqlite_url(tmp_path / "gm.sqlite")) as db:
        gang = demo_gang(rulesets.get("n23")).model_copy(update={"ruleset": "my-house"})
        gangs.add_gang(db, rulesets, gang)
        settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
        monkeypatch.setattr(Messages, "tell", lambda self, text, title="": told.append(text))
        window = MainWindow(db, rulesets, settings)
        qtbot.addWidget(window)
        assert window.gang_model.rowCount() == 1
        assert window.gang is None
        assert len(told) == 1 and "traits.toml" in told[0] and "blazing" in told[0]
