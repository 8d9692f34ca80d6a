"""``ascenseur replay``: the score sheet as a table and as RECORD.md's JSON, and every kind of
refusal (exit 2, one line on stderr saying where, who and why, nothing on stdout)."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from ascenseur.core.engine import Game
from ascenseur.core.record import EXAMPLE_RECORD, dumps
from ascenseur.core.rules import preset
from ascenseur.interfaces.cli import get_app
from ascenseur.services.session import GameSession

#: The output of ``ascenseur replay FILE --json`` for RECORD.md's example record, copied from
#: RECORD.md (keys in its order).
RECORD_MD_SHEET = """
{
  "players": ["Jeanne", "Pierre", "Paul", "Martine"],
  "rounds": [
    {"cards": 2, "dealer": 0, "trump": "5S", "bids": [0, 0, 1, 0], "won": [2, 0, 0, 0],
     "points": [-2, 3, -1, 3], "totals": [-2, 3, -1, 3]},
    {"cards": 7, "dealer": 1, "trump": null, "bids": [2, 4, 2, 1], "won": [3, 1, 2, 1],
     "points": [-1, -3, 6, 5], "totals": [-3, 0, 5, 8]}
  ],
  "totals": [-3, 0, 5, 8],
  "finished": true,
  "winners": ["Martine"]
}
"""


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(get_app(), ["--lang", "en", *args], input=stdin)


def write(path: Path, record: Any) -> str:
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


def keys_in_order(value: Any) -> Any:
    """``value`` with every object turned into its list of (key, value): equality then also
    checks the order of the keys."""
    if isinstance(value, dict):
        return [(k, keys_in_order(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [keys_in_order(v) for v in value]
    return value


def test_json_output_is_record_md_exactly(tmp_path: Path) -> None:
    result = run("replay", write(tmp_path / "game.json", EXAMPLE_RECORD), "--json")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    assert keys_in_order(json.loads(result.stdout)) == keys_in_order(json.loads(RECORD_MD_SHEET))
    # Laid out as in RECORD.md, to the byte: a key per line, each round on two lines.
    assert result.stdout == RECORD_MD_SHEET.lstrip()
    lines = result.stdout.splitlines()
    assert lines[1] == '  "players": ["Jeanne", "Pierre", "Paul", "Martine"],'
    assert lines[3].startswith('    {"cards": 2, "dealer": 0, "trump": "5S", "bids": [0, 0, 1, 0]')
    assert lines[4] == '     "points": [-2, 3, -1, 3], "totals": [-2, 3, -1, 3]},'
    assert lines[-2:] == ['  "winners": ["Martine"]', "}"]


def test_table_shows_each_round_totals_and_winners(tmp_path: Path) -> None:
    result = run("replay", write(tmp_path / "game.json", EXAMPLE_RECORD))
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    header = next(line for line in lines if "Round" in line)
    for name in ("Jeanne", "Pierre", "Paul", "Martine", "Dealer", "Trump"):
        assert name in header
    round_one = next(line for line in lines if line.startswith("│     1 "))
    assert "Jeanne" in round_one and "5S" in round_one
    assert [cell.split() for cell in round_one.split("│")[5:9]] == [
        ["0/2", "-2", "-2"],
        ["0/0", "+3", "3"],
        ["1/0", "-1", "-1"],
        ["0/0", "+3", "3"],
    ]
    round_two = next(line for line in lines if line.startswith("│     2 "))
    assert "Pierre" in round_two and "—" in round_two
    assert [cell.split() for cell in round_two.split("│")[5:9]][3] == ["1/1", "+5", "8"]
    totals = next(line for line in lines if "Total" in line)
    assert [cell.strip() for cell in totals.split("│")[5:9]] == ["-3", "0", "5", "8"]
    assert lines[-1] == "Winners: Martine"


def test_a_game_in_progress_says_so(tmp_path: Path) -> None:
    game = Game.new(preset("classique").override({"ladder": [2, 3]}), ["Ann", "Bob", "Cat"])
    rng = random.Random(3)
    game.deal(rng)
    while game.round_index == 0:
        game.push(game.legal_actions()[0])
    game.deal(rng)
    for _ in range(4):  # three bids and a card
        game.push(game.legal_actions()[0])
    path = tmp_path / "game.json"
    path.write_text(dumps(game), encoding="utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "Game in progress: 1 of 2 rounds played."
    assert "(in play)" in result.stdout
    sheet = json.loads(run("replay", str(path), "--json").stdout)
    assert sheet["finished"] is False and sheet["winners"] == []
    assert sheet["rounds"][1]["points"] is None


def test_stdin_is_read_with_a_dash() -> None:
    result = run("replay", "-", "--json", stdin=json.dumps(EXAMPLE_RECORD))
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["totals"] == [-3, 0, 5, 8]


# -- refusals -------------------------------------------------------------------------------


def mutated(change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    record = copy.deepcopy(EXAMPLE_RECORD)
    change(record)
    return record


def first_round(record: dict[str, Any]) -> dict[str, Any]:
    round_one: dict[str, Any] = record["rounds"][0]
    return round_one


def not_following(record: dict[str, Any]) -> None:
    # Martine holds 9C and 3H: on Pierre's lead of 2C she must play her club.
    first_round(record)["tricks"] = [["2C", "QS", "3H", "AS"], ["KD", "7H", "TD", "9C"]]


def not_trumping(record: dict[str, Any]) -> None:
    # Jeanne holds AS and KD, no club: under must-trump she must trump with AS.
    first_round(record)["tricks"] = [["2C", "QS", "9C", "KD"], ["AS", "7H", "TD", "3H"]]


REFUSALS: list[tuple[str, Callable[[dict[str, Any]], Any], list[str]]] = [
    ("wrong format", lambda r: r.update(format="ascenseur/9"), ["format:", "ascenseur/9"]),
    ("no players", lambda r: r.pop("players"), ["players: missing"]),
    (
        "bad card text",
        lambda r: first_round(r)["hands"][0].__setitem__(0, "XS"),
        ["round 1:", "Jeanne", "'XS'"],
    ),
    (
        "wrong dealer",
        lambda r: r["rounds"][1].__setitem__("dealer", 2),
        ["round 2:", "the deal passes to Pierre (seat 1), not to Paul (seat 2)"],
    ),
    (
        "hand size",
        lambda r: first_round(r)["hands"][0].append("4S"),
        ["round 1:", "Jeanne holds 3 cards instead of 2"],
    ),
    (
        "duplicate card",
        lambda r: first_round(r)["hands"][1].__setitem__(0, "AS"),
        ["round 1:", "AS is dealt twice"],
    ),
    (
        "trump null when it must be a card",
        lambda r: first_round(r).__setitem__("trump", None),
        ["round 1:", "a card must be turned up"],
    ),
    (
        "bid breaking the hook",
        lambda r: first_round(r).__setitem__("bids", [0, 0, 1, 1]),
        ["round 1:", "Jeanne, the dealer, may not bid 0", "equal the number of tricks (2)"],
    ),
    (
        "bid breaking under",
        lambda r: r.update(rules={"preset": "classique", "ladder": [2, 7], "bid_limit": "under"}),
        ["round 2:", "Pierre may not bid 4", "must stay under the number of tricks (7)"],
    ),
    (
        "card not held",
        lambda r: first_round(r)["tricks"][0].__setitem__(1, "KS"),
        ["round 1, trick 1:", "Paul does not hold KS"],
    ),
    (
        "not following suit",
        not_following,
        ["round 1, trick 1:", "Martine must follow clubs (holds 9C) but played 3H"],
    ),
    (
        "not trumping under must-trump",
        not_trumping,
        ["round 1, trick 1:", "Jeanne", "must trump (holds AS) but played KD"],
    ),
    (
        "summary won not adding up",
        lambda r: r["rounds"][1].__setitem__("won", [3, 1, 2, 2]),
        ["round 2:", "add up to 8, not to the 7 cards"],
    ),
    (
        "rounds beyond the ladder",
        lambda r: r["rounds"].append({"dealer": 2, "bids": [0, 0, 0, 0], "won": [1, 0, 0, 0]}),
        ["round 3:", "ends after round 2"],
    ),
    (
        "impossible rules",
        lambda r: r.update(rules={"preset": "classique", "ladder": [2, 14]}),
        ["rules:", "ladder", "14 cards"],
    ),
]


def assert_refused(result: Result, fragments: list[str]) -> None:
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


@pytest.mark.parametrize(
    ("change", "fragments"),
    [(change, fragments) for _name, change, fragments in REFUSALS],
    ids=[name for name, _change, _fragments in REFUSALS],
)
@pytest.mark.parametrize("as_json", [False, True], ids=["table", "json"])
def test_records_breaking_a_rule_are_refused(
    tmp_path: Path,
    change: Callable[[dict[str, Any]], Any],
    fragments: list[str],
    as_json: bool,
) -> None:
    path = write(tmp_path / "game.json", mutated(change))
    assert_refused(run("replay", path, *(["--json"] if as_json else [])), fragments)


@pytest.mark.parametrize(
    ("content", "fragments"),
    [
        (b'{"format": ', ["not a JSON document", "line 1"]),
        (b"[1, 2]", ["a record is a JSON object"]),
        (b"", ["the record is empty; a record is a JSON object"]),
        (b" \n\t\n", ["the record is empty"]),
        (b'{"format": "ascenseur/1", "players": "\xe9"}', ["not UTF-8 text (byte 38)"]),
        (b'\xef\xbb\xbf{"a": \xff}', ["not UTF-8 text (byte 9)"]),
        ('{"a": 1}'.encode("utf-16"), ["is UTF-16 text", "save it as UTF-8"]),
        (b"[" * 100_000 + b"]" * 100_000, ["not a record", "nested too deeply"]),
        (
            b'{"format": "ascenseur/1", "rules": "classique", "players": ["a", "b", "c"], '
            b'"rounds": [{"dealer": ' + b"1" * 5000 + b"}]}",
            ["not a record", "a number in it is too long"],
        ),
        (
            b'{"format": "ascenseur/1", "rules": {"ladder": [1]}, "players": ["\\ud800", "b", '
            b'"c"], "rounds": []}',
            ["not a record", "\\ud800", "half of a character"],
        ),
    ],
    ids=[
        "truncated JSON",
        "not an object",
        "empty",
        "blank",
        "not UTF-8",
        "not UTF-8 after a BOM",
        "UTF-16, as PowerShell writes",
        "nested too deeply",
        "a number of 5000 digits",
        "a lone surrogate",
    ],
)
def test_malformed_files_are_refused(tmp_path: Path, content: bytes, fragments: list[str]) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    assert_refused(run("replay", str(path)), fragments)


def test_missing_file_and_directory_are_refused(tmp_path: Path) -> None:
    assert_refused(run("replay", str(tmp_path / "missing.json")), ["missing.json", "no such file"])
    assert_refused(run("replay", str(tmp_path)), ["is a directory"])


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_file_too_large_to_be_a_record_is_refused_not_read_to_the_end() -> None:
    """``/dev/zero`` was read until the memory ran out, and the command ended on a
    MemoryError: more than a record can be is refused in one line, as a save is."""
    assert_refused(
        run("replay", "/dev/zero"),
        ["/dev/zero is too large to be a game record (more than 100 MB)"],
    )


def test_an_empty_name_or_a_file_named_as_a_folder_is_refused(tmp_path: Path) -> None:
    """``''`` is no file (a path would make it the current folder), and ``game.json/``
    is not the file ``game.json`` (a path would drop the slash)."""
    assert_refused(run("replay", ""), ["FILE: the name is empty"])
    record = write(tmp_path / "game.json", EXAMPLE_RECORD)
    assert_refused(
        run("replay", record + "/"), ["game.json/", "a part of the path is not a folder"]
    )


def test_a_record_saved_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    # Some editors on Windows start UTF-8 files with a byte-order mark.
    path = tmp_path / "game.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(EXAMPLE_RECORD).encode("utf-8"))
    result = run("replay", str(path), "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["totals"] == [-3, 0, 5, 8]


def test_a_game_of_one_round_in_progress_says_round_in_the_singular(tmp_path: Path) -> None:
    record = {
        "format": "ascenseur/1",
        "rules": {"ladder": [2]},
        "players": ["Jeanne", "Pierre", "Paul", "Martine"],
        "rounds": [{"dealer": 0, "bids": [None, 1, None, None]}],
    }
    result = run("replay", write(tmp_path / "game.json", record))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "Game in progress: 0 of 1 round played."


@pytest.mark.parametrize(
    ("control", "written"),
    [("\x1b[2J", "\\x1b[2J"), ("\u202e", "\\u202e"), ("\u2067", "\\u2067")],
    ids=["escape", "right-to-left-override", "right-to-left-isolate"],
)
def test_names_with_control_characters_are_written_out_not_sent_to_the_terminal(
    tmp_path: Path, control: str, written: str
) -> None:
    """A record may name a player "\\x1b[2J…" (clear the screen) or start a name with a
    right-to-left override (which turns the rest of the line around in a terminal that
    follows it): the table, the winners' line and a refusal show the characters written
    out; --json keeps the name as it is."""
    record = json.loads(json.dumps(EXAMPLE_RECORD))
    record["players"][3] = f"{control}Martine"
    path = write(tmp_path / "game.json", record)
    result = run("replay", path)
    assert result.exit_code == 0, result.stderr
    assert control not in result.stdout
    assert f"Winners: {written}Martine" in result.stdout
    assert json.loads(run("replay", path, "--json").stdout)["winners"] == [f"{control}Martine"]
    record["rounds"][1]["bids"][3] = 9
    broken = run("replay", write(tmp_path / "broken.json", record))
    assert broken.exit_code == 2
    assert f"{written}Martine" in broken.stderr and control not in broken.stderr


def test_records_and_sheets_keep_the_notation_in_every_language(tmp_path: Path) -> None:
    """French players see R♥ for a king, but a record written in French, and the sheet that
    ``replay`` prints of it, use RECORD.md's letters (KH) as in English."""
    written = {}
    for lang in ("en", "fr", "es"):
        out = tmp_path / f"{lang}.json"
        made = CliRunner().invoke(
            get_app(),
            ["--lang", lang, "simulate", "--rules", "prime", "--seed", "4", "--out", str(out)],
        )
        assert made.exit_code == 0, made.stderr
        written[lang] = out.read_text(encoding="utf-8")
    # The same game, but for the default names of the players ("Joueur 1").
    rounds = {lang: json.loads(text)["rounds"] for lang, text in written.items()}
    assert rounds["fr"] == rounds["es"] == rounds["en"]
    hands = [card for r in json.loads(written["en"])["rounds"] for h in r["hands"] for card in h]
    assert {card[0] for card in hands} >= {"K", "Q", "J"}
    sheets = {
        lang: CliRunner().invoke(
            get_app(), ["--lang", lang, "replay", str(tmp_path / "en.json"), "--json"]
        )
        for lang in ("en", "fr", "es")
    }
    assert all(sheet.exit_code == 0 for sheet in sheets.values())
    assert sheets["fr"].stdout == sheets["es"].stdout == sheets["en"].stdout


def test_the_settings_file_beside_a_save_is_refused_naming_the_record(tmp_path: Path) -> None:
    """``play`` keeps ``game.session.json`` beside ``game.json`` (in the saves and the history
    folders); given to ``replay``, it is refused with the record to give instead."""
    session = GameSession.new(preset("classique"), ["Ann", "Bob", "Cy"], seed=3)
    session.advance()
    session.save(tmp_path / "game.json")
    settings = tmp_path / "game.session.json"
    assert settings.exists()
    refused = "is the settings file of a game, not its record"
    assert_refused(
        run("replay", str(settings)),
        [f"{settings} {refused}: ascenseur replay {tmp_path}/game.json"],
    )
    # A save named without .json has its settings beside it too: that name is given.
    session.save(tmp_path / "bare")
    assert_refused(
        run("replay", str(tmp_path / "bare.session.json")),
        [f"{refused}: ascenseur replay {tmp_path}/bare"],
    )
    # Under another name, or on standard input, which record it goes with is not known.
    text = settings.read_text(encoding="utf-8")
    renamed = tmp_path / "other.json"
    settings.rename(renamed)
    assert_refused(run("replay", str(renamed)), [f"{refused}: give the record saved with it"])
    assert_refused(
        run("replay", "-", stdin=text),
        ["standard input holds the settings file of a game, not its record"],
    )
    assert run("replay", str(tmp_path / "game.json")).exit_code == 0
    assert run("replay", str(tmp_path / "bare")).exit_code == 0
