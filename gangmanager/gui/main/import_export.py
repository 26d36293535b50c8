"""The main window's gang files: import, update from a file, export as a file or a web page.

Part of `MainWindow` (gui/main_window.py), which assembles these rooms.
"""

from __future__ import annotations

from gangmanager.gui.main.host import STATUS_TIMEOUT_MS, MainWindowHost
from gangmanager.services import gangs
from gangmanager.services.errors import ServiceError

GANG_FILTER = "Gang files (*.gang.json *.json);;All files (*)"
PAGE_FILTER = "Web pages (*.html *.htm);;All files (*)"


class ImportExport(MainWindowHost):
    def _on_import_triggered(self) -> None:
        path = self.messages.open_path("Import a gang", GANG_FILTER)
        if path is None:
            return
        try:
            gang, report, origin = gangs.read_import_with_origin(path, self._rulesets)
        except (ServiceError, ValueError) as exc:
            self.messages.tell(str(exc))
            return
        from gangmanager.services import gang_files  # with SQLAlchemy: not at start

        # The gang keeps the file's identity, so a later update from file finds it.
        outcome = self.runner.run(
            gang_files.ImportGang(gang, origin), self.undo_stack, self._on_run_refused
        )
        if outcome is not None and report is not None:
            self.messages.inform(report.text(), "Import report")

    def _on_update_from_file_triggered(self) -> None:
        path = self.messages.open_path("Update a gang from a file", GANG_FILTER)
        if path is None:
            return
        try:
            gang, _, origin = gangs.read_import_with_origin(path, self._rulesets)
        except (ServiceError, ValueError) as exc:
            self.messages.tell(str(exc))
            return
        if origin is None:
            self.messages.tell(
                f"{path.name}: the file does not say which gang it was exported from;"
                " import it as a new gang instead"
            )
            return
        from gangmanager.services import gang_files  # with SQLAlchemy: not at start

        conflicts: list[ServiceError] = []

        def refused(exc: ServiceError) -> None:
            if isinstance(exc, gang_files.UpdateConflict):
                conflicts.append(exc)
            else:
                self._on_run_refused(exc)

        action = gang_files.UpdateGangFromFile(gang, origin, path.name)
        outcome = self.runner.run(action, self.undo_stack, refused)
        if conflicts:
            take = "Import as a new gang"
            if self.messages.ask(str(conflicts[0]), [take, "Keep the stored gang"]) == take:
                self.runner.run(
                    gang_files.ImportGang(gang, None), self.undo_stack, self._on_run_refused
                )
            return
        if outcome is not None:
            result = outcome.result
            said = "\n".join(result.lines) or "Nothing to change: the gang is as the file has it."
            self.messages.inform(said, f"Updated {result.gang.name} from {path.name}")

    def _on_export_triggered(self) -> None:
        if self._gang is None or self._gang.id is None:
            return
        suggested = f"{self._gang.name}.gang.json"
        path = self.messages.save_path("Export the gang", GANG_FILTER, suggested)
        if path is None:
            return
        from gangmanager.services import gang_files  # with SQLAlchemy: not at start

        # The first export gives the gang its identity: a write, so through the runner.
        stamp = gang_files.StampExport(self._gang.id)
        if self.runner.run(stamp, None, self._on_run_refused) is None:
            return
        try:
            written = gangs.write_gang_file(self._db, str(self._gang.id), path, self._rulesets)
        except ServiceError as exc:
            self.messages.tell(str(exc))
            return
        self.statusBar().showMessage(f"Exported {self._gang.name} to {written}", STATUS_TIMEOUT_MS)

    def _on_export_page_triggered(self) -> None:
        if self._gang is None or self._gang.id is None:
            return
        path = self.messages.save_path("Export as web page", PAGE_FILTER, f"{self._gang.name}.html")
        if path is None:
            return
        if path.suffix.lower() not in gangs.PAGE_SUFFIXES:
            path = path.with_name(path.name + ".html")
        try:
            written = gangs.export_gang_page(self._db, self._rulesets, str(self._gang.id), path)
        except ServiceError as exc:
            self.messages.tell(str(exc))
            return
        self.statusBar().showMessage(
            f"Wrote {self._gang.name} as a web page to {written}", STATUS_TIMEOUT_MS
        )
