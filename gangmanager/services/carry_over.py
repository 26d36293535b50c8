"""Carry a 2023 gang over to the 2026 edition (issue #26): a new gang built by
rules/carry_over.py, stored as founding stores one (one transaction, one undo step);
the old gang is only read. `preview` is the same, written nowhere (`--dry-run`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from gangmanager.rules.carry_over import CarryOver, carry_over, default_name
from gangmanager.rules.carry_over_lines import CarryOverError
from gangmanager.rules.fighter_refs import renumbered
from gangmanager.rules.gang import Gang
from gangmanager.rules.limits import clean_name
from gangmanager.services.databases import Database
from gangmanager.services.errors import ServiceError, UnknownGangError
from gangmanager.services.operations import Action, Context, Outcome, perform
from gangmanager.services.rulesets import Rulesets

# The edition a gang is carried over to unless told otherwise.
TO_RULESET = "n26"


@dataclass(frozen=True)
class CarriedGang:
    """The gang as stored and the lines that say what became of each part."""

    gang: Gang
    plan: CarryOver


@dataclass(frozen=True)
class CarryOverGang(Action[CarriedGang]):
    """A new gang in `ruleset` from gang `gang_id`; `choices`: (line key, option)."""

    gang_id: int
    ruleset: str = TO_RULESET
    name: str = ""
    choices: tuple[tuple[str, str], ...] = ()

    def run(self, ctx: Context) -> Outcome[CarriedGang]:
        from gangmanager.services.roster import CreateGang

        try:
            gang = ctx.uow.gangs.get(self.gang_id)
        except LookupError:
            raise ServiceError(
                f"no gang with id {self.gang_id} (it may have been deleted)"
            ) from None
        plan = _planned(
            gang,
            ctx.rulesets,
            self.ruleset,
            self.name,
            dict(self.choices),
            ctx.uow.gangs.unique_name,
        )
        created = ctx.run(
            CreateGang(_stored_form(plan.gang), verb="Carry over to the 2026 edition:")
        )
        result = CarriedGang(created.result, plan)
        return Outcome(
            created.changes, created.inverse, created.label, created.gang_id, result=result
        )


def preview(
    db: Database,
    rulesets: Rulesets,
    ref: str,
    ruleset: str = TO_RULESET,
    name: str = "",
    choices: Mapping[str, str] | None = None,
) -> tuple[Gang, CarryOver]:
    """The old gang and what carrying it over would make, nothing written."""
    with db.unit_of_work(read_only=True) as uow:
        gang = uow.gangs.find(ref)
        if gang is None:
            raise UnknownGangError(ref, uow.gangs.names())
        return gang, _planned(
            gang, rulesets, ruleset, name, dict(choices or {}), uow.gangs.unique_name
        )


def _planned(
    gang: Gang,
    rulesets: Rulesets,
    ruleset: str,
    name: str,
    choices: Mapping[str, str],
    unique: Callable[[str], str],
) -> CarryOver:
    """The plan under the name it will be stored as (a taken one gets "(2)")."""
    old, new = rulesets.get(gang.ruleset), rulesets.get(ruleset)
    try:
        wanted = clean_name(name, gang=True) if name.strip() else default_name(gang, new)
    except ValueError as exc:
        raise ServiceError(f"the new gang's name: {exc}") from None
    try:
        return carry_over(gang, old, new, choices, unique(wanted))
    except CarryOverError as exc:
        raise ServiceError(str(exc)) from None


def _stored_form(gang: Gang) -> Gang:
    """Fighters as new ones, by provisional ids: a beast keeps its owner in the new gang."""
    ids = {f.id: -1 - i for i, f in enumerate(gang.fighters) if f.id is not None}
    return gang.model_copy(update={"fighters": renumbered(gang.fighters, ids)})


def carry_over_gang(
    db: Database,
    rulesets: Rulesets,
    gang_id: int,
    ruleset: str,
    name: str,
    choices: Mapping[str, str],
) -> CarriedGang:
    return perform(
        db, CarryOverGang(gang_id, ruleset, name, tuple(choices.items())), rulesets
    ).result
