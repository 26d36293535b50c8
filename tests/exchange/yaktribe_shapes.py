"""YakTribe's export shape, for tests: the players' real files are not in the repository,
so each test writes the file it needs (numbers as text, final stats, ids, images)."""

from __future__ import annotations

from typing import Any


def ganger(name: str, type_text: str, cost: int = 50, **extra: object) -> dict[str, object]:
    """A ganger as YakTribe exports one: numbers as text, final stats."""
    stats = {"m": "5", "ws": "4", "bs": "4", "s": "3", "t": "3", "w": "1", "i": "4", "a": "1"}
    stats |= {"ld": "7", "cl": "7", "wil": "7", "int": "7"}
    return {
        "ganger_id": "7001",
        "name": name,
        "type": type_text,
        **stats,
        "cost": str(cost),
        "xp": "0",
        "kills": "0",
        "advance_count": "0",
        "equipment": [],
        "skills": [],
        "injuries": [],
        "image": "",
        "status": "Alive",
        "notes": "",
        **extra,
    }


def yaktribe_file(gang_type: str, *gangers: dict[str, object], **extra: object) -> dict[str, Any]:
    return {
        "gang": {
            "gang_id": 31337,
            "gang_name": "Test Gang",
            "gang_type": gang_type,
            "gang_rating": None,
            "credits": "100",
            "reputation": "2",
            "wealth": "0",
            "alignment": "Law Abiding",
            "allegiance": None,
            "gang_notes": "",
            "gang_image": "",
            "gangers": list(gangers),
            **extra,
        }
    }
