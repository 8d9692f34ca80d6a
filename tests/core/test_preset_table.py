"""The presets of RULES.md §8: each row of the table, and a whole game of each."""

from __future__ import annotations

import random

import pytest

from ascenseur import PRESETS, Game, Phase, RulesError, preset
from ascenseur.core.rules import SCORINGS


def _row(name: str) -> dict[str, object]:
    rules = preset(name)
    return {
        "players": (rules.min_players, rules.max_players),
        "deck": rules.deck.value,
        "decks": rules.decks,
        "strip": rules.strip_to_multiple,
        "ladder": rules.ladder,
        "bidding": rules.bidding.value,
        "bid_limit": rules.bid_limit.value,
        "void_rule": rules.void_rule.value,
        "scoring": rules.scoring,
        "direction": rules.direction.value,
        "blind_single_card": rules.blind_single_card,
        "duplicate_cards": rules.duplicate_cards.value,
        "trump": rules.trump.value,
        "peak_no_trump_rounds": rules.peak_no_trump_rounds,
        "max_cards": rules.max_cards,
    }


_COMMON = {
    "trump": "turn-up",
    "peak_no_trump_rounds": 0,
    "max_cards": None,
    "bidding": "sequential",
}


def test_preset_classique() -> None:
    assert _row("classique") == {
        **_COMMON,
        "players": (3, 20),
        "deck": "standard",
        "decks": "auto",
        "strip": True,
        "ladder": "up-down",
        "bid_limit": "hook",
        "void_rule": "must-trump",
        "scoring": SCORINGS["pool"],
        "direction": "counterclockwise",
        "blind_single_card": False,
        "duplicate_cards": "first-wins",
    }


def test_preset_prime() -> None:
    assert _row("prime") == {
        **_COMMON,
        "players": (3, 8),
        "deck": "standard",
        "decks": 1,
        "strip": False,
        "ladder": "up-down-double-peak",
        "bid_limit": "hook",
        "void_rule": "free",
        "scoring": SCORINGS["bonus-10"],
        "direction": "clockwise",
        "blind_single_card": False,
        "duplicate_cards": "first-wins",
    }


def test_preset_ascensor() -> None:
    assert _row("ascensor") == {
        **_COMMON,
        "players": (3, 8),
        "deck": "standard",
        "decks": 1,
        "strip": False,
        "ladder": "up-down",
        "bid_limit": "under",
        "void_rule": "must-trump",
        "scoring": SCORINGS["ascensor"],
        "direction": "clockwise",
        "blind_single_card": False,
        "duplicate_cards": "first-wins",
    }


def test_preset_enculette() -> None:
    row = _row("enculette")
    del row["void_rule"]  # "—": with one suit, every card follows
    assert row == {
        **_COMMON,
        "players": (3, 10),
        "deck": "tarot-trumps",
        "decks": 1,
        "strip": False,
        "ladder": "down-up",
        "bid_limit": "hook",
        "scoring": SCORINGS["pool"],
        "direction": "counterclockwise",
        "blind_single_card": True,
        "duplicate_cards": "deck-order",
    }


def test_preset_names_are_exactly_the_four_of_rules_md() -> None:
    assert set(PRESETS) == {"classique", "prime", "ascensor", "enculette"}
    for name in PRESETS:
        assert preset(name).preset == name


@pytest.mark.parametrize(
    ("name", "players", "sizes"),
    [
        ("classique", 20, (1, 2, 3, 4, 5, 4, 3, 2, 1)),  # 104 − 4 = 100 cards, 5 each
        ("prime", 8, (1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2, 1)),
        ("ascensor", 8, (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)),
        ("enculette", 10, (2, 1, 2)),
        ("enculette", 3, (7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7)),
    ],
)
def test_preset_ladder_at_the_table_size(name: str, players: int, sizes: tuple[int, ...]) -> None:
    assert preset(name).hand_sizes(players) == sizes


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("end", ["min", "max"])
def test_preset_whole_game_at_the_smallest_and_largest_table(name: str, end: str) -> None:
    rules = preset(name)
    players = rules.min_players if end == "min" else rules.max_players
    if players == 3 and name != "enculette":
        rules = rules.override({"max_cards": 5})  # keep the test short
    game = Game.new(rules, players, first_dealer=0)
    rng = random.Random(players)
    while not game.is_over:
        game.deal(rng)
        while game.phase is not Phase.DEAL and not game.is_over:
            if game.blind_play_pending:
                game.play_blind_card()
            else:
                game.act(rng.choice(game.legal_actions()))
    assert len(game.results) == game.rounds == len(rules.hand_sizes(players))
    assert game.winners()


def test_preset_variants_are_options_on_top_of_a_preset() -> None:
    classique = preset("classique").override(
        {"void_rule": "free", "peak_no_trump_rounds": 3, "scoring": "own-tricks"}
    )
    assert classique.preset == "classique"
    assert classique.overrides() == {
        "void_rule": "free",
        "peak_no_trump_rounds": 3,
        "scoring": "own-tricks",
    }
    sealed = preset("ascensor").override({"bidding": "simultaneous", "bid_limit": "none"})
    assert sealed.bidding.value == "simultaneous"


def test_preset_override_does_not_change_the_preset_itself() -> None:
    preset("prime").override({"scoring": "pool"})
    assert preset("prime").scoring is SCORINGS["bonus-10"]


def test_preset_enculette_one_card_round_needs_no_decision_to_play() -> None:
    game = Game.new(preset("enculette").override({"ladder": [1]}), 4, first_dealer=0)
    game.deal(random.Random(0))
    while game.phase is Phase.BID:
        game.act(game.legal_actions()[0])
    assert game.blind_play_pending
    for _ in range(4):
        game.play_blind_card()
    assert game.is_over
    with pytest.raises(RulesError):
        Game.new(preset("enculette"), 11)
