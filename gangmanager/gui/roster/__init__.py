"""The roster editor: gangs, fighters, fighter cards."""
