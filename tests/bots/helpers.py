"""Games driven by bots for the bot tests: every action goes through the engine's checked
path, so an illegal choice fails the test with the engine's message."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ascenseur import Game, Phase, Rules
from ascenseur.bots import Bot


def play_game(rules: Rules, bots: Sequence[Bot], seed: int) -> Game:
    """A whole game between ``bots`` (one per seat), deals drawn from ``seed``."""
    rng = random.Random(seed)
    game = Game.new(rules, len(bots), first_dealer=seed % len(bots))
    while not game.is_over:
        if game.phase is Phase.DEAL:
            game.deal(rng)
        elif game.blind_play_pending:
            game.play_blind_card()
        else:
            seat = game.turn
            view = game.view(seat)
            action = bots[seat].choose(view)
            assert action in view.legal_actions
            game.act(action, seat)
    return game
