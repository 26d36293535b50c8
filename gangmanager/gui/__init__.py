"""gui layer."""
