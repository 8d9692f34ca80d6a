"""The bot interface: a view and a budget in, a legal action out."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ascenseur.core.view import PlayerView


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a bot may think: a number of iterations, seconds, or both (first reached)."""

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        """A budget of no time, or of text, would let a bot answer from nothing."""
        if self.iterations is not None and (
            type(self.iterations) is not int or self.iterations < 1
        ):
            raise ValueError(
                f"iterations must be a whole number of at least 1, not {self.iterations!r}"
            )
        if self.seconds is not None and (
            isinstance(self.seconds, bool)
            or not isinstance(self.seconds, int | float)
            or not self.seconds > 0
        ):
            raise ValueError(f"seconds must be a number above 0, not {self.seconds!r}")


def legal_actions_of(view: PlayerView, budget: Budget | None = None) -> tuple[int, ...]:
    """The actions a bot chooses among in ``view``; a ``TypeError`` for what is no view or
    no budget, a ``ValueError`` saying why there is nothing to choose."""
    if not isinstance(view, PlayerView):
        raise TypeError(
            f"a bot decides from a PlayerView (game.view(seat)), not {type(view).__name__}"
        )
    if budget is not None and not isinstance(budget, Budget):
        raise TypeError(
            f"a budget is a Budget(iterations=…, seconds=…), not {type(budget).__name__}"
        )
    if not view.legal_actions:
        if view.is_my_turn and view.is_blind_round:
            raise ValueError(
                "in a blind round the table plays the card nobody sees: Game.play_blind_card()"
            )
        raise ValueError("it is not this player's turn to act")
    return view.legal_actions


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action with a one-line reason a player can read (already translated)."""

    action: int
    reason: str


@runtime_checkable
class Bot(Protocol):
    """A computer player. It sees only a player's view (RULES.md §9). Ours keep their
    random choices in an ``rng`` (a :class:`random.Random`), which a game session seeds
    again before each decision, so that a resumed game goes on as it would have gone; a bot
    of someone else's needs none."""

    name: str

    def choose(self, view: PlayerView, budget: Budget | None = None) -> int:
        """A legal action for ``view`` (one of ``view.legal_actions``)."""
        ...

    def hint(self, view: PlayerView, budget: Budget | None = None) -> Hint:
        """The action this bot would take with ``budget``, with its reason."""
        ...


class RandomBot:
    """A uniformly random legal action: the baseline."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, budget: Budget | None = None) -> int:
        return self.rng.choice(legal_actions_of(view, budget))

    def hint(self, view: PlayerView, budget: Budget | None = None) -> Hint:
        from ascenseur.i18n import _

        return Hint(self.choose(view, budget), _("any legal move will do"))
