"""The bot interface: a view and a budget in, a legal action out."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from ascenseur.core.view import PlayerView


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a bot may think: a number of iterations, seconds, or both (first reached)."""

    iterations: int | None = None
    seconds: float | None = None


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action with a one-line reason a player can read (already translated)."""

    action: int
    reason: str


class Bot(Protocol):
    """A computer player. It sees only a player's view (RULES.md §9)."""

    name: str

    def choose(self, view: PlayerView, budget: Budget | None = None) -> int:
        """A legal action for ``view`` (one of ``view.legal_actions``)."""
        ...

    def hint(self, view: PlayerView) -> Hint:
        """The action this bot would take, with its reason."""
        ...


class RandomBot:
    """A uniformly random legal action: the baseline."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, budget: Budget | None = None) -> int:
        if not view.legal_actions:
            raise ValueError("it is not this player's turn to act")
        return self.rng.choice(view.legal_actions)

    def hint(self, view: PlayerView) -> Hint:
        from ascenseur.i18n import _

        return Hint(self.choose(view), _("any legal move will do"))
