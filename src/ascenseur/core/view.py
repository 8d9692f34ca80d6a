"""A player's view of the game (RULES.md §9), computed in this one place.

A player sees their own hand (in a blind one-card round: everyone's card but their own), the
turned card, the bids made so far (sealed bids only once all are in, their own excepted),
every card played and who played it, the tricks won, and all scores. Nothing else: not the
other hands, not the stock. Bots, the terminal, the web and the research API all get what
they show from :func:`view_of`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn, TypeGuard

from ascenseur.i18n import _

from .cards import Card, Suit, cards_of
from .phase import Phase
from .rules import Rules

if TYPE_CHECKING:
    from .engine import Game, RoundResult, Trick


class SeenHands(dict[int, tuple[Card, ...]]):
    """The others' cards a view shows (a blind round's), by seat: a ``dict`` that cannot be
    changed and can be hashed, as the frozen view that holds it (a view can key a dict)."""

    __slots__ = ()

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("a player's view cannot be changed")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[Any, ...]:
        return (SeenHands, (dict(self),))

    def __copy__(self) -> SeenHands:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> SeenHands:
        return self


#: A view's ``visible_hands`` outside a blind round.
_NO_HANDS = SeenHands()


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything one seat may know, frozen."""

    rules: Rules
    names: tuple[str, ...]
    seat: int
    phase: Phase
    round_index: int
    rounds: int
    hand_size: int
    dealer: int
    first_dealer: int
    #: Whose turn it is (``None`` between rounds and at the end).
    turn: int | None
    trump_card: Card | None
    #: The player's own cards; ``None`` in a blind one-card round.
    hand: tuple[Card, ...] | None
    #: Cards of other players this player can see: in a blind round, everyone else's (a
    #: ``dict`` that cannot be changed, as the view cannot).
    visible_hands: SeenHands
    #: Bids by seat; ``None`` where not made yet or still sealed.
    bids: tuple[int | None, ...]
    leader: int
    #: The current trick: (seat, card) in the order played.
    trick: tuple[tuple[int, Card], ...]
    #: The finished tricks of this round.
    tricks: tuple[Trick, ...]
    won: tuple[int, ...]
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...]
    #: Suits each seat has shown to be out of (by failing to follow, or to trump when bound to).
    voids: tuple[frozenset[Suit], ...]
    #: What this player may do now (empty when it is not their turn).
    legal_actions: tuple[int, ...]
    #: The bid the hook forbids this player now, if any.
    forbidden_bid: int | None
    #: How many cards each seat still holds.
    hand_counts: tuple[int, ...]

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def trump(self) -> Suit | None:
        if self.trump_card is None:
            return None
        return self.trump_card.suit

    @property
    def is_blind_round(self) -> bool:
        return self.hand is None

    @property
    def is_my_turn(self) -> bool:
        return self.turn == self.seat

    def played_cards(self) -> list[Card]:
        """Every card played this round, finished tricks and the current one."""
        out = [c for t in self.tricks for c in t.cards]
        out.extend(c for _, c in self.trick)
        return out

    def unseen_cards(self) -> list[Card]:
        """The cards of the deck this player has not seen: the others' hands and the stock."""
        deck = self.rules.deck_cards(len(self.names))
        seen = set(self.played_cards())
        if self.hand is not None:
            seen.update(self.hand)
        for cards in self.visible_hands.values():
            seen.update(cards)
        if self.trump_card is not None:
            seen.add(self.trump_card)
        return [c for c in deck if c not in seen]


#: The set of suits of each void bitmask (a player's known voids), built once.
_VOID_SETS: tuple[frozenset[Suit], ...] = tuple(
    frozenset(Suit(s) for s in range(5) if mask >> s & 1) for mask in range(32)
)
_NO_VOIDS: frozenset[Suit] = _VOID_SETS[0]


def is_seat(seat: object, players: int) -> TypeGuard[int]:
    """Whether ``seat`` is one of the table's seats: an ``int`` from 0 to ``players - 1``
    (-1 is not the last one, nor ``"1"`` or ``True`` the second)."""
    return type(seat) is int and 0 <= seat < players


def no_seat_message(seat: object, players: int) -> str:
    """The one sentence every refusal of a seat says, whatever error carries it."""
    shown = seat if type(seat) is int else repr(seat)
    return _("there is no seat {seat}: the seats go from 0 to {last}").format(
        seat=shown, last=players - 1
    )


def require_seat(seat: object, players: int) -> None:
    """Refuse (``ValueError``) a seat asked about that is none of the table's."""
    if not is_seat(seat, players):
        raise ValueError(no_seat_message(seat, players))


def view_of(game: Game, seat: int) -> PlayerView:
    """The view of ``seat`` on ``game``."""
    t = game.table
    n = t.players
    require_seat(seat, n)
    in_round = game.phase in (Phase.BID, Phase.PLAY)
    blind = in_round and game.is_blind_round
    hand: tuple[Card, ...] | None
    visible = _NO_HANDS
    if not in_round:
        hand = ()
    elif blind:
        hand = None
        visible = SeenHands({s: tuple(cards_of(game.hands[s])) for s in range(n) if s != seat})
    else:
        hand = tuple(cards_of(game.hands[seat]))
    sealed = t.sealed and game.phase is Phase.BID
    bids: tuple[int | None, ...]
    if not in_round:
        bids = (None,) * n
    else:
        bids = tuple(
            None if b < 0 or (sealed and s != seat) else b for s, b in enumerate(game.bids)
        )
    trick = tuple(((game.leader + i) % n, c) for i, c in enumerate(game.trick))
    my_turn = in_round and game.turn == seat
    # In a blind round the card a player must play is the one they cannot see: the table
    # plays it for them (see Game.blind_play_pending), so no legal action reveals it.
    hidden_play = blind and game.phase is Phase.PLAY
    return PlayerView(
        rules=t.rules,
        names=t.names,
        seat=seat,
        phase=game.phase,
        round_index=game.round_index,
        rounds=len(t.plan),
        hand_size=game.hand_size,
        dealer=game.dealer,
        first_dealer=game.first_dealer,
        turn=game.turn if in_round else None,
        trump_card=game.trump_card if in_round else None,
        hand=hand,
        visible_hands=visible,
        bids=bids,
        leader=game.leader,
        trick=trick,
        tricks=tuple(game.tricks) if in_round else (),
        won=tuple(game.won) if in_round else (0,) * n,
        totals=tuple(game.totals),
        results=game.results,
        voids=tuple(_VOID_SETS[v] for v in game.voids) if in_round else (frozenset(),) * n,
        legal_actions=tuple(game.legal_actions()) if my_turn and not hidden_play else (),
        forbidden_bid=game.forbidden_bid() if my_turn else None,
        hand_counts=tuple(m.bit_count() for m in game.hands) if in_round else (0,) * n,
    )
