"""The core of Ascenseur: cards, rules, the engine, views, the deal sampler and records.

Pure: no I/O, no printing. Everything else stands on it.
"""

from .cards import Card, CardParseError, Suit
from .engine import Game, Phase, RoundResult, Table, Trick
from .errors import (
    AscenseurError,
    IllegalActionError,
    IllegalBidError,
    IllegalPlayError,
    InvalidDealError,
    RecordError,
)
from .record import EXAMPLE_RECORD, Replay, game_to_record, replay, score_sheet
from .rules import PRESETS, Rules, RulesError, Scoring, preset, rules_from_mapping
from .sampler import sample_game, sample_hands
from .view import PlayerView

__all__ = [
    "EXAMPLE_RECORD",
    "PRESETS",
    "AscenseurError",
    "Card",
    "CardParseError",
    "Game",
    "IllegalActionError",
    "IllegalBidError",
    "IllegalPlayError",
    "InvalidDealError",
    "Phase",
    "PlayerView",
    "RecordError",
    "Replay",
    "RoundResult",
    "Rules",
    "RulesError",
    "Scoring",
    "Suit",
    "Table",
    "Trick",
    "game_to_record",
    "preset",
    "replay",
    "rules_from_mapping",
    "sample_game",
    "sample_hands",
    "score_sheet",
]
