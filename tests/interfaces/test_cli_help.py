"""``--help`` speaks the language of ``--lang``, else of the system locale (``LANG``)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.core import TyperGroup
from typer.testing import CliRunner

from ascenseur.i18n import language
from ascenseur.interfaces.cli import command_of_arguments, get_app, language_of_arguments

SCRIPT = Path(sys.executable).parent / "ascenseur"
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")

#: A sentence of each help page in each language: the command's own text and an option's.
PHRASES = {
    ("en", "main"): [
        "play, simulate, replay and study the game.",
        "Language of the messages (default: the system's).",
        "Play a game in the terminal against computer players.",
    ],
    ("fr", "main"): [
        "jouer, simuler, rejouer et étudier le jeu.",
        "Langue des messages (par défaut : celle du système).",
        "Jouer une partie dans le terminal contre l'ordinateur.",
    ],
    ("es", "main"): [
        "jugar, simular, reproducir y estudiar el juego.",
        "Idioma de los mensajes (por defecto, el del sistema).",
        "Jugar una partida en el terminal contra el ordenador.",
    ],
    ("en", "play"): [
        "Play a game in the terminal against computer players.",
        "Your seat, counting from 1 (default 1).",
    ],
    ("fr", "play"): [
        "Jouer une partie dans le terminal contre l'ordinateur.",
        "Votre place, en comptant à partir de 1 (1 par défaut).",
        "Variante de base : classique, prime, ascensor, enculette",
    ],
    ("es", "play"): [
        "Jugar una partida en el terminal contra el ordenador.",
        "Tu asiento, contando desde 1 (1 por defecto).",
        "Variante de base: classique, prime, ascensor, enculette",
    ],
    ("en", "tournament"): [
        "Play bots against each other on duplicate deals and measure them.",
        "Same seed, same results.",
    ],
    ("fr", "tournament"): [
        "Faire jouer des robots les uns contre les autres sur les mêmes donnes",
        "Même graine, mêmes résultats.",
    ],
    ("es", "tournament"): [
        "Enfrentar bots entre sí en repartos duplicados",
        "Misma semilla, mismos resultados.",
    ],
}


def run(*args: str, locale: str = "C.UTF-8") -> subprocess.CompletedProcess[str]:
    """The console script (``python -m ascenseur`` if it is not installed) under ``LANG``
    set to ``locale`` and no other locale variable."""
    program = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "ascenseur"]
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    env.update(LANG=locale, PYTHONUTF8="1", _TYPER_FORCE_DISABLE_TERMINAL="1")
    return subprocess.run(
        [*program, *args], capture_output=True, text=True, encoding="utf-8", env=env, timeout=60
    )


def flat(text: str) -> str:
    """The text of a help page without colours, frames or line breaks: one space between
    words, so that a sentence wrapped over several lines of a panel is found whole."""
    text = re.sub(r"\x1b\[[0-9;]*m", "", text)
    text = re.sub(r"[│╭╮╰╯─]", " ", text)
    return " ".join(text.split())


def page(name: str) -> list[str]:
    return ["--help"] if name == "main" else [name, "--help"]


def assert_speaks(output: str, lang: str, name: str) -> None:
    shown = flat(output)
    for phrase in PHRASES[lang, name]:
        assert phrase in shown, f"{phrase!r} not in the {lang} help of {name}:\n{output}"
    if lang != "en":
        for phrase in PHRASES["en", name]:
            assert phrase not in shown, f"{phrase!r} left in English in the {lang} help"


@pytest.mark.parametrize("name", ["main", "play", "tournament"])
@pytest.mark.parametrize("lang", ["fr", "es", "en"])
def test_help_follows_the_lang_option(lang: str, name: str) -> None:
    done = run("--lang", lang, *page(name))
    assert done.returncode == 0, done.stderr
    assert_speaks(done.stdout, lang, name)


@pytest.mark.parametrize(
    ("locale", "lang"), [("fr_FR.UTF-8", "fr"), ("es_ES.UTF-8", "es"), ("de_DE.UTF-8", "en")]
)
@pytest.mark.parametrize("name", ["main", "play", "tournament"])
def test_help_follows_the_lang_environment_variable(locale: str, lang: str, name: str) -> None:
    done = run(*page(name), locale=locale)
    assert done.returncode == 0, done.stderr
    assert_speaks(done.stdout, lang, name)


def test_the_lang_option_wins_over_the_environment() -> None:
    done = run("--lang=es", "play", "--help", locale="fr_FR.UTF-8")
    assert done.returncode == 0, done.stderr
    assert_speaks(done.stdout, "es", "play")
    done = run("--lang", "en", "--help", locale="fr_FR.UTF-8")
    assert_speaks(done.stdout, "en", "main")


def test_the_language_of_the_game_also_sets_the_help_of_play() -> None:
    done = run("play", "--lang", "fr", "--help")
    assert done.returncode == 0, done.stderr
    assert_speaks(done.stdout, "fr", "play")


@pytest.mark.parametrize("args", [["--lang", "de", "rules"], ["--lang=de", "play", "--help"]])
def test_an_unknown_language_is_still_refused_clearly(args: list[str]) -> None:
    done = run(*args, locale="fr_FR.UTF-8")
    assert (done.returncode, done.stdout) == (2, "")
    # The system speaks French, so the refusal does too.
    expected = "Valeur non valable pour '--lang' : 'de' n'est pas l'une des langues en, fr, es"
    assert expected in flat(done.stderr)


def test_command_of_arguments() -> None:
    assert command_of_arguments(["--lang", "fr", "play", "--seed", "3"]) == "play"
    assert command_of_arguments(["--lang=es", "rules"]) == "rules"
    assert command_of_arguments(["--help"]) is None


def test_language_of_arguments() -> None:
    assert language_of_arguments(["--lang", "fr", "--help"]) == "fr"
    assert language_of_arguments(["--lang=es", "play", "--help"]) == "es"
    assert language_of_arguments(["--lang", "fr", "play", "--lang", "es"]) == "es"
    assert language_of_arguments(["--lang", "de", "rules"]) is None
    assert language_of_arguments(["--lang"]) is None
    assert language_of_arguments(["replay", "--", "--lang", "fr"]) is None
    assert language_of_arguments(["rules", "--help"]) is None
    # rules takes no --lang of its own: the parser refuses it, in the language in force
    assert language_of_arguments(["rules", "--lang", "fr"]) is None
    assert language_of_arguments(["--lang", "fr", "rules", "--lang=es"]) == "fr"
    assert language_of_arguments(["--lang", "fr", "replay", "play", "--lang", "es"]) == "fr"


def help_texts(command: TyperGroup) -> dict[str, str]:
    """Every help text of the built command: its own, its commands', their parameters'."""
    texts = {}
    for name, sub in {"": command, **command.commands}.items():
        texts[name] = sub.help or ""
        for param in sub.params:
            texts[f"{name} {param.name}"] = getattr(param, "help", None) or ""
    return texts


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_every_help_text_is_translated_when_the_command_is_built(lang: str) -> None:
    """Built in another language, no help text is left as in English: a text not marked with
    N_() (so missing from the catalogs) would be."""
    english = help_texts(typer.main.get_command(get_app()))
    with language(lang):
        translated = help_texts(typer.main.get_command(get_app()))
    assert english.keys() == translated.keys()
    assert len(english) > 40
    same = [key for key in english if english[key] and english[key] == translated[key]]
    assert not same, f"help left in English in {lang}: {same}"


def test_the_help_is_built_in_the_language_in_force_not_the_one_at_import() -> None:
    with language("es"):
        spanish = CliRunner().invoke(get_app(), ["tournament", "--help"])
    english = CliRunner().invoke(get_app(), ["tournament", "--help"])
    assert spanish.exit_code == english.exit_code == 0
    assert_speaks(spanish.stdout, "es", "tournament")
    assert_speaks(english.stdout, "en", "tournament")


#: Typer's own words on the pages: the usage line, the --help option, a default, the panels.
FRAME = {
    "en": ["Usage: ascenseur play", "Show this message and exit.", "[default: 0.6]", "Options"],
    "fr": [
        "Utilisation : ascenseur play",
        "Afficher ce message et quitter.",
        "[par défaut : 0.6]",
        "Options",
    ],
    "es": [
        "Uso: ascenseur play",
        "Mostrar este mensaje y salir.",
        "[por defecto: 0.6]",
        "Opciones",
    ],
}
PANELS = {"en": "Commands", "fr": "Commandes", "es": "Comandos"}


@pytest.mark.parametrize("lang", ["fr", "es", "en"])
def test_typers_own_words_on_the_page_are_translated_too(lang: str) -> None:
    done = run("--lang", lang, "play", "--help")
    assert done.returncode == 0, done.stderr
    shown = flat(done.stdout)
    for phrase in FRAME[lang]:
        assert phrase in shown, f"{phrase!r} not in the {lang} help of play:\n{done.stdout}"
    if lang != "en":
        for phrase in FRAME["en"][:3]:
            assert phrase not in shown, f"{phrase!r} left in English in the {lang} help"
    main_page = flat(run("--lang", lang, "--help").stdout)
    assert f" {PANELS[lang]} " in f" {main_page} "
    assert all(f" {PANELS[other]} " not in main_page for other in PANELS if other != lang)


def test_a_usage_error_says_how_to_get_help_in_the_language_in_force() -> None:
    done = run("--lang", "es", "play", "--no-such-option")
    assert done.returncode == 2
    shown = flat(done.stderr)
    assert "Uso: ascenseur play" in shown
    assert "Prueba 'ascenseur play --help' para ver la ayuda." in shown


def test_typers_words_follow_the_language_of_each_build_in_one_process() -> None:
    with language("fr"):
        french = CliRunner().invoke(get_app(), ["--help"])
    english = CliRunner().invoke(get_app(), ["--help"])
    assert "Commandes" in french.stdout and "Utilisation" in french.stdout
    assert "Commands" in english.stdout and "Usage:" in english.stdout
    assert "Commandes" not in english.stdout


#: The parser's own refusals, in English, French and Spanish.
USAGE_ERRORS = [
    (
        ["tournament", "--games", "0"],
        "Invalid value for '--games': it must be at least 1",
        "Valeur non valable pour '--games' : elle doit valoir au moins 1",
        "Valor no válido para '--games': debe valer al menos 1",
    ),
    (
        ["simulate", "--players", "x"],
        "Invalid value for '--players': 'x' is not a whole number",
        "Valeur non valable pour '--players' : 'x' n'est pas un nombre entier",
        "Valor no válido para '--players': 'x' no es un número entero",
    ),
    (
        ["tournament", "--gmes", "3"],
        "No such option: --gmes (Possible options: --games, --rules)",
        "Option inconnue : --gmes (options possibles : --games, --rules)",
        "Opción desconocida: --gmes (opciones posibles: --games, --rules)",
    ),
    (
        ["rules", "--lang", "fr"],
        "No such option: --lang (--lang goes before the command: ascenseur --lang fr rules …)",
        "Option inconnue : --lang (--lang se place avant la commande : "
        "ascenseur --lang fr rules …)",
        "Opción desconocida: --lang (--lang va antes del comando: ascenseur --lang es rules …)",
    ),
    (
        ["replay"],
        "Missing argument 'FILE'.",
        "Argument manquant : 'FILE'.",
        "Falta el argumento 'FILE'.",
    ),
    (
        ["replay", "a.json", "b.json"],
        "Unexpected extra arguments: b.json",
        "Arguments en trop : b.json",
        "Argumentos de más: b.json",
    ),
    (
        ["tournament", "--games"],
        "Option '--games' needs a value.",
        "L'option '--games' demande une valeur.",
        "La opción '--games' necesita un valor.",
    ),
    (
        ["frobnicate"],
        "No such command: 'frobnicate'.",
        "Commande inconnue : 'frobnicate'.",
        "Comando desconocido: 'frobnicate'.",
    ),
    (
        ["plya"],
        "No such command: 'plya'. Did you mean 'play', 'replay'?",
        "Commande inconnue : 'plya'. Vouliez-vous dire 'play', 'replay' ?",
        "Comando desconocido: 'plya'. ¿Querías decir 'play', 'replay'?",
    ),
    (
        [],
        "Missing command.",
        "Commande manquante.",
        "Falta el comando.",
    ),
    (
        ["play", "--delay", "-1"],
        "Invalid value for '--delay': it must be at least 0",
        "Valeur non valable pour '--delay' : elle doit valoir au moins 0",
        "Valor no válido para '--delay': debe valer al menos 0",
    ),
    (
        ["play", "--x\x1b[31m"],
        "No such option: --x\\x1b[31m",
        "Option inconnue : --x\\x1b[31m",
        "Opción desconocida: --x\\x1b[31m",
    ),
]


@pytest.mark.parametrize(
    ("args", "english", "french", "spanish"), USAGE_ERRORS, ids=lambda v: str(v)[:24]
)
def test_the_parsers_own_refusals_speak_the_language_in_force(
    args: list[str], english: str, french: str, spanish: str
) -> None:
    for lang, expected in (("en", english), ("fr", french), ("es", spanish)):
        with language(lang):
            result = CliRunner().invoke(get_app(), ["--lang", lang, *args])
        assert result.exit_code == 2, (lang, result.output)
        shown = flat(result.stderr)
        assert expected in shown, (lang, shown)
        if lang != "en":
            assert english not in shown


def test_a_lang_the_command_does_not_take_leaves_the_refusal_in_one_language() -> None:
    """The usage lines are built before the parser reads --lang: they must take the
    language the parser will use, not a --lang it then refuses."""
    done = run("--lang", "fr", "rules", "--lang", "es")
    assert done.returncode == 2
    shown = flat(done.stderr)
    assert "Utilisation : ascenseur rules" in shown
    assert "Option inconnue : --lang (--lang se place avant la commande" in shown


def test_an_option_without_its_value_is_refused_with_the_usage_line_as_the_others() -> None:
    result = CliRunner().invoke(get_app(), ["--lang", "en", "tournament", "--jobs"])
    assert result.exit_code == 2
    shown = flat(result.stderr)
    assert shown.startswith("Usage: ascenseur tournament [OPTIONS]")
    assert "Try 'ascenseur tournament --help' for help." in shown
    assert "Option '--jobs' needs a value." in shown


def test_a_refusal_of_the_installed_command_is_translated_too() -> None:
    done = run("--lang", "es", "tournament", "--games", "0")
    assert done.returncode == 2
    assert "Valor no válido para '--games': debe valer al menos 1" in flat(done.stderr)


#: What Typer would print beside an option for the Python type it reads (``<int range>``,
#: ``<bool>`` beside a flag as if it took a value).
PYTHON_TYPE = re.compile(r"<(?:bool|int|float|str|path)[^>]*>")


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
@pytest.mark.parametrize("name", ["main", "play", "simulate", "replay", "rules", "tournament"])
def test_help_names_what_an_option_takes_without_python_types(lang: str, name: str) -> None:
    """A flag shows nothing after its name; a number N or X; a text TEXT in the page's
    language; the usage line does not double the brackets of an optional argument."""
    done = run("--lang", lang, *page(name))
    assert done.returncode == 0, done.stderr
    shown = flat(done.stdout)
    assert not PYTHON_TYPE.search(shown), f"a Python type in the {lang} help of {name}: {shown}"
    assert "[[" not in shown
    assert re.search(r"--help (Show|Afficher|Mostrar)", shown), shown
    if name == "tournament":
        assert "--games N [1<=x<=1000000000]" in shown
        assert "--json " + {"en": "Print", "fr": "Afficher", "es": "Mostrar"}[lang] in shown
        assert "--bots KIND,KIND,… " in shown  # as simulate names it


#: The parser's refusals after the command's own ``--lang`` (``play --lang fr --bogus``): in
#: that language, as after ``ascenseur --lang fr play``, whatever the system speaks.
AFTER_THE_COMMANDS_LANG = [
    (["play", "--lang", "fr", "--bogus"], "Option inconnue : --bogus", "No such option"),
    (["play", "--lang=fr", "--bogus"], "Option inconnue : --bogus", "No such option"),
    (
        ["play", "--lang", "fr", "--seat", "0"],
        "Valeur non valable pour '--seat' : elle doit valoir au moins 1",
        "Invalid value",
    ),
    (
        ["play", "--lang", "es", "--rule"],
        "La opción '--rule' necesita un valor.",
        "needs a value",
    ),
    (
        ["play", "--players", "2", "--lang", "es"],
        "Valor no válido para '--players': debe valer al menos 3",
        "Invalid value",
    ),
    # the last --lang wins, as for the game itself
    (["--lang", "fr", "play", "--lang", "es", "--bogus"], "Opción desconocida: --bogus", "Option"),
]


@pytest.mark.parametrize(
    ("args", "expected", "english"),
    AFTER_THE_COMMANDS_LANG,
    ids=[" ".join(a) for a, *_ in AFTER_THE_COMMANDS_LANG],
)
def test_the_parsers_refusals_speak_the_commands_own_lang(
    args: list[str], expected: str, english: str
) -> None:
    result = CliRunner().invoke(get_app(), args)
    assert result.exit_code == 2, result.output
    shown = flat(result.stderr)
    assert expected in shown and english not in shown, shown


def test_a_refusal_after_the_commands_own_lang_is_in_one_language_whole() -> None:
    """The usage line, the frame and the message: all in the language of play's --lang, the
    system's being another."""
    done = run("play", "--lang", "fr", "--bogus", locale="es_ES.UTF-8")
    assert (done.returncode, done.stdout) == (2, "")
    shown = flat(done.stderr)
    assert shown.startswith("Utilisation : ascenseur play [OPTIONS]")
    assert "Essayez 'ascenseur play --help' pour afficher l'aide." in shown
    assert "Erreur" in shown and "Option inconnue : --bogus" in shown


def test_an_unknown_language_after_the_command_is_still_refused_as_before() -> None:
    """An unknown value is no language to speak: the system's stays, and play refuses it
    once the other options are read."""
    done = run("play", "--lang", "de", "--bogus", locale="fr_FR.UTF-8")
    assert done.returncode == 2
    assert "Option inconnue : --bogus" in flat(done.stderr)
    done = run("play", "--lang", "de", locale="fr_FR.UTF-8")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "--lang : 'de' n'est pas l'une des langues en, fr, es\n"
