"""``ascenseur play`` from the command line: refusals before the screen opens, and one real
run in a terminal (tmux) as a person would play it."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ascenseur.core.record import replay, score_sheet
from ascenseur.core.rules import preset
from ascenseur.i18n import language
from ascenseur.interfaces.cli import get_app
from ascenseur.interfaces.cli.options import read_rules_file
from ascenseur.interfaces.cli.play_cmd import (
    fallback_lines,
    rules_file_for_setup,
    setup_defaults,
)
from ascenseur.interfaces.tui import build_session
from ascenseur.services.session import GameSession, sidecar_path

from .colours import contrast


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(get_app(), ["--lang", "en", "play", *args])
    return result.exit_code, result.output


def test_an_unknown_preset_is_refused_with_the_option_named() -> None:
    code, output = invoke("--rules", "poker")
    assert code == 2
    assert "preset" in output and "poker" in output


def test_the_help_of_players_says_the_names_set_the_count() -> None:
    """``play --names A,B,C,D,E`` is a table of five: ``--players``' help says so, not
    only "default 4"."""
    result = CliRunner().invoke(
        get_app(), ["--lang", "en", "play", "--help"], env={"COLUMNS": "300"}
    )
    assert result.exit_code == 0, result.stderr
    line = next(line for line in result.stdout.splitlines() if "│ --players" in line)
    assert "--names" in line, line


def test_too_many_names_are_refused() -> None:
    code, output = invoke("--players", "3", "--names", "A,B,C,D")
    assert code == 2
    assert "4 names for 3 players" in output


@pytest.mark.parametrize("names", ["Ann,Ann,Bob", "Ann, Ann ,Bob"])
def test_two_players_with_one_name_are_refused(names: str) -> None:
    code, output = invoke("--names", names)
    assert code == 2
    assert "--names: two players are named Ann" in output


def test_a_seat_beyond_the_table_is_refused() -> None:
    code, output = invoke("--seat", "6")
    assert code == 2
    assert "no seat 6" in output


def test_a_record_that_cannot_be_read_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "ascenseur/1", "rules": "classique", "players": ["A"]}\n')
    code, output = invoke("--resume", str(bad))
    assert code == 2
    assert str(bad) in output and "rounds" in output
    missing = tmp_path / "missing.json"
    code, output = invoke("--resume", str(missing))
    assert code == 2 and "cannot read" in output and "no such file or folder" in output
    assert " ".join(output.split()).count(str(missing)) == 1


@pytest.mark.parametrize("name", ["a", "round", "game"])
def test_a_refused_save_is_named_whatever_its_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """The file was named unless its name happened to be in the reason ("round 1: …",
    "… not a game to play"), as if the reason named it already."""
    monkeypatch.chdir(tmp_path)
    Path(name).write_text(
        '{"format": "ascenseur/1", "rules": "classique", "players": ["A", "B", "C"], '
        '"rounds": [{"dealer": 0, "bids": [null, 1, null]}]}\n',
        encoding="utf-8",
    )
    code, output = invoke("--resume", name)
    assert code == 2
    assert output == f"{name}: this record is a score sheet in progress, not a game to play\n"
    Path(name).write_text(
        '{"format": "ascenseur/1", "rules": "classique", "players": ["A", "B", "C"], '
        '"rounds": [{"dealer": 5}]}\n',
        encoding="utf-8",
    )
    code, output = invoke("--resume", name)
    assert code == 2
    assert output == f"{name}: round 1: dealer 5 is not a seat from 0 to 2\n"


@pytest.mark.parametrize(("names", "place"), [("Ann,,Bob", "name 2 of 3"), (",,", "name 1 of 3")])
def test_an_empty_name_is_refused_not_dropped(names: str, place: str) -> None:
    code, output = invoke("--names", names)
    assert code == 2
    assert f"--names: {place} is empty; give one name per player" in output


@pytest.mark.parametrize(("option", "what"), [("--names", "name"), ("--levels", "level")])
@pytest.mark.parametrize("text", ["", "  "])
def test_an_option_given_with_nothing_in_it_is_refused(option: str, text: str, what: str) -> None:
    """``--names "$UNSET"`` is refused, as ``--bots ""`` is, rather than read as no option."""
    code, output = invoke(option, text)
    assert code == 2
    assert f"{option}: no {what} given" in output


def test_the_setup_screen_counts_the_players_from_the_names() -> None:
    """Without --players, three names are three players (the new-game screen used to offer
    four players for three names, and refuse its own fields)."""
    defaults = setup_defaults(None, [], None, "Ann, Bob,Cat", seat=1, level=None, levels=None)
    assert defaults["players"] == "3"
    session = build_session(defaults, seed=1)
    assert [seat.name for seat in session.seats] == ["Ann", "Bob", "Cat"]
    assert setup_defaults(None, [], 5, None, seat=1, level=None, levels=None)["players"] == "5"
    assert setup_defaults(None, [], None, None, seat=1, level=None, levels=None)["players"] == "4"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--delay", "inf"), "at most 60"),
        (("--delay", "61"), "at most 60"),
        (("--delay", "nan"), "'nan' is not a number"),
        (("--seed", "-1"), "at least 0"),
        (("--levels", "easy,hard"), "--levels: give one level, one per computer player (3) or"),
    ],
)
def test_out_of_range_options_are_refused(args: tuple[str, ...], message: str) -> None:
    code, output = invoke(*args)
    assert code == 2
    assert message in " ".join(output.split())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--setup", "--rules", "nonexistent"), "unknown preset"),
        (("--setup", "--level", "foo"), "--level: unknown level 'foo'"),
        (("--setup", "--rule", "void_rule=sometimes"), "void_rule"),
        (
            ("--levels", "easy,,hard"),
            "--levels: level 2 of 3 is not given; give one level per player",
        ),
    ],
)
def test_the_setup_screen_is_not_opened_on_options_it_would_refuse(
    args: tuple[str, ...], message: str
) -> None:
    """--setup checks what it will fill the screen with, as a game started at once does:
    a refusal in one line and status 2 (an unknown preset used to crash the screen)."""
    code, output = invoke(*args)
    assert code == 2
    assert message in " ".join(output.split())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--levels", "bogus"), "--levels: unknown level 'bogus'"),
        (("--level", "bogus"), "--level: unknown level 'bogus'"),
        (("--level", " "), "--level: no level given"),
        (("--level", "easy,hard"), "--level: one level for all; for one per player, use --levels"),
        (("--level", "easy", "--levels", "bogus"), "--level and --levels: give one or the other"),
        (("--names", "A,B,C", "--players", "4"), "--names: 3 names for 4 players"),
        (("--names", "A", "--players", "4"), "--names: 1 name for 4 players"),
        (("--names", "A,B,C,D", "--seat", "5"), "--seat: there is no seat 5: seats go from 1"),
    ],
)
def test_a_refusal_of_play_names_the_option(args: tuple[str, ...], message: str) -> None:
    code, output = invoke(*args)
    assert code == 2
    assert message in " ".join(output.split())


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("fr", "--names : 1 nom pour 4 joueurs"),
        ("es", "--names: 1 nombre para 4 jugadores"),
        ("en", "--names: 1 name for 4 players"),
    ],
)
def test_one_name_too_few_is_said_in_the_singular(lang: str, message: str) -> None:
    """One name for a table of four is "1 name", not "1 names" (nor "1 noms")."""
    result = CliRunner().invoke(
        get_app(), ["--lang", lang, "play", "--names", "A", "--players", "4"]
    )
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())


def test_the_level_played_instead_is_named_after_the_game_in_the_game_language(
    tmp_path: Path,
) -> None:
    """A level of the settings file that cannot play this table (OpenSpiel's, beside a game
    of prime) gives way to the level given; after the game the command says so naming the
    levels as the screen did ("moyen"), not by their English ids ("medium")."""
    session = GameSession.new(preset("prime").override({"ladder": [2]}), ["A", "B", "C"], seed=1)
    session.advance()
    path = session.save(tmp_path / "x.json")
    side = sidecar_path(path)
    data = json.loads(side.read_text(encoding="utf-8"))
    data["seats"][2]["level"] = "ismcts"
    side.write_text(json.dumps(data), encoding="utf-8")
    resumed = GameSession.resume(path)
    assert resumed.fallbacks == {"ismcts": "medium"}
    with language("fr"):
        assert fallback_lines(resumed.fallbacks) == [
            "(le niveau ismcts ne peut pas jouer cette partie ici : l'ordinateur a joué au "
            "niveau moyen)"
        ]
    with language("es"):
        assert fallback_lines(resumed.fallbacks)[0].endswith("en el nivel medio)")
    with language("en"):
        assert fallback_lines(resumed.fallbacks)[0].endswith("medium computer players were used)")


def test_a_saved_game_takes_one_level(tmp_path: Path) -> None:
    """With --resume, --levels of several levels is refused: the saved game keeps its
    computer players' levels, and one level stands in only when they were lost."""
    code, output = invoke("--resume", str(tmp_path / "none.json"), "--levels", "easy,hard")
    assert code == 2
    assert "--levels: with --resume, give one level (--level)" in output


def test_the_setup_screen_is_filled_from_the_rules_file_and_keeps_the_seed(
    tmp_path: Path,
) -> None:
    house = tmp_path / "house.toml"
    house.write_text(
        'preset = "prime"\nvoid_rule = "must-trump"\nladder = [2, 3]\n'
        "[scoring]\nmade_base = 5\nmade_per_trick = 2\nmissed_per_trick = 0\n"
        "missed_per_diff = 1\n",
        encoding="utf-8",
    )
    file_preset, file_options = rules_file_for_setup(read_rules_file(house))
    options = [*file_options, "scoring.made_base=7"]
    defaults = setup_defaults(file_preset, options, 3, None, seat=1, level=None, levels=None)
    assert defaults["preset"] == "prime"
    first = build_session(defaults, seed=11)
    rules = first.game.rules
    assert rules.void_rule.value == "must-trump" and rules.ladder == (2, 3)
    assert (rules.scoring.made_base, rules.scoring.made_per_trick) == (7, 2)
    assert first.seed == 11


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
@pytest.mark.parametrize("setup", [True, False], ids=["setup screen", "game at once"])
def test_a_rules_file_from_a_pipe_is_read_once(tmp_path: Path, setup: bool) -> None:
    """``play --rules-file <(…)``: the file is checked, then fills the setup screen (or,
    without --setup, the game and the next game's screen): read twice, a pipe gave nothing
    the second time, and the screen opened on classique with no option."""
    data = tmp_path / "data"
    rules = r"preset = \"prime\"\nvoid_rule = \"must-trump\"\n"
    command = (
        f"{EXE} play --lang en --seed 3 --delay 0 {'--setup' if setup else ''} "
        f'--rules-file <(printf "{rules}")'
    )
    script = shell_script(tmp_path, f"export XDG_DATA_HOME={data}", f"bash -c '{command}'")
    with Tmux(f"ascenseur-test-pipe-{os.getpid()}-{int(setup)}", script, 100, 30) as tmux:
        if setup:
            tmux.wait_for("void_rule=must-trump")
            screen = tmux.wait_for("10-point bonus")  # prime's line, under the Rules field
            assert re.search(r"Rules +prime", screen), screen
            assert re.search(r"Options +void_rule=must-trump", screen), screen
            tmux.keys("Escape")
        else:
            tmux.wait_for("Your bid:")
            tmux.keys("q")
            tmux.wait_for("Saved. Resume with")
    if not setup:
        saves = data / "ascenseur" / "saves"
        [record] = [p for p in saves.glob("*.json") if not p.name.endswith(".session.json")]
        kept = json.loads(record.read_text(encoding="utf-8"))["rules"]
        assert kept["preset"] == "prime" and kept["void_rule"] == "must-trump"


def test_options_a_saved_game_keeps_are_refused_with_resume(tmp_path: Path) -> None:
    from ascenseur import preset
    from ascenseur.services.session import GameSession

    session = GameSession.new(preset("prime").override({"ladder": [2]}), ["A", "B", "C"], seed=1)
    saved = session.save(tmp_path / "x.json")
    code, output = invoke(
        "--resume", str(saved), "--rules", "enculette", "--players", "3", "--seat", "2"
    )
    assert code == 2
    assert "leave out --rules, --players, --seat" in " ".join(output.split())
    # --seat 1 is the default's value, but given, it would be dropped without a word too
    code, output = invoke("--resume", str(saved), "--seat", "1")
    assert code == 2
    assert "leave out --seat" in " ".join(output.split())


def test_an_unknown_level_is_refused() -> None:
    code, output = invoke("--level", "master")
    assert code == 2 and "unknown level 'master'" in output


def test_an_unknown_language_is_refused() -> None:
    code, output = invoke("--lang", "de")
    assert code == 2 and "de" in output


# -- a real terminal ---------------------------------------------------------------------------


class Tmux:
    """A tmux session of a given size running one command, on a tmux server of its own (no
    user configuration, nothing shared with another test or the other test worker)."""

    def __init__(self, name: str, command: Path, width: int, height: int) -> None:
        self.name = name
        # -L: a socket of that name in tmux's own folder (a socket's path has at most 107
        # characters, which a test's folder can pass); removed by close().
        self.tmux = ["tmux", "-L", name, "-f", "/dev/null"]
        size = ["-x", str(width), "-y", str(height)]
        subprocess.run(
            [*self.tmux, "new-session", "-d", "-s", name, *size, str(command)], check=True
        )

    def screen(self) -> str:
        """The screen's text, lines wrapped by the terminal joined again (``-J``)."""
        return subprocess.run(
            [*self.tmux, "capture-pane", "-p", "-J", "-t", self.name],
            check=True,
            capture_output=True,
            text=True,
        ).stdout

    def keys(self, *keys: str) -> None:
        subprocess.run([*self.tmux, "send-keys", "-t", self.name, *keys], check=True)

    def wait_for(self, text: str, timeout: float = 60.0) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared; the screen shows:\n{self.screen()}")

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], check=False)
        folder = Path(os.environ.get("TMUX_TMPDIR") or "/tmp") / f"tmux-{os.getuid()}"
        (folder / self.name).unlink(missing_ok=True)

    def __enter__(self) -> Tmux:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


EXE = Path(sys.executable).parent / "ascenseur"


def shell_script(folder: Path, *lines: str) -> Path:
    """``folder/run.sh``: go to ``folder``, run ``lines``, then wait so that tmux keeps the
    screen to read after the program ends."""
    script = folder / "run.sh"
    # The program sizes itself from the terminal, not from what the test run was given.
    preamble = ["#!/bin/sh", "unset COLUMNS LINES", f"cd {folder}"]
    script.write_text("\n".join([*preamble, *lines, "sleep 120", ""]))
    script.chmod(0o755)
    return script


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_a_game_played_in_a_real_terminal_at_80_by_24(tmp_path: Path) -> None:
    """Start, bid, play the one card, read the end screen, quit; the history has the game.
    (Textual draws on the terminal through stdout and stderr: neither is redirected.)"""
    history = tmp_path / "history"
    script = shell_script(
        tmp_path,
        f"{EXE} play --lang en --seed 3 --delay 0 --level random --rule 'ladder=[1]' "
        f"--history {history}",
        f"echo EXIT=$? >> {tmp_path}/out.txt",
    )
    name = f"ascenseur-test-{os.getpid()}"
    with Tmux(name, script, 80, 24) as tmux:
        screen = tmux.wait_for("Your bid:")
        assert "classique" in screen and "Player 1 (you)" in screen
        tmux.keys("0")
        tmux.wait_for("Your turn: play a card.")
        tmux.keys("Enter")
        screen = tmux.wait_for("Game over")
        assert "Winner" in screen
        tmux.keys("q")
        out = tmp_path / "out.txt"
        end = time.monotonic() + 60
        while "\n" not in (out.read_text() if out.exists() else "") and time.monotonic() < end:
            time.sleep(0.1)
        assert out.read_text().strip() == "EXIT=0"
    records = [p for p in history.glob("*.json") if not p.name.endswith(".session.json")]
    assert len(records) == 1
    sheet = score_sheet(replay(json.loads(records[0].read_text(encoding="utf-8"))))
    assert sheet["finished"] and len(sheet["rounds"]) == 1


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_save_and_quit_says_how_to_resume_with_the_options_given_then_the_save_ends_finished(
    tmp_path: Path,
) -> None:
    """The resume line repeats what a save does not keep (history, pace, language); the
    game resumed and finished is written back to its save, which then opens on its end."""
    history = tmp_path / "hist ory"
    saves = tmp_path / "data"
    script = shell_script(
        tmp_path,
        f"export XDG_DATA_HOME={saves}",
        # --lang before the command: the resume line says it all the same
        f"{EXE} --lang fr play --seed 3 --delay 0.05 --level random --rule 'ladder=[1,1]' "
        f"--history '{history}'",
    )
    name = f"ascenseur-test-resume-{os.getpid()}"
    with Tmux(name, script, 100, 30) as tmux:
        tmux.wait_for("Votre annonce")
        tmux.keys("q")
        screen = tmux.wait_for("--lang fr")
    line = next(text for text in screen.splitlines() if "Pour la reprendre" in text)
    assert "Pour la reprendre : ascenseur play --resume " in line
    assert f"--history '{history}' --delay 0.05 --lang fr" in line
    saved = next(
        p for p in (saves / "ascenseur" / "saves").glob("*.json") if ".session." not in p.name
    )
    assert not score_sheet(replay(json.loads(saved.read_text(encoding="utf-8"))))["finished"]

    script = shell_script(
        tmp_path, f"{EXE} play --resume {saved} --lang en --delay 0 --history '{history}'"
    )
    with Tmux(name + "b", script, 100, 30) as tmux:
        for _round in range(2):
            tmux.wait_for("Your bid:")
            tmux.keys("0")
            screen = tmux.wait_for("Your turn: play a card.")
            tmux.keys("Enter")
            screen = tmux.wait_for("Continue" if _round == 0 else "Game over")
            if _round == 0:
                tmux.keys("Enter")
        tmux.keys("q")
    assert score_sheet(replay(json.loads(saved.read_text(encoding="utf-8"))))["finished"]


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_a_game_finished_after_its_history_folder_went_is_kept_in_the_saves(
    tmp_path: Path,
) -> None:
    """--history DIR is made before the first deal; a file put in its place during the game
    (as if the folder had been removed) does not lose the game: it goes to the saves folder,
    and the end screen says so."""
    history = tmp_path / "history"
    data = tmp_path / "data"
    script = shell_script(
        tmp_path,
        f"export XDG_DATA_HOME={data}",
        f"{EXE} play --lang en --seed 3 --delay 0 --level random --rule 'ladder=[1]' "
        f"--history {history}",
    )
    name = f"ascenseur-test-kept-{os.getpid()}"
    with Tmux(name, script, 100, 30) as tmux:
        tmux.wait_for("Your bid:")
        assert history.is_dir()
        shutil.rmtree(history)
        history.write_text("in the way", encoding="utf-8")
        tmux.keys("0")
        tmux.wait_for("Your turn: play a card.")
        tmux.keys("Enter")
        tmux.wait_for("Game over")
        tmux.wait_for("Not in the history: saved to")
        tmux.keys("q")
    saves = data / "ascenseur" / "saves"
    records = [p for p in saves.glob("*.json") if not p.name.endswith(".session.json")]
    assert len(records) == 1
    assert score_sheet(replay(json.loads(records[0].read_text(encoding="utf-8"))))["finished"]
    assert history.read_text(encoding="utf-8") == "in the way"


def test_an_unknown_level_is_refused_on_resume_too(tmp_path: Path) -> None:
    from ascenseur import preset
    from ascenseur.services.session import GameSession

    session = GameSession.new(preset("prime").override({"ladder": [2]}), ["A", "B", "C"], seed=1)
    saved = session.save(tmp_path / "x.json")
    code, output = invoke("--resume", str(saved), "--level", "master")
    assert code == 2 and "unknown level 'master'" in output


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_a_new_game_after_a_resumed_one_opens_on_its_table(tmp_path: Path) -> None:
    """``play --resume``: at the end, "new game" opens the setup screen on the saved game's
    preset, changed options and names, not on the defaults."""
    from ascenseur import preset
    from ascenseur.services.session import GameSession

    rules = preset("prime").override({"ladder": [1], "void_rule": "must-trump"})
    session = GameSession.new(rules, ["Ann", "Bob", "Cid"], levels="random", seed=4)
    saved = session.save(tmp_path / "saved.json")
    script = shell_script(
        tmp_path,
        f"{EXE} play --resume {saved} --lang en --delay 0 --history {tmp_path / 'history'}",
    )
    with Tmux(f"ascenseur-test-again-{os.getpid()}", script, 100, 30) as tmux:
        tmux.wait_for("Your bid:")
        tmux.keys("0")
        tmux.wait_for("Your turn: play a card.")
        tmux.keys("Enter")
        tmux.wait_for("Game over")
        tmux.keys("n")
        screen = tmux.wait_for("New game")
        assert "prime" in screen
        assert "ladder=[1]; void_rule=must-trump" in screen
        assert "Ann, Bob, Cid" in screen
        tmux.keys("Escape")


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_a_failure_inside_the_terminal_game_ends_with_status_1(tmp_path: Path) -> None:
    """Textual prints an unexpected failure and ends; the command must then end with the
    status of a failure (1, README "Exit status"), not the 0 of a game played. The failure
    is put into Textual's footer, which every screen of the game draws."""
    program = tmp_path / "failing.py"
    program.write_text(
        "import sys\n"
        "from textual.widgets import Footer\n"
        "def failing(self):\n"
        "    raise RuntimeError('a failure put into the footer')\n"
        "Footer.compose = failing\n"
        "from ascenseur.interfaces.cli import main\n"
        "sys.argv = ['ascenseur', *sys.argv[1:]]\n"
        "main()\n",
        encoding="utf-8",
    )
    script = shell_script(
        tmp_path,
        f"export XDG_DATA_HOME={tmp_path / 'data'}",
        f"{sys.executable} {program} play --lang en --seed 3 --delay 0 --rule 'ladder=[1]'",
        "echo status=$?",
    )
    with Tmux(f"ascenseur-test-fails-{os.getpid()}", script, 100, 30) as tmux:
        screen = tmux.wait_for("status=")
    assert "a failure put into the footer" in screen
    assert "status=1" in screen


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_the_level_played_instead_of_a_lost_one_is_named_in_the_game_language(
    tmp_path: Path,
) -> None:
    """A saved game whose settings name a level that does not exist here is played at the
    medium level; on leaving, the command says so in the game's language, as the screen
    did ("au niveau moyen", not "au niveau medium")."""
    from ascenseur import preset
    from ascenseur.services.session import GameSession, sidecar_path

    session = GameSession.new(
        preset("prime").override({"ladder": [2]}), ["A", "B", "C"], levels="random", seed=1
    )
    saved = session.save(tmp_path / "game.json")
    side = sidecar_path(saved)
    settings = json.loads(side.read_text(encoding="utf-8"))
    settings["seats"][1]["level"] = "hardest"  # no such level
    side.write_text(json.dumps(settings), encoding="utf-8")
    script = shell_script(
        tmp_path,
        f"export XDG_DATA_HOME={tmp_path / 'data'}",
        f"{EXE} play --lang fr --delay 0 --resume {saved}",
    )
    with Tmux(f"ascenseur-test-fallback-{os.getpid()}", script, 100, 30) as tmux:
        tmux.wait_for("Votre annonce")
        tmux.keys("C-q")
        screen = tmux.wait_for("(le niveau hardest")
    said = " ".join(screen.split())
    assert "au niveau moyen)" in said, said
    assert "medium" not in said, said


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_a_terminal_that_cannot_show_the_suits_is_told_so_before_the_game(
    tmp_path: Path,
) -> None:
    """In a terminal whose encoding has no ♠♥♦♣ (Latin-1 here), Textual would draw each
    suit as ``\\u2660`` and the table's columns would no longer line up: the command says
    why it does not start, and how to play, with status 1."""
    script = shell_script(
        tmp_path,
        f"export XDG_DATA_HOME={tmp_path / 'data'} PYTHONIOENCODING=latin-1",
        f"{EXE} play --lang fr --seed 3 --delay 0",
        "echo status=$?",
    )
    with Tmux(f"ascenseur-test-encoding-{os.getpid()}", script, 100, 30) as tmux:
        screen = tmux.wait_for("status=")
    said = " ".join(screen.split())
    # (the message itself is written in Latin-1, here to a UTF-8 terminal: its ASCII parts)
    assert "L'encodage du terminal (iso8859-1) ne peut pas afficher les symboles" in said, said
    assert "LANG=C.UTF-8" in said and "status=1" in said, said
    assert "\\u2660" not in said, said


def screen_with(tmux: Tmux, wanted: Callable[[str], bool], timeout: float = 60.0) -> str:
    """The screen with its attributes (``capture-pane -e``) once one of its lines is
    ``wanted`` (the hand and the bids are drawn again after the line above them)."""
    end = time.monotonic() + timeout
    while True:
        screen = subprocess.run(
            [*tmux.tmux, "capture-pane", "-p", "-e", "-t", tmux.name],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        if any(wanted(line) for line in screen.splitlines()) or time.monotonic() > end:
            return screen
        time.sleep(0.1)


CARD_PATTERN = r"(?:10|[2-9JQKA])[♠♥♦♣]"


def drawn(line: str, pattern: str = CARD_PATTERN) -> dict[str, tuple[bool, str]]:
    """Each text of ``pattern`` (a card) in a line captured with its attributes
    (``capture-pane -e``), as (bold, colour of its text) where its first character is
    drawn; but for a text drawn in reverse (the card the arrows are on)."""
    bold, colour, reverse = False, "", False
    cards: dict[str, tuple[bool, str]] = {}
    for code, text in re.findall(r"\x1b\[([0-9;]*)m|([^\x1b]+)", line):
        if text:
            for card in re.findall(pattern, text) if not reverse else []:
                cards.setdefault(card, (bold, colour))
            continue
        parts = code.split(";") if code else ["0"]
        while parts:
            part = parts.pop(0)
            if part == "0":
                bold, colour, reverse = False, "", False
            elif part in ("7", "27"):
                reverse = part == "7"
            elif part == "1":
                bold = True
            elif part == "22":
                bold = False
            elif part == "39":
                colour = ""
            elif part in ("38", "48"):
                value = parts[:2] if parts[0] == "5" else parts[:4]
                del parts[: len(value)]
                if part == "38":
                    colour = ";".join(value)
            elif part.isdigit() and (30 <= int(part) <= 37 or 90 <= int(part) <= 97):
                colour = part
    return cards


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_without_colour_the_playable_cards_are_told_by_their_look_not_by_their_suit(
    tmp_path: Path,
) -> None:
    """NO_COLOR: Textual draws each colour as a grey of its brightness, and the red of ♥
    and ♦ came out a grey darker than the dimmed cards (a playable K♥ looked less playable
    than an unplayable 2♠), some players' names near the background. Without colour, a
    card's look says whether it is playable, whatever its suit, and no name is dimmer than
    a dimmed card."""
    script = shell_script(
        tmp_path,
        f"export XDG_DATA_HOME={tmp_path / 'data'} NO_COLOR=1 TERM=xterm-256color",
        "unset COLORTERM",
        f"{EXE} play --lang en --seed 3 --delay 0 --rule 'ladder=[5]'",
    )
    with Tmux(f"ascenseur-test-no-color-{os.getpid()}", script, 100, 30) as tmux:
        tmux.wait_for("Your bid:")
        tmux.keys("1")
        tmux.wait_for("Your turn: play a card.")
        tmux.keys("Enter")  # the first card: Player 3 takes the trick and leads 6♥
        tmux.wait_for("took the last trick")
        screen = screen_with(tmux, lambda line: "K♥" in line and "2♠" in line and "Q♠" not in line)
    hand = next(line for line in screen.splitlines() if "K♥" in line and "2♠" in line)
    cards = drawn(hand)
    assert cards["4♥"][0] and not cards["2♠"][0], cards  # hearts led: 4♥ playable, 2♠ not
    playable = {colour for bold, colour in cards.values() if bold}
    unplayable = {colour for bold, colour in cards.values() if not bold}
    assert len(playable) == 1 and len(unplayable) == 1, cards
    assert playable != unplayable, cards
    names: dict[str, tuple[bool, str]] = {}
    for line in screen.splitlines():
        names |= drawn(line, r"Player \d")
    # (greys of the 256 colours: 232, the darkest, to 255)
    dimmed = int(unplayable.pop().removeprefix("5;"))
    assert len(names) == 4, names
    assert all(int(colour.removeprefix("5;")) > dimmed for _bold, colour in names.values()), names


def grey_level(code: str) -> int:
    """The level (0 to 255) of a grey of the 256 colours, ``5;N`` (232 to 255)."""
    index = int(code.removeprefix("5;"))
    assert 232 <= index <= 255, code
    return 8 + 10 * (index - 232)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_without_colour_the_bid_the_arrows_are_on_can_be_read(tmp_path: Path) -> None:
    """The card or bid the arrows are on is drawn in reverse: its text in the colour of
    its background, its block in that of its text. The background was the accent, which
    NO_COLOR makes a light grey, under a text of a lighter grey: a digit nearly the
    colour of its block. It reads, dark on light."""
    script = shell_script(
        tmp_path,
        f"export XDG_DATA_HOME={tmp_path / 'data'} NO_COLOR=1 TERM=xterm-256color",
        "unset COLORTERM",
        f"{EXE} play --lang en --seed 3 --delay 0 --rule 'ladder=[5]'",
    )
    with Tmux(f"ascenseur-test-focus-{os.getpid()}", script, 100, 30) as tmux:
        tmux.wait_for("Your bid:")
        screen = screen_with(tmux, lambda line: "Your bid:" in line and "\x1b[1;7m" in line)
    line = next(line for line in screen.splitlines() if "Your bid:" in line)
    # the reversed bid: the last background set before it, and its own text colour
    found = re.search(r"48;5;(\d+)m[^\x1b]*\x1b\[1;7m\x1b\[38;5;(\d+)m 0 ", line)
    assert found is not None, line
    block, text = (grey_level(f"5;{n}") for n in (found[2], found[1]))  # (reversed)
    assert block - text >= 100, (block, text)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_in_sixteen_colours_red_cards_are_red_on_the_table_too(tmp_path: Path) -> None:
    """A terminal of 16 colours (TERM=xterm): Textual drew the named colours in shades of
    its own, rounded to the terminal's, so a ♥ on a seat was magenta (Player 2's colour;
    the hand's were red) and the yellow ▶ red. Each is in the terminal's own colour."""
    script = shell_script(
        tmp_path,
        f"export XDG_DATA_HOME={tmp_path / 'data'} TERM=xterm",
        "unset COLORTERM NO_COLOR",
        f"{EXE} play --lang en --seed 3 --delay 0 --rule 'ladder=[5]'",
    )
    with Tmux(f"ascenseur-test-sixteen-{os.getpid()}", script, 100, 30) as tmux:
        tmux.wait_for("Your bid:")
        tmux.keys("1")
        tmux.wait_for("Your turn: play a card.")
        tmux.keys("Enter")  # Player 3 takes the trick and leads 6♥; Player 4 plays Q♥
        tmux.wait_for("took the last trick")
        screen = screen_with(tmux, lambda line: "K♥" in line and "2♠" in line and "Q♠" not in line)
    lines = screen.splitlines()
    hand = drawn(next(line for line in lines if "K♥" in line and "2♠" in line))
    seat = drawn(next(line for line in lines if "medium" in line and "♥" in line))
    red = {"31", "91"}
    hearts = [colour for card, (_bold, colour) in hand.items() if card[-1] in "♥♦"]
    assert hearts and all(colour in red for colour in hearts), hand
    assert all(colour in red for card, (_bold, colour) in seat.items() if card[-1] in "♥♦"), seat
    turn = drawn(next(line for line in lines if "(you)" in line), r"▶")
    assert turn["▶"][1] in {"33", "93"}, turn


def contrast_of(line: str, text: str) -> float:
    """The contrast ratio (WCAG's: 1 to 21) of where ``text`` is drawn in a line captured
    with its attributes in 24-bit colours: its colour against its background."""
    colour = background = (0, 0, 0)
    for code, shown in re.findall(r"\x1b\[([0-9;]*)m|([^\x1b]+)", line):
        if shown:
            if text in shown:
                break
            continue
        parts = code.split(";")
        for at, part in enumerate(parts):
            if part in ("38", "48") and parts[at + 1 : at + 2] == ["2"]:
                rgb = (int(parts[at + 2]), int(parts[at + 3]), int(parts[at + 4]))
                if part == "38":
                    colour = rgb
                else:
                    background = rgb
    else:
        raise AssertionError(f"{text!r} is not in {line!r}")

    return contrast(colour, background)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_the_hint_can_be_read_on_the_light_theme(tmp_path: Path) -> None:
    """Textual's light theme (TEXTUAL_THEME=textual-light): the hint's line was drawn in
    #00ffff on light grey (a contrast of 1.05: nothing to read)."""
    script = shell_script(
        tmp_path,
        f"export XDG_DATA_HOME={tmp_path / 'data'} TEXTUAL_THEME=textual-light",
        "export TERM=xterm-256color COLORTERM=truecolor",
        "unset NO_COLOR",
        f"{EXE} play --lang en --seed 3 --delay 0 --rule 'ladder=[5]'",
    )
    with Tmux(f"ascenseur-test-light-{os.getpid()}", script, 100, 30) as tmux:
        tmux.wait_for("Your bid:")
        tmux.keys("h")
        screen = screen_with(tmux, lambda line: "Hint:" in line)
    line = next(line for line in screen.splitlines() if "Hint:" in line)
    assert contrast_of(line, "Hint:") >= 3, line


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_the_red_card_the_arrows_are_on_can_be_read_on_the_light_theme(tmp_path: Path) -> None:
    """Textual's light theme: the card the arrows are on, drawn in reverse, was the
    accent's orange on the red of its suit (a contrast of 1.9). Dark on red."""
    script = shell_script(
        tmp_path,
        f"export XDG_DATA_HOME={tmp_path / 'data'} TEXTUAL_THEME=textual-light",
        "export TERM=xterm-256color COLORTERM=truecolor",
        "unset NO_COLOR",
        f"{EXE} play --lang en --seed 3 --delay 0 --rule 'ladder=[5]'",
    )
    with Tmux(f"ascenseur-test-light-focus-{os.getpid()}", script, 100, 30) as tmux:
        tmux.wait_for("Your bid:")
        tmux.keys("1")
        tmux.wait_for("Your turn: play a card.")
        tmux.keys("Enter")  # Player 3 leads 6♥: the arrows go to K♥, the first playable card
        screen = screen_with(
            tmux,
            lambda line: "K♥" in line and "Q♠" not in line and "\x1b[1;7m" in line,
        )
    line = next(line for line in screen.splitlines() if "K♥" in line and "Q♠" not in line)
    assert "\x1b[1;7m\x1b[38;2;255;0;0mK♥" in line, line  # reversed, as the arrows' card
    assert contrast_of(line, "K♥") >= 3, line
