"""Printing in the window: print preview, Print, Export PDF, and the card preview."""
