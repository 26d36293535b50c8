"""Rules > My pack...: the player's own pack and the forms that add to it."""
