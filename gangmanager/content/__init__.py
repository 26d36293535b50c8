"""content layer."""
