"""Differential test against a peer engine nobody here wrote: OpenSpiel's ``oh_hell``.

OpenSpiel plays one hand of Oh Hell with the hook (the last bidder may not make the bids
total the number of tricks), free discards (a player who cannot follow may play any card)
and a turned-up trump card that always exists (it allows at most ``(52 - 1) // players``
tricks, so a card always remains in the stock). That is our ``prime`` preset with a one-hand
``ladder`` and ``void_rule = free``.

How its game maps onto ours (read from ``open_spiel/games/oh_hell/oh_hell.cc`` and checked
here at every step):

* Chance actions: the number of tricks (one outcome with ``num_tricks_fixed``), the dealer,
  then ``players × tricks`` cards, the ``i``-th to player ``i mod players`` whoever deals,
  then the trump card. Its player numbers are our seats; its dealer is our ``first_dealer``;
  the hands go to :meth:`Game.deal_hands` by seat with its trump card as the turned card.
* Turn order runs upwards, ``p → p + 1 mod players``, like our seats; the player after the
  dealer bids first and leads the first trick; the winner of a trick leads the next.
* Cards are actions ``0..51``, ``rank × 4 + suit`` with suits ♣ ♦ ♠ ♥ and ranks 2..A; we map
  them through their text (``"CT"`` → ``Card.parse("TC")``). The order of its suits does not
  matter; its ranks run 2 (lowest) to A (highest), like ours. Bids are actions ``52 + bid``.
* Scoring, with ``points_per_trick`` = ``p`` and its made-bid bonus of 10, in our four
  numbers (RULES.md §7), both expressible:

  - ``off_bid_penalty = false``: ``p`` per trick won, plus 10 when the bid is exact →
    ``made_base 10, made_per_trick p, missed_per_trick p, missed_per_diff 0``;
  - ``off_bid_penalty = true``: exact bid → ``p × tricks + 10``; missed → ``-p × |tricks -
    bid|`` (nothing for the tricks won) → ``made_base 10, made_per_trick p,
    missed_per_trick 0, missed_per_diff p``.

At every step we compare whose turn it is and the set of legal actions (bids and cards), act
through our checked path (:meth:`Game.bid`, :meth:`Game.play`), and at the end compare
OpenSpiel's ``returns()`` with our round's points: 1,440 random hands over 3 to 7 players,
one card to the largest hand, both schemes, ``points_per_trick`` 1 and 2. The other way
round, hands dealt by :meth:`Game.deal` and played by the fast :meth:`Game.random_playout`
are replayed on OpenSpiel, where every action must be legal and the scores the same.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel
import pytest

from ascenseur import Card, Game, Phase, preset

OPENSPIEL_DECK = 52
MADE_BID_BONUS = 10

#: (players, tricks) pairs: one card, a few middle sizes, and the largest OpenSpiel allows.
CONFIGURATIONS = [
    (players, tricks)
    for players in range(3, 8)
    for tricks in sorted(
        {1, 2, 5, (OPENSPIEL_DECK - 1) // players // 2 + 1, (OPENSPIEL_DECK - 1) // players}
    )
]


def our_scoring(off_bid_penalty: bool, points_per_trick: int) -> dict[str, int]:
    """OpenSpiel's scoring scheme as our four numbers (see the module docstring)."""
    if off_bid_penalty:
        return {
            "made_base": MADE_BID_BONUS,
            "made_per_trick": points_per_trick,
            "missed_per_trick": 0,
            "missed_per_diff": points_per_trick,
        }
    return {
        "made_base": MADE_BID_BONUS,
        "made_per_trick": points_per_trick,
        "missed_per_trick": points_per_trick,
        "missed_per_diff": 0,
    }


def card_of_action(state: Any, action: int) -> Card:
    """OpenSpiel's card action as our card, through its text: suit letter then rank."""
    text = state.action_to_string(action)
    return Card.parse(text[1] + text[0])


def play_one_hand(
    players: int, tricks: int, off_bid_penalty: bool, points_per_trick: int, seed: int
) -> tuple[list[float], tuple[int, ...]]:
    """Play one random hand on both engines in lockstep, checking turn and legal actions at
    every step; return both engines' scores."""
    rng = random.Random(seed)
    their_game = pyspiel.load_game(
        "oh_hell",
        {
            "players": players,
            "num_tricks_fixed": tricks,
            "off_bid_penalty": off_bid_penalty,
            "points_per_trick": points_per_trick,
        },
    )
    state = their_game.new_initial_state()
    # Chance: number of tricks, dealer, the cards in order, the trump card.
    state.apply_action(state.chance_outcomes()[0][0])
    dealer = rng.randrange(players)
    assert dealer in [a for a, _ in state.chance_outcomes()]
    state.apply_action(dealer)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i in range(players * tricks + 1):
        outcomes = [a for a, _ in state.chance_outcomes()]
        action = outcomes[rng.randrange(len(outcomes))]
        if i < players * tricks:
            hands[i % players].append(card_of_action(state, action))
        else:
            trump = card_of_action(state, action)
        state.apply_action(action)
    assert not state.is_chance_node()

    rules = preset("prime").override(
        {
            "ladder": [tricks],
            "void_rule": "free",
            "bid_limit": "hook",
            "scoring": our_scoring(off_bid_penalty, points_per_trick),
        }
    )
    game = Game.new(rules, players, first_dealer=dealer)
    game.deal_hands(hands, trump)
    assert game.trump_card == trump

    while not state.is_terminal():
        assert game.phase in (Phase.BID, Phase.PLAY)
        assert state.current_player() == game.turn
        actions = state.legal_actions()
        if game.phase is Phase.BID:
            assert all(a >= OPENSPIEL_DECK for a in actions)
            assert {a - OPENSPIEL_DECK for a in actions} == set(game.legal_actions())
        else:
            assert all(a < OPENSPIEL_DECK for a in actions)
            assert {card_of_action(state, a) for a in actions} == set(game.legal_actions())
        action = actions[rng.randrange(len(actions))]
        if game.phase is Phase.BID:
            game.bid(action - OPENSPIEL_DECK)
        else:
            game.play(card_of_action(state, action))
        state.apply_action(action)
    assert game.phase is Phase.OVER
    return state.returns(), game.results[-1].points


@pytest.mark.parametrize(("players", "tricks"), CONFIGURATIONS)
def test_same_legal_moves_and_scores_as_openspiel(players: int, tricks: int) -> None:
    hands = 60
    for i in range(hands):
        off_bid_penalty = i % 2 == 1
        points_per_trick = 1 if i % 4 < 2 else 2
        theirs, ours = play_one_hand(
            players,
            tricks,
            off_bid_penalty,
            points_per_trick,
            seed=players * 10_000 + tricks * 100 + i,
        )
        assert [int(x) for x in theirs] == list(ours), (players, tricks, i)
        assert all(float(int(x)) == x for x in theirs)


def test_both_scoring_schemes_are_exercised_with_made_and_missed_bids() -> None:
    """The comparison above would be weak if every hand ended the same way: check that both
    made and missed contracts, and negative scores, occur in a sample."""
    made = missed = negative = 0
    for seed in range(60):
        theirs, ours = play_one_hand(4, 3, True, 1, seed=seed)
        made += sum(1 for x in ours if x >= MADE_BID_BONUS)
        missed += sum(1 for x in ours if x < MADE_BID_BONUS)
        negative += sum(1 for x in ours if x < 0)
        assert [int(x) for x in theirs] == list(ours)
    assert made and missed and negative


def test_card_mapping_is_a_bijection_onto_the_deck() -> None:
    state = pyspiel.load_game("oh_hell", {"players": 3}).new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    state.apply_action(0)
    cards = {card_of_action(state, a) for a, _ in state.chance_outcomes()}
    table = Game.new(preset("prime"), 3).table
    assert cards == set(table.deck)
    # Ranks rise with the action number inside each of its suits, as ours do.
    for action in range(OPENSPIEL_DECK - 4):
        assert card_of_action(state, action + 4).rank == card_of_action(state, action).rank + 1


def test_random_playouts_replay_on_openspiel() -> None:
    """The other direction, for the fast path: hands dealt by ``Game.deal`` and played by
    ``Game.random_playout`` are replayed on OpenSpiel, where every bid and card must be legal
    and the scores must come out the same."""
    for players in range(3, 8):
        largest = (OPENSPIEL_DECK - 1) // players
        for tricks in (1, 3, largest):
            for off_bid_penalty in (False, True):
                rules = preset("prime").override(
                    {
                        "ladder": [tricks],
                        "void_rule": "free",
                        "scoring": our_scoring(off_bid_penalty, 1),
                    }
                )
                their_game = pyspiel.load_game(
                    "oh_hell",
                    {
                        "players": players,
                        "num_tricks_fixed": tricks,
                        "off_bid_penalty": off_bid_penalty,
                    },
                )
                for seed in range(10):
                    rng = random.Random(seed)
                    game = Game.new(rules, players, rng=rng)
                    game.deal(rng)
                    game.random_playout(rng)
                    result = game.results[-1]
                    assert result.hands is not None and result.tricks is not None
                    state = their_game.new_initial_state()
                    action_of = {}
                    state.apply_action(tricks)
                    state.apply_action(result.dealer)
                    for a, _ in state.chance_outcomes():
                        action_of[card_of_action(state, a)] = a
                    for i in range(players * tricks):
                        state.apply_action(action_of[result.hands[i % players][i // players]])
                    assert result.trump is not None
                    state.apply_action(action_of[result.trump])
                    for i in range(players):
                        seat = (result.dealer + 1 + i) % players
                        assert state.current_player() == seat
                        assert OPENSPIEL_DECK + result.bids[seat] in state.legal_actions()
                        state.apply_action(OPENSPIEL_DECK + result.bids[seat])
                    for trick in result.tricks:
                        for seat, card in zip(trick.seats(players), trick.cards, strict=True):
                            assert state.current_player() == seat
                            assert action_of[card] in state.legal_actions()
                            state.apply_action(action_of[card])
                    assert state.is_terminal()
                    assert [int(x) for x in state.returns()] == list(result.points)
