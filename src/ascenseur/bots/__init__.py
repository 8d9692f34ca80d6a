"""Computer players: each receives only a player's view and returns a legal action.

``make_bot(kind_or_level, seed)`` builds one: kinds ``random``, ``rules``, ``search``; levels
for people ``easy``, ``medium``, ``hard``, ``expert``.
"""

from __future__ import annotations

from .base import Bot, Budget, Hint, RandomBot

LEVELS = ("easy", "medium", "hard", "expert")
KINDS = ("random", "rules", "search")


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by kind or level name."""
    if name == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown bot {name!r}")


__all__ = ["KINDS", "LEVELS", "Bot", "Budget", "Hint", "RandomBot", "make_bot"]
