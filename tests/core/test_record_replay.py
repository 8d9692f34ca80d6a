"""The game record of RECORD.md: its example, round trips, and every kind of refusal."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import example as hypothesis_example
from hypothesis import given, settings
from hypothesis import strategies as st

from ascenseur import (
    EXAMPLE_RECORD,
    Card,
    Game,
    Phase,
    RecordError,
    preset,
    replay,
    score_sheet,
)
from ascenseur.core.record import dumps, game_to_record, loads
from ascenseur.core.rules import DuplicateKeyError, strict_json
from ascenseur.i18n import language

#: The `ascenseur replay --json` output RECORD.md gives for its example record.
EXAMPLE_SHEET = {
    "players": ["Jeanne", "Pierre", "Paul", "Martine"],
    "rounds": [
        {
            "cards": 2,
            "dealer": 0,
            "trump": "5S",
            "bids": [0, 0, 1, 0],
            "won": [2, 0, 0, 0],
            "points": [-2, 3, -1, 3],
            "totals": [-2, 3, -1, 3],
        },
        {
            "cards": 7,
            "dealer": 1,
            "trump": None,
            "bids": [2, 4, 2, 1],
            "won": [3, 1, 2, 1],
            "points": [-1, -3, 6, 5],
            "totals": [-3, 0, 5, 8],
        },
    ],
    "totals": [-3, 0, 5, 8],
    "finished": True,
    "winners": ["Martine"],
}

#: The record exactly as RECORD.md writes it.
RECORD_MD_EXAMPLE = json.loads("""
{
  "format": "ascenseur/1",
  "rules": {"preset": "classique", "ladder": [2, 7]},
  "players": ["Jeanne", "Pierre", "Paul", "Martine"],
  "rounds": [
    {
      "dealer": 0,
      "hands": [["AS", "KD"], ["2C", "7H"], ["QS", "TD"], ["9C", "3H"]],
      "trump": "5S",
      "bids": [0, 0, 1, 0],
      "tricks": [["2C", "QS", "9C", "AS"], ["KD", "7H", "TD", "3H"]]
    },
    {
      "dealer": 1,
      "bids": [2, 4, 2, 1],
      "won": [3, 1, 2, 1]
    }
  ]
}
""")


def example() -> dict[str, Any]:
    return copy.deepcopy(RECORD_MD_EXAMPLE)


def test_record_md_example_record_gives_its_score_sheet() -> None:
    assert EXAMPLE_RECORD == RECORD_MD_EXAMPLE
    assert score_sheet(replay(RECORD_MD_EXAMPLE)) == EXAMPLE_SHEET


def test_record_md_example_jeanne_void_in_clubs_must_trump_and_wins_both_tricks() -> None:
    game = replay(example()).game
    first = game.results[0]
    assert first.tricks is not None
    assert [t.winner for t in first.tricks] == [0, 0]
    assert [t.leader for t in first.tricks] == [1, 0]


def test_record_md_example_second_round_is_the_worked_example_of_rules_md() -> None:
    second = replay(example()).game.results[1]
    assert second.hands is None and second.tricks is None
    assert list(second.points) == [-1, -3, 6, 5]


def test_record_write_read_replay_gives_the_same_record_and_scores() -> None:
    game = replay(example()).game
    text = dumps(game)
    again = replay(loads(text))
    assert score_sheet(again) == EXAMPLE_SHEET
    assert game_to_record(again.game) == game_to_record(game)


@pytest.mark.parametrize(
    "options",
    [
        {"preset": "classique", "max_cards": 3},
        {"preset": "prime", "max_cards": 3, "void_rule": "must-trump"},
        {"preset": "ascensor", "ladder": [3, 1], "bidding": "simultaneous", "bid_limit": "none"},
        {"preset": "enculette", "decks": 2},
        {"preset": "classique", "peak_no_trump_rounds": 2, "max_cards": 2, "trump": "none"},
        {
            "preset": "classique",
            "scoring": {
                "made_base": 5,
                "made_per_trick": 2,
                "missed_per_trick": 1,
                "missed_per_diff": 2,
                "pool": True,
            },
        },
    ],
)
def test_record_round_trip_of_a_whole_game(options: dict[str, Any]) -> None:
    from ascenseur import rules_from_mapping

    rules = rules_from_mapping(options)
    players = 10 if options.get("decks") == 2 else 4
    if options["preset"] == "classique" and "max_cards" not in options:
        rules = rules.override({"ladder": [2, 1]})
    game = Game.new(rules, players, first_dealer=2)
    rng = random.Random(17)
    while not game.is_over:
        game.deal(rng)
        game.random_playout(rng)
    record = json.loads(dumps(game))
    replayed = replay(record)
    assert replayed.game.totals == game.totals
    assert replayed.game.results == game.results
    assert score_sheet(replayed) == score_sheet(game)
    assert game_to_record(replayed.game) == record


def test_record_of_a_game_in_progress_round_trips_mid_trick() -> None:
    game = Game.new(
        preset("classique").override({"ladder": [3, 4]}), ["A", "B", "C"], first_dealer=1
    )
    rng = random.Random(9)
    game.deal(rng)
    game.random_playout(rng)
    game.deal(rng)
    for _ in range(3 + 5):  # every bid, then a trick and two cards
        game.act(rng.choice(game.legal_actions()))
    record = json.loads(dumps(game))
    assert len(record["rounds"]) == 2 and len(record["rounds"][1]["tricks"]) == 2
    again = replay(record).game
    assert again.phase is Phase.PLAY
    assert (again.hands, again.trick, again.bids, again.won, again.turn) == (
        game.hands,
        game.trick,
        game.bids,
        game.won,
        game.turn,
    )
    sheet = score_sheet(again)
    assert sheet["finished"] is False and sheet["winners"] == []
    last = sheet["rounds"][-1]
    assert last["points"] is None and last["totals"] is None
    assert last["bids"] == game.bids and last["won"] == game.won


def test_record_of_a_round_with_some_bids_only() -> None:
    record = example()
    record["rounds"] = [record["rounds"][0]]
    del record["rounds"][0]["tricks"]
    record["rounds"][0]["bids"] = [None, 0, 1, None]
    sheet = score_sheet(replay(record))
    assert sheet["rounds"][0]["bids"] == [None, 0, 1, None]
    assert sheet["rounds"][0]["points"] is None


def test_record_score_sheet_round_with_bids_and_no_won_yet() -> None:
    record = example()
    del record["rounds"][1]["won"]
    sheet = score_sheet(replay(record))
    assert sheet["rounds"][1] == {
        "cards": 7,
        "dealer": 1,
        "trump": None,
        "bids": [2, 4, 2, 1],
        "won": [0, 0, 0, 0],  # the tricks won so far: none written yet
        "points": None,
        "totals": None,
    }
    assert sheet["finished"] is False


def test_record_score_sheet_round_in_progress_with_no_bid_yet_lists_bids_as_null() -> None:
    record = example()
    record["rounds"][1] = {"dealer": 1, "bids": [None, None, None, None]}
    sheet = score_sheet(replay(record))
    assert sheet["rounds"][1]["bids"] is None
    assert sheet["rounds"][1]["won"] == [0, 0, 0, 0] and sheet["rounds"][1]["totals"] is None


@pytest.mark.parametrize("last", [{"dealer": 1}, {"dealer": 1, "bids": None}])
def test_record_a_last_summary_round_may_lack_its_bids_or_give_them_as_null(
    last: dict[str, object],
) -> None:
    """RECORD.md: "The last round may lack tricks or bids"; listed with bids null and the
    tricks won so far, like a full round in progress."""
    record = example()
    record["rounds"][1] = last
    row = score_sheet(replay(record))["rounds"][1]
    assert (row["bids"], row["won"], row["points"], row["totals"]) == (
        None,
        [0, 0, 0, 0],
        None,
        None,
    )
    full = example()
    del full["rounds"][0]["tricks"]
    full["rounds"][0]["bids"] = None
    full["rounds"] = full["rounds"][:1]
    assert score_sheet(replay(full))["rounds"][0]["won"] == [0, 0, 0, 0]


def test_record_last_round_with_only_its_dealer_is_listed_as_not_begun() -> None:
    record = example()
    record["rounds"][1] = {"dealer": 1}
    replayed = replay(record)
    assert replayed.game.phase is Phase.DEAL  # still a game to deal and play on
    sheet = score_sheet(replayed)
    assert sheet["rounds"][1] == {
        "cards": 7,
        "dealer": 1,
        "trump": None,
        "bids": None,
        "won": [0, 0, 0, 0],
        "points": None,
        "totals": None,
    }
    assert sheet["totals"] == [-2, 3, -1, 3] and sheet["finished"] is False


def test_record_two_decks_may_write_both_copies_of_a_card_alike() -> None:
    # RECORD.md: no duplicates "beyond the copies the deck has". The second "AS" dealt is
    # the second copy; a card played is the copy its player holds.
    rules = {"ladder": [2], "decks": 2, "strip_to_multiple": False}
    hands = [["AS", "2H"], ["AS", "3H"], ["QS", "KS"]]
    record = {
        "format": "ascenseur/1",
        "rules": rules,
        "players": ["A", "B", "C"],
        "rounds": [
            {
                "dealer": 0,
                "hands": hands,
                "trump": "2C",
                "bids": [1, 1, 1],
                "tricks": [["AS", "QS", "AS"], ["3H", "KS", "2H"]],
            }
        ],
    }
    # first-wins: B led the second ace and keeps the trick.
    assert score_sheet(replay(record))["rounds"][0]["won"] == [0, 2, 0]
    # deck-order: the copy decides the trick, so the record must say who holds which.
    record["rules"] = {**rules, "duplicate_cards": "deck-order"}
    with pytest.raises(
        RecordError,
        match="round 1: AS is dealt twice; with duplicate_cards = deck-order, write the "
        "second copy AS'",
    ):
        replay(record)
    # A third ace is one more than two decks hold.
    record["rules"] = rules
    record["rounds"][0]["hands"] = [["AS", "2H"], ["AS", "3H"], ["AS", "KS"]]
    with pytest.raises(RecordError, match="round 1: AS is dealt more often than the two decks"):
        replay(record)
    # The engine's own notation (AS') reads the same and is what it writes back.
    record["rounds"][0]["hands"] = [["AS", "2H"], ["AS'", "3H"], ["QS", "KS"]]
    record["rounds"][0]["tricks"] = [["AS'", "QS", "AS"], ["3H", "KS", "2H"]]
    replayed = replay(record)
    assert score_sheet(replayed)["rounds"][0]["won"] == [0, 2, 0]
    assert set(game_to_record(replayed.game)["rounds"][0]["hands"][1]) == {"AS'", "3H"}


@settings(max_examples=32, deadline=None)
@given(
    players=st.integers(3, 11),
    sizes=st.lists(st.integers(1, 6), min_size=1, max_size=3),
    seed=st.integers(0, 2**32 - 1),
)
def test_two_deck_records_written_without_primes_give_the_same_scores(
    players: int, sizes: list[int], seed: int
) -> None:
    """With ``first-wins`` the two copies of a card are interchangeable, so a record of a
    two-deck game may leave out every prime (as people write a score by hand): read back,
    it gives the same tricks won and the same scores."""
    rules = preset("classique").override({"decks": 2, "ladder": sizes})
    game = Game.new(rules, players, first_dealer=seed % players)
    rng = random.Random(seed)
    while not game.is_over:
        game.deal(rng)
        game.random_playout(rng)
    unmarked = json.loads(dumps(game).replace("'", ""))

    def unprimed(sheet: dict[str, Any]) -> dict[str, Any]:
        # The sheet names the turned card, of whichever copy the reading took it for.
        for row in sheet["rounds"]:
            row["trump"] = row["trump"] and row["trump"].rstrip("'")
        return sheet

    assert unprimed(score_sheet(replay(unmarked))) == unprimed(score_sheet(game))


def test_record_two_decks_an_unmarked_card_whose_first_copy_was_stripped_is_the_second() -> None:
    # Stripped to a multiple of 7 players, two decks lose 2C 2D 2H of the first copy: a
    # record may still write the 2H that is left (2H') without its mark.
    game = Game.new(preset("classique").override({"decks": 2}), 7, first_dealer=0)
    stripped = [c for c in ("2C", "2D", "2H") if not game.table.deck_mask >> Card.parse(c) & 1]
    assert stripped == ["2C", "2D", "2H"]
    record = seven_players_two_decks(trump="2S")
    record["rounds"][0]["bids"] = [0, 0, 0, 0, 0, 0, 0]
    record["rounds"][0]["tricks"] = [["3H", "4H", "5H", "6H", "7H", "8H", "2H"]]
    replayed = replay(record)
    assert str(replayed.game.results[0].hands[0][0]) == "2H'"
    assert score_sheet(replayed)["rounds"][0]["won"] == [0, 0, 0, 0, 0, 0, 1]
    # A second 2H is one more than the stripped decks hold: said so, not "not in the deck".
    record["rounds"][0]["hands"][1] = ["2H"]
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert str(caught.value) == STRIPPED_2H_TWICE


def seven_players_two_decks(trump: str) -> dict[str, Any]:
    """One card each to seven players from two decks, whose strip takes 2C 2D 2H of the
    first copy: hearts 2 to 8 dealt, ``trump`` turned."""
    return {
        "format": "ascenseur/1",
        "rules": {"decks": 2, "ladder": [1]},
        "players": list("ABCDEFG"),
        "rounds": [
            {
                "dealer": 0,
                "hands": [["2H"], ["3H"], ["4H"], ["5H"], ["6H"], ["7H"], ["8H"]],
                "trump": trump,
            }
        ],
    }


STRIPPED_2H_TWICE = (
    "round 1: 2H is dealt twice, but the deck holds one 2H: the other was stripped "
    "(strip_to_multiple)"
)


def test_record_two_decks_a_trick_in_the_wrong_order_names_the_holder_of_the_copy_written() -> None:
    """With two decks, 4H (first copy) and 4H' may be in two hands: the message names the
    holder of the copy the record wrote, and of the other copy only when it is unmarked and
    nobody holds the first."""
    record = {
        "format": "ascenseur/1",
        "rules": {"decks": 2, "strip_to_multiple": False, "ladder": [1]},
        "players": ["Ann", "Bob", "Cat"],
        "rounds": [
            {
                "dealer": 0,
                "hands": [["4H'"], ["5H"], ["4H"]],
                "trump": "9C",
                "bids": [0, 0, 0],
                "tricks": [["4H"]],
            }
        ],
    }
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert str(caught.value) == "round 1, trick 1: 4H is Cat's card, but Bob leads this trick"
    record["rounds"][0]["tricks"] = [["4H'"]]
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert str(caught.value) == "round 1, trick 1: 4H' is Ann's card, but Bob leads this trick"
    record["rounds"][0]["hands"] = [["4H'"], ["5H"], ["6H"]]
    record["rounds"][0]["tricks"] = [["4H"]]
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert str(caught.value) == "round 1, trick 1: 4H is Ann's card, but Bob leads this trick"


def test_record_two_decks_a_turned_card_is_read_as_a_copy_like_a_dealt_one() -> None:
    """Where a card is turned up, its copy is read as a dealt card's: the same messages."""
    record = {
        "format": "ascenseur/1",
        "rules": {
            "ladder": [2],
            "decks": 2,
            "strip_to_multiple": False,
            "duplicate_cards": "deck-order",
        },
        "players": ["A", "B", "C"],
        "rounds": [
            {"dealer": 0, "hands": [["AC", "2H"], ["3H", "4H"], ["5H", "6H"]], "trump": "AC"}
        ],
    }
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert str(caught.value) == (
        "round 1: AC is dealt twice; with duplicate_cards = deck-order, write the second copy AC'"
    )
    # a turned 2H beside a dealt one, where the strip left a single 2H
    with pytest.raises(RecordError) as caught:
        replay(seven_players_two_decks(trump="2H"))
    assert str(caught.value) == STRIPPED_2H_TWICE


def test_record_two_decks_dealt_whole_may_turn_no_card_whatever_card_is_written() -> None:
    """Ten players, two decks stripped to 100 cards, ten each: no stock, so no trump; a
    turned card written anyway is refused for that, even one both copies of are dealt."""
    game = Game.new(preset("classique"), 10, first_dealer=0)
    deck = [str(c) for c in game.table.deck]
    hands = [deck[i::10] for i in range(10)]
    record = {
        "format": "ascenseur/1",
        "rules": {"preset": "classique", "ladder": [10]},
        "players": [f"P{i}" for i in range(10)],
        "rounds": [{"dealer": 0, "hands": hands, "trump": "AS"}],
    }
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert str(caught.value) == (
        "round 1: no card may be turned up: the deal leaves no card in the stock"
    )
    record["rounds"][0]["trump"] = None
    assert replay(record).game.hand_size == 10


def test_record_summary_round_may_say_it_has_no_trump_and_no_tricks() -> None:
    record = example()
    record["rounds"][1].update(trump=None, tricks=[])
    assert score_sheet(replay(record)) == EXAMPLE_SHEET


def test_record_summary_round_may_say_it_has_no_hands_with_null() -> None:
    """ "hands": null says no more than no hands, as null does for won, bids, trump and
    tricks: it was read as a full round and refused ("hands must list one hand per
    player")."""
    record = example()
    record["rounds"][1].update(hands=None, trump=None, tricks=None)
    assert score_sheet(replay(record)) == EXAMPLE_SHEET
    # A score-sheet round in progress, and a round not begun, may say it alike.
    record["rounds"][1] = {"dealer": 1, "hands": None, "bids": [None, None, 2, None]}
    sheet = score_sheet(replay(record))
    assert sheet["rounds"][1]["bids"] == [None, None, 2, None]
    record["rounds"][1] = {"dealer": 1, "hands": None}
    assert score_sheet(replay(record))["rounds"][1]["bids"] is None


def test_record_accepts_ten_written_10_and_an_explicit_card_count() -> None:
    record = example()
    record["rounds"][0]["hands"][2] = ["QS", "10D"]
    record["rounds"][0]["tricks"][1][2] = "10D"
    record["rounds"][0]["cards"] = 2
    assert score_sheet(replay(record)) == EXAMPLE_SHEET


def test_record_rules_as_a_preset_name_or_defaults_of_classique() -> None:
    record = example()
    record["rules"] = {"ladder": [2, 7]}
    assert replay(record).game.rules == replay(example()).game.rules
    record["rules"] = "prime"
    with pytest.raises(RecordError, match="round 1: Jeanne holds 2 cards instead of 1"):
        replay(record)


# -- refusals: each kind of rule break names the round, the trick, the player and the rule ----

Change = Callable[[dict[str, Any]], None]


def _set(path: str, value: Any) -> Change:
    def change(record: dict[str, Any]) -> None:
        *keys, last = path.split(".")
        target: Any = record
        for key in keys:
            target = target[int(key)] if key.isdigit() else target[key]
        target[int(last) if last.isdigit() else last] = value

    return change


REFUSALS: list[tuple[str, Change, str]] = [
    (
        "follow_suit",
        _set("rounds.0.tricks.0", ["2C", "QS", "3H", "AS"]),
        "round 1, trick 1: Martine must follow clubs (holds 9C) but played 3H",
    ),
    (
        "must_trump",
        _set("rounds.0.tricks.0", ["2C", "TD", "9C", "AS"]),
        "round 1, trick 1: Paul cannot follow clubs and must trump (holds QS) but played TD",
    ),
    (
        "not_held",
        _set("rounds.0.tricks.0", ["2C", "QS", "9C", "5S"]),
        "round 1, trick 1: Jeanne does not hold 5S",
    ),
    (
        "wrong_leader",
        _set("rounds.0.tricks.1", ["7H", "TD", "3H", "KD"]),
        "round 1, trick 2: 7H is Pierre's card, but Jeanne leads this trick",
    ),
    (
        "wrong_first_leader",
        _set("rounds.0.tricks.0", ["AS", "2C", "QS", "9C"]),
        "round 1, trick 1: AS is Jeanne's card, but Pierre leads this trick",
    ),
    (
        "wrong_order",
        _set("rounds.0.tricks.0", ["2C", "9C", "QS", "AS"]),
        "round 1, trick 1: 9C is Martine's card, but it is Paul's turn to play",
    ),
    (
        "option_named_players",
        _set("rules.players", 4),
        "rules: players: no such option; the options are: direction, deck, decks, "
        "strip_to_multiple, duplicate_cards, ladder, max_cards, peak_no_trump_rounds, trump, "
        "bidding, bid_limit, void_rule, blind_single_card, scoring",
    ),
    (
        "hook",
        _set("rounds.0.bids", [1, 0, 1, 0]),
        "round 1: Jeanne, the dealer, may not bid 1: the bids would equal the number of tricks (2)",
    ),
    (
        "hook_summary",
        _set("rounds.1.bids", [2, 2, 2, 1]),
        "round 2: Pierre, the dealer, may not bid 2: the bids would equal the number of tricks (7)",
    ),
    (
        "bid_range",
        _set("rounds.0.bids", [0, 3, 1, 0]),
        "round 1: Pierre may not bid 3: bids go from 0 to 2",
    ),
    (
        "bid_not_a_number",
        _set("rounds.0.bids", [0, "one", 1, 0]),
        'round 1: the bid of Pierre is not a whole number: "one"',
    ),
    (
        "bid_order",
        _set("rounds.0.bids", [0, None, 1, 0]),
        "round 1: Paul has bid but Pierre, who bids before, has not",
    ),
    (
        "bids_count",
        _set("rounds.0.bids", [0, 0, 1]),
        "round 1: bids must list one bid per player (4), null for a player who has not bid yet",
    ),
    (
        "hand_size",
        _set("rounds.0.hands.0", ["AS", "KD", "QD"]),
        "round 1: Jeanne holds 3 cards instead of 2",
    ),
    ("dealt_twice", _set("rounds.0.hands.1", ["AS", "7H"]), "round 1: AS is dealt twice"),
    (
        "not_of_the_deck",
        _set("rounds.0.hands.1", ["2C'", "7H"]),
        "round 1: 2C' is not a card of this deck",
    ),
    (
        "not_a_card",
        _set("rounds.0.hands.0", ["AS", "ZZ"]),
        "round 1: hand of Jeanne: not a card: 'ZZ'",
    ),
    # A card that is not text is said as the record writes it, not as Python would (None).
    (
        "card_null",
        _set("rounds.0.hands.0", ["AS", None]),
        "round 1: hand of Jeanne: not a card: null",
    ),
    (
        "card_in_a_list",
        _set("rounds.0.tricks.0", ["2C", ["QS"], "9C", "AS"]),
        'round 1, trick 1: trick: not a card: ["QS"]',
    ),
    ("trump_number", _set("rounds.0.trump", 5), "round 1: trump: not a card: 5"),
    (
        "card_in_small_letters",
        _set("rounds.0.hands.0", ["as", "KD"]),
        "round 1: hand of Jeanne: 'as' is not in the notation of records; write AS",
    ),
    (
        "card_with_spaces",
        _set("rounds.0.tricks.0", [" 2C", "QS", "9C", "AS"]),
        "round 1, trick 1: trick: ' 2C' is not in the notation of records; write 2C",
    ),
    (
        "trump_in_small_letters",
        _set("rounds.0.trump", "5s"),
        "round 1: trump: '5s' is not in the notation of records; write 5S",
    ),
    (
        "option_value_as_text",
        _set("rules.decks", "1"),
        'rules: decks: "1" is text; write 1',
    ),
    (
        "trump_in_a_hand",
        _set("rounds.0.trump", "AS"),
        "round 1: the turned card AS is also in a hand",
    ),
    (
        "trump_missing_with_stock",
        _set("rounds.0.trump", None),
        "round 1: a card must be turned up: the stock is not empty and the rules turn a trump",
    ),
    (
        "trump_key_missing",
        lambda r: r["rounds"][0].pop("trump"),
        "round 1: trump is missing (the turned card, or null)",
    ),
    (
        "trump_when_none",
        _set("rules.trump", "none"),
        "round 1: no card may be turned up: the rules turn no trump",
    ),
    (
        "dealer_rotation",
        _set("rounds.1.dealer", 2),
        "round 2: the deal passes to Pierre (seat 1), not to Paul (seat 2)",
    ),
    (
        "dealer_not_a_seat",
        _set("rounds.0.dealer", 7),
        "round 1: dealer 7 is not a seat from 0 to 3",
    ),
    (
        "card_count",
        _set("rounds.0.cards", 3),
        "round 1: the ladder deals 2 cards in this round, not 3",
    ),
    (
        "card_count_as_text",
        _set("rounds.0.cards", "2"),
        'round 1: the ladder deals 2 cards in this round, not "2"',
    ),
    (
        "card_count_true_for_one_card",
        lambda r: (_set("rules.ladder", [1, 7])(r), _set("rounds.0.cards", True)(r)),
        "round 1: the ladder deals 1 card in this round, not true",
    ),
    (
        "hand_of_one_card_too_few",
        lambda r: (_set("rules.ladder", [3, 7])(r), _set("rounds.0.hands.0", ["AS"])(r)),
        "round 1: Jeanne holds 1 card instead of 3",
    ),
    (
        "dealer_missing",
        lambda r: r["rounds"][0].pop("dealer"),
        "round 1: dealer is missing (the dealer's seat, from 0 to 3)",
    ),
    (
        "dealer_as_text",
        _set("rounds.0.dealer", "0"),
        'round 1: dealer "0" is not a seat from 0 to 3',
    ),
    (
        "summary_bid_not_a_number",
        _set("rounds.1.bids", [2, 4, None, 1]),
        "round 2: the bid of Paul is missing (null) though won is given",
    ),
    (
        "summary_bid_as_text",
        _set("rounds.1.bids", [2, 4, "2", 1]),
        'round 2: the bid of Paul is not a whole number: "2"',
    ),
    (
        "won_not_a_number",
        _set("rounds.1.won", [3, "1", 2, 1]),
        'round 2: the tricks won by Pierre are not a whole number: "1"',
    ),
    (
        "summary_round_with_a_trump",
        _set("rounds.1.trump", "5S"),
        "round 2: trump is given but not the hands",
    ),
    (
        "summary_round_with_tricks",
        _set("rounds.1.tricks", [["2C", "QS", "9C", "AS"]]),
        "round 2: tricks is given but not the hands",
    ),
    (
        "misspelt_round_key",
        lambda r: r["rounds"][1].update(wonn=r["rounds"][1].pop("won")),
        'round 2: "wonn" is not a key of a round (a round has cards, dealer, hands, trump, '
        "bids, tricks, won)",
    ),
    (
        "rules_not_a_preset_or_object",
        _set("rules", 3),
        "rules: must be a preset name or an object of options",
    ),
    (
        "won_total",
        _set("rounds.1.won", [3, 1, 2, 2]),
        "round 2: the tricks won add up to 8, not to the 7 cards in each hand",
    ),
    (
        "won_negative",
        _set("rounds.1.won", [3, 1, 4, -1]),
        "round 2: Martine cannot have won -1 tricks",
    ),
    (
        "won_mismatch",
        _set("rounds.0.won", [1, 1, 0, 0]),
        "round 1: won gives 1 for Jeanne, but the tricks played give Jeanne 2 tricks",
    ),
    (
        "trick_size",
        _set("rounds.0.tricks", [["2C", "QS", "9C"], ["KD", "7H", "TD", "3H"]]),
        "round 1, trick 1: a trick has one card per player (4), this one has 3",
    ),
    (
        "empty_trick",
        _set("rounds.0.tricks", [["2C", "QS", "9C", "AS"], []]),
        "round 1, trick 2: the trick is empty; leave out a trick not begun",
    ),
    (
        "too_many_tricks",
        _set("rounds.0.tricks", [["2C", "QS", "9C", "AS"]] * 3),
        "round 1: 3 tricks in a round of 2 cards",
    ),
    (
        "tricks_without_bids",
        lambda r: r["rounds"][0].pop("bids"),
        "round 1: tricks are given but no bids",
    ),
    (
        "too_many_rounds",
        lambda r: r["rounds"].append({"dealer": 2, "bids": [0, 0, 0, 0]}),
        "round 3: the ladder of these rules ends after round 2",
    ),
    (
        "unfinished_round",
        lambda r: r["rounds"][0].pop("tricks"),
        "round 2: round 1 is not finished",
    ),
    (
        "format_missing",
        lambda r: r.pop("format"),
        'format: missing; a record says "format": "ascenseur/1"',
    ),
    ("format_wrong", _set("format", "ascenseur/0"), 'format: "ascenseur/0" is not ascenseur/1'),
    ("players_missing", lambda r: r.pop("players"), "players: missing"),
    (
        "players_name_empty",
        _set("players", ["Jeanne", "", "Paul", "Martine"]),
        "players: name 2 is empty",
    ),
    (
        "players_name_blank",
        _set("players", ["Jeanne", "Pierre", "  ", "Martine"]),
        "players: name 3 is empty",
    ),
    (
        "players_name_not_text",
        _set("players", ["Jeanne", "Pierre", "Paul", 4]),
        "players: name 4 is 4, not a text in quotes",
    ),
    ("players_not_a_list", _set("players", "Jeanne"), "players: a list of names is needed"),
    ("players_none", _set("players", []), "players: the list of names is empty"),
    (
        "rules_option",
        _set("rules.void_rule", "sometimes"),
        'rules: void_rule: "sometimes" is not a value of this option; choose one of '
        "must-trump, free",
    ),
]


@pytest.mark.parametrize(("kind", "change", "message"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_record_refusal(kind: str, change: Change, message: str) -> None:
    record = example()
    change(record)
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert str(caught.value) == message


def test_record_refusal_players_outside_the_preset() -> None:
    record = example()
    record["rules"] = {"preset": "prime", "ladder": [2, 7]}
    record["players"] = [f"P{i}" for i in range(9)]
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert str(caught.value) == ("players: the preset prime is played by 3 to 8 players, not 9")


def test_record_refusal_under_in_ascensor() -> None:
    record = example()
    record["rules"] = {"preset": "ascensor", "ladder": [2, 7]}
    record["rounds"][0]["bids"] = [0, 2, 0, 0]
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert str(caught.value) == (
        "round 1: Pierre may not bid 2: the bids would total 2, and they must stay under the "
        "number of tricks (2)"
    )


def test_record_refusal_full_round_with_won_but_no_trick_played() -> None:
    record = example()
    record["rounds"] = [record["rounds"][0]]
    record["rounds"][0]["bids"] = [None, 0, None, None]
    del record["rounds"][0]["tricks"]
    record["rounds"][0]["won"] = [2, 0, 0, 0]
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert str(caught.value) == (
        "round 1: won gives 2 for Jeanne, but this round has hands and no tricks: give its "
        "tricks, or only dealer, bids and won for a score sheet"
    )


def test_record_refusal_won_given_without_bids_in_a_full_round() -> None:
    record = example()
    record["rounds"] = [record["rounds"][0]]
    del record["rounds"][0]["bids"]
    del record["rounds"][0]["tricks"]
    record["rounds"][0]["won"] = [2, 0, 0, 0]
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert str(caught.value) == (
        "round 1: won gives 2 for Jeanne, but this round has hands and no tricks: give its "
        "tricks, or only dealer, bids and won for a score sheet"
    )


def test_a_round_with_hands_and_won_but_no_tricks_is_not_the_last_either() -> None:
    """Before the game goes on, such a round is refused for what it lacks, its tricks."""
    record = example()
    del record["rounds"][0]["tricks"]
    record["rounds"][0]["won"] = [2, 0, 0, 0]
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert str(caught.value).startswith(
        "round 1: won gives 2 for Jeanne, but this round has hands and no tricks"
    )


def test_a_full_round_in_progress_may_say_what_was_won_so_far() -> None:
    """As the score sheet lists it: the tricks won so far; anything else is refused."""
    record = example()
    record["rounds"] = [record["rounds"][0]]
    record["rounds"][0]["tricks"] = record["rounds"][0]["tricks"][:1]
    record["rounds"][0]["won"] = [1, 0, 0, 0]  # Jeanne's A of spades took the first trick
    sheet = score_sheet(replay(record))
    assert sheet["rounds"][0]["won"] == [1, 0, 0, 0]
    assert sheet["rounds"][0]["points"] is None
    record["rounds"][0]["won"] = [2, 0, 0, 0]
    with pytest.raises(
        RecordError,
        match=r"round 1: won gives 2 for Jeanne, but the tricks played give Jeanne 1 trick$",
    ):
        replay(record)


def test_a_full_round_not_bid_yet_may_say_nobody_won_anything() -> None:
    record = example()
    record["rounds"] = [record["rounds"][0]]
    del record["rounds"][0]["bids"], record["rounds"][0]["tricks"]
    record["rounds"][0]["won"] = [0, 0, 0, 0]
    assert score_sheet(replay(record))["rounds"][0]["won"] == [0, 0, 0, 0]


@pytest.mark.parametrize("bids", [[None, None, 1, None], None])
def test_won_null_in_a_last_summary_round_says_it_is_not_over(
    bids: list[int | None] | None,
) -> None:
    """ "won": null reads as no "won" at all, as "bids": null and "tricks": null do."""
    record = example()
    record["rounds"][1] = {"dealer": 1, "bids": bids, "won": None}
    without = example()
    without["rounds"][1] = {"dealer": 1, "bids": bids}
    assert score_sheet(replay(record)) == score_sheet(replay(without))
    assert score_sheet(replay(record))["rounds"][1]["points"] is None


def test_won_in_a_full_round_counts_tricks_in_whole_numbers() -> None:
    record = example()
    record["rounds"][0]["won"] = [True, False, False, False]  # == [1, 0, 0, 0] to Python
    record["rounds"][0]["tricks"] = record["rounds"][0]["tricks"][:1]
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert str(caught.value) == "round 1: the tricks won by Jeanne are not a whole number: true"
    record["rounds"][0]["won"] = [1.0, 0, 0, 0]
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert str(caught.value) == "round 1: the tricks won by Jeanne are not a whole number: 1.0"


def test_record_refusal_won_that_is_not_a_list() -> None:
    record = example()
    record["rounds"][0]["won"] = 2
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert str(caught.value) == "round 1: won must list the tricks of each player (4)"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not a JSON document: a key in double quotes is missing (line 1, column 2)"),
        ('{"format": }', "not a JSON document: a value is missing (line 1, column 12)"),
        ('{"format" 1}', "not a JSON document: a ':' is missing (line 1, column 11)"),
        ('{"a": 1 "b": 2}', "not a JSON document: a ',' is missing (line 1, column 9)"),
        ("{}\n{}", "not a JSON document: more follows the end of the document (line 2, column 1)"),
        ('{"a', "not a JSON document: a string is not closed (line 1, column 2)"),
        (
            r'{"a\u00zz": 1}',
            r"not a JSON document: a \u escape lacks its four hexadecimal digits "
            "(line 1, column 5)",
        ),
        (
            r'{"a\q": 1}',
            "not a JSON document: a backslash starts no known escape (line 1, column 4)",
        ),
        (
            '{"a\n": 1}',
            "not a JSON document: a string holds a control character (a line break, a tab) "
            "(line 1, column 4)",
        ),
        ("[1, 2]", "a record is a JSON object"),
        ('{"a": NaN}', "not a JSON document: NaN is not a JSON number (line 1, column 7)"),
        (
            '{"a": "NaN \\" Infinity",\n "b": [1, -Infinity]}',
            "not a JSON document: -Infinity is not a JSON number (line 2, column 11)",
        ),
        (
            '{"rounds": [{}, {"bids": [9, 9], "won": [1, 1], "bids": [1, 1]}]}',
            'round 2: the key "bids" is given twice; keep one',
        ),
        ('{"format": 1, "format": 1}', 'not a record: the key "format" is given twice; keep one'),
        (
            '{"rounds": [{"hands": [{"a": 1, "a": 2}]}]}',
            'round 1: hands: the key "a" is given twice; keep one',
        ),
        (
            "\ufeff{}",
            "not a JSON document: the text starts with a second byte-order mark (line 1, column 1)",
        ),
        (
            '{"rules": {"scoring": {"pool": true, "pool": false}}}',
            'rules: scoring: the key "pool" is given twice; keep one',
        ),
    ],
)
def test_record_refusal_not_a_record(text: str, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        loads(text)
    assert str(caught.value) == message


#: Texts that may hold lone surrogates ("\ud800"), which JSON allows and a record refuses.
HALF_TEXTS = st.text(
    st.characters(exclude_categories=()) | st.sampled_from("\ud800\udfff\U0001f600")
)


@settings(max_examples=200, deadline=None)
@given(
    st.recursive(
        HALF_TEXTS | st.integers(),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(HALF_TEXTS, inner, max_size=4),
        max_leaves=12,
    )
)
@hypothesis_example({"\ud802": "\udc01"})  # a key, before its value
@hypothesis_example([{"a": "\udc01", "\ud802": 1}])  # a value, before the next key
@hypothesis_example([[["x", {"deep": ["\udfff"]}]], "\ud800"])
@hypothesis_example("\ud800\udfff")  # (read as one character)
def test_a_lone_surrogate_anywhere_is_refused_naming_the_first(value: Any) -> None:
    """Keys and values at any depth: the record is refused, naming the first lone surrogate
    in the order the record is written; a text without one is read back as it was."""
    text = json.dumps({"players": value})  # (escaped: \ud800 is valid JSON)
    read = json.loads(text)  # ("\ud800\udfff" escaped is read as one character, U+103FF)
    written = json.dumps(read, ensure_ascii=False)
    first = next((c for c in written if "\ud800" <= c <= "\udfff"), None)
    if first is None:
        assert loads(text) == read
    else:
        with pytest.raises(RecordError) as caught:
            loads(text)
        assert str(caught.value) == (
            f"not a record: it holds \\u{ord(first):04x}, half of a character, which is not text"
        )


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(JSON_VALUES, st.booleans())
def test_the_strict_reader_reads_what_json_writes(value: Any, indent: bool) -> None:
    """Whatever JSON itself writes (no key twice, no NaN) is read as Python's reader reads
    it; a key given twice anywhere is refused, naming it and where it is."""
    text = json.dumps(value, indent=1 if indent else None)
    assert strict_json(text) == json.loads(text)
    doubled = '{"a": [' + text + ', {"k": 1, "k": 2}]}'
    with pytest.raises(DuplicateKeyError) as caught:
        strict_json(doubled)
    assert (caught.value.key, caught.value.path) == ("k", ("a", 1))


def test_a_doubled_key_is_placed_in_the_language_in_force() -> None:
    with language("fr"), pytest.raises(RecordError) as caught:
        loads('{"rounds": [{"hands": [{"a": 1, "a": 2}]}]}')
    assert str(caught.value) == (
        "manche 1 : hands : la clé \"a\" est donnée deux fois ; n'en gardez qu'une"
    )


def test_record_refusal_leaves_nothing_half_replayed() -> None:
    record = example()
    record["rounds"][0]["tricks"][1] = ["KD", "7H", "TD", "9C"]
    with pytest.raises(RecordError, match=r"round 1, trick 2: Martine does not hold 9C"):
        replay(record)


# -- any damage to a record is a RecordError, never a crash (the CLI exits 2 on it) -------------

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 60)
    | st.sampled_from(["", "AS", "10D", "T5", "AS'", "ZZ", "classique", "up-down"]),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from(["dealer", "hands", "trump", "bids", "tricks", "won", "cards"]),
            inner,
            max_size=4,
        )
    ),
    max_leaves=8,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out += _paths(value, (*prefix, index))
    return out


@settings(max_examples=300)
@given(st.data())
def test_record_damaged_anywhere_is_refused_with_a_record_error(data: st.DataObject) -> None:
    record = example()
    for _ in range(data.draw(st.integers(1, 3))):
        paths = _paths(record)[1:]
        path = data.draw(st.sampled_from(paths))
        target: Any = record
        for key in path[:-1]:
            target = target[key]
        if data.draw(st.booleans()):
            target[path[-1]] = data.draw(JSON_VALUES)
        elif isinstance(target, dict):
            del target[path[-1]]
        else:
            target.pop(path[-1])
    try:
        replay(record)
    except RecordError as error:
        assert str(error)


@pytest.mark.parametrize("tricks", [{}, False, "2C QS 9C AS", 0])
@pytest.mark.parametrize("with_bids", [True, False])
def test_record_refusal_tricks_that_are_not_a_list(tricks: object, with_bids: bool) -> None:
    """Even an empty object or false: nothing the record says is dropped without a word."""
    record = example()
    record["rounds"] = record["rounds"][:1]
    record["rounds"][0]["tricks"] = tricks
    if not with_bids:
        del record["rounds"][0]["bids"]
    with pytest.raises(RecordError, match=r"^round 1: tricks must be a list of tricks$"):
        replay(record)


def test_record_refusal_two_players_with_one_name() -> None:
    record = example()
    record["players"] = ["Jeanne", "Pierre", "Jeanne", "Martine"]
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert str(caught.value) == (
        "players: two players are named Jeanne: give each a name of their own"
    )


def test_record_a_last_summary_round_with_a_null_for_every_bid_is_not_begun() -> None:
    """Written "bids": [null, …] or "bids": null, the round is the same: nobody has bid."""
    record = example()
    record["rounds"][1] = {"dealer": 1, "bids": [None, None, None, None]}
    replayed = replay(record)
    assert replayed.round_not_begun and replayed.pending_summary_bids is None
    record["rounds"][1] = {"dealer": 1, "bids": [None, None, None]}
    with pytest.raises(RecordError, match="bids must list one bid per player"):
        replay(record)


def test_record_an_empty_list_of_bids_says_nobody_has_bid_yet() -> None:
    """ "bids": [] reads as "tricks": [] does: none yet, in a full round as in a summary."""
    record = example()
    record["rounds"][1] = {"dealer": 1, "bids": []}
    assert score_sheet(replay(record))["rounds"][1]["bids"] is None
    record["rounds"][1] = {"dealer": 1, "bids": [], "won": [3, 1, 2, 1]}
    with pytest.raises(RecordError, match=r"round 2: bids must list one bid per player \(4\)$"):
        replay(record)
    record = example()
    del record["rounds"][1]
    record["rounds"][0]["bids"] = []
    record["rounds"][0]["tricks"] = []
    sheet = score_sheet(replay(record))
    assert sheet["rounds"][0]["bids"] is None and sheet["rounds"][0]["won"] == [0, 0, 0, 0]
    assert sheet["rounds"][0]["trump"] == "5S" and sheet["finished"] is False
    record["rounds"][0]["tricks"] = [["2C", "QS", "9C", "AS"]]
    with pytest.raises(RecordError, match="round 1: tricks are given but no bids"):
        replay(record)


def test_record_refusal_a_name_that_is_not_text() -> None:
    record = example()
    record["players"][1] = "B\udcff"  # a byte that was not UTF-8, as Python reads argv
    with pytest.raises(RecordError, match=r'^players: "B\\udcff" is not a name$'):
        replay(record)


def test_the_record_of_a_game_not_dealt_yet_keeps_its_first_dealer() -> None:
    """It was written with no round at all, so a replay began with seat 0 dealing and a
    game saved before its first deal resumed with another dealer and other cards."""
    game = Game.new(preset("prime"), ["Ann", "Bob", "Cat"], first_dealer=2)
    record = game_to_record(game)
    assert record["rounds"] == [{"dealer": 2}]
    again = replay(loads(dumps(game)))
    assert again.game.dealer == 2
    assert score_sheet(again) == score_sheet(game)
    game.deal(5)
    again.game.deal(5)
    assert again.game.hands == game.hands


def test_record_functions_given_the_wrong_object_say_what_they_take() -> None:
    """A record dict where a replay or a game belongs was an AttributeError from inside."""
    with pytest.raises(TypeError, match=r"replay\(record\) or a Game, not dict"):
        score_sheet(EXAMPLE_RECORD)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="written from a Game"):
        dumps(EXAMPLE_RECORD)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="record's text, not NoneType"):
        loads(None)  # type: ignore[arg-type]
    assert score_sheet(replay(EXAMPLE_RECORD)) == EXAMPLE_SHEET


@pytest.mark.parametrize(
    ("last", "written"),
    [
        # A score-sheet round in progress: its bids, all made or only some.
        ({"dealer": 2, "bids": [1, 0, 1, 0]}, {"cards": 3, "dealer": 2, "bids": [1, 0, 1, 0]}),
        (
            {"dealer": 2, "bids": [None, None, None, 1]},
            {"cards": 3, "dealer": 2, "bids": [None, None, None, 1]},
        ),
        ({"dealer": 2, "cards": 3, "bids": [1, 0, None, 1], "won": None}, None),
        # A last round not begun, however it says so: its dealer is kept.
        ({"dealer": 2}, {"dealer": 2}),
        ({"dealer": 2, "bids": None}, {"dealer": 2}),
        ({"dealer": 2, "bids": [None, None, None, None]}, {"dealer": 2}),
    ],
)
def test_a_replayed_record_written_back_keeps_its_open_last_round(
    last: dict[str, Any], written: dict[str, Any] | None
) -> None:
    """The engine's game holds neither a score-sheet round with bids and no won yet nor a
    round not begun after finished ones: written from replay(record).game, both were lost,
    and the record read back had one round less on its score sheet."""
    record = example()
    record["rules"]["ladder"] = [2, 7, 3]
    record["rounds"].append(last)
    replayed = replay(record)
    sheet = score_sheet(replayed)
    assert len(sheet["rounds"]) == 3
    again = replay(loads(dumps(replayed)))
    assert score_sheet(again) == sheet
    assert again.pending_summary_bids == replayed.pending_summary_bids
    assert again.round_not_begun == replayed.round_not_begun
    rounds = game_to_record(replayed)["rounds"]
    assert rounds[:2] == game_to_record(replayed.game)["rounds"]
    if written is None:
        written = {"cards": 3, "dealer": 2, "bids": [1, 0, None, 1]}
    assert rounds[2] == written
    # Written again from what was read back, the record is the same.
    assert game_to_record(again) == game_to_record(replayed)


def test_a_replayed_record_written_back_is_the_record_of_its_game_when_nothing_is_open() -> None:
    for record in (example(), RECORD_MD_EXAMPLE | {"rounds": RECORD_MD_EXAMPLE["rounds"][:1]}):
        replayed = replay(record)
        assert game_to_record(replayed) == game_to_record(replayed.game)
    # A game not dealt yet keeps its first dealer once, not twice.
    replayed = replay({**example(), "rounds": [{"dealer": 3}]})
    assert game_to_record(replayed)["rounds"] == [{"dealer": 3}]
    # Once the game the replay holds goes on, the round in play is written.
    record = example()
    record["rules"]["ladder"] = [2, 7, 3]
    record["rounds"].append({"dealer": 2})
    replayed = replay(record)
    replayed.game.deal(1)
    rounds = game_to_record(replayed)["rounds"]
    assert len(rounds) == 3 and "hands" in rounds[2]
    # A score-sheet round left open, then finished on the game the replay holds, is
    # written once, as finished (not again as open after it).
    record = example()
    record["rules"]["ladder"] = [2, 7, 3, 4]
    record["rounds"].append({"dealer": 2, "bids": [1, 0, 1, 0]})
    replayed = replay(record)
    replayed.game.record_summary([1, 0, 1, 0], [1, 0, 1, 1])
    rounds = game_to_record(replayed)["rounds"]
    assert len(rounds) == 3 and rounds[2]["won"] == [1, 0, 1, 1]
    assert game_to_record(replayed) == game_to_record(replayed.game)


def test_a_replayed_record_of_no_round_is_written_back_with_no_round() -> None:
    """A record may stop anywhere, even before its first round ("rounds": []): its score
    sheet lists no round. Written back from its replay, it gained a round not begun
    ({"dealer": 0}), and the record read again had a round more on its score sheet."""
    record = {**example(), "rounds": []}
    replayed = replay(record)
    sheet = score_sheet(replayed)
    assert sheet["rounds"] == [] and sheet["finished"] is False
    assert game_to_record(replayed)["rounds"] == []
    assert score_sheet(replay(loads(dumps(replayed)))) == sheet
    # Once the game the replay holds is dealt, the round in play is written.
    replayed.game.deal(3)
    assert len(game_to_record(replayed)["rounds"]) == 1
