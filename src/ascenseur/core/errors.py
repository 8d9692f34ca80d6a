"""Typed refusals. Each carries what was refused, and a message in a player's words."""

from __future__ import annotations


class AscenseurError(Exception):
    """Base of every refusal of the core."""


class IllegalActionError(AscenseurError):
    """An action the rules do not allow now (a bid out of range, a card that must not be
    played, an action out of turn or in the wrong phase)."""

    def __init__(self, message: str, *, seat: int | None = None, rule: str = "") -> None:
        super().__init__(message)
        self.seat = seat
        #: A short machine name for the rule that refused the action
        #: (``hook``, ``under``, ``bid_range``, ``follow_suit``, ``must_trump``, ``not_held``,
        #: ``turn``, ``phase``, ``seat``: no such seat, ``card``: text that is no card,
        #: ``blind``: a card tried in a blind round's play (the session refuses it),
        #: ``summary`` and ``won``: a score-sheet round).
        self.rule = rule


class IllegalBidError(IllegalActionError):
    """A bid the rules refuse."""


class IllegalPlayError(IllegalActionError):
    """A card the rules refuse."""


class InvalidDealError(AscenseurError):
    """Hands or a trump card that cannot come from the deck under these rules."""


class RecordError(AscenseurError):
    """A game record that is malformed or breaks a rule; the message says where and why."""
