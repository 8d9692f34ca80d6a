"""Every bot plays whole games under every preset and option without an illegal action."""

from __future__ import annotations

import random

import pytest

from ascenseur import Game, Phase, Rules, preset
from ascenseur.bots import LEVELS, Budget, RulesBot, SearchBot, make_bot

from .helpers import play_game

TABLES: list[tuple[str, Rules, int]] = [
    ("classique", preset("classique").override({"ladder": [1, 2, 4]}), 4),
    ("prime", preset("prime").override({"ladder": [1, 3, 3]}), 3),
    ("ascensor", preset("ascensor").override({"ladder": [2, 5]}), 4),
    ("enculette", preset("enculette").override({"ladder": [3, 1, 2]}), 5),
    ("must-trump", preset("prime").override({"ladder": [4], "void_rule": "must-trump"}), 3),
    ("free", preset("classique").override({"ladder": [4], "void_rule": "free"}), 3),
    (
        "simultaneous",
        preset("ascensor").override(
            {"ladder": [3, 2], "bidding": "simultaneous", "bid_limit": "none"}
        ),
        4,
    ),
    ("no limit", preset("prime").override({"ladder": [3], "bid_limit": "none"}), 3),
    ("two decks", preset("classique").override({"ladder": [2, 3], "decks": 2}), 4),
    ("ten players", preset("classique").override({"ladder": [1, 2]}), 10),
    ("twenty players, two decks", preset("classique").override({"ladder": [1, 3]}), 20),
    ("no-trump peak", preset("classique").override({"max_cards": 3, "peak_no_trump_rounds": 2}), 4),
    ("trump none", preset("prime").override({"ladder": [3], "trump": "none"}), 4),
    ("own-tricks", preset("classique").override({"ladder": [3], "scoring": "own-tricks"}), 3),
    (
        "scoring table",
        preset("prime").override(
            {
                "ladder": [3],
                "scoring": {
                    "made_base": 5,
                    "made_per_trick": 2,
                    "missed_per_trick": 1,
                    "missed_per_diff": 2,
                    "pool": True,
                },
            }
        ),
        3,
    ),
    (
        "penalties only",
        preset("prime").override(
            {
                "ladder": [3, 2],
                "scoring": {
                    "made_base": 0,
                    "made_per_trick": 0,
                    "missed_per_trick": 0,
                    "missed_per_diff": 5,
                },
            }
        ),
        3,
    ),
    (
        "a made bid costs",
        preset("prime").override(
            {
                "ladder": [3, 2],
                "scoring": {
                    "made_base": -5,
                    "made_per_trick": 1,
                    "missed_per_trick": 0,
                    "missed_per_diff": 10,
                },
            }
        ),
        3,
    ),
]


class SmallSearch(SearchBot):
    """The search bot with a small budget, to keep the test quick."""

    def choose(self, view, budget=None):  # type: ignore[no-untyped-def]
        return super().choose(view, Budget(iterations=30))


class SmallTree(SmallSearch):
    """The same with the tree over its own later moves, as ``expert`` searches."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.tree = True


@pytest.mark.parametrize(("label", "rules", "players"), TABLES, ids=[t[0] for t in TABLES])
def test_every_bot_plays_legally(label: str, rules: Rules, players: int) -> None:
    # (the searches first: most tables have three players)
    kinds = [SmallSearch(4), SmallTree(5), RulesBot(1), make_bot("easy", 2), make_bot("random", 3)]
    seated = [kinds[i % len(kinds)] for i in range(players)]
    game = play_game(rules, seated, seed=len(label))
    assert game.is_over
    assert len(game.results) == game.rounds


def test_every_level_and_kind_builds() -> None:
    for name in (*LEVELS, "random", "rules", "search"):
        bot = make_bot(name, 1)
        assert bot.name == name


def test_an_unknown_bot_is_refused_with_the_names() -> None:
    with pytest.raises(ValueError, match="expert"):
        make_bot("grandmaster", 1)
    with pytest.raises(ValueError, match=r"^'' is not a bot"):  # an empty name, seen
        make_bot("", 1)


def test_every_kind_refuses_a_view_where_it_is_not_its_turn() -> None:
    game = Game.new(preset("prime"), 3, first_dealer=0)
    game.deal(random.Random(1))
    waiting = game.view((game.turn + 1) % 3)
    for name in ("random", "rules", "easy", "hard", "expert"):
        with pytest.raises(ValueError, match="not this player's turn"):
            make_bot(name, 1).choose(waiting)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"iterations": 0}, "iterations must be a whole number of at least 1"),
        ({"iterations": "10"}, "iterations must be a whole number"),
        ({"seconds": 0}, "seconds must be a number above 0"),
        ({"seconds": -1.5}, "seconds must be a number above 0"),
    ],
)
def test_a_budget_of_nothing_is_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Budget(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", ["random", "rules", "hard", "expert"])
def test_a_bot_given_no_view_or_no_budget_says_what_it_needs(kind: str) -> None:
    game = Game.new(preset("classique").override({"ladder": [2]}), 3, first_dealer=0)
    game.deal(1)
    bot = make_bot(kind, 1)
    for ask in (bot.choose, bot.hint):
        with pytest.raises(TypeError, match="a bot decides from a PlayerView"):
            ask(game)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="a budget is a Budget"):
            ask(game.view(game.turn), 5)  # type: ignore[arg-type]


def test_in_a_blind_round_a_bot_says_the_table_plays_the_card() -> None:
    game = Game.new(preset("enculette").override({"ladder": [1]}), 3, first_dealer=0)
    game.deal(1)
    while game.phase is Phase.BID:
        game.act(game.legal_actions()[0])
    view = game.view(game.turn)
    assert view.is_my_turn and not view.legal_actions
    with pytest.raises(ValueError, match="the table plays the card nobody sees"):
        make_bot("rules", 1).choose(view)
