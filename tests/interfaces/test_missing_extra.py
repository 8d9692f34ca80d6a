"""Without the openspiel extra, ``ismcts`` is refused in one sentence, the same from the
library, ``simulate`` and ``tournament``, in the language of the command line.

The extra is installed for the tests, so each case runs in a Python where importing OpenSpiel
fails as it does where the extra is missing (``sys.modules["pyspiel"] = None``).
"""

from __future__ import annotations

import subprocess
import sys

import pytest

WITHOUT_OPENSPIEL = "import sys; sys.modules['pyspiel'] = None; "


def python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", WITHOUT_OPENSPIEL + code],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_library_says_which_extra_to_install() -> None:
    done = python(
        "from ascenseur.bots import MissingExtraError, make_bot\n"
        "try:\n    make_bot('ismcts', 1)\n"
        "except MissingExtraError as e:\n    print(type(e).__mro__[1].__name__, e)"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        "ImportError ismcts needs the openspiel extra: pip install 'ascenseur[openspiel]'\n"
    )


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "--bots: ismcts needs the openspiel extra: pip install 'ascenseur[openspiel]'"),
        ("fr", "--bots : ismcts demande l'extra openspiel : pip install 'ascenseur[openspiel]'"),
    ],
)
@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "--players", "3", "--bots", "ismcts,rules,rules"],
        ["tournament", "--players", "3", "--bots", "ismcts,rules,rules", "--games", "3"],
    ],
)
def test_the_commands_refuse_it_in_one_line(command: list[str], lang: str, said: str) -> None:
    args = ["--lang", lang, *command, "--rules-file", "examples/openspiel-3x5.toml"]
    done = python(
        f"from ascenseur.interfaces.cli import main; sys.argv = ['ascenseur', *{args!r}]; main()"
    )
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr == said + "\n"
