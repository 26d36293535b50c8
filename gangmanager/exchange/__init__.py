"""exchange layer."""
