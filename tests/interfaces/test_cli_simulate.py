"""``ascenseur simulate``: whole games between bots, their records, the batch summary."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner, Result

from ascenseur.core.record import loads, replay, score_sheet
from ascenseur.interfaces.cli import get_app
from ascenseur.interfaces.cli.simulate_cmd import _ctrl_c_after


def run(*args: str) -> Result:
    return CliRunner().invoke(get_app(), ["--lang", "en", *args])


def test_a_game_is_written_and_replay_reads_it(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    result = run("simulate", "--rules", "prime", "--players", "5", "--seed", "7", "--out", str(out))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("Seed: 7\n")
    assert f"Record written to {out}" in result.stdout
    record = loads(out.read_text(encoding="utf-8"))
    assert record["rules"] == "prime"
    assert len(record["players"]) == 5
    sheet = score_sheet(replay(record))
    assert sheet["finished"] is True
    assert len(sheet["rounds"]) == 20  # 1..10, 10..1 with 5 players
    winners = ", ".join(sheet["winners"])
    assert f"Winners: {winners}" in result.stdout
    shown = run("replay", str(out), "--json")
    assert shown.exit_code == 0, shown.stderr
    assert json.loads(shown.stdout) == sheet


def test_same_seed_same_record_byte_for_byte(tmp_path: Path) -> None:
    paths = [tmp_path / "a.json", tmp_path / "b.json", tmp_path / "c.json"]
    for path, seed in zip(paths, ("11", "11", "12"), strict=True):
        result = run("simulate", "--players", "4", "--seed", seed, "--out", str(path))
        assert result.exit_code == 0, result.stderr
    assert paths[0].read_bytes() == paths[1].read_bytes()
    assert paths[0].read_bytes() != paths[2].read_bytes()


def test_the_printed_seed_reproduces_the_game(tmp_path: Path) -> None:
    first = tmp_path / "first.json"
    result = run("simulate", "--rule", "ladder=[3,4]", "--out", str(first))
    assert result.exit_code == 0, result.stderr
    match = re.match(r"Seed: (\d+)\n", result.stdout)
    assert match is not None
    again = tmp_path / "again.json"
    run("simulate", "--rule", "ladder=[3,4]", "--seed", match[1], "--out", str(again))
    assert first.read_bytes() == again.read_bytes()


def test_many_games_print_a_summary_and_write_each_record(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    result = run(
        "simulate",
        "--games", "6",
        "--seed", "100",
        "--names", "Ann,Bob,Cat",
        "--rule", "ladder=[1,2,3]",
        "--out", str(folder),
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert out.startswith("Seed: 100\nGames: 6   rounds: 18   ")
    assert re.search(r"Exact bids: \d+\.\d %", out)
    rows = [line.split() for line in out.splitlines() if line.startswith("  ") and "random" in line]
    assert [row[0] for row in rows] == ["Ann", "Bob", "Cat"]
    shares = [float(row[3].rstrip("%")) for row in rows]
    assert sum(shares) == pytest.approx(100, abs=0.2)
    files = sorted(p.name for p in folder.iterdir())
    assert files == [f"game-{i:03d}.json" for i in range(6)]
    # Game i of the batch is the game of seed S+i.
    single = tmp_path / "single.json"
    run("simulate", "--names", "Ann,Bob,Cat", "--rule", "ladder=[1,2,3]", "--seed", "103",
        "--out", str(single))  # fmt: skip
    assert (folder / "game-003.json").read_bytes() == single.read_bytes()


def test_many_games_to_a_file_name_get_an_index(tmp_path: Path) -> None:
    result = run("simulate", "--games", "2", "--seed", "1", "--rule", "ladder=[2]",
                 "--out", str(tmp_path / "run.json"))  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run-000.json", "run-001.json"]


@pytest.mark.parametrize(
    "args",
    [
        ["--rules", "classique", "--players", "3"],
        ["--rules", "ascensor", "--players", "4"],
        ["--rules", "enculette", "--players", "4"],  # the blind one-card round
        ["--rules", "classique", "--players", "10", "--rule", "ladder=[10,1]"],  # two decks
        ["--rule", "bidding=simultaneous", "--rule", "bid_limit=none", "--rule", "ladder=[3,5]"],
        ["--rules", "prime", "--rule", "trump=none", "--rule", "ladder=[4]"],
    ],
    ids=["classique", "ascensor", "enculette", "two-decks", "simultaneous", "no-trump"],
)
def test_every_preset_plays_to_the_end(tmp_path: Path, args: list[str]) -> None:
    out = tmp_path / "game.json"
    result = run("simulate", *args, "--seed", "5", "--out", str(out))
    assert result.exit_code == 0, result.stderr
    sheet = score_sheet(replay(loads(out.read_text(encoding="utf-8"))))
    assert sheet["finished"] is True


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["--players", "9", "--rules", "prime"], ["players:", "3 to 8 players, not 9"]),
        (["--players", "3", "--names", "Ann,Bob"], ["--names:", "2 names for 3 players"]),
        (["--players", "3", "--names", "Ann"], ["--names:", "1 name for 3 players"]),
        (["--names", "Ann,Ann,Bob"], ["--names: two players are named Ann"]),
        (["--names", "Ann,,Bob"], ["--names: name 2 of 3 is empty; give one name per player"]),
        (["--names", " "], ["--names: no name given"]),
        # a name read from bytes that are not UTF-8, as Python passes them in argv
        (["--names", "A\udcff,B,C"], ["--names:", '"A\\udcff" is not a name']),
        (["--names", "Ann,Ann ,Bob"], ["--names: two players are named Ann"]),
        (["--players", "4", "--bots", "random,random"], ["--bots:", "2 bots for 4 players"]),
        (["--bots", "oracle"], ["--bots: oracle is not a bot; choose among random"]),
        (["--rule", "void_rule=maybe"], ["void_rule:", '"maybe"']),
        (["--out", "/nonexistent-folder/game.json"], ["--out:", "does not exist"]),
    ],
)
def test_bad_simulations_are_refused(args: list[str], fragments: list[str]) -> None:
    result = run("simulate", "--seed", "1", *args)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    for fragment in fragments:
        assert fragment in lines[0]


def test_the_players_are_as_many_as_the_bots_given_one_per_seat() -> None:
    """As in ``tournament``: ``--bots rules,random,random`` is a table of three."""
    result = run("simulate", "--seed", "1", "--rule", "ladder=[1]", "--bots", "rules,random,random")
    assert result.exit_code == 0, result.stderr
    assert "Player 3" in result.stdout and "Player 4" not in result.stdout
    names = run("simulate", "--seed", "1", "--bots", "rules,random", "--names", "A,B,C")
    assert names.exit_code == 2
    assert names.stderr.strip() == "--bots: 2 bots for 3 players"


def test_the_help_of_players_says_the_bots_set_the_count_too() -> None:
    """``--players``' default follows ``--bots`` given one per seat (above): its help says so,
    not only ``--names``."""
    result = CliRunner().invoke(
        get_app(), ["--lang", "en", "simulate", "--help"], env={"COLUMNS": "300"}
    )
    assert result.exit_code == 0, result.stderr
    line = next(line for line in result.stdout.splitlines() if "│ --players" in line)
    assert "--names" in line and "--bots" in line, line


def test_bots_may_be_named_by_their_level_in_the_language_in_force(tmp_path: Path) -> None:
    """As ``play --levels`` takes them: ``facile`` in French is ``easy``."""
    path = tmp_path / "g.json"
    result = CliRunner().invoke(
        get_app(),
        ["--lang", "fr", "simulate", "--seed", "2", "--rule", "ladder=[1,2]",
         "--bots", "facile,Difficile,aléatoire", "--out", str(path)],
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    english = tmp_path / "e.json"
    run("simulate", "--seed", "2", "--rule", "ladder=[1,2]", "--bots", "easy,hard,random",
        "--out", str(english))  # fmt: skip
    french_game = json.loads(path.read_text(encoding="utf-8"))
    english_game = json.loads(english.read_text(encoding="utf-8"))
    assert french_game["players"] == ["Joueur 1", "Joueur 2", "Joueur 3"]  # (by language)
    assert french_game["rounds"] == english_game["rounds"]
    # The summary of a batch names them in French, as they were typed, not in English.
    batch = CliRunner().invoke(
        get_app(),
        ["--lang", "fr", "simulate", "--seed", "2", "--rule", "ladder=[1,2]", "--games", "2",
         "--bots", "facile,Difficile,aléatoire"],
    )  # fmt: skip
    assert batch.exit_code == 0, batch.stderr
    rows = [line.split() for line in batch.stdout.splitlines() if line.startswith("  Joueur")]
    assert [row[2] for row in rows] == ["facile", "difficile", "aléatoire"], batch.stdout


def test_an_out_that_cannot_be_written_is_refused_before_any_game(tmp_path: Path) -> None:
    """A game of long hands takes seconds: where its record cannot go is said first, and
    a file where the folder should be is called so (not "does not exist")."""
    (tmp_path / "taken.json").write_text("{}", encoding="utf-8")
    result = run("simulate", "--seed", "1", "--out", str(tmp_path / "taken.json" / "g.json"))
    assert result.exit_code == 2
    assert result.stderr.strip() == f"--out: {tmp_path / 'taken.json'} is a file, not a folder"
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("out", "taken", "games"),
    [
        ("x.json", "x-001.json", 3),
        ("x.json", "x-002.json", 3),
        ("x", "x-011", 12),
        ("folder", "folder/game-002.json", 3),
        ("folder", "folder/game-000.json", 1),
        ("rec.", "rec.-001", 3),  # (a name whose suffix Python reads as ".-000")
    ],
)
def test_a_record_name_a_folder_holds_is_refused_before_any_game(
    tmp_path: Path, out: str, taken: str, games: int
) -> None:
    """Every name of the batch is looked at first, not only the folder: a folder named as
    the second record used to be found after the first game, its record written."""
    (tmp_path / "folder").mkdir()
    (tmp_path / taken).mkdir()
    for harmless in ("x-003.json", "x-0001.json", "folder/game-0001.json", "x-012"):
        (tmp_path / harmless).mkdir()  # names no game of the batch writes
    before = sorted(tmp_path.rglob("*"))
    args = ("--seed", "1", "--rule", "ladder=[1]", "--games", str(games))
    result = run("simulate", *args, "--out", str(tmp_path / out))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"--out: cannot write {tmp_path / taken}: it is a folder\n"
    assert sorted(tmp_path.rglob("*")) == before  # no record written
    (tmp_path / taken).rmdir()  # the names no game writes were no obstacle:
    assert run("simulate", *args, "--out", str(tmp_path / out)).exit_code == 0
    assert len(sorted(tmp_path.rglob("*"))) == len(before) - 1 + games


def test_out_may_be_a_device(tmp_path: Path) -> None:
    """/dev/null (or a pipe, ``>(…)``) is written as it is: its folder is not probed."""
    result = run("simulate", "--seed", "1", "--rule", "ladder=[1,2]", "--out", "/dev/null")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "Record written to /dev/null"


def test_ctrl_c_in_a_batch_says_the_seed_and_leaves_only_whole_records(
    tmp_path: Path, python_with_ctrl_c: list[str]
) -> None:
    """Ctrl-C (the whole process group, as in a terminal) stops a long batch with 130,
    says the seed and how far it went, and every record left behind replays."""
    command = [
        *python_with_ctrl_c,
        "-m",
        "ascenseur",
        "--lang",
        "en",
        "simulate",
        "--games",
        "100000",
        "--seed",
        "4",
        "--rule",
        "ladder=1,2",
        "--out",
        f"{tmp_path}/",
    ]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    try:
        for _ in range(600):  # until some games are written
            if len(list(tmp_path.glob("game-*.json"))) >= 5:
                break
            time.sleep(0.05)
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130, err
    lines = err.decode().splitlines()
    assert lines[0] == "Seed: 4"
    played = int(re.fullmatch(r"Stopped after (\d+) of 100000 games\.", lines[1])[1])  # type: ignore[index]
    records = sorted(tmp_path.glob("game-*.json"))
    assert played >= 5 and len(records) == played
    assert lines[2] == f"Records written to {records[0]} … {records[-1]}"
    for path in records:
        replay(loads(path.read_text(encoding="utf-8")))
    assert out == b""


def test_a_bot_that_cannot_play_the_table_is_refused_before_any_game() -> None:
    """As tournament does (simulate used to crash in the first game)."""
    pytest.importorskip("pyspiel")
    result = run("simulate", "--seed", "1", "--players", "3", "--bots", "ismcts")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(
        "--bots: ismcts: OpenSpiel's oh_hell cannot play this table: ladder"
    )


def test_record_to_standard_output_with_the_messages_on_standard_error(tmp_path: Path) -> None:
    result = run("simulate", "--seed", "9", "--rule", "ladder=[2,3]", "--out", "-")
    assert result.exit_code == 0, result.stderr
    assert result.stderr.startswith("Seed: 9\n")
    file = tmp_path / "game.json"
    run("simulate", "--seed", "9", "--rule", "ladder=[2,3]", "--out", str(file))
    assert result.stdout == file.read_text(encoding="utf-8")
    refused = run("simulate", "--seed", "9", "--games", "2", "--out", "-")
    assert (refused.exit_code, refused.stdout) == (2, "")
    assert refused.stderr.startswith("--out: ")


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_the_summary_headings_end_where_their_figures_do(lang: str) -> None:
    """ "media de puntos" is longer than the figures below it: the column widens to it."""
    result = CliRunner().invoke(
        get_app(),
        ["--lang", lang, "simulate", "--games", "2", "--seed", "1", "--rule", "ladder=[1,2]"],
    )
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    heading = next(i for i, line in enumerate(lines) if line.startswith("   "))
    rows = lines[heading + 1 : heading + 5]
    assert len(rows) == 4 and all(row.endswith(" %") for row in rows)
    assert {len(row) for row in rows} == {len(lines[heading])}
    points_end = len(lines[heading].rstrip().rsplit("  ", 1)[0].rstrip())
    for row in rows:
        assert row[points_end - 1] != " " and row[points_end] == " ", (lines[heading], row)


@pytest.mark.parametrize("games", ["1", "2"])
def test_names_with_control_characters_are_written_out_in_the_figures(games: str) -> None:
    """A name holding ESC (which could clear the terminal) is shown as ``\\x1b``, and the
    columns stay aligned on what is shown."""
    result = run(
        "simulate", "--games", games, "--seed", "1", "--rule", "ladder=[1]",
        "--names", "A\x1b[2J,Bo,C\nD,李小龙",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert "\x1b" not in result.stdout and "C\nD" not in result.stdout
    names = ["A\\x1b[2J", "Bo", "C\\x0aD", "李小龙"]
    width = max(cell_len(name) for name in names)  # "李小龙" takes six columns
    rows = {line.split()[0]: line for line in result.stdout.splitlines() if line[:3].strip()}
    for name in names:
        # each name filled to the longest, in columns, then two spaces
        row = rows[name]
        filled = name + " " * (width - cell_len(name)) + "  "
        assert row[2 : 2 + len(filled)] == filled, result.stdout
        assert row[2 + len(filled)] != " " or games == "1", result.stdout


def test_ctrl_c_while_a_record_is_written_and_counted_takes_effect_after_both() -> None:
    """The batch's Ctrl-C once came between a record renamed into place and its count
    ("Stopped after 12" with 13 records on disk): within the block it waits for the end."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    done = []
    try:
        with pytest.raises(KeyboardInterrupt), _ctrl_c_after():
            signal.raise_signal(signal.SIGINT)
            done.append("written")
            done.append("counted")
        assert done == ["written", "counted"]
        # Outside the block Ctrl-C acts at once, as before.
        with pytest.raises(KeyboardInterrupt):
            signal.raise_signal(signal.SIGINT)
            done.append("never")
        assert done == ["written", "counted"]
    finally:
        signal.signal(signal.SIGINT, previous)
