"""The rooms of the main window, one module per job; `gui/main_window.py` assembles them."""
