"""The fighter card editor: every field of the selected fighter, each edit one command.

The editor never writes: it turns each finished entry into a roster command
(`services.roster`) and emits `sig_command`; the main window runs it, and
sets the editor again from the stored result. Questions (refunds, the weapon
limit) go through the window's `Messages`, dialogs through their `ask()`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from PySide6.QtCore import QItemSelection, Qt, Signal
from PySide6.QtWidgets import (
    QLineEdit,
    QListWidgetItem,
    QWidget,
)

from gangmanager.gui.common.messages import Messages
from gangmanager.gui.common.portrait_box import pick_picture
from gangmanager.gui.roster.armoury_dialog import ArmouryChoice, ArmouryDialog, purse_refusal
from gangmanager.gui.roster.fighter_card import FighterCard
from gangmanager.gui.roster.injury_dialog import InjuryDialog, injury_effect, table_injury
from gangmanager.gui.roster.modifier_dialog import ModifierDialog
from gangmanager.gui.roster.skill_dialog import SkillDialog, fighter_type
from gangmanager.gui.roster.weapon_dialog import ItemDialog, ProfileDialog, WeaponDialog
from gangmanager.rules import ranks, ratings, restrictions, roster_ops, skill_access
from gangmanager.rules.fighter_refs import owner_name
from gangmanager.rules.gang import Category, Fighter, FighterStatus, Gang
from gangmanager.rules.modifiers import ModifierKind
from gangmanager.rules.ruleset import ArmouryItem, Ruleset
from gangmanager.rules.weapons import Item, Weapon
from gangmanager.services import roster

_OVERRIDE_HINT = (
    ' (A group that house-rules can turn on "House rules: ignore list and access'
    " restrictions\" in the gang's Details.)"
)


class FighterEditor(FighterCard):
    # A services.roster command for the window to run.
    sig_command = Signal(object)
    # Fighter id whose rating breakdown to show.
    sig_breakdown_requested = Signal(int)

    def __init__(self, messages: Messages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.messages = messages
        self._gang: Gang | None = None
        self._fighter: Fighter | None = None
        self._ruleset: Ruleset | None = None
        self._build()
        self.set_fighter(None, None, None)

    # -- showing ---------------------------------------------------------------------

    @property
    def fighter(self) -> Fighter | None:
        return self._fighter

    def set_fighter(
        self, gang: Gang | None, fighter: Fighter | None, ruleset: Ruleset | None
    ) -> None:
        """Show a fighter (None: nothing selected); fields being typed in keep their text."""
        self._gang, self._ruleset = gang, ruleset
        self._fighter = fighter if gang is not None and ruleset is not None else None
        fighter = self._fighter
        self._show_profile(fighter, ruleset)
        enabled = fighter is not None
        for child in self.findChildren(QWidget):
            if child is not self.placeholder:
                child.setEnabled(enabled)
        self.placeholder.setVisible(not enabled)
        if fighter is None or gang is None or ruleset is None:
            self._clear()
            return
        self.portrait.set_portrait(fighter.portrait)
        self.title.setText(f"{fighter.name}: {fighter.type or fighter.category.label}")
        self._show_owner(gang, fighter)
        self._show_standing(gang, fighter, ruleset)
        self._show_rating(fighter)
        self._set_text(self.name, fighter.name)
        self._fill_types(gang, ruleset, fighter)
        self.category.setCurrentIndex(list(Category).index(fighter.category))
        self.status.setCurrentIndex(list(FighterStatus).index(fighter.status))
        self.cost.setValue(fighter.cost)
        self.xp.setValue(fighter.xp)
        if self.notes.toPlainText() != fighter.notes:
            self.notes.setPlainText(fighter.notes)
        self._fill_modifiers(fighter, ruleset)
        self.weapons_model.set_weapons(fighter.weapons, ruleset)
        self._fill_slots(fighter, ruleset)
        self.wargear.clear()
        for item in fighter.wargear:
            entry = next((w for w in ruleset.wargear if w.name == item.name), None)
            row = QListWidgetItem(f"{item.name} ({item.cost})")
            row.setToolTip(entry.summary if entry else ruleset.rules_text_for(item.name))
            self.wargear.addItem(row)
        self.skills.clear()
        for skill in fighter.skills:
            row = QListWidgetItem(skill)
            row.setToolTip(ruleset.rules_text_for(skill) or "(no rules text in this ruleset)")
            self.skills.addItem(row)
        self._fill_injuries(fighter, ruleset)
        self._on_weapons_selection_changed(QItemSelection(), QItemSelection())

    def _show_profile(self, fighter: Fighter | None, ruleset: Ruleset | None) -> None:
        """The profile boxes of the fighter's statline (the pack's fighter statline while
        none is shown); the tab order takes new boxes in."""
        table = None
        if ruleset is not None:
            table = ruleset.table_for(fighter.profile) if fighter else ruleset.table
        rebuilt = table is not None and table != self.profile.table
        self.profile.set_fighter(fighter, table)
        if rebuilt:
            self._chain_tabs()

    def _clear(self) -> None:
        self.title.setText("Fighter card")
        self.rating.clear()
        for box in (self.name, self.notes):
            box.clear()
        self.weapons_model.set_weapons([], None)
        for view in (self.modifiers, self.wargear, self.skills, self.injuries):
            view.clear()
        self.slots.clear()
        self.portrait.set_portrait(None)
        self.owner.setVisible(False)
        self.standing.setVisible(False)

    def _show_standing(self, gang: Gang, fighter: Fighter, ruleset: Ruleset) -> None:
        """Rank and owed advancements (a ranks pack), the type's subtypes (if it has any)."""
        found = ranks.standing(ruleset, gang.house, fighter)
        subtypes = ranks.subtypes(ruleset, gang.house, fighter)
        parts = [f"Rank: {found.text}"] if found is not None else []
        if subtypes:
            parts.append(f"Subtypes: {', '.join(subtypes)}")
        self.standing.setText("   ·   ".join(parts))
        self.standing.setVisible(bool(parts))
        if found is not None and found.owed:
            self.standing.setToolTip(
                "Each rank reached above the one the fighter was recruited on owes an"
                " advancement; XP is never spent"
            )
        else:
            self.standing.setToolTip("")

    def _show_rating(self, fighter: Fighter) -> None:
        committed = ratings.committed_fighter_rating(fighter)
        pending = ratings.pending_fighter_rating(fighter)
        text = f"Fighter Rating {committed}"
        if pending != committed:
            text += f"  (pending {pending} *)"
        self.rating.setText(text)
        self.rating.setToolTip(
            "Committed at founding and in Update Roster; edits change the pending value"
        )

    def _show_owner(self, gang: Gang, fighter: Fighter) -> None:
        """An Exotic Beast's owner by their name as it is now (the beast holds their id)."""
        beast = fighter.category is Category.EXOTIC_BEAST
        self.owner.setVisible(beast)
        if beast:
            owner = owner_name(fighter, gang.fighters)
            self.owner.setText(f"Owner: {owner}" if owner else "Owner: none in the gang")

    @staticmethod
    def _set_text(box: QLineEdit, text: str) -> None:
        if box.text() != text:
            box.setText(text)

    def _fill_types(self, gang: Gang, ruleset: Ruleset, fighter: Fighter) -> None:
        names = [t.name for t in ruleset.fighter_types_for(gang.house)]
        if [self.type.itemText(i) for i in range(self.type.count())] != names:
            self.type.clear()
            self.type.addItems(names)
        self.type.setCurrentIndex(names.index(fighter.type) if fighter.type in names else -1)
        self.type.setEditText(fighter.type)

    def _fill_modifiers(self, fighter: Fighter, ruleset: Ruleset) -> None:
        self.modifiers.clear()
        for modifier in fighter.modifiers:
            summary = modifier.summary(ruleset.table_for(fighter.profile)) or "no profile change"
            cost = f", +{modifier.cost} credits" if modifier.cost else ""
            row = QListWidgetItem(f"{modifier.source}: {summary}{cost}")
            row.setToolTip(f"{modifier.kind.value.capitalize()}: {modifier.source}")
            self.modifiers.addItem(row)

    def _fill_injuries(self, fighter: Fighter, ruleset: Ruleset) -> None:
        self.injuries.clear()
        for name in fighter.injuries:
            row = QListWidgetItem(name)
            entry = table_injury(ruleset, name)
            if entry is None:
                tip = "Not in this ruleset's Lasting Injury table"
            else:
                effect = injury_effect(entry)
                tip = entry.summary + (f"\nAs a modifier: {effect}" if effect else "")
            if self._injury_modifier(fighter, name) is None and entry and entry.changes:
                tip += "\nNo matching modifier: the profile does not show this injury"
            row.setToolTip(tip)
            self.injuries.addItem(row)

    @staticmethod
    def _injury_modifier(fighter: Fighter, name: str) -> int | None:
        """Index of the modifier added for this injury from the table, if any."""
        source = roster.INJURY_PREFIX + name
        return next(
            (
                i
                for i, m in enumerate(fighter.modifiers)
                if m.kind is ModifierKind.INJURY and m.source == source
            ),
            None,
        )

    def _fill_slots(self, fighter: Fighter, ruleset: Ruleset) -> None:
        used = roster_ops.slots_used(fighter, ruleset)
        text = f"Weapon slots: {used} of {roster_ops.WEAPON_SLOTS}"
        warning = roster_ops.slot_warning(fighter, ruleset)
        self.slots.setText(text + (": over the limit" if warning else ""))
        self.slots.setStyleSheet("color: #c62828; font-weight: bold;" if warning else "")
        self.slots.setToolTip(warning or "Unwieldy weapons take two slots")

    # -- commands --------------------------------------------------------------------

    def _emit(self, make: Callable[[int, int], Any]) -> None:
        if self._gang is None or self._fighter is None:
            return
        assert self._gang.id is not None and self._fighter.id is not None
        self.sig_command.emit(make(self._gang.id, self._fighter.id))

    def _on_portrait_sig_pick(self) -> None:
        data = pick_picture(self.messages)
        if data is not None:
            self._emit(lambda g, f: roster.SetPortrait(g, f, data))

    def _on_portrait_sig_clear(self) -> None:
        if self._fighter is not None and self._fighter.portrait is not None:
            self._emit(lambda g, f: roster.SetPortrait(g, f, None))

    def _edit(self, **fields: Any) -> None:
        if self._fighter is None:
            return
        changed = {k: v for k, v in fields.items() if getattr(self._fighter, k) != v}
        if changed:
            self._emit(lambda g, f: roster.EditFighter(g, f, changed))

    def _refund(self, question: str, price: int) -> int | None:
        """Credits to give back (0: none), or None when the player cancels."""
        if price <= 0:
            return 0
        refund = f"Refund {price} credits"
        answer = self.messages.ask(
            f"{question} It cost {price} credits.", [refund, "No refund", "Cancel"]
        )
        if answer == refund:
            return price
        return 0 if answer == "No refund" else None

    def _slots_allow(self, weapon: Weapon) -> bool:
        """A custom weapon past the three slots is refused, unless the gang plays house rules."""
        assert self._fighter is not None and self._ruleset is not None
        warning = roster_ops.slot_warning(self._fighter, self._ruleset, adding=weapon)
        if warning is None or (self._gang and self._gang.house_rules_ignore_restrictions):
            return True
        self.messages.tell(f"{warning}: not added.{_OVERRIDE_HINT}")
        return False

    def _on_name_editing_finished(self) -> None:
        if self._fighter is None:
            return
        name = " ".join(self.name.text().split())
        if not name:
            self.messages.tell("A fighter needs a name; the name was not changed.")
            self.name.setText(self._fighter.name)
            return
        self._edit(name=name)

    def _on_type_activated(self, index: int) -> None:
        if self._fighter is None or self._gang is None or self._ruleset is None:
            return
        kind = fighter_type(self._ruleset, self._gang.house, self.type.itemText(index))
        if kind is None or kind.name == self._fighter.type:
            return
        same = (
            kind.category == self._fighter.category
            and kind.cost == self._fighter.cost
            and kind.profile == self._fighter.profile
        )
        take_all = f"Take all of {kind.name}"
        answer = (
            take_all
            if same
            else self.messages.ask(
                f"{kind.name} is a {kind.category.label} at {kind.cost} credits with the profile"
                f" {kind.profile.line(self._ruleset.statline(kind.statline))}. Give"
                f" {self._fighter.name} that"
                " category, base cost and base profile too?",
                [take_all, "Only the type name", "Cancel"],
            )
        )
        if answer is None or answer == "Cancel":
            self.type.setEditText(self._fighter.type)
            return
        if answer == take_all:
            self._edit(type=kind.name, category=kind.category, cost=kind.cost, profile=kind.profile)
        else:
            self._edit(type=kind.name)

    def _on_type_editing_finished(self) -> None:
        if self._fighter is not None:
            self._edit(type=self.type.currentText().strip())

    def _on_category_activated(self, _index: int) -> None:
        self._edit(category=self.category.currentData())

    def _on_status_activated(self, _index: int) -> None:
        self._edit(status=self.status.currentData())

    def _on_cost_editing_finished(self) -> None:
        self._edit(cost=self.cost.value())

    def _on_xp_editing_finished(self) -> None:
        self._edit(xp=self.xp.value())

    def _on_notes_editing_finished(self) -> None:
        self._edit(notes=self.notes.toPlainText())

    def _on_profile_characteristic_edited(self, code: str, value: object) -> None:
        self._emit(lambda g, f: roster.SetCharacteristic(g, f, code, value))  # type: ignore[arg-type]

    def _on_breakdown_clicked(self) -> None:
        if self._fighter is not None and self._fighter.id is not None:
            self.sig_breakdown_requested.emit(self._fighter.id)

    def _on_add_modifier_clicked(self) -> None:
        if self._fighter is None or self._ruleset is None:
            return
        choice = ModifierDialog.ask(self, self._fighter, self._ruleset)
        if choice is not None:
            self._emit(
                lambda g, f: roster.AddModifier(
                    g, f, choice.modifier, choice.spend_xp, choice.injury, choice.skill
                )
            )

    def _on_remove_modifier_clicked(self) -> None:
        row = self.modifiers.currentRow()
        if row < 0:
            self.messages.tell("Select a modifier to remove.")
            return
        self._emit(lambda g, f: roster.RemoveModifier(g, f, row))

    def _on_weapons_selection_changed(self, _s: QItemSelection, _d: QItemSelection) -> None:
        self.add_profile.setEnabled(self._fighter is not None and self._weapon_index() is not None)
        self.remove_weapon.setEnabled(
            self._fighter is not None and self._weapon_index() is not None
        )

    def _selected_weapon_row(self) -> tuple[int, int] | None:
        rows = self.weapons.selectionModel().selectedRows()
        return self.weapons_model.position(rows[0].row()) if rows else None

    def _weapon_index(self) -> int | None:
        position = self._selected_weapon_row()
        return position[0] if position else None

    def _on_buy_weapon_clicked(self) -> None:
        choice = self._ask_armoury("weapons")
        if choice is None:
            return
        assert not isinstance(choice.entry, ArmouryItem)
        weapon = roster_ops.armoury_weapon(choice.entry).model_copy(update={"cost": choice.cost})
        self._emit(lambda g, f: roster.BuyWeapon(g, f, weapon, pay=choice.pay))

    def _ask_armoury(self, kind: Literal["weapons", "wargear"]) -> ArmouryChoice | None:
        """What this fighter may take, at the price charged; a refused pick is explained."""
        if self._fighter is None or self._ruleset is None or self._gang is None:
            return None
        gang, fighter, ruleset = self._gang, self._fighter, self._ruleset
        choice = ArmouryDialog.ask(
            self,
            ruleset,
            kind,
            gang.credits,
            fighter.name,
            fighter=fighter,
            house=gang.house or None,
            ignore_restrictions=gang.house_rules_ignore_restrictions,
            check=lambda picked: purse_refusal(gang, picked),
        )
        if choice is None:
            return None
        verdict = restrictions.check_item_for_gang(ruleset, gang, fighter, choice.entry)
        if not verdict.allowed:
            self.messages.tell(f"{verdict.reason}: not bought.{_OVERRIDE_HINT}")
            return None
        return choice

    def _on_custom_weapon_clicked(self) -> None:
        if self._gang is None or self._ruleset is None:
            return
        choice = WeaponDialog.ask(self, self._gang.credits, self._ruleset.weapon_statline)
        if choice is not None and self._slots_allow(choice.weapon):
            self._emit(lambda g, f: roster.BuyWeapon(g, f, choice.weapon, pay=choice.pay))

    def _on_add_profile_clicked(self) -> None:
        index = self._weapon_index()
        if index is None or self._fighter is None or self._ruleset is None or self._gang is None:
            self.messages.tell("Select the weapon to add a profile to.")
            return
        weapon = self._fighter.weapons[index]
        offers = roster_ops.paid_profiles(
            roster_ops.armoury_entry(self._ruleset, weapon.name), weapon
        )
        choice = ProfileDialog.ask(
            self, weapon, offers, self._gang.credits, self._ruleset.weapon_statline
        )
        if choice is not None:
            self._emit(
                lambda g, f: roster.AddWeaponProfile(g, f, index, choice.profile, pay=choice.pay)
            )

    def _on_remove_weapon_clicked(self) -> None:
        position = self._selected_weapon_row()
        if position is None or self._fighter is None:
            self.messages.tell("Select a weapon (or one of its profiles) to remove.")
            return
        weapon_index, profile_index = position
        weapon = self._fighter.weapons[weapon_index]
        if profile_index == 0:
            weapon_refund = self._refund(
                f"Remove {weapon.name} from {self._fighter.name}?", weapon.total_cost
            )
            if weapon_refund is not None:
                self._emit(lambda g, f: roster.RemoveWeapon(g, f, weapon_index, weapon_refund))
            return
        profile = weapon.profiles[profile_index]
        refund = self._refund(f"Remove the {profile.name} profile of {weapon.name}?", profile.cost)
        if refund is not None:
            self._emit(
                lambda g, f: roster.RemoveWeaponProfile(g, f, weapon_index, profile_index, refund)
            )

    def _on_buy_wargear_clicked(self) -> None:
        choice = self._ask_armoury("wargear")
        if choice is not None:
            item = Item(name=choice.entry.name, cost=choice.cost)
            self._emit(lambda g, f: roster.BuyWargear(g, f, item, pay=choice.pay))

    def _on_custom_wargear_clicked(self) -> None:
        if self._gang is None:
            return
        choice = ItemDialog.ask(self, self._gang.credits)
        if choice is not None:
            self._emit(lambda g, f: roster.BuyWargear(g, f, choice.item, pay=choice.pay))

    def _on_remove_wargear_clicked(self) -> None:
        row = self.wargear.currentRow()
        if row < 0 or self._fighter is None:
            self.messages.tell("Select the wargear to remove.")
            return
        item = self._fighter.wargear[row]
        refund = self._refund(f"Remove {item.name} from {self._fighter.name}?", item.cost)
        if refund is not None:
            self._emit(lambda g, f: roster.RemoveWargear(g, f, row, refund))

    def _on_add_skill_clicked(self) -> None:
        if self._fighter is None or self._ruleset is None or self._gang is None:
            return
        skill = SkillDialog.ask(self, self._fighter, self._ruleset, self._gang.house)
        if not skill:
            return
        verdict = skill_access.check_skill_for_gang(self._ruleset, self._gang, self._fighter, skill)
        if not verdict.allowed:
            self.messages.tell(f"{verdict.reason}: not added.{_OVERRIDE_HINT}")
            return
        self._emit(lambda g, f: roster.AddSkill(g, f, skill))

    def take_advancement(self) -> None:
        """A ranks pack's (n26) owed advancement, taken outside the post-battle (no XP spent)."""
        fighter, ruleset, gang = self._fighter, self._ruleset, self._gang
        if fighter is None or ruleset is None or gang is None:
            return
        from gangmanager.gui.roster.take_advancement_dialog import TakeAdvancementDialog
        from gangmanager.rules import rank_advancements

        if not rank_advancements.ranked(ruleset):
            self.messages.tell(
                f"The {ruleset.id} pack spends XP on advancements: add one with Add modifier"
                " (its Advancement tab), or in the post-battle sequence."
            )
            return
        if not rank_advancements.owed(ruleset, gang.house, fighter):
            self.messages.tell(rank_advancements.none_owed(ruleset, fighter) + ".")
            return
        choice = TakeAdvancementDialog.ask(self, fighter, ruleset, gang)
        if choice is not None:
            self._emit(
                lambda g, f: roster.TakeAdvancement(g, f, choice.advancement, skill=choice.skill)
            )

    def _on_remove_skill_clicked(self) -> None:
        row = self.skills.currentRow()
        if row < 0:
            self.messages.tell("Select the skill to remove.")
            return
        self._emit(lambda g, f: roster.RemoveSkill(g, f, row))

    def _on_add_injury_clicked(self) -> None:
        if self._fighter is None or self._ruleset is None:
            return
        choice = InjuryDialog.ask(self, self._fighter, self._ruleset)
        if choice is None:
            return
        modifier = choice.modifier
        if modifier is None:
            self._emit(lambda g, f: roster.AddInjury(g, f, choice.name))
        else:
            self._emit(
                lambda g, f: roster.AddModifier(
                    g, f, modifier, injury=choice.name, skill=choice.skill
                )
            )

    def _on_remove_injury_clicked(self) -> None:
        row = self.injuries.currentRow()
        if row < 0 or self._fighter is None:
            self.messages.tell("Select the injury to remove.")
            return
        name = self._fighter.injuries[row]
        modifier = self._injury_modifier(self._fighter, name)
        if modifier is None:
            self._emit(lambda g, f: roster.RemoveInjury(g, f, row))
            return
        both = "Remove the name and its modifier"
        answer = self.messages.ask(
            f"{self._fighter.name} also has the modifier {roster.INJURY_PREFIX}{name}."
            " Remove it too, so the profile no longer shows the injury?",
            [both, "Only the name", "Cancel"],
        )
        if answer == both:
            self._emit(lambda g, f: roster.RemoveModifier(g, f, modifier))
        elif answer == "Only the name":
            self._emit(lambda g, f: roster.RemoveInjury(g, f, row))

    # -- keyboard --------------------------------------------------------------------

    def remove_focused(self) -> bool:
        """Delete key in one of the card's lists: remove its selected entry."""
        focus = self.focusWidget()
        actions = {
            self.modifiers: self._on_remove_modifier_clicked,
            self.weapons: self._on_remove_weapon_clicked,
            self.wargear: self._on_remove_wargear_clicked,
            self.skills: self._on_remove_skill_clicked,
            self.injuries: self._on_remove_injury_clicked,
        }
        for widget, action in actions.items():
            if focus is widget:
                action()
                return True
        return False

    def focus_name(self) -> None:
        self.name.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.name.selectAll()
