"""The battle tracker view: a tile per fighter, prompts, undo and a log in plain words."""
