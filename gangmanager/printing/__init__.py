"""printing layer."""
