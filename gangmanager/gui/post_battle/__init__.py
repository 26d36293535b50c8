"""The post-battle sequence wizard (issue 6)."""

from gangmanager.gui.post_battle.wizard import PostBattleWizard

__all__ = ["PostBattleWizard"]
