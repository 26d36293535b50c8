"""Gang Manager: offline roster and campaign manager for Necromunda."""

__version__ = "0.1.0"
