"""Computer players: each receives only a player's view and returns a legal action."""
