"""The post-battle sequence wizard (issue 6)."""

from gangmanager.gui.post_battle.undo_command import PostBattleUndoCommand
from gangmanager.gui.post_battle.wizard import PostBattleWizard

__all__ = ["PostBattleUndoCommand", "PostBattleWizard"]
