"""``ascenseur rules`` and the shared rules options (``--rules``, ``--rule``, ``--rules-file``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from ascenseur.core.rules import OPTION_NAMES, PRESETS, RulesError, Scoring
from ascenseur.interfaces.cli import get_app
from ascenseur.interfaces.cli.options import build_rules, parse_rule_text


def run(*args: str) -> Result:
    return CliRunner().invoke(get_app(), ["--lang", "en", *args])


def assert_refused(result: Result, *fragments: str) -> None:
    """Exit 2, nothing on stdout, one line on stderr holding every fragment."""
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


def test_rules_lists_each_preset_on_one_line() -> None:
    result = run("rules")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == list(PRESETS)
    assert "Boîte à jeux [A]" in lines[0]
    assert "[C]" in lines[2]


def test_rules_explains_every_option_of_a_preset_with_its_source() -> None:
    result = run("rules", "classique")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    for option in OPTION_NAMES:
        assert f"\n{option} = " in out
    assert "void_rule = must-trump\n" in out
    assert "must trump if they can" in out
    assert "bid_limit = hook\n    The dealer may not make the bids total" in out
    assert "[A]" in out and "Changed from the preset" not in out


def test_rules_with_players_shows_the_ladder() -> None:
    result = run("rules", "prime", "--players", "5")
    assert result.exit_code == 0, result.stderr
    sizes = " ".join(str(n) for n in [*range(1, 11), *range(10, 0, -1)])
    assert f"With 5 players: 20 rounds of {sizes} cards." in result.stdout


def test_rules_says_which_options_differ_from_the_preset() -> None:
    result = run("rules", "classique", "--rule", "void_rule=free", "--rule", "ladder=[1,3,5]")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "Changed from the preset: ladder, void_rule." in out
    assert "void_rule = free   (changed; the preset says must-trump)" in out
    assert "ladder = [1, 3, 5]   (changed; the preset says up-down)" in out
    assert "direction = counterclockwise\n" in out


def test_rules_file_in_toml(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text(
        'preset = "prime"\nvoid_rule = "must-trump"\nladder = [1, 3, 5]\n'
        "[scoring]\nmade_base = 5\nmade_per_trick = 2\nmissed_per_trick = 0\n"
        "missed_per_diff = 1\npool = false\n",
        encoding="utf-8",
    )
    result = run("rules", "--rules-file", str(house))
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert out.startswith("prime: ")
    assert "Changed from the preset: ladder, void_rule, scoring." in out
    assert "Made: 5 + 2 per trick" in out
    rules = build_rules(None, [], house)
    assert rules.preset == "prime"
    assert rules.ladder == (1, 3, 5)
    assert rules.scoring == Scoring(5, 2, 0, 1)


def test_command_line_overrides_the_file_and_the_file_the_preset(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('preset = "prime"\nvoid_rule = "must-trump"\n[scoring]\nmade_base = 3\n')
    rules = build_rules(None, ["void_rule=free"], house)
    assert rules.preset == "prime"
    assert rules.void_rule.value == "free"
    # A partial scoring table completes the preset's own numbers (bonus-10: 10, 1, 0, 0).
    assert rules.scoring == Scoring(3, 1, 0, 0)
    # --rules wins over the file's preset.
    assert build_rules("ascensor", [], house).preset == "ascensor"
    assert build_rules("classique", ["scoring.made_base=2"]).scoring == Scoring(2, 1, 0, 1, True)


def test_parse_rule_text() -> None:
    assert parse_rule_text(" void_rule = free ") == ("void_rule", "free")
    assert parse_rule_text("ladder=[1,3,5]") == ("ladder", "[1,3,5]")
    with pytest.raises(RulesError) as refused:
        parse_rule_text("void_rule")
    assert refused.value.option == "--rule"


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["nope"], ["preset", "'nope'"]),
        (["--rule", "void_rule=sometimes"], ["void_rule:", "'sometimes'", "must-trump, free"]),
        (["--rule", "colour=red"], ["colour:", "no such option"]),
        (["--rule", "bidding=simultaneous"], ["bid_limit:", "simultaneous bidding"]),
        (["--rule", "ladder=[1,30]"], ["ladder:", "a hand of 30 cards is larger than the deck"]),
        (["prime", "--players", "9"], ["players:", "3 to 8 players, not 9"]),
        (["--rule", "decks=3"], ["decks:", "not 1, 2 or auto"]),
        (["--rule", "void_rule"], ["--rule:", "not key=value"]),
        (["--rule", "preset=prime"], ["--rule:", "--rules PRESET"]),
        (["--rule", "scoring.made_base=lots"], ["scoring:", "made_base"]),
    ],
)
def test_impossible_rules_are_refused_naming_the_option(
    args: list[str], fragments: list[str]
) -> None:
    assert_refused(run("rules", *args), *fragments)


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ("ladder = [", ["--rules-file:", "not valid TOML"]),
        ('colour = "red"', ["colour:", "no such option"]),
        ("blind_single_card = 3", ["blind_single_card:", "not true or false"]),
        ('bidding = "simultaneous"', ["bid_limit:", "simultaneous"]),
        ('preset = "bridge"', ["preset:", "'bridge'"]),
        ("[scoring]\nmade_base = 1\nbonus = 2", ["scoring:", "'bonus'"]),
    ],
)
def test_bad_rules_files_are_refused(tmp_path: Path, text: str, fragments: list[str]) -> None:
    house = tmp_path / "house.toml"
    house.write_text(text, encoding="utf-8")
    assert_refused(run("rules", "--rules-file", str(house)), *fragments)


def test_missing_rules_file_is_refused(tmp_path: Path) -> None:
    missing = tmp_path / "missing.toml"
    assert_refused(run("rules", "--rules-file", str(missing)), "--rules-file:", "no such file")
    assert_refused(run("rules", "--rules-file", str(tmp_path)), "--rules-file:", "directory")
