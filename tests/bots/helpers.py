"""Games driven by bots for the bot tests: every action goes through the engine's checked
path, so an illegal choice fails the test with the engine's message."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ascenseur import Game, Rules
from ascenseur.bots import Bot
from ascenseur.services.autoplay import play_with_bots


def play_game(rules: Rules, bots: Sequence[Bot], seed: int) -> Game:
    """A whole game between ``bots`` (one per seat), deals drawn from ``seed``."""
    rng = random.Random(seed)
    game = Game.new(rules, len(bots), first_dealer=seed % len(bots))
    return play_with_bots(game, bots, lambda _game: rng)
