"""The campaign file's shape and its reading: the models its JSON Schema is generated
from (docs/campaign.schema.json) and `read_campaign_file`, which reads and checks a
file, gangs included, before any database is opened (docs/file-formats.md).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from gangmanager.rules.gang import Gang
from gangmanager.services.rulesets import Rulesets

if TYPE_CHECKING:
    from gangmanager.exchange.gang_file import Origin

FORMAT = "gangmanager/campaign"
VERSION = 1


# -- the file's shape (its JSON Schema is generated from these) -------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class CampaignOrigin(_Strict):
    campaign: str = Field(pattern=r"^[0-9a-f]{32}$", description="the campaign's identity")
    digest: str = Field(
        pattern=r"^[0-9a-f]{64}$",
        description="SHA-256 of the campaign as this file's changes start from it",
    )


class CampaignFields(_Strict):
    name: str = Field(min_length=1, max_length=120)
    ruleset: str
    campaign_type: str
    notes: str = ""
    starts_on: str | None = Field(default=None, description="YYYY-MM-DD")
    ends_on: str | None = Field(default=None, description="YYYY-MM-DD")
    cycle: int = Field(default=1, ge=1)
    finished_at: str | None = Field(default=None, description="ISO 8601 time")
    created_at: str | None = Field(default=None, description="ISO 8601 time")


class Member(_Strict):
    gang: int = Field(ge=0, description="index in `gangs`")
    alignment: str = "law_abiding"
    joined_at: str | None = None


class Territory(_Strict):
    name: str
    gang: int | None = Field(default=None, ge=0, description="holder: index in `gangs`")
    hideout: bool = False


class Side(_Strict):
    gang: int | None = Field(default=None, ge=0)
    gang_name: str
    role: str = ""
    result: Literal["won", "lost", "draw"]
    out_of_action: int = Field(default=0, ge=0)
    income: int | None = None


class Battle(_Strict):
    cycle: int = Field(ge=1)
    fought_on: str = Field(description="YYYY-MM-DD")
    scenario: str = ""
    territory: str | None = None
    created_at: str | None = None
    sides: list[Side] = Field(default_factory=list)


class LogLine(_Strict):
    at: str | None = None
    cycle: int
    kind: str
    text: str
    battle: int | None = Field(default=None, ge=0, description="index in `battles`")
    gang: int | None = Field(default=None, ge=0)


class HistoryPoint(_Strict):
    seq: int = Field(ge=0)
    label: str
    at: str | None = None
    gang: int | None = Field(default=None, ge=0)
    gang_name: str
    rating: int
    wealth: int
    reputation: int
    credits: int
    territories: int


class CampaignFile(_Strict):
    """Everything but `gangs`, whose items are gang files (docs/gang.schema.json)."""

    format: Literal["gangmanager/campaign"]
    version: Literal[1]
    origin: CampaignOrigin | None = None
    campaign: CampaignFields
    gangs: list[dict[str, Any]] = Field(
        default_factory=list, description="gang files, as docs/gang.schema.json"
    )
    members: list[Member] = Field(default_factory=list)
    territories: list[Territory] = Field(default_factory=list)
    battles: list[Battle] = Field(default_factory=list)
    log: list[LogLine] = Field(default_factory=list)
    history: list[HistoryPoint] = Field(default_factory=list)


def campaign_file_schema() -> dict[str, Any]:
    """JSON Schema of the campaign file, generated from the models (docs/campaign.schema.json)."""
    schema = CampaignFile.model_json_schema()
    schema["properties"]["gangs"]["items"] = {"$ref": "gang.schema.json"}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Gang Manager campaign file",
        "description": "A campaign with its gangs, battles, territories, log and history;"
        " see docs/file-formats.md.",
        **{k: v for k, v in schema.items() if k not in ("title", "description")},
    }


def schema_text() -> str:
    return json.dumps(campaign_file_schema(), indent=2, ensure_ascii=False) + "\n"


@dataclass(frozen=True)
class _Read:
    """A campaign file read and checked, gangs included, before any database is opened."""

    data: CampaignFile
    gangs: list[tuple[Gang, Origin | None]]
    source: str


def read_campaign_file(path: Path, rulesets: Rulesets) -> _Read:
    from gangmanager.exchange.errors import ImportFileError
    from gangmanager.exchange.gang_file import load_gang_document
    from gangmanager.exchange.json_input import check_json_tree, read_json_file

    raw = read_json_file(path)
    check_json_tree(raw, path.name)
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise ImportFileError(path.name, "format", f'not a campaign file (expected "{FORMAT}")')
    try:
        data = CampaignFile.model_validate(raw)
    except ValidationError as exc:
        error = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in error["loc"])
        raise ImportFileError(path.name, where, str(error["msg"])) from None
    gangs = []
    for index, document in enumerate(data.gangs):
        where = f"{path.name}: gangs[{index}]"
        gangs.append(load_gang_document(document, where, ruleset_for=rulesets.get))
    _check_refs(data, len(gangs), path.name)
    for gang, _ in gangs:
        rulesets.get(gang.ruleset)
    rulesets.get(data.campaign.ruleset)
    return _Read(data, gangs, path.name)


def _check_refs(data: CampaignFile, gangs: int, source: str) -> None:
    from gangmanager.exchange.errors import ImportFileError

    def check(where: str, index: int | None, count: int) -> None:
        if index is not None and index >= count:
            raise ImportFileError(source, where, f"{index} is past the end of the list ({count})")

    for i, member in enumerate(data.members):
        check(f"members[{i}].gang", member.gang, gangs)
    for i, territory in enumerate(data.territories):
        check(f"territories[{i}].gang", territory.gang, gangs)
    for i, battle in enumerate(data.battles):
        for j, side in enumerate(battle.sides):
            check(f"battles[{i}].sides[{j}].gang", side.gang, gangs)
    for i, line in enumerate(data.log):
        check(f"log[{i}].gang", line.gang, gangs)
        check(f"log[{i}].battle", line.battle, len(data.battles))
    for i, point in enumerate(data.history):
        check(f"history[{i}].gang", point.gang, gangs)
