"""Pure game logic: no Qt, no SQLAlchemy, no files, no network."""
