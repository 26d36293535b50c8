"""What the battle window asks before an event is stored: the dice of an Ammo test,
a Reload, a Blaze roll, who puts a fire out, the attack dialog, a confirmation before a
Limited profile is struck off; and the prompts waiting (Resolve...). The window
dispatches a tile's request on its type."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import QMainWindow

from gangmanager.gui.battle.attack_dialog import AttackDialog
from gangmanager.gui.battle.choice_dialogs import BlazeHitDialog, ConfirmDialog
from gangmanager.gui.battle.extinguish_dialog import ExtinguishDialog
from gangmanager.gui.battle.requests import AttackRequest, TileRequest
from gangmanager.gui.battle.roll_dialog import RollDialog
from gangmanager.rules.battle import preview
from gangmanager.rules.battle_events import (
    AmmoTestEvent,
    AttackEvent,
    BattleError,
    BattleEvent,
    BlazeEvent,
    BlazeHitEvent,
    ExtinguishEvent,
    NerveTestEvent,
    ReloadEvent,
    with_keys,
)
from gangmanager.rules.battle_state import FighterTrack, ProfileTrack, PromptKind
from gangmanager.rules.ruleset import Mechanic

if TYPE_CHECKING:
    from PySide6.QtWidgets import QListView

    from gangmanager.gui.battle.battle_models import PromptListModel
    from gangmanager.rules.dice import Dice
    from gangmanager.rules.ruleset import Ruleset
    from gangmanager.services import battle

    # The battle window it is part of (a mixin): its widgets and state, for the checker.
    _Base = QMainWindow
else:
    _Base = object


class EventAsking(_Base):
    # The window's, set in its __init__.
    _record: battle.BattleRecord | None
    _ruleset: Ruleset | None
    _dice: Dice
    last_refusal: str
    prompt_model: PromptListModel
    prompt_view: QListView

    if TYPE_CHECKING:

        def apply(self, events: Sequence[BattleEvent | Mapping[str, Any]]) -> bool: ...

        def _say(self, text: str, *, error: bool = False) -> None: ...

    def _on_tile_sig_event_requested(self, request: TileRequest) -> None:
        if self._record is None or self._ruleset is None:
            return
        fighter = self._record.state.fighter(request.fighter)
        if fighter is None:
            return
        completed: BattleEvent | None
        match request:
            case AttackRequest():
                # The dialog applies the attack itself: a refusal keeps it open, dice as typed.
                AttackDialog.ask(
                    self, self._ruleset, self._record.state, fighter, self._dice, self._submit
                )
                return
            case AmmoTestEvent() | ReloadEvent():
                completed = self._ammo_event(request, fighter)
            case BlazeEvent():
                completed = self._blaze_event(request, fighter)
            case ExtinguishEvent():
                completed = self._extinguish_event(request, fighter)
            case _:
                completed = request
        if completed is not None:
            self.apply([completed])

    def _submit(self, event: AttackEvent) -> str | None:
        """Apply one event; None when stored, else the reason it was refused."""
        return None if self.apply([event]) else self.last_refusal

    def _profile(self, fighter: FighterTrack, weapon: str, profile: str) -> ProfileTrack | None:
        carried = fighter.weapon(weapon)
        if carried is None:
            return None
        return next((p for p in carried.profiles if p.name == profile), None)

    def _ammo_event(
        self, event: AmmoTestEvent | ReloadEvent, fighter: FighterTrack
    ) -> AmmoTestEvent | ReloadEvent | None:
        assert self._ruleset is not None and self._record is not None
        profile = self._profile(fighter, event.weapon, event.profile)
        if profile is None:
            return None
        term = self._ruleset.ammo.term
        test = isinstance(event, AmmoTestEvent)
        if not test and profile.has(Mechanic.PLENTIFUL):
            return event
        per_test = 2 if profile.has(Mechanic.COMBI) else 1
        tests = profile.rapid_fire or 1 if test else 1
        text = f"{fighter.name}'s {profile.label}: Am {profile.profile.am}; a roll below fails."
        if per_test == 2:
            text += " Combi: roll two dice, the lower one counts."
        if tests > 1:
            text += f" Rapid Fire ({tests}): one test per Ammo symbol; two failures jam it."
        title = f"{term}: {profile.label}" if test else "Reload"
        rolls = RollDialog.ask(self, title, text, self._dice, per_test=per_test, max_tests=tests)
        if rolls is None:
            return None
        completed = with_keys(event, roll=rolls[0] if len(rolls) == 1 else rolls)
        if isinstance(completed, AmmoTestEvent) and not self._confirm_deletion(completed, profile):
            self._say("Nothing applied: the Limited profile stays on the card.")
            return None
        return completed

    def _confirm_deletion(self, event: AmmoTestEvent, profile: ProfileTrack) -> bool:
        """Try the event on a copy; ask before a Limited profile is struck off the card."""
        assert self._ruleset is not None and self._record is not None
        try:
            done, _ = preview(self._ruleset, self._record.state, event)
        except BattleError:
            return True  # The service refuses it with the reason.
        if not isinstance(done, AmmoTestEvent) or done.removed is None:
            return True
        term = self._ruleset.ammo.term
        owner = self._record.state.fighter(event.fighter)
        if owner is not None and owner.hired:
            return ConfirmDialog.ask(
                self,
                "Delete a Limited profile?",
                f"{profile.label} failed its {term} and is Limited: it is deleted from"
                f" {event.fighter}'s card for the rest of this battle"
                " (Undo puts it back if this was a mistake).",
                "Delete profile",
            )
        return ConfirmDialog.ask(
            self,
            "Delete a Limited profile?",
            f"{profile.label} failed its {term} and is Limited: it is deleted from"
            f" {event.fighter}'s card now, and from the roster and printouts.\n\n"
            f"Fighter Rating and Gang Rating stay as they are; the pending rating drops by"
            f" {profile.profile.cost} until Update Roster. Only buying it again restores it"
            " (Undo puts it back if this was a mistake).",
            "Delete profile",
        )

    def _blaze_event(self, event: BlazeEvent, fighter: FighterTrack) -> BlazeEvent | None:
        assert self._ruleset is not None
        catch = ", ".join(str(r) for r in self._ruleset.blaze.catch_fire_on)
        rolls = RollDialog.ask(
            self,
            f"Blaze roll: {fighter.name}",
            f"{fighter.name} was hit by a Blaze attack: a D6 of {catch} sets them on fire.",
            self._dice,
        )
        return with_keys(event, roll=rolls[0]) if rolls else None

    def _extinguish_event(
        self, event: ExtinguishEvent, fighter: FighterTrack
    ) -> ExtinguishEvent | None:
        assert self._ruleset is not None and self._record is not None
        chosen = ExtinguishDialog.ask(self, self._ruleset, self._record.state, fighter)
        if chosen is None:
            return None
        by, helpers = chosen
        # Tried first with any die: a refusal is said before the player rolls, not after.
        try:
            preview(
                self._ruleset, self._record.state, with_keys(event, by=by, helpers=helpers, roll=6)
            )
        except BattleError as exc:
            self._say(f"Refused: {exc}", error=True)
            return None
        rolls = RollDialog.ask(
            self, f"Put out the fire on {fighter.name}", f"{by} rolls a D6.", self._dice
        )
        if not rolls:
            return None
        return with_keys(event, by=by, helpers=helpers, roll=rolls[0])

    def _on_resolve_button_clicked(self) -> None:
        index = self.prompt_view.currentIndex()
        if not index.isValid() and self.prompt_model.rowCount():
            index = self.prompt_model.index(0, 0)
        if index.isValid():
            self._resolve(index)

    def _on_prompt_view_double_clicked(self, index: QModelIndex) -> None:
        self._resolve(index)

    def _resolve(self, index: QModelIndex) -> None:
        if self._record is None:
            return
        prompt = self.prompt_model.prompt(index.row())
        state = self._record.state
        fighter = state.fighter_for(prompt)
        if fighter is None:
            return
        # `GANG/FIGHTER` where both gangs have the name: the event reaches this one.
        who = state.name_for(fighter)
        if prompt.kind is PromptKind.BLAZE_HIT:
            damaged = BlazeHitDialog.ask(self, prompt.text)
            if damaged is not None:
                self.apply([BlazeHitEvent(fighter=who, damaged=damaged)])
        elif prompt.kind is PromptKind.NERVE_TEST:
            rolls = RollDialog.ask(
                self, f"Nerve test: {fighter.name}", prompt.text, self._dice, per_test=2
            )
            if rolls:
                self.apply([NerveTestEvent(fighter=who, roll=rolls)])
        elif prompt.kind is PromptKind.FLAMES_ROLL:
            self._on_tile_sig_event_requested(ExtinguishEvent(fighter=who, by=who))
        elif prompt.kind is PromptKind.KNOCKBACK:
            self._say(f"Move {fighter.name} on the table; the next event clears the reminder.")
        else:
            self._say(
                f"Enter the Injury dice result on {fighter.name}'s tile:"
                " Flesh wound, or the status Seriously Injured or Out of Action."
            )
