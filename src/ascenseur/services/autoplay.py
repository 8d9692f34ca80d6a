"""Playing a game to its end with computer players at every seat.

The one loop shared by ``simulate``, the tournament and the bot tests: deal when a round is
due, let the table play the blind round's cards, otherwise ask the bot of the seat to play
for its view only, and apply its choice through the engine's checked path (an illegal
choice raises the engine's refusal).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from ascenseur.bots import Bot
from ascenseur.core.engine import Game, Phase


def play_with_bots(
    game: Game,
    bots: Sequence[Bot],
    deal_rng: Callable[[Game], random.Random],
    on_decision: Callable[[int, float], None] | None = None,
) -> Game:
    """Play ``game`` to its end with ``bots`` (one per seat). ``deal_rng(game)`` gives the
    generator each round is dealt from; ``on_decision(seat, seconds)``, when given, hears how
    long each decision took."""
    while not game.is_over:
        if game.phase is Phase.DEAL:
            game.deal(deal_rng(game))
        elif game.blind_play_pending:
            game.play_blind_card()
        else:
            seat = game.turn
            view = game.view(seat)
            start = time.perf_counter()
            action = bots[seat].choose(view)
            if on_decision is not None:
                on_decision(seat, time.perf_counter() - start)
            game.act(action, seat)
    return game
