"""The post-battle wizard: one page per step of the ruleset pack, filling one saved draft.

Nothing touches the roster until Finish: every edit rewrites the draft (saved
at once, so closing the wizard or a crash resumes it), previews run the rules
on a copy, and Finish applies the whole draft in one transaction. Every write
(the draft saved or discarded, Finish) is an action performed by the
application's `OperationRunner` (gui/common/runner.py): Finish's undo step goes
on the undo stack the wizard was given and its outcome is broadcast, so the
roster window repaints from it. `finish_result` (and `sig_finished`) carry
what Finish returned.

For a gang in a running campaign the wizard reads the campaign once
(`campaign`): Assign territory offers its territories, Collect income rolls
the territories' income, Territory boons lists what they grant, and the
previews run against it; Finish stores all of it in the same transaction.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QMessageBox, QWidget, QWizard

from gangmanager.gui.common.runner import OperationRunner
from gangmanager.gui.common.screen_fit import open_size
from gangmanager.gui.post_battle.actions_page import ActionsPage
from gangmanager.gui.post_battle.advancements_page import AdvancementsPage
from gangmanager.gui.post_battle.battle_page import BattlePage
from gangmanager.gui.post_battle.boons_page import BoonsPage
from gangmanager.gui.post_battle.note_page import NotePage
from gangmanager.gui.post_battle.rank_advancements_page import RankAdvancementsPage
from gangmanager.gui.post_battle.rating_page import UpdateRatingPage
from gangmanager.gui.post_battle.report_page import ReportPage
from gangmanager.gui.post_battle.rewards_page import INCOME, REWARDS, RewardsPage
from gangmanager.gui.post_battle.roster_pages import (
    CleanHousePage,
    DistributePage,
    TradingPostPage,
)
from gangmanager.gui.post_battle.step_page import StepPage
from gangmanager.gui.post_battle.territory_page import TerritoryPage
from gangmanager.gui.post_battle.vehicle_damage_page import VehicleDamagePage, wrecked_names
from gangmanager.gui.post_battle.wrap_up_page import WrapUpPage
from gangmanager.rules.change_sheet import ChangeSheet, change_sheet
from gangmanager.rules.dice import Dice, RandomDice, d3, d66, two_d6
from gangmanager.rules.gang import Gang
from gangmanager.rules.post_battle import (
    APPLIED_STEP_IDS,
    CampaignOutcome,
    CampaignSetting,
    DraftError,
    apply_draft,
    preview_steps,
    step_name,
)
from gangmanager.rules.post_battle_draft import PostBattleDraft, TerritoryIncome, merge_limited
from gangmanager.rules.post_battle_report import Report
from gangmanager.services import gangs, post_battle
from gangmanager.services.databases import Database
from gangmanager.services.errors import ServiceError, StaleGangError
from gangmanager.services.operations import Action
from gangmanager.services.post_battle import FinishResult
from gangmanager.services.rulesets import Rulesets

# Pages every sequence needs, whatever the pack lists, in rulebook order.
R = TypeVar("R")

_ESSENTIAL = (
    "wrap_up",
    "receive_rewards",
    "post_battle_actions",
    "clean_house",
    "trading_post",
    "distribute_equipment",
    "advancements",
    "update_gang_rating",
    "report_results",
)


class DiscardDraftDialog:
    """Confirmation before the saved draft is thrown away; tests replace `ask`."""

    @classmethod
    def ask(cls, parent: QWidget) -> bool:
        answer = QMessageBox.question(
            parent,
            "Discard the draft",
            "Throw away everything entered for this post-battle sequence and start again?",
        )
        return answer == QMessageBox.StandardButton.Yes


class PostBattleWizard(QWizard):
    sig_draft_changed = Signal()
    # Emitted with the FinishResult once Finish has applied the draft.
    sig_finished = Signal(object)

    def __init__(
        self,
        db: Database,
        rulesets: Rulesets,
        gang_id: int,
        parent: QWidget | None = None,
        *,
        dice: Dice | None = None,
        runner: OperationRunner | None = None,
        undo_stack: QUndoStack | None = None,
        step_refused: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(parent)
        self.db = db
        self.rulesets = rulesets
        # The application's runner performs every write; Finish's undo goes on `undo_stack`
        # (none: no undo step), a later refused undo of it is said by `step_refused`.
        self.runner = runner if runner is not None else OperationRunner(db, rulesets, self)
        self._undo_stack = undo_stack
        self._step_refused = step_refused
        self.dice = dice or RandomDice()
        # The gang, its ended battle, campaign and draft in one read (the gang once).
        start = post_battle.wizard_start(db, rulesets, gang_id)
        self.gang: Gang = start.gang
        self.gang_id = gang_id
        self.ruleset = rulesets.get(self.gang.ruleset)
        self.battle = start.battle
        if start.draft_unreadable:
            # A draft this version cannot read: start again rather than lock the wizard.
            self._write(post_battle.DiscardDraft(gang_id))
        # No draft found by the start's read (or one discarded): a new one, not a read again.
        saved = start.saved or self._new_draft()
        self.draft_id: int | None = saved.id
        self.draft: PostBattleDraft = saved.draft
        self.campaign: CampaignSetting | None = start.campaign
        # Not `result`: that would hide QDialog.result().
        self.finish_result: FinishResult | None = None
        self._previews: dict[str, tuple[Gang, list[str], CampaignOutcome | None]] = {}
        self._report: tuple[Report | None, list[str]] | None = None
        self._resumed = False

        self.setWindowTitle(f"Post-battle sequence - {self.gang.name}")
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setOption(QWizard.WizardOption.HaveCustomButton1, True)
        self.setButtonText(QWizard.WizardButton.CustomButton1, "&Discard draft")
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.pages: list[StepPage] = [BattlePage(self), *self._step_pages()]
        for page_id, page in enumerate(self.pages):
            self.setPage(page_id, page)
        open_size(self, 1120, 720)
        self._start_campaign()
        self.currentIdChanged.connect(self._on_self_current_id_changed)
        self.customButtonClicked.connect(self._on_self_custom_button_clicked)

    # ------------------------------------------------------------------ pages

    def _step_pages(self) -> list[StepPage]:
        steps: list[tuple[str, str, str]] = []
        for step in self.ruleset.post_battle_steps:
            if step.substeps:
                steps += [(s.id, f"{step.name}: {s.name}", s.summary) for s in step.substeps]
            else:
                steps.append((step.id, step.name, step.summary))
        if not wrecked_names(self.draft):
            # No vehicle was Wrecked: the vehicle step has nothing to ask.
            steps = [s for s in steps if s[0] != "vehicle_damage"]
        present = {step_id for step_id, _, _ in steps}
        hosts_rewards = "receive_rewards" in present or "collect_income" in present
        pages = [self._page(i, t, s, present) for i, t, s in steps]
        runs = {*self._sequence, "report_results"}
        for essential in _ESSENTIAL:
            if essential in present or (essential == "receive_rewards" and hosts_rewards):
                continue
            if essential not in runs:
                continue  # a step the pack's sequence leaves out (n26: no Trading Post)
            page = self._page(essential, step_name(self.ruleset, essential), "", present)
            # Before the first page that comes later in the rulebook's order.
            order = _ESSENTIAL.index(essential)
            position = next(
                (i for i, p in enumerate(pages)
                 if p.step_id in _ESSENTIAL and _ESSENTIAL.index(p.step_id) > order),
                len(pages),
            )  # fmt: skip
            pages.insert(position, page)
            present.add(essential)
        self._add_vehicle_page(pages, present)
        return pages

    def _add_vehicle_page(self, pages: list[StepPage], present: set[str]) -> None:
        """The vehicle damage page, when a vehicle was Wrecked and the pack runs the step
        without listing a page for it (part of the Wrap-up in the rules): after the Wrap-up."""
        if "vehicle_damage" in present or "vehicle_damage" not in self._sequence:
            return
        if not wrecked_names(self.draft):
            return
        title = step_name(self.ruleset, "vehicle_damage")
        position = next((i + 1 for i, p in enumerate(pages) if p.step_id == "wrap_up"), 0)
        summary = "A Wrecked vehicle's Lasting Damage, and its crew's Lasting Injury."
        pages.insert(position, VehicleDamagePage(self, "vehicle_damage", title, summary))

    @property
    def _sequence(self) -> tuple[str, ...]:
        """The steps the pack runs, in its order."""
        return tuple(self.ruleset.post_battle.sequence or APPLIED_STEP_IDS)

    def _page(self, step_id: str, title: str, summary: str, present: set[str]) -> StepPage:
        simple: dict[str, Callable[..., StepPage]] = {
            "post_battle_actions": ActionsPage,
            "clean_house": CleanHousePage,
            "trading_post": TradingPostPage,
            "distribute_equipment": DistributePage,
            "advancements": AdvancementsPage,
            "rank_advancements": RankAdvancementsPage,
            "update_gang_rating": UpdateRatingPage,
            "report_results": ReportPage,
        }
        if step_id == "wrap_up":
            return WrapUpPage(self, step_id, title, summary)
        if step_id == "vehicle_damage":
            return VehicleDamagePage(self, step_id, title, summary)
        if step_id in simple:
            return simple[step_id](self, step_id, title, summary)
        if step_id == "receive_rewards":
            sections = (REWARDS,) if "collect_income" in present else (REWARDS, INCOME)
            return RewardsPage(self, step_id, title, summary, sections)
        if step_id == "collect_income":
            sections = (INCOME,) if "receive_rewards" in present else (REWARDS, INCOME)
            return RewardsPage(self, step_id, title, summary, sections)
        if step_id == "assign_territory" and self.campaign is not None:
            return TerritoryPage(self, step_id, title, summary)
        if step_id == "assign_territory":
            return NotePage(self, step_id, title, summary, "territory",
                            "Territory won or lost (a note for the report):")  # fmt: skip
        if step_id == "territory_boons" and self.campaign is not None:
            return BoonsPage(self, step_id, title, summary)
        if step_id == "territory_boons":
            return NotePage(self, step_id, title, summary, "boons",
                            "Boons from held territories (a note for the report; buy recruits"
                            " and equipment at the Trading Post):")  # fmt: skip
        return NotePage(self, step_id, title, summary, None,
                        "Nothing to record here in Gang Manager; settle it at the table.")  # fmt: skip

    @property
    def report_page(self) -> ReportPage:
        return next(p for p in self.pages if isinstance(p, ReportPage))

    # ------------------------------------------------------------------ the draft

    def update_draft(self, **changes: object) -> None:
        """Change the draft and save it at once (one small transaction)."""
        draft = self.draft.model_copy(update=changes)
        if draft == self.draft:
            return
        self.draft = draft
        self._previews.clear()
        self._report = None
        self.draft_id = self._write(post_battle.SaveDraft(self.gang_id, draft))
        self.sig_draft_changed.emit()

    def _write(self, action: Action[R]) -> R:
        """Perform a draft action through the runner; its result. A refusal is raised,
        as the service functions did (the caller that opened the wizard says it)."""
        refusals: list[ServiceError] = []
        outcome = self.runner.run(action, None, refusals.append)
        if outcome is None:
            raise refusals[0]
        return outcome.result

    def _start_draft(self) -> post_battle.SavedDraft:
        """The gang's unfinished draft, else a new one from the ended battle, saved
        (services.post_battle.start_draft, its save performed by the runner)."""
        saved = post_battle.load_draft(self.db, self.gang_id)
        return saved if saved is not None else self._new_draft()

    def _new_draft(self) -> post_battle.SavedDraft:
        """A new draft from the ended battle (or empty), saved."""
        draft = (
            post_battle.draft_from_battle(self.battle)
            if self.battle is not None
            else PostBattleDraft(result=None)
        )
        return post_battle.SavedDraft(
            self._write(post_battle.SaveDraft(self.gang_id, draft)), draft
        )

    def choose_battle(self, battle_id: int | None) -> None:
        """Follow the tracked battle (its lists merged into the draft), or none."""
        if battle_id is None or self.battle is None or self.battle.battle_id != battle_id:
            self.update_draft(battle_id=None)
            return
        found = post_battle.draft_from_battle(self.battle)
        draft = self.draft

        def merged(mine: list, theirs: list) -> list:
            names = {e.fighter.casefold() for e in mine}
            return [*mine, *(e for e in theirs if e.fighter.casefold() not in names)]

        self.update_draft(
            battle_id=battle_id,
            campaign_battle_id=draft.campaign_battle_id or self.campaign_battle_of(battle_id),
            scenario=draft.scenario or found.scenario,
            succumb=merged(list(draft.succumb), list(found.succumb)),
            injuries=merged(list(draft.injuries), list(found.injuries)),
            xp={**found.xp, **draft.xp},
            limited_deleted=merge_limited(draft.limited_deleted, found.limited_deleted),
        )

    def preview(self, through: str) -> tuple[Gang, list[str]]:
        """The gang after the steps up to `through`, and the problems so far (cached)."""
        gang, problems, _ = self._preview(through)
        return gang, problems

    def preview_campaign(self, through: str) -> CampaignOutcome | None:
        """The campaign as the steps up to `through` leave it (None: no campaign)."""
        return self._preview(through)[2]

    def _preview(self, through: str) -> tuple[Gang, list[str], CampaignOutcome | None]:
        if through not in self._previews:
            self._previews[through] = preview_steps(
                self.ruleset, self.gang, self.draft, through, self.campaign
            )
        return self._previews[through]

    def step_problems(self, step_ids: list[str]) -> list[str]:
        """The problems the given steps add (those of earlier steps are shown there)."""
        # In the pack's order: a step it leaves out would run the whole sequence.
        order = self._sequence
        indexes = [order.index(s) for s in step_ids if s in order]
        if not indexes:
            return []
        first, last = min(indexes), max(indexes)
        earlier = self.preview(order[first - 1])[1] if first else []
        return self.preview(order[last])[1][len(earlier) :]

    def change_sheet(self) -> ChangeSheet | None:
        """What the sequence changes (Finish's own once applied); None while it cannot apply."""
        if self.finish_result is not None:
            return self.finish_result.change_sheet
        try:
            after, report = apply_draft(self.ruleset, self.gang, self.draft, self.campaign)
        except DraftError:
            return None
        return change_sheet(self.gang, after, report, self.draft)

    def dry_run(self) -> tuple[Report | None, list[str]]:
        """The report Finish would give, or the problems in the way."""
        if self._report is None:
            try:
                report = apply_draft(self.ruleset, self.gang, self.draft, self.campaign)[1]
                self._report = (report, [])
            except DraftError as exc:
                self._report = (None, exc.problems)
        return self._report

    def _start_campaign(self) -> None:
        """In a campaign, income comes from the territories (ask for their dice), and a
        tracked battle recorded in the campaign is the campaign battle."""
        if self.campaign is None:
            return
        changes: dict[str, object] = {}
        if self.draft.territory_income is None and not self.draft.income:
            changes["territory_income"] = TerritoryIncome()
        if self.draft.campaign_battle_id is None:
            found = self.campaign_battle_of(self.draft.battle_id)
            if found is not None:
                changes["campaign_battle_id"] = found
        if changes:
            self.update_draft(**changes)

    def campaign_battle_of(self, battle_id: int | None) -> int | None:
        """The campaign battle the tracked battle was recorded as, if any."""
        if self.campaign is None or battle_id is None:
            return None
        found = next((b for b in self.campaign.campaign.battles if b.battle_id == battle_id), None)
        return found.id if found is not None else None

    def roll(self, kind: str) -> int:
        """One roll of the app's dice: D3, D6, 2D6 or D66."""
        rolls = {"D3": d3, "D6": lambda d: d.d6(), "2D6": two_d6, "D66": d66}
        return rolls[kind](self.dice)

    # ------------------------------------------------------------------ resume, finish

    def resume(self) -> None:
        """Go forward to the page the player was on when the draft was last saved."""
        wanted = self.draft.page
        if wanted is None or all(p.step_id != wanted for p in self.pages):
            return
        # Bounded by the number of pages; stops at a page that will not let go.
        for _ in self.pages:
            current = self.currentPage()
            if not isinstance(current, StepPage) or current.step_id == wanted:
                return
            before = self.currentId()
            self.next()
            if self.currentId() == before:
                return

    def showEvent(self, event: object) -> None:
        super().showEvent(event)  # type: ignore[arg-type]
        if not self._resumed:
            self._resumed = True
            self.resume()
        self._make_next_page_soon()

    def _make_next_page_soon(self) -> None:
        """Make the next page's widgets on the event loop, once the page shown now has been
        painted (the timer runs after the paint's posted events): the player reads this page
        meanwhile, and the Next only fills the page. A Next pressed before makes it then."""
        QTimer.singleShot(0, self, self._on_make_next_page_timeout)

    def _on_make_next_page_timeout(self) -> None:
        following = self.page(self.nextId())
        if isinstance(following, StepPage) and self.isVisible():
            following.make_widgets()

    def accept(self) -> None:
        refusals: list[ServiceError] = []
        outcome = self.runner.run(
            post_battle.FinishPostBattle(
                self.gang_id, self.draft, self.draft_id, self.gang.version
            ),
            self._undo_stack,
            refusals.append,
            self._step_refused,
        )
        if outcome is not None:
            result = outcome.result
            self.finish_result = result
            self.sig_finished.emit(result)
            super().accept()
            return
        exc = refusals[0]
        if isinstance(exc, StaleGangError):
            # The roster moved on while the wizard was open: show it as stored now.
            self.gang = gangs.load_gang(self.db, str(self.gang_id))
            self._previews.clear()
            self._report = None
            self.report_page.initializePage()
            self.report_page.show_problems(
                [f"{exc}: the roster was saved elsewhere; the report now shows it as"
                 " stored. Check it and press Finish again."]
            )  # fmt: skip
            return
        problems = getattr(exc, "problems", None) or [str(exc)]
        self.report_page.show_problems(problems)

    def _on_self_current_id_changed(self, page_id: int) -> None:
        page = self.page(page_id)
        if isinstance(page, StepPage) and self._resumed:
            self.update_draft(page=page.step_id)
        if self.isVisible():
            self._make_next_page_soon()

    def _on_self_custom_button_clicked(self, which: int) -> None:
        if which != QWizard.WizardButton.CustomButton1.value or not DiscardDraftDialog.ask(self):
            return
        self._write(post_battle.DiscardDraft(self.gang_id))
        saved = self._start_draft()
        self.draft_id, self.draft = saved.id, saved.draft
        self._previews.clear()
        self._report = None
        self._start_campaign()
        self.restart()
