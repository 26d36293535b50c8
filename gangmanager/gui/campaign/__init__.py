"""The campaign view: standings, territories, the log of battles and the history chart."""
