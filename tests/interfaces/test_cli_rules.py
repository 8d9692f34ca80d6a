"""``ascenseur rules`` and the shared rules options (``--rules``, ``--rule``, ``--rules-file``)."""

from __future__ import annotations

import os
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
    assert "max_cards = none\n" in out  # as typed: --rule max_cards=none
    assert "must trump if they can" in out
    assert "bid_limit = hook\n    The dealer may not make the bids total" in out
    assert "[A]" in out and "Changed from the preset" not in out


def test_rules_with_players_shows_the_ladder() -> None:
    result = run("rules", "prime", "--players", "5")
    assert result.exit_code == 0, result.stderr
    sizes = ", ".join(str(n) for n in [*range(1, 11), *range(10, 0, -1)])
    assert f"With 5 players: 20 rounds, cards dealt round by round: {sizes}." in result.stdout
    single = run("rules", "--players", "3", "--rule", "ladder=[1]")
    assert "With 3 players: 1 round, cards dealt: 1." in single.stdout


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


@pytest.mark.skipif(not Path("/dev/fd").is_dir(), reason="needs /dev/fd (Linux)")
def test_rules_file_from_a_pipe_is_read_once() -> None:
    """``ascenseur rules --rules-file <(printf 'preset = "prime"')``: the rules are checked
    for the fewest players, then explained; read again, the pipe gave nothing, and the
    command explained classique without a word."""
    reader, writer = os.pipe()
    os.write(writer, b'preset = "prime"\nvoid_rule = "must-trump"\n')
    os.close(writer)
    try:
        result = run("rules", "--rules-file", f"/dev/fd/{reader}")
    finally:
        os.close(reader)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("prime: ")
    assert "Changed from the preset: void_rule." in result.stdout


def test_command_line_overrides_the_file_and_the_file_the_preset(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('preset = "prime"\nvoid_rule = "must-trump"\nscoring = "ascensor"\n')
    rules = build_rules(None, ["void_rule=free", "scoring.made_base=3"], house)
    assert rules.preset == "prime"
    assert rules.void_rule.value == "free"
    # scoring.KEY changes one number of the scoring in force (the file's ascensor: 10, 5, 0, 5).
    assert rules.scoring == Scoring(3, 5, 0, 5)
    # --rules wins over the file's preset.
    assert build_rules("ascensor", [], house).preset == "ascensor"
    assert build_rules("classique", ["scoring.made_base=2"]).scoring == Scoring(2, 1, 0, 1, True)


def test_a_scoring_table_in_a_file_is_the_whole_scoring_and_a_missing_pool_means_none(
    tmp_path: Path,
) -> None:
    """RULES.md §7: a table of the four numbers and the pool flag; a missing ``pool`` means
    no pool, even on a preset that plays with the pool (classique)."""
    house = tmp_path / "house.toml"
    house.write_text(
        "[scoring]\nmade_base = 10\nmade_per_trick = 2\nmissed_per_trick = 0\n"
        "missed_per_diff = 3\n",
        encoding="utf-8",
    )
    assert build_rules(None, [], house).scoring == Scoring(10, 2, 0, 3, pool=False)
    assert build_rules("classique", [], house).scoring.pool is False
    # The same table on the command line, and a table that asks for the pool.
    table = '{"made_base": 10, "made_per_trick": 2, "missed_per_trick": 0, "missed_per_diff": 3}'
    assert build_rules("classique", [f"scoring={table}"]).scoring == Scoring(10, 2, 0, 3)
    assert build_rules(None, ["scoring.pool=true"], house).scoring == Scoring(10, 2, 0, 3, True)
    # A number given twice is refused, not read as its last value.
    for first in ("1", "NaN"):
        twice = table.replace("{", f'{{"made_base": {first}, ', 1)
        assert_refused(
            run("rules", "--rule", f"scoring={twice}"),
            'scoring: the key "made_base" is given twice; keep one',
        )
    # deeper in the table, the place is said
    assert_refused(
        run("rules", "--rule", 'scoring={"made_base": 1, "x": {"a": 1, "a": 2}}'),
        'scoring: x: the key "a" is given twice; keep one',
    )
    # NaN is read as a number (and refused as one) even in JSON that breaks off after it.
    assert_refused(run("rules", "--rule", "ladder=[NaN"), 'ladder: "[NaN" is not a ladder')
    assert_refused(run("rules", "--rule", "max_cards=NaN"), "max_cards: NaN is not a whole")
    # A table without all four numbers is refused, naming the missing one.
    house.write_text("[scoring]\nmade_base = 3\n", encoding="utf-8")
    assert_refused(
        run("rules", "--rules-file", str(house)), "scoring:", "made_per_trick is missing"
    )


def test_options_that_play_together_are_not_refused_for_coming_in_two_steps(
    tmp_path: Path,
) -> None:
    """The file's options and the command line's are checked once, as one combination."""
    house = tmp_path / "house.toml"
    house.write_text('preset = "ascensor"\nbidding = "simultaneous"\n', encoding="utf-8")
    rules = build_rules(None, ["bid_limit=none"], house)
    assert (rules.bidding.value, rules.bid_limit.value) == ("simultaneous", "none")
    # And a later value wins over an earlier one.
    assert build_rules("prime", ["void_rule=must-trump", "void_rule=free"]).void_rule.value == (
        "free"
    )


@pytest.mark.parametrize(
    ("value", "expected"), [("1", True), ("0", False), ("true", True), ("no", False)]
)
def test_a_flag_on_the_command_line_takes_1_and_0(value: str, expected: bool) -> None:
    assert build_rules("classique", [f"strip_to_multiple={value}"]).strip_to_multiple is expected


def test_parse_rule_text() -> None:
    assert parse_rule_text(" void_rule = free ") == ("void_rule", "free")
    assert parse_rule_text("ladder=[1,3,5]") == ("ladder", "[1,3,5]")
    with pytest.raises(RulesError) as refused:
        parse_rule_text("void_rule")
    assert refused.value.option == "--rule"


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["nope"], ["preset", '"nope"']),
        (["--rule", "void_rule=sometimes"], ["void_rule:", '"sometimes"', "must-trump, free"]),
        (["--rule", "colour=red"], ["colour:", "no such option"]),
        (["--rule", "bidding=simultaneous"], ["bidding:", "simultaneous bidding", "bid_limit"]),
        (
            ["--rule", "bidding=simultaneous", "--rule", "bid_limit=under"],
            ["bid_limit:", "simultaneous bidding", "(bid_limit is under)"],
        ),
        (["--rule", "decks=true"], ["decks:", "not 1, 2 or auto"]),
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


#: What an unknown preset is told, after its name.
PRESETS_ARE = "; the presets are: classique, prime, ascensor, enculette"


@pytest.mark.parametrize(
    "args",
    [
        ["rules", "nosuch"],
        ["rules", ""],
        ["rules", "", "--players", "4"],
        ["simulate", "--rules", "", "--seed", "1"],
        ["tournament", "--rules", "", "--bots", "random,random,random", "--games", "3"],
        ["play", "--rules", ""],
        ["play", "--setup", "--rules", ""],
    ],
)
def test_an_empty_preset_name_is_refused_as_an_unknown_preset(args: list[str]) -> None:
    """``--rules ""`` (an unset variable, ``--rules "$PRESET"``) names no preset: refused as
    ``ascenseur rules nosuch`` is, not played as classique, the preset of no name given."""

    result = run(*args)
    name = '""' if "" in args else '"nosuch"'
    assert_refused(result)
    assert result.stderr == f"preset: unknown preset {name}{PRESETS_ARE}\n"


def test_an_empty_preset_in_a_rules_file_is_refused_naming_the_file(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('preset = ""\n', encoding="utf-8")
    result = run("rules", "--rules-file", str(house))
    assert_refused(result)
    assert result.stderr == f'preset: unknown preset ""{PRESETS_ARE} (in {house})\n'
    # --rules chooses the preset: the file's is not read then, as before
    assert run("rules", "prime", "--rules-file", str(house)).exit_code == 0


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ("ladder = [", ["--rules-file:", "not valid TOML: at the end of the file: a value"]),
        ("a = 1\na = 2\n", ["--rules-file:", "line 2, column 6: a key is given twice"]),
        ('x = "red\n', ["--rules-file:", "line 1, column 9: a text is not closed by its quote"]),
        ('colour = "red"', ["colour:", "no such option"]),
        ("blind_single_card = 3", ["blind_single_card:", "not true or false"]),
        ('bidding = "simultaneous"', ["bidding:", "simultaneous"]),
        ("decks = 1.0", ["decks:", "not 1, 2 or auto"]),
        ('preset = "bridge"', ["preset:", '"bridge"']),
        ("[scoring]\nmade_base = 1\nbonus = 2", ["scoring:", '"bonus"']),
        ("ladder = " + "[" * 500 + "]" * 500, ["--rules-file:", "nested too deeply"]),
        ("max_cards = " + "9" * 5000, ["--rules-file:", "a number in it is too long"]),
    ],
    ids=lambda value: value[:40] if isinstance(value, str) else None,
)
def test_bad_rules_files_are_refused(tmp_path: Path, text: str, fragments: list[str]) -> None:
    house = tmp_path / "house.toml"
    house.write_text(text, encoding="utf-8")
    assert_refused(run("rules", "--rules-file", str(house)), *fragments)


@pytest.mark.parametrize(
    "text", ['colour = "red"', 'max_cards = "7"', 'preset = "bridge"', "decks = 3"]
)
def test_a_value_refused_in_a_rules_file_names_the_file(tmp_path: Path, text: str) -> None:
    """The command line may give the same option: the message says where the bad one is."""
    house = tmp_path / "house.toml"
    house.write_text(text, encoding="utf-8")
    assert_refused(run("rules", "--rules-file", str(house)), f"(in {house})")


def test_toml_mistakes_are_said_in_the_language_of_the_game(tmp_path: Path) -> None:
    """Where the file breaks, and the commonest reasons, in the player's words."""
    house = tmp_path / "house.toml"
    house.write_text("players 4\n", encoding="utf-8")
    result = CliRunner().invoke(get_app(), ["--lang", "fr", "rules", "--rules-file", str(house)])
    assert result.exit_code == 2
    assert "ligne 1, colonne 9 : une clé n'est pas suivie de =" in result.stderr
    result = CliRunner().invoke(get_app(), ["--lang", "es", "rules", "--rules-file", str(house)])
    assert "línea 1, columna 9: una clave no va seguida de =" in result.stderr


def test_missing_rules_file_is_refused(tmp_path: Path) -> None:
    missing = tmp_path / "missing.toml"
    assert_refused(run("rules", "--rules-file", str(missing)), "--rules-file:", "no such file")
    assert_refused(run("rules", "--rules-file", str(tmp_path)), "--rules-file:", "directory")


def test_a_bad_value_in_the_file_is_said_even_when_the_command_line_replaces_it(
    tmp_path: Path,
) -> None:
    house = tmp_path / "house.toml"
    house.write_text('void_rule = "bogus"\n', encoding="utf-8")
    assert_refused(
        run("rules", "--rules-file", str(house), "--rule", "void_rule=free"),
        "void_rule:",
        '"bogus" is not a value of this option',
    )


@pytest.mark.parametrize(("text", "pool"), [("1", True), ("0", False), ("yes", True)])
def test_the_pool_flag_takes_1_and_0_on_the_command_line(text: str, pool: bool) -> None:
    assert build_rules("prime", [f"scoring.pool={text}"]).scoring.pool is pool


def test_values_in_refusals_are_written_as_json() -> None:
    """The same in a record, a rules file and on the command line: true, not True."""
    assert_refused(run("rules", "--rule", "decks=true"), "decks: true is not 1, 2 or auto")


@pytest.mark.parametrize(
    ("rounds", "shown"),
    [("101", "101"), ("1000000000", "1000000000"), ("9" * 400, "of more than 399 digits")],
    ids=["101", "a-billion", "400-digits"],
)
def test_more_peak_rounds_than_an_evening_holds_are_refused(rounds: str, shown: str) -> None:
    """RULES.md sets no bound; a ladder of a billion rounds cannot be played (nor planned)."""
    assert_refused(
        run("rules", "--rule", f"peak_no_trump_rounds={rounds}"),
        "peak_no_trump_rounds: at most 100 rounds at the peak can be played, not ",
        shown,
    )
    assert build_rules("classique", ["peak_no_trump_rounds=100"]).peak_no_trump_rounds == 100


@pytest.mark.parametrize("size", ["105", "9" * 400], ids=["105", "400-digits"])
def test_a_hand_larger_than_any_deck_is_refused_in_a_few_words(size: str) -> None:
    assert_refused(
        run("rules", "--rule", f"ladder=[1,{size}]"),
        "ladder: a hand of more than 104 cards cannot be dealt from any deck",
    )


def test_a_toml_value_json_cannot_write_is_shown_as_written(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text("max_cards = 1970-01-01\n", encoding="utf-8")
    assert_refused(
        run("rules", "--rules-file", str(house)),
        "max_cards: 1970-01-01 is not a whole number of at least 1",
    )


@pytest.mark.parametrize(
    "text", ["ladder=1 3", "ladder=1,,3", "ladder=1,²", "max_cards=" + "[" * 100_000]
)
def test_a_malformed_rule_text_is_refused_not_a_crash(text: str) -> None:
    result = run("rules", "--rule", text)
    assert result.exit_code == 2, result.output
    assert text.split("=")[0] + ":" in result.output
    assert len(result.output) < 400  # a long value is cut in the message


def test_options_that_never_apply_with_tarot_trumps_say_so() -> None:
    """enculette keeps trump and void_rule for a deck change; with its single suit neither
    acts, and the explanation must not speak of a suit turned up or of being out of one."""
    out = run("rules", "enculette").stdout
    assert "trump = turn-up\n    With tarot trumps no card is turned up" in out
    assert "void_rule = must-trump\n    With tarot trumps every card is of the one suit" in out
    standard = run("rules", "enculette", "--rule", "deck=standard").stdout
    assert "trump = turn-up\n    After the deal the top card of the stock is turned up" in standard


def test_a_scoring_table_with_the_pool_adds_it_to_a_made_bid() -> None:
    out = run("rules", "--rule", "scoring.made_base=10").stdout
    assert "Made: 10 + 1 per trick, plus the pool; missed: − 1 per trick of difference." in out


@pytest.mark.parametrize(
    ("numbers", "missed"),
    [
        ("0,0", "missed: 0."),
        ("2,0", "missed: 2 per trick."),
        ("0,3", "missed: − 3 per trick of difference."),
        ("1,2", "missed: 1 per trick − 2 per trick of difference."),
    ],
)
def test_a_scoring_table_says_what_a_miss_scores_without_its_zero_terms(
    numbers: str, missed: str
) -> None:
    per_trick, per_diff = numbers.split(",")
    out = run(
        "rules",
        "prime",
        "--rule",
        f"scoring.missed_per_trick={per_trick}",
        "--rule",
        f"scoring.missed_per_diff={per_diff}",
        "--rule",
        "scoring.made_base=7",
    ).stdout
    assert f"Made: 7 + 1 per trick; {missed}" in out


def test_a_rules_file_saved_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    house = tmp_path / "bom.toml"
    house.write_bytes(b'\xef\xbb\xbfpreset = "prime"\nladder = [1, 3]\n')
    result = run("rules", "--rules-file", str(house))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("prime: ")
    assert "ladder = [1, 3]" in result.stdout


def test_a_rules_file_too_large_to_be_one_is_refused_not_read_to_the_end(tmp_path: Path) -> None:
    """``--rules-file /dev/zero`` was read until the memory ran out (a MemoryError)."""
    assert_refused(
        run("rules", "--rules-file", "/dev/zero"),
        "--rules-file: /dev/zero is too large to be a rules file (more than 1 MB)",
    )
    big = tmp_path / "big.toml"
    big.write_text("# a comment\n" * 100_000, encoding="utf-8")
    assert_refused(run("play", "--rules-file", str(big)), f"{big} is too large")
    small = tmp_path / "house.toml"
    small.write_text('preset = "prime"\n' + "# a comment\n" * 1_000, encoding="utf-8")
    assert run("rules", "--rules-file", str(small)).exit_code == 0
