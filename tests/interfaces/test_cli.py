"""The ``ascenseur`` command run for real: the installed console script and ``python -m``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ascenseur.core.record import EXAMPLE_RECORD
from ascenseur.interfaces.cli import get_app

SCRIPT = Path(sys.executable).parent / "ascenseur"


def command(
    *args: str, stdin: str | None = None, hash_seed: str = "0"
) -> subprocess.CompletedProcess[str]:
    """Run the console script (``python -m ascenseur`` if the script is not installed)."""
    program = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "ascenseur"]
    env = {**os.environ, "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "PYTHONHASHSEED": hash_seed}
    env.pop("LANGUAGE", None)
    return subprocess.run(
        [*program, *args], input=stdin, capture_output=True, text=True, env=env, timeout=60
    )


def test_python_dash_m_lists_the_presets() -> None:
    env = {**os.environ, "LC_ALL": "C.UTF-8"}
    done = subprocess.run(
        [sys.executable, "-m", "ascenseur", "--lang", "en", "rules"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert [line.split()[0] for line in done.stdout.splitlines()] == [
        "classique",
        "prime",
        "ascensor",
        "enculette",
    ]


def test_same_seed_same_bytes_across_processes(tmp_path: Path) -> None:
    """Nothing in a game depends on the process (hash seeds, dict order, the clock)."""
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    for path, hash_seed in ((first, "1"), (second, "2")):
        done = command(
            "simulate", "--rules", "prime", "--players", "5", "--seed", "7", "--out", str(path),
            hash_seed=hash_seed,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
    assert first.read_bytes() == second.read_bytes()
    replayed = command("replay", str(first))
    assert replayed.returncode == 0, replayed.stderr
    assert "Winners: " in replayed.stdout.splitlines()[-1]


def test_replay_from_a_pipe_prints_record_md_json() -> None:
    done = command("replay", "-", "--json", stdin=json.dumps(EXAMPLE_RECORD))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["winners"] == ["Martine"]


def test_a_refused_record_is_one_line_on_stderr_and_nothing_else(tmp_path: Path) -> None:
    record = json.loads(json.dumps(EXAMPLE_RECORD))
    record["rounds"][0]["tricks"][0][1] = "KS"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = command("replay", str(path))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "round 1, trick 1: Paul does not hold KS\n"


def test_an_impossible_rule_is_refused_with_its_name() -> None:
    done = command("rules", "classique", "--rule", "bidding=simultaneous")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("bidding: simultaneous bidding needs bid_limit none")
    assert len(done.stderr.splitlines()) == 1


@pytest.mark.parametrize(
    ("args", "blamed"),
    [
        (["rules", "prime", "--players", "9"], "--players"),
        (["play", "--rules", "prime", "--players", "9"], "--players"),
        (["simulate", "--rules", "prime", "--players", "9"], "--players"),
        (["simulate", "--rules", "prime", "--names", "Ann,Bob"], "--names"),
        (["simulate", "--rules", "prime", "--bots", "rules,random"], "--bots"),
        (["tournament", "--rules", "prime", "--bots", "rules,random"], "--bots"),
        (["tournament", "--rules", "prime", "--players", "2", "--bots", "rules"], "--bots"),
        (
            ["tournament", "--rules", "prime", "--players", "9", "--bots", ",".join(["rules"] * 9)],
            "--players",
        ),
    ],
)
def test_a_table_the_rules_refuse_blames_the_option_that_set_its_size(
    args: list[str], blamed: str
) -> None:
    """The size of the table comes from --players, or from the names or bots given one per
    seat: the refusal names the option the player wrote, not the rules' word "players"."""
    done = CliRunner().invoke(get_app(), ["--lang", "en", *args])
    assert done.exit_code == 2
    assert done.stderr.startswith(f"{blamed}: "), done.stderr
    assert done.stderr.count("\n") == 1


#: What ``--rule foo=3`` is told, for any option the rules do not have.
NO_SUCH_OPTION = (
    "no such option; the options are: direction, deck, decks, strip_to_multiple, "
    "duplicate_cards, ladder, max_cards, peak_no_trump_rounds, trump, bidding, bid_limit, "
    "void_rule, blind_single_card, scoring"
)


@pytest.mark.parametrize(
    "args",
    [
        ["rules", "--rule", "players=3"],
        ["rules", "prime", "--players", "4", "--rule", "players=3"],
        ["simulate", "--names", "a,b,c", "--rule", "players=3"],
        ["simulate", "--bots", "random,random,random", "--rule", "players=3"],
        ["tournament", "--rule", "players=3"],
        ["play", "--rule", "players=3"],
        ["play", "--setup", "--names", "a,b,c", "--rule", "players=3"],
    ],
)
def test_an_option_named_players_is_refused_as_unknown_under_its_own_name(
    args: list[str],
) -> None:
    """``players`` is no option of the rules: ``--rule players=3`` is refused as ``--rule
    foo=3`` is, not blamed on --players, --names or --bots as a table of the wrong size."""
    done = CliRunner().invoke(get_app(), ["--lang", "en", *args])
    assert (done.exit_code, done.stdout) == (2, "")
    assert done.stderr == f"players: {NO_SUCH_OPTION}\n"


@pytest.mark.parametrize("command_line", [["rules"], ["simulate", "--names", "a,b,c"]])
def test_an_option_named_players_in_a_rules_file_names_the_file(
    tmp_path: Path, command_line: list[str]
) -> None:
    rules_file = tmp_path / "pl.toml"
    rules_file.write_text("players = 3\n", encoding="utf-8")
    args = ["--lang", "en", *command_line, "--rules-file", str(rules_file)]
    done = CliRunner().invoke(get_app(), args)
    assert (done.exit_code, done.stdout) == (2, "")
    assert done.stderr == f"players: {NO_SUCH_OPTION} (in {rules_file})\n"


@pytest.mark.parametrize("name", ["rules", "simulate", "replay"])
def test_each_command_has_help(name: str) -> None:
    result = CliRunner().invoke(get_app(), [name, "--help"])
    assert result.exit_code == 0
    assert "Usage" in result.stdout


def test_unknown_language_is_a_usage_error() -> None:
    result = CliRunner().invoke(get_app(), ["--lang", "de", "rules"])
    assert result.exit_code == 2
    assert "--lang" in result.stderr


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_every_language_runs_the_commands_and_writes_the_same_record(
    lang: str, tmp_path: Path
) -> None:
    """Only the messages change with the language: the record is the same."""
    records = []
    for language in ("en", lang):
        out = tmp_path / f"{language}.json"
        done = command(
            "--lang", language, "simulate", "--seed", "3", "--names", "Ann,Bob,Cat",
            "--rule", "ladder=[2,3]", "--out", str(out),
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        records.append(out.read_bytes())
        shown = command("--lang", language, "replay", str(out))
        assert shown.returncode == 0, shown.stderr
        assert "Ann" in shown.stdout
    assert records[0] == records[1]


def run_writing_to(
    output: int, lang: str, args: list[str], tmp_path: Path
) -> subprocess.CompletedProcess[str]:
    """The installed command with its standard output on ``output`` (a descriptor), and
    ``RECORD`` in ``args`` standing for a copy of RECORD.md's example."""
    record = tmp_path / "record.json"
    record.write_text(json.dumps(EXAMPLE_RECORD), encoding="utf-8")
    args = [str(record) if arg == "RECORD" else arg for arg in args]
    program = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "ascenseur"]
    return subprocess.run(
        [*program, "--lang", lang, *args],
        stdout=output,
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    "args",
    [
        ["rules", "classique"],  # plain echo
        ["replay", "RECORD"],  # a Rich table
        ["--help"],  # the parser's help page
        ["replay", "RECORD", "--json"],
    ],
)
def test_output_closed_early_ends_as_unix_commands_do_not_as_a_bug(
    args: list[str], tmp_path: Path
) -> None:
    """``ascenseur replay FILE | head -1``: the reader is gone before the output is written;
    the command ends quietly with 141 (128 + SIGPIPE), not with 1, our status for a bug."""
    reader, writer = os.pipe()
    os.close(reader)  # nobody will read: the first write fails
    try:
        done = run_writing_to(writer, "en", args, tmp_path)
    finally:
        os.close(writer)
    assert done.returncode == 141
    assert done.stderr == ""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize(
    "args",
    [
        ["rules", "classique"],  # plain echo
        ["replay", "RECORD"],  # a Rich table
        ["replay", "RECORD", "--json"],
        ["simulate", "--seed", "1", "--rule", "ladder=[1]"],
    ],
)
def test_output_that_cannot_be_written_is_said_in_one_line(args: list[str], tmp_path: Path) -> None:
    """``ascenseur replay FILE > /dev/full``: a full disk is no bug of ours; one line says
    it, in the game's language, and no traceback."""
    with open("/dev/full", "w") as full:
        done = run_writing_to(full.fileno(), "fr", args, tmp_path)
    assert done.returncode == 1
    assert done.stderr == "impossible d'écrire la sortie : plus de place sur le disque\n"


def test_a_command_started_with_its_output_closed_says_so() -> None:
    """``ascenseur rules >&-``: Python has no standard output at all; the parser would
    drop every line without a word and end with 0."""
    program = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "ascenseur"]
    done = subprocess.run(
        [*program, "--lang", "es", "rules"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
        preexec_fn=lambda: os.close(1),
    )
    assert done.returncode == 1
    assert done.stderr == "no se puede escribir la salida: la salida estándar está cerrada\n"


def test_replay_of_standard_input_started_with_it_closed_says_so() -> None:
    """``ascenseur replay - <&-``: Python has no standard input at all (it was a
    traceback)."""
    program = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "ascenseur"]
    done = subprocess.run(
        [*program, "--lang", "en", "replay", "-"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=lambda: os.close(0),
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "- cannot be read: standard input is closed\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "--out", ""], "Invalid value for '--out': the name is empty"),
        (["simulate", "--out", "new/"], "Invalid value for '--out': the folder new/ does not"),
        (["simulate", "--out", "a.json/"], "Invalid value for '--out': a.json/ is a file, not a"),
        (["tournament", "--records", ""], "Invalid value for '--records': the name is empty"),
        (["rules", "--rules-file", ""], "Invalid value for '--rules-file': the name is empty"),
        (["play", "--resume", ""], "Invalid value for '--resume': the name is empty"),
        (["play", "--history", ""], "Invalid value for '--history': the name is empty"),
    ],
)
def test_an_empty_path_or_a_file_named_as_a_folder_is_refused(
    args: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An empty name would be the current folder (records written where the command runs);
    a slash after a name says a folder, which must then be one."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.json").write_text("{}", encoding="utf-8")
    result = CliRunner().invoke(get_app(), ["--lang", "en", *args])
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.stderr.replace("│", " ").split())
    assert sorted(path.name for path in tmp_path.iterdir()) == ["a.json"]  # nothing written


@pytest.mark.parametrize("name", ["simulate", "tournament"])
def test_an_unknown_bot_is_refused_in_the_same_words_by_both_commands(name: str) -> None:
    for lang, words in (("en", "is not a bot; choose among"), ("fr", "n'est pas un robot")):
        result = CliRunner().invoke(
            get_app(), ["--lang", lang, name, "--players", "3", "--bots", "rules,foo,rules"]
        )
        assert result.exit_code == 2
        assert f"foo {words}" in result.output and "--bots" in result.output


@pytest.mark.parametrize("name", ["simulate", "tournament"])
def test_an_empty_bot_between_commas_is_refused_in_the_same_words_by_both_commands(
    name: str,
) -> None:
    result = CliRunner().invoke(
        get_app(), ["--lang", "en", name, "--players", "3", "--bots", "random,,rules"]
    )
    assert result.exit_code == 2
    assert result.stderr == "--bots: bot 2 of 3 is not given; give one bot per seat\n"
    nothing = CliRunner().invoke(get_app(), ["--lang", "en", name, "--bots", " "])
    assert nothing.exit_code == 2
    assert nothing.stderr == "--bots: no bot given\n"


@pytest.mark.parametrize("name", ["simulate", "tournament"])
def test_more_games_than_can_be_counted_exactly_are_refused(name: str) -> None:
    result = CliRunner().invoke(get_app(), ["--lang", "en", name, "--games", str(10**20)])
    assert result.exit_code == 2
    assert "at most 1000000000" in result.output


#: A game of one card against one level: the shortest ``play`` there is.
ONE_CARD = ("--rule", "ladder=[1]", "--level", "easy", "--delay", "0", "--seed", "45")


@pytest.mark.parametrize(
    ("lang", "where", "reason"),
    [
        ("en", "bad.json", "a file of that name is already there"),
        ("en", "bad.json/history", "a part of the path is not a folder"),
        ("fr", "bad.json", "un fichier de ce nom existe déjà"),
        ("es", "bad.json/history", "una parte de la ruta no es una carpeta"),
    ],
)
def test_play_refuses_a_history_it_cannot_write_before_the_first_deal(
    lang: str, where: str, reason: str, tmp_path: Path
) -> None:
    """A finished game would have nowhere to go: refused in one line, as tournament
    --records is, before the game starts (it used to start, and lose the game at the end)."""
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    history = tmp_path / where
    done = command("play", "--lang", lang, *ONE_CARD, "--history", str(history))
    assert (done.returncode, done.stdout) == (2, "")
    words = {
        "en": "--history: cannot make the folder {dir}: {reason}\n",
        "fr": "--history : impossible de créer le dossier {dir} : {reason}\n",
        "es": "--history: no se puede crear la carpeta {dir}: {reason}\n",
    }
    assert done.stderr == words[lang].format(dir=history, reason=reason)
    assert bad.read_text(encoding="utf-8") == "{}"


@pytest.mark.parametrize("start", ["--setup", "--resume"])
def test_play_refuses_a_history_it_cannot_write_whatever_it_starts_with(
    start: str, tmp_path: Path
) -> None:
    from ascenseur import preset
    from ascenseur.services.session import GameSession

    saved = tmp_path / "saved.json"
    GameSession.new(preset("classique").override({"ladder": [1]}), ["A", "B", "C"]).save(saved)
    args = ["--setup"] if start == "--setup" else ["--resume", str(saved)]
    done = command("--lang", "en", "play", *args, "--history", "/proc/nope")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("--history: cannot make the folder /proc/nope: ")
    assert done.stderr.count("\n") == 1


def test_play_refuses_a_history_folder_that_takes_no_file() -> None:
    """A folder that is there but takes no file (``/proc``: even root writes nothing there)
    is said apart from one that cannot be made."""
    done = command("--lang", "en", "play", *ONE_CARD, "--history", "/proc")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("--history: cannot write into /proc: "), done.stderr
    assert done.stderr.count("\n") == 1


def test_the_version_is_the_package_s_and_said_in_any_language() -> None:
    from importlib.metadata import version

    import ascenseur

    for args in (["--version"], ["--lang", "fr", "--version"], ["--version", "play"]):
        done = command(*args)
        assert (done.returncode, done.stdout, done.stderr) == (
            0,
            f"ascenseur {ascenseur.__version__}\n",
            "",
        )
    assert ascenseur.__version__ == version("ascenseur")
    helped = command("--lang", "fr", "--help")
    assert "Afficher la version et quitter." in helped.stdout
