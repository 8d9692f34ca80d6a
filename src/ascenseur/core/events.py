"""Events: what a transition did, for interfaces to show and sessions to send.

Events carry only public facts, except :class:`RoundDealt`, which says nothing of the hands
(each player's hand comes from their view).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import Card

if TYPE_CHECKING:
    from .engine import RoundResult


@dataclass(frozen=True, slots=True)
class RoundDealt:
    round_index: int
    hand_size: int
    dealer: int
    trump: Card | None


@dataclass(frozen=True, slots=True)
class BidMade:
    """A bid; ``bid`` is ``None`` while bids are sealed (simultaneous bidding)."""

    seat: int
    bid: int | None


@dataclass(frozen=True, slots=True)
class BidsRevealed:
    bids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickWon:
    seat: int
    trick_number: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class RoundScored:
    round_index: int
    result: RoundResult


@dataclass(frozen=True, slots=True)
class GameOver:
    winners: tuple[int, ...]
    totals: tuple[int, ...]


Event = RoundDealt | BidMade | BidsRevealed | CardPlayed | TrickWon | RoundScored | GameOver
