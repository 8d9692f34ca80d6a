"""OpenSpiel's ISMCTS seated at our table (the optional ``openspiel`` extra)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ascenseur import preset
from ascenseur.bots import RulesBot, make_bot
from ascenseur.bots.openspiel_bot import UnsupportedRules, openspiel_parameters
from ascenseur.interfaces.cli import get_app
from ascenseur.services.tournament import TournamentConfig, run_tournament

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


@pytest.mark.parametrize(
    ("scoring", "named"),
    [
        ({"made_base": 5, "missed_per_trick": 1}, "made_base = 10"),
        ({"made_base": 10, "missed_per_trick": 0}, "missed_per_diff = made_per_trick"),
    ],
)
def test_a_scoring_openspiel_lacks_is_refused_with_the_values_it_needs(
    scoring: dict[str, int], named: str
) -> None:
    table = {"made_base": 10, "made_per_trick": 1, "missed_per_trick": 1, "missed_per_diff": 0}
    rules = OPENSPIEL_RULES.override({"scoring": table | scoring})
    with pytest.raises(UnsupportedRules, match="scoring") as refused:
        openspiel_parameters(rules, 3)
    assert named in str(refused.value)


def test_the_example_rules_file_seats_ismcts_in_the_tournament() -> None:
    rules_file = Path(__file__).parents[2] / "examples" / "openspiel-3x5.toml"
    done = CliRunner().invoke(
        get_app(),
        [
            "--lang",
            "en",
            "tournament",
            "--rules-file",
            str(rules_file),
            "--rule",
            "ladder=[2]",
            "--players",
            "3",
            "--bots",
            "ismcts,rules,random",
            "--games",
            "3",
            "--seed",
            "5",
            "--json",
        ],
    )
    assert done.exit_code == 0, done.stderr
    report = json.loads(done.stdout)
    assert [bot["label"] for bot in report["bots"]] == ["ismcts", "rules", "random"]
    assert report["config"]["games"] == 3
    assert report["bots"][0]["mean_decision_ms"] > 0


def test_ismcts_at_another_table_is_refused_before_any_game() -> None:
    done = CliRunner().invoke(
        get_app(),
        [
            *("--lang", "en", "tournament", "--rules", "prime", "--players", "3"),
            *("--bots", "ismcts,rules,random", "--games", "3"),
        ],
    )
    assert done.exit_code == 2
    assert done.stderr == (
        "--bots: ismcts: OpenSpiel's oh_hell cannot play this table: "
        "ladder must be a single hand, like [5]\n"
    )
    classique = preset("classique").override({"ladder": [3]})
    config = TournamentConfig(classique, ("rules", "ismcts", "random"), games=3)
    with pytest.raises(ValueError, match="strip_to_multiple"):
        run_tournament(config)


def test_ismcts_plays_legal_moves_from_its_view() -> None:
    ismcts = make_bot("ismcts", 1)
    ismcts.simulations = 20  # type: ignore[attr-defined]
    game = play_game(OPENSPIEL_RULES, [ismcts, RulesBot(2), RulesBot(3)], seed=4)
    assert game.is_over
