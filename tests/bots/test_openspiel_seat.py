"""OpenSpiel's ISMCTS seated at our table (the optional ``openspiel`` extra)."""

from __future__ import annotations

import pytest

from ascenseur import preset
from ascenseur.bots import RulesBot, make_bot
from ascenseur.bots.openspiel_bot import UnsupportedRules, openspiel_parameters

from .helpers import play_game

pytest.importorskip("pyspiel")

OPENSPIEL_RULES = preset("prime").override(
    {
        "ladder": [3],
        "void_rule": "free",
        "scoring": {
            "made_base": 10,
            "made_per_trick": 1,
            "missed_per_trick": 1,
            "missed_per_diff": 0,
        },
    }
)


def test_openspiel_rules_map_to_its_parameters() -> None:
    assert openspiel_parameters(OPENSPIEL_RULES, 3) == {
        "players": 3,
        "num_tricks_fixed": 3,
        "off_bid_penalty": False,
        "points_per_trick": 1,
    }


@pytest.mark.parametrize(
    ("rules", "option"),
    [
        (preset("classique").override({"ladder": [3]}), "strip_to_multiple"),
        (preset("prime"), "ladder"),
        (OPENSPIEL_RULES.override({"void_rule": "must-trump"}), "void_rule"),
        (OPENSPIEL_RULES.override({"scoring": "pool"}), "scoring"),
    ],
)
def test_other_rules_are_refused_naming_the_option(rules: object, option: str) -> None:
    with pytest.raises(UnsupportedRules, match=option):
        openspiel_parameters(rules, 3)  # type: ignore[arg-type]


def test_ismcts_plays_legal_moves_from_its_view() -> None:
    ismcts = make_bot("ismcts", 1)
    ismcts.simulations = 20  # type: ignore[attr-defined]
    game = play_game(OPENSPIEL_RULES, [ismcts, RulesBot(2), RulesBot(3)], seed=4)
    assert game.is_over
